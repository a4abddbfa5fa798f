"""One account's table sockets are capped across all tables too, not only per table: a probe's
one account held 4 sockets at each of 30 tables (120, every one fed each table's events), and
nothing bounded it but the number of tables."""

from __future__ import annotations

from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient
from server_player import auth, signup, table_socket
from starlette.websockets import WebSocketDisconnect

from majiang.server.limits import SOCKETS_PER_PLAYER, SOCKETS_PER_USER, SocketCounts


def test_a_players_sockets_are_counted_over_all_tables() -> None:
    counts = SocketCounts()
    tables = SOCKETS_PER_PLAYER // SOCKETS_PER_USER
    for t in range(tables):
        for _ in range(SOCKETS_PER_USER):
            assert counts.open(f"T{t}", 7) is None
    refused = counts.open("ANOTHER", 7)
    assert refused is not None and "at all tables together" in refused and " / " in refused
    assert counts.open("ANOTHER", 8) is None  # another player is not concerned
    counts.close("T0", 7)
    assert counts.open("ANOTHER", 7) is None  # one closed, one may open
    for t in range(tables):
        for _ in range(SOCKETS_PER_USER):
            counts.close(f"T{t}", 7)
    counts.close("ANOTHER", 7)
    counts.close("ANOTHER", 8)
    assert not counts.per_player and not counts.per_user and not counts.watchers


def test_watching_every_table_four_times_over_is_refused(sqlite_client: TestClient) -> None:
    codes = []
    for i in range(SOCKETS_PER_PLAYER // SOCKETS_PER_USER + 1):
        token, _ = signup(sqlite_client, f"owner{i}")
        r = sqlite_client.post("/api/tables", json={"rules": "tuidaohu"}, headers=auth(token))
        codes.append(r.json()["code"])
    spy, _ = signup(sqlite_client, "spy")
    with ExitStack() as stack:
        for code in codes[:-1]:
            for _ in range(SOCKETS_PER_USER):
                ws = stack.enter_context(table_socket(sqlite_client, code, spy))
                assert ws.receive_json()["type"] == "table"
        with table_socket(sqlite_client, codes[-1], spy) as ws:
            error = ws.receive_json()
            assert error["type"] == "error" and "at all tables together" in error["error"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4429
