"""Claim protection (issue 12, item 8): after a discard, the table waits its claim window before
the next event whether or not anyone could claim, so the time between a discard and what follows
tells nothing about who holds what. The assertions are on the table's recorded scheduling
decisions (`claims.Hold`), not on a clock read by the client."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server_player import Transcript, auth, make_client, signup, table_socket

from majiang.server.claims import window_seconds
from majiang.server.loadtest import choose
from majiang.server.settings import Settings

WINDOW = 0.1


def test_the_wait_after_a_discard_is_the_same_whether_a_claim_is_possible(
        tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'claims.db'}", claim_delay=WINDOW) as client:
        token, _ = signup(client, "claimer")
        r = client.post("/api/quickplay", json={"practice": True}, headers=auth(token))
        code = r.json()["code"]
        runner: Any = None
        holds: list[Any] = []
        with table_socket(client, code, token) as ws:
            t = Transcript()
            for _hand in range(6):  # until both kinds of discard were seen
                while True:
                    msg = ws.receive_json()
                    t.add(msg)
                    if msg["type"] == "settlement":
                        break
                    if msg["type"] == "prompt":
                        action = choose(msg["actions"], t.view)
                        ws.send_json({"type": "act", "prompt_id": msg["prompt_id"],
                                      "action": action})
                runner = client.app.state.server.tables.runners[code]  # type: ignore[attr-defined]
                holds = list(runner.claims.decisions)
                if {h.claimable for h in holds} == {True, False}:
                    break
                ws.send_json({"type": "ready"})
        assert {h.claimable for h in holds} == {True, False}, "no claim was possible in 6 hands"
        for hold in holds:
            assert hold.window == WINDOW  # the same decision, claim possible or not
            if hold.released is not None:  # the last one may end with the hand
                waited = hold.released - hold.opened
                assert waited >= WINDOW - 1e-6  # (the loop's clock resolution)
        released = [h for h in holds if h.released is not None]
        assert {h.claimable for h in released} == {True, False}


def test_the_window_is_none_without_a_person_and_follows_the_settings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert window_seconds(Settings(claim_delay=0.5), [True] * 4) == 0.0
    assert window_seconds(Settings(claim_delay=0.5), [False, True, True, True]) == 0.5
    assert window_seconds(Settings(), [False, True, True, True]) == 0.8
    assert window_seconds(Settings(bot_delay=(0.0, 0.0)), [False, True, True, True]) == 0.0
    monkeypatch.setenv("MAJIANG_CLAIM_DELAY", "0.3")
    assert Settings.from_env().claim_delay == 0.3


def test_an_added_kong_opens_the_window_as_a_discard_does() -> None:
    """A rules audit: an added kong that someone could rob waited for them while one nobody
    could rob went straight on to its replacement draw, so the pause told the table that a
    seat waits on that tile. The kong is now sent at once and what follows waits the window,
    like a discard; the other kongs do not open one."""
    from majiang.game.actions import ADDED_KONGS, CONCEALED_KONGS, DISCARDS
    from majiang.game.events import Event
    from majiang.server.claims import after_put_out, opens_window

    assert opens_window(DISCARDS[0]) and opens_window(ADDED_KONGS[4])
    assert not opens_window(CONCEALED_KONGS[4])
    kong = Event("kong", None, {"seat": 0, "kind": "added_kong", "tile": "5m", "from": 2})
    draw = Event("draw", 0, {"seat": 0, "tile": "7p"})
    assert after_put_out([kong, draw]) == 1  # the kong at once, the replacement held
    assert after_put_out([Event("discard", None, {"seat": 0, "tile": "1m"})]) == 1
