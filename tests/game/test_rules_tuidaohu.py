"""tuidaohu on the engine, section by section of docs/rules/tuidaohu.md.

Every test is written from the rules document (not from the code): the positions are built with
`majiang.game.scenario` and driven through `legal_actions` / `apply`. Money is in units
(section 7): `result.win_payments` is the hand's win settlement, `hand.scores` /
`result.payments` add the kong money paid during the hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine_helpers import discard, never_win, pass_all, quiet, run_to_last_draw

from majiang.game import Hand, Match
from majiang.game.actions import (
    ADDED_KONGS,
    CONCEALED_KONGS,
    EXPOSED_KONGS,
    PASS_ACTION,
    PUNGS,
    WIN_ACTION,
    Action,
)
from majiang.game.scenario import scenario
from majiang.tiles import parse_tile

T = parse_tile


# ------------------------------------------------------------------------------------ helpers


def kinds(actions: Sequence[Action]) -> set[str]:
    return {a.kind or a.type for a in actions}


# A mixed hand waiting on 1m / 4m (屁胡 x1); and a junk dealer's hand that wins nothing.
WAIT_14M = "23m123p456p789s55z"
JUNK14 = "1m9m1p9p1s9s2z3z4z6z7z8m8p5s"  # the 14th, thrown first: 5s
DEALER_9S = "9s1m9m1p9p1s2z3z4z6z7z8m8p5s"  # the same, with 9s for 9s


# ------------------------------------------------------------------ 1. overview and dealing


def test_s1_deal_dealer_14_others_13_no_dead_wall_dealer_starts_without_drawing() -> None:
    hand = scenario("rules: tuidaohu\ndealer: 2")
    assert [sum(c) for c in hand.counts] == [13, 13, 14, 13]
    assert hand.wall_left() == 136 - 53  # no dead wall: every other tile is playable
    assert hand.tile_count() == 136
    assert hand.to_act() == {2}
    assert not any(e.kind == "draw" for e in hand.events)  # the dealer did not draw
    assert all(a.type in ("discard", "kong", "win") for a in hand.legal_actions(2))


def test_s1_dealer_may_win_on_the_deal_as_self_drawn() -> None:
    hand = scenario("""
        rules: tuidaohu
        dealer: 0
        seat 0: 123m456m789m123p55z
    """)
    assert WIN_ACTION in hand.legal_actions(0)
    hand.apply(0, WIN_ACTION)
    assert hand.result is not None and hand.result.win_type == "self_drawn"
    assert hand.result.answers[0]["value"] == 1
    assert hand.result.win_payments == [3, -1, -1, -1]
    assert hand.result.next_dealer == 0


def test_s1_session_is_a_sequence_of_hands_default_8_no_rounds() -> None:
    match = Match("tuidaohu", "session", dealer=1)
    assert match.hands == 8 and match.rounds is None


# ------------------------------------------------------------------- 2. turn flow and calls


def test_s2_pung_then_discard_at_once_no_kong_and_seats_between_skipped() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {JUNK14}
        seat 1: 2m3m4m5m6p7p8p2s3s4s6s7s8s
        seat 2: 1111z9s123m456p2s3s
        seat 3: 3m5m7m2p4p6p3s5s7s7z3z4z8p
        draws: 8s
    """)
    discard(hand, "9s")  # the dealer's 9s; seat 2 holds only one: nobody claims
    assert hand.turn == 1
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {JUNK14}
        seat 1: 2m3m4m5m6p7p8p2s3s4s6s7s8s
        seat 2: 1111z99s123m456p2s
        seat 3: 3m5m7m2p4p6p3s5s7s7z3z4z8p
        draws: 8s
    """)
    discard(hand, "9s")
    assert hand.to_act() == {2} and PUNGS[T("9s")] in hand.legal_actions(2)
    hand.apply(2, PUNGS[T("9s")])
    assert hand.turn == 2 and hand.drawn is None  # no draw after a pung
    legal = hand.legal_actions(2)
    assert legal and all(a.type == "discard" for a in legal)  # no concealed kong of 1z now
    quiet(hand, "1m")
    assert hand.turn == 3 and hand.drawn == T("8s")  # seat 3 draws; seat 1 was skipped


def test_s2_no_chow_sequences_are_never_claimed() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: 4m{JUNK14[2:]}
        seat 1: 23m56m7p8p9p2s3s4s6s7s8s
        seat 2: 2m3m4p5p6p7s8s9s2z3z4z5z6z
        seat 3: 3m5m7m2p4p6p3s5s7s7z3z4z8p
        draws: 1z
    """)
    discard(hand, "4m")  # seat 1 holds 23m and 56m: a chow would be possible, but there is none
    assert hand.phase == "turn" and hand.turn == 1 and hand.drawn == T("1z")
    assert not any(a.type == "chow" for a in hand.legal_actions(1))


