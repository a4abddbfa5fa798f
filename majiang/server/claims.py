"""Claim protection: after a discard (or an added kong, which may be robbed), the next event
waits the table's claim window whether or not anyone could claim, so the time between the tile
put out and what follows tells nothing about who holds (or waits on) what.

The discard itself is sent at once. What follows it (the next draw when nobody can claim; a
claim, a pass or a win when someone could, answered within the window) is held and sent when
the window ends; seats that may claim get their prompt at once (it is theirs alone), and a bot
answering a claim prompt pauses within the window. A person who thinks longer than the window
is waited for, as before. The window is `Settings.claim_delay` (`MAJIANG_CLAIM_DELAY`), 0 for a
hand with no person in it. Each discard's decision is kept (`decisions`) for the tests and
the curious.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from majiang.server import ledger
from majiang.server.games import Action, Event
from majiang.server.messages import ClaimRelease, Message
from majiang.server.metrics import CLAIM_HOLDS
from majiang.server.settings import Settings

DEFAULT_WINDOW = 0.8  # seconds, when the settings name none and bots do not play at full speed


def window_seconds(settings: Settings, bots: list[bool]) -> float:
    """The claim window of a hand whose seats are bots as `bots` says: none without a person;
    else the settings' `claim_delay`, by default 0.8 s (0 when bots play at full speed, the
    setting of the tests and load tests)."""
    if all(bots):
        return 0.0
    if settings.claim_delay is not None:
        return max(0.0, settings.claim_delay)
    return DEFAULT_WINDOW if settings.bot_delay[1] > 0 else 0.0


def opens_window(action: Action) -> bool:
    """Whether others may take the tile this action puts out: a discard (a claim), or an added
    kong (robbing it): what follows waits the window either way."""
    return action.type == "discard" or (action.type == "kong" and action.kind == "added_kong")


def after_put_out(events: list[Event]) -> int:
    """Where the events of a discard or an added kong split: the tile put out (sent at once) and
    what follows (held)."""
    for i, event in enumerate(events):
        if event.kind in ("discard", "kong"):
            return i + 1
    return 0


@dataclass
class Hold:
    """One discard's scheduling decision: the window the table waits before its next event and
    whether anyone could claim (the window is the same either way); when the window opened and
    when what it held was released (monotonic seconds; None: not yet, or the hand was dropped)."""

    action_idx: int
    claimable: bool
    window: float
    opened: float
    released: float | None = None


@dataclass(frozen=True)
class Batch:
    """An action's frames held until the window ends: its events, their settlements, and the
    settlement screen if the hand ended; `continued`: the rest of an action already sent in
    part (a discard's own event went at once), not an action of its own for the watchers."""

    events: list[Event]
    posted: list[ledger.Posted]
    screen: dict[str, Any] | None
    continued: bool = False


class ClaimWindow:
    """A table's claim window: open from a discard until `window` seconds later."""

    def __init__(self, put: Callable[[Message], None]) -> None:
        self.put = put
        self.until = 0.0
        self.handle: asyncio.TimerHandle | None = None
        self.token = 0
        self.batches: list[Batch] = []
        self.over = False
        self.decisions: deque[Hold] = deque(maxlen=512)

    @property
    def open(self) -> bool:
        return self.handle is not None

    def left(self) -> float:
        """Seconds until the window ends (0 when none is open)."""
        return max(0.0, self.until - time.monotonic()) if self.open else 0.0

    def start(self, window: float, action_idx: int, claimable: bool) -> None:
        """A discard: hold what follows for `window` seconds."""
        self.cancel()
        self.token += 1
        now = time.monotonic()
        self.until = now + window
        self.handle = asyncio.get_running_loop().call_later(
            window, self.put, ClaimRelease(self.token))
        self.decisions.append(Hold(action_idx, claimable, window, now))
        CLAIM_HOLDS.inc()

    def hold(self, batch: Batch, over: bool) -> None:
        self.batches.append(batch)
        self.over = self.over or over

    def release(self, token: int) -> tuple[list[Batch], bool] | None:
        """The window ended: what it held and whether the hand is over (None: a stale timer)."""
        if token != self.token or not self.open:
            return None
        batches, over = self.batches, self.over
        self.handle, self.batches, self.over = None, [], False
        if self.decisions:
            self.decisions[-1].released = time.monotonic()
        return batches, over

    def cancel(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
        self.handle, self.batches, self.over = None, [], False
