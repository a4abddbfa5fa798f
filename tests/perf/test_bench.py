"""`majiang bench`: the JSON contract and the registry (speed itself is measured, not tested)."""

from __future__ import annotations

import json

import pytest

from majiang.analysis import Shape, is_winning, shanten
from majiang.cli import main
from majiang.perf import bench
from majiang.perf.sample import Runner, Sample, make_sample, tile_ids


def test_quick_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--json", "--quick"]) == 0
    payload = json.loads(capsys.readouterr().out)
    ours = {r["op"] for r in payload["results"] if r["impl"] == "majiang"}
    assert {"win_check", "win_check_jokers", "arrangements", "waits", "shanten"} <= ours
    for result in payload["results"]:
        assert set(result) == {"op", "impl", "per_s"}
        assert result["per_s"] > 0


def test_quick_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--quick", "--op", "waits"]) == 0
    out = capsys.readouterr().out
    assert "waits" in out and "majiang" in out


def test_register_and_skip_missing_peer() -> None:
    def make_ok(sample: Sample) -> Runner:
        return lambda: len(sample.dealt13)

    def make_missing(sample: Sample) -> Runner:
        raise ImportError("not installed")

    before = list(bench.REGISTRY)
    try:
        bench.register("test_op", "majiang", make_ok)
        bench.register("test_op", "nonexistent", make_missing)
        results, skipped = bench.run_bench(5, 0.001, 1, {"test_op"}, warm=0)
    finally:
        bench.REGISTRY[:] = before
    assert [(r.op, r.impl) for r in results] == [("test_op", "majiang")]
    assert skipped == ["test_op/nonexistent"]


def test_sample_is_fixed_and_sound() -> None:
    a = make_sample(20, warm=0)
    b = make_sample(20, warm=0)
    assert a.win_hands == b.win_hands and a.shanten_hands == b.shanten_hands
    assert all(is_winning(c, 0, Shape.ALL) for c in a.winning14)
    assert all(sum(c) == 14 for c in a.near14 + a.dealt14)
    assert all(sum(c) == 13 and shanten(c, 0, Shape.ALL) == 0 for c in a.ready13)
    assert all(sum(c) + j == 14 for c, j in a.jokers14)
    assert all(max(c) <= 4 for c in a.win_hands + a.shanten_hands + a.wait_hands)
    ids = tile_ids(a.winning14[0])
    assert len(ids) == 14 and len(set(ids)) == 14


def test_hand_efficient_is_measured_against_hand_random() -> None:
    table = bench.ratios([bench.Result("hand_random", "majiang", 100.0),
                          bench.Result("hand_efficient", "majiang", 40.0),
                          bench.Result("acceptance", "majiang", 30.0),
                          bench.Result("acceptance", "xiangting", 20.0)])
    by = {(row["op"], row["peer"]): row for row in table}
    assert by["hand_efficient", "majiang:hand_random"]["ratio"] == 0.4
    assert by["hand_efficient", "majiang:hand_random"]["ok"] is False
    assert by["acceptance", "xiangting"]["ok"] is True


def test_the_ops_of_a_ratio_bar_take_turns() -> None:
    """hand_efficient / hand_random is a bar: their rounds alternate, so one moment's machine
    load hits both (measured apart, the ratio swung from 0.35 to 0.76 between runs)."""
    calls: list[str] = []

    def make(name: str) -> object:
        def make_runner(sample: Sample) -> Runner:
            def run() -> int:
                calls.append(name)
                return 1
            return run
        return make_runner

    before = list(bench.REGISTRY)
    try:
        bench.REGISTRY[:] = [bench.Case("hand_random", "majiang", make("random")),
                             bench.Case("waits", "majiang", make("waits")),
                             bench.Case("hand_efficient", "majiang", make("efficient"))]
        bench.run_bench(5, 0.0, 3, None, warm=0)
    finally:
        bench.REGISTRY[:] = before
    timed = calls[-9:]  # after each case's warm-up pass
    assert timed == ["random", "efficient"] * 3 + ["waits"] * 3, calls
