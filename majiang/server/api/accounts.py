"""Accounts and the economy: sign-up, log-in, guests, the caller, rulesets, levels, ledger."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from majiang import economy
from majiang.server import accounts, games, ledger, lobby, queries
from majiang.server.api.bodies import Credentials
from majiang.server.api.deps import ApiError, Server, ServerDep, me
from majiang.server.models import User

router = APIRouter()


def login_answer(server: Server, user: User) -> JSONResponse:
    token = server.tokens.issue(user.id)
    response = JSONResponse({"token": token, "user": accounts.user_json(user)})
    response.set_cookie("token", token, httponly=True, samesite="lax", max_age=30 * 86400)
    return response


@router.get("/healthz")
async def healthz() -> dict[str, bool]:
    return {"ok": True}


@router.post("/api/signup")
async def signup(server: ServerDep, body: Credentials | None = None) -> JSONResponse:
    body = body or Credentials()
    accounts.check_new_credentials(body.username, body.password)
    hashed = await run_in_threadpool(accounts.hash_password, body.password)
    with server.db() as db:
        user = accounts.create_user(
            db, body.username, hashed, grant_amount=server.settings.new_account_grant
        )
        db.flush()
        return login_answer(server, user)


@router.post("/api/login")
async def login(server: ServerDep, body: Credentials | None = None) -> JSONResponse:
    body = body or Credentials()
    with server.db() as db:
        user = accounts.by_name(db, body.username)
        stored = user.password_hash if user is not None else None
    ok = stored is not None and await run_in_threadpool(
        accounts.verify_password, stored, body.password
    )
    if not ok or user is None:
        raise ApiError("用户名或密码错误 / wrong username or password", 401)
    return login_answer(server, user)


@router.post("/api/guest")
async def guest(server: ServerDep) -> JSONResponse:
    with server.db() as db:
        user = accounts.create_guest(db, server.settings.new_account_grant)
        db.flush()
        return login_answer(server, user)


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