def test_s2_exposed_kong_draws_from_the_tail_and_continues_at_step_2() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {DEALER_9S}
        seat 2: 999s1111z123m456p
        tail: 3z 7p
    """)
    discard(hand, "9s")
    assert hand.legal_actions(2)[:2] == [EXPOSED_KONGS[T("9s")], PUNGS[T("9s")]]
    pass_all(hand, except_seats=[2])
    hand.apply(2, EXPOSED_KONGS[T("9s")])
    assert hand.scores == [-1, 0, 1, 0]  # 7.3: the discarder pays 1
    assert hand.turn == 2 and hand.drawn == T("3z")  # replacement from the tail
    assert CONCEALED_KONGS[T("1z")] in hand.legal_actions(2)  # step 2 again: another kong
    hand.apply(2, CONCEALED_KONGS[T("1z")])
    assert hand.scores == [-3, -2, 7, -2]  # 7.3: concealed kong, 2 from each
    assert hand.drawn == T("7p")
    assert hand.tile_count() == 136


def test_s2_added_kong_with_a_tile_held_since_earlier() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {JUNK14}
        seat 1: 7p123m456m2s5s8s | pung 7p from 0
        draws: 4z
        tail: 6z
    """)
    quiet(hand, "5s")
    assert hand.turn == 1 and hand.drawn == T("4z")  # the drawn tile is not the 7p
    assert ADDED_KONGS[T("7p")] in hand.legal_actions(1)
    hand.apply(1, ADDED_KONGS[T("7p")])
    pass_all(hand)
    assert hand.melds[1][0].kind == "added_kong"
    assert hand.scores == [-1, 3, -1, -1]  # 7.3: added kong, 1 from each of the other three
    assert hand.drawn == T("6z")


def test_s2_win_beats_a_kong_call_and_the_kong_pays_nothing() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {DEALER_9S}
        seat 2: 78s123m456p789p55z
        seat 3: 999s2m3m4m5p6p7p3z4z1z2s
    """)
    discard(hand, "9s")
    assert EXPOSED_KONGS[T("9s")] in hand.legal_actions(3)
    assert WIN_ACTION in hand.legal_actions(2)
    hand.apply(3, EXPOSED_KONGS[T("9s")])
    hand.apply(2, WIN_ACTION)
    assert hand.result is not None and hand.result.winners == [2]
    assert hand.melds[3] == []
    assert hand.result.payments == [-1, 0, 1, 0]  # no kong money for seat 3


def test_s2_a_claim_may_be_declined_then_the_next_seat_draws() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {DEALER_9S}
        seat 3: 99s2m3m4m5p6p7p3z4z2s2p1z
        draws: 6z
    """)
    discard(hand, "9s")
    assert hand.to_act() == {3}
    hand.apply(3, PASS_ACTION)
    assert hand.turn == 1 and hand.drawn == T("6z")
    assert not hand.locked[3]  # declining a pung is no passed win


def test_s2_several_winners_on_one_discard_all_win_x4_and_x1_cost_5() -> None:
    """2 and 7.1: 一炮多響; the discarder pays each winner's own V (4 + 1)."""
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: 4m{JUNK14[2:]}
        seat 1: 123m567m999m11m23m
        seat 2: {WAIT_14M}
    """)
    discard(hand, "4m")
    assert hand.to_act() == {1, 2}
    hand.apply(2, WIN_ACTION)
    hand.apply(1, WIN_ACTION)
    result = hand.result
    assert result is not None and sorted(result.winners) == [1, 2]
    ids = {w: a["patterns"][0]["id"] for w, a in zip(result.winners, result.answers, strict=True)}
    assert ids == {1: "qing_yi_se", 2: "pi_hu"}
    assert result.win_payments == [-5, 4, 1, 0]
    assert result.next_dealer == 1  # 8: the dealer did not win


def test_s2_one_of_two_possible_winners_declines_only_the_other_wins() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: 4m{JUNK14[2:]}
        seat 1: 123m567m999m11m23m
        seat 2: {WAIT_14M}
    """)
    discard(hand, "4m")
    hand.apply(1, PASS_ACTION)
    hand.apply(2, WIN_ACTION)
    assert hand.result is not None and hand.result.winners == [2]
    assert hand.result.win_payments == [-1, 0, 1, 0]


