"""HTTP request rates (`RequestRate`, ASGI middleware): calls to `/api/` are counted per session
(its bearer token or `token` cookie) and per client address, each in a token bucket; past a
bucket's burst and rate the call gets 429 with Retry-After, named in both languages, before the
app reads it. One account calling the lobby 65 times a second slowed every table of its process
(another table's ping went from 1 to 32 ms at the median): the session's limit is far above what
the client sends (a page load is a handful of calls, a table a call or two a minute) and far
below that. An address's limit is looser (many people may share one: a NAT). Static files, the
WebSocket and the operator's probes are not counted. Per process: with several processes each
counts its own share of a client's calls."""

from __future__ import annotations

import hashlib
import math

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from majiang.server.limits import Bucket, send_error
from majiang.server.metrics import INPUT_ERRORS
from majiang.server.settings import Settings

SESSION_BURST, ADDRESS_BURST = 5.0, 4.0  # the bursts allowed, in seconds of the rate
MAX_BUCKETS = 50_000  # remembered at most; full (refilled) ones are forgotten first
COUNTED = "/api/"


def token_of(request: HTTPConnection) -> str | None:
    """The bearer token of the request (or WebSocket upgrade), else its `token` cookie."""
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return request.cookies.get("token")


def session_key(request: HTTPConnection) -> str | None:
    """A digest of the request's session token, None without one. The token is read by
    `token_of`, as the app reads it: a client that sent two Authorization headers (the app
    takes the first) or a cookie header the standard library's parser gives up on (Starlette's
    reads on) was counted under a fresh key on every call while the app served its real
    session, 300 calls in 0.4 s without a 429."""
    token = token_of(request)
    return hashlib.blake2b(token.encode(), digest_size=12).hexdigest() if token else None


def client_address(peer: str, forwarded: str, trusted: tuple[str, ...]) -> str:
    """The client's address: the `peer`'s, or behind a trusted proxy the last address of its
    X-Forwarded-For (`forwarded`)."""
    if peer in trusted and forwarded:
        return forwarded.split(",")[-1].strip()[:64]
    return peer[:64]


class RequestRate:
    """ASGI middleware: 429 for an `/api/` call past its session's or its address's rate."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app, self.trusted = app, settings.trusted_proxies
        self.limits = {"session": (settings.api_rate, settings.api_rate * SESSION_BURST),
                       "address": (settings.api_address_rate,
                                   settings.api_address_rate * ADDRESS_BURST)}
        self.buckets: dict[str, Bucket] = {}

    def _wait(self, kind: str, key: str) -> int:
        """0 and the call counted, or the whole seconds until the bucket holds a call again."""
        bucket = self.buckets.get(f"{kind}:{key}")
        if bucket is None:
            if len(self.buckets) >= MAX_BUCKETS:  # forget those that have refilled
                self.buckets = {k: b for k, b in self.buckets.items() if b.refilling()}
            rate, burst = self.limits[kind]
            bucket = self.buckets[f"{kind}:{key}"] = Bucket(rate, burst, burst)
        if bucket.allow():
            return 0
        return max(1, math.ceil((1 - bucket.tokens) / bucket.rate))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not str(scope.get("path", "")).startswith(COUNTED):
            await self.app(scope, receive, send)
            return
        request = HTTPConnection(scope)  # its headers and cookies read as the app reads them
        session = session_key(request)
        peer = request.client.host if request.client is not None else ""
        where = client_address(peer, request.headers.get("x-forwarded-for", ""), self.trusted)
        if session is not None and (wait := self._wait("session", session)):
            await self._refuse(send, "session", wait)
        elif wait := self._wait("address", where):
            await self._refuse(send, "address", wait)
        else:
            await self.app(scope, receive, send)

    async def _refuse(self, send: Send, kind: str, wait: int) -> None:
        INPUT_ERRORS.labels(f"http_rate_{kind}").inc()
        rate = self.limits[kind][0]
        await send_error(send, 429, f"请求过于频繁，请{wait}秒后再试 / too many requests: at most "
                         f"{rate:g} a second, try again in {wait} s",
                         [(b"retry-after", str(wait).encode())])
