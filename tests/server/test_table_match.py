"""Matches over HTTP + WebSocket: the first dealer is drawn by lot from the match's seed and the
draw is shown (`match`); a tuidaohu table's match ends after 8 hands with its totals
(`match_over`) and a new match starts when the players are ready again; a yangzhou match of one
round ends when the deal passes on from the East round's last dealer; bad lengths are refused."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_player import Transcript, auth, make_client, play, signup, table_socket
from sqlalchemy import select

from majiang.game.match import Match
from majiang.server.models import MatchRow


@pytest.fixture
def rich(db_url: str) -> Iterator[TestClient]:
    """Players rich enough for a long match at the lowest stake (nobody is unseated by losses)."""
    with make_client(db_url, new_account_grant=10**7) as c:
        yield c


def open_table(client: TestClient, name: str, **body: Any) -> tuple[str, str]:
    """A table with three bots; its creator (seat 0) is not ready yet, so nothing is dealt."""
    token, _ = signup(client, name)
    r = client.post("/api/tables", json={"rules": "tuidaohu", "bots": 3, "level": 1, **body},
                    headers=auth(token))
    assert r.status_code == 200, r.text
    return token, r.json()["code"]


def match_seed(client: TestClient, match_id: int) -> int:
    """The match's seed, read from the database (players see it only once the match is over)."""
    with client.app.state.server.sessions() as db:  # type: ignore[attr-defined]
        row = db.scalars(select(MatchRow).where(MatchRow.id == match_id)).one()
        return int(row.seed)


def until(ws: Any, t: Transcript, kind: str, limit: int = 2000) -> dict[str, Any]:
    for _ in range(limit):
        msg = ws.receive_json()
        t.add(msg)
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} frame")


def first_state(ws: Any, t: Transcript) -> dict[str, Any]:
    """Frames up to the first view of a hand in play."""
    for _ in range(200):
        msg = ws.receive_json()
        t.add(msg)
        if msg["type"] == "state" and msg["view"].get("phase") == "play":
            return msg["view"]
    raise AssertionError("no hand was dealt")


def types(frames: list[dict[str, Any]]) -> list[str]:
    return [f["event"]["type"] if f["type"] == "event" else f["type"] for f in frames]


def test_first_dealer_is_drawn_by_lot_and_shown(client: TestClient) -> None:
    dealers = []
    for i in range(8):
        token, code = open_table(client, f"lot{i}")
        t = Transcript()
        with table_socket(client, code, token) as ws:
            until(ws, t, "table")
            ws.send_json({"type": "ready"})
            view = first_state(ws, t)
        kinds = types(t.frames)
        assert kinds.index("match") < kinds.index("start"), kinds  # the draw, then the deal
        match = next(f["match"] for f in t.frames if f["type"] == "match")
        start = next(f["event"] for f in t.frames if f["type"] == "event"
                     and f["event"]["type"] == "start")
        assert match["status"] == "playing" and match["match_no"] == 1
        assert match["hands_played"] == 0 and match["match_hands"] == 8
        assert "seed" not in match  # not before the match is over
        draw = match["draw"]
        assert draw["method"] == "lot"
        assert draw["dealer"] == match["first_dealer"] == start["dealer"] == view["dealer"]
        assert draw["name"] == view["seats"][draw["dealer"]]["name"]
        assert "抽签" in draw["text"]["zh"] and "lot" in draw["text"]["en"]
        # the lot is the game's own: Match's draw from the match's seed
        assert Match("tuidaohu", match_seed(client, match["match_id"])).dealer == draw["dealer"]
        table = client.get(f"/api/tables/{code}").json()
        assert table["match"]["first_dealer"] == draw["dealer"]
        assert table["dealer"] == view["dealer"]
        dealers.append(draw["dealer"])
    assert any(d != 0 for d in dealers), dealers  # all eight at seat 0: odds 1 in 65536


def play_match(ws: Any, t: Transcript, hands_limit: int = 60) -> tuple[list[dict[str, Any]],
                                                                       dict[str, Any]]:
    """Play hands (ready after each) until `match_over`: the settlements and the match."""
    settlements: list[dict[str, Any]] = []
    for _ in range(hands_limit):
        assert play(ws, t)
        assert t.settlement is not None
        settlements.append(t.settlement)
        # the last hand's settlement comes just after match_over (its screen closes the match)
        if t.match_over is not None:
            kinds = [f["type"] for f in t.frames]
            assert kinds[-2:] == ["match_over", "settlement"], kinds[-4:]
            over, t.match_over = t.match_over, None
            return settlements, over
        until(ws, t, "table")
        ws.send_json({"type": "ready"})
    raise AssertionError("the match did not end")


def check_totals(match: dict[str, Any], settlements: list[dict[str, Any]]) -> None:
    n = len(match["totals"]["units"])
    assert match["totals"]["units"] == [sum(s["payments"]["units"][i] for s in settlements)
                                        for i in range(n)]
    assert match["totals"]["silver"] == [sum(s["payments"]["silver"][i] for s in settlements)
                                         for i in range(n)]
    assert sum(match["totals"]["units"]) == 0 and sum(match["totals"]["silver"]) == 0
    assert [r["hand_id"] for r in match["results"]] == [s["hand_id"] for s in settlements]