def _added_kong_of_7p(robbers: tuple[str | None, str | None], tail: str = "6z") -> Hand:
    """Seat 1 holds a pung of 7p (from seat 0), draws the fourth 7p and adds it."""
    seats = "".join(f"seat {s}: {h}\n" for s, h in zip((2, 3), robbers, strict=True) if h)
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {JUNK14}
        seat 1: 123m456m2s5s8s5z | pung 7p from 0
        {seats}
        draws: 7p
        tail: {tail}
    """)
    quiet(hand, "5s")
    assert hand.drawn == T("7p")
    hand.apply(1, ADDED_KONGS[T("7p")])
    return hand


ROB_2 = "123m456m789m56p33z"  # waits 4p / 7p, 屁胡
ROB_3 = "123s456s789s68p11z"  # waits 7p, 屁胡


def test_s2_robbing_an_added_kong_konger_pays_v_no_kong_money() -> None:
    hand = _added_kong_of_7p((ROB_2, None))
    assert hand.phase == "rob" and hand.legal_actions(2) == [WIN_ACTION, PASS_ACTION]
    pass_all(hand, except_seats=[2])
    hand.apply(2, WIN_ACTION)
    result = hand.result
    assert result is not None and result.win_type == "robbing_kong" and result.discarder == 1
    assert result.win_payments == [0, -1, 1, 0]
    assert result.payments == [0, -1, 1, 0]  # the robbed kong pays no kong money
    assert hand.melds[1][0].kind == "pung"  # the kong is cancelled
    assert result.next_dealer == 1


def test_s2_several_players_rob_one_kong_the_konger_pays_each() -> None:
    hand = _added_kong_of_7p((ROB_2, ROB_3))
    assert hand.to_act() == {2, 3}
    hand.apply(3, WIN_ACTION)
    hand.apply(2, WIN_ACTION)
    result = hand.result
    assert result is not None and sorted(result.winners) == [2, 3]
    assert result.win_type == "robbing_kong"
    assert result.win_payments == [0, -2, 1, 1]
    assert result.payments == [0, -2, 1, 1]


def test_s2_declining_a_rob_locks_like_a_passed_discard() -> None:
    """3.2 rule 1: the tile of an added kong counts; the locked seat then misses a discard."""
    hand = _added_kong_of_7p((ROB_2, None), tail="4p")
    hand.apply(2, PASS_ACTION)
    assert hand.scores == [-1, 3, -1, -1]  # the kong stands and pays
    assert hand.drawn == T("4p")
    discard(hand, "4p")  # seat 2 waits on 4p but passed the rob and has not drawn since
    assert WIN_ACTION not in hand.legal_actions(2)


def test_s2_a_concealed_kong_cannot_be_robbed() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {JUNK14}
        seat 1: 777p123m456m2s5s8s4z
        seat 2: {ROB_2}
        draws: 7p
        tail: 6z
    """)
    quiet(hand, "5s")
    hand.apply(1, CONCEALED_KONGS[T("7p")])
    assert hand.phase == "turn" and hand.turn == 1 and hand.drawn == T("6z")
    assert hand.scores == [-2, 6, -2, -2]


def test_s2_win_on_a_kong_replacement_is_an_ordinary_self_drawn_win() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {DEALER_9S}
        seat 2: 999s123m456p78p55z
        tail: 9p
    """)
    discard(hand, "9s")
    pass_all(hand, except_seats=[2])
    hand.apply(2, EXPOSED_KONGS[T("9s")])
    assert WIN_ACTION in hand.legal_actions(2)
    hand.apply(2, WIN_ACTION)
    result = hand.result
    assert result is not None and result.win_type == "self_drawn"
    assert result.answers[0]["value"] == 1  # 屁胡, nothing extra for 杠上开花
    assert result.win_payments == [-1, -1, 3, -1]
    assert result.payments == [-2, -1, 4, -1]  # with the exposed kong's 1 from seat 0


def test_s2_win_on_the_discard_after_a_kong_is_an_ordinary_discard_win() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {DEALER_9S}
        seat 2: 999s2m3m4m5p6p7p3z4z2z1s
        seat 3: 23m123p456p789p55z
        tail: 1m
    """)
    discard(hand, "9s")
    hand.apply(2, EXPOSED_KONGS[T("9s")])
    discard(hand, "1m")
    hand.apply(3, WIN_ACTION)
    result = hand.result
    assert result is not None and result.win_type == "discard" and result.discarder == 2
    assert result.answers[0]["value"] == 1  # no 杠上炮 bonus
    assert result.win_payments == [0, 0, -1, 1]


