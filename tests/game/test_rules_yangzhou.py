"""yangzhou on the engine, section by section of docs/rules/yangzhou.md.

Every test is written from the rules document (not from the code): positions are built with
`majiang.game.scenario` and driven through `legal_actions` / `apply`. Fan values in the comments
are worked out from sections 5 and 6; payments are in units of the stake (section 7).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine_helpers import discard, never_win, pass_all, quiet, run_to_last_draw

from majiang.game import Hand, Match
from majiang.game.actions import (
    ADDED_KONGS,
    CONCEALED_KONGS,
    DISCARDS,
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


def chow(tiles: str) -> Action:
    return Action("chow", tiles=tuple(T(tiles[i] + tiles[-1]) for i in range(3)))


def chows(actions: Sequence[Action]) -> set[tuple[int, ...]]:
    return {a.tiles for a in actions if a.type == "chow" and a.tiles is not None}


def patterns(hand: Hand, winner: int) -> dict[str, int]:
    assert hand.result is not None
    answer = hand.result.answers[hand.result.winners.index(winner)]
    return {p["id"]: p["value"] for p in answer["patterns"]}


JUNK14 = "1m9m1p9p1s9s2z3z4z6z7z8m8p5s"  # wins nothing; its 14th (thrown first) is 5s
NO_S14 = "1m9m1p9p2z3z4z6z7z8m8p2p5m5z"  # no bamboo at all; its 14th is 5z
# 1m: 123m 123m 789m 456p 55z = 一板 15 + 老少 1 + 门清 1 + 平糊 1 = 18 (a legal win);
# 4m: 123m 234m 789m 456p 55z = 老少 + 门清 + 平糊 = 3 (below 18)
LOCK = "23m123m789m456p55z"
# waits 7p only: 一条龙 20 + 丫子 1 + 门清 1 + 平糊 1 = 23
WAIT_7P = "123s456s789s68p11z"


# ------------------------------------------------------------------------------ 1. overview


def test_s1_deal_dealer_14_others_13_no_dead_wall_dealer_starts() -> None:
    hand = scenario("rules: yangzhou\ndealer: 3")
    assert [sum(c) for c in hand.counts] == [13, 13, 13, 14]
    assert hand.wall_left() == 136 - 53
    assert hand.to_act() == {3}
    assert not any(e.kind == "draw" for e in hand.events)


def _hun_long_on_5m(dealer: int, round_wind: str = "") -> Hand:
    """The dealer throws 5m; seat 1 wins with 123 456 789m, a pung of 2z and the pair 5m 5m:
    浑龙 50 + 独吊 1, + 门风 when seat 1 sits South, + 圈风 in the South round."""
    hand = scenario(f"""
        rules: yangzhou
        dealer: {dealer}
        seat {dealer}: 5m{JUNK14[2:]}
        seat 1: 123m456m789m5m | pung 2z from {dealer}
        {"round_wind: " + round_wind if round_wind else ""}
    """)
    discard(hand, "5m")
    pass_all(hand, except_seats=[1])
    hand.apply(1, WIN_ACTION)
    return hand


def test_s1_seat_winds_follow_the_dealer() -> None:
    south = _hun_long_on_5m(0)  # dealer 0: seat 1 is South, its 2z pung is 门风
    assert patterns(south, 1) == {"hun_long": 50, "du_diao": 1, "men_feng": 1}
    assert south.result is not None and south.result.win_payments == [-52, 52, 0, 0]
    west = _hun_long_on_5m(3)  # dealer 3: seat 1 is West, 2z is nobody's wind here
    assert patterns(west, 1) == {"hun_long": 50, "du_diao": 1}
    assert west.result is not None and west.result.win_payments == [0, 51, 0, -51]


def test_s1_round_wind_gives_quan_feng_and_stacks_with_men_feng() -> None:
    hand = _hun_long_on_5m(0, "2z")
    assert patterns(hand, 1) == {"hun_long": 50, "du_diao": 1, "men_feng": 1, "quan_feng": 1}
    assert hand.result is not None and hand.result.win_payments == [-53, 53, 0, 0]


# ------------------------------------------------------------------- 2. turn flow and calls

CHOWER = "3m4m5m6m7m1111z1p4p7p2s"  # seat 1: 34m, 46m and 67m all take a 5m
SEAT2 = "4m6m2p5p8p3s6s9s8s2z7z5z6p"  # holds 46m, but is not the next player
SEAT3 = "1m2m9m3p6p9p1s4s7s5p2z3z4z"


def _five_m(seat3: str = SEAT3, seat2: str = SEAT2) -> Hand:
    hand = scenario(f"""
        rules: yangzhou
        dealer: 0
        seat 0: 5m{JUNK14[2:]}
        seat 1: {CHOWER}
        seat 2: {seat2}
        seat 3: {seat3}
    """)
    discard(hand, "5m")
    return hand


def test_s2_chow_only_by_the_next_player_who_chooses_the_sequence() -> None:
    hand = _five_m()
    assert hand.to_act() == {1}  # seat 2 holds 4m 6m too, but only seat 1 may chow
    assert chows(hand.legal_actions(1)) == {
        (T("3m"), T("4m"), T("5m")), (T("4m"), T("5m"), T("6m")), (T("5m"), T("6m"), T("7m"))}
    hand.apply(1, chow("456m"))
    meld = hand.melds[1][0]
    assert (meld.kind, meld.tile, meld.source) == ("chow", T("4m"), 0)


def test_s2_after_a_chow_discard_at_once_no_draw_no_kong_own_tile_may_go() -> None:
    hand = _five_m()
    hand.apply(1, chow("345m"))
    assert hand.turn == 1 and hand.drawn is None
    legal = hand.legal_actions(1)
    assert legal and all(a.type == "discard" for a in legal)  # no concealed kong of 1z now
    assert DISCARDS[T("5m")] in legal  # the kind just chowed may be thrown


def test_s2_pung_beats_chow() -> None:
    hand = _five_m(seat3="55m9m3p6p9p1s4s7s2z3z4z1p")
    assert hand.to_act() == {1, 3}
    hand.apply(1, chow("345m"))
    hand.apply(3, PUNGS[T("5m")])
    assert hand.turn == 3 and hand.melds[1] == []
    assert [m.kind for m in hand.melds[3]] == ["pung"]


def test_s2_win_beats_pung_and_chow() -> None:
    # seat 2: 123 456 789p 46m 77z on 5m: 一条龙 20 + 门清 + 平糊 + 丫子 + 齐相 (456m 456p) = 24
    hand = _five_m(seat3="55m9m3p6p9s1s4s7s2z3z4z2p", seat2="123p456p789p46m77z")
    assert hand.to_act() == {1, 2, 3}
    hand.apply(1, chow("345m"))
    hand.apply(3, PUNGS[T("5m")])
    hand.apply(2, WIN_ACTION)
    result = hand.result
    assert result is not None and result.winners == [2]
    assert result.answers[0]["value"] == 24
    assert result.win_payments == [-24, 0, 24, 0]
    assert hand.melds[1] == [] and hand.melds[3] == []


def test_s2_several_winners_each_paid_by_the_discarder() -> None:
    # seat 1: 123 234 456 789m 11m = 清一色 80 + 一条龙 20 + 门清 1 + 幺头 1 = 102
    # seat 2 (West): 456m 111z 222z 333z 77z = 混一色 30 + 门清 + 门风 3z + 圈风 1z = 33
    hand = scenario("""
        rules: yangzhou
        dealer: 0
        seat 0: 4m9m1p9p1s9s4z6z8m8p2p5p5s7s
        seat 1: 123m456m789m11m23m
        seat 2: 56m111z222z333z77z
    """)
    discard(hand, "4m")
    pass_all(hand, except_seats=[1, 2])
    hand.apply(2, WIN_ACTION)
    hand.apply(1, WIN_ACTION)
    result = hand.result
    assert result is not None and sorted(result.winners) == [1, 2]
    assert result.win_payments == [-135, 102, 33, 0]
    assert result.next_dealer == 1


def _added_kong_of_7p(seat2: str | None, seat3: str | None, tail: str = "6z") -> Hand:
    """Seat 1 holds a pung of 7p (from the dealer), draws the fourth 7p and adds it."""
    seats = "".join(f"seat {s}: {h}\n" for s, h in ((2, seat2), (3, seat3)) if h)
    hand = scenario(f"""
        rules: yangzhou
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


