"""Claims on a discard: who may win, kong, pung or chow it (and the mechanics' own claims), the
decisions collected in any order, then resolved by priority once all are in."""

from __future__ import annotations

from majiang.analysis import waits
from majiang.game.actions import (
    CHOW,
    EXPOSED_KONGS,
    GRAB,
    KONG,
    PICK,
    PUNG,
    PUNGS,
    WIN_ACTION,
    Action,
)
from majiang.game.draws import next_turn
from majiang.game.engine import Engine
from majiang.game.kongs import exposed_kong, lock_passers
from majiang.game.phases import CLAIM, CLAIMED, TURN
from majiang.game.settle import finish
from majiang.game.state import NAME
from majiang.rules.base import Meld
from majiang.tiles import Tile, format_tiles

PRIORITY = (GRAB, PICK, KONG, PUNG, CHOW)  # after a win; the nearest seat first within a kind


def open_claims(engine: Engine, discarder: int, tile: Tile, claimable: bool = True) -> None:
    """Ask every seat that can claim `tile`; nobody can: the next seat draws."""
    state = engine.state
    for me in state.seats:
        me.no_win = None
    n = state.players if claimable else 1
    calls_allowed = state.wall.left() > 0 or not engine.mech.last_discard_only_win
    allows_chow = engine.ruleset.allows_chow
    pending: dict[int, list[Action]] = {}
    plain = engine.plain_claims
    complete = state.complete
    for step in range(1, n):
        seat = (discarder + step) % n
        me = state.seats[seat]
        counts = me.counts
        if plain:  # the hot path of `can_win_on` (no scorer, no kind lock, no singles)
            counts[tile] += 1
            win = complete(counts)
            counts[tile] -= 1
            if win and me.locked:
                win = engine.can_win_on(seat, tile, discarder)  # refused, with its reason
            options = [WIN_ACTION] if win else []
        else:
            options = [WIN_ACTION] if engine.can_win_on(seat, tile, discarder) else []
            for mechanic in engine.on_claim_options:
                options.extend(mechanic.claim_options(state, seat, tile, step == 1))
        have = counts[tile]
        if calls_allowed and (have >= 2 or (allows_chow and step == 1)) and not me.singles:
            declared = me.declared
            if have >= 3 and engine.kong_tile_left() and (
                    not declared or waits_kept(engine, counts, [
                        c - 3 if t == tile else c for t, c in enumerate(counts)])):
                options.append(EXPOSED_KONGS[tile])
            if have >= 2 and not declared:
                options.append(PUNGS[tile])
            if allows_chow and step == 1:
                options.extend(chows(engine, seat, tile))
        if options:
            pending[seat] = options
    if pending:
        state.phase = CLAIM
        state.pending = pending
        state.decisions = {}
    else:
        next_turn(engine, discarder)


def resolve_claims(engine: Engine) -> None:
    state = engine.state
    assert state.last_discard is not None
    discarder, tile = state.last_discard
    lock_passers(engine, tile)
    order = state.seats_from(discarder)
    decisions = state.decisions
    state.phase = TURN
    state.pending = {}
    state.decisions = {}
    winners = [s for s in order if decisions.get(s) == WIN_ACTION]
    if winners:
        if not engine.mech.multiple_winners:
            winners = winners[:1]
        finish(engine, winners, "discard", discarder, tile)
        return
    for priority in PRIORITY:
        for seat in order:
            action = decisions.get(seat)
            if action is not None and action.type == priority:
                take_claim(engine, seat, discarder, tile, action)
                return
    next_turn(engine, discarder)


def take_claim(engine: Engine, seat: int, discarder: int, tile: Tile, action: Action) -> None:
    state = engine.state
    state.seats[discarder].discards.pop()
    state.last_discard = None
    state.turn = seat
    state.drawn = None
    state.turn_draws = []
    state.kong_this_turn = False
    me = state.seats[seat]
    if action.type == CHOW:
        assert action.tiles is not None
        for t in action.tiles:
            if t != tile:
                me.counts[t] -= 1
        me.melds.append(Meld("chow", action.tiles[0], discarder, tile))
        state.emit(CHOW, {"seat": seat, "tiles": format_tiles(action.tiles),
                          "tile": NAME[tile], "from": discarder})
        state.began = CLAIMED
    elif action.type == PUNG:
        me.counts[tile] -= 2
        me.melds.append(Meld("pung", tile, discarder))
        state.emit(PUNG, {"seat": seat, "tile": NAME[tile], "from": discarder})
        state.began = CLAIMED
    elif action.type == KONG:
        exposed_kong(engine, seat, discarder, tile)
    else:  # a mechanic's own claim (拾 / 搶): it applies it in `claimed`
        state.began = CLAIMED
    for mechanic in engine.on_claimed:
        mechanic.claimed(state, seat, discarder, action)


def chows(engine: Engine, seat: int, tile: Tile) -> list[Action]:
    if tile >= 27:
        return []
    state = engine.state
    counts = state.seats[seat].counts
    number = tile % 9
    out: list[Action] = []
    for low in (tile - 2, tile - 1, tile):
        if low < tile - number or low + 2 > tile - number + 8:
            continue
        others = [t for t in (low, low + 1, low + 2) if t != tile]
        if all(counts[t] for t in others) and not state.special & set(others):
            out.append(Action(CHOW, tiles=(low, low + 1, low + 2)))
    return out


def waits_kept(engine: Engine, before: list[int], after: list[int]) -> bool:
    """A declared hand may kong only an independent set: the same waits after, not none."""
    shapes = engine.ruleset.shapes
    now = waits(before, shapes=shapes)
    return bool(now) and now == waits(after, shapes=shapes)
