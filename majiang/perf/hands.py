"""Whole-hand runners (ops `hand_random`, `hand_efficient`): one hand played to its end per pass.

`majiang`: this engine with four bots of the op's kind, dealing and scoring included (tuidaohu);
the peers: `rlcard` (RLCard's mahjong environment played to the end by its random agents) and
`riichienv` (RiichiEnv, a Rust engine: single hands, one kyoku, with its random agent). The
sample is not used: every pass deals a new hand from its own seed. The warm-up pass (on the
warm sample) plays `WARM_HANDS` hands of other seeds, so that the lazily filled analysis tables
hold what a long simulation's do and the timed rounds measure the steady state, as for the
analysis ops.
"""

from __future__ import annotations

from collections.abc import Callable

from majiang.bots import get_bot
from majiang.game.hand import Hand
from majiang.perf.sample import Make, Runner, Sample
from majiang.sim.runner import play_hand

WARM_HANDS = 20


def _hands(play_one: Callable[[int], object], warming: bool = False) -> Runner:
    """One hand a pass; the warm-up pass plays WARM_HANDS hands, numbered from 10**6."""
    counter = [10**6 if warming else 0]
    per_pass = WARM_HANDS if warming else 1

    def run() -> int:
        for _ in range(per_pass):
            play_one(counter[0])
            counter[0] += 1
        return per_pass

    return run


def majiang(bot: str) -> Make:
    """Hands between four `bot`s."""

    def make(sample: Sample) -> Runner:
        bots = [get_bot(bot, s) for s in range(4)]
        return _hands(lambda i: play_hand(
            Hand.new("tuidaohu", f"bench-{bot}/{i}", dealer=i % 4), bots), sample.warming)

    return make


def rlcard_random(sample: Sample) -> Runner:
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("mahjong", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    return _hands(lambda i: env.run(is_training=False), sample.warming)


def riichienv_random(sample: Sample) -> Runner:
    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    env = RiichiEnv(game_mode=0)  # one kyoku, four players
    agent = RandomAgent(0)

    def one(i: int) -> None:
        obs = env.reset(seed=i)
        while not env.done():
            obs = env.step({pid: agent.act(o) for pid, o in obs.items()})

    return _hands(one, sample.warming)
