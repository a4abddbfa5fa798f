"""jincheng: Jincheng mahjong (晋城麻将, Shanxi), per docs/rules/jincheng.md.

4 players, 136 tiles, no chow, no wildcards. Only a player who has declared ready (上架, the
`declared` flag) may win. Three shapes win, each named as exactly one pattern worth 1:
十三么 `shi_san_yao`, else 七对 `qi_dui`, else 平胡 `ping_hu` (D5: this order, not the contract's
alphabetical tie step, names a hand that reads several ways). A 十三么 hand may hold single 拾
(`picked`, from the 上家) and 搶 (`grabbed`, at most one) tiles; they are frozen: with them the hand
wins only as 十三么, and never with a frozen tile in its pair (`forbidden`, D6).

Every win pays by one table (section 7.1): each of the three others pays a share of 2 if he or the
winner is the dealer, else 1; self-drawn doubles every share; on a discard or a robbed kong an
undeclared feeder (点炮) pays double his share. Kong money (1 each for exposed and added kongs, 2
each for concealed ones, from all three others), 前包 (dealer pays 1 each) and 后包 (dealer pays 2
each at 荒庄, kong money cancelled) are settled by the engine apart from the win; this module
states their amounts.

Decisions beyond the rules document (its section 9 decides the rest):
- `win_type` is required (section 10): a request that does not spell it out is refused.
- `others`: every entry is checked (keys "0".."3", `declared` a boolean when present), though only
  the feeder's is read; an entry for the winner himself is ignored.
- A frozen tile's kind may also be held concealed (a copy drawn after picking): that is valid, and
  if that copy makes the 十三么 pair the win is `forbidden` like a frozen winning tile.
- Decomposition of a 十三么 hand: the twelve singles in tile order (frozen ones among them), then
  the pair.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

from majiang import analysis
from majiang.analysis import Shape
from majiang.rules.base import (
    KONG_KINDS,
    Group,
    Meld,
    Pattern,
    Predicate,
    Reading,
    RequestError,
    Ruleset,
    WinRequest,
    seven_pairs_reading,
    standard_readings,
)
from majiang.rules.explain import DEALER, SELF_DRAWN, Factor, Label, Share, fold
from majiang.tiles import TERMINALS_AND_HONORS, Tile, is_terminal_or_honor, tile_name

FROZEN_KINDS = ("picked", "grabbed")

# id, 中文, English, the reading shape it names. Exactly one matches a reading; all are worth 1.
_SHAPES: tuple[tuple[str, str, str, str], ...] = (
    ("ping_hu", "平胡", "Basic win", "standard"),
    ("qi_dui", "七对", "Seven pairs", "seven_pairs"),
    ("shi_san_yao", "十三么", "Thirteen orphans", "thirteen_orphans"),
)

# Kong money: what each of the three other players pays the kong-er (section 7.2).
KONG_MONEY_EACH: dict[str, int] = {"exposed_kong": 1, "added_kong": 1, "concealed_kong": 2}


def _shape_test(shape: str) -> Predicate:
    def test(req: WinRequest, reading: Reading) -> int:
        return int(reading.shape == shape)

    return test


def frozen_tiles(melds: Sequence[Meld]) -> dict[Tile, str]:
    """The 拾 and 搶 tiles among the melds (frozen singles of a thirteen orphans hand): kind."""
    return {m.tile: m.kind for m in melds if m.kind in FROZEN_KINDS}


def thirteen_orphans_reading(counts: Sequence[int], frozen: Mapping[Tile, str]) -> Reading:
    """The twelve singles in tile order (frozen ones as declared groups), then the pair."""
    singles: list[Group] = []
    pair: Group | None = None
    for t in TERMINALS_AND_HONORS:
        meld = frozen.get(t)
        if counts[t] == 2:
            pair = Group("pair", t, meld is None, meld)
        else:
            singles.append(Group("single", t, meld is None, meld))
    assert pair is not None
    return Reading("thirteen_orphans", (*singles, pair))


def declared_state(others: Mapping[str, Any], seat: int) -> bool:
    """The 上架 state of another seat from the request's `others` (missing: not declared)."""
    entry = others.get(str(seat)) or {}
    return bool(entry.get("declared", False))


UNDECLARED_FEEDER = Factor("discarder", "点炮（未上架）",
                           "Discarded the winning tile, not declared", 2)


