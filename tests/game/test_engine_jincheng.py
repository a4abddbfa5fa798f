"""jincheng on the engine: 上架 (a tile set aside face down; only declared hands win), following
the dealer (前包), 拾 / 搶, the dead tail, replacements off the tail stack by stack, 荒庄 with 后包
and kong money cancelled."""

from __future__ import annotations

from engine_helpers import never_win, pass_all

from majiang.game import Hand
from majiang.game.actions import (
    CONCEALED_KONGS,
    DECLARES,
    DISCARDS,
    GRABS,
    PICKS,
    WIN_ACTION,
)
from majiang.game.record import hand_record, verify
from majiang.game.wall import arranged_wall
from majiang.sim.cli import simulate_range
from majiang.tiles import full_set, parse_tile, parse_tiles, tile_name

T = parse_tile
READY_AFTER_9S = "123m456p789s12s55z9s"  # set 9s aside: waits on 3s


def _hand(hands: list[str | None], draws: str = "", fill: int = 0) -> Hand:
    wall = arranged_wall(full_set(), [None if h is None else parse_tiles(h) for h in hands], 0,
                         parse_tiles(draws), (), fill)
    return Hand.new("jincheng", "jc", dealer=0, wall=wall)


def test_the_dead_tail_is_never_drawn() -> None:
    hand = Hand.new("jincheng", "tail")
    assert hand.wall_left() == 136 - 53 - 14


def test_shang_jia_sets_a_tile_aside_and_only_declared_hands_win() -> None:
    hand = _hand([READY_AFTER_9S, None, None, None], draws="3s", fill=1)
    assert DECLARES[T("9s")] in hand.legal_actions(0)
    events = hand.apply(0, DECLARES[T("9s")])
    public = [e for e in events if e.kind == "declare" and e.to is None]
    assert public and "tile" not in public[0].data
    assert hand.view(0)["set_aside"] == "9s" and hand.view(1)["set_aside"] is None
    assert hand.turn == 1 and hand.drawn == T("3s")  # the turn passed: seat 1 drew
    assert hand.tile_count() == 136
    hand.apply(1, DISCARDS[T("3s")])
    assert WIN_ACTION in hand.legal_actions(0)  # declared, 3s completes
    pass_all(hand, except_seats=[0])
    hand.apply(0, WIN_ACTION)
    assert hand.result is not None and hand.result.winners == [0]


def test_an_undeclared_complete_hand_does_not_win() -> None:
    hand = _hand(["123m456p789s123s55z", None, None, None], fill=2)
    assert WIN_ACTION not in hand.legal_actions(0)


def test_following_the_dealer_makes_him_pay_each() -> None:
    hand = _hand(["1z" + "1m9m1p9p1s9s2z3z4z5z6z7z2m", "1z" + "3m4m5m3p4p5p3s4s5s6m7m8m",
                  "1z" + "2p3p4p6p7p8p2s3s4s6s7s8s", "1z" + "5m6m7m5p6p7p5s6s7s8m8p8s"], fill=3)
    for _ in range(4):
        hand.apply(hand.turn, DISCARDS[T("1z")])
        pass_all(hand)
    assert hand.settlements[0]["type"] == "qian_bao"
    assert hand.scores == [-3, 1, 1, 1]


def test_pick_from_the_previous_seat_and_grab_from_anyone() -> None:
    hand = _hand(["9p" + "1m2m3m4p5p6p2s3s4s6s7s8s5m", "1m9m1p1s9s1z2z3z4z5z6z7z2m", None,
                  None], fill=4)
    hand.apply(0, DISCARDS[T("9p")])
    assert {PICKS[T("9p")], GRABS[T("9p")]} <= set(hand.legal_actions(1))
    pass_all(hand, except_seats=[1])
    hand.apply(1, PICKS[T("9p")])
    assert hand.melds[1][0].kind == "picked" and hand.turn == 1
    assert all(a.type in ("discard", "declare") for a in hand.legal_actions(1))
    assert hand.tile_count() == 136


def test_exhaustive_draw_pays_hou_bao_and_cancels_kong_money() -> None:
    hand = _hand(["1111z" + "1m9m1p9p1s9s2z3z4z5z", None, None, None], fill=5)
    hand.apply(0, CONCEALED_KONGS[T("1z")])
    assert hand.scores == [0, 0, 0, 0] and hand.kong_money_due
    assert hand.wall_left() == 136 - 53 - 16
    while not hand.is_over:
        never_win(hand)
    assert hand.result is not None and hand.result.exhaustive
    assert hand.result.win_payments == [-6, 2, 2, 2]
    assert not [s for s in hand.result.settlements if s["type"] == "kong_money"]
    assert hand.result.next_dealer == 1


def test_simulated_jincheng_hands_keep_every_invariant() -> None:
    stats = simulate_range("jincheng", "jc", ["efficient", "efficient", "random", "random"], 0, 6)
    assert stats.invariant_failures == 0, stats.failure_examples
    assert stats.wins > 0


KONGS_FIRST = "1111z2222z3333z1m9m"  # the dealer: three concealed kongs


def _replacements(rules: str, rng_version: str) -> tuple[Hand, list[str]]:
    """The dealer declares his three kongs; the replacement tiles, in order."""
    wall = arranged_wall(full_set(), [parse_tiles(KONGS_FIRST), None, None, None], 0,
                         (), parse_tiles("5m6m7m8m"), 7)  # w[135] 5m, w[134] 6m, w[133] 7m ...
    hand = Hand.new(rules, "tail", dealer=0, wall=wall, rng_version=rng_version)
    drawn = []
    for honour in ("1z", "2z", "3z"):
        hand.apply(0, CONCEALED_KONGS[T(honour)])
        assert hand.drawn is not None and hand.tile_count() == 136
        drawn.append(tile_name(hand.drawn))
    return hand, drawn


def test_replacements_come_off_the_tail_top_tile_first_stack_by_stack() -> None:
    # jincheng 1: the k-th replacement is w[134 - 2 * (k // 2) + k % 2]
    hand, drawn = _replacements("jincheng", "majiang-v2")
    assert drawn == ["6m", "5m", "8m"]
    rest = hand.wall.remaining()  # the bottom tile of the third stack is still there
    assert tile_name(rest[-1]) == "7m" and len(rest) == 136 - 53 - 3
    # records of the old deal (majiang-v1) keep taking the last tile first; other rulesets too
    assert _replacements("jincheng", "majiang-v1")[1] == ["5m", "6m", "7m"]
    assert _replacements("tuidaohu", "majiang-v2")[1] == ["5m", "6m", "7m"]


def test_old_and_new_records_replay_with_their_own_tail() -> None:
    for version in ("majiang-v1", "majiang-v2"):
        hand, _ = _replacements("jincheng", version)
        record = hand_record(hand)
        assert record["rng"] == version and verify(record) == []
        other = "majiang-v1" if version == "majiang-v2" else "majiang-v2"
        assert verify({**record, "rng": other}) != []  # the version decides the tail order
    assert Hand.new("jincheng", "fresh").rng_version == "majiang-v3"
