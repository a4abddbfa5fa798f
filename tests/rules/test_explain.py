"""Explanations (`Ruleset.explain`): every loser's share, its factors and cap, multiply and add up
to exactly the scorer's payments, for every worked example and for hands the engine plays; the
contract's answer is untouched (no key added)."""

from __future__ import annotations

import json
import os
from math import prod
from pathlib import Path
from typing import Any

import pytest

from majiang.bots import get_bot
from majiang.game import Hand
from majiang.rules.explain import Explained
from majiang.scoring import score, score_request
from majiang.sim.runner import play_hand

DATA = Path(__file__).parent.parent / "data"
ANSWER_KEYS = {"ok", "win", "reason", "detail", "patterns", "value", "payments", "liable",
               "decomposition", "error", "field"}


def _examples() -> list[Any]:
    out = []
    for path in sorted(DATA.glob("*.jsonl")):
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            if line.strip():
                out.append(pytest.param(json.loads(line)["input"], id=f"{path.stem}:{i + 1}"))
    return out


def check(explained: Explained, answer: dict[str, Any]) -> None:
    """The shares, multiplied out by hand, pay exactly the answer's payments."""
    pay = [0] * len(answer["payments"])
    for share in explained.shares:
        raw = share.base * prod(f.times for f in share.factors)
        assert raw == share.raw
        amount = (raw if share.cap is None else share.cap.amount) * prod(
            f.times for f in share.after)
        if share.cap is not None and share.cap.id == "feng_ding":
            assert raw > share.cap.amount
        assert amount == share.amount > 0
        assert share.base == answer["value"]
        pay[share.paid_by] -= amount
        pay[explained.winner] += amount
        liable = answer.get("liable")
        assert share.paid_by == (share.seat if liable is None else liable)
        assert all(f.zh and f.en and f.times > 1 for f in (*share.factors, *share.after))
    assert pay == answer["payments"]
    assert explained.liable == answer.get("liable")
    assert (explained.liability is not None) == (explained.liable is not None)
    assert explained.to_json()["units"] == answer["payments"]


@pytest.mark.parametrize("request_", _examples())
def test_every_worked_example_is_explained_exactly(request_: dict[str, Any]) -> None:
    answer = score(request_)
    assert set(answer) <= ANSWER_KEYS  # the contract's answer keeps its keys
    if not answer.get("win"):
        return
    ruleset, req, result = score_request(request_)
    assert result.scored is not None
    check(ruleset.explain(req, result.scored), answer)


def test_the_wuhan_factors_and_caps_are_named() -> None:
    """Section 7 of wuhan.md: 开口, kongs, 点炮, 封顶, 连赖, 包牌 on each loser's own line."""
    request = {
        "rules": "wuhan", "dealer": 0, "winner": 1, "win_type": "discard", "discarder": 2,
        "hand": "2m", "win_tile": "2m",
        "melds": [{"kind": "pung", "tiles": "111s", "from": 0},
                  {"kind": "pung", "tiles": "333s", "from": 2},
                  {"kind": "pung", "tiles": "444s", "from": 3},
                  {"kind": "pung", "tiles": "666s", "from": 0}],
        "laizi": "5p", "flags": ["repeat_laizi"],
        "others": {"0": {"opened": True}, "2": {"opened": True, "kongs": {"concealed": 1}},
                   "3": {"opened": True, "kongs": {"red": 1}}},
    }
    ruleset, req, result = score_request(request)
    assert result.win and result.scored is not None
    explained = ruleset.explain(req, result.scored)
    check(explained, score(request))
    by_seat = {s.seat: s for s in explained.shares}
    assert [f.id for f in by_seat[2].factors] == ["opened", "concealed_kong", "discarder"]
    assert [f.id for f in by_seat[2].after] == ["lian_lai"]
    assert [f.id for f in by_seat[3].factors] == ["opened", "red_kong"]
    cap = by_seat[2].cap  # (10 碰碰胡 + 10 全求人) x 4 = 80; x16 = 1280: 封顶 600, x2 连赖
    assert cap is not None and cap.id == "feng_ding" and by_seat[2].amount == 1200
    assert by_seat[0].cap is None and by_seat[0].amount == 80 * 2 * 2
    assert explained.liable == 2 and explained.liability is not None  # 全求人: the discarder
    assert explained.liability.id == "quan_qiu_ren"
    assert explained.lines()[1].startswith(
        "seat 2: 80 ×2 输家开口 ×4 输家暗杠 ×2 点炮 = 1280 → 封顶 600 ×2 连赖翻番 = 1200")


def test_kawuxing_names_why_a_declared_discarder_pays_one_share() -> None:
    """包胡 doubles a discarder's share to a declared winner; 对亮不包 (the discarder had
    declared too) keeps it single, and the line says so instead of showing a bare value."""
    base = {"rules": "kawuxing", "dealer": 0, "winner": 0, "win_type": "discard",
            "discarder": 2, "hand": "46p123s789s234p11p", "win_tile": "5p", "melds": [],
            "flags": ["declared"]}
    for others, factors, notes, units in (({}, ["bao_hu"], [], 8),
                                          ({"2": {"declared": True}}, [], ["dui_liang_bu_bao"], 4)):
        request = {**base, "others": others}
        ruleset, req, result = score_request(request)
        assert result.scored is not None
        explained = ruleset.explain(req, result.scored)
        check(explained, score(request))
        (share,) = explained.shares
        assert [f.id for f in share.factors] == factors
        assert [n["id"] for n in share.to_json()["notes"]] == notes
        assert share.amount == units
    assert explained.lines() == ["seat 2: 4 = 4 (对亮不包（点炮者也已亮倒，不加倍）)"]


HANDS = int(os.environ.get("MAJIANG_EXPLAIN_HANDS", "12"))


@pytest.mark.parametrize("rules", ["tuidaohu", "yangzhou", "kawuxing", "jincheng", "wuhan"])
def test_engine_hands_are_explained_exactly(rules: str) -> None:
    """Every win of hands the bots play: the engine's request scored again gives the answer it
    paid, and the explanation adds up to it (MAJIANG_EXPLAIN_HANDS hands per ruleset)."""
    players = 3 if rules == "kawuxing" else 4
    wins = 0
    for i in range(HANDS):
        bots = [get_bot("efficient", f"explain/{rules}/{i}/{s}") for s in range(players)]
        hand = play_hand(Hand.new(rules, f"explain/{i}", dealer=i % players), bots)
        result = hand.result
        assert result is not None
        total = [0] * players
        for request, answer in zip(result.requests, result.answers, strict=True):
            assert score(request) == answer
            ruleset, req, scored = score_request(request)
            assert scored.scored is not None
            explained = ruleset.explain(req, scored.scored)
            check(explained, answer)
            total = [a + b for a, b in zip(total, explained.payments, strict=True)]
            wins += 1
        if result.winners:
            assert total == result.win_payments
    assert wins > 0 or HANDS < 5


def test_score_explain_prints_each_losers_line() -> None:
    """`majiang score --explain`: one line per loser with the factors, then the payments."""
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "majiang", "score", "--rules", "jincheng", "--hand",
         "123m456p789s23m55z", "--win-tile", "4m", "--discarder", "1", "--flags", "declared",
         "--explain"], capture_output=True, text=True, check=True,
    ).stdout
    assert "seat 1: 1 ×2 庄家 ×2 点炮（未上架） = 4" in out
    assert "seat 2: 1 ×2 庄家 = 2" in out
    assert "seat 1 -> seat 0: 4" in out
