"""Several server processes as one (issue 12, scale-out): real `majiang serve` processes on
loopback sharing a fresh PostgreSQL database and Redis. A table created on one process is played
through sockets on others (relayed to its owner), lobby changes on any process reach the owner's
table and every lobby, the owner killed with SIGKILL mid-hand hands the table to another process
that resumes the hand and finishes it with the ledger balanced, and `serve --workers N` runs N
processes on one port. Needs TEST_POSTGRES_URL and TEST_REDIS_URL (skipped without them, except
when CI=true)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_player import Transcript, choose
from server_process import free_port, free_ports
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from majiang.game.record import verify
from majiang.server.db import normalize_url

POSTGRES = os.environ.get("TEST_POSTGRES_URL")
REDIS = os.environ.get("TEST_REDIS_URL")
LEASE_MS = 2000
needs_services = pytest.mark.skipif(
    not (POSTGRES and REDIS) and os.environ.get("CI") != "true",
    reason="TEST_POSTGRES_URL and TEST_REDIS_URL are not set",
)


def _admin(url: str, sql: str) -> None:
    engine = create_engine(normalize_url(url), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as con:
            con.execute(text(sql))
    finally:
        engine.dispose()


@pytest.fixture
def database() -> Iterator[str]:
    """A fresh PostgreSQL database of its own, dropped afterwards."""
    assert POSTGRES, "TEST_POSTGRES_URL is not set (CI=true)"
    name = f"majiang_cluster_{uuid.uuid4().hex[:10]}"
    _admin(POSTGRES, f"CREATE DATABASE {name}")
    url = make_url(normalize_url(POSTGRES)).set(database=name).render_as_string(False)
    yield url
    _admin(POSTGRES, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def cluster_env() -> Iterator[dict[str, str]]:
    """The Redis URL and a cluster name of this test's own (its keys deleted afterwards)."""
    assert REDIS, "TEST_REDIS_URL is not set (CI=true)"
    import redis

    name = f"test-{uuid.uuid4().hex[:10]}"
    yield {"REDIS_URL": REDIS, "MAJIANG_CLUSTER": name, "MAJIANG_LEASE_MS": str(LEASE_MS),
           "MAJIANG_BOT_DELAY": "0"}
    client = redis.Redis.from_url(REDIS)
    keys = list(client.scan_iter(f"{name}:*"))
    if keys:
        client.delete(*keys)
    client.close()


class Node:
    """One `majiang serve --redis-url` process with its own public and internal port."""

    def __init__(self, database: str, env: dict[str, str], log: Path) -> None:
        self.database, self.env, self.log = database, env, log
        self.port, self.internal = free_port(), free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "majiang", "serve", "--port", str(self.port),
                 "--internal-port", str(self.internal), "--redis-url", self.env["REDIS_URL"],
                 "--database-url", self.database, "--log-level", "warning"],
                env=dict(os.environ, **self.env), stdout=log, stderr=subprocess.STDOUT)
        wait_healthy(self.url, self.proc, self.log)

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()


