"""The table on a phone and on a desktop, in a real browser: a whole hand of every ruleset by taps
(390x844, touch) and by clicks (1920x1080), measured as it is played.

Bars (issue 10, items 1, 4, 7): no horizontal overflow (document scrollWidth <= viewport width,
at 360 px too), every own tile inside the viewport, every claim button at least 44 px high, the top
bar not wrapped one character per line; wuhan's one-tile kongs drawn as one tile and its laizi
marked 赖; the lobby's list inside its card, a real click on Join, full tables not listed, leaving
mid-hand confirmed. Screenshots go to `screenshots/layout-*.png`; the numbers measured are
printed (`pytest -s`) and written to `screenshots/layout-metrics.json`.

Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium) through Playwright; a real
`majiang serve` on a free loopback port (`server_process.served`) with its own SQLite file and bots
at full speed.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_process import served

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
RULESETS = [("tuidaohu", 4), ("yangzhou", 4), ("kawuxing", 3), ("jincheng", 4), ("wuhan", 4)]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1920, "height": 1080}
HAND_TIMEOUT_S = 150
METRICS: dict[str, Any] = {}
PAGE_ERRORS: list[str] = []

# What a page measures of itself: overflow, the own tiles, the claim buttons, the top bar.
MEASURE = """() => {
  const r = (el) => { const b = el.getBoundingClientRect();
    return {x: Math.round(b.left * 10) / 10, y: Math.round(b.top * 10) / 10,
            w: Math.round(b.width * 10) / 10, h: Math.round(b.height * 10) / 10}; };
  const vw = window.innerWidth, vh = window.innerHeight;
  const own = [...document.querySelectorAll('#hand img, #drawn img')].map(r);
  const buttons = [...document.querySelectorAll('#actions button')].map((b) =>
    ({...r(b), action: b.dataset.action || ''}));
  const bar = [...document.querySelectorAll('#bar > *')].filter((e) => e.offsetParent)
    .map((e) => ({...r(e), text: e.innerText.trim().slice(0, 20)}));
  return {vw, vh, scrollWidth: document.documentElement.scrollWidth,
          bodyScrollWidth: document.body.scrollWidth, own, buttons, bar,
          rivers: document.querySelectorAll('.board .discards').length,
          seats: document.querySelectorAll('.board .seat').length};
}"""


# A phone's table at scroll 0: the top bar's height, Leave's top, the bottom of this seat's
# place on the felt (the last row above the hand), the hand's top and bottom, the viewport's height.
FIT = """() => { scrollTo(0, 0);
  const r = (q) => document.querySelector(q).getBoundingClientRect();
  return {bar: r('#bar').height, leave: r('#btn-leave').top, board: r('.seat.me').bottom,
          hand: r('#my-hand').top, handBottom: r('#my-hand').bottom, vh: innerHeight}; }"""


SKIP_GUIDE = "localStorage.setItem('majiang.guide', 'seen')"
# no animation and no sound: a page measured at rest
QUIET = ("localStorage.setItem('majiang.motion', 'off');"
         " localStorage.setItem('majiang.sound', 'off')")

def _missing(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true and the browser test cannot run: {reason}")
    pytest.skip(reason)


def chromium_path() -> str | None:
    env = os.environ.get("CHROMIUM_PATH")
    for candidate in (env, "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


# the environment of every browser module's server: turns slow enough for a test's taps, and
# many guests and accounts from the one address of the tests' browsers
BROWSER_ENV = {"MAJIANG_TURN_SECONDS": "120", "MAJIANG_BANK_SECONDS": "120",
               "MAJIANG_GUEST_GRANTS": "1000", "MAJIANG_SIGNUPS": "1000",
               "PYTHONUNBUFFERED": "1"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served(tmp_path_factory.mktemp("layout"), "layout", BROWSER_ENV) as process:
        yield process.url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed")
    path = chromium_path()
    if path is None:
        _missing("no Chromium (install Debian's `chromium` or set CHROMIUM_PATH)")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / "layout-metrics.json").write_text(json.dumps(METRICS, indent=1, ensure_ascii=False))


def new_page(browser: Any, size: dict[str, int], touch: bool) -> Any:
    context = browser.new_context(bypass_csp=True, viewport=size, locale="zh-CN",
                                  has_touch=touch, is_mobile=touch)
    context.add_init_script(SKIP_GUIDE)  # the first-visit guide is tested in test_hints_rules
    page = context.new_page()
    page.on("pageerror", lambda exc: PAGE_ERRORS.append(str(exc)))
    return page


def shot(page: Any, name: str, full: bool = False) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"layout-{name}.png"), full_page=full)


def press(page: Any, locator: Any, touch: bool) -> bool:
    """Tap (touch) or click the first match; False if it is gone or moved under us."""
    from playwright.sync_api import Error as PlaywrightError

    if locator.count() == 0:
        return False
    try:
        if touch:
            locator.first.tap(timeout=1500)
        else:
            locator.first.click(timeout=1500)
    except PlaywrightError:
        return False
    return True


EXPENSIVE = ("yangzhou", "wuhan")  # seat requirements above a new guest's 100 taels


def guest(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.wait_for_selector("#btn-guest, #btn-create")
    if page.locator("#btn-logout").count():
        page.click("#btn-logout")
    page.click("#btn-guest")
    page.wait_for_selector("#btn-create")


CREATE = """async (bots) => {
  const r = await fetch('/api/tables', {method: 'POST', body: JSON.stringify({rules: 'tuidaohu',
    level: 1, bots}), headers: {'Content-Type': 'application/json',
    Authorization: 'Bearer ' + localStorage.getItem('majiang.token')}});
  return (await r.json()).code;
}"""


def create_table(page: Any, bots: int) -> str:
    """A tuidaohu table by the page's user with `bots` bots (over HTTP, as the lobby does)."""
    code: str = page.evaluate(CREATE, bots)
    return code