# The wall's last tile: with no claims and no kongs, draw 83 (the last) goes to seat 3 and is
# the wall's tail end, the scenario's first `tail` tile.


def test_s2_last_tile_may_be_won_by_self_draw_without_bonus() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {JUNK14}
        seat 3: {WAIT_14M}
        tail: 4m
    """)
    run_to_last_draw(hand)
    assert hand.turn == 3 and hand.drawn == T("4m")
    hand.apply(3, WIN_ACTION)
    assert hand.result is not None
    assert hand.result.answers[0]["value"] == 1  # no 海底
    assert hand.result.win_payments == [-1, -1, -1, 3]


def test_s2_last_tile_no_kong_and_its_discard_is_not_claimed_by_pung_or_kong() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {JUNK14}
        seat 1: 555z2m3m4m5p6p7p3s4s6s8s
        seat 3: 1111z2p3p4p6m7m8m7s8s9s
        tail: 5z
    """)
    run_to_last_draw(hand)
    assert hand.turn == 3 and hand.drawn == T("5z")
    assert not any(a.type == "kong" for a in hand.legal_actions(3))  # holds 1111z
    discard(hand, "5z")  # seat 1 holds 555z: no kong, no pung on the last discard
    result = hand.result
    assert result is not None and result.exhaustive
    assert result.win_payments == [0, 0, 0, 0]


def test_s2_last_discard_may_be_won_but_not_punged() -> None:
    hand = scenario("""
        rules: tuidaohu
        dealer: 0
        seat 0: 99p55z123m456m789s5s
        seat 2: 9p55z2m3m4m5p6p7p3s4s6s8s
        tail: 9p
    """)
    run_to_last_draw(hand)
    assert hand.turn == 3 and hand.drawn == T("9p")
    discard(hand, "9p")
    assert hand.legal_actions(0) == [WIN_ACTION, PASS_ACTION]  # holds 99p, but no pung
    hand.apply(0, WIN_ACTION)
    assert hand.result is not None and hand.result.answers[0]["value"] == 1
    assert hand.result.win_payments == [1, 0, 0, -1]


# ---------------------------------------------------------------------- 3.2 the pass lock


def test_s3_2_example_1_passed_win_locks_every_kind_until_the_next_draw() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: 5m{JUNK14[2:]}
        seat 1: 3m5m7m2p4p6p3s5s7s7z3z4z8p
        seat 2: 1m9m1p9p1s9s2z3z4z6z7z8m6s
        seat 3: 34m123p456p789s55z
        draws: 2m 8p 2m 5m
    """)
    discard(hand, "5m")
    assert hand.legal_actions(3) == [WIN_ACTION, PASS_ACTION]
    hand.apply(3, PASS_ACTION)
    assert hand.turn == 1 and hand.drawn == T("2m")
    quiet(hand, "2m")  # seat 3 waits on 2m but is locked: not even offered
    quiet(hand)  # seat 2 throws 8p
    assert hand.turn == 3 and hand.drawn == T("2m")
    assert WIN_ACTION in hand.legal_actions(3)  # the draw cleared the lock
    quiet(hand, "2m")  # rule 5: declining a self-drawn win does not lock
    assert hand.turn == 0 and hand.drawn == T("5m")
    discard(hand, "5m")
    assert WIN_ACTION in hand.legal_actions(3)
    hand.apply(3, WIN_ACTION)
    assert hand.result is not None and hand.result.win_payments == [-1, 0, 0, 1]


def test_s3_2_punging_instead_of_winning_locks() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: 5z{JUNK14[:-2]}
        seat 1: 3m5m7m2p4p6p3s5s7s7z3z4z8p
        seat 2: 1m9m1p9p1s9s2z3z4z6z7z8m6s
        seat 3: 55z66z123p456p789s
        draws: 4p 8m 2m 4p
    """)
    discard(hand, "5z")
    assert hand.legal_actions(3)[:2] == [WIN_ACTION, PUNGS[T("5z")]]
    hand.apply(3, PUNGS[T("5z")])
    discard(hand, "1p")  # seat 3 now waits on 1p / 4p, with a pung of 5z
    pass_all(hand)
    assert hand.turn == 0 and hand.drawn == T("4p")
    discard(hand, "4p")
    assert WIN_ACTION not in hand.legal_actions(3)  # locked since the pung, no draw yet
    pass_all(hand)
    quiet(hand)  # seat 1 throws 8m
    quiet(hand)  # seat 2 throws 2m
    assert hand.turn == 3 and hand.drawn == T("4p")
    assert WIN_ACTION in hand.legal_actions(3)  # a self-drawn win is never blocked


