"""Example: learn a small policy on the CPU in minutes (the command, with the arena, is
`majiang.env.imitate_cli`).

    python -m majiang.env.imitate_cli --rules tuidaohu --hands 300 --updates 4 --arena 100

1. Imitation: every decision with a choice of four `strong` bots (`--teacher`) over `--hands`
   hands, played through the environment's hand driver: the observation vector, the legal
   indices, the teacher's index. The policy (`majiang.env.policy.LinearPolicy`, a linear softmax
   over features of each legal action read from the observation) is fitted by masked
   cross-entropy (full-batch Adam).
2. Self-play: `--updates` REINFORCE updates, each from `--selfplay` hands where all seats are
   copies of the policy sampling from its softmax; an action's return is its seat's units in
   the hand (scaled by their spread), its gradient `features(a) - E[features]`.
3. The arena (`imitate_cli`): the greedy policy as bot `policy` against `efficient` by
   duplicate play, after imitation and after self-play.
"""

from __future__ import annotations

import zlib

import numpy as np
from numpy.typing import NDArray

from majiang import bots
from majiang.env.aec import HandDriver
from majiang.env.policy import DIM, F32, LinearPolicy, features

Decision = tuple[F32, int]  # feature rows of the legal actions, the index chosen


def collect(rules: str, hands: int, teacher: str = "strong",
            seed: str = "imitate") -> list[Decision]:
    """Every decision with a choice of four `teacher` bots, as (feature rows, chosen row)."""
    driver = HandDriver(rules)
    out: list[Decision] = []
    for i in range(hands):
        players = [bots.get_bot(teacher, f"{seed}/{i}/{s}") for s in range(driver.players)]
        driver.deal(f"{seed}/{i}", dealer=i % driver.players)
        hand = driver.hand
        assert hand is not None
        while not hand.is_over:
            choices = {}
            for s, legal in driver.legal.items():
                view = hand.seat_view(s) if players[s].uses_view else None
                chosen = players[s].choose(view, list(legal.values()))
                indices = list(legal)
                index = next(k for k, a in legal.items() if a is chosen or a == chosen)
                choices[s] = index
                if len(indices) > 1:  # a forced move teaches nothing
                    out.append((features(rules, driver.observe(s), indices),
                                indices.index(index)))
            driver.play(choices)
    return out


def _pad(decisions: list[Decision]) -> tuple[F32, NDArray[np.bool_], NDArray[np.int64]]:
    """Rows padded to the most candidates: (N x C x DIM, valid N x C, chosen N)."""
    most = max(len(rows) for rows, _ in decisions)
    x = np.zeros((len(decisions), most, DIM), np.float32)
    valid = np.zeros((len(decisions), most), np.bool_)
    for i, (rows, _) in enumerate(decisions):
        x[i, :len(rows)] = rows
        valid[i, :len(rows)] = True
    return x, valid, np.array([c for _, c in decisions], np.int64)


def _softmax(z: F32, valid: NDArray[np.bool_]) -> F32:
    z = np.where(valid, z, -1e9)
    z = np.exp(z - z.max(1, keepdims=True))
    out: F32 = z / z.sum(1, keepdims=True)
    return out


def imitate(policy: LinearPolicy, decisions: list[Decision], steps: int = 300,
            lr: float = 0.05) -> dict[str, float]:
    """Fit the weights to the teacher's choices (Adam on the mean cross-entropy)."""
    x, valid, y = _pad(decisions)
    w = policy.weights
    m1, m2 = np.zeros_like(w), np.zeros_like(w)
    rows = np.arange(len(y))
    loss = 0.0
    for step in range(1, steps + 1):
        p = _softmax(x @ w, valid)
        loss = float(-np.log(p[rows, y] + 1e-12).mean())
        p[rows, y] -= 1.0
        grad = np.einsum("nc,ncd->d", p, x) / len(y)
        m1 = 0.9 * m1 + 0.1 * grad
        m2 = 0.999 * m2 + 0.001 * grad * grad
        w -= (lr * (m1 / (1 - 0.9 ** step)) / (np.sqrt(m2 / (1 - 0.999 ** step)) + 1e-8)
              ).astype(np.float32)
    agreement = float(((x @ w + np.where(valid, 0, -1e9)).argmax(1) == y).mean())
    return {"decisions": len(y), "loss": round(loss, 4), "agreement": round(agreement, 4)}


def self_play(policy: LinearPolicy, hands: int, seed: str, lr: float = 1.0) -> dict[str, float]:
    """One REINFORCE update from `hands` hands of the policy against copies of itself."""
    driver = HandDriver(policy.rules)
    rng = np.random.default_rng(zlib.crc32(seed.encode()))
    grads: list[F32] = []
    returns: list[float] = []
    for i in range(hands):
        driver.deal(f"{seed}/{i}", dealer=i % driver.players)
        hand = driver.hand
        assert hand is not None
        taken: list[tuple[int, F32]] = []  # (seat, features(a) - E[features])
        while not hand.is_over:
            choices = {}
            for s, legal in driver.legal.items():
                indices = list(legal)
                if len(indices) == 1:
                    choices[s] = indices[0]
                    continue
                rows = features(policy.rules, driver.observe(s), indices)
                p = policy.probabilities(rows)
                k = int(rng.choice(len(indices), p=p))
                choices[s] = indices[k]
                taken.append((s, rows[k] - p @ rows))
            driver.play(choices)
        assert hand.result is not None
        for s, g in taken:
            grads.append(g)
            returns.append(float(hand.result.payments[s]))
    if not grads:
        return {"decisions": 0}
    r = np.array(returns, np.float32)
    scale = float(r.std()) or 1.0
    step = (r[:, None] / scale * np.stack(grads)).mean(0)
    policy.weights += (lr * step).astype(np.float32)
    return {"decisions": len(grads), "mean_units": round(float(r.mean()), 4),
            "step_norm": round(float(np.linalg.norm(lr * step)), 5)}