def check(m: dict[str, Any], where: str) -> None:
    """The bars on one measurement."""
    assert m["scrollWidth"] <= m["vw"], f"{where}: page {m['scrollWidth']} px wide > {m['vw']}"
    for t in m["own"]:
        assert t["x"] >= -0.5 and t["x"] + t["w"] <= m["vw"] + 0.5, f"{where}: own tile outside {t}"
        assert t["w"] >= 14, f"{where}: own tile too small {t}"
    for b in m["buttons"]:
        assert b["h"] >= 44, f"{where}: button {b} lower than 44 px"
    for item in m["bar"]:
        # one character per line would make an item much taller than wide
        assert item["h"] <= 48, f"{where}: top bar item wraps {item}"


def own_tiles_in_view(page: Any) -> list[dict[str, float]]:
    """The own tiles once the hand is scrolled into view: each wholly inside the viewport."""
    rects: list[dict[str, float]] = page.evaluate(
        "document.querySelector('#my-hand').scrollIntoView({block: 'nearest'}),"
        " [...document.querySelectorAll('#hand img, #drawn img')].map((e) => {"
        " const b = e.getBoundingClientRect();"
        " return {x: b.left, y: b.top, r: b.right, b: b.bottom,"
        " vw: innerWidth, vh: innerHeight}; })")
    for t in rects:
        assert t["x"] >= -0.5 and t["r"] <= t["vw"] + 0.5, t
        assert t["y"] >= -0.5 and t["b"] <= t["vh"] + 0.5, t
    return rects


MARKS = """() => [...document.querySelectorAll('.tile-box .tile-mark')].map((m) => {
  const t = m.parentElement.querySelector('img').getBoundingClientRect();
  const r = m.getBoundingClientRect();
  return {dx: r.left + r.width / 2 - t.left, dy: r.top + r.height / 2 - t.top, d: r.width,
          w: t.width};
})"""


