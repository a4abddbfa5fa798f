"""In Chromium: the settlement (at the replay's end), the replay and the history of hands stored by
the server show the same silver for every seat, and the settlement explains it (each loser's
factors and caps, 包牌 and who pays, the stake, a short payer's share). Hands: the wuhan ones of
tests/server/data/explain_hands.json (金顶 with 包牌 and a poor liable seat; 封顶) and one of every
other ruleset, stored through the server's code into a database a real `majiang serve` then
serves. Screenshots at 390x844 and 1920x1080: screenshots/explain-*.png."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from server_player import make_client
from server_process import ServerProcess
from test_layout import SHOTS
from test_settlement_explain import HANDS, POOR, store_hand

pytestmark = pytest.mark.browser
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1920, "height": 1080}}


def _pick() -> list[dict[str, Any]]:
    wuhan = [h for h in HANDS if h["rules"] == "wuhan" and ("poor" in h["tags"]
                                                             or "feng_ding" in h["tags"])]
    others: dict[str, dict[str, Any]] = {}
    for h in HANDS:
        if h["rules"] != "wuhan" and "win" in h["tags"]:
            others.setdefault(h["rules"], h)
    return [*wuhan, *others.values()]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The hands stored into a fresh database, then `majiang serve` on it."""
    workdir = tmp_path_factory.mktemp("explain")
    url = f"sqlite:///{workdir / 'explain.db'}"
    stored = []
    with make_client(url) as client:
        for i, entry in enumerate(_pick()):
            players = 3 if entry["rules"] == "kawuxing" else 4
            balances = [5000] * players
            if "poor" in entry["tags"]:
                balances[entry["poor_seat"]] = POOR
            hand_id, tokens, screen = store_hand(client, entry, f"h{i}p", balances)
            stored.append({"entry": entry, "hand_id": hand_id, "tokens": tokens, "screen": screen})
    server = ServerProcess(url, workdir / "server.log", env={"MAJIANG_SECRET": "test"})
    server.start()
    try:
        yield {"base": server.url, "hands": stored}
    finally:
        server.stop()


def _page(browser: Any, base: str, size: str, token: str | None, lang: str = "zh") -> Any:
    context = browser.new_context(bypass_csp=True, viewport=SIZES[size])
    page = context.new_page()
    page.goto(base + "/")
    page.evaluate("([t, l]) => { if (t) localStorage.setItem('majiang.token', t); "
                  "localStorage.setItem('majiang.lang', l); "
                  "localStorage.setItem('majiang.guide', 'seen'); }", [token, lang])
    page.reload()  # the page reads the token and the language as it loads
    return page


def _open(page: Any, url: str) -> None:
    """Load `url` as a fresh page (a hash change alone would race the lobby still loading)."""
    page.goto(url)
    page.reload()


def _number(text: str) -> int:
    return int(re.sub(r"[^\d-]", "", text.replace("+", "")) or 0)


