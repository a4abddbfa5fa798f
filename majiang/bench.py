"""`majiang bench`: throughput of hand analysis next to peer libraries, in one process.

Every implementation runs on the same fixed, seeded sample of hands, each given the input its
users hold: a 34-count list for majiang, xiangting and mahjong, 136-tile ids for riichienv. Peers
are optional (`pip install -e '.[bench]'`); one that is not installed is skipped.

Other modules contribute operations with `register(op, impl, make)`; list such modules in
`PLUGINS` so the bench imports them (a missing one is skipped).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from majiang.analysis import (
    Shape,
    acceptance,
    arrangements,
    is_winning,
    shanten,
    waits,
)

SEED = 20240601
ALL = Shape.ALL

# One pass over a sample: returns how many operations it did.
Runner = Callable[[], int]
Make = Callable[["Sample"], Runner]


@dataclass
class Sample:
    """The hands every implementation sees.

    `winning14`: complete 14-tile hands (four random sets and a pair, one in 20 seven pairs);
    `near14`: each of them with one tile swapped for another kind; `dealt14`, `dealt13`: random
    deals from a shuffled 136-tile wall; `ready13`: complete hands minus one tile; `jokers14`: the
    win-check hands with one or two tiles turned into jokers. `warm` is a different sample of
    the same kinds, run once before timing so that lazily filled tables and caches are warm
    without having seen the timed hands.
    """

    winning14: list[list[int]]
    near14: list[list[int]]
    dealt14: list[list[int]]
    dealt13: list[list[int]]
    ready13: list[list[int]]
    jokers14: list[tuple[list[int], int]]
    warm: Sample | None = None

    @property
    def win_hands(self) -> list[list[int]]:
        return self.winning14 + self.near14

    @property
    def wait_hands(self) -> list[list[int]]:
        return self.ready13 + self.dealt13

    @property
    def shanten_hands(self) -> list[list[int]]:
        return self.dealt14 + self.dealt13


@dataclass(frozen=True)
class Case:
    op: str
    impl: str
    make: Make


@dataclass
class Result:
    op: str
    impl: str
    per_s: float


REGISTRY: list[Case] = []
PLUGINS: list[str] = ["majiang.sim.bench_ops"]  # hand_random, hand_efficient (issue 4)


def register(op: str, impl: str, make: Make) -> None:
    """Add an operation: `make(sample)` returns a runner doing one pass and returning its count.

    `make` may raise ImportError when the implementation is not installed; the bench skips it.
    """
    REGISTRY.append(Case(op, impl, make))


# --- the sample ---------------------------------------------------------------------------------

_SETS = [(0, t) for t in range(34)] + [(1, s * 9 + i) for s in range(3) for i in range(7)]


def _winning(rng: random.Random) -> list[int]:
    while True:
        c = [0] * 34
        if rng.random() < 0.05:
            for t in rng.sample(range(34), 7):
                c[t] = 2
            return c
        for kind, t in (rng.choice(_SETS) for _ in range(4)):
            if kind == 0:
                c[t] += 3
            else:
                c[t] += 1
                c[t + 1] += 1
                c[t + 2] += 1
        c[rng.randrange(34)] += 2
        if max(c) <= 4:
            return c


def _swap(rng: random.Random, hand: list[int]) -> list[int]:
    c = list(hand)
    held = [t for t in range(34) if c[t]]
    out = rng.choice(held)
    into = rng.choice([t for t in range(34) if t != out and c[t] < 4])
    c[out] -= 1
    c[into] += 1
    return c


def _remove(rng: random.Random, hand: list[int], n: int) -> list[int]:
    c = list(hand)
    for _ in range(n):
        c[rng.choice([t for t in range(34) if c[t]])] -= 1
    return c


def _deal(rng: random.Random, size: int) -> list[int]:
    c = [0] * 34
    for tile in rng.sample(range(136), size):
        c[tile // 4] += 1
    return c


def make_sample(hands: int, seed: int = SEED, warm: int = 2000) -> Sample:
    """`hands` hands of each kind (the win and wait samples hold twice that), and a warm-up
    sample of `warm` hands of each kind from another seed (none if 0)."""
    rng = random.Random(seed)
    winning = [_winning(rng) for _ in range(hands)]
    jokers = []
    for hand in winning + [_swap(rng, h) for h in winning]:
        n = rng.choice((1, 2))
        jokers.append((_remove(rng, hand, n), n))
    sample = Sample(
        winning14=winning,
        near14=[_swap(rng, h) for h in winning],
        dealt14=[_deal(rng, 14) for _ in range(hands)],
        dealt13=[_deal(rng, 13) for _ in range(hands)],
        ready13=[_remove(rng, _winning(rng), 1) for _ in range(hands)],
        jokers14=jokers,
    )
    if warm:
        sample.warm = make_sample(warm, seed + 1, warm=0)
    return sample


def tile_ids(counts: list[int]) -> list[int]:
    """136-tile ids (kind * 4 + copy) of a count vector, for riichienv."""
    return [4 * t + i for t in range(34) for i in range(counts[t])]


# --- majiang ------------------------------------------------------------------------------------


def _ours_win(sample: Sample) -> Runner:
    hands = sample.win_hands

    def run() -> int:
        for c in hands:
            is_winning(c, 0, ALL)
        return len(hands)

    return run


def _ours_win_jokers(sample: Sample) -> Runner:
    hands = sample.jokers14

    def run() -> int:
        for c, j in hands:
            is_winning(c, j, ALL)
        return len(hands)

    return run


def _ours_arrangements(sample: Sample) -> Runner:
    hands = sample.winning14

    def run() -> int:
        for c in hands:
            arrangements(c)
        return len(hands)

    return run


def _ours_waits(sample: Sample) -> Runner:
    hands = sample.wait_hands

    def run() -> int:
        for c in hands:
            waits(c, 0, ALL)
        return len(hands)

    return run


def _ours_shanten(sample: Sample) -> Runner:
    hands = sample.shanten_hands

    def run() -> int:
        for c in hands:
            shanten(c, 0, ALL)
        return len(hands)

    return run


def _ours_acceptance(sample: Sample) -> Runner:
    hands = sample.dealt14[:200]

    def run() -> int:
        for c in hands:
            acceptance(c, shapes=ALL)
        return len(hands)

    return run


# --- peers (imported only here, only when run) ----------------------------------------------------


def _riichienv_win(sample: Sample) -> Runner:
    from riichienv import calculate_shanten

    hands = [tile_ids(c) for c in sample.win_hands]

    def run() -> int:
        for h in hands:
            calculate_shanten(h) == -1  # noqa: B015  (its cheapest win check)
        return len(hands)

    return run


def _riichienv_hand_win(sample: Sample) -> Runner:
    """riichienv's own win API: HandEvaluator(13 tiles).calc(winning tile).has_win_shape."""
    from riichienv import HandEvaluator

    hands = [(ids[:-1], ids[-1]) for ids in (tile_ids(c) for c in sample.win_hands)]

    def run() -> int:
        for rest, last in hands:
            HandEvaluator(rest).calc(last).has_win_shape  # noqa: B018
        return len(hands)

    return run