def check_marks(page: Any) -> None:
    """Every tile tag (wuhan's 赖 / 皮 / 杠) is a disc centred on its tile's corner, on a tile of
    30 px or more no wider than a third of it: the face (a 9-pin's corner pip) stays seen."""
    for m in page.evaluate(MARKS):
        assert abs(m["dx"]) <= 1.5 and abs(m["dy"]) <= 1.5, m
        if m["w"] >= 30:
            assert m["d"] <= m["w"] / 3 + 1, m


def play_hand(page: Any, name: str, touch: bool, special_kongs: bool = False) -> dict[str, Any]:
    """Play this seat to the settlement by taps / clicks; measure on every turn of this seat."""
    from playwright.sync_api import Error as PlaywrightError

    deadline = time.monotonic() + HAND_TIMEOUT_S
    turns = 0
    worst: dict[str, Any] = {"scrollWidth": 0, "minButton": None, "tiles": None}
    shot_taken = False
    claim_shot = False
    use_confirm = False
    while page.locator("#settlement").count() == 0:
        if time.monotonic() > deadline:
            shot(page, f"{name}-stuck", full=True)
            pytest.fail(f"{name}: no settlement within {HAND_TIMEOUT_S} s")
        if press(page, page.locator("#btn-ready"), touch):
            continue
        try:
            m = page.evaluate(MEASURE)
        except PlaywrightError:
            continue
        if m["own"] or m["buttons"]:
            check(m, name)
            check_marks(page)  # the hand's own tags too, every turn
            worst["scrollWidth"] = max(worst["scrollWidth"], m["scrollWidth"])
            heights = [b["h"] for b in m["buttons"]]
            if heights:
                low = min(heights)
                before = worst["minButton"]
                worst["minButton"] = low if before is None else min(before, low)
            if m["own"]:
                own = m["own"]
                worst["tiles"] = {"count": len(own), "first": own[0], "last": own[-1]}
        claims = {b["action"] for b in m["buttons"]} - {"pass", "discard", ""}
        if claims and not claim_shot:
            shot(page, f"{name}-claim")  # the claim buttons as a thumb sees them
            claim_shot = True
        acted = False
        selectors = ["#actions button[data-action=win]"]
        if special_kongs:
            kinds = ("red_kong", "pi_kong", "laizi_kong")
            selectors += [f"#actions button[data-kind={k}]" for k in kinds]
        selectors += ["#actions button[data-action=pass]"]
        for sel in selectors:
            if press(page, page.locator(sel), touch):
                acted = True
                break
        if not acted:
            tile = page.locator("#drawn img.discardable")
            if tile.count() == 0:
                tile = page.locator("#hand img.discardable")
            if tile.count():
                key = tile.first.get_attribute("data-key")
                if press(page, tile, touch):
                    acted = True
                    turns += 1
                    picked = page.locator(f"img.selected[data-key='{key}']")
                    if picked.count():
                        # picked by the first tap: tap it again, or (every other turn) Discard
                        if turns == 2 and not shot_taken:
                            shot(page, f"{name}-selected")
                        again = page.locator("#btn-discard") if use_confirm else picked
                        press(page, again, touch)
                        use_confirm = not use_confirm
                    if turns == 3 and not shot_taken:
                        page.wait_for_timeout(150)
                        shot(page, f"{name}-table")
                        shot_taken = True
        if not acted and press(page, page.locator("#actions button.action"), touch):
            acted = True
        if not acted:
            page.wait_for_timeout(80)
    if not shot_taken:
        shot(page, f"{name}-table")
    page.wait_for_timeout(200)
    shot(page, f"{name}-settlement")
    worst["turns"] = turns
    return worst


