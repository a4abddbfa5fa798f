"""Watchers (issue 11, item 4), over the wire: a watcher gets only public information (what it
receives before the hand is over names no tile kind that the rules have not made public: a
discard, a meld, a declared-and-shown hand, the laizi or its indicator), exactly the engine's
spectator view step by step; with a delay of N actions it is always N actions behind (a real
server, four scripted players in lockstep); the owner switches watching off."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from server_player import Transcript, auth, play, signup, table_socket
from server_process import ServerProcess
from starlette.websockets import WebSocketDisconnect

from majiang.server import games
from majiang.server.loadtest import choose
from majiang.tiles import parse_tiles, tile_name

COMPACT = re.compile(r"(?:[1-9]+[mpsz])+")
LIVE_ONLY = ("name", "bot", "auto")  # what the table adds to the engine's seat entries
PRIVATE_KEYS = ("hand", "drawn", "set_aside", "locked_kinds")  # a seat's own view only


def plain(view: dict[str, Any]) -> dict[str, Any]:
    seats = [{k: v for k, v in e.items() if k not in LIVE_ONLY} for e in view["seats"]]
    return {**{k: v for k, v in view.items() if k != "dice"}, "seats": seats}


def tiles_in(value: Any) -> set[str]:
    """Every tile kind named anywhere in a frame ("5m", or compact as in melds: "777s")."""
    if isinstance(value, str):
        return {tile_name(t) for t in parse_tiles(value)} if COMPACT.fullmatch(value) else set()
    if isinstance(value, dict):
        return set().union(*(tiles_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(tiles_in(v) for v in value)) if value else set()
    return set()


def engine_record(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k != "explain"}


def public_kinds(record: dict[str, Any]) -> list[set[str]]:
    """Per step, the tile kinds the rules have made public so far, from every seat's own view
    (the ground truth): the round wind, discards, melds, a declared seat's shown hand, the
    laizi, its indicator."""
    rec = engine_record(record)
    per_seat = [games.replay_steps(rec, s) for s in range(len(rec["seats"]))]
    out: list[set[str]] = []
    known = tiles_in(rec.get("options", {}).get("round_wind"))  # the round's wind is public
    for k in range(len(per_seat[0])):
        for s, steps in enumerate(per_seat):
            view = steps[k]["view"]
            me = view["seats"][s]
            known |= set(me["discards"]) | tiles_in(me["melds"])
            known |= {t for t in (view.get("laizi"), view.get("indicator")) if t}
            if me["declared"]:
                known |= set(view["hand"])
        out.append(set(known))
    return out


def check_public(frames: list[dict[str, Any]], record: dict[str, Any]) -> int:
    """Every frame before the hand is over names only public tile kinds, each state is the
    engine's spectator view of a step, in order; the number of states checked."""
    spectator = [plain(s["view"]) for s in games.replay_steps(engine_record(record), None)]
    public = public_kinds(record)
    at, batch, states = 0, [], 0
    for frame in frames:
        if frame["type"] == "settlement":
            break
        batch.append(frame)
        if frame["type"] != "state":
            continue
        view = frame["view"]
        assert not any(key in view for key in PRIVATE_KEYS), view
        if view["phase"] == "over":
            break
        at = spectator.index(plain(view), at)  # the engine's view(None) of a step, in order
        for entry in view["seats"]:
            assert entry["revealed"] is None or entry["declared"], entry
        for seen in batch:
            leaked = tiles_in(seen) - public[at]
            assert not leaked, (leaked, seen)
            if seen["type"] == "event":
                assert seen["event"]["type"] != "deal" or "tiles" not in seen["event"], seen
        batch, states = [], states + 1
    return states


