"""A seat's view of a hand (protocol.md section 2): everything that seat may know, nothing more.

Other seats' concealed tiles appear only as counts, unless the rules show them (a mechanic's
`revealed`: kawuxing 亮倒) or the hand is over; the wall, the next draw, a jincheng 上架 seat's hand
and its set-aside tile never appear for others. A seat's `hand` lists all its concealed tiles,
the tile just drawn (`drawn`) included.
"""

from __future__ import annotations

from collections.abc import Sequence

from majiang.game.mechanics.base import Mechanic
from majiang.game.phases import OVER, TURN
from majiang.game.seat_view import KIND, NoWin, SeatView, TileAt, seat_info, seat_view
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
        seats.append(seat_info(s, me.name, sum(me.counts), tuple(me.melds), tuple(me.discards),
                               me.declared, revealed))
    last, kong = state.last_discard, state.kong_tile
    common = (
        state.rules, state.players, seat, state.dealer, state.hand_no,
        "over" if over else "play", state.turn, state.wall.left(), tuple(seats),
        tuple([me.score for me in state.seats]),
        None if last is None else TileAt(*last),
        None if kong is None or over else TileAt(*kong),
        state.laizi, state.indicator,
    )
    result = None if state.result is None else state.result.to_json()
    if seat is None:
        return seat_view(*common, (), None, None, False, (), None, result, _NONE_HELD)
    me = state.seats[seat]
    mine = seat == state.turn and state.phase == TURN and state.drawn is not None
    refusal = None if over else me.no_win  # it explains a missing 胡 while the hand is in play
    return seat_view(
        *common,
        tuple(from_counts(me.counts)),
        state.drawn if mine else None,
        None if refusal is None else NoWin(
            KIND[refusal["tile"]], refusal["reason"], refusal["detail"], refusal["value"]),
        me.locked or bool(me.lock_kinds),  # 过胡: no discard win until one's draw
        tuple(sorted(me.lock_kinds)),  # wuhan: only these kinds
        me.set_aside,  # jincheng 上架
        result,
        tuple(me.counts),
    )


_NONE_HELD = (0,) * 34  # a spectator's counts
