"""A newcomer's review of the table, at a phone's 390x844 (and 360 wide) and a desktop's 1366x768.

- Jincheng after 上架: the thirteen tiles, the drawn tile and the set-aside tile fit the phone's
  width (the page grew to 398 px on a 390 px screen, the first tile cut off, the 上架 box one
  character a line).

The states are put into the page's view of a dealt hand and measured in the same call (no timing).
Fixtures: `conftest.py`.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_layout import PAGE_ERRORS, guest, new_page, shot

pytestmark = pytest.mark.browser

SIZES = [("phone", {"width": 390, "height": 844}, True),
         ("phone360", {"width": 360, "height": 740}, True),
         ("laptop", {"width": 1366, "height": 768}, False)]

QUIET = ("localStorage.setItem('majiang.motion', 'off');"
         " localStorage.setItem('majiang.sound', 'off')")

OPEN = """async (rules) => {
  const r = await fetch('/api/tables', {method: 'POST', body: JSON.stringify({rules, level: 1,
    bots: rules === 'kawuxing' ? 2 : 3}), headers: {'Content-Type': 'application/json',
    Authorization: 'Bearer ' + localStorage.getItem('majiang.token')}});
  return (await r.json()).code;
}"""


def dealt_table(page: Any, server: str, rules: str) -> None:
    """A new guest at a new table of `rules` with bots, Ready pressed, the hand dealt."""
    guest(page, server)
    code = page.evaluate(OPEN, rules)
    page.goto(f"{server}/#/table/{code}")
    page.wait_for_selector("#btn-ready", timeout=15_000)
    page.click("#btn-ready")
    page.wait_for_function("() => window.majiang.screen && window.majiang.screen.view"
                           " && window.majiang.screen.view.hand", timeout=30_000)


# 上架: thirteen tiles in hand, one drawn, one set aside, the discard prompt on every tile
SET_ASIDE = """() => { const s = window.majiang.screen, v = s.view;
  const hand = '1m2m3m4m5m6m7m1p2p3p4p5p6p'.match(/../g);
  s.view = {...v, phase: 'play', hand, drawn: '9s', set_aside: '8m', turn: v.seat};
  s.prompt = {prompt_id: -1, received: performance.now(), seconds_left: 60, bank_left: 30,
    actions: [...hand, '9s'].map((tile) => ({type: 'discard', tile})),
    hints: {discards: [...hand, '9s'].map((tile) => ({tile, ready: false, shanten: 1, count: 4,
      tiles: ['1s']}))}};
  s.selected = null; s.render();
  document.querySelector('#my-hand').scrollIntoView({block: 'nearest'});
  const r = (e) => e.getBoundingClientRect();
  const tiles = [...document.querySelectorAll('#hand img, #drawn img, #set-aside img')].map(r);
  const label = r(document.querySelector('#set-aside small'));
  const line = parseFloat(getComputedStyle(document.querySelector('#set-aside small')).lineHeight)
    || 16;
  return {vw: innerWidth, vh: innerHeight, scroll: document.documentElement.scrollWidth,
    count: tiles.length, label: [label.width, label.height, line],
    out: tiles.filter((b) => b.left < -0.5 || b.right > innerWidth + 0.5 || b.top < -0.5
      || b.bottom > innerHeight + 0.5).map((b) => [b.left, b.top, b.right, b.bottom]),
    small: tiles.filter((b) => b.width < 14).length}; }"""


@pytest.mark.parametrize("name,size,touch", SIZES, ids=[s[0] for s in SIZES])
def test_jincheng_set_aside_fits_the_hand_row(server: str, browser: Any, name: str,
                                              size: dict[str, int], touch: bool) -> None:
    page = new_page(browser, size, touch)
    page.context.add_init_script(QUIET)
    try:
        dealt_table(page, server, "jincheng")
        got = page.evaluate(SET_ASIDE)
        shot(page, f"newcomer-set-aside-{name}")
        assert got["count"] == 15, got
        # a phone's page grows to its content (innerWidth too): measured against the screen
        width = size["width"]
        assert got["vw"] == width and got["scroll"] <= width, f"{name}: page wider {got}"
        assert got["out"] == [] and got["small"] == 0, f"{name}: own tiles off screen {got}"
        # the 上架 label: at most two lines (it broke one character a line)
        assert got["label"][1] <= 2 * got["label"][2] + 1, f"{name}: label wraps {got}"
        assert PAGE_ERRORS == [], PAGE_ERRORS
    finally:
        page.context.close()
