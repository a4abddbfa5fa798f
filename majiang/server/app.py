"""The FastAPI app: the routers of `majiang.server.api`, JSON errors, the browser client."""

from __future__ import annotations

import logging
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from http import HTTPStatus
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Scope

from majiang.server import accounts, games, lobby, security
from majiang.server.api import accounts as accounts_api
from majiang.server.api import hands, ops, rooms, socket, standing, tables, watching
from majiang.server.api import rules as rules_api
from majiang.server.api.deps import ApiError, Server
from majiang.server.cluster import start_cluster
from majiang.server.dbwork import transient
from majiang.server.limits import BodyLimit
from majiang.server.metrics import ERRORS
from majiang.server.passwords import Busy
from majiang.server.ratelimit import RequestRate
from majiang.server.settings import Settings

WEB = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger(__name__)


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


def _error(message: str, status: int) -> JSONResponse:
    """`{"error": ...}` with the security headers: an unexpected error's answer comes from
    Starlette's outermost middleware, outside `SecurityMiddleware`, and must carry them too."""
    response = JSONResponse({"error": message}, status_code=status)
    for name, value in security.HEADERS:
        response.headers.setdefault(name.decode(), value.decode())
    return response


ZH_ERRORS = {  # pydantic's error types, in Chinese (its messages are in English)
    "missing": "缺少此项", "int_type": "须为整数", "int_parsing": "须为整数",
    "string_type": "须为字符串", "extra_forbidden": "不能有此项",
}


ZH_STATUS = {  # Starlette's own refusals (404, 405, a body it cannot parse...) are in English
    400: "请求有误", 401: "未登录", 403: "禁止访问", 404: "未找到", 405: "不支持此方法",
    406: "无法提供此格式", 409: "冲突", 413: "请求体过大", 415: "不支持此内容类型",
    422: "请求有误", 429: "请求过多", 500: "服务器出错", 503: "服务暂不可用",
}


def bilingual(message: str, status: int) -> str:
    """`message` as 中文 / English: ours already are; Starlette's English gets its status's."""
    if " / " in message:
        return message
    english = message.lower() if message in _PHRASES else message[:1].lower() + message[1:]
    return f"{ZH_STATUS.get(status, '请求失败')} / {english}"


_PHRASES = {s.phrase for s in HTTPStatus}  # "Not Found", ...: lowered whole


def _bad_request(exc: RequestValidationError) -> str:
    errors = exc.errors()
    if any(e.get("type") == "json_invalid" for e in errors):
        return "请求体须为JSON / the body must be JSON"
    if any(tuple(e.get("loc", ())) == ("body",) and e.get("type") == "model_attributes_type"
           for e in errors):
        return "请求体须为JSON对象 / the body must be a JSON object"
    where = "; ".join(
        f"{'.'.join(str(p) for p in e.get('loc', ()))}: "
        f"{ZH_ERRORS.get(str(e.get('type')), '格式有误')} / {e.get('msg')}"
        for e in errors
    )
    return f"请求有误 / bad request: {where}"


def add_error_handlers(app: FastAPI) -> None:
    """Every refusal is `{"error": "中文 / English"}` with its HTTP status."""

    @app.exception_handler(ApiError)
    async def _api_error(_r: Request, exc: ApiError) -> JSONResponse:
        return _error(str(exc), exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_r: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(bilingual(str(exc.detail), exc.status_code), exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(_r: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(_bad_request(exc), 400)

    @app.exception_handler(lobby.LobbyError)
    async def _lobby_error(_r: Request, exc: lobby.LobbyError) -> JSONResponse:
        return _error(str(exc), exc.status)

    @app.exception_handler(games.GameError)
    async def _game_error(_r: Request, exc: games.GameError) -> JSONResponse:
        return _error(str(exc), 400)

    @app.exception_handler(accounts.AccountError)
    async def _account_error(_r: Request, exc: accounts.AccountError) -> JSONResponse:
        return _error(str(exc), 400)

    @app.exception_handler(Busy)
    async def _busy(_r: Request, _exc: Busy) -> JSONResponse:
        response = _error(accounts_api.BUSY, 503)  # the password hashing pool is full
        response.headers["Retry-After"] = "1"
        return response

    # Database errors are answered here, inside the app: the catch-all below runs in Starlette's
    # outermost layer, which re-raises after answering, and the server logged a whole traceback
    # for every refused write while the database was away.
    @app.exception_handler(SQLAlchemyError)
    async def _database_error(r: Request, exc: SQLAlchemyError) -> JSONResponse:
        return await _unexpected(r, exc)

    @app.exception_handler(Exception)
    async def _unexpected(_r: Request, exc: Exception) -> JSONResponse:
        if transient(exc):  # the database is away for the moment: say so, and when to retry
            ERRORS.labels("database").inc()
            response = _error("数据库暂时不可用，请稍后再试 / the database is unavailable for the "
                              "moment: try again shortly", 503)
            response.headers["Retry-After"] = "2"
            return response
        log.exception("unexpected error", exc_info=exc)
        ERRORS.labels("http").inc()
        return _error("服务器内部错误 / internal server error", 500)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app; `settings` default to the environment's."""
    server = Server(settings or Settings.from_env())

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # the hints' acceptance compiled (or loaded) beside the start, not on a first prompt
        threading.Thread(target=games.warm_analysis, name="warm-analysis", daemon=True).start()
        cluster = await start_cluster(server.settings, server.tables)  # cluster hook (Redis)
        server.tables.resume_all()
        yield
        await server.tables.stop_all()
        if cluster is not None:  # cluster hook: the leases go back at once
            await cluster.stop()
        server.engine.dispose()

    # strict_content_type=False: a body without a Content-Type is read as JSON, as it always was
    app = FastAPI(title="majiang", lifespan=lifespan, strict_content_type=False)
    app.state.server = server
    app.add_middleware(BodyLimit)
    app.add_middleware(RequestRate, settings=server.settings)  # before anything is read
    app.add_middleware(security.Security, settings=server.settings)  # outermost: every answer
    add_error_handlers(app)
    for module in (accounts_api, tables, rooms, hands, socket, rules_api, ops, standing,
                   watching):
        app.include_router(module.router)

    @app.get("/", response_model=None)
    async def index() -> Response:
        page = WEB / "index.html"
        if page.is_file():
            return FileResponse(page, media_type="text/html; charset=utf-8")
        return HTMLResponse("<!doctype html><meta charset=utf-8><title>majiang</title>麻将")

    if WEB.is_dir():
        app.mount("/static", Utf8StaticFiles(directory=WEB), name="static")
    return app
