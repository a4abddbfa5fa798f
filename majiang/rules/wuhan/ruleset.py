"""wuhan: the ruleset object; `score` in the document's order of non-win checks (10.6) with the
per-loser 64 minimum, the payments from `settle.shares`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from majiang.analysis import Shape
from majiang.rules.base import Answer, Pattern, Reading, Ruleset, Scored, WinRequest
from majiang.rules.explain import Explained, Label, Share, fold
from majiang.rules.wuhan import settle
from majiang.rules.wuhan.readings import (
    BIG_HANDS,
    MULTIPLIER_IDS,
    MULTIPLIERS,
    PI_HU,
    legal_shape,
    lone_laizi_wait,
    wuhan_readings,
)
from majiang.rules.wuhan.table import KONGS, MINIMUM, OPENING, RED, read_table
from majiang.tiles import tile_name


@dataclass(frozen=True)
class _Option:
    scored: Scored
    amounts: tuple[int, ...]  # A(L) per seat before caps (0 for the winner)
    ids: frozenset[str]


class Wuhan(Ruleset):
    id: ClassVar[str] = "wuhan"
    zh: ClassVar[str] = "武汉麻将 红中赖子杠"
    en: ClassVar[str] = "Wuhan (red dragon and laizi kongs)"
    players: ClassVar[int] = 4
    meld_kinds: ClassVar[frozenset[str]] = frozenset(("chow", "pung", *KONGS))
    shapes: ClassVar[Shape] = Shape.STANDARD
    patterns: ClassVar[tuple[Pattern, ...]] = (*BIG_HANDS, PI_HU, *MULTIPLIERS)
    combine: ClassVar[Literal["best", "sum", "product"]] = "product"
    minimum: ClassVar[int] = 0  # the 64 minimum is per loser's amount, checked in `score`

    def next_dealer(
        self, dealer: int, winners: Sequence[int], declared: Sequence[int] = ()
    ) -> int:
        """The winner deals next; after an exhaustive draw the dealer stays (section 8)."""
        return winners[0] if winners else dealer

    def validate(self, req: WinRequest) -> None:
        read_table(req)

    def readings(self, req: WinRequest) -> list[Reading]:
        return list(wuhan_readings(req, read_table(req)))

    def count_patterns(self, req: WinRequest, reading: Reading) -> list[tuple[Pattern, int]]:
        found: list[tuple[Pattern, int]] = [(p, 1) for p in BIG_HANDS if p.test(req, reading)]
        if not found:
            found.append((PI_HU, 1))
        for p in MULTIPLIERS:
            n = p.test(req, reading)
            if n:
                found.append((replace(p, value=p.value**n), 1))
        return found

    def combine_values(self, counted: Sequence[tuple[Pattern, int]]) -> int:
        base = sum(p.value for p, _ in counted if p.id not in MULTIPLIER_IDS)
        for p, _ in counted:
            if p.id in MULTIPLIER_IDS:
                base *= p.value
        return base

    # -- settlement (section 7): `settle.shares` --------------------------------------------

    def shares(
        self, req: WinRequest, reading: Reading, value: int
    ) -> tuple[list[Share], int | None, Label | None]:
        ids = frozenset(p.id for p, _ in self.count_patterns(req, reading))
        return settle.shares(req, read_table(req), ids, value)

    def explain(self, req: WinRequest, scored: Scored) -> Explained:
        ids = frozenset(p.id for p, _ in scored.patterns)
        shares, liable, why = settle.shares(req, read_table(req), ids, scored.value)
        return self._explained(req, scored, shares, liable, why)

    # -- scoring (section 10.6) ----------------------------------------------------------------

    def score(self, req: WinRequest) -> Answer:
        table = read_table(req)

        def no(reason: Literal["not_complete", "forbidden"], zh: str, en: str) -> Answer:
            return Answer(False, req.players, reason=reason, detail=f"{zh} / {en}")

        held = [t for t in (*req.hand, req.win_tile) if t == RED or t in table.pi]
        if held:
            return no("forbidden", "手中有红中或赖子皮，不能胡",
                      f"{tile_name(held[0])} (red dragon or laizi skin, 赖子皮) must be put out "
                      "before a win")
        if not req.self_drawn and req.win_tile == table.laizi:
            return no("forbidden", "不能胡别人打出或杠出的赖子",
                      "no win on a laizi put out by another player")
        legal = [r for r in wuhan_readings(req, table) if legal_shape(req, r)]
        if not legal:
            return no("not_complete", "不成胡牌牌型",
                      "the tiles form no winning shape (4 sets and a 2-5-8 pair, 将一色, 风一色)")
        if not any(m.kind in OPENING for m in req.melds):
            return no("forbidden", "不开口不能胡牌", "the winner has not opened (吃, 碰 or 明杠)")
        if not req.self_drawn:
            if "passed_win" in req.flags:
                return no("forbidden", "漏胡：过胡后未摸牌",
                          "under the pass lock (漏胡) for this tile kind until one's next draw")
            if lone_laizi_wait(req, table.laizi):
                legal = [r for r in legal if r.hard]
                if not legal:
                    # 4.4, named in words: "见字胡只能自摸" told a newcomer nothing
                    return no("forbidden",
                              "见字胡（手里只剩一张赖子单吊）只能自摸，不能胡别人打的牌",
                              "jian zi hu (见字胡): a hand whose only wait is a lone laizi wins "
                              "by self-draw only, not on a discard")
        options = []
        for reading in legal:
            counted = self.count_patterns(req, reading)
            ids = frozenset(p.id for p, _ in counted)
            if "pi_hu" in ids and reading.laizi_tiles > 1:
                continue
            value = self.combine_values(counted)
            shares, liable, _ = settle.shares(req, table, ids, value)
            pay = fold(req.players, req.winner, shares)
            amounts = [0] * req.players
            for share in shares:
                amounts[share.seat] = share.raw
            scored = Scored(reading, tuple(counted), value, tuple(pay), liable)
            options.append(_Option(scored, tuple(amounts), ids))
        if not options:
            return no("forbidden", "屁胡最多只能有一个赖子", "a 屁胡 may hold at most one laizi")
        options.sort(key=lambda o: o.scored.sort_key(req.winner))
        for option in options:
            if "feng_yi_se" in option.ids or all(
                option.amounts[s] >= MINIMUM for s in table.losers
            ):
                return Answer(True, req.players, option.scored)
        best = options[0]
        short = [s for s in sorted(table.losers) if best.amounts[s] < MINIMUM]
        return Answer(
            False, req.players, best.scored, reason="below_minimum",
            detail=f"每家不低于64 / every loser must pay at least {MINIMUM}: seat "
            + ", ".join(f"{s} would pay {best.amounts[s]}" for s in short),
        )
