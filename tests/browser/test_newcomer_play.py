"""A newcomer's whole hands at 390x844 (touch) and 1366x768, fixed where the play went wrong.

- The claim question on the felt (轮到你选择：要这张牌吗？ Your call: claim this discard or pass) no
  longer widens a portrait phone's centre column over the side seats: the left seat was pushed
  past the screen's left edge and the right seat clipped away whole, its river with it, on the
  first claim of a hand (the "seat's head past a phone's right edge" of an earlier run).
- A profile on a phone: More shows only when there are more hands (a button's inline-flex beat
  `hidden`, and More added the same hands again), "1 wins" / "2.5 units" read "wins: 1" and
  "1 unit", the links to the boards, to a replay and to each hand are 44 px for a finger
  (24 and 19), and the result chip's second language is readable on its colour.
- The settlement's 银子变动 table on a phone: a header word is not broken a character a line
  (银 / 子), and the table still fits 390 and 360 px.
- A drawn hand's payments say 无人付钱 / Nobody pays (they said "—"), and a practice hand's history
  row says 练习场 with no silver figure (it read -320 units, 0 silver, as a real table's).

The states are put into the page's view of a dealt hand (its socket held) and measured at once.
Fixtures: `conftest.py`.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from test_layout import PAGE_ERRORS, guest, new_page, shot
from test_newcomer_fixes import held_table
from test_settlement_text import LEVELS, NAMES

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

# the seat after this one discarded a tile this seat may pong: the claim question is up
CLAIM = """() => { const s = window.majiang.screen, v = s.view;
  const other = (v.seat + 1) % v.seats.length;
  const seats = v.seats.map((x) => x.seat === other
    ? {...x, discards: [...(x.discards || []), '9p']} : x);
  s.view = {...v, phase: 'play', turn: other, seats, drawn: null,
    last_discard: {seat: other, tile: '9p'}};
  s.prompt = {prompt_id: 9, received: performance.now(), seconds_left: 60, bank_left: 30,
    actions: [{type: 'pong', tile: '9p', label: {zh: '碰 九筒', en: 'Pung 9 Dots'}},
              {type: 'pass', label: {zh: '过', en: 'Pass'}}]};
  s.selected = null; s.render();
  const r = (q) => { const e = document.querySelector(q); if (!e) return null;
    const b = e.getBoundingClientRect(); return {l: b.left, r: b.right, w: b.width}; };
  return {vw: innerWidth, left: r('.board .seat-left'), right: r('.board .seat-right'),
    top: r('.board .seat-top'), turn: document.querySelector('#turn-name')?.innerText || ''}; }"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_claim_question_leaves_the_side_seats_on_a_phone(server: str, browser: Any,
                                                             lang: str) -> None:
    page = held_table(browser, server, "tuidaohu", PHONE, True, lang=lang)
    try:
        got = page.evaluate(CLAIM)
        shot(page, f"newcomer-claim-question-{lang}")
        assert "要这张牌吗" in got["turn"] and "Your call" in got["turn"], got
        vw = got["vw"]
        for side in ("left", "right"):
            seat = got[side]
            assert seat is not None, got
            # each side seat wholly on the screen, wide enough for its name (it was 2 px)
            assert seat["l"] >= -0.5 and seat["r"] <= vw + 0.5, f"{side} seat off screen: {got}"
            assert seat["w"] >= 80, f"{side} seat squeezed: {got}"
        assert PAGE_ERRORS == [], PAGE_ERRORS
    finally:
        page.context.close()


STATS = {"hands": 1, "wins": 1, "self_drawn": 0, "deal_ins": 0, "draws": 0, "win_rate": 1.0,
         "self_drawn_share": 0.0, "deal_in_rate": 0.0, "draw_rate": 0.0, "units": 1, "silver": 1,
         "fees": 0, "avg_win_units": 1.0, "avg_win_silver": 1,
         "biggest_win": {"hand_id": 3, "rules": "kawuxing", "units": 1, "silver": 1, "value": 1,
                         "win_type": "discard", "ended_at": "2026-01-01T00:00:00",
                         "patterns": [{"id": "ka_wu_xing", "zh": "卡五星", "en": "Five in the gap",
                                       "value": 1}]},
         "patterns": [{"id": "ka_wu_xing", "zh": "卡五星", "en": "Five in the gap", "count": 1}]}
HAND_ROW = {"hand_id": 3, "rules": "kawuxing", "result": "win", "silver": 1, "units": 1,
            "winners": [{"seat": 0, "name": "me", "patterns": STATS["patterns"]}]}

PROFILE = """() => { const r = (e) => e.getBoundingClientRect();
  const chip = document.querySelector('#profile-recent .chip .other-lang');
  const more = document.querySelector('#profile-more');
  return {text: document.querySelector('#profile').innerText,
    more: more ? r(more).height : null,
    rows: document.querySelectorAll('#profile-hands .hand-row').length,
    links: [...document.querySelectorAll('#profile-to-board, #profile .stat a, #profile-hands a')]
      .map((a) => ({text: a.innerText, h: r(a).height})),
    chip: chip ? getComputedStyle(chip).color : null}; }"""


def profile_page(page: Any, server: str, stats: dict[str, Any], recent: list[dict[str, Any]],
                 hands: list[dict[str, Any]]) -> None:
    """A new guest's own profile page, its card (`stats`, `recent`) and its hands served as
    given."""
    guest(page, server)
    name = page.inner_text("#user-name").strip()
    card = {"name": name, "bot": False, "guest": True, "silver": 101,
            "level": {"index": 2, "id": "lin_shi_gong", "zh": "临时工", "en": "Temporary worker"},
            "since": "2026-01-01T00:00:00", "wealth_rank": None, "stats": stats,
            "recent": recent}
    reply = lambda body: (lambda route: route.fulfill(  # noqa: E731
        status=200, content_type="application/json", body=json.dumps(body)))
    page.route(re.compile(r".*/api/players/[^/?]+$"), reply(card))
    page.route(re.compile(r".*/api/players/[^/]+/history.*"), reply({"hands": hands,
                                                                      "next": None}))
    page.goto(f"{server}/#/profile/{name}")
    page.wait_for_selector("#profile-hands .hand-row")


