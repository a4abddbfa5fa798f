"""Events: every change of a hand, addressed to one seat, to all, or to all but one.

`to=None` is public (every seat and spectators); `to=s` is seat s alone; `exclude=s` sends a public
event to everyone except seat s (the others' copy of a draw, without the tile).
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One change (immutable; a named tuple because a hand makes several per step)."""

    kind: str
    to: int | None
    data: dict[str, Any]
    exclude: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether `seat` (None: a spectator) receives this event."""
        if self.to is not None:
            return seat == self.to
        return seat is None or seat != self.exclude

    def to_json(self) -> dict[str, Any]:
        """The wire form: {"type": kind, ...data}."""
        return {"type": self.kind, **self.data}

    def to_record(self) -> dict[str, Any]:
        """The record form, keeping the address."""
        out: dict[str, Any] = {"type": self.kind, **self.data, "to": self.to}
        if self.exclude is not None:
            out["exclude"] = self.exclude
        return out
