"""Sessions and passwords: log out, change password, list and revoke sessions, a guest turning
into an account; the faucets: sign-in bonus and relief, and what may be claimed when."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from majiang.server import accounts, faucets, names
from majiang.server.api.bodies import Credentials, PasswordChange
from majiang.server.api.deps import (
    ApiError,
    RowId,
    Server,
    ServerDep,
    address_of,
    me,
    throttled,
    token_of,
)
from majiang.server.models import LoginSession, User

router = APIRouter()


def current(server: Server, db: Session, request: Request) -> tuple[User, LoginSession]:
    """The caller and their session; 401 otherwise."""
    row = server.session_of(db, token_of(request))
    user = db.get(User, row.user_id) if row is not None else None
    if row is None or user is None:
        raise ApiError("请先登录 / log in first (missing or invalid token)", 401)
    return user, row


def refused(exc: accounts.AccountError) -> ApiError:
    return ApiError(str(exc), exc.status)


@router.post("/api/logout")
def logout(server: ServerDep, request: Request) -> JSONResponse:
    """Revoke this session (the token stops working everywhere) and clear the cookie."""
    with server.db() as db:
        row = server.session_of(db, token_of(request))
        if row is not None:
            user = db.get(User, row.user_id)
            assert user is not None
            accounts.revoke(db, user, row.id)
    response = JSONResponse({"ok": True})
    response.delete_cookie("token")
    return response


@router.get("/api/sessions")
def list_sessions(server: ServerDep, request: Request) -> list[dict[str, Any]]:
    with server.db() as db:
        user, row = current(server, db, request)
        return [accounts.session_json(s, row) for s in accounts.sessions_of(db, user)]


@router.delete("/api/sessions/{session_id}")
def revoke_session(server: ServerDep, request: Request, session_id: RowId) -> dict[str, Any]:
    with server.db() as db:
        user, _ = current(server, db, request)
        try:
            accounts.revoke(db, user, session_id)
        except accounts.AccountError as exc:
            raise refused(exc) from None
        return {"ok": True}


@router.post("/api/password", response_model=None)
async def change_password(server: ServerDep, request: Request,
                          body: PasswordChange | None = None) -> dict[str, Any] | JSONResponse:
    """A new password (the current one required, its checks counted by the log-in throttle:
    a stolen session may not guess the password); every other session is revoked."""
    body = body or PasswordChange()
    accounts.check_password(body.new_password)

    def stored_hash() -> tuple[str, str | None]:
        with server.db() as db:
            user, _ = current(server, db, request)
            return user.username, user.password_hash

    username, stored = await run_in_threadpool(stored_hash)  # the database off the event loop
    keys = server.logins.keys(names.name_key(username), address_of(server, request))
    wait = server.logins.attempt(keys)  # counted as failed until it is right
    if wait > 0:
        return throttled(wait)
    try:
        ok = stored is not None and await server.passwords.verify(stored, body.password)
    except BaseException:  # busy or away: not the caller's failure
        server.logins.undo(keys)
        raise
    if not ok:
        raise ApiError("当前密码错误 / the current password is wrong", 403)
    server.logins.succeeded(keys)
    hashed = await server.passwords.hash(body.new_password)

    def change() -> int:
        with server.db() as db:
            user, row = current(server, db, request)
            return accounts.change_password(db, user, hashed, row)

    return {"ok": True, "revoked_sessions": await run_in_threadpool(change)}


@router.post("/api/upgrade")
async def upgrade(server: ServerDep, request: Request,
                  body: Credentials | None = None) -> dict[str, Any]:
    """The calling guest becomes an account with this name and password, keeping its silver."""
    body = body or Credentials()
    name = accounts.check_new_credentials(body.username, body.password)
    hashed = await server.passwords.hash(body.password)

    def upgraded() -> dict[str, Any]:
        with server.db() as db:
            user, _ = current(server, db, request)
            try:
                accounts.upgrade_guest(db, user, name, hashed)
            except accounts.AccountError as exc:
                raise refused(exc) from None
            return accounts.user_json(user)

    return await run_in_threadpool(upgraded)  # the database off the event loop


@router.get("/api/faucets")
def faucet_status(server: ServerDep, request: Request) -> dict[str, Any]:
    """Sign-in done today or not; relief left today, its wait, and whether it may be claimed."""
    with server.db() as db:
        return faucets.status(me(server, db, request), server.settings)


@router.post("/api/signin")
def sign_in(server: ServerDep, request: Request) -> dict[str, Any]:
    with server.db() as db:
        user = me(server, db, request)
        try:
            amount = faucets.sign_in(db, user, server.settings)
        except accounts.AccountError as exc:
            raise refused(exc) from None
        db.flush()
        db.refresh(user)
        return {"granted": amount, "user": accounts.user_json(user),
                **faucets.status(user, server.settings)}


@router.post("/api/relief")
def relief(server: ServerDep, request: Request) -> dict[str, Any]:
    with server.db() as db:
        user = me(server, db, request)
        try:
            amount = faucets.relief(db, user, server.settings)
        except accounts.AccountError as exc:
            raise refused(exc) from None
        db.flush()
        db.refresh(user)
        return {"granted": amount, "user": accounts.user_json(user),
                **faucets.status(user, server.settings)}
