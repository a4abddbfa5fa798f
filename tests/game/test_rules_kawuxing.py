"""kawuxing 卡五星 on the engine, section by section from the rules document
(docs/rules/kawuxing.md): dealing, turn flow, claims and priority, kongs and their timing
and money, 一炮双响, robbing, 漏胡, the last tile, 亮倒 and what it does to money, winning shapes,
the 1-fan option, situation patterns, kong money chains, exhaustive-draw payments and the next
dealer.

Each test is named after the section (s2_3 = section 2.3) or decision (d9 = D9) it checks.
Payments are in units of the stake, seat 0 first. Seats: 0 is the dealer unless said otherwise;
with dealer 0 and no claims, the k-th draw after the deal is seat k mod 3's (the 43rd is seat 1's,
the 44th, the last tile, seat 2's).
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import discard, discard_drawn, pass_all

from majiang.game import Hand
from majiang.game.actions import (
    ADDED_KONGS,
    CONCEALED_KONGS,
    DECLARES,
    DISCARDS,
    EXPOSED_KONGS,
    PASS_ACTION,
    PUNGS,
    WIN_ACTION,
    Action,
)
from majiang.game.scenario import ScenarioError, scenario
from majiang.tiles import format_tiles, from_counts, parse_tile, parse_tiles

T = parse_tile

# ready after throwing 9s (waits on 3s only); holds one each of 1p-9p, 1s, 2s, 9s and 5z 5z
S0 = "123p456p789p12s55z9s"


def kw(text: str, **overrides: Any) -> Hand:
    return scenario("rules: kawuxing\n" + text, **overrides)


def declare(hand: Hand, tile: str) -> None:
    """The turn seat declares 亮倒 with the discard of `tile`."""
    hand.apply(hand.turn, DECLARES[T(tile)])


def step(hand: Hand) -> None:
    """Never win, claim or kong: pass every claim, throw every drawn tile."""
    if hand.phase in ("claim", "rob"):
        pass_all(hand)
    else:
        discard_drawn(hand)


def play_to_last_draw(hand: Hand) -> None:
    """Play on (see `step`) until a seat has just drawn the last tile of the wall."""
    while not (hand.phase == "turn" and hand.wall_left() == 0):
        assert not hand.is_over
        step(hand)


def play_out(hand: Hand) -> None:
    while not hand.is_over:
        step(hand)


def kinds(hand: Hand, seat: int) -> set[str]:
    return {a.type if a.kind is None else a.kind for a in hand.legal_actions(seat)}


def discards_of(hand: Hand, seat: int) -> list[Action]:
    return [a for a in hand.legal_actions(seat) if a.type == "discard"]


def declares_of(hand: Hand, seat: int) -> list[Action]:
    return [a for a in hand.legal_actions(seat) if a.type == "declare"]


def kongs_of(hand: Hand, seat: int) -> list[Action]:
    return [a for a in hand.legal_actions(seat) if a.type == "kong"]


def patterns(hand: Hand, index: int = 0) -> list[str]:
    assert hand.result is not None
    return sorted(p["id"] for p in hand.result.answers[index]["patterns"])


def value(hand: Hand, index: int = 0) -> int:
    assert hand.result is not None
    return int(hand.result.answers[index]["value"])


def kong_money(hand: Hand) -> list[list[int]]:
    return [s["payments"] for s in hand.settlements if s["type"] == "kong_money"]


def concealed(hand: Hand, seat: int) -> str:
    return format_tiles(from_counts(hand.counts[seat]))


def win_payments(hand: Hand) -> list[int]:
    assert hand.result is not None
    return hand.result.win_payments


# ------------------------------------------------------------------ 1. Overview


def test_s1_tile_set_is_dots_bamboo_and_three_dragons_four_of_each() -> None:
    expected = sorted(parse_tiles("123456789p123456789s567z") * 4)
    assert len(expected) == 84
    hand = Hand.new("kawuxing", "tile-set")
    assert hand.players == 3
    assert sorted(hand.wall.tiles) == expected
    assert hand.tile_count() == 84


@pytest.mark.parametrize("tile", ["1m", "9m", "1z", "4z"])
def test_s1_there_are_no_characters_and_no_winds(tile: str) -> None:
    with pytest.raises(ScenarioError):
        kw(f"dealer: 0\nseat 1: {tile}23p456p789p123s5z")


def test_s1_deal_three_rounds_of_four_then_one_each_from_the_dealer_then_the_14th() -> None:
    # the wall in taking order is the sorted set: 1p x4, 2p x4, ... 9p x4, 1s x4, 2s x4, ...
    wall = sorted(parse_tiles("123456789p123456789s567z") * 4)
    hand = Hand.new("kawuxing", "deal-order", dealer=1, wall=wall)
    assert concealed(hand, 1) == "111144447777p11s"  # rounds 1-3, a single, the 14th
    assert concealed(hand, 2) == "222255558888p1s"
    assert concealed(hand, 0) == "333366669999p1s"
    assert hand.wall_left() == 44
    assert hand.to_act() == {1} and hand.phase == "turn"
    discard(hand, "1s")  # seats 2 and 0 could win on it (seven pairs with quads): they pass
    pass_all(hand)
    assert hand.turn == 2 and hand.drawn == T("2s")  # the front of the wall: tile 41


def test_s1_dealer_opens_with_14_and_may_win_self_drawn_with_no_heavenly_pattern() -> None:
    hand = kw("dealer: 0\nseat 0: 123p456p789p123s55z")
    assert [sum(c) for c in hand.counts] == [14, 13, 13]
    assert WIN_ACTION in hand.legal_actions(0)
    hand.apply(0, WIN_ACTION)
    assert hand.result is not None and hand.result.win_type == "self_drawn"
    assert patterns(hand) == ["xiao_hu"] and value(hand) == 1
    assert win_payments(hand) == [2, -1, -1]


def test_s1_seat_after_i_is_i_plus_1_mod_3() -> None:
    hand = kw("dealer: 2\nseat 2: 147p258p369p147s25s\ndraws: 3s 4s")
    discard(hand, "1p")
    pass_all(hand)
    assert hand.turn == 0 and hand.drawn == T("3s")
    discard_drawn(hand)
    assert hand.turn == 1 and hand.drawn == T("4s")


def test_s1_dealer_role_none_the_dealer_pays_like_anyone() -> None:
    hand = kw("""dealer: 0
        seat 0: 147s258s69s66z77z1p2p
        seat 1: 123p456p789p123s5z
        draws: 5z""")
    discard(hand, "1p")
    pass_all(hand)
    assert hand.turn == 1 and WIN_ACTION in hand.legal_actions(1)
    hand.apply(1, WIN_ACTION)
    assert win_payments(hand) == [-1, 2, -1]


# ------------------------------------------------------------------ 2.1 A turn


def test_s2_1_normal_draws_come_from_the_front_in_turn() -> None:
    hand = kw(f"""dealer: 0
        seat 0: {S0}
        seat 1: 147p147s258p258s7z
        seat 2: 369p369s66z7z3p6s9p5s
        draws: 3s 4s 5s""")
    discard(hand, "9s")
    pass_all(hand)
    assert (hand.turn, hand.drawn) == (1, T("3s"))
    discard_drawn(hand)
    assert (hand.turn, hand.drawn) == (2, T("4s"))
    discard_drawn(hand)
    assert (hand.turn, hand.drawn) == (0, T("5s"))
    assert hand.wall_left() == 41


def test_s2_1_kong_replacement_comes_from_the_back_and_the_front_is_untouched() -> None:
    hand = kw("""dealer: 0
        seat 0: 7777z123p456p1s55z9s
        draws: 3s
        tail: 8s""")
    hand.apply(0, CONCEALED_KONGS[T("7z")])
    assert hand.drawn == T("8s") and hand.drawn_from_tail
    assert hand.wall_left() == 43
    discard_drawn(hand)
    assert (hand.turn, hand.drawn) == (1, T("3s"))


def test_s2_1_no_draw_after_a_pung_only_a_discard() -> None:
    hand = kw(f"""dealer: 0
        seat 0: {S0}
        seat 1: 99s147p258p147s25s""")
    discard(hand, "9s")
    assert PUNGS[T("9s")] in hand.legal_actions(1)
    pass_all(hand, except_seats=(1,))
    hand.apply(1, PUNGS[T("9s")])
    assert hand.turn == 1 and hand.drawn is None and hand.wall_left() == 44
    assert [(m.kind, m.tile, m.source) for m in hand.melds[1]] == [("pung", T("9s"), 0)]
    assert kinds(hand, 1) <= {"discard", "declare"}


# ------------------------------------------------------------------ 2.2 Claims on a discard


def test_s2_2_there_is_no_chow() -> None:
    hand = kw(f"""dealer: 0
        seat 0: {S0}
        seat 1: 12p45p147s258s69s6z
        seat 2: 2p789p789s34s66z77z""")
    discard(hand, "3p")  # seat 1 holds 12p and 45p: no claim at all
    assert hand.phase == "turn" and hand.turn == 1 and hand.drawn is not None
    assert "chow" not in kinds(hand, 1)


# seat 0 throws 3s: seat 1 may pung it (33s), seat 2 may win on it (12s)
WIN_OR_PUNG = """dealer: 0
    seat 0: 123p456p789p55z3s6z7z
    seat 1: 33s147p258p69s6z1s2s
    seat 2: 12s456s789s234p77z"""


def test_s2_2_a_win_comes_before_a_pung() -> None:
    hand = kw(WIN_OR_PUNG)
    discard(hand, "3s")
    assert hand.legal_actions(1) == [PUNGS[T("3s")], PASS_ACTION]
    assert WIN_ACTION in hand.legal_actions(2)
    hand.apply(1, PUNGS[T("3s")])
    hand.apply(2, WIN_ACTION)
    assert hand.result is not None and hand.result.winners == [2]
    assert hand.result.win_type == "discard" and hand.result.discarder == 0
    assert hand.melds[1] == []
    assert win_payments(hand) == [-1, 0, 1]  # 放炮一人出, xiao_hu x1


def test_s2_2_a_pung_goes_ahead_when_the_winner_passes() -> None:
    hand = kw(WIN_OR_PUNG)
    discard(hand, "3s")
    hand.apply(2, PASS_ACTION)
    hand.apply(1, PUNGS[T("3s")])
    assert hand.turn == 1 and not hand.is_over
    assert [(m.kind, m.tile) for m in hand.melds[1]] == [("pung", T("3s"))]


def test_s2_2_exposed_kong_on_a_discard_the_discarder_alone_pays_2() -> None:
    hand = kw("""dealer: 0
        seat 0: 123p456p789p55z3s6z7z
        seat 1: 333s147p258p69s6z1s
        seat 2: 12s456s789s234p77z
        tail: 8p""")
    discard(hand, "3s")
    assert EXPOSED_KONGS[T("3s")] in hand.legal_actions(1)
    assert PUNGS[T("3s")] in hand.legal_actions(1)
    pass_all(hand, except_seats=(1,))  # seat 2 may win on 3s and passes
    hand.apply(1, EXPOSED_KONGS[T("3s")])
    assert [(m.kind, m.tile, m.source) for m in hand.melds[1]] == [("exposed_kong", T("3s"), 0)]
    # 2.5: an exposed kong cannot be robbed (seat 2 had its chance on the discard itself)
    assert hand.phase == "turn" and hand.turn == 1 and hand.drawn == T("8p")  # the replacement
    assert kong_money(hand) == [[-2, 2, 0]]
    assert hand.scores == [-2, 2, 0]


def test_s2_2_a_declared_player_may_not_pung() -> None:
    hand = kw(f"""dealer: 0
        seat 0: {S0}
        seat 1: 12p45p147s258s69s6z
        seat 2: 2p789p789s34s66z77z
        draws: 5z""")
    declare(hand, "9s")
    pass_all(hand)
    assert (hand.turn, hand.drawn) == (1, T("5z"))
    discard(hand, "5z")  # seat 0 holds 55z, but is declared
    assert hand.phase == "turn" and hand.turn == 2
    assert hand.melds[0] == []


# ------------------------------------------------------------------ 2.3 Kongs

# seat 1 holds a pung of 3s and draws the fourth as its first draw
ADDED = """dealer: 0
    seat 0: 123p456p789p55z7z6z5s
    seat 1: 147p258p69s6z1s | pung 3s from 2
    seat 2: 147p258p69s2s56z78s
    draws: 3s 9p 8p 4s 5p"""


def test_s2_3_added_kong_on_the_drawn_fourth_tile_each_other_pays_1() -> None:
    hand = kw(ADDED)
    discard(hand, "7z")
    assert (hand.turn, hand.drawn) == (1, T("3s"))
    assert ADDED_KONGS[T("3s")] in hand.legal_actions(1)
    hand.apply(1, ADDED_KONGS[T("3s")])
    assert hand.phase == "turn" and hand.turn == 1 and hand.drawn_from_tail
    assert [m.kind for m in hand.melds[1]] == ["added_kong"]
    assert kong_money(hand) == [[-1, 2, -1]]


def test_s2_3_added_kong_not_made_on_the_draw_can_never_be_made() -> None:
    hand = kw(ADDED)
    discard(hand, "7z")
    discard(hand, "1p")  # keeps the fourth 3s in hand
    pass_all(hand)
    discard_drawn(hand)  # seat 2
    discard_drawn(hand)  # seat 0
    assert hand.turn == 1 and hand.counts[1][T("3s")] == 1
    assert kongs_of(hand, 1) == []


# seat 1 holds 999p and draws the fourth 9p as its first draw
CONCEALED = """dealer: 0
    seat 0: 123p456p78p55z6z5s4s1s
    seat 1: 999p147s258s36p6z7z
    draws: 9p 8s 3s 2s 1p"""


def test_s2_3_concealed_kong_of_a_drawn_fourth_each_other_pays_2() -> None:
    hand = kw(CONCEALED)
    discard(hand, "1s")
    pass_all(hand)
    assert (hand.turn, hand.drawn) == (1, T("9p"))
    assert CONCEALED_KONGS[T("9p")] in hand.legal_actions(1)
    hand.apply(1, CONCEALED_KONGS[T("9p")])
    assert [(m.kind, m.tile) for m in hand.melds[1]] == [("concealed_kong", T("9p"))]
    assert kong_money(hand) == [[-2, 4, -2]]


def test_s2_3_concealed_kong_not_made_when_the_fourth_arrives_can_never_be_made() -> None:
    hand = kw(CONCEALED)
    discard(hand, "1s")
    pass_all(hand)
    discard(hand, "7z")  # keeps 9999p
    pass_all(hand)
    discard_drawn(hand)  # seat 2
    discard_drawn(hand)  # seat 0
    assert hand.turn == 1 and hand.counts[1][T("9p")] == 4
    assert kongs_of(hand, 1) == []


def test_s2_3_dealt_quad_may_be_konged_on_the_dealers_opening_turn_only() -> None:
    hand = kw("dealer: 0\nseat 0: 7777z123p456p1s55z9s")
    assert CONCEALED_KONGS[T("7z")] in hand.legal_actions(0)
    discard(hand, "9s")
    pass_all(hand)
    discard_drawn(hand)  # seat 1
    discard_drawn(hand)  # seat 2
    assert hand.turn == 0 and hand.counts[0][T("7z")] == 4
    assert CONCEALED_KONGS[T("7z")] not in hand.legal_actions(0)


def test_s2_3_d15_dealt_quad_may_be_konged_on_the_first_draw_even_after_a_pung() -> None:
    hand = kw("""dealer: 0
        seat 0: 234p567p89p5z6z7z3s6s9s
        seat 1: 1111p55z147s258s6z""")
    discard(hand, "5z")
    pass_all(hand, except_seats=(1,))
    hand.apply(1, PUNGS[T("5z")])
    assert kongs_of(hand, 1) == []  # a pung turn allows no kong
    discard(hand, "6z")
    pass_all(hand)
    discard_drawn(hand)  # seat 2
    discard_drawn(hand)  # seat 0
    assert hand.turn == 1  # seat 1's first turn with a draw
    assert CONCEALED_KONGS[T("1p")] in hand.legal_actions(1)


# 2.1: "make a kong that is allowed now (2.3), then draw a replacement and go back to step 2":
# the replacement is the same turn, so a fourth tile drawn before it has still "arrived" this turn
TWO_KONGS = """dealer: 0
    seat 0: 123p456p789p66z7z4s1s
    seat 1: 5555z888s1234p7s6p
    draws: 8s
    tail: 2s 3s"""


def test_s2_3_a_fourth_drawn_this_turn_may_be_konged_after_another_kong_of_the_turn() -> None:
    hand = kw(TWO_KONGS)
    discard(hand, "1s")
    pass_all(hand)
    assert (hand.turn, hand.drawn) == (1, T("8s"))
    hand.apply(1, CONCEALED_KONGS[T("5z")])  # the dealt quad first, then the replacement 2s
    assert hand.drawn == T("2s")
    assert CONCEALED_KONGS[T("8s")] in hand.legal_actions(1)
    hand.apply(1, CONCEALED_KONGS[T("8s")])
    assert [m.tile for m in hand.melds[1]] == [T("5z"), T("8s")]
    assert kong_money(hand) == [[-2, 4, -2], [-4, 8, -4]]  # 7.2 杠上杠: the second pays x2


def test_s2_3_an_added_kong_drawn_this_turn_may_follow_another_kong_of_the_turn() -> None:
    hand = kw("""dealer: 0
        seat 0: 123p456p789p66z7z6z5s
        seat 1: 5555z147p258p | pung 3s from 2
        seat 2: 147p258p69s2s67z78s
        draws: 3s
        tail: 9p 8p""")
    discard(hand, "7z")
    assert (hand.turn, hand.drawn) == (1, T("3s"))
    hand.apply(1, CONCEALED_KONGS[T("5z")])
    assert ADDED_KONGS[T("3s")] in hand.legal_actions(1)
    hand.apply(1, ADDED_KONGS[T("3s")])
    pass_all(hand)  # nobody robs it
    assert [(m.kind, m.tile) for m in hand.melds[1]] == [("added_kong", T("3s")),
                                                         ("concealed_kong", T("5z"))]
    assert kong_money(hand) == [[-2, 4, -2], [-2, 4, -2]]  # 7.2 杠上杠: 1 each, x2


def test_s2_3_d15_a_dealt_quad_in_an_exposed_kong_turn_then_never() -> None:
    # an exposed kong's turn has a (replacement) draw: it is the first turn in which seat 1 draws
    hand = kw("""dealer: 0
        seat 0: 9p1s1s2s2s6z6z7z7z3s4s6s8s8p
        seat 1: 5555z999p1234p7s6p
        draws: 1p 1p 7p 7p
        tail: 2s""")
    discard(hand, "9p")
    pass_all(hand, except_seats=(1,))
    hand.apply(1, EXPOSED_KONGS[T("9p")])
    assert hand.drawn == T("2s")
    assert CONCEALED_KONGS[T("5z")] in hand.legal_actions(1)
    discard(hand, "7s")  # the chance not taken
    pass_all(hand)
    discard_drawn(hand)  # seat 2
    discard_drawn(hand)  # seat 0
    assert hand.turn == 1 and hand.counts[1][T("5z")] == 4
    assert CONCEALED_KONGS[T("5z")] not in hand.legal_actions(1)


def test_s2_3_a_pung_from_a_concealed_triplet_can_never_be_konged() -> None:
    hand = kw("""dealer: 0
        seat 0: 123p456p789p55z7z3s6s
        seat 1: 777z147p258p36s9s1s""")
    discard(hand, "7z")
    assert PUNGS[T("7z")] in hand.legal_actions(1)
    assert EXPOSED_KONGS[T("7z")] in hand.legal_actions(1)
    pass_all(hand, except_seats=(1,))
    hand.apply(1, PUNGS[T("7z")])
    assert kongs_of(hand, 1) == []
    discard(hand, "9s")
    pass_all(hand)
    for _ in range(2):  # seat 2, seat 0
        discard_drawn(hand)
    for _ in range(3):  # seat 1's next turns: the fourth 7z in hand never becomes a kong
        assert hand.turn == 1 and hand.counts[1][T("7z")] == 1
        assert not [a for a in kongs_of(hand, 1) if a.tile == T("7z")]
        for _ in range(3):
            discard_drawn(hand)


def test_s2_3_a_concealed_kong_cannot_be_robbed() -> None:
    hand = kw(f"""dealer: 0
        seat 0: {S0}
        seat 1: 333s147p258p69s6z7z
        draws: 3s
        tail: 8p""")
    discard(hand, "9s")  # seat 0 now waits on 3s
    pass_all(hand)
    assert hand.drawn == T("3s")
    hand.apply(1, CONCEALED_KONGS[T("3s")])
    assert hand.phase == "turn" and hand.turn == 1 and hand.drawn == T("8p")
    assert hand.legal_actions(0) == []


def test_s2_3_kong_with_one_tile_left_its_replacement_is_the_last_tile() -> None:
    """The 43rd draw (seat 1) is the fourth 9p: one tile is left, the kong is allowed, and the
    replacement, the last tile, wins: 杠上开花 x 海底捞月 = 4, paid by both (D11)."""
    hand = kw("""dealer: 0
        seat 1: 999p123s456s789s5z
        tail: 5z 9p""")
    while not (hand.phase == "turn" and hand.turn == 1 and hand.wall_left() == 1):
        step(hand)
    assert hand.drawn == T("9p")
    assert CONCEALED_KONGS[T("9p")] in hand.legal_actions(1)
    hand.apply(1, CONCEALED_KONGS[T("9p")])
    assert hand.drawn == T("5z") and hand.wall_left() == 0
    assert kongs_of(hand, 1) == []
    hand.apply(1, WIN_ACTION)
    assert patterns(hand) == ["gang_shang_kai_hua", "hai_di_lao_yue"] and value(hand) == 4
    assert win_payments(hand) == [-4, 8, -4]
    assert kong_money(hand) == [[-2, 4, -2]]
    assert hand.result is not None and hand.result.payments == [-6, 12, -6]


@pytest.mark.parametrize("seat2", ["777z123p456p789p1s", "123p456p789p1s | pung 7z from 0"],
                         ids=["concealed_triplet", "pung"])
def test_s2_3_no_kong_of_any_kind_after_drawing_the_last_tile(seat2: str) -> None:
    hand = kw(f"dealer: 0\nseat 2: {seat2}\ntail: 7z")
    play_to_last_draw(hand)
    assert hand.turn == 2 and hand.drawn == T("7z")
    assert hand.legal_actions(2) == [DISCARDS[T("7z")]]


# ------------------------------------------------------------------ 2.4 一炮双响

# dealer 1 throws 9p; seat 2 throws its draw 8s; seat 0 draws and throws 3s: seats 1 and 2
# both wait on it
DOUBLE = """dealer: 1
    seat 0: 777z258p369p5s6z1s9s
    seat 1: 12s456s789s123p55z9p
    seat 2: 45s123p456p789p66z
    draws: 8s 3s"""


def test_s2_4_both_others_win_on_one_discard_each_settled_alone() -> None:
    hand = kw(DOUBLE)
    discard(hand, "9p")
    pass_all(hand)
    discard_drawn(hand)  # seat 2: 8s
    assert (hand.turn, hand.drawn) == (0, T("3s"))
    discard(hand, "3s")
    assert hand.to_act() == {1, 2}
    hand.apply(1, WIN_ACTION)
    hand.apply(2, WIN_ACTION)
    assert hand.result is not None and sorted(hand.result.winners) == [1, 2]
    assert hand.result.discarder == 0
    assert win_payments(hand) == [-2, 1, 1]


def test_s8_two_winners_on_one_discard_the_discarder_deals_next() -> None:
    hand = kw(DOUBLE)
    discard(hand, "9p")
    pass_all(hand)
    discard_drawn(hand)
    discard(hand, "3s")
    hand.apply(1, WIN_ACTION)
    hand.apply(2, WIN_ACTION)
    assert hand.result is not None and hand.result.next_dealer == 0


def test_s7_1_double_win_with_one_declared_winner_bao_hu_for_that_winner_only() -> None:
    hand = kw(DOUBLE)
    declare(hand, "9p")  # seat 1 declares, waiting on 3s
    pass_all(hand)
    discard_drawn(hand)
    discard(hand, "3s")
    hand.apply(1, WIN_ACTION)
    hand.apply(2, WIN_ACTION)
    # seat 1: liang_dao V=2, paid twice (包胡) = 4; seat 2: xiao_hu V=1
    assert win_payments(hand) == [-5, 4, 1]


# ------------------------------------------------------------------ 2.5 Robbing a kong

# seat 0 throws 9s and waits on 3s; seat 2 waits on 3s/6s; seat 1 draws the fourth 3s for its pung
ROB = f"""dealer: 0
    seat 0: {S0}
    seat 1: 147p258p69s7z1s | pung 3s from 2
    seat 2: 45s789s123p456p66z
    draws: 3s
    tail: 6s"""


def _rob_position() -> Hand:
    hand = kw(ROB)
    discard(hand, "9s")
    pass_all(hand)
    assert (hand.turn, hand.drawn) == (1, T("3s"))
    hand.apply(1, ADDED_KONGS[T("3s")])
    assert hand.phase == "rob" and hand.to_act() == {0, 2}
    return hand


def test_s2_5_robbing_an_added_kong_cancels_it_and_the_konger_pays_as_a_discarder() -> None:
    hand = _rob_position()
    hand.apply(0, WIN_ACTION)
    hand.apply(2, PASS_ACTION)
    assert hand.result is not None and hand.result.winners == [0]
    assert hand.result.win_type == "robbing_kong" and hand.result.discarder == 1
    assert patterns(hand) == ["qiang_gang_hu"] and value(hand) == 2
    assert win_payments(hand) == [2, -2, 0]
    assert [(m.kind, m.tile) for m in hand.melds[1]] == [("pung", T("3s"))]
    assert kong_money(hand) == []  # D16: the robbed kong was never completed
    assert hand.result.payments == [2, -2, 0]


def test_s2_4_both_others_may_rob_one_added_kong_and_the_robbed_konger_deals_next() -> None:
    hand = _rob_position()
    hand.apply(0, WIN_ACTION)
    hand.apply(2, WIN_ACTION)
    assert hand.result is not None and sorted(hand.result.winners) == [0, 2]
    assert win_payments(hand) == [2, -4, 2]
    assert hand.result.next_dealer == 1


def test_s2_5_if_nobody_robs_the_kong_stands_and_pays() -> None:
    hand = _rob_position()
    pass_all(hand)
    assert [m.kind for m in hand.melds[1]] == ["added_kong"]
    assert kong_money(hand) == [[-1, 2, -1]]
    assert (hand.turn, hand.drawn) == (1, T("6s"))


def test_s2_6_passing_a_robbing_win_locks_discard_wins_too() -> None:
    hand = _rob_position()
    pass_all(hand)
    discard(hand, "6s")  # seat 2 waits on 3s/6s, but passed the robbing win and has not drawn
    assert hand.phase == "turn" and hand.turn == 2
    assert not any(e.kind == "win" for e in hand.events)


# ------------------------------------------------------------------ 2.6 漏胡


def test_s2_6_a_passed_discard_win_locks_until_the_next_draw() -> None:
    hand = kw("""dealer: 0
        seat 0: 123p456p789p55z3s6z7z
        seat 1: 147p258p69s6z5z1s8s9p
        seat 2: 12s456s789s234p77z
        draws: 3s 8p 3s""")
    discard(hand, "3s")
    assert WIN_ACTION in hand.legal_actions(2)
    hand.apply(2, PASS_ACTION)
    assert (hand.turn, hand.drawn) == (1, T("3s"))
    discard(hand, "3s")  # seat 2 may not win on another player's discard either
    assert hand.phase == "turn" and (hand.turn, hand.drawn) == (2, T("8p"))
    discard_drawn(hand)  # seat 2 drew: the lock is over
    assert (hand.turn, hand.drawn) == (0, T("3s"))
    discard(hand, "3s")
    assert WIN_ACTION in hand.legal_actions(2)
    hand.apply(2, WIN_ACTION)
    assert win_payments(hand) == [-1, 0, 1]


def test_s2_6_a_pung_does_not_end_the_lock() -> None:
    hand = kw("""dealer: 0
        seat 0: 5z123s456s78s6z369p9s
        seat 1: 147p258p1s4s6z2s3s5s8s
        seat 2: 55z77z123p456p789p
        draws: 7z 4p""")
    discard(hand, "5z")
    assert WIN_ACTION in hand.legal_actions(2)
    hand.apply(2, PASS_ACTION)
    assert (hand.turn, hand.drawn) == (1, T("7z"))
    discard(hand, "7z")  # 7z would win too: locked, only the pung is offered
    assert hand.legal_actions(2) == [PUNGS[T("7z")], PASS_ACTION]
    hand.apply(2, PUNGS[T("7z")])
    discard(hand, "1p")  # now waits on 1p/4p
    pass_all(hand)
    assert (hand.turn, hand.drawn) == (0, T("4p"))
    discard(hand, "4p")
    assert hand.phase == "turn" and hand.turn == 1  # no win for seat 2: still locked


def test_s2_6_declining_a_self_drawn_win_starts_no_lock() -> None:
    hand = kw("""dealer: 0
        seat 0: 123p56p789p55z6z9s1s5s
        seat 1: 12s456s789s234p77z
        seat 2: 147p258p69s6z5z1s8s9p
        draws: 3s 3s""")
    discard(hand, "6z")
    pass_all(hand)
    assert (hand.turn, hand.drawn) == (1, T("3s")) and WIN_ACTION in hand.legal_actions(1)
    discard(hand, "3s")  # declines the self-drawn win
    pass_all(hand)
    assert (hand.turn, hand.drawn) == (2, T("3s"))
    discard(hand, "3s")
    assert WIN_ACTION in hand.legal_actions(1)


def test_s2_6_the_lock_applies_to_a_declared_player() -> None:
    hand = kw(f"""dealer: 0
        seat 0: {S0}
        seat 1: 12p45p147s258s69s6z
        seat 2: 2p789p789s34s66z77z
        draws: 3s 3s 8s 3s""")
    declare(hand, "9s")
    pass_all(hand)
    discard(hand, "3s")  # seat 1's draw
    assert WIN_ACTION in hand.legal_actions(0)
    hand.apply(0, PASS_ACTION)
    assert (hand.turn, hand.drawn) == (2, T("3s"))
    discard(hand, "3s")
    assert hand.phase == "turn" and (hand.turn, hand.drawn) == (0, T("8s"))
    discard_drawn(hand)  # seat 0 drew: the lock is over
    assert (hand.turn, hand.drawn) == (1, T("3s"))
    discard(hand, "3s")
    assert WIN_ACTION in hand.legal_actions(0)


# ------------------------------------------------------------------ 2.7 Last tile


def test_s2_7_the_last_tile_may_be_won_hai_di_lao_yue_paid_by_both() -> None:
    hand = kw("dealer: 0\nseat 2: 123p456p789p123s5z\ntail: 5z")
    play_to_last_draw(hand)
    assert hand.turn == 2 and hand.drawn == T("5z")
    assert WIN_ACTION in hand.legal_actions(2)
    hand.apply(2, WIN_ACTION)
    assert patterns(hand) == ["hai_di_lao_yue"] and value(hand) == 2
    assert win_payments(hand) == [-2, -2, 4]


# seat 2 holds a ready hand (waits on 5z) and draws a last tile that does not win
READY_LAST = "dealer: 0\nseat 2: 123p456p789p123s5z\ntail: 9s"


def test_s2_7_otherwise_the_last_tile_itself_must_be_thrown() -> None:
    hand = kw(READY_LAST)
    play_to_last_draw(hand)
    assert hand.turn == 2 and hand.drawn == T("9s")
    assert discards_of(hand, 2) == [DISCARDS[T("9s")]]


def test_s3_1_d32_nobody_declares_with_the_last_discard() -> None:
    hand = kw(READY_LAST)
    play_to_last_draw(hand)
    assert not hand.declared[2]
    assert declares_of(hand, 2) == []
    assert hand.legal_actions(2) == [DISCARDS[T("9s")]]


def test_s2_7_the_last_discard_may_be_won_with_no_bonus() -> None:
    hand = kw("""dealer: 0
        seat 0: 123p456p789p123s5z9s
        seat 2: 147p258p369s147s6z
        tail: 5z""")
    discard(hand, "9s")  # seat 0 waits on 5z
    pass_all(hand)
    play_to_last_draw(hand)
    assert hand.turn == 2 and hand.drawn == T("5z")
    discard(hand, "5z")
    assert WIN_ACTION in hand.legal_actions(0)
    hand.apply(0, WIN_ACTION)
    assert patterns(hand) == ["xiao_hu"] and value(hand) == 1  # D11: no 海底炮
    assert win_payments(hand) == [1, 0, -1]


def test_s2_7_the_last_discard_may_not_be_punged_or_konged() -> None:
    hand = kw("""dealer: 0
        seat 0: 555z147p258p369s1s9s
        tail: 5z""")
    discard(hand, "1s")
    pass_all(hand)
    play_to_last_draw(hand)
    assert hand.turn == 2 and hand.drawn == T("5z")
    discard(hand, "5z")  # seat 0 holds 555z
    assert hand.is_over and hand.result is not None and hand.result.exhaustive
    assert hand.melds[0] == []


# ------------------------------------------------------------------ 3.1 Declaring


def test_s3_1_declaring_needs_a_hand_ready_after_that_discard() -> None:
    hand = kw(f"dealer: 0\nseat 0: {S0}")
    assert declares_of(hand, 0) == [DECLARES[T("9s")]]


def test_s3_1_d31_a_wait_on_four_own_copies_is_dead_so_not_ready() -> None:
    hand = kw("dealer: 0\nseat 0: 123p456p789p4s9s | pung 4s from 1")
    # throwing 9s would wait only on 4s, whose four copies are all seat 0's own
    assert DECLARES[T("9s")] not in hand.legal_actions(0)
    assert DECLARES[T("4s")] in hand.legal_actions(0)  # waits on 9s: live


def test_s3_1_d31_copies_seen_in_other_players_melds_do_not_kill_a_wait() -> None:
    hand = kw("""dealer: 0
        seat 0: 123p456p789p555z9s1s
        seat 1: ? | pung 9s from 2""")
    # throwing 1s waits on 9s; the other three 9s are seat 1's pung
    assert DECLARES[T("1s")] in hand.legal_actions(0)


def test_s3_1_declaring_shows_the_whole_concealed_hand_to_everyone() -> None:
    hand = kw(f"dealer: 0\nseat 0: {S0}")
    assert hand.view(1)["seats"][0]["revealed"] is None
    declare(hand, "9s")
    assert hand.declared[0]
    shown = sorted(parse_tiles("123p456p789p12s55z"))
    for viewer in (1, 2, None):
        assert sorted(parse_tiles("".join(hand.view(viewer)["seats"][0]["revealed"]))) == shown
    event = next(e for e in hand.events if e.kind == "declare")
    assert event.to is None and sorted(parse_tiles("".join(event.data["tiles"]))) == shown


def test_s3_1_a_declaration_may_follow_a_pung() -> None:
    hand = kw(f"""dealer: 0
        seat 0: {S0}
        seat 1: 99s12s123p456p55z7z""")
    discard(hand, "9s")
    pass_all(hand, except_seats=(1,))
    hand.apply(1, PUNGS[T("9s")])
    assert DECLARES[T("7z")] in hand.legal_actions(1)  # then waits on 3s
    declare(hand, "7z")
    assert hand.declared[1]


# ------------------------------------------------------------------ 3.2 A declared hand


def test_s3_2_a_declared_player_throws_the_tile_just_drawn() -> None:
    hand = kw(f"dealer: 0\nseat 0: {S0}\ndraws: 1p 2p 7z")
    declare(hand, "9s")
    pass_all(hand)
    discard_drawn(hand)
    discard_drawn(hand)
    assert (hand.turn, hand.drawn) == (0, T("7z"))
    assert hand.legal_actions(0) == [DISCARDS[T("7z")]]


# seat 1 declares at its first draw (throws 6z, waits on 5z), holding a pung of 3s
DECLARED_PUNG = """dealer: 0
    seat 0: 147s258s69s66z77z1p2p
    seat 1: 123p456p789p5z | pung 3s from 2
    seat 2: 258p147s69s5z7z8s9p4p
    draws: 6z 1s 2s 3s"""


def test_s3_2_an_added_kong_is_always_allowed_after_declaring_money_not_doubled() -> None:
    hand = kw(DECLARED_PUNG)
    discard(hand, "1p")
    pass_all(hand)
    declare(hand, "6z")
    pass_all(hand)
    discard_drawn(hand)  # seat 2
    discard_drawn(hand)  # seat 0
    assert (hand.turn, hand.drawn) == (1, T("3s"))
    assert ADDED_KONGS[T("3s")] in hand.legal_actions(1)
    hand.apply(1, ADDED_KONGS[T("3s")])
    pass_all(hand)
    assert [m.kind for m in hand.melds[1]] == ["added_kong"]
    assert kong_money(hand) == [[-1, 2, -1]]  # 喜钱不翻番


# seat 0 declares with 7z holding 2333 4567p 789s 55z (waits on 3p and 5z): the seed's example
SEED_EXAMPLE = """dealer: 0
    seat 0: 2333p4567p789s55z7z
    seat 1: 147s258s69s1p8p6z1s9p
    seat 2: 258s147s6s9s8p9p6z1p5p
    draws: 5s 4s 3p"""


def test_s3_2_d23_seed_example_23334567_may_not_kong_3_after_declaring() -> None:
    hand = kw(SEED_EXAMPLE)
    declare(hand, "7z")
    pass_all(hand)
    discard_drawn(hand)
    discard_drawn(hand)
    assert (hand.turn, hand.drawn) == (0, T("3p")) and hand.counts[0][T("3p")] == 4
    assert kongs_of(hand, 0) == []
    assert hand.legal_actions(0) == [WIN_ACTION, DISCARDS[T("3p")]]


def test_s3_2_d23_a_declared_player_may_not_expose_kong_a_set_that_changes_the_waits() -> None:
    hand = kw(SEED_EXAMPLE, draws="3p")
    declare(hand, "7z")
    pass_all(hand)
    discard(hand, "3p")  # seat 1's draw: seat 0 holds 333p
    assert hand.legal_actions(0) == [WIN_ACTION, PASS_ACTION]


def test_s3_2_d23_four_copies_held_since_before_declaring_are_not_konged() -> None:
    """Project reading (D23): seat 1 pungs 9s with 4444s in hand and declares; in its first
    drawing turn (when 2.3 would allow a dealt set of four) the hand is frozen: only the drawn
    7s may go. (2.3 against 3.2, settled in docs/rules/kawuxing.md D23.)"""
    hand = kw("""dealer: 0
    seat 0: 9s1p2p4p5p7p8p1s2s3s6z6z5z7z
    seat 1: 4s4s4s4s5s6s1p2p3p9p9s9s8p
    seat 2: 3p6p5z5z8p7s2s1s6p3s5p6z7z
    draws: 7p 8s 7s""")
    discard(hand, "9s")
    hand.apply(1, PUNGS[T("9s")])
    declare(hand, "8p")
    step(hand)  # seat 2 draws 7p and throws it
    step(hand)  # seat 0 draws 8s and throws it
    assert (hand.turn, hand.drawn) == (1, T("7s")) and hand.counts[1][T("4s")] == 4
    assert hand.legal_actions(1) == [DISCARDS[T("7s")]]


# seat 0 declares with 7z holding 123p 456p 999s 12s 55z (waits on 3s; 999s is independent)
INDEPENDENT = """dealer: 0
    seat 0: 123p456p999s12s55z7z
    seat 1: 147s258s6s1p8p6z5z7p4p
    seat 2: 258p147s36s9p6z3p5z7s
    draws: 4s 5s 9s"""


def test_s3_2_a_declared_player_may_conceal_kong_an_independent_set_money_not_doubled() -> None:
    hand = kw(INDEPENDENT, tail="8s")
    declare(hand, "7z")
    pass_all(hand)
    discard_drawn(hand)  # seat 1
    discard_drawn(hand)  # seat 2
    assert (hand.turn, hand.drawn) == (0, T("9s"))
    assert CONCEALED_KONGS[T("9s")] in hand.legal_actions(0)
    hand.apply(0, CONCEALED_KONGS[T("9s")])
    assert kong_money(hand) == [[4, -2, -2]]  # 喜钱不翻番
    assert hand.drawn == T("8s")
    assert discards_of(hand, 0) == [DISCARDS[T("8s")]]  # still frozen


def test_s3_2_a_declared_player_may_expose_kong_an_independent_set_but_not_pung() -> None:
    hand = kw(INDEPENDENT, draws="9s")
    declare(hand, "7z")
    pass_all(hand)
    assert (hand.turn, hand.drawn) == (1, T("9s"))
    discard(hand, "9s")
    assert EXPOSED_KONGS[T("9s")] in hand.legal_actions(0)
    assert PUNGS[T("9s")] not in hand.legal_actions(0)
    hand.apply(0, EXPOSED_KONGS[T("9s")])
    assert kong_money(hand) == [[2, -2, 0]]


# ------------------------------------------------------------------ 3.3 / 7.1 Money

# seat 0 declares with 9s (waits on 3s); the second and third draws fall to seats 2 and 0
SEAT0_DECLARED = f"""dealer: 0
    seat 0: {S0}
    seat 1: 456s789s123p77z3s6z
    seat 2: 4p6p8p1s3s5s7s5z6z7z2p9p2s
    draws: {{d1}} 8s 3p 3s"""


def test_s3_3_a_declared_self_drawn_win_has_liang_dao_and_both_pay() -> None:
    hand = kw(SEAT0_DECLARED.format(d1="8p"), draws="8p 8s 3s")
    declare(hand, "9s")
    pass_all(hand)
    discard_drawn(hand)  # seat 1
    discard_drawn(hand)  # seat 2
    assert (hand.turn, hand.drawn) == (0, T("3s"))
    hand.apply(0, WIN_ACTION)
    assert patterns(hand) == ["liang_dao"] and value(hand) == 2
    assert win_payments(hand) == [4, -2, -2]


def test_s3_3_bao_hu_an_undeclared_discarder_pays_two_shares_the_third_nothing() -> None:
    hand = kw(SEAT0_DECLARED.format(d1="8p"))
    declare(hand, "9s")
    pass_all(hand)
    assert (hand.turn, hand.drawn) == (1, T("8p"))
    discard(hand, "3s")  # seat 1 chooses to feed the declared hand (D22: allowed)
    hand.apply(0, WIN_ACTION)
    assert patterns(hand) == ["liang_dao"] and value(hand) == 2
    assert win_payments(hand) == [4, -4, 0]


def test_s3_3_d9_win_on_the_declaring_discard_pays_double() -> None:
    hand = kw(SEAT0_DECLARED.format(d1="6z"))
    declare(hand, "9s")
    pass_all(hand)
    assert (hand.turn, hand.drawn) == (1, T("6z"))
    declare(hand, "3s")  # seat 1 declares (waits on 6z/7z) with the tile seat 0 waits on
    assert WIN_ACTION in hand.legal_actions(0)
    hand.apply(0, WIN_ACTION)
    assert value(hand) == 2
    assert win_payments(hand) == [4, -4, 0]


# seat 1 declares first with 9p (waits on 6z/7z), later draws 3s and must throw it
SEAT1_DECLARED_EARLIER = f"""dealer: 0
    seat 0: {S0}
    seat 1: 456s789s123p77z9p6z
    seat 2: 4p6p8p1s3s5s7s5z6z7z2p9p2s
    draws: 6z 8s 3p 3s"""


def test_s3_3_d9_dui_liang_bu_bao_an_already_declared_discarder_pays_one_share() -> None:
    hand = kw(SEAT1_DECLARED_EARLIER)
    declare(hand, "9s")
    pass_all(hand)
    declare(hand, "9p")  # seat 1
    pass_all(hand)
    discard_drawn(hand)  # seat 2: 8s
    discard_drawn(hand)  # seat 0 (frozen): 3p
    assert (hand.turn, hand.drawn) == (1, T("3s"))
    assert hand.legal_actions(1) == [DISCARDS[T("3s")]]  # no choice of tile
    discard(hand, "3s")
    hand.apply(0, WIN_ACTION)
    assert value(hand) == 2
    assert win_payments(hand) == [2, -2, 0]


def test_s3_3_bao_hu_applies_to_robbing_an_undeclared_konger() -> None:
    hand = kw(ROB)
    declare(hand, "9s")
    pass_all(hand)
    hand.apply(1, ADDED_KONGS[T("3s")])
    hand.apply(0, WIN_ACTION)
    pass_all(hand)
    assert patterns(hand) == ["liang_dao", "qiang_gang_hu"] and value(hand) == 4
    assert win_payments(hand) == [8, -8, 0]


def test_s3_3_dui_liang_bu_bao_applies_to_robbing_a_declared_konger() -> None:
    hand = kw(f"""dealer: 0
        seat 0: {S0}
        seat 1: 123p456p789p5z | pung 3s from 2
        seat 2: 258p147s69s7z8s9p4p6z
        draws: 6z 7s 8s 3s""")
    declare(hand, "9s")
    pass_all(hand)
    declare(hand, "6z")  # seat 1, tanki 5z
    pass_all(hand)
    discard_drawn(hand)  # seat 2
    discard_drawn(hand)  # seat 0
    assert (hand.turn, hand.drawn) == (1, T("3s"))
    hand.apply(1, ADDED_KONGS[T("3s")])
    assert hand.phase == "rob" and WIN_ACTION in hand.legal_actions(0)
    hand.apply(0, WIN_ACTION)
    pass_all(hand)
    assert value(hand) == 4
    assert win_payments(hand) == [4, -4, 0]


# seat 0 declares with 7z on 46p (卡五星 wait on 5p)
KA_WU_XING = """dealer: 0
    seat 0: 123s789s46p55z999p7z
    seat 1: 147s258s3p8p6z6s3s2p1p
    seat 2: 258s147s69s6s3p8p7p4p
    draws: 5p 1p 5p"""


def test_s7_1_example_declared_ka_wu_xing_on_a_discard_discarder_pays_8() -> None:
    hand = kw(KA_WU_XING)
    declare(hand, "7z")
    pass_all(hand)
    discard(hand, "5p")  # seat 1's draw
    hand.apply(0, WIN_ACTION)
    pass_all(hand)
    assert patterns(hand) == ["ka_wu_xing", "liang_dao"] and value(hand) == 4
    assert win_payments(hand) == [8, -8, 0]


def test_s7_1_example_declared_ka_wu_xing_self_drawn_each_other_pays_4() -> None:
    hand = kw(KA_WU_XING, draws="1s 1p 5p")
    declare(hand, "7z")
    pass_all(hand)
    discard_drawn(hand)
    discard_drawn(hand)
    assert (hand.turn, hand.drawn) == (0, T("5p"))
    hand.apply(0, WIN_ACTION)
    assert value(hand) == 4
    assert win_payments(hand) == [8, -4, -4]


# seat 1 declares (waits on 6z/7z); seat 2 waits on 6s/9s
DECLARED_LOSER = """dealer: 0
    seat 0: 123p456p789p12s55z9s
    seat 1: 456s789s123p77z9p6z
    seat 2: 345p678p222s33s78s
    draws: 6z {d2} 1p 6s"""


def test_s3_3_d10_a_declared_player_pays_a_self_drawn_win_like_anyone() -> None:
    hand = kw(DECLARED_LOSER.format(d2="6s"))
    discard(hand, "1s")
    pass_all(hand)
    declare(hand, "9p")
    pass_all(hand)
    assert (hand.turn, hand.drawn) == (2, T("6s"))
    hand.apply(2, WIN_ACTION)
    assert value(hand) == 1
    assert win_payments(hand) == [-1, -1, 2]


def test_s3_3_d10_a_declared_discarder_pays_an_undeclared_winner_one_share() -> None:
    hand = kw(DECLARED_LOSER.format(d2="4s"))
    discard(hand, "1s")
    pass_all(hand)
    declare(hand, "9p")
    pass_all(hand)
    discard_drawn(hand)  # seat 2: 4s
    discard_drawn(hand)  # seat 0: 1p
    assert (hand.turn, hand.drawn) == (1, T("6s"))
    discard(hand, "6s")
    hand.apply(2, WIN_ACTION)
    assert value(hand) == 1
    assert win_payments(hand) == [0, -1, 1]


# ------------------------------------------------------------------ 4. Winning


# seat 0 throws a tile nobody else holds a pair of
SEAT0_JUNK = "147s258s66z7z4p2p3p9s5z"


@pytest.mark.parametrize("wait", ["9s", "6z"], ids=["pair_of_nines", "dragon_pair"])
def test_s4_1_any_pair_may_be_the_pair_and_s4_4_a_plain_discard_win_is_allowed(
        wait: str) -> None:
    hand = kw(f"dealer: 0\nseat 0: {SEAT0_JUNK}\nseat 1: 123p456p789p123s{wait}")
    discard(hand, wait)
    assert WIN_ACTION in hand.legal_actions(1)
    hand.apply(1, WIN_ACTION)
    pass_all(hand)
    assert patterns(hand) == ["xiao_hu"] and value(hand) == 1
    assert win_payments(hand) == [-1, 1, 0]


def test_s4_1_seven_pairs_win_qi_dui() -> None:
    hand = kw(f"dealer: 0\nseat 0: {SEAT0_JUNK}\nseat 1: 1p1p3p3p5s5s7s7s9p9p5z5z6z")
    discard(hand, "6z")
    hand.apply(1, WIN_ACTION)
    pass_all(hand)
    assert patterns(hand) == ["qi_dui"] and value(hand) == 4
    assert win_payments(hand) == [-4, 4, 0]


def test_s4_1_four_identical_tiles_count_as_two_pairs_long_qi_dui() -> None:
    hand = kw(f"dealer: 0\nseat 0: {SEAT0_JUNK}\nseat 1: 1111p3p3p5s5s7s7s9p9p6z")
    discard(hand, "6z")
    assert WIN_ACTION in hand.legal_actions(1)
    hand.apply(1, WIN_ACTION)
    pass_all(hand)
    assert patterns(hand) == ["long_qi_dui"] and value(hand) == 8
    assert win_payments(hand) == [-8, 8, 0]


ONE_FAN = f"""dealer: 0
    seat 0: {SEAT0_JUNK}
    seat 1: 123p456p789p123s9s
    flags: no_one_fan_discard
    draws: 9s"""


def test_s4_4_one_fan_option_forbids_a_plain_win_on_a_discard() -> None:
    hand = kw(ONE_FAN, draws="4s")
    discard(hand, "9s")
    if hand.phase == "claim":
        assert WIN_ACTION not in hand.legal_actions(1)
        pass_all(hand)
    assert (hand.turn, hand.drawn) == (1, T("4s")) and not hand.is_over


def test_s4_4_one_fan_option_still_allows_a_plain_self_drawn_win() -> None:
    hand = kw(ONE_FAN)
    discard(hand, "5z")
    pass_all(hand)
    assert (hand.turn, hand.drawn) == (1, T("9s"))
    assert WIN_ACTION in hand.legal_actions(1)
    hand.apply(1, WIN_ACTION)
    assert win_payments(hand) == [-1, 2, -1]


def test_s4_4_one_fan_option_still_allows_a_declared_discard_win() -> None:
    hand = kw(SEAT0_DECLARED.format(d1="8p") + "\nflags: no_one_fan_discard")
    declare(hand, "9s")
    pass_all(hand)
    discard(hand, "3s")
    assert WIN_ACTION in hand.legal_actions(0)
    hand.apply(0, WIN_ACTION)
    assert win_payments(hand) == [4, -4, 0]


# ------------------------------------------------------------------ 5. Situation patterns


def test_s5_d18_gang_shang_kai_hua_after_an_exposed_kong_is_paid_by_both() -> None:
    hand = kw("""dealer: 0
        seat 0: 7z123s456s789s66z1s9s
        seat 1: 777z123p456p789p5z
        tail: 5z""")
    discard(hand, "7z")
    pass_all(hand, except_seats=(1,))
    hand.apply(1, EXPOSED_KONGS[T("7z")])
    assert hand.drawn == T("5z") and WIN_ACTION in hand.legal_actions(1)
    hand.apply(1, WIN_ACTION)
    assert hand.result is not None and hand.result.win_type == "self_drawn"
    assert patterns(hand) == ["gang_shang_kai_hua"] and value(hand) == 2
    assert win_payments(hand) == [-2, 4, -2]  # no 杠开包: seat 0 fed the kong, both pay
    assert kong_money(hand) == [[-2, 2, 0]]
    assert hand.result.payments == [-4, 6, -2]  # 7.4: win + kong money


def test_s5_gang_shang_pao_on_the_discard_right_after_a_kong() -> None:
    hand = kw("""dealer: 0
        seat 0: 7777z123p456p789p1s
        seat 1: 12s456s789s55z123p
        tail: 3s""")
    hand.apply(0, CONCEALED_KONGS[T("7z")])
    assert hand.drawn == T("3s")
    discard(hand, "3s")
    hand.apply(1, WIN_ACTION)
    pass_all(hand)
    assert patterns(hand) == ["gang_shang_pao"] and value(hand) == 2
    assert win_payments(hand) == [-2, 2, 0]
    assert hand.result is not None and hand.result.payments == [2, 0, -2]


# ------------------------------------------------------------------ 7.2 Kong money


def test_s7_2_worked_example_kong_on_kong_chain_doubles_and_every_kong_pays() -> None:
    hand = kw("""dealer: 0
        seat 0: 6666z7p124s456s89p5z
        seat 1: 777p123p456p9p | pung 3s from 2
        seat 2: 888s2p2s5s6s7s5z77z9p4p
        draws: 8s
        tail: 1s 3s 9s""")
    hand.apply(0, CONCEALED_KONGS[T("6z")])  # 1st of the chain: 2 from each
    assert hand.scores == [4, -2, -2]
    assert hand.drawn == T("1s")
    discard(hand, "7p")
    hand.apply(1, EXPOSED_KONGS[T("7p")])  # 2nd, on the konger's discard: x2
    assert hand.scores == [0, 2, -2]
    assert hand.drawn == T("3s")
    hand.apply(1, ADDED_KONGS[T("3s")])  # 3rd, the same player goes on: x4
    pass_all(hand)
    assert hand.drawn == T("9s")
    assert kong_money(hand) == [[4, -2, -2], [-4, 4, 0], [-4, 8, -4]]
    assert hand.scores == [-4, 10, -6]
    discard(hand, "9s")  # nobody kongs it: the chain ends
    pass_all(hand)
    assert (hand.turn, hand.drawn) == (2, T("8s"))
    hand.apply(2, CONCEALED_KONGS[T("8s")])  # a new chain: normal money
    assert kong_money(hand)[-1] == [-2, -2, 4]
    assert hand.scores == [-6, 8, -2]


def test_s7_2_kong_money_stands_at_an_exhaustive_draw() -> None:
    hand = kw("dealer: 0\nseat 0: 7777z123p456p1s55z9s")
    hand.apply(0, CONCEALED_KONGS[T("7z")])
    play_out(hand)
    assert hand.result is not None and hand.result.exhaustive
    assert hand.result.win_payments == [0, 0, 0]
    assert hand.result.payments == [4, -2, -2]


# ------------------------------------------------------------------ 7.3 / 8 Exhaustive draw

# seat 1 may declare at draw 1 (throwing 9p), seat 2 at draw 2 (9p), seat 0 at draw 3 (3p)
EXHAUST = """dealer: 0
    seat 0: 456p123s123s55z23p2p
    seat 1: 789p456s789s77z9p6z
    seat 2: 123p567p456s88s11p
    draws: 6z 9p 3p"""


def _exhaust(declarers: set[int]) -> Hand:
    hand = kw(EXHAUST)
    discard(hand, "2p")
    pass_all(hand)
    for seat, tile in ((1, "9p"), (2, "9p"), (0, "3p")):
        assert hand.turn == seat
        if seat in declarers:
            declare(hand, tile)
        else:
            discard(hand, tile)
        pass_all(hand)
    play_out(hand)
    assert hand.result is not None and hand.result.exhaustive
    assert hand.declared == [s in declarers for s in range(3)]
    return hand


@pytest.mark.parametrize(("declarers", "expected"), [
    (set(), [0, 0, 0]),
    ({1}, [1, -2, 1]),
    ({0, 2}, [-1, 2, -1]),
    ({1, 2}, [2, -1, -1]),
    ({0, 1, 2}, [0, 0, 0]),
], ids=["none", "seat1", "seats0and2", "seats1and2", "all"])
def test_s7_3_at_an_exhaustive_draw_each_declared_player_pays_1_to_each_undeclared(
        declarers: set[int], expected: list[int]) -> None:
    hand = _exhaust(declarers)
    assert hand.result is not None
    assert hand.result.win_payments == expected
    assert hand.result.payments == expected  # no other draw payment (no 查叫)


@pytest.mark.parametrize(("declarers", "dealer"), [
    (set(), 0), ({1}, 1), ({0, 2}, 2), ({0, 1, 2}, 1),
], ids=["none_same_dealer", "the_declared", "first_declared_of_two", "first_declared_of_three"])
def test_s8_next_dealer_after_an_exhaustive_draw(declarers: set[int], dealer: int) -> None:
    hand = _exhaust(declarers)
    assert hand.result is not None and hand.result.next_dealer == dealer


def test_s8_a_single_winner_deals_next() -> None:
    hand = kw(WIN_OR_PUNG)
    discard(hand, "3s")
    hand.apply(1, PASS_ACTION)
    hand.apply(2, WIN_ACTION)
    assert hand.result is not None and hand.result.next_dealer == 2


# ------------------------------------------------------------------ more of 1, 2.3, 2.6, 4.4, 7.2


def _win_when_possible(hand: Hand) -> None:
    while not hand.is_over:
        seat = min(hand.to_act())
        if WIN_ACTION in hand.legal_actions(seat):
            hand.apply(seat, WIN_ACTION)
        else:
            step(hand)


def test_s1_first_dealer_by_lot_and_scores_carry_over_from_hand_to_hand() -> None:
    from majiang.game.match import Match

    assert {Match("kawuxing", f"lot-{i}", hands=2).dealer for i in range(30)} == {0, 1, 2}
    match = Match("kawuxing", "carry", hands=2)
    first = match.new_hand()
    _win_when_possible(first)
    one = match.finish_hand()
    assert match.totals == one.payments
    second = match.new_hand()
    assert second.dealer == one.next_dealer
    _win_when_possible(second)
    two = match.finish_hand()
    assert match.totals == [a + b for a, b in zip(one.payments, two.payments, strict=True)]
    assert match.is_over


def test_s2_3_non_dealer_dealt_quad_only_on_the_first_turn_with_a_draw() -> None:
    hand = kw("dealer: 0\nseat 1: 1111p55z147s258s6z")
    discard_drawn(hand)  # the dealer's 14th
    assert hand.turn == 1 and CONCEALED_KONGS[T("1p")] in hand.legal_actions(1)
    discard_drawn(hand)  # not konged
    discard_drawn(hand)
    discard_drawn(hand)
    assert hand.turn == 1 and hand.counts[1][T("1p")] == 4
    assert CONCEALED_KONGS[T("1p")] not in hand.legal_actions(1)


def test_s2_3_exposed_kong_with_one_tile_left_its_replacement_is_the_last_tile() -> None:
    hand = kw("""dealer: 0
        seat 2: 999p123s456s789s5z
        tail: 5z 9p""")
    while not (hand.phase == "turn" and hand.turn == 1 and hand.wall_left() == 1):
        step(hand)
    assert hand.drawn == T("9p")
    discard(hand, "9p")
    assert EXPOSED_KONGS[T("9p")] in hand.legal_actions(2)
    pass_all(hand, except_seats=(2,))
    hand.apply(2, EXPOSED_KONGS[T("9p")])
    assert hand.drawn == T("5z") and hand.wall_left() == 0
    hand.apply(2, WIN_ACTION)
    assert patterns(hand) == ["gang_shang_kai_hua", "hai_di_lao_yue"]
    assert win_payments(hand) == [-4, -4, 8]
    assert kong_money(hand) == [[0, -2, 2]]
    assert hand.result is not None and hand.result.payments == [-4, -6, 10]


def test_s2_6_a_replacement_draw_ends_the_lock() -> None:
    hand = kw("""dealer: 0
        seat 0: 3s456p789p66z5s8s9s6s1p
        seat 1: 147s258s369p6z5z1p8p
        seat 2: 12s777z123p456p55z
        draws: 7z 3s
        tail: 4s""")
    discard(hand, "3s")
    hand.apply(2, PASS_ACTION)
    discard(hand, "7z")  # seat 1's draw
    assert WIN_ACTION not in hand.legal_actions(2)
    hand.apply(2, EXPOSED_KONGS[T("7z")])
    assert hand.drawn == T("4s")  # a replacement draw: the lock is over
    discard(hand, "4s")
    pass_all(hand)
    assert (hand.turn, hand.drawn) == (0, T("3s"))
    discard(hand, "3s")
    assert WIN_ACTION in hand.legal_actions(2)


def test_s2_6_d13_a_locked_player_may_not_rob_a_kong() -> None:
    hand = kw("""dealer: 0
        seat 0: 123p456p789p55z6s7z1s
        seat 1: 147p258p69s7z1s | pung 3s from 2
        seat 2: 45s789s123p456p66z
        draws: 3s""")
    discard(hand, "6s")
    assert WIN_ACTION in hand.legal_actions(2)
    hand.apply(2, PASS_ACTION)
    assert (hand.turn, hand.drawn) == (1, T("3s"))
    hand.apply(1, ADDED_KONGS[T("3s")])  # seat 2 waits on 3s, but is locked
    assert hand.phase == "turn" and hand.turn == 1
    assert [m.kind for m in hand.melds[1]] == ["added_kong"]


def test_s4_4_one_fan_option_still_allows_a_robbing_win() -> None:
    hand = kw(ROB + "\nflags: no_one_fan_discard")
    discard(hand, "9s")
    pass_all(hand)
    hand.apply(1, ADDED_KONGS[T("3s")])
    assert hand.phase == "rob" and WIN_ACTION in hand.legal_actions(0)
    hand.apply(0, WIN_ACTION)
    pass_all(hand)
    assert patterns(hand) == ["qiang_gang_hu"]
    assert win_payments(hand) == [2, -2, 0]


def test_s7_2_a_second_kong_by_the_same_player_after_the_replacement_pays_double() -> None:
    hand = kw("""dealer: 0
        seat 0: 6666z7777z123p1s55z
        tail: 8s 9s""")
    hand.apply(0, CONCEALED_KONGS[T("6z")])
    assert CONCEALED_KONGS[T("7z")] in hand.legal_actions(0)  # still the opening turn
    hand.apply(0, CONCEALED_KONGS[T("7z")])
    assert kong_money(hand) == [[4, -2, -2], [8, -4, -4]]
    assert hand.scores == [12, -6, -6]


def test_s2_7_a_last_tile_drawn_as_a_replacement_must_be_thrown_too() -> None:
    hand = kw("""dealer: 0
        seat 1: 999p123s456s789s5z
        tail: 6z 9p""")
    while not (hand.phase == "turn" and hand.turn == 1 and hand.wall_left() == 1):
        step(hand)
    hand.apply(1, CONCEALED_KONGS[T("9p")])
    assert hand.drawn == T("6z") and hand.wall_left() == 0
    assert hand.legal_actions(1) == [DISCARDS[T("6z")]]  # no other tile, no declaring
    discard(hand, "6z")
    pass_all(hand)
    assert hand.result is not None and hand.result.exhaustive
    assert hand.result.payments == [-2, 4, -2]  # 荒庄不荒杠


def test_s3_1_d31_a_wait_on_four_concealed_copies_is_dead_too() -> None:
    hand = kw("dealer: 0\nseat 0: 1111p456p789p123s7z")
    # throwing 7z would wait only on 1p (111p + 1p), and all four 1p are seat 0's own
    assert DECLARES[T("7z")] not in hand.legal_actions(0)
    assert DECLARES[T("1p")] in hand.legal_actions(0)  # waits on 7z


def test_s3_1_a_declaration_may_go_with_the_discard_after_a_kong() -> None:
    hand = kw("dealer: 0\nseat 0: 7777z123p456p789p1s\ntail: 9s")
    hand.apply(0, CONCEALED_KONGS[T("7z")])
    assert DECLARES[T("9s")] in hand.legal_actions(0)  # 123p456p789p1s: waits on 1s
    declare(hand, "9s")
    assert hand.declared[0]


def test_s7_2_chain_b_an_exposed_kong_on_each_konger_discard_goes_on_doubling() -> None:
    hand = kw("""dealer: 0
        seat 0: 6666z7p124s456s89p5z
        seat 1: 777p123p456p9p5z8s9s
        seat 2: 999s2p2s5s6s7s77z3p4p8p
        tail: 1s 3s 3s""")
    hand.apply(0, CONCEALED_KONGS[T("6z")])
    discard(hand, "7p")
    hand.apply(1, EXPOSED_KONGS[T("7p")])
    discard(hand, "9s")
    assert EXPOSED_KONGS[T("9s")] in hand.legal_actions(2)
    hand.apply(2, EXPOSED_KONGS[T("9s")])
    assert kong_money(hand) == [[4, -2, -2], [-4, 4, 0], [0, -8, 8]]  # x1, x2, x4
    assert hand.scores == [0, -6, 6]
