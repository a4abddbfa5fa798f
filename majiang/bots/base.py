"""The bot interface: a bot chooses one of the legal actions from what its seat may see."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from majiang.game.actions import Action
from majiang.game.seat_view import SeatView


class Bot(Protocol):
    """`choose` gets the seat's view, or None when `uses_view` is false, and the legal actions
    (never empty); it returns one of them."""

    name: str
    uses_view: bool

    def choose(self, view: SeatView | None, legal: list[Action]) -> Action: ...


def as_view(view: SeatView | Mapping[str, Any] | None) -> SeatView | None:
    """The typed view; a JSON view (protocol.md section 2) is parsed."""
    if view is None or isinstance(view, SeatView):
        return view
    return SeatView.from_json(view)


def decide(bot: Bot, view: SeatView | Mapping[str, Any] | None, legal: list[Action]) -> Action:
    """`bot`'s choice among `legal`: the JSON edge (a dict view is parsed, only if it is read)."""
    return bot.choose(as_view(view) if bot.uses_view else None, legal)
