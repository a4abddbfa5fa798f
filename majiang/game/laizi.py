"""wuhan's special tiles on the engine: the indicator, the laizi, the 赖子皮, one-tile kongs, the
per-loser state a wuhan scoring request carries (`others`) and 下雨 (wuhan.md sections 2, 7.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from majiang.analysis import is_complete
from majiang.game.actions import KONG, Action
from majiang.rules.wuhan import is_feng, is_jiang, laizi_for, pi_kinds
from majiang.tiles import RED, Tile, suit_of

OPENING_MELDS = ("chow", "pung", "exposed_kong", "added_kong")
CLAIMED_SETS = OPENING_MELDS


@dataclass
class Laizi:
    """The special kinds of one hand, from its indicator."""

    indicator: Tile
    laizi: Tile = field(init=False)
    pi: frozenset[Tile] = field(init=False)
    special: frozenset[Tile] = field(init=False)  # never discarded plainly, never in a set
    kongs: dict[Tile, Action] = field(init=False)

    def __post_init__(self) -> None:
        self.laizi = laizi_for(self.indicator)
        self.pi = pi_kinds(self.indicator)
        self.special = frozenset((RED, self.laizi, *self.pi))
        self.kongs = {t: Action(KONG, t, kind=self.kong_kind(t)) for t in self.special}

    def kong_kind(self, tile: Tile) -> str:
        if tile == RED:
            return "red_kong"
        return "laizi_kong" if tile == self.laizi else "pi_kong"

    def complete(self, counts: Sequence[int]) -> bool:
        """The engine's shape check before it asks the scorer (wuhan 4.2): four sets and a pair
        with the laizi as wildcards, or 将一色 / 风一色, which need no sets (乱将, 乱风); the
        scorer decides the rest (the melds, 2-5-8, opening, 64)."""
        split = self.split(counts)
        if split is None:
            return False
        plain, jokers = split
        if is_complete(plain, jokers):
            return True
        held = [t for t in range(34) if plain[t]]
        return bool(held) and (all(map(is_jiang, held)) or all(map(is_feng, held)))

    def blocks(self, counts: Sequence[int]) -> bool:
        """A hand that would be complete but holds a red dragon or 赖子皮 (wuhan 4.1.1): those
        tiles read as plain ones, the laizi as wildcards."""
        return self._holds_blocker(counts) and is_complete(*self._wild(counts))

    def split(self, counts: Sequence[int]) -> tuple[list[int], int] | None:
        """(counts without laizi, laizi count) for a win check; None if a red dragon or 赖子皮
        tile is held (such a hand never wins)."""
        return None if self._holds_blocker(counts) else self._wild(counts)

    def _holds_blocker(self, counts: Sequence[int]) -> bool:
        return any(counts[t] for t in self.special if t != self.laizi)

    def _wild(self, counts: Sequence[int]) -> tuple[list[int], int]:
        out = list(counts)
        jokers = out[self.laizi]
        out[self.laizi] = 0
        return out, jokers


def public_state(kinds: Sequence[str], no_rain: bool = False) -> dict[str, Any]:
    """What a wuhan loser's `others` entry (section 10.4) reads from his melds' kinds: whether he
    has opened, and his kongs by kind. Public: any seat can build it from its view."""
    return {
        "opened": any(k in OPENING_MELDS for k in kinds),
        "kongs": {
            "red": kinds.count("red_kong"), "laizi": kinds.count("laizi_kong"),
            "pi": kinds.count("pi_kong"),
            "exposed": kinds.count("exposed_kong") + kinds.count("added_kong"),
            "concealed": kinds.count("concealed_kong"),
        },
        "no_rain": no_rain,
    }


def loser_state(melds: Sequence[Any], concealed: Sequence[int] | None, no_rain: bool,
                laizi: Laizi) -> dict[str, Any]:
    """One loser's entry of a wuhan request's `others` (section 10.4)."""
    state = public_state([m.kind for m in melds], no_rain)
    if concealed is not None:  # the discarder of the winning tile: 满手全是将?
        state["all_jiang"] = all(
            is_jiang(t) and t not in laizi.special
            for t in range(34) for _ in range(concealed[t]))
    return state


def rain_suit(melds: Sequence[Any]) -> tuple[int, int | None] | None:
    """(suit, feeder of the third) once three claimed sets are of one number suit."""
    claimed = [m for m in melds if m.kind in CLAIMED_SETS]
    for suit in range(3):
        of_suit = [m for m in claimed if suit_of(m.tile) == suit]
        if len(of_suit) >= 3:
            return suit, of_suit[2].source
    return None
