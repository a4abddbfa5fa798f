"""The interface every ruleset declares, and the scoring loop they share.

A ruleset is one object (`Ruleset` subclass) holding data: seats, tile set, calls, meld kinds,
winning shapes, a pattern table, how values combine, who pays and kong money. Scoring a win is the
same for all: read the tiles every way they win (`readings`), test the pattern table on each
reading, drop excluded patterns, combine values, compute payments, and keep the reading worth most
to the winner (the contract's order). Rulesets override only the hooks where their rules differ.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from math import prod
from typing import Any, ClassVar, Literal

from majiang import analysis
from majiang.analysis import Shape
from majiang.rules.contract import (  # the contract's types, re-exported below
    ALL_KONG_KINDS,
    CLAIMED_MELDS,
    KONG_KINDS,
    MELD_KINDS,
    ONE_TILE_MELDS,
    WIN_TYPES,
    Meld,
    MeldKind,
    Reason,
    RequestError,
    WinRequest,
    WinType,
)
from majiang.rules.explain import THIRD_MELD, Explained, Label, Share, explained, fold, liable_to
from majiang.tiles import KINDS, Tile, format_tiles, is_honor, suit_of


@dataclass(frozen=True)
class Group:
    """One group of a reading: a set or the pair, concealed or declared."""

    kind: Literal["sequence", "triplet", "kong", "pair", "single"]
    tile: Tile
    concealed: bool
    meld: str | None = None  # the meld kind, for declared groups

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind == "sequence":
            return (self.tile, self.tile + 1, self.tile + 2)
        size = {"triplet": 3, "kong": 4, "pair": 2, "single": 1}[self.kind]
        return (self.tile,) * size

    @property
    def is_triplet_like(self) -> bool:
        return self.kind in ("triplet", "kong")

    def text(self) -> str:
        return format_tiles(self.tiles)


@dataclass(frozen=True)
class Reading:
    """One way the winning tiles are read: a shape with its groups (declared melds included)."""

    shape: Literal["standard", "seven_pairs", "thirteen_orphans"]
    groups: tuple[Group, ...]
    jokers: tuple[Tile, ...] = ()

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind in ("sequence", "triplet", "kong"))

    @property
    def pair(self) -> Group | None:
        pairs = [g for g in self.groups if g.kind == "pair"]
        return pairs[0] if self.shape == "standard" and pairs else None

    @property
    def all_triplets(self) -> bool:
        return self.shape == "standard" and all(g.is_triplet_like for g in self.sets)

    def decomposition(self) -> list[str]:
        return [g.text() for g in self.groups]


def _meld_group(meld: Meld) -> Group:
    info = meld.info
    if info.shape == "sequence":
        return Group("sequence", min(meld.tiles), False, meld.kind)
    if info.shape == "single":
        return Group("single", meld.tile, False, meld.kind)
    kind: Literal["triplet", "kong"] = "kong" if info.size == 4 else "triplet"
    return Group(kind, meld.tile, info.concealed, meld.kind)


def standard_readings(
    counts: Sequence[int], melds: Iterable[Meld], jokers: int = 0
) -> list[Reading]:
    """Every reading of concealed `counts` (+ `jokers`) as sets and a pair, with the melds."""
    declared = tuple(_meld_group(m) for m in melds if m.info.is_set)
    readings = []
    for arrangement in analysis.arrangements(counts, jokers):
        concealed = [Group("pair", arrangement.pair, True)]
        for group in arrangement.sets:
            kind: Literal["sequence", "triplet"] = (
                "sequence" if group.kind == analysis.SEQUENCE else "triplet"
            )
            concealed.append(Group(kind, group.tile, True))
        readings.append(Reading("standard", (*concealed, *declared), arrangement.jokers))
    return readings


def seven_pairs_reading(counts: Sequence[int]) -> Reading:
    groups = []
    for t in range(KINDS):
        groups.extend([Group("pair", t, True)] * (counts[t] // 2))
    return Reading("seven_pairs", tuple(groups))


def thirteen_orphans_reading(counts: Sequence[int]) -> Reading:
    groups = []
    for t in range(KINDS):
        if counts[t]:
            groups.append(Group("pair" if counts[t] == 2 else "single", t, True))
    return Reading("thirteen_orphans", tuple(groups))


# ---------------------------------------------------------------------------------------------
# Colour of a hand (several rulesets use it)


def colour(all_counts: Sequence[int]) -> Literal["qing", "hun", "mixed"]:
    """qing: one number suit only; hun: honours plus at most one number suit; else mixed."""
    suits = {suit_of(t) for t in range(27) if all_counts[t]}
    honours = any(all_counts[t] for t in range(27, KINDS))
    if len(suits) > 1:
        return "mixed"
    return "hun" if honours else "qing"


def has_honours(all_counts: Sequence[int]) -> bool:
    return any(all_counts[t] for t in range(KINDS) if is_honor(t))


# ---------------------------------------------------------------------------------------------
# Patterns and answers

Predicate = Callable[[WinRequest, Reading], int]


@dataclass(frozen=True)
class Pattern:
    """A scoring pattern: names, value, and a test giving how many times it counts (0: not)."""

    id: str
    zh: str
    en: str
    value: int
    test: Predicate
    excludes: tuple[str, ...] = ()

    def to_json(self, times: int = 1) -> dict[str, Any]:
        return {"id": self.id, "zh": self.zh, "en": self.en, "value": self.value * times}


@dataclass(frozen=True)
class Scored:
    """A reading with its counted patterns, combined value and payments."""

    reading: Reading
    patterns: tuple[tuple[Pattern, int], ...]
    value: int
    payments: tuple[int, ...]
    liable: int | None = None

    def sort_key(self, winner: int) -> tuple[Any, ...]:
        ids = sorted(p.id for p, _ in self.patterns)
        return (-self.payments[winner], -self.value, len(ids), ids)


@dataclass(frozen=True)
class Answer:
    """The scoring contract's answer for one request."""

    win: bool
    players: int
    scored: Scored | None = None
    reason: Reason | None = None
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": True, "win": self.win}
        s = self.scored
        if not self.win:
            out["reason"] = self.reason
            out["detail"] = self.detail
        keep_patterns = s is not None and (self.win or self.reason == "below_minimum")
        out["patterns"] = (
            [p.to_json(n) for p, n in s.patterns] if keep_patterns and s is not None else []
        )
        out["value"] = s.value if keep_patterns and s is not None else 0
        out["payments"] = list(s.payments) if self.win and s else [0] * self.players
        if self.win and s is not None:
            if s.liable is not None:
                out["liable"] = s.liable
            out["decomposition"] = s.reading.decomposition()
        return out


