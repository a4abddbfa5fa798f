"""A seat's turn: what it may do (win, kong, discard, the mechanics' declarations) and doing it."""

from __future__ import annotations

from itertools import compress

from majiang.game.actions import (
    ADDED_KONGS,
    CONCEALED_KONGS,
    DECLARE,
    DISCARD,
    DISCARDS,
    WIN,
    WIN_ACTION,
    Action,
)
from majiang.game.claims import open_claims, waits_kept
from majiang.game.draws import next_turn
from majiang.game.engine import Engine
from majiang.game.events import Event
from majiang.game.kongs import added_kong, concealed_kong, special_kong
from majiang.game.phases import CLAIMED
from majiang.game.settle import finish
from majiang.game.state import NAME
from majiang.tiles import Tile


def turn_actions(engine: Engine, seat: int) -> list[Action]:
    state = engine.state
    mech = engine.mech
    me = state.seats[seat]
    me.no_win = None
    counts = me.counts
    drawn = state.drawn
    out: list[Action] = []
    if state.began != CLAIMED:
        shape = state.shape_counts(seat) if me.singles else counts
        if state.complete(shape):
            if mech.win_by_shape or engine.scores_as_win(
                    seat, "self_drawn", None, engine.self_drawn_tile(seat)):
                out.append(WIN_ACTION)
        elif engine.on_blocks and engine.blocked(shape):  # the scorer names the tile
            engine.scores_as_win(seat, "self_drawn", None, engine.self_drawn_tile(seat))
    if state.began != CLAIMED or mech.kong_after_claim:
        for mechanic in engine.on_turn_kongs:
            out.extend(mechanic.extra_kongs(state, seat))
        if (4 in counts or me.melds) and engine.kong_tile_left() and all(
                m.may_kong(state, seat) for m in engine.on_may_kong):
            special = state.special
            for tile in state.ruleset.kinds if 4 in counts else ():
                if counts[tile] == 4 and tile not in special and may_conceal_kong(
                        engine, seat, tile):
                    out.append(CONCEALED_KONGS[tile])
            for meld in me.melds:
                if meld.kind == "pung" and counts[meld.tile] and (
                        not mech.kong_on_arrival or meld.tile in state.turn_draws) and (
                        not me.declared or drawn == meld.tile):
                    out.append(ADDED_KONGS[meld.tile])
    frozen = me.declared or (mech.last_draw_discarded and state.wall.left() == 0
                             and state.began != CLAIMED)
    if frozen and drawn is not None:
        out.append(DISCARDS[drawn])  # 摸什么打什么: a declared hand, or the last tile
        return out
    # every held kind in order (a kind outside the ruleset's tile set is never held)
    discards = list(compress(DISCARDS, counts))
    for mechanic in engine.on_discards:
        discards = mechanic.discards(state, seat, discards)
    out.extend(discards)
    for mechanic in engine.on_turn_extras:
        out.extend(mechanic.turn_extras(state, seat))
    return out


def may_conceal_kong(engine: Engine, seat: int, tile: Tile) -> bool:
    """Timing of a concealed kong (kawuxing 2.3) and a declared hand's waits (3.2)."""
    state = engine.state
    me = state.seats[seat]
    if engine.mech.kong_on_arrival:
        # drawn this turn (before a kong's replacement too), or dealt, in the first drawing turn
        arrived = tile in state.turn_draws or (me.draw_turns == 1 and tile in me.dealt_quads)
        if not arrived:
            return False
    if me.declared and state.drawn is not None:
        if tile != state.drawn:  # 摸什么打什么: a locked hand kongs only with the tile drawn
            return False
        before = list(me.counts)
        before[state.drawn] -= 1
        after = list(me.counts)
        after[tile] -= 4
        return waits_kept(engine, before, after)
    return True


def apply_turn(engine: Engine, seat: int, action: Action) -> None:
    kind = action.type
    tile = action.tile
    if kind == DISCARD:
        assert tile is not None
        discard(engine, seat, tile)
    elif kind == DECLARE:
        assert tile is not None and engine.declarer is not None
        if engine.declarer.declare(engine.state, seat, tile):
            discard(engine, seat, tile, declaring=True)
        else:  # the tile went face down; the turn passes
            next_turn(engine, seat)
    elif kind == WIN:
        finish(engine, [seat], "self_drawn", None, engine.self_drawn_tile(seat))
    else:
        assert tile is not None and action.kind is not None
        if action.kind == "concealed_kong":
            concealed_kong(engine, seat, tile)
        elif action.kind == "added_kong":
            added_kong(engine, seat, tile)
        else:
            special_kong(engine, seat, tile, action.kind)


def discard(engine: Engine, seat: int, tile: Tile, declaring: bool = False) -> None:
    state = engine.state
    # kawuxing 3.3 / D9: a win on the declaring discard is paid as if not yet declared
    state.declaring = seat if declaring else None
    me = state.seats[seat]
    counts = me.counts
    counts[tile] -= 1
    me.discards.append(tile)
    state.drawn = None
    state.last_discard = (seat, tile)
    state.discard_after_kong = state.kong_this_turn
    if (engine.mech.split_pair_exception and me.locked
            and counts[tile] == 1 and sum(counts) == 1):
        me.locked = False
    state.events.append(Event(DISCARD, None, {"seat": seat, "tile": NAME[tile]}))
    claimable = True
    for mechanic in engine.on_discarded:
        claimable = mechanic.discarded(state, seat, tile) and claimable
    open_claims(engine, seat, tile, claimable)
