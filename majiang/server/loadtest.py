"""`majiang loadtest`: play N tables at once against a running server on loopback and measure.

Each table is a quick-play table (three bots) with one scripted WebSocket client as the fourth
seat. Reports hands finished, hands per second, the p50/p99 latency from sending an intent to
receiving its event, errors, and the server's ledger check. The tables are spread over
`--clients` processes (one client process cannot drive hundreds of sockets without becoming
the bottleneck itself). The tables join one after another over `--ramp` seconds (players arrive,
they do not all press quick play in the same millisecond); what is measured is the `--seconds`
after the ramp, and the ramp's own p99 is reported beside it. `--sweep 100,200,400` runs one
step per count and reports the knee: the largest count whose p99 stays under `--p99-ms` with no
errors. Bounded: at most 2,000 tables, 16 client processes and 600 seconds a step; it stops by
itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

MAX_TABLES = 2000
MAX_CLIENTS = 16
MAX_SECONDS = 600.0
LOOPBACK = ("127.0.0.1", "localhost", "::1")
RAMP_PER_TABLE = 0.2  # seconds between two tables joining, by default (5 a second)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="server (loopback only)")
    parser.add_argument("--tables", type=int, default=10, help=f"tables at once (1..{MAX_TABLES})")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to play (<= 600)")
    parser.add_argument("--rules", default=None, help="ruleset id (default: the server's first)")
    parser.add_argument("--ramp", type=float, default=None,
                        help="seconds over which the tables join, before the measured "
                             f"--seconds (default: {RAMP_PER_TABLE * 1000:g} ms a table)")
    parser.add_argument("--clients", type=int, default=1,
                        help=f"client processes the tables are spread over (1..{MAX_CLIENTS})")
    parser.add_argument("--sweep", default=None, metavar="N,N,...",
                        help="table counts to run one after another; reports the knee")
    parser.add_argument("--p99-ms", type=float, default=100.0,
                        help="the latency a step must hold at p99 to count as held (100)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


@dataclass
class Stats:
    hands: int = 0
    errors: int = 0
    latencies: list[float] = field(default_factory=list)
    ramp_latencies: list[float] = field(default_factory=list)  # before the measured window
    messages: list[str] = field(default_factory=list)

    def error(self, what: str) -> None:
        self.errors += 1
        if len(self.messages) < 20:
            self.messages.append(what)


def choose(actions: list[dict[str, Any]], view: dict[str, Any] | None) -> dict[str, Any]:
    """Win when possible, pass claims, else discard the drawn tile (or the last legal one)."""
    plain = [{k: v for k, v in a.items() if k != "label"} for a in actions]
    for kind in ("win", "pass"):
        for a in plain:
            if a["type"] == kind:
                return a
    drawn = view.get("drawn") if view else None
    discards = [a for a in plain if a["type"] == "discard"]
    for a in discards:
        if a.get("tile") == drawn:
            return a
    return discards[-1] if discards else plain[0]


@dataclass(frozen=True)
class Window:
    """When one table joins, and when the measured window opens and closes (wall-clock
    seconds, the same in every client process)."""

    join: float
    measured: float
    deadline: float


async def play_table(base: str, rules: str | None, when: Window, stats: Stats) -> None:
    import httpx
    from websockets.asyncio.client import connect

    await asyncio.sleep(max(0.0, when.join - time.time()))
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        r = await http.post("/api/guest")
        if r.status_code == 429:
            stats.error("guest: HTTP 429 (the server's guests per address: start it with "
                        "MAJIANG_GUEST_GRANTS at least the table count)")
            return
        if r.status_code != 200:
            stats.error(f"guest: HTTP {r.status_code}")
            return
        token = r.json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        body = {"rules": rules} if rules else {}
        r = await http.post("/api/quickplay", json=body, headers=headers)
        if r.status_code != 200:
            stats.error(f"quickplay: HTTP {r.status_code} {r.text[:100]}")
            return
        code = r.json()["code"]
        ws_base = base.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
        view: dict[str, Any] | None = None
        sent_at: float | None = None
        seat: int | None = None
        try:
            # the token rides in a header, never in the URL (docs/protocol.md section 6)
            async with connect(f"{ws_base}/ws/tables/{code}", additional_headers=headers) as ws:
                while True:
                    left = when.deadline - time.time()
                    if left <= 0:
                        break
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=left)
                    except TimeoutError:
                        break
                    msg = json.loads(raw)
                    kind = msg.get("type")
                    if kind == "state":
                        view = msg["view"]
                        seat = view.get("seat")
                    elif kind == "event":
                        event = msg["event"]
                        if sent_at is not None and event.get("seat") == seat:
                            took = time.perf_counter() - sent_at
                            measured = time.time() >= when.measured
                            (stats.latencies if measured else stats.ramp_latencies).append(took)
                            sent_at = None
                    elif kind == "prompt":
                        action = choose(msg["actions"], view)
                        await ws.send(json.dumps(
                            {"type": "act", "prompt_id": msg["prompt_id"], "action": action}
                        ))
                        # a pass may wait for other seats' decisions: not an intent->event sample
                        sent_at = time.perf_counter() if action["type"] != "pass" else None
                    elif kind == "settlement":
                        stats.hands += time.time() >= when.measured
                        await ws.send(json.dumps({"type": "ready"}))
                    elif kind == "error" and "prompt_id" not in msg:
                        # (an error naming a prompt_id: the reply crossed the prompt's end, its
                        # timeout or a withdrawal, which is no failure of the server)
                        stats.error(f"table {code}: {msg.get('error')}")
        except Exception as exc:  # a dropped connection or a protocol error is an error
            stats.error(f"table {code}: {type(exc).__name__}: {exc}")
        r = await http.post(f"/api/tables/{code}/leave", headers=headers)
        if r.status_code != 200:
            stats.error(f"leave: HTTP {r.status_code}")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


async def _play_share(base: str, windows: list[Window], rules: str | None) -> Stats:
    stats = Stats()
    await asyncio.gather(*(play_table(base, rules, when, stats) for when in windows))
    return stats


def _client_process(base: str, windows: list[Window], rules: str | None) -> dict[str, Any]:
    """One client process's share (run in a child process): its raw numbers."""
    stats = asyncio.run(_play_share(base, windows, rules))
    return {"hands": stats.hands, "errors": stats.errors, "latencies": stats.latencies,
            "ramp_latencies": stats.ramp_latencies, "messages": stats.messages}


