"""The worked examples of every landed ruleset, run through the `majiang score` command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from majiang.rules import available, get_ruleset

DATA = Path(__file__).parent / "data"


def _cases() -> list[Any]:
    out = []
    for path in sorted(DATA.glob("*.jsonl")):
        if path.stem not in available():
            continue
        # A ruleset may list examples it does not meet yet (line number -> why): strict xfail.
        gaps: dict[int, str] = getattr(get_ruleset(path.stem), "known_gaps", {})
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            if line.strip():
                gap = gaps.get(i + 1)
                marks = [pytest.mark.xfail(reason=gap, strict=True)] if gap else []
                out.append(pytest.param(path.stem, json.loads(line), id=f"{path.stem}:{i + 1}",
                                        marks=marks))
    return out


CASES = _cases()


@pytest.fixture(scope="module")
def answers() -> dict[str, list[dict[str, Any]]]:
    """One `majiang score` process per ruleset file, answering every case as JSON Lines."""
    out: dict[str, list[dict[str, Any]]] = {}
    for rules in sorted({c.values[0] for c in CASES}):
        lines = (DATA / f"{rules}.jsonl").read_text(encoding="utf-8").splitlines()
        stdin = "".join(
            json.dumps(json.loads(line)["input"], ensure_ascii=False) + "\n"
            for line in lines if line.strip()
        )
        proc = subprocess.run(
            [sys.executable, "-m", "majiang", "score"], input=stdin, capture_output=True,
            text=True, check=False,
        )
        out[rules] = [json.loads(a) for a in proc.stdout.splitlines() if a.strip()]
    return out


def _pattern_ids(patterns: list[Any]) -> list[str]:
    return sorted(p["id"] if isinstance(p, dict) else p for p in patterns)


@pytest.mark.parametrize(("rules", "case"), CASES)
def test_worked_example(rules: str, case: dict[str, Any], answers: dict[str, Any]) -> None:
    index = [c.values[1] for c in CASES if c.values[0] == rules].index(case)
    got = answers[rules][index]
    expect = case["expect"]
    if expect.get("ok", True) is False:
        assert got["ok"] is False and got["error"]
        return
    assert got["ok"] is True, got
    for key in ("win", "reason", "value", "payments"):
        if key in expect:
            assert got[key] == expect[key], (key, case["case"])
    if "patterns" in expect:
        assert _pattern_ids(got["patterns"]) == _pattern_ids(expect["patterns"]), case["case"]
        values = {p["id"]: p["value"] for p in got["patterns"]}
        for p in expect["patterns"]:
            if isinstance(p, dict) and "value" in p:
                assert values[p["id"]] == p["value"]
