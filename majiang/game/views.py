"""A seat's view of a hand (protocol.md section 2): everything that seat may know, nothing more.

Other seats' concealed tiles appear only as counts, unless the rules show them (a mechanic's
`view`: kawuxing 亮倒) or the hand is over; the wall, the next draw, a jincheng 上架 seat's hand
and its set-aside tile never appear for others. A seat's `hand` lists all its concealed tiles,
the tile just drawn (`drawn`) included.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from majiang.game.mechanics.base import Mechanic
from majiang.game.phases import OVER, TURN
from majiang.game.state import NAME, HandState
from majiang.tiles import from_counts


def seat_view(state: HandState, hooks: Sequence[Mechanic], seat: int | None) -> dict[str, Any]:
    """What `seat` may know (None: a spectator), as JSON (protocol.md section 2)."""
    over = state.phase == OVER
    out: dict[str, Any] = {
        "rules": state.rules, "players": state.players, "seat": seat, "dealer": state.dealer,
        "hand_no": state.hand_no, "phase": "over" if over else "play", "turn": state.turn,
        "wall_left": state.wall.left(),
        "last_discard": None if state.last_discard is None else {
            "seat": state.last_discard[0], "tile": NAME[state.last_discard[1]]},
        "kong_tile": None if state.kong_tile is None or over else {
            "seat": state.kong_tile[0], "tile": NAME[state.kong_tile[1]]},
        "laizi": None if state.laizi is None else NAME[state.laizi],
        "indicator": None if state.indicator is None else NAME[state.indicator],
        "seats": [{
            "seat": s, "name": me.name, "concealed": sum(me.counts),
            "melds": [m.to_json() for m in me.melds],
            "discards": [NAME[t] for t in me.discards],
            "declared": me.declared,
            "revealed": [NAME[t] for t in from_counts(me.counts)] if over else None,
        } for s, me in enumerate(state.seats)],
        "scores": [me.score for me in state.seats],
    }
    for mechanic in hooks:
        mechanic.view(state, seat, out)
    if seat is not None:
        me = state.seats[seat]
        out["no_win"] = me.no_win
        out["hand"] = [NAME[t] for t in from_counts(me.counts)]
        mine = seat == state.turn and state.phase == TURN and state.drawn is not None
        out["drawn"] = NAME[state.drawn] if mine and state.drawn is not None else None
        kinds = me.lock_kinds
        out["locked"] = me.locked or bool(kinds)  # 过胡: no discard win until one's draw
        out["locked_kinds"] = [NAME[t] for t in sorted(kinds)]  # wuhan: only these kinds
        out["set_aside"] = None if me.set_aside is None else NAME[me.set_aside]
    if state.result is not None:
        out["result"] = state.result.to_json()
    return out
