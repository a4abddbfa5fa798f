"""Prompts to a person carry the seat's hints (`game.hints`), computed from the seat's view only."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from server_player import auth, signup, table_socket

from majiang.game import Hand
from majiang.game.hints import hints
from majiang.game.seat_view import SeatView
from majiang.rules import get_ruleset
from majiang.server.games import seat_hints
from majiang.server.loadtest import choose
from majiang.server.prompts import host_view


def test_every_prompt_to_a_person_has_the_views_hints(client: TestClient) -> None:
    token, _ = signup(client, "hinted")
    r = client.post("/api/quickplay", json={"rules": "tuidaohu"}, headers=auth(token))
    code = r.json()["code"]
    view: dict[str, Any] | None = None
    prompts = 0
    with table_socket(client, code, token) as ws:
        for _ in range(3000):
            msg = ws.receive_json()
            if msg["type"] == "state":
                view = msg["view"]
            elif msg["type"] == "prompt":
                assert view is not None
                got = msg["hints"]
                assert got is not None and set(got) >= {"waits", "discards", "danger", "no_win"}
                discards = {a["tile"] for a in msg["actions"] if a["type"] == "discard"}
                assert discards <= {d["tile"] for d in got["discards"]}
                for d in got["discards"]:
                    assert d["count"] == sum(got["unseen"].get(t, 0) for t in d["tiles"])
                prompts += 1
                ws.send_json({"type": "act", "prompt_id": msg["prompt_id"],
                              "action": choose(msg["actions"], view)})
            elif msg["type"] == "settlement":
                if prompts > 3:
                    break
                ws.send_json({"type": "ready"})  # a bot won early: play the next hand too
    assert prompts > 3


class _Host:
    def __init__(self, hand: Hand) -> None:
        self.hand = type("Live", (), {"engine": hand})()


def test_seat_hints_from_a_hosts_engine() -> None:
    hand = Hand.new("kawuxing", 4)
    got = seat_hints(host_view(_Host(hand), 1))
    typed = SeatView.from_json(hand.view(1))
    assert got == hints(typed, get_ruleset("kawuxing")).to_json()
    assert seat_hints(None) is None and seat_hints({"rules": "x"}) is None
    assert host_view(object(), 0) is None
