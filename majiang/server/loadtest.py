"""`majiang loadtest`: play N tables at once against a running server on loopback and measure.

Each table is a quick-play table (three bots) with one scripted WebSocket client as the fourth
seat. Reports hands finished, hands per second, the p50/p99 latency from sending an intent to
receiving its event, errors, and the server's ledger check. Bounded: at most 200 tables and 600
seconds; it stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

MAX_TABLES = 200
MAX_SECONDS = 600.0
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="server (loopback only)")
    parser.add_argument("--tables", type=int, default=10, help=f"tables at once (1..{MAX_TABLES})")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to play (<= 600)")
    parser.add_argument("--rules", default=None, help="ruleset id (default: the server's first)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


@dataclass
class Stats:
    hands: int = 0
    errors: int = 0
    latencies: list[float] = field(default_factory=list)
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


async def play_table(base: str, rules: str | None, deadline: float, stats: Stats) -> None:
    import httpx
    from websockets.asyncio.client import connect

    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        r = await http.post("/api/guest")
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
                    left = deadline - time.monotonic()
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
                            stats.latencies.append(time.perf_counter() - sent_at)
                            sent_at = None
                    elif kind == "prompt":
                        action = choose(msg["actions"], view)
                        await ws.send(json.dumps(
                            {"type": "act", "prompt_id": msg["prompt_id"], "action": action}
                        ))
                        # a pass may wait for other seats' decisions: not an intent->event sample
                        sent_at = time.perf_counter() if action["type"] != "pass" else None
                    elif kind == "settlement":
                        stats.hands += 1
                        await ws.send(json.dumps({"type": "ready"}))
                    elif kind == "error":
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


async def run_load(
    base: str, tables: int, seconds: float, rules: str | None
) -> dict[str, Any]:
    import httpx

    stats = Stats()
    start = time.monotonic()
    deadline = start + seconds
    await asyncio.gather(*(play_table(base, rules, deadline, stats) for _ in range(tables)))
    elapsed = time.monotonic() - start
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        check = (await http.get("/api/ledger/check")).json()
    return {
        "tables": tables,
        "seconds": round(elapsed, 2),
        "hands": stats.hands,
        "hands_per_s": round(stats.hands / elapsed, 3) if elapsed > 0 else 0.0,
        "samples": len(stats.latencies),
        "p50_ms": round(percentile(stats.latencies, 0.50) * 1000, 2),
        "p99_ms": round(percentile(stats.latencies, 0.99) * 1000, 2),
        "mean_ms": round(statistics.fmean(stats.latencies) * 1000, 2) if stats.latencies else 0.0,
        "errors": stats.errors,
        "error_messages": stats.messages,
        "ledger_balanced": bool(check.get("balanced")),
    }


def run(args: argparse.Namespace) -> int:
    parsed = urlparse(args.url)
    if parsed.scheme not in ("http", "https") or parsed.hostname not in LOOPBACK:
        print(f"majiang loadtest: only a loopback http URL is allowed, got {args.url!r}")
        return 2
    if not 1 <= args.tables <= MAX_TABLES:
        print(f"majiang loadtest: --tables must be 1..{MAX_TABLES}, got {args.tables}")
        return 2
    if not 0 < args.seconds <= MAX_SECONDS:
        print(f"majiang loadtest: --seconds must be in (0, {MAX_SECONDS:g}], got {args.seconds}")
        return 2
    report = asyncio.run(run_load(args.url.rstrip("/"), args.tables, args.seconds, args.rules))
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        for key, value in report.items():
            if key != "error_messages":
                print(f"{key:>16}: {value}")
        for line in report["error_messages"]:
            print(f"  error: {line}")
    ok = report["errors"] == 0 and report["ledger_balanced"]
    return 0 if ok else 1