@pytest.mark.parametrize("ruleset,players", RULESETS)
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_whole_hand_fits(
    server: str, browser: Any, device: str, ruleset: str, players: int
) -> None:
    touch = device == "phone"
    page = new_page(browser, PHONE if touch else DESKTOP, touch)
    try:
        guest(page, server)
        one_click = page.evaluate("matchMedia('(hover: hover) and (pointer: fine)').matches")
        # a phone picks with the first tap and discards with the second
        assert one_click is (not touch)
        page.select_option("#sel-rules", ruleset)
        page.select_option("#sel-bots", str(players - 1))
        page.select_option("#sel-level", "1")
        if ruleset in EXPENSIVE:  # a new guest's 100 taels seat no such table: 练习场
            page.check("#in-practice")
        page.fill("#in-turn", "120")
        press(page, page.locator("#btn-create"), touch)
        page.wait_for_selector("#btn-ready", timeout=15000)
        # a 练习场 table says so in its header (it showed only "底注 0 两")
        if ruleset in EXPENSIVE:
            badge = page.wait_for_selector("#practice-badge", timeout=10000)
            assert badge is not None
            assert "练习场" in badge.inner_text() and "Practice" in badge.inner_text()
        press(page, page.locator("#btn-ready"), touch)
        page.wait_for_selector("#hand img", timeout=20000)
        assert page.locator("#practice-badge").count() == (1 if ruleset in EXPENSIVE else 0)
        m = page.evaluate(MEASURE)
        check(m, f"{ruleset}-{device}")
        if touch:
            # a phone's table is one screen, unscrolled: the head with Leave on top, the felt
            # whole above the hand and its buttons (the site's bar gives way at the table)
            fit = page.evaluate(FIT)
            assert fit["bar"] == 0 and fit["leave"] >= 0, fit
            assert fit["board"] <= fit["hand"] + 1 and fit["handBottom"] <= fit["vh"] + 0.5, fit
        assert m["rivers"] == players and m["seats"] == players  # every discard river is drawn
        assert page.locator("#compass .cw.on").count() == 1  # whose turn: one lit side
        rects = own_tiles_in_view(page)
        name = f"{ruleset}-{m['vw']}"
        worst = play_hand(page, name, touch, special_kongs=ruleset == "wuhan")
        # the settlement's heading is below the top bar, which stays above the overlay
        page.evaluate("document.querySelector('.overlay')?.scrollTo(0, 0)")
        heading = page.evaluate("document.querySelector('#settlement h2')"
                                ".getBoundingClientRect().top")
        assert heading >= page.evaluate("document.getElementById('bar')"
                                        ".getBoundingClientRect().bottom"), heading
        if ruleset == "wuhan":
            # every one-tile kong on the table is one tile
            counts = page.evaluate(
                "[...document.querySelectorAll('.meld-red_kong, .meld-pi_kong, .meld-laizi_kong')]"
                ".map((m) => m.querySelectorAll('img').length)")
            assert all(c == 1 for c in counts), counts
            worst["specialKongs"] = len(counts)
        METRICS[name] = {"start": {k: m[k] for k in ("vw", "vh", "scrollWidth")},
                         "ownTiles": rects[:1] + rects[-1:], "bar": m["bar"], **worst}
        print(name, json.dumps(METRICS[name], ensure_ascii=False))
        # the board behind the settlement: each hand face up once (no backs beside it), set
        # apart from its river, the win burst gone with the settlement
        press(page, page.locator("#btn-close-settlement"), touch)
        page.wait_for_selector(".board .seat .revealed")
        assert page.locator("#win-burst").count() == 0
        for seat in page.locator(".board .seat").all():
            if seat.locator(".revealed").count():
                assert seat.locator(".concealed .backs").count() == 0
                shown = seat.locator(".revealed > small").inner_text()
                assert "摊牌" in shown and "Hand" in shown, shown
        shot(page, f"{name}-end")
        # at 360 px too (the narrowest common phone): still no horizontal scrolling
        narrow = {"width": 360, "height": 780} if touch else {"width": 1280, "height": 800}
        page.set_viewport_size(narrow)
        page.wait_for_timeout(150)
        assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("innerWidth")
        assert PAGE_ERRORS == [], PAGE_ERRORS
    finally:
        page.context.close()


SMALL_CONTROLS = """(min) => [...document.querySelectorAll(
    'button, .button, select, summary, .bar a, .rules-tabs a, '
    + 'input:not([type=checkbox]):not([type=hidden])')]
  .filter((e) => { const r = e.getBoundingClientRect(); const st = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden'; })
  .map((e) => ({ what: (e.id || e.className || e.tagName) + ' ' + e.textContent.trim().slice(0, 20),
                 h: Math.round(e.getBoundingClientRect().height) }))
  .filter((c) => c.h < min)"""