def windows(tables: int, clients: int, ramp: float, seconds: float,
            start: float) -> list[list[Window]]:
    """Each client process's tables: table i joins at `start + ramp * i / tables`, dealt round
    the processes in turn; the window measured is the `seconds` after the ramp."""
    clients = max(1, min(clients, tables))
    measured = start + ramp
    shares: list[list[Window]] = [[] for _ in range(clients)]
    for i in range(tables):
        shares[i % clients].append(Window(start + ramp * i / tables, measured,
                                          measured + seconds))
    return shares


def _played(base: str, tables: int, seconds: float, rules: str | None, clients: int,
            ramp: float) -> Stats:
    spawned = min(clients, tables) > 1
    lead = 3.0 if spawned else 0.5  # client processes spawn before the first table joins
    shares = windows(tables, clients, ramp, seconds, time.time() + lead)
    if not spawned:
        return asyncio.run(_play_share(base, shares[0], rules))
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    merged = Stats()
    with ProcessPoolExecutor(len(shares), mp_context=multiprocessing.get_context("spawn")) as pool:
        for part in pool.map(_client_process, *zip(*[(base, w, rules) for w in shares],
                                                    strict=True)):
            merged.hands += part["hands"]
            merged.errors += part["errors"]
            merged.latencies += part["latencies"]
            merged.ramp_latencies += part["ramp_latencies"]
            merged.messages += part["messages"][: max(0, 20 - len(merged.messages))]
    return merged


