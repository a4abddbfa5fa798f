"""kawuxing scoring beyond the worked examples: properties, each pattern, payments, errors."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from math import prod
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import majiang
from majiang.rules import get_ruleset
from majiang.rules.kawuxing import PATTERNS, TILE_KINDS, Kawuxing
from majiang.scoring import parse_request
from majiang.tiles import format_tiles, parse_tiles

RULES = get_ruleset("kawuxing")
assert isinstance(RULES, Kawuxing)
KAWUXING: Kawuxing = RULES
VALUES = {p.id: p.value for p in PATTERNS} | {"xiao_hu": 1}
SEQUENCE_STARTS = [base + n for base in (9, 18) for n in range(7)]  # 1p..7p, 1s..7s

PLAIN = {"hand": "12345678p234s99s", "win_tile": "9p"}  # 123 456 789p 234s 99s: no pattern


def ask(**fields: Any) -> dict[str, Any]:
    """Score a kawuxing request (defaults: seat 0 wins on seat 1's discard with PLAIN)."""
    request: dict[str, Any] = {"rules": "kawuxing", "winner": 0, "win_type": "discard",
                               "discarder": 1, **PLAIN, **fields}
    if request["win_type"] == "self_drawn" and "discarder" not in fields:
        request["discarder"] = None
    return majiang.score(request)


def ids(answer: dict[str, Any]) -> list[str]:
    return sorted(p["id"] for p in answer["patterns"])


def pung(tiles: str, feeder: int | None = 1) -> dict[str, Any]:
    return {"kind": "pung", "tiles": tiles, "from": feeder}


def kong(kind: str, tiles: str, feeder: int | None = 1) -> dict[str, Any]:
    return {"kind": kind, "tiles": tiles, "from": None if kind == "concealed_kong" else feeder}


# ---------------------------------------------------------------------------------------------
# Random complete hands


@st.composite
def winning_requests(draw: st.DrawFn) -> dict[str, Any]:
    """A random complete kawuxing hand (four sets and a pair, or seven pairs) and situation."""
    counts = [0] * 34
    melds: list[dict[str, Any]] = []
    concealed: list[int] = []
    winner = draw(st.integers(0, 2))
    others = [s for s in range(3) if s != winner]
    if draw(st.integers(0, 4)) == 0:
        pairs = draw(st.lists(st.sampled_from(TILE_KINDS), min_size=7, max_size=7))
        for t in pairs:
            counts[t] += 2
            concealed += [t, t]
        assume(max(counts) <= 4)
    else:
        groups: list[list[int]] = []
        for _ in range(4):
            if draw(st.booleans()):
                start = draw(st.sampled_from(SEQUENCE_STARTS))
                groups.append([start, start + 1, start + 2])
            else:
                groups.append([draw(st.sampled_from(TILE_KINDS))] * 3)
        pair = draw(st.sampled_from(TILE_KINDS))
        for g in groups:
            for t in g:
                counts[t] += 1
        counts[pair] += 2
        assume(max(counts) <= 4)
        concealed += [pair, pair]
        for g in groups:
            if g[0] == g[1] and draw(st.booleans()):
                kind = draw(st.sampled_from(["pung", "exposed_kong", "added_kong",
                                             "concealed_kong"]))
                tiles = g if kind == "pung" else [*g, g[0]]
                if kind != "pung":
                    assume(counts[g[0]] == 3)
                    counts[g[0]] += 1
                feeder = None if kind == "concealed_kong" else draw(st.sampled_from(others))
                melds.append({"kind": kind, "tiles": format_tiles(tiles), "from": feeder})
            else:
                concealed.extend(g)
    win_tile = concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    kinds = ["self_drawn", "discard"]
    if counts[win_tile] == 1:
        kinds.append("robbing_kong")
    win_type = draw(st.sampled_from(kinds))
    flags = set(draw(st.lists(st.sampled_from(
        ["declared", "passed_win", "no_one_fan_discard", "last_tile", "kong_replacement",
         "after_kong_discard", "not_a_kawuxing_flag"]), max_size=4)))
    if win_type != "self_drawn" or not any(m["kind"] != "pung" for m in melds):
        flags.discard("kong_replacement")
    if win_type != "discard":
        flags.discard("after_kong_discard")
    if win_type == "robbing_kong":
        flags.discard("last_tile")
    declared = draw(st.lists(st.booleans(), min_size=3, max_size=3))
    return {
        "rules": "kawuxing", "winner": winner, "dealer": draw(st.integers(0, 2)),
        "win_type": win_type,
        "discarder": None if win_type == "self_drawn" else draw(st.sampled_from(others)),
        "hand": format_tiles(concealed), "win_tile": format_tiles([win_tile]), "melds": melds,
        "flags": sorted(flags),
        "others": {str(s): {"declared": declared[s]} for s in others},
    }


@settings(max_examples=200, deadline=None)
@given(winning_requests())
def test_every_complete_hand_is_answered_by_the_rules(request: dict[str, Any]) -> None:
    answer = majiang.score(request)
    assert answer["ok"], answer
    flags = set(request["flags"])
    on_discard = request["win_type"] != "self_drawn"
    if on_discard and "passed_win" in flags:
        assert answer["reason"] == "forbidden" and answer["value"] == 0
        assert answer["patterns"] == [] and answer["payments"] == [0, 0, 0]
        return
    found = ids(answer)
    assert answer["value"] == prod(VALUES[p] for p in found)
    assert all(p["value"] == VALUES[p["id"]] for p in answer["patterns"])
    assert found == ["xiao_hu"] or "xiao_hu" not in found
    assert ("liang_dao" in found) == ("declared" in flags)
    if on_discard and "no_one_fan_discard" in flags and answer["value"] == 1:
        assert answer["reason"] == "below_minimum" and answer["payments"] == [0, 0, 0]
        assert found == ["xiao_hu"]
        return
    assert answer["win"], answer
    pay = answer["payments"]
    value = answer["value"]
    winner = request["winner"]
    assert sum(pay) == 0
    if not on_discard:
        assert all(pay[s] == -value for s in range(3) if s != winner)
    else:
        payer = request["discarder"]
        third = 3 - winner - payer
        payer_declared = request["others"][str(payer)]["declared"]
        share = 2 if "declared" in flags and not payer_declared else 1
        assert pay[payer] == -share * value and pay[third] == 0


@settings(max_examples=100, deadline=None)
@given(winning_requests(), st.randoms(use_true_random=False))
def test_answer_does_not_depend_on_tile_or_meld_order(
    request: dict[str, Any], rnd: random.Random
) -> None:
    shuffled = parse_tiles(request["hand"])
    rnd.shuffle(shuffled)
    text = "".join(format_tiles([t]) for t in shuffled)
    assert majiang.score({**request, "hand": text}) == majiang.score(request)
    melds = list(request["melds"])
    rnd.shuffle(melds)
    reordered, answer = majiang.score({**request, "melds": melds}), majiang.score(request)
    # the decomposition lists the melds in the order they were made; nothing else may change
    assert sorted(reordered.pop("decomposition", [])) == sorted(answer.pop("decomposition", []))
    assert reordered == answer


@settings(max_examples=100, deadline=None)
@given(winning_requests())
def test_the_answer_is_the_best_reading(request: dict[str, Any]) -> None:
    """No reading of the tiles is worth more than the answer's."""
    ruleset, req = parse_request(request)
    answer = majiang.score(request)
    assume(answer["win"])
    values = [ruleset.combine_values(ruleset.count_patterns(req, r)) for r in ruleset.readings(req)]
    assert answer["value"] == max(values)


# ---------------------------------------------------------------------------------------------
# Each pattern

PATTERN_CASES: list[tuple[str, dict[str, Any], list[str], int]] = [
    ("plain hand", {}, ["xiao_hu"], 1),
    ("all triplets with two claimed pungs",
     {"hand": "222p444s6s", "win_tile": "6s", "melds": [pung("888p"), pung("999s", 2)]},
     ["peng_peng_hu"], 2),
    ("all triplets with an exposed kong and a concealed kong",
     {"hand": "222p444s6s", "win_tile": "6s",
      "melds": [kong("exposed_kong", "8888p"), kong("concealed_kong", "9999s")]},
     ["peng_peng_hu"], 2),
    ("fourth 3p to a claimed pung, inside 234p",
     {"hand": "24p567s789s11s", "win_tile": "3p", "melds": [pung("333p")]},
     ["ming_si_gui_yi"], 2),
    ("a kong of the kind is no ming_si_gui_yi",
     {"hand": "24p567s789s11s", "win_tile": "3p", "melds": [kong("added_kong", "3333s")]},
     ["xiao_hu"], 1),
    ("fourth 3p to a concealed triplet, on a discard",
     {"hand": "33345p678s11199s", "win_tile": "3p"}, ["an_si_gui_yi"], 4),
    ("three 3p with the win tile elsewhere is no an_si_gui_yi",
     {"hand": "33345p678s11199s", "win_tile": "9s"}, ["xiao_hu"], 1),
    ("seven pairs", {"hand": "1155p3377s99s55z6z", "win_tile": "6z"}, ["qi_dui"], 4),
    ("seven pairs with one quad (not the win tile's kind)",
     {"hand": "3333p55p77s88s99s1s", "win_tile": "1s"}, ["long_qi_dui"], 8),
    ("seven pairs with three quads is still shuang_long_qi_dui",
     {"hand": "3333p5555p7777s1s", "win_tile": "1s"}, ["shuang_long_qi_dui"], 16),
    ("seven pairs with a claimed pung does not exist",
     {"hand": "1155p3377s99s", "win_tile": "9s", "melds": [pung("555z")]}, [], 0),
    ("three concealed dragon triplets",
     {"hand": "555z666z777z23p11s", "win_tile": "4p"}, ["da_san_yuan"], 8),
    ("two dragon pungs and the third dragon as pair",
     {"hand": "123p456s7z", "win_tile": "7z", "melds": [pung("555z"), pung("666z", 2)]},
     ["xiao_san_yuan"], 4),
    ("two dragon pungs with a non-dragon pair score nothing",
     {"hand": "123p456s1p", "win_tile": "1p", "melds": [pung("555z"), pung("666z", 2)]},
     ["xiao_hu"], 1),
    ("three dragon pairs in seven pairs are no san_yuan",
     {"hand": "55z66z77z1122p33s4s", "win_tile": "4s"}, ["qi_dui"], 4),
    ("win on an added kong's replacement",
     {"win_type": "self_drawn", "hand": "123p456s234s7s", "win_tile": "7s",
      "melds": [kong("added_kong", "8888p")], "flags": ["kong_replacement"]},
     ["gang_shang_kai_hua"], 2),
    ("win on the discard after the discarder's kong, which is also the last discard",
     {"flags": ["after_kong_discard", "last_tile"]}, ["gang_shang_pao"], 2),
    ("robbing an added kong", {"win_type": "robbing_kong"}, ["qiang_gang_hu"], 2),
    ("one suit, melds included",
     {"hand": "123456s789s9s", "win_tile": "9s", "melds": [pung("222s")]}, ["qing_yi_se"], 4),
    ("one suit plus a dragon pung is not qing_yi_se",
     {"hand": "123456s789s9s", "win_tile": "9s", "melds": [pung("555z")]}, ["xiao_hu"], 1),
    ("one suit seven pairs: 4 x 4",
     {"hand": "1122p3344p6677p9p", "win_tile": "9p"}, ["qi_dui", "qing_yi_se"], 16),
    ("four melds, a concealed kong among them, one tile paired",
     {"hand": "5s", "win_tile": "5s",
      "melds": [pung("111p"), kong("concealed_kong", "2222s"), pung("777z", 2),
                kong("exposed_kong", "9999p", 2)]},
     ["peng_peng_hu", "shou_zhua_yi"], 8),
    ("four melds in one suit: qing_yi_se too",
     {"hand": "5s", "win_tile": "5s",
      "melds": [pung("111s"), pung("333s"), pung("777s", 2), kong("added_kong", "9999s")]},
     ["peng_peng_hu", "qing_yi_se", "shou_zhua_yi"], 32),
    ("self-drawn last tile", {"win_type": "self_drawn", "flags": ["last_tile"]},
     ["hai_di_lao_yue"], 2),
    ("declared", {"flags": ["declared"]}, ["liang_dao"], 2),
    ("5s in the 4_6 gap", {"hand": "46s123p789p234s11p", "win_tile": "5s"}, ["ka_wu_xing"], 2),
    ("5p at the end of 345p is no ka_wu_xing",
     {"hand": "34p123s789s234p11p", "win_tile": "5p"}, ["xiao_hu"], 1),
    ("5p at the start of 567p is no ka_wu_xing",
     {"hand": "67p123s789s234p11p", "win_tile": "5p"}, ["xiao_hu"], 1),
    ("a 4-5-6 elsewhere in the hand, win tile not a 5",
     {"hand": "456p123s789s23p11p", "win_tile": "4p"}, ["xiao_hu"], 1),
    ("robbing a 5 into the gap: qiang_gang_hu x ka_wu_xing",
     {"win_type": "robbing_kong", "hand": "46s123p789p234s11p", "win_tile": "5s"},
     ["ka_wu_xing", "qiang_gang_hu"], 4),
    ("an_si_gui_yi x ka_wu_xing x qing_yi_se x liang_dao on a discard",
     {"hand": "45556p123p789p11p", "win_tile": "5p", "flags": ["declared"]},
     ["an_si_gui_yi", "ka_wu_xing", "liang_dao", "qing_yi_se"], 64),
    ("an_si_gui_yi with xiao_san_yuan",
     {"hand": "22234p555z666z77z", "win_tile": "2p", "win_type": "self_drawn"},
     ["an_si_gui_yi", "xiao_san_yuan"], 16),
    ("long_qi_dui (8) beats an_si_gui_yi x ka_wu_xing (8) by fewer patterns",
     {"hand": "4455566p112233s", "win_tile": "5p"}, ["long_qi_dui"], 8),
    ("everything situational at once",
     {"win_type": "self_drawn", "hand": "5s", "win_tile": "5s",
      "melds": [pung("555z"), pung("666z", 2), pung("777z"), kong("concealed_kong", "9999p")],
      "flags": ["kong_replacement", "last_tile", "declared"]},
     ["da_san_yuan", "gang_shang_kai_hua", "hai_di_lao_yue", "liang_dao", "peng_peng_hu",
      "shou_zhua_yi"], 8 * 2 * 2 * 2 * 2 * 4),
]


@pytest.mark.parametrize(("name", "fields", "expected", "value"), PATTERN_CASES,
                         ids=[c[0] for c in PATTERN_CASES])
def test_pattern(name: str, fields: dict[str, Any], expected: list[str], value: int) -> None:
    answer = ask(**fields)
    assert answer["ok"], answer
    assert answer["win"] == bool(expected), answer
    assert ids(answer) == expected
    assert answer["value"] == value


def test_every_pattern_is_exercised() -> None:
    seen = {p for _, _, expected, _ in PATTERN_CASES for p in expected}
    assert seen == set(VALUES)


def test_seven_pairs_decomposition_lists_the_pairs() -> None:
    answer = ask(hand="3333p55p77s88s99s1s", win_tile="1s")
    assert sorted(answer["decomposition"]) == sorted(
        ["33p", "33p", "55p", "77s", "88s", "99s", "11s"])


def test_decomposition_puts_the_pair_first_and_melds_last() -> None:
    answer = ask(hand="24p567s789s11s", win_tile="3p", melds=[pung("333p")])
    assert answer["decomposition"] == ["11s", "234p", "567s", "789s", "333p"]


# ---------------------------------------------------------------------------------------------
# Payments


@pytest.mark.parametrize(
    ("fields", "payments"),
    [
        ({"win_type": "self_drawn"}, [2, -1, -1]),
        ({"win_type": "self_drawn", "winner": 1}, [-1, 2, -1]),
        ({"discarder": 2}, [1, 0, -1]),
        ({"winner": 2, "discarder": 0}, [-1, 0, 1]),
        # declared self-drawn: V = 2 from each other seat, even a declared one
        ({"win_type": "self_drawn", "flags": ["declared"], "others": {"1": {"declared": True}}},
         [4, -2, -2]),
        # 包胡: the discarder pays 2 x V, the third seat nothing
        ({"flags": ["declared"]}, [4, -4, 0]),
        ({"flags": ["declared"], "others": {"2": {"declared": True}}}, [4, -4, 0]),
        ({"flags": ["declared"], "others": {"1": {"declared": False}}}, [4, -4, 0]),
        # 对亮不包: a declared discarder pays one share
        ({"flags": ["declared"], "others": {"1": {"declared": True}}}, [2, -2, 0]),
        ({"win_type": "robbing_kong", "flags": ["declared"], "others": {"1": {"declared": True}}},
         [4, -4, 0]),
        ({"win_type": "robbing_kong", "flags": ["declared"]}, [8, -8, 0]),
        # a declared payer of an undeclared winner pays like anyone (D10)
        ({"others": {"1": {"declared": True}}}, [1, -1, 0]),
        # the winner's own entry in others changes nothing: the flag decides
        ({"others": {"0": {"declared": True}}}, [1, -1, 0]),
        # dealer has no role in scoring
        ({"dealer": 1}, [1, -1, 0]),
        ({"dealer": 2, "win_type": "self_drawn"}, [2, -1, -1]),
        # 杠上开花 is paid as self-drawn even when a discarder fed the kong (D18)
        ({"win_type": "self_drawn", "hand": "123p456s234s7s", "win_tile": "7s",
          "melds": [kong("exposed_kong", "8888p", 1)], "flags": ["kong_replacement"]},
         [4, -2, -2]),
        # base never changes units
        ({"base": 5}, [1, -1, 0]),
        ({"base": 0.5, "flags": ["declared"]}, [4, -4, 0]),
    ],
)
def test_payments(fields: dict[str, Any], payments: list[int]) -> None:
    answer = ask(**fields)
    assert answer["win"], answer
    assert answer["payments"] == payments


def test_one_shot_two_winners_are_settled_apart() -> None:
    """一炮双响: each winner is settled alone against the discarder, 包胡 for the declared one."""
    first = ask(winner=0, discarder=2, flags=["declared"])
    second = ask(winner=1, discarder=2)
    assert first["payments"] == [4, 0, -4]
    assert second["payments"] == [0, 1, -1]


# ---------------------------------------------------------------------------------------------
# Non-wins and the order of reasons


def test_pass_lock_stops_a_robbing_win() -> None:
    answer = ask(win_type="robbing_kong", flags=["passed_win"])
    assert answer["win"] is False and answer["reason"] == "forbidden"


def test_pass_lock_applies_to_a_declared_hand_too() -> None:
    answer = ask(flags=["passed_win", "declared"])
    assert answer["reason"] == "forbidden" and answer["patterns"] == []


def test_not_complete_comes_before_forbidden() -> None:
    answer = ask(hand="12345678p234s79s", flags=["passed_win", "no_one_fan_discard"])
    assert answer["reason"] == "not_complete" and answer["value"] == 0


def test_forbidden_comes_before_below_minimum() -> None:
    answer = ask(flags=["passed_win", "no_one_fan_discard"])
    assert answer["reason"] == "forbidden"


@pytest.mark.parametrize(
    "fields",
    [
        {"win_type": "robbing_kong"},
        {"flags": ["after_kong_discard"]},
        {"hand": "46p123s789s234p11p", "win_tile": "5p"},
        {"flags": ["declared"]},
        {"win_type": "self_drawn"},
    ],
)
def test_one_fan_option_lets_two_fan_or_self_drawn_hands_win(fields: dict[str, Any]) -> None:
    flags = ["no_one_fan_discard", *fields.get("flags", [])]
    assert ask(**{**fields, "flags": flags})["win"] is True


def test_one_fan_option_on_the_last_discard() -> None:
    answer = ask(flags=["no_one_fan_discard", "last_tile"])
    assert answer["reason"] == "below_minimum"
    assert answer["patterns"] == [{"id": "xiao_hu", "zh": "小胡", "en": "Plain win", "value": 1}]


def test_unknown_flags_are_ignored() -> None:
    assert ask(flags=["mystery"]) == ask()


# ---------------------------------------------------------------------------------------------
# Invalid requests


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"players": 4}, "players"),
        ({"players": 2}, "players"),
        ({"winner": 3}, "winner"),
        ({"discarder": 3}, "discarder"),
        ({"discarder": 0}, "discarder"),
        ({"discarder": None}, "discarder"),
        ({"win_type": "self_drawn", "discarder": 1}, "discarder"),
        ({"win_type": "chicken"}, "win_type"),
        ({"hand": "1m2345678p234s99s"}, "hand"),
        ({"hand": "2345678p234s99s1z"}, "hand"),
        ({"win_tile": "4z"}, "win_tile"),
        ({"hand": "12345678p234s9s"}, "hand"),
        ({"hand": "99999p345678p23s"}, "hand"),
        ({"hand": "45678p234s99s", "melds": [{"kind": "chow", "tiles": "123p", "from": 2}]},
         "melds[0].kind"),
        ({"hand": "45678p234s99s", "melds": [pung("111p", 0)]}, "melds[0].from"),
        ({"hand": "45678p234s99s",
          "melds": [{"kind": "concealed_kong", "tiles": "1111s", "from": 2}]}, "melds[0].from"),
        ({"hand": "45678p234s99s", "melds": [pung("1111p")]}, "melds[0].tiles"),
        ({"hand": "45678p234s99s", "melds": [pung("1m1m1m")]}, "melds[0].tiles"),
        ({"hand": "", "win_tile": "9p",
          "melds": [pung("111p"), pung("222p"), pung("333p"), pung("444p"), pung("555p")]},
         "melds"),
        ({"win_type": "robbing_kong", "hand": "12345678p234s9s9p", "win_tile": "9s"},
         "win_tile"),
        ({"win_type": "robbing_kong", "hand": "12345678p234s99s", "win_tile": "9p",
          "melds": []}, None),
        ({"win_type": "robbing_kong", "hand": "45678p234s99s", "win_tile": "9p",
          "melds": [pung("999p")]}, "win_tile"),
        ({"flags": ["kong_replacement"]}, "flags"),
        ({"win_type": "self_drawn", "flags": ["kong_replacement"]}, "flags"),
        ({"win_type": "self_drawn", "flags": ["after_kong_discard"]}, "flags"),
        ({"win_type": "robbing_kong", "flags": ["after_kong_discard"]}, "flags"),
        ({"win_type": "robbing_kong", "flags": ["last_tile"]}, "flags"),
        ({"flags": "declared"}, "flags"),
        ({"others": {"3": {"declared": True}}}, "others"),
        ({"others": {"one": {"declared": True}}}, "others"),
        ({"others": {"1": {"declared": "yes"}}}, "others"),
        ({"others": {"1": True}}, "others"),
        ({"base": 0}, "base"),
        ({"base": -1}, "base"),
    ],
)
def test_invalid_requests_name_the_field(change: dict[str, Any], field: str | None) -> None:
    answer = ask(**change)
    if field is None:  # the control case: valid
        assert answer["ok"] is True, answer
        return
    assert answer["ok"] is False, answer
    assert answer["error"].startswith(field), answer["error"]