def test_a_profile_on_a_phone(server: str, browser: Any) -> None:
    page = new_page(browser, PHONE, True)
    try:
        profile_page(page, server, {"all": STATS, "kawuxing": STATS},
                     [{"rules": "kawuxing", "result": "win", "units": 1, "silver": 1}], [HAND_ROW])
        page.wait_for_selector("#profile-hands .hand-row")
        got = page.evaluate(PROFILE)
        shot(page, "newcomer-profile-phone", full=True)
        assert got["more"] in (None, 0), got  # no more hands: no More
        assert got["rows"] == 1, got
        # one of each: "1 wins" and "1 units" read "wins: 1" and "1 注 unit" now
        assert "1 wins" not in got["text"] and "wins: 1" in got["text"], got["text"]
        assert "注units" not in got["text"] and "1 注unit" in got["text"], got["text"]
        assert len(got["links"]) >= 3 and all(a["h"] >= 44 for a in got["links"]), got["links"]
        rgb = [int(x) for x in re.findall(r"\d+", got["chip"])[:3]]
        assert min(rgb) >= 200, got["chip"]  # light on the chip's green
        assert PAGE_ERRORS == [], PAGE_ERRORS
    finally:
        page.context.close()


# a hand of small sums (+2, -1), as a first hand at the lowest stake: narrow number columns
SMALL = LEVELS.replace("units: [720, -320, -320, -80], silver: [720, -320, -320, -80]",
                       "units: [2, -1, -1, 0], silver: [2, -1, -1, 0]")
assert SMALL != LEVELS

# each header's chosen-language text: its height in lines
HEADERS = """() => [...document.querySelectorAll('table.money th .bi')]
  .filter((b) => b.offsetParent)
  .map((b) => { const r = document.createRange(); r.selectNodeContents(b.firstChild);
    const lines = new Set([...r.getClientRects()].map((q) => Math.round(q.top))).size;
    return {text: b.firstChild.textContent, lines}; })"""


def test_the_silver_table_headers_keep_their_words_on_a_phone(server: str, browser: Any) -> None:
    for width in (390, 360):
        page = new_page(browser, {"width": width, "height": 844}, True)
        try:
            page.goto(server + "/")
            got = page.evaluate(SMALL, ["zh", NAMES])
            heads = page.evaluate(HEADERS)
            assert got["page"] <= width and got["table"][0] <= got["table"][1], (width, got)
            for head in heads:  # 注, 银子 on one line; 余额 之前 may break at its space
                words = len(head["text"].split())
                assert head["lines"] <= words, (width, heads)
        finally:
            page.context.close()


# a drawn hand with no money moved: its payments say so (they said "—")
DRAWN = """async (lang) => {
  (await import('/static/js/i18n.js')).setLang(lang);
  const { settlementEl } = await import('/static/js/settlement.js');
  const s = { winners: [], stake: 1, hand_id: null, lines: [],
    payments: { units: [0, 0, 0, 0], silver: [0, 0, 0, 0] },
    balances_before: [100, 100, 100, 100], balances_after: [100, 100, 100, 100],
    levels_before: [null, null, null, null], levels_after: [null, null, null, null] };
  const el = settlementEl(s, ['a', 'b', 'c', 'd'], 0);
  return { draw: el.querySelector('.draw-result')?.textContent ?? null,
           pays: el.querySelector('.no-payments')?.textContent ?? null };
}"""


def test_a_drawn_hand_says_nobody_pays(server: str, browser: Any) -> None:
    page = new_page(browser, PHONE, True)
    try:
        for lang in ("zh", "en"):
            page.goto(server + "/")
            got = page.evaluate(DRAWN, lang)
            assert got["draw"] and "流局" in got["draw"], got
            assert got["pays"] and "无人付钱" in got["pays"] and "Nobody pays" in got["pays"], got
    finally:
        page.context.close()


def test_a_practice_hand_is_marked_in_the_history(server: str, browser: Any) -> None:
    """A practice table's hand (stake 0) moved no silver: its history row says 练习场 and shows no
    silver figure (it showed -320 units, 0 silver, like a real table's even hand)."""
    page = new_page(browser, PHONE, True)
    try:
        guest(page, server)
        row = {"hand_id": 7, "rules": "wuhan", "seat": 0, "stake": 0, "result": "loss",
               "winners": [], "names": ["me", "b", "c", "d"], "units": -320, "silver": 0,
               "ended_at": "2026-12-07T10:00:00"}
        page.route(re.compile(r".*/api/history$"), lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps([row, {
                **row, "hand_id": 8, "stake": 5, "silver": -1600}])))
        page.goto(f"{server}/#/history")
        page.wait_for_selector("#history tr[data-hand='7']")
        got = page.evaluate("""() => [...document.querySelectorAll('#history tr[data-hand]')]
          .map((tr) => ({tag: tr.querySelector('.practice-tag')?.textContent ?? null,
                         silver: tr.querySelector('td.silver').textContent.trim()}))""")
        assert got[0]["tag"] and "练习场" in got[0]["tag"] and "Practice" in got[0]["tag"], got
        assert got[0]["silver"] == "—", got
        assert got[1]["tag"] is None and got[1]["silver"] == "-1,600", got
        assert PAGE_ERRORS == [], PAGE_ERRORS
    finally:
        page.context.close()