def run_load(base: str, tables: int, seconds: float, rules: str | None,
             clients: int = 1, ramp: float | None = None) -> dict[str, Any]:
    """One step: `tables` tables joining over `ramp` seconds, spread over `clients`
    processes, then measured for `seconds`; the report."""
    import httpx

    ramp = tables * RAMP_PER_TABLE if ramp is None else ramp
    stats = _played(base, tables, seconds, rules, clients, ramp)
    ops = os.environ.get("MAJIANG_METRICS_TOKEN")  # the ledger check is the operator's
    check = httpx.get(f"{base}/api/ledger/check", timeout=60,
                      headers={"Authorization": f"Bearer {ops}"} if ops else {}).json()
    return {
        "tables": tables,
        "clients": min(clients, tables),
        "ramp_seconds": round(ramp, 2),
        "seconds": seconds,
        "hands": stats.hands,
        "hands_per_s": round(stats.hands / seconds, 3),
        "ramp_p99_ms": round(percentile(stats.ramp_latencies, 0.99) * 1000, 2),
        "samples": len(stats.latencies),
        "p50_ms": round(percentile(stats.latencies, 0.50) * 1000, 2),
        "p99_ms": round(percentile(stats.latencies, 0.99) * 1000, 2),
        "mean_ms": round(statistics.fmean(stats.latencies) * 1000, 2) if stats.latencies else 0.0,
        "errors": stats.errors,
        "error_messages": stats.messages,
        "ledger_balanced": bool(check.get("balanced")),
    }


def knee(steps: list[dict[str, Any]], p99_ms: float) -> int | None:
    """The largest table count of a sweep that held (p99 under `p99_ms`, no errors, ledger
    balanced) with every smaller step holding too; None if the first step failed."""
    held = None
    for step in sorted(steps, key=lambda s: int(s["tables"])):
        if step["errors"] or not step["ledger_balanced"] or step["p99_ms"] >= p99_ms:
            break
        held = int(step["tables"])
    return held


def _counts(args: argparse.Namespace) -> list[int] | str:
    """The table counts to run, or what is wrong with the arguments."""
    try:
        counts = [int(n) for n in args.sweep.split(",")] if args.sweep else [args.tables]
    except ValueError:
        return f"--sweep takes table counts like 100,200,400, got {args.sweep!r}"
    if not all(1 <= n <= MAX_TABLES for n in counts):
        return f"--tables / --sweep counts must be 1..{MAX_TABLES}, got {counts}"
    if not 1 <= args.clients <= MAX_CLIENTS:
        return f"--clients must be 1..{MAX_CLIENTS}, got {args.clients}"
    if not 0 < args.seconds <= MAX_SECONDS:
        return f"--seconds must be in (0, {MAX_SECONDS:g}], got {args.seconds}"
    if args.ramp is not None and not 0 <= args.ramp <= MAX_SECONDS:
        return f"--ramp must be in [0, {MAX_SECONDS:g}], got {args.ramp}"
    return counts


def _print(report: dict[str, Any]) -> None:
    for key, value in report.items():
        if key != "error_messages":
            print(f"{key:>16}: {value}")
    for line in report["error_messages"]:
        print(f"  error: {line}")


def run(args: argparse.Namespace) -> int:
    parsed = urlparse(args.url)
    if parsed.scheme not in ("http", "https") or parsed.hostname not in LOOPBACK:
        print(f"majiang loadtest: only a loopback http URL is allowed, got {args.url!r}")
        return 2
    counts = _counts(args)
    if isinstance(counts, str):
        print(f"majiang loadtest: {counts}")
        return 2
    base = args.url.rstrip("/")
    steps = [run_load(base, n, args.seconds, args.rules, args.clients, args.ramp)
             for n in counts]
    if args.sweep:
        report: dict[str, Any] = {"steps": steps, "p99_bar_ms": args.p99_ms,
                                  "knee_tables": knee(steps, args.p99_ms)}
        if args.json:
            print(json.dumps(report, ensure_ascii=False))
        else:
            for step in steps:
                print(f"{step['tables']:>5} tables: p50 {step['p50_ms']} ms, p99 "
                      f"{step['p99_ms']} ms, {step['hands']} hands, {step['errors']} errors, "
                      f"ledger {'balanced' if step['ledger_balanced'] else 'NOT balanced'}")
            print(f"knee: {report['knee_tables']} tables (p99 under {args.p99_ms:g} ms)")
        return 0 if all(s["ledger_balanced"] for s in steps) else 1
    if args.json:
        print(json.dumps(steps[0], ensure_ascii=False))
    else:
        _print(steps[0])
    ok = steps[0]["errors"] == 0 and steps[0]["ledger_balanced"]
    return 0 if ok else 1
