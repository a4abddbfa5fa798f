"""The bot interface: a bot chooses one of the legal actions from what its seat may see."""

from __future__ import annotations

from typing import Any, Protocol

from majiang.game.actions import Action


class Bot(Protocol):
    """`choose` gets the seat's view (protocol.md section 2), or None when `uses_view` is false,
    and the legal actions (never empty); it returns one of them."""

    name: str
    uses_view: bool

    def choose(self, view: dict[str, Any] | None, legal: list[Action]) -> Action: ...