def test_every_control_takes_a_finger_on_a_phone(server: str, browser: Any) -> None:
    """At 390 x 844 with touch, every visible button, link of the top bar or the rules tabs,
    select and field of the log-in screen, the lobby, the table, the rules and the verify page
    is at least 44 px tall (several were 19-40)."""
    page = new_page(browser, PHONE, True)
    try:
        page.goto(server + "/")
        page.wait_for_selector("#btn-guest, #btn-create")
        assert page.evaluate(SMALL_CONTROLS, 44) == [], "log-in"
        guest(page, server)
        assert page.evaluate(SMALL_CONTROLS, 44) == [], "lobby"
        # the daily sign-in's silver shows in the top bar at once (it kept the old balance)
        before = page.inner_text("#user-silver")
        page.tap("#btn-signin")
        page.wait_for_selector("#faucet-note")
        page.wait_for_function(
            "(b) => document.getElementById('user-silver').innerText !== b", arg=before)
        # the balance with its unit in both languages ("120 两", "taels" under it on a phone)
        silver = page.inner_text("#user-silver").split()
        assert silver == [page.inner_text("#my-silver"), "两", "taels"], silver
        # ...and its "+20 两" is in view: the redrawn lobby sat at its top, the note off-screen
        page.wait_for_function("""() => { const r = document.getElementById('faucet-note')
          ?.getBoundingClientRect(); return r && r.top >= 0 && r.bottom <= innerHeight; }""",
                               timeout=5000)
        page.select_option("#sel-rules", "tuidaohu")
        page.select_option("#sel-bots", "3")
        page.tap("#btn-create")
        page.wait_for_selector("#btn-ready")
        assert page.evaluate(SMALL_CONTROLS, 44) == [], "table"
        shot(page, "controls-table-phone")
        page.goto(server + "/#/rules/jincheng")  # the ruleset tabs were 36 px
        page.wait_for_selector("#rules-tabs a")
        assert page.evaluate(SMALL_CONTROLS, 44) == [], "rules"
        page.goto(server + "/verify")  # its buttons were 40 px
        page.wait_for_selector("#btn-verify")
        assert page.evaluate(SMALL_CONTROLS, 44) == [], "verify"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert PAGE_ERRORS == [], PAGE_ERRORS
    finally:
        page.context.close()


