"""The PettingZoo AEC environment: one hand of a ruleset per episode, one agent per seat.

Agents are "player_0".."player_{n-1}" (seat numbers; 3 for kawuxing). In a turn the seat on turn
acts; on a discard (or an added kong that may be robbed) every seat with a claim acts in seat
order, and the claims resolve once all are in, as in the engine. Each agent's observation is
`{"observation": vector (majiang.env.observation), "action_mask": int8[247]}`, or with
`obs_type="dict"` the vector's fields by name; the mask is zero for a seat with nothing to
decide. Rewards are the units each seat wins or pays as they happen (kong money during the
hand, the settlement at its end), so an episode's rewards sum to the hand's `payments`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv

from majiang.env.actions import N_ACTIONS, PASS_AT, legal_index
from majiang.env.encoder import Encoder
from majiang.env.observation import FIELDS, SIZE, Vector, bounds, split
from majiang.game.actions import Action
from majiang.game.hand import Hand
from majiang.game.phases import TURN
from majiang.game.variants import mechanics
from majiang.tiles import format_tiles, from_counts

Mask = NDArray[np.int8]


def observation_space(obs_type: str = "tensor") -> spaces.Dict:
    """The space of one agent's observation (`obs_type` "tensor" or "dict")."""
    low, high = bounds()
    mask = spaces.Box(0, 1, (N_ACTIONS,), np.int8)
    if obs_type == "tensor":
        return spaces.Dict({"observation": spaces.Box(low, high, (SIZE,), np.float32),
                            "action_mask": mask})
    if obs_type != "dict":
        raise ValueError(f"obs_type must be 'tensor' or 'dict', got {obs_type!r}")
    lows, highs = split(low), split(high)
    fields = spaces.Dict({name: spaces.Box(lows[name], highs[name], shape, np.float32)
                          for name, shape in FIELDS})
    return spaces.Dict({"observation": fields, "action_mask": mask})


class HandDriver:
    """One hand at a time for an environment: the seats to act, their legal actions by index.

    `seat` is the one the AEC form asks (the seat on turn, else the lowest claimant);
    `legal[s]` maps index -> engine action for every seat `s` that must decide now;
    `observe(seat)` is the seat's vector (an `Encoder` kept up to date across the hand)."""

    def __init__(self, rules: str, options: dict[str, Any] | None = None) -> None:
        self.rules = rules
        self.players = mechanics(rules).rules.players
        self.options = dict(options or {})
        self.hand: Hand | None = None
        self.encoder: Encoder | None = None
        self.legal: dict[int, dict[int, Action]] = {}
        self.seat = 0
        self.scores = [0] * self.players
        self.paid = 0  # the hand's settlements (every change of a score is one) so far
        self.illegal = 0  # replaced actions (play with strict=False)

    def deal(self, seed: str, dealer: int) -> None:
        self.hand = Hand.new(self.rules, seed, dealer=dealer, options=self.options)
        self.encoder = Encoder(self.hand)
        self.scores = [0] * self.players
        self.paid = 0
        self._next()

    def observe(self, seat: int, out: Vector | None = None) -> Vector:
        """`seat`'s observation vector now (into `out` if given)."""
        assert self.encoder is not None, "deal() first"
        return self.encoder.observe(seat, out)

    def _next(self) -> None:
        hand = self.hand
        assert hand is not None
        self.legal = {}
        if hand.is_over:
            return
        state = hand.state
        seats = [state.turn] if state.phase == TURN else sorted(hand.to_act())
        last = state.last_discard
        claimed = None if last is None else last[1]
        for s in seats:
            self.legal[s] = legal_index(hand.legal_actions(s), claimed)
        self.seat = seats[0]

    def mask(self, seat: int, out: Mask | None = None) -> Mask:
        """`seat`'s action mask (into `out` if given): 1 at each legal index."""
        legal = self.legal.get(seat)
        if out is not None:
            out.fill(0)
            if legal:
                out[list(legal)] = 1
            return out
        bits = bytearray(N_ACTIONS)  # set in Python, read by numpy: cheaper than np.zeros + put
        for i in legal or ():
            bits[i] = 1
        return np.frombuffer(bits, np.int8)

    def play(self, choices: dict[int, int], strict: bool = True) -> list[int]:
        """Apply each deciding seat's action index; each seat's units won meanwhile.

        An index the mask forbids raises ValueError, or with `strict` false is replaced by pass
        (else the lowest legal index) and counted in `illegal`."""
        hand = self.hand
        assert hand is not None
        if len(choices) == 1 and strict:  # the usual step: one seat decides
            (seat, index), = choices.items()
            action = self.legal.get(seat, {}).get(index)
            if action is not None:
                hand.apply(seat, action)
                return self._after()
        actions = []
        for seat, index in choices.items():
            legal = self.legal.get(seat, {})
            action = legal.get(int(index))
            if action is None:
                if strict or not legal:
                    raise ValueError(f"动作 {index} 此时对座位 {seat} 不合法 / action {index} "
                                     f"is not legal for seat {seat} now (legal: {sorted(legal)})")
                self.illegal += 1
                action = legal.get(PASS_AT) or legal[min(legal)]
            actions.append((seat, action))
        for seat, action in actions:
            hand.apply(seat, action)
        return self._after()

    def _after(self) -> list[int]:
        """Each seat's units won by the step just played; the next seats to decide."""
        assert self.hand is not None
        state = self.hand.state
        if len(state.settlements) == self.paid:  # nothing paid: no score moved
            self._next()
            return [0] * self.players
        self.paid = len(state.settlements)
        now = [s.score for s in state.seats] if state.result is None else state.result.payments
        delta = [a - b for a, b in zip(now, self.scores, strict=True)]
        self.scores = list(now)
        self._next()
        return delta