SMALL_7P = "56p234m345s678s99m"  # 4p / 7p: 门清 + 平糊 + 幺头 + 连副 = 4, below 18


def test_s2_robbing_an_added_kong_needs_18_and_the_konger_pays_v() -> None:
    hand = _added_kong_of_7p(WAIT_7P, SMALL_7P)
    assert hand.phase == "rob"
    assert hand.to_act() == {2}  # seat 3 completes on 7p too, but with 4 fan only
    hand.apply(2, WIN_ACTION)
    result = hand.result
    assert result is not None and result.win_type == "robbing_kong" and result.discarder == 1
    assert result.answers[0]["value"] == 23  # not self-drawn: no 自摸
    assert result.win_payments == [0, -23, 23, 0]
    assert hand.melds[1][0].kind == "pung"


def test_s2_several_players_rob_one_kong_the_konger_pays_each() -> None:
    # seat 3 (North): 567p 222z 333z 444z 66z = 混一色 30 + 门清 1 + 门风 1 = 32
    hand = _added_kong_of_7p(WAIT_7P, "56p222z333z444z66z")
    assert hand.to_act() == {2, 3}
    hand.apply(3, WIN_ACTION)
    hand.apply(2, WIN_ACTION)
    result = hand.result
    assert result is not None and sorted(result.winners) == [2, 3]
    assert result.win_payments == [0, -55, 23, 32]