def test_s3_2_locked_player_may_still_pung_and_kong_and_the_replacement_clears() -> None:
    hand = scenario("""
        rules: tuidaohu
        dealer: 0
        seat 0: 4m4m9m1p9p1s9s2z3z6z7z8m8p5s
        seat 1: 3m5m7m2p4p6p3s5s7s7z3z4z8p
        seat 2: 5m9m1p9p1s9s2z3z4z6z7z8m6s
        seat 3: 23m456p789s111z55z
        draws: 1m 1z 2s
        tail: 9m
    """)
    discard(hand, "4m")
    hand.apply(3, PASS_ACTION)  # locked
    quiet(hand, "1m")  # seat 1: seat 3 waits on 1m, but is locked
    assert hand.turn == 2
    discard(hand, "1z")
    legal = hand.legal_actions(3)
    assert WIN_ACTION not in legal
    assert EXPOSED_KONGS[T("1z")] in legal and PUNGS[T("1z")] in legal  # rule 2
    hand.apply(3, EXPOSED_KONGS[T("1z")])
    assert hand.drawn == T("9m")  # the replacement draw clears the lock (rule 3)
    quiet(hand, "9m")
    assert hand.turn == 0 and hand.drawn == T("2s")
    discard(hand, "4m")  # the dealer's own tile: seat 3 may win on it before drawing again
    assert WIN_ACTION in hand.legal_actions(3)
    hand.apply(3, WIN_ACTION)
    assert hand.result is not None
    assert hand.result.win_payments == [-1, 0, 0, 1]
    assert hand.result.payments == [-1, 0, -1, 2]  # with seat 2's kong money


def test_s3_2_example_2_split_pair_after_a_pung_clears_the_lock() -> None:
    hand = scenario("""
        rules: tuidaohu
        dealer: 0
        seat 0: 5m1m9m1p9p1s9s4z6z7z8m8p2p5s
        seat 1: 55m88p | pung 1z from 2, pung 2z from 3, pung 3z from 0
        seat 2: 1m9m1p9p1s9s4z6z7z8m6s3m5s
        draws: 8p
    """)
    discard(hand, "5m")
    assert hand.legal_actions(1)[:2] == [WIN_ACTION, PUNGS[T("5m")]]
    pass_all(hand, except_seats=[1])
    hand.apply(1, PUNGS[T("5m")])  # locked
    discard(hand, "8p")  # one 8p left in hand, of the kind just thrown: the lock clears
    pass_all(hand)
    assert hand.turn == 2 and hand.drawn == T("8p")
    discard(hand, "8p")
    assert WIN_ACTION in hand.legal_actions(1)
    pass_all(hand, except_seats=[1])
    hand.apply(1, WIN_ACTION)
    result = hand.result
    assert result is not None and result.answers[0]["patterns"][0]["id"] == "dui_dui_hu"
    assert result.win_payments == [0, 2, -2, 0]


def test_s3_2_split_pair_exception_needs_exactly_one_tile_left() -> None:
    hand = scenario("""
        rules: tuidaohu
        dealer: 0
        seat 0: 5m1m9m1p9p1s9s4z6z7z8m8p2p5s
        seat 1: 55m88p123s | pung 1z from 2, pung 2z from 3
        seat 2: 1m9m1p9p1s9s4z6z7z8m6s3m5s
        draws: 8p
    """)
    discard(hand, "5m")
    pass_all(hand, except_seats=[1])
    hand.apply(1, PUNGS[T("5m")])  # locked
    discard(hand, "8p")  # leaves 8p 123s: four tiles, so the lock stays
    pass_all(hand)
    assert hand.turn == 2 and hand.drawn == T("8p")
    discard(hand, "8p")
    assert WIN_ACTION not in hand.legal_actions(1)