def test_phone_portrait_landscape_tablet_and_360(server: str, browser: Any) -> None:
    """One table seen at every size while a hand is played: the hand fits, the page does not scroll
    sideways, the compass shows whose turn it is."""
    page = new_page(browser, {"width": 360, "height": 740}, True)
    try:
        guest(page, server)
        page.select_option("#sel-rules", "wuhan")
        page.select_option("#sel-bots", "3")
        page.select_option("#sel-level", "1")
        page.check("#in-practice")  # a new guest's 100 taels seat no wuhan table: 练习场
        page.fill("#in-turn", "120")
        page.tap("#btn-create")
        page.wait_for_selector("#btn-ready")
        page.tap("#btn-ready")
        page.wait_for_selector("#hand img", timeout=20000)
        sizes = [(360, 740), (390, 844), (844, 390), (740, 360), (768, 1024), (1024, 768),
                 (1366, 768), (1920, 1080), (2560, 1440)]
        out = {}
        for w, hgt in sizes:
            page.set_viewport_size({"width": w, "height": hgt})
            page.wait_for_timeout(200)
            m = page.evaluate(MEASURE)
            check(m, f"wuhan-{w}x{hgt}")
            own_tiles_in_view(page)
            # one language switch at every size: the bar's, or the table's where the bar hides
            switches = page.locator("#btn-lang:visible, #btn-lang-table:visible")
            assert switches.count() == 1, f"{w}x{hgt}: {switches.count()} language switches"
            page.evaluate("window.scrollTo(0, 0)")
            shot(page, f"size-{w}x{hgt}")
            out[f"{w}x{hgt}"] = {"scrollWidth": m["scrollWidth"], "tiles": len(m["own"]),
                                 "tileWidth": m["own"][0]["w"] if m["own"] else None}
        METRICS["sizes"] = out
        print(json.dumps(out))
        # a phone's table switches language from its own head (the site's bar is hidden there)
        page.set_viewport_size({"width": 390, "height": 844})
        assert page.locator("#btn-leave").inner_text().startswith("离开")
        page.tap("#btn-lang-table")
        page.wait_for_function("document.querySelector('#btn-leave').innerText.startsWith('Leave')")
        page.tap("#btn-lang-table")
        page.wait_for_function("document.querySelector('#btn-leave').innerText.startsWith('离开')")
        # the laizi is marked 赖 wherever it is shown, and does not look like a disabled tile
        marks = page.locator("#laizi-info .mark-laizi .tile-mark")
        assert marks.count() == 1 and marks.inner_text() == "赖"
        held = page.locator("#hand .mark-laizi img, #drawn .mark-laizi img")
        for i in range(held.count()):
            cls = held.nth(i).get_attribute("class") or ""
            assert "blocked" not in cls and "is-laizi" in cls
        # leaving mid-hand asks first; staying keeps the table
        page.tap("#btn-leave")
        page.wait_for_selector("#leave-dialog")
        shot(page, "leave-confirm")
        assert "托管" in page.locator("#leave-dialog").inner_text()
        page.tap("#btn-leave-cancel")
        assert page.locator("#leave-dialog").count() == 0
        assert page.locator("#table-code").count() == 1
        page.tap("#btn-leave")
        page.tap("#btn-leave-confirm")
        page.wait_for_selector("#btn-create")
        assert PAGE_ERRORS == [], PAGE_ERRORS
    finally:
        page.context.close()


def test_one_tile_kongs_are_one_tile_everywhere(server: str, browser: Any) -> None:
    """The board's meld drawing (live table and replay alike), with melds as a record lists them."""
    page = new_page(browser, DESKTOP, False)
    try:
        page.goto(server + "/")
        page.wait_for_selector("#btn-guest, #btn-create")
        counts = page.evaluate("""async () => {
          const { meldEl } = await import('/static/js/board.js');
          const { specialTiles } = await import('/static/js/tiles.js');
          const sp = specialTiles({ laizi: '5m', indicator: '4m' });
          const n = (m) => meldEl(m, sp).querySelectorAll('img').length;
          const marks = (m) => [...meldEl(m, sp).querySelectorAll('.tile-mark')]
            .map((x) => x.textContent);
          return {
            red4: n({ kind: 'red_kong', tiles: '7z7z7z7z' }),
            red1: n({ kind: 'red_kong', tiles: '7z' }),
            pi4: n({ kind: 'pi_kong', tiles: '4m4m4m4m' }),
            laizi: n({ kind: 'laizi_kong', tiles: '5m' }),
            picked: n({ kind: 'picked', tiles: '1m' }), pung: n({ kind: 'pung', tiles: '222p' }),
            kong: n({ kind: 'exposed_kong', tiles: '3333s' }),
            laiziMark: marks({ kind: 'laizi_kong', tiles: '5m' }),
            piMark: marks({ kind: 'pi_kong', tiles: '3m' }),
            pi: [...sp.pi].sort(),
          };
        }""")
        for one in ("red4", "red1", "pi4", "laizi", "picked"):
            assert counts[one] == 1, counts
        assert counts["pung"] == 3 and counts["kong"] == 4
        assert counts["laiziMark"] == ["赖"] and counts["piMark"] == ["皮"]
        assert counts["pi"] == ["3m", "4m"]  # 赖子皮: the indicator and the kind before it
    finally:
        page.context.close()


