"""Sessions that hold: log out revokes, sessions listed and revoked, a password change ends the
other sessions; usernames normalized (NFKC, no control characters, case-insensitive, folded
lookalikes, the reserved prefixes checked after folding)."""

from __future__ import annotations

import pytest
from alembic import command
from fastapi.testclient import TestClient
from server_player import auth, make_client, signup, table_socket
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.websockets import WebSocketDisconnect

from majiang.server import names
from majiang.server.accounts import hash_password
from majiang.server.db import alembic_config, make_engine
from majiang.server.models import User


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


def test_a_socket_open_at_log_out_is_closed(sqlite_url: str) -> None:
    """A log-out (or a revoked session) ends the session's open table sockets too, not only new
    ones: within `session_recheck` seconds the socket is told and closed with 4401, while the
    same player's socket of another session plays on (the attacker review found one alive)."""
    with make_client(sqlite_url, session_recheck=0.2) as client:
        token, _ = signup(client, "lou")
        other = login(client, "lou")
        code = client.post("/api/tables", json={"practice": True, "bots": 3},
                           headers=auth(token)).json()["code"]
        client.cookies.clear()
        with table_socket(client, code, token) as ws, table_socket(client, code, other) as kept:
            assert ws.receive_json()["type"] in ("table", "view", "event", "prompt")
            assert client.post("/api/logout", headers=auth(token)).status_code == 200
            frames: list[dict[str, object]] = []
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(500):
                    frames.append(ws.receive_json())
            assert closed.value.code == 4401
            assert frames[-1]["type"] == "error" and "logged out" in str(frames[-1]["error"])
            assert "登录已失效" in str(frames[-1]["error"])
            kept.send_json({"type": "ping"})  # the other session's socket still answers
            assert any(kept.receive_json()["type"] == "pong" for _ in range(500))


def test_the_current_password_cannot_be_guessed_with_a_stolen_session(
        client: TestClient) -> None:
    """/api/password once checked the current password without limit (the attacker review
    guessed 30 times, never refused): its failures now count in the log-in throttle."""
    signup(client, "pat", "secret1")
    token = login(client, "pat")
    codes = [client.post("/api/password", headers=auth(token),
                         json={"password": f"guess{i:03d}", "new_password": "newpass1"}
                         ).status_code for i in range(8)]
    assert codes[0] == 403 and 429 in codes, codes
    refused = client.post("/api/password", headers=auth(token),
                          json={"password": "secret1", "new_password": "newpass1"})
    assert refused.status_code == 429 and refused.headers["Retry-After"]  # the right one too
    assert " / " in refused.json()["error"]


def test_usernames_are_normalized_and_folded(client: TestClient) -> None:
    signup(client, "alice")

    def code(name: str) -> int:
        r = client.post("/api/signup", json={"username": name, "password": "secret1"})
        return int(r.status_code)

    assert code("alice\n") == 400  # no trailing newline past the pattern
    assert code("al\u200bice") == 400  # no invisible characters
    assert code("ALICE") == 409 and code("ａｌｉｃｅ") == 409  # case, full width (NFKC)
    assert code("аlice") == 409  # a Cyrillic а
    assert code("aIice") == 409 and code("a1ice") == 409 and code("AIICE") == 409  # I, 1 for l
    assert code("ВОТ-9") == 400  # Cyrillic capitals
    assert code("bоt-9") == 400 and code("BOT_9") == 400 and code("gυest-1") == 400
    assert code("bob") == 200
    assert client.post("/api/login", json={"username": "ALICE", "password": "secret1"}
                       ).json()["user"]["username"] == "alice"


@pytest.mark.parametrize("name,key", [("Ａｌｉｃｅ", "allce"), ("Bób", "bob"), ("раураl", "paypal"),
                                      ("bot_1", "bot-l"), ("aIice", "allce"), ("a1ice", "allce"),
                                      ("ВОТ", "bot"), ("张三_0", "张三-o")])
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


def test_the_name_key_migration_joins_older_lookalikes_and_keeps_their_log_ins(
        db_url: str) -> None:
    """A database of 0004 (keys folded without `I` as `l`) holding `alice` and `aIice`: after
    0005 the older keeps the key, the newer none; each logs in by its own name and password,
    a case variant finds the older, and no new lookalike is free."""
    engine = make_engine(db_url)
    command.upgrade(alembic_config(engine), "0004")
    with Session(engine) as db:
        for name, key, password in [("alice", "alice", "secret1"), ("aIice", "aiice", "other12"),
                                    ("bob", "bob", "secret1")]:
            db.add(User(username=name, name_key=key, password_hash=hash_password(password)))
        db.commit()
    command.upgrade(alembic_config(engine), "head")
    with Session(engine) as db:
        keys = {name: key for name, key in db.execute(select(User.username, User.name_key))}
    engine.dispose()
    assert keys == {"alice": "allce", "aIice": None, "bob": "bob"}
    with make_client(db_url) as c:
        assert login(c, "aIice", "other12") and login(c, "alice") and login(c, "ALICE")
        r = c.post("/api/login", json={"username": "ALICE", "password": "secret1"})
        assert r.json()["user"]["username"] == "alice"
        r = c.post("/api/login", json={"username": "aIice", "password": "other12"})
        assert r.json()["user"]["username"] == "aIice"
        r = c.post("/api/signup", json={"username": "a1ice", "password": "secret1"})
        assert r.status_code == 409
