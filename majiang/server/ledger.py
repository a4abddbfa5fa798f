"""The silver ledger: grants, settlement events, table fees, and the balance check.

Every change of a user's `silver` goes through here and writes a ledger row in the caller's
transaction, so balances always equal the ledger sum. Settlement events are posted once per
(hand, event index): posting the same event again returns the stored settlement. A practice
table (stake 0) stores its settlements with no silver moved and writes no ledger row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, literal, select, union_all
from sqlalchemy.orm import Session

from majiang import economy
from majiang.server.db import lock_row
from majiang.server.models import LedgerRow, Settlement, User


def _row(
    user: User, amount: int, kind: str, reason: str, **links: int | None
) -> LedgerRow:
    before = user.silver
    after = before + amount
    if after < 0:
        raise economy.EconomyError(f"{user.username}'s balance would go below zero ({after})")
    user.silver = after
    return LedgerRow(
        user_id=user.id,
        amount=amount,
        kind=kind,
        reason=reason,
        balance_before=before,
        balance_after=after,
        level_before=economy.level_for(before).index,
        level_after=economy.level_for(after).index,
        **links,
    )


def grant(db: Session, user: User, amount: int, reason: str, kind: str = "grant") -> LedgerRow:
    """Add silver from outside play (new-account grant, bot funding, operator adjustment)."""
    if amount <= 0 and kind == "grant":
        raise economy.EconomyError(f"a grant must be positive, got {amount}")
    db.flush()
    row = _row(user, amount, kind, reason)
    db.add(row)
    return row


REASON_MAX = 128  # the ledger's reason column
ADJUST_MAX = 10**12  # taels in one adjustment: the ledger's sums stay far inside 64 bits


def adjust(db: Session, username: str, amount: int, reason: str) -> LedgerRow:
    """An operator's adjustment of `username`'s silver (kind `adjustment`), the user's row locked
    until the caller commits; refused if the balance would go below zero."""
    reason = reason.strip()
    if amount == 0:
        raise economy.EconomyError("an adjustment must not be zero")
    if abs(amount) > ADJUST_MAX:
        raise economy.EconomyError(f"an adjustment is at most {ADJUST_MAX:,} taels either way")
    if not reason or len(reason) > REASON_MAX:
        raise economy.EconomyError(f"an adjustment needs a reason of 1-{REASON_MAX} characters")
    user_id = db.scalars(select(User.id).where(User.username == username)).first()
    if user_id is None:
        raise economy.EconomyError(f"no user named {username!r}")
    lock_row(db, User, user_id)  # the balance read below is the newest until the commit
    user = db.get(User, user_id, populate_existing=True)
    assert user is not None
    return grant(db, user, amount, reason, kind="adjustment")


@dataclass(frozen=True)
class Posted:
    """A settlement event as applied: units, silver moved, balances and levels around it."""

    event_index: int
    kind: str
    units: list[int]
    stake: int
    silver: list[int]
    balances_before: list[int]
    balances_after: list[int]
    replayed: bool  # True if the event had been posted before (nothing moved this time)

    def to_json(self) -> dict[str, object]:
        return {
            "event_index": self.event_index,
            "kind": self.kind,
            "units": self.units,
            "stake": self.stake,
            "silver": self.silver,
            "balances_before": self.balances_before,
            "balances_after": self.balances_after,
            "levels_before": [economy.level_for(b).to_json() for b in self.balances_before],
            "levels_after": [economy.level_for(b).to_json() for b in self.balances_after],
        }


def stored_settlement(db: Session, hand_id: int, event_index: int) -> Posted | None:
    """The settlement event as it was posted (`replayed`), or None if it never was."""
    existing = db.scalars(
        select(Settlement).where(
            Settlement.hand_id == hand_id, Settlement.event_index == event_index
        )
    ).first()
    if existing is None:
        return None
    return Posted(
        event_index, existing.kind, list(existing.units), existing.stake,
        list(existing.silver), list(existing.balances_before),
        list(existing.balances_after), replayed=True,
    )


def post_settlement(
    db: Session,
    *,
    hand_id: int,
    table_id: int,
    event_index: int,
    kind: str,
    units: Sequence[int],
    stake: int,
    user_ids: Sequence[int],
) -> Posted:
    """Apply one settlement event (nets in units per seat) with `economy.settle`; idempotent."""
    existing = stored_settlement(db, hand_id, event_index)
    if existing is not None:
        return existing
    users_by_id = {
        u.id: u
        for u in db.scalars(
            select(User).where(User.id.in_(set(user_ids))).with_for_update()
            .execution_options(populate_existing=True)  # the locked row's silver, not a copy
        )
    }
    users = [users_by_id[uid] for uid in user_ids]
    before = [u.silver for u in users]
    # practice (stake 0): the units stand, no silver moves
    silver = economy.settle(list(units), before, stake) if stake else [0] * len(users)
    after = economy.apply(before, silver)
    settlement = Settlement(
        hand_id=hand_id, event_index=event_index, kind=kind, units=list(units), stake=stake,
        silver=silver, balances_before=before, balances_after=after,
    )
    db.add(settlement)
    db.flush()
    for user, amount, unit in zip(users, silver, units, strict=True):
        if (amount == 0 and unit == 0) or not stake:
            continue
        db.add(
            _row(
                user, amount, "settlement", kind, table_id=table_id, hand_id=hand_id,
                settlement_id=settlement.id, units=unit,
            )
        )
    return Posted(event_index, kind, list(units), stake, silver, before, after, replayed=False)


def charge_fees(db: Session, *, hand_id: int, table_id: int, user_ids: Sequence[int],
                stake: int, percent: int) -> list[LedgerRow]:
    """The table fee (台费) of a hand: `percent` of the stake from each human seat (rounded
    down, at most its balance), kind `fee`, the sink of economy.md section 7. None at practice
    tables or with a zero fee."""
    amount = stake * percent // 100
    if amount <= 0:
        return []
    rows = []
    for user in db.scalars(select(User).where(User.id.in_(set(user_ids))).with_for_update()
                           .execution_options(populate_existing=True)):
        pay = min(amount, user.silver)
        if user.bot or pay <= 0:
            continue
        row = _row(user, -pay, "fee", f"table fee {percent}% of {stake}", table_id=table_id,
                   hand_id=hand_id)
        db.add(row)
        rows.append(row)
    return rows


def grants_by_reason(db: Session) -> dict[str, int]:
    """Silver that came in or went out outside play, by kind and reason (without the day)."""
    totals: dict[str, int] = {}
    for kind, reason, amount in db.execute(
        select(LedgerRow.kind, LedgerRow.reason, func.sum(LedgerRow.amount))
        .where(LedgerRow.kind != "settlement").group_by(LedgerRow.kind, LedgerRow.reason)
    ).all():
        key = f"{kind}: {' '.join(w for w in str(reason).split() if not w[:1].isdigit())}"
        totals[key] = totals.get(key, 0) + int(amount or 0)
    return totals


@dataclass(frozen=True)
class Check:
    balanced: bool
    users: int
    mismatched: list[int]
    unbalanced_settlements: list[int]
    total_silver: int
    total_granted: int

    def to_json(self) -> dict[str, object]:
        return {
            "balanced": self.balanced, "users": self.users, "mismatched_users": self.mismatched,
            "unbalanced_settlements": self.unbalanced_settlements,
            "total_silver": self.total_silver, "total_granted": self.total_granted,
        }


def check(db: Session) -> Check:
    """Every balance equals its ledger sum, every settlement sums to zero, nothing below zero.

    One statement, so one snapshot of the database: checked while hands settle, separate reads
    would see a balance updated after its ledger rows were summed and report a false mismatch."""
    per_user = (select(LedgerRow.user_id.label("uid"), func.sum(LedgerRow.amount).label("total"))
                .group_by(LedgerRow.user_id).subquery())
    users = (select(literal("user").label("kind"), User.id.label("id"), User.silver.label("a"),
                    func.coalesce(per_user.c.total, 0).label("b"))
             .join_from(User, per_user, per_user.c.uid == User.id, isouter=True))
    settlements = (select(literal("settlement"), LedgerRow.settlement_id,
                          func.sum(LedgerRow.amount), literal(0))
                   .where(LedgerRow.settlement_id.is_not(None))
                   .group_by(LedgerRow.settlement_id))
    granted = select(literal("granted"), literal(0), func.coalesce(func.sum(LedgerRow.amount), 0),
                     literal(0)).where(LedgerRow.kind != "settlement")
    rows: list[Any] = list(db.execute(union_all(users, settlements, granted)).all())
    balances = [(int(uid), int(silver), int(total)) for kind, uid, silver, total in rows
                if kind == "user"]
    mismatched = [uid for uid, silver, total in balances if total != silver or silver < 0]
    unbalanced = [int(sid) for kind, sid, total, _ in rows if kind == "settlement" and total]
    granted_i = next(int(total) for kind, _, total, _ in rows if kind == "granted")
    total = sum(silver for _, silver, _ in balances)
    return Check(
        balanced=not mismatched and not unbalanced and total == granted_i,
        users=len(balances), mismatched=mismatched, unbalanced_settlements=unbalanced,
        total_silver=total, total_granted=granted_i,
    )