@pytest.mark.parametrize("rules", [r["id"] for r in games.playable_rulesets()])
def test_a_watcher_sees_only_what_the_rules_make_public(sqlite_client: TestClient,
                                                         rules: str) -> None:
    client = sqlite_client
    token, _ = signup(client, "alice")
    watcher, _ = signup(client, "bob")
    r = client.post("/api/quickplay", json={"rules": rules, "practice": True},
                    headers=auth(token))
    assert r.status_code == 200, r.text
    code = r.json()["code"]
    with table_socket(client, code, watcher) as bob, table_socket(client, code, token) as ws:
        for hand in range(5):  # every hand is checked; a short one (an early win) is played on from
            seen: list[dict[str, Any]] = []
            if hand:
                ws.send_json({"type": "ready"})
                while (f := bob.receive_json())["type"] != "event" or f["event"]["type"] != "start":
                    pass  # the last hand's closing frames (its state at "over"), before the deal
                seen.append(f)
            assert play(ws, Transcript())
            while not seen or seen[-1]["type"] != "settlement":
                seen.append(bob.receive_json())
            hand_id = client.get("/api/history", headers=auth(token)).json()[0]["hand_id"]
            record = client.get(f"/api/hands/{hand_id}", headers=auth(token)).json()["record"]
            states = check_public(seen, record)
            if states > 10:
                break
    assert states > 10
    # the check has teeth: a seat's own view of the same hand fails it
    own = games.replay_steps(engine_record(record), 0)
    with pytest.raises(AssertionError):
        check_public([{"type": "state", "view": {**s["view"], "seat": None}} for s in own],
                     record)
    with pytest.raises(AssertionError):  # the tiles alone, under a public-looking key
        check_public([{"type": "event", "event": {"type": "note", "x": own[1]["view"]["hand"]}},
                      *[{"type": "state", "view": s} for s in
                        [st["view"] for st in games.replay_steps(engine_record(record), None)]]],
                     record)
    # the settlement, once the hand is over, shows every hand to watchers too
    assert all(h is not None for h in seen[-1]["settlement"]["hands"])


def test_a_watcher_reads_no_user_ids_or_balances(sqlite_client: TestClient) -> None:
    """The table frame named each seat's user id and silver to watchers too."""
    client = sqlite_client
    token, _ = signup(client, "alice")
    watcher, _ = signup(client, "bob")
    r = client.post("/api/quickplay", json={"rules": "tuidaohu", "practice": True},
                    headers=auth(token))
    code = r.json()["code"]
    with table_socket(client, code, watcher) as bob, table_socket(client, code, token) as ws:
        mine = until_kind(ws, "table")["table"]["seats"]
        theirs = until_kind(bob, "table")["table"]["seats"]
    assert all("user_id" in s and "silver" in s for s in mine)
    assert all("user_id" not in s and "silver" not in s for s in theirs)
    assert [s["name"] for s in theirs] == [s["name"] for s in mine]


def until_kind(ws: Any, kind: str) -> dict[str, Any]:
    for _ in range(200):
        frame = ws.receive_json()
        if frame["type"] == kind:
            return dict(frame)
    raise AssertionError(f"no {kind} frame")


def test_the_owner_switches_watching_off(sqlite_client: TestClient) -> None:
    client = sqlite_client
    owner, _ = signup(client, "carol")
    other, _ = signup(client, "dave")
    code = client.post("/api/tables", json={"practice": True, "bots": 3},
                       headers=auth(owner)).json()["code"]
    assert client.get(f"/api/tables/{code}/watching").json()["watch"] == {
        "allowed": True, "delay": 0, "pace": 1.0}
    r = client.put(f"/api/tables/{code}/watching", json={"allowed": False}, headers=auth(other))
    assert r.status_code == 403 and "owner" in r.json()["error"]
    r = client.put(f"/api/tables/{code}/watching", json={"delay": 99}, headers=auth(owner))
    assert r.status_code == 400
    # a field the API does not know is ignored, as in every body (protocol.md 4; it was a 400)
    r = client.put(f"/api/tables/{code}/watching", json={"pace": 1.0, "x": 1}, headers=auth(owner))
    assert r.status_code == 200, r.text
    with table_socket(client, code, other) as dave:
        assert dave.receive_json()["type"] == "table"  # watching: the table frame
        r = client.put(f"/api/tables/{code}/watching", json={"allowed": False, "delay": 2},
                       headers=auth(owner))
        assert r.status_code == 200 and r.json()["watch"]["allowed"] is False
        frames = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                frames.append(dave.receive_json())
        assert closed.value.code == 4403
        assert frames[-1]["type"] == "error" and "watching" in frames[-1]["error"]
    with table_socket(client, code, other) as dave:
        assert dave.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            dave.receive_json()
        assert closed.value.code == 4403
    with table_socket(client, code, owner) as carol:
        assert carol.receive_json()["type"] == "table"  # the owner's seat is no watcher
    r = client.put(f"/api/tables/{code}/watching", json={"allowed": True}, headers=auth(owner))
    assert r.json()["watch"] == {"allowed": True, "delay": 2, "pace": 1.0}


