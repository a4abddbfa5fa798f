"""Silver and the 20 wealth levels (财富等级), per docs/economy.md. Pure: no I/O.

>>> level_for(1646).zh
'副主管'
>>> settle([6, 4, 1, -11], [20, 35, 12, 7], stake=1)
[4, 2, 1, -7]
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

NEW_ACCOUNT_GRANT = 100
"""Taels granted to a new account (the lower bound of 临时工); a server setting may override it."""


@dataclass(frozen=True)
class Level:
    """One wealth level: who may sit at its tables and the stake (one unit) there."""

    index: int
    id: str
    zh: str
    zh_hant: str
    en: str
    min_silver: int
    stake: int

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "id": self.id,
            "zh": self.zh,
            "zh_hant": self.zh_hant,
            "en": self.en,
            "min_silver": self.min_silver,
            "stake": self.stake,
        }


# index, id, 简体, 繁體 (the seed), English, lower bound of silver, stake (基本银子)
_LEVEL_TABLE: tuple[tuple[int, str, str, str, str, int, int], ...] = (
    (1, "dai_ye", "待业", "待業", "Unemployed", 0, 1),
    (2, "lin_shi_gong", "临时工", "臨時工", "Temporary worker", 100, 1),
    (3, "qi_yue_gong", "契约工", "契約工", "Contract worker", 200, 2),
    (4, "zheng_shi_gong", "正式工", "正式工", "Permanent employee", 400, 4),
    (5, "zhu_li_zhu_guan", "助理主管", "助理主管", "Assistant supervisor", 800, 8),
    (6, "fu_zhu_guan", "副主管", "副主管", "Deputy supervisor", 1_600, 16),
    (7, "zhu_guan", "主管", "主管", "Supervisor", 3_200, 32),
    (8, "zhu_li_jing_li", "助理经理", "助理經理", "Assistant manager", 6_400, 64),
    (9, "fu_jing_li", "副经理", "副經理", "Deputy manager", 12_800, 128),
    (10, "jing_li", "经理", "經理", "Manager", 25_600, 256),
    (11, "zhu_li_zong_cai", "助理总裁", "助理總裁", "Assistant president", 51_200, 512),
    (12, "fu_zong_cai", "副总裁", "副總裁", "Vice president", 102_400, 1_024),
    (13, "zong_cai", "总裁", "總裁", "President", 204_800, 2_048),
    (14, "dong_shi", "董事", "董事", "Board director", 409_600, 4_096),
    (15, "fu_dong_shi_zhang", "副董事长", "副董事長", "Vice chairman", 819_200, 8_192),
    (16, "dong_shi_zhang", "董事长", "董事長", "Chairman", 1_638_400, 16_384),
    (17, "du_wang", "赌王", "賭王", "King of Gamblers", 3_276_800, 32_768),
    (18, "du_sheng", "赌圣", "賭聖", "Saint of Gamblers", 6_553_600, 65_536),
    (19, "du_shen", "赌神", "賭神", "God of Gamblers", 13_107_200, 131_072),
    (20, "yu_di", "玉帝", "玉帝", "Jade Emperor", 26_214_400, 262_144),
)

LEVELS: tuple[Level, ...] = tuple(Level(*row) for row in _LEVEL_TABLE)
_LOWER_BOUNDS = [level.min_silver for level in LEVELS]


class EconomyError(ValueError):
    """A request the economy rules refuse (a bad level, a seat not allowed, a bad settlement)."""


def level(index: int) -> Level:
    """The level numbered `index` (1..20)."""
    if not isinstance(index, int) or not 1 <= index <= len(LEVELS):
        raise EconomyError(f"level must be 1..{len(LEVELS)}, got {index!r}")
    return LEVELS[index - 1]


def level_for(balance: int) -> Level:
    """The highest level whose lower bound is at most `balance`."""
    if balance < 0:
        raise EconomyError(f"a balance is never negative, got {balance}")
    return LEVELS[bisect_right(_LOWER_BOUNDS, balance) - 1]


def upper_bound(lvl: Level) -> int | None:
    """The most silver a player of this level holds (None for the last, unbounded level)."""
    return None if lvl.index == len(LEVELS) else LEVELS[lvl.index].min_silver - 1


SEAT_COVER: dict[str, int] = {
    "tuidaohu": 4, "yangzhou": 100, "kawuxing": 20, "jincheng": 8, "wuhan": 2_400,
}
"""Units one hand of each ruleset can cost a paying seat: the 99th percentile of a loser's units
per hand in simulated play, rounded (docs/economy.md section 7). A seat needs that many stakes."""


def seat_minimum(rules: str | None, table_level: int) -> int:
    """The silver a seat at a `rules` table of `table_level` needs: the level's lower bound, and
    enough for one costly hand (`SEAT_COVER` x the stake); at least 1."""
    lvl = level(table_level)
    return max(1, lvl.min_silver, SEAT_COVER.get(rules or "", 0) * lvl.stake)


def seat_refusal(balance: int, table_level: int, rules: str | None = None) -> str | None:
    """Why a player with `balance` may not sit at a table of `table_level` (of `rules`: its seat
    requirement counts too), or None if they may."""
    table = level(table_level)
    if balance < 1:
        return "余额为零，不能入座 / no silver left to play with"
    own = level_for(balance)
    if own.index < table.index:
        return (
            f"需要{table.zh}（{table.min_silver}两）以上才能入座 / this table needs "
            f"{table.en} ({table.min_silver} taels) or more; you are {own.en}"
        )
    need = seat_minimum(rules, table_level)
    if balance < need:
        zh, en = _names(rules)
        units = SEAT_COVER.get(rules or "", 0)
        return (
            f"{zh}在此桌一局可输{units}注（百局中99局不超过此数），入座需{need}两（你有{balance}两），"
            "可选低一级的桌或练习场 / "
            f"one hand of {en} here can cost {units} units (99 hands in 100 cost no more): a "
            f"seat needs {need} taels (you have {balance}); try a lower table or practice (练习场)"
        )
    return None


def _names(rules: str | None) -> tuple[str, str]:
    """A ruleset's Chinese and English names, for a message (its id if it is unknown)."""
    from majiang.rules import get_ruleset

    try:
        ruleset = get_ruleset(rules or "")
    except KeyError:
        return rules or "", rules or ""
    return ruleset.zh, ruleset.en


