"""A small learnable policy over the environment's observation: a linear softmax over the legal
actions, each action described by a few features read from the observation vector.

`features(rules, vector, indices)` gives one row per legal index: the action's kind (one-hot:
the kind's bias), and what it does to the hand, from the observation alone (`split(vector)`):
for a discard (or a declaration with its tile), the shanten after it, whether that is the
lowest on offer, its acceptance (unseen copies of the draws that improve it, as a share of the
best discard's), the tile's kind and copies held, how many copies are unseen, how many other
seats threw it, with the wall left, and against seats that threaten (the strong bot's reading:
declared, three sets out, two late) how safe it is; for a claim or a kong, how it changes
shanten.
Shanten and acceptance come from `majiang.analysis` with the ruleset's shapes and wuhan's
laizi as jokers. `LinearPolicy` scores rows with one weight vector; `PolicyBot` plays it behind
the bot interface (the arena), building the vector from the seat's view (`encode_view`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from majiang.analysis import Shape, acceptance, shanten
from majiang.env.actions import (
    CHOW_AT,
    DECLARE_AT,
    EXPOSED_KONG_AT,
    GRAB_AT,
    KONG_AT,
    PASS_AT,
    PICK_AT,
    PUNG_AT,
    WIN_AT,
    legal_index,
)
from majiang.env.observation import encode_view, split
from majiang.game.actions import DECLARE, DISCARD, KONG, Action
from majiang.game.phases import CLAIM, ROB, TURN
from majiang.game.seat_view import SeatView
from majiang.rules import get_ruleset
from majiang.rules.base import Ruleset
from majiang.tiles import KINDS

F32 = NDArray[np.float32]
KIND_NAMES = ("discard", "chow", "pung", "exposed_kong", "concealed_kong", "added_kong",
              "special_kong", "declare", "pick", "grab", "win", "pass")
_K = len(KIND_NAMES)
# after the kind: shanten after a discard (0..4+), lowest on offer, acceptance share, raw
# acceptance / 40, honour, terminal, middle, copies held (1, 2, 3+), unseen / 4, thrown by
# others / 3, wall_left / 100 x lowest, wall_left / 100 x thrown, shanten change of a claim or
# kong (lower, same, higher); against threats (a seat declared, with three sets out, or two
# late in the wall, as the strong bot's guard reads them), for a discard: threatened, share of
# the threats that threw it (genbutsu), that share when the hand is far (shanten 2+), a middle
# tile none of them threw, a suji of their discards, an honour with one copy unseen at most
DIM = _K + 5 + 1 + 2 + 3 + 3 + 1 + 1 + 2 + 3 + 6
LATE = 24  # wall tiles left: two sets out then threaten (as the strong bot's guard)


@cache
def _ruleset(rules: str) -> Ruleset:
    return get_ruleset(rules)


def _kind(index: int) -> int:
    if index < CHOW_AT:
        return 0
    if index < PUNG_AT:
        return 1
    fixed = {PUNG_AT: 2, EXPOSED_KONG_AT: 3, PICK_AT: 8, GRAB_AT: 9, WIN_AT: 10, PASS_AT: 11}
    if index in fixed:
        return fixed[index]
    if index >= DECLARE_AT:
        return 7
    if index < KONG_AT["added_kong"]:
        return 4
    return 5 if index < KONG_AT["red_kong"] else 6


def _tile(index: int) -> int:
    """The tile an index names (a discard, a kong or declaration of a kind), else -1."""
    if index < CHOW_AT:
        return index
    for at in (*KONG_AT.values(), DECLARE_AT):
        if at <= index < at + KINDS:
            return index - at
    return -1


def features(rules: str, vector: F32, indices: list[int]) -> F32:
    """One feature row per legal index (see the module docstring)."""
    ruleset = _ruleset(rules)
    f = split(vector)
    hand = [int(c) for c in f["hand"]]
    laizi = int(f["laizi"].argmax()) if f["laizi"].any() else None
    jokers = hand[laizi] if laizi is not None else 0
    plain = list(hand)
    if laizi is not None:
        plain[laizi] = 0
    seen = f["hand"] + f["melds"].sum((0, 1)) + f["discards"].sum(0) + f["revealed"][1:].sum(0)
    seen = seen + f["indicator"] + f["kong_tile"]
    unseen = [0] * KINDS
    for t in ruleset.kinds:
        unseen[t] = max(0, ruleset.copies - int(seen[t]))
    thrown = (f["discards"][1:] > 0).sum(0)
    wall = float(f["wall_left"][0]) / 100.0
    threats = _threats(f, ruleset)
    shapes = ruleset.shapes
    rows = np.zeros((len(indices), DIM), np.float32)
    options: dict[int, tuple[int, int]] = {}
    if any(_kind(i) in (0, 7) for i in indices) and sum(plain) + jokers <= 14 \
            and (sum(plain) + jokers) % 3 == 2:
        options = {o.discard: (o.shanten, o.count) for o in acceptance(
            plain, unseen, jokers, shapes, ruleset.kinds)}
    best = min((s for s, _ in options.values()), default=0)
    most = max((c for s, c in options.values() if s == best), default=0) or 1
    now = _shanten(plain, jokers, shapes)
    claimed = int(f["last_discard"][:KINDS].argmax()) if f["last_discard"].any() else -1
    for r, index in enumerate(indices):
        kind = _kind(index)
        row = rows[r]
        row[kind] = 1.0
        tile = _tile(index)
        at = _K
        if kind in (0, 7) and tile >= 0 and tile in options:
            after, count = options[tile]
            row[at + min(max(after, 0), 4)] = 1.0
            row[at + 5] = after == best
            row[at + 6] = count / most if after == best else 0.0
            row[at + 7] = count / 40.0
            row[at + 8 + (0 if tile >= 27 else 1 if tile % 9 in (0, 8) else 2)] = 1.0
            row[at + 11 + min(hand[tile], 3) - 1] = 1.0 if hand[tile] else 0.0
            row[at + 14] = unseen[tile] / 4.0
            row[at + 15] = thrown[tile] / 3.0
            row[at + 16] = wall * (after == best)
            row[at + 17] = wall * thrown[tile] / 3.0
            if threats:
                _guard(row, at + 21, f, threats, tile, after, unseen)
        elif kind in (1, 2, 3, 4, 5, 8, 9):
            change = _claim_change(plain, jokers, shapes, index, kind, tile, claimed, now)
            if change is not None:
                row[at + 18 + (0 if change < 0 else 1 if change == 0 else 2)] = 1.0
    return rows


def _threats(f: dict[str, F32], ruleset: Ruleset) -> list[int]:
    """The other seats' rows that are, or are likely, ready (see `LATE`)."""
    late = float(f["wall_left"][0]) < LATE
    out = []
    for rel in range(1, ruleset.players):
        melds = f["melds"][rel]
        sets = (melds[0].sum() + melds[1].sum()) / 3 + melds[2].sum() / 4
        if f["seat_info"][rel][0] or sets >= 3 or (late and sets >= 2):
            out.append(rel)
    return out