def test_s2_no_kong_money_an_added_kong_that_stands_pays_nothing() -> None:
    hand = _added_kong_of_7p(WAIT_7P, None)
    hand.apply(2, PASS_ACTION)
    assert hand.melds[1][0].kind == "added_kong" and hand.drawn == T("6z")
    assert hand.scores == [0, 0, 0, 0] and hand.settlements == []


def test_s2_a_concealed_kong_cannot_be_robbed_and_pays_nothing() -> None:
    # seat 2 would win on 7p (一条龙 + 平糊 + 门清 = 22) but a concealed kong cannot be robbed
    hand = scenario(f"""
        rules: yangzhou
        dealer: 0
        seat 0: {JUNK14}
        seat 1: 777p123m456m2s8s4z6z
        seat 2: 56p123s456s789s11z
        draws: 7p
        tail: 6z
    """)
    quiet(hand, "5s")
    hand.apply(1, CONCEALED_KONGS[T("7p")])
    assert hand.phase == "turn" and hand.turn == 1 and hand.drawn == T("6z")
    assert hand.scores == [0, 0, 0, 0]


def test_s2_replacement_win_is_self_drawn_with_no_other_bonus() -> None:
    # kong 9s, 123 456 789m, 5z 5z: 一条龙 20 + 子格 1 + 自摸 1 + 独吊 1 = 23, paid by all three
    hand = scenario("""
        rules: yangzhou
        dealer: 0
        seat 0: 9s1m9m1p9p1s2z3z4z6z7z8m8p5s
        seat 2: 999s123m456m789m5z
        tail: 5z
    """)
    discard(hand, "9s")
    pass_all(hand, except_seats=[2])
    hand.apply(2, EXPOSED_KONGS[T("9s")])
    assert hand.scores == [0, 0, 0, 0]  # no kong money
    hand.apply(2, WIN_ACTION)
    result = hand.result
    assert result is not None and result.win_type == "self_drawn"
    assert patterns(hand, 2) == {"yi_tiao_long": 20, "zi_ge": 1, "zi_mo": 1, "du_diao": 1}
    assert result.win_payments == [-23, -23, 69, -23]
    assert result.payments == result.win_payments


# ------------------------------------------------------------------ 2. passing a win (漏胡)


LOCK_TABLE = """
    rules: yangzhou
    dealer: 0
    seat 0: {dealer}
    seat 1: 1m4m7m2p5p8p3s6s9s6z7z3z8s
    seat 2: 5m8m3p6p2s5s8s4z2z7p4s7s1p
    seat 3: 23m123m789m456p55z
    draws: 4z 6z 1m
"""


