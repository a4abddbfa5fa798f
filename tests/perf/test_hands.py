"""The whole-hand cases run (speed itself is measured by `majiang bench`, never asserted here)."""

from __future__ import annotations

from majiang.perf.bench import REGISTRY, Case, measure
from majiang.perf.hands import WARM_HANDS
from majiang.perf.sample import make_sample

HAND_OPS = {"hand_random", "hand_efficient"}


def _rate(case: Case, hands: int = 2) -> float | None:
    """Hands/s of one hand at a time (the slower of `hands`), or None: the peer is not installed."""
    try:
        run = case.make(make_sample(1, warm=0))
    except ImportError:
        return None
    return min(measure(run, 0.0) for _ in range(hands))


def test_every_op_plays_hands_or_reports_a_missing_peer() -> None:
    cases = [c for c in REGISTRY if c.op in HAND_OPS]
    assert {c.op for c in cases} == HAND_OPS
    for case in cases:
        rate = _rate(case)
        assert rate is None or rate > 0


def test_the_warm_up_pass_plays_other_hands() -> None:
    sample = make_sample(1, warm=1)
    assert sample.warm is not None and sample.warm.warming and not sample.warming
    case = next(c for c in REGISTRY if c.op == "hand_random" and c.impl == "majiang")
    assert case.make(sample.warm)() == WARM_HANDS
    assert case.make(sample)() == 1
