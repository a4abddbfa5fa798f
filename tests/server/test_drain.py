"""SIGTERM drains a real `majiang serve` process: no new hand is dealt, the hand in play goes on
with its sockets open and finishes, then the process exits; a hand that takes longer than
`MAJIANG_DRAIN_SECONDS` stays stored and the next start resumes it."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import httpx
from server_player import Transcript
from server_process import ServerProcess, answer, receive, until_prompt
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect


def hands(url: str) -> list[str]:
    engine = create_engine(url)
    try:
        with engine.connect() as con:
            return [r[0] for r in con.execute(text("SELECT status FROM hands ORDER BY id"))]
    finally:
        engine.dispose()


def start_hand(server: ServerProcess, name: str) -> tuple[ClientConnection, Transcript, str]:
    http = httpx.Client(base_url=server.url, timeout=30)
    token = http.post("/api/signup", json={"username": name, "password": "secret1"}).json()[
        "token"]
    code = http.post("/api/quickplay", json={"practice": True},
                     headers={"Authorization": f"Bearer {token}"}).json()["code"]
    ws = connect(f"ws://127.0.0.1:{server.port}/ws/tables/{code}", close_timeout=1,
                 additional_headers={"Authorization": f"Bearer {token}"})
    for _ in range(10):
        t = Transcript()
        if until_prompt(ws, t, 2):
            return ws, t, token
        ws.send(json.dumps({"type": "ready"}))
    raise AssertionError("ten hands in a row ended within two turns")


def test_sigterm_lets_the_hand_in_play_finish_then_exits(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'drain.db'}"
    server = ServerProcess(url, tmp_path / "server.log", env={"MAJIANG_DRAIN_SECONDS": "120"})
    server.start()
    try:
        ws, t, _ = start_hand(server, "drainer")
        assert server.proc is not None
        os.kill(server.proc.pid, signal.SIGTERM)
        assert t.prompt is not None
        answer(ws, t, t.prompt)
        while True:  # the hand goes on over the open socket
            msg = receive(ws)
            t.add(msg)
            if msg["type"] == "settlement":
                break
            if msg["type"] == "prompt":
                answer(ws, t, msg)
        ws.send(json.dumps({"type": "ready"}))  # no new hand while draining
        try:
            while True:
                assert receive(ws)["type"] not in ("prompt", "match")
        except (ConnectionClosed, TimeoutError):
            pass
        server.proc.wait(60)
        assert "playing" not in hands(url)
    finally:
        server.stop()


def test_a_hand_longer_than_the_drain_stays_stored_and_resumes(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bound.db'}"
    server = ServerProcess(url, tmp_path / "server.log", env={"MAJIANG_DRAIN_SECONDS": "1"})
    server.start()
    try:
        ws, _, token = start_hand(server, "stayer")
        assert server.proc is not None
        os.kill(server.proc.pid, signal.SIGTERM)  # and the prompt is never answered
        server.proc.wait(60)
        ws.close()
        assert hands(url)[-1] == "playing"
        server.start()
        with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{_code(url)}",
                     additional_headers={"Authorization": f"Bearer {token}"}) as ws2:
            t2 = Transcript()
            while True:
                msg = receive(ws2)
                t2.add(msg)
                if msg["type"] == "settlement":
                    break
                if msg["type"] == "prompt":
                    answer(ws2, t2, msg)
        assert "playing" not in hands(url)
    finally:
        server.stop()


def _code(url: str) -> str:
    engine = create_engine(url)
    try:
        with engine.connect() as con:
            return str(con.execute(text("SELECT code FROM tables")).scalar_one())
    finally:
        engine.dispose()