def test_kong_replacement_with_a_kong_on_a_discard_is_invalid() -> None:
    answer = ask(hand="123p456s234s7s", win_tile="7s", melds=[kong("added_kong", "8888p")],
                 flags=["kong_replacement"])
    assert answer["ok"] is False and answer["field"] == "flags"


# ---------------------------------------------------------------------------------------------
# Game facts: seats, tiles, kong money, dealers, draw payments


def test_game_facts() -> None:
    assert KAWUXING.players == 3
    assert KAWUXING.tile_count == 84
    assert not KAWUXING.allows_chow
    assert format_tiles(sorted(KAWUXING.kinds)) == "123456789p123456789s567z"
    assert KAWUXING.meld_kinds == {"pung", "exposed_kong", "added_kong", "concealed_kong"}


@pytest.mark.parametrize(
    ("kind", "konger", "feeder", "chain", "expected"),
    [
        ("exposed_kong", 0, 1, 1, [2, -2, 0]),
        ("added_kong", 0, None, 1, [2, -1, -1]),
        ("concealed_kong", 2, None, 1, [-2, -2, 4]),
        ("concealed_kong", 0, None, 1, [4, -2, -2]),  # the worked 杠上杠 chain of 7.2
        ("exposed_kong", 1, 0, 2, [-4, 4, 0]),
        ("added_kong", 1, None, 3, [-4, 8, -4]),
        ("exposed_kong", 2, 1, 4, [0, -16, 16]),
    ],
)
def test_kong_money(
    kind: str, konger: int, feeder: int | None, chain: int, expected: list[int]
) -> None:
    assert KAWUXING.kong_money(kind, konger, feeder, chain=chain) == expected


