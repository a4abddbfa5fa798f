"""Standing (issue 11, item 3) from really played hands: a player's figures per ruleset agree with
their history and the hands' records, the leaderboards rank by wealth and per ruleset without
bots or guests, and a player's history filters by ruleset and pages; SQLite, and PostgreSQL when
TEST_POSTGRES_URL is set."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_player import Transcript, auth, make_client, play, signup, table_socket

PLAN = {"alice": ["tuidaohu", "tuidaohu", "tuidaohu", "wuhan"], "bob": ["tuidaohu"]}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, str]]]:
    """Alice plays three tuidaohu hands and one wuhan hand, Bob one tuidaohu hand, with silver
    at stake (a large opening grant: a real level)."""
    import os

    url = os.environ.get("TEST_POSTGRES_URL")
    if url:
        from conftest import reset_postgres

        reset_postgres(url)
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('standing') / 'test.db'}"
    with make_client(url, new_account_grant=200_000) as client:
        tokens = {}
        for name, plan in PLAN.items():
            tokens[name], _ = signup(client, name)
            for rules in plan:
                r = client.post("/api/quickplay", json={"rules": rules}, headers=auth(tokens[name]))
                assert r.status_code == 200, r.text
                code = r.json()["code"]
                with table_socket(client, code, tokens[name]) as ws:
                    assert play(ws, Transcript())
                client.post(f"/api/tables/{code}/leave", headers=auth(tokens[name]))
        client.cookies.clear()  # every request says who it is (or is anonymous)
        yield client, tokens


def expected(client: TestClient, token: str, rules: str | None) -> dict[str, Any]:
    """The figures worked out independently: from /api/history and each hand's record."""
    hands = [h for h in client.get("/api/history", headers=auth(token)).json()
             if rules is None or h["rules"] == rules]
    wins = [h for h in hands if h["result"] == "win"]
    patterns: Counter[str] = Counter()
    deal_ins = 0
    for h in hands:
        settlement = client.get(f"/api/hands/{h['hand_id']}", headers=auth(token)).json()[
            "record"]["settlement"]
        me = h["seat"]
        if me in settlement["winners"]:
            answer = settlement["answers"][settlement["winners"].index(me)]
            patterns.update(p["id"] for p in answer["patterns"])
        elif settlement["discarder"] == me and settlement["win_type"] in ("discard",
                                                                           "robbing_kong"):
            deal_ins += 1
    return {
        "hands": len(hands), "wins": len(wins),
        "self_drawn": sum(h["win_type"] == "self_drawn" for h in wins),
        "deal_ins": deal_ins, "draws": sum(h["result"] == "draw" for h in hands),
        "silver": sum(h["net_silver"] for h in hands), "units": sum(h["units"] for h in hands),
        "patterns": dict(patterns),
    }


def test_a_profile_agrees_with_the_players_hands(played: tuple[TestClient, dict[str, str]]) -> None:
    client, tokens = played
    r = client.get("/api/players/alice")
    assert r.status_code == 200, r.text
    card = r.json()
    me = client.get("/api/me", headers=auth(tokens["alice"])).json()
    assert card["name"] == "alice" and card["silver"] == me["silver"]
    assert card["level"]["id"] == me["level"]["id"] and card["wealth_rank"] in (1, 2)
    assert set(card["stats"]) == {"all", "tuidaohu", "wuhan"}
    for rules in ("tuidaohu", "wuhan", None):
        stats, want = card["stats"][rules or "all"], expected(client, tokens["alice"], rules)
        for key in ("hands", "wins", "self_drawn", "deal_ins", "draws", "silver", "units"):
            assert stats[key] == want[key], (rules, key)
        assert {p["id"]: p["count"] for p in stats["patterns"]} == want["patterns"]
        assert all(p["zh"] and p["en"] for p in stats["patterns"])
        assert stats["win_rate"] == round(want["wins"] / want["hands"], 4)
        assert stats["deal_in_rate"] == round(want["deal_ins"] / want["hands"], 4)
        if want["wins"]:
            assert stats["self_drawn_share"] == round(want["self_drawn"] / want["wins"], 4)
            assert stats["biggest_win"]["silver"] >= stats["avg_win_silver"]
        else:
            assert stats["self_drawn_share"] is None and stats["biggest_win"] is None
    assert card["stats"]["all"]["hands"] == 4 and len(card["recent"]) == 4
    assert card["recent"][0]["rules"] == "wuhan"  # newest first
    # a bot has a profile too; nobody by a name that is not taken
    seated = client.get("/api/history", headers=auth(tokens["alice"])).json()[0]["names"]
    bot = next(name for name in seated if name.startswith("bot-"))
    assert client.get(f"/api/players/{bot}").json()["bot"] is True
    assert client.get("/api/players/nobody").status_code == 404


