"""The deal and the draws: the opening hands, a turn's normal draw, a kong's replacement, and the
exhaustive draw when the live wall is empty."""

from __future__ import annotations

from typing import Any

from majiang.game.engine import Engine
from majiang.game.events import Event
from majiang.game.phases import DRAWN, KONGED
from majiang.game.settle import finish
from majiang.game.state import NAME, names
from majiang.tiles import Tile


def deal(engine: Engine) -> None:
    """Thirteen tiles each, a fourteenth to the dealer, then what the mechanics add."""
    state = engine.state
    n = state.players
    order = [(state.dealer + i) % n for i in range(n)]
    wall = state.wall
    seats = state.seats
    for _ in range(3):
        for seat in order:
            for _ in range(4):
                seats[seat].counts[wall.draw()] += 1
    for seat in order:
        seats[seat].counts[wall.draw()] += 1
    last = wall.draw()
    seats[state.dealer].counts[last] += 1
    state.drawn = last
    state.turn_draws = [last]
    extra: dict[str, Any] = {}
    for mechanic in engine.on_dealt:
        mechanic.dealt(state, extra)
    seats[state.dealer].draw_turns = 1
    for seat in order:
        seats[seat].dealt_quads = {t for t in range(34) if seats[seat].counts[t] == 4}
    start: dict[str, Any] = {"rules": state.rules, "players": n, "dealer": state.dealer,
                             "hand_no": state.hand_no, "wall_left": wall.left()}
    if state.dice is not None:
        start["dice"] = state.dice
    start.update(extra)
    state.emit("start", start)
    for seat in order:
        state.emit("deal", {"seat": seat, "tiles": names(seats[seat].counts)}, to=seat)


def draw(engine: Engine, seat: int, tile: Tile, replacement: bool) -> None:
    state = engine.state
    me = state.seats[seat]
    state.drawn_in_zone = state.wall.left() < engine.mech.last_tile_zone  # left after the draw
    me.counts[tile] += 1
    if not state.turn_draws:  # the turn's first draw (a kong's replacement after a claim too)
        me.draw_turns += 1
    state.turn_draws.append(tile)
    state.turn = seat
    state.drawn = tile
    state.declaring = None
    state.drawn_from_tail = replacement
    me.locked = False
    if me.lock_kinds:
        me.lock_kinds.clear()
    state.events.append(Event("draw", seat, {"seat": seat, "tile": NAME[tile],
                                             "replacement": replacement}))
    state.events.append(Event("draw", None, {"seat": seat, "replacement": replacement}, seat))


def replacement_tile(engine: Engine) -> Tile:
    """Take a kong's replacement off the tail (the mechanics first, e.g. the dead tail grows)."""
    for mechanic in engine.on_replaced:
        mechanic.replaced(engine.state)
    return engine.state.wall.draw_tail()


def replacement(engine: Engine, seat: int) -> None:
    engine.state.began = KONGED
    draw(engine, seat, replacement_tile(engine), True)


def next_turn(engine: Engine, discarder: int) -> None:
    """The next seat draws, or the hand ends in an exhaustive draw."""
    state = engine.state
    if state.wall.left() <= 0:
        finish(engine, [], None, None, None)
        return
    seat = (discarder + 1) % state.players
    state.last_discard = None
    state.began = DRAWN
    state.turn_draws = []
    state.kong_this_turn = False
    draw(engine, seat, state.wall.draw(), False)
