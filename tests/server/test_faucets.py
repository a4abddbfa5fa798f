"""The faucets and practice: relief after losing everything (the same day), the daily sign-in,
guests one per browser and limited per address and day, a guest turned account keeps its
silver, practice tables move no silver, the per-ruleset seat requirement; the ledger balanced."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from server_player import OPS, Transcript, auth, make_client, play, signup, table_socket

from majiang import economy
from majiang.server import ledger
from majiang.server.models import LedgerRow, User


def server_of(client: TestClient) -> Any:
    return client.app.state.server  # type: ignore[attr-defined]


def lose_everything(client: TestClient, username: str) -> None:
    """Take the whole balance (an operator adjustment stands in for a lost hand)."""
    with server_of(client).db() as db:
        user = db.query(User).filter_by(username=username).one()
        ledger.adjust(db, username, -user.silver, "lost a wuhan hand (test)")


def balanced(client: TestClient) -> bool:
    return bool(client.get("/api/ledger/check", headers=OPS).json()["balanced"])


def test_relief_the_same_day_with_a_cooldown(client: TestClient) -> None:
    token, _ = signup(client, "newbie")
    assert client.post("/api/relief", headers=auth(token)).status_code == 403  # not broke
    lose_everything(client, "newbie")
    refused = client.post("/api/quickplay", json={"rules": "jincheng", "level": 1},
                          headers=auth(token))
    assert refused.status_code == 403 and " / " in refused.json()["error"]
    r = client.post("/api/relief", headers=auth(token))
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["granted"] == economy.RELIEF_TO and body["user"]["silver"] == economy.RELIEF_TO
    assert body["relief"]["left"] == economy.RELIEF_PER_DAY - 1
    table = client.post("/api/quickplay", json={"rules": "tuidaohu"}, headers=auth(token))
    assert table.status_code == 200 and table.json()["stake"] == 1  # plays again, for silver
    client.post(f"/api/tables/{table.json()['code']}/leave", headers=auth(token))
    lose_everything(client, "newbie")
    again = client.post("/api/relief", headers=auth(token))
    assert again.status_code == 409 and "relief again in" in again.json()["error"]
    status = client.get("/api/faucets", headers=auth(token)).json()["relief"]
    assert not status["available"] and 0 < status["wait_seconds"] <= economy.RELIEF_COOLDOWN
    reasons = [row["reason"] for row in client.get("/api/ledger", headers=auth(token)).json()]
    assert any(r.startswith("relief 1/3 ") for r in reasons), reasons
    assert balanced(client)


def test_relief_per_day_and_sign_in_once(sqlite_client: TestClient) -> None:
    client = sqlite_client
    token, _ = signup(client, "daily")
    r = client.post("/api/signin", headers=auth(token))
    assert r.status_code == 200 and r.json()["user"]["silver"] == 100 + economy.SIGNIN_BONUS
    assert client.post("/api/signin", headers=auth(token)).status_code == 409
    server = server_of(client)
    for n in range(economy.RELIEF_PER_DAY):
        lose_everything(client, "daily")
        with server.db() as db:  # the cooldown passed
            user = db.query(User).filter_by(username="daily").one()
            user.relief_at = None
        assert client.post("/api/relief", headers=auth(token)).status_code == 200, n
    lose_everything(client, "daily")
    with server.db() as db:
        db.query(User).filter_by(username="daily").one().relief_at = None
    last = client.post("/api/relief", headers=auth(token))
    assert last.status_code == 409 and "3 times today" in last.json()["error"]
    with server.db() as db:
        kinds = [(r.kind, r.reason.split()[0]) for r in db.query(LedgerRow).all()]
    assert ("grant", "daily") in kinds and kinds.count(("grant", "relief")) == 3
    assert balanced(client)


def test_a_thousand_guests_from_one_address_in_a_minute(db_url: str) -> None:
    # the grants per address, apart from the address's request rate (test_request_rate.py),
    # which slows such a script further
    with make_client(db_url, api_address_rate=10_000.0) as client:
        start = time.monotonic()
        codes = []
        for _ in range(1000):
            client.cookies.clear()  # a script without the browser's guest cookie
            codes.append(client.post("/api/guest").status_code)
        assert time.monotonic() - start < 60
        limit = economy.GUEST_GRANTS_PER_ADDRESS
        assert codes.count(200) == limit and codes.count(429) == 1000 - limit
        check = client.get("/api/ledger/check", headers=OPS).json()
        assert check["balanced"] and check["total_granted"] == limit * economy.NEW_ACCOUNT_GRANT


def test_one_guest_per_browser_and_a_guest_becomes_an_account(client: TestClient) -> None:
    first = client.post("/api/guest").json()["user"]
    again = client.post("/api/guest").json()["user"]  # the same browser (its cookie)
    assert again["id"] == first["id"]
    token = client.post("/api/guest").json()["token"]
    client.post("/api/signin", headers=auth(token))
    r = client.post("/api/upgrade", json={"username": "keeper", "password": "secret1"},
                    headers=auth(token))
    assert r.status_code == 200, r.text
    assert r.json()["silver"] == 100 + economy.SIGNIN_BONUS and not r.json()["guest"]
    login = client.post("/api/login", json={"username": "keeper", "password": "secret1"})
    assert login.status_code == 200 and login.json()["user"]["id"] == first["id"]
    assert client.post("/api/guest").status_code == 409  # this browser's guest is an account
    assert balanced(client)


def play_practice(client: TestClient, token: str, rules: str) -> dict[str, Any]:
    r = client.post("/api/tables", json={"rules": rules, "practice": True, "bots": 3},
                    headers=auth(token))
    assert r.status_code == 200, r.text
    assert r.json()["stake"] == 0
    client.post(f"/api/tables/{r.json()['code']}/ready", headers=auth(token))
    t = Transcript()
    with table_socket(client, r.json()['code'], token) as ws:
        assert play(ws, t)
    assert t.settlement is not None
    table: dict[str, Any] = r.json()
    return table


def test_practice_tables_move_no_silver_and_take_anyone(client: TestClient) -> None:
    token, _ = signup(client, "learner")
    lose_everything(client, "learner")
    play_practice(client, token, "wuhan")
    assert client.get("/api/me", headers=auth(token)).json()["silver"] == 0
    with server_of(client).db() as db:
        assert db.query(LedgerRow).filter(LedgerRow.kind == "settlement").count() == 0
    assert balanced(client)


def test_seat_requirement_per_ruleset(client: TestClient) -> None:
    token, _ = signup(client, "small")
    r = client.post("/api/tables", json={"rules": "wuhan", "level": 1}, headers=auth(token))
    assert r.status_code == 403 and "2400" in r.json()["error"] and " / " in r.json()["error"]
    quick = client.post("/api/quickplay", json={"rules": "wuhan"}, headers=auth(token))
    assert quick.status_code == 200 and quick.json()["stake"] == 0  # practice instead
    assert economy.seat_minimum("wuhan", 7) == 2400 * 32
    assert economy.best_level(100, "yangzhou") == 2 and economy.best_level(99, "yangzhou") is None