def test_watching_settings_of_the_wrong_type_are_refused(sqlite_client: TestClient) -> None:
    """protocol.md 4: a body's wrong type is refused with 400 (the attacker review: "yes", "3"
    and 1 were stored as true, 3 and true), and NaN is named as no finite number."""
    client = sqlite_client
    owner, _ = signup(client, "erin")
    code = client.post("/api/tables", json={"practice": True, "bots": 3},
                       headers=auth(owner)).json()["code"]
    for body in ({"allowed": "yes"}, {"allowed": 1}, {"delay": "3"}, {"delay": 2.5}):
        r = client.put(f"/api/tables/{code}/watching", json=body, headers=auth(owner))
        assert r.status_code == 400, (body, r.text)
        assert " / " in r.json()["error"]
    r = client.put(f"/api/tables/{code}/watching", content=b'{"pace": NaN}',
                   headers={**auth(owner), "Content-Type": "application/json"})
    assert r.status_code == 400 and "finite" in r.json()["error"]
    assert client.get(f"/api/tables/{code}/watching").json()["watch"] == {
        "allowed": True, "delay": 0, "pace": 1.0}
    r = client.put(f"/api/tables/{code}/watching", json={"pace": 2, "delay": 1},
                   headers=auth(owner))
    assert r.status_code == 200 and r.json()["watch"]["pace"] == 2.0


# -- the delay, on a real server with four scripted players in lockstep ------------------------

class Socket:
    """A WebSocket whose frames a reader task queues, so the test can wait on any of them."""

    def __init__(self, ws: Any) -> None:
        self.ws, self.frames = ws, asyncio.Queue[dict[str, Any]]()
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for text in self.ws:
            await self.frames.put(json.loads(text))

    async def next(self, kind: str | None = None, timeout: float = 10.0) -> dict[str, Any]:
        while True:
            frame = await asyncio.wait_for(self.frames.get(), timeout)
            if kind is None or frame["type"] == kind:
                return frame


async def lockstep(base: str, ws_base: str,
                   delay: int) -> tuple[list[tuple[int, Any]], int, str]:
    """Four players act one action at a time; after each action (every seat saw its state) the
    watcher's frames so far are taken, tagged with the actions applied. Returns (tag, frame)
    pairs, the actions of the hand and a player's token."""
    from websockets.asyncio.client import connect

    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        tokens = []
        for name in ("p0", "p1", "p2", "p3", "watcher"):
            r = await http.post("/api/signup", json={"username": name, "password": "secret1"})
            tokens.append(r.json()["token"])
        r = await http.post("/api/tables", json={"rules": "tuidaohu", "practice": True},
                            headers=auth(tokens[0]))
        code = r.json()["code"]
        for t in tokens[1:4]:
            assert (await http.post(f"/api/tables/{code}/join", headers=auth(t))).status_code == 200
        r = await http.put(f"/api/tables/{code}/watching", json={"delay": delay, "pace": 0.05},
                           headers=auth(tokens[0]))
        assert r.status_code == 200, r.text
        url = f"{ws_base}/ws/tables/{code}"

        def seat(token: str) -> Any:
            return connect(url, additional_headers={"Authorization": f"Bearer {token}"})

        async with seat(tokens[4]) as w, seat(tokens[0]) as c0, seat(tokens[1]) as c1, \
                seat(tokens[2]) as c2, seat(tokens[3]) as c3:
            bob, players = Socket(w), [Socket(c) for c in (c0, c1, c2, c3)]
            for t in tokens[:4]:
                await http.post(f"/api/tables/{code}/ready", headers=auth(t))
            tagged, applied = await _play(bob, players, delay)
            return tagged, applied, tokens[0]


