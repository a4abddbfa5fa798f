"""Defence from the view: who threatens, and how dangerous each tile is against them.

A seat threatens when it has declared (kawuxing 亮倒: its hand is revealed, so its waits are
known), holds three melds or more, or holds two late in the wall. A tile is safe against a seat
that threw it since (genbutsu) or that cannot wait on it; honours with few copies left and the
tiles three away from one it threw (suji) are safer than middle tiles.
"""

from __future__ import annotations

from majiang.analysis import waits
from majiang.game.seat_view import SeatInfo, SeatView
from majiang.rules.base import Ruleset

SURE = 100.0  # a revealed wait
# Where a discard win is paid by the discarder alone (tuidaohu 7.1, yangzhou 7.1 / D19, kawuxing
# 7.1), defence saves the whole payment. In jincheng (7.1: all three pay every win, an undeclared
# feeder double) and wuhan (every loser pays, the discarder x2) it saves only the feeder's extra
# share of a payment made anyway, at the cost of the hand's own chance: no seat is a threat there
# (jincheng, 1000 walls: +0.029 units a hand against efficient without defence, -0.017 with).
FEEDER_ALONE = frozenset({"tuidaohu", "yangzhou", "kawuxing"})


def threats(view: SeatView) -> list[SeatInfo]:
    """The other seats that are, or are likely, ready (none where everyone pays every win)."""
    if view.rules not in FEEDER_ALONE:
        return []
    late = view.wall_left < 24
    return [s for s in view.others
            if s.declared or len(s.melds) >= 3 or (late and len(s.melds) >= 2)]


def revealed_waits(seat: SeatInfo, ruleset: Ruleset) -> set[int]:
    """The waits of a seat whose concealed hand is shown (empty if it is not)."""
    if not seat.revealed:
        return set()
    counts = [0] * 34
    for t in seat.revealed:
        counts[t] += 1
    try:
        return set(waits(counts, shapes=ruleset.shapes))
    except ValueError:
        return set()


def dangers(view: SeatView, ruleset: Ruleset, unseen: list[int],
            against: list[SeatInfo]) -> list[float]:
    """For each kind, its danger summed over the threatening seats `against`."""
    out = [0.0] * 34
    for seat in against:
        shown = revealed_waits(seat, ruleset)
        thrown = set(seat.discards)
        for t in range(34):
            if shown:
                out[t] += SURE if t in shown else 0.0
                continue
            if t in thrown:
                continue
            if t >= 27:
                out[t] += 0.5 + unseen[t] * 0.5
                continue
            rank = t % 9
            suji = ((rank >= 3 and t - 3 in thrown) or (rank <= 5 and t + 3 in thrown))
            base = 1.5 if rank in (0, 8) else 2.5 if rank in (1, 7) else 3.5
            out[t] += base * (0.5 if suji else 1.0) * (0.6 if unseen[t] <= 1 else 1.0)
    return out
