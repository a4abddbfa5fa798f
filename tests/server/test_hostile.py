"""Hostile clients (issue 12): each attack gets a named error in both languages, nothing it sent
is echoed back whole, and the table still answers its other players."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_player import OPS, auth, make_client, signup, table_socket
from starlette.websockets import WebSocketDisconnect

from majiang.server import limits
from majiang.server.api.socket import FLOOD_CLOSED
from majiang.server.connection import SLOW, Connection
from majiang.server.limits import (
    MAX_BODY_BYTES,
    MAX_DEPTH,
    MAX_MESSAGE_CHARS,
    OPEN_BURST,
    OUT_QUEUE,
    SOCKETS_PER_USER,
    InputError,
    read_message,
)
from majiang.server.messages import PROMPT_OVER


def _table(client: TestClient, name: str) -> tuple[str, str]:
    token, _ = signup(client, name)
    r = client.post("/api/quickplay", json={"rules": "tuidaohu"}, headers=auth(token))
    assert r.status_code == 200, r.text
    return token, r.json()["code"]


def _until(ws: Any, kind: str, limit: int = 200) -> dict[str, Any]:
    for _ in range(limit):
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")


def _pong(ws: Any) -> None:
    ws.send_json({"type": "ping"})
    _until(ws, "pong")


def test_a_huge_tile_string_is_refused_unread_and_not_echoed(sqlite_client: TestClient) -> None:
    token, code = _table(sqlite_client, "mallory")
    with table_socket(sqlite_client, code, token) as ws:
        prompt = _until(ws, "prompt")
        tile = "9" * 5_000_000
        huge = json.dumps({"type": "act", "prompt_id": prompt["prompt_id"],
                           "action": {"type": "discard", "tile": tile}})
        ws.send_text(huge)
        error = _until(ws, "error")["error"]
        assert "消息过长" in error and "message too long" in error and len(error) < 200
        _pong(ws)  # the table still answers


def test_an_unreadable_action_is_named_briefly_in_both_languages(
        sqlite_client: TestClient) -> None:
    token, code = _table(sqlite_client, "mallory")
    with table_socket(sqlite_client, code, token) as ws:
        prompt = _until(ws, "prompt")
        ws.send_json({"type": "act", "prompt_id": prompt["prompt_id"],
                      "action": {"type": "discard", "tile": "x" * 3000}})
        error = _until(ws, "error")["error"]
        assert error.startswith("无法读取此操作 / unreadable action") and len(error) < 200
        ws.send_json({"type": "z" * 3000})
        error = _until(ws, "error")["error"]
        assert error.startswith("未知消息类型 / unknown message type") and len(error) < 100


def test_a_prompt_id_that_is_no_id_is_named(sqlite_client: TestClient) -> None:
    """A prompt id of the wrong type (text, a list, null, true, past 64 bits, a fraction) is
    refused as such in both languages, not echoed; the prompt stays and is answered after."""
    token, code = _table(sqlite_client, "mallory")
    with table_socket(sqlite_client, code, token) as ws:
        prompt = _until(ws, "prompt")
        pid, action = prompt["prompt_id"], dict(prompt["actions"][-1])
        action.pop("label")
        for bad in (str(pid), [pid], None, True, 10**40, 1.5):
            ws.send_json({"type": "act", "prompt_id": bad, "action": action})
            msg = _until(ws, "error")
            assert msg["error"].startswith("prompt_id须为整数 / prompt_id must be"), msg
            assert "prompt_id" not in msg
        ws.send_json({"type": "act", "prompt_id": pid, "action": action})  # played
        ws.send_json({"type": "act", "prompt_id": pid, "action": action})  # over now
        assert _until(ws, "error")["error"] == PROMPT_OVER


def test_binary_frames_and_deep_nesting_get_named_errors(sqlite_client: TestClient) -> None:
    token, code = _table(sqlite_client, "mallory")
    with table_socket(sqlite_client, code, token) as ws:
        ws.send_bytes(b"\x00\x01binary")
        assert "binary frames are not accepted" in _until(ws, "error")["error"]
        ws.send_text("[" * 2000 + "]" * 2000)
        assert "nested too deeply" in _until(ws, "error")["error"]
        ws.send_text("{not json")
        assert _until(ws, "error")["error"] == "消息须为JSON / messages must be JSON"
        _pong(ws)


def _flood(client: TestClient, send: str) -> list[dict[str, Any]]:
    """1,000 frames sent at once, text pings (`send="text"`) or binary ones: the frames answered
    before the server closed the socket with 4029."""
    token, code = _table(client, "mallory")
    with table_socket(client, code, token) as ws:
        for _ in range(1000):
            if send == "text":
                ws.send_text('{"type": "ping"}')
            else:
                ws.send_bytes(b"\x00")
        frames: list[dict[str, Any]] = []
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(3000):
                frames.append(ws.receive_json())
        assert closed.value.code == 4029
    return frames


def test_a_flood_is_told_to_slow_down_then_closed(sqlite_client: TestClient) -> None:
    frames = _flood(sqlite_client, "text")
    errors = [f["error"] for f in frames if f["type"] == "error"]
    assert errors[-1] == FLOOD_CLOSED  # the reason, then the close (test_flood_close.py)
    assert errors[:-1] in ([], ["消息过多 / too many messages: slow down"])
    assert sum(f["type"] == "pong" for f in frames) < 1000


def test_a_binary_flood_is_closed_like_a_text_flood(sqlite_client: TestClient) -> None:
    """Binary frames count against the same rate as text ones (each used to get its error
    frame, for ever)."""
    frames = _flood(sqlite_client, "binary")
    errors = [f["error"] for f in frames if f["type"] == "error"]
    assert errors.count("消息过多 / too many messages: slow down") <= 1
    assert sum("binary frames" in e for e in errors) < 1000 and errors[-1] == FLOOD_CLOSED


def test_too_many_sockets_of_one_player_are_refused(sqlite_client: TestClient) -> None:
    token, code = _table(sqlite_client, "mallory")
    url, bearer = f"/ws/tables/{code}", {"Authorization": f"Bearer {token}"}
    opened = [sqlite_client.websocket_connect(url, headers=bearer)
              for _ in range(SOCKETS_PER_USER)]
    sockets = [c.__enter__() for c in opened]
    try:
        for ws in sockets:
            _pong(ws)
        with sqlite_client.websocket_connect(url, headers=bearer) as extra:
            msg = extra.receive_json()
            assert msg["type"] == "error" and "too many connections" in msg["error"]
            with pytest.raises(WebSocketDisconnect) as closed:
                extra.receive_json()
            assert closed.value.code == 4429
    finally:
        for c in opened:
            c.__exit__(None, None, None)
    # closed sockets are counted out
    with sqlite_client.websocket_connect(url, headers=bearer) as again:
        _pong(again)


def test_watchers_filling_a_table_never_lock_its_player_out(
        sqlite_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The attacker review: 16 accounts x 4 watcher sockets filled a table's 64, and its seated
    player was refused (4429) and played by the server. Watchers have the cap; players do not."""
    monkeypatch.setattr(limits, "SOCKETS_PER_TABLE", 2)
    token, code = _table(sqlite_client, "seated")
    url = f"/ws/tables/{code}"
    watchers = [signup(sqlite_client, f"watcher{i}")[0] for i in range(3)]
    opened = [sqlite_client.websocket_connect(url, headers=auth(w)) for w in watchers[:2]]
    sockets = [c.__enter__() for c in opened]
    try:
        for ws in sockets:
            _pong(ws)
        with sqlite_client.websocket_connect(url, headers=auth(watchers[2])) as extra:
            msg = extra.receive_json()
            assert msg["type"] == "error" and "watchers' connections" in msg["error"]
            assert "观战" in msg["error"]
        with table_socket(sqlite_client, code, token) as player:
            assert _until(player, "prompt")["type"] == "prompt"  # the player plays on
    finally:
        for c in opened:
            c.__exit__(None, None, None)


