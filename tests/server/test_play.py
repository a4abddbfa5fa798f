"""Whole hands over HTTP + WebSocket: one scripted client and three bots; stale and duplicate
replies (told the prompt is over), reconnect mid-hand, 托管 on disconnect and on timeouts,
spectators, and the wire-level leak check (no frame to a seat holds another seat's concealed
tiles, the wall or the seed)."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from server_player import OPS, Transcript, auth, choose, make_client, play, signup, table_socket

from majiang.game.record import replay, verify
from majiang.server.messages import PROMPT_OVER

END_EVENTS = ("win", "exhaustive_draw", "settlement")
SECRET_KEYS = {"wall", "seed", "hands", "record", "requests", "live_wall"}


def quickplay(client: TestClient, name: str, **body: Any) -> tuple[str, str]:
    token, _ = signup(client, name)
    r = client.post("/api/quickplay", json={"rules": "tuidaohu", **body}, headers=auth(token))
    assert r.status_code == 200, r.text
    return token, r.json()["code"]


def keys(obj: Any) -> set[str]:
    if isinstance(obj, dict):
        out = set(obj)
        for v in obj.values():
            out |= keys(v)
        return out
    if isinstance(obj, list):
        return set().union(*(keys(v) for v in obj)) if obj else set()
    return set()


def assert_no_leak(frames: list[dict[str, Any]], seat: int | None) -> int:
    """Check every frame up to the end of the hand; the number of frames checked."""
    checked = 0
    for msg in frames:
        if msg["type"] == "event" and msg["event"]["type"] in END_EVENTS:
            break
        if msg["type"] == "settlement":
            break
        checked += 1
        assert not keys(msg) & SECRET_KEYS, msg
        if msg["type"] == "event":
            event = msg["event"]
            if event["type"] == "deal":
                assert event["seat"] == seat, msg
            if event["type"] == "draw" and "tile" in event:
                assert event["seat"] == seat, msg
        elif msg["type"] == "state":
            view = msg["view"]
            assert view["seat"] == seat
            if seat is None:
                assert "hand" not in view and "drawn" not in view
            for entry in view["seats"]:
                assert entry["revealed"] is None, msg
                assert "hand" not in entry and "tiles" not in entry
    return checked


def test_whole_hand(client: TestClient) -> None:
    token, code = quickplay(client, "alice")
    t = Transcript()
    with table_socket(client, code, token) as ws:
        assert play(ws, t)
        settlement = t.settlement
        assert settlement is not None
        assert sum(settlement["payments"]["units"]) == 0
        assert sum(settlement["payments"]["silver"]) == 0
        assert not {"balances", "levels", "silver", "units", "result"} & set(settlement)
        assert [a - b for a, b in zip(settlement["balances_after"], settlement["balances_before"],
                                      strict=True)] == settlement["payments"]["silver"]
        assert len(settlement["hands"]) == 4
        for w in settlement["winners"]:
            assert w["patterns"]
            assert all({"id", "zh", "en", "value"} <= set(p) for p in w["patterns"])
        for line in settlement["lines"]:
            assert {"payer", "payee", "amount", "reason"} <= set(line)
        assert assert_no_leak(t.frames, 0) > 20
        check = client.get("/api/ledger/check", headers=OPS).json()
        assert check["balanced"], check
        history = client.get("/api/history", headers=auth(token)).json()
        assert len(history) == 1
        entry = history[0]
        me = client.get("/api/me", headers=auth(token)).json()
        assert me["silver"] == 100 + entry["net_silver"] == settlement["balances_after"][0]
        # the next hand: ready, and a new deal arrives
        ws.send_json({"type": "ready"})
        for _ in range(50):
            msg = ws.receive_json()
            if msg["type"] == "event" and msg["event"]["type"] == "deal":
                assert msg["event"]["seat"] == 0
                break
        else:
            raise AssertionError("no second deal")
    record = client.get(f"/api/hands/{entry['hand_id']}").json()
    assert record["rules"] == "tuidaohu" and record["names"][0] == "alice"
    # the stored record replays to the same result
    rec = record["record"]
    assert rec["format"] == "majiang-hand" and rec["seats"][1]["bot"]
    assert verify(rec) == []  # the stored record replays to the same events and settlement
    assert replay(rec).is_over
    # a hand in progress is not served as a record
    assert client.get(f"/api/hands/{entry['hand_id'] + 1}").status_code in (404, 409)


def test_stale_forged_and_duplicate_replies_are_told_the_prompt_is_over(
        client: TestClient) -> None:
    """A reply to a prompt that is over (answered, withdrawn, or never the seat's) is not
    played, and the client is told so in both languages (it used to be ignored in silence:
    a client whose reply came late never learned why nothing happened)."""
    token, code = quickplay(client, "alice")
    t = Transcript()
    sent = refused = 0
    with table_socket(client, code, token) as ws:
        last_id = None
        for _ in range(5000):
            msg = ws.receive_json()
            t.add(msg)
            if msg["type"] == "settlement":
                break
            if msg["type"] != "prompt":
                continue
            action = choose(msg["actions"], t.view)
            if last_id is not None:  # a stale reply first: the previous prompt's id
                ws.send_json({"type": "act", "prompt_id": last_id, "action": action})
                refused += 1
            ws.send_json({"type": "act", "prompt_id": msg["prompt_id"] + 1000, "action": action})
            ws.send_json({"type": "act", "prompt_id": msg["prompt_id"], "action": action})
            ws.send_json({"type": "act", "prompt_id": msg["prompt_id"], "action": action})  # dup
            refused += 2
            sent += 1
            last_id = msg["prompt_id"]
    errors = [f for f in t.frames if f["type"] == "error"]
    assert len(errors) == refused
    for error in errors:
        assert error["error"] == PROMPT_OVER and " / " in error["error"]
        assert isinstance(error["prompt_id"], int)
    hand_id = client.get("/api/history", headers=auth(token)).json()[0]["hand_id"]
    rec = client.get(f"/api/hands/{hand_id}").json()["record"]
    assert sum(1 for step in rec["actions"] if step["seat"] == 0) == sent
    assert client.get("/api/ledger/check", headers=OPS).json()["balanced"]


def test_illegal_action_gets_an_error_and_the_prompt_stays(client: TestClient) -> None:
    token, code = quickplay(client, "alice")
    with table_socket(client, code, token) as ws:
        t = Transcript()
        while t.prompt is None:
            t.add(ws.receive_json())
        pid = t.prompt["prompt_id"]
        ws.send_json({"type": "act", "prompt_id": pid, "action": {"type": "pung", "tile": "9z"}})
        msg = ws.receive_json()
        assert msg["type"] == "error" and "tile" in msg["error"]
        ws.send_json({"type": "act", "prompt_id": pid, "action": {"type": "chow", "tiles": "123m"}})
        msg = ws.receive_json()
        assert msg["type"] == "error" and "not a legal action" in msg["error"]
        action = choose(t.prompt["actions"], t.view)
        ws.send_json({"type": "act", "prompt_id": pid, "action": action})
        assert play(ws, t)


def test_reconnect_mid_hand_gets_view_and_pending_prompt(sqlite_url: str) -> None:
    with make_client(sqlite_url, bot_delay=(5.0, 5.0)) as client:
        token, code = quickplay(client, "alice")
        t = Transcript()
        with table_socket(client, code, token) as ws:
            # the first dealer is drawn by lot: pass any claim until alice's own turn
            while t.prompt is None or not any(a["type"] == "discard" for a in t.prompt["actions"]):
                if t.prompt is not None:
                    ws.send_json({"type": "act", "prompt_id": t.prompt["prompt_id"],
                                  "action": {"type": "pass"}})
                    t.prompt = None
                t.add(ws.receive_json())
        before_view, before_prompt = t.view, t.prompt
        assert before_view is not None and before_prompt is not None
        t2 = Transcript()
        with table_socket(client, code, token) as ws:
            while t2.prompt is None:
                t2.add(ws.receive_json())
            assert [f["type"] for f in t2.frames][:2] == ["table", "state"]
            assert t2.view is not None
            # the move log survives: the hand's events this seat was sent, in order
            # (the first socket's log on attach, then its events: a dealer by lot whose hand was
            # dealt before the socket came was sent no event at all)
            first = next(f for f in t.frames if f["type"] == "state")
            received = [*first.get("log", []),
                        *({k: v for k, v in f["event"].items() if k != "silver"}
                          for f in t.frames if f["type"] == "event")]
            log, seat = t2.frames[1]["log"], t2.view["seat"]
            assert received and log[-len(received):] == received and t2.frames[1]["log_start"] == 1
            assert log[0]["type"] == "start"
            private = [e for e in log if (e["type"] == "deal" and "tiles" in e)
                       or (e["type"] == "draw" and "tile" in e)]
            assert private and all(e["seat"] == seat for e in private)  # only its own tiles
            assert t2.view["hand"] == before_view["hand"]
            assert t2.view["drawn"] == before_view["drawn"]
            assert t2.prompt["prompt_id"] == before_prompt["prompt_id"]
            assert t2.prompt["actions"] == before_prompt["actions"]
            assert 0 < t2.prompt["seconds_left"] <= 15 and t2.prompt["bank_left"] > 0
            assert not t2.prompt["auto"]
            # the owner answers the re-sent prompt: accepted
            action = choose(t2.prompt["actions"], t2.view)
            ws.send_json({"type": "act", "prompt_id": t2.prompt["prompt_id"], "action": action})
            for _ in range(20):
                msg = ws.receive_json()
                if msg["type"] == "event" and msg["event"].get("seat") == t2.view["seat"]:
                    assert msg["event"]["type"] == action["type"]
                    break
            else:
                raise AssertionError("the action after reconnecting was not applied")


def wait_hands(client: TestClient, code: str, hands: int, seconds: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        table = client.get(f"/api/tables/{code}").json()
        if table["hands_played"] >= hands:
            return table  # type: ignore[no-any-return]
        time.sleep(0.05)
    raise AssertionError(f"table {code} did not finish {hands} hand(s)")


def test_disconnect_hands_the_seat_to_a_bot(client: TestClient) -> None:
    token, code = quickplay(client, "alice")
    with table_socket(client, code, token) as ws:
        t = Transcript()
        while t.prompt is None:
            t.add(ws.receive_json())
    wait_hands(client, code, 1)
    hand_id = client.get("/api/history", headers=auth(token)).json()[0]["hand_id"]
    rec = client.get(f"/api/hands/{hand_id}").json()["record"]
    assert any(step["seat"] == 0 for step in rec["actions"])
    assert client.get("/api/ledger/check", headers=OPS).json()["balanced"]


def test_two_timeouts_hand_the_seat_to_a_bot(sqlite_url: str) -> None:
    with make_client(sqlite_url, min_turn_seconds=1, bank_seconds=0) as client:
        token, code = quickplay(client, "alice", turn_seconds=1)
        with table_socket(client, code, token) as ws:
            for _ in range(5):  # a hand with at least three prompts for alice (most are)
                t = Transcript()
                prompts = 0
                for _ in range(5000):  # never answer: time out, then 托管 plays on
                    msg = ws.receive_json()
                    t.add(msg)
                    if msg["type"] == "prompt":
                        prompts += 1
                        assert msg["auto"] == (prompts >= 3)
                    if msg["type"] == "settlement":
                        break
                if prompts >= 3:
                    break
                ws.send_json({"type": "ready"})
            else:
                raise AssertionError("no hand gave alice three prompts")
            table_frames = [f["table"] for f in t.frames if f["type"] == "table"]
            assert any(f["seats"][0]["auto"] for f in table_frames)
    # each timeout is said, with what was played for the seat; the second hands it to the bot
    asked = [f for f in t.frames if f["type"] == "prompt"][:2]
    told = [f["text"] for f in t.frames if f["type"] == "notice" and f["notice"] == "timeout"]
    assert len(told) == 2, told
    for prompt, text in zip(asked, told, strict=True):
        assert text.startswith("超时，已替你") and " / time ran out: " in text
        passed = any(a["type"] == "pass" for a in prompt["actions"])
        assert ("you passed" in text) == passed and ("was discarded for you" in text) != passed
    assert "托管" not in told[0] and "托管" in told[1] and "the server plays for you" in told[1]
    assert client.get("/api/ledger/check", headers=OPS).json()["balanced"]


def test_spectator_sees_public_information_only(client: TestClient) -> None:
    token, code = quickplay(client, "alice")
    watcher, _ = signup(client, "watcher")
    with table_socket(client, code, token) as ws, \
            table_socket(client, code, watcher) as spy:
        t = Transcript()
        assert play(ws, t)
        seen: list[dict[str, Any]] = []
        while True:
            msg = spy.receive_json()
            seen.append(msg)
            if msg["type"] == "settlement":
                break
        assert assert_no_leak(seen, None) > 5
        assert not any(f["type"] == "prompt" for f in seen)


def test_bad_token_is_refused(client: TestClient) -> None:
    _, code = quickplay(client, "alice")
    with table_socket(client, code, "forged") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error"


def test_a_closed_table_answers_its_state_and_closes(client: TestClient) -> None:
    token, _ = signup(client, "alice")
    code = client.post("/api/tables", json={"rules": "tuidaohu", "bots": 1},
                       headers=auth(token)).json()["code"]
    assert client.post(f"/api/tables/{code}/dissolve", headers=auth(token)).status_code == 200
    with table_socket(client, code, token) as ws:
        msg = ws.receive_json()
        assert msg["type"] == "table" and msg["table"]["status"] == "closed"


def test_two_players_and_two_bots(client: TestClient) -> None:
    """Two people at one table, each on their own connection: each sees only their own tiles."""
    import threading

    alice, _ = signup(client, "alice")
    bob, _ = signup(client, "bob")
    code = client.post("/api/tables", json={"rules": "tuidaohu", "level": 1, "bots": 2},
                       headers=auth(alice)).json()["code"]
    assert client.post(f"/api/tables/{code}/join", headers=auth(bob)).status_code == 200
    transcripts = {0: Transcript(), 3: Transcript()}
    failures: list[BaseException] = []

    def run(token: str, seat: int) -> None:
        try:
            with table_socket(client, code, token) as ws:
                ws.send_json({"type": "ready"})
                assert play(ws, transcripts[seat])
        except BaseException as exc:  # reported below
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(alice, 0)),
               threading.Thread(target=run, args=(bob, 3))]
    for th in threads:
        th.start()
    for th in threads:
        th.join(120)
    assert not failures, failures
    for seat, t in transcripts.items():
        assert assert_no_leak(t.frames, seat) > 10
        assert t.settlement is not None
    assert transcripts[0].settlement == transcripts[3].settlement
    assert client.get("/api/ledger/check", headers=OPS).json()["balanced"]


def test_a_watcher_who_joins_gets_the_seat(sqlite_url: str) -> None:
    with make_client(sqlite_url, min_turn_seconds=1, bank_seconds=0) as client:
        watcher_joins(client)


def watcher_joins(client: TestClient) -> None:
    alice, _ = signup(client, "alice")
    bob, _ = signup(client, "bob")
    code = client.post("/api/tables", json={"rules": "tuidaohu", "level": 1, "bots": 2,
                                            "turn_seconds": 1},
                       headers=auth(alice)).json()["code"]
    with table_socket(client, code, bob) as ws:
        assert ws.receive_json()["type"] == "table"  # watching, not seated
        assert client.post(f"/api/tables/{code}/join", headers=auth(bob)).status_code == 200
        assert client.post(f"/api/tables/{code}/ready", headers=auth(alice)).status_code == 200
        ws.send_json({"type": "ready"})
        t = Transcript()
        assert play(ws, t)  # alice is not connected: her seat times out, then 托管 plays it
        assert assert_no_leak(t.frames, 3) > 5


def test_kong_money_is_settled_mid_hand(client: TestClient) -> None:
    """Play hands until one has kong money: each economy event is its own settlement, in order,
    posted as it happens (the event frame carries the silver moved) and zero-sum."""
    token, code = quickplay(client, "alice")
    with table_socket(client, code, token) as ws:
        for _ in range(25):
            t = Transcript()
            assert play(ws, t)
            kongs = [f["event"] for f in t.frames
                     if f["type"] == "event" and f["event"]["type"] == "kong_money"]
            if kongs:
                break
            ws.send_json({"type": "ready"})
        else:
            raise AssertionError("no kong in 25 hands")
    hand_id = t.settlement["hand_id"] if t.settlement else None
    record = client.get(f"/api/hands/{hand_id}").json()
    kinds = [s["kind"] for s in record["settlements"]]
    assert kinds == ["kong_money"] * len(kongs) + ["hand_end"]
    assert [s["event_index"] for s in record["settlements"]] == list(range(len(kinds)))
    for frame, stored in zip(kongs, record["settlements"], strict=False):
        assert frame["silver"]["silver"] == stored["silver"]
        assert frame["payments"] == stored["units"]
        assert sum(stored["silver"]) == 0
    assert client.get("/api/ledger/check", headers=OPS).json()["balanced"]


def test_ping_and_bad_messages(client: TestClient) -> None:
    token, code = quickplay(client, "alice")
    with table_socket(client, code, token) as ws:
        ws.send_text("not json")
        ws.send_json(["a", "list"])
        ws.send_json({"type": "shout"})
        ws.send_json({"type": "ping"})
        errors, pong = [], False
        while not pong:
            msg = ws.receive_json()
            if msg["type"] == "error":
                errors.append(msg["error"])
            pong = msg["type"] == "pong"
        assert len(errors) == 3 and "shout" in errors[2]
