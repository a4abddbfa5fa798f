"""The one throughput API: every case in one list, measured in turns, and majiang / peer ratios.

A case is (op, impl, make): `make(sample)` returns a runner doing one pass (see `sample`), or
raises ImportError when its library is not installed, and the case is skipped. `REGISTRY` lists
every case, majiang's and the peers', explicitly; `BARS` says what `majiang bench` checks.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from majiang.perf import env_steps, hands, ours, peers
from majiang.perf.sample import Make, Runner, make_sample


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


REGISTRY: list[Case] = [
    Case("win_check", "majiang", ours.win_check),
    Case("win_check", "riichienv", peers.riichienv_win_check),
    Case("win_check", "riichienv-hand", peers.riichienv_hand_win_check),
    Case("win_check", "mahjong", peers.mahjong_win_check),
    Case("win_check_jokers", "majiang", ours.win_check_jokers),
    Case("arrangements", "majiang", ours.arrangements),
    Case("arrangements", "mahjong", peers.mahjong_arrangements),
    Case("waits", "majiang", ours.waits),
    Case("waits", "riichienv", peers.riichienv_waits),
    Case("shanten", "majiang", ours.shanten),
    Case("shanten", "xiangting", peers.xiangting_shanten),
    Case("shanten", "riichienv", peers.riichienv_shanten),
    Case("shanten", "mahjong", peers.mahjong_shanten),
    Case("acceptance", "majiang", ours.acceptance),
    Case("acceptance", "xiangting", peers.xiangting_acceptance),
    Case("hand_random", "majiang", hands.majiang("random")),
    Case("hand_random", "rlcard", hands.rlcard_random),
    Case("hand_random", "riichienv", hands.riichienv_random),
    Case("hand_efficient", "majiang", hands.majiang("efficient")),
    *(Case(*case) for case in env_steps.CASES),
]

# What `majiang bench` checks: (op, peer, the least ratio majiang / peer).
BARS: list[tuple[str, str, float]] = [
    ("win_check", "riichienv", 1.0),
    ("win_check", "riichienv-hand", 1.0),
    ("win_check", "mahjong", 15.0),
    ("shanten", "xiangting", 1.0),
    ("shanten", "mahjong", 20.0),
    ("waits", "riichienv", 0.5),
    ("win_check_jokers", "majiang:win_check", 0.25),
    ("hand_random", "rlcard", 20.0),
    ("hand_random", "riichienv", 1.0),
    ("acceptance", "xiangting", 1.0),
    ("hand_efficient", "majiang:hand_random", 0.5),
    *env_steps.BARS,
]
# majiang's ops measured against another of its own ops: (op, the op it is divided by)
SELF_RATIOS = [("win_check_jokers", "win_check"), ("hand_efficient", "hand_random")]


def register(op: str, impl: str, make: Make) -> None:
    """Add a case to `REGISTRY` (for a test or an experiment; the bench's own are listed there)."""
    REGISTRY.append(Case(op, impl, make))


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

    The implementations of one op take turns round by round (and the ops a `SELF_RATIOS` bar
    divides), so a change in machine load hits them alike; each keeps its best round.
    """
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
    for group in _turn_groups(list(runners)):
        cases = [(op, impl, runner) for op in group for impl, runner in runners[op]]
        best = {(op, impl): 0.0 for op, impl, _ in cases}
        for _ in range(rounds):
            for op, impl, runner in cases:
                best[op, impl] = max(best[op, impl], measure(runner, budget))
        results.extend(Result(op, impl, per_s) for (op, impl), per_s in best.items())
    return results, skipped


def _turn_groups(ops: list[str]) -> list[list[str]]:
    """The ops whose cases take turns round by round: each op alone, but the two ops of a
    `SELF_RATIOS` bar together, so that their ratio is taken under the same load."""
    groups = [[op] for op in ops]
    for first, second in SELF_RATIOS:
        a = next((g for g in groups if first in g), None)
        b = next((g for g in groups if second in g), None)
        if a is not None and b is not None and a is not b:
            keep, gone = (a, b) if groups.index(a) < groups.index(b) else (b, a)
            keep.extend(gone)
            keep.sort(key=ops.index)  # in the order they were asked for
            groups.remove(gone)
    return groups


def ratios(results: list[Result]) -> list[dict[str, object]]:
    """majiang / peer for every op measured for both, with its bar (if any) and whether it holds."""
    ours_per_s = {r.op: r.per_s for r in results if r.impl == "majiang"}
    out: list[dict[str, object]] = []
    for r in results:
        if r.impl != "majiang" and r.op in ours_per_s and r.per_s > 0:
            out.append({"op": r.op, "peer": r.impl, "ratio": ours_per_s[r.op] / r.per_s})
    for op, base in SELF_RATIOS:
        if op in ours_per_s and ours_per_s.get(base, 0) > 0:
            out.append({"op": op, "peer": f"majiang:{base}",
                        "ratio": ours_per_s[op] / ours_per_s[base]})
    for item in out:
        bar = next((b for o, p, b in BARS if o == item["op"] and p == item["peer"]), None)
        item["bar"] = bar
        item["ok"] = None if bar is None else bool(float(str(item["ratio"])) >= bar)
    return out