def test_s3_2_rule_5_a_player_may_win_on_a_kind_he_discarded_himself() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {JUNK14}
        seat 1: 3m5m7m2p4p6p3s5s7s7z3z4z8p
        seat 2: 1m9m1p9p1s9s2z3z4z6z7z8m6s
        seat 3: {WAIT_14M}
        draws: 2s 2p 4m 4m
    """)
    quiet(hand, "5s")
    quiet(hand)  # seat 1 throws 2s
    quiet(hand)  # seat 2 throws 2p
    assert hand.turn == 3 and hand.drawn == T("4m")
    assert WIN_ACTION in hand.legal_actions(3)
    discard(hand, "4m")  # declines the self-drawn win, throwing 4m
    assert hand.turn == 0 and hand.drawn == T("4m")
    discard(hand, "4m")
    assert WIN_ACTION in hand.legal_actions(3)


# ----------------------------------------------------------------------------- 4. winning


def test_s4_seven_pairs_is_not_a_winning_hand() -> None:
    hand = scenario("""
        rules: tuidaohu
        dealer: 0
        seat 0: 7z1m9m1p9p1s9s2z3z4z6z8m8p5s
        seat 1: 1122m3344p5566s7z
        draws: 7z
    """)
    discard(hand, "7z")
    assert 1 not in hand.pending  # no win on the discard
    assert hand.turn == 1 and hand.drawn == T("7z")
    assert WIN_ACTION not in hand.legal_actions(1)  # nor self-drawn


def test_s4_thirteen_orphans_is_not_a_winning_hand() -> None:
    hand = scenario("""
        rules: tuidaohu
        dealer: 0
        seat 0: 1m2m3m4m5p6p7p3s4s6s8s2p2p8m
        seat 1: 19m19p19s1234567z
        draws: 9m
    """)
    discard(hand, "1m")
    assert 1 not in hand.pending
    assert hand.turn == 1 and hand.drawn == T("9m")
    assert WIN_ACTION not in hand.legal_actions(1)


def test_s5_the_triplet_reading_is_taken_qing_dui_dui_6() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: 5m{JUNK14[2:]}
        seat 1: 1112223334445m
    """)
    discard(hand, "5m")
    hand.apply(1, WIN_ACTION)
    result = hand.result
    assert result is not None
    assert [p["id"] for p in result.answers[0]["patterns"]] == ["qing_dui_dui"]
    assert result.win_payments == [-6, 6, 0, 0]


# -------------------------------------------------------------------------- 7. settlement


def test_s7_1_self_drawn_each_other_pays_v_the_dealer_too() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {JUNK14}
        seat 1: 123m456m789m11z22z
        draws: 2z
    """)
    quiet(hand, "5s")
    hand.apply(1, WIN_ACTION)
    result = hand.result
    assert result is not None and result.answers[0]["patterns"][0]["id"] == "hun_yi_se"
    assert result.win_payments == [-2, 6, -2, -2]  # no dealer doubling: seat 0 pays 2 too
    assert result.next_dealer == 1


# 7.2 liability: seat 1 holds three claimed pungs of m and 23m 77m (waiting on 1m / 4m).
JUNK_NO_1M = "2p9m1p9p1s9s2z3z4z6z7z8m8p5s"


def test_s7_2_qing_self_drawn_the_third_feeder_pays_3v_alone() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {JUNK_NO_1M}
        seat 1: 23m77m | pung 1m from 2, pung 5m from 3, pung 9m from 0
        draws: 4m
    """)
    quiet(hand, "5s")
    hand.apply(1, WIN_ACTION)
    result = hand.result
    assert result is not None and result.answers[0]["patterns"][0]["id"] == "qing_yi_se"
    assert result.win_payments == [-12, 12, 0, 0]


def test_s7_2_qing_discard_win_the_liable_pays_v_the_discarder_nothing() -> None:
    hand = scenario("""
        rules: tuidaohu
        dealer: 0
        seat 0: 4m2p9m1p9p1s9s2z3z4z6z7z8m8p
        seat 1: 23m77m | pung 1m from 2, pung 5m from 0, pung 9m from 3
    """)
    discard(hand, "4m")
    hand.apply(1, WIN_ACTION)
    assert hand.result is not None and hand.result.win_payments == [0, 4, 0, -4]