def win_shares(
    dealer: int, winner: int, feeder: int | None, feeder_declared: bool, value: int = 1,
    players: int = 4,
) -> list[Share]:
    """The win payment table (section 7.1) as each other seat's share; feeder None: self-drawn.
    A share is 1, x2 when he or the winner deals, x2 self-drawn or for an undeclared feeder."""
    shares = []
    for seat in range(players):
        if seat == winner:
            continue
        factors = [DEALER] if dealer in (seat, winner) else []
        if feeder is None:
            factors.append(SELF_DRAWN)
        elif seat == feeder and not feeder_declared:
            factors.append(UNDECLARED_FEEDER)
        shares.append(Share(seat, value, tuple(factors)))
    return shares


def win_payments(
    dealer: int, winner: int, feeder: int | None, feeder_declared: bool, value: int = 1,
    players: int = 4,
) -> list[int]:
    """The win payment table (section 7.1) as per-seat units; feeder None: self-drawn."""
    return fold(players, winner, win_shares(dealer, winner, feeder, feeder_declared, value,
                                            players))


class Jincheng(Ruleset):
    id: ClassVar[str] = "jincheng"
    zh: ClassVar[str] = "晋城麻将"
    en: ClassVar[str] = "Jincheng"
    meld_kinds: ClassVar[frozenset[str]] = frozenset(("pung", *KONG_KINDS, *FROZEN_KINDS))
    shapes: ClassVar[Shape] = Shape.STANDARD | Shape.SEVEN_PAIRS | Shape.THIRTEEN_ORPHANS
    patterns: ClassVar[tuple[Pattern, ...]] = tuple(
        Pattern(pid, zh, en, 1, _shape_test(shape)) for pid, zh, en, shape in _SHAPES
    )
    combine: ClassVar[Literal["best", "sum", "product"]] = "best"
    ignores: ClassVar[frozenset[str]] = frozenset(("laizi", "indicator", "round_wind", "seat_wind"))

    # Settlement amounts the engine applies apart from the win (sections 1, 3.2, 3.4, 7).
    dead_stacks: ClassVar[int] = 7  # 荒牌: the last 7 stacks, one more per kong
    qian_bao_each: ClassVar[int] = 1  # 前包 / 跟庄: the dealer pays each other player
    hou_bao_each: ClassVar[int] = 2  # 后包 at 荒庄: the dealer pays each other player
    kong_money_at_draw: ClassVar[bool] = False  # 荒庄 cancels the hand's kong money
    draw_label: ClassVar[Label | None] = Label(
        "hou_bao", "荒庄后包：庄家付每家2注",
        "Exhaustive draw (后包): the dealer pays each 2 units")

    # -- game facts -------------------------------------------------------------------------------

    def kong_money(
        self, kind: str, konger: int, feeder: int | None, chain: int = 1
    ) -> list[int]:
        """Each of the three others pays the kong-er 1 (exposed, added) or 2 (concealed)."""
        if kind not in KONG_MONEY_EACH:
            raise ValueError(f"{kind!r} is not a kong; kongs: {', '.join(KONG_MONEY_EACH)}")
        return self._one_to_each(konger, -KONG_MONEY_EACH[kind])

    def qian_bao(self, dealer: int) -> list[int]:
        """前包 (following the dealer): the dealer pays each other player 1."""
        return self._one_to_each(dealer, self.qian_bao_each)

    def hou_bao(self, dealer: int) -> list[int]:
        """后包 (exhaustive draw): the dealer pays each other player 2."""
        return self._one_to_each(dealer, self.hou_bao_each)

    def draw_payments(self, dealer: int, declared: Sequence[bool]) -> list[int]:
        return self.hou_bao(dealer)

    def _one_to_each(self, seat: int, each: int) -> list[int]:
        """`seat` pays each other player `each` units (negative `each`: receives from each)."""
        pay = [each] * self.players
        pay[seat] = -each * (self.players - 1)
        return pay

    def next_dealer(
        self, dealer: int, winners: Sequence[int], declared: Sequence[int] = ()
    ) -> int:
        """The dealer deals again only when he wins; otherwise (荒庄 too) his 下家 deals."""
        return dealer if dealer in winners else (dealer + 1) % self.players

    # -- scoring hooks ----------------------------------------------------------------------------

    def expected_hand_size(self, melds: Sequence[Meld]) -> int:
        sets = sum(1 for m in melds if m.info.is_set)
        return 13 - 3 * sets - sum(1 for m in melds if m.kind in FROZEN_KINDS)

    def validate(self, req: WinRequest) -> None:
        if req.players != 4:
            raise RequestError("players", f"jincheng is played by 4, not {req.players}")
        if "win_type" not in req.given:
            raise RequestError(
                "win_type", "missing: jincheng needs self_drawn, discard or robbing_kong"
            )
        self._validate_others(req.others)
        self._validate_melds(req)
        if req.win_type == "robbing_kong" and req.all_tiles[req.win_tile] != 1:
            raise RequestError(
                "win_tile",
                "a robbed kong's other three tiles are the kong-er's pung, so the winner cannot "
                f"hold another {tile_name(req.win_tile)}",
            )

    def _validate_others(self, others: Mapping[Any, Any]) -> None:
        seats = [str(s) for s in range(self.players)]
        for key, entry in others.items():
            if key not in seats:
                raise RequestError(
                    "others", f"keys are seats {', '.join(seats)} as strings, got {key!r}"
                )
            if "declared" in entry and not isinstance(entry["declared"], bool):
                raise RequestError(
                    f"others.{key}.declared",
                    f"must be true or false, got {entry['declared']!r}",
                )

    def _validate_melds(self, req: WinRequest) -> None:
        upper = (req.winner + self.players - 1) % self.players
        seen: set[Tile] = set()
        grabbed = 0
        for i, meld in enumerate(req.melds):
            if meld.kind not in FROZEN_KINDS:
                continue
            where = f"melds[{i}]"
            if not is_terminal_or_honor(meld.tile):
                raise RequestError(
                    f"{where}.tiles",
                    f"拾/搶 take only terminal and honour tiles, not {tile_name(meld.tile)}",
                )
            if meld.tile in seen:
                raise RequestError(
                    f"{where}.tiles",
                    f"two picked or grabbed {tile_name(meld.tile)}: a kind is taken at most once",
                )
            seen.add(meld.tile)
            if meld.kind == "picked" and meld.source is not None and meld.source != upper:
                raise RequestError(
                    f"{where}.from",
                    f"拾 takes only from the winner's 上家 (seat {upper}), not seat {meld.source}",
                )
            if meld.kind == "grabbed":
                grabbed += 1
                if grabbed > 1:
                    raise RequestError(f"{where}.kind", "搶 (grab) happens at most once a hand")
        if seen and req.set_melds:
            raise RequestError(
                "melds", "拾/搶 tiles cannot go with pungs or kongs (a thirteen orphans hand)"
            )

    def readings(self, req: WinRequest) -> list[Reading]:
        """The hand's readings of the first shape that fits: 十三么, 七对, then 平胡 (D5)."""
        frozen = frozen_tiles(req.melds)
        if frozen:  # committed to thirteen orphans: the frozen tiles are among its singles
            counts = req.all_tiles
            if analysis.is_thirteen_orphans(counts):
                return [thirteen_orphans_reading(counts, frozen)]
            return []
        counts = req.concealed
        if not req.melds:
            if analysis.is_thirteen_orphans(counts):
                return [thirteen_orphans_reading(counts, {})]
            if analysis.is_seven_pairs(counts):
                return [seven_pairs_reading(counts)]
        return standard_readings(counts, req.melds)

    def forbidden(self, req: WinRequest, reading: Reading) -> str | None:
        if reading.shape == "thirteen_orphans":
            pair = reading.groups[-1]
            if pair.tile in frozen_tiles(req.melds):
                return (
                    f"拾/搶的牌不能做将: the pair {tile_name(pair.tile)} would use a frozen "
                    "picked or grabbed tile"
                )
        if "declared" not in req.flags:
            return "未上架不能胡: only a player who has declared ready (上架) may win"
        return super().forbidden(req, reading)

    def shares(
        self, req: WinRequest, reading: Reading, value: int
    ) -> tuple[list[Share], int | None, Label | None]:
        feeder = req.discarder
        declared = feeder is not None and declared_state(req.others, feeder)
        return win_shares(req.dealer, req.winner, feeder, declared, value, req.players), None, None


RULESET = Jincheng()
