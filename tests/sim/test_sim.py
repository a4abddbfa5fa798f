"""The simulator: invariants hold, records replay to the same settlement, the CLI reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from majiang.cli import main
from majiang.game.record import load, replay, save, verify
from majiang.sim.cli import simulate_range
from majiang.sim.runner import hands_per_second


def test_simulated_hands_keep_every_invariant_and_replay(tmp_path: Path) -> None:
    stats = simulate_range("tuidaohu", "t", ["efficient", "efficient", "random", "random"],
                           0, 24, check="all", records=str(tmp_path))
    assert stats.hands == 24
    assert stats.invariant_failures == 0, stats.failure_examples
    assert stats.wins > 0
    assert sum(stats.payments_per_seat) == 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 24
    for path in files:
        record = load(path)
        assert verify(record) == []
        assert replay(record).is_over


def test_replay_cli_verifies_and_detects_a_changed_settlement(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    simulate_range("tuidaohu", "r", ["efficient"] * 4, 0, 1, records=str(tmp_path))
    path = tmp_path / "hand-000000.json"
    assert main(["replay", str(path)]) == 0
    assert "settlement verified" in capsys.readouterr().out
    record = load(path)
    record["settlement"]["payments"][0] += 1
    bad = tmp_path / "bad.json"
    save(record, bad)
    assert main(["replay", "--quiet", str(bad)]) == 1
    assert "MISMATCH" in capsys.readouterr().err
    (tmp_path / "junk.json").write_text("{}")
    assert main(["replay", str(tmp_path / "junk.json")]) == 1


def test_simulate_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--hands", "6", "--seed", "j", "--json",
                 "--bots", "efficient,random,efficient,random"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    for key in ("rules", "hands", "wins", "self_drawn", "exhaustive_draws",
                "invariant_failures", "patterns", "hands_per_s"):
        assert key in report
    assert report["hands"] == 6 and report["invariant_failures"] == 0


def test_simulate_refuses_bad_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bots", "random,random"]) == 2
    out = capsys.readouterr().out
    assert "needs 4 names" in out and "需要 4 个" in out


def test_simulate_without_bots_seats_as_many_as_the_ruleset_has(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Kawuxing has three seats (kawuxing 1): the default table fills three, not four."""
    assert main(["simulate", "--rules", "kawuxing", "--hands", "2", "--json",
                 "--check", "rules"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bots"] == ["efficient", "efficient", "random"]
    assert report["hands"] == 2 and report["invariant_failures"] == 0


def test_hands_per_second_is_positive() -> None:
    assert hands_per_second("random", 3) > 0


def test_server_records_replay_too() -> None:
    """The table server's record shape (rng_version, names, result) is read as well."""
    from majiang.bots import get_bot
    from majiang.game import Hand
    from majiang.server import games
    from majiang.sim.runner import play_hand

    hand = play_hand(Hand.new("tuidaohu", "srv"), [get_bot("efficient", s) for s in range(4)])
    assert verify(games.record(hand, ["a", "b", "c", "d"])) == []


@pytest.mark.parametrize("rules", ["yangzhou", "kawuxing", "jincheng", "wuhan"])
def test_every_ruleset_records_and_replays(rules: str, tmp_path: Path) -> None:
    from majiang.game.variants import mechanics

    players = mechanics(rules).rules.players
    bots = ["efficient", "random", "efficient", "random"][:players]
    stats = simulate_range(rules, "rec", bots, 0, 3, records=str(tmp_path))
    assert stats.invariant_failures == 0, stats.failure_examples
    for path in sorted(tmp_path.glob("*.json")):
        assert verify(load(path)) == []
