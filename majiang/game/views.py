"""A seat's view of a hand (protocol.md section 2): everything that seat may know, nothing more.

Other seats' concealed tiles appear only as counts, unless the rules show them (a mechanic's
`revealed`: kawuxing 亮倒) or the hand is over; the wall, the next draw, a jincheng 上架 seat's hand
and its set-aside tile never appear for others. A seat's `hand` lists all its concealed tiles,
the tile just drawn (`drawn`) included.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from majiang.game.mechanics.base import Mechanic
from majiang.game.phases import OVER, TURN
from majiang.game.seat_view import KIND, NoWin, SeatInfo, SeatView, TileAt
from majiang.game.state import HandState
from majiang.tiles import from_counts


def typed_view(state: HandState, hooks: Sequence[Mechanic], seat: int | None) -> SeatView:
    """What `seat` may know (None: a spectator), as typed values."""
    over = state.phase == OVER
    seats = []
    for s, me in enumerate(state.seats):
        revealed: tuple[int, ...] | None = tuple(from_counts(me.counts)) if over else None
        for mechanic in hooks if not over else ():
            shown = mechanic.revealed(state, s)
            if shown is not None:
                revealed = tuple(shown)
        seats.append(SeatInfo(s, me.name, sum(me.counts), tuple(me.melds), tuple(me.discards),
                              me.declared, revealed))
    last, kong = state.last_discard, state.kong_tile
    common: dict[str, Any] = {
        "rules": state.rules, "players": state.players, "seat": seat, "dealer": state.dealer,
        "hand_no": state.hand_no, "phase": "over" if over else "play", "turn": state.turn,
        "wall_left": state.wall.left(), "seats": tuple(seats),
        "scores": tuple(me.score for me in state.seats),
        "last_discard": None if last is None else TileAt(*last),
        "kong_tile": None if kong is None or over else TileAt(*kong),
        "laizi": state.laizi, "indicator": state.indicator,
        "result": None if state.result is None else state.result.to_json(),
    }
    if seat is None:
        return SeatView(**common)
    me = state.seats[seat]
    mine = seat == state.turn and state.phase == TURN and state.drawn is not None
    refusal = me.no_win
    return SeatView(
        **common,
        hand=tuple(from_counts(me.counts)),
        drawn=state.drawn if mine else None,
        no_win=None if refusal is None else NoWin(
            KIND[refusal["tile"]], refusal["reason"], refusal["detail"], refusal["value"]),
        locked=me.locked or bool(me.lock_kinds),  # 过胡: no discard win until one's draw
        locked_kinds=tuple(sorted(me.lock_kinds)),  # wuhan: only these kinds
        set_aside=me.set_aside,
    )

