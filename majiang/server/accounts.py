"""Accounts: sign-up, log-in, guests and bots; password hashing; server-side sessions.

A token is a signed session id (`Tokens`); it is good while its `sessions` row is neither revoked
nor expired, so logging out, changing the password or revoking a session ends it at once.
Usernames are normalized and folded by `names`. Guests: one per browser (its `guest_device`
cookie), opening grants counted per address and day (economy.md section 7).
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from majiang import economy
from majiang.server import names
from majiang.server.db import lock_name
from majiang.server.ledger import grant
from majiang.server.models import GuestGrant, KeyValue, LoginSession, SignupGrant, User, utcnow

MIN_PASSWORD = 6
MAX_PASSWORD = 256
SEEN_EVERY = timedelta(minutes=1)  # how often a session's last_seen is written
_hasher = PasswordHasher()


class AccountError(ValueError):
    """A refused account request; the message is shown to the player. `status`: HTTP."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def check_password(password: object) -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AccountError(f"密码需{MIN_PASSWORD}-{MAX_PASSWORD}位 / password needs "
                           f"{MIN_PASSWORD}-{MAX_PASSWORD} characters")
    return password


def check_new_credentials(username: object, password: object) -> str:
    """The normalized username, if it and the password may make a new account."""
    try:
        name = names.normalize(username)
    except names.BadName as exc:
        raise AccountError(str(exc)) from None
    if names.reserved(name):
        raise AccountError("此用户名保留 / names starting guest- or bot- are reserved")
    check_password(password)
    return name


def by_name(db: Session, username: str) -> User | None:
    """The user of `username` as typed: that very name first (two older lookalikes may both
    be stored, the newer without a key), else the same folded name (any case, any
    lookalike)."""
    try:
        name = names.normalize(username)
    except names.BadName:
        return None
    return db.scalars(
        select(User).where(or_(User.name_key == names.name_key(name), User.username == name))
        .order_by(User.username != name, User.name_key.is_(None), User.id)
    ).first()


def _check_free_name(db: Session, username: str) -> str:
    key = names.name_key(username)
    taken = db.scalars(
        select(User.id).where(or_(User.name_key == key, User.username == username))
    ).first()
    if taken is not None:
        raise AccountError(f"用户名已被占用 / username {username!r} is taken", 409)
    return key


def create_user(
    db: Session, username: str, password_hash: str | None, *, grant_amount: int,
    guest: bool = False, bot: bool = False, reason: str | None = None,
) -> User:
    """A new account with its recorded opening grant (none if `grant_amount` is 0)."""
    key = _check_free_name(db, username)
    user = User(username=username, name_key=key, password_hash=password_hash, guest=guest,
                bot=bot, silver=0)
    db.add(user)
    db.flush()
    if grant_amount > 0:
        grant(db, user, grant_amount, reason or ("bot funding" if bot else "new account"))
    return user


def sign_up(db: Session, username: str, password_hash: str, grant_amount: int, *,
            address: str, day: str, limit: int) -> User:
    """A new account with a name; refused (429) past `limit` accounts per address and day, so
    that no address draws more than `limit` x `grant_amount` a day from sign-ups."""
    if _counted_in_turn(db, SignupGrant, address, day) >= limit:
        raise AccountError(
            f"此地址今日注册名额已满（{limit}个），请明天再来 / this address has opened its "
            f"{limit} accounts today: come back tomorrow", 429)
    user = create_user(db, username, password_hash, grant_amount=grant_amount)
    db.add(SignupGrant(address=address[:64], day=day, user_id=user.id, amount=grant_amount))
    db.flush()
    return user


def today(offset_hours: int, now: datetime | None = None) -> str:
    """The economy's calendar day (UTC shifted by `offset_hours`: 8 is Beijing time)."""
    return ((now or utcnow()) + timedelta(hours=offset_hours)).date().isoformat()


def grants_today(db: Session, address: str, day: str,
                 kind: type[GuestGrant] | type[SignupGrant] = GuestGrant) -> int:
    """New-account grants of `kind` (guests, or sign-ups) made to `address` on `day`."""
    return int(db.scalar(select(func.count(kind.id)).where(
        kind.address == address[:64], kind.day == day)) or 0)


def _counted_in_turn(db: Session, kind: type[GuestGrant] | type[SignupGrant], address: str,
                     day: str) -> int:
    """`grants_today`, with the address and day taken for the transaction first, so that
    requests sent at once count one after the other."""
    lock_name(db, f"{kind.__tablename__} {address} {day}")
    return grants_today(db, address, day, kind)


def guest_of_device(db: Session, device: str | None) -> User | None:
    """The guest account this browser made, if it did (and it is still a guest)."""
    if not device:
        return None
    row = db.scalars(select(GuestGrant).where(GuestGrant.device == device)).first()
    if row is None:
        return None
    user = db.get(User, row.user_id)
    if user is not None and not user.guest:
        raise AccountError("此浏览器的游客已注册为账号，请登录 / this browser's guest became an "
                           "account: log in", 409)
    return user


