"""A phone played with a finger, not with element clicks: two taps at one spot pick a tile and
discard it (a tap's emulated hover showed the hint bar above the hand, which moved it 30-47 px
down, so the second tap fell on the bar); the match scoreboard, which covers the header and its
own toggle, closes by its button and by a tap outside it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_layout import PHONE, create_table, guest, new_page, play_hand, shot

PROMPT_WAIT_MS = 30_000


def sit_and_start(page: Any, server: str) -> None:
    """A new guest at a new table with three bots, Ready pressed: the hand is dealt."""
    guest(page, server)
    code = create_table(page, bots=3)
    page.goto(f"{server}/#/table/{code}")
    page.wait_for_selector("#btn-ready", timeout=15_000)
    page.tap("#btn-ready")


def my_discard_turn(page: Any) -> None:
    """Wait for this seat's discard prompt, passing on any claim offered before it, and going on
    to the next hand when one ends first (a tuidaohu hand can end before a seat's third turn:
    the wait stalled on the settlement)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(100):
        try:
            page.wait_for_selector("#hand img.discardable, #actions button[data-action=pass], "
                                   "#btn-next", timeout=PROMPT_WAIT_MS)
        except PlaywrightTimeout as stalled:  # what the table had seen, for the failure
            shot(page, "touch-stalled")
            trace = page.evaluate("window.majiang.screen && window.majiang.screen.trace")
            raise AssertionError(f"no prompt in {PROMPT_WAIT_MS} ms; seen: {trace}") from stalled
        following = page.locator("#btn-next")
        if following.count():
            following.first.tap()
            page.wait_for_timeout(300)
            continue
        passing = page.locator("#actions button[data-action=pass]")
        if not passing.count():
            return
        passing.first.tap()
        page.wait_for_timeout(200)
    raise AssertionError("no discard turn after 100 claims")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_two_taps_at_one_spot_pick_then_discard_the_tile(server: str, browser: Any,
                                                         lang: str) -> None:
    """Nothing but the picked tile moves between the taps (the English hint, shorter, let the
    row reflow: the hand went 7 px down)."""
    page = new_page(browser, PHONE, True)
    page.context.add_init_script(f"localStorage.setItem('majiang.lang', '{lang}')")
    sent: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on(
        "framesent", lambda payload: sent.append(json.loads(payload))
        if isinstance(payload, str) and payload.startswith("{") else None))
    try:
        sit_and_start(page, server)
        for turn in range(3):  # three turns of this seat, each by two taps at one point
            my_discard_turn(page)
            tile = page.locator("#hand img.discardable").last
            tile.scroll_into_view_if_needed()
            page.wait_for_timeout(300)  # the hand settles (the turn's hint bar drawn)
            box = tile.bounding_box()
            assert box is not None
            key, name = tile.get_attribute("data-key"), tile.get_attribute("data-tile")
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            first = page.locator("#hand img.discardable").first.bounding_box()
            page.touchscreen.tap(x, y)
            page.wait_for_timeout(300)
            moved = page.locator("#hand img.discardable").first.bounding_box()
            assert first and moved and abs(moved["y"] - first["y"]) < 0.5, (turn, first, moved)
            under = page.evaluate(
                "([x, y]) => { const e = document.elementFromPoint(x, y); return e && "
                "{key: e.dataset.key, cls: e.className}; }", [x, y])
            assert under and under["key"] == key and "selected" in under["cls"], (turn, under)
            acts = len(sent)
            page.touchscreen.tap(x, y)
            page.wait_for_timeout(400)
            discards = [m for m in sent[acts:] if m.get("type") == "act"
                        and m["action"].get("type") == "discard"]
            assert discards and discards[0]["action"]["tile"] == name, (turn, sent[acts:])
    finally:
        page.context.close()


def test_the_scoreboard_closes_by_its_button_and_by_a_tap_outside(server: str,
                                                                  browser: Any) -> None:
    page = new_page(browser, PHONE, True)
    try:
        guest(page, server)
        code = create_table(page, bots=3)
        page.goto(f"{server}/#/table/{code}")
        page.wait_for_selector("#btn-ready, #hand img", timeout=20_000)  # the table's screen
        play_hand(page, "scoreboard-390", touch=True)
        page.tap("#btn-close-settlement")
        page.wait_for_selector("#match-board summary", timeout=15_000)
        # the header and the board number the hand on the board alike (the header said 第2局)
        assert "第1局" in page.inner_text("#match-progress")
        assert "hand 1 " in page.inner_text("#match-progress")
        assert (page.text_content(".center .hand-no") or "").strip() == "第1局Hand 1"
        panel = page.locator(".match-board-panel")
        page.tap("#match-board summary")
        panel.wait_for(state="visible", timeout=2000)
        page.evaluate("window.majiang.screen.render()")  # the table redraws on every event
        assert panel.is_visible(), "a redraw closed the scoreboard"
        page.tap("#btn-board-close")
        panel.wait_for(state="hidden", timeout=2000)
        page.evaluate("window.majiang.screen.render()")
        assert not panel.is_visible(), "a redraw opened the closed scoreboard"
        page.tap("#match-board summary")
        panel.wait_for(state="visible", timeout=2000)
        page.touchscreen.tap(195, 800)  # the board below the panel
        panel.wait_for(state="hidden", timeout=2000)
        assert page.locator("#btn-ready").is_visible()  # the next hand can start
        # the hand is in the history, which fits the phone (the table was 426 px wide: replay
        # buttons cut off, the silver column one character a line)
        page.goto(f"{server}/#/history")
        page.wait_for_selector("#history a.button", timeout=15_000)
        fit = page.evaluate("""() => {
          const b = document.querySelector('#history a.button').getBoundingClientRect();
          return {pageW: document.documentElement.scrollWidth, vw: innerWidth, right: b.right};
        }""")
        assert fit["pageW"] <= fit["vw"] and fit["right"] <= fit["vw"], fit
        shot(page, "history-390", full=True)
    finally:
        page.context.close()