def test_opening_sockets_in_a_loop_is_slowed_down(sqlite_client: TestClient) -> None:
    """The attacker review: a player opening and closing sockets in a loop (each one an attach
    and a detach for the table's actor) cut the table's moves eightfold. After a burst, opens
    come one every two seconds; the refusal is named and the socket closes 4429."""
    token, code = _table(sqlite_client, "churner")
    url, bearer = f"/ws/tables/{code}", {"Authorization": f"Bearer {token}"}
    said = []
    for _ in range(int(OPEN_BURST) + 4):
        with sqlite_client.websocket_connect(url, headers=bearer) as ws:
            said.append(str(ws.receive_json().get("error", "")))
    assert not any(said[: int(OPEN_BURST) - 1]), said
    assert "connecting too often" in said[-1] and " / " in said[-1], said


def test_a_large_body_without_a_length_gets_413_too(sqlite_client: TestClient) -> None:
    """A chunked body (no Content-Length) past the limit: the same named 413, not the body
    parser's English 400."""
    def chunks() -> Iterator[bytes]:
        yield b'{"username": "'
        for _ in range(100):
            yield b"a" * 4096
        yield b'"}'

    r = sqlite_client.post("/api/login", content=chunks(),
                           headers={"Content-Type": "application/json"})
    assert r.status_code == 413
    assert r.json()["error"].startswith("请求体过大 / request body too large")


