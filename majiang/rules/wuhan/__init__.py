"""wuhan: Wuhan mahjong with red dragon and laizi kongs (武汉麻将 红中赖子杠).

Per docs/rules/wuhan.md.

4 players, 136 tiles, chow allowed. The turned indicator fixes the laizi (wildcard) kind and the
赖子皮 kinds; red dragons and 赖子皮 never stay in a winning hand, they are put out as one-tile
kongs (`red_kong`, `pi_kong`; a put-out laizi is a `laizi_kong`). A winner must have opened (chow,
pung, exposed or added kong). Shapes: four sets and a 2-5-8 pair (any pair for 清一色 / 碰碰胡),
or 将一色 / 风一色 without sets. Value = base (屁胡 1, else 10 per big hand) x the winner's
multipliers (开口, 硬胡, his kongs). Every loser pays value x 2^f(L) with his own factors; caps
600 / 金顶 800 (1600 unopened) / 三阳开泰 3200; 连赖 and 连金 double; liability (清一色/将一色 third
set with 下雨, 全求人, 抢杠 杠进杠出) moves everything onto one player. No kong money.

Modules: `table` (laizi, 赖子皮, the losers' states, request checks), `readings` (readings and
patterns), `settle` (each loser's share: factors, caps, 包牌), `ruleset` (the `Wuhan` object).
The scorer overrides `score`: the document's order of non-win checks (section 10.6) and its
per-loser 64 minimum do not fit the shared loop. Decisions beyond the rules document (its
section 9 settles everything else):

- A `pi_kong` of the red dragon (red dragon indicator) is invalid: the document says a put-out
  red dragon is then a `red_kong`.
- 碰碰胡 stacks with 风一色 when an all-honour hand also reads as four triplets and a pair, as
  it does with 将一色 ("stacks like any big hand").
- `others`: keys other than `opened`, `kongs`, `no_rain`, `all_jiang` are ignored (the engine may
  send other rulesets' keys); an entry for the winner is ignored without being checked.
- A laizi cannot stand for a fifth copy of a kind whose four tiles are all in the winner's own
  concealed hand (the analysis API caps a kind at 4); no such hand is known to matter.
"""

from __future__ import annotations

from majiang.rules.wuhan.readings import (
    BIG_HANDS,
    FREE_PAIR,
    MULTIPLIER_IDS,
    MULTIPLIERS,
    PI_HU,
    SELF_DRAW_DOUBLES,
    WuhanReading,
)
from majiang.rules.wuhan.ruleset import Wuhan
from majiang.rules.wuhan.table import (
    CAP,
    GOLD,
    GOLD_UNOPENED,
    HONOUR_CYCLE,
    KONG_KEYS,
    KONGS,
    MINIMUM,
    OPENING,
    RED,
    SPECIAL_KONGS,
    THREE_SUNS,
    Loser,
    Table,
    is_feng,
    is_gold_win,
    is_jiang,
    laizi_for,
    loser_entry,
    next_kind,
    pi_kinds,
    previous_kind,
    read_table,
)

RULESET = Wuhan()

__all__ = [
    "BIG_HANDS", "CAP", "FREE_PAIR", "GOLD", "GOLD_UNOPENED", "HONOUR_CYCLE", "KONGS",
    "KONG_KEYS", "MINIMUM", "MULTIPLIERS", "MULTIPLIER_IDS", "OPENING", "PI_HU", "RED", "RULESET",
    "SELF_DRAW_DOUBLES", "SPECIAL_KONGS", "THREE_SUNS", "Loser", "Table", "Wuhan", "WuhanReading",
    "is_feng", "is_gold_win", "is_jiang", "laizi_for", "loser_entry", "next_kind", "pi_kinds",
    "previous_kind", "read_table",
]
