"""Hand analysis against brute-force references and consistency properties."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from majiang.analysis import (
    Arrangement,
    Shape,
    acceptance,
    arrangements,
    is_complete,
    is_seven_pairs,
    is_thirteen_orphans,
    is_winning,
    shanten,
    waits,
)
from majiang.tiles import parse_tiles, to_counts

from . import reference as ref
from .strategies import (
    complete_hand,
    orphans_hand,
    perturbed,
    random_hand,
    seven_pairs_hand,
    with_jokers,
)

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
STANDARD_SIZES = (2, 5, 8, 11, 14)
READY_SIZES = (1, 4, 7, 10, 13)

any_standard = st.one_of(
    complete_hand(),
    perturbed(complete_hand()),
    random_hand(STANDARD_SIZES),
    random_hand(STANDARD_SIZES, narrow=True),
)


def h(text: str) -> list[int]:
    return to_counts(parse_tiles(text))


def plus(counts: list[int], *tiles: int) -> list[int]:
    c = list(counts)
    for t in tiles:
        c[t] += 1
    return c


# --- win checks -------------------------------------------------------------------------------


@SETTINGS
@given(any_standard)
def test_complete_matches_reference(counts: list[int]) -> None:
    assert is_complete(counts) == bool(ref.decompositions(counts))


@SETTINGS
@given(with_jokers(st.one_of(complete_hand(3), perturbed(complete_hand(3))), 2))
def test_complete_with_jokers_matches_reference(hand: tuple[list[int], int]) -> None:
    counts, jokers = hand
    assert is_complete(counts, jokers) == ref.is_complete(counts, jokers)


@SETTINGS
@given(with_jokers(st.one_of(complete_hand(), perturbed(complete_hand())), 4))
def test_joker_reads_as_any_kind(hand: tuple[list[int], int]) -> None:
    counts, jokers = hand
    if jokers == 0:
        return
    # a joker read as a kind with room completes it (and as a fifth copy too: the reference
    # test above covers those readings, wuhan 4.3)
    if any(is_complete(plus(counts, t), jokers - 1) for t in range(34) if counts[t] < 4):
        assert is_complete(counts, jokers)


@SETTINGS
@given(with_jokers(st.one_of(seven_pairs_hand(), perturbed(seven_pairs_hand())), 2),
       st.booleans())
def test_seven_pairs_matches_reference(hand: tuple[list[int], int], quads: bool) -> None:
    counts, jokers = hand
    assert is_seven_pairs(counts, jokers, quads) == ref.is_seven_pairs(counts, jokers, quads)


@SETTINGS
@given(with_jokers(st.one_of(orphans_hand(), perturbed(orphans_hand())), 2))
def test_thirteen_orphans_matches_reference(hand: tuple[list[int], int]) -> None:
    counts, jokers = hand
    assert is_thirteen_orphans(counts, jokers) == ref.is_thirteen_orphans(counts, jokers)


@SETTINGS
@given(
    with_jokers(
        st.one_of(complete_hand(3), perturbed(complete_hand()), seven_pairs_hand(),
                  perturbed(seven_pairs_hand()), orphans_hand(), perturbed(orphans_hand())),
        2,
    ),
    st.sampled_from([Shape.ALL, Shape.STANDARD, Shape.SEVEN_PAIRS | Shape.THIRTEEN_ORPHANS,
                     Shape.STANDARD | Shape.SEVEN_PAIRS]),
)
def test_is_winning_matches_reference(hand: tuple[list[int], int], shapes: Shape) -> None:
    counts, jokers = hand
    expected = (
        (bool(shapes & Shape.STANDARD) and ref.is_complete(counts, jokers))
        or (bool(shapes & Shape.SEVEN_PAIRS) and ref.is_seven_pairs(counts, jokers))
        or (bool(shapes & Shape.THIRTEEN_ORPHANS) and ref.is_thirteen_orphans(counts, jokers))
    )
    assert is_winning(counts, jokers, shapes) == expected


def test_win_examples() -> None:
    assert is_complete(h("123m456p789s11122z"))
    assert is_complete(h("11z"))  # four sets declared
    assert not is_complete(h("123m456p789s1112z"))
    assert is_complete(h("123m456p789s1122z"), 1)
    assert is_complete(h("123m456p789s1z"), 1)  # one set declared
    assert is_complete(h("123m456p789s"), 2)  # two jokers make the pair
    assert not is_complete(h("123m456p789s12z"), 1)
    assert is_seven_pairs(h("1122m3344p5566s77z"))
    assert is_seven_pairs(h("1111m3344p5566s77z"))
    assert not is_seven_pairs(h("1111m3344p5566s77z"), quads=False)
    assert is_thirteen_orphans(h("19m19p19s12345677z"))
    assert is_thirteen_orphans(h("19m19p19s1234567z"), 1)
    assert is_winning(h("19m19p19s12345677z"), shapes=Shape.ALL)
    assert not is_winning(h("19m19p19s12345677z"))
    # wuhan 4.3: a joker may stand for a kind whose four real tiles are all in sight
    assert is_complete(h("1111z"), 1)
    assert is_complete(h("1111m234p567p789p"), 1)
    assert not is_complete(h("1111m234p567p78p"), 1)


def test_bad_counts() -> None:
    with pytest.raises(ValueError, match="34"):
        is_complete([0] * 33)
    with pytest.raises(ValueError, match="3n"):
        shanten(h("123m"))
    with pytest.raises(ValueError, match=r"0\.\.4"):
        is_complete([-1] + [0] * 33)
    with pytest.raises(ValueError, match=r"0\.\.4"):
        shanten([-1] + [0] * 33)
    with pytest.raises(ValueError, match="4 of a kind"):
        shanten([5] + [0] * 33)
    with pytest.raises(ValueError, match="jokers"):
        is_complete(h("11m"), -1)
    for shapes in Shape:
        for hand in ("111m", "111m222p333s444z", "111m222p333s4445555z", "111m222p333s4445556z"):
            with pytest.raises(ValueError, match="3n"):
                shanten(h(hand), 0, shapes)
            with pytest.raises(ValueError, match="3n"):
                shanten(h(hand[1:]), 1, shapes)
    with pytest.raises(ValueError, match="3n"):
        waits(h("11m"))
    with pytest.raises(ValueError, match="3n"):
        acceptance(h("1m"))


# --- arrangements -----------------------------------------------------------------------------


@SETTINGS
@given(any_standard)
def test_arrangements_match_reference(counts: list[int]) -> None:
    got = arrangements(counts)
    assert len(got) == len(set(got))
    assert {(a.pair, a.sets) for a in got} == ref.decompositions(counts)
    assert all(a.jokers == () for a in got)


@SETTINGS
@given(with_jokers(st.one_of(complete_hand(3), perturbed(complete_hand(3))), 2))
def test_arrangements_with_jokers_match_reference(hand: tuple[list[int], int]) -> None:
    counts, jokers = hand
    expected = {
        Arrangement(pair, sets, reading)
        for reading in ref.joker_readings(counts, jokers)
        for pair, sets in ref.decompositions(ref.filled(counts, reading))
    }
    assert set(arrangements(counts, jokers)) == expected
    assert bool(expected) == is_complete(counts, jokers)


def test_arrangement_example() -> None:
    got = arrangements(h("111222333m55p"))
    assert len(got) == 2  # three triplets, or three identical sequences
    assert all(a.pair == 13 for a in got)


# --- shanten, waits, acceptance ---------------------------------------------------------------


@SETTINGS
@given(with_jokers(st.one_of(any_standard, random_hand(READY_SIZES)), 2))
def test_shanten_minus_one_iff_complete(hand: tuple[list[int], int]) -> None:
    counts, jokers = hand
    total = sum(counts) + jokers
    if total % 3 != 2:
        return
    assert (shanten(counts, jokers) == -1) == is_complete(counts, jokers)


@SETTINGS
@given(st.one_of(random_hand((1, 2, 4, 5), narrow=True), random_hand((1, 2, 4, 5, 7))))
def test_shanten_matches_reference_on_small_hands(counts: list[int]) -> None:
    total = sum(counts)
    assert shanten(counts) == ref.standard_need(counts, total // 3) - 1


@SETTINGS
@given(with_jokers(st.one_of(random_hand(READY_SIZES), perturbed(perturbed(complete_hand()))),
                   2))
def test_shanten_steps(hand: tuple[list[int], int]) -> None:
    """One draw lowers shanten by at most one, and some draw (or discard) achieves it."""
    counts, jokers = hand
    total = sum(counts) + jokers
    if total % 3 == 0:
        return
    s = shanten(counts, jokers, Shape.ALL)
    if total % 3 == 1:
        draws = [shanten(plus(counts, t), jokers, Shape.ALL) for t in range(34) if counts[t] < 4]
        assert min(draws) == s - 1
    elif s >= 0:
        discards = [t for t in range(34) if counts[t]]
        after = []
        for t in discards:
            c = list(counts)
            c[t] -= 1
            after.append(shanten(c, jokers, Shape.ALL))
        assert min(after) == s


@SETTINGS
@given(with_jokers(st.one_of(random_hand(READY_SIZES), perturbed(complete_hand())), 3))
def test_jokers_in_shanten_read_as_any_kind(hand: tuple[list[int], int]) -> None:
    counts, jokers = hand
    total = sum(counts) + jokers
    if jokers == 0 or total % 3 == 0:
        return
    for shapes in (Shape.STANDARD, Shape.ALL):
        best = min(
            shanten(plus(counts, t), jokers - 1, shapes) for t in range(34) if counts[t] < 4
        )
        if max(counts) < 4:
            assert shanten(counts, jokers, shapes) == best
        else:  # a joker may also be a fifth copy of a kind held four times (wuhan 4.3)
            assert shanten(counts, jokers, shapes) <= best


@SETTINGS
@given(
    with_jokers(st.one_of(random_hand(READY_SIZES), perturbed(complete_hand()).map(
        lambda c: c)), 2),
    st.sampled_from([Shape.STANDARD, Shape.ALL, Shape.STANDARD | Shape.SEVEN_PAIRS,
                     Shape.STANDARD | Shape.THIRTEEN_ORPHANS, Shape.SEVEN_PAIRS]),
)
def test_waits(hand: tuple[list[int], int], shapes: Shape) -> None:
    counts, jokers = hand
    if (sum(counts) + jokers) % 3 != 1:
        return
    got = waits(counts, jokers, shapes)
    expected = [t for t in range(34) if counts[t] < 4 and is_winning(plus(counts, t), jokers,
                                                                         shapes)]
    assert got == expected
    if shapes & Shape.STANDARD or sum(counts) + jokers == 13:
        assert bool(got) == (shanten(counts, jokers, shapes) == 0)


def test_waits_examples() -> None:
    assert waits(h("1112345678999m")) == list(range(9))
    assert waits(h("123m456p789s1122z")) == [27, 28]
    assert waits(h("19m19p19s1234567z"), shapes=Shape.THIRTEEN_ORPHANS) == [
        0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33
    ]
    assert waits(h("1111m")) == []  # only a fifth 1m would do


@SETTINGS
@given(
    with_jokers(st.one_of(random_hand((14, 11, 8)), perturbed(complete_hand()),
                          perturbed(seven_pairs_hand()), perturbed(orphans_hand())), 1),
    st.sampled_from([Shape.STANDARD, Shape.ALL, Shape.STANDARD | Shape.SEVEN_PAIRS,
                     Shape.STANDARD | Shape.THIRTEEN_ORPHANS]),
    st.booleans(),
)
def test_acceptance(hand: tuple[list[int], int], shapes: Shape, restrict: bool) -> None:
    counts, jokers = hand
    if (sum(counts) + jokers) % 3 != 2:
        return
    kinds = list(range(27, 34)) + list(range(9, 27)) if restrict else None
    options = acceptance(counts, jokers=jokers, shapes=shapes, kinds=kinds)
    draws = range(34) if kinds is None else kinds
    assert sorted(o.discard for o in options) == [t for t in range(34) if counts[t]]
    for o in options:
        c = list(counts)
        c[o.discard] -= 1
        assert o.shanten == shanten(c, jokers, shapes)
        lower = tuple(t for t in draws if c[t] < 4 and t != o.discard
                      and shanten(plus(c, t), jokers, shapes) < o.shanten)
        assert o.tiles == tuple(sorted(lower))
        assert o.count == sum(4 - counts[t] for t in o.tiles)
    keys = [(o.shanten, -o.count) for o in options]
    assert keys == sorted(keys)


def test_shanten_examples() -> None:
    assert shanten(h("123m456p789s1234z")) == 2
    assert shanten(h("19m19p19s1234567z"), shapes=Shape.ALL) == 0
    assert shanten(h("19m19p19s1234567z")) == 8
    assert shanten(h("1122m3344p5566s7z"), shapes=Shape.SEVEN_PAIRS) == 0
    assert shanten(h("1z")) == 0
    assert shanten(h("1z"), 1) == -1 + 0  # 1z + joker is a pair
    assert shanten(h("1111m2222p3333s4z")) == 2


@SETTINGS
@given(st.one_of(random_hand((13, 14)), perturbed(complete_hand()), seven_pairs_hand(),
                 perturbed(orphans_hand())))
def test_shanten_agrees_with_xiangting(counts: list[int]) -> None:
    """xiangting (Rust) takes the min over all three shapes, without quads as two pairs."""
    xiangting = pytest.importorskip("xiangting")
    if sum(counts) % 3 == 0:
        return
    expected = xiangting.calculate_replacement_number(counts, xiangting.PlayerCount.FOUR) - 1
    pairs = sum(1 for c in counts if c >= 2)
    kinds = sum(1 for c in counts if c)
    seven_no_quads = 6 - pairs + max(0, 7 - kinds)
    got = shanten(counts, shapes=Shape.STANDARD | Shape.THIRTEEN_ORPHANS)
    assert min(got, seven_no_quads) == expected


def test_a_joker_as_a_fifth_copy_makes_a_hand_ready() -> None:
    """111m 4444m 12s + a joker waits on 3s (the joker a fifth 4m): ready, as `waits` says."""
    counts = [0] * 34
    counts[0], counts[3], counts[18], counts[19] = 3, 4, 1, 1
    assert waits(counts, 1, Shape.STANDARD) == [20]
    assert shanten(counts, 1, Shape.STANDARD) == 0
