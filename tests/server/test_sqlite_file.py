"""The SQLite file deleted or replaced under a running server: every write is refused from then
on (HTTP 503, a table waits with its `db_waiting` notice) instead of going into the unlinked
inode, where a restart would lose it; reads go on. A probe deleted the file mid-hand: /readyz
said 503, but a sign-up was answered 200 and the hand played on, all of it lost to a restart."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_player import Transcript, auth, signup, table_socket
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from majiang.server.app import create_app
from majiang.server.db import SqliteFile, make_engine, migrate
from majiang.server.settings import Settings


def remove(path: Path, fault: str) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    if fault == "replaced":
        sqlite3.connect(path).close()  # a new, empty file at the same path


@pytest.mark.parametrize("fault", ["deleted", "replaced"])
def test_writes_are_refused_once_the_file_is_gone_reads_go_on(fault: str, tmp_path: Path) -> None:
    path = tmp_path / "guarded.db"
    engine = make_engine(f"sqlite:///{path}")
    try:
        migrate(engine)
        SqliteFile(engine).guard(engine)
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE t (x INTEGER)"))
            conn.execute(text("INSERT INTO t VALUES (1)"))
        remove(path, fault)
        with pytest.raises(OperationalError) as refused, engine.begin() as conn:
            conn.execute(text("INSERT INTO t VALUES (2)"))
        message = str(refused.value.orig)
        assert ("is gone" if fault == "deleted" else "was replaced") in message
        assert "数据库文件" in message and " / " in message  # 中文 / English
        with engine.connect() as conn:  # the open connections still read what was there
            assert conn.execute(text("SELECT x FROM t")).scalars().all() == [1]
    finally:
        engine.dispose()


def test_files_that_are_not_sqlite_files_are_not_guarded(tmp_path: Path) -> None:
    engine = make_engine("sqlite://")  # in memory: nothing to watch
    try:
        SqliteFile(engine).guard(engine)
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE t (x INTEGER)"))
            conn.execute(text("INSERT INTO t VALUES (1)"))
    finally:
        engine.dispose()


def test_a_server_whose_file_was_deleted_refuses_sign_ups_and_its_tables_wait(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "live.db"
    settings = Settings(database_url=f"sqlite:///{path}", bot_delay=(0.0, 0.0), secret="test",
                        drain_seconds=0.5)
    # the app's answer to a refused write, not the exception behind it (a real server's view)
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        token, _ = signup(client, "alice")
        r = client.post("/api/quickplay", json={"practice": True}, headers=auth(token))
        code = r.json()["code"]
        with table_socket(client, code, token) as ws:
            t = Transcript()
            while t.prompt is None:
                t.add(ws.receive_json())
            remove(path, "deleted")
            r = client.post("/api/signup", json={"username": "bob", "password": "secret1"})
            assert r.status_code == 503 and " / " in r.json()["error"]
            assert client.get("/api/me", headers=auth(token)).status_code == 200  # reads go on
            prompt = t.prompt
            action = {k: v for k, v in prompt["actions"][-1].items() if k != "label"}
            ws.send_json({"type": "act", "prompt_id": prompt["prompt_id"], "action": action})
            for _ in range(50):
                msg = ws.receive_json()
                assert msg["type"] != "event", "an action was played that could not be stored"
                if msg["type"] == "notice":
                    assert msg["notice"] == "db_waiting"
                    break
            else:
                raise AssertionError("no db_waiting notice")
        assert client.get("/readyz").status_code == 503
    # stopped while waiting: the action not stored is said in a line, not as an error with a
    # traceback (twice: the step and the table's recovery)
    tables = [r for r in caplog.records if r.name == "majiang.table"]
    assert not [r for r in tables if r.levelname == "ERROR"], [r.message for r in tables]
    assert any("not stored" in r.message for r in tables), [r.message for r in tables]


def test_a_refused_write_is_answered_inside_the_app_not_raised_past_it(tmp_path: Path) -> None:
    """Answered by the catch-all handler, a refused write was re-raised past the app after its
    503 (Starlette's outer layer does so), and the server logged a whole traceback for each one.
    The test client re-raises what escapes the app (`raise_server_exceptions`, on here)."""
    path = tmp_path / "gone.db"
    settings = Settings(database_url=f"sqlite:///{path}", bot_delay=(0.0, 0.0), secret="test",
                        drain_seconds=0.5)
    with TestClient(create_app(settings)) as client:
        signup(client, "alice")
        remove(path, "deleted")
        r = client.post("/api/signup", json={"username": "bob", "password": "secret1"})
        assert r.status_code == 503 and r.headers["Retry-After"] == "2"
        assert r.json()["error"].startswith("数据库暂时不可用") and " / " in r.json()["error"]
