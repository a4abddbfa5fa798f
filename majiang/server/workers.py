"""`majiang serve --workers N [--redis-url URL]`: several server processes on one port.

With a Redis URL the process is a cluster node (`cluster.py`): it listens on the public port with
SO_REUSEPORT (the kernel spreads connections over every process bound to it) and on its own
internal port (`--internal-port`, default the port + 10000, plus the worker's index), which it
advertises in the table directory as `--advertise-host:PORT` so other processes relay a table's
sockets to it (`relay.py`). `--workers N` (N > 1) starts N such processes from a supervisor that
restarts a worker that dies and passes SIGTERM on. Several processes need a shared PostgreSQL:
SQLite is refused with more than one worker and warned about in a cluster of one.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from majiang.server.settings import Settings

if TYPE_CHECKING:
    import uvicorn

WILDCARDS = ("", "0.0.0.0", "::")
RESTART_PAUSE = 1.0  # seconds before a dead worker is started again
DRAIN_WAIT = 60.0  # seconds a worker has after SIGTERM (its tables drain first) before SIGKILL
STARTUP_FAILED = (2, 3)  # a worker's exit code for a bad setting or a failed start


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--workers", type=int, default=1,
                        help="server processes on this port (1); more than 1 needs Redis")
    parser.add_argument("--redis-url", default=None,
                        help="the cluster's Redis (default $REDIS_URL when --workers > 1)")
    parser.add_argument("--internal-port", type=int, default=None,
                        help="first internal port of this machine's workers (port + 10000)")
    parser.add_argument("--advertise-host", default=None,
                        help="the host other processes reach this machine at (--host)")
    parser.add_argument("--worker-index", type=int, default=None, help=argparse.SUPPRESS)


@dataclass(frozen=True)
class Plan:
    """What this `serve` process does: supervise workers, or serve (alone or as a node)."""

    settings: Settings
    workers: int = 1
    supervise: bool = False
    host: str = "127.0.0.1"
    port: int = 8000
    internal_port: int | None = None  # None: one process, no cluster


def plan(args: argparse.Namespace, settings: Settings) -> Plan | str:
    """The plan of `serve`, or a refusal (bilingual) for a shape that cannot work."""
    workers, index = int(args.workers), args.worker_index
    if workers < 1:
        return "--workers 至少为1 / --workers must be at least 1"
    redis = args.redis_url or (os.environ.get("REDIS_URL")
                               if workers > 1 or index is not None else None)
    if redis is None:
        if workers > 1:
            return ("多个进程需要Redis / --workers above 1 needs Redis: give --redis-url URL or "
                    "set $REDIS_URL")
        return Plan(settings, host=args.host, port=args.port)
    sqlite = settings.database_url.startswith("sqlite")
    if sqlite and workers > 1:
        return ("多个进程不能共用SQLite，请用PostgreSQL / several processes cannot share SQLite: "
                "use PostgreSQL (--database-url postgresql+psycopg://...)")
    if sqlite:
        print("majiang serve: 警告：集群用SQLite只适合一台机器上的一个进程 / warning: a cluster "
              "on SQLite works for one process on one machine only; use PostgreSQL",
              file=sys.stderr)
    base = args.internal_port if args.internal_port is not None else args.port + 10000
    internal = base + (index or 0)
    advertise = args.advertise_host or (
        args.host if args.host not in WILDCARDS else socket.gethostname())
    settings = dataclasses.replace(settings, redis_url=redis,
                                   cluster_address=f"{advertise}:{internal}")
    return Plan(settings, workers=workers, supervise=workers > 1 and index is None,
                host=args.host, port=args.port, internal_port=internal)


def _listen(host: str, port: int, reuse_port: bool) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.set_inheritable(False)
    return sock


def listeners(p: Plan) -> list[socket.socket] | None:
    """A node's two sockets: the shared public port and its own internal one (None: plain)."""
    if p.internal_port is None:
        return None
    host = p.host if p.host not in WILDCARDS else "0.0.0.0"
    return [_listen(host, p.port, True), _listen(host, p.internal_port, False)]


def refuse_or_supervise(p: Plan | str, argv: list[str]) -> int:
    """`serve`'s exit code for a refused plan (2), else the supervisor's."""
    if isinstance(p, str):
        print(f"majiang serve: {p}", file=sys.stderr)
        return 2
    return supervise(p, argv)


def supervise(p: Plan, argv: list[str]) -> int:
    """Run `p.workers` workers (`serve ... --worker-index I`) until SIGTERM or SIGINT; a
    worker that dies is started again."""
    env = dict(os.environ, REDIS_URL=p.settings.redis_url or "",  # not on the command line
               **{SUPERVISOR_PID: str(os.getpid())})

    def start(i: int) -> subprocess.Popen[bytes]:
        return subprocess.Popen([sys.executable, "-m", "majiang", *argv, "--worker-index",
                                 str(i)], env=env)

    stopping: list[int] = []

    def on_signal(signum: int, _frame: object) -> None:
        stopping.append(signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    children = {0: start(0)}  # the first migrates a fresh database and makes its secret
    _wait_ready(p, children[0])
    children.update({i: start(i) for i in range(1, p.workers)})
    print(f"majiang serve: {p.workers} 个进程 / workers on {p.host}:{p.port}", flush=True)
    while not stopping:
        time.sleep(0.2)
        for i, child in list(children.items()):
            if child.poll() is not None and not stopping:
                if child.returncode in STARTUP_FAILED:  # restarting would fail the same way
                    stopping.append(0)
                    break
                print(f"majiang serve: 进程{i}退出({child.returncode})，重启 / worker {i} exited "
                      f"({child.returncode}), restarting", flush=True)
                time.sleep(RESTART_PAUSE)
                children[i] = start(i)
    for child in children.values():
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
    for child in children.values():
        try:
            child.wait(DRAIN_WAIT)
        except subprocess.TimeoutExpired:
            child.kill()
    failed = [c.returncode for c in children.values() if c.returncode in STARTUP_FAILED]
    return failed[0] if failed else 0


def _wait_ready(p: Plan, child: subprocess.Popen[bytes], seconds: float = 120) -> None:
    """Until the worker answers /healthz on its internal port (or exits, or time is up)."""
    host = p.host if p.host not in WILDCARDS else "127.0.0.1"
    url = f"http://{host}:{p.internal_port}/healthz"
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and child.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=1) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.2)


SUPERVISOR_PID = "MAJIANG_SUPERVISOR_PID"  # a worker's supervisor, told in its environment


def when_parent_gone(parent: int, then: Callable[[], object], every: float) -> None:
    """Call `then` (in a daemon thread) once process `parent` is no longer this one's parent:
    it died, even by SIGKILL, and this process was handed to init."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        then()

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def leave_with_parent(every: float = 1.0) -> None:
    """A worker stops (SIGTERM to itself: it drains) once its supervisor is gone, even killed
    with SIGKILL, instead of serving on as an orphan nobody supervises or stops."""
    parent = int(os.environ.get(SUPERVISOR_PID, "0")) or os.getppid()
    when_parent_gone(parent, lambda: os.kill(os.getpid(), signal.SIGTERM), every)


def serve(config: uvicorn.Config, p: Plan) -> int:
    """Run uvicorn on the plan's sockets (else its own): 0, or 3 if the app did not start."""
    import uvicorn

    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=listeners(p))
    return 0 if server.started else 3
