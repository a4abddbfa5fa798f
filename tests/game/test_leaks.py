"""No seat ever learns a tile it may not know: events checked against views, views checked by
re-dealing every tile a seat cannot see and asking for the same view."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.bots import get_bot
from majiang.game import Hand
from majiang.sim.invariants import check_step, event_leaks
from majiang.tiles import from_counts, to_counts


def _redeal_hidden(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """A copy where the other seats' concealed tiles and the wall are shuffled among themselves."""
    other = copy.deepcopy(hand)
    # a shown hand (kawuxing 亮倒) is public: only hidden hands are re-dealt
    others = [s for s in range(hand.players) if s != seat and not hand.view(None)["seats"][s][
        "revealed"]]
    wall = other.wall
    pool = [t for s in others for t in from_counts(other.counts[s])]
    pool += wall.tiles[wall.live : wall.tail + 1]
    rng.shuffle(pool)
    for s in others:
        n = sum(other.counts[s])
        other.counts[s] = to_counts(pool[:n])
        pool = pool[n:]
    wall.tiles[wall.live : wall.tail + 1] = pool
    return other


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), bots=st.lists(st.sampled_from(["random", "efficient"]),
                                                  min_size=4, max_size=4),
       rules=st.sampled_from(["tuidaohu"] * 4 + ["yangzhou", "kawuxing", "jincheng", "wuhan"]))
def test_no_view_or_event_leaks(seed: int, bots: list[str], rules: str) -> None:
    hand = Hand.new(rules, seed, dealer=seed % 3)
    players = [get_bot(name, seed + i) for i, name in enumerate(bots[: hand.players])]
    rng = random.Random(seed)
    assert event_leaks(hand, hand.events, [*range(hand.players), None]) == []
    step = 0
    while not hand.is_over:
        seat = min(hand.to_act())
        bot = players[seat]
        legal = hand.legal_actions(seat)
        events = hand.apply(seat, bot.choose(hand.view(seat) if bot.uses_view else None, legal))
        assert check_step(hand, events) == []
        step += 1
        if step % 17 == 0 and not hand.is_over:
            looker = rng.randrange(hand.players)
            assert _redeal_hidden(hand, looker, rng).view(looker) == hand.view(looker)
            assert _redeal_hidden(hand, looker, rng).view(None) == hand.view(None)
