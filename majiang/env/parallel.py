"""The PettingZoo parallel environment: every seat that must decide acts in the same step.

In a turn that is the seat on turn; on a discard it is every seat with a claim, deciding at once
as the engine collects claims. A seat with nothing to decide has an all-zero mask and its action
(any value, or none) is ignored. Observations, rewards and options are the AEC form's.
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
from gymnasium import spaces
from pettingzoo import ParallelEnv

from majiang.env.actions import N_ACTIONS
from majiang.env.aec import HandDriver, observation_space
from majiang.env.observation import split


class MajiangParallelEnv(ParallelEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """`parallel_env(rules=...)`: one hand per episode; reset(seed=S) as the AEC form."""

    metadata: ClassVar[dict[str, Any]] = {"name": "majiang_parallel_v0", "render_modes": []}

    def __init__(self, rules: str = "tuidaohu", options: dict[str, Any] | None = None,
                 obs_type: str = "tensor") -> None:
        self.driver = HandDriver(rules, options)
        self.obs_type = obs_type
        self.possible_agents = [f"player_{s}" for s in range(self.driver.players)]
        self.agents: list[str] = []
        self._space = observation_space(obs_type)
        self._action_space = spaces.Discrete(N_ACTIONS)
        self._base, self._count = "env", 0

    def observation_space(self, agent: str) -> gymnasium.Space[Any]:
        return self._space

    def action_space(self, agent: str) -> gymnasium.Space[Any]:
        return self._action_space

    def _observations(self) -> dict[str, dict[str, Any]]:
        hand = self.driver.hand
        assert hand is not None
        out = {}
        for seat, agent in enumerate(self.possible_agents):
            vector = self.driver.observe(seat)
            out[agent] = {"observation": vector if self.obs_type == "tensor" else split(vector),
                          "action_mask": self.driver.mask(seat)}
        return out

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None,
              ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        if seed is not None:
            self._base, self._count = str(seed), 0
        options = options or {}
        hand_seed = str(options.get("seed", f"{self._base}/{self._count}"))
        dealer = int(options.get("dealer", self._count % self.driver.players))
        self._count += 1
        self.driver.deal(hand_seed, dealer)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[
            dict[str, dict[str, Any]], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        choices = {}
        for seat in self.driver.legal:
            agent = self.possible_agents[seat]
            if agent not in actions:
                raise ValueError(f"{agent} must act now")
            choices[seat] = int(actions[agent])
        delta = self.driver.play(choices)
        hand = self.driver.hand
        assert hand is not None
        over = hand.is_over
        agents = self.agents
        rewards = {a: float(delta[s]) for s, a in enumerate(self.possible_agents) if a in agents}
        done = dict.fromkeys(agents, over)
        truncated = dict.fromkeys(agents, False)
        info: dict[str, dict[str, Any]] = {a: {} for a in agents}
        if over:
            assert hand.result is not None
            info = {a: {"result": hand.result.to_json()} for a in agents}
        observations = self._observations()
        if over:
            self.agents = []
        return observations, rewards, done, truncated, info


def parallel_env(rules: str = "tuidaohu", **kwargs: Any) -> MajiangParallelEnv:
    """The parallel environment of `rules` (PettingZoo's `parallel_env()` convention)."""
    return MajiangParallelEnv(rules, **kwargs)
