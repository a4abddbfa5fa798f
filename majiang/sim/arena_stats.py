"""The arena's report: per-bot means with 95% intervals clustered by wall, and paired diffs.

Each wall is one cluster: a bot's figure for a wall is its mean units per seat-hand over every
arrangement of that wall, so the interval is mean +- 1.96 standard errors of those per-wall
figures (the hands of one wall are not independent). The diff of two bots is paired by wall.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from majiang.sim.arena import BotTally, WallResult, bin_ms

Z95 = 1.959964


def mean_ci(values: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """The mean and its normal 95% interval (a single value: the interval is the point)."""
    n = len(values)
    if n == 0:
        return 0.0, (0.0, 0.0)
    mean = math.fsum(values) / n
    if n == 1:
        return mean, (mean, mean)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, (mean - half, mean + half)


def percentile_ms(times: Sequence[int], q: float) -> float:
    """The q-quantile (0..1) of a decision-time histogram, in milliseconds."""
    total = sum(times)
    if not total:
        return 0.0
    want = q * total
    seen = 0
    for i, n in enumerate(times):
        seen += n
        if seen >= want and n:
            return round(bin_ms(i), 4)
    return round(bin_ms(len(times) - 1), 4)


def labels(names: Sequence[str]) -> list[str]:
    """Display names: a bot named twice becomes name#1, name#2."""
    counts = {n: names.count(n) for n in names}
    seen: dict[str, int] = {}
    out = []
    for n in names:
        if counts[n] > 1:
            seen[n] = seen.get(n, 0) + 1
            out.append(f"{n}#{seen[n]}")
        else:
            out.append(n)
    return out


def _r(x: float) -> float:
    return round(x, 4)


def bot_summary(means: Sequence[float], tally: BotTally) -> dict[str, Any]:
    mean, (lo, hi) = mean_ci(means)
    seat_hands = max(tally.seat_hands, 1)
    wins = tally.wins
    return {
        "mean": _r(mean), "ci95": [_r(lo), _r(hi)],
        "seat_hands": tally.seat_hands,
        "win_rate": _r(wins / seat_hands),
        "self_drawn_share": _r(tally.self_drawn / wins) if wins else 0.0,
        "deal_in_rate": _r(tally.deal_ins / seat_hands),
        "average_value": _r(tally.value_sum / wins) if wins else 0.0,
        "patterns": {p: _r(n / wins) for p, n in tally.patterns.most_common()},
        "decisions": tally.decisions,
        "decision_ms_p50": percentile_ms(tally.times, 0.5),
        "decision_ms_p99": percentile_ms(tally.times, 0.99),
    }


def summarize(rules: str, seed: str, names: Sequence[str], seats: int,
              walls: Sequence[WallResult], seconds: float) -> dict[str, Any]:
    """The JSON report of a run (walls in any order; they are sorted by index)."""
    ordered = sorted(walls, key=lambda w: w.wall)
    keys = labels(names)
    out: dict[str, Any] = {
        "rules": rules, "seed": seed, "hands": len(ordered), "seats": seats,
        "games": sum(t.seat_hands for w in ordered for t in w.tallies) // seats,
        "bots": {},
    }
    for b, key in enumerate(keys):
        tally = BotTally()
        for w in ordered:
            tally.merge(w.tallies[b])
        out["bots"][key] = bot_summary([w.means[b] for w in ordered], tally)
    if len(names) == 2:
        mean, (lo, hi) = mean_ci([w.means[0] - w.means[1] for w in ordered])
        out["diff"] = {"first": keys[0], "second": keys[1], "mean": _r(mean),
                       "ci95": [_r(lo), _r(hi)]}
    out["seconds"] = round(seconds, 2)
    return out


def format_report(report: dict[str, Any]) -> str:
    """A plain-text table of the report."""
    lines = [f"arena {report['rules']}: {report['hands']} walls x arrangements = "
             f"{report['games']} hands, seed {report['seed']!r}, {report['seconds']} s"]
    head = (f"{'bot':<14}{'units/hand':>11}  {'95% interval':<19}{'win':>7}{'tsumo':>7}"
            f"{'deal-in':>8}{'value':>7}{'p50 ms':>8}{'p99 ms':>8}")
    lines.append(head)
    for name, s in report["bots"].items():
        lo, hi = s["ci95"]
        lines.append(
            f"{name:<14}{s['mean']:>+11.3f}  [{lo:+.3f}, {hi:+.3f}]".ljust(44)
            + f"{s['win_rate']:>7.1%}{s['self_drawn_share']:>7.1%}{s['deal_in_rate']:>8.1%}"
            f"{s['average_value']:>7.2f}{s['decision_ms_p50']:>8.3f}{s['decision_ms_p99']:>8.3f}")
    diff = report.get("diff")
    if diff:
        lo, hi = diff["ci95"]
        verdict = ("no difference shown" if lo <= 0 <= hi else
                   f"{diff['first'] if lo > 0 else diff['second']} is stronger")
        lines.append(f"diff {diff['first']} - {diff['second']}: {diff['mean']:+.3f} "
                     f"[{lo:+.3f}, {hi:+.3f}] ({verdict})")
    for name, s in report["bots"].items():
        top = list(s["patterns"].items())[:6]
        if top:
            lines.append(f"{name} patterns (share of wins): "
                         + ", ".join(f"{p} {f:.0%}" for p, f in top))
    return "\n".join(lines)
