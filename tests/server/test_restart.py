"""Restart without loss: a real server process is killed with SIGKILL mid-hand and started again
on the same database (the SQLite file; PostgreSQL too when TEST_POSTGRES_URL is set); the hand
resumes from its seed and stored actions, the player reconnects to the same view and prompt, and
no silver or hand is lost or paid twice; between hands, a reconnect shows the last settlement."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_player import Transcript, choose
from server_process import ServerProcess, receive, until_prompt
from sqlalchemy import create_engine, text
from websockets.sync.client import ClientConnection, connect

from majiang.game.record import verify
from majiang.server.db import normalize_url
from majiang.server.messages import PROMPT_OVER


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(db_url, tmp_path / "server.log")
    proc.start()
    yield proc
    proc.stop()


def db_counts(url: str) -> dict[str, Any]:
    """What the database holds, read directly (not through the server)."""
    engine = create_engine(normalize_url(url))
    try:
        with engine.connect() as con:
            def one(sql: str) -> Any:
                return con.execute(text(sql)).one()

            return {
                "actions": one("select count(*) from hand_actions")[0],
                "settlements": one("select count(*) from settlements")[0],
                "ledger": tuple(one("select count(*), sum(amount) from ledger")),
                "hands": sorted(
                    tuple(r) for r in con.execute(
                        text("select status, count(*) from hands group by status")
                    )
                ),
                "silver": one("select sum(silver) from users")[0],
            }
    finally:
        engine.dispose()


def test_sigkill_mid_hand_and_restart(server: ServerProcess) -> None:
    http = httpx.Client(base_url=server.url, timeout=30)
    token = http.post("/api/signup", json={"username": "alice", "password": "secret1"}).json()[
        "token"
    ]
    headers = {"Authorization": f"Bearer {token}"}
    code = http.post("/api/quickplay", json={"rules": "tuidaohu"}, headers=headers).json()["code"]
    ws_url = f"ws://127.0.0.1:{server.port}/ws/tables/{code}"
    bearer = {"Authorization": f"Bearer {token}"}

    t = Transcript()
    ws = connect(ws_url, close_timeout=0.2, additional_headers=bearer)
    for _ in range(10):  # a hand that ends within a few turns cannot be killed mid-way: next one
        if until_prompt(ws, t, 4):
            break
        ws.send(json.dumps({"type": "ready"}))
        t = Transcript()
    else:
        raise AssertionError("ten hands in a row ended within four turns")
    pending_view, pending_prompt = t.view, t.prompt
    assert pending_view is not None and pending_prompt is not None
    server.kill()  # with the connection still open: no 托管 move sneaks in before the kill
    ws.close()
    before = db_counts(server.database_url)
    assert ("playing", 1) in before["hands"]

    server.start()
    t2 = Transcript()
    with connect(ws_url, additional_headers=bearer) as ws:
        while t2.prompt is None:
            t2.add(receive(ws))
        assert t2.view is not None
        assert t2.view["hand"] == pending_view["hand"]
        assert t2.view["seats"] == pending_view["seats"]
        assert t2.view["wall_left"] == pending_view["wall_left"]
        assert t2.prompt["actions"] == pending_prompt["actions"]
        assert t2.prompt["prompt_id"] > pending_prompt["prompt_id"]
        # nothing was stored twice by the replay
        assert db_counts(server.database_url)["actions"] == before["actions"]
        # a reply to the prompt from before the restart is refused (the prompt is over); the
        # new one is taken
        act = choose(t2.prompt["actions"], t2.view)
        ws.send(json.dumps({"type": "act", "prompt_id": pending_prompt["prompt_id"],
                            "action": act}))
        ws.send(json.dumps({"type": "act", "prompt_id": t2.prompt["prompt_id"], "action": act}))
        t2.prompt = None
        while True:
            msg = receive(ws)
            t2.add(msg)
            if msg["type"] == "settlement":
                break
            if msg["type"] == "prompt":
                act = choose(msg["actions"], t2.view)
                ws.send(json.dumps({"type": "act", "prompt_id": msg["prompt_id"], "action": act}))
        errors = [f for f in t2.frames if f["type"] == "error"]
        assert errors == [{"type": "error", "error": PROMPT_OVER,
                           "prompt_id": pending_prompt["prompt_id"]}]
    settlement = t2.settlement
    assert settlement is not None
    after = db_counts(server.database_url)
    # the killed hand is over now, once; none is left in play
    assert dict(after["hands"]) == {"over": dict(before["hands"]).get("over", 0) + 1}
    assert after["silver"] == after["ledger"][1] == before["silver"]
    check = http.get("/api/ledger/check").json()
    assert check["balanced"], check
    me = http.get("/api/me", headers=headers).json()
    assert me["silver"] == settlement["balances_after"][0]
    hand_id = http.get("/api/history", headers=headers).json()[0]["hand_id"]
    record = http.get(f"/api/hands/{hand_id}").json()["record"]
    assert verify(record) == []  # the resumed hand's record replays exactly

    # killed again after the settlement: restarting pays nothing twice
    server.kill()
    server.start()
    again = db_counts(server.database_url)
    assert again == after
    assert http.get("/api/ledger/check").json()["balanced"]
    # reconnecting between hands shows the same settlement as before the restart
    with connect(ws_url, additional_headers=bearer) as ws:
        t3 = Transcript()
        while t3.settlement is None:
            t3.add(receive(ws))
    assert t3.settlement == settlement
    http.close()


def test_a_match_survives_restarts(db_url: str, tmp_path: Path) -> None:
    """A two-hand match: killed between its hands, in its second hand, and after its end; it goes
    on with the same dealer rotation and totals, ends after two hands, and shows its totals."""
    server = ServerProcess(db_url, tmp_path / "server.log", env={"MAJIANG_GRANT": "100000"})
    server.start()
    try:
        _match_across_restarts(server)
    finally:
        server.stop()


def _match_across_restarts(server: ServerProcess) -> None:
    http = httpx.Client(base_url=server.url, timeout=30)
    token = http.post("/api/signup", json={"username": "mia", "password": "secret1"}).json()[
        "token"
    ]
    headers = {"Authorization": f"Bearer {token}"}
    r = http.post("/api/tables", json={"rules": "tuidaohu", "bots": 3, "level": 1,
                                       "match_hands": 2}, headers=headers)
    assert r.status_code == 200, r.text
    code = r.json()["code"]
    ws_url = f"ws://127.0.0.1:{server.port}/ws/tables/{code}"
    bearer = {"Authorization": f"Bearer {token}"}

    def frames_until(ws: ClientConnection, t: Transcript, kind: str) -> dict[str, Any]:
        while True:
            msg = receive(ws)
            t.add(msg)
            if msg["type"] == kind:
                return msg

    t = Transcript()
    with connect(ws_url, additional_headers=bearer) as ws:
        frames_until(ws, t, "table")
        ws.send(json.dumps({"type": "ready"}))
        opening = frames_until(ws, t, "match")["match"]
        assert not until_prompt(ws, t, 10**6)  # the whole first hand
        first = t.settlement
        assert first is not None
        frames_until(ws, t, "table")
    server.kill()

    server.start()  # between the match's hands
    t = Transcript()
    with connect(ws_url, additional_headers=bearer) as ws:
        table = frames_until(ws, t, "table")["table"]
        assert table["match"]["status"] == "playing" and table["match"]["hands_played"] == 1
        assert table["match"]["first_dealer"] == opening["first_dealer"]
        assert table["dealer"] == first["next_dealer"]
        assert frames_until(ws, t, "settlement")["settlement"] == first
        ws.send(json.dumps({"type": "ready"}))
        start = frames_until(ws, t, "event")["event"]
        assert start["type"] == "start" and start["dealer"] == first["next_dealer"]
        assert "match" not in [f["type"] for f in t.frames]  # the same match goes on
        pending = until_prompt(ws, t, 3)
    if pending:  # killed in the second hand, then it is played out
        server.kill()
        server.start()
        t = Transcript()
    with connect(ws_url, additional_headers=bearer) as ws:
        if pending:
            assert not until_prompt(ws, t, 10**6)
        else:
            frames_until(ws, t, "settlement")  # it ended before the restart: shown on attach
        second, over = t.settlement, t.match_over  # the match's end, just before its settlement
        assert second is not None and over is not None
    assert over["status"] == "over" and over["hands_played"] == 2
    assert [r["hand_id"] for r in over["results"]] == [first["hand_id"], second["hand_id"]]
    assert over["totals"]["units"] == [a + b for a, b in zip(
        first["payments"]["units"], second["payments"]["units"], strict=True)]
    assert over["totals"]["silver"] == [a + b for a, b in zip(
        first["payments"]["silver"], second["payments"]["silver"], strict=True)]

    server.kill()  # after the match: a reconnect shows the last settlement and the totals
    server.start()
    t = Transcript()
    with connect(ws_url, additional_headers=bearer) as ws:
        frames_until(ws, t, "settlement")
    assert t.match_over == over and t.settlement == second
    assert http.get("/api/ledger/check").json()["balanced"]
    http.close()


def _descendants(pid: int) -> set[int]:
    """Every live process under `pid`, read from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        found |= frontier
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_sigkill_leaves_no_process_behind(server: ServerProcess) -> None:
    """A server killed with SIGKILL mid-hand leaves none of its processes running (its bot
    process and multiprocessing's resource tracker used to live on, reparented to init)."""
    http = httpx.Client(base_url=server.url, timeout=30)
    token = http.post("/api/signup", json={"username": "alice", "password": "secret1"}).json()[
        "token"]
    bearer = {"Authorization": f"Bearer {token}"}
    code = http.post("/api/quickplay", json={"rules": "tuidaohu"}, headers=bearer).json()["code"]
    with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{code}", close_timeout=0.2,
                 additional_headers=bearer) as ws:
        t = Transcript()
        until_prompt(ws, t, 3)  # the bots have moved: their process is up
        assert server.proc is not None
        children = _descendants(server.proc.pid)
        assert children, "the server started no bot process"
        server.kill()
    http.close()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(map(_alive, children)):
        time.sleep(0.1)
    assert not [pid for pid in children if _alive(pid)]
