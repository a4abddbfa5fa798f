"""Peer libraries' runners for the analysis ops, each fed the input its users hold.

Each peer is imported only inside its `make`, so one that is not installed raises ImportError
there and the bench skips it (`pip install -e '.[bench]'` installs them all).
"""

from __future__ import annotations

from majiang.perf.sample import Runner, Sample, tile_ids


def riichienv_win_check(sample: Sample) -> Runner:
    """riichienv's cheapest win check: calculate_shanten(136-tile ids) == -1."""
    from riichienv import calculate_shanten

    hands = [tile_ids(c) for c in sample.win_hands]

    def run() -> int:
        for h in hands:
            calculate_shanten(h) == -1  # noqa: B015  (its cheapest win check)
        return len(hands)

    return run


def riichienv_hand_win_check(sample: Sample) -> Runner:
    """riichienv's own win API: HandEvaluator(13 tiles).calc(winning tile).has_win_shape."""
    from riichienv import HandEvaluator

    hands = [(ids[:-1], ids[-1]) for ids in (tile_ids(c) for c in sample.win_hands)]

    def run() -> int:
        for rest, last in hands:
            HandEvaluator(rest).calc(last).has_win_shape  # noqa: B018
        return len(hands)

    return run


def riichienv_shanten(sample: Sample) -> Runner:
    from riichienv import calculate_shanten

    hands = [tile_ids(c) for c in sample.shanten_hands]

    def run() -> int:
        for h in hands:
            calculate_shanten(h)
        return len(hands)

    return run


def riichienv_waits(sample: Sample) -> Runner:
    from riichienv import HandEvaluator

    hands = [tile_ids(c) for c in sample.wait_hands]

    def run() -> int:
        for h in hands:
            HandEvaluator(h).get_waits()
        return len(hands)

    return run


def xiangting_shanten(sample: Sample) -> Runner:
    from xiangting import PlayerCount, calculate_replacement_number

    four = PlayerCount.FOUR
    hands = sample.shanten_hands

    def run() -> int:
        for c in hands:
            calculate_replacement_number(c, four) - 1
        return len(hands)

    return run


def xiangting_acceptance(sample: Sample) -> Runner:
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


def mahjong_win_check(sample: Sample) -> Runner:
    from mahjong.agari import Agari

    agari = Agari()
    hands = sample.win_hands

    def run() -> int:
        for c in hands:
            agari.is_agari(c)
        return len(hands)

    return run


def mahjong_shanten(sample: Sample) -> Runner:
    from mahjong.shanten import Shanten

    calc = Shanten()
    hands = sample.shanten_hands

    def run() -> int:
        for c in hands:
            calc.calculate_shanten(c)
        return len(hands)

    return run


def mahjong_arrangements(sample: Sample) -> Runner:
    from mahjong.hand_calculating.divider import HandDivider

    hands = sample.winning14

    def run() -> int:
        for c in hands:
            HandDivider.divide_hand(c)
        return len(hands)

    return run
