"""A seat's view of a hand (protocol.md section 2): everything that seat may know, nothing more.

Other seats' concealed tiles appear only as counts, unless the rules show them (kawuxing 亮倒 only)
or the hand is over; the wall, the next draw, a jincheng 上架 seat's hand and its set-aside tile
never appear for others.
A seat's `hand` lists all its concealed tiles, the tile just drawn (`drawn`) included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from majiang.game.phases import OVER, TURN
from majiang.tiles import from_counts, tile_name

if TYPE_CHECKING:
    from majiang.game.hand import Hand

NAME = tuple(tile_name(t) for t in range(34))


def seat_view(hand: Hand, seat: int | None = None) -> dict[str, Any]:
    """What `seat` may know (None: a spectator), as JSON (protocol.md section 2)."""
    over = hand.phase == OVER
    seats = []
    for s in range(hand.players):
        revealed = hand.revealed[s]
        if over:
            revealed = from_counts(hand.counts[s])
        elif hand.declared[s] and hand.mech.declare == "liang_dao":
            # kawuxing 亮倒 shows the hand, but not the tile just drawn; jincheng 上架 shows nothing
            # but the fact of declaring (jincheng.md 3.1)
            shown = list(hand.counts[s])
            if s == hand.turn and hand.phase == TURN and hand.drawn is not None:
                shown[hand.drawn] -= 1
            revealed = from_counts(shown)
        seats.append({
            "seat": s, "name": hand.names[s], "concealed": sum(hand.counts[s]),
            "melds": [m.to_json() for m in hand.melds[s]],
            "discards": [tile_name(t) for t in hand.discards[s]],
            "declared": hand.declared[s],
            "revealed": None if revealed is None else [tile_name(t) for t in revealed],
        })
    out: dict[str, Any] = {
        "rules": hand.rules, "players": hand.players, "seat": seat, "dealer": hand.dealer,
        "hand_no": hand.hand_no, "phase": "over" if over else "play", "turn": hand.turn,
        "wall_left": hand.wall.left(),
        "last_discard": None if hand.last_discard is None else {
            "seat": hand.last_discard[0], "tile": tile_name(hand.last_discard[1])},
        "kong_tile": None if hand.kong_tile is None or over else {
            "seat": hand.kong_tile[0], "tile": tile_name(hand.kong_tile[1])},
        "laizi": None if hand.laizi is None else tile_name(hand.laizi),
        "indicator": None if hand.indicator is None else tile_name(hand.indicator),
        "seats": seats,
        "scores": list(hand.scores),
    }
    if seat is not None:
        if seat in hand.to_act():
            hand.legal_actions(seat)  # computes (and caches) why a complete hand may not win
        out["no_win"] = hand.no_win[seat]
        out["hand"] = [NAME[t] for t in from_counts(hand.counts[seat])]
        mine = seat == hand.turn and hand.phase == TURN and hand.drawn is not None
        out["drawn"] = tile_name(hand.drawn) if mine and hand.drawn is not None else None
        kinds = hand.lock_kinds[seat]
        out["locked"] = hand.locked[seat] or bool(kinds)  # 过胡: no discard win until one's draw
        out["locked_kinds"] = [NAME[t] for t in sorted(kinds)]  # wuhan: only these kinds
        aside = hand.set_aside[seat]
        out["set_aside"] = None if aside is None else NAME[aside]
    if hand.result is not None:
        out["result"] = hand.result.to_json()
    return out