def test_s2_passing_a_legal_win_locks_every_kind_until_the_next_draw() -> None:
    hand = scenario(LOCK_TABLE.format(dealer="1m9m1p9p1s9s2z3z4z6z7z8m8p5s"))
    discard(hand, "1m")
    assert hand.legal_actions(3) == [WIN_ACTION, PASS_ACTION]  # 18 fan: a legal win
    hand.apply(3, PASS_ACTION)
    assert hand.turn == 1 and hand.drawn == T("4z")
    quiet(hand, "1m")  # seat 3 would have 18 again, but is locked: not even offered
    quiet(hand)  # seat 2 throws 6z
    assert hand.turn == 3 and hand.drawn == T("1m")
    assert WIN_ACTION in hand.legal_actions(3)  # the draw ended the lock
    hand.apply(3, WIN_ACTION)  # 18 + 自摸 = 19 from each
    assert hand.result is not None and hand.result.win_payments == [-19, -19, -19, 57]


def test_s2_letting_a_hand_below_18_pass_is_not_a_passed_win() -> None:
    hand = scenario(LOCK_TABLE.format(dealer="4m9m1p9p1s9s2z3z4z6z7z8m8p5s"))
    discard(hand, "4m")  # completes seat 3's hand for 3 fan only
    assert 3 not in hand.pending
    assert hand.turn == 1 and hand.drawn == T("4z")
    discard(hand, "1m")
    assert WIN_ACTION in hand.legal_actions(3)  # not locked
    hand.apply(3, WIN_ACTION)
    assert hand.result is not None and hand.result.win_payments == [0, -18, 0, 18]


def test_s2_chowing_instead_of_winning_locks_and_a_pung_in_between_does_not_end_it() -> None:
    # seat 1: 23m 456m 789m 111m 55m, all 清一色: waits 1m / 4m
    hand = scenario("""
        rules: yangzhou
        dealer: 0
        seat 0: 4m9m1p9p1s9s2z3z4z6z7z8m8p5s
        seat 1: 23m456m789m111m55m
        seat 2: 1p2p3p4p5p6p7p8p1s2s3s4s1z
        seat 3: 9p2s3s5s6s7s8s9s2z3z4z6z7z
        draws: 6m 5m 9m
    """)
    discard(hand, "4m")
    legal = hand.legal_actions(1)
    assert legal[0] == WIN_ACTION and chow("234m") in legal
    hand.apply(1, chow("234m"))  # locked
    quiet(hand, "9m")  # seat 1 now waits on 6m / 9m (456m 78m 111m 55m)
    assert hand.turn == 2 and hand.drawn == T("6m")
    quiet(hand, "6m")  # locked: no win
    assert hand.turn == 3 and hand.drawn == T("5m")
    discard(hand, "5m")
    legal = hand.legal_actions(1)
    assert PUNGS[T("5m")] in legal and WIN_ACTION not in legal
    hand.apply(1, PUNGS[T("5m")])
    quiet(hand, "1m")  # 456m 78m 11m: waits 6m / 9m, still locked
    assert hand.turn == 2 and hand.drawn == T("9m")
    quiet(hand, "9m")  # the pung did not end the lock: still no win


def test_s2_split_pair_after_a_chow_clears_the_lock() -> None:
    """The document's example: three melds and 4m 5m 8p 8p; chow 345m, throw 8p, win on 8p."""
    hand = scenario("""
        rules: yangzhou
        dealer: 0
        seat 0: 3m1m9m1p9p1s9s2z3z4z6z8m8p5s
        seat 1: 45m88p | chow 345m from 0, chow 345m from 0, pung 7z from 2
        seat 2: 1m9m1p9p1s9s4z6z8m6s3m5s2s
        draws: 8p
    """)
    discard(hand, "3m")
    legal = hand.legal_actions(1)  # 铁板 80 + 中发白 1 = 81 on 3m
    assert legal[0] == WIN_ACTION and chow("345m") in legal
    pass_all(hand, except_seats=[1])
    hand.apply(1, chow("345m"))  # locked
    discard(hand, "8p")  # one tile left, of the kind just thrown: the lock clears
    pass_all(hand)
    assert hand.turn == 2 and hand.drawn == T("8p")
    discard(hand, "8p")
    assert WIN_ACTION in hand.legal_actions(1)
    pass_all(hand, except_seats=[1])
    hand.apply(1, WIN_ACTION)
    # 铁板 80 + 中发白 1 + 独吊 1 = 82 from the discarder
    assert hand.result is not None and hand.result.win_payments == [0, 82, -82, 0]


