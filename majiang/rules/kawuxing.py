"""kawuxing: 卡五星 of Xiangyang, Hubei, per docs/rules/kawuxing.md.

3 players, 84 tiles (dots, bamboo, the three dragons), no chow. A win is four sets and any pair,
or seven pairs (a quad counts as two pairs, no melds at all). Every pattern that applies
multiplies; a hand with none is 小胡 x1. Self-drawn: each other seat pays the value V. Discard or
robbed kong: the discarder (robbed konger) alone pays V, or 2 x V when the winner had declared
(亮倒, 包胡), except V again when that payer had declared too (对亮不包, read from
`others[discarder].declared`). Kong money (喜钱) is a ledger of its own (`kong_money`, with the
杠上杠 doubling), never part of a win's payments; so are the exhaustive-draw payments
(`draw_payments`).

Decisions beyond the rules document (its section 9 decides the rest):
- `others` may hold an entry for the winner's own seat: it is checked like the others and ignored
  (the winner's declaration comes from the `declared` flag only, section 10). A key that is not a
  seat 0-2, an entry that is not an object, or a `declared` that is not a boolean is invalid.
  Fields of an entry other than `declared` are ignored.
- The table option 要求1番不能胡 (`no_one_fan_discard`) turns a complete, allowed discard or
  robbing win worth 1 into `below_minimum`; the pass lock (`forbidden`) is checked first.
- `kong_money` takes the kong's place in a 杠上杠 chain (`chain`, 1 for the first kong) and
  `next_dealer` the seats that declared, in the order they did (`declared`): the shared
  signatures have no room for either, so both are optional keywords here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from majiang.analysis import Shape
from majiang.rules.base import (
    KONG_KINDS,
    Answer,
    Pattern,
    Predicate,
    Reading,
    RequestError,
    Ruleset,
    WinRequest,
    colour,
)
from majiang.rules.explain import Factor, Label, Share
from majiang.tiles import DRAGONS, PIN, SOU, Tile

PLAYERS = 3
TILE_KINDS: tuple[Tile, ...] = (*range(PIN, PIN + 9), *range(SOU, SOU + 9), *DRAGONS)
FIVES = (PIN + 4, SOU + 4)  # 5p, 5s: the 卡五星 tiles


# ---------------------------------------------------------------------------------------------
# Pattern tests: each takes the request and one reading and says whether the pattern applies.


def _standard(test: Predicate) -> Predicate:
    """Only for four sets and a pair."""
    return lambda req, r: int(r.shape == "standard" and bool(test(req, r)))


def _quads(req: WinRequest, r: Reading) -> int:
    return sum(1 for n in req.concealed if n == 4)


def _seven_pairs(low: int, high: int) -> Predicate:
    """Seven pairs with low..high kinds present four times."""
    return lambda req, r: int(r.shape == "seven_pairs" and low <= _quads(req, r) <= high)


def _dragon_sets(r: Reading) -> int:
    return sum(1 for g in r.sets if g.is_triplet_like and g.tile in DRAGONS)


def _xiao_san_yuan(req: WinRequest, r: Reading) -> int:
    return int(_dragon_sets(r) == 2 and r.pair is not None and r.pair.tile in DRAGONS)


def _ka_wu_xing(req: WinRequest, r: Reading) -> int:
    """The win tile is a 5 and the middle of a concealed 4-5-6 of its suit."""
    return int(req.win_tile in FIVES and any(
        g.kind == "sequence" and g.concealed and g.tile == req.win_tile - 1 for g in r.groups
    ))


def _flag(name: str, win_type: str | None = None) -> Predicate:
    return lambda req, r: int(name in req.flags and win_type in (None, req.win_type))


XIAO_HU = Pattern("xiao_hu", "小胡", "Plain win", 1, lambda req, r: 0)

# id, 中文, English, value, test, excludes. Arrangement-dependent tests look at the reading.
_TABLE: tuple[tuple[str, str, str, int, Predicate, tuple[str, ...]], ...] = (
    ("peng_peng_hu", "碰碰胡", "All triplets", 2, lambda req, r: int(r.all_triplets), ()),
    ("ming_si_gui_yi", "明四归一", "Fourth tile to a claimed pung", 2,
     lambda req, r: int(any(m.kind == "pung" and m.tile == req.win_tile for m in req.melds)), ()),
    ("an_si_gui_yi", "暗四归一", "Fourth tile to a concealed triplet", 4,
     _standard(lambda req, r: int(req.hand.count(req.win_tile) == 3)), ()),
    ("qi_dui", "七对", "Seven pairs", 4, _seven_pairs(0, 0), ()),
    ("long_qi_dui", "龙七对", "Seven pairs with a quad", 8, _seven_pairs(1, 1), ()),
    ("shuang_long_qi_dui", "双龙七对", "Seven pairs with two quads", 16, _seven_pairs(2, 7), ()),
    ("da_san_yuan", "大三元", "Big three dragons", 8, lambda req, r: int(_dragon_sets(r) == 3),
     ("xiao_san_yuan", "qing_yi_se")),
    ("xiao_san_yuan", "小三元", "Little three dragons", 4, _xiao_san_yuan,
     ("da_san_yuan", "qing_yi_se")),
    ("gang_shang_kai_hua", "杠上开花", "Win on a kong replacement", 2,
     _flag("kong_replacement", "self_drawn"), ()),
    ("gang_shang_pao", "杠上炮", "Win on a discard after a kong", 2,
     _flag("after_kong_discard", "discard"), ()),
    ("qiang_gang_hu", "抢杠胡", "Robbing a kong", 2,
     lambda req, r: int(req.win_type == "robbing_kong"), ()),
    ("qing_yi_se", "清一色", "Full flush", 4,
     lambda req, r: int(colour(req.all_tiles) == "qing"), ()),
    ("shou_zhua_yi", "手抓一", "Four melds, one tile paired", 4,
     _standard(lambda req, r: int(len(req.set_melds) == 4)), ()),
    ("hai_di_lao_yue", "海底捞月", "Last tile self-drawn", 2, _flag("last_tile", "self_drawn"), ()),
    ("liang_dao", "亮倒", "Declared ready", 2, _flag("declared"), ()),
    ("ka_wu_xing", "卡五星", "Five in the gap", 2, _ka_wu_xing, ()),
)
PATTERNS: tuple[Pattern, ...] = tuple(
    Pattern(pid, zh, en, value, test, excludes) for pid, zh, en, value, test, excludes in _TABLE
)

# Kong money (喜钱, 7.2): (who pays, units each payer pays) per kong kind, before 杠上杠 doubling.
KONG_MONEY: dict[str, tuple[Literal["feeder", "others"], int]] = {
    "exposed_kong": ("feeder", 2),
    "added_kong": ("others", 1),
    "concealed_kong": ("others", 2),
}


BAO_HU = Factor("bao_hu", "包胡（点炮给亮倒的牌）", "Fed a declared hand", 2)
# a note on the share, not a factor: why a declared discarder pays a declared winner one share
BOTH_DECLARED = Label("dui_liang_bu_bao", "对亮不包（点炮者也已亮倒，不加倍）",
                      "Both declared: the discarder pays one share, not two")


def _is_declared(entry: dict[str, Any]) -> bool:
    return entry.get("declared") is True


class Kawuxing(Ruleset):
    id: ClassVar[str] = "kawuxing"
    zh: ClassVar[str] = "卡五星"
    en: ClassVar[str] = "Kawuxing (Five Star)"
    players: ClassVar[int] = PLAYERS
    kinds: ClassVar[tuple[Tile, ...]] = TILE_KINDS
    meld_kinds: ClassVar[frozenset[str]] = frozenset(("pung", *KONG_KINDS))
    shapes: ClassVar[Shape] = Shape.STANDARD | Shape.SEVEN_PAIRS
    patterns: ClassVar[tuple[Pattern, ...]] = (XIAO_HU, *PATTERNS)
    combine: ClassVar[Literal["best", "sum", "product"]] = "product"
    minimum: ClassVar[int] = 0  # the 1-fan minimum is a table option (flag no_one_fan_discard)
    draw_label: ClassVar[Label | None] = Label(
        "draw_declared", "荒庄：亮倒的付没亮倒的每家1注",
        "Exhaustive draw: each declared seat pays each undeclared seat 1 unit")

    # -- game facts ----------------------------------------------------------------------------

    def kong_money(
        self, kind: str, konger: int, feeder: int | None, chain: int = 1
    ) -> list[int]:
        """喜钱 of a completed kong: the `chain`-th kong of a 杠上杠 chain pays x2^(chain-1)."""
        if kind not in KONG_MONEY:
            raise ValueError(f"{kind!r} is not a kong kind ({', '.join(KONG_MONEY)})")
        if chain < 1:
            raise ValueError(f"a kong's place in its chain starts at 1, got {chain}")
        payers, each = KONG_MONEY[kind]
        each *= 2 ** (chain - 1)
        if payers == "feeder":
            if feeder is None or feeder == konger:
                raise ValueError("an exposed kong needs the seat whose discard was konged")
            seats = [feeder]
        else:
            seats = [s for s in range(self.players) if s != konger]
        pay = [0] * self.players
        for seat in seats:
            pay[seat] -= each
            pay[konger] += each
        return pay

    def next_dealer(
        self, dealer: int, winners: Sequence[int], declared: Sequence[int] = ()
    ) -> int:
        """Section 8: the winner; the discarder for 一炮双响; at a draw the first declarer."""
        if len(winners) == 1:
            return winners[0]
        if winners:  # two winners on one tile: the third seat fed it
            return next(s for s in range(self.players) if s not in winners)
        return declared[0] if declared else dealer

    def draw_payments(self, dealer: int, declared: Sequence[bool]) -> list[int]:
        """7.3: at 荒庄 each declared seat pays 1 unit to each seat that has not declared."""
        if len(declared) != self.players:
            raise ValueError(f"expected {self.players} declared states, got {len(declared)}")
        pay = [0] * self.players
        for payer in range(self.players):
            for payee in range(self.players):
                if declared[payer] and not declared[payee]:
                    pay[payer] -= 1
                    pay[payee] += 1
        return pay

    # -- scoring hooks -------------------------------------------------------------------------

    def validate(self, req: WinRequest) -> None:
        if req.players != PLAYERS:
            raise RequestError("players", f"kawuxing is played by 3, not {req.players}")
        if req.win_type == "robbing_kong" and req.all_tiles[req.win_tile] != 1:
            raise RequestError(
                "win_tile",
                "the robbed kong's other three tiles are the konger's pung, so the winner cannot "
                "hold that kind",
            )
        flags = req.flags
        if "kong_replacement" in flags and not (
            req.self_drawn and any(m.kind in KONG_KINDS for m in req.melds)
        ):
            raise RequestError(
                "flags", "kong_replacement needs a self-drawn win and a kong among the melds"
            )
        if "after_kong_discard" in flags and req.win_type != "discard":
            raise RequestError("flags", "after_kong_discard needs a win on a discard")
        if "last_tile" in flags and req.win_type == "robbing_kong":
            raise RequestError("flags", "last_tile: no kong can be made once the wall is empty")
        self._check_others(req.others)

    def _check_others(self, others: dict[str, dict[str, Any]]) -> None:
        seats = {str(s) for s in range(self.players)}
        for key, entry in others.items():
            if key not in seats:
                raise RequestError("others", f"{key!r} is not a seat (0, 1 or 2)")
            if entry.get("declared") is not None and not isinstance(entry["declared"], bool):
                raise RequestError(
                    "others", f"others[{key}].declared must be true or false, "
                    f"got {entry['declared']!r}"
                )

    def count_patterns(self, req: WinRequest, reading: Reading) -> list[tuple[Pattern, int]]:
        found = [(p, n) for p in PATTERNS if (n := p.test(req, reading))]
        excluded = {x for p, _ in found for x in p.excludes}
        counted = [(p, n) for p, n in found if p.id not in excluded]
        return counted or [(XIAO_HU, 1)]

    def shares(
        self, req: WinRequest, reading: Reading, value: int
    ) -> tuple[list[Share], int | None, Label | None]:
        """Self-drawn: each pays V; a discard: the discarder pays V, x2 to a declared winner
        (包胡) unless he had declared too (对亮不包)."""
        shares = self.plain_shares(req, value)
        if req.self_drawn or "declared" not in req.flags:
            return shares, None, None
        if _is_declared(req.others.get(str(req.discarder), {})):
            return [Share(s.seat, s.base, notes=(BOTH_DECLARED,)) for s in shares], None, None
        return [Share(s.seat, s.base, (BAO_HU,)) for s in shares], None, None

    def score(self, req: WinRequest) -> Answer:
        answer = super().score(req)
        best = answer.scored
        if (
            answer.win
            and best is not None
            and "no_one_fan_discard" in req.flags
            and not req.self_drawn
            and best.value < 2
        ):
            return Answer(
                False, req.players, best, reason="below_minimum",
                detail="要求1番不能胡: a hand worth 1 may win only self-drawn",
            )
        return answer


RULESET = Kawuxing()
