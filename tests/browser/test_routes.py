"""The page's router in a real browser: a screen still loading when the player moves on (a quick
click on a slow network) never draws over the screen they moved to, and the screen in view keeps
its own cleanup."""

from __future__ import annotations

from typing import Any


def test_a_slow_screen_never_draws_over_a_later_one(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="zh-CN")
    context.add_init_script("localStorage.setItem('majiang.guide', 'seen')")
    page = context.new_page()
    held: list[Any] = []

    def hold(route: Any) -> None:  # the leaderboard's data stays on the wire until released
        held.append(route)

    page.route("**/api/leaderboard?*", hold)
    page.goto(server + "/#/leaderboard")
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the leaderboard did not ask for its rows"
    page.evaluate("location.hash = '#/levels'")
    page.wait_for_selector("#levels-page")
    with page.expect_response("**/api/leaderboard?*"):
        held[0].continue_()
    page.unroute("**/api/leaderboard?*")
    page.wait_for_timeout(300)  # the leaderboard's render has run by now
    assert page.locator("#levels-page").is_visible()
    assert page.locator("#leaderboard").count() == 0
    page.evaluate("location.hash = '#/leaderboard'")
    page.wait_for_selector("#leaderboard")  # and the leaderboard itself still opens
    assert page.locator("#levels-page").count() == 0
    context.close()


def test_logging_out_clears_the_top_bar(browser: Any, server: str) -> None:
    """After 退出 the log-in form showed under a bar that still named the player, his silver and
    退出, until a reload or a language switch."""
    from test_layout import PHONE, guest, new_page

    page = new_page(browser, PHONE, True)
    try:
        guest(page, server)
        page.wait_for_selector("#user-box")
        page.tap("#btn-logout")
        page.wait_for_selector("#user-box", state="detached", timeout=10_000)
        assert page.locator("#btn-logout").count() == 0
        assert page.locator("#auth-username").is_visible()  # the log-in form, under a clean bar
    finally:
        page.context.close()


def test_a_guest_signs_up_keeping_the_silver(browser: Any, server: str) -> None:
    """The boards told a guest to sign up, and no page offered it: the lobby now does
    (POST /api/upgrade), and the silver stays."""
    import secrets

    from test_layout import PHONE, guest, new_page

    page = new_page(browser, PHONE, True)
    try:
        guest(page, server)
        silver = page.inner_text("#my-silver")
        page.tap("#upgrade summary")
        name = f"小明{secrets.token_hex(2)}"  # a Chinese name is a name
        page.fill("#up-username", name)
        page.fill("#up-password", "secret12")
        page.tap("#btn-upgrade")
        page.wait_for_selector("#upgrade", state="detached", timeout=10_000)
        assert name in page.inner_text(".card.me h2")
        assert page.inner_text("#my-silver") == silver
        assert name in page.inner_text("#user-box")
    finally:
        page.context.close()


def test_a_bad_share_link_leads_back_to_the_lobby(browser: Any, server: str) -> None:
    """A share link with a bad token showed a red error and nothing else: a dead end."""
    from test_layout import PHONE, new_page

    page = new_page(browser, PHONE, True)
    try:
        page.goto(server + "/#/replay/1.not-a-token")
        page.wait_for_selector("#btn-error-lobby", timeout=10_000)
        page.tap("#btn-error-lobby")
        page.wait_for_selector("#btn-login, #my-silver", timeout=10_000)
    finally:
        page.context.close()


def test_a_watch_link_opened_logged_out_says_why_to_log_in(browser: Any, server: str) -> None:
    """It showed a bare log-in card; an invitation link explains itself, so does this now."""
    from test_layout import PHONE, new_page

    page = new_page(browser, PHONE, True)
    try:
        page.goto(server + "/#/watch/ABCDE")
        note = page.wait_for_selector("#auth-note", timeout=10_000)
        assert note is not None and "ABCDE" in note.inner_text() and "旁观" in note.inner_text()
    finally:
        page.context.close()


def test_a_new_name_with_enter_points_to_sign_up(browser: Any, server: str) -> None:
    """Enter logs in: a newcomer typing a new name met only "wrong username or password"."""
    from test_layout import PHONE, new_page

    page = new_page(browser, PHONE, True)
    try:
        page.goto(server + "/")
        page.fill("#auth-username", "brand-new-name")
        page.fill("#auth-password", "secret12")
        page.press("#auth-password", "Enter")
        hint = page.wait_for_selector("#auth-hint", timeout=10_000)
        assert hint is not None and "注册" in hint.inner_text()
    finally:
        page.context.close()
