"""All live tables of the process, by code: started on demand, resumed on start, stopped."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session, sessionmaker

from majiang.server import lobby, queries
from majiang.server.botpool import BotPool
from majiang.server.messages import LobbyChanged, Stop
from majiang.server.models import Table
from majiang.server.settings import Settings
from majiang.server.table import TableRunner


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
        self.runner(code).put(LobbyChanged())

    def resume_all(self) -> None:
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
        return queries.table_json(db, table, self.runners.get(table.code))
