"""`random`: a uniformly random legal action."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from majiang.game.actions import Action
from majiang.game.seat_view import SeatView


class RandomBot:
    name = "random"
    uses_view = False

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: SeatView | Mapping[str, Any] | None, legal: list[Action]) -> Action:
        """One of `legal`, the view unread."""
        return legal[int(self._rng.random() * len(legal))]