def create_guest(db: Session, grant_amount: int, *, address: str = "", day: str = "",
                 limit: int | None = None) -> tuple[User, str]:
    """A new guest and its browser's device id; refused (429) past `limit` guests per address
    and day, so no address draws more than `limit` x `grant_amount` a day."""
    if limit is not None and _counted_in_turn(db, GuestGrant, address, day) >= limit:
        raise AccountError(
            f"此地址今日游客名额已满（{limit}个），请注册或明天再来 / this address has had its "
            f"{limit} guest accounts today: sign up, or come back tomorrow", 429)
    while True:
        name = "guest-" + secrets.token_hex(3)
        if by_name(db, name) is None:
            break
    user = create_user(db, name, None, grant_amount=grant_amount, guest=True,
                       reason="guest account")
    device = secrets.token_hex(16)
    db.add(GuestGrant(address=address[:64], day=day, device=device, user_id=user.id,
                      amount=grant_amount))
    db.flush()
    return user, device


def upgrade_guest(db: Session, user: User, username: str, password_hash: str) -> User:
    """The guest becomes an account with a name and password; its silver and ledger stay."""
    if not user.guest:
        raise AccountError("已是正式账号 / this is already an account")
    user.name_key = _check_free_name(db, username)
    user.username, user.password_hash, user.guest = username, password_hash, False
    db.flush()
    return user


def server_secret(db: Session, configured: str | None) -> str:
    """The token signing secret: configured, or generated once and kept in the database."""
    if configured:
        return configured
    row = db.get(KeyValue, "secret")
    if row is None:
        row = KeyValue(key="secret", value=secrets.token_urlsafe(32))
        db.add(row)
        db.commit()
    return row.value


class Tokens:
    """Signed, timed tokens carrying a session id (`sessions.sid`)."""

    def __init__(self, secret: str, max_age: int) -> None:
        self._s = URLSafeTimedSerializer(secret, salt="majiang-session-2")
        self.max_age = max_age

    def issue(self, sid: str) -> str:
        return self._s.dumps({"sid": sid})

    def sid(self, token: str) -> str | None:
        try:
            data = self._s.loads(token, max_age=self.max_age)
        except (BadSignature, SignatureExpired):
            return None
        sid = data.get("sid") if isinstance(data, dict) else None
        return sid if isinstance(sid, str) else None


def open_session(db: Session, tokens: Tokens, user: User, agent: str = "",
                 address: str = "") -> str:
    """A new session for `user`; its token."""
    now = utcnow()
    row = LoginSession(sid=secrets.token_urlsafe(24), user_id=user.id, created_at=now,
                       last_seen=now, expires_at=now + timedelta(seconds=tokens.max_age),
                       agent=agent[:128], address=address[:64])
    db.add(row)
    db.flush()
    return tokens.issue(row.sid)


def live_session(db: Session, tokens: Tokens, token: str | None) -> LoginSession | None:
    """The token's session if it is still good (last_seen refreshed now and then)."""
    sid = tokens.sid(token) if token else None
    row = db.scalars(select(LoginSession).where(LoginSession.sid == sid)).first() if sid else None
    now = utcnow()
    if row is None or row.revoked_at is not None or aware(row.expires_at) <= now:
        return None
    if now - aware(row.last_seen) > SEEN_EVERY:
        row.last_seen = now
    return row


def aware(moment: datetime) -> datetime:
    """SQLite gives naive datetimes back: they are UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=utcnow().tzinfo)


def sessions_of(db: Session, user: User) -> list[LoginSession]:
    """The user's live sessions, newest first."""
    now = utcnow()
    rows = db.scalars(select(LoginSession).where(
        LoginSession.user_id == user.id, LoginSession.revoked_at.is_(None)
    ).order_by(LoginSession.id.desc()))
    return [r for r in rows if aware(r.expires_at) > now]


def revoke(db: Session, user: User, session_id: int | None = None,
           keep: int | None = None) -> int:
    """Revoke the user's session `session_id`, or all but `keep`; how many were revoked."""
    rows = [r for r in sessions_of(db, user)
            if (session_id is None or r.id == session_id) and r.id != keep]
    if session_id is not None and not rows:
        raise AccountError("没有此会话 / no such session", 404)
    now = utcnow()
    for row in rows:
        row.revoked_at = now
    db.flush()
    return len(rows)


def change_password(db: Session, user: User, new_hash: str, current: LoginSession) -> int:
    """Set the new password hash; every other session is revoked (their number)."""
    user.password_hash = new_hash
    return revoke(db, user, keep=current.id)


def session_json(row: LoginSession, current: LoginSession | None) -> dict[str, Any]:
    return {"id": row.id, "created_at": aware(row.created_at).isoformat(),
            "last_seen": aware(row.last_seen).isoformat(),
            "expires_at": aware(row.expires_at).isoformat(), "agent": row.agent,
            "address": row.address, "current": current is not None and row.id == current.id}


def user_json(user: User) -> dict[str, object]:
    lvl = economy.level_for(user.silver)
    return {
        "id": user.id,
        "username": user.username,
        "guest": user.guest,
        "bot": user.bot,
        "silver": user.silver,
        "level": {"index": lvl.index, "id": lvl.id, "zh": lvl.zh, "en": lvl.en, "stake": lvl.stake},
    }
