"""Sticky routing: a table's WebSocket reaches the process that owns the table.

A socket for a table this process holds (or can claim) attaches here. Any other is accepted and
relayed frame by frame to the owner's internal address from the directory (`cluster.py`), with
the client's credentials, origin and host. When the owner goes away (the connection drops, or it
closes with 1012 because the table moved, or 1001/1011/1013), the relay asks the directory again
and reconnects, to the new owner or, once the dead owner's lease expires and this process claims
the table, to itself; the client only sees the table's frames start again (`table`, `state`,
its prompt). Any other close (the table closed, a refused token, a flood) is passed through.
A relayed upgrade is never relayed again: a process that no longer owns the table refuses it and
the relay looks again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass

from starlette.websockets import WebSocket
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from majiang.server.cluster import MOVED, Cluster
from majiang.server.limits import MAX_FRAME_BYTES

log = logging.getLogger("majiang.relay")
RELAY_HEADER = "x-majiang-relay"  # set on a relayed upgrade: the relaying process's node
FORWARDED = ("authorization", "cookie", "origin", "user-agent")
RETRY = frozenset({1001, 1006, 1011, 1013, MOVED})  # the owner went away: find the table again
GIVE_UP_SECONDS = 120.0  # a table no process can take for this long: close with 1013
NOT_OWNER = 4503  # close code of a relayed upgrade at a process that does not own the table
UNAVAILABLE = "桌子暂时不可用 / table unavailable: try again"


@dataclass(frozen=True)
class Outcome:
    """How one upstream connection ended: the client left, a final close, or look again."""

    client_gone: bool = False
    close: tuple[int, str] | None = None


async def relayed(cluster: object, websocket: WebSocket, code: str) -> bool:
    """Cluster hook of `/ws/tables/{code}`: True when the socket was relayed (or refused) here,
    False when the caller attaches it to this process's actor (no cluster, or this process
    owns the table)."""
    if not isinstance(cluster, Cluster):
        return False
    if websocket.headers.get(RELAY_HEADER):
        if await cluster.claim(code):
            return False
        await websocket.close(code=NOT_OWNER)  # before accept: the relay looks again
        return True
    try:
        address = await cluster.address_of(code)
    except Exception as exc:  # Redis is away: say so rather than drop the socket
        log.warning("relay: no directory for table %s: %s", code, type(exc).__name__)
        await websocket.accept()
        await websocket.send_json({"type": "error", "error": UNAVAILABLE})
        await websocket.close(1013, UNAVAILABLE)
        return True
    if address == cluster.address:
        return False
    await websocket.accept()
    await relay(cluster, websocket, code)
    return True


def _upstream_headers(cluster: Cluster, websocket: WebSocket) -> list[tuple[str, str]]:
    headers = [(k, v) for k, v in websocket.headers.items() if k in FORWARDED]
    peer = websocket.client.host if websocket.client is not None else ""
    prior = websocket.headers.get("x-forwarded-for")
    headers.append(("x-forwarded-for", f"{prior}, {peer}" if prior else peer))
    headers.append((RELAY_HEADER, cluster.node))
    return headers


async def relay(cluster: Cluster, websocket: WebSocket, code: str) -> None:
    """Pump frames between the client and the table's owner until either side ends."""
    host = websocket.headers.get("host") or cluster.address
    path = websocket.url.path + (f"?{websocket.url.query}" if websocket.url.query else "")
    headers = _upstream_headers(cluster, websocket)
    loop = asyncio.get_running_loop()
    since = loop.time()
    pause = 0.1
    while True:
        address, outcome = "", Outcome()
        try:
            address = await cluster.address_of(code)
            target, _, port = address.rpartition(":")
            async with connect(f"ws://{host}{path}", host=target, port=int(port), proxy=None,
                               additional_headers=headers, max_size=MAX_FRAME_BYTES,
                               open_timeout=5, close_timeout=1, compression=None) as upstream:
                since, pause = loop.time(), 0.1
                outcome = await _pump(websocket, upstream)
        except Exception as exc:  # refused, dropped, timed out, or Redis away: look again
            log.info("relay of table %s to %s: %s", code, address, type(exc).__name__)
        if outcome.client_gone:
            return
        if outcome.close is not None:
            with contextlib.suppress(Exception):
                await websocket.close(*outcome.close)
            return
        if loop.time() - since > GIVE_UP_SECONDS:
            with contextlib.suppress(Exception):
                await websocket.close(1013, UNAVAILABLE)
            return
        await asyncio.sleep(pause)
        pause = min(pause * 2, 1.0)


async def _pump(websocket: WebSocket, upstream: ClientConnection) -> Outcome:
    up = asyncio.create_task(_client_to_owner(websocket, upstream))
    down = asyncio.create_task(_owner_to_client(websocket, upstream))
    done, _ = await asyncio.wait({up, down}, return_when=asyncio.FIRST_COMPLETED)
    if up in done and (up.exception() is not None or up.result()):  # the client left
        down.cancel()
        with contextlib.suppress(BaseException):
            await down
        await upstream.close()
        return Outcome(client_gone=True)
    up.cancel()
    with contextlib.suppress(BaseException):
        await up
    with contextlib.suppress(BaseException):
        await down
    rcvd = upstream.protocol.close_rcvd
    if rcvd is None or rcvd.code in RETRY:
        return Outcome()
    return Outcome(close=(rcvd.code, rcvd.reason))


async def _client_to_owner(websocket: WebSocket, upstream: ClientConnection) -> bool:
    """Client frames to the owner; True when the client disconnected, False when the owner
    connection ended first."""
    while True:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return True
        data = frame.get("text")
        try:
            await upstream.send(data if data is not None else frame.get("bytes") or b"")
        except ConnectionClosed:
            return False


async def _owner_to_client(websocket: WebSocket, upstream: ClientConnection) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for message in upstream:
            if isinstance(message, str):
                await websocket.send_text(message)
            else:
                await websocket.send_bytes(message)
