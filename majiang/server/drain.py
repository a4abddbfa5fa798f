"""Graceful drain on SIGTERM: the tables stop dealing and finish the hands in play (at most
`Settings.drain_seconds`, `MAJIANG_DRAIN_SECONDS`; what is left stays stored and is resumed by
the next start) while their sockets stay open, then the server shuts down as the signal asked.
A second SIGTERM shuts down at once."""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
from collections.abc import Callable, Coroutine
from types import FrameType
from typing import Any

log = logging.getLogger("majiang.table")

Drain = Callable[[float], Coroutine[Any, Any, None]]


def on_sigterm(drain: Drain, seconds: float) -> bool:
    """Put `drain(seconds)` before the running server's own SIGTERM handler (uvicorn's); only
    in the main thread of a process whose SIGTERM has a handler (not under a test client).
    Whether it was installed."""
    if threading.current_thread() is not threading.main_thread() or seconds <= 0:
        return False
    previous = signal.getsignal(signal.SIGTERM)
    if not callable(previous):
        return False
    loop = asyncio.get_running_loop()
    tasks: list[asyncio.Task[None]] = []

    def shut_down(_task: object = None) -> None:
        previous(signal.SIGTERM, None)

    def start() -> None:
        log.warning("SIGTERM: draining the tables for at most %.0f s", seconds)
        task = loop.create_task(drain(seconds))
        task.add_done_callback(shut_down)
        tasks.append(task)

    def handler(_sig: int, _frame: FrameType | None) -> None:
        signal.signal(signal.SIGTERM, previous)  # a second SIGTERM: at once
        loop.call_soon_threadsafe(start)

    signal.signal(signal.SIGTERM, handler)
    return True