def wait_healthy(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(log.read_text(errors="replace"))
        try:
            if httpx.get(url + "/healthz", timeout=1).json() == {"ok": True}:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise AssertionError(f"{url} did not come up")


@pytest.fixture
def nodes(database: str, cluster_env: dict[str, str], tmp_path: Path) -> Iterator[list[Node]]:
    """Three processes of one cluster."""
    started = [Node(database, cluster_env, tmp_path / f"node{i}.log") for i in range(3)]
    try:
        for node in started:
            node.start()
        yield started
    finally:
        for node in started:
            node.stop()


def eventually(check: Callable[[], Any], what: str, seconds: float = 30) -> Any:
    """Poll `check` until it returns something truthy (cross-process state settles)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"never: {what}")


@dataclass
class Player:
    """A person at the table: an account, a socket through some process, what it received."""

    name: str
    token: str
    ws: ClientConnection | None = None
    t: Transcript = field(default_factory=Transcript)
    settled: bool = False

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def connect(self, node: Node, code: str) -> None:
        self.ws = connect(f"ws://127.0.0.1:{node.port}/ws/tables/{code}",
                          additional_headers={"Cookie": f"token={self.token}"},
                          close_timeout=0.2)

    def frame(self, timeout: float) -> dict[str, Any] | None:
        assert self.ws is not None
        try:
            msg: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        except TimeoutError:
            return None
        self.t.add(msg)
        if msg["type"] == "settlement":
            self.settled = True
        return msg

    def until(self, kind: str, check: Callable[[dict[str, Any]], bool] = lambda _m: True,
              ) -> dict[str, Any]:
        for _ in range(2000):
            msg = self.frame(30)
            assert msg is not None, f"{self.name}: no {kind} frame"
            if msg["type"] == kind and check(msg):
                return msg
        raise AssertionError(f"{self.name}: no {kind} frame")

    def answer(self, msg: dict[str, Any]) -> None:
        assert self.ws is not None
        if msg["type"] == "prompt":
            action = choose(msg["actions"], self.t.view)
            self.ws.send(json.dumps({"type": "act", "prompt_id": msg["prompt_id"],
                                     "action": action}))


def sign_up(url: str, name: str) -> Player:
    r = httpx.post(url + "/api/signup", json={"username": name, "password": "secret1"})
    assert r.status_code == 200, r.text
    return Player(name, r.json()["token"])


def play(players: list[Player], stop: Callable[[], bool] | None = None) -> None:
    """Answer every prompt of every player until each has the settlement (or `stop()`)."""
    for _ in range(20000):
        if all(p.settled for p in players) or (stop is not None and stop()):
            return
        for p in players:
            if not p.settled:
                msg = p.frame(0.02)
                if msg is not None:
                    p.answer(msg)
    raise AssertionError("the hand did not end")


def owner_port(cluster_env: dict[str, str], code: str) -> int | None:
    """The internal port of the table's owner in the directory (None: nobody holds it)."""
    import redis

    client = redis.Redis.from_url(cluster_env["REDIS_URL"], decode_responses=True)
    value = client.get(f"{cluster_env['MAJIANG_CLUSTER']}:lease:{code}")
    client.close()
    return int(value.rpartition(":")[2]) if isinstance(value, str) else None


def hands_by_status(url: str) -> dict[str, int]:
    engine = create_engine(normalize_url(url))
    try:
        with engine.connect() as con:
            rows = con.execute(text("select status, count(*) from hands group by status"))
            return {str(s): int(n) for s, n in rows}
    finally:
        engine.dispose()


@needs_services
def test_a_table_is_played_and_changed_through_other_processes(
        nodes: list[Node], cluster_env: dict[str, str]) -> None:
    a, b, c = nodes
    alice, bob = sign_up(a.url, "alice"), sign_up(b.url, "bob")
    r = httpx.post(a.url + "/api/tables", json={"rules": "tuidaohu", "bots": 2, "level": 1},
                   headers=alice.headers)
    assert r.status_code == 200, r.text
    code = r.json()["code"]
    assert eventually(lambda: owner_port(cluster_env, code) == a.internal, "A owns the table")

    alice.connect(c, code)  # relayed by C to A
    alice.until("table")
    r = httpx.post(b.url + f"/api/tables/{code}/join", headers=bob.headers)  # a change on B
    assert r.status_code == 200, r.text
    bob.connect(b, code)  # relayed by B to A
    bob.until("table")

    def connected(node: Node) -> list[bool]:
        table = httpx.get(node.url + f"/api/tables/{code}", headers=alice.headers).json()
        return [bool(s["connected"]) for s in table["seats"]]

    for node in (b, c):  # every process shows who is connected at A's table
        eventually(lambda n=node: connected(n) == [True, False, False, True],
                   "the table shows both players connected")
    # Both ready over HTTP on processes that do not own the table: only their pokes, sent
    # through Redis, can make A deal.
    for player, node in ((bob, c), (alice, b)):
        r = httpx.post(node.url + f"/api/tables/{code}/ready", headers=player.headers)
        assert r.status_code == 200, r.text
    for player in (alice, bob):
        player.until("state")  # the deal
    play([alice, bob])
    assert alice.t.settlement == bob.t.settlement
    assert not [f for p in (alice, bob) for f in p.t.frames if f["type"] == "error"]
    assert owner_port(cluster_env, code) == a.internal  # nothing moved
    check = httpx.get(b.url + "/api/ledger/check").json()
    assert check["balanced"], check

    # A's lease taken from it (as if A had stalled past it): A stops the table and closes its
    # sockets with 1012; both relays find the table again, and re-attach where it runs next,
    # which sends them the last hand's settlement again.
    first = alice.t.settlement
    steal_lease(cluster_env, code)
    for p in (alice, bob):
        assert p.until("settlement")["settlement"] == first
    assert owner_port(cluster_env, code) in {n.internal for n in nodes}
    for p in (alice, bob):
        assert p.ws is not None
        p.ws.close()


def steal_lease(cluster_env: dict[str, str], code: str) -> None:
    """Another (made-up) node holds the table's lease for one lease time."""
    import redis

    client = redis.Redis.from_url(cluster_env["REDIS_URL"])
    client.set(f"{cluster_env['MAJIANG_CLUSTER']}:lease:{code}", "thief@127.0.0.1:1",
               px=LEASE_MS)
    client.close()


@needs_services
def test_the_owner_killed_mid_hand_the_hand_moves_and_finishes(
        nodes: list[Node], cluster_env: dict[str, str], database: str) -> None:
    a, b, c = nodes
    alice, bob = sign_up(a.url, "alice"), sign_up(a.url, "bob")
    r = httpx.post(a.url + "/api/tables", json={"rules": "tuidaohu", "bots": 2, "level": 1},
                   headers=alice.headers)
    code = r.json()["code"]
    assert httpx.post(c.url + f"/api/tables/{code}/join", headers=bob.headers).status_code == 200
    assert eventually(lambda: owner_port(cluster_env, code) == a.internal, "A owns the table")
    alice.connect(b, code)  # relayed by B: follows the table when it moves
    bob.connect(a, code)  # directly on the owner: dies with it and reconnects elsewhere
    for p in (alice, bob):
        p.until("table")
        assert p.ws is not None
        p.ws.send(json.dumps({"type": "ready"}))

    answered: list[int] = []

    def pending_prompt() -> bool:  # a few turns into the hand, a person's turn is pending
        return sum(1 for p in (alice, bob) for f in p.t.frames if f["type"] == "prompt") >= 6

    play([alice, bob], stop=pending_prompt)
    if alice.settled or bob.settled:
        pytest.skip("the hand ended within its first turns")  # very rare: a win at once
    assert hands_by_status(database) == {"playing": 1}
    a.kill()
    answered.append(len(alice.t.frames))

    with pytest.raises(ConnectionClosed):  # bob's socket was A's
        for _ in range(2000):
            bob.frame(5)
    bob.t = Transcript()
    bob.connect(c, code)
    play([alice, bob])

    new_owner = owner_port(cluster_env, code)
    assert new_owner in (b.internal, c.internal)
    after_kill = alice.t.frames[answered[0]:]
    assert any(f["type"] == "state" for f in after_kill)  # the relay reconnected: a new view
    assert alice.t.settlement == bob.t.settlement
    assert hands_by_status(database) == {"over": 1}
    check = httpx.get(c.url + "/api/ledger/check").json()
    assert check["balanced"], check
    hand_id = httpx.get(b.url + "/api/history", headers=alice.headers).json()[0]["hand_id"]
    record = httpx.get(b.url + f"/api/hands/{hand_id}", headers=alice.headers).json()["record"]
    assert verify(record) == []  # the hand resumed on another process replays exactly
    for p in (alice, bob):
        assert p.ws is not None
        p.ws.close()


def two_workers(database: str, cluster_env: dict[str, str], log: Path,
                drain_seconds: str) -> tuple[subprocess.Popen[bytes], int, int]:
    """`serve --workers 2` answering on its public port: the supervisor, that port, and the
    first internal port (the workers listen on internal + 0 and + 1)."""
    port, internal = free_port(), free_ports(2)
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "majiang", "serve", "--workers", "2", "--port", str(port),
             "--internal-port", str(internal), "--database-url", database,
             "--log-level", "warning"],
            env=dict(os.environ, **cluster_env, MAJIANG_DRAIN_SECONDS=drain_seconds),
            stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_healthy(f"http://127.0.0.1:{port}", proc, log)
    except BaseException:
        proc.kill()
        proc.wait(10)
        raise
    return proc, port, internal


