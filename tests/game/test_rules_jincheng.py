"""jincheng on the engine, section by section of the rules document
(/work/shared/rules/jincheng.md).

Each test is named after the section it checks (`test_s3_2_...` is section 3.2, `test_d11_...`
decision D11 of section 9) and asserts what the document says, amounts in units of the base.
Positions come from `majiang.game.scenario`; tiles not named are filled at random.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from majiang.game import Hand
from majiang.game.actions import (
    ADDED_KONGS,
    CONCEALED_KONGS,
    DECLARES,
    DISCARDS,
    EXPOSED_KONGS,
    GRABS,
    PASS_ACTION,
    PICKS,
    PUNGS,
    WIN_ACTION,
    Action,
)
from majiang.game.scenario import scenario
from majiang.tiles import parse_tile, tile_name

T = parse_tile

# Ready hands (13 tiles) and their one wait.
W13 = "123m456p789s12s55z"  # waits 3s
F13 = "123p456s789m12p66z"  # waits 3p
JUNK14 = "2m3m5m6m8m2p4p6p8p2s4s6s8s9m"  # a dealer who only discards (9m first)
ORPHANS_NO_9P = "1m9m1p1s9s1z2z3z4z5z6z7z2m"  # thirteen orphans less 9p, and a 2m


def jc(text: str) -> Hand:
    return scenario("rules: jincheng\n" + text)


def pass_all(hand: Hand, except_seats: Sequence[int] = ()) -> None:
    """Every seat with a pending claim, other than `except_seats`, passes."""
    for seat in sorted(hand.to_act()):
        if seat not in except_seats and hand.phase in ("claim", "rob"):
            hand.apply(seat, PASS_ACTION)


def throw(hand: Hand, tile: str | None = None, keep: Sequence[int] = ()) -> int:
    """The turn seat discards `tile` (None: the tile just drawn); every claim but those of
    `keep` is passed. Returns the discarder."""
    seat = hand.turn
    assert hand.phase == "turn"
    if tile is None:
        assert hand.drawn is not None
        hand.apply(seat, DISCARDS[hand.drawn])
    else:
        hand.apply(seat, DISCARDS[T(tile)])
    pass_all(hand, keep)
    return seat


def declare(hand: Hand, tile: str | None = None) -> int:
    """The turn seat sets `tile` aside (None: the tile just drawn) and declares (上架)."""
    seat = hand.turn
    assert hand.drawn is not None or tile is not None
    hand.apply(seat, DECLARES[hand.drawn if tile is None else T(tile)])
    return seat


def win_on_discard(hand: Hand, winner: int) -> None:
    assert WIN_ACTION in hand.legal_actions(winner), hand.legal_actions(winner)
    pass_all(hand, [winner])
    if not hand.is_over:
        hand.apply(winner, WIN_ACTION)


def lines(hand: Hand, kind: str) -> list[list[int]]:
    return [s["payments"] for s in hand.settlements if s["type"] == kind]


def acts(hand: Hand, seat: int) -> list[Action]:
    return hand.legal_actions(seat)


# --------------------------------------------------------------------------- 1. Overview


def test_s1_136_tiles_dealer_14_others_13_dealer_plays_first() -> None:
    hand = jc("dealer: 2\n")
    assert hand.tile_count() == 136
    assert [sum(c) for c in hand.counts] == [13, 13, 14, 13]
    assert hand.turn == 2 and hand.to_act() == {2}
    assert hand.view(None)["seats"][2]["concealed"] == 14


def test_s1_at_most_70_normal_draws_with_no_kong() -> None:
    # 7 dead stacks of 68: 136 - 52 dealt - 14 dead = 70 normal draws, the dealer's first included
    hand = jc("dealer: 0\nseat 0: " + JUNK14 + "\n")
    assert hand.wall_left() == 69
    draws = 1
    while not hand.is_over:
        if hand.phase == "turn":
            throw(hand)
            if not hand.is_over:
                draws += 1
        else:
            pass_all(hand)
    assert draws == 70
    assert hand.result is not None and hand.result.exhaustive
    assert hand.wall_left() == 0


def test_s1_each_kong_adds_a_dead_stack() -> None:
    # with K kongs, 70 - 2K normal draws: a concealed kong costs two normal draws
    hand = jc("dealer: 0\nseat 0: 1111z" + "2m3m5m6m8m2p4p6p8p9m" + "\n")
    before = hand.wall_left()
    hand.apply(0, CONCEALED_KONGS[T("1z")])
    assert hand.wall_left() == before - 2
    assert hand.tile_count() == 136


def test_s1_replacements_top_then_bottom_of_the_last_stacks() -> None:
    hand = jc("dealer: 0\nseat 0: 1111z2222z3333z1m9m\ntail: 6m 5m 8m\n")
    got = []
    for honour in ("1z", "2z", "3z"):
        hand.apply(0, CONCEALED_KONGS[T(honour)])
        assert hand.drawn_from_tail
        got.append(tile_name(hand.drawn) if hand.drawn is not None else None)
    assert got == ["6m", "5m", "8m"]


def _dice(hand: Hand) -> dict:  # type: ignore[type-arg]
    start = hand.events[0]
    assert start.kind == "start"
    return start.data["dice"]  # type: ignore[no-any-return]


def test_s1_dice_dealer_throws_then_the_seat_counted_from_him() -> None:
    seen_self = False
    for seed in range(40):
        for dealer in range(4):
            hand = Hand.new("jincheng", f"dice-{seed}", dealer=dealer)
            dice = _dice(hand)
            throws = dice["throws"]
            assert len(throws) == 2
            first, second = throws
            assert first["seat"] == dealer
            a, b = first["dice"]
            assert 1 <= a <= 6 and 1 <= b <= 6
            s1 = a + b
            assert second["seat"] == (dealer + s1 - 1) % 4
            seen_self |= second["seat"] == dealer  # 5 / 9: the dealer throws again
            c, d = second["dice"]
            assert 1 <= c <= 6 and 1 <= d <= 6
            assert dice["break_seat"] == second["seat"]
            assert dice["cut"] == s1 + c + d
            assert 4 <= dice["cut"] <= 24
    assert seen_self


def test_s1_dice_come_from_the_seed() -> None:
    one = Hand.new("jincheng", "same-seed", dealer=1)
    two = Hand.new("jincheng", "same-seed", dealer=1)
    assert _dice(one) == _dice(two)
    assert one.wall.remaining() == two.wall.remaining()


# --------------------------------------------------------------------------- 2. Turn flow


def test_s2_turn_passes_to_the_next_seat_who_draws() -> None:
    hand = jc("dealer: 3\nseat 3: " + JUNK14 + "\ndraws: 7z\n")
    throw(hand, "9m")
    assert hand.turn == 0 and hand.drawn == T("7z")
    assert sum(hand.counts[0]) == 14


def test_s2_there_is_no_chow() -> None:
    hand = jc("dealer: 0\nseat 0: " + JUNK14 + "\nseat 1: 78m" + "1p2p3p4p5p6p7p1s1s3z4z" + "\n")
    hand.apply(0, DISCARDS[T("9m")])
    assert all(a.type != "chow" for a in acts(hand, 1))


def test_s2_pung_skips_seats_no_draw_no_kong_no_win_then_discard_or_declare() -> None:
    hand = jc("""
