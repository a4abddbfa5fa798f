"""`majiang loadtest` against a real server: a short bounded run reports every key, no errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from server_process import ServerProcess


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
    for key in ("hands", "hands_per_s", "p50_ms", "p99_ms", "errors", "ledger_balanced"):
        assert key in report
    assert report["errors"] == 0 and report["ledger_balanced"]
    assert report["hands"] >= 1 and report["samples"] > 0
    assert 0 < report["p50_ms"] <= report["p99_ms"]


def test_loadtest_refuses_other_hosts_and_bounds() -> None:
    assert loadtest("--url", "http://example.com:8000").returncode == 2
    assert loadtest("--tables", "100000").returncode == 2
    assert loadtest("--seconds", "0").returncode == 2