def _no_overflow(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] + 1, width


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_settlement_replay_and_history_agree_in_the_browser(site: dict[str, Any], browser: Any,
                                                            size: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    for n, hand in enumerate(site["hands"]):
        screen, entry = hand["screen"], hand["entry"]
        silver = screen["payments"]["silver"]
        seat = entry.get("poor_seat", 0)
        lang = "zh" if n % 2 == 0 else "en"
        page = _page(browser, site["base"], size, hand["tokens"][seat], lang)
        tag = f"{entry['rules']}-{'-'.join(t for t in entry['tags'] if t != 'win')}".rstrip("-")
        # history: this player's row
        _open(page, site["base"] + "/#/history")
        row = page.locator(f"#history tr[data-hand='{hand['hand_id']}']")
        row.wait_for()
        assert _number(row.locator("td.silver").inner_text()) == silver[seat]
        _no_overflow(page)
        if n == 0:
            page.screenshot(path=str(SHOTS / f"explain-history-{size}.png"), full_page=True)
        # replay: step 0 is the dealt board (the viewer's 13 or 14 tiles), not an empty one
        _open(page, site["base"] + f"/#/replay/{hand['hand_id']}")
        page.wait_for_selector("#replay-step")
        assert page.locator("#replay-step").inner_text().startswith("0 /")
        assert page.locator("#replay .board .tile").count() >= 13
        assert "?" not in page.locator("#replay .board").inner_text()
        _no_overflow(page)
        if size == "desktop":  # the whole board in the window, the viewer's hand too
            bottom = page.evaluate("document.querySelector('#replay .board')"
                                   ".getBoundingClientRect().bottom")
            assert bottom <= SIZES["desktop"]["height"], bottom
        if n == 0:
            page.screenshot(path=str(SHOTS / f"explain-replay-start-{size}.png"))
            page.click("#replay-next-step")
            at = page.locator("#replay-step").inner_text()
            assert not at.startswith("0 /")
            # a language switch redraws this step (it went back to step 0)
            page.click("#btn-lang")
            assert page.locator("#replay-step").inner_text() == at
            page.click("#btn-lang")
            page.click("#replay-prev-step")
            assert page.locator("#replay-step").inner_text().startswith("0 /")
        page.click("#replay-last")
        page.wait_for_selector("#replay #settlement")
        settlement = page.locator("#replay #settlement")
        for i, amount in enumerate(silver):  # the settlement's silver per seat
            cell = settlement.locator(f"table.money tr[data-seat='{i}'] td.silver")
            assert _number(cell.inner_text()) == amount
        explain = screen["explain"]
        for win in explain["wins"]:  # each loser's line, ending in his units
            for share in win["shares"]:
                line = settlement.locator(f".explain-win[data-winner='{win['winner']}'] "
                                          f"tr.share[data-seat='{share['seat']}']")
                assert _number(line.locator("td.units").inner_text()) == share["units"]
                for factor in share["factors"]:
                    assert line.locator(f"[data-factor='{factor['id']}']").count() >= 1
                if share["cap"]:
                    assert line.locator(f"[data-cap='{share['cap']['id']}']").count() == 1
        # a loser's name and units on one line each (on a phone the name broke at its hyphen,
        # "bot-" / "83086b", and 注 went under its figure)
        lines = page.evaluate("""() => [...document.querySelectorAll(
            '#replay .explain-win td.who, #replay .explain-win td.units')].map((td) => {
              const r = document.createRange();
              r.selectNodeContents(td.querySelector('.bi')?.firstChild || td.firstChild);
              return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size; })""")
        assert lines and all(n == 1 for n in lines), lines
        if "liable" in entry["tags"]:
            assert settlement.locator("p.liable").count() >= 1
        if "poor" in entry["tags"]:
            assert settlement.locator("tr.short .short-note").count() >= 1
        _no_overflow(page)
        settlement.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"explain-settlement-{tag}-{size}.png"), full_page=True)
        page.context.close()


def test_a_share_link_opens_the_replay_without_a_log_in(site: dict[str, Any],
                                                        browser: Any) -> None:
    hand = site["hands"][0]
    page = _page(browser, site["base"], "phone", hand["tokens"][0])
    _open(page, site["base"] + f"/#/replay/{hand['hand_id']}")
    page.wait_for_selector("#replay-share-url")
    link = page.locator("#replay-share-url").input_value()
    assert f"#/replay/{hand['hand_id']}." in link
    page.context.close()
    stranger = _page(browser, site["base"], "phone", None, "en")
    _open(stranger, link)
    stranger.wait_for_selector("#replay-step")
    assert "spectator" in stranger.locator("#replay-viewer").inner_text()
    assert stranger.locator("#replay-next").get_attribute("aria-label") == "Next event"
    stranger.click("#replay-last")
    stranger.wait_for_selector("#replay #settlement")
    silver = hand["screen"]["payments"]["silver"]
    for i, amount in enumerate(silver):
        cell = stranger.locator(f"#settlement table.money tr[data-seat='{i}'] td.silver")
        assert _number(cell.inner_text()) == amount
    stranger.screenshot(path=str(SHOTS / "explain-share-link-phone.png"), full_page=True)
    _open(stranger, site["base"] + f"/#/replay/{hand['hand_id']}.wrongtoken")
    stranger.wait_for_selector("p.error")
    stranger.context.close()


