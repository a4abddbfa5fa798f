"""majiang's own runners, one per analysis op, on the inputs its users hold (34-count lists)."""

from __future__ import annotations

from majiang.analysis import Shape
from majiang.analysis import acceptance as _acceptance
from majiang.analysis import arrangements as _arrangements
from majiang.analysis import is_winning as _is_winning
from majiang.analysis import shanten as _shanten
from majiang.analysis import waits as _waits
from majiang.perf.sample import Runner, Sample

ALL = Shape.ALL


def win_check(sample: Sample) -> Runner:
    hands = sample.win_hands

    def run() -> int:
        for c in hands:
            _is_winning(c, 0, ALL)
        return len(hands)

    return run


def win_check_jokers(sample: Sample) -> Runner:
    hands = sample.jokers14

    def run() -> int:
        for c, j in hands:
            _is_winning(c, j, ALL)
        return len(hands)

    return run


def arrangements(sample: Sample) -> Runner:
    hands = sample.winning14

    def run() -> int:
        for c in hands:
            _arrangements(c)
        return len(hands)

    return run


def waits(sample: Sample) -> Runner:
    hands = sample.wait_hands

    def run() -> int:
        for c in hands:
            _waits(c, 0, ALL)
        return len(hands)

    return run


def shanten(sample: Sample) -> Runner:
    hands = sample.shanten_hands

    def run() -> int:
        for c in hands:
            _shanten(c, 0, ALL)
        return len(hands)

    return run


def acceptance(sample: Sample) -> Runner:
    hands = sample.dealt14[:200]

    def run() -> int:
        for c in hands:
            _acceptance(c, shapes=ALL)
        return len(hands)

    return run