def test_tuidaohu_match_of_eight_hands_then_a_new_match(rich: TestClient) -> None:
    client = rich
    token, code = open_table(client, "alice")
    t = Transcript()
    with table_socket(client, code, token) as ws:
        until(ws, t, "table")
        ws.send_json({"type": "ready"})
        settlements, match = play_match(ws, t)
        assert len(settlements) == 8
        assert [f["type"] for f in t.frames].count("match") == 1  # one match, one draw
        assert match["status"] == "over" and match["hands_played"] == 8
        check_totals(match, settlements)
        # the dealer of each hand is where the previous hand passed the deal
        starts = [f["event"]["dealer"] for f in t.frames
                  if f["type"] == "event" and f["event"]["type"] == "start"]
        assert starts[0] == match["first_dealer"]
        assert starts[1:] == [s["next_dealer"] for s in settlements[:-1]]
        # over: the seed is shown, and it draws the same first dealer
        assert Match("tuidaohu", match["seed"]).dealer == match["first_dealer"]
        table = client.get(f"/api/tables/{code}").json()
        assert table["status"] == "waiting" and table["match"]["status"] == "over"
        assert table["match"]["totals"] == match["totals"]

        # a reconnect between matches gets the last settlement, then the match totals
        with table_socket(client, code, token) as ws2:
            t2 = Transcript()
            until(ws2, t2, "settlement")
            assert t2.settlement == settlements[-1]
            assert t2.frames[-2] == {"type": "match_over", "match": match}

        # ready again: a new match, with its own draw
        ws.send_json({"type": "ready"})
        t3 = Transcript()
        second = until(ws, t3, "match")["match"]
        assert second["match_no"] == 2 and second["hands_played"] == 0
        assert second["status"] == "playing" and second["totals"]["units"] == [0, 0, 0, 0]
        view = first_state(ws, t3)
        assert view["dealer"] == second["first_dealer"]
    with client.app.state.server.sessions() as db:  # type: ignore[attr-defined]
        rows = list(db.scalars(select(MatchRow).order_by(MatchRow.match_no)))
        assert [(r.match_no, r.status, r.hands_played) for r in rows] == [
            (1, "over", 8), (2, "playing", 0)]


def test_yangzhou_match_of_one_round(rich: TestClient) -> None:
    client = rich
    token, code = open_table(client, "yang", rules="yangzhou", match_rounds=1)
    table = client.get(f"/api/tables/{code}").json()
    assert table["match_rounds"] == 1 and table["match_hands"] is None
    t = Transcript()
    with table_socket(client, code, token) as ws:
        until(ws, t, "table")
        ws.send_json({"type": "ready"})
        settlements, match = play_match(ws, t)
    assert match["match_rounds"] == 1 and match["match_hands"] is None
    assert match["hands_played"] == len(settlements)
    check_totals(match, settlements)
    results = match["results"]
    passes = [r["next_dealer"] != r["dealer"] for r in results]
    # the deal passed on once per seat, the last time at the end of the last hand
    assert sum(passes) == 4 and passes[-1]
    for r in results:  # every hand in the East round
        hand = client.get(f"/api/hands/{r['hand_id']}").json()
        assert hand["options"].get("round_wind") == "1z"
        assert hand["dealer"] == r["dealer"]


def test_match_lengths_are_checked(client: TestClient) -> None:
    token, _ = signup(client, "bob")
    for body in ({"rules": "tuidaohu", "match_rounds": 1}, {"rules": "tuidaohu", "match_hands": 0},
                 {"rules": "yangzhou", "match_rounds": 5}, {"rules": "tuidaohu",
                                                             "match_hands": "8"}):
        r = client.post("/api/tables", json=body, headers=auth(token))
        assert r.status_code == 400, (body, r.text)
        assert " / " in r.json()["error"]
    r = client.post("/api/tables", json={"rules": "tuidaohu", "match_hands": 4},
                    headers=auth(token))
    assert r.status_code == 200 and r.json()["match_hands"] == 4


def test_a_ready_said_again_tells_the_table_nothing(client: TestClient) -> None:
    """Each Ready was stored and the table sent to everyone at it, said once or a hundred times
    (a looping client flooded the table's watchers). Said again, it changes nothing."""
    token, code = open_table(client, "alice", bots=2)  # a seat empty: Ready deals nothing
    t = Transcript()
    with table_socket(client, code, token) as ws:
        until(ws, t, "table")
        ws.send_json({"type": "ready"})
        first = until(ws, t, "table")
        assert [s["ready"] for s in first["table"]["seats"] if s and s["name"] == "alice"] \
            == [True]
        for _ in range(20):
            ws.send_json({"type": "ready"})
        ws.send_json({"type": "ping"})
        after = until(ws, t, "pong")
        kinds = [f["type"] for f in t.frames[t.frames.index(first) + 1:t.frames.index(after)]]
        assert kinds == [], kinds
