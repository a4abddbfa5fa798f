"""All live tables of the process, by code: started on demand, resumed on start, stopped."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, Protocol

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session, sessionmaker

from majiang.server import lobby, queries
from majiang.server.botpool import BotPool
from majiang.server.messages import LobbyChanged, Stop
from majiang.server.models import Table
from majiang.server.settings import Settings
from majiang.server.table import TableRunner


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
                             forget)
        self.runners[code] = runner
        return runner

    def poke(self, code: str) -> None:
        """A lobby change happened at `code`: let its runner re-check (and deal if ready)."""
        if self.cluster is not None:  # cluster hook: the owner's actor, wherever it runs
            self.cluster.poke(code)
            return
        self.poke_local(code)

    def poke_local(self, code: str) -> None:
        self.runner(code).put(LobbyChanged())

    def resume_all(self) -> None:
        if self.cluster is not None:  # cluster hook: the cluster's scan claims open tables
            return
        with self.sessions() as db:
            codes = list(db.scalars(select(Table.code).where(Table.status.in_(lobby.OPEN))))
        for code in codes:
            self.runner(code)

    async def stop_all(self) -> None:
        runners = list(self.runners.values())
        for r in runners:
            r.put(Stop())
        for r in runners:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(r.task, 2)
        self.bots.shutdown()

    def table_json(self, db: Session, table: Table) -> dict[str, Any]:
        """The table with its live seats (connected, 托管) if its actor runs."""
        live: queries.LiveSeats | None = self.runners.get(table.code)
        if live is None and self.cluster is not None:  # cluster hook: another process's table
            live = self.cluster.live(table.code)
        return queries.table_json(db, table, live)
