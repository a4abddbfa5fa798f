"""The fork study: each way is played on faithful copies, and the CLI reports the gain."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from majiang.bots import get_bot
from majiang.cli import main
from majiang.game.hand import Hand
from majiang.sim.arena_stats import mean_ci
from majiang.sim.fork import Fork, fork_wall
from majiang.sim.fork_cli import clustered_mean
from majiang.sim.runner import play_hand


@pytest.mark.parametrize(("rules", "at"), [("kawuxing", "declare"), ("tuidaohu", "pung"),
                                          ("yangzhou", "win"), ("yangzhou", "pung")])
def test_the_way_the_bot_chose_replays_what_the_table_did(rules: str, at: str) -> None:
    """A fork copies the hand and the bots: the way the bot took ends exactly as the hand itself
    ended for that seat, and the hand the study plays is the one plain play gives."""
    seen = 0
    for wall in range(12):
        forks, results = fork_wall(rules, "strong", at, "fork", wall)
        players = len(results)
        plain = play_hand(Hand.new(rules, f"fork/{wall}", dealer=wall % players),
                          [get_bot("strong", f"fork/{wall}/{s}") for s in range(players)])
        assert plain.result is not None and list(plain.result.payments) == results
        assert sum(results) == 0
        for f in forks:
            assert (f.taken if f.chosen else f.other) == results[f.seat]
            seen += 1
    assert seen > 5


def test_fork_reports_the_gain_by_feature(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fork", "--rules", "kawuxing", "--at", "declare", "--hands", "6",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["decisions"] == sum(c["n"] for c in report["by"]["live"].values()) > 0
    low, high = report["gain"]["ci95"]
    assert low <= report["gain"]["mean"] <= high
    assert set(report["by"]) == {"live", "others_declared", "melds", "shanten", "wall_left",
                                 "taken"}


def test_fork_refuses_a_declaration_where_nobody_declares(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fork", "--rules", "tuidaohu", "--at", "declare", "--hands", "1"]) == 2
    err = capsys.readouterr().err
    assert "--at declare needs kawuxing or jincheng" in err and "没有亮牌" in err


def _fork(wall: int, gain: int) -> Fork:
    return Fork(wall, 0, True, gain, 0, 40, 0, 0, 0, 0)


def test_the_interval_is_clustered_by_wall() -> None:
    """One decision a wall: the plain interval of the mean. The same decisions twice in each
    wall add no information, so the interval stays as it was (a plain one would narrow by
    about the square root of 2)."""
    gains = [3, -1, 0, 2, -4, 1, 0, 5]
    once = [_fork(w, g) for w, g in enumerate(gains)]
    twice = once + [_fork(w, g) for w, g in enumerate(gains)]
    plain_mean, plain_interval = mean_ci(gains)
    assert clustered_mean(once)[0] == pytest.approx(plain_mean)
    assert clustered_mean(once)[1] == pytest.approx(plain_interval)
    mean, interval = clustered_mean(twice)
    assert mean == pytest.approx(plain_mean)
    assert interval == pytest.approx(plain_interval)
    assert mean_ci(gains * 2)[1][1] < interval[1]


def test_fork_refuses_a_rows_file_in_no_folder_before_playing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = tmp_path / "missing" / "rows.jsonl"
    assert main(["fork", "--hands", "1", "--rows", str(rows)]) == 2
    assert "no folder" in capsys.readouterr().err and not rows.exists()
    good = tmp_path / "rows.jsonl"
    assert main(["fork", "--hands", "4", "--rows", str(good), "--json"]) == 0
    lines = good.read_text(encoding="utf-8").splitlines()
    assert len(lines) == json.loads(capsys.readouterr().out)["decisions"]
    assert {"wall", "taken", "other", "live"} <= set(json.loads(lines[0]))
