"""The bot's partial acceptance (`lowest_discards`) and the unseen counts agree with the full
acceptance table pass, itself checked against shanten in test_analysis; the compiled kernel and
the pure pass agree."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.analysis import Shape, acceptance, compiled
from majiang.analysis.accept import fast_acceptance, lowest_discards

from .strategies import complete_hand, orphans_hand, perturbed, random_hand, seven_pairs_hand

SHAPES = st.sampled_from([Shape.STANDARD, Shape.ALL, Shape.STANDARD | Shape.SEVEN_PAIRS,
                          Shape.STANDARD | Shape.THIRTEEN_ORPHANS])
HANDS = st.one_of(random_hand((14, 11, 8, 5, 2)), random_hand((14, 11), narrow=True),
                  perturbed(complete_hand()), perturbed(seven_pairs_hand()),
                  perturbed(orphans_hand()))


@settings(max_examples=400, deadline=None)
@given(HANDS, SHAPES, st.integers(0, (1 << 34) - 1))
def test_lowest_discards_match_the_full_pass(counts: list[int], shapes: Shape,
                                             wanted: int) -> None:
    held = [t for t in range(34) if counts[t]]
    if sum(counts) % 3 != 2:
        return
    wanted &= sum(1 << t for t in held)
    if not wanted:
        wanted = 1 << held[0]
    full = {o.discard: o for o in fast_acceptance(bytes(counts), None, int(shapes), (1 << 34) - 1)}
    low = min(full[d].shanten for d in held if wanted >> d & 1)
    got_low, masks = lowest_discards(bytes(counts), int(shapes), wanted)
    assert got_low == low
    assert sorted(masks) == [d for d in held if wanted >> d & 1 and full[d].shanten == low]
    for d, mask in masks.items():
        assert tuple(t for t in range(34) if mask >> t & 1) == full[d].tiles


@settings(max_examples=200, deadline=None)
@given(HANDS, SHAPES, st.lists(st.integers(-1, 4), min_size=34, max_size=34), st.booleans())
def test_unseen_counts_and_allowed_kinds(counts: list[int], shapes: Shape, unseen: list[int],
                                         restrict: bool) -> None:
    if sum(counts) % 3 != 2:
        return
    kinds = list(range(9, 34)) if restrict else None
    plain = {o.discard: o for o in acceptance(counts, shapes=shapes, kinds=kinds)}
    for o in acceptance(counts, unseen, shapes=shapes, kinds=kinds):
        assert o.tiles == plain[o.discard].tiles and o.shanten == plain[o.discard].shanten
        assert o.count == sum(max(unseen[t], 0) for t in o.tiles)


@settings(max_examples=400, deadline=None)
@given(HANDS, SHAPES, st.one_of(st.none(), st.lists(st.integers(-1, 4), min_size=34,
                                                     max_size=34)),
       st.integers(0, (1 << 34) - 1), st.booleans())
def test_compiled_answers_as_the_pure_pass(counts: list[int], shapes: Shape,
                                           unseen: list[int] | None, allowed: int,
                                           every: bool) -> None:
    """The compiled kernel (numba) and the pure table pass give the same options, in order,
    and the same lowest discards."""
    if sum(counts) % 3 != 2:
        return
    assert compiled.ready()
    b, bits = bytes(counts), int(shapes)
    allowed = (1 << 34) - 1 if every else allowed
    wanted = allowed & sum(1 << t for t in range(34) if counts[t]) or 1 << counts.index(
        max(counts))
    got = fast_acceptance(b, unseen, bits, allowed)
    got_lowest = lowest_discards(b, bits, wanted)
    with compiled.pure():
        want = sorted(fast_acceptance(b, unseen, bits, allowed), key=lambda o: (
            o.shanten, -o.count, o.discard))
        want_lowest = lowest_discards(b, bits, wanted)
    assert got == want
    assert got_lowest == want_lowest


def test_pure_without_numba() -> None:
    """MAJIANG_PURE (as a machine without numba) answers in pure Python, the same."""
    hand = [3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 18 + [1] + [0] * 6  # 1112345678999m 1z
    code = ("from majiang.analysis import compiled, acceptance, Shape; "
            "assert not compiled.ready(); "
            f"print(acceptance({hand}, shapes=Shape.ALL))")
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "MAJIANG_PURE": "1"},
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == str(acceptance(hand, shapes=Shape.ALL))


def test_the_kernel_refuses_what_it_cannot_read() -> None:
    """A fifth copy, a 3n hand, a short unseen list: a clear error, never a read past the
    tables; a seen tile past the kinds is ignored."""
    hand = [3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 18 + [1] + [0] * 6
    for b, unseen in ((bytes([5, *hand[1:]]), None), (bytes(hand[:-7] + [0] * 7), None),
                      (bytes(hand), [1, 2])):
        with pytest.raises(ValueError, match="3n\\+2 hand"):
            compiled.rows(b, unseen, 7, (1 << 34) - 1)
    assert compiled.best_discard(bytes(hand), [0], bytes([4] * 34 + [200]), 7) == \
        compiled.best_discard(bytes(hand), [0], [4] * 34, 7)
