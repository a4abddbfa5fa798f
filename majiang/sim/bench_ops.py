"""Whole-hand throughput for `majiang bench`: ops `hand_random` and `hand_efficient`.

`OPS[op][impl](n)` plays n hands and returns hands per second. Impl `majiang` is this engine
(four bots of the op's kind, dealing and scoring included); the peers, measured in the same run
when installed: `rlcard` (RLCard's mahjong environment played to the end by its random agents)
and `riichienv` (RiichiEnv, a Rust engine, single hands (one kyoku) with its random agent).
A peer that is not installed is reported as None.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from majiang.sim.runner import hands_per_second

Op = Callable[[int], float | None]


def majiang_random(n: int) -> float:
    return hands_per_second("random", n, seed="bench-random")


def majiang_efficient(n: int) -> float:
    return hands_per_second("efficient", n, seed="bench-efficient")


def rlcard_random(n: int) -> float | None:
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("mahjong", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    start = time.perf_counter()
    for _ in range(n):
        env.run(is_training=False)
    return n / (time.perf_counter() - start)


def riichienv_random(n: int) -> float | None:
    try:
        from riichienv import RiichiEnv
        from riichienv.agents import RandomAgent
    except ImportError:
        return None
    env = RiichiEnv(game_mode=0)  # one kyoku, four players
    agent = RandomAgent(0)
    start = time.perf_counter()
    for i in range(n):
        obs = env.reset(seed=i)
        while not env.done():
            obs = env.step({pid: agent.act(o) for pid, o in obs.items()})
    return n / (time.perf_counter() - start)


OPS: dict[str, dict[str, Op]] = {
    "hand_random": {"majiang": majiang_random, "rlcard": rlcard_random,
                    "riichienv": riichienv_random},
    "hand_efficient": {"majiang": majiang_efficient},
}
# hands per measurement: RLCard is slow, so it gets fewer
DEFAULT_N = {"majiang": 300, "rlcard": 20, "riichienv": 300}
EFFICIENT_N = 30


def measure(quick: bool = False) -> list[dict[str, Any]]:
    """One row per (op, impl): hands/s, and for peers the ratio majiang / peer."""
    rows: list[dict[str, Any]] = []
    scale = 0.2 if quick else 1.0
    for op, impls in OPS.items():
        ours: float | None = None
        for impl, fn in impls.items():
            n = EFFICIENT_N if op == "hand_efficient" else DEFAULT_N[impl]
            rate = fn(max(2, int(n * scale)))
            if impl == "majiang":
                ours = rate
            ratio = None if rate is None or ours is None or impl == "majiang" else ours / rate
            rows.append({"op": op, "impl": impl, "hands_per_s": rate, "ratio": ratio})
    return rows


if __name__ == "__main__":
    for row in measure():
        print(row)