def test_replay_moves_by_turn_as_a_turn_is_played(site: dict[str, Any], browser: Any) -> None:
    """By turn (◀◀ / ▶▶): a turn is a seat's draw and discard, or its claim and discard, so the
    next turn starts where another seat acts (a kong's replacement draw is the same turn), not
    at every event; on a phone the buttons keep their words in title and aria-label."""
    frames = [{"step": 0, "event": None},
              {"step": 1, "event": {"type": "discard", "seat": 0}},
              {"step": 1, "event": {"type": "draw", "seat": 1}},
              {"step": 2, "event": {"type": "kong", "seat": 1}},
              {"step": 2, "event": {"type": "draw", "seat": 1}},
              {"step": 3, "event": {"type": "discard", "seat": 1}},
              {"step": 4, "event": {"type": "pung", "seat": 3}},
              {"step": 5, "event": {"type": "discard", "seat": 3}},
              {"step": 5, "event": {"type": "draw", "seat": 0}}]
    hand = site["hands"][0]
    page = _page(browser, site["base"], "phone", hand["tokens"][0], "en")
    _open(page, site["base"] + f"/#/replay/{hand['hand_id']}")
    page.wait_for_selector("#replay-step")
    starts = page.evaluate("async (frames) => (await import('/static/js/replay.js'))"
                           ".turnStarts(frames)", frames)
    assert starts == [True, True, True, False, False, False, True, False, True]
    button = page.locator("#replay-next-step")
    assert button.get_attribute("aria-label") == "Next turn"
    assert not button.locator(".label").is_visible()  # the icon alone on a phone
    box = page.locator("#replay .controls").bounding_box()
    assert box is not None and box["height"] < 844 / 4  # it took half the screen
    page.context.close()


BUTTON_SIZES = """() => [...document.querySelectorAll('#replay .controls button')].map((b) => {
  const r = b.getBoundingClientRect();
  return { id: b.id, w: Math.round(r.width), h: Math.round(r.height) }; })"""


def test_replay_controls_take_a_finger_and_say_what_they_step(site: dict[str, Any],
                                                              browser: Any) -> None:
    """On a phone (a newcomer's review): every button at least 44 x 44 (they were 40 high, ◀ ▶ 36
    wide), a visible legend in both languages before ◀◀ ▶▶ (by turn) and ◀ ▶ (by event), which
    differed only by their tooltips; and no frame says 轮到你了 / your turn: a replay is no live
    table (step 0 said it to the dealer)."""
    hand = site["hands"][0]
    for lang, mine, step_words, event_words in (("zh", "轮到你了", ("按步", "By turn"),
                                                 ("按事件", "By event")),
                                                ("en", "Your turn", ("By turn", "按步"),
                                                 ("By event", "按事件"))):
        page = _page(browser, site["base"], "phone", hand["tokens"][0], lang)
        _open(page, site["base"] + f"/#/replay/{hand['hand_id']}")
        page.wait_for_selector("#replay-step")
        small = [b for b in page.evaluate(BUTTON_SIZES) if b["w"] < 44 or b["h"] < 44]
        assert small == [], small
        for group, words in (("#replay-by-step", step_words), ("#replay-by-event", event_words)):
            legend = page.locator(f"{group} .group-label")
            assert legend.is_visible()
            assert legend.inner_text().startswith(words[0]), legend.inner_text()
            other = legend.locator(".other-lang")
            assert other.is_visible() and other.inner_text() == words[1]
        _no_overflow(page)
        if lang == "zh":
            page.screenshot(path=str(SHOTS / "explain-replay-controls-phone.png"))
        # every frame: whose turn is named, never "your turn"; the viewer's own turn comes up
        name = page.locator("#replay-viewer").inner_text()
        viewer_turns, end = 0, int(page.locator("#replay-step").inner_text().split("/")[1])
        for _ in range(end + 1):
            turn = page.locator("#turn-name")
            if turn.count():
                words = turn.inner_text()
                assert mine not in words, (page.locator("#replay-step").inner_text(), words)
                viewer_turns += words.split(" ")[-1] in name  # "轮到: NAME" / "Turn: NAME"
            page.click("#replay-next")
        assert viewer_turns > 0
        page.context.close()
