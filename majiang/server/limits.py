"""Input limits of the server: sizes checked before anything is parsed, rates per connection,
sockets per player and per table, and an HTTP body limit. Every refusal is named in both
languages and never echoes more than a few characters of the input."""

from __future__ import annotations

import contextlib
import json
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_MESSAGE_CHARS = 4096  # a client message is small: the largest legal one is ~200 bytes
MAX_FRAME_BYTES = 64 * 1024  # uvicorn closes the socket (1009) on a larger frame
MAX_BODY_BYTES = 64 * 1024  # HTTP request bodies
MAX_DEPTH = 8  # JSON nesting of a client message
OUT_QUEUE = 512  # messages waiting for a slow reader before it is disconnected
RATE, BURST = 100.0, 200.0  # client messages per second per socket, and the burst allowed
FLOOD_CLOSE = 200  # refused messages after which the socket is closed
SOCKETS_PER_USER = 4  # per table
SOCKETS_PER_PLAYER = 16  # a player's at all tables together (in this process)
SOCKETS_PER_TABLE = 64  # watchers' sockets at one table (its players' do not count)
# sockets a player may open at one table: a burst, then one every 2 s (a flaky network
# reconnects far less often; opening and closing in a loop once stalled the table's game)
OPEN_RATE, OPEN_BURST = 0.5, 8.0


class InputError(ValueError):
    """A client message refused before it is read; the text is for the client."""


def read_message(text: str) -> Any:
    """A client's text frame as JSON, its size and nesting checked first."""
    if len(text) > MAX_MESSAGE_CHARS:
        raise InputError(f"消息过长 / message too long: {len(text)} characters, at most "
                         f"{MAX_MESSAGE_CHARS}")
    depth = deepest = 0
    for ch in text:  # brackets inside strings count too: a bound, never an undercount
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    if deepest > MAX_DEPTH:
        raise InputError(f"嵌套过深 / nested too deeply: at most {MAX_DEPTH} levels")
    try:
        return json.loads(text)
    except ValueError:
        raise InputError("消息须为JSON / messages must be JSON") from None


@dataclass
class Bucket:
    """A token bucket: `allow()` is False once the socket sends faster than `RATE`."""

    rate: float = RATE
    burst: float = BURST
    tokens: float = BURST
    at: float = field(default_factory=time.monotonic)
    refused: int = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.refused += 1
        return False

    def refilling(self) -> bool:
        """Whether the bucket is not yet full again (still worth remembering)."""
        return self.tokens + (time.monotonic() - self.at) * self.rate < self.burst


@dataclass
class SocketCounts:
    """Open table sockets in this process, per (table, user) and a table's watchers' in all.

    A seated player's sockets count against the per-player cap only: watchers filling a table's
    cap once locked its own players out (their seats went to 托管)."""

    per_user: Counter[tuple[str, int]] = field(default_factory=Counter)
    per_player: Counter[int] = field(default_factory=Counter)  # all tables together
    watchers: Counter[str] = field(default_factory=Counter)
    opens: dict[tuple[str, int], Bucket] = field(default_factory=dict)

    def open(self, code: str, user_id: int, seated: bool = False) -> str | None:
        """Count a new socket (of a player `seated` at the table, or a watcher's), or say why
        it may not open."""
        bucket = self.opens.get((code, user_id))
        if bucket is None:
            if len(self.opens) > 10_000:  # forget players whose buckets have refilled
                self.opens = {k: b for k, b in self.opens.items() if b.refilling()}
            bucket = self.opens[code, user_id] = Bucket(OPEN_RATE, OPEN_BURST, OPEN_BURST)
        if not bucket.allow():
            return ("连接太频繁，请稍候 / connecting too often: wait a few seconds and try "
                    "again")
        if self.per_user[code, user_id] >= SOCKETS_PER_USER:
            return (f"连接过多 / too many connections: at most {SOCKETS_PER_USER} per player "
                    "at a table")
        if self.per_player[user_id] >= SOCKETS_PER_PLAYER:  # not 4 at every table there is
            return (f"连接过多 / too many connections: at most {SOCKETS_PER_PLAYER} per player "
                    "at all tables together")
        if not seated and self.watchers[code] >= SOCKETS_PER_TABLE:
            return (f"此桌观战连接已满 / the table is full of watchers' connections (at most "
                    f"{SOCKETS_PER_TABLE})")
        self.per_user[code, user_id] += 1
        self.per_player[user_id] += 1
        if not seated:
            self.watchers[code] += 1
        return None

    def close(self, code: str, user_id: int, seated: bool = False) -> None:
        """Count out a socket opened with the same `seated`."""
        self.per_user[code, user_id] -= 1
        if self.per_user[code, user_id] <= 0:
            del self.per_user[code, user_id]
        self.per_player[user_id] -= 1
        if self.per_player[user_id] <= 0:
            del self.per_player[user_id]
        if not seated:
            self.watchers[code] -= 1
            if self.watchers[code] <= 0:
                del self.watchers[code]


class BodyLimit:
    """ASGI middleware: an HTTP body over `limit` bytes gets 413 before it is read whole, and the
    connection is closed (the rest is never read). A body without a length (chunked) is counted
    as it arrives; the app's own answer to the cut body (a parse error) is dropped for the 413."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(send)
            return
        seen, too_big, started = 0, False, False

        async def counted() -> Message:
            nonlocal seen, too_big
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    too_big = True
                    raise _TooBig
            return message

        async def answer(message: Message) -> None:
            nonlocal started
            if too_big and not started:
                return  # the app's answer to a body it never got whole: the 413 goes instead
            started = True
            await send(message)

        with contextlib.suppress(_TooBig):
            await self.app(scope, counted, answer)
        if too_big and not started:
            await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        await send_error(send, 413, f"请求体过大 / request body too large: at most {self.limit} "
                         "bytes", [(b"connection", b"close")])


async def send_error(send: Send, status: int, error: str,
                     headers: Sequence[tuple[bytes, bytes]] = ()) -> None:
    """A middleware's own answer, before the app: `{"error": ...}` as JSON, with `headers`."""
    body = json.dumps({"error": error}, ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()), *headers]})
    await send({"type": "http.response.body", "body": body})


class _TooBig(Exception):
    pass