def test_kong_money_chain_example_totals() -> None:
    steps = [KAWUXING.kong_money("concealed_kong", 0, None, 1),
             KAWUXING.kong_money("exposed_kong", 1, 0, 2),
             KAWUXING.kong_money("added_kong", 1, None, 3)]
    assert [sum(seat) for seat in zip(*steps, strict=True)] == [-4, 10, -6]


@pytest.mark.parametrize(
    ("kind", "feeder", "chain"),
    [("pung", None, 1), ("exposed_kong", None, 1), ("exposed_kong", 0, 1), ("added_kong", None, 0)],
)
def test_kong_money_rejects_nonsense(kind: str, feeder: int | None, chain: int) -> None:
    with pytest.raises(ValueError):
        KAWUXING.kong_money(kind, 0, feeder, chain)


@pytest.mark.parametrize(
    ("dealer", "winners", "declared", "expected"),
    [
        (0, [2], (), 2),
        (0, [0], (), 0),
        (1, [0, 2], (), 1),  # 一炮双响: the discarder (the seat that did not win)
        (2, [1, 2], (), 0),
        (2, [], (), 2),  # 荒庄不下庄
        (2, [], (0,), 0),  # the declared player
        (2, [], (1, 0), 1),  # the first to declare
        (0, [], (2, 0, 1), 2),
        (0, [1], (2,), 1),  # a win ignores declarations
    ],
)
def test_next_dealer(
    dealer: int, winners: list[int], declared: tuple[int, ...], expected: int
) -> None:
    assert KAWUXING.next_dealer(dealer, winners, declared) == expected


