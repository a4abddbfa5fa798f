"""A burst of lobby changes at one table is read once: a change told before the table last began
reading its lobby whole is already seen (`messages.LobbyChanged.at`), so a table that many
quick plays poke at once reads its seats once, not once per poke."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server_player import Transcript, auth, make_client, signup, table_socket

from majiang.server.messages import LobbyChanged


def test_a_burst_of_pokes_is_read_once_and_a_later_one_again(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'pokes.db'}") as client:
        alice, _ = signup(client, "alice")
        code = client.post("/api/tables", json={"rules": "tuidaohu", "level": 1, "bots": 2},
                           headers=auth(alice)).json()["code"]
        with table_socket(client, code, alice) as ws:
            t = Transcript()
            runner = client.app.state.server.tables.runners[code]  # type: ignore[attr-defined]
            reads: list[int] = []
            refresh = runner._refresh_conn_seats

            async def counted() -> None:
                reads.append(1)
                await refresh()

            runner._refresh_conn_seats = counted

            def pong() -> None:  # the table has handled everything put before the ping
                ws.send_json({"type": "ping"})
                while (msg := ws.receive_json())["type"] != "pong":
                    t.add(msg)

            pong()
            burst = [LobbyChanged() for _ in range(20)]  # told now, all before any is read

            def put_all(messages: list[Any]) -> None:
                for msg in messages:
                    runner.put(msg)

            client.portal.call(put_all, burst)  # type: ignore[union-attr]
            pong()
            assert reads == [1], "twenty pokes told at once: the lobby read once"
            client.portal.call(put_all, [LobbyChanged()])  # type: ignore[union-attr]
            pong()
            assert reads == [1, 1], "a poke told after that read: read again"
