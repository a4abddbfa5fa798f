"""The project's rule on a phone (390x844, touch): text a player sees is in Chinese AND English,
the chosen language first, whichever language is chosen.

For each main screen (the lobby and its top bar, a table's head with its seat tags, centre and
hint line, the settlement, the rules pages' tabs and headings, a replay, the leaderboard), a list
of things a player reads there, each as the Chinese and the English a player would expect; the
screen's rendered text (`innerText`: nothing hidden by CSS counts) must hold both, and the chosen
language's before the other's. Run once with 中文 chosen and once with English.
Screenshots: `screenshots/layout-both-{zh,en}-*.png`. Fixtures: `conftest.py`.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_layout import PAGE_ERRORS, PHONE, guest, new_page, play_hand, press, shot

# screen: [(where on the page, Chinese, English)]
LOBBY = [
    ("#bar", "大厅", "Lobby"), ("#bar", "历史牌局", "History"), ("#bar", "规则", "Rules"),
    ("#bar", "排行榜", "Leaderboard"), ("#bar", "退出", "Log out"), ("#bar", "两", "taels"),
    ("main", "玩法", "Rulesets"), ("main", "快速开始", "Quick play"), ("main", "银子", "Silver"),
    ("main", "（游客）", "(guest)"), ("main", "底注", "Stake"),
]
TABLE = [
    (".table-head", "牌桌", "Table"), (".table-head", "推倒胡", "Push-down"),
    (".table-head", "底注", "Stake"), (".table-head", "第1场", "Match 1"),
    (".table-head", "离开", "Leave"), (".table-head", "设置", "Settings"),
    (".board .seat .tag", "机器人", "bot"), (".board .seat .tag", "庄", "Dealer"),
    (".board .seat.me", "你", "you"),
    (".center", "余牌", "Wall"), ("#actions .hint", "点一张牌选中", "Tap a tile"),
]
# a won hand's pattern table and payments; a drawn hand (流局, every tile drawn) may have neither
WON = [("#settlement", "番型", "Patterns"), ("#settlement", "合计", "Total"),
       (".payment-line", "付", "pay")]
DRAWN = [(".draw-result", "流局", "Exhaustive draw")]
SETTLEMENT = [
    ("#settlement", "结算", "Settlement"), ("#settlement", "支付", "Payments"),
    ("#settlement", "银子变动", "Silver moved"),
    ("#settlement", "余额", "Balance"), (".overlay-card", "返回大厅", "Back to lobby"),
]
RULES = [
    ("#rules-tabs", "推倒胡", "Push-down"), ("#rules-tabs", "扬州麻将", "Yangzhou"),
    ("#rules-tabs", "卡五星", "Kawuxing"), ("#rules-page", "一局怎么打", "How a hand goes"),
    ("#rules-page", "特殊操作", "Special actions"), ("#pattern-table", "番型", "Pattern"),
    ("#rules-page", "怎么给钱", "Payments"), ("#rules-page", "牌例", "Worked hands"),
    ("#rules-page", "财富等级", "Wealth levels"), ("#rules-page", "所需银子", "Silver needed"),
]
REPLAY = [
    ("#replay .table-head", "回放", "Replay"), ("#replay .table-head", "推倒胡", "Push-down"),
    ("#replay .table-head", "底注", "Stake"), ("#replay .controls", "按步", "By turn"),
    ("#replay .controls", "按事件", "By event"), ("#replay-now", "发牌完毕", "The deal is done"),
    ("#replay .board", "余牌", "Wall"), ("#replay .board", "轮到", "Turn"),
]
LEADERBOARD = [
    ("#leaderboard", "排行榜", "Leaderboard"), ("#leaderboard", "财富", "Wealth"),
    ("#leaderboard", "推倒胡", "Push-down"), ("#board-guest", "游客", "guest"),
]

TEXT_OF = "(q) => [...document.querySelectorAll(q)].map((e) => e.innerText).join('\\n')"


def both_shown(page: Any, lang: str, screen: str, pairs: list[tuple[str, str, str]]) -> None:
    """Every pair shown in both languages on this screen, the chosen one first."""
    missing = []
    for where, zh, en in pairs:
        text = page.evaluate(TEXT_OF, where)
        low = text.lower()
        at_zh, at_en = text.find(zh), low.find(en.lower())
        if at_zh < 0 or at_en < 0:
            missing.append(f"{where}: {zh if at_zh < 0 else ''} {en if at_en < 0 else ''}".strip())
        elif (at_zh < at_en) != (lang == "zh"):
            missing.append(f"{where}: {zh} / {en} not with {lang} first")
    shot(page, f"both-{lang}-{screen}")
    assert not missing, f"{lang} {screen}: {missing}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{lang} {screen}: {width} px wide"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_main_screen_shows_both_languages_on_a_phone(
    server: str, browser: Any, lang: str
) -> None:
    page = new_page(browser, PHONE, True)
    page.context.add_init_script(f"localStorage.setItem('majiang.lang', '{lang}')")
    try:
        guest(page, server)
        page.wait_for_selector(".ruleset-card")
        both_shown(page, lang, "lobby", LOBBY)
        page.select_option("#sel-rules", "tuidaohu")
        page.select_option("#sel-bots", "3")
        page.select_option("#sel-level", "1")
        press(page, page.locator("#btn-create"), True)
        page.wait_for_selector("#btn-ready", timeout=15000)
        press(page, page.locator("#btn-ready"), True)
        for _ in range(600):  # this seat's first discard turn (a claim offered before it: pass)
            if page.locator("#hand img.discardable").count():
                break
            press(page, page.locator("#actions button[data-action=pass]"), True)
            page.wait_for_timeout(100)
        both_shown(page, lang, "table", TABLE)
        play_hand(page, f"both-{lang}", True)
        page.wait_for_selector("#settlement")
        drawn = page.locator("#settlement .draw-result").count() > 0
        both_shown(page, lang, "settlement", SETTLEMENT + (DRAWN if drawn else WON))
        page.goto(f"{server}/#/rules/tuidaohu")
        page.wait_for_selector("#rules-tabs a")
        both_shown(page, lang, "rules", RULES)
        page.goto(f"{server}/#/history")
        page.wait_for_selector("a[href^='#/replay/']")
        page.locator("a[href^='#/replay/']").first.tap()
        page.wait_for_selector("#replay-now")
        both_shown(page, lang, "replay", REPLAY)
        page.goto(f"{server}/#/leaderboard")
        page.wait_for_selector("#board-who")
        both_shown(page, lang, "leaderboard", LEADERBOARD)
        assert PAGE_ERRORS == [], PAGE_ERRORS
    finally:
        page.context.close()