dealer: 0
seat 0: 2m3m5m6m8m2p4p6p8p2s4s6s8s1z
seat 2: 1z1z1z 123m456p789s 5z
draws: 7z
""")
    hand.apply(0, DISCARDS[T("1z")])
    assert PUNGS[T("1z")] in acts(hand, 2) and EXPOSED_KONGS[T("1z")] in acts(hand, 2)
    pass_all(hand, [2])
    hand.apply(2, PUNGS[T("1z")])
    pass_all(hand)
    assert hand.turn == 2 and hand.drawn is None  # seat 1 lost its turn; no draw
    legal = acts(hand, 2)
    assert {a.type for a in legal} <= {"discard", "declare"}
    assert ADDED_KONGS[T("1z")] not in legal and WIN_ACTION not in legal
    # 上架 after a pung: setting 1z aside leaves a 5z single wait; setting 5z aside would leave a
    # 1z wait with all four 1z his own (pung + concealed), not ready (D11)
    assert DECLARES[T("1z")] in legal and DECLARES[T("5z")] not in legal
    assert hand.melds[2][0].kind == "pung" and hand.melds[2][0].source == 0


def test_s2_exposed_kong_on_a_discard_draws_a_replacement() -> None:
    hand = jc("""
dealer: 0
seat 0: 2m3m5m6m8m2p4p6p8p2s4s6s8s1z
seat 2: 1z1z1z 123m456p789s 5z
tail: 7z
""")
    hand.apply(0, DISCARDS[T("1z")])
    pass_all(hand, [2])
    hand.apply(2, EXPOSED_KONGS[T("1z")])
    pass_all(hand)
    assert hand.turn == 2 and hand.drawn == T("7z") and hand.drawn_from_tail
    assert hand.melds[2][0].kind == "exposed_kong"


def test_s2_added_kong_with_the_fourth_tile_drawn_or_held() -> None:
    hand = jc("""
