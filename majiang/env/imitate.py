"""Example: imitate the efficient bot with a small numpy policy, then play it against efficient.

    python -m majiang.env.imitate --rules tuidaohu --hands 300 --eval 200

Data: every decision of four efficient bots over `--hands` hands (the observation vector, the
mask, the bot's action index). Policy: an MLP (1121 -> 256 -> 247, ReLU) trained with masked
softmax cross-entropy and Adam. Evaluation: the policy (greedy over its mask) in seat 0 of
`SingleAgentEnv` against three efficient bots, next to the efficient bot itself in that seat on
the same seeds: win rate and units per hand.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from majiang.bots import get_bot
from majiang.env.actions import N_ACTIONS
from majiang.env.aec import HandDriver
from majiang.env.encoder import encode
from majiang.env.observation import SIZE
from majiang.env.single import SingleAgentEnv
from majiang.game.seat_view import SeatView

F32 = NDArray[np.float32]


def collect(rules: str, hands: int, seed: str = "imitate") -> tuple[F32, F32, NDArray[np.int64]]:
    """(observations, masks, action indices) of every decision of four efficient bots."""
    driver = HandDriver(rules)
    bots = [get_bot("efficient", f"{seed}/{s}") for s in range(driver.players)]
    obs: list[F32] = []
    masks: list[F32] = []
    labels: list[int] = []
    for i in range(hands):
        driver.deal(f"{seed}/{i}", dealer=i % driver.players)
        hand = driver.hand
        assert hand is not None
        while not hand.is_over:
            choices = {}
            for s, legal in driver.legal.items():
                chosen = bots[s].choose(SeatView.from_json(hand.view(s)), list(legal.values()))
                index = next(k for k, a in legal.items() if a is chosen or a == chosen)
                choices[s] = index
                if len(legal) > 1:  # a forced move teaches nothing
                    obs.append(encode(hand, s))
                    masks.append(driver.mask(s).astype(np.float32))
                    labels.append(index)
            driver.play(choices)
    return np.stack(obs), np.stack(masks), np.array(labels, np.int64)


@dataclass
class Policy:
    """A two-layer MLP over the observation vector, logits over the action space."""

    hidden: int = 256
    seed: int = 0
    params: dict[str, F32] = field(default_factory=dict)

    def __post_init__(self) -> None:
        rng = np.random.default_rng(self.seed)
        self.params = {
            "w1": (rng.standard_normal((SIZE, self.hidden)) * np.sqrt(2 / SIZE)).astype(np.float32),
            "b1": np.zeros(self.hidden, np.float32),
            "w2": (rng.standard_normal((self.hidden, N_ACTIONS)) * 0.01).astype(np.float32),
            "b2": np.zeros(N_ACTIONS, np.float32),
        }

    def logits(self, x: F32) -> tuple[F32, F32]:
        p = self.params
        h = np.maximum(x @ p["w1"] + p["b1"], 0.0)
        return h, h @ p["w2"] + p["b2"]

    def act(self, x: F32, mask: NDArray[Any]) -> int:
        _, z = self.logits(x[None, :])
        return int(np.where(mask > 0, z[0], -np.inf).argmax())


def train(policy: Policy, x: F32, m: F32, y: NDArray[np.int64], epochs: int = 8,
          batch: int = 256, lr: float = 1e-3) -> list[float]:
    """Masked cross-entropy with Adam; the loss of each epoch."""
    scale = np.float32(1.0) / np.maximum(x.max(0), 1.0).astype(np.float32)  # raw counts -> ~[0, 1]
    policy.params["scale"] = scale
    rng = np.random.default_rng(policy.seed)
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in policy.params.items()
               if k != "scale"}
    step, losses = 0, []
    for _ in range(epochs):
        order = rng.permutation(len(y))
        total = 0.0
        for at in range(0, len(y), batch):
            idx = order[at:at + batch]
            xb, mb, yb = x[idx] * scale, m[idx], y[idx]
            h, z = policy.logits(xb)
            z = np.where(mb > 0, z, -1e9)
            z = z - z.max(1, keepdims=True)
            prob = np.exp(z)
            prob /= prob.sum(1, keepdims=True)
            total += float(-np.log(prob[np.arange(len(yb)), yb] + 1e-12).sum())
            dz = prob
            dz[np.arange(len(yb)), yb] -= 1.0
            dz /= len(yb)
            p = policy.params
            dh = (dz @ p["w2"].T) * (h > 0)
            grads = {"w2": h.T @ dz, "b2": dz.sum(0), "w1": xb.T @ dh, "b1": dh.sum(0)}
            step += 1
            for k, g in grads.items():
                m1, m2 = moments[k]
                m1 *= 0.9
                m1 += 0.1 * g
                m2 *= 0.999
                m2 += 0.001 * g * g
                p[k] -= (lr * (m1 / (1 - 0.9 ** step))
                         / (np.sqrt(m2 / (1 - 0.999 ** step)) + 1e-8)).astype(np.float32)
        losses.append(total / len(y))
    return losses


def evaluate(rules: str, hands: int, choose: Any, seed: str = "eval") -> dict[str, float]:
    """`choose(obs, env)` in seat 0 against efficient bots: win rate and units per hand."""
    env = SingleAgentEnv(rules, seat=0, opponents="efficient")
    wins, units = 0, 0.0
    for i in range(hands):
        obs, _ = env.reset(options={"seed": f"{seed}/{i}", "dealer": i % env.driver.players})
        done, info = False, dict[str, Any]()
        while not done:
            obs, reward, done, _, info = env.step(choose(obs, env))
            units += reward
        wins += 0 in info["result"]["winners"]
    return {"win_rate": wins / hands, "units_per_hand": units / hands}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m majiang.env.imitate", description=__doc__)
    parser.add_argument("--rules", default="tuidaohu")
    parser.add_argument("--hands", type=int, default=300, help="hands of training data")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--eval", type=int, default=200, help="hands of evaluation")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    x, m, y = collect(args.rules, args.hands)
    policy = Policy()
    losses = train(policy, x, m, y, epochs=args.epochs)
    scale = policy.params["scale"]
    trained = time.perf_counter() - start
    accuracy = float(np.mean([policy.act(x[i] * scale, m[i]) == y[i]
                              for i in range(0, len(y), 7)]))
    ours = evaluate(args.rules, args.eval,
                    lambda obs, env: policy.act(obs["observation"] * scale, obs["action_mask"]))
    bot = get_bot("efficient", "eval/seat0")

    def efficient(obs: dict[str, Any], env: SingleAgentEnv) -> int:
        hand, legal = env.driver.hand, env.driver.legal[0]
        assert hand is not None
        chosen = bot.choose(SeatView.from_json(hand.view(0)), list(legal.values()))
        return next(k for k, a in legal.items() if a is chosen or a == chosen)

    baseline = evaluate(args.rules, args.eval, efficient)
    print(json.dumps({
        "rules": args.rules, "decisions": len(y), "losses": [round(v, 3) for v in losses],
        "agreement_with_efficient": round(accuracy, 3), "train_seconds": round(trained, 1),
        "policy": ours, "efficient": baseline, "eval_hands": args.eval,
        "seconds": round(time.perf_counter() - start, 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
