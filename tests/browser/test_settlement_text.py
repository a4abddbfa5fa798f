"""How a settlement reads (settlement.js), from a newcomer's review: the header above the losers'
rows says what the rows compute, in both languages (jincheng's said "only the largest item counts"
above a row of 1 x2 dealer x2 discarder = 4)."""

from __future__ import annotations

from typing import Any

from test_layout import DESKTOP, new_page

# a jincheng discard win (case 1 of its payment table): the winner is the dealer, the feeder had
# not declared; every hand's value is 1 and the table's multipliers apply per loser
JINCHENG = """async (lang) => {
  (await import('/static/js/i18n.js')).setLang(lang);
  const { settlementEl } = await import('/static/js/settlement.js');
  const dealer = { id: 'dealer', zh: '庄家', en: 'Dealer', times: 2 };
  const fed = { id: 'discarder', zh: '点炮（未上架）', en: 'Fed the win, not declared', times: 2 };
  const share = (seat, factors) => ({ seat, base: 1, factors, raw: 2 ** factors.length, cap: null,
    after: [], units: 2 ** factors.length, payer: seat, notes: [] });
  const win = { winner: 0, win_type: 'discard', discarder: 1, win_tile: '6z', value: 1,
    combine: 'best', patterns: [{ id: 'ping_hu', zh: '平胡', en: 'Basic win', value: 1 }],
    shares: [share(1, [dealer, fed]), share(2, [dealer]), share(3, [dealer])],
    liable: null, liability: null, units: [8, -4, -2, -2] };
  const s = {
    winners: [{ seat: 0, hand: '44m', melds: [], tile: '6z', value: 1,
                patterns: [{ id: 'ping_hu', zh: '平胡', en: 'Basic win', value: 1 }] }],
    win_type: 'discard', discarder: 1, stake: 0, hand_id: null, lines: [],
    payments: { units: [8, -4, -2, -2], silver: [0, 0, 0, 0] },
    balances_before: [100, 100, 100, 100], balances_after: [100, 100, 100, 100],
    levels_before: [null, null, null, null], levels_after: [null, null, null, null],
    explain: { version: 1, stake: 0, wins: [win], events: [] },
  };
  const el = settlementEl(s, ['a', 'b', 'c', 'd'], 1);
  return { head: el.querySelector('.explain-win h4 small.muted')?.textContent ?? null,
           rows: [...el.querySelectorAll('tr.share td.reckoning')].map((td) => td.textContent) };
}"""


def test_jincheng_header_says_what_its_rows_compute(server: str, browser: Any) -> None:
    """The value is the best pattern's (1: jincheng's hands have no fan), and each loser's row
    multiplies it by the payment table's factors that apply to him (庄家, 点炮): the header said
    "only the largest item counts" above rows that multiply two items."""
    page = new_page(browser, DESKTOP, False)
    try:
        page.goto(server + "/")
        # each factor in both languages, the chosen first (the other is small after it)
        head_zh = " 胡牌分 1（牌型取最大的一项） · 每家再乘自己这一行的倍数"
        head_en = ("Value 1 (the best pattern) · each loser's row multiplies it by "
                   "what applies to that loser")
        zh = page.evaluate(JINCHENG, "zh")
        assert zh["rows"][0] == "1×2 庄家Dealer×2 点炮（未上架）Fed the win, not declared", zh
        assert zh["head"] == head_zh + head_en, zh
        en = page.evaluate(JINCHENG, "en")
        assert en["rows"][0] == "1×2 Dealer庄家×2 Fed the win, not declared点炮（未上架）", en
        assert en["head"] == " " + head_en + head_zh.strip(), en
    finally:
        page.context.close()


# a hand that moved two players' levels, shown as the table's overlay shows it
LEVELS = """async ([lang, names]) => {
  (await import('/static/js/i18n.js')).setLang(lang);
  const { settlementEl } = await import('/static/js/settlement.js');
  const lv = (index, zh, en) => ({ index, id: `l${index}`, zh, en, min_silver: index * 100,
                                    stake: index });
  const s = {
    winners: [], stake: 1, hand_id: null, lines: [],
    payments: { units: [720, -320, -320, -80], silver: [720, -320, -320, -80] },
    balances_before: [100, 2000, 1000, 1000], balances_after: [1900, 1400, 600, 400],
    levels_before: [lv(2, '临时工', 'Temporary worker'), lv(5, '小老板', 'Small boss'),
                    lv(4, '职员', 'Clerk'), lv(4, '职员', 'Clerk')],
    levels_after: [lv(5, '小老板', 'Small boss'), lv(5, '小老板', 'Small boss'),
                   lv(3, '工人', 'Worker'), lv(3, '工人', 'Worker')],
  };
  const div = (className) => Object.assign(document.createElement('div'), { className });
  const overlay = div('overlay'), card = div('card overlay-card');
  document.body.replaceChildren(overlay);
  overlay.appendChild(card);
  card.appendChild(settlementEl(s, names, 0));
  await new Promise((r) => setTimeout(r, 300));  // explain.css
  const table = document.querySelector('table.money');
  const shown = (e) => !!e && e.getClientRects().length > 0
    && getComputedStyle(e).visibility !== 'hidden';
  return {
    levels: [...table.querySelectorAll('tr[data-seat]')].map((tr) => {
      const line = tr.querySelector('.level-inline');
      return shown(line) && shown(line.querySelector('.level-name'))
        ? line.innerText.replace(/\\s+/g, ' ').trim() : null;
    }),
    page: document.documentElement.scrollWidth, table: [table.scrollWidth, table.clientWidth],
  };
}"""
NAMES = ["guest-b1b287", "bot-80007e", "bot-fdebc7", "bot-3efbe2"]


def test_a_phone_shows_each_level_and_its_change(server: str, browser: Any) -> None:
    """Below 420 px the level column is hidden (it did not fit): each seat's level, and a change in
    words, shows under its name instead, and the table fits 390 and 360 px without scrolling."""
    for width in (390, 360):
        page = new_page(browser, {"width": width, "height": 844}, True)
        try:
            # the level's name and its change in both languages, the chosen first
            for lang, want in (("zh", ["5 小老板 Small boss ↑ 升级level up", "5 小老板 Small boss",
                                       "3 工人 Worker ↓ 降级level down",
                                       "3 工人 Worker ↓ 降级level down"]),
                               ("en", ["5 Small boss 小老板 ↑ level up升级", "5 Small boss 小老板",
                                       "3 Worker 工人 ↓ level down降级",
                                       "3 Worker 工人 ↓ level down降级"])):
                page.goto(server + "/")
                got = page.evaluate(LEVELS, [lang, NAMES])
                assert got["levels"] == want, (width, got)
                assert got["page"] <= width, (width, got)
                assert got["table"][0] <= got["table"][1], (width, lang, got)
        finally:
            page.context.close()