@needs_services
def test_workers_share_one_port(database: str, cluster_env: dict[str, str],
                                tmp_path: Path) -> None:
    proc, port, internal = two_workers(database, cluster_env, tmp_path / "workers.log", "2")
    try:
        for i in range(2):  # each worker also answers on its own internal port
            eventually(lambda i=i: _healthy(internal + i), f"worker {i} answers")
        base = f"http://127.0.0.1:{port}"
        alice = sign_up(base, "alice")  # on whichever worker the kernel picks
        r = httpx.post(base + "/api/quickplay", json={"rules": "tuidaohu"},
                       headers=alice.headers)
        assert r.status_code == 200, r.text
        code = r.json()["code"]
        for _ in range(3):  # sockets through whichever worker the kernel picks
            with connect(f"ws://127.0.0.1:{port}/ws/tables/{code}",
                         additional_headers={"Cookie": f"token={alice.token}"}) as ws:
                assert json.loads(ws.recv(timeout=30))["type"] == "table"
        before = children(proc.pid)
        os.kill(before[0], signal.SIGKILL)  # a worker dies: the supervisor starts it again
        eventually(lambda: len(children(proc.pid)) == 2 and children(proc.pid) != before,
                   "the dead worker is replaced", seconds=120)
        for i in range(2):
            eventually(lambda i=i: _healthy(internal + i), f"worker {i} answers again",
                       seconds=120)
    finally:
        proc.send_signal(signal.SIGTERM)  # each worker drains (2 s here), then stops
        assert proc.wait(90) == 0
    assert not _healthy(internal) and not _healthy(internal + 1)  # the workers stopped too


