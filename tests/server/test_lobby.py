"""The lobby over HTTP: open, join by code, ready, leave, dissolve, quick play, level checks."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from server_player import OPS, auth, signup, table_socket

from majiang.server.lobby import CODE_ALPHABET


def test_code_alphabet_has_no_confusables() -> None:
    assert not set("0O1IL") & set(CODE_ALPHABET)


def test_open_join_ready_leave_dissolve(client: TestClient) -> None:
    alice, _ = signup(client, "alice")
    bob, _ = signup(client, "bob")
    r = client.post("/api/tables", json={"rules": "tuidaohu", "level": 1, "bots": 2,
                                         "turn_seconds": 20}, headers=auth(alice))
    assert r.status_code == 200, r.text
    table = r.json()
    code = table["code"]
    assert not set("0O1IL") & set(code)
    assert table["stake"] == 1 and table["turn_seconds"] == 20 and table["status"] == "waiting"
    assert [s["bot"] for s in table["seats"]] == [False, True, True, False]
    assert table["seats"][3]["name"] is None
    assert code in [t["code"] for t in client.get("/api/tables").json()]
    # bob joins by code (any case), takes the last seat
    r = client.post(f"/api/tables/{code.lower()}/join", headers=auth(bob))
    assert r.status_code == 200
    assert r.json()["seats"][3]["name"] == "bob"
    # bob cannot open another table while seated
    r = client.post("/api/tables", json={"rules": "tuidaohu"}, headers=auth(bob))
    assert r.status_code == 409
    # only the owner dissolves
    assert client.post(f"/api/tables/{code}/dissolve", headers=auth(bob)).status_code == 403
    r = client.post(f"/api/tables/{code}/ready", headers=auth(bob))
    assert r.json()["seats"][3]["ready"]
    r = client.post(f"/api/tables/{code}/leave", headers=auth(bob))
    assert r.json()["seats"][3]["name"] is None
    r = client.post(f"/api/tables/{code}/dissolve", headers=auth(alice))
    assert r.json()["status"] == "closed"
    assert client.post(f"/api/tables/{code}/join", headers=auth(bob)).status_code == 410


def test_the_owner_leaves_and_the_next_person_owns_the_table(client: TestClient) -> None:
    alice, me = signup(client, "alice")
    bob, him = signup(client, "bob")
    code = client.post("/api/tables", json={"rules": "tuidaohu", "level": 1, "bots": 1},
                       headers=auth(alice)).json()["code"]
    client.post(f"/api/tables/{code}/join", headers=auth(bob))
    table = client.post(f"/api/tables/{code}/leave", headers=auth(alice)).json()
    assert table["status"] == "waiting" and table["owner_id"] == him["id"] != me["id"]
    table = client.post(f"/api/tables/{code}/leave", headers=auth(bob)).json()
    assert table["status"] == "closed"  # only a bot was left


def test_joining_back_during_the_hand_undoes_a_leave(client: TestClient) -> None:
    """The attacker review: a leave asked for mid-hand stayed asked for after joining back, and
    the player lost the seat when the hand ended."""
    alice, _ = signup(client, "alice")
    code = client.post("/api/quickplay", json={"rules": "tuidaohu"},
                       headers=auth(alice)).json()["code"]
    with table_socket(client, code, alice) as ws:
        for _ in range(200):  # the hand is dealt: a prompt comes
            frame: dict[str, Any] = ws.receive_json()
            if frame["type"] == "prompt":
                break
        table = client.post(f"/api/tables/{code}/leave", headers=auth(alice)).json()
        assert table["status"] == "playing" and table["seats"][0]["leaving"] is True
        table = client.post(f"/api/tables/{code}/join", headers=auth(alice)).json()
        assert table["seats"][0]["leaving"] is False and table["seats"][0]["name"] == "alice"
    assert client.get("/api/me", headers=auth(alice)).json()["table"] == code


def test_level_and_input_checks(client: TestClient) -> None:
    alice, _ = signup(client, "alice")
    h = auth(alice)
    r = client.post("/api/tables", json={"rules": "tuidaohu", "level": 3}, headers=h)
    assert r.status_code == 403 and "level" in r.json()["error"]
    assert client.post("/api/tables", json={"rules": "nope"}, headers=h).status_code == 400
    r = client.post("/api/tables", json={"rules": "tuidaohu", "bots": 4}, headers=h)
    assert r.status_code == 400
    r = client.post("/api/tables", json={"rules": "tuidaohu", "turn_seconds": 1}, headers=h)
    assert r.status_code == 400
    assert client.post("/api/tables/ZZZZZ/join", headers=h).status_code == 404
    client.cookies.clear()
    assert client.post("/api/tables", json={"rules": "tuidaohu"}).status_code == 401


def test_full_table(client: TestClient) -> None:
    alice, _ = signup(client, "alice")
    bob, _ = signup(client, "bob")
    code = client.post("/api/tables", json={"rules": "tuidaohu", "bots": 3},
                       headers=auth(alice)).json()["code"]
    r = client.post(f"/api/tables/{code}/join", headers=auth(bob))
    assert r.status_code == 409 and "full" in r.json()["error"]


def test_quickplay_fills_with_bots(client: TestClient) -> None:
    alice, _ = signup(client, "alice")
    r = client.post("/api/quickplay", json={"rules": "tuidaohu"}, headers=auth(alice))
    assert r.status_code == 200
    table = r.json()
    assert table["level"] == 1  # 临时工 plays at 待业 tables: same stake
    assert [s["bot"] for s in table["seats"]] == [False, True, True, True]
    assert all(s["ready"] for s in table["seats"])
    assert client.get("/api/me", headers=auth(alice)).json()["table"] == table["code"]
    assert client.get("/api/ledger/check", headers=OPS).json()["balanced"]


def test_quickplay_twice_returns_the_same_table(client: TestClient) -> None:
    alice, _ = signup(client, "alice")
    first = client.post("/api/quickplay", json={"rules": "tuidaohu"}, headers=auth(alice)).json()
    again = client.post("/api/quickplay", json={"rules": "tuidaohu"}, headers=auth(alice)).json()
    assert first["code"] == again["code"]


def test_unseat_players_who_may_no_longer_sit(db_url: str) -> None:
    """economy.md section 3: before a deal, a player below the table's level is unseated; at a
    quick-play table a bot takes the seat, and a table with no human left closes."""
    from majiang.server import lobby
    from majiang.server.accounts import create_user
    from majiang.server.db import make_engine, migrate, session_factory
    from majiang.server.ledger import grant

    engine = make_engine(db_url)
    migrate(engine)
    with session_factory(engine)() as db:
        alice = create_user(db, "alice", None, grant_amount=250)
        bob = create_user(db, "bob", None, grant_amount=250)
        req = lobby.TableRequest(rules="tuidaohu", level=3, bots=2)
        table = lobby.create_table(db, alice, req, default_turn=15, bank_seconds=30,
                                   grant_amount=100, fill_bots=True)
        lobby.join_table(db, bob, table.code)
        grant(db, bob, -100, "operator adjustment", kind="adjustment")  # 150: level 2 < 3
        gone = lobby.refresh_seats(db, table, grant_amount=100)
        assert gone == [bob.id]
        seats = lobby.seats_of(db, table)
        assert len(seats) == 4 and seats[3].user_id != bob.id
        assert db.get(type(bob), seats[3].user_id).bot  # type: ignore[union-attr]
        lobby.leave_table(db, alice, table.code)
        assert table.status == "closed"
        db.commit()
    engine.dispose()
