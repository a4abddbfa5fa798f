"""The strong bot: each discard ranked by shanten, the scorer's value of its waits and the
value one draw later, aims at the ruleset's paying patterns, and defends or folds.

- A ready discard is worth what its live waits pay by the real scorer (`worth.ready_value`);
  a ready hand that cannot win (below a ruleset's minimum) counts as one step further.
- One step from ready, the leading discards are compared one draw ahead: each improving draw is
  followed by its best ready discard, and weighted by the draw's live copies.
- Leaning to one suit (清一色 / 混一色 pay in jincheng) favours throwing the other suits and
  passes on their claims.
- In tuidaohu and jincheng it pungs a discard that keeps shanten while the fourth tile is unseen
  (an added kong pays kong money there, and the pung saves a draw); efficient pungs only to
  lower shanten.
- It makes any kong that pays 3 units or more, on its turn or on a discard, even when the kong
  costs a ready hand a step (kong money outweighs a win there); others when they keep shanten.
- In kawuxing it declares (亮倒) a ready hand only when its live winning copies are enough
  (`worth.HIDE_LIVE`): a declared hand is shown and frozen, and the others keep its waits back.
- Against a threatening seat (`guard`), a far hand folds onto the safest tiles; a near hand
  avoids the dangerous ones; a revealed wait is never fed while another tile can go.
- Yangzhou (18 fan to win), wuhan (64, caps) and tuidaohu are played by the value bot
  (`bots.value`), whose targets plan the fan and the patterns: counting tiles, this bot won
  about half as often as the value bot in yangzhou and wuhan, folding on top of the value bot's
  plan lost to it, and in tuidaohu it was level with it (docs/bots.md). In tuidaohu it adds the
  pung for kong money above; in wuhan it opens (开口) sooner than the value bot: an unopened
  loser pays double at a 金顶; in yangzhou its ready hands count their self-drawn wins (the value
  bot's count of them is 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from majiang.analysis import shanten
from majiang.analysis.accept import fast_acceptance
from majiang.bots.base import as_view
from majiang.bots.efficient import EfficientBot, _ruleset, unseen_counts
from majiang.bots.strong.guard import SURE, dangers, threats
from majiang.bots.strong.worth import ready_value, stays_hidden
from majiang.bots.value import ValueBot
from majiang.game.actions import (
    CHOW,
    DECLARES,
    DISCARD,
    DISCARDS,
    KONG,
    PASS_ACTION,
    PUNG,
    WIN_ACTION,
    Action,
)
from majiang.game.seat_view import SeatView
from majiang.rules.base import Ruleset

EVERY = (1 << 34) - 1
FLUSH_RULES = frozenset({"jincheng"})
LOOKAHEAD = 3  # discards compared one draw ahead
# a pung that keeps shanten, its fourth tile live: tuidaohu and jincheng (not kawuxing, where it
# lost: docs/bots.md)
KONG_PUNG = frozenset({"tuidaohu", "jincheng"})
# kong money (units) that outweighs whatever the kong costs the hand, ready or not: a win brings
# its winner about 1.6 units in tuidaohu (docs/bots.md)
KONG_MONEY_ANY = 3
# where a hand must reach a value to win (yangzhou's 18 fan, wuhan's 64 and its caps), the value
# bot plays: its targets plan the fan; in tuidaohu too, where its patterns (对对胡, 混一色 x2,
# 清一色 x4) beat counting tiles, with the pung for kong money on top (docs/bots.md, stop 32)
PLANNED = frozenset({"yangzhou", "wuhan", "tuidaohu"})
# wuhan 7.3: at a 金顶 a loser who has not opened (开口) pays 1,600, an opened one 800, and most
# wins there reach it: an unopened hand opens on a claim that keeps this share of its worth
# (the value bot claims only to add 5%; docs/bots.md)
OPEN_KEEPS = {"wuhan": 0.5}
# yangzhou: a ready hand's self-drawn wins are scored (the value bot counts them 0)
SELF_DRAWN_SCORED = frozenset({"yangzhou"})


class StrongBot:
    name = "strong"
    uses_view = True

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed
        self._efficient = EfficientBot(seed)
        self._value = ValueBot(seed, opening=OPEN_KEEPS, self_drawn=SELF_DRAWN_SCORED)

    def choose(self, view: SeatView | Mapping[str, Any] | None, legal: list[Action]) -> Action:
        """The choice from the seat's view (a JSON view is parsed first)."""
        if WIN_ACTION in legal:
            return WIN_ACTION
        view = as_view(view)
        if view is None:
            raise ValueError("the strong bot needs its view")
        if view.rules in PLANNED:
            action = self._value.choose(view, legal)
            if action == PASS_ACTION and view.rules in KONG_PUNG:
                action = self._kong_pung(view, _ruleset(view.rules), list(view.counts), legal)
            return action
        ruleset = _ruleset(view.rules)
        counts = list(view.counts)
        if PASS_ACTION not in legal:
            return self._turn(view, ruleset, counts, legal)
        return self._claim(view, ruleset, counts, legal)

    # -- the turn --------------------------------------------------------------------------------

    def _turn(self, view: SeatView, ruleset: Ruleset, counts: list[int],
              legal: list[Action]) -> Action:
        for a in legal:  # wuhan: red dragons and 赖子皮 go out as kongs at once
            if a.type == KONG and a.kind in ("red_kong", "pi_kong"):
                return a
        discards = sorted({a.tile for a in legal if a.type == DISCARD and a.tile is not None})
        bits = int(ruleset.shapes)
        if (not discards or not bits & 1 or sum(counts) % 3 != 2 or max(counts) > 4
                or not all(counts[d] for d in discards)):
            return self._efficient.choose(view, legal)
        unseen = unseen_counts(view, ruleset)
        options = {o.discard: o for o in fast_acceptance(bytes(counts), unseen, bits, EVERY)}
        against = threats(view)
        danger = dangers(view, ruleset, unseen, against) if against else [0.0] * 34
        lean = _lean(view, counts) if view.rules in FLUSH_RULES else None
        memo: dict[bytes, float] = {}
        rows: list[list[float]] = []
        for d in discards:
            o = options[d]
            step, ev = o.shanten, 0.0
            if step == 0:
                counts[d] -= 1
                ev = self._ready(view, ruleset, counts, unseen, memo)
                counts[d] += 1
                step = 0 if ev > 0 else 1
            off = lean is not None and d < 27 and d // 9 != lean
            rows.append([d, step, ev, o.count + (6 if off else 0), danger[d]])
        best_step = min(r[1] for r in rows)
        shown = any(s.revealed for s in against)
        if against and (best_step >= 2 or (shown and best_step >= 1 and view.wall_left < 30)):
            rows.sort(key=lambda r: (r[4], r[1], -r[3], r[0]))  # fold
            return self._finish(view, ruleset, counts, legal, int(rows[0][0]), 0.0, danger)
        # a revealed wait is fed only when every tile is one, even at the cost of a step
        pool = [r for r in rows if r[4] < SURE] or rows
        best_step = min(r[1] for r in pool)
        near = [r for r in pool if r[1] == best_step]
        if best_step == 0:
            near.sort(key=lambda r: (-(r[2] - 0.5 * r[4]), r[0]))
        else:
            if best_step == 1 and view.wall_left > 8:
                near.sort(key=lambda r: (-r[3], r[0]))
                for r in near[:LOOKAHEAD]:
                    r[3] += self._ahead(view, ruleset, counts, unseen, int(r[0]), options, memo)
            weight = 1.5 if against else 0.0
            near.sort(key=lambda r: (-(r[3] - weight * r[4]), r[0]))
        best = near[0]
        return self._finish(view, ruleset, counts, legal, int(best[0]), best[2], danger)

    def _finish(self, view: SeatView, ruleset: Ruleset, counts: list[int],
                legal: list[Action], tile: int, ev: float, danger: list[float]) -> Action:
        """Kong when it keeps shanten or pays 3 units or more (an added kong not of a revealed
        wait: it would be robbed), declare a ready hand that can win unless it is better hidden
        (`worth.stays_hidden`), else discard."""
        shapes = ruleset.shapes
        counts[tile] -= 1
        after_discard = shanten(counts, shapes=shapes)
        counts[tile] += 1
        for action in legal:
            if action.type == KONG and action.tile is not None and not (
                    action.kind == "added_kong" and danger[action.tile] >= SURE):
                after = list(counts)
                after[action.tile] -= 4 if action.kind == "concealed_kong" else 1
                cost = shanten(after, shapes=shapes) - after_discard  # 3n+1 tiles, as a discard
                if cost <= 0 or _pays_any_cost(view, ruleset, action.kind or ""):
                    return action
        if DECLARES[tile] in legal and ev > 0:
            counts[tile] -= 1
            hidden = stays_hidden(view, ruleset, counts, unseen_counts(view, ruleset))
            counts[tile] += 1
            if not hidden:
                return DECLARES[tile]
        return DISCARDS[tile]

    def _ready(self, view: SeatView, ruleset: Ruleset, counts: list[int], unseen: list[int],
               memo: dict[bytes, float]) -> float:
        key = bytes(counts)
        got = memo.get(key)
        if got is None:
            got = memo[key] = ready_value(view, ruleset, counts, unseen)[0]
        return got

    def _ahead(self, view: SeatView, ruleset: Ruleset, counts: list[int], unseen: list[int],
               d: int, options: dict[int, Any], memo: dict[bytes, float]) -> float:
        """One draw ahead of discarding `d`: per improving draw, the best ready value after it,
        weighted by the draw's live copies (in acceptance-count units)."""
        bits = int(ruleset.shapes)
        total = 0.0
        counts[d] -= 1
        for t in options[d].tiles:
            if not unseen[t]:
                continue
            counts[t] += 1
            best = 0.0
            for o in fast_acceptance(bytes(counts), None, bits, 0):
                if o.shanten == 0:
                    counts[o.discard] -= 1
                    best = max(best, self._ready(view, ruleset, counts, unseen, memo))
                    counts[o.discard] += 1
            counts[t] -= 1
            total += unseen[t] * min(best, 8.0) / 4
        counts[d] += 1
        return total

    # -- claims ----------------------------------------------------------------------------------

    def _kong_pung(self, view: SeatView, ruleset: Ruleset, counts: list[int],
                   legal: list[Action]) -> Action:
        """A pung that keeps the hand as near to ready, when its fourth tile is still live and
        an added kong pays (tuidaohu 7.3: 3 units)."""
        tile = None if view.last_discard is None else view.last_discard.tile
        pung = next((a for a in legal if a.type == PUNG), None)
        if (pung is None or tile is None or _kong_money(view, ruleset, "added_kong") <= 0
                or not unseen_counts(view, ruleset)[tile]):
            return PASS_ACTION
        now = shanten(counts, shapes=ruleset.shapes)
        after = list(counts)
        after[tile] -= 2
        best = min(o.shanten for o in fast_acceptance(bytes(after), None, int(ruleset.shapes), 0))
        return pung if best <= now else PASS_ACTION

    def _claim(self, view: SeatView, ruleset: Ruleset, counts: list[int],
               legal: list[Action]) -> Action:
        for kong in legal:
            if kong.type == KONG and _pays_any_cost(view, ruleset, kong.kind or ""):
                return kong  # jincheng 7.2: an exposed kong pays 1 unit from each other seat
        action = self._efficient.choose(view, legal)
        if action == PASS_ACTION and view.rules in KONG_PUNG:
            action = self._kong_pung(view, ruleset, counts, legal)
        if action.type not in (PUNG, CHOW):
            return action
        against = threats(view)
        if against and shanten(counts, shapes=ruleset.shapes) >= 2:
            return PASS_ACTION  # folding: no open sets
        lean = _lean(view, counts) if view.rules in FLUSH_RULES else None
        tile = None if view.last_discard is None else view.last_discard.tile
        if lean is not None and tile is not None and tile < 27 and tile // 9 != lean:
            return PASS_ACTION
        return action


