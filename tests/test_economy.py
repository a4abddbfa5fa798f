"""The wealth levels and settlement of docs/economy.md, with its worked examples."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang import economy as E


def test_twenty_levels_from_the_seed() -> None:
    assert len(E.LEVELS) == 20
    assert [lv.stake for lv in E.LEVELS[1:]] == [2 ** k for k in range(19)]
    for lv in E.LEVELS[1:]:
        assert lv.min_silver == 100 * lv.stake
    assert E.level(20).zh_hant == "玉帝" and E.upper_bound(E.level(20)) is None
    assert E.upper_bound(E.level(15)) == 1_638_399


@pytest.mark.parametrize(
    ("balance", "index"),
    [(0, 1), (99, 1), (100, 2), (1_638_399, 15), (1_638_400, 16), (26_214_399, 19),
     (26_214_400, 20)],
)
def test_e1_levels_from_balances(balance: int, index: int) -> None:
    assert E.level_for(balance).index == index


def test_e2_where_a_player_may_sit() -> None:
    assert E.level_for(3000).zh == "副主管"
    assert all(E.may_sit(3000, k) for k in range(1, 7))
    assert not E.may_sit(3000, 7)
    assert "3200" in (E.seat_refusal(3000, 7) or "")
    assert not E.may_sit(0, 1)


def test_e3_self_drawn_level_changes_both_ways() -> None:
    moved = E.settle([12, -4, -4, -4], [1550, 900, 805, 2000], stake=8)
    assert moved == [96, -32, -32, -32]
    after = E.apply([1550, 900, 805, 2000], moved)
    assert after == [1646, 868, 773, 1968]
    assert E.level_for(after[0]).zh == "副主管"
    assert E.level_for(after[2]).zh == "正式工"
    assert not E.may_sit(after[2], 5)


def test_e4_kong_money_events() -> None:
    balances = [5000, 4000, 3500, 6500]
    for nets, expected in [
        ([-2, 6, -2, -2], [4936, 4192, 3436, 6436]),
        ([-1, 0, 0, 1], [4904, 4192, 3436, 6468]),
        ([-1, -1, 3, -1], [4872, 4160, 3532, 6436]),
    ]:
        balances = E.apply(balances, E.settle(nets, balances, stake=32))
        assert balances == expected


def test_e5_two_winners_on_one_discard() -> None:
    nets = E.net([4, 0, 0, -4], [0, 1, 0, -1])
    assert nets == [4, 1, 0, -5]
    moved = E.settle(nets, [300, 220, 260, 250], stake=2)
    assert E.apply([300, 220, 260, 250], moved) == [308, 222, 260, 240]


def test_e6_insolvent_discarder_pays_in_proportion() -> None:
    moved = E.settle([6, 4, 1, -11], [20, 35, 12, 7], stake=1)
    assert moved == [4, 2, 1, -7]
    assert E.apply([20, 35, 12, 7], moved) == [24, 37, 13, 0]


def test_e7_one_short_payer() -> None:
    moved = E.settle([-2, 6, -2, -2], [40, 15, 1, 60], stake=1)
    assert moved == [-2, 5, -1, -2]


def test_e8_liability() -> None:
    moved = E.settle([12, 0, -12, 0], [12100, 8000, 7000, 9000], stake=64)
    after = E.apply([12100, 8000, 7000, 9000], moved)
    assert after == [12868, 8000, 6232, 9000]
    assert E.level_for(after[0]).zh == "副经理"


def test_e9_netting_a_liable_winner() -> None:
    nets = E.net([4, -4, 0, 0], [0, 1, 0, -1])
    assert nets == [4, -3, 0, -1]
    moved = E.settle(nets, [10, 2, 30, 5], stake=1)
    assert E.apply([10, 2, 30, 5], moved) == [13, 0, 30, 4]


def test_e10_whole_hand() -> None:
    balances = [500, 620, 410, 1000]
    balances = E.apply(balances, E.settle([-2, 6, -2, -2], balances, stake=4))
    assert balances == [492, 644, 402, 992]
    balances = E.apply(balances, E.settle([4, 0, -4, 0], balances, stake=4))
    assert balances == [508, 644, 386, 992] and sum(balances) == 2530
    assert E.level_for(386).zh == "契约工"


def test_bad_input_is_refused() -> None:
    with pytest.raises(E.EconomyError, match="zero"):
        E.settle([1, 0, 0, 0], [10, 10, 10, 10], stake=1)
    with pytest.raises(E.EconomyError, match="level"):
        E.level(21)
    with pytest.raises(E.EconomyError, match="negative"):
        E.level_for(-1)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(-20, 20), min_size=2, max_size=4),
    st.lists(st.integers(0, 200), min_size=4, max_size=4),
    st.integers(1, 64),
)
def test_settlement_conserves_silver(raw: list[int], balances: list[int], stake: int) -> None:
    nets = [*raw, -sum(raw)]
    balances = balances[: len(nets)] + [50] * (len(nets) - len(balances))
    moved = E.settle(nets, balances, stake)
    assert sum(moved) == 0
    after = E.apply(balances, moved)
    assert all(b >= 0 for b in after)
    for n, m in zip(nets, moved, strict=True):
        assert (m >= 0) if n >= 0 else (n * stake <= m <= 0)
