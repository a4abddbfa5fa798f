"""kawuxing on the engine: three seats, 亮倒 (declare, show, freeze), the last tile thrown,
exhaustive-draw payments of declared seats, kong timing, chained kong money."""

from __future__ import annotations

import pytest
from engine_helpers import never_win

from majiang.game import Hand
from majiang.game.actions import DECLARES, DISCARDS, PASS_ACTION, WIN_ACTION
from majiang.game.wall import arranged_wall
from majiang.rules import get_ruleset
from majiang.sim.cli import simulate_range
from majiang.tiles import full_set, parse_tile, parse_tiles

T = parse_tile
RULES = get_ruleset("kawuxing")
READY_AFTER_9S = "123p456p789p12s55z9s"  # throw 9s: waits on 3s


def _hand(hands: list[str | None], dealer: int = 0, draws: str = "", fill: int = 0) -> Hand:
    wall = arranged_wall(full_set(RULES.kinds, RULES.copies),
                         [None if h is None else parse_tiles(h) for h in hands], dealer,
                         parse_tiles(draws), (), fill)
    return Hand.new("kawuxing", "kw", dealer=dealer, wall=wall)


def test_three_seats_and_84_tiles() -> None:
    hand = Hand.new("kawuxing", "three")
    assert hand.players == 3 and hand.tile_count() == 84
    assert [sum(c) for c in hand.counts] == [14, 13, 13]
    assert hand.wall_left() == 84 - 40


def test_declare_shows_the_hand_and_freezes_it() -> None:
    hand = _hand([READY_AFTER_9S, None, None], draws="5p6p7p", fill=1)
    assert DECLARES[T("9s")] in hand.legal_actions(0)
    assert DECLARES[T("1p")] not in hand.legal_actions(0)
    hand.apply(0, DECLARES[T("9s")])
    assert hand.declared[0] and hand.declare_order == [0]
    shown = hand.view(1)["seats"][0]["revealed"]
    assert "".join(shown) == "1p2p3p4p5p6p7p8p9p1s2s5z5z"
    assert hand.view(None)["seats"][0]["revealed"] == shown
    while hand.turn != 0 or hand.phase != "turn":
        never_win(hand)
    drawn = hand.drawn
    assert drawn is not None
    assert [a for a in hand.legal_actions(0) if a.type == "discard"] == [DISCARDS[drawn]]
    assert not any(a.type in ("pung", "declare") for s in (1, 2) for a in hand.legal_actions(s))


@pytest.mark.parametrize(("rules", "zh", "en"), [
    ("kawuxing", "亮倒 打 九条", "Declare (亮倒), discarding 9 Bamboo"),  # kawuxing.md 3: 亮倒
    ("jincheng", "上架 扣 九条", "Declare (上架), setting aside 9 Bamboo"),  # jincheng.md 3.1
    (None, "报听打 九条", "Declare ready, discarding 9 Bamboo"),
])
def test_a_declaration_is_named_in_its_rulesets_word(rules: str | None, zh: str, en: str) -> None:
    """The button once read 亮牌 in both rulesets: jincheng's 上架 shows nothing."""
    declare = DECLARES[T("9s")]
    assert declare.label(rules) == {"zh": zh, "en": en}
    assert declare.to_json(with_label=True, rules=rules)["label"]["zh"] == zh


def test_exhaustive_draw_declared_seat_pays_and_deals_next() -> None:
    hand = _hand([READY_AFTER_9S, None, None], fill=2)
    hand.apply(0, DECLARES[T("9s")])
    while not hand.is_over:
        never_win(hand)
    assert hand.result is not None and hand.result.exhaustive
    assert hand.result.win_payments == [-2, 1, 1]
    assert hand.result.next_dealer == 0
    assert hand.tile_count() == 84


def test_whoever_draws_the_last_tile_wins_or_throws_it() -> None:
    hand = Hand.new("kawuxing", "last")
    while hand.wall_left() > 0 or hand.phase != "turn":
        never_win(hand)
    legal = hand.legal_actions(hand.turn)
    assert hand.drawn is not None
    assert [a for a in legal if a is not WIN_ACTION] == [DISCARDS[hand.drawn]]


def test_kongs_only_when_the_fourth_tile_arrives() -> None:
    # the dealer holds 1p x3 and draws nothing new: the dealt 5z quad may be konged on the
    # opening turn; an added kong needs the drawn tile itself
    hand = _hand(["5555z123p456s789s1p", None, None], fill=3)
    kongs = [a for a in hand.legal_actions(0) if a.type == "kong"]
    assert [(a.kind, a.tile) for a in kongs] == [("concealed_kong", T("5z"))]


def test_simulated_kawuxing_hands_keep_every_invariant() -> None:
    stats = simulate_range("kawuxing", "kw", ["efficient", "efficient", "random"], 0, 6)
    assert stats.invariant_failures == 0, stats.failure_examples
    assert stats.wins > 0
    assert stats.patterns["liang_dao"] > 0


def test_kong_money_doubles_along_a_chain_of_kongs() -> None:
    """7.2 杠上杠: a concealed kong (2 from each), then an exposed kong on the konger's next
    discard is the chain's second (the discarder pays 2 x 2)."""
    wall = arranged_wall(full_set(RULES.kinds, RULES.copies),
                         [parse_tiles("5555z7p1p2p3p1s2s3s4s9p6z"),
                          parse_tiles("777p" + "2p3p4p5s6s7s8s8s9s6z"), None], 0, (),
                         parse_tiles("9s"), 7)
    hand = Hand.new("kawuxing", "chain", dealer=0, wall=wall)
    hand.apply(0, next(a for a in hand.legal_actions(0) if a.kind == "concealed_kong"))
    assert hand.scores == [4, -2, -2]
    hand.apply(0, DISCARDS[T("7p")])
    kong = next(a for a in hand.legal_actions(1) if a.kind == "exposed_kong")
    for seat in sorted(hand.to_act() - {1}):
        hand.apply(seat, PASS_ACTION)
    hand.apply(1, kong)
    assert hand.chain == 2
    assert hand.scores == [0, 2, -2]
