"""The hand state machine: dealing, turns, calls, kongs, wins, the pass lock, the last tile."""

from __future__ import annotations

import copy
import json

import pytest
from engine_helpers import Build, discard, discard_drawn, pass_all

from majiang.game import Action, Hand, IllegalAction, Meld
from majiang.game.actions import (
    ADDED_KONGS,
    CONCEALED_KONGS,
    DISCARDS,
    EXPOSED_KONGS,
    PASS_ACTION,
    PUNGS,
    WIN_ACTION,
)
from majiang.tiles import parse_tile, parse_tiles

T = parse_tile

# Seat 1 waits on 1m or 4m with a mixed hand (pi_hu).
WAIT_14M = "123m456p789s23m55z"


def test_deal_gives_13_and_14_and_the_dealer_starts() -> None:
    hand = Hand.new("tuidaohu", "deal", dealer=2)
    assert [sum(c) for c in hand.counts] == [13, 13, 14, 13]
    assert hand.wall_left() == 136 - 53
    assert hand.to_act() == {2}
    assert hand.tile_count() == 136
    kinds = [e.kind for e in hand.events]
    assert kinds == ["start", "deal", "deal", "deal", "deal"]
    assert {e.to for e in hand.events[1:]} == {0, 1, 2, 3}


def test_same_seed_same_wall_other_seed_other_wall() -> None:
    a, b, c = (Hand.new("tuidaohu", s) for s in ("x", "x", "y"))
    assert a.wall.tiles == b.wall.tiles
    assert a.wall.tiles != c.wall.tiles
    assert sorted(a.wall.tiles) == sorted(c.wall.tiles)


def _snapshot(hand: Hand) -> str:
    return json.dumps([hand.view(s) for s in (None, 0, 1, 2, 3)]) + str(len(hand.actions))


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    hand = Hand.new("tuidaohu", "illegal", dealer=0)
    before = _snapshot(hand)
    held = next(t for t in range(34) if hand.counts[0][t])
    missing = next(t for t in range(34) if not hand.counts[0][t])
    cases = [
        (1, DISCARDS[held], "turn"),
        (0, DISCARDS[missing], "do not hold"),
        (0, PASS_ACTION, "nothing to pass"),
        (0, PUNGS[held], "not possible"),
        (7, DISCARDS[held], "no seat"),
    ]
    if WIN_ACTION not in hand.legal_actions(0):
        cases.append((0, WIN_ACTION, "not a winning hand"))
    for seat, action, reason in cases:
        with pytest.raises(IllegalAction, match=reason):
            hand.apply(seat, action)
        assert _snapshot(hand) == before


def test_win_on_a_discard_pays_from_the_discarder(build: Build) -> None:
    hand = build(["4m1p9p1s9s1z2z3z4z6z7z7m9m5s", WAIT_14M, None, None])
    discard(hand, "4m")
    assert WIN_ACTION in hand.legal_actions(1)
    pass_all(hand, except_seats=[1])
    hand.apply(1, WIN_ACTION)
    assert hand.is_over and hand.result is not None
    assert hand.result.winners == [1]
    assert hand.result.win_type == "discard" and hand.result.discarder == 0
    assert hand.result.payments == [-1, 1, 0, 0]
    assert hand.result.answers[0]["patterns"][0]["id"] == "pi_hu"
    assert hand.result.next_dealer == 1
    assert hand.result.settlements[-1]["payments"] == [-1, 1, 0, 0]


def test_a_copied_hand_honours_a_win_given_as_an_equal_action(build: Build) -> None:
    """A deep copy of a hand (the fork study plays one on) holds copies of its cached legal
    actions; a win answered there, or with any action equal to the engine's, still wins, and a
    pass still locks."""
    hand = build(["4m1p9p1s9s1z2z3z4z6z7z7m9m5s", WAIT_14M, "123p456p789p23m77z", None])
    discard(hand, "4m")
    for seat in hand.to_act():
        hand.legal_actions(seat)  # cached, as a bot's view leaves them
    won, passed = copy.deepcopy(hand), copy.deepcopy(hand)
    pass_all(won, except_seats=[1, 2])
    won.apply(1, Action("win"))
    won.apply(2, PASS_ACTION)
    assert won.result is not None and won.result.winners == [1]
    assert won.state.seats[2].locked
    pass_all(passed, except_seats=[1, 2])
    passed.apply(1, Action("pass"))
    passed.apply(2, copy.deepcopy(WIN_ACTION))
    assert passed.result is not None and passed.result.winners == [2]


def test_several_winners_on_one_discard_each_paid_by_the_discarder(build: Build) -> None:
    hand = build(["4m1p9p1s9s1z2z3z4z6z7z7m9m5s", WAIT_14M, "123p456p789p23m77z", None])
    discard(hand, "4m")
    pass_all(hand, except_seats=[1, 2])
    with pytest.raises(IllegalAction, match="not possible now"):
        hand.apply(2, PUNGS[T("4m")])  # no pair of 4m
    with pytest.raises(IllegalAction, match="nothing to decide"):
        hand.apply(0, WIN_ACTION)
    hand.apply(2, WIN_ACTION)
    assert not hand.is_over  # seat 1 has not decided yet
    hand.apply(1, WIN_ACTION)
    assert hand.result is not None
    assert hand.result.winners == [1, 2]
    assert hand.result.payments == [-2, 1, 1, 0]


