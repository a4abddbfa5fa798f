"""wuhan: the readings of a winning hand (laizi standing in, 乱将 / 乱风) and the patterns
(section 5): base values, then the winner's multipliers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from majiang import analysis
from majiang.rules.base import Group, Meld, Pattern, Reading, WinRequest, standard_readings
from majiang.rules.wuhan.table import OPENING, RED, Table, is_feng, is_jiang
from majiang.tiles import KINDS, Tile

# ---------------------------------------------------------------------------------------------
# Readings


@dataclass(frozen=True)
class WuhanReading(Reading):
    """A reading plus what wuhan needs: tiles as read, hard or soft, laizi held, 乱将/乱风."""

    tiles: tuple[Tile, ...] = ()  # every tile as read (laizi as what they stand for)
    hard: bool = True  # no laizi stands for another kind
    laizi_tiles: int = 0  # laizi among the concealed tiles and the winning tile
    luan: bool = False  # 将一色 / 风一色 without sets: `tiles` omits the wildcard laizi


def wuhan_readings(req: WinRequest, table: Table) -> list[WuhanReading]:
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


def lone_laizi_wait(req: WinRequest, laizi: Tile) -> bool:
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
    Pattern("pi_zi_gang", "皮子杠", "Laizi-skin kongs", 2, _melds_of("pi_kong")),
    Pattern("lai_zi_gang", "赖子杠", "Laizi kongs", 4, _melds_of("laizi_kong")),
    Pattern("ming_gang", "明杠", "Exposed kongs", 2, _melds_of("exposed_kong", "added_kong")),
    Pattern("an_gang", "暗杠", "Concealed kongs", 4, _melds_of("concealed_kong")),
)
SELF_DRAW_DOUBLES = frozenset(("pi_hu", "qing_yi_se", "jiang_yi_se", "feng_yi_se", "peng_peng_hu"))
FREE_PAIR = frozenset(("qing_yi_se", "peng_peng_hu", "jiang_yi_se", "feng_yi_se"))


def legal_shape(req: WinRequest, reading: WuhanReading) -> bool:
    """Section 4.2: 乱将/乱风, or four sets and a pair that is 2-5-8 unless a big hand frees it."""
    if reading.luan:
        return True
    pair = reading.pair
    if pair is not None and is_jiang(pair.tile):
        return True
    return any(p.test(req, reading) for p in BIG_HANDS if p.id in FREE_PAIR)

MULTIPLIER_IDS = frozenset(p.id for p in MULTIPLIERS)
