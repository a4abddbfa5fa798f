"""Why an action is refused: the reason an `IllegalAction` carries, for a person to read."""

from __future__ import annotations

from majiang.game.actions import DISCARD, KONG, PASS, WIN, Action
from majiang.game.engine import Engine
from majiang.game.phases import CLAIM, CLAIMED, OVER, ROB, TURN
from majiang.tiles import tile_name


def why_illegal(engine: Engine, seat: int, action: Action, to_act: set[int],
                legal: list[Action]) -> str:
    state = engine.state
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        return f"no seat {seat!r}: seats are 0..{state.players - 1}"
    if not isinstance(action, Action):
        return f"not an action: {action!r}"
    if state.phase == OVER:
        return "the hand is over"
    refusal = state.seats[seat].no_win
    if action.type == WIN and refusal is not None:
        return f"不能胡 / no win on {refusal['tile']}: {refusal['detail']}"
    if seat not in to_act:
        if state.phase == TURN:
            return f"it is seat {state.turn}'s turn, not seat {seat}'s"
        return f"seat {seat} has nothing to decide on this tile"
    counts = state.seats[seat].counts
    tile = action.tile
    label = action.label()["en"]
    if state.phase in (CLAIM, ROB):
        return f"{label} is not possible now: choose one of " + ", ".join(
            a.label()["en"] for a in legal)
    if action.type == PASS:
        return "nothing to pass: it is your turn, discard a tile"
    if tile is not None and not counts[tile] and action.type == DISCARD:
        return f"you do not hold {tile_name(tile)}"
    if action.type == WIN:
        if state.began == CLAIMED:
            return "no win right after a claim: discard a tile"
        return "these tiles are not a winning hand"
    if action.type == KONG:
        if not engine.kong_tile_left():
            return "no kong: the wall is empty"
        if state.began == CLAIMED:
            return "no kong right after a claim: discard a tile"
        return f"{label}: you do not hold the tiles for it"
    return f"{label} is not possible now"
