"""Replays from the engine (`GET /api/hands/{id}/replay`): a finished hand step by step, as the
caller's seat saw it, or as a spectator by the hand's share link (the hand is read by its players
and by anyone holding that link only); no step before the end holds another seat's concealed
tiles (other than what the rules show), the last shows every hand, and the settlement is the one
the table sent."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_player import Transcript, auth, play, signup, table_socket

LIVE_ONLY = ("name", "bot", "auto")  # what the table adds to the engine's seat entries


def play_a_hand(client: TestClient, rules: str = "tuidaohu") -> tuple[str, int, Transcript]:
    token, _ = signup(client, "alice")
    r = client.post("/api/quickplay", json={"rules": rules}, headers=auth(token))
    assert r.status_code == 200, r.text
    t = Transcript()
    with table_socket(client, r.json()['code'], token) as ws:
        assert play(ws, t)
    hand_id = client.get("/api/history", headers=auth(token)).json()[0]["hand_id"]
    return token, hand_id, t


def check_steps(steps: list[dict[str, Any]], seat: int | None) -> None:
    """Only what `seat` may know before the end; every hand at the end."""
    *during, last = steps
    for step in during:
        view = step["view"]
        assert view["seat"] == seat and view["phase"] == "play"
        assert ("hand" in view) == (seat is not None)
        for entry in view["seats"]:
            if entry["seat"] != seat and entry["revealed"] is not None:
                assert entry["declared"], entry  # shown by the rules (亮倒) only
        for event in step["events"]:
            if event["type"] == "deal":
                assert event["seat"] == seat, event
            if event["type"] == "draw" and "tile" in event:
                assert event["seat"] == seat, event
    final = last["view"]
    assert final["phase"] == "over"
    assert all(entry["revealed"] is not None for entry in final["seats"])


def plain(view: dict[str, Any]) -> dict[str, Any]:
    """A live view without what the table adds to the engine's (names, flags, dice)."""
    seats = [{k: v for k, v in e.items() if k not in LIVE_ONLY} for e in view["seats"]]
    return {**{k: v for k, v in view.items() if k != "dice"}, "seats": seats}


def test_a_player_replays_their_hand_from_their_seat(client: TestClient) -> None:
    token, hand_id, t = play_a_hand(client)
    record = client.get(f"/api/hands/{hand_id}").json()["record"]
    r = client.get(f"/api/hands/{hand_id}/replay", headers=auth(token))
    assert r.status_code == 200, r.text
    replay = r.json()
    assert replay["hand_id"] == hand_id and replay["seat"] == 0
    assert replay["names"][0] == "alice" and replay["rules"] == "tuidaohu"
    steps = replay["steps"]
    assert len(steps) == len(record["actions"]) + 1
    assert steps[0]["seat"] is None and steps[0]["action"] is None
    assert any(e["type"] == "deal" for e in steps[0]["events"])
    for step, done in zip(steps[1:], record["actions"], strict=True):
        assert step["seat"] == done["seat"]
        label = step["action"].pop("label")
        assert step["action"] == done["action"] and label["zh"] and label["en"]
    check_steps(steps, 0)
    # what the player saw live, in order, is what the replay shows
    views = [plain(step["view"]) for step in steps]
    live = [plain(f["view"]) for f in t.frames if f["type"] == "state"]
    assert len(live) > 10
    at = 0
    for view in live:
        at = views.index(view, at)
    # the settlement screen is the one the table sent when the hand ended
    assert replay["settlement"] == t.settlement


def test_others_replay_a_hand_by_its_share_link_only(client: TestClient) -> None:
    token, hand_id, _ = play_a_hand(client)
    share = client.get(f"/api/hands/{hand_id}/replay", headers=auth(token)).json()["share"]
    assert isinstance(share, str) and len(share) >= 20
    watcher, _ = signup(client, "watcher")
    for headers in (auth(watcher), {}):
        client.cookies.clear()
        for path in (f"/api/hands/{hand_id}/replay", f"/api/hands/{hand_id}"):
            refused = client.get(path, headers=headers)
            assert refused.status_code == 403 and " / " in refused.json()["error"]
            wrong = client.get(path, params={"share": share[:-1] + "x"}, headers=headers)
            assert wrong.status_code == 403
        replay = client.get(f"/api/hands/{hand_id}/replay", params={"share": share},
                            headers=headers).json()
        assert replay["seat"] is None and replay["share"] is None  # not a player: no re-share
        assert not any(e["type"] == "deal" for e in replay["steps"][0]["events"])
        check_steps(replay["steps"], None)
        record = client.get(f"/api/hands/{hand_id}", params={"share": share}, headers=headers)
        assert record.status_code == 200 and record.json()["hand_id"] == hand_id


@pytest.mark.parametrize("rules", ["yangzhou", "kawuxing", "jincheng", "wuhan"])
def test_every_ruleset_replays_without_leaks(sqlite_client: TestClient, rules: str) -> None:
    token, hand_id, t = play_a_hand(sqlite_client, rules)
    replay = sqlite_client.get(f"/api/hands/{hand_id}/replay", headers=auth(token)).json()
    check_steps(replay["steps"], 0)
    assert replay["settlement"] == t.settlement


def test_no_replay_of_a_hand_in_play_or_of_none(sqlite_client: TestClient) -> None:
    token, _ = signup(sqlite_client, "alice")
    code = sqlite_client.post("/api/quickplay", json={"rules": "tuidaohu"},
                              headers=auth(token)).json()["code"]
    with table_socket(sqlite_client, code, token) as ws:
        while ws.receive_json()["type"] != "state":
            pass
        assert sqlite_client.get("/api/hands/1/replay", headers=auth(token)).status_code == 409
    r = sqlite_client.get("/api/hands/999/replay")
    assert r.status_code == 404 and " / " in r.json()["error"]
