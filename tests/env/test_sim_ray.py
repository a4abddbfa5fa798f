"""`simulate --ray` on a local two-worker Ray cluster gives the local run's statistics and rows;
`--out` writes JSON Lines and Parquet. Skipped only where ray cannot be imported, never in CI
(ray is in the dev extra)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from majiang.cli import main
from majiang.game.actions import Action
from majiang.game.hand import Hand
from majiang.sim.distributed import read_rows

if os.environ.get("CI") == "true":
    import ray
else:
    ray = pytest.importorskip("ray")

RUN = ["simulate", "--rules", "kawuxing", "--hands", "40", "--seed", "ray-test",
       "--bots", "efficient,random,random", "--json"]


def _report(capsys: pytest.CaptureFixture[str], args: list[str]) -> dict[str, Any]:
    assert main(RUN + args) == 0
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    for timing in ("seconds", "hands_per_s"):
        report.pop(timing, None)
    return report


@pytest.fixture(scope="module")
def cluster() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_run_equals_the_local_run(cluster: None, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    local = _report(capsys, ["--out", str(tmp_path / "local.jsonl")])
    on_ray = _report(capsys, ["--ray", "--workers", "2", "--out", str(tmp_path / "ray.parquet")])
    assert on_ray == local
    assert local["hands"] == 40 and local["invariant_failures"] == 0
    rows = read_rows(tmp_path / "local.jsonl")
    assert rows == read_rows(tmp_path / "ray.parquet")
    assert [r["index"] for r in rows] == list(range(40))
    assert sum(len(r["winners"]) for r in rows) == local["wins"]


def test_a_row_replays_its_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _report(capsys, ["--hands", "3", "--out", str(tmp_path / "rows.jsonl")])
    for row in read_rows(tmp_path / "rows.jsonl")[:3]:
        hand = Hand.new(row["rules"], row["seed"], dealer=row["dealer"])
        for step in row["actions"]:
            hand.apply(step["seat"], Action.from_json(step["action"]))
        assert hand.result is not None and hand.result.payments == row["payments"]