def may_sit(balance: int, table_level: int, rules: str | None = None) -> bool:
    return seat_refusal(balance, table_level, rules) is None


def best_level(balance: int, rules: str) -> int | None:
    """The highest table level a `balance` may sit at for `rules` (None: none, practice only)."""
    for lvl in reversed(LEVELS):
        if may_sit(balance, lvl.index, rules):
            return lvl.index
    return None


# The faucets and the sink (docs/economy.md section 7); the server's settings default to these.
SIGNIN_BONUS = 20
"""Taels for the first sign-in of each day (签到)."""
RELIEF_BELOW = 50
"""Relief (救济金) is for a balance below this many taels."""
RELIEF_TO = 100
"""Relief tops the balance up to this many taels."""
RELIEF_PER_DAY = 3
RELIEF_COOLDOWN = 30 * 60
"""Seconds between two reliefs of one account."""
GUEST_GRANTS_PER_ADDRESS = 5
"""Guest accounts (each with the new-account grant) one address may open per day."""
SIGNUPS_PER_ADDRESS = 10
"""Accounts with a name (each with the new-account grant) one address may open per day."""
TABLE_FEE_PERCENT = 0
"""The table fee (台费) of a seat per hand, in percent of the stake (0: none; see section 7)."""


def relief_refusal(balance: int, claimed_today: int, seconds_since_last: float | None,
                   *, below: int = RELIEF_BELOW, per_day: int = RELIEF_PER_DAY,
                   cooldown: int = RELIEF_COOLDOWN) -> str | None:
    """Why relief is refused now, or None if it may be granted."""
    if balance >= below:
        return f"余额不低于{below}两，无需救济 / relief is for balances below {below} taels"
    if claimed_today >= per_day:
        return f"今日救济已领{per_day}次 / relief already claimed {per_day} times today"
    if seconds_since_last is not None and seconds_since_last < cooldown:
        wait = int(cooldown - seconds_since_last) + 1
        return f"请{wait}秒后再领 / relief again in {wait} s"
    return None


def net(*payments: Sequence[int]) -> list[int]:
    """Add several payment lists seat by seat (e.g. every winner of one discard)."""
    if not payments:
        return []
    width = len(payments[0])
    if any(len(p) != width for p in payments):
        raise EconomyError("payment lists have different numbers of seats")
    return [sum(p[i] for p in payments) for i in range(width)]


def settle(nets: Sequence[int], balances: Sequence[int], stake: int) -> list[int]:
    """Silver each seat actually receives (+) or pays (-) for one settlement event.

    `nets` are in units and must sum to zero; each payer pays at most its balance before the event;
    what was paid is shared among receivers in proportion to their nets (floors, then the leftover
    taels one each by largest remainder, lower seat first). Nothing is created or destroyed.
    """
    if len(nets) != len(balances):
        raise EconomyError(f"{len(nets)} nets for {len(balances)} balances")
    if sum(nets) != 0:
        raise EconomyError(f"a settlement must sum to zero, got {list(nets)}")
    if stake < 1:
        raise EconomyError(f"the stake must be at least 1 tael, got {stake}")
    if any(b < 0 for b in balances):
        raise EconomyError(f"balances are never negative, got {list(balances)}")
    silver = [n * stake for n in nets]
    paid = [min(-s, b) if s < 0 else 0 for s, b in zip(silver, balances, strict=True)]
    owed = sum(-s for s in silver if s < 0)
    total_paid = sum(paid)
    if total_paid == owed:
        return silver
    receivers = [i for i, s in enumerate(silver) if s > 0]
    claims = sum(silver[i] for i in receivers)
    result = [-p for p in paid]
    shares = {i: total_paid * silver[i] // claims for i in receivers}
    leftover = total_paid - sum(shares.values())
    by_remainder = sorted(receivers, key=lambda i: (-(total_paid * silver[i] % claims), i))
    for i in by_remainder[:leftover]:
        shares[i] += 1
    for i, share in shares.items():
        result[i] = share
    return result


def apply(balances: Sequence[int], moved: Sequence[int]) -> list[int]:
    """Balances after a settlement event's silver has moved."""
    after = [b + m for b, m in zip(balances, moved, strict=True)]
    if any(b < 0 for b in after):
        raise EconomyError(f"a balance would go below zero: {after}")
    return after