def _riichienv_shanten(sample: Sample) -> Runner:
    from riichienv import calculate_shanten

    hands = [tile_ids(c) for c in sample.shanten_hands]

    def run() -> int:
        for h in hands:
            calculate_shanten(h)
        return len(hands)

    return run


def _riichienv_waits(sample: Sample) -> Runner:
    from riichienv import HandEvaluator

    hands = [tile_ids(c) for c in sample.wait_hands]

    def run() -> int:
        for h in hands:
            HandEvaluator(h).get_waits()
        return len(hands)

    return run


def _xiangting_shanten(sample: Sample) -> Runner:
    from xiangting import PlayerCount, calculate_replacement_number

    four = PlayerCount.FOUR
    hands = sample.shanten_hands

    def run() -> int:
        for c in hands:
            calculate_replacement_number(c, four) - 1
        return len(hands)

    return run


def _xiangting_acceptance(sample: Sample) -> Runner:
    """Per discard, the necessary tiles of the 13 left: what `acceptance` answers."""
    from xiangting import PlayerCount, calculate_necessary_tiles

    four = PlayerCount.FOUR
    hands = sample.dealt14[:200]

    def run() -> int:
        for c in hands:
            for d in range(34):
                if c[d]:
                    c[d] -= 1
                    calculate_necessary_tiles(c, four)
                    c[d] += 1
        return len(hands)

    return run


def _mahjong_win(sample: Sample) -> Runner:
    from mahjong.agari import Agari

    agari = Agari()
    hands = sample.win_hands

    def run() -> int:
        for c in hands:
            agari.is_agari(c)
        return len(hands)

    return run


def _mahjong_shanten(sample: Sample) -> Runner:
    from mahjong.shanten import Shanten

    calc = Shanten()
    hands = sample.shanten_hands

    def run() -> int:
        for c in hands:
            calc.calculate_shanten(c)
        return len(hands)

    return run