def test_s7_2_an_added_kong_counts_as_its_pung_in_that_pungs_place() -> None:
    """The first pung (fed by 3) grows into a kong late in the hand: the third claimed meld is
    still the 9m pung fed by seat 0."""
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {JUNK_NO_1M}
        seat 1: 1m23m7m | pung 1m from 3, pung 5m from 2, pung 9m from 0
        draws: 7m
        tail: 4m
    """)
    quiet(hand, "5s")
    hand.apply(1, ADDED_KONGS[T("1m")])
    pass_all(hand)
    assert hand.drawn == T("4m") and WIN_ACTION in hand.legal_actions(1)
    hand.apply(1, WIN_ACTION)
    result = hand.result
    assert result is not None and result.answers[0]["patterns"][0]["id"] == "qing_yi_se"
    assert result.win_payments == [-12, 12, 0, 0]
    assert result.payments == [-13, 15, -1, -1]  # with the added kong's 1 from each


def test_s7_2_a_concealed_kong_is_not_a_claimed_meld() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {JUNK_NO_1M}
        seat 1: 23m77m | concealed_kong 1m, pung 5m from 2, pung 9m from 3
        draws: 4m
    """)
    quiet(hand, "5s")
    hand.apply(1, WIN_ACTION)
    assert hand.result is not None and hand.result.win_payments == [-4, 12, -4, -4]


def test_s7_2_a_fourth_claimed_meld_changes_nothing() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {JUNK_NO_1M}
        seat 1: 4m | pung 1m from 2, pung 5m from 3, pung 9m from 0, pung 7m from 2
        draws: 3z 6z 4m
    """)
    discard(hand, "5s")
    pass_all(hand)
    discard(hand, "3z")
    pass_all(hand)
    discard(hand, "6z")
    pass_all(hand)
    assert hand.turn == 3 and hand.drawn == T("4m")
    discard(hand, "4m")
    hand.apply(1, WIN_ACTION)
    result = hand.result
    assert result is not None and result.answers[0]["patterns"][0]["id"] == "qing_dui_dui"
    assert result.win_payments == [-6, 6, 0, 0]  # seat 0 fed the third: the discarder 3 pays 0


def test_s7_2_no_liability_outside_qing_colour() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: {JUNK14}
        seat 1: 23m77m | pung 1z from 2, pung 5m from 3, pung 9m from 0
        draws: 4m
    """)
    quiet(hand, "5s")
    hand.apply(1, WIN_ACTION)
    result = hand.result
    assert result is not None and result.answers[0]["patterns"][0]["id"] == "hun_yi_se"
    assert result.win_payments == [-2, 6, -2, -2]


def test_s7_2_liability_is_applied_per_winner_on_one_discard() -> None:
    hand = scenario("""
        rules: tuidaohu
        dealer: 0
        seat 0: 4m9m1p9p1s9s2z3z4z6z7z8m8p5s
        seat 1: 23m77m | pung 1m from 2, pung 5m from 3, pung 9m from 2
        seat 3: 23m123p456p789s55z
    """)
    discard(hand, "4m")
    assert hand.to_act() == {1, 3}
    hand.apply(1, WIN_ACTION)
    hand.apply(3, WIN_ACTION)
    result = hand.result
    assert result is not None and sorted(result.winners) == [1, 3]
    assert result.win_payments == [-1, 4, -4, 1]  # seat 2 covers seat 1; seat 0 pays seat 3


def test_s7_2_liability_on_a_robbed_kong_the_liable_pays_v_the_konger_nothing() -> None:
    hand = _added_kong_of_7p(("68p55p | pung 1p from 3, pung 3p from 0, pung 9p from 3", None))
    assert hand.legal_actions(2) == [WIN_ACTION, PASS_ACTION]
    hand.apply(2, WIN_ACTION)
    result = hand.result
    assert result is not None and result.win_type == "robbing_kong"
    assert result.answers[0]["patterns"][0]["id"] == "qing_yi_se"
    assert result.win_payments == [0, 0, 4, -4]


