"""Database work of the table actors, off the event loop, retried while the database is away.

Every step of a table that reads or writes the database runs in `DbWorker`'s bounded thread
pool (about the size of the connection pool) and is awaited by the table's task, which keeps
its one-message-at-a-time order while other tables and HTTP go on. A transient failure (the
connection refused or dropped, `database is locked`, the pool exhausted) is retried with a
capped backoff, logged and counted (`majiang_db_retries_total`); the table tells its players it
waits for the database, and again when the database is back. A step is retried whole, so each
step must be idempotent (see `HandStore.save_action`'s `again`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from majiang.server.metrics import DB_RETRIES, DB_WAITING

T = TypeVar("T")
log = logging.getLogger("majiang.db")

FIRST_BACKOFF = 0.05  # seconds before the first retry, doubled up to MAX_BACKOFF
MAX_BACKOFF = 2.0
SLOW_STEP = 5.0  # seconds a step may wait for the database before the players are told
WAITING = {"type": "notice", "notice": "db_waiting",
           "text": "数据库暂时不可用，牌桌稍候自动继续 / the database is unavailable for the "
                   "moment: the table waits and goes on by itself"}
BACK = {"type": "notice", "notice": "db_back",
        "text": "数据库已恢复，牌桌继续 / the database is back: the table goes on"}


def transient(exc: BaseException) -> bool:
    """Whether `exc` is a database failure that may pass: worth retrying the step."""
    if isinstance(exc, PoolTimeout | OperationalError):
        return True  # refused or lost connections, "database is locked", a server shutting down
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return True
    return "database is locked" in str(exc)


class Abandoned(Exception):
    """A step given up while the database was away, because its caller is stopping: nothing of
    it was stored (a table resumes from what was)."""


class DbWorker:
    """The threads the tables' database steps run in."""

    def __init__(self, workers: int) -> None:
        self.executor = ThreadPoolExecutor(workers, thread_name_prefix="db")

    async def run(self, step: Callable[[], T], *, where: str,
                  waiting: Callable[[bool], None] | None = None,
                  stopping: Callable[[], bool] = lambda: False) -> T:
        """`step()` in a worker thread; retried on a transient failure until it succeeds or
        `stopping()`. `waiting(True)` is called at the first failure, or when a try has waited
        `SLOW_STEP` seconds (a write lock held elsewhere: SQLite's busy wait), `waiting(False)`
        once the step is done."""
        loop = asyncio.get_running_loop()
        backoff, failures, told = FIRST_BACKOFF, 0, False

        def tell() -> None:
            nonlocal told
            if not told:
                told = True
                DB_WAITING.inc()
                if waiting is not None:
                    waiting(True)

        while True:
            running = loop.run_in_executor(self.executor, step)
            try:
                if not told:
                    done, _ = await asyncio.wait({running}, timeout=SLOW_STEP)
                    if not done:
                        log.warning("%s: the database has kept the step waiting %.0f s", where,
                                    SLOW_STEP)
                        tell()
                result = await running
            except Exception as exc:
                if not transient(exc) or stopping():
                    if told:
                        DB_WAITING.dec()
                    if transient(exc):
                        raise Abandoned(where) from exc
                    raise
                failures += 1
                DB_RETRIES.labels(where).inc()
                log.warning("%s: database unavailable (%s: %s), retry %d in %.2f s", where,
                            type(exc).__name__, str(exc).splitlines()[0][:200], failures,
                            backoff)
                tell()
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, MAX_BACKOFF)
                continue
            if told:
                DB_WAITING.dec()
                log.warning("%s: database back after %d retries", where, failures)
                if waiting is not None:
                    waiting(False)
            return result

    def shutdown(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
