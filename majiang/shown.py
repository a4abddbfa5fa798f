"""How an error message shows a value it was given: its repr, cut, so that no error ever echoes
a long input back (a 5,000-character ruleset id came back whole)."""

from __future__ import annotations

from typing import Any


def short(value: Any, limit: int = 24) -> str:
    """A value for an error message: its repr, cut to `limit` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