def test_s7_5_a_whole_hand_kong_money_and_two_winners() -> None:
    """The document's worked example, played out with seat 2 as the dealer."""
    hand = scenario("""
        rules: tuidaohu
        dealer: 2
        seat 0: 23m567m789m111z66z
        seat 1: 6s4m9m9p2p8p1s4s4z7z3z5p6m
        seat 2: 1111p23m789s123s55z
        seat 3: 66s2p3p5p7p3s8s2s3z4z7z9p
        draws: 2z 3z 2z 4z 7p 8p 6s 2s 5s
        tail: 8m 9m
    """)
    hand.apply(2, CONCEALED_KONGS[T("1p")])
    assert hand.scores == [-2, -2, 6, -2]
    quiet(hand, "8m")  # seat 2 throws its replacement
    quiet(hand)  # seat 3: 2z
    quiet(hand)  # seat 0: 3z
    discard(hand, "6s")  # seat 1
    assert hand.to_act() == {3}
    hand.apply(3, PUNGS[T("6s")])
    quiet(hand, "9p")  # seat 3
    quiet(hand)  # seat 0: 4z
    quiet(hand)  # seat 1: 7p
    quiet(hand)  # seat 2: 8p
    assert hand.turn == 3 and hand.drawn == T("6s")
    hand.apply(3, ADDED_KONGS[T("6s")])
    assert hand.phase == "turn"  # nobody could rob it: the kong stands
    assert hand.scores == [-3, -3, 5, 1]
    quiet(hand, "9m")  # seat 3 throws its replacement
    quiet(hand)  # seat 0: 2s
    assert hand.turn == 1
    discard(hand, "4m")
    assert hand.to_act() == {0, 2}
    hand.apply(0, WIN_ACTION)
    hand.apply(2, WIN_ACTION)
    result = hand.result
    assert result is not None and sorted(result.winners) == [0, 2]
    ids = {w: a["patterns"][0]["id"] for w, a in zip(result.winners, result.answers, strict=True)}
    assert ids == {0: "hun_yi_se", 2: "pi_hu"}
    assert result.win_payments == [2, -3, 1, 0]
    assert result.payments == [-1, -6, 6, 1] and sum(result.payments) == 0
    assert [s["type"] for s in result.settlements] == ["kong_money", "kong_money", "hand_end"]
    assert result.settlements[0]["payments"] == [-2, -2, 6, -2]
    assert result.settlements[1]["payments"] == [-1, -1, -1, 3]
    assert result.next_dealer == 2  # the dealer won (one of two): he deals again


# ------------------------------------------------------ 8. exhaustive draw, dealer rotation


def test_s8_exhaustive_draw_pays_nothing_kong_money_stands_dealer_keeps() -> None:
    hand = scenario("""
        rules: tuidaohu
        dealer: 1
        seat 1: 1111z2m5m8m3p6p9p2s5s8s3z
    """)
    hand.apply(1, CONCEALED_KONGS[T("1z")])
    while not hand.is_over:
        never_win(hand)
    result = hand.result
    assert result is not None and result.exhaustive
    assert result.win_payments == [0, 0, 0, 0]
    assert result.payments == [-2, 6, -2, -2]
    assert [s["type"] for s in result.settlements] == ["kong_money", "hand_end"]
    assert result.next_dealer == 1
    assert hand.tile_count() == 136


def test_s8_a_non_dealer_win_passes_the_deal_to_the_next_seat_not_the_winner() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 0
        seat 0: 4m{JUNK14[2:]}
        seat 2: {WAIT_14M}
    """)
    discard(hand, "4m")
    pass_all(hand, except_seats=[2])
    hand.apply(2, WIN_ACTION)
    assert hand.result is not None and hand.result.next_dealer == 1


def test_s8_the_dealer_among_several_winners_keeps_the_deal() -> None:
    hand = scenario(f"""
        rules: tuidaohu
        dealer: 1
        seat 1: {WAIT_14M}9m
        seat 2: 1p9p1s9s3z4z6z5m8m2p8p3s6s
        seat 3: 23m789m111z456s77z
        draws: 4m
    """)
    quiet(hand, "9m")
    assert hand.turn == 2 and hand.drawn == T("4m")
    discard(hand, "4m")
    assert hand.to_act() == {1, 3}
    hand.apply(1, WIN_ACTION)
    hand.apply(3, WIN_ACTION)
    result = hand.result
    assert result is not None and sorted(result.winners) == [1, 3]
    assert result.win_payments == [0, 1, -2, 1]
    assert result.next_dealer == 1


def test_s8_exhaustive_draws_keep_the_deal_through_a_session() -> None:
    match = Match("tuidaohu", "draws", dealer=3)
    dealers = []
    while not match.is_over:
        hand = match.new_hand()
        dealers.append(hand.dealer)
        while not hand.is_over:
            never_win(hand)
        match.finish_hand()
    assert dealers == [3] * 8
    assert match.totals == [0, 0, 0, 0] and match.dealer == 3
