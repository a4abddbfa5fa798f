"""The bench ops run (speed itself is measured by `majiang bench`, never asserted here)."""

from __future__ import annotations

from majiang.sim.bench_ops import OPS


def test_every_op_plays_hands_or_reports_a_missing_peer() -> None:
    for impls in OPS.values():
        for fn in impls.values():
            rate = fn(2)
            assert rate is None or rate > 0
