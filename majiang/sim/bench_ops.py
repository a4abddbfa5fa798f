"""Whole-hand throughput for `majiang bench`: ops `hand_random` and `hand_efficient`.

`OPS[op][impl](n)` plays n hands and returns hands per second. Impl `majiang` is this engine
(four bots of the op's kind, dealing and scoring included); the peers, measured in the same run
when installed: `rlcard` (RLCard's mahjong environment played to the end by its random agents)
and `riichienv` (RiichiEnv, a Rust engine, single hands (one kyoku) with its random agent).
A peer that is not installed is reported as None.

`majiang bench` picks these up as a plugin: importing this module registers the ops with
`majiang.bench.register` (one hand per pass) and adds the bars of issue 4 (random-bot hands per
second at least 20x RLCard's and at least RiichiEnv's) to `majiang.bench.BARS`.
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


def _hands(play_one: Callable[[int], object]) -> Callable[[], int]:
    counter = [0]

    def run() -> int:
        play_one(counter[0])
        counter[0] += 1
        return 1

    return run


def _make_majiang(bot: str) -> Callable[[object], Callable[[], int]]:
    def make(sample: object) -> Callable[[], int]:
        from majiang.bots import get_bot
        from majiang.game.hand import Hand
        from majiang.sim.runner import play_hand

        bots = [get_bot(bot, s) for s in range(4)]
        return _hands(lambda i: play_hand(
            Hand.new("tuidaohu", f"bench-{bot}/{i}", dealer=i % 4), bots))

    return make


def _make_rlcard(sample: object) -> Callable[[], int]:
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("mahjong", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    return _hands(lambda i: env.run(is_training=False))


def _make_riichienv(sample: object) -> Callable[[], int]:
    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    env = RiichiEnv(game_mode=0)
    agent = RandomAgent(0)

    def one(i: int) -> None:
        obs = env.reset(seed=i)
        while not env.done():
            obs = env.step({pid: agent.act(o) for pid, o in obs.items()})

    return _hands(one)


def _register() -> None:
    try:
        from majiang import bench
    except ImportError:
        return
    register: Any = bench.register
    register("hand_random", "majiang", _make_majiang("random"))
    register("hand_random", "rlcard", _make_rlcard)
    register("hand_random", "riichienv", _make_riichienv)
    register("hand_efficient", "majiang", _make_majiang("efficient"))
    bars: Any = getattr(bench, "BARS", None)
    if isinstance(bars, list):
        bars.extend([("hand_random", "rlcard", 20.0), ("hand_random", "riichienv", 1.0)])


_register()

if __name__ == "__main__":
    for row in measure():
        print(row)
