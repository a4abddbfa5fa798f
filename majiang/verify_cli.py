"""`majiang verify RECORD...`: check a hand's fair shuffle and its replay (docs/fair-shuffle.md).

A RECORD is a finished hand's record with its `fair` block (`GET /api/hands/{id}/verifiable`):
the revealed secret must match the commitment and give the record's seed, the wall recomputed
from the seed must be any wall the record shows (the block's `wall`, the record's explicit
`wall`), and the actions must replay to the recorded events and settlement. Exit status 0 if
every record checks out, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from majiang.game import record as records
from majiang.game.variants import UnknownRuleset
from majiang.server.fairness import SCHEME, commitment, seed_of
from majiang.server.games import wall_names


def wall_of(rules: str, seed: int | str, rng: str) -> list[str]:
    """The shuffled wall of a hand, as tile names in taking order (the server publishes the same
    one: `server.games.wall_names`)."""
    return wall_names(rules, seed, rng)


def verify(record: dict[str, Any]) -> list[str]:
    """Every problem found (empty: the shuffle and the hand check out). The `fair` block's secret
    must match its commitment and give the record's seed; the wall recomputed from the seed must
    equal the block's wall (and the record's explicit wall, if any); the actions must replay to
    the recorded events and settlement (`game.record.verify`)."""
    if not isinstance(record, dict):
        return ["不是牌局记录 / not a hand record (a JSON object)"]
    problems: list[str] = []
    fair = record.get("fair")
    try:
        wall = wall_of(str(record.get("rules")), record["seed"], str(record.get("rng")))
    except (KeyError, UnknownRuleset, ValueError, TypeError) as exc:
        return [f"无法洗牌 / cannot shuffle this record: {records.reason(exc)}"]
    if isinstance(fair, dict):
        secret, nonce = str(fair.get("secret") or ""), str(fair.get("nonce") or "")
        if fair.get("scheme") != SCHEME:
            problems.append(f"未知方案 / unknown scheme {fair.get('scheme')!r}")
        if not secret:
            problems.append("种子未公开 / the secret is not revealed (the hand is not over)")
        elif commitment(secret, nonce) != fair.get("commitment"):
            problems.append("承诺不符 / the secret and nonce do not match the commitment")
        elif seed_of(secret, nonce) != record.get("seed"):
            problems.append("种子不符 / the record's seed is not the one committed to")
        if fair.get("wall") is not None and fair.get("wall") != wall:
            problems.append("牌墙不符 / the published wall is not the seed's shuffle")
    if record.get("wall") is not None and record["wall"] != wall:
        problems.append("牌墙不符 / the record's wall is not the seed's shuffle")
    if problems:
        return problems
    try:
        return records.verify(record)
    except records.RecordError as exc:
        return [f"记录无法重放 / the record does not replay: {exc}"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("records", nargs="+", metavar="RECORD", help="hand record JSON files")
    parser.add_argument("--json", action="store_true", help="one JSON answer per record")


def run(args: argparse.Namespace) -> int:
    failed = 0
    for path in args.records:
        try:
            record = json.loads(Path(path).read_text(encoding="utf-8"))
            problems = verify(record)
        except (OSError, ValueError) as exc:
            problems = [f"无法读取 / cannot read: {exc}"]
            record = None
        committed = isinstance(record, dict) and isinstance(record.get("fair"), dict)
        failed += bool(problems)
        if args.json:
            print(json.dumps({"record": path, "ok": not problems, "committed": committed,
                              "problems": problems}, ensure_ascii=False))
        elif problems:
            print(f"{path}: 不通过 / REJECTED")
            for problem in problems:
                print(f"  - {problem}")
        else:
            checked = "seed, commitment, wall and replay" if committed else \
                "wall and replay (no commitment in this record: 无承诺，仅核对牌墙与回放)"
            print(f"{path}: 通过 / OK: {checked} check out")
    return 1 if failed else 0
