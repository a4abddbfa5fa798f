"""`value`: plays toward the ruleset's valuable patterns, from its view alone.

Each ruleset has a table of targets (a colour: any / 混一色 / 清一色 per suit / 将一色 / 风一色,
times a shape: any sets / triplets only) with a rough value in the scorer's `value` units. A hand
is worth max over targets of value x DECAY^distance, where the distance is the shanten of the
hand restricted to the target's kinds (per-suit vectors of `majiang.analysis.distance`). Discards,
claims and kongs maximise that worth; a discard that leaves the hand ready is valued by asking the
real scorer (`majiang.scoring.score`) what each wait would pay. Every legal win is taken.
Declares (亮倒 / 上架) as soon as the best discard allows it.

wuhan: laizi are jokers (one at most for a 屁胡, whose pair must be 2-5-8), red dragons and 赖子皮
go out as kongs at once, a laizi kong is made when the x4 is worth more than the wildcard, and
values are checked against the 64 minimum of the weakest loser. jincheng (every win is worth 1)
plays as `efficient`. Defence everywhere: never discard a revealed wait of a declared seat when
another discard exists, and prefer tiles others have thrown when the hand is two or more steps
from its target late in the hand (or against a declared seat).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from majiang.analysis import shanten, waits
from majiang.analysis.distance import merge, suit_vector
from majiang.bots.efficient import EfficientBot, best_discard, hand_counts, unseen_counts
from majiang.game.actions import (
    CHOW,
    DECLARE,
    DECLARES,
    DISCARD,
    DISCARDS,
    KONG,
    PASS_ACTION,
    PUNG,
    WIN_ACTION,
    Action,
)
from majiang.game.laizi import OPENING_MELDS, public_state
from majiang.rules import get_ruleset
from majiang.rules.base import Ruleset
from majiang.scoring import score
from majiang.tiles import format_tiles, from_counts, parse_tile, parse_tiles, tile_name

INF = 99
SUITS = ((0, 9), (9, 18), (18, 27), (27, 34))
SINGLE = frozenset(("picked", "grabbed", "red_kong", "pi_kong", "laizi_kong"))
JIANG = frozenset(t for t in range(27) if t % 9 in (1, 4, 7))
FENG = frozenset(range(27, 33))  # wuhan 风一色: 东南西北白发 (红中 is a kong tile)
HONOURS = frozenset(range(27, 34))
# (colour, triplets only) -> value in the scorer's units, per ruleset ("hun"/"qing" per suit);
# measured against `efficient` in mixed tables. yangzhou's plain hand is near 0: most plain hands
# miss the 18 fan. wuhan's are per 2^(the winner's kongs and 开口): 屁胡 1 x 硬胡 2, big hands
# 10 x 2.
VALUES: dict[str, dict[tuple[str, bool], float]] = {
    "tuidaohu": {("any", False): 1, ("any", True): 2, ("hun", False): 2, ("hun", True): 4,
                 ("qing", False): 4, ("qing", True): 6},
    "yangzhou": {("any", False): 0.5, ("any", True): 21, ("hun", False): 31, ("hun", True): 51,
                 ("qing", False): 81, ("qing", True): 131},
    "kawuxing": {("any", False): 1, ("any", True): 2, ("qing", False): 4, ("qing", True): 8},
    "wuhan": {("any", False): 2, ("any", True): 20, ("qing", False): 20, ("qing", True): 40,
              ("jiang", False): 20, ("feng", False): 100},
}
DECAY: dict[str, float] = {"tuidaohu": 0.2, "yangzhou": 0.45, "kawuxing": 0.2, "wuhan": 0.25}
# Kong money a kong brings at once, in the units of VALUES (tuidaohu 7.2, kawuxing 7.2).
KONG_BONUS: dict[str, dict[str, float]] = {
    "tuidaohu": {"exposed_kong": 1, "added_kong": 3, "concealed_kong": 6},
    "kawuxing": {"exposed_kong": 2, "added_kong": 2, "concealed_kong": 4},
}
NARROW: dict[str, float] = {"hun": 0.8, "qing": 0.65, "jiang": 0.8, "feng": 0.8,
                            "triplets": 0.75}
SELF_DRAWN_SHARE = 0.3  # weight of a self-drawn win when a wait is valued by the scorer


@dataclass(frozen=True)
class Target:
    colour: str
    triplets: bool
    allowed: frozenset[int]  # kinds the target may hold (the ruleset's kinds for "any")
    value: float
    free: bool = False  # 将一色 / 风一色: any tiles of the allowed kinds, no sets needed

    @property
    def suits(self) -> tuple[int, ...]:
        return _suits(self.allowed)

    @property
    def kinds(self) -> tuple[int, ...]:
        return _sorted(self.allowed)


@cache
def _suits(allowed: frozenset[int]) -> tuple[int, ...]:
    return tuple(sorted({min(t // 9, 3) for t in allowed}))


@cache
def _sorted(allowed: frozenset[int]) -> tuple[int, ...]:
    return tuple(sorted(allowed))


@cache
def _ruleset(rules_id: str) -> Ruleset:
    return get_ruleset(rules_id)


@cache
def targets(rules_id: str) -> tuple[Target, ...]:
    """The ruleset's targets (empty: the ruleset has no values worth steering for)."""
    kinds = frozenset(_ruleset(rules_id).kinds)
    out = []
    for (colour, trip), value in VALUES.get(rules_id, {}).items():
        if colour == "any":
            out.append(Target(colour, trip, kinds, value))
        elif colour in ("jiang", "feng"):
            out.append(Target(colour, trip, kinds & (JIANG if colour == "jiang" else FENG),
                              value, free=True))
        else:
            for suit in range(3):
                allowed = frozenset(t for t in kinds if t // 9 == suit and t < 27)
                if not allowed:
                    continue
                if colour == "hun":
                    allowed |= kinds & HONOURS
                out.append(Target(colour, trip, allowed, value))
    return tuple(out)


@dataclass
class State:
    """What the evaluation needs from the view: unseen counts, melds, wuhan's special tiles."""

    rules: str
    ruleset: Ruleset
    unseen: list[int]
    melds: list[tuple[str, list[int]]]  # set melds only: (kind, tiles)
    laizi: int | None
    special: frozenset[int]  # wuhan red dragon and 赖子皮 kinds: kong tiles, never kept
    mult: int  # wuhan: 2^(the winner's kong exponent)
    loser_mult: int = 1  # wuhan: the smallest 2^f(L) over the other seats (opened, kongs)

    def split(self, counts: Sequence[int]) -> tuple[list[int], int]:
        """(counts without laizi and special tiles, jokers)."""
        out = list(counts)
        for t in self.special:
            out[t] = 0
        jokers = 0
        if self.laizi is not None:
            jokers, out[self.laizi] = out[self.laizi], 0
        return out, jokers


def _melds_fit(target: Target, melds: list[tuple[str, list[int]]]) -> bool:
    for kind, tiles in melds:
        if target.triplets and kind == "chow":
            return False
        if any(t not in target.allowed for t in tiles):
            return False
    return True


def _restricted_need(counts: list[int], suits: tuple[int, ...], sets: int) -> int:
    """Tiles to add for `sets` sets and a pair from the given suits (3: honours) only."""
    vec: tuple[int, ...] | None = None
    for suit in suits:
        lo, hi = SUITS[suit]
        key = bytes(counts[lo:hi])
        if not any(key):
            continue
        v = suit_vector(key)
        vec = v if vec is None else merge(vec, v)
    if vec is None:
        return 3 * sets + 2
    return vec[5 + sets]


def _jiang_pair_need(counts: list[int], sets: int) -> int:
    """Tiles to add for `sets` sets and a 2-5-8 pair (wuhan's 屁胡)."""
    keys = [bytes(counts[lo:hi]) for lo, hi in SUITS]
    vecs = [suit_vector(k) for k in keys]
    best = INF
    for suit in range(3):
        rest = vecs[3]
        for other in range(3):
            if other != suit:
                rest = merge(rest, vecs[other])
        for p in (suit * 9 + 1, suit * 9 + 4, suit * 9 + 7):
            take = min(counts[p], 2)
            key = bytearray(keys[suit])
            key[p - suit * 9] -= take
            need = merge(rest, suit_vector(bytes(key)))[sets] + 2 - take
            best = min(best, need)
    return best


def _triplet_need(counts: list[int], kinds: tuple[int, ...], unseen: list[int],
                  sets: int) -> int:
    """Tiles to add for `sets` triplets and a pair of `kinds` (copies out of sight only)."""
    held: list[tuple[int, int]] = []
    fresh = 0
    for t in kinds:
        c = counts[t]
        if c:
            tc, pc = 3 - min(c, 3), 2 - min(c, 2)
            held.append((tc if unseen[t] >= tc else INF, pc if unseen[t] >= pc else INF))
        elif fresh < 5 and unseen[t] >= 3:
            fresh += 1
    costs = sorted(tc for tc, _ in held if tc < INF)
    best = 2 + sum((costs + [3] * (fresh - 1))[:sets]) if fresh and \
        len(costs) + fresh - 1 >= sets else INF
    for tc, pc in held:
        if pc >= INF:
            continue
        rest = list(costs)
        if tc < INF:
            rest.remove(tc)
        if len(rest) + fresh >= sets:
            best = min(best, pc + sum((rest + [3] * fresh)[:sets]))
    return best


def distance(state: State, target: Target, counts: list[int], jokers: int) -> int:
    """Shanten of the concealed tiles toward `target` (INF: out of reach)."""
    total = sum(counts) + jokers
    sets = total // 3
    if target.free:
        held = sum(counts[t] for t in target.allowed)
        return 3 * sets + 2 - held - jokers - 1
    if target.colour == "any" and not target.triplets:
        if state.laizi is None:
            return shanten(counts, jokers, state.ruleset.shapes)
        # wuhan 屁胡: a 2-5-8 pair and at most one laizi
        return max(_jiang_pair_need(counts, sets) - min(jokers, 1), 0) - 1
    if target.triplets:
        need = _triplet_need(counts, target.kinds, state.unseen, sets)
    else:
        need = _restricted_need(counts, target.suits, sets)
    return max(need - jokers, 0) - 1


def _reach_64(amount: float) -> float:
    """wuhan: how likely a win of this value x the lowest loser factor meets the 64 minimum
    (a discard doubles its discarder, a self-draw every loser)."""
    if amount >= 64:
        return 1.0
    return 0.4 if amount * 2 >= 64 else 0.1


def worth(state: State, counts: list[int], mult: int | None = None) -> tuple[float, Target | None]:
    """Max over targets of value x DECAY^distance, and the best target (3n+1 hands)."""
    split, jokers = state.split(counts)
    decay = DECAY.get(state.rules, 0.4)
    mult = state.mult if mult is None else mult
    best, best_target = 0.0, None
    for target in targets(state.rules):
        if not _melds_fit(target, state.melds):
            continue
        d = distance(state, target, split, jokers)
        if d >= INF - 10:
            continue
        value = target.value * mult
        if state.laizi is not None:
            value *= _reach_64(value * state.loser_mult)
        if d > 0:  # fewer kinds help a narrow target: its draws are slower
            value *= NARROW.get(target.colour, 1.0) * (NARROW["triplets"] if target.triplets
                                                       else 1.0)
        w = value * decay ** max(d, 0)
        if w > best:
            best, best_target = w, target
    return best, best_target


KONG_EXPONENT = {"red_kong": 1, "pi_kong": 1, "exposed_kong": 1, "added_kong": 1,
                 "laizi_kong": 2, "concealed_kong": 2}


def _kong_exponent(melds: list[dict[str, Any]]) -> int:
    return sum(KONG_EXPONENT.get(m["kind"], 0) for m in melds)


class ValueBot:
    name = "value"
    uses_view = True

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed
        self._efficient = EfficientBot(seed)

    def choose(self, view: dict[str, Any] | None, legal: list[Action]) -> Action:
        if WIN_ACTION in legal:
            return WIN_ACTION
        if view is None:
            raise ValueError("the value bot needs its view")
        if view["rules"] not in VALUES:
            return self._defended(view, legal, self._efficient.choose(view, legal))
        try:
            state = self._state(view)
            counts = hand_counts(view)
            if any(a.type == DISCARD for a in legal):
                return self._turn(view, state, counts, legal)
            if PASS_ACTION not in legal:  # a turn with no plain discard: wuhan's kong tiles
                kongs = [a for a in legal if a.type == KONG]
                return kongs[0] if kongs else legal[0]
            return self._claim(view, state, counts, legal)
        except ValueError:  # a hand size the distances do not cover: play for speed
            return self._defended(view, legal, self._efficient.choose(view, legal))

    # -- the view --------------------------------------------------------------------------------

    def _state(self, view: dict[str, Any]) -> State:
        rules = view["rules"]
        ruleset = _ruleset(rules)
        me = view["seats"][view["seat"]]
        melds = [(m["kind"], parse_tiles(m["tiles"])) for m in me["melds"]
                 if m["kind"] not in SINGLE]
        laizi, special, mult = None, frozenset[int](), 1
        if view.get("laizi"):
            from majiang.rules.wuhan import pi_kinds

            laizi = parse_tile(view["laizi"])
            special = frozenset((33, *pi_kinds(parse_tile(view["indicator"])))) - {laizi}
            mult = 2 ** (1 + _kong_exponent(me["melds"]))  # 开口 x2 always comes with a win
            loser = min(_kong_exponent(s["melds"]) + any(
                m["kind"] in OPENING_MELDS for m in s["melds"])
                for s in view["seats"] if s["seat"] != view["seat"])
            return State(rules, ruleset, unseen_counts(view, ruleset), melds, laizi, special,
                         mult, 2 ** loser)
        return State(rules, ruleset, unseen_counts(view, ruleset), melds, laizi, special, mult)

    def _danger(self, view: dict[str, Any]) -> set[int]:
        """The revealed waits of declared seats."""
        out: set[int] = set()
        shapes = _ruleset(view["rules"]).shapes
        for seat in view["seats"]:
            if seat["seat"] == view["seat"] or not seat["declared"] or not seat["revealed"]:
                continue
            counts = [0] * 34
            for name in seat["revealed"]:
                counts[parse_tile(name)] += 1
            try:
                out.update(waits(counts, shapes=shapes))
            except ValueError:
                continue
        return out

    def _safe(self, view: dict[str, Any]) -> set[int]:
        """Kinds already thrown by a seat (the threat of the latest discarders)."""
        out: set[int] = set()
        for seat in view["seats"]:
            if seat["seat"] != view["seat"]:
                out.update(parse_tile(n) for n in seat["discards"])
        return out

    def _defended(self, view: dict[str, Any], legal: list[Action], action: Action) -> Action:
        """Swap a discard into a declared seat's revealed wait for another, if any."""
        if action.type not in (DISCARD, DECLARE) or action.tile is None:
            return action
        danger = self._danger(view)
        if action.tile not in danger:
            return action
        ruleset = _ruleset(view["rules"])
        others = [a.tile for a in legal
                  if a.type == DISCARD and a.tile is not None and a.tile not in danger]
        if not others:
            return action
        try:
            _, tile = best_discard(hand_counts(view), others, unseen_counts(view, ruleset),
                                   ruleset.shapes)
        except ValueError:
            tile = others[0]
        if action.type == DECLARE and DECLARES[tile] in legal:
            return DECLARES[tile]
        return DISCARDS[tile]

    # -- the turn --------------------------------------------------------------------------------

    def _turn(self, view: dict[str, Any], state: State, counts: list[int],
              legal: list[Action]) -> Action:
        for a in legal:  # wuhan: red dragons and 赖子皮 go out as kongs at once
            if a.type == KONG and a.kind in ("red_kong", "pi_kong"):
                return a
        discards = sorted({a.tile for a in legal if a.type == DISCARD and a.tile is not None})
        scored = self._rank_discards(view, state, counts, discards)
        best_w, best = scored[0]
        for a in legal:
            if a.type != KONG or a.tile is None:
                continue
            after = list(counts)
            mult = state.mult
            if a.kind == "concealed_kong":
                after[a.tile] -= 4
                mult *= 4
            elif a.kind == "laizi_kong":
                after[a.tile] -= 1
                mult *= 4
            else:
                after[a.tile] -= 1
                mult *= 2
            if state.laizi is None:
                mult = state.mult
            w, _ = worth(state, after, mult)
            if w + KONG_BONUS.get(state.rules, {}).get(a.kind or "", 0) >= best_w:
                return a
        if DECLARES[best] in legal:
            return DECLARES[best]
        return DISCARDS[best]

    def _rank_discards(self, view: dict[str, Any], state: State, counts: list[int],
                       discards: list[int]) -> list[tuple[float, int]]:
        """(worth, discard), best first, with defence applied."""
        danger = self._danger(view)
        ranked = []
        for d in discards:
            counts[d] -= 1
            w, target = worth(state, counts)
            split, jokers = state.split(counts)
            if shanten(split, min(jokers, 1) if state.laizi is not None else jokers,
                       state.ruleset.shapes) == 0:
                w = max(w * 0.5, self._ready_worth(view, state, counts))
            counts[d] += 1
            ranked.append((w, d, target))
        ranked.sort(key=lambda x: (-x[0], x[1]))
        top = ranked[0][0]
        tied = [r for r in ranked if r[0] >= top * 0.999]
        if len(tied) > 1:
            tied = sorted(tied[:10], key=lambda r: (-self._acceptance(state, counts, r[1], r[2]),
                                                   r[1]))
            ranked = tied + [r for r in ranked if r not in tied]
        out = [(w, d) for w, d, _ in ranked]
        far = self._far(state, counts, ranked[0][1], ranked[0][2])
        safe_out = [x for x in out if x[1] not in danger]
        if safe_out:
            out = safe_out
        threat = any(s["declared"] for s in view["seats"] if s["seat"] != view["seat"])
        if threat or view["wall_left"] < 16:
            safe = self._safe(view)
            near = [x for x in out if x[0] >= out[0][0] * 0.7]
            if far:
                safer = [x for x in near if x[1] in safe]
                if safer:
                    out = safer + [x for x in out if x not in safer]
        return out

    def _far(self, state: State, counts: list[int], discard: int, target: Target | None) -> bool:
        """Whether the hand after `discard` is two or more steps from its target."""
        if target is None:
            return True
        counts[discard] -= 1
        split, jokers = state.split(counts)
        far = distance(state, target, split, jokers) >= 2
        counts[discard] += 1
        return far

    def _acceptance(self, state: State, counts: list[int], discard: int,
                    target: Target | None) -> int:
        """Unseen copies of the draws that lower the distance to `target` after `discard`."""
        if target is None:
            return 0
        counts[discard] -= 1
        split, jokers = state.split(counts)
        now = distance(state, target, split, jokers)
        total = 0
        for t in target.allowed:
            if not state.unseen[t] or t == discard or split[t] >= 4:
                continue
            split[t] += 1
            if distance(state, target, split, jokers) < now:
                total += state.unseen[t]
            split[t] -= 1
        counts[discard] += 1
        return total

    def _ready_worth(self, view: dict[str, Any], state: State, counts: list[int]) -> float:
        """What a ready hand's waits pay by the real scorer, weighted by unseen copies."""
        split, jokers = state.split(counts)
        try:
            kinds = waits(split, jokers, state.ruleset.shapes)
        except ValueError:
            return 0.0
        total_copies = 0
        paid = 0.0
        for w in kinds:
            left = state.unseen[w]
            if not left or w not in state.ruleset.kinds:
                continue
            value = (SELF_DRAWN_SHARE * self._win_value(view, counts, w, "self_drawn")
                     + (1 - SELF_DRAWN_SHARE) * self._win_value(view, counts, w, "discard"))
            paid += left * value
            total_copies += left
        if not total_copies:
            return 0.0
        # chance of winning grows with the copies left; value is the mean over the waits
        chance = min(1.0, total_copies / 6)
        return paid / total_copies * chance

    def _win_value(self, view: dict[str, Any], counts: list[int], tile: int,
                   win_type: str) -> float:
        """The scorer's value of winning on `tile` now (0 when it would not be a win)."""
        me = view["seat"]
        players = view["players"]
        hand = list(counts)
        if win_type == "self_drawn":
            hand[tile] += 1
        discarder = None if win_type == "self_drawn" else (me + 1) % players
        flags = []
        if view["seats"][me]["declared"]:
            flags.append("declared")
        request: dict[str, Any] = {
            "rules": view["rules"], "players": players, "dealer": view["dealer"],
            "winner": me, "win_type": win_type, "discarder": discarder,
            "hand": format_tiles(from_counts(hand)), "win_tile": tile_name(tile),
            "melds": [{"kind": m["kind"], "tiles": m["tiles"], "from": m["from"]}
                      for m in view["seats"][me]["melds"]],
            "flags": flags,
        }
        if view.get("laizi"):
            request["laizi"] = view["laizi"]
            request["indicator"] = view["indicator"]
            others = {}
            for seat in view["seats"]:
                if seat["seat"] == me:
                    continue
                others[str(seat["seat"])] = public_state([m["kind"] for m in seat["melds"]])
            request["others"] = others
        elif any(s["declared"] for s in view["seats"]):
            request["others"] = {str(s["seat"]): {"declared": s["declared"]}
                                 for s in view["seats"] if s["seat"] != me}
        answer = score(request)
        if not answer.get("ok") or not answer.get("win"):
            return 0.0
        return float(answer["value"])

    # -- claims ----------------------------------------------------------------------------------

    def _claim(self, view: dict[str, Any], state: State, counts: list[int],
               legal: list[Action]) -> Action:
        now, _ = worth(state, counts)
        best_w, best_a = now * 1.05, PASS_ACTION
        claimed = parse_tile(view["last_discard"]["tile"]) if view.get("last_discard") else None
        for action in legal:
            tile = action.tile
            if action.type == KONG and tile is not None and action.kind == "exposed_kong":
                after = list(counts)
                after[tile] -= 3
                mult = state.mult * 2 if state.laizi is not None else state.mult
                melds = state.melds
                state.melds = [*melds, ("exposed_kong", [tile] * 4)]
                w, _ = worth(state, after, mult)
                w += KONG_BONUS.get(state.rules, {}).get("exposed_kong", 0)
                state.melds = melds
                if w >= now and w >= best_w * 0.96:
                    best_w, best_a = max(w, best_w), action
            elif action.type in (PUNG, CHOW):
                after = list(counts)
                if action.type == PUNG and tile is not None:
                    after[tile] -= 2
                    meld = ("pung", [tile] * 3)
                else:
                    seq = list(action.tiles or ())
                    for t in seq:
                        if t != claimed:
                            after[t] -= 1
                    meld = ("chow", seq)
                melds = state.melds
                state.melds = [*melds, meld]
                try:
                    options = [d for d in range(34) if after[d] and d not in state.special]
                    w = 0.0
                    for d in options:
                        after[d] -= 1
                        w = max(w, worth(state, after)[0])
                        after[d] += 1
                finally:
                    state.melds = melds
                if w > best_w:
                    best_w, best_a = w, action
        return best_a

