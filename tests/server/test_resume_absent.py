"""A hand resumed after a restart plays on for a person who does not come back. 托管 lives in
memory: a probe killed a server three times during a hand whose only person had left (托管),
and after each start the table waited out that seat's whole turn time and bank, then a second
timeout (about 90 s), before the bot played it again."""

from __future__ import annotations

import time

import pytest
from server_player import auth, make_client, signup, table_socket

from majiang.server import table


def test_a_seat_nobody_reconnects_to_after_a_restart_is_played_for(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table, "RESUME_GRACE", 0.3)
    with make_client(sqlite_url, bot_delay=(3.0, 3.0)) as first:
        token, _ = signup(first, "alice")
        r = first.post("/api/quickplay", json={"rules": "tuidaohu"}, headers=auth(token))
        code = r.json()["code"]
        with table_socket(first, code, token) as ws:
            while ws.receive_json()["type"] != "state":
                pass  # dealt
        # alice left (托管); the server stops before a bot's 3 s pause is over: hand in play
    with make_client(sqlite_url) as second:  # bots at full speed; alice's turn time is 15 s
        deadline = time.monotonic() + 12
        history: list[dict[str, object]] = []
        while not history and time.monotonic() < deadline:
            time.sleep(0.2)
            history = second.get("/api/history", headers=auth(token)).json()
        assert history, "the resumed hand waited for a seat nobody came back to"
        hand = second.get(f"/api/hands/{history[0]['hand_id']}", headers=auth(token)).json()
        assert hand["table"] == code
