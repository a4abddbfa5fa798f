"""The faucets (docs/economy.md section 7): the daily sign-in bonus and relief (救济金), each a
ledger grant with its reason, limited per account and day by the server's settings."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from majiang import economy
from majiang.server.accounts import AccountError, aware, today
from majiang.server.ledger import grant
from majiang.server.models import User, utcnow
from majiang.server.settings import Settings

SIGNIN_REASON = "daily sign-in"
RELIEF_REASON = "relief"


def _locked(db: Session, user: User) -> User:
    """The user's row, locked until the commit (no two claims pass the checks at once)."""
    db.execute(update(User).where(User.id == user.id).values(silver=User.silver))
    fresh = db.get(User, user.id, populate_existing=True)
    assert fresh is not None
    return fresh


def status(user: User, settings: Settings, now: datetime | None = None) -> dict[str, Any]:
    """What the player may claim now and when: sign-in done today, relief left and its wait."""
    now = now or utcnow()
    day = today(settings.day_offset_hours, now)
    claimed = user.relief_count if user.relief_day == day else 0
    since = None if user.relief_at is None else (now - aware(user.relief_at)).total_seconds()
    refusal = economy.relief_refusal(
        user.silver, claimed, since, below=settings.relief_below,
        per_day=settings.relief_per_day, cooldown=settings.relief_cooldown)
    wait = 0 if since is None else max(0, int(settings.relief_cooldown - since) + 1)
    return {
        "day": day,
        "signin": {"bonus": settings.signin_bonus, "done": user.signin_day == day},
        "relief": {
            "below": settings.relief_below, "to": settings.relief_to,
            "per_day": settings.relief_per_day, "left": max(0, settings.relief_per_day - claimed),
            "cooldown": settings.relief_cooldown, "wait_seconds": wait if claimed else 0,
            "available": refusal is None, "refusal": refusal,
        },
    }


def sign_in(db: Session, user: User, settings: Settings, now: datetime | None = None) -> int:
    """Grant today's sign-in bonus (its amount); refused if already claimed today."""
    user = _locked(db, user)
    day = today(settings.day_offset_hours, now)
    if user.signin_day == day:
        raise AccountError("今日已签到 / already signed in today", 409)
    if user.bot or settings.signin_bonus <= 0:
        raise AccountError("无签到奖励 / no sign-in bonus here", 403)
    user.signin_day = day
    grant(db, user, settings.signin_bonus, f"{SIGNIN_REASON} {day}")
    return settings.signin_bonus


def relief(db: Session, user: User, settings: Settings, now: datetime | None = None) -> int:
    """Grant relief up to `relief_to` taels (the amount); refused by `economy.relief_refusal`."""
    now = now or utcnow()
    user = _locked(db, user)
    day = today(settings.day_offset_hours, now)
    claimed = user.relief_count if user.relief_day == day else 0
    since = None if user.relief_at is None else (now - aware(user.relief_at)).total_seconds()
    refusal = "机器人不领救济 / bots get no relief" if user.bot else economy.relief_refusal(
        user.silver, claimed, since, below=settings.relief_below,
        per_day=settings.relief_per_day, cooldown=settings.relief_cooldown)
    if refusal is not None:
        raise AccountError(refusal, 409 if "already" in refusal or "again" in refusal else 403)
    amount = settings.relief_to - user.silver
    user.relief_day, user.relief_count, user.relief_at = day, claimed + 1, now
    grant(db, user, amount, f"{RELIEF_REASON} {claimed + 1}/{settings.relief_per_day} {day}")
    return amount
