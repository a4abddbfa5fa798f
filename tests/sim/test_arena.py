"""The duplicate arena: seat arrangements, symmetry, determinism and a clear strength gap."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from majiang.cli import main
from majiang.sim.arena import arrangements
from majiang.sim.arena_cli import run_arena


def _untimed(report: dict[str, Any]) -> dict[str, Any]:
    out = json.loads(json.dumps(report))
    out.pop("seconds")
    for bot in out["bots"].values():
        for key in ("decision_ms_p50", "decision_ms_p99"):
            bot.pop(key)
    return out


def test_arrangements_are_the_1v3_and_2v2_seatings() -> None:
    four = arrangements(2, 4)
    assert len(four) == 14  # 4 + 4 one-vs-three, 6 two-vs-two
    assert sorted(a.count(0) for a in four) == [1] * 4 + [2] * 6 + [3] * 4
    assert len(arrangements(2, 3)) == 6  # kawuxing
    assert arrangements(1, 4) == [(0, 0, 0, 0)]
    with pytest.raises(ValueError):
        arrangements(5, 4)


def test_a_bot_against_itself_differs_by_nothing() -> None:
    report = run_arena("tuidaohu", ["random", "random"], 4, "self")
    assert set(report["bots"]) == {"random#1", "random#2"}
    lo, hi = report["diff"]["ci95"]
    assert lo <= 0 <= hi
    assert report["bots"]["random#1"]["mean"] == report["bots"]["random#2"]["mean"]


def test_same_seed_same_numbers_whatever_the_workers() -> None:
    one = run_arena("kawuxing", ["efficient", "random"], 6, "det")
    again = run_arena("kawuxing", ["efficient", "random"], 6, "det", workers=2)
    assert _untimed(one) == _untimed(again)
    assert one["games"] == 6 * 6 and one["seats"] == 3


def test_random_loses_to_efficient_with_an_interval_excluding_zero() -> None:
    report = run_arena("tuidaohu", ["efficient", "random"], 8, "gap")
    assert report["diff"]["ci95"][0] > 0
    eff, rnd = report["bots"]["efficient"], report["bots"]["random"]
    assert eff["ci95"][0] > rnd["ci95"][1]
    assert eff["win_rate"] > rnd["win_rate"]
    assert 0 < eff["decision_ms_p50"] <= eff["decision_ms_p99"]
    assert abs(eff["mean"] + rnd["mean"]) < 1e-9  # tuidaohu pays zero-sum


def test_cli_json_has_the_promised_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--rules", "tuidaohu", "--bots", "efficient,random", "--hands", "2",
                 "--seed", "1", "--json", "--quiet"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rules"] == "tuidaohu" and report["hands"] == 2
    for bot in report["bots"].values():
        assert {"mean", "ci95", "win_rate", "deal_in_rate", "decision_ms_p50",
                "decision_ms_p99"} <= set(bot)
    assert {"mean", "ci95"} <= set(report["diff"])


def test_cli_refuses_unknown_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "efficient,nobody", "--hands", "1"]) == 2
    assert "nobody" in capsys.readouterr().err


def test_cli_plots_the_intervals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chart = tmp_path / "arena.png"
    assert main(["arena", "--rules", "tuidaohu", "--bots", "efficient,random", "--hands", "2",
                 "--seed", "1", "--quiet", "--plot", str(chart)]) == 0
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
