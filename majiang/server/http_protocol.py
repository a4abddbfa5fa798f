"""uvicorn's HTTP protocol with a deadline on request headers and on the request body.

uvicorn bounds the idle time between requests (`timeout_keep_alive`) but not the time a client
takes to send a request's headers: a connection that sends half a header line and then a byte
now and then is held for as long as it likes (70 s and more were seen), one such connection per
slot. `with_header_timeout(seconds)` is uvicorn's httptools protocol (what `http="auto"` picks)
with a timer armed when a connection opens and after each response, and disarmed when a
request's headers are complete; then armed again for the body (a request that sends its headers
and then drips its body, or never sends it, held its connection for good) and disarmed when the
request is complete (at once for a request without a body; never for a WebSocket upgrade, which
leaves this protocol); when it fires the connection is closed. The same class caps a
request line and headers at `max_header_bytes` (what `h11_max_incomplete_event_size` does for
h11, which httptools lacks): past it the connection is closed."""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class HeaderDeadlineProtocol(HttpToolsProtocol):
    """HttpToolsProtocol closing a connection whose request headers take over `header_timeout`."""

    header_timeout = 10.0
    max_header_bytes = 16 * 1024
    _header_timer: asyncio.TimerHandle | None = None
    _header_bytes = 0

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(
            self.header_timeout, self._headers_too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _count(self, size: int) -> None:
        self._header_bytes += size
        if self._header_bytes > self.max_header_bytes and not self.transport.is_closing():
            self.transport.close()

    def on_message_begin(self) -> None:
        self._header_bytes = 0
        super().on_message_begin()

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value) + 4)
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()
        self._arm()  # the body within the same bound (an upgrade disarms it below)

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        super().handle_websocket_upgrade()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and not self.pipeline:
            self._arm()  # the next request's headers (the keep-alive timer covers idleness)


def with_header_timeout(seconds: float,
                        max_bytes: int = 16 * 1024) -> type[HeaderDeadlineProtocol]:
    """The protocol class for `uvicorn.run(http=...)`: headers within `seconds`, `max_bytes`."""
    return type("HeaderDeadline", (HeaderDeadlineProtocol,),
                {"header_timeout": seconds, "max_header_bytes": max_bytes})
