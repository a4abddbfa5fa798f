"""Friends' rooms: the owner's controls (add / remove bots, kick, dissolve) before the match and
refused during it; dissolving refunds nothing because nothing was staked; a room of two people
and two bots plays a match of 2 hands to its summary, the scoreboard matching the settlements."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_player import OPS, Transcript, auth, make_client, play, signup, table_socket


@pytest.fixture
def rich(sqlite_url: str) -> Iterator[TestClient]:
    with make_client(sqlite_url, new_account_grant=10**6) as c:
        yield c


def room(client: TestClient, token: str, **body: Any) -> dict[str, Any]:
    r = client.post("/api/rooms", json={"rules": "tuidaohu", "level": 1, **body},
                    headers=auth(token))
    assert r.status_code == 200, r.text
    return dict(r.json())


def silver(client: TestClient, token: str) -> int:
    return int(client.get("/api/me", headers=auth(token)).json()["silver"])


def test_owner_controls_before_the_start(rich: TestClient) -> None:
    alice, _ = signup(rich, "alice")
    bob, _ = signup(rich, "bob")
    carol, _ = signup(rich, "carol")
    data = room(rich, alice, match_hands=2, turn_seconds=20)
    code = data["code"]
    info = data["room"]
    assert info["is_room"] and info["owner"] == "alice" and info["invite"] == f"#/join/{code}"
    assert info["settings"]["match_hands"] == 2 and info["settings"]["turn_seconds"] == 20
    assert not info["started"] and info["scoreboard"] is None
    assert rich.post(f"/api/tables/{code}/join", headers=auth(bob)).status_code == 200
    # only the owner
    for path, body in (("bots", {}), ("remove-bot", {"seat": 1}), ("kick", {"seat": 0}),
                       ("dissolve", {})):
        r = rich.post(f"/api/rooms/{code}/{path}", json=body, headers=auth(bob))
        assert r.status_code == 403 and " / " in r.json()["error"], (path, r.text)
    # add a bot at a chosen seat, then the first free seat; a taken seat is refused
    seats = rich.post(f"/api/rooms/{code}/bots", json={"seat": 3}, headers=auth(alice)).json()
    assert seats["seats"][3]["bot"]
    r = rich.post(f"/api/rooms/{code}/bots", json={"seat": 3}, headers=auth(alice))
    assert r.status_code == 409
    full = rich.post(f"/api/rooms/{code}/bots", headers=auth(alice)).json()
    assert all(s["name"] for s in full["seats"])
    assert rich.post(f"/api/rooms/{code}/bots", headers=auth(alice)).status_code == 409
    # remove a bot (not a person), kick a person (not a bot, not oneself)
    assert rich.post(f"/api/rooms/{code}/remove-bot", json={"seat": 1},
                     headers=auth(alice)).status_code == 409
    bot_seat = next(s["seat"] for s in full["seats"] if s["bot"] and s["seat"] != 3)
    r = rich.post(f"/api/rooms/{code}/remove-bot", json={"seat": bot_seat}, headers=auth(alice))
    assert r.status_code == 200 and r.json()["seats"][bot_seat]["name"] is None
    assert rich.post(f"/api/rooms/{code}/kick", json={"seat": 3},
                     headers=auth(alice)).status_code == 409
    assert rich.post(f"/api/rooms/{code}/kick", json={"seat": 0},
                     headers=auth(alice)).status_code == 409
    assert rich.post(f"/api/rooms/{code}/kick", json={"seat": 9},
                     headers=auth(alice)).status_code == 400
    r = rich.post(f"/api/rooms/{code}/kick", json={"seat": 1}, headers=auth(alice))
    assert r.status_code == 200 and r.json()["room"]["kicked"]
    # the kicked player cannot come back; someone else can
    r = rich.post(f"/api/tables/{code}/join", headers=auth(bob))
    assert r.status_code == 403 and " / " in r.json()["error"]
    assert rich.post(f"/api/tables/{code}/join", headers=auth(carol)).status_code == 200


def test_dissolve_refunds_nothing(rich: TestClient) -> None:
    alice, _ = signup(rich, "alice")
    bob, _ = signup(rich, "bob")
    before = silver(rich, alice), silver(rich, bob)
    code = room(rich, alice, bots=2)["code"]
    rich.post(f"/api/tables/{code}/join", headers=auth(bob))
    r = rich.post(f"/api/rooms/{code}/dissolve", headers=auth(alice))
    assert r.status_code == 200 and r.json()["status"] == "closed"
    assert (silver(rich, alice), silver(rich, bob)) == before
    assert rich.post(f"/api/rooms/{code}/bots", headers=auth(alice)).status_code == 410
    assert rich.get("/api/ledger/check", headers=OPS).json()["balanced"]


def test_a_match_of_two_hands_to_its_summary(rich: TestClient) -> None:
    """Two people and two bots; the owner's controls are refused between the match's hands."""
    alice, _ = signup(rich, "alice")
    bob, _ = signup(rich, "bob")
    code = room(rich, alice, bots=2, match_hands=2)["code"]
    assert rich.post(f"/api/tables/{code}/join", headers=auth(bob)).status_code == 200
    start = silver(rich, alice) + silver(rich, bob)
    refused: list[int] = []
    overs: dict[str, dict[str, Any]] = {}
    failures: list[BaseException] = []
    first_done = threading.Barrier(2)

    def run(name: str, token: str) -> None:
        try:
            with table_socket(rich, code, token) as ws:
                t = Transcript()
                ws.send_json({"type": "ready"})
                assert play(ws, t)
                first_done.wait(60)
                if name == "alice":  # between hands: the match has started
                    for path in ("bots", "dissolve"):
                        r = rich.post(f"/api/rooms/{code}/{path}", headers=auth(token))
                        refused.append(r.status_code)
                        assert " / " in r.json()["error"]
                    refused.append(rich.post(f"/api/tables/{code}/dissolve",
                                             headers=auth(token)).status_code)
                first_done.wait(60)
                ws.send_json({"type": "ready"})
                assert play(ws, t)
                assert t.match_over is not None, "no match_over before the last settlement"
                overs[name] = t.match_over
        except BaseException as exc:  # reported below
            failures.append(exc)
            first_done.abort()

    threads = [threading.Thread(target=run, args=a) for a in (("alice", alice), ("bob", bob))]
    for th in threads:
        th.start()
    for th in threads:
        th.join(180)
    assert not failures, failures
    assert refused == [409, 409, 409]
    match = overs["alice"]
    assert match == overs["bob"] and match["status"] == "over" and match["hands_played"] == 2
    summary = match["summary"]
    assert [s["place"] for s in summary] == [1, 2, 3, 4]
    assert sum(s["silver"] for s in summary) == 0 and sum(s["units"] for s in summary) == 0
    board = rich.get(f"/api/rooms/{code}").json()["room"]["scoreboard"]
    assert [h["no"] for h in board["hands"]] == [1, 2]
    assert board["totals"]["silver"] == match["totals"]["silver"]
    for hand, result in zip(board["hands"], match["results"], strict=True):
        assert hand["silver"] == result["silver"]
    seat_of = {n: i for i, n in enumerate(board["names"])}
    moved = board["totals"]["silver"][seat_of["alice"]] + board["totals"]["silver"][seat_of["bob"]]
    assert silver(rich, alice) + silver(rich, bob) == start + moved
    assert rich.get("/api/ledger/check", headers=OPS).json()["balanced"]
    # the match is over: the owner may manage the room again
    assert not rich.get(f"/api/rooms/{code}").json()["room"]["started"]
    assert rich.post(f"/api/rooms/{code}/dissolve", headers=auth(alice)).status_code == 200


def test_a_room_read_by_an_outsider_names_no_ids_or_balances(rich: TestClient) -> None:
    """Anyone could read each seat's user id and silver and the owner's id from the room."""
    alice, _ = signup(rich, "alice")
    bob, _ = signup(rich, "bob")
    code = room(rich, alice)["code"]
    assert rich.post(f"/api/tables/{code}/join", headers=auth(bob)).status_code == 200
    rich.post(f"/api/rooms/{code}/kick", json={"seat": 1}, headers=auth(alice))
    seated = rich.get(f"/api/rooms/{code}", headers=auth(alice)).json()
    assert {"user_id", "silver"} <= set(seated["seats"][0]) and "owner_id" in seated["room"]
    assert seated["room"]["kicked"]  # the owner sees whom they removed
    carol, _ = signup(rich, "carol")
    for headers in ({}, auth(carol), auth(bob)):
        seen = rich.get(f"/api/rooms/{code}", headers=headers).json()
        assert all("user_id" not in s and "silver" not in s for s in seen["seats"])
        assert "owner_id" not in seen["room"] and seen["room"]["owner"] == "alice"
        assert seen["seats"][0]["name"] == "alice"
    # the removed player is told so, and nobody else learns who was removed
    assert rich.get(f"/api/rooms/{code}", headers=auth(bob)).json()["room"]["kicked"] != []
    assert rich.get(f"/api/rooms/{code}", headers=auth(carol)).json()["room"]["kicked"] == []
