"""All live tables of the process, by code: started on demand, resumed on start (every table
with a hand in play, closed or not), drained on SIGTERM (`drain.py`), stopped. Their database
steps share one bounded pool of threads (`dbwork.DbWorker`), the size of the connection pool."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any, Protocol

from sqlalchemy import Engine, or_, select
from sqlalchemy.orm import Session, sessionmaker

from majiang.server import lobby, queries
from majiang.server.botpool import BotPool
from majiang.server.dbwork import DbWorker
from majiang.server.drain import on_sigterm
from majiang.server.messages import LobbyChanged, Stop
from majiang.server.models import Hand, Table
from majiang.server.settings import Settings
from majiang.server.table import TableRunner

log = logging.getLogger("majiang.table")
DB_THREADS = 8  # at most, and never more than the connection pool holds


def resumable(db: Session) -> list[str]:
    """The codes of the tables a process resumes: every open table, and every table with a
    hand still playing (a table closed while its hand played is played out, never lost)."""
    playing = select(Hand.table_id).where(Hand.status == "playing")
    return list(db.scalars(
        select(Table.code).where(or_(Table.status.in_(lobby.OPEN), Table.id.in_(playing)))))


class Directory(Protocol):
    """Cluster hook: the tables of several processes (majiang.server.cluster.Cluster)."""

    def poke(self, code: str) -> None: ...
    def live(self, code: str) -> queries.LiveSeats | None: ...


class TableManager:
    """The process's table actors and what they share (sessions, settings, the bot pool)."""

    def __init__(self, sessions: sessionmaker[Session], settings: Settings,
                 bots: BotPool) -> None:
        self.sessions = sessions
        self.settings = settings
        self.bots = bots
        self.runners: dict[str, TableRunner] = {}
        bind: Engine = sessions.kw["bind"]
        self.autocommit = bind.execution_options(isolation_level="AUTOCOMMIT")
        pool_size = getattr(bind.pool, "size", lambda: DB_THREADS)()
        self.worker = DbWorker(max(1, min(DB_THREADS, pool_size)))
        self.loop: asyncio.AbstractEventLoop | None = None  # the tables' loop, once started
        self.draining = False
        self.cluster: Directory | None = None  # cluster hook: set by cluster.start_cluster

    def runner(self, code: str) -> TableRunner:
        existing = self.runners.get(code)
        if existing is not None and not existing.closed:
            return existing
        runner: TableRunner

        def forget() -> None:
            if self.runners.get(code) is runner:
                del self.runners[code]

        runner = TableRunner(code, self.sessions, self.autocommit, self.settings, self.bots,
                             forget, self.worker)
        runner.draining = self.draining
        self.runners[code] = runner
        return runner

    def poke(self, code: str) -> None:
        """A lobby change happened at `code`: let its runner re-check (and deal if ready). Safe
        from an HTTP handler's worker thread: the poke is handed to the tables' loop."""
        if self.loop is not None and not _on_loop(self.loop):
            self.loop.call_soon_threadsafe(self.poke, code)
            return
        if self.cluster is not None:  # cluster hook: the owner's actor, wherever it runs
            self.cluster.poke(code)
            return
        self.poke_local(code)

    def poke_local(self, code: str) -> None:
        self.runner(code).put(LobbyChanged())

    def resume_all(self) -> None:
        """On start (on the tables' loop): resume every table with a hand in play or open; on
        SIGTERM drain first (`drain.on_sigterm`)."""
        self.loop = asyncio.get_running_loop()
        on_sigterm(self.drain, self.settings.drain_seconds)
        if self.cluster is not None:  # cluster hook: the cluster's scan claims open tables
            return
        with self.sessions() as db:
            codes = resumable(db)
        for code in codes:
            self.runner(code)

    async def drain(self, seconds: float) -> None:
        """No new hand anywhere; wait up to `seconds` for the hands in play to finish (the
        rest stay stored, resumed by the next start)."""
        self.draining = True
        for r in self.runners.values():
            r.draining = True
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and any(
                not r.idle for r in self.runners.values() if not r.closed):
            await asyncio.sleep(0.1)
        left = [r for r in self.runners.values() if not r.closed and not r.idle]
        for r in left:  # stopped now, before the sockets close and bots take their seats
            r.stopping = True
            r.put(Stop())
        for r in left:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(r.task, 2)
        log.warning("drained: %d hands still in play are left stored for the next start",
                    len(left))

    async def stop_all(self) -> None:
        runners = list(self.runners.values())
        for r in runners:
            r.stopping = True  # a table waiting for the database gives up
            r.put(Stop())
        for r in runners:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(r.task, 2)
        self.bots.shutdown()
        self.worker.shutdown()

    def table_json(self, db: Session, table: Table) -> dict[str, Any]:
        """The table with its live seats (connected, 托管) if its actor runs."""
        live: queries.LiveSeats | None = self.runners.get(table.code)
        if live is None and self.cluster is not None:  # cluster hook: another process's table
            live = self.cluster.live(table.code)
        return queries.table_json(db, table, live)


def _on_loop(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False
