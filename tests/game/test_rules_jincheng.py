"""jincheng on the engine, section by section of the rules document
(docs/rules/jincheng.md).

Each test is named after the section it checks (`test_s3_2_...` is section 3.2, `test_d11_...`
decision D11 of section 9) and asserts what the document says, amounts in units of the base.
Positions come from `majiang.game.scenario`; tiles not named are filled at random.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from engine_helpers import pass_all

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
from majiang.tiles import parse_tile, parse_tiles, tile_name

T = parse_tile

# Ready hands (13 tiles) and their one wait.
W13 = "123m456p789s12s55z"  # waits 3s
F13 = "123p456s789m12p66z"  # waits 3p
JUNK14 = "2m3m5m6m8m2p4p6p8p2s4s6s8s9m"  # a dealer who only discards (9m first)
ORPHANS_NO_9P = "1m9m1p1s9s1z2z3z4z5z6z7z2m"  # thirteen orphans less 9p, and a 2m


def jc(text: str) -> Hand:
    return scenario("rules: jincheng\n" + text)


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
    aside = hand.drawn if tile is None else T(tile)
    assert aside is not None
    hand.apply(seat, DECLARES[aside])
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


def test_s1_a_kong_on_the_last_normal_draw_moves_the_border_over_a_drawn_tile() -> None:
    """Section 1: a normal draw takes its tile only while it lies before the tail as it is then.
    The dealer keeps 1111z and makes the kong on the 69th normal draw: the tail grows to
    w[120], already drawn, so the next normal draw is not made and the hand ends with 69 (the
    "at most 70 - 2K" of a hand whose kongs came early would say 68; a rules audit found it)."""
    hand = jc("dealer: 0\nseat 0: 1111z" + "2m3m5m6m8m2p4p6p8p9m" + "\n")
    draws = 1
    while draws < 69 or hand.turn != 0 or hand.phase != "turn":
        if hand.phase == "turn":
            throw(hand)
            draws += 1
        else:
            pass_all(hand)
    assert hand.wall_left() == 1  # the last normal draw of a hand with no kong is still there
    hand.apply(0, CONCEALED_KONGS[T("1z")])
    assert hand.drawn_from_tail and hand.tile_count() == 136
    throw(hand)
    if not hand.is_over:
        pass_all(hand)  # nobody claims the discard; no normal draw follows
    assert hand.is_over and hand.result is not None and hand.result.exhaustive
    assert hand.wall_left() == 0


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


# --------------------------------------------------------------------------- 3.1 上架


def _dealer_declares() -> Hand:
    """The dealer sets 9s aside (waits 3s); seat 1 has drawn 7z."""
    hand = jc(f"dealer: 0\nseat 0: {W13}9s\ndraws: 7z 1z 2z 4z\n")
    declare(hand, "9s")
    return hand


def test_s3_1_declare_only_with_a_tile_whose_setting_aside_leaves_the_hand_ready() -> None:
    hand = jc(f"dealer: 0\nseat 0: {W13}9s\n")
    assert [a for a in acts(hand, 0) if a.type == "declare"] == [DECLARES[T("9s")]]
    junk = jc(f"dealer: 0\nseat 0: {JUNK14}\n")
    assert [a for a in acts(junk, 0) if a.type == "declare"] == []


def test_s3_1_declaring_shows_nothing_but_the_fact() -> None:
    hand = _dealer_declares()
    for viewer in (1, 2, 3, None):
        seat0 = hand.view(viewer)["seats"][0]
        assert seat0["declared"] is True
        assert seat0["revealed"] is None, viewer
        assert seat0["concealed"] == 13 and seat0["discards"] == []
        assert "9s" not in str(hand.view(viewer)), viewer
    assert hand.view(0)["set_aside"] == "9s"
    for viewer in (1, 2, 3):
        assert hand.view(viewer)["set_aside"] is None
    public = [e for e in hand.events if e.kind == "declare" and e.to != 0]
    assert public and all("tile" not in e.data and "tiles" not in e.data for e in public)


def test_s3_1_declared_hand_stays_concealed_in_its_later_turns() -> None:
    hand = _dealer_declares()
    for _ in range(3):
        throw(hand)
    assert hand.turn == 0 and hand.drawn == T("4z")  # the declared dealer holds a drawn tile
    for viewer in (1, 2, 3, None):
        assert hand.view(viewer)["seats"][0]["revealed"] is None, viewer


def test_s3_1_the_set_aside_tile_is_no_discard_nobody_claims_it() -> None:
    # seat 1 holds 1z1z and could pung a 1z discard; the dealer sets his 1z aside
    hand = jc(f"dealer: 0\nseat 0: {W13}1z\nseat 1: 1z1z 2m3m5m6m8m2p4p6p8p2s4s\ndraws: 7z\n")
    declare(hand, "1z")
    assert hand.phase == "turn" and hand.turn == 1 and hand.drawn == T("7z")
    assert PUNGS[T("1z")] not in acts(hand, 1)
    assert hand.discards[0] == [] and hand.last_discard is None


def test_d9_the_set_aside_tile_is_not_part_of_the_wall_count() -> None:
    hand = jc(f"dealer: 0\nseat 0: {W13}9s\n")
    before = hand.wall_left()
    declare(hand, "9s")
    assert hand.wall_left() == before - 1  # only seat 1's draw
    assert hand.tile_count() == 136


def test_s3_1_after_declaring_each_drawn_tile_is_won_konged_or_discarded() -> None:
    hand = _dealer_declares()
    for _ in range(3):
        throw(hand)
    assert acts(hand, 0) == [DISCARDS[T("4z")]]


def test_d10_a_declared_hand_kongs_no_old_quad_while_the_drawn_tile_is_another() -> None:
    # 1111m23m456p789s5z: 111m + 123m, waits 5z; set 9p aside. A later draw of 8p must go out.
    hand = jc("dealer: 0\nseat 0: 1111m23m456p789s5z9p\ndraws: 7z 1z 2z 8p\n")
    declare(hand, "9p")
    for _ in range(3):
        throw(hand)
    assert hand.turn == 0 and hand.drawn == T("8p")
    assert acts(hand, 0) == [DISCARDS[T("8p")]]


def test_s3_1_declared_concealed_kong_only_when_the_waits_stay_the_same() -> None:
    # 111m456p789s12s55z waits 3s; a drawn 1m makes 1111m, konging it keeps the wait on 3s
    hand = jc("dealer: 0\nseat 0: 111m456p789s12s55z9s\ndraws: 7z 1z 2z 1m\n")
    declare(hand, "9s")
    for _ in range(3):
        throw(hand)
    assert hand.drawn == T("1m")
    assert CONCEALED_KONGS[T("1m")] in acts(hand, 0)
    # 11123m456p789s55z waits 1m / 4m / 5z: a kong of the drawn 1m would leave 1m / 4m only
    other = jc("dealer: 0\nseat 0: 11123m456p789s55z9s\ndraws: 7z 1z 2z 1m\n")
    declare(other, "9s")
    for _ in range(3):
        throw(other)
    assert other.drawn == T("1m")
    assert CONCEALED_KONGS[T("1m")] not in acts(other, 0)
    assert WIN_ACTION in acts(other, 0)


def test_s3_1_declared_added_kong_with_the_drawn_fourth() -> None:
    hand = jc("""
