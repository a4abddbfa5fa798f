"""The lobby's ruleset carousel on a phone (a newcomer's review): switching the language kept the
selected ruleset (Quick play named it) but scrolled the cards back to the first; and the note under
Quick play that it opens a practice table was 11.5 px (its English 8.6 px)."""

from __future__ import annotations

from typing import Any

from test_layout import PHONE, guest, new_page

IN_VIEW = """() => {
  const box = document.getElementById('ruleset-cards').getBoundingClientRect();
  const card = document.querySelector('.ruleset-card.selected');
  const r = card.getBoundingClientRect();
  return { rules: card.dataset.rules, inside: r.left >= box.left - 1 && r.right <= box.right + 1 };
}"""
NOTE_SIZES = """() => [...document.querySelectorAll('#quick-practice, #quick-practice *')]
  .filter((e) => e.textContent.trim() && e.getClientRects().length)
  .map((e) => parseFloat(getComputedStyle(e).fontSize))"""


def test_the_language_switch_keeps_the_selected_card_in_view(server: str, browser: Any) -> None:
    page = new_page(browser, PHONE, True)
    try:
        guest(page, server)
        page.tap(".ruleset-card[data-rules='wuhan']")
        page.wait_for_selector(".ruleset-card.selected[data-rules='wuhan']")
        page.locator(".ruleset-card[data-rules='wuhan']").scroll_into_view_if_needed()
        assert page.evaluate(IN_VIEW) == {"rules": "wuhan", "inside": True}
        for lang in ("en", "zh"):
            page.tap("#btn-lang")
            page.wait_for_function("(l) => document.documentElement.lang.startsWith(l)", arg=lang)
            page.wait_for_selector("#btn-quick")
            assert page.evaluate(IN_VIEW) == {"rules": "wuhan", "inside": True}, lang
            assert ("Wuhan" if lang == "en" else "武汉") in page.inner_text("#btn-quick")
            # a new guest's 100 taels are below wuhan's seat: the practice note, 12 px or more
            sizes = page.evaluate(NOTE_SIZES)
            assert sizes and min(sizes) >= 12, (lang, sizes)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        page.context.close()


def test_choosing_a_ruleset_in_the_list_brings_its_card_into_view(server: str,
                                                                  browser: Any) -> None:
    """The 玩法 list highlighted the chosen card but left it cut off at the carousel's right."""
    page = new_page(browser, PHONE, True)
    try:
        guest(page, server)
        for rules in ("wuhan", "yangzhou", "tuidaohu", "jincheng"):
            page.select_option("#sel-rules", rules)
            assert page.evaluate(IN_VIEW) == {"rules": rules, "inside": True}, rules
    finally:
        page.context.close()
