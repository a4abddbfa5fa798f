"""A friends' room with two real browsers (two contexts, phones at 390x844) and two bots: the
owner creates it (match of 2 hands), the friend opens the invite link and comes in as a guest,
the owner adds the second bot on the room page, both get ready and play the match to its summary
(the scoreboard of both hands, the places), then the room page shows the summary too; the ledger
stays balanced. Screenshots go to `screenshots/rooms-*.png`.

Its own `majiang serve` on a loopback port in 18700-18799 with its own SQLite file under /tmp.
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from server_process import served
from test_layout import BROWSER_ENV, PAGE_ERRORS, PHONE, SHOTS, new_page, press

pytestmark = pytest.mark.browser
MATCH_TIMEOUT_S = 300


@pytest.fixture(scope="module")
def room_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served(tmp_path_factory.mktemp("rooms"), "rooms", BROWSER_ENV) as process:
        yield process.url


def shot(page: Any, name: str, full: bool = False) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"rooms-{name}.png"), full_page=full)


def no_overflow(page: Any, where: str) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], f"{where}: page {width[0]} px wide > {width[1]}"


STATE = """() => {
  const s = window.majiang.screen || {};
  const p = s.prompt ? s.prompt.actions.map((a) => a.type + (a.tile ? ':' + a.tile : '')) : null;
  return JSON.stringify({ phase: s.view?.phase, hand: s.view?.hand_no, turn: s.view?.turn,
    prompt: p, settlement: !!s.settlement, hold: s.holdSettlement, table: s.table?.status,
    seats: (s.table?.seats || []).map((x) => x && [x.seat, x.ready]), match: s.match?.status,
    played: s.match?.hands_played, over: !!s.matchOver, status: s.status,
    buttons: [...document.querySelectorAll('button')].filter((b) => b.offsetParent)
      .map((b) => (b.id || b.className) + (b.disabled ? '(disabled)' : '')) });
}"""


def opened(panel: Any) -> bool:
    """The panel shows within a second (a tap that met the end of the hand may be lost)."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        panel.wait_for(state="visible", timeout=1000)
    except PlaywrightError:
        return False
    return True


def step(page: Any) -> str:
    """One move of this page's player: 'over' once the match's totals show."""
    if page.locator("#match-totals").count():
        return "over"
    if page.evaluate("!!window.majiang.screen?.matchOver"):
        # the match is over (match_over comes before the last settlement): its totals show once
        # the win's call has been seen; the Ready beside them would open the next match
        return "waiting"
    if page.locator("#settlement").count():
        press(page, page.locator("#btn-next"), True)
        return "next"
    for sel in ("#btn-ready", "#actions button[data-action=win]",
                "#actions button[data-action=pass]"):
        if press(page, page.locator(sel), True):
            return "acted"
    tile = page.locator("#drawn img.discardable")
    if tile.count() == 0:
        tile = page.locator("#hand img.discardable")
    if tile.count():
        key = tile.first.get_attribute("data-key")
        if press(page, tile, True):
            picked = page.locator(f"img.selected[data-key='{key}']")
            if picked.count():
                press(page, picked, True)
            return "discarded"
    if press(page, page.locator("#actions button.action"), True):
        return "acted"
    return "idle"


