"""The pages under the server's real Content-Security-Policy (the other browser tests bypass it:
Playwright's `wait_for_function` evaluates strings, which `script-src 'self'` forbids): a guest
plays from the lobby into a table, whose socket opens without a token in its URL, then the
leaderboard and the /verify page; no CSP violation and no page error anywhere."""

from __future__ import annotations

from typing import Any


def test_the_pages_work_under_the_csp(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="zh-CN")
    context.add_init_script("localStorage.setItem('majiang.guide', 'seen')")
    page = context.new_page()
    violations: list[str] = []
    errors: list[str] = []
    sockets: list[str] = []
    page.on("console", lambda msg: violations.append(msg.text)
            if "Content Security Policy" in msg.text else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("websocket", lambda ws: sockets.append(ws.url))
    response = page.goto(server + "/")
    assert response is not None
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.click("#btn-guest")
    page.click("#btn-quick")
    page.wait_for_selector(".board .seat", timeout=30_000)  # the table's state came by socket
    assert sockets and all("token" not in url for url in sockets), sockets
    page.goto(server + "/#/leaderboard")
    page.reload()
    page.wait_for_selector("#main .view *", timeout=15_000)  # the route drew its screen
    page.goto(server + "/verify")
    page.wait_for_selector("#main *", timeout=15_000)
    context.close()
    assert not violations, violations
    assert not errors, errors
