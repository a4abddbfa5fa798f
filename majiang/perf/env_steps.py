"""Environment steps per second (ops `env_step`, `env_step_raw`, `env_step_vector`).

Every implementation is measured the same way: its own environment, one random agent picking
uniformly among the legal actions with `random.Random`, one hand (a kyoku) per pass.

`env_step`: a step is one action with the next observation tensor and action mask made for the
agent to act, as a learner uses the environment. majiang: the AEC environment (tuidaohu,
`last()` then `step`, the pick among the mask's indices); RLCard's mahjong environment
(`env.step`, which always builds its encoded state and legal actions); RiichiEnv: `env.step`
and, for every player asked, its tensor (`obs.encode()`) and mask (`obs.mask()`), the pick
among the mask's ids (`obs.find_action`).

`env_step_raw`: no tensor, only the legal actions: majiang's hand driver (the AEC form's core:
the engine, the legal indices) and RiichiEnv's `env.step` with a random action of
`obs.legal_actions()` (its RandomAgent). RLCard's environment always encodes: not listed.

`env_step_vector`: majiang's vectorised form (64 hands at once, one action per hand per step,
25 steps of every row a pass), observations and masks included, against RLCard's env_step.
"""

from __future__ import annotations

import random
from typing import Any

from majiang.perf.sample import Make, Runner, Sample

VECTOR_ROWS = 64
VECTOR_STEPS = 25


def majiang_aec(sample: Sample) -> Runner:
    from majiang.env import env

    e = env(rules="tuidaohu")
    rng = random.Random(0)
    e.reset(seed=0)

    def run() -> int:
        steps = 0
        e.reset()
        while e.agents:
            obs, _, done, _, _ = e.last()
            if done:
                e.step(None)
                continue
            e.step(int(rng.choice(obs["action_mask"].nonzero()[0])))
            steps += 1
        return steps

    return run


def majiang_raw(sample: Sample) -> Runner:
    from majiang.env.aec import HandDriver

    driver = HandDriver("tuidaohu")
    rng = random.Random(0)
    counter = [0]

    def run() -> int:
        steps = 0
        driver.deal(f"raw/{counter[0]}", counter[0] % 4)
        counter[0] += 1
        hand = driver.hand
        assert hand is not None
        while not hand.is_over:
            driver.play({driver.seat: rng.choice(list(driver.legal[driver.seat]))})
            steps += 1
        return steps

    return run


def majiang_vector(sample: Sample) -> Runner:
    import numpy as np

    from majiang.env.vector import VectorEnv

    v = VectorEnv("tuidaohu", num_envs=VECTOR_ROWS)
    _, masks, _ = v.reset(seed=0)
    rng = np.random.default_rng(0)
    state = [masks]

    def run() -> int:
        for _ in range(VECTOR_STEPS):
            pick = (rng.random(state[0].shape) * state[0]).argmax(1)
            _, state[0], _, _, _ = v.step(pick)
        return VECTOR_STEPS * VECTOR_ROWS

    return run


def rlcard_steps(sample: Sample) -> Runner:
    import rlcard

    env = rlcard.make("mahjong", config={"seed": 0})
    rng = random.Random(0)

    def run() -> int:
        steps = 0
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
        return steps

    return run


def riichienv_steps(sample: Sample) -> Runner:
    import numpy as np
    from riichienv import RiichiEnv

    env = RiichiEnv(game_mode=0)
    rng = random.Random(0)
    counter = [0]

    def act(o: Any) -> Any:
        np.frombuffer(o.encode(), np.float32)  # the observation tensor, (74, 34)
        mask = np.frombuffer(o.mask(), np.uint8)
        return o.find_action(int(rng.choice(mask.nonzero()[0])))

    def run() -> int:
        steps = 0
        obs = env.reset(seed=counter[0])
        counter[0] += 1
        while not env.done():
            obs = env.step({pid: act(o) for pid, o in obs.items()})
            steps += 1
        return steps

    return run


def riichienv_raw(sample: Sample) -> Runner:
    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    env = RiichiEnv(game_mode=0)
    agent = RandomAgent(0)
    counter = [0]

    def run() -> int:
        steps = 0
        obs = env.reset(seed=counter[0])
        counter[0] += 1
        while not env.done():
            obs = env.step({pid: agent.act(o) for pid, o in obs.items()})
            steps += 1
        return steps

    return run


# The bars (op, peer, the least ratio majiang / peer), added to bench.BARS.
BARS: list[tuple[str, str, float]] = [("env_step", "riichienv", 1.0), ("env_step", "rlcard", 20.0)]

# (op, impl, make), registered in bench.REGISTRY.
CASES: list[tuple[str, str, Make]] = [
    ("env_step", "majiang", majiang_aec),
    ("env_step", "rlcard", rlcard_steps),
    ("env_step", "riichienv", riichienv_steps),
    ("env_step_raw", "majiang", majiang_raw),
    ("env_step_raw", "riichienv", riichienv_raw),
    ("env_step_vector", "majiang", majiang_vector),
    ("env_step_vector", "rlcard", rlcard_steps),
]
