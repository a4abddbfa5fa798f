"""Sessions that hold: log out revokes, sessions listed and revoked, a password change ends the
other sessions; usernames normalized (NFKC, no control characters, case-insensitive, folded
lookalikes, the reserved prefixes checked after folding)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from server_player import auth, signup, table_socket

from majiang.server import names


def login(client: TestClient, name: str, password: str = "secret1") -> str:
    r = client.post("/api/login", json={"username": name, "password": password})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def test_logout_sessions_and_password(client: TestClient) -> None:
    first, _ = signup(client, "sam")
    second = login(client, "sam")
    client.cookies.clear()
    listed = client.get("/api/sessions", headers=auth(second)).json()
    assert len(listed) == 2 and sum(s["current"] for s in listed) == 1
    other = next(s for s in listed if not s["current"])
    assert client.delete(f"/api/sessions/{other['id']}", headers=auth(second)).status_code == 200
    assert client.get("/api/me", headers=auth(first)).status_code == 401  # revoked
    third = login(client, "sam")
    r = client.post("/api/password", json={"password": "wrong!!", "new_password": "newpass1"},
                    headers=auth(second))
    assert r.status_code == 403 and " / " in r.json()["error"]
    r = client.post("/api/password", json={"password": "secret1", "new_password": "newpass1"},
                    headers=auth(second))
    assert r.status_code == 200 and r.json()["revoked_sessions"] == 1
    assert client.get("/api/me", headers=auth(third)).status_code == 401
    assert client.post("/api/login", json={"username": "sam", "password": "secret1"}
                       ).status_code == 401
    fourth = login(client, "sam", "newpass1")
    assert client.post("/api/logout", headers=auth(second)).status_code == 200
    assert client.get("/api/me", headers=auth(second)).status_code == 401
    assert client.get("/api/me", headers=auth(fourth)).status_code == 200
    with table_socket(client, "XXXXX", second) as ws:
        assert ws.receive_json()["type"] == "error"  # a revoked token opens no socket


def test_usernames_are_normalized_and_folded(client: TestClient) -> None:
    signup(client, "alice")

    def code(name: str) -> int:
        r = client.post("/api/signup", json={"username": name, "password": "secret1"})
        return int(r.status_code)

    assert code("alice\n") == 400  # no trailing newline past the pattern
    assert code("al\u200bice") == 400  # no invisible characters
    assert code("ALICE") == 409 and code("ａｌｉｃｅ") == 409  # case, full width (NFKC)
    assert code("аlice") == 409  # a Cyrillic а
    assert code("bоt-9") == 400 and code("BOT_9") == 400 and code("gυest-1") == 400
    assert code("bob") == 200
    assert client.post("/api/login", json={"username": "ALICE", "password": "secret1"}
                       ).json()["user"]["username"] == "alice"


@pytest.mark.parametrize("name,key", [("Ａｌｉｃｅ", "alice"), ("Bób", "bob"), ("раураl", "paypal"),
                                      ("bot_1", "bot-l")])
def test_name_key(name: str, key: str) -> None:
    assert names.name_key(name) == key


@pytest.mark.parametrize("name", ["b\u0585t-x", "b\u2c9ft-x", "b\u1d0ft-x", "g\u1d1cest-1",
                                  "\u0261uest-2"])
def test_the_reserved_prefixes_hold_against_every_lookalike(name: str) -> None:
    """Armenian, Coptic, small-capital... lookalikes of the Unicode confusables data (the table
    of `name_key` covers Cyrillic and Greek): still `bot-` / `guest-`."""
    assert names.reserved(name)


@pytest.mark.parametrize("name", ["robot-1", "abbot", "bob", "guesthouse", "bo-t"])
def test_names_that_only_contain_the_letters_are_free(name: str) -> None:
    assert not names.reserved(name)
