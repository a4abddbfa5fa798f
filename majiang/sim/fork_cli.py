"""`majiang fork`: a fork study of one kind of decision (see `sim.fork`).

    majiang fork --rules kawuxing --bot strong --at declare --hands 2000 --workers 2

Per decision, the gain of taking the action (declaring, punging, winning) over not taking it,
on the same wall from the same point: its mean with a 95% interval, and the same by feature
bucket (live winning copies, other seats declared, own melds, shanten, tiles left in the wall,
the result taking it).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from majiang.bots import BOTS
from majiang.bots.strong.worth import declares
from majiang.game.variants import UnknownRuleset
from majiang.sim.arena_stats import Z95
from majiang.sim.fork import AT, Fork, fork_walls

CHUNK = 10
FEATURES: dict[str, Callable[[Fork], int]] = {
    "live": lambda f: min(f.live, 9),
    "others_declared": lambda f: f.others_declared,
    "melds": lambda f: f.melds,
    "shanten": lambda f: f.shanten,
    "wall_left": lambda f: f.wall_left // 16 * 16,
    "taken": lambda f: max(-100, min(f.taken // 20 * 20, 100)),  # the result taking it, by 20
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default="kawuxing", help="ruleset id (default kawuxing)")
    parser.add_argument("--bot", default="strong",
                        help=f"the bot in every seat ({', '.join(BOTS)})")
    parser.add_argument("--at", default="declare", choices=sorted(AT),
                        help="the decision to fork (default declare)")
    parser.add_argument("--hands", type=int, default=200, help="walls to play (default 200)")
    parser.add_argument("--seed", default="0", help="run seed (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--rows", metavar="FILE", help="also write every fork as JSON Lines")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def study(rules: str, bot: str, at: str, walls: int, seed: str, workers: int = 1) -> list[Fork]:
    """Every fork over `walls` walls, in wall order."""
    jobs = [(rules, bot, at, seed, lo, min(lo + CHUNK, walls)) for lo in range(0, walls, CHUNK)]
    if workers > 1 and len(jobs) > 1:
        with multiprocessing.get_context("spawn").Pool(min(workers, len(jobs))) as pool:
            chunks = pool.map(fork_walls, jobs)
    else:
        chunks = [fork_walls(job) for job in jobs]
    return [f for chunk in chunks for f in chunk]


def clustered_mean(forks: Sequence[Fork]) -> tuple[float, tuple[float, float]]:
    """The mean gain a decision with its 95% interval clustered by wall (the decisions of one
    wall share its tiles, so they are not independent): the ratio estimator's variance."""
    n = len(forks)
    if n == 0:
        return 0.0, (0.0, 0.0)
    walls: dict[int, list[int]] = {}
    for f in forks:
        walls.setdefault(f.wall, []).append(f.gain)
    mean = sum(f.gain for f in forks) / n
    k = len(walls)
    if k < 2:
        return mean, (mean, mean)
    spread = sum((sum(g) - mean * len(g)) ** 2 for g in walls.values())
    half = Z95 * math.sqrt(k / (k - 1) * spread) / n
    return mean, (mean - half, mean + half)


def summarize(forks: Sequence[Fork]) -> dict[str, Any]:
    """The mean gain with its 95% interval (clustered by wall), overall and per bucket of each
    feature."""
    def cell(group: Sequence[Fork]) -> dict[str, Any]:
        mean, (lo, hi) = clustered_mean(group)
        return {"n": len(group), "mean": round(mean, 4), "ci95": [round(lo, 4), round(hi, 4)]}

    by: dict[str, dict[str, Any]] = {}
    for name, key in FEATURES.items():
        buckets: dict[int, list[Fork]] = {}
        for f in forks:
            buckets.setdefault(key(f), []).append(f)
        by[name] = {str(k): cell(buckets[k]) for k in sorted(buckets)}
    return {"decisions": len(forks), "taken_share": round(
        sum(f.chosen for f in forks) / max(len(forks), 1), 4), "gain": cell(forks), "by": by}


def format_summary(report: dict[str, Any]) -> str:
    gain = report["gain"]
    lines = [f"fork {report['rules']} {report['bot']} at {report['at']}: {report['decisions']} "
             f"decisions over {report['hands']} walls, taken in {report['taken_share']:.1%}",
             f"gain of taking it: {gain['mean']:+.3f} ({gain['ci95'][0]:+.3f} .. "
             f"{gain['ci95'][1]:+.3f}) units a decision"]
    for name, buckets in report["by"].items():
        if len(buckets) < 2:
            continue
        lines.append(f"  by {name}:")
        for k, c in buckets.items():
            lines.append(f"    {k:>4}  n={c['n']:<6} {c['mean']:+.3f} "
                         f"({c['ci95'][0]:+.3f} .. {c['ci95'][1]:+.3f})")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    if args.bot not in BOTS:
        print(f"fork: unknown bot {args.bot!r}: expected {', '.join(BOTS)} / 未知的机器人",
              file=sys.stderr)
        return 2
    if args.hands < 1 or args.workers < 1:
        print("fork: --hands and --workers must be >= 1 / 局数与进程数至少为 1", file=sys.stderr)
        return 2
    try:
        declaring = declares(args.rules)  # UnknownRuleset for an id that is no ruleset
    except UnknownRuleset as exc:
        print(f"fork: {exc}", file=sys.stderr)
        return 2
    if args.at == "declare" and not declaring:
        print(f"fork: nobody declares in {args.rules}: --at declare needs kawuxing or jincheng "
              f"/ {args.rules} 没有亮牌（亮倒 / 上架）", file=sys.stderr)
        return 2
    if args.rows and not Path(args.rows).parent.is_dir():  # said before the hands, not after
        print(f"fork: --rows {args.rows}: no folder {Path(args.rows).parent} / 文件夹不存在",
              file=sys.stderr)
        return 2
    forks = study(args.rules, args.bot, args.at, args.hands, str(args.seed), args.workers)
    if args.rows:
        with open(args.rows, "w", encoding="utf-8") as out:
            for f in forks:
                out.write(json.dumps(dataclasses.asdict(f)) + "\n")
    report = {"rules": args.rules, "bot": args.bot, "at": args.at, "seed": str(args.seed),
              "hands": args.hands, **summarize(forks)}
    print(json.dumps(report) if args.json else format_summary(report))
    return 0
