"""Watchers of a table (issue 11, item 4): what they may see, when, and whether they may watch.

A watcher is a connection with no seat; it gets the spectator's events and views, which the engine
decides (`Event.visible_to(None)`, `hand.view(None)`): nothing here looks inside them. A table may
hold them back by `delay` actions: every step (the deal, each action) is queued, and a step is
sent once `delay` newer actions of its hand are played, so watchers are always at least `delay`
actions behind; when the hand ends, the queued tail follows one step every `pace` seconds
(scheduled on the event loop, never waited for). The owner may switch watching off: watchers are
then closed (4403), and unseated sockets refused, the owner's own excepted.

The settings live in the table's options JSON as `options["watch"] = {"allowed", "delay",
"pace"}`; absent keys take the defaults below.
"""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass
from typing import Any

from majiang.server.connection import Audience, Connection

KEY = "watch"
MAX_DELAY = 12
MAX_PACE = 5.0
CLOSED_TO_WATCHERS = 4403  # close code: the table does not allow watching
REFUSAL = "本桌不允许旁观 / watching is switched off at this table"


@dataclass(frozen=True)
class WatchSettings:
    """Whether a table may be watched, how many actions watchers are held back, and the pace
    (seconds per step) at which the held-back tail follows once a hand ends."""

    allowed: bool = True
    delay: int = 0
    pace: float = 1.0

    @classmethod
    def of(cls, options: dict[str, Any] | None) -> WatchSettings:
        """The settings in a table's options (defaults for what is missing or malformed)."""
        raw = (options or {}).get(KEY)
        raw = raw if isinstance(raw, dict) else {}
        allowed = raw.get("allowed", True)
        delay, pace = raw.get("delay", 0), raw.get("pace", 1.0)
        return cls(
            allowed=allowed if isinstance(allowed, bool) else True,
            delay=min(max(delay, 0), MAX_DELAY) if isinstance(delay, int) else 0,
            pace=min(max(float(pace), 0.0), MAX_PACE)
            if isinstance(pace, int | float) and not isinstance(pace, bool) else 1.0,
        )

    def to_json(self) -> dict[str, Any]:
        return {"allowed": self.allowed, "delay": self.delay, "pace": self.pace}


@dataclass
class Step:
    """What watchers get for one step of a hand: the deal (`no` 0) or action `no`."""

    hand: int
    no: int
    frames: list[dict[str, Any]]
    ended: bool = False  # its hand is over: it follows at the pace, no longer by count


class WatcherFeed:
    """The watchers' side of one table: their frames, held back by the table's settings."""

    def __init__(self, audience: Audience) -> None:
        self.audience = audience
        self.settings = WatchSettings()
        self.owner_id: int | None = None
        self.pending: deque[Step] = deque()
        self.hand: int | None = None  # the hand being played and its actions so far
        self.actions = 0
        self.shown: list[dict[str, Any]] = []  # what a watcher attaching now catches up with
        self.timer: asyncio.TimerHandle | None = None

    @property
    def delayed(self) -> bool:
        return self.settings.delay > 0 or bool(self.pending)

    @property
    def wanted(self) -> bool:
        """Whether anyone watches or may catch up later (else a step's frames can be skipped)."""
        return self.delayed or bool(self.watchers())

    def watchers(self) -> list[Connection]:
        return [c for c in self.audience.open() if c.seat is None]

    def may_watch(self, conn: Connection) -> bool:
        return self.settings.allowed or (conn.user_id is not None and conn.user_id == self.owner_id)

    def configure(self, settings: WatchSettings, owner_id: int | None) -> None:
        """New settings: watchers not allowed now are closed; no delay: what waits goes now."""
        self.settings, self.owner_id = settings, owner_id
        self.enforce()
        if settings.delay == 0:
            while self.pending:
                self._release(self.pending.popleft())
        else:
            self._release_due()

    def enforce(self) -> None:
        """Close every watcher who may not watch (watching switched off)."""
        for conn in self.watchers():
            if not self.may_watch(conn):
                refuse(conn)

    # -- what the table pushes -----------------------------------------------------------------

    def deal(self, hand: int, frames: list[dict[str, Any]]) -> None:
        """A new hand: its opening frames are step 0."""
        self.hand, self.actions = hand, 0
        self._push(Step(hand, 0, frames))

    def action(self, frames: list[dict[str, Any]]) -> None:
        """One more action of the hand in play, with its frames for watchers."""
        self.actions += 1
        self._push(Step(self.hand if self.hand is not None else -1, self.actions, frames))

    def extra(self, frames: list[dict[str, Any]]) -> None:
        """Frames that follow the last step (e.g. the match's end), in order after it."""
        if self.pending:
            self.pending[-1].frames.extend(frames)
        else:
            self._release(Step(-1, self.actions, frames))

    def end_hand(self) -> None:
        """The hand is over: what it still holds back follows at the pace."""
        for step in self.pending:
            step.ended = True
        self.hand = None
        self._release_due()

    def _push(self, step: Step) -> None:
        self.pending.append(step)
        self._release_due()

    # -- releasing -----------------------------------------------------------------------------

    def _due(self, step: Step) -> bool:
        return step.hand == self.hand and self.actions - step.no >= self.settings.delay

    def _release_due(self) -> None:
        """Send every step now due, in order; a finished hand's tail waits for the timer."""
        while self.pending:
            head = self.pending[0]
            if head.ended and self.settings.delay > 0:
                self._schedule()
                return
            if not head.ended and not self._due(head):
                return
            self._release(self.pending.popleft())

    def _schedule(self) -> None:
        if self.timer is None:
            loop = asyncio.get_running_loop()
            self.timer = loop.call_later(self.settings.pace, self._tick)

    def _tick(self) -> None:
        """One step of a finished hand's tail (run by the event loop between table messages)."""
        self.timer = None
        if self.pending and self.pending[0].ended:
            self._release(self.pending.popleft())
        self._release_due()

    def _release(self, step: Step) -> None:
        for conn in self.watchers():
            for frame in step.frames:
                conn.send(frame)
        self._remember(step.frames)

    def _remember(self, frames: list[dict[str, Any]]) -> None:
        """Keep the last state view and what came after it, for watchers attaching later."""
        for frame in frames:
            if frame.get("type") == "state":
                self.shown = [frame]
            elif frame.get("type") in ("settlement", "match_over"):
                self.shown.append(frame)

    def catch_up(self, conn: Connection) -> None:
        """A watcher attaching to a delayed table: the view it would have now."""
        for frame in self.shown:
            conn.send(frame)

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.pending.clear()


def refuse(conn: Connection) -> None:
    """Tell a watcher the table may not be watched, and close its socket (4403)."""
    conn.send({"type": "error", "error": REFUSAL})
    conn.close(code=CLOSED_TO_WATCHERS, reason="watching is off")
