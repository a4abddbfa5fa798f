"""Database faults (issue 12, items 2 and 5): a table's database work runs off the event loop, so
a SQLite write lock held for seconds by another connection stalls neither `/healthz` nor another
table; a PostgreSQL outage (a TCP proxy that refuses and drops connections) mid-hand makes the
table wait with a notice and go on by itself when the database returns, the hand finishes and
the ledger balances; a player who leaves during the outage never leaves the hand `playing`."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_player import Transcript, auth, make_client, play, signup, table_socket
from sqlalchemy import create_engine, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from majiang.server import ledger
from majiang.server.db import normalize_url
from majiang.server.loadtest import choose
from majiang.server.manager import resumable
from majiang.server.models import Hand, Table

POSTGRES = os.environ.get("TEST_POSTGRES_URL")
NEEDS_POSTGRES = pytest.mark.skipif(
    not POSTGRES and os.environ.get("CI") != "true", reason="TEST_POSTGRES_URL is not set")
PROXY_PORT = 15432
LOCK_SECONDS = 10.0  # how long the other connection holds SQLite's write lock at most


def quick_table(client: TestClient, name: str) -> tuple[str, str]:
    """A new player at a quick-play table with bots: (token, table code)."""
    token, _ = signup(client, name)
    r = client.post("/api/quickplay", json={"practice": True}, headers=auth(token))
    assert r.status_code == 200, r.text
    return token, r.json()["code"]


def until_prompt(ws: Any, t: Transcript, answer: int) -> bool:
    """Answer `answer` prompts, then return True with the next one pending; False if the hand
    ended first."""
    answered = 0
    while True:
        msg = ws.receive_json()
        t.add(msg)
        if msg["type"] == "settlement":
            return False
        if msg["type"] == "prompt":
            if answered == answer:
                return True
            act(ws, msg, t)
            answered += 1


@contextlib.contextmanager
def at_prompt(client: TestClient, name: str, answer: int
              ) -> Iterator[tuple[str, str, Any, Transcript]]:
    """(token, code, socket, transcript) of a new player at a quick table, `answer` prompts
    answered and the next one pending. A bot may win a random wall's hand first: then another
    player takes another table."""
    for attempt in range(5):
        token, code = quick_table(client, f"{name}{attempt}")
        with table_socket(client, code, token) as ws:
            t = Transcript()
            if until_prompt(ws, t, answer):
                yield token, code, ws, t
                return
    raise AssertionError("five hands in a row ended before the player's prompt")


def act(ws: Any, prompt: dict[str, Any], t: Transcript) -> None:
    action = choose(prompt["actions"], t.view)
    ws.send_json({"type": "act", "prompt_id": prompt["prompt_id"], "action": action})
    t.prompt = None


def balanced(url: str) -> None:
    engine = create_engine(normalize_url(url))
    try:
        with engine.connect() as con:
            from sqlalchemy.orm import Session

            with Session(bind=con) as db:
                check = ledger.check(db)
        assert check.balanced, check
    finally:
        engine.dispose()


def hand_statuses(url: str) -> list[str]:
    engine = create_engine(normalize_url(url))
    try:
        with engine.connect() as con:
            return [row[0] for row in con.execute(text("SELECT status FROM hands"))]
    finally:
        engine.dispose()


# -- SQLite: a write lock held by another connection ------------------------------------------


class WriteLock:
    """SQLite's write lock, held by a connection of its own until `release` (or a timer)."""

    def __init__(self, path: str) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.conn.execute("BEGIN IMMEDIATE")
        self.released = threading.Event()
        self.timer = threading.Timer(LOCK_SECONDS, self.release)
        self.timer.start()

    def release(self) -> None:
        if not self.released.is_set():
            self.released.set()
            self.conn.execute("ROLLBACK")
            self.conn.close()
        self.timer.cancel()


