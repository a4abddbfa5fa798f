"""A scripted player for the server tests: picks win > pass > the drawn tile > the last discard."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from majiang.server.app import create_app
from majiang.server.loadtest import choose
from majiang.server.settings import Settings

OPS_TOKEN = "ops"  # the test apps' metrics token: the operator's pages (/metrics, the ledger check)
OPS = {"Authorization": f"Bearer {OPS_TOKEN}"}


def make_client(url: str, **settings: Any) -> TestClient:
    """A test client of an app on `url`, bots at full speed, and every sign-up from the one
    address of the tests granted, unless `settings` say otherwise."""
    values: dict[str, Any] = {"database_url": url, "bot_delay": (0.0, 0.0), "secret": "test",
                              "signups_per_address": 10**6, "metrics_token": OPS_TOKEN}
    values.update(settings)
    return TestClient(create_app(Settings(**values)))


def signup(client: TestClient, name: str, password: str = "secret1") -> tuple[str, dict[str, Any]]:
    r = client.post("/api/signup", json={"username": name, "password": password})
    assert r.status_code == 200, r.text
    body = r.json()
    return body["token"], body["user"]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def table_socket(client: TestClient, code: str, token: str) -> Any:
    """A table's WebSocket for `token`, which rides in the upgrade's Authorization header (the
    URL form `?token=` is refused unless `Settings.ws_url_token` allows it)."""
    return client.websocket_connect(f"/ws/tables/{code}", headers=auth(token))


class Transcript:
    """Every frame one connection received, with the last view and prompt."""

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []
        self.view: dict[str, Any] | None = None
        self.prompt: dict[str, Any] | None = None
        self.settlement: dict[str, Any] | None = None
        self.match_over: dict[str, Any] | None = None  # sent just before the last settlement

    def add(self, msg: dict[str, Any]) -> None:
        self.frames.append(msg)
        kind = msg["type"]
        if kind == "state":
            self.view = msg["view"]
        elif kind == "prompt":
            self.prompt = msg
        elif kind == "prompt_closed":
            if self.prompt is not None and self.prompt["prompt_id"] == msg["prompt_id"]:
                self.prompt = None
        elif kind == "settlement":
            self.settlement = msg["settlement"]
        elif kind == "match_over":
            self.match_over = msg["match"]


def play(ws: Any, transcript: Transcript, max_prompts: int | None = None,
         limit: int = 5000) -> bool:
    """Answer prompts until the settlement (True) or `max_prompts` answered (False)."""
    answered = 0
    for _ in range(limit):
        msg = ws.receive_json()
        transcript.add(msg)
        if msg["type"] == "settlement":
            return True
        if msg["type"] == "prompt":
            if max_prompts is not None and answered >= max_prompts:
                return False
            action = choose(msg["actions"], transcript.view)
            ws.send_json({"type": "act", "prompt_id": msg["prompt_id"], "action": action})
            transcript.prompt = None
            answered += 1
    raise AssertionError("no settlement within the frame limit")
