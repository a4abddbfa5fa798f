"""Accounts: sign-up, log-in, guests and bots; password hashing and signed session tokens."""

from __future__ import annotations

import re
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from sqlalchemy import select
from sqlalchemy.orm import Session

from majiang import economy
from majiang.server.ledger import grant
from majiang.server.models import KeyValue, User

USERNAME = re.compile(r"^[\w\-]{2,32}$")
MIN_PASSWORD = 6
_hasher = PasswordHasher()


class AccountError(ValueError):
    """A refused account request; the message is shown to the player."""


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def check_new_credentials(username: str, password: str) -> None:
    if not isinstance(username, str) or not USERNAME.match(username):
        raise AccountError(
            "用户名需2-32个字母、数字、_或- / username must be 2-32 letters, digits, _ or -"
        )
    if username.lower().startswith(("guest-", "bot-")):
        raise AccountError("此用户名保留 / names starting guest- or bot- are reserved")
    if not isinstance(password, str) or len(password) < MIN_PASSWORD:
        raise AccountError(f"密码至少{MIN_PASSWORD}位 / password needs {MIN_PASSWORD}+ characters")


def by_name(db: Session, username: str) -> User | None:
    return db.scalars(select(User).where(User.username == username)).first()


def create_user(
    db: Session, username: str, password_hash: str | None, *, grant_amount: int,
    guest: bool = False, bot: bool = False,
) -> User:
    """A new account with its recorded opening grant."""
    if by_name(db, username) is not None:
        raise AccountError(f"用户名已被占用 / username {username!r} is taken")
    user = User(username=username, password_hash=password_hash, guest=guest, bot=bot, silver=0)
    db.add(user)
    db.flush()
    reason = "bot funding" if bot else "new account"
    grant(db, user, grant_amount, reason)
    return user


def create_guest(db: Session, grant_amount: int) -> User:
    while True:
        name = "guest-" + secrets.token_hex(3)
        if by_name(db, name) is None:
            return create_user(db, name, None, grant_amount=grant_amount, guest=True)


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
    """Signed, timed session tokens carrying a user id."""

    def __init__(self, secret: str, max_age: int) -> None:
        self._s = URLSafeTimedSerializer(secret, salt="majiang-session")
        self._max_age = max_age

    def issue(self, user_id: int) -> str:
        return self._s.dumps({"uid": user_id})

    def user_id(self, token: str) -> int | None:
        try:
            data = self._s.loads(token, max_age=self._max_age)
        except (BadSignature, SignatureExpired):
            return None
        uid = data.get("uid") if isinstance(data, dict) else None
        return uid if isinstance(uid, int) else None


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
