"""yangzhou: Yangzhou 18-fan mahjong (扬州麻将 十八番), per docs/rules/yangzhou.md.

4 players, 136 tiles, chow allowed, four sets and a pair only (no seven pairs, no orphans). Fan
are added; a hand wins with 18 fan or more. Each reading gets one colour (风清 / 清一色 / 混一色),
对对胡, at most one big sequence pattern (钢板, 铁板, 双板板 and variants, 一板, 三副同, 四副同,
一条龙, 板龙, 双飘), the named compounds that replace their parts (清对对, 清龙板, 浑龙, 浑板龙,
浑一色对对胡), and the 1-fan patterns; 齐相 / 连副 / 老少 count once per pair of different chow
kinds not covered by the big pattern. Self-drawn: each other seat pays the value; discard or
robbed kong: the discarder alone. 包牌: in a 清一色 hand the feeder of the third claimed meld pays
everything. No kong money.

Decisions beyond the rules document:
- 丫子 / 独吊 look at the whole hand, not at one reading: the wait is a property of the 13 tiles,
  and 独吊 holds when any arrangement has the winning kind as its pair (section 5).
- Liability needs the third claimed meld's `from`; when it is null (unknown) nobody is liable
  and the plain payments apply.
- Checks are ordered as section 10 says: `below_minimum` comes before `forbidden`, so a locked
  (`passed_win`) hand under 18 fan reports `below_minimum` (the shared loop would say
  `forbidden`): the class sets `minimum_first`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from typing import ClassVar, Literal

from majiang import analysis
from majiang.rules.base import (
    KONG_KINDS,
    Meld,
    Pattern,
    Reading,
    RequestError,
    Ruleset,
    WinRequest,
    colour,
    has_honours,
)
from majiang.tiles import DRAGONS, TERMINALS, Tile, tile_name

ColourName = Literal["feng", "qing", "hun", "mixed"]
Wait = Literal["du_diao", "ya_zi"] | None
EAST = 27
KONG_FAN = {"exposed_kong": 1, "added_kong": 1, "concealed_kong": 2}
LIABLE_COLOUR: ColourName = "qing"  # 清一色, 清对对, 清龙板: every 清一色 reading


# ---------------------------------------------------------------------------------------------
# Chow kinds: a chow is named by its first tile (suit * 9 + start number - 1)


def _suit(chow: int) -> int:
    return chow // 9


def _num(chow: int) -> int:
    return chow % 9


def _related(a: int, b: int) -> str | None:
    """The 1-fan relation between two different chow kinds, if any."""
    if _num(a) == _num(b):
        return "qi_xiang"
    if _suit(a) != _suit(b):
        return None
    if abs(_num(a) - _num(b)) == 3:
        return "lian_fu"
    if {_num(a), _num(b)} == {0, 6}:
        return "lao_shao"
    return None


def _pairs(kinds: set[int] | list[int]) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(p) for p in combinations(sorted(set(kinds)), 2))


NO_PAIRS: frozenset[frozenset[int]] = frozenset()


@cache
def big_sequence(chows: tuple[int, ...]) -> tuple[str | None, frozenset[frozenset[int]]]:
    """The one big sequence pattern of sorted `chows` (or None), and the kind pairs it covers."""
    mult = Counter(chows)
    kinds = sorted(mult)
    top = sorted(mult.values(), reverse=True)
    if not top:
        return None, NO_PAIRS
    if top[0] == 4:
        return "gang_ban", NO_PAIRS
    if top[0] == 3:
        return "tie_ban", NO_PAIRS
    if top[:2] == [2, 2]:
        a, b = kinds
        if _num(a) == _num(b):
            return "shuang_ban_ban_shuang_qi_xiang", _pairs(kinds)
        if _suit(a) == _suit(b) and {_num(a), _num(b)} == {0, 6}:
            return "shuang_ban_ban_shuang_lao_shao", _pairs(kinds)
        return "shuang_ban_ban", NO_PAIRS
    if top[0] == 2:
        if len(chows) == 4 and len({_num(k) for k in kinds}) == 1 and len(kinds) == 3:
            return "si_fu_tong", _pairs(kinds)
        if len(kinds) == 3 and _is_dragon(kinds):
            return "ban_long", _pairs(kinds)
        return "yi_ban", NO_PAIRS
    for suit in range(3):
        dragon = [suit * 9, suit * 9 + 3, suit * 9 + 6]
        if set(dragon) <= set(kinds):
            return "yi_tiao_long", _pairs(dragon)
    for num in range(7):
        same = [num, num + 9, num + 18]
        if set(same) <= set(kinds):
            return "san_fu_tong", _pairs(same)
    if len(kinds) == 4 and _is_shuang_piao(kinds):
        return "shuang_piao", _pairs(kinds)
    return None, NO_PAIRS


def _is_dragon(kinds: list[int]) -> bool:
    return len({_suit(k) for k in kinds}) == 1 and sorted(_num(k) for k in kinds) == [0, 3, 6]


def _is_shuang_piao(kinds: list[int]) -> bool:
    """aX bX aY bY: two suits with the same two start numbers, related by 连副 or 老少."""
    by_suit: dict[int, set[int]] = {}
    for k in kinds:
        by_suit.setdefault(_suit(k), set()).add(_num(k))
    if len(by_suit) != 2:
        return False
    x, y = by_suit.values()
    if x != y or len(x) != 2:
        return False
    a, b = sorted(x)
    return b - a == 3 or (a, b) == (0, 6)


# ---------------------------------------------------------------------------------------------
# Wait of the hand (丫子 / 独吊): a property of the 13 tiles, the same for every reading


@lru_cache(maxsize=4096)
def hand_wait(hand: tuple[Tile, ...], melds: tuple[Meld, ...], win_tile: Tile) -> Wait:
    """du_diao / ya_zi when the 13 tiles wait on exactly one kind, else None."""
    counts = [0] * 34
    for t in hand:
        counts[t] += 1
    held = list(counts)
    for meld in melds:
        for t in meld.tiles:
            held[t] += 1
    waits = [t for t in analysis.waits(counts) if held[t] < 4]
    if waits != [win_tile]:
        return None
    counts[win_tile] += 1
    if any(a.pair == win_tile for a in analysis.arrangements(counts)):
        return "du_diao"
    return "ya_zi"


# ---------------------------------------------------------------------------------------------
# What one reading holds, worked out once and read by every pattern


@dataclass(frozen=True)
class Features:
    req: WinRequest
    reading: Reading
    colour: ColourName
    honours: bool
    suits: int
    chows: tuple[int, ...]
    triplets: tuple[Tile, ...]
    big: str | None
    relations: Counter[str]
    wait: Wait

    @property
    def all_triplets(self) -> bool:
        return self.reading.all_triplets

    @property
    def seat_wind(self) -> Tile:
        req = self.req
        if req.seat_wind is not None:
            return req.seat_wind
        return EAST + (req.winner - req.dealer) % 4

    @property
    def round_wind(self) -> Tile:
        return self.req.round_wind if self.req.round_wind is not None else EAST


def hand_colour(all_counts: list[int]) -> ColourName:
    """feng: honours only; else the shared qing / hun / mixed."""
    if not any(all_counts[:27]):
        return "feng"
    return colour(all_counts)


def features(req: WinRequest, reading: Reading) -> Features:
    counts = req.all_tiles
    chows = tuple(sorted(g.tile for g in reading.sets if g.kind == "sequence"))
    big, covered = big_sequence(chows)
    relations: Counter[str] = Counter()
    for pair in _pairs(list(chows)):
        if pair in covered:
            continue
        rel = _related(*sorted(pair))
        if rel:
            relations[rel] += 1
    return Features(
        req=req,
        reading=reading,
        colour=hand_colour(counts),
        honours=has_honours(counts),
        suits=sum(1 for s in range(3) if any(counts[s * 9:s * 9 + 9])),
        chows=chows,
        triplets=tuple(g.tile for g in reading.sets if g.is_triplet_like),
        big=big,
        relations=relations,
        wait=hand_wait(req.hand, req.melds, req.win_tile),
    )


Rule = Callable[[Features], int]


def _big(pid: str, col: ColourName | None = None) -> Rule:
    return lambda f: int(f.big == pid and (col is None or f.colour == col))


def _no_honours(test: Callable[[Features], bool]) -> Rule:
    return lambda f: int(not f.honours and test(f))


def _zi_ge(f: Features) -> int:
    return sum(KONG_FAN.get(m.kind, 0) for m in f.req.melds)


# id, 中文, English, fan, rule (times counted), patterns it replaces: one row per pattern (§5-6).
_TABLE: tuple[tuple[str, str, str, int, Rule, tuple[str, ...]], ...] = (
    ("men_qing", "门清", "Concealed hand", 1, lambda f: int(f.req.concealed_hand), ()),
    ("ping_hu", "平糊", "All chows", 1,
     lambda f: int(len(f.chows) == 4 and f.colour == "mixed"), ()),
    ("zi_mo", "自摸", "Self-drawn", 1, lambda f: int(f.req.self_drawn), ()),
    ("ya_zi", "丫子", "Single wait", 1, lambda f: int(f.wait == "ya_zi"), ()),
    ("du_diao", "独吊", "Pair wait", 1, lambda f: int(f.wait == "du_diao"), ()),
    ("que_yi", "缺一", "One suit missing", 1, _no_honours(lambda f: f.suits == 2), ()),
    ("yao_tou", "幺头", "Terminal pair", 1,
     _no_honours(lambda f: f.reading.pair is not None and f.reading.pair.tile in TERMINALS), ()),
    ("duan_yao", "断幺", "No terminals", 1,
     _no_honours(lambda f: not any(f.req.all_tiles[t] for t in TERMINALS)), ()),
    ("qi_xiang", "齐相", "Same chow in two suits", 1, lambda f: f.relations["qi_xiang"], ()),
    ("lian_fu", "连副", "Consecutive chows", 1, lambda f: f.relations["lian_fu"], ()),
    ("lao_shao", "老少", "Old and young", 1, lambda f: f.relations["lao_shao"], ()),
    ("zi_ge", "子格", "Kongs", 1, _zi_ge, ()),
    ("men_feng", "门风", "Seat wind", 1, lambda f: f.triplets.count(f.seat_wind), ()),
    ("quan_feng", "圈风", "Round wind", 1, lambda f: f.triplets.count(f.round_wind), ()),
    ("zhong_fa_bai", "中发白", "Dragon triplet", 1,
     lambda f: sum(1 for t in f.triplets if t in DRAGONS), ()),
    ("yi_ban", "一板", "Two identical chows", 15, _big("yi_ban"), ()),
    ("tie_ban", "铁板", "Three identical chows", 80, _big("tie_ban"), ()),
    ("gang_ban", "钢板", "Four identical chows", 500, _big("gang_ban"), ()),
    ("shuang_ban_ban", "双板板", "Two pairs of identical chows", 50, _big("shuang_ban_ban"), ()),
    ("shuang_ban_ban_shuang_qi_xiang", "双板板双齐相", "Two pairs of identical chows, same numbers",
     80, _big("shuang_ban_ban_shuang_qi_xiang"), ()),
    ("shuang_ban_ban_shuang_lao_shao", "双板板双老少", "Two pairs of identical chows, 123 and 789",
     80, _big("shuang_ban_ban_shuang_lao_shao"), ()),
    ("san_fu_tong", "三副同", "Same chow in three suits", 20, _big("san_fu_tong"), ()),
    ("si_fu_tong", "四副同", "Same chow in three suits and a fourth", 50, _big("si_fu_tong"), ()),
    ("yi_tiao_long", "一条龙", "Pure straight", 20, _big("yi_tiao_long"), ()),
    ("ban_long", "板龙", "Pure straight with a repeated chow", 50, _big("ban_long"), ()),
    ("shuang_piao", "双飘", "Two related chows in two suits", 20, _big("shuang_piao"), ()),
    ("dui_dui_hu", "对对胡", "All triplets", 20, lambda f: int(f.all_triplets), ()),
    ("qing_yi_se", "清一色", "Full flush", 80, lambda f: int(f.colour == "qing"), ()),
    ("hun_yi_se", "浑一色", "Half flush", 30, lambda f: int(f.colour == "hun"), ()),
    ("feng_qing", "风清", "All honours", 300, lambda f: int(f.colour == "feng"),
     ("dui_dui_hu",)),
    ("hun_long", "浑龙", "Half flush pure straight", 50, _big("yi_tiao_long", "hun"),
     ("hun_yi_se", "yi_tiao_long")),
    ("hun_yi_se_dui_dui_hu", "浑一色对对胡", "Half flush all triplets", 50,
     lambda f: int(f.colour == "hun" and f.all_triplets), ("hun_yi_se", "dui_dui_hu")),
    ("hun_ban_long", "浑板龙", "Half flush straight with a repeated chow", 80,
     _big("ban_long", "hun"), ("hun_yi_se", "ban_long")),
    ("qing_dui_dui", "清对对", "Full flush all triplets", 130,
     lambda f: int(f.colour == "qing" and f.all_triplets), ("qing_yi_se", "dui_dui_hu")),
    ("qing_long_ban", "清龙板", "Full flush straight with a repeated chow", 150,
     _big("ban_long", "qing"), ("qing_yi_se", "ban_long")),
)

RULES: dict[str, Rule] = {row[0]: row[4] for row in _TABLE}


def _predicate(rule: Rule) -> Callable[[WinRequest, Reading], int]:
    return lambda req, reading: rule(features(req, reading))


class Yangzhou(Ruleset):
    id: ClassVar[str] = "yangzhou"
    zh: ClassVar[str] = "扬州麻将"
    en: ClassVar[str] = "Yangzhou 18-fan"
    meld_kinds: ClassVar[frozenset[str]] = frozenset(("chow", "pung", *KONG_KINDS))
    patterns: ClassVar[tuple[Pattern, ...]] = tuple(
        Pattern(pid, zh, en, value, _predicate(rule), excludes)
        for pid, zh, en, value, rule, excludes in _TABLE
    )
    combine: ClassVar[Literal["best", "sum", "product"]] = "sum"
    ignores: ClassVar[frozenset[str]] = frozenset(("others", "laizi", "indicator"))
    minimum: ClassVar[int] = 18
    minimum_first: ClassVar[bool] = True  # section 10: below_minimum before forbidden

    def validate(self, req: WinRequest) -> None:
        if req.players != 4:
            raise RequestError("players", f"yangzhou is played by 4, not {req.players}")
        left = (req.winner + 3) % 4
        for i, meld in enumerate(req.melds):
            if meld.kind == "chow" and meld.source is not None and meld.source != left:
                raise RequestError(
                    f"melds[{i}].from",
                    f"a chow is taken from the winner's left neighbour (seat {left}), "
                    f"not seat {meld.source}",
                )
        if req.win_type == "robbing_kong" and req.all_tiles[req.win_tile] != 1:
            raise RequestError(
                "win_tile",
                f"a robbed kong's other three {tile_name(req.win_tile)} are the konger's pung, "
                "so the winner cannot hold that kind",
            )

    def count_patterns(self, req: WinRequest, reading: Reading) -> list[tuple[Pattern, int]]:
        feats = features(req, reading)
        found = [(p, n) for p in self.patterns if (n := RULES[p.id](feats))]
        excluded = {x for p, _ in found for x in p.excludes}
        return [(p, n) for p, n in found if p.id not in excluded]

    def liable_seat(self, req: WinRequest, reading: Reading) -> int | None:
        """包牌: a 清一色 hand with three claimed melds; the feeder of the third pays all."""
        claimed = req.claimed_melds
        if hand_colour(req.all_tiles) != LIABLE_COLOUR or len(claimed) < 3:
            return None
        return claimed[2].source


RULESET = Yangzhou()