def test_lobby_list_join_and_full_tables(server: str, browser: Any) -> None:
    """The open tables stay inside their card, an empty error box covers nothing, a real click on
    Join seats the player, and a full table is not listed; ruleset cards in both languages."""
    other = new_page(browser, DESKTOP, False)
    page = new_page(browser, PHONE, True)
    try:
        guest(other, server)
        # a table with free seats, and a full one (three bots)
        free = create_table(other, bots=1)
        guest2 = new_page(browser, DESKTOP, False)
        guest(guest2, server)
        full = create_table(guest2, bots=3)
        guest2.context.close()
        guest(page, server)
        page.wait_for_selector(f"#open-tables [data-code='{free}']", timeout=10000)
        assert page.locator(f"#open-tables [data-code='{full}']").count() == 0
        assert page.locator("#live-tables").count() == 1  # the hands in play one may watch
        box = page.evaluate("""() => {
          const list = document.querySelector('#open-tables'); const card = list.closest('.card');
          const err = document.querySelector('#lobby-error');
          const e = err.getBoundingClientRect();
          return {listW: list.scrollWidth, cardW: card.clientWidth, cardSW: card.scrollWidth,
                  errH: e.height, errDisplay: getComputedStyle(err).display,
                  pageW: document.documentElement.scrollWidth, vw: innerWidth,
                  cards: document.querySelectorAll('.ruleset-card').length};
        }""")
        assert box["cardSW"] <= box["cardW"] and box["pageW"] <= box["vw"], box
        assert box["errH"] == 0 and box["errDisplay"] == "none", box
        assert box["cards"] == 5
        # quick play is on a phone's first screen, and names the ruleset it opens
        quick = page.locator("#btn-quick").bounding_box()
        assert quick is not None and quick["y"] + quick["height"] <= PHONE["height"], quick
        page.tap(".ruleset-card[data-rules=kawuxing]")
        label = page.inner_text("#btn-quick")
        assert "卡五星" in label and "Kawuxing" in label, label
        assert page.locator("#quick-practice").count() == 0  # 100 taels cover a kawuxing seat
        page.tap(".ruleset-card[data-rules=wuhan]")  # a wuhan seat needs 2,400: said before
        assert "2,400" in page.inner_text("#quick-practice"), page.inner_text("#btn-quick")
        quick = page.locator("#btn-quick").bounding_box()
        assert quick is not None and quick["y"] + quick["height"] <= PHONE["height"], quick
        page.tap(".ruleset-card[data-rules=tuidaohu]")
        METRICS["lobby-390"] = box
        card = page.locator(".ruleset-card[data-rules=wuhan]").inner_text()
        assert "64" in card and "laizi" in card.lower() and "赖子" in card
        shot(page, "lobby-390", full=True)
        # a real tap on the free table's Join button (no overlay in the way) opens the table
        page.locator(f"#open-tables .join-btn[data-code='{free}']").scroll_into_view_if_needed()
        page.tap(f"#open-tables .join-btn[data-code='{free}']")
        page.wait_for_selector("#table-code", timeout=10000)
        assert free in page.locator("#table-code").inner_text()
        page.goto(server + "/#/")
        page.wait_for_selector("#btn-quick")
        # quick play while seated says so instead of going back silently
        page.tap("#btn-quick")
        page.wait_for_selector("#seated-notice")
        assert free in page.locator("#seated-notice").inner_text()
        shot(page, "lobby-seated-390", full=True)
        # the seat goes after the lobby was drawn (a table left mid-hand frees it when the hand
        # ends): quick play asks the server afresh, not the lobby's old "you sit at ..." (which
        # led to "you do not sit at this table" on Leave: a dead end until a reload)
        page.evaluate("""async (code) => {
          await fetch(`/api/tables/${code}/leave`, { method: 'POST',
            headers: { Authorization: `Bearer ${localStorage.getItem('majiang.token')}` } });
        }""", free)
        page.tap("#btn-quick")
        page.wait_for_selector("#table-code", timeout=10000)
        assert free not in page.locator("#table-code").inner_text()
        assert PAGE_ERRORS == [], PAGE_ERRORS
    finally:
        page.context.close()
        other.context.close()
