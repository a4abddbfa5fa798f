"""A real `majiang serve` process on a free loopback port, for the restart and load tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    def __init__(self, db: Path, port: int, bot_delay: str = "0") -> None:
        self.db, self.port, self.bot_delay = db, port, bot_delay
        self.url = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = dict(os.environ, DATABASE_URL=f"sqlite:///{self.db}")
        env["MAJIANG_BOT_DELAY"] = self.bot_delay
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "majiang", "serve", "--port", str(self.port),
             "--log-level", "warning"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(self.proc.stderr.read().decode() if self.proc.stderr else "")
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