def _mahjong_arrangements(sample: Sample) -> Runner:
    from mahjong.hand_calculating.divider import HandDivider

    hands = sample.winning14

    def run() -> int:
        for c in hands:
            HandDivider.divide_hand(c)
        return len(hands)

    return run


register("win_check", "majiang", _ours_win)
register("win_check", "riichienv", _riichienv_win)
register("win_check", "riichienv-hand", _riichienv_hand_win)
register("win_check", "mahjong", _mahjong_win)
register("win_check_jokers", "majiang", _ours_win_jokers)
register("arrangements", "majiang", _ours_arrangements)
register("arrangements", "mahjong", _mahjong_arrangements)
register("waits", "majiang", _ours_waits)
register("waits", "riichienv", _riichienv_waits)
register("shanten", "majiang", _ours_shanten)
register("shanten", "xiangting", _xiangting_shanten)
register("shanten", "riichienv", _riichienv_shanten)
register("shanten", "mahjong", _mahjong_shanten)
register("acceptance", "majiang", _ours_acceptance)
register("acceptance", "xiangting", _xiangting_acceptance)

# What `majiang bench` checks: (op, peer, the least ratio majiang / peer).
BARS: list[tuple[str, str, float]] = [
    ("win_check", "riichienv", 1.0),
    ("win_check", "riichienv-hand", 1.0),
    ("win_check", "mahjong", 15.0),
    ("shanten", "xiangting", 1.0),
    ("shanten", "mahjong", 20.0),
    ("waits", "riichienv", 0.5),
    ("win_check_jokers", "majiang:win_check", 0.25),
]


# --- measuring ----------------------------------------------------------------------------------


def measure(run: Runner, budget: float) -> float:
    """Ops/s of one round: passes over the sample until `budget` seconds have gone."""
    ops = 0
    start = time.perf_counter()
    while True:
        ops += run()
        elapsed = time.perf_counter() - start
        if elapsed >= budget:
            return ops / elapsed


def run_bench(
    hands: int, budget: float, rounds: int, ops: set[str] | None = None, warm: int = 2000
) -> tuple[list[Result], list[str]]:
    """Every registered case (or those of `ops`): results and the skipped implementations.

    The implementations of one op take turns round by round, so a change in machine load hits
    them alike; each keeps its best round.
    """
    for module in PLUGINS:
        with contextlib.suppress(ImportError):
            importlib.import_module(module)
    sample = make_sample(hands, warm=warm)
    skipped: list[str] = []
    runners: dict[str, list[tuple[str, Runner]]] = {}
    for case in REGISTRY:
        if ops and case.op not in ops:
            continue
        try:
            runner = case.make(sample)
            if sample.warm is not None:
                case.make(sample.warm)()
        except ImportError:
            skipped.append(f"{case.op}/{case.impl}")
            continue
        runners.setdefault(case.op, []).append((case.impl, runner))
    results: list[Result] = []
    for op, impls in runners.items():
        best = dict.fromkeys((impl for impl, _ in impls), 0.0)
        for _ in range(rounds):
            for impl, runner in impls:
                best[impl] = max(best[impl], measure(runner, budget))
        results.extend(Result(op, impl, per_s) for impl, per_s in best.items())
    return results, skipped


def ratios(results: list[Result]) -> list[dict[str, object]]:
    """majiang / peer for every op measured for both."""
    ours = {r.op: r.per_s for r in results if r.impl == "majiang"}
    out: list[dict[str, object]] = []
    for r in results:
        if r.impl != "majiang" and r.op in ours and r.per_s > 0:
            out.append({"op": r.op, "peer": r.impl, "ratio": ours[r.op] / r.per_s})
    if "win_check" in ours and "win_check_jokers" in ours:
        out.append(
            {
                "op": "win_check_jokers",
                "peer": "majiang:win_check",
                "ratio": ours["win_check_jokers"] / ours["win_check"],
            }
        )
    for item in out:
        bar = next((b for o, p, b in BARS if o == item["op"] and p == item["peer"]), None)
        item["bar"] = bar
        item["ok"] = None if bar is None else bool(float(str(item["ratio"])) >= bar)
    return out


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
        if row["peer"] == "majiang:win_check":
            out.add_row(
                "win_check_jokers", "÷ win_check", "", f"{float(str(row['ratio'])):.2f}x",
                _bar_text(row),
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
