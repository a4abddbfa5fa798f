"""Facts of the five rules documents (docs/rules/*.md) the rule checks read, written out
here from the documents rather than taken from the engine's tables, so a check is independent."""

from __future__ import annotations

from dataclasses import dataclass

from majiang.tiles import RED, Tile

# claim ranks, lower first: jincheng 2 "胡 > 搶 > 拾 > 杠/碰"; elsewhere win > kong/pung > chow
RANK = {"grab": 1, "pick": 2, "kong": 3, "pung": 3, "chow": 4}
CLAIMS = ("chow", "pung", "kong", "pick", "grab")


@dataclass(frozen=True)
class Facts:
    """What one ruleset's document says about turn flow, in the terms the checks need."""

    players: int
    tiles: int
    chow: bool = False  # yangzhou 2, wuhan 3.1: chow by the next seat only
    one_winner: bool = False  # jincheng 2 截胡, wuhan 3.1 一炮单响
    lock: str = "any"  # passed win: "any" kind until the next draw, "kind" (wuhan 3.3)
    split_pair: bool = False  # tuidaohu 3.2 rule 4, yangzhou 2: the 大吊車 exception
    last_discard_win_only: bool = True  # the discard that empties the wall: only a win
    declare: bool = False  # kawuxing 亮倒 / jincheng 上架: a frozen hand afterwards
    win_needs_declared: bool = False  # jincheng 3.1: only a declared seat wins
    kong_after_claim: bool = False  # wuhan 3.1: kongs after a chow or pung
    kong_needs_live_tile: bool = True  # no kong once the live wall is empty (not jincheng 2)
    added_kong_drawn_only: bool = False  # kawuxing 2.3: an added kong only with the drawn tile
    last_tile_discarded: bool = False  # kawuxing 2.7: the last tile drawn is thrown (or won)
    indicator: bool = False  # wuhan 1: one dead tile turned up after the deal
    dead_stacks: int = 0  # jincheng 1: the last 7 (+1 per kong) stacks are never drawn normally
    stacked_tail: bool = False  # jincheng 1: replacements top then bottom tile, stack by stack
    orphans: bool = False  # jincheng 3.3: 拾 (from the 上家) and 搶 (from anyone)
    must_open: bool = False  # wuhan 3.2 / 4.1: a winner has made a chow, pung or exposed kong


FACTS = {
    "tuidaohu": Facts(4, 136, split_pair=True),
    "yangzhou": Facts(4, 136, chow=True, split_pair=True),
    "kawuxing": Facts(3, 84, declare=True, added_kong_drawn_only=True, last_tile_discarded=True),
    "jincheng": Facts(4, 136, one_winner=True, last_discard_win_only=False, declare=True,
                      win_needs_declared=True, kong_needs_live_tile=False, dead_stacks=7,
                      stacked_tail=True, orphans=True),
    "wuhan": Facts(4, 136, chow=True, one_winner=True, lock="kind", kong_after_claim=True,
                   indicator=True, must_open=True),
}

# wuhan 2.1: the laizi order; suits wrap 9 -> 1, honours 东南西北发白 (red is outside the cycle)
_HONOUR_CYCLE = (27, 28, 29, 30, 32, 31)


def _next(tile: Tile, step: int) -> Tile:
    if tile < 27:
        base = tile - tile % 9
        return base + (tile % 9 + step) % 9
    i = _HONOUR_CYCLE.index(tile)
    return _HONOUR_CYCLE[(i + step) % len(_HONOUR_CYCLE)]


def wuhan_special(indicator: Tile) -> tuple[Tile, frozenset[Tile]]:
    """(laizi, every special kind: red dragon, 赖子皮 front and back, laizi) of an indicator."""
    if indicator == RED:  # wuhan 2.1 table: laizi 发, 后赖子皮 北
        laizi, back = 32, 30
    else:
        laizi, back = _next(indicator, 1), _next(indicator, -1)
    return laizi, frozenset((RED, laizi, indicator, back))


def replacement_index(facts: Facts, total: int, k: int) -> int:
    """Wall index of the k-th replacement tile (k = 0, 1, ...): the last tile backwards, or in
    jincheng w[134 - 2*floor(k/2) + (k mod 2)] (section 1)."""
    if facts.stacked_tail:
        return total - 2 - 2 * (k // 2) + k % 2
    return total - 1 - k


def deal_indices(players: int, dealer: int) -> dict[int, list[int]]:
    """Wall indices each seat is dealt: three rounds of 4 from the dealer on, one each, and the
    dealer's 14th (every document, section 1)."""
    order = [(dealer + i) % players for i in range(players)]
    out: dict[int, list[int]] = {s: [] for s in order}
    i = 0
    for _ in range(3):
        for seat in order:
            out[seat] += range(i, i + 4)
            i += 4
    for seat in order:
        out[seat].append(i)
        i += 1
    out[dealer].append(i)
    return out
