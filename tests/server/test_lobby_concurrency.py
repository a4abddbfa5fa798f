"""Two quick plays seating bots at the same moment (issue 12's load test hit it: `bot-N` taken
by a concurrent transaction was an HTTP 500/400): on PostgreSQL the second transaction waits on
the first's new bot row, then creates its own bot under another name; neither fails and no
bot is shared."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

import pytest
from server_player import auth, make_client, signup
from sqlalchemy import select
from sqlalchemy.orm import Session

from majiang.server import accounts, lobby
from majiang.server.lobby import bot_for
from majiang.server.models import Seat, Table, User

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


def _databases() -> list[str]:
    return ["sqlite", "postgresql"]


def _url(kind: str, tmp_path: Any) -> str:
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'race.db'}"
    if not POSTGRES:
        if os.environ.get("CI") == "true":
            raise AssertionError("CI=true needs TEST_POSTGRES_URL")
        pytest.skip("TEST_POSTGRES_URL is not set")
    from conftest import reset_postgres

    reset_postgres(POSTGRES)
    return POSTGRES


def _in_turn(server: Any, first: Callable[[Session], Any], second: Callable[[Session], Any]
             ) -> tuple[Any, BaseException | None]:
    """`first` in a transaction kept open while `second` starts in another: `second` must wait
    for the commit (it must not finish before), then its answer or error."""
    started = threading.Event()
    out: dict[str, Any] = {}

    def run_second() -> None:
        started.set()
        try:
            with server.db() as db:
                out["answer"] = second(db)
                db.commit()
        except BaseException as exc:  # reported to the caller
            out["error"] = exc

    with server.db() as db:
        first(db)
        b = threading.Thread(target=run_second)
        b.start()
        assert started.wait(10)
        b.join(0.5)
        assert b.is_alive(), f"the second request did not wait for the first: {out}"
        db.commit()
    b.join(30)
    return out.get("answer"), out.get("error")


@pytest.mark.parametrize("kind", _databases())
def test_one_player_opening_two_tables_at_once_gets_one(kind: str, tmp_path: Any) -> None:
    """The attack: 20 quick plays at once with one token sat one player at 15 tables."""
    with make_client(_url(kind, tmp_path)) as client:
        signup(client, "racer")
        server = client.app.state.server  # type: ignore[attr-defined]

        def open_one(db: Session) -> str:
            user = db.scalars(select(User).where(User.username == "racer")).one()
            return lobby.create_table(db, user, lobby.TableRequest(rules="tuidaohu", practice=True),
                                      default_turn=20, bank_seconds=60, grant_amount=100).code

        answer, error = _in_turn(server, open_one, open_one)
        assert answer is None and isinstance(error, lobby.LobbyError), (answer, error)
        assert error.status == 409 and "you already sit at table" in str(error)
        with server.db() as db:
            user = db.scalars(select(User).where(User.username == "racer")).one()
            seated = db.scalars(select(Seat).where(Seat.user_id == user.id)).all()
            assert len(seated) == 1


@pytest.mark.parametrize("kind", _databases())
def test_two_players_taking_the_last_seat_at_once_one_is_told_it_is_full(
        kind: str, tmp_path: Any) -> None:
    """The attack: 8 joins at once for one free seat gave 500s (a unique-constraint error)."""
    with make_client(_url(kind, tmp_path)) as client:
        host, _ = signup(client, "host")
        for name in ("early", "late"):
            signup(client, name)
        r = client.post("/api/tables", json={"rules": "tuidaohu", "practice": True, "bots": 2},
                        headers=auth(host))
        assert r.status_code == 200, r.text
        code = r.json()["code"]
        server = client.app.state.server  # type: ignore[attr-defined]

        def join(name: str) -> Callable[[Session], str]:
            def run(db: Session) -> str:
                user = db.scalars(select(User).where(User.username == name)).one()
                return lobby.join_table(db, user, code).code
            return run

        answer, error = _in_turn(server, join("early"), join("late"))
        assert answer is None and isinstance(error, lobby.LobbyError), (answer, error)
        assert error.status == 409 and "this table is full" in str(error)


@pytest.mark.parametrize("kind", _databases())
def test_guests_made_at_once_from_one_address_stay_within_its_limit(kind: str,
                                                                    tmp_path: Any) -> None:
    """The attack: 60 guests asked for at once from one address got 6 to 19 (limit 5)."""
    with make_client(_url(kind, tmp_path)) as client:
        server = client.app.state.server  # type: ignore[attr-defined]

        def guest(db: Session) -> str:
            user, _ = accounts.create_guest(db, 100, address="198.51.100.7", day="2026-12-04",
                                            limit=1)
            return user.username

        answer, error = _in_turn(server, guest, guest)
        assert answer is None and isinstance(error, accounts.AccountError), (answer, error)
        assert error.status == 429 and "guest accounts today" in str(error)
        with server.db() as db:
            assert accounts.grants_today(db, "198.51.100.7", "2026-12-04") == 1


@pytest.mark.parametrize("kind", _databases())
def test_accounts_opened_at_once_from_one_address_stay_within_its_limit(kind: str,
                                                                        tmp_path: Any) -> None:
    with make_client(_url(kind, tmp_path)) as client:
        server = client.app.state.server  # type: ignore[attr-defined]
        names = iter(("ann", "ben"))

        def sign_up(db: Session) -> str:
            return accounts.sign_up(db, next(names), "x", 100, address="198.51.100.8",
                                    day="2026-12-04", limit=1).username

        answer, error = _in_turn(server, sign_up, sign_up)
        assert answer is None and isinstance(error, accounts.AccountError), (answer, error)
        assert error.status == 429 and "accounts today" in str(error)


@pytest.mark.parametrize("kind", _databases())
def test_a_leave_sent_as_the_next_hand_is_dealt_comes_before_the_deal(kind: str,
                                                                      tmp_path: Any) -> None:
    """The attack: `ready` and a leave sent within 30 ms of each other. The leave answered
    `closed` (the seats deleted, the match abandoned) while the deal went on with the seats it
    had read: the player who had left played the hand and paid for it. Now the deal waits for the
    leave's transaction and finds the table closed."""
    from majiang.server.models import Hand
    from majiang.server.storage import HandStore

    with make_client(_url(kind, tmp_path)) as client:
        signup(client, "leaver")
        server = client.app.state.server  # type: ignore[attr-defined]
        with server.db() as db:  # opened here, not by the API: no table task deals it meanwhile
            user = db.scalars(select(User).where(User.username == "leaver")).one()
            code = lobby.create_table(db, user, lobby.TableRequest(rules="tuidaohu", level=1,
                                                                   bots=3),
                                      default_turn=20, bank_seconds=60, grant_amount=100).code
            for seat in db.scalars(select(Seat).join(Table).where(Table.code == code)):
                seat.ready = True  # every seat ready: the next deal may be made
            db.commit()
        store = HandStore(server.sessions, server.tables.autocommit, code, "efficient")

        def leave(db: Session) -> str:
            user = db.scalars(select(User).where(User.username == "leaver")).one()
            return lobby.leave_table(db, user, code).status

        def deal(db: Session) -> Any:
            return store.try_deal(100)

        answer, error = _in_turn(server, leave, deal)
        assert error is None, error
        assert answer.closed and answer.hand_id is None, answer
        with server.db() as db:
            table = db.scalars(select(Table).where(Table.code == code)).one()
            assert table.status == "closed"
            assert db.scalars(select(Hand).where(Hand.table_id == table.id)).first() is None