# ---------------------------------------------------------------------------------------------
# The ruleset


class Ruleset:
    """What a ruleset declares. Subclasses set the class attributes and override the hooks."""

    id: ClassVar[str]
    zh: ClassVar[str]
    en: ClassVar[str]
    players: ClassVar[int] = 4
    kinds: ClassVar[tuple[Tile, ...]] = tuple(range(KINDS))
    copies: ClassVar[int] = 4
    meld_kinds: ClassVar[frozenset[str]] = frozenset(("pung", *KONG_KINDS))
    shapes: ClassVar[Shape] = Shape.STANDARD
    patterns: ClassVar[tuple[Pattern, ...]] = ()
    combine: ClassVar[Literal["best", "sum", "product"]] = "sum"
    minimum: ClassVar[int] = 0
    minimum_first: ClassVar[bool] = False  # below_minimum is reported before forbidden
    ignores: ClassVar[frozenset[str]] = frozenset()  # optional fields accepted unread, unchecked
    hands_per_match: ClassVar[int] = 8
    dead_stacks: ClassVar[int] = 0  # stacks kept back at the wall's end (jincheng 荒牌)
    kong_money_at_draw: ClassVar[bool] = True  # kong money stands at an exhaustive draw
    draw_label: ClassVar[Label | None] = None  # what `draw_payments` pays, named

    # -- game facts the engine reads -------------------------------------------------------------

    @property
    def allows_chow(self) -> bool:
        return "chow" in self.meld_kinds

    @property
    def tile_count(self) -> int:
        return len(self.kinds) * self.copies

    def kong_money(
        self, kind: str, konger: int, feeder: int | None, chain: int = 1
    ) -> list[int]:
        """Units each seat receives (+) or pays (-) when a kong stands; `chain`: its place in a
        chain of kongs (杠上杠), for rulesets where that matters."""
        return [0] * self.players

    def qian_bao(self, dealer: int) -> list[int]:
        """Payment when everyone follows the dealer's first discard (跟庄 / 前包); none here."""
        return [0] * self.players

    def draw_payments(self, dealer: int, declared: Sequence[bool]) -> list[int]:
        """Payments at an exhaustive draw, given who had declared ready; none by default."""
        return [0] * self.players

    def next_dealer(
        self, dealer: int, winners: Sequence[int], declared: Sequence[int] = ()
    ) -> int:
        """The next hand's dealer, given this hand's winners (empty: exhaustive draw) and the
        seats that declared ready, in order."""
        return dealer if not winners or dealer in winners else (dealer + 1) % self.players

    # -- scoring hooks -------------------------------------------------------------------------

    def validate(self, req: WinRequest) -> None:
        """Ruleset-specific checks of an otherwise well-formed request (raise RequestError)."""

    def expected_hand_size(self, melds: Sequence[Meld]) -> int:
        return 13 - 3 * sum(1 for m in melds if m.info.is_set)

    def readings(self, req: WinRequest) -> list[Reading]:
        counts = req.concealed
        out = standard_readings(counts, req.melds) if Shape.STANDARD in self.shapes else []
        if Shape.SEVEN_PAIRS in self.shapes and not req.melds and analysis.is_seven_pairs(counts):
            out.append(seven_pairs_reading(counts))
        if (
            Shape.THIRTEEN_ORPHANS in self.shapes
            and not req.melds
            and analysis.is_thirteen_orphans(counts)
        ):
            out.append(thirteen_orphans_reading(counts))
        return out

    def forbidden(self, req: WinRequest, reading: Reading) -> str | None:
        """Why a complete reading may not win (None: it may). Default: the pass lock."""
        if "passed_win" in req.flags and not req.self_drawn:
            return ("过胡未摸牌不能胡 / under the pass lock (过胡): no win on another player's "
                    "tile until one's next draw")
        return None

    def count_patterns(self, req: WinRequest, reading: Reading) -> list[tuple[Pattern, int]]:
        found = [(p, n) for p in self.patterns if (n := p.test(req, reading))]
        excluded = {x for p, _ in found for x in p.excludes}
        return [(p, n) for p, n in found if p.id not in excluded]

    def combine_values(self, counted: Sequence[tuple[Pattern, int]]) -> int:
        values = [p.value * n for p, n in counted]
        if self.combine == "best":
            return max(values, default=0)
        if self.combine == "product":
            return prod(p.value**n for p, n in counted)
        return sum(values)

    def payments(
        self, req: WinRequest, reading: Reading, value: int
    ) -> tuple[list[int], int | None]:
        """Units per seat for this win and the liable seat if any: the `shares` added up."""
        shares, liable, _ = self.shares(req, reading, value)
        return fold(req.players, req.winner, shares), liable

    def shares(
        self, req: WinRequest, reading: Reading, value: int
    ) -> tuple[list[Share], int | None, Label | None]:
        """Each loser's share of this win (`majiang.rules.explain`), the liable seat and the rule
        that makes it liable: a liable seat (包牌) pays the whole win (every other seat's share of
        a self-drawn win), else each loser pays his `plain_shares`."""
        liable = self.liable_seat(req, reading)
        if liable is None or liable == req.winner:
            return self.plain_shares(req, value), None, None
        return liable_to(self.plain_shares(req, value), liable), liable, self.liability

    liability: ClassVar[Label | None] = THIRD_MELD  # why `liable_seat` pays (its rule's name)

    def liable_seat(self, req: WinRequest, reading: Reading) -> int | None:
        """The seat that pays the whole win under the ruleset's liability rule (包牌), if any."""
        return None

    def plain_shares(self, req: WinRequest, value: int) -> list[Share]:
        """Self-drawn: every other seat pays `value`; otherwise the discarder alone pays it."""
        if req.self_drawn:
            return [Share(seat, value) for seat in range(req.players) if seat != req.winner]
        assert req.discarder is not None
        return [Share(req.discarder, value)]

    def plain_payments(self, req: WinRequest, value: int, each: int | None = None) -> list[int]:
        """Self-drawn: every other seat pays; otherwise the discarder alone pays."""
        amount = value if each is None else each
        return fold(req.players, req.winner, self.plain_shares(req, amount))

    def explain(self, req: WinRequest, scored: Scored) -> Explained:
        """Why the scored win pays its payments: each loser's share with its factors and caps,
        from the same `shares` the payments were added up from (checked equal)."""
        shares, liable, why = self.shares(req, scored.reading, scored.value)
        return self._explained(req, scored, shares, liable, why)

    def _explained(self, req: WinRequest, scored: Scored, shares: Sequence[Share],
                   liable: int | None, why: Label | None) -> Explained:
        return explained(
            req.winner, req.win_type, req.discarder, req.win_tile,
            [p.to_json(n) for p, n in scored.patterns], scored.value, self.combine, shares,
            liable, why if liable is not None else None, scored.payments,
        )

    # -- the shared scoring loop -----------------------------------------------------------------

    def score(self, req: WinRequest) -> Answer:
        readings = self.readings(req)
        if not readings:
            return Answer(False, req.players, reason="not_complete",
                          detail="不成胡牌牌型 / the tiles do not form a winning shape")
        scored = []
        for reading in readings:
            counted = self.count_patterns(req, reading)
            value = self.combine_values(counted)
            pay, liable = self.payments(req, reading, value)
            scored.append(Scored(reading, tuple(counted), value, tuple(pay), liable))
        scored.sort(key=lambda s: s.sort_key(req.winner))
        if self.minimum_first and scored[0].value < self.minimum:
            return self._below_minimum(req, scored[0])
        allowed = [s for s in scored if self.forbidden(req, s.reading) is None]
        if not allowed:
            why = self.forbidden(req, scored[0].reading) or ""
            return Answer(False, req.players, reason="forbidden", detail=why)
        best = allowed[0]
        if best.value < self.minimum:
            return self._below_minimum(req, best)
        return Answer(True, req.players, best)

    def _below_minimum(self, req: WinRequest, best: Scored) -> Answer:
        return Answer(False, req.players, best, reason="below_minimum",
                      detail=f"不够起胡：{best.value}，起胡{self.minimum} / worth {best.value}, "
                      f"the minimum is {self.minimum}")


__all__ = [  # the contract's types (rules/contract.py), and this module's own
    "ALL_KONG_KINDS",
    "CLAIMED_MELDS",
    "KONG_KINDS",
    "MELD_KINDS",
    "ONE_TILE_MELDS",
    "WIN_TYPES",
    "Answer",
    "Group",
    "Meld",
    "MeldKind",
    "Pattern",
    "Reading",
    "Reason",
    "RequestError",
    "Ruleset",
    "Scored",
    "WinRequest",
    "WinType",
    "colour",
    "has_honours",
    "seven_pairs_reading",
    "standard_readings",
    "thirteen_orphans_reading",
]
