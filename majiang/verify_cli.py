"""`majiang verify RECORD...`: check a hand's fair shuffle and its replay (docs/fair-shuffle.md).

A RECORD is a finished hand's record with its `fair` block (`GET /api/hands/{id}/verifiable`):
the revealed secret must match the commitment and give the record's seed, the wall recomputed
from the seed must be the published one, and the actions must replay to the recorded events and
settlement. Exit status 0 if every record checks out, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("records", nargs="+", metavar="RECORD", help="hand record JSON files")
    parser.add_argument("--json", action="store_true", help="one JSON answer per record")


def run(args: argparse.Namespace) -> int:
    from majiang.server import fairness

    failed = 0
    for path in args.records:
        try:
            record = json.loads(Path(path).read_text(encoding="utf-8"))
            problems = fairness.verify(record)
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
            note = "" if committed else " (no commitment in this record: wall and replay only)"
            print(f"{path}: 通过 / OK: seed, commitment, wall and replay check out{note}")
    return 1 if failed else 0
