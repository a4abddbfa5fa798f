"""The ledger check reads one snapshot: run while silver moves in other transactions, it never
reports a balance that its own ledger rows do not yet show (a false alarm of the load test)."""

from __future__ import annotations

import threading

from sqlalchemy.orm import Session

from majiang.server import accounts, ledger
from majiang.server.db import make_engine, migrate, session_factory
from majiang.server.models import User


def test_the_check_is_balanced_while_grants_commit_beside_it(db_url: str) -> None:
    engine = make_engine(db_url)
    migrate(engine)
    sessions = session_factory(engine)
    with sessions() as db:
        ids = [accounts.create_user(db, f"p{i}", None, grant_amount=100).id for i in range(4)]
        db.commit()
    stop = threading.Event()
    written: list[int] = []

    def grants() -> None:  # balance and ledger row in one transaction, again and again
        while not stop.is_set():
            with sessions() as db:
                user = db.get(User, ids[len(written) % len(ids)])
                assert user is not None
                ledger.grant(db, user, 1, "test")
                db.commit()
            written.append(1)

    writer = threading.Thread(target=grants)
    writer.start()
    try:
        checks = []
        while len(checks) < 60 or len(written) < 200:
            with Session(engine) as db:
                checks.append(ledger.check(db))
            if len(checks) > 5000:
                break
    finally:
        stop.set()
        writer.join()
    assert len(written) >= 200, "the writer wrote while the checks ran"
    assert all(c.balanced for c in checks), [c for c in checks if not c.balanced][:1]
    with Session(engine) as db:
        final = ledger.check(db)
    assert final.balanced and final.total_silver == 400 + len(written)
    engine.dispose()
