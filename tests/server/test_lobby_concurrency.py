"""Two quick plays seating bots at the same moment (issue 12's load test hit it: `bot-N` taken
by a concurrent transaction was an HTTP 500/400): on PostgreSQL the second transaction waits on
the first's new bot row, then creates its own bot under another name; neither fails and no
bot is shared."""

from __future__ import annotations

import os
import threading

import pytest
from server_player import auth, make_client, signup
from sqlalchemy import select

from majiang.server.lobby import bot_for
from majiang.server.models import Table

POSTGRES = os.environ.get("TEST_POSTGRES_URL")


@pytest.mark.skipif(not POSTGRES and os.environ.get("CI") != "true",
                    reason="TEST_POSTGRES_URL is not set")
def test_two_transactions_creating_a_bot_at_once_both_succeed() -> None:
    from conftest import reset_postgres

    assert POSTGRES is not None, "CI=true needs TEST_POSTGRES_URL"
    reset_postgres(POSTGRES)
    with make_client(POSTGRES) as client:
        token, _ = signup(client, "host")
        r = client.post("/api/tables", json={"rules": "tuidaohu", "practice": True},
                        headers=auth(token))
        assert r.status_code == 200, r.text
        code = r.json()["code"]
        server = client.app.state.server  # type: ignore[attr-defined]
        first_made, first_may_commit = threading.Event(), threading.Event()
        names: dict[str, str] = {}
        errors: list[BaseException] = []

        def seat(who: str, hold: bool) -> None:
            try:
                with server.db() as db:
                    table = db.scalars(select(Table).where(Table.code == code)).one()
                    bot = bot_for(db, table, 100)
                    names[who] = bot.username
                    if hold:  # keep the new bot uncommitted while the other one looks
                        first_made.set()
                        first_may_commit.wait(30)
                    db.commit()
            except BaseException as exc:  # reported below
                errors.append(exc)
                first_made.set()

        a = threading.Thread(target=seat, args=("a", True))
        a.start()
        assert first_made.wait(30)
        b = threading.Thread(target=seat, args=("b", False))
        b.start()
        b.join(1)  # b is blocked on a's uncommitted row (or done: either order is fine)
        first_may_commit.set()
        a.join(30)
        b.join(30)
        assert not errors, errors
        assert names["a"] != names["b"] and all(n.startswith("bot-") for n in names.values())
