"""Declaring ready: kawuxing 亮倒 (kawuxing.md 3) shows the hand and throws the declaring tile;
jincheng 上架 (jincheng.md 3.1) puts a tile face down, only the fact is public, and the turn
passes. Either way the hand is then frozen (摸什么打什么) and may kong only keeping its waits
(`game/turn.py`, `game/claims.py`); a payer is declared only if he declared before the tile
he feeds (kawuxing 3.3, D9)."""

from __future__ import annotations

from typing import Any

from majiang.analysis import Shape, shanten, waits
from majiang.game.actions import DECLARE, DECLARES, Action
from majiang.game.mechanics.base import Mechanic
from majiang.game.phases import TURN
from majiang.game.state import NAME, HandState, names
from majiang.tiles import Tile, from_counts


class Declaring(Mechanic):
    """What both declarations share: which tiles may be declared, and the request's `others`."""

    keeps_tile = False  # the declared tile stays the player's (上架)
    needs_wall = False  # no declaring once the live wall is empty (kawuxing 3.1 / D32)

    def turn_extras(self, state: HandState, seat: int) -> list[Action]:
        if state.seats[seat].declared or (self.needs_wall and state.wall.left() <= 0):
            return []
        return declarations(state, seat, self.keeps_tile)

    def request(self, state: HandState, winner: int, win_type: str, discarder: int | None,
                fields: dict[str, Any]) -> None:
        if any(s.declared for s in state.seats):
            fields["others"] = {
                str(s): {"declared": me.declared and not (
                    win_type == "discard" and s == discarder and state.declaring == s)}
                for s, me in enumerate(state.seats) if s != winner}


class LiangDao(Declaring):
    """kawuxing 亮倒: declare with a discard; the hand is shown but for the tile just drawn."""

    name = "liang_dao"
    needs_wall = True

    def declare(self, state: HandState, seat: int, tile: Tile) -> bool:
        me = state.seats[seat]
        me.declared = True
        state.declare_order.append(seat)
        shown = list(me.counts)
        shown[tile] -= 1
        state.emit(DECLARE, {"seat": seat, "tile": NAME[tile], "tiles": names(shown)})
        return True

    def revealed(self, state: HandState, seat: int) -> list[Tile] | None:
        me = state.seats[seat]
        if not me.declared:
            return None
        shown = list(me.counts)
        if seat == state.turn and state.phase == TURN and state.drawn is not None:
            shown[state.drawn] -= 1
        return from_counts(shown)


class ShangJia(Declaring):
    """jincheng 上架: a tile goes face down (its owner alone sees it) and the turn passes."""

    name = "shang_jia"
    keeps_tile = True

    def declare(self, state: HandState, seat: int, tile: Tile) -> bool:
        me = state.seats[seat]
        me.declared = True
        state.declare_order.append(seat)
        me.counts[tile] -= 1
        me.set_aside = tile
        state.drawn = None
        state.emit(DECLARE, {"seat": seat, "tile": NAME[tile]}, to=seat)
        state.emit(DECLARE, {"seat": seat}, exclude=seat)
        return False


def frozen_pair(test: list[int], wait: int, frozen: set[int]) -> bool:
    """jincheng 3.3: the thirteen orphans `wait` completes would pair a frozen 拾 / 搶 tile (the
    pair must be two concealed tiles), so `wait` can never win."""
    return any(test[t] + (t == wait) >= 2 for t in frozen)


def declarations(state: HandState, seat: int, keeps_tile: bool) -> list[Action]:
    """Tiles to throw (亮倒) or set aside (上架) leaving the hand ready with a live wait: one
    whose four copies the player does not hold himself (kawuxing D31, jincheng D11)."""
    me = state.seats[seat]
    counts = me.counts
    held = [0] * 34
    for meld in me.melds:
        for t in meld.tiles:
            held[t] += 1
    # jincheng 3.3: 拾 / 搶 commit a hand to thirteen orphans; it may declare only that wait
    shapes = Shape.THIRTEEN_ORPHANS if me.singles else state.ruleset.shapes
    frozen = set(me.singles)
    out: list[Action] = []
    for tile in state.ruleset.kinds:
        if not counts[tile]:
            continue
        counts[tile] -= 1
        try:
            test = state.shape_counts(seat)
            if shanten(test, shapes=shapes) == 0 and any(
                    counts[w] + held[w] + (keeps_tile and w == tile) < 4
                    and not frozen_pair(test, w, frozen)
                    for w in waits(test, shapes=shapes)):
                out.append(DECLARES[tile])
        finally:
            counts[tile] += 1
    return out