def test_s2_a_locked_player_may_not_rob_a_kong() -> None:
    hand = scenario("""
        rules: yangzhou
        dealer: 0
        seat 0: 4p9m1p9p1s9s2z3z4z6z8m8p5s1m
        seat 1: 123m456m2s5s8s5z | pung 7p from 3
        seat 2: 123s456s789s56p11z
        seat 3: 1m4m2p5p3s6s9s2z7z3z4z8s6z
        draws: 7p
    """)
    discard(hand, "4p")  # seat 2 (一条龙 + 门清 + 平糊 + 齐相 = 23) passes and is locked
    assert hand.legal_actions(2) == [WIN_ACTION, PASS_ACTION]
    pass_all(hand)
    assert hand.turn == 1 and hand.drawn == T("7p")
    hand.apply(1, ADDED_KONGS[T("7p")])
    assert hand.phase == "turn"  # nobody may rob: seat 2 is locked
    assert hand.melds[1][0].kind == "added_kong"


# ------------------------------------------------- 2. the last tile (draw 83 goes to seat 3)


def test_s2_last_tile_may_be_won_by_self_draw_without_bonus() -> None:
    # 123 456 789s 111z 7p 7p: 一条龙 20 + 门清 + 独吊 + 圈风 (East) + 自摸 = 24, no 海底
    hand = scenario(f"""
        rules: yangzhou
        dealer: 0
        seat 0: {JUNK14.replace("1s", "2p").replace("9s", "3p")}
        seat 3: 123s456s789s111z7p
        tail: 7p
    """)
    run_to_last_draw(hand)
    assert hand.turn == 3 and hand.drawn == T("7p")
    hand.apply(3, WIN_ACTION)
    assert hand.result is not None and hand.result.answers[0]["value"] == 24
    assert hand.result.win_payments == [-24, -24, -24, 72]


def test_s2_last_tile_no_kong_and_its_discard_takes_no_chow_or_pung() -> None:
    hand = scenario("""
        rules: yangzhou
        dealer: 0
        seat 0: 46p55p1m9m1s9s2z3z4z6z7z8m
        seat 3: 1111z2p3p6m7m8m7s8s9s5z
        tail: 5p
    """)
    run_to_last_draw(hand)
    assert hand.turn == 3 and hand.drawn == T("5p")
    assert not any(a.type == "kong" for a in hand.legal_actions(3))  # holds 1111z
    discard(hand, "5p")  # seat 0 (next) holds 46p and 55p: no chow, no pung
    result = hand.result
    assert result is not None and result.exhaustive
    assert result.win_payments == [0, 0, 0, 0] and result.next_dealer == 0


def test_s2_last_discard_may_only_be_won() -> None:
    # seat 0: 46p 123 456 789s 11z on 5p: 一条龙 20 + 门清 + 平糊 + 丫子 + 齐相 = 24
    hand = scenario("""
        rules: yangzhou
        dealer: 0
        seat 0: 46p123s456s789s11z8m
        seat 2: 555p1m9m2z3z4z6z7z9p2m8m
        tail: 5p
    """)
    run_to_last_draw(hand)
    assert hand.turn == 3
    discard(hand, "5p")
    assert hand.legal_actions(0) == [WIN_ACTION, PASS_ACTION]  # no chow on the last discard
    hand.apply(0, WIN_ACTION)
    assert hand.result is not None and hand.result.answers[0]["value"] == 24
    assert hand.result.win_payments == [24, 0, 0, -24]


# ------------------------------------------------------------------ 4. the 18-fan minimum


def test_s4_a_complete_hand_below_18_is_offered_no_win_discard_or_self_drawn() -> None:
    # 13m 456m 234p 678s 55s + 2m: 门清 + 平糊 + 丫子 + 连副 = 4 (5 self-drawn)
    hand = scenario(f"""
        rules: yangzhou
        dealer: 0
        seat 0: 2m{JUNK14[2:]}
        seat 1: 13m456m234p678s55s
        draws: 2m
    """)
    discard(hand, "2m")
    legal = hand.legal_actions(1)
    assert WIN_ACTION not in legal and chow("123m") in legal  # a chow, not a win
    hand.apply(1, PASS_ACTION)
    assert not hand.locked[1]
    assert hand.turn == 1 and hand.drawn == T("2m")
    assert WIN_ACTION not in hand.legal_actions(1)


