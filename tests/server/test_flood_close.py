"""A socket closed for flooding is told why before the close: what waited for it is dropped and
the refusal goes first. The close used to be sent beside the writer's queue, so the error frame
(and the pongs before it) were lost whenever the queue was not empty: a probe of six floods of
600 pings got no error frame in one, 74 pongs and the bare close 4029."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_player import auth, signup, table_socket
from starlette.websockets import WebSocketDisconnect

from majiang.server.api.socket import FLOOD_CLOSED, FLOODED
from majiang.server.connection import Connection

SLOW_DOWN = "消息过多 / too many messages: slow down"


class _Recording:
    """A WebSocket whose peer reads everything: what was sent, and the close."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int, reason: str = "") -> None:
        self.closed_with = code


def test_a_refusal_drops_what_waits_and_goes_before_the_close() -> None:
    async def scenario() -> tuple[list[str], int | None]:
        socket = _Recording()
        conn = Connection(socket)  # type: ignore[arg-type]
        for i in range(300):  # queued before the writer runs, as under a flood
            conn.send({"type": "pong", "i": i})
        conn.refuse({"type": "error", "error": "why"}, 4029, "too many")
        conn.send({"type": "pong"})  # after the refusal: never sent
        await conn.start()
        return socket.sent, socket.closed_with

    sent, code = asyncio.run(scenario())
    assert sent == ['{"type": "error", "error": "why"}'] and code == 4029


def test_a_flooded_socket_gets_the_reason_then_4029(sqlite_client: TestClient) -> None:
    token, _ = signup(sqlite_client, "mallory")
    r = sqlite_client.post("/api/quickplay", json={"rules": "tuidaohu"}, headers=auth(token))
    with table_socket(sqlite_client, r.json()["code"], token) as ws:
        for _ in range(1000):
            ws.send_text('{"type": "ping"}')
        frames: list[dict[str, Any]] = []
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(3000):
                frames.append(ws.receive_json())
        assert closed.value.code == FLOODED
    errors = [f["error"] for f in frames if f["type"] == "error"]
    assert errors[-1] == FLOOD_CLOSED and errors[:-1] in ([], [SLOW_DOWN])
    assert frames[-1] == {"type": "error", "error": FLOOD_CLOSED}