dealer: 0
seat 0: 9m 2m3m5m6m8m2p4p6p8p2s4s6s8s
seat 1: 5p 123m456s789s | pung 5p from 3
draws: 7z
""")
    throw(hand, "9m")
    assert hand.turn == 1 and hand.drawn == T("7z")
    assert ADDED_KONGS[T("5p")] in acts(hand, 1)  # the fourth held, not just drawn


def test_s2_no_added_kong_right_after_the_pung() -> None:
    # D21: an added kong comes after a draw, not right after a claim
    hand = jc("""
dealer: 0
seat 0: 1z 2m3m5m6m8m2p4p6p8p2s4s6s8s
seat 1: 1z1z 5p 123m456s 7z | pung 5p from 3
""")
    hand.apply(0, DISCARDS[T("1z")])
    pass_all(hand, [1])
    hand.apply(1, PUNGS[T("1z")])
    pass_all(hand)
    assert hand.turn == 1
    assert ADDED_KONGS[T("5p")] not in acts(hand, 1)
    assert all(a.type in ("discard", "declare") for a in acts(hand, 1))


def test_s2_win_beats_grab_pick_and_pung() -> None:
    # seat 1 (the discarder's 下家) could pick or grab, seat 2 could pung, seat 3 wins on 9p
    hand = jc(f"""
dealer: 0
seat 0: 9p 2m3m5m6m8m2p4p6p8p2s4s6s8s
seat 1: {ORPHANS_NO_9P}
seat 2: 9p9p 1m2m3m4m5m6m7m8m2z3z4z
seat 3: 123m456s789s78p11z
draws: 6z 5s 5m
""")
    # seat 3 must declare first: play a go-round
    throw(hand, "2m")
    throw(hand)  # seat 1 throws 6z
    throw(hand)  # seat 2 throws 5s
    declare(hand)  # seat 3 sets 5m aside: 123m456s789s78p11z waits 6p/9p
    assert hand.declared[3]
    hand.apply(0, DISCARDS[T("9p")])
    assert WIN_ACTION in acts(hand, 3)
    for seat in (1, 2):
        legal = acts(hand, seat)
        assert legal != [PASS_ACTION]
    hand.apply(1, GRABS[T("9p")])
    hand.apply(2, PUNGS[T("9p")])
    hand.apply(3, WIN_ACTION)
    assert hand.result is not None and hand.result.winners == [3]
    assert hand.result.win_type == "discard" and hand.result.discarder == 0


def test_s2_grab_beats_pick() -> None:
    hand = jc(f"""
dealer: 0
seat 0: 9p 2m3m5m6m8m2p4p6p8p2s4s6s8s
seat 1: {ORPHANS_NO_9P}
seat 2: 1m9m1p1s9s1z2z3z4z5z6z7z3m
""")
    hand.apply(0, DISCARDS[T("9p")])
    assert PICKS[T("9p")] in acts(hand, 1) and GRABS[T("9p")] in acts(hand, 2)
    assert PICKS[T("9p")] not in acts(hand, 2)  # 拾 only from one's 上家
    hand.apply(1, PICKS[T("9p")])
    hand.apply(2, GRABS[T("9p")])
    pass_all(hand)
    assert hand.turn == 2 and [m.kind for m in hand.melds[2]] == ["grabbed"]
    assert hand.melds[1] == []


def test_s2_pick_beats_pung() -> None:
    hand = jc(f"""
