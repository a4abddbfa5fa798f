"""Bots choose legal actions from their view; the efficient one wins far more than chance."""

from __future__ import annotations

import pytest

from majiang.bots import get_bot
from majiang.bots.efficient import best_discard, unseen_counts
from majiang.game import Hand
from majiang.game.actions import WIN_ACTION
from majiang.game.seat_view import SeatView
from majiang.rules import get_ruleset
from majiang.sim.runner import play_hand
from majiang.tiles import parse_tiles, to_counts


def test_unknown_bot_is_named() -> None:
    with pytest.raises(ValueError, match="unknown bot 'smart'"):
        get_bot("smart")


@pytest.mark.parametrize("name", ["random", "efficient"])
def test_bots_only_choose_legal_actions(name: str) -> None:
    bots = [get_bot(name, s) for s in range(4)]
    for seed in range(5):
        hand = Hand.new("tuidaohu", f"legal/{seed}", dealer=seed % 4)
        while not hand.is_over:
            seat = min(hand.to_act())
            legal = hand.legal_actions(seat)
            action = bots[seat].choose(SeatView.from_json(hand.view(seat)), legal)
            assert action in legal
            hand.apply(seat, action)


def test_efficient_takes_every_win() -> None:
    bot = get_bot("efficient")
    hand = Hand.new("tuidaohu", "w")
    assert bot.choose(hand.view(0), [WIN_ACTION, *hand.legal_actions(0)]) is WIN_ACTION


def test_best_discard_keeps_the_ready_hand() -> None:
    counts = to_counts(parse_tiles("123m456p789s23m55z9p"))
    unseen = [4 - c for c in counts]
    shanten, discard = best_discard(counts, [t for t in range(34) if counts[t]], unseen,
                                    get_ruleset("tuidaohu").shapes)
    assert (shanten, discard) == (0, parse_tiles("9p")[0])


def test_unseen_counts_subtract_what_the_view_shows() -> None:
    hand = Hand.new("tuidaohu", "unseen")
    view = SeatView.from_json(hand.view(1))
    unseen = unseen_counts(view, get_ruleset("tuidaohu"))
    assert sum(unseen) == 136 - 13
    assert all(0 <= n <= 4 for n in unseen)


def test_efficient_bots_win_most_hands() -> None:
    bots = [get_bot("efficient", s) for s in range(4)]
    wins = 0
    for seed in range(12):
        result = play_hand(Hand.new("tuidaohu", f"eff/{seed}"), bots).result
        assert result is not None
        wins += bool(result.winners)
    assert wins >= 8


def test_decide_reads_a_json_view_at_the_edge() -> None:
    """`decide` takes a JSON view (the server's) or a typed one; the choice is the same."""
    from majiang.bots.base import decide

    hand = Hand.new("wuhan", "decide")
    seat = hand.turn
    legal = hand.legal_actions(seat)
    for name in ("efficient", "value"):
        bot = get_bot(name, 1)
        typed = decide(bot, SeatView.from_json(hand.view(seat)), legal)
        assert decide(bot, hand.view(seat), legal) == typed == bot.choose(hand.view(seat), legal)
    assert decide(get_bot("random", 2), hand.view(seat), legal) == \
        get_bot("random", 2).choose(None, legal)


def test_efficient_bot_plays_a_hand_after_pick_or_grab() -> None:
    """jincheng 3.3: a 拾 / 搶 tile is part of a thirteen-orphans hand, not a missing tile."""
    from majiang.game.scenario import scenario
    from majiang.sim.runner import bot_move

    hand = scenario("""
        rules: jincheng
        seat 0: 159m19p19s1234z5z6z | grab 7z from 2
    """)
    bot = get_bot("efficient", 0)
    action = bot_move(bot, hand, 0, hand.legal_actions(0))
    assert action in hand.legal_actions(0) and action.type in ("discard", "declare")
    assert action.tile == 4  # 5m, the one tile that is no orphan: ready for thirteen orphans
