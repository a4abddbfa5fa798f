"""The SQLite write gate: this process's writers take turns, every way a transaction ends gives
the turn back, and readers never wait for it."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.exc import IntegrityError, OperationalError

from majiang.server import sqlitegate
from majiang.server.db import make_engine

TURN = 0.5  # seconds a writer waits for its turn in these tests


def gated(path: Path) -> tuple[Engine, sqlitegate.WriteGate]:
    engine = create_engine(f"sqlite:///{path}", connect_args={"check_same_thread": False})
    with engine.begin() as conn:
        conn.execute(text("PRAGMA journal_mode=WAL"))
        conn.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)"))
    return engine, sqlitegate.install(engine, TURN)


def free(gate: sqlitegate.WriteGate) -> bool:
    if not gate.turn.acquire(timeout=TURN):
        return False
    gate.turn.release()
    return not gate.holders


def test_statements_that_write() -> None:
    assert all(sqlitegate.writes(s) for s in ("INSERT INTO t", " update t", "DELETE FROM t",
                                              "CREATE TABLE x (a)", "REPLACE INTO t"))
    assert not any(sqlitegate.writes(s) for s in ("SELECT 1", "PRAGMA foreign_keys=ON",
                                                  "WITH x AS (SELECT 1) SELECT *"))


def test_every_end_of_a_transaction_gives_the_turn_back(tmp_path: Path) -> None:
    engine, gate = gated(tmp_path / "g.db")
    with engine.begin() as conn:  # commit
        conn.execute(text("INSERT INTO t (id, v) VALUES (1, 1)"))
        assert not free_elsewhere(gate)
    assert free(gate)
    with engine.connect() as conn:  # rollback
        conn.execute(text("INSERT INTO t (id, v) VALUES (2, 2)"))
        conn.rollback()
    assert free(gate)
    with engine.connect() as conn:  # returned to the pool mid-transaction: reset
        conn.execute(text("UPDATE t SET v = 5"))
    assert free(gate)
    auto = engine.execution_options(isolation_level="AUTOCOMMIT")
    with auto.connect() as conn:  # autocommit: after the statement itself
        conn.execute(text("INSERT INTO t (id, v) VALUES (3, 3)"))
        assert free_elsewhere(gate)
        with pytest.raises(IntegrityError):  # a failed statement too
            conn.execute(text("INSERT INTO t (id, v) VALUES (3, 3)"))
        assert free_elsewhere(gate)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM t")).scalar() == 2


def free_elsewhere(gate: sqlitegate.WriteGate) -> bool:
    """Whether another thread could take the turn now."""
    got: list[bool] = []

    def take() -> None:
        ok = gate.turn.acquire(timeout=0.05)
        if ok:
            gate.turn.release()
        got.append(ok)

    thread = threading.Thread(target=take)
    thread.start()
    thread.join()
    return got[0]


def test_writers_take_turns_and_a_reader_never_waits(tmp_path: Path) -> None:
    engine, gate = gated(tmp_path / "turns.db")
    holding, done = threading.Event(), threading.Event()

    def writer_holding_its_turn() -> None:
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO t (id, v) VALUES (100, 0)"))
            holding.set()
            done.wait(5)

    thread = threading.Thread(target=writer_holding_its_turn)
    thread.start()
    assert holding.wait(5)
    with engine.connect() as conn:  # a reader goes on while a writer holds the turn
        assert conn.execute(text("SELECT count(*) FROM t")).scalar() == 0
    with pytest.raises(OperationalError, match="database is locked"), engine.begin() as conn:
        conn.execute(text("INSERT INTO t (id, v) VALUES (101, 0)"))  # waits TURN, then refused
    done.set()
    thread.join()
    assert free(gate)


def test_eight_threads_write_at_once_and_every_row_lands(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'many.db'}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, thread INTEGER)"))
    auto = engine.execution_options(isolation_level="AUTOCOMMIT")
    failures: list[BaseException] = []

    def write(n: int) -> None:
        try:
            for i in range(60):
                target = auto if i % 3 == 0 else engine
                with target.begin() as conn:
                    conn.execute(text("INSERT INTO t (thread) VALUES (:n)"), {"n": n})
                    conn.execute(text("SELECT count(*) FROM t"))
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    raw = sqlite3.connect(tmp_path / "many.db")
    assert raw.execute("SELECT thread, count(*) FROM t GROUP BY thread").fetchall() == [
        (n, 60) for n in range(8)]
