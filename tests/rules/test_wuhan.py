"""wuhan scoring beyond the worked examples: laizi order, properties, patterns, payments, errors."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import majiang
from majiang.rules import get_ruleset
from majiang.rules.wuhan import RED, is_jiang, laizi_for, pi_kinds, previous_kind
from majiang.tiles import format_tiles, parse_tile, parse_tiles, tile_name

RULES = get_ruleset("wuhan")
RICH = {str(s): {"opened": True, "kongs": {"concealed": 1}} for s in range(4)}
OPENED = {str(s): {"opened": True} for s in range(4)}
# 123m 456m 789p 55s + pung 777s: a hard 屁胡 worth 1 x 开口 2 x 硬胡 2 = 4. Laizi 东 (1z), so the
# indicator is 白 (5z) and the 赖子皮 are 白 and 发.
PLAIN: dict[str, Any] = {"hand": "123m456m789p5s", "win_tile": "5s",
                         "melds": [{"kind": "pung", "tiles": "777s", "from": 1}]}


def ask(**fields: Any) -> dict[str, Any]:
    """Score a wuhan request; defaults: seat 0 (the dealer) self-draws PLAIN, laizi 1z."""
    request: dict[str, Any] = {"rules": "wuhan", "winner": 0, "dealer": 0,
                               "win_type": "self_drawn", "laizi": "1z", **PLAIN, **fields}
    return majiang.score(request)


def ids(answer: dict[str, Any]) -> list[str]:
    return sorted(p["id"] for p in answer["patterns"])


def values(answer: dict[str, Any]) -> dict[str, int]:
    return {p["id"]: p["value"] for p in answer["patterns"]}


def meld(kind: str, tiles: str, feeder: int | None = None) -> dict[str, Any]:
    return {"kind": kind, "tiles": tiles, "from": feeder}


# ---------------------------------------------------------------------------------------------
# Laizi and 赖子皮 (section 2.1)


@pytest.mark.parametrize(
    ("indicator", "laizi", "pi"),
    [("2p", "3p", "12p"), ("1m", "2m", "19m"), ("9s", "1s", "89s"), ("1z", "2z", "15z"),
     ("2z", "3z", "12z"), ("3z", "4z", "23z"), ("4z", "6z", "34z"), ("6z", "5z", "46z"),
     ("5z", "1z", "56z"), ("7z", "6z", "47z")],
)
def test_laizi_table(indicator: str, laizi: str, pi: str) -> None:
    assert laizi_for(parse_tile(indicator)) == parse_tile(laizi)
    assert pi_kinds(parse_tile(indicator)) == frozenset(parse_tiles(pi))


def test_default_indicator_is_the_kind_before_the_laizi() -> None:
    for laizi in range(RED):
        assert laizi_for(previous_kind(laizi)) == laizi
    assert previous_kind(parse_tile("6z")) == parse_tile("4z")


def test_red_dragon_indicator_makes_north_a_pi_tile() -> None:
    hand = {"hand": "444z456m789m5p", "win_tile": "5p",
            "melds": [meld("pung", "111s", 1)], "laizi": "6z", "others": RICH}
    assert ask(**hand, indicator="7z")["reason"] == "forbidden"
    hand["hand"] = "333z456m789m5p"
    assert ask(**hand, indicator="7z")["win"] is True


# ---------------------------------------------------------------------------------------------
# Random complete hands


@st.composite
def winning_requests(draw: st.DrawFn, soft: bool = True) -> dict[str, Any]:
    """A random complete hand with a 2-5-8 pair, at least one opening meld, and a table."""
    laizi = draw(st.sampled_from(range(RED)))
    banned = {RED, laizi, *pi_kinds(previous_kind(laizi))}
    kinds = [t for t in range(RED) if t not in banned]
    starts = [t for t in range(27) if t % 9 <= 6 and not {t, t + 1, t + 2} & banned]
    winner = draw(st.integers(0, 3))
    others = [s for s in range(4) if s != winner]
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[dict[str, Any]] = []
    for i in range(4):
        sequence = draw(st.booleans())
        start = draw(st.sampled_from(starts if sequence else kinds))
        tiles = [start, start + 1, start + 2] if sequence else [start] * 3
        for t in tiles:
            counts[t] += 1
        declare = i == 0 or draw(st.booleans())
        if not declare:
            concealed.extend(tiles)
        elif sequence:
            melds.append(meld("chow", format_tiles(tiles), (winner - 1) % 4))
        else:
            choices = ["pung", "exposed_kong", "added_kong"] + ["concealed_kong"] * (i > 0)
            kind = draw(st.sampled_from(choices))
            if kind != "pung":
                counts[start] += 1
                tiles = [start] * 4
            feeder = None if kind == "concealed_kong" else draw(st.sampled_from(others))
            melds.append(meld(kind, format_tiles(tiles), feeder))
    pair = draw(st.sampled_from([t for t in kinds if is_jiang(t)]))
    counts[pair] += 2
    concealed += [pair, pair]
    assume(max(counts) <= 4)
    if soft and draw(st.booleans()):
        concealed[draw(st.integers(0, len(concealed) - 1))] = laizi
    win_tile = concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    win_type = draw(st.sampled_from(["self_drawn", "discard"]))
    table = {
        str(s): {"opened": draw(st.booleans()),
                 "kongs": {"red": draw(st.integers(0, 2)), "concealed": draw(st.integers(0, 1))}}
        for s in others
    }
    return {
        "rules": "wuhan", "winner": winner, "dealer": draw(st.integers(0, 3)),
        "win_type": win_type,
        "discarder": None if win_type == "self_drawn" else draw(st.sampled_from(others)),
        "hand": format_tiles(concealed), "win_tile": tile_name(win_tile), "melds": melds,
        "laizi": tile_name(laizi), "others": table,
    }


@settings(max_examples=120, deadline=None)
@given(winning_requests())
def test_payments_sum_to_zero_and_only_the_winner_gains(request: dict[str, Any]) -> None:
    answer = majiang.score(request)
    assert answer["ok"], answer
    assert sum(answer["payments"]) == 0
    if answer["win"]:
        winner = request["winner"]
        assert answer["payments"][winner] > 0
        assert all(p <= 0 for s, p in enumerate(answer["payments"]) if s != winner)
        assert "kai_kou" in ids(answer)
    else:
        assert answer["reason"] in ("forbidden", "below_minimum")
        assert answer["payments"] == [0, 0, 0, 0]


@settings(max_examples=100, deadline=None)
@given(winning_requests(soft=False))
def test_hard_hands_win_when_every_loser_reaches_64(request: dict[str, Any]) -> None:
    rich = {s: {"opened": True, "kongs": {"concealed": 2}} for s in map(str, range(4))}
    answer = majiang.score({**request, "others": rich})
    assert answer["win"], answer
    assert "ying_hu" in ids(answer)
    big = set(ids(answer)) - {"pi_hu", "kai_kou", "ying_hu", "ming_gang", "an_gang"}
    base = 1 if "pi_hu" in ids(answer) else 10 * len(big)
    product = 1
    for pid, value in values(answer).items():
        if pid in ("kai_kou", "ying_hu", "ming_gang", "an_gang"):
            product *= value
    assert answer["value"] == base * product


@settings(max_examples=80, deadline=None)
@given(winning_requests(), st.randoms(use_true_random=False))
def test_answer_does_not_depend_on_tile_order(request: dict[str, Any], rnd: random.Random) -> None:
    tiles = parse_tiles(request["hand"])
    rnd.shuffle(tiles)
    shuffled = "".join(tile_name(t) for t in tiles)
    assert majiang.score({**request, "hand": shuffled}) == majiang.score(request)


@settings(max_examples=60, deadline=None)
@given(winning_requests())
def test_repeat_laizi_doubles_every_payment(request: dict[str, Any]) -> None:
    plain = majiang.score(request)
    doubled = majiang.score({**request, "flags": ["repeat_laizi"]})
    assert doubled["win"] == plain["win"]
    assert doubled["payments"] == [2 * p for p in plain["payments"]]


# ---------------------------------------------------------------------------------------------
# Patterns and multipliers


def test_pi_hu_dealer_factor_goes_to_the_dealer_loser_only() -> None:
    answer = ask(winner=1, melds=[meld("pung", "777s", 0)], others=RICH)
    assert ids(answer) == ["kai_kou", "pi_hu", "ying_hu"] and answer["value"] == 4
    assert answer["payments"] == [-128, 256, -64, -64]


def test_gang_kai_alone_has_no_self_draw_factor() -> None:
    answer = ask(melds=[*PLAIN["melds"], meld("red_kong", "7z")], flags=["kong_replacement"],
                 others=OPENED)
    assert ids(answer) == ["gang_kai", "hong_zhong_gang", "kai_kou", "ying_hu"]
    assert answer["value"] == 80 and answer["payments"] == [480, -160, -160, -160]


def test_last_tile_counts_only_when_self_drawn() -> None:
    assert "hai_lao" in ids(ask(flags=["last_tile"], others=RICH))
    answer = ask(win_type="discard", discarder=1, flags=["last_tile"], others=RICH)
    assert ids(answer) == ["kai_kou", "pi_hu", "ying_hu"]
    assert answer["payments"] == [256, -128, -64, -64]


FOUR_SETS = [meld("chow", "234s", 3), meld("pung", "666p", 1), meld("pung", "111s", 2),
             meld("exposed_kong", "3333p", 1)]
FOUR_PUNGS = [meld("pung", "111m", 1), meld("pung", "999m", 2), meld("pung", "444s", 3),
              meld("pung", "333p", 1)]


def test_quan_qiu_ren_is_never_self_drawn() -> None:
    answer = ask(hand="5p", win_tile="5p", melds=FOUR_SETS, laizi="9m", others=RICH)
    assert ids(answer) == ["kai_kou", "ming_gang", "pi_hu", "ying_hu"] and answer["value"] == 8


def test_quan_qiu_ren_needs_a_258_tile_and_makes_the_discarder_liable() -> None:
    common = {"win_type": "discard", "discarder": 2, "melds": FOUR_PUNGS, "others": OPENED}
    plain = ask(hand="6p", win_tile="6p", **common)
    assert ids(plain) == ["kai_kou", "peng_peng_hu", "ying_hu"]
    assert plain["payments"] == [320, -80, -160, -80] and "liable" not in plain
    liable = ask(hand="5p", win_tile="5p", **common)
    assert ids(liable) == ["kai_kou", "peng_peng_hu", "quan_qiu_ren", "ying_hu"]
    assert liable["value"] == 80
    assert liable["payments"] == [640, 0, -640, 0] and liable["liable"] == 2


def test_a_concealed_kong_rules_out_quan_qiu_ren() -> None:
    melds = [*FOUR_PUNGS[:3], meld("concealed_kong", "3333p")]
    answer = ask(hand="5p", win_tile="5p", win_type="discard", discarder=2, melds=melds,
                 others=OPENED)
    assert ids(answer) == ["an_gang", "kai_kou", "peng_peng_hu", "ying_hu"]
    assert answer["value"] == 160 and answer["payments"] == [1240, -320, -600, -320]


def test_jiang_yi_se_with_peng_peng_hu() -> None:
    answer = ask(hand="222s888s2p", win_tile="2p", others=OPENED,
                 melds=[meld("pung", "555m", 1), meld("pung", "888p", 2)])
    assert ids(answer) == ["jiang_yi_se", "kai_kou", "peng_peng_hu", "ying_hu"]
    assert answer["value"] == 80 and answer["payments"] == [960, -320, -320, -320]


def test_luan_jiang_with_a_wildcard_laizi_is_soft() -> None:
    answer = ask(hand="2m5m8m2p5p8p1z", win_tile="2s", others=OPENED,
                 melds=[meld("pung", "555s", 1), meld("pung", "888m", 2)])
    assert ids(answer) == ["jiang_yi_se", "kai_kou"]
    assert answer["value"] == 20 and answer["payments"] == [240, -80, -80, -80]


def test_feng_yi_se_stacks_with_peng_peng_hu_and_is_paid_at_gold() -> None:
    hand = {"hand": "222z333z4z", "win_tile": "4z", "laizi": "5m",
            "melds": [meld("pung", "111z", 1), meld("pung", "555z", 2)]}
    answer = ask(**hand, others=OPENED)
    assert ids(answer) == ["feng_yi_se", "kai_kou", "peng_peng_hu", "ying_hu"]
    assert answer["value"] == 80 and answer["payments"] == [2400, -800, -800, -800]
    # no 64 minimum for 风一色, and three unopened losers make 三阳开泰
    assert ask(**hand)["payments"] == [9600, -3200, -3200, -3200]


def test_feng_yi_se_robbing_a_kong_has_no_liability() -> None:
    answer = ask(hand="4z4z4z5z5z6z6z", win_tile="2z", laizi="5m", win_type="robbing_kong",
                 discarder=3, melds=[meld("pung", "111z", 1), meld("pung", "333z", 2)],
                 others={"1": {"opened": True}, "2": {"opened": False}})
    assert ids(answer) == ["feng_yi_se", "kai_kou", "qiang_gang", "ying_hu"]
    assert answer["payments"] == [3200, -800, -1600, -800] and "liable" not in answer


def test_multipliers_grow_per_kong() -> None:
    melds = [*PLAIN["melds"], meld("concealed_kong", "9999p"), meld("laizi_kong", "1z"),
             meld("laizi_kong", "1z"), meld("red_kong", "7z"), meld("red_kong", "7z"),
             meld("red_kong", "7z"), meld("pi_kong", "5z"), meld("pi_kong", "6z")]
    answer = ask(hand="123m456m5s", melds=melds, others=OPENED)
    assert values(answer) == {"pi_hu": 1, "kai_kou": 2, "ying_hu": 2, "an_gang": 4,
                              "lai_zi_gang": 16, "hong_zhong_gang": 8, "pi_zi_gang": 4}
    assert answer["value"] == 8192
    assert answer["payments"] == [2400, -800, -800, -800]  # every loser over 600: 金顶


def test_exposed_and_added_kongs_are_ming_gang() -> None:
    melds = [meld("exposed_kong", "7777s", 1), meld("added_kong", "9999p", 2)]
    answer = ask(hand="123m456m5s", melds=melds, others=RICH)
    assert values(answer)["ming_gang"] == 4 and answer["value"] == 16


def test_a_laizi_kong_is_not_a_laizi_in_hand() -> None:
    answer = ask(hand="123m456m789p1z", melds=[*PLAIN["melds"], meld("laizi_kong", "1z")],
                 others=RICH)
    assert ids(answer) == ["kai_kou", "lai_zi_gang", "pi_hu"] and answer["value"] == 8


def test_a_self_drawn_laizi_may_be_the_winning_tile() -> None:
    answer = ask(win_tile="1z", others=RICH)
    assert ids(answer) == ["kai_kou", "pi_hu"] and answer["payments"] == [192, -64, -64, -64]
    assert ask(win_tile="1z", win_type="discard", discarder=1, others=RICH)["reason"] == (
        "forbidden"
    )


# ---------------------------------------------------------------------------------------------
# Settlement: caps, doublings, liability


GOLD_HAND: dict[str, Any] = {
    "hand": "345m789s8m", "win_tile": "8m", "laizi": "7p", "flags": ["kong_replacement"],
    "melds": [meld("pung", "222s", 1), meld("laizi_kong", "7p"), meld("concealed_kong", "9999m")],
    "others": {"1": {"opened": False}, "2": {"opened": True}, "3": {"opened": False}},
}


def test_repeat_gold_doubles_only_a_gold_win() -> None:
    base = ask(winner=1, melds=[meld("pung", "777s", 0)], others=RICH)
    again = ask(winner=1, melds=[meld("pung", "777s", 0)], others=RICH, flags=["repeat_gold"])
    assert again["payments"] == base["payments"]
    both = ask(**{**GOLD_HAND, "flags": ["kong_replacement", "repeat_gold", "repeat_laizi"]})
    assert both["payments"] == [16000, -6400, -3200, -6400]


QING: dict[str, Any] = {"winner": 1, "hand": "456p9p", "win_tile": "9p", "laizi": "6z"}
QING_OTHERS: dict[str, dict[str, Any]] = {
    "0": {"opened": True}, "2": {"opened": False, "kongs": {"red": 1}},
    "3": {"opened": True, "kongs": {"concealed": 1}},
}


def _qing_melds(third_from: int | None, third: str = "pung") -> list[dict[str, Any]]:
    tiles = "888p" if third == "pung" else "8888p"
    return [meld("chow", "123p", 0), meld("pung", "555p", 2), meld(third, tiles, third_from)]


def test_qing_yi_se_without_a_known_third_feeder_has_no_liability() -> None:
    answer = ask(**QING, melds=_qing_melds(None), others=QING_OTHERS)
    assert answer["payments"] == [-160, 920, -160, -600] and "liable" not in answer


def test_no_rain_is_ignored_on_the_feeder_and_outside_qing_yi_se() -> None:
    others = {**QING_OTHERS, "3": {**QING_OTHERS["3"], "no_rain": True}}
    answer = ask(**QING, melds=_qing_melds(3), others=others)
    assert answer["payments"] == [0, 920, 0, -920] and answer["liable"] == 3
    jiang = ask(hand="22p5m8m", win_tile="5s", laizi="4s", win_type="discard", discarder=3,
                melds=[meld("pung", "222m", 1), meld("pung", "555p", 3), meld("pung", "888s", 2)],
                others={"1": {"opened": True, "no_rain": True}, "2": {"kongs": {"red": 1}},
                        "3": {"opened": True, "kongs": {"red": 1}}})
    assert jiang["payments"] == [480, 0, -480, 0] and jiang["liable"] == 2


def test_an_added_kong_counts_at_its_pungs_place_with_the_pungs_feeder() -> None:
    answer = ask(**QING, melds=_qing_melds(3, "added_kong"), others=QING_OTHERS)
    assert values(answer)["ming_gang"] == 2 and answer["value"] == 80
    assert answer["payments"] == [0, 1240, 0, -1240] and answer["liable"] == 3


# ---------------------------------------------------------------------------------------------
# Non-wins and their order (section 10.6)


def test_red_dragon_forbids_before_completeness() -> None:
    assert ask(hand="135m468p99s7z1s", win_tile="3s")["reason"] == "forbidden"


def test_discarded_laizi_forbids_before_completeness() -> None:
    answer = ask(hand="135m468p99s2s4s", win_tile="1z", win_type="discard", discarder=1)
    assert answer["reason"] == "forbidden"


def test_incomplete_comes_before_unopened() -> None:
    melds = [meld("concealed_kong", "7777s")]
    assert ask(hand="135m468p99s2s4s", melds=melds)["reason"] == "not_complete"
    assert ask(melds=melds, others=RICH)["reason"] == "forbidden"


def test_passed_win_blocks_discards_but_not_self_draws() -> None:
    assert ask(flags=["passed_win"], others=RICH)["win"] is True
    answer = ask(flags=["passed_win"], win_type="discard", discarder=2, others=RICH)
    assert answer["reason"] == "forbidden" and answer["patterns"] == []


def test_jian_zi_hu_cannot_rob_a_kong() -> None:
    common = {"hand": "6p", "win_tile": "2s", "laizi": "6p", "others": RICH,
              "melds": [*FOUR_PUNGS[:3], meld("pung", "777s", 2)]}
    assert ask(**common)["win"] is True
    assert ask(**common, win_type="robbing_kong", discarder=1)["reason"] == "forbidden"


def test_below_minimum_reports_patterns_and_value() -> None:
    answer = ask(others=OPENED)  # each opened loser: 4 x 2 x 2 (dealer) x 2 (自摸) = 32
    assert answer["win"] is False and answer["reason"] == "below_minimum"
    assert ids(answer) == ["kai_kou", "pi_hu", "ying_hu"] and answer["value"] == 4
    assert answer["payments"] == [0, 0, 0, 0]


# ---------------------------------------------------------------------------------------------
# Invalid requests name the field


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"players": 3}, "players"),
        ({"laizi": "7z"}, "laizi"),
        ({"laizi": None}, "laizi"),
        ({"laizi": "5z", "indicator": "4z"}, "indicator"),
        ({"melds": [*PLAIN["melds"], meld("red_kong", "1z")]}, "melds[1].tiles"),
        ({"melds": [*PLAIN["melds"], meld("laizi_kong", "2z")]}, "melds[1].tiles"),
        ({"melds": [*PLAIN["melds"], meld("pi_kong", "4z")]}, "melds[1].tiles"),
        ({"laizi": "6z", "indicator": "7z", "melds": [*PLAIN["melds"], meld("pi_kong", "7z")]},
         "melds[1].tiles"),
        ({"melds": [*PLAIN["melds"], meld("red_kong", "7z", 2)]}, "melds[1].from"),
        ({"melds": [meld("pung", "111z", 1)]}, "melds[0].tiles"),
        ({"melds": [meld("pung", "555z", 1)]}, "melds[0].tiles"),
        ({"hand": "456m789p5s", "melds": [meld("chow", "123m", 2), *PLAIN["melds"]]},
         "melds[0].from"),
        ({"laizi": "2p", "melds": [*PLAIN["melds"], *[meld("pi_kong", "1p")] * 4]}, "hand"),
        ({"win_type": "robbing_kong", "discarder": 1}, "win_tile"),
        ({"win_type": "discard", "discarder": 1, "flags": ["kong_replacement"]}, "flags"),
        ({"flags": ["kong_replacement"]}, "flags"),
        ({"others": {"1": {"kongs": {"red": -1}}}}, "others.1.kongs"),
        ({"others": {"1": {"kongs": {"big": 1}}}}, "others.1.kongs"),
        ({"others": {"1": {"opened": "yes"}}}, "others.1"),
        ({"others": {"1": {"opened": False, "kongs": {"exposed": 1}}}}, "others.1"),
        ({"others": {"4": {"opened": True}}}, "others"),
        ({"others": {"1": {"no_rain": True}, "2": {"no_rain": True}}}, "others"),
        ({"win_type": "robbing_kong", "discarder": 1, "win_tile": "5m", "hand": "123m46m789p55s",
          "others": {"1": {"opened": False}}}, "others.1"),
        ({"hand": "123m456m789p"}, "hand"),
        ({"win_type": "discard"}, "discarder"),
    ],
)
def test_invalid_requests_name_the_field(fields: dict[str, Any], field: str) -> None:
    answer = ask(**fields)
    assert answer["ok"] is False, answer
    assert answer["field"] == field, answer


def test_dealer_rotation() -> None:
    assert RULES.next_dealer(2, [3]) == 3
    assert RULES.next_dealer(2, [2]) == 2
    assert RULES.next_dealer(2, []) == 2
    assert RULES.kong_money("exposed_kong", 1, 0) == [0, 0, 0, 0]