async def _play(bob: Socket, players: list[Socket],
                delay: int) -> tuple[list[tuple[int, Any]], int]:
    views: list[dict[str, Any] | None] = [None] * 4
    prompts: dict[int, dict[str, Any]] = {}
    tagged: list[tuple[int, Any]] = []
    applied = 0

    async def settle(p: int) -> bool:
        """Read player p's frames up to its next state; True if the hand is over."""
        while True:
            f = await players[p].next()
            if f["type"] == "prompt":
                prompts[p] = f
            elif f["type"] == "prompt_closed" and prompts.get(p, {}).get("prompt_id") == \
                    f["prompt_id"]:
                prompts.pop(p)
            elif f["type"] == "state":
                views[p] = f["view"]
                return bool(f["view"]["phase"] == "over")

    over = any([await settle(p) for p in range(4)])  # the deal
    while not over:
        while not prompts:  # the prompt follows the state of the same action
            for p in range(4):
                while not players[p].frames.empty():
                    f = players[p].frames.get_nowait()
                    if f["type"] == "prompt":
                        prompts[p] = f
            await asyncio.sleep(0.005)
        p, prompt = prompts.popitem()
        action = choose(prompt["actions"], views[p])
        await players[p].ws.send(json.dumps({"type": "act", "prompt_id": prompt["prompt_id"],
                                             "action": action}))
        over = any([await settle(q) for q in range(4)])
        applied += 1
        if applied >= delay and not over:  # step applied - delay is released with this action
            while (f := await bob.next())["type"] != "state":
                tagged.append((applied, f))
            tagged.append((applied, f))
        await asyncio.sleep(0)
        while not bob.frames.empty():
            tagged.append((applied, bob.frames.get_nowait()))
    while True:  # the tail, at the pace
        f = await bob.next()
        tagged.append((applied, f))
        if f["type"] == "state" and f["view"]["phase"] == "over":  # after the settlement
            return tagged, applied


@pytest.mark.parametrize("claim_delay", ["0", "0.05"])
def test_a_delayed_watcher_is_always_n_actions_behind(tmp_path: Path, claim_delay: str) -> None:
    """Claim protection on ("0.05"): a discard's event goes at once and what follows it at the
    window's end, and the two are still one action for the watchers' delay."""
    delay = 3
    server = ServerProcess(f"sqlite:///{tmp_path / 'watch.db'}", tmp_path / "server.log",
                           env={"MAJIANG_CLAIM_DELAY": claim_delay})
    server.start()
    try:
        ws_base = server.url.replace("http://", "ws://")
        tagged, actions, token = asyncio.run(lockstep(server.url, ws_base, delay))
        hands = httpx.get(server.url + "/api/history", headers=auth(token)).json()
        record = httpx.get(f"{server.url}/api/hands/{hands[0]['hand_id']}",
                           headers=auth(token)).json()["record"]
    finally:
        server.stop()
    assert actions == len(record["actions"]) > 20
    spectator = [plain(s["view"]) for s in games.replay_steps(engine_record(record), None)]
    states = [(tag, f["view"]) for tag, f in tagged if f["type"] == "state"]
    # every step once, in order, the deal first and the end last
    assert [plain(v) for _, v in states] == spectator
    for step, (tag, _) in enumerate(states):
        if tag < actions:  # while the hand is played: exactly `delay` actions behind
            assert step == tag - delay, (step, tag)
    tail = [step for step, (tag, _) in enumerate(states) if tag == actions]
    assert tail == list(range(actions - delay, actions + 1))  # the last due, then the rest
    assert [f["type"] for _, f in tagged[-2:]] == ["settlement", "state"]
    check_public([f for _, f in tagged], record)


def test_the_lobby_lists_the_tables_one_may_watch(sqlite_client: TestClient) -> None:
    """A full table in play was listed nowhere: watching needed its code. /api/tables/live lists
    the tables in play, without those whose owner switched watching off."""
    client = sqlite_client
    token, _ = signup(client, "erin")
    code = client.post("/api/quickplay", json={"rules": "tuidaohu", "practice": True},
                       headers=auth(token)).json()["code"]
    with table_socket(client, code, token) as ws:
        for _ in range(400):  # until the hand is dealt (the table plays)
            if client.get(f"/api/tables/{code}").json()["status"] == "playing":
                break
            ws.receive_json()
        live = client.get("/api/tables/live").json()
        assert code in [t["code"] for t in live]
        assert all("user_id" not in s for t in live for s in t["seats"])
        r = client.put(f"/api/tables/{code}/watching", json={"allowed": False},
                       headers=auth(token))
        assert r.status_code == 200
        assert code not in [t["code"] for t in client.get("/api/tables/live").json()]
