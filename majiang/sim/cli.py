"""`majiang simulate`: many seeded hands between bots, a statistics table, invariants checked.

Hand i of a run with seed S is dealt from the seed f"{S}/{i}" with dealer i mod players, so any
hand of a run can be replayed alone; `--records DIR` writes each hand's record.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from pathlib import Path
from typing import Any

from majiang.bots import BOTS, get_bot
from majiang.game.hand import Hand
from majiang.game.record import hand_record, save
from majiang.game.variants import UnknownRuleset, mechanics
from majiang.sim.rules_check import play_rules_checked
from majiang.sim.runner import play_checked, play_hand
from majiang.sim.stats import Stats

CHUNK = 20


# options of `--economy` alone (None when not given), and their defaults there
ECONOMY_DEFAULTS = {"days": 30, "accounts": 1000}
ECONOMY_ONLY = ("days", "accounts", "fee", "sample")


# the default table: two efficient bots, then random ones, one per seat (three in kawuxing)
DEFAULT_BOTS = ("efficient", "efficient", "random", "random")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default="tuidaohu", help="ruleset id (default tuidaohu)")
    parser.add_argument("--hands", type=int, default=100, help="hands to play (default 100)")
    parser.add_argument("--seed", default="0", help="run seed (default 0)")
    parser.add_argument("--bots", default=None,
                        help=f"one bot per seat, comma-separated ({', '.join(BOTS)}; default: "
                        f"{','.join(DEFAULT_BOTS)}, as many as the ruleset has seats)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--check", choices=("all", "basic", "rules", "none"), default="all",
                        help="invariants after every step: all (with leaks), basic (tiles and "
                             "payments), rules (the rules documents' invariants, counted per "
                             "name), none")
    parser.add_argument("--records", metavar="DIR", help="write each hand's record into DIR")
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")
    parser.add_argument("--economy", action="store_true",
                        help="a population of accounts through the faucets and sinks for many "
                             "days (--hands: sampled hands per ruleset; see sim/economy.py)")
    parser.add_argument("--days", type=int, default=None,
                        help=f"--economy: days (default {ECONOMY_DEFAULTS['days']})")
    parser.add_argument("--accounts", type=int, default=None,
                        help="--economy: accounts on day 1 "
                             f"(default {ECONOMY_DEFAULTS['accounts']})")
    parser.add_argument("--fee", type=int, default=None,
                        help="--economy: table fee in percent of the stake (default the economy's)")
    parser.add_argument("--sample", metavar="FILE",
                        help="--economy: read the sampled hands from FILE, or write them there")
    parser.add_argument("--ray", nargs="?", const="", metavar="ADDRESS",
                        help="shard the hands over a Ray cluster (no ADDRESS: a local one of "
                             "--workers CPUs; 'auto' or ray://host:port joins one)")
    parser.add_argument("--out", metavar="FILE", help="one row per hand: FILE.jsonl (JSON "
                        "Lines) or FILE.parquet (pyarrow)")


def simulate_range(rules: str, seed: str, bots: list[str], start: int, stop: int,
                   check: str = "all", records: str | None = None,
                   rows: list[dict[str, Any]] | None = None) -> Stats:
    """Play hands start..stop-1 of a run; their statistics (and into `rows` one row a hand)."""
    players = [get_bot(name, f"{seed}/{seat}/{start}") for seat, name in enumerate(bots)]
    stats = Stats(list(bots))
    n = len(bots)
    for i in range(start, stop):
        hand = Hand.new(rules, f"{seed}/{i}", dealer=i % n, names=list(bots))
        failures: list[str] = []
        try:
            if check == "none":
                play_hand(hand, players)
            elif check == "rules":
                failures = play_rules_checked(hand, players)
            else:
                failures = play_checked(hand, players, leaks=check == "all")
        except Exception as exc:  # counted, so one crash does not end a sweep
            failures.append(f"exception: {type(exc).__name__}: {exc} (step {len(hand.actions)})")
            stats.add_hand(hand, failures)
            continue
        stats.add_hand(hand, failures)
        if rows is not None:
            from majiang.sim.distributed import hand_row

            rows.append(hand_row(i, hand, bots))
        if records:
            save(hand_record(hand, list(bots)), Path(records) / f"hand-{i:06d}.json")
    return stats


def _work(job: tuple[str, str, list[str], int, int, str, str | None]) -> Stats:
    return simulate_range(*job)


def run(args: argparse.Namespace) -> int:
    if args.economy:
        from majiang.sim.economy import run_cli

        for name, value in ECONOMY_DEFAULTS.items():
            if getattr(args, name) is None:
                setattr(args, name, value)
        return run_cli(args)
    given = [f"--{name}" for name in ECONOMY_ONLY if getattr(args, name) is not None]
    if given:
        print(f"simulate: {', '.join(given)}: options of --economy alone / "
              "这些选项仅用于 --economy")
        return 2
    try:
        players = mechanics(args.rules).rules.players
    except UnknownRuleset as exc:
        print(f"simulate: {exc}")
        return 2
    names: str = args.bots if args.bots is not None else ",".join(DEFAULT_BOTS[:players])
    bots = [b.strip() for b in names.split(",") if b.strip()]
    unknown = [b for b in bots if b not in BOTS]
    if unknown or len(bots) != players:
        print(f"simulate: --bots 需要 {players} 个机器人名 / needs {players} names from "
              f"{', '.join(BOTS)}, got {names!r}")
        return 2
    if args.hands < 1 or args.workers < 1:
        print("simulate: --hands 与 --workers 至少为 1 / --hands and --workers must be at least 1")
        return 2
    if args.out and Path(args.out).suffix not in (".jsonl", ".parquet"):
        print(f"simulate: --out {args.out}: give a file ending in .jsonl (JSON Lines) or .parquet "
              "/ 请使用 .jsonl 或 .parquet 文件")
        return 2
    if args.records:
        try:
            Path(args.records).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            print(f"simulate: --records {args.records}: not a folder that can be made ({exc}) / "
                  "无法创建记录文件夹")
            return 2
    jobs = [(args.rules, str(args.seed), bots, i, min(i + CHUNK, args.hands), args.check,
             args.records) for i in range(0, args.hands, CHUNK)]
    total = Stats(bots)
    start = time.perf_counter()
    try:
        if args.ray is not None or args.out:
            from majiang.sim.distributed import run_sharded

            run_sharded(simulate_range, jobs, total, workers=args.workers, address=args.ray or None,
                        use_ray=args.ray is not None, out=args.out)
        else:
            _run_jobs(jobs, args.workers, total, quiet=args.json)
    except ValueError as exc:
        print(f"simulate: {exc}")
        return 2
    seconds = time.perf_counter() - start
    report = total.to_json(args.rules, seconds, str(args.seed))
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        _print_table(report)
    return 1 if report["invariant_failures"] else 0


def _run_jobs(jobs: list[Any], workers: int, total: Stats, quiet: bool) -> None:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    hands = sum(job[4] - job[3] for job in jobs)
    with Progress("simulating", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  disable=quiet, transient=True) as progress:
        task = progress.add_task("hands", total=hands)
        if workers == 1:
            for job in jobs:
                part = _work(job)
                total.merge(part)
                progress.advance(task, part.hands)
            return
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for part in pool.imap_unordered(_work, jobs):
                total.merge(part)
                progress.advance(task, part.hands)


def _print_table(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    summary = Table(title=f"{report['rules']}: {report['hands']} hands, seed {report['seed']}")
    summary.add_column("measure")
    summary.add_column("value", justify="right")
    wins = report["wins"] or 1
    rows = [
        ("hands", report["hands"]),
        ("wins (winners)", report["wins"]),
        ("self-drawn share", f"{report['self_drawn'] / wins:.1%}"),
        ("several winners on one tile", report["multiple_winners"]),
        ("robbed kongs", report["robbed_kongs"]),
        ("exhaustive draws", f"{report['exhaustive_draws']} "
                             f"({report['exhaustive_draws'] / max(report['hands'], 1):.1%})"),
        ("average value", f"{report['average_value']:.2f}"),
        ("maximum value", report["max_value"]),
        ("actions per hand", f"{report['actions_per_hand']:.1f}"),
        ("invariant failures", report["invariant_failures"]),
        ("hands that raised", report["exceptions"]),
        ("hands per second", report["hands_per_s"]),
    ]
    for name, value in rows:
        summary.add_row(name, str(value))
    console.print(summary)
    seats = Table(title="per seat")
    for col in ("seat", "bot", "wins", "win rate", "payments (units)", "of which during the hand"):
        seats.add_column(col, justify="right")
    for seat, bot in enumerate(report["bots"]):
        w = report["wins_per_seat"][seat]
        seats.add_row(str(seat), bot, str(w), f"{w / max(report['hands'], 1):.1%}",
                      str(report["payments_per_seat"][seat]),
                      str(report["during_hand_per_seat"][seat]))
    console.print(seats)
    bots = Table(title="per bot")
    for col in ("bot", "wins", "win rate per seat-hand", "payments (units)"):
        bots.add_column(col, justify="right")
    for bot, wins_of_bot in report["wins_per_bot"].items():
        bots.add_row(bot, str(wins_of_bot), f"{report['win_rate_per_bot'][bot]:.1%}",
                     str(report["payments_per_bot"][bot]))
    console.print(bots)
    patterns = Table(title="patterns (winning hands that had each)")
    patterns.add_column("pattern")
    patterns.add_column("count", justify="right")
    patterns.add_column("share", justify="right")
    for pid, count in report["patterns"].items():
        patterns.add_row(pid, str(count), f"{count / wins:.1%}")
    console.print(patterns)
    if report["invariants"]:
        failed = Table(title="invariant failures")
        for col in ("invariant", "count", "example"):
            failed.add_column(col, justify="right" if col == "count" else "left")
        for name, count in report["invariants"].items():
            failed.add_row(name, str(count), report["invariant_examples"][name])
        console.print(failed)
