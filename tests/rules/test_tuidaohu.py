"""tuidaohu scoring beyond the worked examples: properties, liability, kong money, errors."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import majiang
from majiang.rules import get_ruleset
from majiang.tiles import format_tiles, parse_tiles

RULES = get_ruleset("tuidaohu")


@st.composite
def winning_requests(draw: st.DrawFn) -> dict[str, Any]:
    """A random complete tuidaohu hand: four sets and a pair, some sets declared."""
    counts = [0] * 34
    groups: list[list[int]] = []
    for _ in range(4):
        if draw(st.booleans()):
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
    melds: list[dict[str, Any]] = []
    concealed = [pair, pair]
    winner = draw(st.integers(0, 3))
    others = [s for s in range(4) if s != winner]
    for g in groups:
        if g[0] == g[1] and draw(st.booleans()):
            kind = draw(st.sampled_from(["pung", "exposed_kong", "added_kong", "concealed_kong"]))
            tiles = g if kind == "pung" else [*g, g[0]]
            if kind != "pung":
                assume(counts[g[0]] == 3)
                counts[g[0]] += 1
            feeder = None if kind == "concealed_kong" else draw(st.sampled_from(others))
            melds.append({"kind": kind, "tiles": format_tiles(tiles), "from": feeder})
        else:
            concealed.extend(g)
    win_index = draw(st.integers(0, len(concealed) - 1))
    win_tile = concealed.pop(win_index)
    win_type = draw(st.sampled_from(["self_drawn", "discard"]))
    return {
        "rules": "tuidaohu", "winner": winner, "dealer": draw(st.integers(0, 3)),
        "win_type": win_type,
        "discarder": None if win_type == "self_drawn" else draw(st.sampled_from(others)),
        "hand": format_tiles(concealed), "win_tile": format_tiles([win_tile]), "melds": melds,
    }


@settings(max_examples=150, deadline=None)
@given(winning_requests())
def test_every_complete_hand_wins_and_payments_sum_to_zero(request: dict[str, Any]) -> None:
    answer = majiang.score(request)
    assert answer["ok"] and answer["win"], answer
    assert sum(answer["payments"]) == 0
    assert answer["payments"][request["winner"]] > 0
    assert len(answer["patterns"]) == 1 and answer["patterns"][0]["value"] == answer["value"]


@settings(max_examples=100, deadline=None)
@given(winning_requests(), st.randoms(use_true_random=False))
def test_answer_does_not_depend_on_tile_order(request: dict[str, Any], rnd: random.Random) -> None:
    shuffled = parse_tiles(request["hand"])
    rnd.shuffle(shuffled)
    text = "".join(f"{t % 9 + 1 if t < 27 else t - 26}{'mpsz'[min(t // 9, 3)]}" for t in shuffled)
    assert majiang.score({**request, "hand": text}) == majiang.score(request)


def test_explain_lists_exactly_the_patterns_of_the_answer() -> None:
    cases = [
        ["--hand", "123m456p789s23m55z", "--win-tile", "4m", "--discarder", "1"],
        ["--hand", "1112223334445m", "--win-tile", "5m"],
        ["--hand", "2346s", "--win-tile", "6s", "--melds", "pung:111s@1,pung:999s@3,pung:555s@2"],
    ]
    for flags in cases:
        out = subprocess.run(
            [sys.executable, "-m", "majiang", "score", "--rules", "tuidaohu", "--explain", *flags],
            capture_output=True, text=True, check=True,
        ).stdout
        answer = subprocess.run(
            [sys.executable, "-m", "majiang", "score", "--rules", "tuidaohu", *flags],
            capture_output=True, text=True, check=True,
        ).stdout
        import json

        ids = {p["id"] for p in json.loads(answer)["patterns"]}
        listed = {pid for pid in ("pi_hu", "dui_dui_hu", "hun_yi_se", "qing_yi_se",
                                  "hun_dui_dui", "qing_dui_dui") if f"[{pid}]" in out}
        assert listed == ids
        assert "->" in out


def test_liability_lines_name_the_liable_seat() -> None:
    answer = majiang.score({
        "rules": "tuidaohu", "win_type": "self_drawn", "hand": "2346s", "win_tile": "6s",
        "melds": [{"kind": "pung", "tiles": "111s", "from": 1},
                  {"kind": "pung", "tiles": "999s", "from": 3},
                  {"kind": "pung", "tiles": "555s", "from": 2}],
    })
    assert answer["payments"] == [12, 0, -12, 0] and answer["liable"] == 2


def test_liable_discarder_pays_once() -> None:
    answer = majiang.score({
        "rules": "tuidaohu", "win_type": "discard", "discarder": 2, "hand": "2346s",
        "win_tile": "6s",
        "melds": [{"kind": "pung", "tiles": "111s", "from": 1},
                  {"kind": "pung", "tiles": "999s", "from": 3},
                  {"kind": "pung", "tiles": "555s", "from": 2}],
    })
    assert answer["payments"] == [4, 0, -4, 0]


@pytest.mark.parametrize(
    ("kind", "feeder", "expected"),
    [("exposed_kong", 0, [-1, 0, 0, 1]), ("added_kong", None, [-1, -1, -1, 3]),
     ("concealed_kong", None, [-2, -2, -2, 6])],
)
def test_kong_money(kind: str, feeder: int | None, expected: list[int]) -> None:
    assert RULES.kong_money(kind, 3, feeder) == expected


def test_dealer_rotation() -> None:
    assert RULES.next_dealer(2, [2]) == 2
    assert RULES.next_dealer(2, []) == 2
    assert RULES.next_dealer(2, [0, 2]) == 2
    assert RULES.next_dealer(3, [1]) == 0


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"rules": "mahjong"}, "rules"),
        ({"hand": "123x"}, "hand"),
        ({"win_type": "self_drawn", "discarder": 1}, "discarder"),
        ({"discarder": 0}, "discarder"),
        ({"discarder": None}, "discarder"),
        ({"players": 3}, "players"),
        ({"winner": 4}, "winner"),
        ({"win_tile": "45m"}, "win_tile"),
        ({"melds": [{"kind": "pung", "tiles": "123m", "from": 1}]}, "melds[0].tiles"),
        ({"melds": [{"kind": "pung", "tiles": "555z", "from": 0}]}, "melds[0].from"),
        ({"flags": "passed_win"}, "flags"),
        ({"base": 0}, "base"),
    ],
)
def test_invalid_requests_name_the_field(change: dict[str, Any], field: str) -> None:
    request = {"rules": "tuidaohu", "winner": 0, "win_type": "discard", "discarder": 1,
               "hand": "123m456p789s23m55z", "win_tile": "4m", **change}
    answer = majiang.score(request)
    assert answer["ok"] is False
    assert answer["error"].startswith(field), answer["error"]


def test_robbing_kong_needs_the_kind_free() -> None:
    answer = majiang.score({"rules": "tuidaohu", "win_type": "robbing_kong", "discarder": 1,
                            "hand": "123m456p789s23m44m", "win_tile": "4m"})
    assert answer["ok"] is False


def test_command_answers_every_line_and_exits_1_on_a_bad_one() -> None:
    stdin = (
        '{"rules": "tuidaohu", "hand": "123m456p789s23m55z", "win_tile": "4m"}\n'
        "not json\n"
        '{"rules": "tuidaohu", "hand": "123m456p789s23m55z", "win_tile": "9m"}\n'
    )
    proc = subprocess.run([sys.executable, "-m", "majiang", "score"], input=stdin,
                          capture_output=True, text=True, check=False)
    lines = proc.stdout.splitlines()
    assert proc.returncode == 1 and len(lines) == 3
    assert '"win": true' in lines[0] and '"ok": false' in lines[1]
    assert '"reason": "not_complete"' in lines[2]
