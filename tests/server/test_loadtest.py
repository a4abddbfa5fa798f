"""`majiang loadtest` against a real server: a short bounded run reports every key, no errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from server_process import ServerProcess

from majiang.server.loadtest import knee, windows


def loadtest(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "majiang", "loadtest", *args],
        capture_output=True, text=True, timeout=120,
    )


def test_loadtest_reports(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'load.db'}", tmp_path / "server.log")
    server.start()
    try:
        done = loadtest("--url", server.url, "--tables", "3", "--seconds", "6", "--json")
    finally:
        server.stop()
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    for key in ("hands", "hands_per_s", "p50_ms", "p99_ms", "ramp_p99_ms", "ramp_seconds",
                "errors", "ledger_balanced"):
        assert key in report
    assert report["errors"] == 0 and report["ledger_balanced"]
    assert report["hands"] >= 1 and report["samples"] > 0
    assert 0 < report["p50_ms"] <= report["p99_ms"]


def test_loadtest_refuses_other_hosts_and_bounds() -> None:
    assert loadtest("--url", "http://example.com:8000").returncode == 2
    assert loadtest("--tables", "100000").returncode == 2
    assert loadtest("--seconds", "0").returncode == 2
    assert loadtest("--clients", "99").returncode == 2
    assert loadtest("--sweep", "10,many").returncode == 2


def test_a_sweep_over_client_processes_reports_each_step_and_the_knee(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'sweep.db'}", tmp_path / "server.log",
                           env={"MAJIANG_GUEST_GRANTS": "100"})  # six guests from one address
    server.start()
    try:
        done = loadtest("--url", server.url, "--sweep", "2,4", "--clients", "2",
                        "--seconds", "5", "--p99-ms", "100000", "--json")
    finally:
        server.stop()
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    assert [(s["tables"], s["clients"]) for s in report["steps"]] == [(2, 2), (4, 2)]
    assert all(s["errors"] == 0 and s["ledger_balanced"] for s in report["steps"])
    assert report["knee_tables"] == 4  # both held a bar nobody misses


def test_the_knee_is_the_last_step_that_held() -> None:
    def step(tables: int, p99: float, errors: int = 0) -> dict[str, object]:
        return {"tables": tables, "p99_ms": p99, "errors": errors, "ledger_balanced": True}

    assert knee([step(100, 20), step(200, 60), step(400, 150)], 100) == 200
    assert knee([step(400, 20), step(100, 20), step(200, 20, errors=1)], 100) == 100
    assert knee([step(100, 120)], 100) is None


def test_tables_join_over_the_ramp_round_the_client_processes() -> None:
    shares = windows(tables=5, clients=2, ramp=10.0, seconds=30.0, start=100.0)
    assert [[w.join for w in share] for share in shares] == [[100.0, 104.0, 108.0],
                                                             [102.0, 106.0]]
    every = [w for share in shares for w in share]
    assert {(w.measured, w.deadline) for w in every} == {(110.0, 140.0)}
    assert len(windows(tables=2, clients=8, ramp=0.0, seconds=1.0, start=0.0)) == 2