def test_two_friends_and_two_bots_play_a_match(room_server: str, browser: Any) -> None:
    owner = new_page(browser, PHONE, True)
    owner.goto(room_server + "/")
    owner.click("#btn-guest")
    owner.wait_for_selector("#btn-create-room")
    owner.select_option("#sel-rules", "tuidaohu")
    owner.select_option("#sel-level", "1")
    owner.select_option("#sel-bots", "1")
    owner.fill("#in-match", "2")
    owner.click("#btn-create-room")
    owner.wait_for_selector("#room-code")
    code = owner.locator("#room-code").inner_text().strip()
    invite = owner.locator("#room-invite").input_value()
    assert invite.endswith(f"#/join/{code}")
    assert "2" in owner.locator("#room-settings").inner_text()
    shot(owner, "1-owner-room", full=True)

    friend = new_page(browser, PHONE, True)
    friend.goto(invite)
    friend.wait_for_selector("#join-notice")
    assert code in friend.locator("#join-notice").inner_text()
    shot(friend, "2-friend-invite")
    friend.click("#btn-guest")
    friend.wait_for_selector("#room-code")
    assert friend.locator("#btn-dissolve-room").count() == 0  # the owner's controls only
    assert friend.locator("[id^=btn-kick-], [id^=btn-add-bot-]").count() == 0

    owner.wait_for_selector("[id^=btn-kick-]", timeout=10000)  # the friend is seated
    owner.locator("[id^=btn-add-bot-]").first.click()
    owner.wait_for_function(
        "document.querySelectorAll('#room-seats [id^=btn-remove-bot-]').length === 2")
    no_overflow(owner, "owner room")
    shot(owner, "3-owner-full", full=True)
    friend.wait_for_function("document.querySelectorAll('#room-seats li .badge').length === 1")
    friend.click("#btn-room-ready")
    friend.wait_for_selector("#room-seats .pos")
    shot(friend, "4-friend-ready", full=True)
    owner.click("#btn-room-ready")
    for page in (owner, friend):
        page.wait_for_selector("#table-code", timeout=15000)

    deadline = time.monotonic() + MATCH_TIMEOUT_S
    done: set[int] = set()
    board_seen = False
    while len(done) < 2:
        if time.monotonic() > deadline:
            states = {}
            for name, page in (("owner", owner), ("friend", friend)):
                shot(page, f"9-{name}-stuck", full=True)
                states[name] = page.evaluate(STATE)
            raise AssertionError(f"the match did not end in time: {states}")
        for i, page in enumerate((owner, friend)):
            if i not in done and step(page) == "over":
                done.add(i)
        board = owner.locator("#match-board summary")
        if not board_seen and not done and owner.locator("#settlement").count() == 0 \
                and board.count() and press(owner, board, True) \
                and opened(owner.locator(".match-board-panel")):
            board_seen = True  # the scoreboard across the match, opened from the table's header
            assert owner.locator("#match-board #scoreboard tr[data-hand]").count() == 1
            box = owner.locator("#match-board .card").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390.5, box
            shot(owner, "5-owner-scoreboard-mid-match")
            assert press(owner, owner.locator("#btn-board-close"), True)  # it covers its toggle
            assert not owner.locator(".match-board-panel").is_visible()
        if not done:
            owner.wait_for_timeout(30)
    assert board_seen
    for name, page in (("owner", owner), ("friend", friend)):
        page.wait_for_function("!document.querySelector('.win-burst')", timeout=8000)
        summary = page.locator("#match-summary").inner_text()
        assert "本场总结" in summary
        assert page.locator("#match-totals #scoreboard tr[data-hand]").count() == 2
        assert page.locator("#match-summary tr[data-place]").count() == 4
        no_overflow(page, f"{name} summary")
        shot(page, f"6-{name}-summary")
        page.locator("#match-summary").scroll_into_view_if_needed()
        shot(page, f"7-{name}-summary-table")

    owner.click("#btn-back-room")
    owner.wait_for_selector("#room-page #match-summary")
    owner.wait_for_function("!document.querySelector('.win-burst')", timeout=8000)
    assert owner.locator("#room-page #scoreboard tr[data-hand]").count() == 2
    no_overflow(owner, "room after the match")
    shot(owner, "8-owner-room-after", full=True)
    with urllib.request.urlopen(room_server + "/api/ledger/check", timeout=5) as res:
        assert json.loads(res.read())["balanced"]
    assert not PAGE_ERRORS, PAGE_ERRORS
    owner.context.close()
    friend.context.close()
