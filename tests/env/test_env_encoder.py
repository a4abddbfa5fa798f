"""The incremental encoder: observed now and then, in any seat order, it equals a fresh encoding
of the same state (what changed between two calls is caught up), for every ruleset."""

from __future__ import annotations

import random

import numpy as np
import pytest

from majiang.env.encoder import Encoder, encode
from majiang.env.observation import SIZE
from majiang.game.hand import Hand
from majiang.rules import available


@pytest.mark.parametrize("rules", available())
def test_sparse_observations_equal_fresh_ones(rules: str) -> None:
    for h in range(12):
        rng = random.Random(h)
        hand = Hand.new(rules, f"enc/{h}", dealer=h % 3)
        encoder = Encoder(hand)
        out = np.full(SIZE, 7.0, np.float32)
        while True:
            for seat in rng.sample(range(hand.players), hand.players):
                if hand.is_over or rng.random() < 0.4:
                    assert np.array_equal(encoder.observe(seat), encode(hand, seat))
                    assert np.array_equal(encoder.observe(seat, out), encode(hand, seat))
            if hand.is_over:
                break
            seat = min(hand.to_act())
            hand.apply(seat, rng.choice(hand.legal_actions(seat)))