@needs_services
def test_workers_stop_when_their_supervisor_is_killed(database: str, cluster_env: dict[str, str],
                                                      tmp_path: Path) -> None:
    proc, _, internal = two_workers(database, cluster_env, tmp_path / "orphans.log", "1")
    try:
        eventually(lambda: len(children(proc.pid)) == 2, "two workers")
        workers = children(proc.pid)
    finally:
        proc.kill()  # SIGKILL: the supervisor cannot tell its workers anything
        proc.wait(10)
    eventually(lambda: not any(_running(w) for w in workers),
               "the orphaned workers drained and stopped", seconds=60)
    assert not _healthy(internal) and not _healthy(internal + 1)


def _running(pid: int) -> bool:
    """Whether `pid` runs (a zombie waiting for its reaper does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return False


def children(pid: int) -> list[int]:
    """The live child processes of `pid` (Linux)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return sorted(int(c) for c in path.read_text().split()) if path.exists() else []


def _healthy(port: int) -> bool:
    try:
        return bool(httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).json() == {"ok": True})
    except httpx.HTTPError:
        return False


@pytest.mark.parametrize(("extra", "env", "says"), [
    (["--database-url", "sqlite:////tmp/never.db", "--redis-url", "redis://127.0.0.1:1/0"], {},
     "SQLite"),
    (["--database-url", "postgresql+psycopg://nobody@127.0.0.1:1/none"], {"REDIS_URL": ""},
     "Redis"),
])
def test_workers_refuse_what_cannot_work(extra: list[str], env: dict[str, str],
                                         says: str) -> None:
    """Several processes need Redis and a shared PostgreSQL: refused (exit 2), bilingual."""
    run_env = {k: v for k, v in dict(os.environ, **env).items() if v}
    done = subprocess.run(
        [sys.executable, "-m", "majiang", "serve", "--workers", "2", "--port", "1", *extra],
        env=run_env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert says in done.stderr and " / " in done.stderr
