"""A newcomer's second review (390x844 touch, 844x390, 1366x768): the earlier review's leftovers.

- A portrait phone's own tiles are as wide as the row allows: thirteen tiles and the drawn one
  were sized for fifteen slots with a 1 px gap each (24.5 x 32.6 px at 390 wide, 19 px of the row
  unused); now 26 px at 390 and 24 at 360, every tile still on the screen, no sideways scroll.
- The wall's cut beside the dice on the felt ((切牌 cut 11)) is readable: it was the page's grey
  on the green, 1.0:1; now at least 4.5:1 against the pixels behind it, in both languages.
- On a desktop scrolled down the table, an overlay (the settlement, Leave's question) starts under
  what is on screen of the top bar, not under the bar's whole height: a 50 px strip of the page,
  undimmed, showed above it.
- The profile's "My hands" on a phone: each hand a small grid, its result, its ruleset and number
  and its silver on one line, who won with what under them, aligned from row to row (the parts
  wrapped each on its own: "#3", "me:" and "tael" stood apart on lines of their own).
- The settlement's level badges on a phone are as wide as their words (the medal beside the name
  and its other language): a wrapped flex box kept its one-line width, 116 px round 60 of words.
- A player unseated for too little silver is told, under 你已离座 in the settlement, where silver
  comes from: the lobby's Free silver (daily check-in, relief when low), in both languages, read
  whole at 390 px (the notice named the level needed and nothing more).

The states are put into the page's view of a dealt hand (its socket held) and measured at once.
Fixtures: `conftest.py`.
"""

from __future__ import annotations

import base64
from typing import Any

import pytest
from test_layout import PAGE_ERRORS, SHOTS, new_page, shot
from test_newcomer_fixes import held_table
from test_newcomer_play import HAND_ROW, STATS, profile_page
from test_settlement_text import LEVELS, NAMES

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

# this seat's turn with thirteen tiles and a drawn one (`melds`: that many pungs laid down, the
# hand three tiles shorter for each); the own tiles measured
FULL_HAND = """(melds) => { const s = window.majiang.screen, v = s.view;
  const all = '1m2m3m4m5m6m7m8m9m1p2p3p4p'.match(/../g);
  const hand = all.slice(3 * melds);
  const seats = v.seats.map((x) => x.seat === v.seat ? {...x, melds: Array.from({length: melds},
    (_, i) => ({type: 'pong', tiles: ['5s', '5s', '5s'].map(() => `${i + 1}s`)}))} : x);
  s.view = {...v, phase: 'play', hand, drawn: '9s', turn: v.seat, seats};
  s.prompt = {prompt_id: -1, received: performance.now(), seconds_left: 60, bank_left: 30,
    actions: [...hand, '9s'].map((tile) => ({type: 'discard', tile}))};
  s.selected = null; s.render();
  document.querySelector('#my-hand').scrollIntoView({block: 'nearest'});
  const tiles = [...document.querySelectorAll('#hand img, #drawn img')]
    .map((e) => e.getBoundingClientRect());
  return {vw: innerWidth, vh: innerHeight, scroll: document.documentElement.scrollWidth,
    count: tiles.length, w: Math.min(...tiles.map((b) => b.width)),
    h: Math.min(...tiles.map((b) => b.height)),
    out: tiles.filter((b) => b.left < -0.5 || b.right > innerWidth + 0.5 || b.top < -0.5
      || b.bottom > innerHeight + 0.5).map((b) => [b.left, b.top, b.right, b.bottom])}; }"""

TILE_SIZES = [("390", PHONE, True, 26.0), ("360", {"width": 360, "height": 740}, True, 24.0),
              ("landscape", {"width": 844, "height": 390}, True, 38.0),
              ("laptop", {"width": 1366, "height": 768}, False, 58.0)]


@pytest.mark.parametrize("name,size,touch,least", TILE_SIZES, ids=[t[0] for t in TILE_SIZES])
def test_a_phone_hand_has_the_widest_tiles_that_fit(server: str, browser: Any, name: str,
                                                    size: dict[str, int], touch: bool,
                                                    least: float) -> None:
    page = held_table(browser, server, "tuidaohu", size, touch)
    try:
        for melds in (0, 1):
            got = page.evaluate(FULL_HAND, melds)
            if melds == 0:
                shot(page, f"leftovers-hand-{name}")
            assert got["count"] == 14 - 3 * melds, got
            # at 390 px: 26.4 x 35.2 (it was 24.5 x 32.6); at 360: 24.4 (22.5)
            assert got["w"] >= least and got["h"] >= least * 4 / 3 - 0.5, f"{name}: {got}"
            assert got["out"] == [] and got["scroll"] <= size["width"], f"{name}: {got}"
        assert PAGE_ERRORS == [], PAGE_ERRORS
    finally:
        page.context.close()