def _guard(row: F32, at: int, f: dict[str, F32], threats: list[int], tile: int, after: int,
           unseen: list[int]) -> None:
    """The defence features of discarding `tile` against the seats `threats`."""
    rivers = f["discards"]
    safe = sum(1 for rel in threats if rivers[rel][tile]) / len(threats)
    row[at] = 1.0
    row[at + 1] = safe
    row[at + 2] = safe if after >= 2 else 0.0
    if tile < 27:
        number = tile % 9
        suji = any((number >= 3 and rivers[rel][tile - 3])
                   or (number <= 5 and rivers[rel][tile + 3]) for rel in threats)
        row[at + 3] = 1.0 if 2 <= number <= 6 and not safe and not suji else 0.0
        row[at + 4] = 1.0 if suji else 0.0
    else:
        row[at + 5] = 1.0 if unseen[tile] <= 1 else 0.0


def _shanten(counts: list[int], jokers: int, shapes: Shape) -> int:
    try:
        return shanten(counts, jokers, shapes)
    except ValueError:
        return 8


def _claim_change(plain: list[int], jokers: int, shapes: Shape, index: int, kind: int,
                  tile: int, claimed: int, now: int) -> int | None:
    """Shanten after a claim or a kong, less shanten now (None: not worked out)."""
    after = list(plain)
    if kind == 1 and claimed >= 0:  # chow: the two other tiles of the run leave the hand
        low = claimed - (index - CHOW_AT)
        for t in (low, low + 1, low + 2):
            if t != claimed:
                after[t] -= 1
    elif kind == 2 and claimed >= 0:
        after[claimed] -= 2
    elif kind == 3 and claimed >= 0:
        after[claimed] -= 3
    elif kind == 4 and tile >= 0:
        after[tile] -= 4
    elif kind == 5 and tile >= 0:
        after[tile] -= 1
    else:
        return None
    if min(after) < 0:
        return None
    return _shanten(after, jokers, shapes) - now


@dataclass
class LinearPolicy:
    """Scores `weights . features` over the legal actions; softmax for sampling."""

    rules: str
    weights: F32 = field(default_factory=lambda: np.zeros(DIM, np.float32))

    def probabilities(self, rows: F32) -> F32:
        z = rows @ self.weights
        z = np.exp(z - z.max())
        out: F32 = (z / z.sum()).astype(np.float32)
        return out

    def greedy(self, rows: F32) -> int:
        return int((rows @ self.weights).argmax())

    def save(self, path: str) -> None:
        np.savez(path, rules=self.rules, weights=self.weights)

    @classmethod
    def load(cls, path: str) -> LinearPolicy:
        data = np.load(path)
        return cls(str(data["rules"]), data["weights"].astype(np.float32))


class PolicyBot:
    """A `LinearPolicy` as a bot (greedy): the arena's and the tables' interface."""

    name = "policy"
    uses_view = True

    def __init__(self, policy: LinearPolicy) -> None:
        self.policy = policy

    def choose(self, view: SeatView | None, legal: list[Action]) -> Action:
        assert view is not None
        if len(legal) == 1:
            return legal[0]
        turn = any(a.type in (DISCARD, DECLARE) or (a.type == KONG and a.kind != "exposed_kong")
                   for a in legal)
        phase = TURN if turn else ROB if view.kong_tile is not None else CLAIM
        claimed = None if view.last_discard is None else view.last_discard.tile
        by_index = legal_index(legal, claimed)
        indices = list(by_index)
        vector = encode_view(view, phase)
        return by_index[indices[self.policy.greedy(features(self.policy.rules, vector, indices))]]


def bot_factory(policy: LinearPolicy) -> Any:
    """A `get_bot`-style factory (seed ignored: the greedy policy is deterministic)."""
    return lambda seed=None: PolicyBot(policy)
