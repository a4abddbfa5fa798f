"""Password hashing off the event loop and bounded: argon2id takes 64 MiB and about half a second
per hash, so at most `workers` run at once (a small thread pool of their own) and at most `queue`
wait; past that a log-in is refused as busy. An unknown name (or an account without a password)
is verified against a dummy hash, so it costs and answers in the time a real one does."""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from majiang.server import accounts

T = TypeVar("T")


class Busy(Exception):
    """Too many hashes waiting: the client should come back in a moment."""


class PasswordPool:
    """argon2 hashing and verification in `workers` threads, `queue` more waiting at most."""

    def __init__(self, workers: int, queue: int) -> None:
        self.workers, self.queue = max(1, workers), max(0, queue)
        self._pool = ThreadPoolExecutor(max_workers=self.workers,
                                        thread_name_prefix="argon2")
        self._lock = threading.Lock()
        self._pending = 0
        self._dummy: str | None = None
        self.verified = 0  # verifications run (real and dummy), for the tests and metrics
        self.peak = 0  # most hashes pending (running or waiting) at once
        self.running = self.peak_running = 0  # hashes computing now, and at most at once

    def _counted(self, fn: Callable[..., T], *args: str) -> T:
        with self._lock:
            self.running += 1
            self.peak_running = max(self.peak_running, self.running)
        try:
            return fn(*args)
        finally:
            with self._lock:
                self.running -= 1

    @property
    def pending(self) -> int:
        return self._pending

    async def _run(self, fn: Callable[..., T], *args: str) -> T:
        with self._lock:
            if self._pending >= self.workers + self.queue:
                raise Busy
            self._pending += 1
            self.peak = max(self.peak, self._pending)
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._pool, self._counted, fn, *args)
        finally:
            with self._lock:
                self._pending -= 1

    async def hash(self, password: str) -> str:
        return await self._run(accounts.hash_password, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether `password` matches `stored`; None (no such account) checks a dummy hash
        with the same cost and says False."""
        real = stored is not None
        if stored is None:
            if self._dummy is None:
                self._dummy = await self.hash(secrets.token_urlsafe(16))
            stored = self._dummy
        ok = await self._run(accounts.verify_password, stored, password)
        with self._lock:
            self.verified += 1
        return ok and real

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
