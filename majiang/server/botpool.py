"""The bot pool: where bots think, off the event loop, so a slow decision never holds it up."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from majiang.server import games
from majiang.server.games import Action
from majiang.server.workers import when_parent_gone

log = logging.getLogger("majiang.table")


def make_executor(kind: str) -> Executor | None:
    """"process" (a worker process: no GIL contention with the loop), "thread", or "inline"
    (None: bots think on the loop)."""
    if kind == "process":
        return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=start_worker, initargs=(os.getpid(),))
    if kind == "thread":
        return ThreadPoolExecutor(1, thread_name_prefix="bot")
    if kind == "inline":
        return None
    raise ValueError(f"bot pool must be process, thread or inline, got {kind!r}")


def start_worker(parent: int) -> None:
    """The bot process's start: leave with the server, and compile (or load) the bots' tile
    acceptance before the first move asks for it."""
    leave_with_parent(parent)
    games.warm_analysis()


def leave_with_parent(parent: int) -> None:
    """In the bot process: exit once the server that started it is gone. A pool worker waits on
    a queue it holds both ends of, so a server killed with SIGKILL would leave it (and the
    multiprocessing resource tracker) running for good."""
    when_parent_gone(parent, lambda: os._exit(0), 0.5)


def decide(bot: Any, view: dict[str, Any], actions: list[Action]) -> Action | None:
    """A bot's choice (None if it failed: the caller falls back to the default action)."""
    try:
        return games.bot_choose(bot, view, actions)
    except Exception:
        log.exception("bot failed; default action")
        return None


def _outcome(future: asyncio.Future[Action | None]) -> Action | None:
    if future.cancelled() or future.exception() is not None:
        return None
    return future.result()


class BotPool:
    """The process's bots: the bot that fills seats and plays 托管, and the executor they think in.

    `turn` is held while a bot's move is applied: across all tables at most one bot move per loop
    iteration, so a busy server slows its bots down rather than the replies to its players."""

    def __init__(self, kind: str, bot_name: str) -> None:
        games.new_bot(bot_name, 0)  # an unknown bot name fails here, not mid-hand
        self.bot_name = bot_name
        self.kind = kind
        self.executor = make_executor(kind)
        self.turn = asyncio.Lock()
        self.restarts = 0  # bot processes started again after one died

    def new_bot(self, seed: int) -> Any:
        return games.new_bot(self.bot_name, seed)

    @property
    def inline(self) -> bool:
        """Whether bots think on the loop itself (no executor)."""
        return self.executor is None

    def think(self, bot: Any, view: dict[str, Any], actions: list[Action],
              reply: Callable[[Action | None], None]) -> None:
        """Let `bot` choose among `actions` in the executor; `reply` gets the choice, on the
        loop (None if the bot failed)."""
        executor = self.executor
        assert executor is not None
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(executor, decide, bot, view, actions)
        except BrokenProcessPool:  # found dead before this move: a new process thinks it
            self._restart(executor)
            executor = self.executor
            assert executor is not None
            future = loop.run_in_executor(executor, decide, bot, view, actions)

        def done(f: asyncio.Future[Action | None]) -> None:
            if not f.cancelled() and isinstance(f.exception(), BrokenProcessPool):
                self._restart(executor)  # the bot process died: this move is the default one
            reply(_outcome(f))

        future.add_done_callback(done)

    def _restart(self, broken: Executor) -> None:
        """A new bot process in place of one that died (once per broken pool)."""
        if self.executor is not broken:
            return
        log.error("the bot process died: starting another")
        broken.shutdown(wait=False, cancel_futures=True)
        self.executor = make_executor(self.kind)
        self.restarts += 1

    def shutdown(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