def _kong_money(view: SeatView, ruleset: Ruleset, kind: str) -> int:
    """The units a kong of `kind` earns this seat at once (0 where kongs pay none). The konger's
    own gain does not depend on which seat fed an exposed kong, and a turn's kongs have no
    feeder: the next seat stands in for that argument."""
    seat = view.me.seat
    try:
        return ruleset.kong_money(kind, seat, (seat + 1) % view.players)[seat]
    except ValueError:
        return 0


def _pays_any_cost(view: SeatView, ruleset: Ruleset, kind: str) -> bool:
    """Whether a kong of `kind` pays enough (`KONG_MONEY_ANY`) to be made whatever it costs."""
    return _kong_money(view, ruleset, kind) >= KONG_MONEY_ANY


def _lean(view: SeatView, counts: list[int]) -> int | None:
    """The numbered suit the hand leans to (jincheng's 清一色 / 混一色), if any: its tiles and
    honours make 10 of 14 or more, and every meld is of it or honours."""
    suits = [0, 0, 0]
    honours = sum(counts[27:])
    for t in range(27):
        suits[t // 9] += counts[t]
    for meld in view.me.melds:
        t = meld.tiles[0]
        if t >= 27:
            honours += 3
        else:
            suits[t // 9] += 3
    best = max(range(3), key=lambda s: suits[s])
    if suits[best] + honours < 10 or suits[best] < 7:
        return None
    if any(m.tiles[0] < 27 and m.tiles[0] // 9 != best for m in view.me.melds):
        return None
    return best