def test_sqlite_write_lock_stalls_neither_healthz_nor_another_table(tmp_path: Path) -> None:
    path = tmp_path / "lock.db"
    url = f"sqlite:///{path}"
    # table B waits for its player: it writes nothing
    with make_client(url) as client, \
            at_prompt(client, "lockerb", 0) as (token_b, code_b, ws_b, tb), \
            at_prompt(client, "lockera", 2) as (_, _code_a, ws_a, ta):
        assert ta.prompt is not None
        lock = WriteLock(str(path))
        try:
            act(ws_a, ta.prompt, ta)  # table A applies it; storing it waits for the lock
            assert client.get("/healthz").json() == {"ok": True}
            ws_b.send_json({"type": "ping"})
            while (msg := ws_b.receive_json())["type"] != "pong":
                tb.add(msg)
            # a second socket of table B is attached and gets the table (reads only)
            with table_socket(client, code_b, token_b) as ws_b2:
                assert ws_b2.receive_json()["type"] == "table"
                ws_b2.send_json({"type": "ping"})
                while ws_b2.receive_json()["type"] != "pong":
                    pass
            assert client.get("/api/tables/" + code_b).status_code == 200
            held = not lock.released.is_set()
        finally:
            lock.release()
        assert held, "the answers came only after the lock was released"
        assert play(ws_a, ta), "table A's hand went on once the lock was gone"
        assert play(ws_b, tb)
    balanced(url)
    assert "playing" not in hand_statuses(url)


# -- PostgreSQL: an outage through a TCP proxy -------------------------------------------------


class Proxy:
    """A TCP proxy on 127.0.0.1:PROXY_PORT to PostgreSQL, in a thread of its own: `down()`
    refuses new connections and drops the open ones, `up()` serves again."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.loop = asyncio.new_event_loop()
        self.server: asyncio.Server | None = None
        self.links: set[asyncio.StreamWriter] = set()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.up()

    def _run(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(10)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(Exception):
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        writer.close()

    async def _link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        self.links.update((writer, up_writer))
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))
        self.links.difference_update((writer, up_writer))

    async def _start(self) -> None:
        self.server = await asyncio.start_server(self._link, "127.0.0.1", PROXY_PORT,
                                                 reuse_address=True)

    async def _stop(self) -> None:
        if self.server is not None:
            self.server.close()
            self.server = None
        for writer in list(self.links):
            writer.transport.abort()
        self.links.clear()

    def up(self) -> None:
        self._run(self._start())

    def down(self) -> None:
        self._run(self._stop())

    def close(self) -> None:
        self.down()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@pytest.fixture
def proxied() -> Iterator[tuple[str, Proxy]]:
    """A fresh schema in TEST_POSTGRES_URL's database and the URL through the proxy."""
    from conftest import reset_postgres

    assert POSTGRES is not None, "CI=true needs TEST_POSTGRES_URL"
    reset_postgres(POSTGRES)
    real = make_url(normalize_url(POSTGRES))
    proxy = Proxy(real.host or "127.0.0.1", real.port or 5432)
    url = real.set(host="127.0.0.1", port=PROXY_PORT).render_as_string(hide_password=False)
    try:
        yield url, proxy
    finally:
        proxy.close()


def wait_notice(ws: Any, t: Transcript, notice: str) -> None:
    while True:
        msg = ws.receive_json()
        if msg["type"] == "notice" and msg["notice"] == notice:
            assert " / " in msg["text"]  # 中文 / English
            return
        t.add(msg)


@NEEDS_POSTGRES
def test_postgres_outage_mid_hand_the_table_resumes_by_itself(
        proxied: tuple[str, Proxy]) -> None:
    url, proxy = proxied
    with make_client(url) as client:
        with at_prompt(client, "outage", 3) as (_token, _code, ws, t):
            assert t.prompt is not None
            proxy.down()
            assert client.get("/healthz").json() == {"ok": True}
            act(ws, t.prompt, t)  # applied; storing it waits for the database
            wait_notice(ws, t, "db_waiting")
            assert client.get("/readyz").status_code == 503
            assert client.get("/healthz").json() == {"ok": True}
            proxy.up()
            wait_notice(ws, t, "db_back")
            assert play(ws, t), "the hand finished after the outage"
            assert t.settlement is not None
        assert client.get("/readyz").status_code == 200
    balanced(POSTGRES or url)
    assert "playing" not in hand_statuses(url)


