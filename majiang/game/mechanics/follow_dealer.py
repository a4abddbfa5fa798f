"""jincheng 前包 / 跟庄 (jincheng.md 3.2): when the others, in turn, each throw the dealer's first
discard, the dealer pays them (`Ruleset.qian_bao`); any claim, or a turn without a discard (a
上架), ends it."""

from __future__ import annotations

from typing import Any

from majiang.game.actions import Action
from majiang.game.mechanics.base import Mechanic
from majiang.game.state import HandState
from majiang.tiles import Tile


class FollowDealer(Mechanic):
    name = "follow_dealer"

    def dealt(self, state: HandState, start: dict[str, Any]) -> None:
        state.follow = (-1, 0)

    def discarded(self, state: HandState, seat: int, tile: Tile) -> bool:
        if state.follow is None:
            return True
        first, followers = state.follow
        n = state.players
        if first < 0:  # the hand's first discard: the dealer's first action, unless he declared
            # (上架 puts the tile out face down and passes the turn: jincheng.md 3.2 "the dealer's
            # first action that puts a tile out is a discard"; a later discard is no first one)
            starts = seat == state.dealer and not any(s.declared for s in state.seats)
            state.follow = (tile, 0) if starts else None
        elif seat != (state.dealer + followers + 1) % n or tile != first:
            state.follow = None
        elif followers + 1 == n - 1:
            state.follow = None
            state.pay_now("qian_bao", state.dealer, state.ruleset.qian_bao(state.dealer))
        else:
            state.follow = (first, followers + 1)
        return True

    def claimed(self, state: HandState, seat: int, discarder: int, action: Action) -> None:
        state.follow = None
