"""`random`: a uniformly random legal action."""

from __future__ import annotations

import random
from typing import Any

from majiang.game.actions import Action


class RandomBot:
    name = "random"
    uses_view = False

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any] | None, legal: list[Action]) -> Action:
        return legal[int(self._rng.random() * len(legal))]
