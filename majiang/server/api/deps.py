"""What every route needs: the server (settings, database, tokens, live tables), the caller
(through its server-side session) and the caller's address."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

from fastapi import Depends, Path, Query, Request
from fastapi.responses import JSONResponse
from sqlalchemy.orm import Session, sessionmaker
from starlette.requests import HTTPConnection

from majiang.server import accounts
from majiang.server.botpool import BotPool
from majiang.server.db import SqliteFile, make_engine, migrate, session_factory
from majiang.server.manager import TableManager
from majiang.server.models import LoginSession, User
from majiang.server.passwords import PasswordPool
from majiang.server.ratelimit import client_address
from majiang.server.ratelimit import token_of as token_of  # the routes import it from here
from majiang.server.settings import Settings
from majiang.server.throttle import Limit, LoginThrottle, SharedLoginThrottle

MAX_ID = 2**63 - 1  # a database id is a signed 64-bit integer: beyond it the driver fails
RowId = Annotated[int, Path(ge=-MAX_ID, le=MAX_ID)]  # an id in a route's path
RowIdQuery = Annotated[int | None, Query(ge=-MAX_ID, le=MAX_ID)]  # an id in its query string


class ApiError(Exception):
    """A refused request: `{"error": message}` with HTTP `status`."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def refusal(message: str, status: int, retry_after: int) -> JSONResponse:
    """A refusal with a Retry-After header."""
    return JSONResponse({"error": message}, status_code=status,
                        headers={"Retry-After": str(retry_after)})


def throttled(seconds: int) -> JSONResponse:
    """429: too many failed log-ins (or current-password checks) for this name or address."""
    return refusal(f"登录失败次数过多，请{seconds}秒后再试 / too many failed log-ins: try "
                   f"again in {seconds} s", 429, seconds)


class Server:
    """What the app holds: settings, database, token signer, live tables, the password pool
    and the log-in throttle."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        bots = BotPool(settings.bot_pool, settings.default_bot)  # a bad bot fails here
        self.engine = make_engine(settings.database_url)
        migrate(self.engine)
        self.db_file = SqliteFile(self.engine)  # /readyz: still the file opened, writable
        self.db_file.guard(self.engine)  # no writes into a deleted or replaced file
        self.sessions: sessionmaker[Session] = session_factory(self.engine)
        with self.sessions() as db:
            secret = accounts.server_secret(db, settings.secret)
        self.tokens = accounts.Tokens(secret, settings.token_max_age)
        self.tables = TableManager(self.sessions, settings, bots)
        self.passwords = PasswordPool(settings.hash_workers, settings.hash_queue)
        per_name = Limit(settings.login_free_failures, settings.login_lockout,
                         settings.login_lockout_max, settings.login_window)
        per_address = Limit(settings.login_address_failures, settings.login_lockout,
                            settings.login_lockout_max, settings.login_window)
        anywhere = Limit(settings.login_name_failures, settings.login_lockout,
                         settings.login_lockout_max, settings.login_window)
        self.logins = (LoginThrottle(per_name, per_address, per_name_anywhere=anywhere)
                       if settings.redis_url is None else
                       SharedLoginThrottle(per_name, per_address, settings.redis_url,
                                           settings.cluster_name, per_name_anywhere=anywhere))

    @contextmanager
    def db(self) -> Iterator[Session]:
        """A session committed at the end of the block (rolled back on an error)."""
        with self.sessions() as session:
            try:
                yield session
                session.commit()
            except BaseException:
                session.rollback()
                raise

    def session_of(self, db: Session, token: str | None) -> LoginSession | None:
        """The token's live session (None: no token, a bad one, revoked or expired)."""
        return accounts.live_session(db, self.tokens, token)

    def user_from_token(self, db: Session, token: str | None) -> User | None:
        row = self.session_of(db, token)
        return db.get(User, row.user_id) if row is not None else None


def server_of(conn: HTTPConnection) -> Server:
    """The app's server (an HTTP request's or a WebSocket's)."""
    server: Server = conn.app.state.server
    return server


ServerDep = Annotated[Server, Depends(server_of)]


def address_of(server: Server, request: HTTPConnection) -> str:
    """The client's address: the peer's, or behind a trusted proxy its X-Forwarded-For's last."""
    peer = request.client.host if request.client is not None else ""
    return client_address(peer, request.headers.get("x-forwarded-for", ""),
                          server.settings.trusted_proxies)


def me(server: Server, db: Session, request: Request) -> User:
    """The logged-in user making the request; 401 otherwise."""
    user = server.user_from_token(db, token_of(request))
    if user is None:
        raise ApiError("请先登录 / log in first (missing or invalid token)", 401)
    return user
