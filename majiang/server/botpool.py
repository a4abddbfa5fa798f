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
MAX_DEAD_IN_ROW = 3  # bot processes dying before any move, after which bots think on the loop


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
        self.dead_in_row = 0  # bot processes that died with no move answered in between

    def new_bot(self, seed: int) -> Any:
        return games.new_bot(self.bot_name, seed)

    @property
    def inline(self) -> bool:
        """Whether bots think on the loop itself (no executor)."""
        return self.executor is None

    def think(self, bot: Any, view: dict[str, Any], actions: list[Action],
              reply: Callable[[Action | None], None]) -> None:
        """Let `bot` choose among `actions` in the executor; `reply` gets the choice, on the
        loop (None if the bot failed), always: a move nobody replies to would freeze its table."""
        loop = asyncio.get_running_loop()
        future = self._submit(loop, bot, view, actions)
        if future is None:  # no bot process could start: this move is thought on the loop
            loop.call_soon(reply, decide(bot, view, actions))
            return
        executor = self.executor

        def done(f: asyncio.Future[Action | None]) -> None:
            try:
                if executor is not None and not f.cancelled() \
                        and isinstance(f.exception(), BrokenProcessPool):
                    self._restart(executor)  # the bot process died: this move is the default one
                else:
                    self.dead_in_row = 0
            finally:
                reply(_outcome(f))

        future.add_done_callback(done)

    def _submit(self, loop: asyncio.AbstractEventLoop, bot: Any, view: dict[str, Any],
                actions: list[Action]) -> asyncio.Future[Action | None] | None:
        """The move sent to the executor, once more to a new one if this one is found dead
        (None: there is no executor that can take it)."""
        for _ in range(2):
            executor = self.executor
            if executor is None:
                return None
            try:
                return loop.run_in_executor(executor, decide, bot, view, actions)
            except (BrokenProcessPool, OSError, RuntimeError):  # dead, or cannot start one
                self._restart(executor)
        return None

    def _restart(self, broken: Executor) -> None:
        """A new bot process in place of one that died (once per broken pool); when none can
        start (out of file descriptors, say) or they keep dying, bots think on the loop from
        then on."""
        if self.executor is not broken:
            return
        broken.shutdown(wait=False, cancel_futures=True)
        self.restarts += 1
        self.dead_in_row += 1
        if self.dead_in_row > MAX_DEAD_IN_ROW:  # they die as they start: stop starting them
            log.error("bot processes keep dying: bots think on the loop from now")
            self.executor = None
            return
        log.error("the bot process died: starting another")
        try:
            self.executor = make_executor(self.kind)
        except OSError:
            log.exception("no bot process could start: bots think on the loop from now")
            self.executor = None

    def shutdown(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
