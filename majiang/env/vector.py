"""Many hands stepped at once, for self-play: one batch of observations, masks and seats.

`VectorEnv("wuhan", num_envs=64)` holds 64 hands; each row is the seat that decides next in its
hand (the AEC order: the seat on turn, else the lowest claimant). `step(actions)` applies one
action index per row and returns the next batch, each seat's units won in that step
(`rewards[i, seat]`), and which hands ended; an ended hand is dealt anew at once (its next seed,
the dealer rotating), its result kept in `results[i]` until then.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from majiang.env.actions import N_ACTIONS
from majiang.env.aec import HandDriver
from majiang.env.observation import SIZE

Batch = tuple[NDArray[np.float32], NDArray[np.int8], NDArray[np.int64]]


class VectorEnv:
    """`num_envs` hands of `rules`; hand j of row i is dealt from f"{seed}/{i}/{j}"."""

    def __init__(self, rules: str = "tuidaohu", num_envs: int = 16,
                 options: dict[str, Any] | None = None) -> None:
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        self.num_envs = num_envs
        self.drivers = [HandDriver(rules, options) for _ in range(num_envs)]
        self.players = self.drivers[0].players
        self.observations = np.zeros((num_envs, SIZE), np.float32)
        self.masks = np.zeros((num_envs, N_ACTIONS), np.int8)
        self.seats = np.zeros(num_envs, np.int64)
        self.hands = [0] * num_envs
        self.results: list[dict[str, Any] | None] = [None] * num_envs
        self.seed = "vec"

    def _deal(self, i: int) -> None:
        j = self.hands[i]
        self.drivers[i].deal(f"{self.seed}/{i}/{j}", dealer=j % self.players)
        self.hands[i] = j + 1

    def _row(self, i: int) -> None:
        driver = self.drivers[i]
        assert driver.hand is not None
        seat = driver.seat
        self.seats[i] = seat
        self.observations[i] = driver.observe(seat)  # a fresh gather, then one row copy
        self.masks[i] = driver.mask(seat)

    def reset(self, seed: int | str = 0) -> Batch:
        """Deal every row anew from `seed`; (observations, masks, seats)."""
        self.seed = str(seed)
        self.hands = [0] * self.num_envs
        for i in range(self.num_envs):
            self._deal(i)
            self._row(i)
        return self.observations, self.masks, self.seats

    def step(self, actions: NDArray[np.integer[Any]] | list[int]) -> tuple[
            NDArray[np.float32], NDArray[np.int8], NDArray[np.int64], NDArray[np.float32],
            NDArray[np.bool_]]:
        """One action per row; (observations, masks, seats, rewards [rows x seats], dones)."""
        rewards = np.zeros((self.num_envs, self.players), np.float32)
        dones = np.zeros(self.num_envs, np.bool_)
        for i, driver in enumerate(self.drivers):
            delta = driver.play({driver.seat: int(actions[i])})
            if any(delta):
                rewards[i] = delta
            hand = driver.hand
            assert hand is not None
            if hand.is_over:
                dones[i] = True
                self.results[i] = None if hand.result is None else hand.result.to_json()
                self._deal(i)
            self._row(i)
        return self.observations, self.masks, self.seats, rewards, dones
