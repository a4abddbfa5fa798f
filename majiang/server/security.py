"""Browser-facing defences as one ASGI middleware (`Security`):

- origin checks: a WebSocket upgrade, or an HTTP request that changes state (POST, PUT, PATCH,
  DELETE), whose `Origin` (else `Referer`) names another origin than the request's own `Host`
  or `Settings.allowed_origins` is refused: HTTP 403, WebSocket close 4403, both bilingual. This
  is the CSRF defence (a cross-site form or text/plain POST carrying only the cookie) and the
  cross-site WebSocket one. A request with a bearer `Authorization` header and no cookie is not
  checked (no browser attaches one cross-site without CORS, which the server does not grant);
  a request with neither header is not a browser's cross-site request (browsers send `Origin`
  on every cross-origin POST and WebSocket) and passes.
- headers on every HTTP response: a Content-Security-Policy without inline scripts, no framing,
  nosniff, a same-origin Referrer-Policy (and HSTS on https).
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from majiang.server.limits import send_error
from majiang.server.settings import Settings
from majiang.shown import short

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; media-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]
HSTS = (b"strict-transport-security", b"max-age=31536000")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
FORBIDDEN = 4403  # WebSocket close code: another origin


def origin_of(url: str) -> str:
    """`scheme://host[:port]` of a URL, lower case ("" if it has none)."""
    parts = urlsplit(url.strip())
    if not parts.scheme or not parts.netloc:
        return ""
    return f"{parts.scheme}://{parts.netloc}".lower()


def foreign_origin(headers: dict[bytes, bytes], allowed: tuple[str, ...]) -> str | None:
    """The request's origin if it is another site's, else None (its own, or none said)."""
    raw = headers.get(b"origin") or headers.get(b"referer")
    if raw is None:
        return None
    claimed = raw.decode("latin-1").strip()
    origin = origin_of(claimed)
    if not origin:
        return claimed or None  # "null" (a sandboxed page, a file) or unreadable: foreign
    host = headers.get(b"host", b"").decode("latin-1").strip().lower()
    if host and urlsplit(origin).netloc == host:
        return None
    if origin in {origin_of(a) or a.lower() for a in allowed}:
        return None
    return origin


def needs_check(scope: Scope, headers: dict[bytes, bytes]) -> bool:
    """WebSocket upgrades and state-changing HTTP requests, unless bearer-only."""
    if scope["type"] == "http" and scope.get("method", "GET") in SAFE_METHODS:
        return False
    bearer = headers.get(b"authorization", b"").lower().startswith(b"bearer ")
    return not (bearer and b"cookie" not in headers)


def refusal_text(origin: str) -> str:
    return (f"拒绝跨站请求 / cross-site request refused: origin {short(origin, 60)} is not "
            "this server's")


class Security:
    """ASGI middleware: origin checks on WebSockets and state changes, security headers."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.allowed = settings.allowed_origins

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        if needs_check(scope, headers):
            origin = foreign_origin(headers, self.allowed)
            if origin is not None:
                await (self._refuse_http if scope["type"] == "http"
                       else self._refuse_socket)(origin, receive, send)
                return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        extra = HEADERS + ([HSTS] if scope.get("scheme") == "https" else [])

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (k, v) for k, v in extra if k not in present]
            await send(message)

        await self.app(scope, receive, with_headers)

    @staticmethod
    async def _refuse_http(origin: str, _receive: Receive, send: Send) -> None:
        await send_error(send, 403, refusal_text(origin), HEADERS)

    @staticmethod
    async def _refuse_socket(origin: str, receive: Receive, send: Send) -> None:
        message = await receive()
        if message["type"] != "websocket.connect":
            return
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": json.dumps(
            {"type": "error", "error": refusal_text(origin)}, ensure_ascii=False)})
        await send({"type": "websocket.close", "code": FORBIDDEN,
                    "reason": "cross-site WebSocket refused"})
