"""`majiang admin` on both databases: adjustments go through the ledger (kind adjustment, with the
reason, in one transaction), never take a balance below zero, and keep the ledger check balanced."""

from __future__ import annotations

import io
import json
import threading
from pathlib import Path

import pytest
from sqlalchemy import select

from majiang import economy
from majiang.cli import main
from majiang.server import accounts, ledger
from majiang.server.db import make_engine, migrate, session_factory
from majiang.server.models import LedgerRow, User


def with_user(url: str, silver: int = 1000) -> None:
    engine = make_engine(url)
    migrate(engine)
    with session_factory(engine)() as db:
        accounts.create_user(db, "alice", None, grant_amount=silver)
        db.commit()
    engine.dispose()


def rows(url: str) -> list[tuple[int, str, str, int, int]]:
    engine = make_engine(url)
    with session_factory(engine)() as db:
        out = [
            (r.amount, r.kind, r.reason, r.balance_before, r.balance_after)
            for r in db.scalars(select(LedgerRow).order_by(LedgerRow.id))
        ]
    engine.dispose()
    return out


def admin(url: str, *args: str) -> int:
    return main(["admin", *args, "--database-url", url])


def test_adjust_writes_an_adjustment_row(db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with_user(db_url)
    assert admin(db_url, "adjust", "alice", "250", "--reason", "lost hand refunded") == 0
    assert "1000 -> 1250" in capsys.readouterr().out
    assert admin(db_url, "adjust", "alice", "-1250", "--reason", "chargeback") == 0
    assert rows(db_url)[1:] == [
        (250, "adjustment", "lost hand refunded", 1000, 1250),
        (-1250, "adjustment", "chargeback", 1250, 0),
    ]
    capsys.readouterr()
    assert admin(db_url, "balance", "alice") == 0
    assert capsys.readouterr().out.startswith("alice: 0 silver, level 待业")
    assert admin(db_url, "check") == 0
    check = json.loads(capsys.readouterr().out)
    assert check["balanced"] and check["total_silver"] == check["total_granted"] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["alice", "-1001", "--reason", "too much"], "below zero"),
        (["alice", "0", "--reason", "nothing"], "not be zero"),
        (["alice", "5", "--reason", "  "], "reason"),
        (["alice", "5", "--reason", "x" * 129], "reason"),
        (["bob", "5", "--reason", "who"], "no user named 'bob'"),
        # near 2**63 it overflowed SQLite's sums: the ledger check failed for good
        (["alice", "9223372036854775000", "--reason", "x"], "at most 1,000,000,000,000"),
        (["alice", "-1000000000001", "--reason", "x"], "at most 1,000,000,000,000"),
    ],
)
def test_refused_adjustments_change_nothing(
    sqlite_url: str, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    with_user(sqlite_url)
    before = rows(sqlite_url)
    assert admin(sqlite_url, "adjust", *args) == 1
    assert message in capsys.readouterr().out
    assert rows(sqlite_url) == before


@pytest.mark.parametrize("amount", ["٣", "３", "1e3", "1.5", "abc", "+-5"])
def test_an_amount_not_in_ascii_digits_is_refused_before_anything(
        sqlite_url: str, capsys: pytest.CaptureFixture[str], amount: str) -> None:
    """The attacker review: `int` read Arabic-Indic '٣' as 3."""
    with_user(sqlite_url)
    before = rows(sqlite_url)
    with pytest.raises(SystemExit) as refused:
        admin(sqlite_url, "adjust", "alice", amount, "--reason", "x")
    assert refused.value.code == 2
    assert "digits 0-9" in capsys.readouterr().err and rows(sqlite_url) == before


def test_below_zero_refused_on_both_databases(db_url: str) -> None:
    with_user(db_url, silver=30)
    assert admin(db_url, "adjust", "alice", "-31", "--reason", "too much") == 1
    assert admin(db_url, "adjust", "alice", "-30", "--reason", "all of it") == 0
    assert [r[4] for r in rows(db_url)] == [30, 0]


def test_check_fails_when_a_balance_was_changed_outside_the_ledger(
    sqlite_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with_user(sqlite_url)
    engine = make_engine(sqlite_url)
    with session_factory(engine)() as db:
        user = db.scalars(select(User)).one()
        user.silver += 1  # not through ledger.py
        db.commit()
        assert not ledger.check(db).balanced
    engine.dispose()
    assert admin(sqlite_url, "check") == 1
    assert json.loads(capsys.readouterr().out)["mismatched_users"] == [1]


def test_adjust_needs_a_reason(sqlite_url: str) -> None:
    with pytest.raises(SystemExit):
        admin(sqlite_url, "adjust", "alice", "5")


def test_unknown_user_balance(sqlite_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with_user(sqlite_url)
    assert admin(sqlite_url, "balance", "nobody") == 1
    assert "no user named" in capsys.readouterr().out


@pytest.mark.parametrize(("url", "said"), [
    ("foo://bar", "数据库错误"),
    ("notaurl", "not a database URL"),
    ("sqlite:///{tmp}/typo.db", "no SQLite database at"),
])
def test_a_database_that_is_not_there_is_named_not_made(
        url: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A typo in the URL is an error in both languages, never a traceback nor a new empty
    database that checks balanced."""
    url = url.format(tmp=tmp_path)
    assert admin(url, "check") == 2
    assert said in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []


def test_ledger_adjust_keeps_levels(sqlite_url: str) -> None:
    with_user(sqlite_url, silver=10)
    engine = make_engine(sqlite_url)
    with session_factory(engine)() as db:
        row = ledger.adjust(db, "alice", 5000, "promotion")
        db.commit()
        assert row.level_before == economy.level_for(10).index
        assert row.level_after == economy.level_for(5010).index
    engine.dispose()


def test_concurrent_adjustments_lose_no_update(db_url: str) -> None:
    """Two operators (two engines, two threads) adjusting one user at once: every row counts."""
    with_user(db_url, silver=100)
    per_thread = 60

    def work(sign: int) -> None:
        engine = make_engine(db_url)
        sessions = session_factory(engine)
        for _ in range(per_thread):
            with sessions() as db:
                ledger.adjust(db, "alice", sign * (2 if sign > 0 else 1), "race")
                db.commit()
        engine.dispose()

    threads = [threading.Thread(target=work, args=(sign,)) for sign in (1, -1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    engine = make_engine(db_url)
    with session_factory(engine)() as db:
        assert ledger.check(db).balanced
        user = db.scalars(select(User)).one()
        assert user.silver == 100 + per_thread
    engine.dispose()


def typed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    """Standard input as piped text (the password's line)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def stored_user(url: str, name: str) -> User | None:
    engine = make_engine(url)
    with session_factory(engine)() as db:
        user = db.scalars(select(User).where(User.username == name)).first()
        if user is not None:
            db.expunge(user)
    engine.dispose()
    return user


def test_add_user_opens_an_account_that_logs_in(
        db_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """An operator could adjust and check silver, but an account came only from the server's
    sign-up page: the password goes in on standard input, never on the command line."""
    with_user(db_url)
    typed(monkeypatch, "s3cret-pass\n")
    assert admin(db_url, "add-user", "Carol", "--silver", "700") == 0
    assert "Carol: new account, 700 silver" in capsys.readouterr().out
    user = stored_user(db_url, "Carol")
    assert user is not None and user.silver == 700 and not user.guest
    assert user.password_hash and accounts.verify_password(user.password_hash, "s3cret-pass")
    assert rows(db_url)[-1] == (700, "grant", "operator: new account", 0, 700)
    typed(monkeypatch, "s3cret-pass\n")
    assert admin(db_url, "add-user", "dave") == 0
    dave = stored_user(db_url, "dave")
    assert dave is not None and dave.silver == economy.NEW_ACCOUNT_GRANT
    capsys.readouterr()
    assert admin(db_url, "check") == 0
    assert json.loads(capsys.readouterr().out)["balanced"]


@pytest.mark.parametrize(("args", "password", "message"), [
    (["add-user", "alice"], "s3cret-pass", "is taken"),
    (["add-user", "ALICE"], "s3cret-pass", "is taken"),  # the same name, folded
    (["add-user", "guest-1"], "s3cret-pass", "reserved"),
    (["add-user", "erin"], "123", "password needs"),
    (["add-user", "erin", "--silver", "-5"], "s3cret-pass", "--silver must be 0 to"),
    (["password", "bob"], "s3cret-pass", "no user named 'bob'"),
    (["password", "alice"], "", "password needs"),
])
def test_refused_account_commands_change_nothing(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        args: list[str], password: str, message: str) -> None:
    with_user(sqlite_url)
    before = rows(sqlite_url)
    alice = stored_user(sqlite_url, "alice")
    typed(monkeypatch, password + "\n")
    assert admin(sqlite_url, *args) == 1
    assert message in capsys.readouterr().out
    assert rows(sqlite_url) == before
    assert stored_user(sqlite_url, "erin") is None
    after = stored_user(sqlite_url, "alice")
    assert alice is not None and after is not None
    assert after.password_hash == alice.password_hash


def test_password_sets_it_and_ends_every_session(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A player who forgot the password had no way back: the operator sets a new one, and the
    sessions opened with the old one end."""
    from majiang.server.models import LoginSession

    with_user(sqlite_url)
    engine = make_engine(sqlite_url)
    with session_factory(engine)() as db:
        user = accounts.by_name(db, "alice")
        assert user is not None
        for _ in range(2):
            accounts.open_session(db, accounts.Tokens("k" * 32, 3600), user)
        db.commit()
    typed(monkeypatch, "brand-new-pw\n")
    assert admin(sqlite_url, "password", "alice") == 0
    assert "alice: password set; 2 session(s) ended" in capsys.readouterr().out
    with session_factory(engine)() as db:
        user = accounts.by_name(db, "alice")
        assert user is not None and user.password_hash
        assert accounts.verify_password(user.password_hash, "brand-new-pw")
        assert all(s.revoked_at is not None for s in db.scalars(select(LoginSession)))
    engine.dispose()
