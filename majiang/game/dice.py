"""The dice that open the wall (jincheng.md 1, tuidaohu.md 1, yangzhou.md, kawuxing.md, wuhan.md 1).

The wall is dealt in taking order from a uniform shuffle, so where the dice break the ring of
stacks changes no tile's chances: the dice are rolled from the hand's seed (a source of their own,
so the shuffle stays as it was) to be shown and recorded, as at a real table.

- One throw (tuidaohu, yangzhou, kawuxing, wuhan): the dealer throws two dice, sum `s`; counting
  the dealer as 1 in turn order, the wall of seat `(dealer + s - 1) mod n` is broken, `s` stacks in.
- Two throws (jincheng 1, D19): the seat so reached throws again, sum `s2`; the cut is `s + s2`
  stacks from the right-hand end of that second thrower's wall.
"""

from __future__ import annotations

import random
from typing import Any

from majiang.game.wall import SEED_KEY


def roll(seed: str | int, dealer: int, players: int, throws: int = 1) -> dict[str, Any]:
    """`{"throws": [{"seat": S, "dice": [a, b]}, ...], "break_seat": X, "cut": c}`."""
    rng = random.Random(f"{SEED_KEY}:{seed}/dice")
    first = [rng.randint(1, 6), rng.randint(1, 6)]
    reached = (dealer + sum(first) - 1) % players
    out: list[dict[str, Any]] = [{"seat": dealer, "dice": first}]
    cut = sum(first)
    if throws == 2:
        second = [rng.randint(1, 6), rng.randint(1, 6)]
        out.append({"seat": reached, "dice": second})
        cut += sum(second)
    return {"throws": out, "break_seat": reached, "cut": cut}
