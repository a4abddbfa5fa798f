"""Hints, rules pages, levels, the first-visit guide, sound and motion in a real Chromium.

- Hints: on every discard prompt of a hand played by taps at 390x844, each discardable tile's badge
  says what the prompt's server-computed hints say (听N / 进N, the same N); switching hints off
  removes every badge and the switch is remembered over a reload.
- Rules: every ruleset's page at 390x844 and 1920x1080 lists exactly the server's patterns (from
  `majiang.rules`), renders its worked hands with tiles, the 20 levels with the player's progress,
  and never scrolls sideways.
- The guide shows on a first visit only; a call shows its big character (碰) and goes away.
Screenshots: `screenshots/layout-{hints,rules,guide}-*.png`. Fixtures: `conftest.py`.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_layout import DESKTOP, PAGE_ERRORS, PHONE, create_table, guest, new_page, press, shot

BADGES = """() => {
  const p = window.majiang.screen && window.majiang.screen.prompt;
  const badges = [...document.querySelectorAll('.tile-hint[data-hint-tile]')]
    .map((b) => [b.dataset.hintTile, b.textContent.replace(/[^0-9]/g, '')]);
  const far = [...document.querySelectorAll('.tile-hint.far[data-hint-tile]')]
    .map((b) => b.dataset.hintTile);
  return {hints: p && p.hints, badges, far: [...new Set(far)]};
}"""


def tap_switch(page: Any) -> None:
    """Tap the hints switch; a settlement that arrives over it first is closed (bots play on
    at full speed, and a reloading seat is played by its bot)."""
    for _ in range(5):
        if page.locator("#btn-close-settlement").count():
            page.locator("#btn-close-settlement").tap()
        try:
            if not page.locator("#switch-hints").is_visible():  # folded behind 设置 on a phone
                page.locator("#btn-switches").tap(timeout=3000)
            page.locator("#switch-hints").tap(timeout=3000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError("the hints switch could not be tapped")


def test_badges_are_the_servers_hints_and_can_be_switched_off(server: str, browser: Any) -> None:
    page = new_page(browser, PHONE, True)
    guest(page, server)
    code = create_table(page, 3)
    page.goto(f"{server}/#/table/{code}")
    checked = 0
    switched = False
    for _ in range(900):
        if checked >= 4 or (switched and checked >= 2 and page.locator("#settlement").count()):
            break
        if page.locator("#settlement").count():  # a hand ended early: play the next one
            press(page, page.locator("#btn-next"), True)
            page.wait_for_timeout(200)
            continue
        if press(page, page.locator("#btn-ready"), True):
            continue
        got = page.evaluate(BADGES)
        hints = got["hints"]
        if got["badges"] and hints:
            by_tile = {d["tile"]: d for d in hints["discards"]}
            low = min(d["shanten"] for d in hints["discards"])
            for tile, n in got["badges"]:
                d = by_tile[tile]
                if d["shanten"] > low and not d["ready"]:  # 退: no count that reads as better
                    assert n == "", (tile, n, d)
                else:
                    assert int(n) == d["count"], (tile, n, d)
            # a discard a step farther from ready is greyed, whatever its count
            assert sorted(got["far"]) == sorted(d["tile"] for d in hints["discards"]
                                                if d["shanten"] > low), got
            checked += 1
            if not switched:
                if page.locator("#settlement").count():  # the hand ended meanwhile
                    continue
                switched = True
                shot(page, "hints-phone-badges")
                tap_switch(page)
                assert page.locator(".tile-hint").count() == 0
                assert page.evaluate("localStorage.getItem('majiang.hints')") == "off"
                page.reload()  # the seat is 托管 while away: the hand may end meanwhile
                page.wait_for_selector("#switch-hints", state="attached")
                assert page.locator("#switch-hints").get_attribute("aria-pressed") == "false"
                tap_switch(page)
                continue
        if not (press(page, page.locator("#actions button[data-action=win]"), True)
                or press(page, page.locator("#actions button[data-action=pass]"), True)):
            tile = page.locator("#drawn img.discardable, #hand img.discardable")
            if tile.count() and press(page, tile.last, True):
                press(page, page.locator("#btn-discard"), True)
            else:
                page.wait_for_timeout(100)
    assert switched and checked >= 2, "too few discard prompts with hints"
    assert not PAGE_ERRORS, PAGE_ERRORS


def test_a_call_shows_its_character(server: str, browser: Any) -> None:
    page = new_page(browser, DESKTOP, False)
    page.goto(server + "/#/rules")
    page.wait_for_selector("#rules-page")
    page.evaluate("import('/static/js/sound.js').then((m) => m.announce('pung', 'left', 'bot'))")
    banner = page.wait_for_selector("#call-banner")
    assert banner.text_content().startswith("碰")
    page.wait_for_selector("#call-banner", state="detached", timeout=3000)
    page.evaluate("localStorage.setItem('majiang.motion', 'off')")
    page.evaluate("import('/static/js/sound.js').then((m) => m.announce('win', 'bottom', ''))")
    assert "animate" not in (page.wait_for_selector("#call-banner").get_attribute("class") or "")


def test_rules_pages_levels_and_guide(server: str, browser: Any) -> None:
    index = json.load(urllib.request.urlopen(server + "/api/rules"))
    for name, size, touch in (("phone", PHONE, True), ("desktop", {"width": 1920, "height": 1080},
                                                       False)):
        context = browser.new_context(bypass_csp=True, viewport=size, locale="zh-CN",
                                      has_touch=touch,
                                      is_mobile=touch)
        page = context.new_page()
        page.goto(server + "/")
        page.wait_for_selector("#guide")  # a first visit
        shot(page, f"guide-{name}")
        page.click("#btn-guide-ok")
        page.reload()
        page.wait_for_selector("#btn-guest")
        assert page.locator("#guide").count() == 0
        page.click("#btn-guest")
        page.wait_for_selector("#btn-create")
        for entry in index:
            data = json.load(urllib.request.urlopen(f"{server}/api/rules/{entry['id']}"))
            page.goto(f"{server}/#/rules/{entry['id']}")
            page.wait_for_selector(f"#rules-page[data-rules={entry['id']}] #pattern-table")
            rows = page.locator("#pattern-table tbody tr")
            assert rows.count() == len(data["patterns"])
            assert [rows.nth(i).get_attribute("data-pattern") for i in range(rows.count())] == [
                p["id"] for p in data["patterns"]]
            assert page.locator(".example").count() == len(data["examples"])
            assert page.locator(".example .example-hand img.tile").count() >= 14
            cases = page.evaluate("[...document.querySelectorAll('.example .case .bi')].map("
                                  "(b) => [b.firstChild.textContent, b.lastChild.textContent])")
            assert cases == [[e["case"]["zh"], e["case"]["en"]] for e in data["examples"]]
            right = page.evaluate("Math.max(...[...document.querySelectorAll('.example-hand img')]"
                                  ".map((i) => i.getBoundingClientRect().right))")
            assert right <= size["width"] + 0.5, (entry["id"], name, right)  # no tile cut off
            if entry["id"] == "tuidaohu":  # 包牌: the case names the seat the page shows paying
                liable = page.locator(".example").nth(2).locator(".pay.minus")
                # "座位 3" with its English, "Seat 3", after the word
                paying = liable.inner_text() if liable.count() == 1 else ""
                assert paying.startswith("座位") and "Seat 3 " in paying, paying
            assert page.locator("#levels-table tbody tr").count() == 20
            assert page.locator("#level-progress").count() == 1
            # a seat's silver per ruleset, what turns a player away besides the level
            assert "2,400" in page.inner_text("#seat-minimums")
            width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
            assert width[0] <= width[1], (entry["id"], name, width)
            shot(page, f"rules-{entry['id']}-{name}", full=entry["id"] == "wuhan")
        context.close()


DECLARED_BAR = """async (declared) => {
  const m = await import('/static/js/hints.js');
  const hints = {discards: [{tile: '2s', ready: true, tiles: ['3s', '6s'], count: 3, shanten: 0}],
                 unseen: {'3s': 2, '6s': 1}};
  const bar = m.hintBar(hints, {declared});
  return [...bar.querySelectorAll('.hint-line')].map((l) => [l.id, l.textContent]);
}"""


def test_a_declared_hand_is_told_it_throws_what_it_draws(server: str, browser: Any) -> None:
    """After 亮倒 the bar said 'Discard to be ready: 2s', as if there were a choice (a
    newcomer's pass, kawuxing on a phone): a declared hand throws the tile it draws."""
    page = new_page(browser, PHONE, True)
    try:
        page.goto(server + "/#/rules")
        page.wait_for_selector("#rules-page")
        lines = page.evaluate(DECLARED_BAR, True)
        assert [i for i, _ in lines] == ["hint-declared"], lines
        assert "摸什么打什么" in lines[0][1]
        assert "Declared: you throw each tile you draw" in lines[0][1]
        assert [i for i, _ in page.evaluate(DECLARED_BAR, False)] == ["hint-best"]
    finally:
        page.context.close()


FACTS = """() => { const b = document.querySelector('#rules-page .facts .bi');
  return [b.firstChild.textContent, b.querySelector('.other-lang').textContent]; }"""


def test_the_rules_facts_list_with_the_languages_own_separator(server: str, browser: Any) -> None:
    """The newcomer review: the English page read 'Calls: Pung Exposed kong Added kong' and
    'four sets and a pair、seven pairs、thirteen orphans' (a Chinese 、 between English items)."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script("localStorage.setItem('majiang.guide', 'seen')")
    page = context.new_page()
    try:
        page.goto(server + "/")
        page.evaluate("localStorage.setItem('majiang.lang', 'en')")
        page.goto(server + "/#/rules/jincheng")
        page.reload()
        page.wait_for_selector("#rules-page[data-rules=jincheng] .facts")
        # the chosen language's facts, then the other's (smaller), each with its own separator
        facts, other = page.evaluate(FACTS)
        assert "、" not in facts and "Pung, " in facts, facts
        assert "a pair, " in facts or "pairs, " in facts, facts
        assert "碰、" in other and ", " not in other, other
        page.evaluate("localStorage.setItem('majiang.lang', 'zh')")
        page.reload()
        page.wait_for_selector("#rules-page[data-rules=jincheng] .facts")
        facts, other = page.evaluate(FACTS)
        assert "碰、" in facts and "Pung, " in other, (facts, other)
    finally:
        context.close()


NO_WIN = """async () => {
  const m = await import('/static/js/hints.js');
  const el = m.noWinEl({reason: 'forbidden', tile: '5m', value: 0,
    detail: '见字胡只能自摸 / jian zi hu wins by self-draw only'});
  return el.querySelector('.detail').innerText;
}"""


def test_a_refusal_is_given_in_both_languages(server: str, browser: Any) -> None:
    """A complete hand's named refusal (wuhan's 见字胡) showed only the page language's half."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(server + "/")
        detail = page.evaluate(NO_WIN)
        assert "见字胡只能自摸" in detail and "jian zi hu wins by self-draw only" in detail, detail
    finally:
        context.close()
