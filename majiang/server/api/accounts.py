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
from majiang.server import accounts, games, ledger, lobby, names, queries
from majiang.server.api import fair, sessions
from majiang.server.api.bodies import Credentials
from majiang.server.api.deps import (
    ApiError,
    Server,
    ServerDep,
    address_of,
    me,
    refusal,
    throttled,
    token_of,
)
from majiang.server.api.ops import may_read_metrics
from majiang.server.models import User
from majiang.server.passwords import Busy

router = APIRouter()
router.include_router(sessions.router)
router.include_router(fair.router)
DEVICE_COOKIE = "guest_device"  # one guest account per browser
DEVICE_AGE = 365 * 86400


def set_cookie(server: Server, request: Request, response: JSONResponse, name: str,
               value: str, max_age: int) -> None:
    """An HttpOnly, SameSite=Lax cookie, Secure on https (or when the settings say so)."""
    secure = server.settings.secure_cookies or request.url.scheme == "https"
    response.set_cookie(name, value, httponly=True, samesite="lax", secure=secure,
                        max_age=max_age)


def login_answer(server: Server, db: Session, user: User, request: Request) -> JSONResponse:
    """A new server-side session for `user`: its token in the body and in the cookie."""
    token = accounts.open_session(db, server.tokens, user,
                                  request.headers.get("user-agent", ""),
                                  address_of(server, request))
    response = JSONResponse({"token": token, "user": accounts.user_json(user)})
    set_cookie(server, request, response, "token", token, server.settings.token_max_age)
    return response


BUSY = "服务器繁忙，请稍后再试 / the server is busy: try again in a moment"



def login_keys(server: Server, request: Request, username: object) -> list[str]:
    """The throttle's keys of a log-in: the folded name (any lookalike) and the address."""
    try:
        key = names.name_key(names.normalize(username))
    except names.BadName:
        key = str(username)[:64].casefold()
    return server.logins.keys(key, address_of(server, request))


@router.api_route("/healthz", methods=["GET", "HEAD"])  # HEAD: what uptime checkers send
async def healthz() -> dict[str, bool]:
    return {"ok": True}


@router.post("/api/signup")
async def signup(server: ServerDep, request: Request,
                 body: Credentials | None = None) -> JSONResponse:
    body = body or Credentials()
    name = accounts.check_new_credentials(body.username, body.password)
    try:
        hashed = await server.passwords.hash(body.password)
    except Busy:
        return refusal(BUSY, 503, 1)

    def create() -> JSONResponse:
        with server.db() as db:
            try:
                settings = server.settings
                user = accounts.sign_up(
                    db, name, hashed, settings.new_account_grant,
                    address=address_of(server, request),
                    day=accounts.today(settings.day_offset_hours),
                    limit=settings.signups_per_address)
            except accounts.AccountError as exc:
                raise sessions.refused(exc) from None
            db.flush()
            return login_answer(server, db, user, request)

    return await run_in_threadpool(create)  # the database off the event loop


@router.post("/api/login")
async def login(server: ServerDep, request: Request,
                body: Credentials | None = None) -> JSONResponse:
    """Throttled per name and address (429 + Retry-After); an unknown name is checked against a
    dummy hash, so it answers in the time a real one does."""
    body = body or Credentials()
    keys = login_keys(server, request, body.username)
    wait = server.logins.attempt(keys)  # counted as failed before any await; taken back below
    if wait > 0:                        # if the password is right
        return throttled(wait)
    username = body.username

    def stored_hash() -> tuple[int | None, str | None]:
        with server.db() as db:
            found = accounts.by_name(db, username)
            return (found.id, found.password_hash) if found is not None else (None, None)

    try:
        user_id, stored = await run_in_threadpool(stored_hash)  # the database off the loop
        if len(body.password) > accounts.MAX_PASSWORD:  # no account has one: the dummy's cost
            user_id = stored = None
        ok = await server.passwords.verify(stored, body.password)
    except Busy:
        server.logins.undo(keys)
        return refusal(BUSY, 503, 1)
    except BaseException:  # the database was away (a named 503): not the caller's failure
        server.logins.undo(keys)
        raise
    if not ok or user_id is None:
        raise ApiError("用户名或密码错误 / wrong username or password", 401)
    server.logins.succeeded(keys)
    known = user_id

    def answer() -> JSONResponse:
        with server.db() as db:
            user = db.get(User, known)
            assert user is not None
            return login_answer(server, db, user, request)

    return await run_in_threadpool(answer)


@router.post("/api/guest")
def guest(server: ServerDep, request: Request) -> JSONResponse:
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
        set_cookie(server, request, response, DEVICE_COOKIE, device, DEVICE_AGE)
    return response


@router.post("/api/cookie")
def session_cookie(server: ServerDep, request: Request) -> JSONResponse:
    """The caller's token (a live session's) becomes its session cookie: the browser calls this
    before it opens a table socket, which authenticates with the cookie (protocol.md 6)."""
    with server.db() as db:
        me(server, db, request)
    token = token_of(request)
    assert token is not None
    response = JSONResponse({"ok": True})
    set_cookie(server, request, response, "token", token, server.settings.token_max_age)
    return response


@router.get("/api/me")
def get_me(server: ServerDep, request: Request) -> dict[str, Any]:
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


@router.get("/api/ledger/check", response_model=None)
def ledger_check(server: ServerDep, request: Request) -> dict[str, object] | JSONResponse:
    """The ledger's audit, for the operator only (as /metrics): it names the total silver and
    the accounts whose balance disagrees with their entries."""
    if not may_read_metrics(server.settings.metrics_token, request):
        return JSONResponse({"error": "账目核对仅供运维读取 / the ledger check is for the operator "
                             "only (from this machine, or with MAJIANG_METRICS_TOKEN as a bearer "
                             "token)"}, status_code=403)
    with server.db() as db:
        return ledger.check(db).to_json()


@router.get("/api/ledger")
def my_ledger(server: ServerDep, request: Request) -> list[dict[str, Any]]:
    with server.db() as db:
        return queries.ledger_rows(db, me(server, db, request))