def test_win_beats_pung_and_passing_a_win_locks(build: Build) -> None:
    # seat 2 waits on 4m, seat 3 holds a pair of 4m
    hand = build(["4m1p9p1s9s1z2z3z4z6z7z7m9m5s", None, WAIT_14M, "44m" + "1p2p3p5s6s7s8s9s1z2z3z"],
                 fill_seed=3)
    discard(hand, "4m")
    assert PUNGS[T("4m")] in hand.legal_actions(3)
    hand.apply(3, PUNGS[T("4m")])
    hand.apply(2, WIN_ACTION)
    assert hand.result is not None and hand.result.winners == [2]


def test_passing_a_win_locks_until_the_next_draw(build: Build) -> None:
    # seat 3 waits on 1m / 4m; passes 4m; seat 1 then throws 1m: no win for seat 3
    hand = build(["4m1p9p1s9s1z2z3z4z6z7z7m9m5s", "1m" + "2p3p5p6p8p2s3s4s5s6s7s6z", None,
                  WAIT_14M], draws="9p8s7z", fill_seed=5)
    discard(hand, "4m")
    pass_all(hand, except_seats=[3])
    hand.apply(3, PASS_ACTION)
    assert hand.locked[3]
    assert hand.turn == 1 and hand.drawn == T("9p")
    discard(hand, "1m")
    assert not hand.can_win_on(3, T("1m"))
    assert WIN_ACTION not in hand.legal_actions(3)
    pass_all(hand)
    discard_drawn(hand)  # seat 2
    assert hand.turn == 3 and not hand.locked[3]  # drawing cleared the lock


def test_pung_then_discard_only_and_turn_skips_seats(build: Build) -> None:
    hand = build(["9s1p9p1s2z3z4z6z7z7m9m5s5p2p", None, "99s" + "1m2m3m4p5p6p7p8p1z1z5z",
                  None], fill_seed=7)
    discard(hand, "9s")
    pass_all(hand, except_seats=[2])
    hand.apply(2, PUNGS[T("9s")])
    assert hand.turn == 2 and hand.to_act() == {2}
    assert hand.melds[2] == [Meld("pung", T("9s"), 0)]
    assert all(a.type == "discard" for a in hand.legal_actions(2))
    discard(hand, "1m")
    pass_all(hand)
    assert hand.turn == 3  # seat 1 was skipped


def test_split_pair_clears_the_lock(build: Build) -> None:
    """tuidaohu 3.2 Example 2: three melds and 5m 5m 8p 8p; pung 5m, throw 8p, win on 8p."""
    hand = build(["5m" + "1p9p1s9s4z6z7z7m9m5s2p3s4s", "55m88p111z222z333z",
                  "8p" + "1m2m3m4p5p6p7p7s7s6s5z5z", None], draws="9s", fill_seed=11)
    # make seat 1's honour triplets declared pungs (fed by seat 2)
    for t in parse_tiles("1z2z3z"):
        hand.counts[1][t] -= 3
        hand.melds[1].append(Meld("pung", t, 2))
    discard(hand, "5m")
    assert hand.legal_actions(1)[:2] == [WIN_ACTION, PUNGS[T("5m")]]
    pass_all(hand, except_seats=[1])
    hand.apply(1, PUNGS[T("5m")])
    assert hand.locked[1]
    discard(hand, "8p")
    assert not hand.locked[1]
    pass_all(hand)
    assert hand.turn == 2
    discard(hand, "8p")
    assert WIN_ACTION in hand.legal_actions(1)
    pass_all(hand, except_seats=[1])
    hand.apply(1, WIN_ACTION)
    assert hand.result is not None
    assert hand.result.answers[0]["patterns"][0]["id"] == "dui_dui_hu"
    assert hand.result.win_payments == [0, 2, -2, 0]


def test_concealed_kong_pays_two_from_each_and_draws_from_the_tail(build: Build) -> None:
    hand = build(["1111z" + "1p9p1s9s2z3z4z6z7z7m", None, None, None], tail="5z", fill_seed=13)
    assert CONCEALED_KONGS[T("1z")] in hand.legal_actions(0)
    events = hand.apply(0, CONCEALED_KONGS[T("1z")])
    assert [e.kind for e in events] == ["kong", "kong_money", "draw", "draw"]
    assert hand.scores == [6, -2, -2, -2]
    assert hand.drawn == T("5z") and hand.turn == 0
    assert hand.melds[0] == [Meld("concealed_kong", T("1z"))]
    assert hand.tile_count() == 136


def test_exposed_kong_is_paid_by_the_discarder(build: Build) -> None:
    hand = build(["9s1p9p1s2z3z4z6z7z7m9m5s5p2p", None, "999s" + "1m2m3m4p5p6p7p8p1z1z",
                  None], tail="6z", fill_seed=17)
    discard(hand, "9s")
    assert hand.legal_actions(2)[:2] == [EXPOSED_KONGS[T("9s")], PUNGS[T("9s")]]
    pass_all(hand, except_seats=[2])
    hand.apply(2, EXPOSED_KONGS[T("9s")])
    assert hand.scores == [-1, 0, 1, 0]
    assert hand.turn == 2 and hand.drawn == T("6z")
    assert hand.tile_count() == 136