dealer: 0
seat 0: 9p 2m3m5m6m8m2p4p6p8p2s4s6s8s
seat 1: {ORPHANS_NO_9P}
seat 2: 9p9p 1m2m3m4m5m6m7m8m2z3z4z
""")
    hand.apply(0, DISCARDS[T("9p")])
    hand.apply(2, PUNGS[T("9p")])
    hand.apply(1, PICKS[T("9p")])
    pass_all(hand)
    assert hand.turn == 1 and [m.kind for m in hand.melds[1]] == ["picked"]
    assert hand.melds[2] == []


def test_s2_one_winner_per_discard_nearest_to_the_discarder() -> None:
    # seats 1 and 3 both declared on 3s; seat 2 discards 3s: seat 3 (its 下家) wins, not seat 1
    hand = jc("""
dealer: 0
seat 0: 2m3m5m6m8m2p4p6p8p2s4s6s8s9m
seat 1: 123m456p789s12s55z
seat 2: 3s 1m4m7m1p4p7p1z2z3z4z6z7z
seat 3: 456m123p789m12s66z
draws: 7s 8p 3m 9p 1z
""")
    throw(hand, "9m")
    declare(hand)  # seat 1 sets 7s aside
    throw(hand)  # seat 2 throws 8p
    declare(hand)  # seat 3 sets 3m aside
    throw(hand)  # seat 0 throws 9p
    assert hand.turn == 1  # declared: discards its draw
    throw(hand)
    assert hand.turn == 2
    hand.apply(2, DISCARDS[T("3s")])
    assert WIN_ACTION in acts(hand, 1) and WIN_ACTION in acts(hand, 3)
    hand.apply(1, WIN_ACTION)
    hand.apply(3, WIN_ACTION)
    pass_all(hand)
    assert hand.result is not None and hand.result.winners == [3]
    assert hand.result.discarder == 2


def test_s2_robbing_an_added_kong_pays_like_a_discard_and_earns_no_kong_money() -> None:
    hand = jc(f"""
dealer: 0
seat 0: {JUNK14}
seat 1: 123m456s789s7z | pung 5p from 3
seat 2: 123m456s789s46p11z
draws: 1z 2z 3z 4z 5p
""")
    throw(hand, "9m")
    throw(hand)  # seat 1 throws 1z
    declare(hand)  # seat 2 sets 2z aside: waits 5p
    throw(hand)
    throw(hand)
    assert hand.turn == 1 and hand.drawn == T("5p")
    hand.apply(1, ADDED_KONGS[T("5p")])
    assert hand.to_act() == {2} and WIN_ACTION in acts(hand, 2)
    hand.apply(2, WIN_ACTION)
    result = hand.result
    assert result is not None and result.winners == [2]
    assert result.win_type == "robbing_kong" and result.discarder == 1
    # case 3: the kong-er (not declared) feeds a non-dealer: dealer 2, feeder 2, other 1
    assert result.win_payments == [-2, -2, 5, -1]
    assert lines(hand, "kong_money") == []
    assert result.payments == [-2, -2, 5, -1]
    assert [m.kind for m in hand.melds[1]] == ["pung"]  # the kong did not happen


def test_s2_exposed_kong_on_a_discard_is_not_robbed_the_discard_win_comes_first() -> None:
    hand = jc("""
dealer: 0
seat 0: 5p 2m3m5m6m8m2p4p6p8p2s4s6s8s
seat 1: 5p5p5p 123m456s789s 7z
seat 2: 123m456s789s46p11z
draws: 1z 2z
""")
    throw(hand, "2m")
    throw(hand, "7z")  # seat 1 draws 1z, keeps it
    declare(hand)  # seat 2 sets 2z aside: waits 5p
    throw(hand)
    # seat 0 draws a random tile and throws 5p: seat 1 may kong it, seat 2 wins on it
    hand.apply(0, DISCARDS[T("5p")])
    assert EXPOSED_KONGS[T("5p")] in acts(hand, 1) and WIN_ACTION in acts(hand, 2)
    hand.apply(1, EXPOSED_KONGS[T("5p")])
    hand.apply(2, WIN_ACTION)
    pass_all(hand)
    result = hand.result
    assert result is not None and result.winners == [2]
    assert result.win_type == "discard" and result.discarder == 0
    assert result.win_payments == [-4, -1, 6, -1]  # case 5: the dealer (not declared) feeds
    assert lines(hand, "kong_money") == []


def test_s2_concealed_kong_cannot_be_robbed_not_even_for_thirteen_orphans() -> None:
    hand = jc(f"""
