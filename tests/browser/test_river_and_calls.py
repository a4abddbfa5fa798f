"""A hand near its end, in a real browser at a laptop's 1366x768, a desktop's 1920x1080 and a
phone's 390x844: this seat's own river stays in sight above the sticky hand strip (its discards slid
under the strip and its buttons), and a call's banner (碰 / 胡 ...) leaves every clock readable (it
covered the compass's clock and the seat's own).

The long rivers are put into the page's view of the hand (24 discards before every seat, melds
too) while this seat's discard prompt waits; the banners are shown with motion off, at rest.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_layout import PAGE_ERRORS, QUIET, guest, new_page

pytestmark = pytest.mark.browser

SIZES = [("laptop", {"width": 1366, "height": 768}, False),
         ("desktop", {"width": 1920, "height": 1080}, False),
         ("phone", {"width": 390, "height": 844}, True)]

# every seat's river 24 tiles long, three melds on the table: a hand near its end; the seat
# across is the dealer, its head widest (name, 庄 Dealer, 机器人 bot beside its tiles: once they
# wrapped to a row of their own and pushed this seat's river under the strip, at 1366x768)
LONG_HAND = """() => { const s = window.majiang.screen, v = s.view;
  const river = '1m2m3m4m5m6m7m8m9m1p2p3p4p5p6p7p8p9p1s2s3s4s5s6s7s8s'.match(/../g).slice(0, 24);
  const melds = [{kind: 'pung', tiles: '1z1z1z'}, {kind: 'exposed_kong', tiles: '2z2z2z2z'}];
  s.view = {...v, dealer: (v.seat + 2) % 4, seats: v.seats.map((x) => ({...x, discards: river,
    melds: x.seat === v.seat ? melds.slice(0, 1) : melds}))};
  s.render(); scrollTo(0, 0); }"""

RIVER = """() => { const r = (e) => e.getBoundingClientRect();
  const strip = [r(document.getElementById('my-hand')), r(document.getElementById('actions'))];
  const hit = (a, b) => a.left < b.right && b.left < a.right
    && a.top < b.bottom && b.top < a.bottom;
  const own = [...document.querySelectorAll('.seat.me .discards img')].map(r);
  return {count: own.length, bad: own.filter((d) => strip.some((s) => hit(d, s))
    || d.top < 0 || d.bottom > innerHeight || d.left < 0 || d.right > innerWidth)
    .map((d) => [d.left, d.top, d.right, d.bottom]),
    strip: strip.map((s) => [s.top, s.bottom])}; }"""

CALL = """async ([call, where]) => { const { announce } = await import('/static/js/sound.js');
  const el = announce(call, where, 'bot-x'); const r = (e) => e.getBoundingClientRect();
  const b = r(el);
  const hit = (a) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const clocks = [...document.querySelectorAll('#bar, #clock.on, #timer.on, .seat-timer.on')]
    .filter((e) => r(e).width > 0 && r(e).height > 0);
  const out = {banner: [b.left, b.top, b.right, b.bottom], clocks: clocks.length,
    covered: clocks.filter((e) => hit(r(e))).map((e) => e.id || e.className)};
  el.remove(); return out; }"""


def at_my_discard(page: Any) -> None:
    """Wait for this seat's discard prompt, passing on any claim offered first (the table waits
    for the answer: a pung offer once held it past the wait), and after a bot's early win in the
    next hand."""
    passing = page.locator("#actions button[data-action=pass]")
    hands = 1
    while hands <= 4:
        page.wait_for_selector("#hand img.discardable, #settlement, "
                               "#actions button[data-action=pass]", timeout=30000)
        if page.locator("#hand img.discardable").count():
            return
        if passing.count():
            passing.first.click()
            page.wait_for_selector("#actions button[data-action=pass]", state="detached")
            continue
        page.click("#btn-close-settlement")
        page.click("#btn-ready")
        hands += 1
    pytest.fail("no discard prompt of this seat in four hands")


@pytest.mark.parametrize("name,size,touch", SIZES, ids=[s[0] for s in SIZES])
def test_own_river_in_sight_and_calls_clear_of_the_clocks(
    server: str, browser: Any, name: str, size: dict[str, int], touch: bool
) -> None:
    page = new_page(browser, size, touch)
    page.context.add_init_script(QUIET)
    try:
        guest(page, server)
        page.select_option("#sel-rules", "tuidaohu")
        page.select_option("#sel-bots", "3")
        page.click("#btn-create")
        page.click("#btn-ready")
        at_my_discard(page)
        page.evaluate(LONG_HAND)
        river = page.evaluate(RIVER)
        assert river["count"] == 24, river
        assert river["bad"] == [], f"{name}: own discards under the strip or off screen {river}"
        # the compass's clock, this seat's clock and the strip's turn time are running
        assert page.locator("#clock.on, #timer.on, .seat-timer.on").count() >= 3
        for where in ("bottom", "right", "top", "left"):
            for call in ("pung", "win"):
                got = page.evaluate(CALL, [call, where])
                assert got["clocks"] >= 3 and got["covered"] == [], f"{name} {call} {where}: {got}"
        assert PAGE_ERRORS == [], PAGE_ERRORS
    finally:
        page.context.close()