# the cut's text and its English: their colours and boxes
CUT = """() => { const e = document.querySelector('#dice > small:last-of-type');
  const o = e.querySelector('small.other-lang'); const b = e.getBoundingClientRect();
  return {text: e.innerText, fg: getComputedStyle(e).color, fgOther: getComputedStyle(o).color,
    box: {x: b.left, y: b.top, width: b.width, height: b.height}}; }"""

# the average colour of a PNG (base64), read in the page's canvas
AVERAGE = """async (png) => { const img = new Image(); img.src = 'data:image/png;base64,' + png;
  await img.decode(); const c = document.createElement('canvas');
  c.width = img.width; c.height = img.height; const g = c.getContext('2d'); g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, c.width, c.height).data; const sum = [0, 0, 0];
  for (let i = 0; i < d.length; i += 4) { sum[0] += d[i]; sum[1] += d[i + 1]; sum[2] += d[i + 2]; }
  const n = d.length / 4; return sum.map((v) => v / n); }"""


def contrast(a: list[float], b: list[float]) -> float:
    def lum(c: list[float]) -> float:
        x = [v / 255 for v in c]
        x = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in x]
        return 0.2126 * x[0] + 0.7152 * x[1] + 0.0722 * x[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def rgb(css: str) -> list[float]:
    return [float(v) for v in css[css.index("(") + 1:css.index(")")].split(",")[:3]]


@pytest.mark.parametrize("name,size,touch", [("390", PHONE, True),
                                             ("laptop", {"width": 1366, "height": 768}, False)])
def test_the_cut_beside_the_dice_is_readable(server: str, browser: Any, name: str,
                                             size: dict[str, int], touch: bool) -> None:
    page = held_table(browser, server, "tuidaohu", size, touch)
    try:
        page.evaluate("document.querySelector('#dice').scrollIntoView({block: 'center'})")
        got = page.evaluate(CUT)
        assert "切牌" in got["text"] and "cut" in got["text"], got
        # the felt behind it, the text hidden
        hide = "#dice > small:last-of-type, #dice > small:last-of-type * { color: transparent; }"
        page.add_style_tag(content=hide.replace(";", " !important;"))
        png = base64.b64encode(page.screenshot(clip=got["box"])).decode()
        felt = page.evaluate(AVERAGE, png)
        for fg in (got["fg"], got["fgOther"]):
            ratio = contrast(rgb(fg), felt)
            assert ratio >= 4.5, f"{name}: {fg} on {felt}: {ratio:.2f}:1"  # it was 1.0:1
        assert PAGE_ERRORS == [], PAGE_ERRORS
    finally:
        page.context.close()


# Leave's question over the table, the page scrolled `y` down: the overlay's top, the bar's bottom
OVERLAY = """async (y) => { const s = window.majiang.screen; scrollTo(0, y);
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  if (!document.querySelector('.overlay')) { s.confirmLeave = true; s.render(); }
  await new Promise((r) => requestAnimationFrame(r));
  return {scrollY, overlay: document.querySelector('.overlay').getBoundingClientRect().top,
    bar: document.getElementById('bar').getBoundingClientRect().bottom}; }"""


def test_an_overlay_leaves_no_strip_once_the_page_has_scrolled(server: str, browser: Any) -> None:
    page = held_table(browser, server, "tuidaohu", {"width": 1366, "height": 768}, False)
    try:
        # a long hand's log below the table: the page scrolls (the log is redrawn, so a block)
        page.evaluate("""() => { const e = document.createElement('div');
          e.style.height = '900px'; document.body.append(e); }""")
        got = page.evaluate(OVERLAY, 600)
        shot(page, "leftovers-overlay-scrolled")
        assert got["scrollY"] > got["bar"] + 60, got  # the bar is off the screen
        assert got["overlay"] <= 0.5, got  # it was at 50: the bar's height
        got = page.evaluate(OVERLAY, 0)  # at the top, the bar usable above the overlay
        assert got["scrollY"] == 0 and abs(got["overlay"] - got["bar"]) <= 0.5, got
        got = page.evaluate(OVERLAY, 20)  # part of it on the screen
        assert got["bar"] > 0 and abs(got["overlay"] - got["bar"]) <= 0.5, got
        assert PAGE_ERRORS == [], PAGE_ERRORS
    finally:
        page.context.close()


# each hand row of the profile: its parts' boxes
HAND_ROWS = """() => [...document.querySelectorAll('#profile-hands .hand-row')].map((row) => {
  const r = (q) => { const e = q ? row.querySelector(q) : row; const b = e.getBoundingClientRect();
    return {l: b.left, r: b.right, t: b.top, b: b.bottom, h: b.height}; };
  const silver = row.querySelector(':scope > b');
  return {row: r(null), link: r(':scope > a'), who: r(':scope > .hand-who, :scope > .bi'),
    silver: r(':scope > b'), size: parseFloat(getComputedStyle(silver).fontSize)}; })"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_my_hands_on_a_phone_are_tidy_rows(server: str, browser: Any, lang: str) -> None:
    page = new_page(browser, PHONE, True)
    page.context.add_init_script(f"localStorage.setItem('majiang.lang', '{lang}')")
    try:
        hands = [HAND_ROW, {**HAND_ROW, "hand_id": 1234, "result": "loss", "silver": -12,
                            "units": -12}]
        profile_page(page, server, {"all": STATS}, [], hands)
        rows = page.evaluate(HAND_ROWS)
        page.locator("#profile-hands").screenshot(
            path=str(SHOTS / f"layout-leftovers-my-hands-{lang}.png"))
        assert len(rows) == 2, rows
        for x in rows:
            # the silver on one line, at the row's right, beside the link (not under it)
            assert x["silver"]["h"] <= 1.7 * x["size"], x
            assert x["silver"]["r"] <= x["row"]["r"] + 0.5, x
            assert x["silver"]["t"] < x["link"]["b"] and x["silver"]["l"] > x["link"]["r"], x
            # who won with what: a line of its own under the link, from the link's left
            assert x["who"]["t"] >= x["link"]["b"] - 1, x
            assert abs(x["who"]["l"] - x["link"]["l"]) < 1, x
            assert x["link"]["h"] >= 44, x  # a finger's link still
        assert abs(rows[0]["link"]["l"] - rows[1]["link"]["l"]) < 1, rows  # aligned
        assert PAGE_ERRORS == [], PAGE_ERRORS
    finally:
        page.context.close()


# each level badge shown in the settlement's silver table: its width, and its room past its words
BADGES = """() => [...document.querySelectorAll('table.money .badge')].filter((b) => b.offsetParent)
  .map((b) => { const r = b.getBoundingClientRect();
    const walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT); let right = 0, n;
    while ((n = walk.nextNode())) { const q = document.createRange(); q.selectNodeContents(n);
      for (const x of q.getClientRects()) if (x.width) right = Math.max(right, x.right); }
    return {text: b.innerText.replace(/\\s+/g, ' '), w: r.width,
      slack: r.right - right - parseFloat(getComputedStyle(b).paddingRight)}; })"""


@pytest.mark.parametrize("width", [390, 360])
def test_a_phone_level_badge_is_as_wide_as_its_words(server: str, browser: Any,
                                                     width: int) -> None:
    page = new_page(browser, {"width": width, "height": 844}, True)
    try:
        for lang in ("zh", "en"):
            page.goto(server + "/")  # the settlement replaces the page's body
            page.evaluate(LEVELS, [lang, NAMES])
            badges = page.evaluate(BADGES)
            assert len(badges) == 4, badges
            for b in badges:
                assert "Small boss" in b["text"] or "Worker" in b["text"], b
                assert b["slack"] <= 1, (width, lang, b)  # it was 46.6 px (116 wide)
            page.locator("table.money").screenshot(
                path=str(SHOTS / f"layout-leftovers-badges-{width}-{lang}.png"))
        assert PAGE_ERRORS == [], PAGE_ERRORS
    finally:
        page.context.close()


NOTICE = ("你已离座：需要临时工（100两）以上才能入座 / you were unseated: this table needs "
          "Temporary worker (100 taels) or more; you are Unemployed")

# the unseated notice, then the hand's settlement (a drawn hand) over the table
UNSEATED = """(text) => { const s = window.majiang.screen;
  s.onMessage({type: 'notice', notice: 'unseated', text});
  s.settlement = {winners: [], stake: 1, hand_id: null, lines: [],
    payments: {units: [0, 0, 0, 0], silver: [0, 0, 0, 0]},
    balances_before: [0, 400, 400, 400], balances_after: [0, 400, 400, 400],
    levels_before: [null, null, null, null], levels_after: [null, null, null, null]};
  s.render();
  const n = document.querySelector('#settle-notice');
  return {text: n.innerText, whole: n.scrollHeight <= n.clientHeight + 1,
    right: n.getBoundingClientRect().right, vw: innerWidth,
    scroll: document.documentElement.scrollWidth}; }"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_unseated_player_is_told_where_silver_comes_from(server: str, browser: Any,
                                                            lang: str) -> None:
    page = held_table(browser, server, "tuidaohu", PHONE, True, lang=lang)
    try:
        got = page.evaluate(UNSEATED, NOTICE)
        shot(page, f"leftovers-unseated-{lang}")
        assert "你已离座" in got["text"] and "unseated" in got["text"], got
        # the lobby's card and its two faucets, named as the lobby names them, in both languages
        for word in ("福利", "签到", "救济金", "Free silver", "check-in", "relief"):
            assert word in got["text"], (word, got)
        assert got["whole"], got  # not cut in its little scrolling box
        assert got["right"] <= got["vw"] + 0.5 and got["scroll"] <= got["vw"], got
        # no Next hand at a table whose seat is lost (its Ready was refused): Play on instead
        assert page.locator("#btn-next").count() == 0
        assert page.locator("#btn-play-on").is_visible()
        assert PAGE_ERRORS == [], PAGE_ERRORS
    finally:
        page.context.close()