@pytest.mark.parametrize(
    ("declared", "expected"),
    [
        ((False, False, False), [0, 0, 0]),
        ((False, True, False), [1, -2, 1]),
        ((True, False, True), [-1, 2, -1]),
        ((True, True, True), [0, 0, 0]),
    ],
)
def test_draw_payments(declared: tuple[bool, bool, bool], expected: list[int]) -> None:
    assert KAWUXING.draw_payments(0, declared) == expected


def test_draw_payments_need_every_seat() -> None:
    with pytest.raises(ValueError):
        KAWUXING.draw_payments(0, [True, False])


def test_explain_names_the_patterns() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "majiang", "score", "--rules", "kawuxing", "--explain",
         "--hand", "46p123s789s234p11p", "--win-tile", "5p", "--discarder", "1",
         "--flags", "declared"],
        capture_output=True, text=True, check=True,
    ).stdout
    assert "[ka_wu_xing]" in out and "[liang_dao]" in out and "seat 1 -> seat 0: 8" in out
    answer = subprocess.run(
        [sys.executable, "-m", "majiang", "score", "--rules", "kawuxing",
         "--hand", "46p123s789s234p11p", "--win-tile", "5p", "--discarder", "1"],
        capture_output=True, text=True, check=True,
    ).stdout
    assert json.loads(answer)["payments"] == [2, -2, 0]
