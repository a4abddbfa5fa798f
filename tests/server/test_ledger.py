"""The ledger on both databases: settlement events post once, never below zero, always balanced."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from majiang import economy
from majiang.server import accounts, ledger
from majiang.server.db import make_engine, migrate, session_factory
from majiang.server.models import Hand, LedgerRow, Table, User


def setup(url: str, balances: list[int]) -> tuple[object, list[int], int, int]:
    engine = make_engine(url)
    migrate(engine)
    sessions = session_factory(engine)
    with sessions() as db:
        users = [
            accounts.create_user(db, f"p{i}", None, grant_amount=b) for i, b in enumerate(balances)
        ]
        table = Table(code="ABCDE", rules="tuidaohu", players=4, level=1, stake=1,
                      turn_seconds=15, bank_seconds=30, options={})
        db.add(table)
        db.flush()
        hand = Hand(table_id=table.id, hand_no=1, rules="tuidaohu", options={}, seed=1, dealer=0,
                    stake=1, user_ids=[u.id for u in users])
        db.add(hand)
        db.commit()
        return sessions, [u.id for u in users], table.id, hand.id


def test_settlement_is_idempotent_and_insolvency_safe(db_url: str) -> None:
    # economy.md E6: an insolvent discarder pays three winners in proportion
    sessions, uids, table_id, hand_id = setup(db_url, [20, 35, 12, 7])
    with sessions() as db:  # type: ignore[attr-defined]
        posted = ledger.post_settlement(db, hand_id=hand_id, table_id=table_id, event_index=0,
                                        kind="hand_end", units=[6, 4, 1, -11], stake=1,
                                        user_ids=uids)
        db.commit()
        assert posted.silver == [4, 2, 1, -7] and not posted.replayed
        again = ledger.post_settlement(db, hand_id=hand_id, table_id=table_id, event_index=0,
                                       kind="hand_end", units=[6, 4, 1, -11], stake=1,
                                       user_ids=uids)
        db.commit()
        assert again.replayed and again.balances_after == [24, 37, 13, 0]
        silver = [db.get(User, uid).silver for uid in uids]  # type: ignore[union-attr]
        assert silver == [24, 37, 13, 0]
        rows = db.scalars(select(LedgerRow).where(LedgerRow.kind == "settlement")).all()
        assert len(rows) == 4 and sum(r.amount for r in rows) == 0
        zero = next(r for r in rows if r.user_id == uids[3])
        assert zero.level_after == 1 and zero.balance_after == 0
        check = ledger.check(db)
        assert check.balanced and check.total_silver == 74 == check.total_granted


def test_check_detects_a_tampered_balance(db_url: str) -> None:
    sessions, uids, _, _ = setup(db_url, [100, 100, 100, 100])
    with sessions() as db:  # type: ignore[attr-defined]
        assert ledger.check(db).balanced
        user = db.get(User, uids[0])
        user.silver += 5
        db.commit()
        check = ledger.check(db)
        assert not check.balanced and check.mismatched == [uids[0]]


def test_grant_must_be_positive(db_url: str) -> None:
    sessions, uids, _, _ = setup(db_url, [100])
    with sessions() as db, pytest.raises(economy.EconomyError):  # type: ignore[attr-defined]
        ledger.grant(db, db.get(User, uids[0]), 0, "nothing")


def test_postgres_urls_use_psycopg() -> None:
    from majiang.server.db import normalize_url

    assert normalize_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("sqlite:///x.db") == "sqlite:///x.db"


@st.composite
def events(draw: st.DrawFn) -> list[list[int]]:
    """A few zero-sum settlement events over four seats, in units."""
    out = []
    for _ in range(draw(st.integers(1, 6))):
        nets = draw(st.lists(st.integers(-30, 30), min_size=3, max_size=3))
        out.append([*nets, -sum(nets)])
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    balances=st.lists(st.integers(0, 300), min_size=4, max_size=4),
    stake=st.sampled_from([1, 2, 8, 64]),
    evs=events(),
)
def test_ledger_stays_balanced(tmp_path_factory: pytest.TempPathFactory, balances: list[int],
                               stake: int, evs: list[list[int]]) -> None:
    """Any sequence of settlement events keeps every balance = its ledger sum, none below zero,
    and the silver in existence equal to the grants."""
    url = f"sqlite:///{tmp_path_factory.mktemp('ledger') / 'l.db'}"
    sessions, uids, table_id, hand_id = setup(url, [b + 1 for b in balances])
    with sessions() as db:  # type: ignore[attr-defined]
        total = sum(b + 1 for b in balances)
        for index, nets in enumerate(evs):
            posted = ledger.post_settlement(db, hand_id=hand_id, table_id=table_id,
                                            event_index=index, kind="kong_money", units=nets,
                                            stake=stake, user_ids=uids)
            db.commit()
            assert sum(posted.silver) == 0
            assert all(b >= 0 for b in posted.balances_after)
            assert sum(posted.balances_after) == total
        check = ledger.check(db)
        assert check.balanced and check.total_silver == total
