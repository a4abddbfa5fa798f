"""The fair shuffle: the commitment before the deal, the secret after the hand (to its players),
`majiang verify` accepting every finished record and rejecting a changed wall or seed."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_player import Transcript, auth, play, signup, table_socket

from majiang import verify_cli
from majiang.server import fairness

RULESETS = ("tuidaohu", "yangzhou", "kawuxing", "jincheng", "wuhan")


def play_one(client: TestClient, token: str, rules: str) -> int:
    r = client.post("/api/quickplay", json={"rules": rules}, headers=auth(token))
    assert r.status_code == 200, r.text
    code = r.json()["code"]
    with table_socket(client, code, token) as ws:
        while ws.receive_json()["type"] != "state":
            pass
        live = client.get(f"/api/tables/{code}/fair", headers=auth(token)).json()
        assert live["commitment"] and live["nonce"] and live["secret"] is None
        assert client.get(f"/api/hands/{live['hand_id']}/verifiable",
                          headers=auth(token)).status_code == 409
        assert play(ws, Transcript())
    client.post(f"/api/tables/{code}/leave", headers=auth(token))
    return int(live["hand_id"])


def run_verify(tmp_path: Path, record: dict[str, Any]) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "majiang", "verify", str(path)],
                          capture_output=True, text=True, timeout=120)


def test_every_ruleset_verifies_and_tampering_is_caught(sqlite_client: TestClient,
                                                        tmp_path: Path) -> None:
    client = sqlite_client
    token, _ = signup(client, "checker")
    for rules in RULESETS:
        hand_id = play_one(client, token, rules)
        record = client.get(f"/api/hands/{hand_id}/verifiable", headers=auth(token)).json()
        assert record["fair"]["secret"] and verify_cli.verify(record) == [], rules
        seed = copy.deepcopy(record)
        seed["seed"] += 1
        assert verify_cli.verify(seed), rules
        shuffled = verify_cli.wall_of(rules, record["seed"], record["rng"])
        published = copy.deepcopy(record)
        published["fair"]["wall"] = shuffled
        assert verify_cli.verify(published) == [], rules
        published["fair"]["wall"] = shuffled[1:] + shuffled[:1]  # a changed wall
        assert verify_cli.verify(published), rules
        secret = copy.deepcopy(record)
        secret["fair"]["secret"] = fairness.new_secret()
        assert verify_cli.verify(secret), rules
    ok = run_verify(tmp_path, record)
    assert ok.returncode == 0 and "OK" in ok.stdout, ok.stdout + ok.stderr
    explicit = copy.deepcopy(record)
    explicit["wall"] = list(reversed(verify_cli.wall_of(record["rules"], record["seed"],
                                                         record["rng"])))
    bad = run_verify(tmp_path, explicit)
    assert bad.returncode == 1 and "REJECTED" in bad.stdout, bad.stdout


def test_the_secret_is_for_the_players(client: TestClient) -> None:
    token, _ = signup(client, "player")
    hand_id = play_one(client, token, "tuidaohu")
    other, _ = signup(client, "stranger")
    assert client.get(f"/api/hands/{hand_id}/verifiable", headers=auth(other)).status_code == 403
    public = client.get(f"/api/hands/{hand_id}/fair", headers=auth(other)).json()
    assert public["commitment"] and public["secret"] is None
    mine = client.get(f"/api/hands/{hand_id}/fair", headers=auth(token)).json()
    assert fairness.commitment(mine["secret"], mine["nonce"]) == mine["commitment"]


@pytest.mark.parametrize("rules", RULESETS)
def test_seed_wall_and_commitment_agree(rules: str) -> None:
    secret, nonce = "ab" * 32, "t1-h1-00"
    seed = fairness.seed_of(secret, nonce)
    assert 0 <= seed < 2 ** 62
    wall = verify_cli.wall_of(rules, seed, "majiang-v3")
    assert wall == verify_cli.wall_of(rules, str(seed), "majiang-v3") and len(set(wall)) > 20
    assert fairness.commitment(secret, nonce) != fairness.commitment(secret, nonce + "x")


def fair_states(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [f["fair"] for f in frames if f["type"] == "state" and "fair" in f]


def test_the_deal_announces_the_commitment_and_never_the_secret(sqlite_client: TestClient
                                                                ) -> None:
    """A seat that joins after the deal gets the commitment in its first state; the next hand's
    opening frames carry the new one; a watcher gets it too; both equal GET .../fair, and no
    frame ever holds the secret (not even once the hand is over)."""
    client = sqlite_client
    token, _ = signup(client, "dealt")
    watcher, _ = signup(client, "onlooker")
    r = client.post("/api/quickplay", json={"rules": "tuidaohu", "practice": True},
                    headers=auth(token))
    assert r.status_code == 200, r.text
    code = r.json()["code"]
    first, second = Transcript(), Transcript()
    watched: list[dict[str, Any]] = []
    with table_socket(client, code, watcher) as bob:
        with table_socket(client, code, token) as ws:
            assert play(ws, first)  # hand 1: dealt before this socket attached
            ws.send_json({"type": "ready"})
            assert play(ws, second)  # hand 2: dealt to this socket (fanout.opening)
        while sum(f["type"] == "settlement" for f in watched) < 2:
            watched.append(bob.receive_json())
    announced = fair_states(first.frames)[0]
    starts = [i for i, f in enumerate(second.frames)
              if f["type"] == "event" and f["event"]["type"] == "start"]
    assert len(starts) == 1
    opening = next(f for f in second.frames[starts[0]:] if f["type"] == "state")
    assert "fair" in opening and opening["fair"]["hand_id"] != announced["hand_id"]
    for fair in (announced, opening["fair"]):
        assert set(fair) == {"scheme", "commitment", "nonce", "hand_id"}
        mine = client.get(f"/api/hands/{fair['hand_id']}/fair", headers=auth(token)).json()
        assert mine["secret"] and fair == {k: mine[k] for k in fair}
        assert fairness.commitment(mine["secret"], mine["nonce"]) == fair["commitment"]
        assert fair in fair_states(watched), "the watcher is shown the same commitment"
        for frames in (first.frames, second.frames, watched):
            assert mine["secret"] not in json.dumps(frames)
    assert client.get(f"/api/tables/{code}/fair").json()["commitment"] == \
        opening["fair"]["commitment"]
    record = client.get(f"/api/hands/{announced['hand_id']}/verifiable",
                        headers=auth(token)).json()
    assert record["fair"]["wall"] == verify_cli.wall_of("tuidaohu", record["seed"], record["rng"])