def test_every_seat_s_figures_agree_with_the_records(
        played: tuple[TestClient, dict[str, str]]) -> None:
    """Bots included (they win most hands here): wins, self-drawn wins, deal-ins, patterns,
    units from each hand's record, silver from its settlement rows."""
    client, tokens = played
    hands: dict[int, dict[str, Any]] = {}
    for token in tokens.values():
        for h in client.get("/api/history", headers=auth(token)).json():
            hands[h["hand_id"]] = client.get(f"/api/hands/{h['hand_id']}",
                                             headers=auth(token)).json()
    want: dict[str, Counter[str]] = {}
    for hand in hands.values():
        s = hand["record"]["settlement"]
        for seat, name in enumerate(hand["names"]):
            c = want.setdefault(name, Counter())
            c["hands"] += 1
            c["units"] += s["payments"][seat]
            c["silver"] += sum(row["silver"][seat] for row in hand["settlements"])
            if seat in s["winners"]:
                c["wins"] += 1
                c["self_drawn"] += s["win_type"] == "self_drawn"
                answer = s["answers"][s["winners"].index(seat)]
                c.update(f"pattern:{p['id']}" for p in answer["patterns"])
            elif s["discarder"] == seat and s["win_type"] in ("discard", "robbing_kong"):
                c["deal_ins"] += 1
    assert sum(c["wins"] for c in want.values()) > 0
    for name, c in want.items():
        stats = client.get(f"/api/players/{name}").json()["stats"]["all"]
        got = Counter({k: stats[k] for k in ("hands", "wins", "self_drawn", "deal_ins", "units",
                                               "silver")})
        got.update({f"pattern:{p['id']}": p["count"] for p in stats["patterns"]})
        keys = set(got) | set(c)
        assert {k: got[k] for k in keys} == {k: c[k] for k in keys}, name


def test_the_history_filters_by_ruleset_and_pages(
        played: tuple[TestClient, dict[str, str]]) -> None:
    client, tokens = played
    alice = auth(tokens["alice"])
    every = client.get("/api/players/alice/history", headers=alice).json()
    assert [h["rules"] for h in every["hands"]] == ["wuhan", "tuidaohu", "tuidaohu", "tuidaohu"]
    assert every["next"] is None
    theirs = {h["hand_id"]: h for h in client.get("/api/history", headers=alice).json()}
    for h in every["hands"]:
        assert h["silver"] == theirs[h["hand_id"]]["net_silver"]
        assert h["result"] in ("win", "loss", "deal_in", "even", "draw")
        assert h["names"][h["seat"]] == "alice"
    only = client.get("/api/players/alice/history?rules=wuhan", headers=alice).json()["hands"]
    assert [h["rules"] for h in only] == ["wuhan"]
    page = client.get("/api/players/alice/history?rules=tuidaohu&limit=2", headers=alice).json()
    assert len(page["hands"]) == 2 and page["next"] == page["hands"][-1]["hand_id"]
    rest = client.get(f"/api/players/alice/history?rules=tuidaohu&limit=2&before={page['next']}",
                      headers=alice).json()
    assert len(rest["hands"]) == 1 and rest["next"] is None
    assert client.get("/api/players/alice/history?rules=nope", headers=alice).status_code == 400
    assert client.get("/api/players/alice/history",
                      headers=auth(tokens["bob"])).status_code == 403
    assert client.get("/api/players/alice/history").status_code == 401


def test_the_leaderboards(played: tuple[TestClient, dict[str, str]]) -> None:
    client, tokens = played
    board = client.get("/api/leaderboard?by=wealth", headers=auth(tokens["bob"])).json()
    names = [row["name"] for row in board["rows"]]
    assert sorted(names) == ["alice", "bob"]  # no bots
    silver = [row["silver"] for row in board["rows"]]
    assert silver == sorted(silver, reverse=True) and board["rows"][0]["rank"] == 1
    bob = next(row for row in board["rows"] if row["name"] == "bob")
    ahead = sum(1 for row in board["rows"] if row["silver"] > bob["silver"])
    # competition ranks: players level on silver share a rank (hands are random: they may tie)
    assert board["me"]["name"] == "bob" and board["me"]["rank"] == bob["rank"] == ahead + 1
    assert client.get("/api/leaderboard").json()["me"] is None  # anonymous
    guest = client.post("/api/guest")
    if guest.status_code == 200:  # guests are not ranked
        assert client.get("/api/leaderboard").json()["players"] == 2

    rules = client.get("/api/leaderboard?by=rules&rules=tuidaohu",
                       headers=auth(tokens["alice"])).json()
    rows = {row["name"]: row for row in rules["rows"]}
    assert set(rows) == {"alice", "bob"} and rules["order"] == "silver"
    assert rows["alice"]["hands"] == 3 and rows["bob"]["hands"] == 1
    want = expected(client, tokens["alice"], "tuidaohu")
    assert rows["alice"]["silver"] == want["silver"] and rows["alice"]["wins"] == want["wins"]
    assert [r["silver"] for r in rules["rows"]] == sorted((r["silver"] for r in rules["rows"]),
                                                         reverse=True)
    assert rules["me"]["name"] == "alice"
    by_hands = client.get("/api/leaderboard?by=rules&rules=tuidaohu&order=hands").json()
    assert [r["name"] for r in by_hands["rows"]] == ["alice", "bob"]
    qualified = client.get("/api/leaderboard?by=rules&rules=tuidaohu&min_hands=2"
                           "&order=win_rate").json()
    assert [r["name"] for r in qualified["rows"]] == ["alice"]
    assert client.get("/api/leaderboard?by=rules&rules=wuhan").json()["players"] == 1
    assert client.get("/api/leaderboard?by=rules").status_code == 400
    assert client.get("/api/leaderboard?by=rules&rules=nope").status_code == 400
    assert client.get("/api/leaderboard?by=luck").status_code == 400