# A redraw (a message's) between a finger's press on a tile and its lift; the tile node kept?
MID_TAP = """(lift) => {
  const s = window.majiang.screen;
  const el = document.querySelector('#hand img.discardable');
  window.__pressed = el;
  el.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, pointerType: 'touch'}));
  s.render();
  const kept = el.isConnected;
  if (lift) el.dispatchEvent(new PointerEvent('pointerup', {bubbles: true, pointerType: 'touch'}));
  return kept;
}"""


def test_a_redraw_waits_for_the_finger_to_lift(server: str, browser: Any) -> None:
    """The table redraws its whole DOM on every message: one landing between a tap's press and
    its lift replaced the tapped tile, and the tap was lost. The redraw waits for the lift, then
    comes; a finger left resting holds it for a second at most."""
    page = new_page(browser, PHONE, True)
    try:
        sit_and_start(page, server)
        my_discard_turn(page)
        assert page.evaluate(MID_TAP, True), "a redraw mid-tap replaced the pressed tile"
        page.wait_for_function("!window.__pressed.isConnected", timeout=2000)  # then it came
        my_discard_turn(page)
        assert page.evaluate(MID_TAP, False)  # pressed, never lifted
        page.wait_for_timeout(500)
        assert page.evaluate("window.__pressed.isConnected")  # held ...
        page.wait_for_function("!window.__pressed.isConnected", timeout=2000)  # ... a second
        assert not page.evaluate("window.majiang.screen.press.pressed")
        # a message between the lift and the click it makes: the CI run's Ready tap was lost so
        my_discard_turn(page)
        assert page.evaluate(LIFT_THEN_REDRAW), "a redraw between the lift and the click"
        page.wait_for_function("!window.__pressed.isConnected", timeout=2000)
    finally:
        page.context.close()


LIFT_THEN_REDRAW = """() => {
  const s = window.majiang.screen;
  const el = document.querySelector('#hand img.discardable');
  window.__pressed = el;
  el.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, pointerType: 'touch'}));
  el.dispatchEvent(new PointerEvent('pointerup', {bubbles: true, pointerType: 'touch'}));
  s.render();
  return el.isConnected;
}"""


SHOW_DISCARD = """() => {
  const s = window.majiang.screen;
  const me = s.view.seat, other = (me + 1) % s.view.players;
  const river = (seat) => s.view.seats.find((x) => x.seat === seat).discards.length;
  const before = { other: river(other), concealed: s.view.seats[other].concealed,
                   hand: s.view.hand.length + (s.view.drawn ? 1 : 0) };
  s.onMessage({ type: "event", event: { type: "discard", seat: other, tile: "9s" } });
  const shown = { other: river(other), concealed: s.view.seats[other].concealed,
                  last: s.view.last_discard,
                  outlined: document.querySelectorAll('.tile.last').length };
  const tile = s.view.drawn || s.view.hand[0];
  s.onMessage({ type: "event", event: { type: "discard", seat: me, tile } });
  return { before, shown, mine: { hand: s.view.hand.length, drawn: s.view.drawn, tile,
           river: river(me), last: s.view.last_discard } };
}"""


def test_a_discard_is_on_the_board_before_the_next_state(server: str, browser: Any) -> None:
    """Claim protection holds the `state` after a discard for the claim window while a claim
    prompt goes out at once: the discard event itself puts the tile in the river, marked as
    the last discard, and takes it out of the discarder's hand (its own, or its count)."""
    page = new_page(browser, PHONE, True)
    try:
        sit_and_start(page, server)
        my_discard_turn(page)  # the hand waits for this seat
        got = page.evaluate(SHOW_DISCARD)
        before, shown, mine = got["before"], got["shown"], got["mine"]
        assert shown["other"] == before["other"] + 1
        assert shown["concealed"] == before["concealed"] - 1
        assert shown["last"]["tile"] == "9s" and shown["outlined"] >= 1, got
        assert mine["hand"] == before["hand"] - 1 and mine["drawn"] is None, got
        assert mine["last"] == {"seat": mine["last"]["seat"], "tile": mine["tile"]}, got
    finally:
        page.context.close()


NOTICE = ("你已离座：需要契约工（200两）以上才能入座 / you were unseated: this table needs "
          "Contract worker (200 taels) or more; you are Temporary worker")


def test_a_long_notice_wraps_on_a_phone_in_this_language_first(server: str, browser: Any) -> None:
    """The unseated notice, one nowrap line, widened the phone's page: the settlement's overlay
    slid off the screen."""
    page = new_page(browser, PHONE, True)
    try:
        guest(page, server)
        code = create_table(page, bots=3)
        page.goto(f"{server}/#/table/{code}")
        page.wait_for_function("window.majiang.screen && window.majiang.screen.table "
                               "&& window.majiang.screen.status === 'connected'", timeout=15_000)
        page.evaluate("(text) => window.majiang.screen.onMessage({type: 'notice', "
                      "notice: 'unseated', text})", NOTICE)
        notice = page.locator("#table-notice")
        notice.wait_for(state="visible", timeout=5000)
        assert notice.inner_text().startswith("你已离座")  # zh-CN: Chinese first, English small
        width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert width[0] <= width[1], width
        box = notice.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390.5, box
    finally:
        page.context.close()