def test_s4_the_dealer_below_18_may_not_win_on_the_deal() -> None:
    # 123m 456p 789s 234s 55z: 门清 + 平糊 + 自摸 (+ a wait pattern) = at most 4
    hand = scenario("rules: yangzhou\ndealer: 0\nseat 0: 123m456p789s234s55z")
    assert WIN_ACTION not in hand.legal_actions(0)


def test_s4_the_dealer_at_18_or_more_wins_on_the_deal_paid_by_each() -> None:
    # 123m 123m 789m 456p 55z, the 14th tile 4p: 一板 15 + 老少 + 门清 + 平糊 + 自摸 = 19
    hand = scenario("rules: yangzhou\ndealer: 0\nseat 0: 123m123m789m56p55z4p")
    assert WIN_ACTION in hand.legal_actions(0)
    hand.apply(0, WIN_ACTION)
    assert hand.result is not None and hand.result.answers[0]["value"] == 19
    assert hand.result.win_payments == [57, -19, -19, -19]
    assert hand.result.next_dealer == 0


def test_s4_seven_pairs_is_no_win_even_in_one_suit() -> None:
    hand = scenario(f"""
        rules: yangzhou
        dealer: 0
        seat 0: 9m{JUNK14[4:]}1m
        seat 1: 1122m3344m5577m9m
    """)
    discard(hand, "9m")
    assert WIN_ACTION not in hand.legal_actions(1)


# ------------------------------------------------------------------------- 7. settlement
# 包牌: seat 1 pungs 5s from seat 3, 111s from seat 2 and chows 234s from seat 0, in that order.
LIABLE_MELDS = "pung 5s from 3, pung 1s from 2, chow 234s from 0"


def test_s7_liability_the_documents_example_added_kong_keeps_its_place() -> None:
    """Seat 1 adds the fourth 5s only after the chow: the third claimed meld is still the chow,
    so seat 0 pays all: 清一色 80 + 子格 1 + 自摸 1 + 幺头 1 = 83, x3 = 249."""
    hand = scenario(f"""
        rules: yangzhou
        dealer: 0
        seat 0: {NO_S14}
        seat 1: 5s78s9s | {LIABLE_MELDS}
        draws: 9s
        tail: 6s
    """)
    quiet(hand, "5z")
    assert hand.drawn == T("9s")
    hand.apply(1, ADDED_KONGS[T("5s")])
    pass_all(hand)
    assert hand.drawn == T("6s")
    hand.apply(1, WIN_ACTION)
    result = hand.result
    assert result is not None and result.answers[0]["value"] == 83
    assert result.win_payments == [-249, 249, 0, 0]


def test_s7_liability_on_another_players_discard_the_liable_pays_v_alone() -> None:
    # 234s 555s 111s 678s 99s: 清一色 80 + 幺头 1 = 81
    hand = scenario(f"""
        rules: yangzhou
        dealer: 0
        seat 0: {NO_S14}
        seat 1: 78s99s | {LIABLE_MELDS}
        seat 3: 1m2m3m4p5p6p7p8p9p1z2z3z4z
        draws: 7z 6s
    """)
    quiet(hand, "5z")
    quiet(hand, "7z")
    assert hand.turn == 2 and hand.drawn == T("6s")
    discard(hand, "6s")
    hand.apply(1, WIN_ACTION)
    assert hand.result is not None and hand.result.answers[0]["value"] == 81
    assert hand.result.win_payments == [-81, 81, 0, 0]  # seat 0 pays; the discarder 2 nothing


def test_s7_liability_when_the_liable_player_is_the_discarder_he_pays_v_once() -> None:
    hand = scenario(f"""
        rules: yangzhou
        dealer: 0
        seat 0: 6s{NO_S14[2:]}
        seat 1: 78s99s | {LIABLE_MELDS}
    """)
    discard(hand, "6s")
    hand.apply(1, WIN_ACTION)
    assert hand.result is not None and hand.result.win_payments == [-81, 81, 0, 0]


