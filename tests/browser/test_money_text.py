"""How money reads on screen: an amount carries its unit in the current language (one tael, two
taels, 两 in Chinese), and a settlement's payments are one line per payee and reason (a
self-drawn win's three payers on one line, a discard win's one payer on its own)."""

from __future__ import annotations

from typing import Any

from test_layout import DESKTOP, new_page

TAELS = """async (lang) => {
  localStorage.setItem('majiang.lang', lang);
  const m = await import('/static/js/i18n.js?' + lang);  // a fresh module reads the language
  return [m.taels(1), m.taels(2), m.taels(-1, true), m.taels(1200, true), m.taels(0)];
}"""

SETTLEMENT = """async () => {
  const { settlementEl } = await import('/static/js/settlement.js');
  const win = { zh: '清一色', en: 'Pure suit' }, kong = { zh: '暗杠', en: 'Concealed kong' };
  const lv1 = { index: 1, id: 'daiye', zh: '待业', en: 'Unemployed', min_silver: 0, stake: 1 };
  const lv2 = { index: 2, id: 'linshigong', zh: '临时工', en: 'Temporary worker', min_silver: 100,
                stake: 1 };
  const s = {
    winners: [], stake: 10, hand_id: null,
    lines: [
      { payer: 1, payee: 0, amount: 2, reason: kong },
      { payer: 2, payee: 0, amount: 2, reason: kong },
      { payer: 3, payee: 0, amount: 2, reason: kong },
      { payer: 1, payee: 2, amount: 4, reason: win },
      { payer: 3, payee: 2, amount: 8, reason: win },
      { payer: 0, payee: 2, amount: 4, reason: win },
      { payer: 1, payee: 3, amount: 1, reason: win },
    ],
    payments: { units: [2, -7, 14, -9], silver: [20, -70, 140, -90] },
    balances_before: [100, 100, 100, 100], balances_after: [120, 30, 240, 10],
    levels_before: [lv1, lv2, lv2, lv1], levels_after: [lv1, lv1, lv2, lv2],
  };
  const el = settlementEl(s, ['alice', 'bob', 'carol', 'dave'], 1);
  // each text as [the chosen language's, the other's] (the other is small after it)
  const two = (e) => (e ? [e.querySelector('.bi').firstChild.textContent,
    e.querySelector('.other-lang')?.textContent ?? ''] : null);
  return { lines: [...el.querySelectorAll('.payment-line')].map(two),
           moves: [...el.querySelectorAll('table.money tr[data-seat]')].map((tr) =>
             tr.querySelector('td:last-child .level-move')?.textContent.trim() || ''),
           note: two(el.querySelector('#level-note')),
           note_class: el.querySelector('#level-note')?.className || null };
}"""


def test_amounts_carry_their_unit_in_both_languages(server: str, browser: Any) -> None:
    page = new_page(browser, DESKTOP, False)
    try:
        page.goto(server + "/")
        assert page.evaluate(TAELS, "en") == ["1 tael", "2 taels", "-1 tael", "+1,200 taels",
                                              "0 taels"]
        assert page.evaluate(TAELS, "zh") == ["1 两", "2 两", "-1 两", "+1,200 两", "0 两"]
    finally:
        page.context.close()


def test_a_settlement_has_one_payment_line_per_payee_and_reason(server: str,
                                                                browser: Any) -> None:
    """And a level the hand changed is marked (↑ 升级 / ↓ 降级), the player's own in a sentence:
    a guest at 100 taels lost one and dropped a level without a word (a newcomer's report)."""
    page = new_page(browser, DESKTOP, False)
    try:
        page.goto(server + "/")
        got = page.evaluate(SETTLEMENT)
        lines = got["lines"]
        assert len(lines) == 3, lines
        # sentences, not a log: who pays whom how much, for what
        zh = ["bob、carol、dave 各付给 alice 2 注（暗杠）",
              "bob 付 4 注、dave 付 8 注、alice 付 4 注，共 16 注给 carol（清一色）",
              "bob 付给 dave 1 注（清一色）"]
        en = ["bob, carol and dave each pay alice 2 units (Concealed kong)",
              "bob pays 4, dave 8 and alice 4: 16 units to carol (Pure suit)",
              "bob pays dave 1 unit (Pure suit)"]
        # both languages, the chosen (中文) first
        assert lines == [list(x) for x in zip(zh, en, strict=True)], lines
        page.evaluate("localStorage.setItem('majiang.lang', 'en')")
        page.reload()
        lines = page.evaluate(SETTLEMENT)["lines"]
        assert lines == [list(x) for x in zip(en, zh, strict=True)], lines
        # a level this hand changed is marked, and the player's own change said in words
        # in words (both languages), not a bare arrow
        assert got["moves"] == ["", "↓ 降级level down", "", "↑ 升级level up"], got
        # the same stake either side (临时工 and 待业 both 1): said, and not in red; no promise
        # of the seat (a table's seat requirement may still unseat the player: yangzhou's 100)
        assert got["note"] == ["你的等级由临时工降为待业（余额低于 100 两） · 底注不变",
                               "Your level went down from Temporary worker to Unemployed"
                               " (balance below 100 taels) · the stake is the same"], got
        assert got["note_class"] == "level-note same", got
    finally:
        page.context.close()
