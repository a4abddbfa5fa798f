"""A newcomer's whole hands at 390x844 (touch) and 1366x768, fixed where the play went wrong.

- The claim question on the felt (轮到你选择：要这张牌吗？ Your call: claim this discard or pass) no
  longer widens a portrait phone's centre column over the side seats: the left seat was pushed
  past the screen's left edge and the right seat clipped away whole, its river with it, on the
  first claim of a hand (the "seat's head past a phone's right edge" of an earlier run).

The states are put into the page's view of a dealt hand (its socket held) and measured at once.
Fixtures: `conftest.py`.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_layout import PAGE_ERRORS, shot
from test_newcomer_fixes import held_table

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

# the seat after this one discarded a tile this seat may pong: the claim question is up
CLAIM = """() => { const s = window.majiang.screen, v = s.view;
  const other = (v.seat + 1) % v.seats.length;
  const seats = v.seats.map((x) => x.seat === other ? {...x, discards: [...(x.discards || []), '9p']} : x);
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