class MajiangEnv(AECEnv[str, dict[str, Any], int | None]):  # type: ignore[misc]
    """`env(rules=...)`; `options` are the table's (e.g. {"flags": ["no_one_fan_discard"]},
    {"round_wind": "2z"}); reset(seed=S) plays hands f"{S}/0", f"{S}/1", ... with the dealer
    rotating; reset(options={"dealer": d, "seed": "..."}) fixes the next hand."""

    metadata: ClassVar[dict[str, Any]] = {"name": "majiang_v0", "render_modes": ["ansi", "human"],
                "is_parallelizable": False}

    def __init__(self, rules: str = "tuidaohu", options: dict[str, Any] | None = None,
                 obs_type: str = "tensor", render_mode: str | None = None) -> None:
        super().__init__()
        self.driver = HandDriver(rules, options)
        self.obs_type = obs_type
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(self.driver.players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        self._space = observation_space(obs_type)
        self._action_space = spaces.Discrete(N_ACTIONS)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._action_space)
        self._base: str = "env"
        self._count = 0
        self._rewarded = False

    def observation_space(self, agent: str) -> gymnasium.Space[Any]:
        return self._space

    def action_space(self, agent: str) -> gymnasium.Space[Any]:
        return self._action_space

    @property
    def hand(self) -> Hand:
        """The hand being played."""
        assert self.driver.hand is not None, "call reset() first"
        return self.driver.hand

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._base, self._count = str(seed), 0
        options = options or {}
        hand_seed = str(options.get("seed", f"{self._base}/{self._count}"))
        dealer = int(options.get("dealer", self._count % self.driver.players))
        self._count += 1
        self.driver.deal(hand_seed, dealer)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False  # some reward of the last step was not 0
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.driver.seat]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        vector = self.driver.observe(seat)
        observation: Any = vector if self.obs_type == "tensor" else split(vector)
        return {"observation": observation, "action_mask": self.driver.mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} 必须行动：只有已结束的玩家可传 None / {agent} must act: "
                             "None is only for a finished agent")
        driver = self.driver
        delta = driver.play({driver.seat: int(action)})
        self._cumulative_rewards[agent] = 0.0
        if any(delta) or self._rewarded:  # else every reward is, and stays, 0
            rewards = self.rewards
            for a, units in zip(self.possible_agents, delta, strict=True):
                rewards[a] = float(units)
            self._rewarded = any(delta)
            self._accumulate_rewards()
        result = self.hand.state.result
        if result is not None:
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"result": result.to_json()}
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[driver.seat]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = table_text(self.hand)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def table_text(hand: Hand) -> str:
    """Every seat's tiles, melds and river, one line each (a spectator's view after the end)."""
    lines = [f"{hand.rules} {hand.phase}: wall {hand.wall_left()}, turn seat {hand.turn}"]
    for s, seat in enumerate(hand.state.seats):
        melds = " ".join(format_tiles(m.tiles) for m in seat.melds)
        lines.append(f"seat {s}: {format_tiles(from_counts(seat.counts))} [{melds}] "
                     f"river {format_tiles(seat.discards)} score {seat.score}")
    return "\n".join(lines)


def env(rules: str = "tuidaohu", **kwargs: Any) -> MajiangEnv:
    """The AEC environment of `rules` (PettingZoo's `env()` convention)."""
    return MajiangEnv(rules, **kwargs)


raw_env = MajiangEnv