dealer: 0
seat 0: 2m3m5m6m8m2p4p6p8p2s4s6s8s9m
seat 1: 123m456s789s1z | pung 5p from 3
draws: 1z 2z 3z 4z 5p
""")
    throw(hand, "9m")
    declare(hand, "1z")  # seat 1: 123m456s789s1z, waits on 1z
    throw(hand)
    throw(hand)
    throw(hand)
    assert hand.turn == 1 and hand.drawn == T("5p")
    assert ADDED_KONGS[T("5p")] in acts(hand, 1)


def test_s3_1_declared_player_may_not_pung_pick_or_grab() -> None:
    # seat 1 declared on thirteen orphans-like tiles would pick 9p; declared on 5z5z it would pung
    hand = jc(f"""
dealer: 0
seat 0: 9p5z 2m3m5m6m8m2p4p6p8p2s4s6s
seat 1: {W13}
draws: 7z 1z 2z 4z
""")
    throw(hand, "2m")
    declare(hand)  # seat 1 sets 7z aside
    throw(hand)
    throw(hand)
    hand.apply(0, DISCARDS[T("5z")])
    assert PUNGS[T("5z")] not in acts(hand, 1) and GRABS[T("5z")] not in acts(hand, 1)
    pass_all(hand)
    throw(hand)
    throw(hand)
    throw(hand)
    assert hand.turn == 0
    hand.apply(0, DISCARDS[T("9p")])
    assert PICKS[T("9p")] not in acts(hand, 1) and GRABS[T("9p")] not in acts(hand, 1)


def test_s3_1_only_a_declared_player_wins_on_a_discard() -> None:
    hand = jc(f"dealer: 0\nseat 0: 3s 2m3m5m6m8m2p4p6p8p2s4s6s8s\nseat 1: {W13}\n")
    hand.apply(0, DISCARDS[T("3s")])
    assert WIN_ACTION not in acts(hand, 1)


def test_s3_1_the_dealer_never_wins_on_his_first_fourteen() -> None:
    hand = jc("dealer: 0\nseat 0: 123m456p789s123s55z\n")
    assert WIN_ACTION not in acts(hand, 0)
    assert DECLARES[T("3s")] in acts(hand, 0)  # he may declare instead (waits 3s / 6s)


def test_s3_1_declare_after_a_pick() -> None:
    hand = jc(f"dealer: 0\nseat 0: 9p 2m3m5m6m8m2p4p6p8p2s4s6s8s\nseat 1: {ORPHANS_NO_9P}\n")
    hand.apply(0, DISCARDS[T("9p")])
    pass_all(hand, [1])
    hand.apply(1, PICKS[T("9p")])
    pass_all(hand)
    assert hand.turn == 1
    legal = acts(hand, 1)
    assert DECLARES[T("2m")] in legal and WIN_ACTION not in legal


def _to_the_last_draw(seat1: str, last: str, declare_first: bool = False,
                      others: dict[int, str] | None = None) -> Hand:
    """Every seat throws what it draws (claims passed) until seat 1 makes the hand's last
    normal draw (the 70th: 69 after the dealer's), `last`. `others`: more seats' tiles."""
    counts = {t: 4 for t in range(34)}
    for t in parse_tiles(seat1 + "".join((others or {}).values())):
        counts[t] -= 1
    counts[T(last)] -= 1
    draws: list[str] = []
    for t in range(34):
        if t in (T("3s"), T(last)):
            continue
        take = min(counts[t], 3)
        draws.extend([tile_name(t)] * take)
    draws = [*draws[:68], last]
    assert len(draws) == 69
    more = "".join(f"seat {s}: {h}\n" for s, h in (others or {}).items())
    hand = jc(f"dealer: 0\nseat 1: {seat1}\n{more}draws: {' '.join(draws)}\n")
    throw(hand)  # the dealer
    if declare_first:
        declare(hand)
    while not (hand.turn == 1 and hand.phase == "turn" and hand.wall_left() == 0):
        assert not hand.is_over
        throw(hand)
    assert hand.drawn == T(last)
    return hand


def test_s3_1_declare_even_when_no_normal_draw_is_left() -> None:
    hand = _to_the_last_draw(W13, "7z")
    assert DECLARES[T("7z")] in acts(hand, 1)
    hand.apply(1, DECLARES[T("7z")])
    assert hand.is_over and hand.result is not None and hand.result.exhaustive


# --------------------------------------------------------------------------- 3.2 前包


FOLLOWER = "7z 2m3m5m6m8m2p4p6p8p2s4s6s"  # holds 7z and junk (13)


def test_s3_2_dealer_pays_each_follower_one_base_when_the_third_follows() -> None:
    hand = jc(f"""
dealer: 1
seat 1: 7z 1m4m7m1p4p7p1s4s7s1z2z3z9m
seat 2: {FOLLOWER}
seat 3: 7z 2m3m5m6m8m2p4p6p8p2s4s6s
seat 0: 7z 2m3m5m6m8m2p4p6p8p2s4s6s
draws: 5z 5z 5z
""")
    throw(hand, "7z")
    throw(hand, "7z")
    throw(hand, "7z")
    assert hand.scores == [0, 0, 0, 0] and lines(hand, "qian_bao") == []
    assert hand.turn == 0
    throw(hand, "7z")  # the dealer's 上家, third in turn order
    assert lines(hand, "qian_bao") == [[1, -3, 1, 1]]
    assert hand.scores == [1, -3, 1, 1]


def test_s3_2_happens_at_most_once() -> None:
    hand = jc("""
dealer: 0
seat 0: 7z6z 1m4m7m1p4p7p1s4s7s1z2z3z
seat 1: 7z6z 2m3m5m6m8m2p4p6p8p2s4s
seat 2: 7z6z 2m3m5m6m8m2p4p6p8p2s4s
seat 3: 7z6z 2m3m5m6m8m2p4p6p8p2s4s
""")
    for _ in range(4):
        throw(hand, "7z")
    for _ in range(4):
        throw(hand, "6z")
    assert lines(hand, "qian_bao") == [[-3, 1, 1, 1]]


def test_s3_2_concealed_kongs_before_the_first_discard_keep_it_alive() -> None:
    hand = jc("""
dealer: 0
seat 0: 1111z 7z 2m3m5m6m8m2p4p6p8p
seat 1: 7z 2m3m5m6m8m2p4p6p8p2s4s6s
seat 2: 2222z 7z 1m4m7m1p4p7p1s4s
seat 3: 7z 2m3m5m6m8m2p4p6p8p2s4s6s
""")
    hand.apply(0, CONCEALED_KONGS[T("1z")])  # the dealer's 起手暗杠
    throw(hand, "7z")
    throw(hand, "7z")
    hand.apply(2, CONCEALED_KONGS[T("2z")])
    throw(hand, "7z")
    throw(hand, "7z")
    assert lines(hand, "qian_bao") == [[-3, 1, 1, 1]]


def test_s3_2_a_player_who_declares_instead_of_discarding_breaks_it() -> None:
    hand = jc(f"""
dealer: 0
seat 0: 7z 2m3m5m6m8m2p4p6p8p2s4s6s8s
seat 1: {FOLLOWER}
seat 2: {W13}
seat 3: {FOLLOWER}
draws: 1z 7z 2z
""")
    throw(hand, "7z")
    throw(hand, "7z")
    declare(hand, "7z")  # seat 2 sets the drawn 7z aside: it is no discard of 7z
    throw(hand, "7z")
    assert lines(hand, "qian_bao") == [] and hand.scores == [0, 0, 0, 0]


def test_s3_2_the_dealer_declaring_first_starts_nothing() -> None:
    hand = jc(f"""
dealer: 0
seat 0: {W13}9s
seat 1: {FOLLOWER}
seat 2: {FOLLOWER}
seat 3: {FOLLOWER}
""")
    declare(hand, "9s")
    for _ in range(3):
        throw(hand, "7z")
    assert lines(hand, "qian_bao") == []


def test_s3_2_a_discard_after_everyone_declared_is_no_first_discard() -> None:
    """3.2 "the dealer's first action that puts a tile out is a discard": the dealer and then
    each other seat declare (上架) in their first turns; in the second go-round each throws the
    2z it draws. Those are no first discards: nothing is paid (a rules audit found 跟庄 paid)."""
    hand = jc("""
dealer: 0
seat 0: 123m456p789s12s55z9s
seat 1: 123p456s789m12p66z
seat 2: 456m789p123s45s77z
seat 3: 789m123p456s11z99p
draws: 3z 4z 4z 2z 2z 2z 2z
""")
    declare(hand, "9s")
    for seat in (1, 2, 3):
        assert hand.turn == seat and hand.drawn is not None
        hand.apply(seat, DECLARES[hand.drawn])
    for seat in range(4):
        assert hand.turn == seat and hand.drawn == T("2z")
        hand.apply(seat, DISCARDS[T("2z")])
    assert lines(hand, "qian_bao") == [] and hand.scores == [0, 0, 0, 0]


def test_s3_2_a_different_first_discard_breaks_it() -> None:
    hand = jc(f"""
dealer: 0
seat 0: 7z 2m3m5m6m8m2p4p6p8p2s4s6s8s
seat 1: {FOLLOWER}
seat 2: 2m3m5m6m8m2p4p6p8p2s4s6s 6z
seat 3: {FOLLOWER}
""")
    throw(hand, "7z")
    throw(hand, "7z")
    throw(hand, "6z")
    throw(hand, "7z")
    assert lines(hand, "qian_bao") == []


# --------------------------------------------------------------------------- 3.3 拾 / 搶

DEALER_9P_1Z = "9p1z 2m3m5m6m8m2p4p6p8p2s4s6s"  # throws 9p, then 1z


def test_s3_3_pick_again_and_again_from_the_previous_seat() -> None:
    hand = jc(f"""
dealer: 0
seat 0: {DEALER_9P_1Z}
seat 1: 1m9m1p1s9s2z3z4z5z6z7z2m | pick 9p from 0
""")
    hand.apply(0, DISCARDS[T("1z")])
    assert {PICKS[T("1z")], GRABS[T("1z")]} <= set(acts(hand, 1))


def test_s3_3_after_a_grab_neither_pick_nor_grab() -> None:
    hand = jc(f"""
dealer: 0
seat 0: {DEALER_9P_1Z}
seat 1: 1m9m1p1s9s2z3z4z5z6z7z2m | grab 9p from 2
""")
    hand.apply(0, DISCARDS[T("1z")])
    legal = acts(hand, 1)
    assert PICKS[T("1z")] not in legal and GRABS[T("1z")] not in legal


def test_s3_3_grab_from_any_seat_once_then_the_turn_goes_on_from_the_grabber() -> None:
    hand = jc(f"""
dealer: 0
seat 0: {DEALER_9P_1Z}
seat 3: {ORPHANS_NO_9P}
draws: 5z
""")
    hand.apply(0, DISCARDS[T("9p")])
    assert GRABS[T("9p")] in acts(hand, 3) and PICKS[T("9p")] not in acts(hand, 3)
    hand.apply(3, GRABS[T("9p")])
    pass_all(hand)
    assert hand.turn == 3 and hand.drawn is None
    assert [(m.kind, m.source) for m in hand.melds[3]] == [("grabbed", 0)]
    hand.apply(3, DISCARDS[T("2m")])
    pass_all(hand)
    assert hand.turn == 0 and hand.drawn == T("5z")  # seats 1 and 2 lost their turns
    hand.apply(0, DISCARDS[T("1z")])
    assert GRABS[T("1z")] not in acts(hand, 3)  # 搶 once a hand


def test_s3_3_only_terminals_and_honours_of_a_kind_not_held() -> None:
    hand = jc(f"""
dealer: 0
seat 0: 5m1m9p 2m3m6m8m2p4p6p8p2s4s6s
seat 1: {ORPHANS_NO_9P}
seat 2: 1m9m1p9p1s9s1z2z3z4z5z6z3m
""")
    hand.apply(0, DISCARDS[T("5m")])  # not a terminal
    assert all(a.type not in ("pick", "grab") for a in acts(hand, 1) + acts(hand, 2))
    pass_all(hand)
    throw(hand)
    throw(hand)
    throw(hand)
    hand.apply(0, DISCARDS[T("1m")])  # both already hold 1m
    assert all(a.type not in ("pick", "grab") for a in acts(hand, 1) + acts(hand, 2))


def test_s3_3_no_second_frozen_copy() -> None:
    hand = jc("""
dealer: 0
seat 0: 9p9p 2m3m5m6m8m2p4p6p8p2s4s6s
seat 1: 1m9m1p1s9s2z3z4z5z6z7z2m | pick 9p from 0
""")
    hand.apply(0, DISCARDS[T("9p")])
    legal = acts(hand, 1)
    assert PICKS[T("9p")] not in legal and GRABS[T("9p")] not in legal


def test_s3_3_no_pick_or_grab_with_a_pung() -> None:
    hand = jc(f"""
dealer: 0
seat 0: {DEALER_9P_1Z}
seat 1: 1m9m1p1s9s2z3z4z5z6z | pung 7z from 2
""")
    hand.apply(0, DISCARDS[T("1z")])
    assert all(a.type not in ("pick", "grab") for a in acts(hand, 1))


def test_s3_3_a_committed_player_may_not_pung_or_kong_a_discard() -> None:
    hand = jc("""
dealer: 0
seat 0: 5z 2m3m5m6m8m2p4p6p8p2s4s6s8s
seat 1: 5z5z5z 1m9m1p1s9s1z2z3z4z | pick 9p from 0
""")
    hand.apply(0, DISCARDS[T("5z")])
    legal = acts(hand, 1)
    assert PUNGS[T("5z")] not in legal and EXPOSED_KONGS[T("5z")] not in legal


def test_s3_3_a_committed_player_may_not_kong_his_own_quad() -> None:
    hand = jc(f"""
dealer: 0
seat 0: {JUNK14}
seat 1: 1111z 1m9m1p1s9s2z3z4z | pick 9p from 0
draws: 5z
""")
    throw(hand, "9m")
    assert hand.turn == 1
    legal = acts(hand, 1)
    assert CONCEALED_KONGS[T("1z")] not in legal
    assert all(a.type != "kong" for a in legal)


def test_s3_3_a_committed_player_declares_only_a_thirteen_orphans_wait() -> None:
    # 123m456m789m11z8p + the frozen 9p would be "ready" on 7p as an ordinary hand: not for him
    hand = jc(f"""
dealer: 0
seat 0: {JUNK14}
seat 1: 123m456m789m1z1z8p | pick 9p from 0
draws: 5z
""")
    throw(hand, "9m")
    assert hand.turn == 1
    assert [a for a in acts(hand, 1) if a.type == "declare"] == []


def test_s3_3_legal_actions_never_raise_for_a_committed_hand_with_a_quad() -> None:
    # a committed seat holding four of a kind, declared or not: the engine answers, never raises
    hand = jc(f"""
dealer: 0
seat 0: {JUNK14}
seat 1: 1111z 9m1p1s9s2z3z4z | pick 9p from 0, grab 1m from 2
draws: 6z
""")
    throw(hand, "9m")
    legal = acts(hand, 1)
    assert legal and all(a.type in ("discard", "declare") for a in legal)


def _orphans_declared() -> Hand:
    """Seat 1 picks 9p from the dealer and declares thirteen orphans (sets 2m aside): it waits
    on the twelve concealed kinds; 9p would pair with the frozen tile."""
    hand = jc("""
dealer: 0
seat 0: 9p9p 2m3m5m6m8m2p4p6p8p2s4s6s
seat 1: 1m9m1p1s9s1z2z3z4z5z6z7z2m
draws: 3m 4m 5m 6m 1z
""")
    hand.apply(0, DISCARDS[T("9p")])
    pass_all(hand, [1])
    hand.apply(1, PICKS[T("9p")])
    pass_all(hand)
    declare(hand, "2m")
    throw(hand)  # seat 2: 3m
    throw(hand)  # seat 3: 4m
    assert hand.turn == 0 and hand.drawn == T("5m")
    return hand


def test_s3_3_a_tile_that_would_pair_with_a_frozen_tile_does_not_win() -> None:
    hand = _orphans_declared()
    hand.apply(0, DISCARDS[T("9p")])
    assert WIN_ACTION not in acts(hand, 1)


def test_s3_3_thirteen_orphans_with_a_picked_tile_wins_on_a_concealed_pair() -> None:
    hand = _orphans_declared()
    throw(hand)  # the dealer throws 5m
    throw(hand)  # seat 1 (declared) throws 6m
    assert hand.turn == 2 and hand.drawn == T("1z")
    hand.apply(2, DISCARDS[T("1z")])
    win_on_discard(hand, 1)
    result = hand.result
    assert result is not None and result.winners == [1]
    assert [p["id"] for p in result.answers[0]["patterns"]] == ["shi_san_yao"]
    assert result.win_payments == [-2, 5, -2, -1]  # case 3


def _picked_5z_draws_5m(seat1: str) -> Hand:
    """Seat 1 (concealed `seat1`) has picked 5z from the dealer and now draws 5m."""
    hand = jc(f"""
dealer: 0
seat 0: 2m3m5m6m8m2p4p6p8p2s4s6s8s 3m
seat 1: {seat1} | pick 5z from 0
seat 2: 2m3m5m6m8m2p4p6p8p2s4s6s 8m
seat 3: 4z 2m3m5m6m8m2p4p6p8p2s4s6s
draws: 5m
""")
    hand.apply(0, DISCARDS[T("3m")])
    pass_all(hand)
    assert hand.turn == 1 and hand.drawn == T("5m")
    return hand


def test_s3_1_s3_3_no_declaring_when_the_only_wait_would_pair_a_frozen_tile() -> None:
    """3.1: ready means some kind completes the 13 into a winning hand; 3.3: the pair must be
    two concealed tiles. Seat 1 picked 5z and then drew a second 5z: setting 5m aside leaves
    thirteen orphans waiting only on 4z, whose pair would be 5z, frozen and concealed, which
    never wins (it was offered, and the hand was locked into one that could not win)."""
    hand = _picked_5z_draws_5m("1m9m1p9p1s9s1z2z3z5z6z7z")
    assert [a for a in acts(hand, 1) if a.type == "declare"] == []
    # the same hand with a concealed pair of its own (1m, not a frozen kind) may declare
    ready = _picked_5z_draws_5m("1m1m9m1p9p1s9s1z2z3z6z7z")
    assert [a for a in acts(ready, 1) if a.type == "declare"] == [DECLARES[T("5m")]]  # waits 4z


# --------------------------------------------------------------------------- 3.4 荒庄


def play_out(hand: Hand) -> None:
    """Nobody wins: every seat throws what it draws, every claim is passed."""
    while not hand.is_over:
        if hand.phase == "turn":
            throw(hand)
        else:
            pass_all(hand)


def test_s3_4_exhaustive_draw_dealer_pays_two_each_no_kong_money_no_ready_settlement() -> None:
    hand = jc(f"""
dealer: 2
seat 2: 9p 2m3m5m6m8m2p4p6p8p2s4s6s8s
seat 3: 9p9p9p 1m4m7m8m1z2z3z4z6z7z
seat 0: {W13}
tail: 5z
""")
    hand.apply(2, DISCARDS[T("9p")])
    pass_all(hand, [3])
    hand.apply(3, EXPOSED_KONGS[T("9p")])
    pass_all(hand)
    throw(hand)  # seat 3 throws its replacement
    assert hand.turn == 0
    declare(hand)  # a ready seat: no extra at 荒庄
    play_out(hand)
    result = hand.result
    assert result is not None and result.exhaustive
    assert result.win_payments == [2, 2, -6, 2]
    assert lines(hand, "kong_money") == []
    assert result.payments == [2, 2, -6, 2] and hand.scores == [2, 2, -6, 2]
    assert result.next_dealer == 3


# --------------------------------------------------------------------------- 4. Winning


def _win_on_dealer_discard(seat1: str, tile: str, melds: str = "") -> Hand:
    """Seat 1 declares its drawn 7z with `seat1`; the dealer later throws `tile`."""
    junk = [t for t in parse_tiles(JUNK14) if tile_name(t) != tile][:13]
    dealer = "".join(tile_name(t) for t in junk) + tile
    hand = jc(f"""
dealer: 0
seat 0: {dealer}
seat 1: {seat1} {'| ' + melds if melds else ''}
draws: 7z 8p 8s 4z
""")
    throw(hand, tile_name(junk[0]))
    declare(hand)
    throw(hand)
    throw(hand)
    hand.apply(0, DISCARDS[T(tile)])
    win_on_discard(hand, 1)
    return hand


def _pattern(hand: Hand) -> list[str]:
    assert hand.result is not None and hand.result.winners
    return [p["id"] for p in hand.result.answers[0]["patterns"]]


def test_s4_four_sets_and_a_pair_with_a_pung_on_the_table() -> None:
    hand = _win_on_dealer_discard("456p789s12s55z", "3s", "pung 6m from 2")
    assert _pattern(hand) == ["ping_hu"]


def test_s4_seven_pairs() -> None:
    hand = _win_on_dealer_discard("1133m5577p1199s5z", "5z")
    assert _pattern(hand) == ["qi_dui"]


def test_d4_four_identical_tiles_count_as_two_pairs_in_seven_pairs() -> None:
    hand = _win_on_dealer_discard("1111m5577p1199s5z", "5z")
    assert _pattern(hand) == ["qi_dui"]


def test_d5_seven_pairs_named_before_ping_hu() -> None:
    hand = _win_on_dealer_discard("1122334455667m", "7m")
    assert _pattern(hand) == ["qi_dui"]


def test_s4_no_seven_pairs_with_a_concealed_kong() -> None:
    hand = jc(f"""
dealer: 0
seat 0: {JUNK14}
seat 1: 3344p5566s7z1z | concealed_kong 1m
draws: 2z
""")
    throw(hand, "9m")
    assert hand.turn == 1
    assert [a for a in acts(hand, 1) if a.type == "declare"] == []


def test_s4_concealed_thirteen_orphans() -> None:
    # the thirteen kinds once each (the drawn 7z set aside): any of them pairs one
    hand = _win_on_dealer_discard("1m9m1p9p1s9s1z2z3z4z5z6z7z", "6z")
    assert _pattern(hand) == ["shi_san_yao"]


# --------------------------------------------------------------------------- 7.1 payment table

# case: (seat texts, draws, script, winner, win payments). The script is the turn seats' moves
# from the dealer's first: "-X" throw X, "t" throw the draw, "+" set the draw aside, "+X" set X
# aside, "W" win by self-draw; after the last throw `winner` wins on it.
W14 = W13 + "9s"
F14 = F13 + "9m"
CASES = {
    1: ({0: W14}, "3s", ["+9s", "t"], 0, [8, -4, -2, -2]),
    2: ({0: W14, 1: F13}, "7z 1z 2z 4z 3s", ["+9s", "+", "t", "t", "t", "t"], 0,
        [6, -2, -2, -2]),
    3: ({0: JUNK14, 2: W13}, "7z 1z 2z 4z 3s", ["-9m", "t", "+", "t", "t", "t"], 2,
        [-2, -2, 5, -1]),
    4: ({0: JUNK14, 1: F13, 2: W13}, "7z 1z 2z 4z 3s", ["-9m", "+", "+", "t", "t", "t"], 2,
        [-2, -1, 4, -1]),
    5: ({0: JUNK14, 1: W13}, "7z 1z 2z 3s", ["-9m", "+", "t", "t", "-3s"], 1, [-4, 6, -1, -1]),
    6: ({0: F14, 1: W13}, "7z 1z 2z 3s", ["+9m", "+", "t", "t", "t"], 1, [-2, 4, -1, -1]),
    7: ({0: W14}, "7z 1z 2z 3s", ["+9s", "t", "t", "t", "W"], 0, [12, -4, -4, -4]),
    8: ({0: JUNK14}, "7z 1z 2z 4z 3s", ["-9m", "+", "t", "t", "t", "W"], 1, [-4, 8, -2, -2]),
}


def run_case(case: int) -> Hand:
    seats, draws, script, winner, _ = CASES[case]
    if case == 8:
        seats = {**seats, 1: W13}
    text = "dealer: 0\n" + "".join(f"seat {s}: {h}\n" for s, h in seats.items())
    hand = jc(text + f"draws: {draws}\n")
    for number, move in enumerate(script):
        last = number == len(script) - 1
        if move == "W":
            assert hand.turn == winner and WIN_ACTION in acts(hand, winner)
            hand.apply(winner, WIN_ACTION)
        elif move.startswith("+"):
            declare(hand, move[1:] or None)
        else:
            throw(hand, move[1:] if move.startswith("-") else None, keep=[winner] if last else ())
            if last:
                win_on_discard(hand, winner)
    assert hand.is_over
    return hand


@pytest.mark.parametrize("case", sorted(CASES))
def test_s7_1_payment_table(case: int) -> None:
    hand = run_case(case)
    result = hand.result
    assert result is not None and result.winners == [CASES[case][3]]
    assert result.win_type == ("self_drawn" if case in (7, 8) else "discard")
    assert result.win_payments == CASES[case][4]
    assert result.payments == CASES[case][4] and hand.scores == CASES[case][4]
    assert [s["type"] for s in hand.settlements] == ["hand_end"]
    assert hand.settlements[-1]["payments"] == CASES[case][4]
    assert result.answers[0]["payments"] == CASES[case][4]


# --------------------------------------------------------------------------- 7.2 kong money


def test_s7_2_concealed_kong_two_from_each_pending_until_the_win() -> None:
    hand = jc(f"""
dealer: 0
seat 0: {JUNK14}
seat 1: {W13}
seat 2: 4444m 1p4p7p1s4s7s1z2z3z
draws: 7z 5z 8p 8s 3s
tail: 6z
""")
    throw(hand, "9m")
    declare(hand)
    hand.apply(2, CONCEALED_KONGS[T("4m")])
    assert hand.drawn == T("6z")
    assert hand.scores == [0, 0, 0, 0]  # pending while the hand runs
    throw(hand)
    throw(hand)
    throw(hand)
    hand.apply(1, WIN_ACTION)
    assert lines(hand, "kong_money") == [[-2, -2, 6, -2]]
    assert hand.result is not None and hand.result.win_payments == [-4, 8, -2, -2]
    assert hand.result.payments == [-6, 6, 4, -4]


def test_s7_2_exposed_kong_one_from_each_the_discarder_no_more() -> None:
    hand = jc(f"""
dealer: 0
seat 0: 9p 2m3m5m6m8m2p4p6p8p2s4s6s8s
seat 1: {W13}
seat 2: 9p9p9p 1m4m5m7m1s4s7s1z2z3z
draws: 7z 5z 8p 8s 6z 4z 3s
tail: 2z
""")
    hand.apply(0, DISCARDS[T("9p")])
    pass_all(hand, [2])
    hand.apply(2, EXPOSED_KONGS[T("9p")])
    pass_all(hand)
    for move in "ttt+tttW":
        if move == "t":
            throw(hand)
        elif move == "+":
            declare(hand)
        else:
            assert hand.turn == 1
            hand.apply(1, WIN_ACTION)
    assert lines(hand, "kong_money") == [[-1, -1, 3, -1]]
    assert hand.result is not None and hand.result.payments == [-5, 7, 1, -3]


def test_s7_2_added_kong_one_from_each() -> None:
    hand = jc(f"""
dealer: 0
seat 0: {JUNK14}
seat 1: {W13}
seat 2: 5s 1m4m7m1p4p7p1z2z3z | pung 5s from 3
draws: 7z 5z 8p 8s 3s
tail: 6z
""")
    throw(hand, "9m")
    declare(hand)
    hand.apply(2, ADDED_KONGS[T("5s")])
    pass_all(hand)  # nobody robs
    assert hand.turn == 2 and hand.drawn == T("6z")
    throw(hand)
    throw(hand)
    throw(hand)
    hand.apply(1, WIN_ACTION)
    assert lines(hand, "kong_money") == [[-1, -1, 3, -1]]
    assert hand.result is not None and hand.result.payments == [-5, 7, 1, -3]


def test_s7_2_a_kong_after_declaring_earns_the_same() -> None:
    hand = jc(f"""
dealer: 0
seat 0: {JUNK14}
seat 1: 111m456p789s12s55z
draws: 7z 8p 8s 9p 1m 5z 4z 2z 3s
tail: 6z
""")
    throw(hand, "9m")
    declare(hand)
    throw(hand)
    throw(hand)
    throw(hand)
    assert hand.turn == 1 and hand.drawn == T("1m")
    hand.apply(1, CONCEALED_KONGS[T("1m")])
    throw(hand)  # the replacement 6z
    throw(hand)
    throw(hand)
    throw(hand)
    assert hand.turn == 1 and hand.drawn == T("3s")
    hand.apply(1, WIN_ACTION)
    assert lines(hand, "kong_money") == [[-2, 6, -2, -2]]
    assert hand.result is not None and hand.result.payments == [-6, 14, -4, -4]


# --------------------------------------------------------------------------- 7.3 whole hand


def _example_hand() -> Hand:
    """Section 7.3: the three others follow the dealer's 1z; seat 2 konged 4m concealed,
    seat 1 kongs the dealer's 9p, seat 3 declares."""
    hand = jc("""
dealer: 0
seat 0: 1z9p 2m3m5m6m8m2p4p6p8p2s4s6s
seat 1: 1z999p 1m1m7m7m3p3p5p5p7p
seat 2: 1z4444m 6m6m8m8m1s1s3s3s
seat 3: 123m456p789s12s5z1z
draws: 2z 3z 5z 6z 7z 4z 7z
tail: 2z 6z
""")
    throw(hand, "1z")
    throw(hand, "1z")
    hand.apply(2, CONCEALED_KONGS[T("4m")])
    throw(hand, "1z")
    throw(hand, "1z")  # seat 3 keeps 5z: 123m456p789s12s55z
    assert lines(hand, "qian_bao") == [[-3, 1, 1, 1]]
    hand.apply(0, DISCARDS[T("9p")])
    pass_all(hand, [1])
    hand.apply(1, EXPOSED_KONGS[T("9p")])
    pass_all(hand)
    throw(hand)  # seat 1 throws its replacement 6z
    throw(hand)  # seat 2 throws 7z
    assert hand.turn == 3
    declare(hand)  # seat 3 sets 4z aside: waits 3s
    throw(hand)  # the dealer throws 7z
    assert hand.turn == 1
    return hand


def test_s7_3_the_whole_hand_example_lines_and_totals() -> None:
    hand = jc("""
dealer: 0
seat 0: 1z9p 2m3m5m6m8m2p4p6p8p2s4s6s
seat 1: 1z999p 1m1m7m7m3p3p5p5p7p
seat 2: 1z4444m 6m6m8m8m1s1s3s3s
seat 3: 123m456p789s12s5z1z
draws: 2z 3z 5z 6z 7z 4z 7z 3s
tail: 2z 6z
""")
    throw(hand, "1z")
    throw(hand, "1z")
    hand.apply(2, CONCEALED_KONGS[T("4m")])
    throw(hand, "1z")
    throw(hand, "1z")
    hand.apply(0, DISCARDS[T("9p")])
    pass_all(hand, [1])
    hand.apply(1, EXPOSED_KONGS[T("9p")])
    pass_all(hand)
    throw(hand)
    throw(hand)
    declare(hand)
    throw(hand)
    assert hand.turn == 1 and hand.drawn == T("3s")
    throw(hand, keep=[3])
    win_on_discard(hand, 3)
    assert lines(hand, "qian_bao") == [[-3, 1, 1, 1]]
    kong_lines = {s["seat"]: s["payments"] for s in hand.settlements
                  if s["type"] == "kong_money"}
    assert kong_lines == {2: [-2, -2, 6, -2], 1: [-1, 3, -1, -1]}
    assert hand.result is not None and hand.result.win_payments == [-2, -2, -1, 5]
    assert hand.result.payments == [-8, 0, 5, 3] and hand.scores == [-8, 0, 5, 3]


def test_s7_3_had_the_hand_ended_in_huang_zhuang() -> None:
    hand = _example_hand()
    play_out(hand)
    assert hand.result is not None and hand.result.exhaustive
    assert lines(hand, "qian_bao") == [[-3, 1, 1, 1]]
    assert lines(hand, "kong_money") == []
    assert hand.result.win_payments == [-6, 2, 2, 2]
    assert hand.result.payments == [-9, 3, 3, 3]


# --------------------------------------------------------------------------- 8. rotation


def test_s8_the_dealer_deals_again_when_he_wins() -> None:
    assert run_case(7).result.next_dealer == 0  # type: ignore[union-attr]
    assert run_case(1).result.next_dealer == 0  # type: ignore[union-attr]


def test_s8_another_winner_passes_the_deal_to_the_dealers_next() -> None:
    assert run_case(3).result.next_dealer == 1  # type: ignore[union-attr]
    assert run_case(8).result.next_dealer == 1  # type: ignore[union-attr]


def test_d18_after_huang_zhuang_the_deal_passes() -> None:
    hand = jc("dealer: 3\n")
    play_out(hand)
    assert hand.result is not None and hand.result.exhaustive
    assert hand.result.next_dealer == 0
    assert hand.result.win_payments == [2, 2, 2, -6]


# --------------------------------------------------------------------------- last tiles, D23


def test_s2_the_last_normal_draw_may_be_won_on_by_self_draw() -> None:
    hand = _to_the_last_draw(W13, "3s", declare_first=True)
    assert WIN_ACTION in acts(hand, 1)
    hand.apply(1, WIN_ACTION)
    assert hand.result is not None and hand.result.win_payments == [-4, 8, -2, -2]


def test_d23_a_kong_when_no_normal_draw_is_left() -> None:
    hand = _to_the_last_draw("1111z2m3m5m6m8m2p4p6p8p", "7z")
    assert CONCEALED_KONGS[T("1z")] in acts(hand, 1)
    hand.apply(1, CONCEALED_KONGS[T("1z")])
    assert hand.drawn_from_tail and hand.turn == 1
    assert hand.wall_left() >= 0
    assert hand.view(None)["wall_left"] >= 0
    assert hand.tile_count() == 136
    throw(hand)
    assert hand.is_over and hand.result is not None and hand.result.exhaustive
    assert lines(hand, "kong_money") == []


def test_s2_the_discard_after_the_last_draw_may_be_claimed() -> None:
    hand = _to_the_last_draw("1m4m7m1p4p7p1s4s7s1z2z3z4z", "5s",
                             others={2: "5s5s 2m3m5m6m8m2p3p5p6p8p2s"})
    hand.apply(1, DISCARDS[T("5s")])
    assert PUNGS[T("5s")] in acts(hand, 2)
    pass_all(hand, [2])
    hand.apply(2, PUNGS[T("5s")])
    pass_all(hand)
    assert hand.turn == 2 and not hand.is_over
    throw(hand, "2m")
    assert hand.is_over and hand.result is not None and hand.result.exhaustive


# --------------------------------------------------------------------------- robustness


def test_s2_random_play_never_raises_and_keeps_the_counts() -> None:
    import random

    for seed in range(60):
        rng = random.Random(seed)
        hand = Hand.new("jincheng", f"fuzz-{seed}", dealer=seed % 4)
        steps = 0
        while not hand.is_over:
            steps += 1
            assert steps < 2000
            for seat in sorted(hand.to_act()):
                if hand.is_over or seat not in hand.to_act():
                    continue
                legal = hand.legal_actions(seat)
                assert legal, (seed, seat)
                rare = [a for a in legal if a.type in ("pick", "grab", "declare", "kong", "win")]
                action = rng.choice(rare) if rare and rng.random() < 0.7 else rng.choice(legal)
                hand.apply(seat, action)
                assert hand.wall_left() >= 0
                assert hand.tile_count() == 136
                for other in range(4):
                    hand.legal_actions(other)


def test_d11_no_declaring_on_a_wait_whose_four_copies_are_all_his() -> None:
    # pung 3m + 3m 12m456p789p5s, draws 5s: setting 3m aside leaves 12m waiting on 3m, whose four
    # copies are his (the pung and the set-aside tile): not ready. 5s or 1m aside is fine.
    hand = jc(f"""
dealer: 0
seat 0: {JUNK14}
seat 1: 3m12m456p789p5s | pung 3m from 2
draws: 5s
""".replace("2m3m5m6m8m", "2m5m6m8m7z"))
    throw(hand, "9m")
    assert hand.turn == 1 and hand.drawn == T("5s")
    declares = {a for a in acts(hand, 1) if a.type == "declare"}
    assert DECLARES[T("3m")] not in declares
    assert {DECLARES[T("5s")], DECLARES[T("1m")]} <= declares
