"""Bots over the same view a person gets. `get_bot(name, seed)` builds one by name."""

from __future__ import annotations

from collections.abc import Callable

from majiang.bots.base import Bot
from majiang.bots.efficient import EfficientBot
from majiang.bots.random_bot import RandomBot
from majiang.bots.strong import StrongBot
from majiang.bots.value import ValueBot

BOTS: dict[str, Callable[[int | str | None], Bot]] = {
    "random": RandomBot,
    "efficient": EfficientBot,
    "value": ValueBot,
    "strong": StrongBot,
    # strength levels for tables (quick play: normal)
    "easy": EfficientBot,
    "normal": ValueBot,
}


def get_bot(name: str, seed: int | str | None = None) -> Bot:
    """A bot by name (see `BOTS`; easy / normal / strong are the table levels); ValueError
    names the known ones."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(BOTS)}") from None
    return factory(seed)


__all__ = ["BOTS", "Bot", "EfficientBot", "RandomBot", "StrongBot", "ValueBot", "get_bot"]
