"""Database engine, sessions and programmatic Alembic migrations."""

from __future__ import annotations

import hashlib
import logging
import os
import sqlite3
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import URL, Engine, create_engine, event, text, update
from sqlalchemy.orm import Session, sessionmaker

from majiang.server import sqlitegate

MIGRATIONS = Path(__file__).with_name("migrations")
log = logging.getLogger("majiang.db")
SQLITE_TIMEOUT = 30.0  # seconds a SQLite writer waits for its turn before "database is locked"
POOL_SIZE = 20  # a server database's connections kept open: the tables' threads and HTTP's
POOL_OVERFLOW = 20  # opened beyond them at a peak, closed again after use
MIGRATION_LOCK = 0x6D616A69  # PostgreSQL advisory lock held while one process migrates


def normalize_url(url: str) -> str:
    """`postgres://` and `postgresql://` URLs use psycopg 3 (the driver the package ships with)."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str) -> Engine:
    """An engine for `url`; SQLite gets WAL mode, foreign keys and one writer at a time
    (`sqlitegate`)."""
    url = normalize_url(url)
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": SQLITE_TIMEOUT}
    else:  # connections kept open: an overflow connection opened and closed per use costs more
        kwargs.update(pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW)
    engine = create_engine(url, **kwargs)
    if url.startswith("sqlite"):

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        @event.listens_for(engine, "handle_error")
        def _readonly_is_a_disconnect(ctx: Any) -> None:
            # a connection opened while the file was read-only stays read-only after the mode
            # is mended: dropped like a lost one, so that the pool opens new ones
            if "readonly database" in str(ctx.original_exception):
                ctx.is_disconnect = True

        sqlitegate.install(engine, SQLITE_TIMEOUT)
    return engine


def sqlite_path(url: URL) -> Path | None:
    """The file of a SQLite URL (None: another database, or SQLite in memory)."""
    name = url.database if url.get_backend_name() == "sqlite" else None
    return Path(name) if name and name != ":memory:" else None


class SqliteFile:
    """The SQLite file a server opened, watched for what a query cannot see: deleted or replaced
    under it (the server would go on writing into the removed file, and a restart would make a
    new, empty database), or not writable. `guard` refuses writes once it is deleted or
    replaced; `problem` is what /readyz reports."""

    def __init__(self, engine: Engine) -> None:
        self.path = sqlite_path(engine.url)
        self.identity = self._identity()
        self.told: str | None = None  # the refusal last logged

    def _identity(self) -> tuple[int, int] | None:
        if self.path is None:
            return None
        try:
            st = self.path.stat()
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def moved(self) -> str | None:
        """Whether the file is gone or replaced (None: neither, or not SQLite), both languages."""
        if self.path is None:
            return None
        now = self._identity()
        if now is None:
            return f"数据库文件已不存在 / the database file {self.path} is gone"
        if now != self.identity:
            return f"数据库文件已被替换 / the database file {self.path} was replaced"
        return None

    def problem(self) -> str | None:
        """What is wrong with the file (None: nothing, or not SQLite), in both languages."""
        moved = self.moved()
        if moved is not None or self.path is None:
            return moved
        if not os.access(self.path, os.W_OK):
            return f"数据库文件不可写 / the database file {self.path} is not writable"
        return None

    def guard(self, engine: Engine) -> None:
        """Refuse `engine`'s writes while the file is gone or replaced: they would go into the
        removed inode, and a restart would lose them. The refusal is an `OperationalError`
        (HTTP answers 503, a table waits with its notice); reads go on from the open file."""
        if self.path is None:
            return

        def refuse(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
            if not sqlitegate.writes(statement):
                return
            moved = self.moved()
            if moved is None:
                return
            if self.told != moved:
                self.told = moved
                log.error("%s: every write is refused until the file is back and the server "
                          "restarted (copy /proc/%d/fd/N of the deleted file and its -wal back "
                          "first: a restart without them starts an empty database)", moved,
                          os.getpid())
            raise sqlite3.OperationalError(moved)

        event.listen(engine, "before_cursor_execute", refuse, insert=True)  # before the gate


def alembic_config(engine: Engine) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["engine"] = engine
    return cfg


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the newest migration."""
    if engine.dialect.name == "postgresql":  # cluster hook: processes starting at once take turns
        with engine.connect() as lock:
            lock.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK})
            try:
                command.upgrade(alembic_config(engine), "head")
            finally:
                lock.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": MIGRATION_LOCK})
                lock.commit()
        return
    command.upgrade(alembic_config(engine), "head")


def session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)


def lock_row(db: Session, kind: Any, row_id: int) -> None:
    """Take one row for the rest of the transaction: a no-op update, so the row lock on
    PostgreSQL and the database's write lock on SQLite (whose driver begins a transaction only
    at the first write). Reads after it see the newest data, and no other writer can change the
    row before the commit."""
    db.execute(update(kind).where(kind.id == row_id).values(id=kind.id))


def lock_name(db: Session, name: str) -> None:
    """Take a name for the rest of the transaction, so that transactions about one thing (say,
    one address's guests today) run one after the other: PostgreSQL's transaction advisory lock
    on the name's hash; SQLite's write lock (a write that changes nothing)."""
    if db.get_bind().dialect.name == "postgresql":
        key = int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), signed=True)
        db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": key})
    else:
        db.execute(text("UPDATE server_values SET key = key WHERE 0"))