@NEEDS_POSTGRES
def test_an_http_request_during_an_outage_is_a_named_503(proxied: tuple[str, Proxy]) -> None:
    """HTTP work that needs the database while it is away answers 503 with Retry-After and a
    bilingual error (not a bare 500), and the same request works once it is back."""
    from majiang.server.app import create_app
    from majiang.server.settings import Settings

    url, proxy = proxied
    app = create_app(Settings(database_url=url, bot_delay=(0.0, 0.0), secret="test"))
    with TestClient(app, raise_server_exceptions=False) as client:
        token, _ = signup(client, "outage-http")
        assert client.get("/api/tables", headers=auth(token)).status_code == 200
        proxy.down()
        r = client.get("/api/tables", headers=auth(token))
        assert r.status_code == 503 and r.headers["retry-after"] == "2"
        assert "frame-ancestors" in r.headers["content-security-policy"]  # from the outer handler
        assert "数据库" in r.json()["error"] and "database" in r.json()["error"]
        proxy.up()
        for _ in range(50):  # the pool's dropped connections are replaced as they are used
            if client.get("/api/tables", headers=auth(token)).status_code == 200:
                break
        else:
            raise AssertionError("the database came back but requests still fail")


@NEEDS_POSTGRES
def test_a_player_leaving_during_an_outage_never_leaves_the_hand_playing(
        proxied: tuple[str, Proxy]) -> None:
    url, proxy = proxied
    with make_client(url) as client:
        with at_prompt(client, "leaver", 2) as (token, code, ws, t):
            assert t.prompt is not None
            proxy.down()
            act(ws, t.prompt, t)
            wait_notice(ws, t, "db_waiting")
            try:  # the test client re-raises the server's error after its 500 answer
                refused = client.post(f"/api/tables/{code}/leave", headers=auth(token))
                assert refused.status_code >= 500
            except OperationalError:
                pass
        # the socket is closed: the player is gone while the database is away
        proxy.up()
        assert client.post(f"/api/tables/{code}/leave", headers=auth(token)).status_code == 200
        engine = create_engine(normalize_url(url))
        try:
            for _ in range(600):  # bounded: the hand is played out by the bots (托管)
                with engine.connect() as con:
                    status = con.execute(text("SELECT status FROM hands")).scalars().all()
                if status and "playing" not in status:
                    break
                time.sleep(0.1)
            with engine.connect() as con:
                table_status = con.execute(
                    select(Table.status).where(Table.code == code)).scalar_one()
                hands = con.execute(select(Hand.status)).scalars().all()
        finally:
            engine.dispose()
        assert hands and "playing" not in hands
        assert table_status == "closed"  # nobody is left
    balanced(url)


# -- resuming every hand in play ----------------------------------------------------------------


def test_a_closed_table_with_a_hand_playing_is_resumed_and_played_out(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'closed.db'}"
    with make_client(url) as client, at_prompt(client, "closer", 1) as (_, code, _ws, _t):
        pass  # left with a hand in play, the player's second prompt pending
    engine = create_engine(url)
    with engine.begin() as con:  # as a table closed mid-hand by the old bug left it
        con.execute(text("UPDATE tables SET status = 'closed'"))
        con.execute(text("DELETE FROM seats"))
    from sqlalchemy.orm import Session

    with Session(engine) as db:
        assert code in resumable(db)
    with make_client(url):  # the next start plays the hand out (bots for every seat)
        for _ in range(600):
            if "playing" not in hand_statuses(url):
                break
            time.sleep(0.1)
    engine.dispose()
    assert "playing" not in hand_statuses(url)
    balanced(url)


