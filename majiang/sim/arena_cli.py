"""`majiang arena`: duplicate play between bots, in parallel, with 95% intervals.

`--hands N` is the number of walls; each is played once per seat arrangement (see
`sim.arena`). The same seed gives the same numbers, whatever `--workers` (timings apart).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from majiang.bots import BOTS
from majiang.game.variants import UnknownRuleset, mechanics
from majiang.sim.arena import WallResult, arrangements, play_walls
from majiang.sim.arena_stats import format_report, summarize

CHUNK = 5


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default="tuidaohu", help="ruleset id (default tuidaohu)")
    parser.add_argument("--bots", default="efficient,random",
                        help=f"the bots, comma-separated ({', '.join(BOTS)})")
    parser.add_argument("--hands", type=int, default=200, help="walls to play (default 200)")
    parser.add_argument("--seed", default="0", help="run seed (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--plot", metavar="FILE", help="write a chart of the intervals (PNG)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run_arena(rules: str, names: Sequence[str], walls: int, seed: str, workers: int = 1,
              progress: bool = False) -> dict[str, Any]:
    """Play the walls and return the report (see `arena_stats.summarize`)."""
    seats = mechanics(rules).rules.players
    arrangements(len(names), seats)  # raises if they do not fit
    jobs = [(rules, seed, tuple(names), seats, lo, min(lo + CHUNK, walls))
            for lo in range(0, walls, CHUNK)]
    results: list[WallResult] = []
    start = time.perf_counter()
    bar = _Progress(walls) if progress else None
    if workers > 1 and len(jobs) > 1:
        with multiprocessing.get_context("spawn").Pool(min(workers, len(jobs))) as pool:
            for chunk in pool.imap_unordered(play_walls, jobs):
                results.extend(chunk)
                if bar:
                    bar.update(len(results))
    else:
        for job in jobs:
            results.extend(play_walls(job))
            if bar:
                bar.update(len(results))
    if bar:
        bar.close()
    return summarize(rules, seed, names, seats, results, time.perf_counter() - start)


class _Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int) -> None:
        self.total, self.start = total, time.perf_counter()

    def update(self, done: int) -> None:
        spent = time.perf_counter() - self.start
        rate = done / spent if spent else 0.0
        eta = (self.total - done) / rate if rate else 0.0
        filled = int(30 * done / max(self.total, 1))
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total} walls "
                         f"{rate:.1f}/s eta {eta:.0f}s ")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")
        sys.stderr.flush()


def plot_problem(path: str) -> str | None:
    """Why matplotlib could not write a chart to `path` (None: it can)."""
    from matplotlib.figure import Figure

    target = Path(path)
    if not target.parent.is_dir():
        return f"no folder {target.parent} / 文件夹不存在"
    kinds = Figure().canvas.get_supported_filetypes()
    if target.suffix.lstrip(".").lower() not in kinds:
        return f"give a file ending in one of .{', .'.join(sorted(kinds))} / 请使用图片文件扩展名"
    return None


def plot(report: dict[str, Any], path: str) -> None:
    """A chart of each bot's mean and interval (and the diff); needs matplotlib."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [(name, s["mean"], s["ci95"]) for name, s in report["bots"].items()]
    if "diff" in report:
        d = report["diff"]
        rows.append((f"{d['first']} - {d['second']}", d["mean"], d["ci95"]))
    fig, ax = plt.subplots(figsize=(7, 1 + 0.6 * len(rows)))
    for y, (_name, mean, (lo, hi)) in enumerate(rows):
        ax.errorbar([mean], [y], xerr=[[mean - lo], [hi - mean]], fmt="o", capsize=5)
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_yticks(range(len(rows)), [r[0] for r in rows])
    ax.invert_yaxis()
    ax.set_xlabel("units per hand (95% interval, clustered by wall)")
    ax.set_title(f"arena {report['rules']}: {report['hands']} duplicate walls")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def run(args: argparse.Namespace) -> int:
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOTS]
    if unknown or not names:
        print(f"arena: unknown bot(s) {', '.join(unknown) or '(none)'}: "
              f"expected {', '.join(BOTS)}", file=sys.stderr)
        return 2
    if len(set(names)) != len(names) or len(names) < 2:  # a bot against itself differs by 0
        print(f"arena: --bots needs two different bots or more, got {args.bots!r} / "
              "请给出至少两个不同的机器人", file=sys.stderr)
        return 2
    if args.hands < 1 or args.workers < 1:
        print("arena: --hands and --workers must be >= 1", file=sys.stderr)
        return 2
    try:
        seats = mechanics(args.rules).rules.players
    except UnknownRuleset as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    if len(names) > seats:
        print(f"arena: {len(names)} bots do not fit {args.rules}'s {seats} seats", file=sys.stderr)
        return 2
    if args.plot:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            print("arena: --plot needs matplotlib (pip install matplotlib)", file=sys.stderr)
            return 2
        problem = plot_problem(args.plot)
        if problem:  # said before the hands are played, not after
            print(f"arena: --plot {args.plot}: {problem}", file=sys.stderr)
            return 2
    report = run_arena(args.rules, names, args.hands, str(args.seed), args.workers,
                       progress=not args.quiet)
    if args.plot:
        plot(report, args.plot)
    print(json.dumps(report) if args.json else format_report(report))
    return 0
