"""Defence from the view: the revealed waits of declared seats, and the tiles others threw."""

from __future__ import annotations

from majiang.analysis import waits
from majiang.bots.efficient import best_discard, unseen_counts
from majiang.game.actions import DECLARE, DECLARES, DISCARD, DISCARDS, Action
from majiang.game.seat_view import SeatView
from majiang.rules import get_ruleset


def danger(view: SeatView) -> set[int]:
    """The revealed waits of declared seats."""
    out: set[int] = set()
    shapes = get_ruleset(view.rules).shapes
    for seat in view.seats:
        if seat.seat == view.seat or not seat.declared or not seat.revealed:
            continue
        counts = [0] * 34
        for t in seat.revealed:
            counts[t] += 1
        try:
            out.update(waits(counts, shapes=shapes))
        except ValueError:
            continue
    return out


def safe(view: SeatView) -> set[int]:
    """Kinds already thrown by a seat (the threat of the latest discarders)."""
    out: set[int] = set()
    for seat in view.others:
        out.update(seat.discards)
    return out


def defended(view: SeatView, legal: list[Action], action: Action) -> Action:
    """Swap a discard into a declared seat's revealed wait for another, if any."""
    if action.type not in (DISCARD, DECLARE) or action.tile is None:
        return action
    waits_shown = danger(view)
    if action.tile not in waits_shown:
        return action
    ruleset = get_ruleset(view.rules)
    others = [a.tile for a in legal
              if a.type == DISCARD and a.tile is not None and a.tile not in waits_shown]
    if not others:
        return action
    try:
        _, tile = best_discard(list(view.counts), others, unseen_counts(view, ruleset),
                               ruleset.shapes)
    except ValueError:
        tile = others[0]
    if action.type == DECLARE and DECLARES[tile] in legal:
        return DECLARES[tile]
    return DISCARDS[tile]