def test_a_retried_action_is_stored_once(tmp_path: Path) -> None:
    """`save_action(again=True)` after a commit whose answer was lost reads the row back."""
    from majiang.server.storage import HandStore

    url = f"sqlite:///{tmp_path / 'again.db'}"
    with make_client(url) as client, at_prompt(client, "again", 1) as (_, code, _ws, _t):
        runner = client.app.state.server.tables.runners[code]  # type: ignore[attr-defined]
        store: HandStore = runner.store
        hand = runner.hand
        assert hand is not None
        idx = hand.action_idx
        before = (hand.action_idx - 1, hand.settle_idx)
        hand.action_idx -= 1  # as if the last action's commit had not been answered
        saved = store.save_action(hand, 0, None, [], "player", 0, again=True)  # type: ignore[arg-type]
        assert saved.posted == [] and (hand.action_idx, hand.settle_idx) == (idx, before[1])
        with store.db() as db:
            rows = db.execute(text("SELECT count(*) FROM hand_actions WHERE hand_id = :h"),
                              {"h": hand.hand_id}).scalar_one()
        assert rows == idx


def test_a_transient_failure_is_retried_and_told_once() -> None:
    from majiang.server.dbwork import Abandoned, DbWorker, transient
    from majiang.server.metrics import DB_RETRIES

    locked = OperationalError("INSERT", {}, Exception("database is locked"))
    assert transient(locked) and not transient(ValueError("no"))
    tries: list[int] = []
    told: list[bool] = []

    def step() -> str:
        tries.append(1)
        if len(tries) < 3:
            raise locked
        return "stored"

    def broken() -> None:
        raise ValueError("a bug, not an outage")

    async def run() -> None:
        worker = DbWorker(1)
        try:
            assert await worker.run(step, where="test", waiting=told.append) == "stored"
            with pytest.raises(ValueError):
                await worker.run(broken, where="test", waiting=told.append)
            with pytest.raises(Abandoned) as gone:  # shutting down: no more retries, said so
                await worker.run(lambda: (_ for _ in ()).throw(locked), where="test",
                                 stopping=lambda: True)
            assert gone.value.__cause__ is locked and str(gone.value) == "test"
        finally:
            worker.shutdown()

    before = DB_RETRIES.labels("test")._value.get()
    asyncio.run(run())
    assert len(tries) == 3 and told == [True, False]
    assert DB_RETRIES.labels("test")._value.get() - before == 2


def test_a_step_kept_waiting_by_the_database_is_told(monkeypatch: pytest.MonkeyPatch) -> None:
    """The attacker review: a write lock held elsewhere for 45 s (SQLite's busy wait inside the
    step, no failure to retry) left the player 44 s without a word. A step that waits longer
    than `SLOW_STEP` is told as a wait; a quick one is not."""
    from majiang.server import dbwork

    monkeypatch.setattr(dbwork, "SLOW_STEP", 0.1)
    told: list[bool] = []

    async def run() -> None:
        worker = dbwork.DbWorker(1)
        try:
            assert await worker.run(lambda: "quick", where="test", waiting=told.append) == "quick"
            assert told == []
            slow = await worker.run(lambda: time.sleep(0.4) or "slow", where="test",
                                    waiting=told.append)
            assert slow == "slow"
        finally:
            worker.shutdown()

    asyncio.run(run())
    assert told == [True, False]


