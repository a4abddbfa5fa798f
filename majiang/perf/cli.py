"""`majiang bench`: throughput of hand analysis and whole hands next to peer libraries.

Every implementation runs in one process on the same fixed, seeded sample of hands, each given
the input its users hold: a 34-count list for majiang, xiangting and mahjong, 136-tile ids for
riichienv. Peers are optional (`pip install -e '.[bench]'`); one that is not installed is skipped.
"""

from __future__ import annotations

import argparse
import json

from majiang.perf.bench import Result, ratios, run_bench


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="few hands, short rounds (smoke test)")
    parser.add_argument("--hands", type=int, default=1000, help="hands of each kind (default 1000)")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds per case (best kept)")
    parser.add_argument("--budget", type=float, default=0.2, help="seconds per round")
    parser.add_argument("--op", action="append", help="only this op (repeatable)")


def run(args: argparse.Namespace) -> int:
    if args.hands < 1 or args.rounds < 1 or args.budget <= 0:
        raise SystemExit("majiang bench: --hands and --rounds must be >= 1, --budget > 0")
    hands, rounds, budget, warm = args.hands, args.rounds, args.budget, 2000
    if args.quick:
        hands, rounds, budget, warm = min(hands, 30), 1, 0.005, 30
    results, skipped = run_bench(hands, budget, rounds, set(args.op) if args.op else None, warm)
    table = ratios(results)
    if args.json:
        payload = {
            "results": [{"op": r.op, "impl": r.impl, "per_s": r.per_s} for r in results],
            "ratios": table,
            "skipped": skipped,
            "hands": hands,
        }
        print(json.dumps(payload))
        return 0
    _print_table(results, table, skipped, hands)
    return 0


def _print_table(
    results: list[Result], table: list[dict[str, object]], skipped: list[str], hands: int
) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    ours = {r.op: r.per_s for r in results if r.impl == "majiang"}
    out = Table(title=f"majiang bench: operations per second ({hands} hands of each kind)")
    for name in ("op", "impl", "ops/s", "majiang ÷ impl", "bar"):
        out.add_column(name, justify="right" if name not in ("op", "impl") else "left")
    for r in results:
        ratio = ours.get(r.op, 0.0) / r.per_s if r.impl != "majiang" and r.per_s else None
        row = next((t for t in table if t["op"] == r.op and t["peer"] == r.impl), None)
        bar = "" if row is None or row["bar"] is None else _bar_text(row)
        out.add_row(r.op, r.impl, f"{r.per_s:,.0f}", "" if ratio is None else f"{ratio:.2f}x", bar)
    for row in table:
        if str(row["peer"]).startswith("majiang:"):
            out.add_row(
                str(row["op"]), "÷ " + str(row["peer"])[8:], "",
                f"{float(str(row['ratio'])):.2f}x", _bar_text(row),
            )
    console.print(out)
    if skipped:
        console.print(f"skipped (not installed): {', '.join(skipped)}")
    console.print(
        "Same hands for every implementation; all three shapes (standard, seven pairs, thirteen "
        "orphans) everywhere. win_check: complete and one-tile-off 14-tile hands (riichienv: "
        "calculate_shanten(ids) == -1, its cheapest check; riichienv-hand: its win API, "
        "HandEvaluator(13 ids).calc(last).has_win_shape); win_check_jokers: the same hands "
        "with 1-2 jokers; waits: ready and dealt 13-tile hands; shanten: dealt 13- and 14-tile "
        "hands; acceptance: every discard of a dealt 14-tile hand. majiang's tables fill on "
        "the first use of a suit pattern; each case is warmed on other hands and keeps its best "
        "round, so these are steady-state rates."
    )


def _bar_text(row: dict[str, object]) -> str:
    mark = "ok" if row["ok"] else "MISSED"
    return f">= {row['bar']}x {mark}"
