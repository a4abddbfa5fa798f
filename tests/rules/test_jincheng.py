"""jincheng scoring beyond the worked examples: properties, shapes, frozen tiles, the payment
table, settlement amounts and invalid requests."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import majiang
from majiang.analysis import Shape
from majiang.rules import get_ruleset
from majiang.rules.jincheng import RULESET as JINCHENG
from majiang.rules.jincheng import win_payments
from majiang.tiles import TERMINALS_AND_HONORS, format_tiles, parse_tiles

RULES = get_ruleset("jincheng")
ORPHANS = list(TERMINALS_AND_HONORS)


def _request(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "rules": "jincheng", "dealer": 0, "winner": 0, "win_type": "self_drawn",
        "hand": "123m456p789s23s11z", "win_tile": "4s", "melds": [], "flags": ["declared"],
    }
    return {**base, **fields}


# --- the payment table, written out row by row (section 7.1) as an oracle ----------------------

# (winner is dealer, feeder: None (self-drawn) / "dealer" / "other", feeder declared)
#   -> (dealer pays, feeder pays, each other non-dealer pays)
TABLE: dict[tuple[bool, str | None, bool], tuple[int, int, int]] = {
    (True, "other", False): (0, 4, 2),  # 1
    (True, "other", True): (0, 2, 2),  # 2
    (False, "other", False): (2, 2, 1),  # 3
    (False, "other", True): (2, 1, 1),  # 4
    (False, "dealer", False): (4, 4, 1),  # 5 (the feeder is the dealer)
    (False, "dealer", True): (2, 2, 1),  # 6
    (True, None, False): (0, 0, 4),  # 7
    (False, None, False): (4, 0, 2),  # 8
}


def table_payments(
    dealer: int, winner: int, feeder: int | None, declared: bool
) -> list[int]:
    role = None if feeder is None else ("dealer" if feeder == dealer else "other")
    dealer_pays, feeder_pays, other_pays = TABLE[(winner == dealer, role, declared and
                                                  feeder is not None)]
    pay = [0] * 4
    for seat in range(4):
        if seat == winner:
            continue
        if seat == feeder:
            share = feeder_pays
        elif seat == dealer:
            share = dealer_pays
        else:
            share = other_pays
        pay[seat] = -share
        pay[winner] += share
    return pay


# --- random winning requests ------------------------------------------------------------------


@st.composite
def winning_requests(draw: st.DrawFn) -> dict[str, Any]:
    """A random complete jincheng hand of any of the three shapes, declared, any seats."""
    winner = draw(st.integers(0, 3))
    others = [s for s in range(4) if s != winner]
    shape = draw(st.sampled_from(["standard", "seven_pairs", "thirteen_orphans"]))
    melds: list[dict[str, Any]] = []
    counts = [0] * 34
    if shape == "standard":
        concealed: list[int] = []
        pair = draw(st.integers(0, 33))
        concealed += [pair, pair]
        counts[pair] += 2
        for _ in range(4):
            if draw(st.booleans()):
                start = draw(st.sampled_from([s * 9 + n for s in range(3) for n in range(7)]))
                group = [start, start + 1, start + 2]
                concealed += group
            else:
                tile = draw(st.integers(0, 33))
                group = [tile] * 3
                kind = draw(st.sampled_from(
                    ["concealed", "pung", "exposed_kong", "added_kong", "concealed_kong"]))
                if kind == "concealed":
                    concealed += group
                else:
                    if kind != "pung":
                        group.append(tile)
                    feeder = None if kind == "concealed_kong" else draw(st.sampled_from(others))
                    melds.append({"kind": kind, "tiles": format_tiles(group), "from": feeder})
            for t in group:
                counts[t] += 1
    elif shape == "seven_pairs":
        kinds = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7))
        concealed = [t for t in kinds for _ in range(2)]
        for t in concealed:
            counts[t] += 1
    else:
        pair = draw(st.sampled_from(ORPHANS))
        singles = [t for t in ORPHANS if t != pair]
        frozen = draw(st.lists(st.sampled_from(singles), unique=True, max_size=6))
        use_grab = draw(st.booleans())
        grabbed = frozen[0] if frozen and use_grab else None
        upper = (winner + 3) % 4
        for t in frozen:
            if t == grabbed:
                melds.append({"kind": "grabbed", "tiles": format_tiles([t]),
                              "from": draw(st.sampled_from(others))})
            else:
                melds.append({"kind": "picked", "tiles": format_tiles([t]),
                              "from": draw(st.sampled_from([upper, None]))})
        concealed = [pair, pair] + [t for t in singles if t not in frozen]
        counts = [1 if t in ORPHANS else 0 for t in range(34)]
        counts[pair] = 2
    assume(max(counts) <= 4)
    win_tile = concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    win_type = draw(st.sampled_from(["self_drawn", "discard", "robbing_kong"]))
    if win_type == "robbing_kong":
        assume(counts[win_tile] == 1)
    extra = draw(st.lists(st.sampled_from(["kong_replacement", "last_tile", "heavenly"]),
                          unique=True, max_size=2))
    return {
        "rules": "jincheng", "winner": winner, "dealer": draw(st.integers(0, 3)),
        "win_type": win_type,
        "discarder": None if win_type == "self_drawn" else draw(st.sampled_from(others)),
        "hand": format_tiles(concealed), "win_tile": format_tiles([win_tile]), "melds": melds,
        "flags": ["declared", *extra],
        "others": {str(s): {"declared": draw(st.booleans())} for s in others},
        "_shape": shape,
    }


def _clean(request: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in request.items() if not k.startswith("_")}


EXPECTED_PATTERN = {"standard": {"ping_hu", "qi_dui"}, "seven_pairs": {"qi_dui"},
                    "thirteen_orphans": {"shi_san_yao"}}


@settings(max_examples=200, deadline=None)
@given(winning_requests())
def test_every_complete_hand_wins_and_pays_by_the_table(request: dict[str, Any]) -> None:
    answer = majiang.score(_clean(request))
    assert answer["ok"] and answer["win"], answer
    assert answer["value"] == 1
    assert len(answer["patterns"]) == 1 and answer["patterns"][0]["value"] == 1
    assert answer["patterns"][0]["id"] in EXPECTED_PATTERN[request["_shape"]]
    feeder = request["discarder"]
    declared = feeder is not None and request["others"][str(feeder)]["declared"]
    expected = table_payments(request["dealer"], request["winner"], feeder, declared)
    assert answer["payments"] == expected
    assert sum(answer["payments"]) == 0 and answer["payments"][request["winner"]] > 0


@settings(max_examples=100, deadline=None)
@given(winning_requests(), st.randoms(use_true_random=False))
def test_answer_does_not_depend_on_tile_order(request: dict[str, Any], rnd: random.Random) -> None:
    request = _clean(request)
    shuffled = parse_tiles(request["hand"])
    rnd.shuffle(shuffled)
    text = "".join(format_tiles([t]) for t in shuffled)
    assert majiang.score({**request, "hand": text}) == majiang.score(request)


@settings(max_examples=100, deadline=None)
@given(winning_requests(), st.integers(1, 3))
def test_turning_the_table_turns_the_payments(request: dict[str, Any], k: int) -> None:
    """Every seat moved k places on: the same win, payments moved with the seats."""
    request = _clean(request)

    def turn(seat: int | None) -> int | None:
        return None if seat is None else (seat + k) % 4

    turned = {
        **request,
        "dealer": turn(request["dealer"]), "winner": turn(request["winner"]),
        "discarder": turn(request["discarder"]),
        "melds": [{**m, "from": turn(m["from"])} for m in request["melds"]],
        "others": {str(turn(int(s))): v for s, v in request["others"].items()},
    }
    before = majiang.score(request)["payments"]
    after = majiang.score(turned)["payments"]
    assert after == [before[(s - k) % 4] for s in range(4)]


@given(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3), st.booleans(), st.booleans())
def test_win_payments_rule_matches_the_table(
    dealer: int, winner: int, feeder: int, self_drawn: bool, declared: bool
) -> None:
    assume(feeder != winner)
    who = None if self_drawn else feeder
    pay = win_payments(dealer, winner, who, declared)
    assert pay == table_payments(dealer, winner, who, declared)
    assert pay[winner] in {4, 5, 6, 8, 12}


# --- shapes and patterns ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "win_tile", "melds", "pattern"),
    [
        ("123m456p789s23s11z", "4s", [], "ping_hu"),
        ("1122334455667m", "7m", [], "qi_dui"),
        ("1111222233334m", "4m", [], "qi_dui"),  # 七对 with three sets of four identical
        ("19m19p19s1234567z", "1m", [], "shi_san_yao"),
        ("19m19p19s1234567z", "5z", [], "shi_san_yao"),
        ("1m", "1m", [{"kind": "pung", "tiles": "222m", "from": 1},
                      {"kind": "concealed_kong", "tiles": "3333m"},
                      {"kind": "exposed_kong", "tiles": "4444m", "from": 2},
                      {"kind": "added_kong", "tiles": "5555m", "from": 3}], "ping_hu"),
        ("111z222z333z4z", "4z", [{"kind": "pung", "tiles": "777z", "from": 1}], "ping_hu"),
    ],
)
def test_each_shape_names_its_pattern(
    hand: str, win_tile: str, melds: list[dict[str, Any]], pattern: str
) -> None:
    answer = majiang.score(_request(hand=hand, win_tile=win_tile, melds=melds))
    assert answer["win"], answer
    assert [(p["id"], p["value"]) for p in answer["patterns"]] == [(pattern, 1)]
    assert answer["value"] == 1


def test_pattern_table_names() -> None:
    assert {(p.id, p.zh, p.value) for p in RULES.patterns} == {
        ("ping_hu", "平胡", 1), ("qi_dui", "七对", 1), ("shi_san_yao", "十三么", 1)}


@pytest.mark.parametrize(
    ("hand", "win_tile", "melds"),
    [
        ("112233m445566p7z", "1m", []),  # six pairs, 1m three times, a single 7z
        ("1122m3344p55s", "5s", [{"kind": "concealed_kong", "tiles": "9999m"}]),  # pairs + kong
        ("19m19p19s123456z2m", "1m", []),  # twelve orphan kinds, no 7z
        ("19m19p19s1234z", "7z", [{"kind": "pung", "tiles": "999m", "from": 1}]),
    ],
)
def test_near_misses_are_not_complete(
    hand: str, win_tile: str, melds: list[dict[str, Any]]
) -> None:
    answer = majiang.score(_request(hand=hand, win_tile=win_tile, melds=melds))
    assert answer["ok"] and not answer["win"] and answer["reason"] == "not_complete", answer
    assert answer["patterns"] == [] and answer["value"] == 0 and answer["payments"] == [0] * 4


def test_thirteen_orphans_decomposition_lists_singles_then_the_pair() -> None:
    answer = majiang.score(_request(
        hand="19m19p19s23456z", win_tile="9s",
        melds=[{"kind": "picked", "tiles": "1z", "from": 3},
               {"kind": "grabbed", "tiles": "7z", "from": 2}]))
    assert answer["win"]
    assert answer["decomposition"] == ["1m", "9m", "1p", "9p", "1s", "1z", "2z", "3z", "4z",
                                       "5z", "6z", "7z", "99s"]


# --- frozen tiles (拾 / 搶) -------------------------------------------------------------------


def test_frozen_tiles_win_only_as_thirteen_orphans() -> None:
    """11 concealed tiles that make three sets and a pair, with three picked tiles: no win."""
    answer = majiang.score(_request(
        hand="123m456p789s1s", win_tile="1s",
        melds=[{"kind": "picked", "tiles": "1z", "from": 3},
               {"kind": "picked", "tiles": "2z", "from": 3},
               {"kind": "grabbed", "tiles": "3z", "from": 1}]))
    assert answer["ok"] and answer["win"] is False and answer["reason"] == "not_complete"


@pytest.mark.parametrize(
    ("hand", "win_tile", "frozen", "reason"),
    [
        ("19m19p9s1234567z", "1z", ["1s"], None),  # concealed pair 1z, 1s frozen single
        ("9m19p19s1234567z", "7z", ["1m"], None),  # the winning tile makes the pair
        ("19m19p19s234567z", "9m", ["1z"], None),
        ("19m19p19s234567z", "1z", ["1z"], "forbidden"),  # would pair with the frozen 1z
        ("1m9m19p19s234567z", "5z", ["1m"], "not_complete"),  # two pairs, no 1z
        ("1m9m19p19s23456z", "7z", ["1m", "1z"], "forbidden"),  # a held copy of a frozen kind
    ],
)
def test_frozen_tiles_are_singles_only(
    hand: str, win_tile: str, frozen: list[str], reason: str | None
) -> None:
    melds = [{"kind": "picked", "tiles": t, "from": 3} for t in frozen]
    answer = majiang.score(_request(hand=hand, win_tile=win_tile, melds=melds))
    assert answer["ok"], answer
    assert answer.get("reason") == reason
    if reason is None:
        assert answer["win"] and answer["patterns"][0]["id"] == "shi_san_yao"
    else:
        assert answer["patterns"] == [] and answer["value"] == 0 and answer["payments"] == [0] * 4


# --- conditions of a win ----------------------------------------------------------------------


@pytest.mark.parametrize("win_type", ["self_drawn", "discard", "robbing_kong"])
def test_without_declared_no_win(win_type: str) -> None:
    discarder = None if win_type == "self_drawn" else 2
    answer = majiang.score(_request(win_type=win_type, discarder=discarder, flags=[]))
    assert answer["win"] is False and answer["reason"] == "forbidden"
    assert "上架" in answer["detail"]


@pytest.mark.parametrize(("win_type", "wins"),
                         [("self_drawn", True), ("discard", False), ("robbing_kong", False)])
def test_passed_win_blocks_only_wins_on_others_tiles(win_type: str, wins: bool) -> None:
    discarder = None if win_type == "self_drawn" else 1
    answer = majiang.score(_request(win_type=win_type, discarder=discarder,
                                    flags=["declared", "passed_win"]))
    assert answer["win"] is wins
    if not wins:
        assert answer["reason"] == "forbidden"


def test_not_complete_comes_before_forbidden() -> None:
    answer = majiang.score(_request(hand="1234m5678p99s123z", win_tile="4z", flags=[]))
    assert answer["reason"] == "not_complete"


@pytest.mark.parametrize("flag", ["kong_replacement", "after_kong_discard", "last_tile",
                                  "heavenly", "no_such_flag"])
def test_other_flags_change_nothing(flag: str) -> None:
    plain = majiang.score(_request(win_type="discard", discarder=2))
    assert majiang.score(_request(win_type="discard", discarder=2,
                                  flags=["declared", flag])) == plain


def test_base_and_ignored_fields_change_nothing() -> None:
    plain = majiang.score(_request())
    assert majiang.score(_request(base=25, laizi="5z", round_wind="2z", seat_wind="3z")) == plain
    assert majiang.score(_request(base=0.5)) == plain


def test_only_the_feeders_declared_state_counts() -> None:
    undeclared = majiang.score(_request(winner=1, win_type="discard", discarder=3,
                                        others={"0": {"declared": True}, "2": {"declared": True},
                                                "1": {"declared": True}}))
    assert undeclared["payments"] == [-2, 5, -1, -2]
    declared = majiang.score(_request(winner=1, win_type="discard", discarder=3,
                                      others={"3": {"declared": True}}))
    assert declared["payments"] == [-2, 4, -1, -1]
    empty_entry = majiang.score(_request(winner=1, win_type="discard", discarder=3,
                                         others={"3": {}}))
    assert empty_entry["payments"] == [-2, 5, -1, -2]


# --- the eight payment cases, the dealer anywhere ---------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize(
    ("winner_off", "feeder_off", "declared", "winner_gets", "feeder_pays"),
    [
        (0, 1, False, 8, 4), (0, 2, True, 6, 2), (1, 2, False, 5, 2), (2, 3, True, 4, 1),
        (3, 0, False, 6, 4), (1, 0, True, 4, 2), (0, None, False, 12, None),
        (2, None, False, 8, None),
    ],
)
def test_payment_cases(dealer: int, winner_off: int, feeder_off: int | None, declared: bool,
                       winner_gets: int, feeder_pays: int | None) -> None:
    winner = (dealer + winner_off) % 4
    feeder = None if feeder_off is None else (dealer + feeder_off) % 4
    request = _request(dealer=dealer, winner=winner,
                       win_type="self_drawn" if feeder is None else "discard",
                       discarder=feeder, hand="123m456p789s23s11z", win_tile="1s")
    if feeder is not None:
        request["others"] = {str(feeder): {"declared": declared}}
    payments = majiang.score(request)["payments"]
    assert payments[winner] == winner_gets
    if feeder is not None and feeder_pays is not None:
        assert payments[feeder] == -feeder_pays
    assert sum(payments) == 0


def test_robbing_a_kong_pays_like_a_discard_by_the_konger() -> None:
    discard = majiang.score(_request(winner=2, win_type="discard", discarder=0,
                                     hand="234567m99p456s67p", win_tile="8p"))
    robbed = majiang.score(_request(winner=2, win_type="robbing_kong", discarder=0,
                                    hand="234567m99p456s67p", win_tile="8p"))
    assert robbed["payments"] == discard["payments"] == [-4, -1, 6, -1]


# --- settlement amounts apart from the win, game facts ----------------------------------------


@pytest.mark.parametrize(
    ("kind", "expected"),
    [("exposed_kong", [-1, -1, 3, -1]), ("added_kong", [-1, -1, 3, -1]),
     ("concealed_kong", [-2, -2, 6, -2])],
)
def test_kong_money_comes_from_all_three(kind: str, expected: list[int]) -> None:
    feeder = 0 if kind == "exposed_kong" else None
    assert RULES.kong_money(kind, 2, feeder) == expected


def test_kong_money_rejects_a_non_kong() -> None:
    with pytest.raises(ValueError, match="pung"):
        RULES.kong_money("pung", 0, 1)


def test_whole_hand_example_of_section_7_3() -> None:
    rules = JINCHENG
    lines = [
        rules.qian_bao(0),
        RULES.kong_money("concealed_kong", 2, None),
        RULES.kong_money("exposed_kong", 1, 3),
        majiang.score(_request(winner=3, win_type="discard", discarder=1))["payments"],
    ]
    assert lines[-1] == [-2, -2, -1, 5]
    assert [sum(col) for col in zip(*lines, strict=True)] == [-8, 0, 5, 3]
    drawn = [rules.qian_bao(0), rules.hou_bao(0)]
    assert rules.hou_bao(0) == [-6, 2, 2, 2]
    assert [sum(col) for col in zip(*drawn, strict=True)] == [-9, 3, 3, 3]
    assert rules.kong_money_at_draw is False and rules.dead_stacks == 7


def test_dealer_rotation() -> None:
    assert RULES.next_dealer(2, [2]) == 2
    assert RULES.next_dealer(2, [0]) == 3
    assert RULES.next_dealer(3, []) == 0  # 荒庄: the deal passes to the 下家


def test_game_facts() -> None:
    assert RULES.players == 4 and RULES.tile_count == 136
    assert not RULES.allows_chow
    assert RULES.meld_kinds == {"pung", "exposed_kong", "added_kong", "concealed_kong",
                                "picked", "grabbed"}
    assert RULES.shapes == Shape.ALL


# --- invalid requests -------------------------------------------------------------------------

PICKED = {"kind": "picked", "tiles": "1z", "from": 3}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"players": 3}, "players"),
        ({"players": 5}, "players"),
        ({"winner": 4}, "winner"),
        ({"dealer": -1}, "dealer"),
        ({"win_type": None}, "win_type"),
        ({"win_type": "tsumo"}, "win_type"),
        ({"win_type": "discard"}, "discarder"),
        ({"win_type": "robbing_kong", "discarder": None}, "discarder"),
        ({"discarder": 1}, "discarder"),
        ({"win_type": "discard", "discarder": 0}, "discarder"),
        ({"hand": "123x"}, "hand"),
        ({"hand": "123m456p789s23s1z"}, "hand"),  # 12 tiles
        ({"win_tile": "45m"}, "win_tile"),
        ({"hand": "1111m456p789s234s", "win_tile": "1m"}, "hand"),  # a fifth 1m
        ({"melds": [{"kind": "chow", "tiles": "123m", "from": 3}],
          "hand": "456p789s23s11z"}, "melds[0].kind"),
        ({"melds": [{"kind": "laizi_kong", "tiles": "1z"}], "hand": "123m456p789s23s"},
         "melds[0].kind"),
        ({"melds": [{"kind": "fly", "tiles": "1z"}]}, "melds[0].kind"),
        ({"melds": [{"kind": "pung", "tiles": "123m", "from": 1}]}, "melds[0].tiles"),
        ({"melds": [{"kind": "pung", "tiles": "555z", "from": 0}], "hand": "123m456p789s23s"},
         "melds[0].from"),
        ({"melds": [{"kind": "concealed_kong", "tiles": "5555z", "from": 1}],
          "hand": "123m456p789s23s"}, "melds[0].from"),
        ({"melds": [{"kind": "picked", "tiles": "5m", "from": 3}],
          "hand": "123m456p789s234s"}, "melds[0].tiles"),
        ({"melds": [{"kind": "picked", "tiles": "1z", "from": 1}],
          "hand": "123m456p789s234s"}, "melds[0].from"),
        ({"melds": [{"kind": "grabbed", "tiles": "1z", "from": 1},
                    {"kind": "grabbed", "tiles": "2z", "from": 2}],
          "hand": "123m456p789s23s"}, "melds[1].kind"),
        ({"melds": [PICKED, {"kind": "grabbed", "tiles": "1z", "from": 2}],
          "hand": "123m456p789s23s"}, "melds[1].tiles"),
        ({"melds": [PICKED, {"kind": "pung", "tiles": "555z", "from": 2}],
          "hand": "123m456p789s"}, "melds"),
        ({"melds": [PICKED]}, "hand"),  # 13 concealed + 1 frozen tile
        ({"win_type": "robbing_kong", "discarder": 1, "hand": "123m456p789s44s11z",
          "win_tile": "4s"}, "win_tile"),
        ({"flags": "declared"}, "flags"),
        ({"others": {"4": {"declared": True}}}, "others"),
        ({"others": {"1": {"declared": "yes"}}}, "others.1.declared"),
        ({"others": {"1": True}}, "others"),
        ({"base": 0}, "base"),
        ({"base": "ten"}, "base"),
    ],
)
def test_invalid_requests_name_the_field(change: dict[str, Any], field: str) -> None:
    request = _request(**change)
    if request["win_type"] is None:
        del request["win_type"]
    answer = majiang.score(request)
    assert answer["ok"] is False, answer
    assert answer["error"].startswith(field + ":"), answer["error"]