@NEEDS_POSTGRES
def test_a_postgres_row_lock_holds_up_only_its_own_table() -> None:
    """Table A's row locked `FOR UPDATE` by another connection: A's hand end waits for it (a
    query waits on the lock), while table B plays a whole hand to its settlement."""
    from conftest import reset_postgres

    assert POSTGRES is not None, "CI=true needs TEST_POSTGRES_URL"
    reset_postgres(POSTGRES)
    url = POSTGRES
    with make_client(url) as client:
        token_a, code_a = quick_table(client, "rowlocka")
        token_b, code_b = quick_table(client, "rowlockb")
        engine = create_engine(normalize_url(url))
        locker = engine.connect()
        try:
            locker.execute(text("SELECT id FROM tables WHERE code = :c FOR UPDATE"),
                           {"c": code_a})
            with table_socket(client, code_a, token_a) as ws_a:
                ws_a.receive_json()
            # A's player is gone: the bots (托管) play A's hand to its end, which must write
            # A's row and waits for the lock
            with engine.connect() as con:
                for _ in range(600):
                    waiting = con.execute(text(
                        "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                        " AND datname = current_database()")).scalar_one()
                    if waiting:
                        break
                    time.sleep(0.05)
            assert waiting, "table A never waited for its row"
            with table_socket(client, code_b, token_b) as ws_b:
                assert play(ws_b, Transcript()), "table B finished its hand meanwhile"
            with engine.connect() as con:
                a_hands = con.execute(text(
                    "SELECT h.status FROM hands h JOIN tables t ON t.id = h.table_id"
                    " WHERE t.code = :c"), {"c": code_a}).scalars().all()
            assert a_hands == ["playing"]
            assert client.get("/healthz").json() == {"ok": True}
        finally:
            locker.rollback()
            locker.close()
        with engine.connect() as con:
            for _ in range(600):
                statuses = con.execute(text(
                    "SELECT h.status FROM hands h JOIN tables t ON t.id = h.table_id"
                    " WHERE t.code = :c"), {"c": code_a}).scalars().all()
                if "playing" not in statuses:
                    break
                time.sleep(0.05)
        engine.dispose()
        assert "playing" not in statuses, "table A went on once the lock was gone"
    balanced(url)


def test_a_sign_up_waiting_for_the_write_lock_stalls_nothing_else(tmp_path: Path) -> None:
    """Sign-up, log-in, password change and upgrade do their database work off the event loop:
    a sign-up waiting on SQLite's write lock leaves `/healthz` and the lobby's list answering."""
    path = tmp_path / "signup.db"
    with make_client(f"sqlite:///{path}") as client:
        lock = WriteLock(str(path))
        answers: list[int] = []
        try:
            waiting = threading.Thread(target=lambda: answers.append(client.post(
                "/api/signup", json={"username": "writer", "password": "secret1"}).status_code))
            waiting.start()
            time.sleep(0.5)  # the sign-up has hashed its password and waits for the lock
            assert client.get("/healthz").json() == {"ok": True}
            assert client.get("/api/tables").status_code == 200  # a read goes on
            held = not lock.released.is_set() and not answers
        finally:
            lock.release()
        waiting.join(30)
        assert held, "the answers came only after the lock was released"
        assert answers == [200], "the sign-up went through once the lock was gone"


def test_a_connection_that_became_read_only_is_dropped_not_reused(tmp_path: Path) -> None:
    """A SQLite file read-only when the server opened it (a restore that left the mode wrong)
    kept failing every write after its mode was mended: the pooled connections stay read-only.
    Such a failure now drops the pool's connections like lost ones, and the retry writes.
    (`PRAGMA query_only` makes a connection refuse writes as a read-only file does.)"""
    from majiang.server.db import make_engine

    engine = make_engine(f"sqlite:///{tmp_path / 'ro.db'}")
    try:
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE t (x INTEGER)"))
            conn.execute(text("PRAGMA query_only = ON"))  # this pooled connection goes read-only
        with pytest.raises(OperationalError, match="readonly") as failure, \
                engine.begin() as conn:
            conn.execute(text("INSERT INTO t VALUES (1)"))
        assert failure.value.connection_invalidated
        with engine.begin() as conn:  # a new connection: the write goes through
            conn.execute(text("INSERT INTO t VALUES (2)"))
            assert conn.execute(text("SELECT x FROM t")).scalars().all() == [2]
    finally:
        engine.dispose()


@pytest.mark.parametrize("fault", ["deleted", "replaced"])
def test_readyz_says_when_the_sqlite_file_went_away(fault: str, tmp_path: Path) -> None:
    """Deleted under a running server, the file took every write (into the unlinked inode) while
    /readyz said ready, and a restart made an empty database: accounts and sessions gone."""
    path = tmp_path / "live.db"
    with make_client(f"sqlite:///{path}") as client:
        assert client.get("/readyz").json()["ready"] is True
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        if fault == "replaced":
            sqlite3.connect(path).close()  # a new, empty file at the same path
        answer = client.get("/readyz")
        assert answer.status_code == 503
        assert ("is gone" if fault == "deleted" else "was replaced") in answer.json()["error"]
        assert " / " in answer.json()["error"]  # 中文 / English
