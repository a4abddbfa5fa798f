"""yangzhou scoring beyond the worked examples: properties, each pattern, payments, errors."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import majiang
from majiang.rules import get_ruleset
from majiang.rules.yangzhou import big_sequence
from majiang.tiles import format_tiles, parse_tiles

RULES = get_ruleset("yangzhou")
BIG = {
    "yi_ban", "tie_ban", "gang_ban", "shuang_ban_ban", "shuang_ban_ban_shuang_qi_xiang",
    "shuang_ban_ban_shuang_lao_shao", "san_fu_tong", "si_fu_tong", "yi_tiao_long", "ban_long",
    "shuang_piao", "hun_long", "hun_ban_long", "qing_long_ban",
}
COLOUR = {"qing_yi_se", "hun_yi_se", "feng_qing", "hun_long", "hun_yi_se_dui_dui_hu",
          "hun_ban_long", "qing_dui_dui", "qing_long_ban"}


def score(hand: str, win_tile: str, win_type: str = "discard", discarder: int | None = 2,
          melds: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    request = {"rules": "yangzhou", "hand": hand, "win_tile": win_tile, "win_type": win_type,
               "discarder": None if win_type == "self_drawn" else discarder,
               "melds": melds or [], **extra}
    return majiang.score(request)


def fan(answer: dict[str, Any]) -> dict[str, int]:
    return {p["id"]: p["value"] for p in answer["patterns"]}


def meld(kind: str, tiles: str, feeder: int | None = None) -> dict[str, Any]:
    return {"kind": kind, "tiles": tiles, "from": feeder}


# ---------------------------------------------------------------------------------------------
# Properties over random complete hands


@st.composite
def complete_requests(draw: st.DrawFn) -> dict[str, Any]:
    """A random four-sets-and-a-pair hand, some sets declared, as a yangzhou request."""
    counts = [0] * 34
    groups: list[list[int]] = []
    for _ in range(4):
        if draw(st.integers(0, 2)):
            start = draw(st.sampled_from([s * 9 + n for s in range(3) for n in range(7)]))
            groups.append([start, start + 1, start + 2])
        else:
            groups.append([draw(st.integers(0, 33))] * 3)
    pair = draw(st.integers(0, 33))
    for g in groups:
        for t in g:
            counts[t] += 1
    counts[pair] += 2
    assume(max(counts) <= 4)
    winner = draw(st.integers(0, 3))
    others = [s for s in range(4) if s != winner]
    left = (winner + 3) % 4
    melds: list[dict[str, Any]] = []
    concealed = [pair, pair]
    for g in groups:
        if not draw(st.booleans()):
            concealed.extend(g)
        elif g[0] != g[1]:
            melds.append(meld("chow", format_tiles(g), draw(st.sampled_from([left, None]))))
        else:
            kind = draw(st.sampled_from(["pung", "exposed_kong", "added_kong", "concealed_kong"]))
            tiles = g if kind == "pung" else [*g, g[0]]
            if kind != "pung":
                assume(counts[g[0]] == 3)
                counts[g[0]] += 1
            feeder = None if kind == "concealed_kong" else draw(st.sampled_from(others))
            melds.append(meld(kind, format_tiles(tiles), feeder))
    win_tile = concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    win_type = draw(st.sampled_from(["self_drawn", "discard", "robbing_kong"]))
    if win_type == "robbing_kong":
        assume(counts[win_tile] == 1)
    return {
        "rules": "yangzhou", "winner": winner, "dealer": draw(st.integers(0, 3)),
        "win_type": win_type,
        "discarder": None if win_type == "self_drawn" else draw(st.sampled_from(others)),
        "hand": format_tiles(concealed), "win_tile": format_tiles([win_tile]), "melds": melds,
        "round_wind": draw(st.sampled_from(["1z", "2z", "3z", "4z"])),
    }


@settings(max_examples=150, deadline=None)
@given(complete_requests())
def test_complete_hands_are_scored_consistently(request: dict[str, Any]) -> None:
    answer = majiang.score(request)
    assert answer["ok"], answer
    ids = [p["id"] for p in answer["patterns"]]
    assert len(ids) == len(set(ids))
    assert sum(answer["payments"]) == 0
    assert len(answer["payments"]) == 4
    if answer["win"]:
        value = answer["value"]
        assert value >= 18 and value == sum(p["value"] for p in answer["patterns"])
        expected = 3 * value if request["win_type"] == "self_drawn" else value
        assert answer["payments"][request["winner"]] == expected
        assert min(answer["payments"]) in (-value, -expected)
    else:
        assert answer["reason"] == "below_minimum", answer
        assert answer["value"] < 18 and answer["payments"] == [0, 0, 0, 0]
    assert len(set(ids) & BIG) <= 1
    assert len(set(ids) & COLOUR) <= 1
    assert not {"ya_zi", "du_diao"} <= set(ids)
    assert not {"yao_tou", "duan_yao"} <= set(ids)


@settings(max_examples=100, deadline=None)
@given(complete_requests(), st.randoms(use_true_random=False))
def test_answer_does_not_depend_on_tile_order(request: dict[str, Any], rnd: random.Random) -> None:
    shuffled = parse_tiles(request["hand"])
    rnd.shuffle(shuffled)
    text = " ".join(format_tiles([t]) for t in shuffled)
    assert majiang.score({**request, "hand": text}) == majiang.score(request)


@settings(max_examples=100, deadline=None)
@given(complete_requests(), st.sampled_from([1, 2.5, 100]))
def test_base_never_changes_the_answer(request: dict[str, Any], base: float) -> None:
    assert majiang.score({**request, "base": base}) == majiang.score(request)


# ---------------------------------------------------------------------------------------------
# Each pattern


def test_added_kong_breaks_men_qing_and_counts_one() -> None:
    answer = score("123m456m789m5p", "5p", melds=[meld("added_kong", "5555s", 1)])
    assert fan(answer) == {"yi_tiao_long": 20, "du_diao": 1, "zi_ge": 1}
    assert answer["payments"] == [22, 0, -22, 0]


def test_kongs_add_up_in_zi_ge() -> None:
    answer = score("123m789m5p", "5p", melds=[
        meld("concealed_kong", "4444s"), meld("exposed_kong", "9999p", 1)])
    assert fan(answer)["zi_ge"] == 3


def test_ping_hu_with_honour_pair_in_a_mixed_hand() -> None:
    answer = score("123m456p789s234s2z", "2z")
    assert answer["reason"] == "below_minimum"
    assert fan(answer) == {"men_qing": 1, "ping_hu": 1, "du_diao": 1}
    assert answer["value"] == 3 and answer["payments"] == [0, 0, 0, 0]


def test_relations_count_once_per_pair_of_chow_kinds() -> None:
    # 234m/234p and 567p/567s are two 齐相; 234p/567p is a 连副
    answer = score("234m234p567s567p9s", "9s")
    assert fan(answer) == {"men_qing": 1, "ping_hu": 1, "du_diao": 1, "yao_tou": 1,
                           "qi_xiang": 2, "lian_fu": 1}


def test_tie_ban_adds_to_qing_yi_se() -> None:
    answer = score("123m123m123m456m9m", "9m")
    assert fan(answer) == {"qing_yi_se": 80, "tie_ban": 80, "lian_fu": 1, "men_qing": 1,
                           "yao_tou": 1, "du_diao": 1}
    assert answer["decomposition"] == ["99m", "123m", "123m", "123m", "456m"]


def test_yi_tiao_long_adds_to_qing_yi_se() -> None:
    answer = score("123456789m11m23m", "4m")
    assert fan(answer) == {"qing_yi_se": 80, "yi_tiao_long": 20, "men_qing": 1, "yao_tou": 1}


def test_three_dragon_triplets_in_a_hun_hand() -> None:
    answer = score("555z666z777z123m9m", "9m")
    assert fan(answer) == {"hun_yi_se": 30, "zhong_fa_bai": 3, "men_qing": 1, "du_diao": 1}


def test_ya_zi_on_a_single_wait_that_completes_a_pung() -> None:
    answer = score("1122333345677m", "7m")
    assert "ya_zi" in fan(answer) and "du_diao" not in fan(answer)


def test_no_wait_pattern_when_several_kinds_complete() -> None:
    answer = score("123m456m789m23p55s", "4p")  # also waits on 1p
    assert not {"ya_zi", "du_diao"} & set(fan(answer))


def test_four_held_copies_are_not_waited_on() -> None:
    # 45m waits on 3m and 6m, but all four 6m are in the concealed kong: a single wait
    answer = score("45m789m123p99s", "3m", melds=[meld("concealed_kong", "6666m")])
    assert fan(answer).get("ya_zi") == 1


def test_du_diao_wins_when_both_readings_exist() -> None:
    # 1233m waits only on 3m, which reads as 123m + 33m or as 33m + 123m: 独吊
    answer = score("1233m567p789s", "3m", melds=[meld("chow", "456p", 3)])
    assert fan(answer).get("du_diao") == 1 and "ya_zi" not in fan(answer)


@pytest.mark.parametrize(
    ("extra", "melds", "expected"),
    [
        ({"winner": 1, "discarder": 0}, [meld("pung", "222z", 0)], {"men_feng": 1}),
        ({"winner": 1, "discarder": 0, "round_wind": "2z"}, [meld("pung", "222z", 0)],
         {"men_feng": 1, "quan_feng": 1}),
        ({"winner": 1, "discarder": 0, "seat_wind": "3z"}, [meld("pung", "333z", 0)],
         {"men_feng": 1}),
        ({"winner": 1, "discarder": 0}, [meld("pung", "111z", 0)], {"quan_feng": 1}),
        ({"winner": 2, "dealer": 3, "discarder": 0}, [meld("pung", "444z", 0)], {"men_feng": 1}),
        ({"winner": 1, "discarder": 0}, [meld("pung", "444z", 0)], {}),
    ],
)
def test_wind_triplets(extra: dict[str, Any], melds: list[dict[str, Any]],
                       expected: dict[str, int]) -> None:
    answer = score("123m456m789p5s", "5s", melds=melds, **extra)
    got = {k: v for k, v in fan(answer).items() if k in ("men_feng", "quan_feng")}
    assert got == expected


def test_a_wind_pair_gives_nothing() -> None:
    answer = score("123m456m789p345s1z", "1z")
    assert not {"men_feng", "quan_feng"} & set(fan(answer))


def test_duan_yao_que_yi_and_no_honour_patterns_with_honours() -> None:
    answer = score("234m345m678m345p6p", "6p")
    assert {"duan_yao", "que_yi"} <= set(fan(answer))
    answer = score("234m345m678m345p1z", "1z")
    assert not {"duan_yao", "que_yi", "yao_tou"} & set(fan(answer))


def test_qing_yi_se_has_no_que_yi_and_no_ping_hu() -> None:
    answer = score("123m345m567m789m1m", "1m")
    assert "qing_yi_se" in fan(answer)
    assert not {"que_yi", "ping_hu"} & set(fan(answer))


def test_shuang_ban_ban_keeps_its_lian_fu() -> None:
    answer = score("123m123m456m456m9p", "9p")
    assert fan(answer)["shuang_ban_ban"] == 50 and fan(answer)["lian_fu"] == 1


def test_shuang_piao_with_lao_shao() -> None:
    answer = score("123s789s123p789p9m", "9m")
    assert fan(answer) == {"shuang_piao": 20, "men_qing": 1, "ping_hu": 1, "du_diao": 1,
                           "yao_tou": 1}


def test_zi_mo_on_a_kong_replacement_only() -> None:
    answer = score("112233m456p67s55s", "8s", "self_drawn",
                   flags=["kong_replacement", "last_tile"])
    assert fan(answer) == {"men_qing": 1, "ping_hu": 1, "yi_ban": 15, "zi_mo": 1}


def test_gang_ban_with_qing_yi_se() -> None:
    answer = score("234s234s234s234s9s", "9s")
    assert fan(answer)["gang_ban"] == 500 and fan(answer)["qing_yi_se"] == 80


@pytest.mark.parametrize(
    ("chows", "expected"),
    [
        ("123m 123m", "yi_ban"),
        ("123m 123m 123m", "tie_ban"),
        ("123m 123m 123m 123m", "gang_ban"),
        ("123m 123m 123m 456m", "tie_ban"),
        ("123m 123m 456p 456p", "shuang_ban_ban"),
        ("456m 456m 456p 456p", "shuang_ban_ban_shuang_qi_xiang"),
        ("123s 123s 789s 789s", "shuang_ban_ban_shuang_lao_shao"),
        ("123m 789p 123m 789p", "shuang_ban_ban"),
        ("345m 345p 345s", "san_fu_tong"),
        ("345m 345p 345s 345s", "si_fu_tong"),
        ("123p 456p 789p", "yi_tiao_long"),
        ("123p 456p 789p 456p", "ban_long"),
        ("123p 456p 789p 456s", "yi_tiao_long"),
        ("234m 567m 234s 567s", "shuang_piao"),
        ("234m 678m 234s 678s", None),
        ("234m 567m 234s 567p", None),
        ("123m 456m", None),
    ],
)
def test_big_sequence_pattern(chows: str, expected: str | None) -> None:
    starts = tuple(sorted(min(parse_tiles(c)) for c in chows.split()))
    assert big_sequence(starts)[0] == expected


# ---------------------------------------------------------------------------------------------
# Payments


def test_self_drawn_each_other_seat_pays() -> None:
    answer = score("112233m456p67s55s", "8s", "self_drawn", winner=2, dealer=1)
    assert answer["payments"] == [-18, -18, 54, -18]


def test_robbed_kong_is_paid_by_the_konger() -> None:
    answer = score("123456789m45p99s", "6p", "robbing_kong", 3)
    assert answer["payments"] == [24, 0, 0, -24]


def test_dealer_changes_nothing() -> None:
    one = score("123456789m45p99s", "6p", dealer=0)
    other = score("123456789m45p99s", "6p", dealer=2)
    assert one == other


QING_MELDS = [meld("pung", "111p", 1), meld("chow", "234p", 3), meld("pung", "999p", 2)]


def test_liability_counts_claimed_melds_only() -> None:
    melds = [meld("pung", "999p", 1), meld("concealed_kong", "5555p"), meld("chow", "234p", 3)]
    answer = score("678p1p", "1p", "self_drawn", melds=melds)
    assert "liable" not in answer
    assert answer["payments"] == [3 * answer["value"], -answer["value"], -answer["value"],
                                  -answer["value"]]


def test_liability_third_of_four_claims() -> None:
    melds = [meld("pung", "999p", 1), meld("chow", "234p", 3), meld("pung", "111p", 2),
             meld("pung", "777p", 1)]
    answer = score("5p", "5p", "self_drawn", melds=melds)
    assert answer["liable"] == 2 and answer["payments"][2] == -3 * answer["value"]
    assert answer["payments"][1] == answer["payments"][3] == 0


def test_liable_discarder_pays_once() -> None:
    answer = score("567p8p", "8p", "discard", 2, melds=QING_MELDS)
    assert answer["liable"] == 2 and answer["payments"] == [81, 0, -81, 0]


def test_robbed_kong_with_liability() -> None:
    answer = score("55p67p", "8p", "robbing_kong", 1, melds=QING_MELDS)
    assert answer["liable"] == 2
    assert answer["payments"] == [answer["value"], 0, -answer["value"], 0]


def test_unknown_feeder_makes_nobody_liable() -> None:
    melds = [*QING_MELDS[:2], meld("pung", "999p", None)]
    answer = score("567p8p", "8p", "self_drawn", melds=melds)
    assert "liable" not in answer and answer["payments"] == [246, -82, -82, -82]


def test_no_liability_for_hun_yi_se() -> None:
    melds = [meld("pung", "111p", 1), meld("chow", "234p", 3), meld("pung", "777z", 2)]
    answer = score("567p8p", "8p", "self_drawn", melds=melds)
    assert answer["win"] and "liable" not in answer
    assert answer["payments"][1] == answer["payments"][2] == -answer["value"]


def test_game_facing_declarations() -> None:
    assert RULES.players == 4 and RULES.tile_count == 136 and RULES.allows_chow
    assert RULES.minimum == 18
    for kind in ("exposed_kong", "added_kong", "concealed_kong"):
        assert RULES.kong_money(kind, 1, 0) == [0, 0, 0, 0]
    assert RULES.next_dealer(2, [2]) == 2
    assert RULES.next_dealer(2, []) == 2
    assert RULES.next_dealer(2, [0, 2]) == 2
    assert RULES.next_dealer(3, [1]) == 0


# ---------------------------------------------------------------------------------------------
# The order of checks and the pass lock


def test_pass_lock_below_minimum_is_below_minimum() -> None:
    answer = score("13m456m234p678s55s", "2m", flags=["passed_win"])
    assert answer["reason"] == "below_minimum" and answer["value"] == 4


def test_pass_lock_forbids_robbing_a_kong_but_not_self_draw() -> None:
    locked = score("123456789m45p99s", "6p", "robbing_kong", 1, flags=["passed_win"])
    assert locked["reason"] == "forbidden" and locked["patterns"] == [] and locked["value"] == 0
    drawn = score("123456789m45p99s", "6p", "self_drawn", flags=["passed_win"])
    assert drawn["win"] and drawn["value"] == 25


def test_seven_pairs_is_not_a_win() -> None:
    answer = score("1122m3344p5566s7z", "7z")
    assert answer["reason"] == "not_complete" and answer["patterns"] == []


# ---------------------------------------------------------------------------------------------
# Invalid requests


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"win_type": "tsumo"}, "win_type"),
        ({"hand": "123x"}, "hand"),
        ({"win_type": "self_drawn", "discarder": 1}, "discarder"),
        ({"discarder": 0}, "discarder"),
        ({"discarder": None}, "discarder"),
        ({"players": 3}, "players"),
        ({"winner": 4}, "winner"),
        ({"win_tile": "45m"}, "win_tile"),
        ({"hand": "123456789m45p9s"}, "hand"),
        ({"hand": "123456789m45p99s", "win_tile": "9s", "melds": [meld("pung", "999s", 1)]},
         "hand"),
        ({"melds": [meld("chow", "135p", 3)]}, "melds[0].tiles"),
        ({"melds": [meld("pung", "555z", 0)]}, "melds[0].from"),
        ({"melds": [meld("chow", "234p", 1)]}, "melds[0].from"),
        ({"melds": [meld("concealed_kong", "5555z", 1)]}, "melds[0].from"),
        ({"melds": [meld("picked", "5z", 1)]}, "melds[0].kind"),
        ({"melds": [meld("chi", "234p", 3)]}, "melds[0].kind"),
        ({"round_wind": "5z"}, "round_wind"),
        ({"seat_wind": "1m"}, "seat_wind"),
        ({"flags": "passed_win"}, "flags"),
        ({"base": 0}, "base"),
        ({"base": -2}, "base"),
        ({"win_type": "robbing_kong", "hand": "123456789m46p99s", "win_tile": "9s"}, "win_tile"),
    ],
)
def test_invalid_requests_name_the_field(change: dict[str, Any], field: str) -> None:
    request = {"rules": "yangzhou", "winner": 0, "win_type": "discard", "discarder": 1,
               "hand": "123456789m45p99s", "win_tile": "6p", **change}
    if change.get("melds") and "hand" not in change:
        request["hand"] = "123456m45p99s"  # ten tiles beside one meld
    answer = majiang.score(request)
    assert answer["ok"] is False
    assert answer["error"].startswith(field), answer["error"]
    assert answer["field"] == field
