"""Accounts and the economy: sign-up, log-in, guests, the caller, rulesets, levels, ledger.

`router` also carries the routers of `sessions` (log out, passwords, sessions, faucets) and
`fair` (the fair shuffle), so the app registers them with this one."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from majiang import economy
from majiang.server import accounts, games, ledger, lobby, queries
from majiang.server.api import fair, sessions
from majiang.server.api.bodies import Credentials
from majiang.server.api.deps import ApiError, Server, ServerDep, address_of, me
from majiang.server.models import User

router = APIRouter()
router.include_router(sessions.router)
router.include_router(fair.router)
DEVICE_COOKIE = "guest_device"  # one guest account per browser
DEVICE_AGE = 365 * 86400


def login_answer(server: Server, db: Session, user: User, request: Request) -> JSONResponse:
    """A new server-side session for `user`: its token in the body and in the cookie."""
    token = accounts.open_session(db, server.tokens, user,
                                  request.headers.get("user-agent", ""),
                                  address_of(server, request))
    response = JSONResponse({"token": token, "user": accounts.user_json(user)})
    response.set_cookie("token", token, httponly=True, samesite="lax",
                        max_age=server.settings.token_max_age)
    return response


@router.get("/healthz")
async def healthz() -> dict[str, bool]:
    return {"ok": True}


@router.post("/api/signup")
async def signup(server: ServerDep, request: Request,
                 body: Credentials | None = None) -> JSONResponse:
    body = body or Credentials()
    name = accounts.check_new_credentials(body.username, body.password)
    hashed = await run_in_threadpool(accounts.hash_password, body.password)
    with server.db() as db:
        try:
            user = accounts.create_user(
                db, name, hashed, grant_amount=server.settings.new_account_grant
            )
        except accounts.AccountError as exc:
            raise sessions.refused(exc) from None
        db.flush()
        return login_answer(server, db, user, request)


@router.post("/api/login")
async def login(server: ServerDep, request: Request,
                body: Credentials | None = None) -> JSONResponse:
    body = body or Credentials()
    with server.db() as db:
        user = accounts.by_name(db, body.username)
        stored = user.password_hash if user is not None else None
    ok = stored is not None and await run_in_threadpool(
        accounts.verify_password, stored, body.password
    )
    if not ok or user is None:
        raise ApiError("用户名或密码错误 / wrong username or password", 401)
    with server.db() as db:
        return login_answer(server, db, user, request)


@router.post("/api/guest")
async def guest(server: ServerDep, request: Request) -> JSONResponse:
    """This browser's guest (made once per browser, its `guest_device` cookie), logged in;
    a new one only while the address has guest grants left today."""
    settings = server.settings
    with server.db() as db:
        try:
            user = accounts.guest_of_device(db, request.cookies.get(DEVICE_COOKIE))
            device = None
            if user is None:
                user, device = accounts.create_guest(
                    db, settings.new_account_grant, address=address_of(server, request),
                    day=accounts.today(settings.day_offset_hours),
                    limit=settings.guest_grants_per_address)
        except accounts.AccountError as exc:
            raise sessions.refused(exc) from None
        db.flush()
        response = login_answer(server, db, user, request)
    if device is not None:
        response.set_cookie(DEVICE_COOKIE, device, httponly=True, samesite="lax",
                            max_age=DEVICE_AGE)
    return response


@router.get("/api/me")
async def get_me(server: ServerDep, request: Request) -> dict[str, Any]:
    with server.db() as db:
        user = me(server, db, request)
        out: dict[str, Any] = accounts.user_json(user)
        table = lobby.current_table(db, user)
        out["table"] = table.code if table is not None else None
        return out


@router.get("/api/rulesets")
async def rulesets() -> list[dict[str, Any]]:
    return games.playable_rulesets()


@router.get("/api/levels")
async def levels() -> list[dict[str, Any]]:
    return [lvl.to_json() for lvl in economy.LEVELS]


@router.get("/api/ledger/check")
async def ledger_check(server: ServerDep) -> dict[str, object]:
    with server.db() as db:
        return ledger.check(db).to_json()


@router.get("/api/ledger")
async def my_ledger(server: ServerDep, request: Request) -> list[dict[str, Any]]:
    with server.db() as db:
        return queries.ledger_rows(db, me(server, db, request))
