"""Accounts over HTTP: sign-up, log-in, guests, tokens, the opening grant in the ledger."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_player import OPS, auth, signup


def test_healthz(client: TestClient) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200
    assert r.json() == {"ok": True}


def test_signup_login_me(client: TestClient) -> None:
    token, user = signup(client, "alice")
    assert user["silver"] == 100
    assert user["level"]["id"] == "lin_shi_gong"
    me = client.get("/api/me", headers=auth(token)).json()
    assert me["username"] == "alice" and me["table"] is None
    r = client.post("/api/login", json={"username": "alice", "password": "secret1"})
    assert r.status_code == 200
    assert client.get("/api/me", headers=auth(r.json()["token"])).json()["id"] == user["id"]
    ledger = client.get("/api/ledger", headers=auth(token)).json()
    assert [(row["amount"], row["kind"]) for row in ledger] == [(100, "grant")]


def test_bad_credentials_and_tokens(client: TestClient) -> None:
    signup(client, "bob")
    def status(path: str, username: str, password: str) -> int:
        r = client.post(path, json={"username": username, "password": password})
        return r.status_code

    assert status("/api/login", "bob", "nope!!") == 401
    assert status("/api/login", "nobody", "x") == 401
    r = client.post("/api/signup", json={"username": "bob", "password": "secret1"})
    assert r.status_code == 409 and "taken" in r.json()["error"]
    assert status("/api/signup", "b", "secret1") == 400
    assert status("/api/signup", "carol", "123") == 400
    assert status("/api/signup", "bot-9", "secret1") == 400
    client.cookies.clear()
    assert client.get("/api/me").status_code == 401
    assert client.get("/api/me", headers=auth("forged.token")).status_code == 401


def test_guest(client: TestClient) -> None:
    r = client.post("/api/guest")
    assert r.status_code == 200
    user = r.json()["user"]
    assert user["guest"] and user["username"].startswith("guest-") and user["silver"] == 100
    assert client.get("/api/ledger/check", headers=OPS).json()["balanced"]


def test_cookie_login(client: TestClient) -> None:
    signup(client, "dora")
    assert client.get("/api/me").json()["username"] == "dora"  # the token cookie


def test_levels_and_rulesets(client: TestClient) -> None:
    levels = client.get("/api/levels").json()
    assert len(levels) == 20 and levels[19]["id"] == "yu_di"
    rules = client.get("/api/rulesets").json()
    assert {"id": "tuidaohu", "zh": "推倒胡", "en": "Push-down", "players": 4,
            "match_hands": 8, "match_rounds": None, "seat_minimum": 4} in rules
    # below a ruleset's seat minimum quick play opens a practice table: the lobby says so first
    assert {r["id"]: r["seat_minimum"] for r in rules}["wuhan"] == 2400
    # the default match length of each ruleset is the game's (rounds of winds where it has them)
    length = {r["id"]: (r["match_hands"], r["match_rounds"]) for r in rules}
    assert length.get("yangzhou", (None, 4)) == (None, 4)


def test_index_is_utf8(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200
    assert "charset=utf-8" in r.headers["content-type"]
    for path in ("/static/tiles/5m.svg", "/static/js/app.js", "/static/style.css"):
        r = client.get(path)
        if r.status_code == 200:
            assert "charset=utf-8" in r.headers["content-type"]


def test_errors_are_json_with_error(client: TestClient) -> None:
    r = client.get("/api/nothing-here")
    assert r.status_code == 404 and "error" in r.json()
    r = client.get("/api/hands/not-a-number")
    assert r.status_code == 400 and "error" in r.json()
    r = client.post("/api/signup", content=b"{not json")
    assert r.status_code == 400 and "JSON" in r.json()["error"]


def test_bad_settings_fail_at_start(tmp_path: object) -> None:
    import pytest

    from majiang.server.app import create_app
    from majiang.server.settings import Settings, parse_delay

    assert parse_delay("0") == (0.0, 0.0)
    assert parse_delay("0.5,1.5") == (0.5, 1.5)
    for bad in ("x", "2,1", "-1", "1,2,3"):
        with pytest.raises(ValueError):
            parse_delay(bad)
    with pytest.raises(ValueError, match="unknown bot"):
        create_app(Settings(database_url=f"sqlite:///{tmp_path}/x.db", default_bot="nobody"))


def test_one_address_opens_a_limited_number_of_accounts_a_day(sqlite_url: str) -> None:
    """Each sign-up carries the new-account grant: ten in five seconds from one address drew
    1,000 taels with no limit. Past `signups_per_address` the answer is 429, in both languages,
    and no account or silver is made."""
    from server_player import make_client

    with make_client(sqlite_url, signups_per_address=2) as client:
        for name in ("first", "second"):
            signup(client, name)
        r = client.post("/api/signup", json={"username": "third", "password": "secret1"})
        assert r.status_code == 429, r.text
        assert "此地址今日注册名额已满" in r.json()["error"]
        assert "this address has opened its 2 accounts today" in r.json()["error"]
        assert client.post("/api/login", json={"username": "third",
                                                "password": "secret1"}).status_code == 401
        check = client.get("/api/ledger/check", headers=OPS).json()
        assert check["balanced"]
