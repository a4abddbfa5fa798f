"""The FastAPI app: HTTP API (accounts, lobby, history, replays), WebSocket tables, web client."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Scope

from majiang import economy
from majiang.server import accounts, games, ledger, lobby
from majiang.server.db import make_engine, migrate, session_factory
from majiang.server.models import Hand, LedgerRow, Table, User
from majiang.server.settings import Settings
from majiang.server.table import Connection, TableManager

WEB = Path(__file__).resolve().parent.parent / "web"


class ApiError(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class Utf8StaticFiles(StaticFiles):
    """Static files with `charset=utf-8` on every text type (html, js, css, svg, json)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        ctype = response.headers.get("content-type", "")
        textual = ctype.startswith("text/") or ctype.split(";")[0] in (
            "application/javascript", "application/json", "image/svg+xml",
        )
        if textual and "charset" not in ctype:
            response.headers["content-type"] = ctype + "; charset=utf-8"
        return response


class Server:
    """What the app holds: settings, database, token signer, live tables."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        games.new_bot(settings.default_bot, 0)  # an unknown bot name fails here, not mid-hand
        self.engine = make_engine(settings.database_url)
        migrate(self.engine)
        self.sessions: sessionmaker[Session] = session_factory(self.engine)
        with self.sessions() as db:
            secret = accounts.server_secret(db, settings.secret)
        self.tokens = accounts.Tokens(secret, settings.token_max_age)
        self.tables = TableManager(self.sessions, settings)

    @contextmanager
    def db(self) -> Iterator[Session]:
        with self.sessions() as session:
            try:
                yield session
                session.commit()
            except BaseException:
                session.rollback()
                raise

    def user_from_token(self, db: Session, token: str | None) -> User | None:
        uid = self.tokens.user_id(token) if token else None
        return db.get(User, uid) if uid is not None else None


def _token(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return request.cookies.get("token")


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if not raw:
        return {}
    try:
        data = json.loads(raw)
    except ValueError:
        raise ApiError("请求体须为JSON / the body must be JSON") from None
    if not isinstance(data, dict):
        raise ApiError("请求体须为JSON对象 / the body must be a JSON object")
    return data


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app; `settings` default to the environment's."""
    server = Server(settings or Settings.from_env())

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        server.tables.resume_all()
        yield
        await server.tables.stop_all()
        server.engine.dispose()

    app = FastAPI(title="majiang", lifespan=lifespan)
    app.state.server = server

    @app.exception_handler(ApiError)
    async def _api_error(_r: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_r: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(_r: Request, exc: RequestValidationError) -> JSONResponse:
        where = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg')}" for e in exc.errors()
        )
        return JSONResponse({"error": f"请求有误 / bad request: {where}"}, status_code=400)

    @app.exception_handler(lobby.LobbyError)
    async def _lobby_error(_r: Request, exc: lobby.LobbyError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=exc.status)

    @app.exception_handler(games.GameError)
    async def _game_error(_r: Request, exc: games.GameError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(accounts.AccountError)
    async def _account_error(_r: Request, exc: accounts.AccountError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    def me(db: Session, request: Request) -> User:
        user = server.user_from_token(db, _token(request))
        if user is None:
            raise ApiError("请先登录 / log in first (missing or invalid token)", 401)
        return user

    def login_answer(user: User) -> JSONResponse:
        token = server.tokens.issue(user.id)
        response = JSONResponse({"token": token, "user": accounts.user_json(user)})
        response.set_cookie("token", token, httponly=True, samesite="lax", max_age=30 * 86400)
        return response

    # -- health, accounts -----------------------------------------------------------------------

    @app.get("/healthz")
    async def healthz() -> dict[str, bool]:
        return {"ok": True}

    @app.post("/api/signup")
    async def signup(request: Request) -> JSONResponse:
        body = await _body(request)
        username, password = body.get("username"), body.get("password")
        accounts.check_new_credentials(username, password)  # type: ignore[arg-type]
        hashed = await run_in_threadpool(accounts.hash_password, str(password))
        with server.db() as db:
            user = accounts.create_user(
                db, str(username), hashed, grant_amount=server.settings.new_account_grant
            )
            db.flush()
            return login_answer(user)

    @app.post("/api/login")
    async def login(request: Request) -> JSONResponse:
        body = await _body(request)
        username, password = str(body.get("username", "")), str(body.get("password", ""))
        with server.db() as db:
            user = db.scalars(select(User).where(User.username == username)).first()
            stored = user.password_hash if user is not None else None
        ok = stored is not None and await run_in_threadpool(
            accounts.verify_password, stored, password
        )
        if not ok or user is None:
            raise ApiError("用户名或密码错误 / wrong username or password", 401)
        return login_answer(user)

    @app.post("/api/guest")
    async def guest() -> JSONResponse:
        with server.db() as db:
            user = accounts.create_guest(db, server.settings.new_account_grant)
            db.flush()
            return login_answer(user)

    @app.get("/api/me")
    async def get_me(request: Request) -> dict[str, Any]:
        with server.db() as db:
            user = me(db, request)
            out = accounts.user_json(user)
            table = lobby.current_table(db, user)
            out["table"] = table.code if table is not None else None
            return out

    @app.get("/api/rulesets")
    async def rulesets() -> list[dict[str, Any]]:
        return games.playable_rulesets()

    @app.get("/api/levels")
    async def levels() -> list[dict[str, Any]]:
        return [lvl.to_json() for lvl in economy.LEVELS]

    @app.get("/api/ledger/check")
    async def ledger_check() -> dict[str, object]:
        with server.db() as db:
            return ledger.check(db).to_json()

    @app.get("/api/ledger")
    async def my_ledger(request: Request) -> list[dict[str, Any]]:
        with server.db() as db:
            user = me(db, request)
            rows = db.scalars(
                select(LedgerRow).where(LedgerRow.user_id == user.id)
                .order_by(LedgerRow.id.desc()).limit(200)
            )
            return [
                {"id": r.id, "amount": r.amount, "kind": r.kind, "reason": r.reason,
                 "hand_id": r.hand_id, "balance_after": r.balance_after,
                 "created_at": r.created_at.isoformat()}
                for r in rows
            ]

    # -- lobby ----------------------------------------------------------------------------------

    def table_answer(db: Session, table: Table) -> dict[str, Any]:
        return server.tables.table_json(db, table)

    def open_table(
        db: Session, user: User, req: lobby.TableRequest, fill_bots: bool = False
    ) -> Table:
        settings = server.settings
        return lobby.create_table(
            db, user, req, default_turn=settings.turn_seconds,
            bank_seconds=settings.bank_seconds, grant_amount=settings.new_account_grant,
            fill_bots=fill_bots, min_turn=settings.min_turn_seconds,
        )

    @app.get("/api/tables")
    async def list_tables() -> list[dict[str, Any]]:
        with server.db() as db:
            return [table_answer(db, t) for t in lobby.open_tables(db)]

    @app.post("/api/tables")
    async def create_table(request: Request) -> dict[str, Any]:
        body = await _body(request)
        with server.db() as db:
            user = me(db, request)
            req = lobby.TableRequest(
                rules=body.get("rules") or games.default_ruleset(), level=body.get("level"),
                bots=body.get("bots", 0), turn_seconds=body.get("turn_seconds"),
                match_hands=body.get("match_hands"), match_rounds=body.get("match_rounds"),
            )
            table = open_table(db, user, req)
            answer = table_answer(db, table)
            code = table.code
        server.tables.poke(code)
        return answer

    @app.post("/api/quickplay")
    async def quickplay(request: Request) -> dict[str, Any]:
        body = await _body(request)
        with server.db() as db:
            user = me(db, request)
            existing = lobby.current_table(db, user)
            if existing is not None:  # back to the table the player already sits at
                return table_answer(db, existing)
            info = games.ruleset_info(body.get("rules") or games.default_ruleset())
            req = lobby.TableRequest(
                rules=info["id"], level=body.get("level", lobby.quickplay_level(user)),
                bots=int(info["players"]) - 1,
                turn_seconds=body.get("turn_seconds"),
                match_hands=body.get("match_hands"), match_rounds=body.get("match_rounds"),
            )
            table = open_table(db, user, req, fill_bots=True)
            answer = table_answer(db, table)
            code = table.code
        server.tables.poke(code)
        return answer

    @app.get("/api/tables/{code}")
    async def get_table(code: str) -> dict[str, Any]:
        with server.db() as db:
            return table_answer(db, lobby.get_table(db, code))

    async def table_op(request: Request, code: str, op: str) -> dict[str, Any]:
        with server.db() as db:
            user = me(db, request)
            if op == "join":
                table = lobby.join_table(db, user, code)
            elif op == "leave":
                table = lobby.leave_table(db, user, code)
            elif op == "ready":
                table = lobby.set_ready(db, user, code)
            else:
                table = lobby.dissolve_by(db, user, code)
            answer = table_answer(db, table)
            real_code = table.code
        server.tables.poke(real_code)
        return answer

    @app.post("/api/tables/{code}/join")
    async def join(request: Request, code: str) -> dict[str, Any]:
        return await table_op(request, code, "join")

    @app.post("/api/tables/{code}/leave")
    async def leave(request: Request, code: str) -> dict[str, Any]:
        return await table_op(request, code, "leave")

    @app.post("/api/tables/{code}/ready")
    async def ready(request: Request, code: str) -> dict[str, Any]:
        return await table_op(request, code, "ready")

    @app.post("/api/tables/{code}/dissolve")
    async def dissolve(request: Request, code: str) -> dict[str, Any]:
        return await table_op(request, code, "dissolve")

    # -- history and replays --------------------------------------------------------------------

    @app.get("/api/history")
    async def history(request: Request) -> list[dict[str, Any]]:
        with server.db() as db:
            user = me(db, request)
            return server.tables.history(db, user)

    @app.get("/api/hands/{hand_id}")
    async def hand_record(hand_id: int) -> dict[str, Any]:
        with server.db() as db:
            hand = db.get(Hand, hand_id)
            if hand is None:
                raise ApiError(f"没有此牌局 / no hand {hand_id}", 404)
            if hand.status != "over" or hand.record is None:
                raise ApiError("牌局未结束 / the hand is still being played", 409)
            return server.tables.hand_json(db, hand)

    # -- WebSocket ------------------------------------------------------------------------------

    @app.websocket("/ws/tables/{code}")
    async def table_socket(websocket: WebSocket, code: str) -> None:
        token = websocket.query_params.get("token") or websocket.cookies.get("token")
        with server.db() as db:
            user = server.user_from_token(db, token)
            try:
                table = lobby.get_table(db, code) if user is not None else None
            except lobby.LobbyError:
                table = None
            user_id = user.id if user is not None else None
            real_code = table.code if table is not None else None
            closed = (
                server.tables.table_json(db, table)
                if table is not None and table.status == "closed" else None
            )
        if closed is not None:  # nothing live to attach to: say so and close
            await websocket.accept()
            await websocket.send_json({"type": "table", "table": closed})
            await websocket.close(code=1000)
            return
        if user_id is None or real_code is None:
            await websocket.accept()
            reason = "bad token" if user_id is None else "no such table"
            await websocket.send_json({"type": "error", "error": reason})
            await websocket.close(code=4401 if user_id is None else 4404)
            return
        await websocket.accept()
        conn = Connection(websocket)
        runner = server.tables.runner(real_code)
        writer = conn.start()
        runner.attach(conn, user_id)
        try:
            while True:
                text = await websocket.receive_text()
                try:
                    msg = json.loads(text)
                except ValueError:
                    conn.send({"type": "error", "error": "messages must be JSON"})
                    continue
                runner.receive(conn, msg)
        except WebSocketDisconnect:
            pass
        finally:
            runner.detach(conn)
            conn.close()
            await writer

    # -- the browser client ---------------------------------------------------------------------

    @app.get("/", response_model=None)
    async def index() -> Response:
        page = WEB / "index.html"
        if page.is_file():
            return FileResponse(page, media_type="text/html; charset=utf-8")
        return HTMLResponse("<!doctype html><meta charset=utf-8><title>majiang</title>麻将")

    if WEB.is_dir():
        app.mount("/static", Utf8StaticFiles(directory=WEB), name="static")
    return app
