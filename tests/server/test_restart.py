"""Restart without loss: a real server process is killed with SIGKILL mid-hand and started again
on the same SQLite file; the hand resumes from its seed and stored actions, the player reconnects
to the same view and prompt, and no silver or hand is lost or paid twice."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_player import Transcript, choose
from server_process import ServerProcess, free_port
from websockets.sync.client import ClientConnection, connect


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path / "restart.db", free_port())
    proc.start()
    yield proc
    proc.stop()


def receive(ws: ClientConnection) -> dict[str, Any]:
    msg: dict[str, Any] = json.loads(ws.recv(timeout=30))
    return msg


def until_prompt(ws: ClientConnection, t: Transcript, answer: int) -> None:
    """Answer `answer` prompts, then return with the next one pending (unanswered)."""
    answered = 0
    while True:
        msg = receive(ws)
        t.add(msg)
        assert msg["type"] != "settlement", "the hand ended before the kill"
        if msg["type"] == "prompt":
            if answered == answer:
                return
            act = choose(msg["actions"], t.view)
            ws.send(json.dumps({"type": "act", "prompt_id": msg["prompt_id"], "action": act}))
            t.prompt = None
            answered += 1


def db_counts(db: Path) -> dict[str, Any]:
    con = sqlite3.connect(db)
    try:
        out = {
            "actions": con.execute("select count(*) from hand_actions").fetchone()[0],
            "settlements": con.execute("select count(*) from settlements").fetchone()[0],
            "ledger": con.execute("select count(*), sum(amount) from ledger").fetchone(),
            "hands": con.execute("select status, count(*) from hands group by status").fetchall(),
            "silver": con.execute("select sum(silver) from users").fetchone()[0],
        }
    finally:
        con.close()
    return out


def test_sigkill_mid_hand_and_restart(server: ServerProcess) -> None:
    http = httpx.Client(base_url=server.url, timeout=30)
    token = http.post("/api/signup", json={"username": "alice", "password": "secret1"}).json()[
        "token"
    ]
    headers = {"Authorization": f"Bearer {token}"}
    code = http.post("/api/quickplay", json={"rules": "tuidaohu"}, headers=headers).json()["code"]
    ws_url = f"ws://127.0.0.1:{server.port}/ws/tables/{code}?token={token}"

    t = Transcript()
    ws = connect(ws_url, close_timeout=0.2)
    until_prompt(ws, t, answer=6)
    pending_view, pending_prompt = t.view, t.prompt
    assert pending_view is not None and pending_prompt is not None
    server.kill()  # with the connection still open: no 托管 move sneaks in before the kill
    ws.close()
    before = db_counts(server.db)
    assert ("playing", 1) in before["hands"]

    server.start()
    t2 = Transcript()
    with connect(ws_url) as ws:
        while t2.prompt is None:
            t2.add(receive(ws))
        assert t2.view is not None
        assert t2.view["hand"] == pending_view["hand"]
        assert t2.view["seats"] == pending_view["seats"]
        assert t2.view["wall_left"] == pending_view["wall_left"]
        assert t2.prompt["actions"] == pending_prompt["actions"]
        assert t2.prompt["prompt_id"] > pending_prompt["prompt_id"]
        assert db_counts(server.db)["actions"] == before["actions"]  # nothing replayed twice
        # a reply to the prompt from before the restart is ignored; the new one is taken
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
        assert not [f for f in t2.frames if f["type"] == "error"]
    settlement = t2.settlement
    assert settlement is not None
    after = db_counts(server.db)
    assert after["hands"] == [("over", 1)]
    assert after["silver"] == after["ledger"][1] == before["silver"]
    check = http.get("/api/ledger/check").json()
    assert check["balanced"], check
    me = http.get("/api/me", headers=headers).json()
    assert me["silver"] == settlement["balances"][0]
    hand_id = http.get("/api/history", headers=headers).json()[0]["hand_id"]
    record = http.get(f"/api/hands/{hand_id}").json()["record"]
    assert len(record["actions"]) == after["actions"]

    # killed again after the settlement: restarting pays nothing twice
    server.kill()
    server.start()
    again = db_counts(server.db)
    assert again == after
    assert http.get("/api/ledger/check").json()["balanced"]
    http.close()
