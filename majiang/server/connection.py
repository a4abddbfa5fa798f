"""WebSocket connections of a table: each with its own writer task, and who holds which seat."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator
from typing import Any

from starlette.websockets import WebSocket

from majiang.server.limits import OUT_QUEUE

SLOW = 4008  # close code: the client does not read its messages


class Connection:
    """One WebSocket: an outgoing queue drained by its own writer task, so sending never waits.
    A client that lets `OUT_QUEUE` messages pile up unread is disconnected (close code 4008)."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.out: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(OUT_QUEUE + 1)
        self.seat: int | None = None
        self.user_id: int | None = None
        self.closed = False
        self.slow = False
        self.close_code: tuple[int, str] | None = None  # close the socket with it once drained

    def start(self) -> asyncio.Task[None]:
        return asyncio.create_task(self._write())

    async def _write(self) -> None:
        while True:
            msg = await self.out.get()
            if msg is None:
                if self.slow:
                    await self._close_slow()
                elif self.close_code is not None:
                    with contextlib.suppress(Exception):  # already gone
                        await self.websocket.close(*self.close_code)
                return
            try:
                await self.websocket.send_text(json.dumps(msg, ensure_ascii=False))
            except Exception:  # the peer went away; the reader side cleans up
                self.closed = True
                return

    def send(self, msg: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.out.qsize() >= OUT_QUEUE:  # it does not read: drop what waits, then close
            self.slow = True
            while not self.out.empty():
                self.out.get_nowait()
            self.close()
            return
        self.out.put_nowait(msg)

    def refuse(self, msg: dict[str, Any], code: int, reason: str) -> None:
        """Close for what the client did: what waits is dropped, `msg` (the error saying why)
        is sent, then the socket is closed with `code`, so the error always arrives first."""
        if self.closed:
            return
        while not self.out.empty():
            self.out.get_nowait()
        self.out.put_nowait(msg)
        self.close(code, reason)

    def close(self, code: int | None = None, reason: str = "") -> None:
        """Stop sending once what waits is sent; with `code`, then close the socket with it."""
        if code is not None and not self.closed:
            self.close_code = (code, reason)
        if not self.closed:
            self.closed = True
            self.out.put_nowait(None)

    async def _close_slow(self) -> None:
        with contextlib.suppress(Exception):  # already gone
            await self.websocket.close(code=SLOW, reason="too slow: messages unread")


class Audience:
    """The connections attached to one table (players by seat, watchers with no seat)."""

    def __init__(self) -> None:
        self.conns: list[Connection] = []

    def __iter__(self) -> Iterator[Connection]:
        return iter(list(self.conns))

    def add(self, conn: Connection) -> None:
        self.conns.append(conn)

    def remove(self, conn: Connection) -> None:
        if conn in self.conns:
            self.conns.remove(conn)

    def of_seat(self, seat: int | None) -> list[Connection]:
        return [c for c in self.conns if c.seat == seat and not c.closed]

    def connected(self, seat: int) -> bool:
        return bool(self.of_seat(seat))

    def send_seat(self, seat: int | None, msg: dict[str, Any]) -> None:
        for c in self.of_seat(seat):
            c.send(msg)

    def send_all(self, msg: dict[str, Any]) -> None:
        for c in self.conns:
            c.send(msg)

    def open(self) -> list[Connection]:
        return [c for c in self.conns if not c.closed]
