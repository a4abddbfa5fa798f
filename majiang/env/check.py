"""The masked-random check: random agents that pick only unmasked actions, counted.

`python -m majiang.env.check --hands 10000` plays that many hands of every ruleset through the
AEC environment, each agent choosing uniformly among its mask's actions, and counts: actions the
engine refused (IllegalAction), steps whose mask is not exactly the engine's legal list, and
hands whose rewards do not sum to the hand's payments. All three should be 0.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict, dataclass

import numpy as np

from majiang.env.actions import action_index
from majiang.env.aec import MajiangEnv
from majiang.rules import available


@dataclass
class CheckResult:
    rules: str
    hands: int = 0
    steps: int = 0
    illegal: int = 0  # actions the engine refused
    mask_mismatch: int = 0  # masks that differ from the engine's legal actions
    reward_mismatch: int = 0  # hands whose rewards do not sum to their payments
    seconds: float = 0.0


def masked_random(rules: str, hands: int, seed: int = 0, every: int = 0) -> CheckResult:
    """Play `hands` hands of `rules` with masked random agents; the counts (printed as JSON
    every `every` hands too, when given)."""
    env = MajiangEnv(rules)
    rng = np.random.default_rng(seed)
    out = CheckResult(rules)
    start = time.perf_counter()
    env.reset(seed=seed)
    for _ in range(hands):
        totals = dict.fromkeys(env.agents, 0.0)
        while env.agents:
            agent = env.agent_selection
            obs, reward, done, truncated, _ = env.last()
            totals[agent] += reward
            if done or truncated:
                env.step(None)
                continue
            seat = int(agent.rpartition("_")[2])
            hand = env.hand
            mask = obs["action_mask"]
            last = hand.last_discard
            engine = {action_index(a, None if last is None else last[1])
                      for a in hand.legal_actions(seat)}
            if engine != set(np.flatnonzero(mask).tolist()):
                out.mask_mismatch += 1
            try:
                env.step(int(rng.choice(np.flatnonzero(mask))))
            except ValueError:  # IllegalAction, or an index the driver has no action for
                out.illegal += 1
                continue
            out.steps += 1
        result = env.hand.result
        assert result is not None
        if [totals[f"player_{s}"] for s in range(len(result.payments))] != result.payments:
            out.reward_mismatch += 1
        out.hands += 1
        if every and out.hands % every == 0 and out.hands < hands:
            out.seconds = round(time.perf_counter() - start, 1)
            print(json.dumps({**asdict(out), "partial": True}), flush=True)
        env.reset()
    out.seconds = round(time.perf_counter() - start, 1)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m majiang.env.check", description=__doc__)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--rules", action="append", help="a ruleset (repeatable; default all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=0, help="print the counts every N hands")
    args = parser.parse_args(argv)
    bad = 0
    for rules in args.rules or available():
        result = masked_random(rules, args.hands, args.seed, args.every)
        print(json.dumps(asdict(result)), flush=True)
        bad += result.illegal + result.mask_mismatch + result.reward_mismatch
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
