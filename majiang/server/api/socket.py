"""`/ws/tables/{code}`: a table's WebSocket, attached to the table's actor until it closes.

Authenticated at the upgrade (`socket_token`), before anything is accepted: the HttpOnly `token`
cookie (what a browser sends), or `Authorization: Bearer` (other clients); the legacy `?token=`
only while `Settings.ws_url_token` allows it (it is redacted from every log line). The origin of a
browser's upgrade is checked by `security.Security` (close 4403)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from majiang.server import lobby, relay
from majiang.server.api.deps import Server, ServerDep, token_of
from majiang.server.connection import Connection
from majiang.server.limits import FLOOD_CLOSE, Bucket, InputError, SocketCounts, read_message
from majiang.server.messages import Attach, Detach, from_client
from majiang.server.metrics import INPUT_ERRORS, REFUSED
from majiang.server.metrics import SOCKETS as SOCKET_GAUGE

log = logging.getLogger(__name__)
router = APIRouter()
SOCKETS = SocketCounts()  # this process's open table sockets
FLOODED = 4029  # close code: far too many messages


URL_TOKEN_REFUSED = ("令牌不能放在网址里，请用登录Cookie或Authorization头 / tokens in the URL "
                     "are refused: use the session cookie or an Authorization header")


FLOOD_CLOSED = ("消息过多，连接已关闭 / too many messages: the connection is closed (reconnect "
                "and send fewer)")


SESSION_ENDED = ("登录已失效（已退出或被撤销），请重新登录 / this session has ended (logged out "
                 "or revoked): log in again")


class SocketAuthError(Exception):
    """An upgrade whose credentials are refused outright (not merely unknown)."""


def socket_token(server: Server, websocket: WebSocket) -> str | None:
    """The upgrade's token: a bearer header, else `?token=` (if allowed, else refused), else
    the cookie (a token named explicitly wins over the browser's ambient cookie)."""
    named = websocket.query_params.get("token")
    if named is not None and not server.settings.ws_url_token:
        raise SocketAuthError(URL_TOKEN_REFUSED)
    auth = websocket.headers.get("authorization", "")
    if named and not auth.lower().startswith("bearer "):
        return named
    return token_of(websocket)


def _who_and_where(server: Server, token: str | None,
                   code: str) -> tuple[int | None, str | None, dict[str, Any] | None, bool]:
    """The upgrade's database work, run off the event loop: the user, the table's code, the
    table's JSON if it is closed (nothing live to attach to), and whether the user sits there."""
    with server.db() as db:
        user = server.user_from_token(db, token)
        try:
            table = lobby.get_table(db, code) if user is not None else None
        except lobby.LobbyError:
            table = None
        closed = (server.tables.table_json(db, table)
                  if table is not None and table.status == "closed" else None)
        seated = user is not None and table is not None and any(
            s.user_id == user.id for s in lobby.seats_of(db, table).values())
        return (user.id if user is not None else None,
                table.code if table is not None else None, closed, seated)


def _holds(server: Server, token: str | None, user_id: int) -> bool:
    with server.db() as db:
        user = server.user_from_token(db, token)
        return user is not None and user.id == user_id


async def _watch_session(server: Server, token: str | None, user_id: int,
                         conn: Connection) -> None:
    """Close the socket once its session has ended, looked up every `session_recheck` seconds:
    sessions live in the database, so a log-out handled by any process is seen. While the
    database cannot answer, the socket stays (its table says so itself)."""
    while not conn.closed:
        await asyncio.sleep(server.settings.session_recheck)
        try:
            holds = await run_in_threadpool(_holds, server, token, user_id)
        except Exception as exc:
            log.warning("socket: session check failed: %s", type(exc).__name__)
            continue
        if not holds:
            conn.send({"type": "error", "error": SESSION_ENDED})
            conn.close(4401, "session ended")
            return


@router.websocket("/ws/tables/{code}")
async def table_socket(server: ServerDep, websocket: WebSocket, code: str) -> None:
    try:
        token = socket_token(server, websocket)
    except SocketAuthError as exc:
        await websocket.accept()
        await websocket.send_json({"type": "error", "error": str(exc)})
        await websocket.close(code=4401)
        return
    user_id, real_code, closed, seated = await run_in_threadpool(_who_and_where, server, token,
                                                                 code)
    if closed is not None:  # nothing live to attach to: say so and close
        await websocket.accept()
        await websocket.send_json({"type": "table", "table": closed})
        await websocket.close(code=1000)
        return
    if user_id is None or real_code is None:
        await websocket.accept()
        reason = ("登录无效 / bad token" if user_id is None
                  else "没有这张桌子 / no such table")
        await websocket.send_json({"type": "error", "error": reason})
        await websocket.close(code=4401 if user_id is None else 4404)
        return
    if await relay.relayed(server.tables.cluster, websocket, real_code):  # cluster hook
        return  # relayed to the process that owns the table
    await websocket.accept()
    refused = SOCKETS.open(real_code, user_id, seated)
    if refused is not None:
        REFUSED.labels("too_many").inc()
        await websocket.send_json({"type": "error", "error": refused})
        await websocket.close(code=4429)
        return
    conn = Connection(websocket)
    runner = server.tables.runner(real_code)
    writer = conn.start()
    watcher = asyncio.create_task(_watch_session(server, token, user_id, conn))
    runner.put(Attach(conn, user_id))
    bucket = Bucket()
    SOCKET_GAUGE.inc()
    try:
        while not conn.closed:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            if not bucket.allow():  # every frame counts, text or binary
                INPUT_ERRORS.labels("rate").inc()
                if bucket.refused >= FLOOD_CLOSE:  # the error first, then the close
                    conn.refuse({"type": "error", "error": FLOOD_CLOSED}, FLOODED,
                                "too many messages")
                    break
                if bucket.refused == 1:
                    conn.send({"type": "error", "error": "消息过多 / too many messages: slow "
                               "down"})
                continue
            text = frame.get("text")
            if text is None:
                INPUT_ERRORS.labels("binary").inc()
                conn.send({"type": "error", "error": "只收文本消息 / binary frames are not "
                           "accepted: send JSON text"})
                continue
            try:
                msg = read_message(text)
            except InputError as exc:
                INPUT_ERRORS.labels("unreadable").inc()
                conn.send({"type": "error", "error": str(exc)})
                continue
            runner.put(from_client(conn, msg))
    except WebSocketDisconnect:
        pass
    finally:
        SOCKET_GAUGE.dec()
        watcher.cancel()
        SOCKETS.close(real_code, user_id, seated)
        runner.put(Detach(conn))
        conn.close()
        await writer
