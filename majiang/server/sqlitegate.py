"""One writer at a time among a process's connections to a SQLite file, queued in the process.

SQLite lets one connection write at a time; a second writer meets `SQLITE_BUSY` and its busy
handler sleeps in growing steps (1, 2, 5 ... 100 ms) before it looks again, so eight database
threads writing at once spend their time asleep: at 50 tables p99 went from 17 to 150-280 ms.
The gate makes this process's writers wait their turn on a lock instead, handed over the moment
the writer before commits. Readers never wait on it (WAL mode lets them read during a write),
and a writer outside the process is still met by SQLite's own busy timeout.

A connection enters the gate at its first writing statement and leaves once its transaction
ends: at commit, rollback or close, or after the statement itself in autocommit mode.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine, event

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER")


def writes(statement: str) -> bool:
    """Whether a statement takes SQLite's write lock."""
    return statement.lstrip()[:7].upper().startswith(WRITES)


class WriteGate:
    """The process's turn to write: held by the connections (DBAPI ids) of one thread at a
    time; another connection of the holding thread passes (SQLite decides, as without a gate)."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.turn = threading.Lock()
        self.books = threading.Lock()  # guards `owner` and `holders`
        self.owner: int | None = None  # the thread whose connections hold the turn
        self.holders: set[int] = set()

    def enter(self, conn: int) -> None:
        with self.books:
            if conn in self.holders:
                return
            if self.owner == threading.get_ident():
                self.holders.add(conn)
                return
        if not self.turn.acquire(timeout=self.timeout):
            raise sqlite3.OperationalError("database is locked")
        with self.books:
            self.owner = threading.get_ident()
            self.holders.add(conn)

    def leave(self, conn: int) -> None:
        with self.books:
            if conn not in self.holders:
                return
            self.holders.discard(conn)
            if self.holders:
                return
            self.owner = None
        self.turn.release()


def _key(connection: Any) -> int:
    """The DBAPI connection's id, whether given it or the pool's proxy around it."""
    return id(getattr(connection, "dbapi_connection", connection))


def _leaving(gate: WriteGate, end: Callable[[Any], None]) -> Callable[[Any], None]:
    def ended(connection: Any) -> None:
        try:
            end(connection)
        finally:
            gate.leave(_key(connection))
    return ended


def install(engine: Engine, timeout: float) -> WriteGate:
    """Put `engine`'s SQLite writers through one gate."""
    gate = WriteGate(timeout)

    @event.listens_for(engine, "before_cursor_execute")
    def _enter(_conn: Any, cursor: Any, statement: str, *_args: Any) -> None:
        if writes(statement):
            gate.enter(_key(cursor.connection))

    @event.listens_for(engine, "after_cursor_execute")
    def _autocommitted(_conn: Any, cursor: Any, *_args: Any) -> None:
        if not cursor.connection.in_transaction:
            gate.leave(_key(cursor.connection))

    @event.listens_for(engine, "handle_error")
    def _failed(context: Any) -> None:
        cursor = getattr(context.execution_context, "cursor", None)  # None: no statement ran
        dbapi = getattr(cursor, "connection", None)
        if dbapi is not None and not dbapi.in_transaction:
            gate.leave(_key(dbapi))

    dialect = engine.dialect
    for name in ("do_commit", "do_rollback", "do_close"):
        setattr(dialect, name, _leaving(gate, getattr(dialect, name)))
    return gate
