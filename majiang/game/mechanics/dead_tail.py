"""jincheng 荒牌 (jincheng.md 1): the last `Ruleset.dead_stacks` stacks of the wall, one more per
kong, are never drawn normally; kong replacements come off the tail stack by stack, top tile
first (from RNG version majiang-v2 on), and a kong needs only a replacement tile left there."""

from __future__ import annotations

from typing import Any

from majiang.game.mechanics.base import Mechanic
from majiang.game.state import HandState
from majiang.game.wall import tail_by_stacks


class DeadTail(Mechanic):
    name = "dead_tail"

    def dealt(self, state: HandState, start: dict[str, Any]) -> None:
        state.wall.reserved = 2 * state.ruleset.dead_stacks
        state.wall.stacks = tail_by_stacks(state.rng_version)  # the wall is stacks of two

    def replaced(self, state: HandState) -> None:
        state.wall.reserved += 2  # one more dead stack per kong

    def kong_tiles_left(self, state: HandState) -> int | None:
        return state.wall.tail_left()
