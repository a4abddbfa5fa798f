"""Environment steps per second (ops `env_step`, `env_step_vector`): one hand per pass.

A step is one agent's action with the next observation and action mask made: majiang's AEC
environment (`majiang.env`, tuidaohu, `last()` then `step`, a random agent over the mask);
majiang's vectorised form (64 hands at once, one action per hand per step); RLCard's mahjong
environment (`env.step`, its encoded state and legal actions, a random legal action); RiichiEnv
(`env.step` with a random action for every player asked, one kyoku). Each pass plays one hand
(the vectorised form: 25 steps of every row).
"""

from __future__ import annotations

import random

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


# (op, impl, make), registered in bench.REGISTRY.
CASES: list[tuple[str, str, Make]] = [
    ("env_step", "majiang", majiang_aec),
    ("env_step", "rlcard", rlcard_steps),
    ("env_step", "riichienv", riichienv_steps),
    ("env_step_vector", "majiang", majiang_vector),
    ("env_step_vector", "rlcard", rlcard_steps),
]