def test_the_frameworks_own_refusals_are_named_in_both_languages(
        sqlite_client: TestClient) -> None:
    """404, 405 and a body the parser cannot read come from Starlette in English only."""
    cases = [
        (sqlite_client.get("/api/no-such-thing"), 404, "未找到 / not found"),
        (sqlite_client.delete("/api/login"), 405, "不支持此方法 / method not allowed"),
        (sqlite_client.post("/api/login", content=b'{"username": "\xff\xfe"}',
                            headers={"Content-Type": "application/json"}), 400, "请求"),
        (sqlite_client.post("/api/login", content=b"[" * 5000 + b"]" * 5000,
                            headers={"Content-Type": "application/json"}), 400, "请求"),
    ]
    for r, status, start in cases:
        assert r.status_code == status, r.text
        error = r.json()["error"]
        assert error.startswith(start) and " / " in error, error


def test_a_large_body_gets_413_in_json(sqlite_client: TestClient) -> None:
    r = sqlite_client.post("/api/signup", content=b"x" * (MAX_BODY_BYTES + 1),
                           headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert "request body too large" in r.json()["error"]
    ok = sqlite_client.post("/api/signup", json={"username": "fine", "password": "secret1"})
    assert ok.status_code == 200


def test_read_message_checks_size_and_depth_before_parsing() -> None:
    assert read_message('{"type": "ping"}') == {"type": "ping"}
    with pytest.raises(InputError, match="message too long"):
        read_message(" " * (MAX_MESSAGE_CHARS + 1))
    with pytest.raises(InputError, match="nested too deeply"):
        read_message("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert read_message("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None


class _NeverReads:
    """A WebSocket whose peer never reads: every send waits for ever."""

    def __init__(self) -> None:
        self.closed_with: int | None = None

    async def send_text(self, _text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int, reason: str = "") -> None:
        self.closed_with = code


def test_a_reader_that_never_reads_is_disconnected_not_buffered() -> None:
    async def scenario() -> tuple[bool, int, int | None]:
        socket = _NeverReads()
        conn = Connection(socket)  # type: ignore[arg-type]
        writer = conn.start()
        for i in range(OUT_QUEUE * 3):
            conn.send({"type": "event", "i": i})
            await asyncio.sleep(0)
        writer.cancel()
        return conn.closed, conn.out.qsize(), socket.closed_with

    closed, queued, _ = asyncio.run(scenario())
    assert closed and queued <= 1


def test_a_slow_reader_is_closed_with_its_code() -> None:
    async def scenario() -> int | None:
        class Slow(_NeverReads):
            async def send_text(self, _text: str) -> None:
                await asyncio.sleep(0)

        socket = Slow()
        conn = Connection(socket)  # type: ignore[arg-type]
        for i in range(OUT_QUEUE + 1):  # all queued before the writer runs
            conn.send({"type": "event", "i": i})
        await conn.start()
        return socket.closed_with

    assert asyncio.run(scenario()) == SLOW


def test_readyz_and_metrics_report_what_happened(sqlite_url: str) -> None:
    with make_client(sqlite_url, metrics_token="ops") as client:
        assert client.get("/readyz").json()["ready"] is True
        token, code = _table(client, "watcher")
        with table_socket(client, code, token) as ws:
            ws.send_bytes(b"\x00")
            _until(ws, "error")
            prompt = _until(ws, "prompt")
            action = prompt["actions"][-1]
            ws.send_json({"type": "act", "prompt_id": prompt["prompt_id"], "action": action})
            _until(ws, "state")
            text = client.get("/metrics", headers=auth("ops")).text
            # its counters move with every seat's pass: a player must not read them
            for headers in ({}, auth(token), auth("opsx")):
                r = client.get("/metrics", headers=headers)
                assert r.status_code == 403
                assert " / metrics are for the operator" in r.json()["error"]
    assert 'majiang_input_errors_total{kind="binary"}' in text
    assert 'majiang_actions_total{source="player"}' in text
    assert "majiang_action_seconds_bucket" in text and "majiang_tables_live" in text


def test_metrics_without_a_token_are_for_this_machine_only(sqlite_client: TestClient) -> None:
    from starlette.requests import Request

    from majiang.server.api.ops import may_read_metrics

    def request(host: str) -> Request:
        return Request({"type": "http", "headers": [], "client": (host, 5000)})

    assert may_read_metrics(None, request("127.0.0.1")) and may_read_metrics(None, request("::1"))
    assert not may_read_metrics(None, request("203.0.113.9"))
    assert sqlite_client.get("/metrics").status_code == 403  # the test client is "testclient"


def test_the_ledger_check_is_for_the_operator_only(sqlite_client: TestClient) -> None:
    """It names the total silver and the accounts whose balance disagrees with their entries
    (the attacker review read it with no token at all): as /metrics, the metrics token or this
    machine."""
    token, _ = signup(sqlite_client, "snoop")
    for headers in ({}, auth(token), auth("opsx")):
        r = sqlite_client.get("/api/ledger/check", headers=headers)
        assert r.status_code == 403 and "operator" in r.json()["error"]
        assert "total_silver" not in r.text
    check = sqlite_client.get("/api/ledger/check", headers=OPS).json()
    assert check["balanced"] and check["users"] >= 1


def test_tokens_never_reach_the_logs() -> None:
    import logging

    from majiang.server.logs import RedactSecrets, redact, uvicorn_log_config

    line = 'WebSocket /ws/tables/AB12?token=eyJ1.abc-def&x=1 [accepted] Bearer abc.DEF'
    assert redact(line) == ("WebSocket /ws/tables/AB12?token=[redacted]&x=1 [accepted] "
                            "Bearer [redacted]")
    record = logging.LogRecord("uvicorn.access", logging.INFO, "", 0,
                               '%s - "%s %s HTTP/%s" %d', ("1.2.3.4", "GET",
                                                           "/ws/tables/X?token=s3cret", "1.1",
                                                           101), None)
    RedactSecrets().filter(record)
    assert "s3cret" not in record.getMessage() and "[redacted]" in record.getMessage()
    config = uvicorn_log_config()
    assert all("redact" in h["filters"] for h in config["handlers"].values())


@pytest.mark.parametrize("path", [
    "/api/hands/99999999999999999999999", "/api/hands/9223372036854775808/replay",
    "/api/hands/9223372036854775808/fair", "/api/hands/9223372036854775808/verifiable",
    "/api/players/someone/history?before=9223372036854775808"])
def test_an_id_past_64_bits_is_a_named_bad_request(sqlite_client: TestClient, path: str) -> None:
    """It reached the database driver: a 500 with a traceback."""
    r = sqlite_client.get(path)
    assert r.status_code == 400, r.text
    assert r.json()["error"].startswith("请求有误 / bad request")


def test_health_checks_answer_head(sqlite_client: TestClient) -> None:
    """Uptime checkers send HEAD: /healthz and /readyz answered 405."""
    for path in ("/healthz", "/readyz"):
        answer = sqlite_client.head(path)
        assert answer.status_code == 200 and answer.content == b"", path


def test_an_error_never_echoes_a_long_input(sqlite_client: TestClient) -> None:
    """The attacker review: a 5,000-character ruleset id or player name came back whole."""
    token, _ = _table(sqlite_client, "echo")
    long = "x" * 5000
    answers = [
        sqlite_client.post("/api/tables", json={"rules": long}, headers=auth(token)),
        sqlite_client.get(f"/api/players/{long}"),
        sqlite_client.get(f"/api/players/echo/history?rules={long}", headers=auth(token)),
        sqlite_client.get(f"/api/tables/{long}"),  # came back whole, as did the next one
        sqlite_client.get(f"/api/rules/{long}"),
    ]
    for answer in answers:
        assert 400 <= answer.status_code < 500, answer.text[:200]
        assert len(answer.json()["error"]) < 300 and " / " in answer.json()["error"]
