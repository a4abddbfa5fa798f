"""wuhan's words as a player reads them (a newcomer's review): the 见字胡 refusal says what it is
in both languages, a loser's own factors are named as his (the winner's 开口 and kongs are patterns
of the value: "×2 开口" on a loser's line read as counted twice), several kongs of one kind say how
many and what each multiplies ("×4 皮子杠×2" did not), and 赖子皮 has one English name, laizi skin,
its kong the laizi-skin kong (the button said "Indicator kong")."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from majiang.game.actions import _NAMES
from majiang.rules.contract import MELD_KINDS
from majiang.rules.wuhan.readings import MULTIPLIERS
from majiang.scoring import score, score_request

ROOT = Path(__file__).resolve().parents[2]
# four pungs down and a lone laizi 6p (wuhan.jsonl: the 见字胡 cases), 2s drawn or discarded
JIAN_ZI_HU: dict[str, Any] = {
    "rules": "wuhan", "winner": 0, "hand": "6p", "win_tile": "2s", "laizi": "6p",
    "melds": [{"kind": "pung", "tiles": tiles, "from": seat}
              for tiles, seat in (("111m", 3), ("999m", 2), ("444s", 1), ("777s", 2))],
    "others": {"1": {"opened": True, "kongs": {"pi": 2}},
               "2": {"opened": True, "kongs": {"red": 1}}, "3": {"opened": True}},
}


def test_the_jian_zi_hu_refusal_says_what_it_is_in_both_languages() -> None:
    answer = score({**JIAN_ZI_HU, "win_type": "discard", "discarder": 2})
    assert answer["win"] is False and answer["reason"] == "forbidden"
    zh, en = answer["detail"].split(" / ")
    assert zh == "见字胡（手里只剩一张赖子单吊）只能自摸，不能胡别人打的牌", zh
    assert en == ("jian zi hu (见字胡): a hand whose only wait is a lone laizi wins by self-draw "
                  "only, not on a discard"), en


def test_the_rules_page_names_jian_zi_hu() -> None:
    """The rules page's wuhan section (rules_text.js) has a line on 见字胡, in both languages."""
    text = (ROOT / "majiang/web/js/rules_text.js").read_text(encoding="utf-8")
    wuhan = text[text.index("  wuhan: {"):]
    line = next(m for m in re.finditer(r'\["(见字胡[^"]*)", "([^"]*)"\]', wuhan))
    assert "只能自摸" in line[1] and "赖子" in line[1], line[1]
    assert line[2].startswith("jian zi hu (见字胡): a hand whose only wait is a lone laizi"), \
        line[2]


def test_a_losers_own_factors_are_named_as_his() -> None:
    """Seat 1 opened and made two 皮子杠: ×2 输家开口 ×4 输家皮子杠 2 个，各 ×2; no factor of a
    loser is named like one of the winner's patterns (开口, 皮子杠, 红中杠 ...)."""
    ruleset, req, result = score_request({**JIAN_ZI_HU, "win_type": "self_drawn"})
    assert result.win and result.scored is not None
    explained = ruleset.explain(req, result.scored)
    by_seat = {s.seat: s for s in explained.shares}
    one = by_seat[1].factors
    assert [(f.times, f.zh, f.en) for f in one if f.id in ("opened", "pi_kong")] == [
        (2, "输家开口", "Loser opened"),
        (4, "输家皮子杠 2 个，各 ×2", "Loser's 2 laizi-skin kongs, ×2 each")]
    red = next(f for f in by_seat[2].factors if f.id == "red_kong")
    assert (red.times, red.zh, red.en) == (2, "输家红中杠", "Loser's red dragon kong")
    names = {p.zh for p in MULTIPLIERS} | {p["zh"] for p in explained.patterns}
    assert "开口" in names
    for share in explained.shares:
        for f in (*share.factors, *share.after):
            assert f.zh not in names, (share.seat, f.zh)


def test_laizi_skin_has_one_english_name() -> None:
    """The tile is the laizi skin (i18n.js, the lobby); its kong the laizi-skin kong on the
    button (actions.py), in the melds (board.js, contract.py), the patterns and a loser's line."""
    assert _NAMES["pi_kong"] == ("皮子杠", "Laizi-skin kong")
    assert MELD_KINDS["pi_kong"].en == "Laizi-skin kong"
    assert next(p.en for p in MULTIPLIERS if p.id == "pi_zi_gang") == "Laizi-skin kongs"
    web = ROOT / "majiang/web/js"
    assert 'pi: ["赖子皮", "Laizi skin"]' in (web / "i18n.js").read_text(encoding="utf-8")
    board = (web / "board.js").read_text(encoding="utf-8")
    assert 'pi_kong: ["皮子杠", "Laizi-skin kong"]' in board
    for path in [*web.glob("*.js"), *(ROOT / "majiang").rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"indicator kong", text, re.I), path
