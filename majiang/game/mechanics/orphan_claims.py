"""jincheng 拾 / 搶 (jincheng.md 3.3): for thirteen orphans, a terminal or honour discard may be
grabbed (搶) from anyone once, or picked (拾) from one's 上家; the tile stays a frozen single of
the hand, and such a hand never kongs."""

from __future__ import annotations

from majiang.game.actions import GRAB, GRABS, PICK, PICKS, Action
from majiang.game.mechanics.base import Mechanic
from majiang.game.state import NAME, HandState
from majiang.rules.base import MELD_KINDS, Meld
from majiang.tiles import Tile, is_terminal_or_honor


class OrphanClaims(Mechanic):
    name = "orphan_claims"

    def may_kong(self, state: HandState, seat: int) -> bool:
        return not state.seats[seat].singles

    def claim_options(self, state: HandState, seat: int, tile: Tile,
                      next_seat: bool) -> list[Action]:
        me = state.seats[seat]
        if (me.declared or me.grabbed or not is_terminal_or_honor(tile) or me.counts[tile]
                or tile in me.singles or any(MELD_KINDS[m.kind].is_set for m in me.melds)):
            return []
        return [GRABS[tile], PICKS[tile]] if next_seat else [GRABS[tile]]

    def claimed(self, state: HandState, seat: int, discarder: int, action: Action) -> None:
        if action.type not in (PICK, GRAB):
            return
        tile = action.tile
        assert tile is not None
        me = state.seats[seat]
        me.melds.append(Meld("picked" if action.type == PICK else "grabbed", tile, discarder))
        me.singles.append(tile)
        me.grabbed = me.grabbed or action.type == GRAB
        state.emit(action.type, {"seat": seat, "tile": NAME[tile], "from": discarder})
