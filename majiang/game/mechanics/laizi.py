"""wuhan's special tiles (wuhan.md sections 1, 2, 4, 10.4): the indicator turned up after the deal
fixes the laizi (wildcards) and the 赖子皮; they and the red dragon never go out plainly nor form
sets, they are put out as one-tile kongs; the scoring request names them and each loser's state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from majiang.analysis import is_complete
from majiang.game.actions import KONG, Action
from majiang.game.mechanics.base import Mechanic
from majiang.game.state import NAME, HandResult, HandState
from majiang.rules.wuhan import is_feng, is_gold_win, is_jiang, laizi_for, loser_entry, pi_kinds
from majiang.tiles import RED, Tile

KONG_KIND = {"red": "red_kong", "laizi": "laizi_kong", "pi": "pi_kong"}
SPECIAL_KONGS = {kind: tuple(Action(KONG, t, kind=kind) for t in range(34))
                 for kind in KONG_KIND.values()}


class Laizi(Mechanic):
    name = "laizi"

    def dealt(self, state: HandState, start: dict[str, Any]) -> None:
        state.indicator = indicator = state.wall.draw()  # dead, face up
        state.laizi = laizi = laizi_for(indicator)
        state.special = frozenset((RED, laizi, *pi_kinds(indicator)))
        state.complete = partial(complete, laizi, state.special)
        start["indicator"] = NAME[indicator]
        start["laizi"] = NAME[laizi]

    def extra_kongs(self, state: HandState, seat: int) -> list[Action]:
        if state.wall.left() < 1:
            return []
        counts = state.seats[seat].counts
        return [SPECIAL_KONGS[kong_kind(state, t)][t] for t in sorted(state.special) if counts[t]]

    def discards(self, state: HandState, seat: int, plain: list[Action]) -> list[Action]:
        """wuhan 2.3: special tiles go out as kongs, plainly only when nothing else can."""
        special = state.special
        kept = [a for a in plain if a.tile not in special]
        return plain if not kept and state.wall.left() == 0 else kept

    def discarded(self, state: HandState, seat: int, tile: Tile) -> bool:
        return tile not in state.special  # a plain special tile: nobody claims or wins it

    def blocks(self, state: HandState, counts: list[int]) -> bool:
        """A hand that would be complete but holds a red dragon or 赖子皮 (wuhan 4.1, rule 1)."""
        assert state.laizi is not None
        laizi = state.laizi
        return _holds_blocker(laizi, state.special, counts) and is_complete(*_wild(laizi, counts))

    def request(self, state: HandState, winner: int, win_type: str, discarder: int | None,
                fields: dict[str, Any]) -> None:
        assert state.laizi is not None and state.indicator is not None
        fields["laizi"] = state.laizi
        fields["indicator"] = state.indicator
        flags = fields["flags"]
        if state.options.get("previous_laizi") == NAME[state.laizi]:
            flags.append("repeat_laizi")
        if state.options.get("previous_gold"):
            flags.append("repeat_gold")  # 连金: the scorer doubles only if this win is a 金顶
        fields["others"] = {
            str(s): loser_entry(
                [m.kind for m in state.seats[s].melds],
                concealed(state, s) if s == discarder and win_type == "discard" else None,
                False, state.special)
            for s in range(state.players) if s != winner}

    def carry(self, state: HandState, result: HandResult) -> dict[str, Any]:
        """连赖 and 连金 (7.4): an exhaustive draw is no 金顶 and breaks the chain."""
        assert state.laizi is not None
        gold = any(is_gold_win(request, answer)
                   for request, answer in zip(result.requests, result.answers, strict=True))
        return {"previous_laizi": NAME[state.laizi], "previous_gold": gold}


@dataclass(frozen=True)
class SpecialTiles:
    """A hand's special kinds: the indicator, the laizi, the 赖子皮, and all of them with 红中."""

    indicator: Tile
    laizi: Tile
    pi: frozenset[Tile]
    special: frozenset[Tile]


def special_tiles(state: HandState) -> SpecialTiles | None:
    if state.indicator is None or state.laizi is None:
        return None
    return SpecialTiles(state.indicator, state.laizi, pi_kinds(state.indicator), state.special)


def kong_kind(state: HandState, tile: Tile) -> str:
    if tile == RED:
        return KONG_KIND["red"]
    return KONG_KIND["laizi"] if tile == state.laizi else KONG_KIND["pi"]


def complete(laizi: Tile, special: frozenset[Tile], counts: Sequence[int]) -> bool:
    """The engine's shape check before it asks the scorer (wuhan 4.2): four sets and a pair with
    the laizi as wildcards, or 将一色 / 风一色, which need no sets (乱将, 乱风); the scorer decides
    the rest (the melds, 2-5-8, opening, 64). A red dragon or 赖子皮 held never wins."""
    if _holds_blocker(laizi, special, counts):
        return False
    plain, jokers = _wild(laizi, counts)
    if is_complete(plain, jokers):
        return True
    held = [t for t in range(34) if plain[t]]
    return bool(held) and (all(map(is_jiang, held)) or all(map(is_feng, held)))


def concealed(state: HandState, seat: int) -> list[Tile]:
    """A seat's concealed tiles (the discarder's: 满手全是将?)."""
    counts = state.seats[seat].counts
    return [t for t in range(34) for _ in range(counts[t])]


def _holds_blocker(laizi: Tile, special: frozenset[Tile], counts: Sequence[int]) -> bool:
    return any(counts[t] for t in special if t != laizi)


def _wild(laizi: Tile, counts: Sequence[int]) -> tuple[list[int], int]:
    out = list(counts)
    jokers = out[laizi]
    out[laizi] = 0
    return out, jokers