dealer: 0
seat 0: {JUNK14}
seat 1: 1111z 123m456s789s
seat 2: 1m9m1p9p1s9s2z3z4z5z6z7z9m
draws: 5m 6m 7m 8m 4p
""")
    throw(hand, "9m")
    throw(hand)
    declare(hand)  # seat 2: thirteen orphans waiting on 1z
    throw(hand)
    throw(hand)
    assert hand.turn == 1
    hand.apply(1, CONCEALED_KONGS[T("1z")])
    assert hand.phase == "turn" and hand.to_act() == {1}
    assert hand.drawn_from_tail
    assert acts(hand, 2) == []


def _lock_hand(seat1: str = "123m456p789s23s55z", tail: str = "", later: str = "7m 8m 9s") -> Hand:
    """Seat 1 declares on 1s / 4s; seat 2 throws 1s, which seat 1 passes. `later`: the draws
    of seats 3, 0 and 1 that follow."""
    hand = jc(f"""
dealer: 0
seat 0: {JUNK14}
seat 1: {seat1}
seat 2: 1s1s4s 9p4m7m1p4p7p2z3z4z7z
seat 3: 4s1m 2m5m8m3p6p9p5s7s3z4z1p
draws: 6z 5z {later}
tail: {tail}
""")
    throw(hand, "9m")
    declare(hand)  # seat 1 sets 6z aside
    hand.apply(2, DISCARDS[T("1s")])
    assert WIN_ACTION in acts(hand, 1)
    pass_all(hand)  # seat 1 passes the win
    assert hand.turn == 3
    return hand


def test_s2_passing_a_win_locks_discard_wins_until_the_next_own_draw() -> None:
    hand = _lock_hand()
    hand.apply(3, DISCARDS[T("4s")])
    assert WIN_ACTION not in acts(hand, 1)
    pass_all(hand)
    assert hand.turn == 0
    hand.apply(0, DISCARDS[T("4s")])
    assert WIN_ACTION not in acts(hand, 1)
    pass_all(hand)
    assert hand.turn == 1  # his own draw ends the lock
    throw(hand)
    assert hand.turn == 2
    hand.apply(2, DISCARDS[T("1s")])
    win_on_discard(hand, 1)
    assert hand.result is not None and hand.result.winners == [1]


def test_s2_passing_a_win_does_not_bar_a_self_drawn_win() -> None:
    hand = _lock_hand(later="7m 8m 4s")
    throw(hand)  # seat 3 throws 7m
    throw(hand)  # seat 0 throws 8m
    assert hand.turn == 1 and hand.drawn == T("4s")
    assert WIN_ACTION in acts(hand, 1)
    hand.apply(1, WIN_ACTION)
    assert hand.result is not None and hand.result.win_type == "self_drawn"
    assert hand.result.win_payments == [-4, 8, -2, -2]


def test_d17_a_kong_replacement_draw_ends_the_pass_lock() -> None:
    hand = _lock_hand("111m456p789s23s55z", tail="8p")
    hand.apply(3, DISCARDS[T("1m")])
    # D10: a declared hand may kong a discard when its waits (1s / 4s) stay the same
    assert EXPOSED_KONGS[T("1m")] in acts(hand, 1) and PUNGS[T("1m")] not in acts(hand, 1)
    hand.apply(1, EXPOSED_KONGS[T("1m")])
    pass_all(hand)
    assert hand.turn == 1 and hand.drawn == T("8p")
    throw(hand)
    hand.apply(2, DISCARDS[T("1s")])
    win_on_discard(hand, 1)
    assert hand.result is not None and hand.result.winners == [1]
