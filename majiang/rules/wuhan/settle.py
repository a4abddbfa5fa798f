"""wuhan: what each loser pays (section 7), built as `Share`s so that the payments and their
explanation are one computation: the winner's value x the loser's own factors (开口, his kongs,
庄家 for a 屁胡, 点炮, 自摸), then 封顶 600 or 金顶 800 / 1600 / 三阳开泰 3200, then 连赖 and 连金;
包牌 moves every share onto one player."""

from __future__ import annotations

from majiang.rules.base import WinRequest
from majiang.rules.explain import (
    DEALER,
    DISCARDER,
    SELF_DRAWN,
    Cap,
    Factor,
    Label,
    Share,
    liable_to,
)
from majiang.rules.wuhan.readings import SELF_DRAW_DOUBLES
from majiang.rules.wuhan.table import CAP, GOLD, GOLD_UNOPENED, THREE_SUNS, Loser, Table

# a loser's own factors say so (输家开口, 输家皮子杠): the winner's 开口 and kongs are patterns
# of the value, shown beside, and a loser's line that said "×2 开口" read as counted twice
OPENED = Factor("opened", "输家开口", "Loser opened", 2)
ROBBED = Factor("robbed_kong", "被抢杠（算明杠）", "His kong was robbed (one more exposed kong)", 2)
REPEAT_LAIZI = Factor("lian_lai", "连赖翻番", "Same laizi as the last hand", 2)
REPEAT_GOLD = Factor("lian_jin", "连金翻番", "Gold cap after a gold cap", 2)
# (Loser field, id, 中文, English, factor per kong)
_KONGS: tuple[tuple[str, str, str, str, int], ...] = (
    ("red", "red_kong", "红中杠", "red dragon kong", 2),
    ("pi", "pi_kong", "皮子杠", "laizi-skin kong", 2),
    ("exposed", "exposed_kong", "明杠", "exposed kong", 2),
    ("laizi", "laizi_kong", "赖子杠", "laizi kong", 4),
    ("concealed", "concealed_kong", "暗杠", "concealed kong", 4),
)
FENG_DING = Cap("feng_ding", "封顶", "Cap", CAP)
# each cap names its reason (7.3): 金顶 when all three losers reach 600
JIN_DING = Cap("jin_ding", "金顶（三家都到600）", "Gold cap (all three losers reached 600)", GOLD)
JIN_DING_UNOPENED = Cap("jin_ding_unopened", "金顶（三家都到600；未开口翻番）",
                        "Gold cap (all three losers reached 600); not opened: x2", GOLD_UNOPENED)
SAN_YANG = Cap("san_yang_kai_tai", "三阳开泰（金顶，三家都未开口）",
               "Three suns: gold cap, no loser opened", THREE_SUNS)
FENG_GOLD = " (风一色直接金顶)"
FENG_NAMES = {"jin_ding": ("金顶", "Gold cap"),
              "jin_ding_unopened": ("金顶（未开口翻番）", "Gold cap, not opened: x2"),
              "san_yang_kai_tai": ("三阳开泰", "Three suns: gold cap, no loser opened")}
THIRD_MELD = Label("third_meld", "包牌：清一色/将一色第三嘴",
                   "Liability: fed the third meld of a full flush / all 2-5-8")
NO_RAIN = Label("no_rain", "包牌：没有下雨", "Liability: failed to rain (下雨) on a full flush")
QUAN_QIU_REN = Label("quan_qiu_ren", "包牌：全求人点炮",
                     "Liability: fed the last tile of an all-melded hand")
ROBBING = Label("robbing_kong", "包牌：抢杠（杠进杠出）", "Liability: the robbed player pays all")


def kong_factors(lo: Loser) -> list[Factor]:
    """A loser's kongs as factors: x2 each red, 皮 and exposed kong; x4 each laizi and concealed.
    Several of a kind are one factor that names the count and the factor of each: `×4 输家皮子杠
    2 个，各 ×2` (it read `×4 皮子杠×2`)."""
    out = []
    for field, fid, zh, en, each in _KONGS:
        n: int = getattr(lo, field)
        if n:
            out.append(Factor(fid, f"输家{zh}" if n == 1 else f"输家{zh} {n} 个，各 ×{each}",
                              f"Loser's {en}" if n == 1 else f"Loser's {n} {en}s, ×{each} each",
                              each**n))
    return out


def shares(
    req: WinRequest, table: Table, ids: frozenset[str], value: int
) -> tuple[list[Share], int | None, Label | None]:
    """Each loser's share of this win (sorted by seat), the liable seat and its rule."""
    pi_hu = "pi_hu" in ids
    self_draw = req.self_drawn and bool(ids & SELF_DRAW_DOUBLES)
    losers = sorted(table.losers)
    factors: dict[int, list[Factor]] = {}
    for seat in losers:
        lo = table.losers[seat]
        own = [OPENED] if lo.opened else []
        own += kong_factors(lo)
        if req.win_type == "robbing_kong" and seat == req.discarder:
            own.append(ROBBED)
        if pi_hu and req.dealer in (req.winner, seat):
            own.append(DEALER)
        if req.win_type == "discard" and seat == req.discarder:
            own.append(DISCARDER)
        if self_draw:
            own.append(SELF_DRAWN)
        factors[seat] = own
    raw = {s: Share(s, value, tuple(factors[s])).raw for s in losers}
    feng = "feng_yi_se" in ids
    gold = feng or all(raw[s] >= CAP for s in losers)
    after = [REPEAT_LAIZI] if "repeat_laizi" in req.flags else []
    if gold and "repeat_gold" in req.flags:
        after.append(REPEAT_GOLD)
    out = []
    for seat in losers:
        cap: Cap | None = None
        if not gold:
            cap = FENG_DING if raw[seat] > CAP else None
        elif not any(table.losers[s].opened for s in losers):
            cap = SAN_YANG
        else:
            cap = JIN_DING if table.losers[seat].opened else JIN_DING_UNOPENED
        if gold and feng and cap is not None:  # 风一色: a gold cap whatever the amounts
            zh, en = FENG_NAMES[cap.id]
            cap = Cap(cap.id, zh + FENG_GOLD, en + " (all honours)", cap.amount)
        out.append(Share(seat, value, tuple(factors[seat]), cap, tuple(after)))
    if feng:
        return out, None, None
    liable, why = liability(req, table, ids)
    return liable_to(out, liable), liable, why


def liability(
    req: WinRequest, table: Table, ids: frozenset[str]
) -> tuple[int | None, Label | None]:
    """包牌 (7.5): 清一色/将一色 third set (or the first who failed 下雨), 全求人, 抢杠."""
    claimed = req.claimed_melds
    if ids & {"qing_yi_se", "jiang_yi_se"} and len(claimed) >= 3:
        feeder = claimed[2].source
        if feeder is not None:
            if "qing_yi_se" in ids:
                rain = [s for s, lo in table.losers.items() if lo.no_rain and s != feeder]
                if rain:
                    return rain[0], NO_RAIN
            return feeder, THIRD_MELD
    if (
        "quan_qiu_ren" in ids
        and req.discarder is not None
        and not table.losers[req.discarder].all_jiang
    ):
        return req.discarder, QUAN_QIU_REN
    if req.win_type == "robbing_kong":
        return req.discarder, ROBBING
    return None, None
