"""A Gymnasium single-agent environment: one seat learns, majiang bots play the others.

`SingleAgentEnv(rules="wuhan", seat=0, opponents="efficient")`: each episode is one hand; the
observation is the AEC form's `{"observation", "action_mask"}` for the learner's seat, the
reward the units it won or paid since its last step (the others' moves included), and
`step` returns once the learner must decide again or the hand is over. An action the mask
forbids raises ValueError, or with `illegal_penalty=p` is replaced by pass (else the lowest legal
index) at a cost of p units and `info["illegal"]` is set.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from majiang.bots import get_bot
from majiang.bots.base import Bot
from majiang.env.actions import N_ACTIONS
from majiang.env.aec import HandDriver, observation_space, table_text
from majiang.env.observation import split
from majiang.game.seat_view import SeatView


class SingleAgentEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of `rules` against bots (`opponents`: one name for all, or one per other seat)."""

    def __init__(self, rules: str = "tuidaohu", seat: int = 0,
                 opponents: str | Sequence[str] = "efficient",
                 options: dict[str, Any] | None = None, obs_type: str = "tensor",
                 render_mode: str | None = None, illegal_penalty: float | None = None) -> None:
        self.metadata = {"render_modes": ["ansi"]}
        self.illegal_penalty = illegal_penalty
        self.driver = HandDriver(rules, options)
        n = self.driver.players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, got {seat}")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise ValueError(f"{rules} needs {n - 1} opponents, got {len(names)}")
        self.seat = seat
        self.opponent_names = names
        self.obs_type = obs_type
        self.render_mode = render_mode
        self.observation_space = observation_space(obs_type)
        self.action_space = spaces.Discrete(N_ACTIONS)
        self._base, self._count = "single", 0
        self._bots: dict[int, Bot] = {}

    def _observe(self) -> dict[str, Any]:
        hand = self.driver.hand
        assert hand is not None
        vector = self.driver.observe(self.seat)
        return {"observation": vector if self.obs_type == "tensor" else split(vector),
                "action_mask": self.driver.mask(self.seat)}

    def _play_bots(self) -> float:
        """Let the bots move until the learner must decide or the hand ends; its units meanwhile."""
        driver, won = self.driver, 0.0
        hand = driver.hand
        assert hand is not None
        while not hand.is_over and self.seat not in driver.legal:
            choices = {}
            for s, legal in driver.legal.items():
                bot = self._bots[s]
                view = SeatView.from_json(hand.view(s)) if bot.uses_view else None
                action = bot.choose(view, list(legal.values()))
                choices[s] = next(i for i, a in legal.items() if a is action or a == action)
            won += driver.play(choices)[self.seat]
        return won

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None,
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._base, self._count = str(seed), 0
        options = options or {}
        n = self.driver.players
        hand_seed = str(options.get("seed", f"{self._base}/{self._count}"))
        others = [s for s in range(n) if s != self.seat]
        self._bots = {s: get_bot(name, f"{hand_seed}/{s}")
                      for s, name in zip(others, self.opponent_names, strict=True)}
        self.driver.deal(hand_seed, int(options.get("dealer", self._count % n)))
        self._count += 1
        self._play_bots()  # the learner's reward starts with its first decision
        return self._observe(), {}

    def step(self, action: np.int64 | int) -> tuple[dict[str, Any], float, bool, bool,
                                                    dict[str, Any]]:
        driver = self.driver
        hand = driver.hand
        assert hand is not None
        if hand.is_over:
            raise RuntimeError("the hand is over: call reset()")
        choices = {self.seat: int(action)}
        for s, legal in driver.legal.items():  # claimants deciding alongside the learner
            if s != self.seat:
                bot = self._bots[s]
                view = SeatView.from_json(hand.view(s)) if bot.uses_view else None
                chosen = bot.choose(view, list(legal.values()))
                choices[s] = next(i for i, a in legal.items() if a is chosen or a == chosen)
        before = driver.illegal
        strict = self.illegal_penalty is None
        reward = float(driver.play(choices, strict=strict)[self.seat]) + self._play_bots()
        info: dict[str, Any] = {}
        if driver.illegal > before:
            info["illegal"] = True
            reward -= self.illegal_penalty or 0.0
        if hand.result is not None:
            info["result"] = hand.result.to_json()
        return self._observe(), reward, hand.is_over, False, info

    def render(self) -> str | None:
        hand = self.driver.hand
        return None if hand is None else table_text(hand)
