"""SQLAlchemy 2 models: users, the silver ledger, tables and seats, hands and their actions.

A user's `silver` always equals the sum of their ledger rows (checked by `ledger.check`). A hand is
its seed plus its ordered actions: `hand_actions` is written as play happens, each row together with
the events it produced and any settlement it caused, in one transaction.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    event,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from majiang.server import fairness


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class KeyValue(Base):
    """Server-wide values kept across restarts (e.g. the token signing secret)."""

    __tablename__ = "server_values"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(String(256))


class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(64), unique=True)
    # the name folded for uniqueness (accounts.name_key: NFKC, case and confusables folded)
    name_key: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    password_hash: Mapped[str | None] = mapped_column(String(256), nullable=True)
    guest: Mapped[bool] = mapped_column(Boolean, default=False)
    bot: Mapped[bool] = mapped_column(Boolean, default=False)
    silver: Mapped[int] = mapped_column(BigInteger, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # the faucets (economy.md section 7): the last sign-in day, relief claimed today and when
    signin_day: Mapped[str | None] = mapped_column(String(10), nullable=True)
    relief_day: Mapped[str | None] = mapped_column(String(10), nullable=True)
    relief_count: Mapped[int] = mapped_column(Integer, default=0)
    relief_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class LoginSession(Base):
    """A server-side session: a token is valid while its row is neither revoked nor expired."""

    __tablename__ = "sessions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    sid: Mapped[str] = mapped_column(String(64), unique=True)  # the random id inside the token
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_seen: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    agent: Mapped[str] = mapped_column(String(128), default="")
    address: Mapped[str] = mapped_column(String(64), default="")


class GuestGrant(Base):
    """One guest account's opening grant: counted per address and day (accounts.create_guest)."""

    __tablename__ = "guest_grants"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    address: Mapped[str] = mapped_column(String(64), index=True)
    day: Mapped[str] = mapped_column(String(10), index=True)
    device: Mapped[str] = mapped_column(String(64), unique=True)  # the browser's guest cookie
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    amount: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SignupGrant(Base):
    """One named account's opening grant: counted per address and day (accounts.sign_up)."""

    __tablename__ = "signup_grants"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    address: Mapped[str] = mapped_column(String(64), index=True)
    day: Mapped[str] = mapped_column(String(10), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    amount: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Table(Base):
    __tablename__ = "tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(12), unique=True)
    rules: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    level: Mapped[int] = mapped_column(Integer)
    stake: Mapped[int] = mapped_column(BigInteger)
    turn_seconds: Mapped[int] = mapped_column(Integer)
    bank_seconds: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # what the last hand passes to the next: the game's Carry as JSON (None before the first)
    carry: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    fill_bots: Mapped[bool] = mapped_column(Boolean, default=False)
    practice: Mapped[bool] = mapped_column(Boolean, default=False)  # 练习场: stake 0, no silver
    status: Mapped[str] = mapped_column(String(16), default="waiting", index=True)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    hands_played: Mapped[int] = mapped_column(Integer, default=0)
    dealer: Mapped[int] = mapped_column(Integer, default=0)
    # the match length (None: the ruleset's default; see majiang.game.Match)
    match_hands: Mapped[int | None] = mapped_column(Integer, nullable=True)
    match_rounds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class MatchRow(Base):
    """One match of a table: the game's `Match` as stored between hands (its seed draws the first
    dealer by lot; dealer, carry, totals and one summary per hand let it be rebuilt)."""

    __tablename__ = "matches"
    __table_args__ = (UniqueConstraint("table_id", "match_no"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    match_no: Mapped[int] = mapped_column(Integer)
    rules: Mapped[str] = mapped_column(String(32))
    seed: Mapped[int] = mapped_column(BigInteger)
    hands: Mapped[int | None] = mapped_column(Integer, nullable=True)  # as the table set it
    rounds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    first_dealer: Mapped[int] = mapped_column(Integer)
    dealer: Mapped[int] = mapped_column(Integer)  # the next hand's dealer
    hands_played: Mapped[int] = mapped_column(Integer, default=0)
    carry: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    units: Mapped[list[Any]] = mapped_column(JSON)  # per seat, the match so far
    silver: Mapped[list[Any]] = mapped_column(JSON)
    results: Mapped[list[Any]] = mapped_column(JSON)  # one summary per hand played
    names: Mapped[list[Any]] = mapped_column(JSON)  # who sat where in the last hand
    status: Mapped[str] = mapped_column(String(16), default="playing", index=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class Seat(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    ready: Mapped[bool] = mapped_column(Boolean, default=False)
    leaving: Mapped[bool] = mapped_column(Boolean, default=False)
    # loaded with the seat (one query for a table's seats and players, and `db.get(User, ...)`
    # finds them while the seat is held); never a cascade: a seat's delete leaves its user
    user: Mapped[User] = relationship(lazy="joined", innerjoin=True, viewonly=True)


class Hand(Base):
    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("table_id", "hand_no"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    match_id: Mapped[int | None] = mapped_column(
        ForeignKey("matches.id", name="fk_hands_match_id"), nullable=True, index=True
    )
    hand_no: Mapped[int] = mapped_column(Integer)
    rules: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seed: Mapped[int] = mapped_column(BigInteger)
    dealer: Mapped[int] = mapped_column(Integer)
    stake: Mapped[int] = mapped_column(BigInteger)
    user_ids: Mapped[list[Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="playing", index=True)
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # the fair shuffle (docs/fair-shuffle.md): seed = f(secret, nonce); the commitment is public
    # from the deal on, the secret only once the hand is over
    seed_secret: Mapped[str | None] = mapped_column(String(64), nullable=True)
    seed_nonce: Mapped[str | None] = mapped_column(String(64), nullable=True)
    seed_commitment: Mapped[str | None] = mapped_column(String(64), nullable=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


@event.listens_for(Hand, "before_insert")
def _seal_hand(_mapper: object, _conn: object, row: Hand) -> None:
    """Every new hand's seed comes from a committed secret (fairness.seal)."""
    fairness.seal(row)


class HandPlayer(Base):
    """Who sat where in a hand (for each player's history)."""

    __tablename__ = "hand_players"
    __table_args__ = (UniqueConstraint("hand_id", "seat"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)


class HandAction(Base):
    """One applied action of a hand, in order, with the events the engine produced for it."""

    __tablename__ = "hand_actions"
    __table_args__ = (UniqueConstraint("hand_id", "idx"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id"), index=True)
    idx: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    events: Mapped[list[Any]] = mapped_column(JSON)
    source: Mapped[str] = mapped_column(String(16))  # player, bot, auto (托管), timeout
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Settlement(Base):
    """One settlement event of a hand (kong money, end of hand); unique per hand and index."""

    __tablename__ = "settlements"
    __table_args__ = (UniqueConstraint("hand_id", "event_index"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id"), index=True)
    event_index: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(32))
    units: Mapped[list[Any]] = mapped_column(JSON)
    stake: Mapped[int] = mapped_column(BigInteger)
    silver: Mapped[list[Any]] = mapped_column(JSON)
    balances_before: Mapped[list[Any]] = mapped_column(JSON)
    balances_after: Mapped[list[Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class LedgerRow(Base):
    """Every movement of silver: grants, adjustments and each seat's share of a settlement."""

    __tablename__ = "ledger"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    amount: Mapped[int] = mapped_column(BigInteger)
    kind: Mapped[str] = mapped_column(String(16))  # grant, adjustment, settlement, fee
    reason: Mapped[str] = mapped_column(String(128))
    table_id: Mapped[int | None] = mapped_column(ForeignKey("tables.id"), nullable=True)
    hand_id: Mapped[int | None] = mapped_column(ForeignKey("hands.id"), nullable=True, index=True)
    settlement_id: Mapped[int | None] = mapped_column(ForeignKey("settlements.id"), nullable=True)
    units: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    balance_before: Mapped[int] = mapped_column(BigInteger)
    balance_after: Mapped[int] = mapped_column(BigInteger)
    level_before: Mapped[int] = mapped_column(Integer)
    level_after: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
