"""wuhan: Wuhan mahjong with red dragon and laizi kongs (武汉麻将 红中赖子杠).

Per docs/rules/wuhan.md.

4 players, 136 tiles, chow allowed. The turned indicator fixes the laizi (wildcard) kind and the
赖子皮 kinds; red dragons and 赖子皮 never stay in a winning hand, they are put out as one-tile
kongs (`red_kong`, `pi_kong`; a put-out laizi is a `laizi_kong`). A winner must have opened (chow,
pung, exposed or added kong). Shapes: four sets and a 2-5-8 pair (any pair for 清一色 / 碰碰胡),
or 将一色 / 风一色 without sets. Value = base (屁胡 1, else 10 per big hand) x the winner's
multipliers (开口, 硬胡, his kongs). Every loser pays value x 2^f(L) with his own factors; caps
600 / 金顶 800 (1600 unopened) / 三阳开泰 3200; 连赖 and 连金 double; liability (清一色/将一色 third
set with 下雨, 全求人, 抢杠 杠进杠出) moves everything onto one player. No kong money.

The scorer overrides `score`: the document's order of non-win checks (section 10.6) and its
per-loser 64 minimum do not fit the shared loop. Decisions beyond the rules document (its
section 9 settles everything else):

- A `pi_kong` of the red dragon (red dragon indicator) is invalid: the document says a put-out
  red dragon is then a `red_kong`.
- 碰碰胡 stacks with 风一色 when an all-honour hand also reads as four triplets and a pair, as
  it does with 将一色 ("stacks like any big hand").
- `others`: keys other than `opened`, `kongs`, `no_rain`, `all_jiang` are ignored (the engine may
  send other rulesets' keys); an entry for the winner is ignored without being checked.
- A laizi cannot stand for a fifth copy of a kind whose four tiles are all in the winner's own
  concealed hand (the analysis API caps a kind at 4); no such hand is known to matter.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal

from majiang import analysis
from majiang.analysis import Shape
from majiang.rules.base import (
    MELD_KINDS,
    Answer,
    Group,
    Meld,
    Pattern,
    Reading,
    RequestError,
    Ruleset,
    Scored,
    WinRequest,
    standard_readings,
)
from majiang.tiles import KINDS, Tile, tile_name

RED: Tile = 33  # 红中
HONOUR_CYCLE: tuple[Tile, ...] = (27, 28, 29, 30, 32, 31)  # 东 南 西 北 发 白, then 东 again
SPECIAL_KONGS = ("red_kong", "pi_kong", "laizi_kong")
KONGS = ("exposed_kong", "added_kong", "concealed_kong", *SPECIAL_KONGS)
OPENING = frozenset(("chow", "pung", "exposed_kong", "added_kong"))
CAP, GOLD, GOLD_UNOPENED, THREE_SUNS, MINIMUM = 600, 800, 1600, 3200, 64
KONG_KEYS = ("red", "laizi", "pi", "exposed", "concealed")



def is_gold_win(request: dict[str, Any], answer: dict[str, Any]) -> bool:
    """Whether a scored win was a 金顶 (section 7.3; the engine's memory for 连金, 7.4 and 8).

    The winner receives the sum of the capped amounts (liability moves who pays, not how much):
    at most 3 x 600 without a 金顶, at least 3 x 800 with one, each doubled alike by 连赖.
    """
    if not answer.get("win"):
        return False
    received = int(answer["payments"][int(request["winner"])])
    if "repeat_laizi" in request.get("flags", ()):
        received //= 2
    return received >= (len(answer["payments"]) - 1) * GOLD  # every loser pays 800 or more

def loser_entry(kinds: Sequence[str], concealed: Sequence[Tile] | None, no_rain: bool = False,
                special: frozenset[Tile] = frozenset()) -> dict[str, Any]:
    """One loser's entry of a request's `others` (section 10.4), the form `_losers` reads: whether
    he has opened and his kongs by kind, from his melds' kinds (public: any seat can build it),
    下雨, and for the discarder of the winning tile (`concealed` given) whether every tile he holds
    is a plain 2-5-8 (满手全是将)."""
    entry: dict[str, Any] = {
        "opened": any(MELD_KINDS[k].claimed for k in kinds),
        "kongs": {
            "red": kinds.count("red_kong"), "laizi": kinds.count("laizi_kong"),
            "pi": kinds.count("pi_kong"),
            "exposed": kinds.count("exposed_kong") + kinds.count("added_kong"),
            "concealed": kinds.count("concealed_kong"),
        },
        "no_rain": no_rain,
    }
    if concealed is not None:
        entry["all_jiang"] = all(is_jiang(t) and t not in special for t in concealed)
    return entry


# ---------------------------------------------------------------------------------------------
# Laizi and 赖子皮 (section 2.1); the engine uses these too


def next_kind(tile: Tile) -> Tile:
    """The kind after `tile` in the laizi order (9 wraps to 1; 东南西北发白东; 红中 gives 发)."""
    if tile < 27:
        return tile - tile % 9 + (tile % 9 + 1) % 9
    if tile == RED:
        return 32
    return HONOUR_CYCLE[(HONOUR_CYCLE.index(tile) + 1) % len(HONOUR_CYCLE)]


def previous_kind(tile: Tile) -> Tile:
    """The kind before `tile` in the laizi order (before 红中: 北)."""
    if tile < 27:
        return tile - tile % 9 + (tile % 9 - 1) % 9
    if tile == RED:
        return 30
    return HONOUR_CYCLE[(HONOUR_CYCLE.index(tile) - 1) % len(HONOUR_CYCLE)]


def laizi_for(indicator: Tile) -> Tile:
    """The laizi kind a turned-up indicator gives."""
    return next_kind(indicator)


def pi_kinds(indicator: Tile) -> frozenset[Tile]:
    """The 赖子皮 kinds: the indicator's own kind (前赖子) and the kind before it (后赖子)."""
    return frozenset((indicator, previous_kind(indicator)))


def is_jiang(tile: Tile) -> bool:
    """A 2, 5 or 8 of a suit."""
    return tile < 27 and tile % 9 in (1, 4, 7)


def is_feng(tile: Tile) -> bool:
    """An honour of 风一色: 东南西北白发 (the red dragon never stays in a hand)."""
    return 27 <= tile < RED


# ---------------------------------------------------------------------------------------------
# The table around the winner: laizi, 赖子皮 and the losers' states


@dataclass(frozen=True)
class Loser:
    """One loser's state from `others` (section 10.4)."""

    opened: bool = False
    red: int = 0
    laizi: int = 0
    pi: int = 0
    exposed: int = 0
    concealed: int = 0
    no_rain: bool = False
    all_jiang: bool = False

    @property
    def kong_exponent(self) -> int:
        """His kongs as a power of 2: x2 each red, 皮 and exposed; x4 each laizi and concealed."""
        return self.red + self.pi + self.exposed + 2 * self.laizi + 2 * self.concealed


@dataclass(frozen=True)
class Table:
    laizi: Tile
    indicator: Tile
    pi: frozenset[Tile]
    losers: dict[int, Loser]


def _table(req: WinRequest) -> Table:
    """Resolve laizi and indicator, check the wuhan-specific fields, read `others`."""
    if req.players != 4:
        raise RequestError("players", f"wuhan is played by 4, not {req.players}")
    laizi, indicator = req.laizi, req.indicator
    if laizi == RED:
        raise RequestError("laizi", "the red dragon 红中 (7z) is never the laizi")
    if indicator is not None:
        if laizi is not None and laizi_for(indicator) != laizi:
            raise RequestError(
                "indicator",
                f"indicator {tile_name(indicator)} gives laizi {tile_name(laizi_for(indicator))}, "
                f"not {tile_name(laizi)}",
            )
        laizi = laizi_for(indicator)
    elif laizi is not None:
        indicator = previous_kind(laizi)
    if laizi is None or indicator is None:
        raise RequestError("laizi", "missing: a wuhan request names the laizi (or the indicator)")
    pi = pi_kinds(indicator)
    _check_melds(req, laizi, pi)
    if req.all_tiles[indicator] > 3:
        raise RequestError(
            "hand", f"more than 3 tiles of the indicator kind {tile_name(indicator)} "
            "(the fourth is the turned-up indicator)",
        )
    if req.win_type == "robbing_kong" and req.all_tiles[req.win_tile] != 1:
        raise RequestError(
            "win_tile", "a robbed kong's other three tiles are the konger's pung, so the winner "
            "cannot hold that kind",
        )
    if "kong_replacement" in req.flags:
        if not req.self_drawn:
            raise RequestError("flags", "kong_replacement (杠开) needs a self_drawn win")
        if not any(m.kind in KONGS for m in req.melds):
            raise RequestError("flags", "kong_replacement (杠开) needs a kong among the melds")
    return Table(laizi, indicator, pi, _losers(req))


def _check_melds(req: WinRequest, laizi: Tile, pi: frozenset[Tile]) -> None:
    previous_seat = (req.winner - 1) % req.players
    for i, meld in enumerate(req.melds):
        where = f"melds[{i}]"
        if meld.kind in SPECIAL_KONGS:
            if meld.source is not None:
                raise RequestError(
                    f"{where}.from", f"a {meld.kind} has no feeder: from must be null"
                )
            want = {
                "red_kong": meld.tile == RED,
                "laizi_kong": meld.tile == laizi,
                "pi_kong": meld.tile in pi and meld.tile != RED,
            }[meld.kind]
            if not want:
                what = {
                    "red_kong": "the red dragon 7z",
                    "laizi_kong": f"the laizi {tile_name(laizi)}",
                    "pi_kong": "a 赖子皮 kind: "
                    + " or ".join(tile_name(t) for t in sorted(pi) if t != RED),
                }[meld.kind]
                raise RequestError(f"{where}.tiles", f"a {meld.kind} is one tile of {what}")
            continue
        bad = sorted({t for t in meld.tiles if t in (RED, laizi) or t in pi})
        if bad:
            raise RequestError(
                f"{where}.tiles", "a declared set never holds a red dragon, laizi or 赖子皮 tile: "
                + ", ".join(tile_name(t) for t in bad),
            )
        if meld.kind == "chow" and meld.source is not None and meld.source != previous_seat:
            raise RequestError(
                f"{where}.from", f"a chow is taken from the previous seat ({previous_seat}) only"
            )


def _count(entry: dict[str, Any], key: str, where: str) -> int:
    value = entry.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RequestError(where, f"{key} must be a whole number >= 0, got {value!r}")
    return value


def _flag(entry: dict[str, Any], key: str, where: str) -> bool:
    value = entry.get(key, False)
    if not isinstance(value, bool):
        raise RequestError(where, f"{key} must be true or false, got {value!r}")
    return value


def _losers(req: WinRequest) -> dict[int, Loser]:
    seats = {str(s) for s in range(req.players)}
    for key in req.others:
        if key not in seats:
            raise RequestError("others", f"keys are seats '0'..'{req.players - 1}', got {key!r}")
    losers = {}
    for seat in range(req.players):
        if seat == req.winner:
            continue
        entry = req.others.get(str(seat), {})
        where = f"others.{seat}"
        kongs = entry.get("kongs") or {}
        if not isinstance(kongs, dict):
            raise RequestError(f"{where}.kongs", 'expected an object like {"red": 1}')
        unknown = sorted(set(kongs) - set(KONG_KEYS))
        if unknown:
            raise RequestError(
                f"{where}.kongs", f"unknown kong kinds {unknown}; known: {', '.join(KONG_KEYS)}"
            )
        counts = {k: _count(kongs, k, f"{where}.kongs") for k in KONG_KEYS}
        opened = entry.get("opened")
        if opened is None:
            opened = counts["exposed"] > 0
        elif not isinstance(opened, bool):
            raise RequestError(where, f"opened must be true or false, got {opened!r}")
        elif not opened and counts["exposed"]:
            raise RequestError(where, "an unopened player has no exposed kong (明杠 opens)")
        if req.win_type == "robbing_kong" and seat == req.discarder:
            if entry.get("opened") is False:
                raise RequestError(where, "the robbed player made a pung, so he has opened")
            opened = True
        losers[seat] = Loser(
            opened, counts["red"], counts["laizi"], counts["pi"], counts["exposed"],
            counts["concealed"], _flag(entry, "no_rain", where), _flag(entry, "all_jiang", where),
        )
    if sum(lo.no_rain for lo in losers.values()) > 1:
        raise RequestError("others", "no_rain marks only the first player who failed to 下雨")
    return losers


# ---------------------------------------------------------------------------------------------
# Readings


@dataclass(frozen=True)
class WuhanReading(Reading):
    """A reading plus what wuhan needs: tiles as read, hard or soft, laizi held, 乱将/乱风."""

    tiles: tuple[Tile, ...] = ()  # every tile as read (laizi as what they stand for)
    hard: bool = True  # no laizi stands for another kind
    laizi_tiles: int = 0  # laizi among the concealed tiles and the winning tile
    luan: bool = False  # 将一色 / 风一色 without sets: `tiles` omits the wildcard laizi


def _readings(req: WinRequest, table: Table) -> list[WuhanReading]:
    laizi = table.laizi
    counts = list(req.concealed)
    n = counts[laizi]
    counts[laizi] = 0
    out: list[WuhanReading] = []
    for reading in standard_readings(counts, req.melds, n):
        if RED in reading.jokers:
            continue  # a laizi never stands for the red dragon
        tiles = tuple(t for g in reading.groups for t in g.tiles)
        hard = all(j == laizi for j in reading.jokers)
        out.append(WuhanReading(reading.shape, reading.groups, reading.jokers, tiles, hard, n))
    plain = [t for t in range(KINDS) if t != laizi for _ in range(counts[t])]
    plain += [t for m in req.set_melds for t in m.tiles]
    for fits in (is_jiang, is_feng):
        if all(fits(t) for t in plain):
            face = fits(laizi)
            tiles = (*plain, *[laizi] * n) if face else tuple(plain)
            groups: list[Group] = []
            for t in range(KINDS):
                c = req.concealed[t]
                groups += [Group("pair", t, True)] * (c // 2) + [Group("single", t, True)] * (c % 2)
            out.append(WuhanReading(
                "standard", (*groups, *_declared_groups(req.melds)), (), tiles, face or n == 0, n,
                luan=True,
            ))
    return out


def _declared_groups(melds: Sequence[Meld]) -> list[Group]:
    out = []
    for m in melds:
        if not m.info.is_set:
            continue
        if m.kind == "chow":
            out.append(Group("sequence", min(m.tiles), False, m.kind))
        else:
            kind: Literal["triplet", "kong"] = "kong" if len(m.tiles) == 4 else "triplet"
            out.append(Group(kind, m.tile, m.kind == "concealed_kong", m.kind))
    return out


def _lone_laizi_wait(req: WinRequest, laizi: Tile) -> bool:
    """The concealed tiles before the winning tile are one laizi plus complete sets (4.4)."""
    counts = [0] * KINDS
    for t in req.hand:
        counts[t] += 1
    n = counts[laizi]
    if not n:
        return False
    counts[laizi] = 0
    counts[RED] = 2  # a pair no laizi may touch: sets-only iff it is the pair
    return any(
        a.pair == RED and RED not in a.jokers for a in analysis.arrangements(counts, n - 1)
    )


# ---------------------------------------------------------------------------------------------
# Patterns (section 5): base values, then the winner's multipliers


def _as_wuhan(reading: Reading) -> WuhanReading:
    if not isinstance(reading, WuhanReading):
        raise TypeError("wuhan patterns read a WuhanReading")
    return reading


def _all_tiles(pred: Callable[[Tile], bool]) -> Callable[[WinRequest, Reading], int]:
    def test(req: WinRequest, reading: Reading) -> int:
        tiles = _as_wuhan(reading).tiles
        return int(bool(tiles) and all(pred(t) for t in tiles))

    return test


def _qing(req: WinRequest, reading: Reading) -> int:
    r = _as_wuhan(reading)
    return int(not r.luan and len({t // 9 if t < 27 else 3 for t in r.tiles}) == 1
               and r.tiles[0] < 27)


def _peng(req: WinRequest, reading: Reading) -> int:
    r = _as_wuhan(reading)
    return int(not r.luan and all(g.is_triplet_like for g in r.sets))


def _gang_kai(req: WinRequest, reading: Reading) -> int:
    return int(req.self_drawn and "kong_replacement" in req.flags)


def _qiang_gang(req: WinRequest, reading: Reading) -> int:
    return int(req.win_type == "robbing_kong")


def _hai_lao(req: WinRequest, reading: Reading) -> int:
    return int(req.self_drawn and "last_tile" in req.flags)


def _quan_qiu_ren(req: WinRequest, reading: Reading) -> int:
    sets = req.set_melds
    return int(
        req.win_type == "discard" and len(sets) == 4 and all(m.kind in OPENING for m in sets)
        and req.hand == (req.win_tile,) and is_jiang(req.win_tile)
    )


def _no_big_hand(req: WinRequest, reading: Reading) -> int:
    return int(not any(p.test(req, reading) for p in BIG_HANDS))


def _melds_of(*kinds: str) -> Callable[[WinRequest, Reading], int]:
    def test(req: WinRequest, reading: Reading) -> int:
        return sum(1 for m in req.melds if m.kind in kinds)

    return test


def _one(req: WinRequest, reading: Reading) -> int:
    return 1


def _hard(req: WinRequest, reading: Reading) -> int:
    return int(_as_wuhan(reading).hard)


BIG_HANDS: tuple[Pattern, ...] = (
    Pattern("qing_yi_se", "清一色", "Full flush", 10, _qing),
    Pattern("jiang_yi_se", "将一色", "All 2-5-8", 10, _all_tiles(is_jiang)),
    Pattern("feng_yi_se", "风一色", "All honours", 10, _all_tiles(is_feng)),
    Pattern("peng_peng_hu", "碰碰胡", "All triplets", 10, _peng),
    Pattern("gang_kai", "杠开", "Win on a kong replacement", 10, _gang_kai),
    Pattern("qiang_gang", "抢杠", "Robbing a kong", 10, _qiang_gang),
    Pattern("quan_qiu_ren", "全求人", "All melded, won on a discard", 10, _quan_qiu_ren),
    Pattern("hai_lao", "海捞", "Win on a draw from the last 14 tiles", 10, _hai_lao),
)
PI_HU = Pattern("pi_hu", "屁胡", "Basic win", 1, _no_big_hand)
# Multipliers: `value` is the factor per count; the answer shows factor ** count.
MULTIPLIERS: tuple[Pattern, ...] = (
    Pattern("kai_kou", "开口", "Opened", 2, _one),
    Pattern("ying_hu", "硬胡", "Hard win", 2, _hard),
    Pattern("hong_zhong_gang", "红中杠", "Red dragon kongs", 2, _melds_of("red_kong")),
    Pattern("pi_zi_gang", "皮子杠", "Indicator kongs", 2, _melds_of("pi_kong")),
    Pattern("lai_zi_gang", "赖子杠", "Laizi kongs", 4, _melds_of("laizi_kong")),
    Pattern("ming_gang", "明杠", "Exposed kongs", 2, _melds_of("exposed_kong", "added_kong")),
    Pattern("an_gang", "暗杠", "Concealed kongs", 4, _melds_of("concealed_kong")),
)
SELF_DRAW_DOUBLES = frozenset(("pi_hu", "qing_yi_se", "jiang_yi_se", "feng_yi_se", "peng_peng_hu"))
FREE_PAIR = frozenset(("qing_yi_se", "peng_peng_hu", "jiang_yi_se", "feng_yi_se"))


def _legal_shape(req: WinRequest, reading: WuhanReading) -> bool:
    """Section 4.2: 乱将/乱风, or four sets and a pair that is 2-5-8 unless a big hand frees it."""
    if reading.luan:
        return True
    pair = reading.pair
    if pair is not None and is_jiang(pair.tile):
        return True
    return any(p.test(req, reading) for p in BIG_HANDS if p.id in FREE_PAIR)


# ---------------------------------------------------------------------------------------------
# The ruleset


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
        _table(req)

    def readings(self, req: WinRequest) -> list[Reading]:
        return list(_readings(req, _table(req)))

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

    # -- settlement (section 7) ----------------------------------------------------------------

    def settle(
        self, req: WinRequest, table: Table, ids: frozenset[str], value: int
    ) -> tuple[list[int], int | None, tuple[int, ...]]:
        """Payments per seat, the liable seat, and each seat's amount A(L) before caps."""
        pi_hu = "pi_hu" in ids
        self_draw = req.self_drawn and bool(ids & SELF_DRAW_DOUBLES)
        amounts = [0] * req.players
        for seat, lo in table.losers.items():
            robbed = req.win_type == "robbing_kong" and seat == req.discarder
            f = lo.opened + lo.kong_exponent + robbed
            f += pi_hu and req.dealer in (req.winner, seat)
            f += req.win_type == "discard" and seat == req.discarder
            f += self_draw
            amounts[seat] = value * 2**f
        losers = sorted(table.losers)
        feng = "feng_yi_se" in ids
        gold = feng or all(amounts[s] >= CAP for s in losers)
        final = [0] * req.players
        for seat in losers:
            if not gold:
                final[seat] = min(amounts[seat], CAP)
            elif not any(table.losers[s].opened for s in losers):
                final[seat] = THREE_SUNS
            else:
                final[seat] = GOLD if table.losers[seat].opened else GOLD_UNOPENED
            if "repeat_laizi" in req.flags:
                final[seat] *= 2
            if gold and "repeat_gold" in req.flags:
                final[seat] *= 2
        total = sum(final)
        liable = None if feng else self.liability(req, table, ids)
        pay = [0] * req.players
        if liable is not None:
            pay[liable] = -total
        else:
            for seat in losers:
                pay[seat] = -final[seat]
        pay[req.winner] = total
        return pay, liable, tuple(amounts)

    def liability(self, req: WinRequest, table: Table, ids: frozenset[str]) -> int | None:
        """包牌 (7.5): 清一色/将一色 third set (or the first who failed 下雨), 全求人, 抢杠."""
        claimed = req.claimed_melds
        if ids & {"qing_yi_se", "jiang_yi_se"} and len(claimed) >= 3:
            feeder = claimed[2].source
            if feeder is not None:
                if "qing_yi_se" in ids:
                    rain = [s for s, lo in table.losers.items() if lo.no_rain and s != feeder]
                    if rain:
                        return rain[0]
                return feeder
        if (
            "quan_qiu_ren" in ids
            and req.discarder is not None
            and not table.losers[req.discarder].all_jiang
        ):
            return req.discarder
        if req.win_type == "robbing_kong":
            return req.discarder
        return None

    # -- scoring (section 10.6) ----------------------------------------------------------------

    def score(self, req: WinRequest) -> Answer:
        table = _table(req)

        def no(reason: Literal["not_complete", "forbidden"], zh: str, en: str) -> Answer:
            return Answer(False, req.players, reason=reason, detail=f"{zh} / {en}")

        held = [t for t in (*req.hand, req.win_tile) if t == RED or t in table.pi]
        if held:
            return no("forbidden", "手中有红中或赖子皮，不能胡",
                      f"{tile_name(held[0])} (red dragon or 赖子皮) must be put out before a win")
        if not req.self_drawn and req.win_tile == table.laizi:
            return no("forbidden", "不能胡别人打出或杠出的赖子",
                      "no win on a laizi put out by another player")
        legal = [r for r in _readings(req, table) if _legal_shape(req, r)]
        if not legal:
            return no("not_complete", "不成胡牌牌型",
                      "the tiles form no winning shape (4 sets and a 2-5-8 pair, 将一色, 风一色)")
        if not any(m.kind in OPENING for m in req.melds):
            return no("forbidden", "不开口不能胡牌", "the winner has not opened (吃, 碰 or 明杠)")
        if not req.self_drawn:
            if "passed_win" in req.flags:
                return no("forbidden", "漏胡：过胡后未摸牌",
                          "under the pass lock (漏胡) for this tile kind until one's next draw")
            if _lone_laizi_wait(req, table.laizi):
                legal = [r for r in legal if r.hard]
                if not legal:
                    return no("forbidden", "见字胡只能自摸",
                              "a lone-laizi wait (见字胡) wins by self-draw only")
        options = []
        for reading in legal:
            counted = self.count_patterns(req, reading)
            ids = frozenset(p.id for p, _ in counted)
            if "pi_hu" in ids and reading.laizi_tiles > 1:
                continue
            value = self.combine_values(counted)
            pay, liable, amounts = self.settle(req, table, ids, value)
            scored = Scored(reading, tuple(counted), value, tuple(pay), liable)
            options.append(_Option(scored, amounts, ids))
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


MULTIPLIER_IDS = frozenset(p.id for p in MULTIPLIERS)

RULESET = Wuhan()