def _pung_then_add(build: Build, robber: str | None) -> Hand:
    """Seat 1 pungs 7p from the dealer, later draws the fourth 7p and adds it."""
    hand = build(["7p" + "1m9m1s9s2z3z4z6z7z3m5m5s8s", "77p" + "1p2p3p1s2s3s4s5s6s5z5z",
                  robber, None], draws="9p" + "1z" + "2z" + "7p", tail="6z", fill_seed=19)
    discard(hand, "7p")
    pass_all(hand, except_seats=[1])
    hand.apply(1, PUNGS[T("7p")])
    discard(hand, "3p")
    pass_all(hand)
    for _ in range(3):  # seats 2, 3, 0 throw what they draw
        discard_drawn(hand)
    assert hand.turn == 1 and hand.drawn == T("7p")
    assert ADDED_KONGS[T("7p")] in hand.legal_actions(1)
    hand.apply(1, ADDED_KONGS[T("7p")])
    return hand


def test_added_kong_pays_one_from_each(build: Build) -> None:
    hand = _pung_then_add(build, None)
    pass_all(hand)
    assert hand.scores == [-1, 3, -1, -1]
    assert hand.melds[1][0].kind == "added_kong"
    assert hand.drawn == T("6z")
    assert hand.tile_count() == 136


def test_robbing_an_added_kong_is_paid_by_the_konger(build: Build) -> None:
    hand = _pung_then_add(build, "123m456m789m56p33z")
    assert hand.phase == "rob" and WIN_ACTION in hand.legal_actions(2)
    assert hand.tile_count() == 136
    pass_all(hand, except_seats=[2])
    hand.apply(2, WIN_ACTION)
    assert hand.result is not None
    assert hand.result.win_type == "robbing_kong" and hand.result.discarder == 1
    assert hand.result.payments == [0, -1, 1, 0]
    assert [s["type"] for s in hand.result.settlements] == ["hand_end"]
    assert hand.melds[1][0].kind == "pung"


def _never_win_policy(hand: Hand) -> None:
    """Pass every claim, never win, never kong, throw the drawn tile (or the first tile)."""
    for seat in sorted(hand.to_act()):
        legal = hand.legal_actions(seat)
        if PASS_ACTION in legal:
            hand.apply(seat, PASS_ACTION)
        else:
            tile = hand.drawn if hand.drawn is not None else legal[-1].tile
            assert tile is not None
            hand.apply(seat, DISCARDS[tile])


def test_last_tile_no_kong_no_pung_then_exhaustive_draw() -> None:
    hand = Hand.new("tuidaohu", "last", dealer=3)
    while hand.wall_left() > 0:
        _never_win_policy(hand)
    assert hand.phase == "turn"
    assert not any(a.type == "kong" for a in hand.legal_actions(hand.turn))
    seat, tile = hand.turn, hand.drawn
    assert tile is not None
    hand.apply(seat, DISCARDS[tile])
    for other in hand.to_act():
        assert hand.legal_actions(other) == [WIN_ACTION, PASS_ACTION]
    pass_all(hand)
    assert hand.result is not None and hand.result.exhaustive
    assert hand.result.win_payments == [0, 0, 0, 0]
    assert hand.result.next_dealer == 3
    assert hand.tile_count() == 136


def test_kongs_are_declared_only_with_a_tile_left(build: Build) -> None:
    hand = build(["1111z" + "1p9p1s9s2z3z4z6z7z7m", None, None, None], fill_seed=23)
    hand.wall.live = hand.wall.tail + 1  # empty the wall (tiles no longer conserved)
    hand.legal_cache.clear()
    assert CONCEALED_KONGS[T("1z")] not in hand.legal_actions(0)
    with pytest.raises(IllegalAction, match="wall is empty"):
        hand.apply(0, CONCEALED_KONGS[T("1z")])


def test_views_and_events_are_json() -> None:
    hand = Hand.new("tuidaohu", "json")
    while not hand.is_over:
        _never_win_policy(hand)
    for seat in (None, 0, 1, 2, 3):
        json.dumps(hand.view(seat))
    json.dumps([e.to_record() for e in hand.events])
    assert hand.view(None).get("hand") is None
    assert hand.view(0)["phase"] == "over"


def test_actions_round_trip_through_json() -> None:
    for action in (DISCARDS[5], PUNGS[31], ADDED_KONGS[0], WIN_ACTION, PASS_ACTION,
                   Action("chow", tiles=(2, 3, 4))):
        assert Action.from_json(action.to_json(with_label=True)) == action
        assert action.label()["zh"] and action.label()["en"]
    with pytest.raises(ValueError, match="unknown action type"):
        Action.from_json({"type": "fly"})
    with pytest.raises(ValueError, match="needs a tile"):
        Action.from_json({"type": "pung"})