def test_s7_no_liability_for_a_hun_yi_se_hand() -> None:
    # 234s 111z 111s 678s 99s: 混一色 30 + 圈风 1 = 31, paid by the discarder alone
    hand = scenario(f"""
        rules: yangzhou
        dealer: 0
        seat 0: {NO_S14}
        seat 1: 78s99s | pung 1z from 3, pung 1s from 2, chow 234s from 0
        seat 3: 1m2m3m4p5p6p7p8p9p2z3z4z5p
        draws: 7z 6s
    """)
    quiet(hand, "5z")
    quiet(hand, "7z")
    discard(hand, "6s")
    hand.apply(1, WIN_ACTION)
    assert hand.result is not None and hand.result.answers[0]["value"] == 31
    assert hand.result.win_payments == [0, 31, -31, 0]


# --------------------------------------------------- 8. exhaustive draw, rotation, rounds


def test_s8_exhaustive_draw_pays_nothing_even_with_kongs_and_the_dealer_stays() -> None:
    hand = scenario("rules: yangzhou\ndealer: 2\nseat 2: 1111z2m5m8m3p6p9p2s5s8s3z")
    hand.apply(2, CONCEALED_KONGS[T("1z")])
    while not hand.is_over:
        never_win(hand)
    result = hand.result
    assert result is not None and result.exhaustive
    assert result.payments == [0, 0, 0, 0] and result.win_payments == [0, 0, 0, 0]
    assert result.next_dealer == 2


def test_s8_the_deal_passes_to_the_next_seat_when_another_wins() -> None:
    hand = scenario(LOCK_TABLE.format(dealer="1m9m1p9p1s9s2z3z4z6z7z8m8p5s"))
    discard(hand, "1m")
    hand.apply(3, WIN_ACTION)
    assert hand.result is not None and hand.result.next_dealer == 1  # not the winner, 3


def _settle(match: Match, dealer_wins: bool) -> tuple[int, str]:
    """Deal the match's next hand as a position where the dealer wins on the deal, or where
    the next seat wins on the dealer's first discard; settle it."""
    dealt = match.new_hand()
    dealer, wind = dealt.dealer, dealt.options["round_wind"]
    if dealer_wins:
        text = f"seat {dealer}: 123m123m789m56p55z4p"
    else:
        text = f"seat {dealer}: 1m9m1p9p1s9s2z3z4z6z7z8m8p5s\nseat {(dealer + 1) % 4}: {LOCK}"
    hand = scenario(f"rules: yangzhou\ndealer: {dealer}\nround_wind: {wind}\n{text}")
    if not dealer_wins:
        discard(hand, "1m")
        pass_all(hand, except_seats=[(dealer + 1) % 4])
    hand.apply(min(hand.to_act()), WIN_ACTION)
    match.current = hand
    match.finish_hand()
    return dealer, wind


def test_s8_round_wind_advances_when_the_deal_returns_to_the_first_dealer() -> None:
    match = Match("yangzhou", "rounds", dealer=1, rounds=2)
    assert match.hands is None
    played = [_settle(match, dealer_wins=True)]  # a repeat: still East, still seat 1
    for _ in range(4):
        played.append(_settle(match, dealer_wins=False))
    played.append(_settle(match, dealer_wins=True))
    assert played == [(1, "1z"), (1, "1z"), (2, "1z"), (3, "1z"), (0, "1z"), (1, "2z")]
    assert not match.is_over
    for _ in range(3):
        played.append(_settle(match, dealer_wins=False))
    assert played[-3:] == [(1, "2z"), (2, "2z"), (3, "2z")]
    assert not match.is_over
    played.append(_settle(match, dealer_wins=True))  # the round's last dealer repeats
    assert not match.is_over and played[-1] == (0, "2z")
    played.append(_settle(match, dealer_wins=False))  # the deal would pass on: the end
    assert match.is_over
    assert sum(match.totals) == 0


def test_s8_a_full_match_is_four_rounds_east_to_north() -> None:
    match = Match("yangzhou", "full", dealer=0)
    winds = []
    while not match.is_over:
        winds.append(_settle(match, dealer_wins=False)[1])
    assert winds == [w for w in ("1z", "2z", "3z", "4z") for _ in range(4)]
