"""A real `majiang serve` process on a free loopback port, for the restart and load tests."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from server_player import Transcript
from websockets.sync.client import ClientConnection

from majiang.server.loadtest import choose


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def free_ports(count: int) -> int:
    """The first of `count` consecutive ports free now (workers listen on internal + i)."""
    for _ in range(200):
        first = free_port()
        if first + count > 65536:
            continue
        taken = []
        try:
            for port in range(first, first + count):
                s = socket.socket()
                taken.append(s)
                s.bind(("127.0.0.1", port))
            return first
        except OSError:
            continue
        finally:
            for s in taken:
                s.close()
    raise RuntimeError(f"no {count} consecutive free ports")


class ServerProcess:
    """`majiang serve` on `database_url`; its log goes to `log` (never a pipe nobody reads)."""

    def __init__(self, database_url: str, log: Path, bot_delay: str = "0",
                 env: dict[str, str] | None = None) -> None:
        self.database_url, self.log, self.bot_delay = database_url, log, bot_delay
        self.env = dict(env or {})
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = dict(os.environ, DATABASE_URL=self.database_url, MAJIANG_BOT_DELAY=self.bot_delay,
                   **self.env)
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "majiang", "serve", "--port", str(self.port),
                 "--log-level", "warning"],
                env=env, stdout=log, stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(self.log.read_text(errors="replace"))
            try:
                if httpx.get(self.url + "/healthz", timeout=1).json() == {"ok": True}:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError("the server did not come up")

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@contextmanager
def served(workdir: Path, name: str, env: dict[str, str] | None = None) -> Iterator[ServerProcess]:
    """A started `ServerProcess` on a fresh SQLite file `workdir/name.db` (its log
    `workdir/server.log`), stopped on exit."""
    server = ServerProcess(f"sqlite:///{workdir / f'{name}.db'}", workdir / "server.log",
                           env=env)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def receive(ws: ClientConnection) -> dict[str, Any]:
    """The next frame of a real socket, as JSON (30 s at most)."""
    msg: dict[str, Any] = json.loads(ws.recv(timeout=30))
    return msg


def answer(ws: ClientConnection, t: Transcript, msg: dict[str, Any]) -> None:
    """Answer prompt `msg` as the load test's scripted player would."""
    act = choose(msg["actions"], t.view)
    ws.send(json.dumps({"type": "act", "prompt_id": msg["prompt_id"], "action": act}))
    t.prompt = None


def until_prompt(ws: ClientConnection, t: Transcript, answer_first: int) -> bool:
    """Answer `answer_first` prompts, then return True with the next one pending (unanswered);
    False if the hand ended first (a quick win)."""
    answered = 0
    while True:
        msg = receive(ws)
        t.add(msg)
        if msg["type"] == "settlement":
            return False
        if msg["type"] == "prompt":
            if answered == answer_first:
                return True
            answer(ws, t, msg)
            answered += 1
