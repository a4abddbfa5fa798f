"""wuhan 下雨 (section 7.5, rule 1): once a player has three claimed sets of one number suit, the
first other seat (not the feeder of the third) that throws another suit while holding a
discardable tile of that suit has failed to 下雨, per threat; the scoring request marks him."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from majiang.game.actions import Action
from majiang.game.mechanics.base import Mechanic
from majiang.game.state import HandState
from majiang.rules.base import MELD_KINDS, Meld
from majiang.tiles import Tile, suit_of


class Rain(Mechanic):
    name = "rain"

    def discarded(self, state: HandState, seat: int, tile: Tile) -> bool:
        counts = state.seats[seat].counts
        for owner, (suit, feeder) in state.rain_watch.items():
            if owner in state.no_rain or seat in (owner, feeder) or (
                    tile < 27 and tile // 9 == suit):
                continue
            if any(counts[t] for t in range(9 * suit, 9 * suit + 9) if t not in state.special):
                state.no_rain[owner] = seat  # per threat: the first to fail it
        return True

    def claimed(self, state: HandState, seat: int, discarder: int, action: Action) -> None:
        if seat not in state.rain_watch:
            rain = rain_suit(state.seats[seat].melds)
            if rain is not None:
                state.rain_watch[seat] = rain

    def request(self, state: HandState, winner: int, win_type: str, discarder: int | None,
                fields: dict[str, Any]) -> None:
        failed = state.no_rain.get(winner)
        if failed is not None:
            fields["others"][str(failed)]["no_rain"] = True


def rain_suit(melds: Sequence[Meld]) -> tuple[int, int | None] | None:
    """(suit, feeder of the third) once three claimed sets are of one number suit."""
    claimed = [m for m in melds if MELD_KINDS[m.kind].claimed]
    for suit in range(3):
        of_suit = [m for m in claimed if suit_of(m.tile) == suit]
        if len(of_suit) >= 3:
            return suit, of_suit[2].source
    return None
