"""The value bot: discards, claims and kongs that maximise the hand's worth, with defence."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any

from majiang.analysis import shanten
from majiang.bots.base import as_view
from majiang.bots.efficient import EfficientBot
from majiang.bots.value.defence import danger, defended, safe
from majiang.bots.value.distance import distance
from majiang.bots.value.ready import ready_worth
from majiang.bots.value.state import State, read_state
from majiang.bots.value.targets import KONG_BONUS, VALUES, Target
from majiang.bots.value.worth import worth
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
from majiang.rules.base import Meld
from majiang.rules.wuhan import OPENING

CLAIM_GAIN = 1.05  # a claim is made when it adds this share to the hand's worth


class ValueBot:
    name = "value"
    uses_view = True

    def __init__(self, seed: int | str | None = None,
                 opening: Mapping[str, float] | None = None,
                 self_drawn: Collection[str] = ()) -> None:
        """`opening`: per ruleset, the least share of the hand's worth a claim that opens it (开口)
        must keep while it has not opened; any other claim must add `CLAIM_GAIN`. `self_drawn`:
        the rulesets where a ready hand's self-drawn wins are scored (`ready.ready_worth`; elsewhere
        they count 0, the play the value bot was measured with)."""
        self.seed = seed
        self.opening = opening or {}
        self.self_drawn = frozenset(self_drawn)
        self._efficient = EfficientBot(seed)

    def choose(self, view: SeatView | Mapping[str, Any] | None, legal: list[Action]) -> Action:
        """The choice from the seat's view (a JSON view is parsed first)."""
        if WIN_ACTION in legal:
            return WIN_ACTION
        view = as_view(view)
        if view is None:
            raise ValueError("the value bot needs its view")
        if view.rules not in VALUES:
            return defended(view, legal, self._efficient.choose(view, legal))
        try:
            state = read_state(view)
            counts = list(view.counts)
            if any(a.type == DISCARD for a in legal):
                return self._turn(view, state, counts, legal)
            if PASS_ACTION not in legal:  # a turn with no plain discard: wuhan's kong tiles
                kongs = [a for a in legal if a.type == KONG]
                return kongs[0] if kongs else legal[0]
            return self._claim(view, state, counts, legal)
        except ValueError:  # a hand size the distances do not cover: play for speed
            return defended(view, legal, self._efficient.choose(view, legal))

    # -- defence (`value.defence`) ---------------------------------------------------------------

    def _danger(self, view: SeatView) -> set[int]:
        return danger(view)

    def _defended(self, view: SeatView, legal: list[Action], action: Action) -> Action:
        return defended(view, legal, action)

    # -- the turn --------------------------------------------------------------------------------

    def _turn(self, view: SeatView, state: State, counts: list[int],
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

    def _rank_discards(self, view: SeatView, state: State, counts: list[int],
                       discards: list[int]) -> list[tuple[float, int]]:
        """(worth, discard), best first, with defence applied."""
        waits_shown = danger(view)
        ranked = []
        for d in discards:
            counts[d] -= 1
            w, target = worth(state, counts)
            split, jokers = state.split(counts)
            if shanten(split, min(jokers, 1) if state.laizi is not None else jokers,
                       state.ruleset.shapes) == 0:
                w = max(w * 0.5, ready_worth(view, state, counts,
                                             view.rules in self.self_drawn))
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
        safe_out = [x for x in out if x[1] not in waits_shown]
        if safe_out:
            out = safe_out
        threat = any(s.declared for s in view.others)
        if threat or view.wall_left < 16:
            thrown = safe(view)
            near = [x for x in out if x[0] >= out[0][0] * 0.7]
            if far:
                safer = [x for x in near if x[1] in thrown]
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

    # -- claims ----------------------------------------------------------------------------------

    def _claim(self, view: SeatView, state: State, counts: list[int],
               legal: list[Action]) -> Action:
        now, _ = worth(state, counts)
        keep = self.opening.get(view.rules)
        if keep is None or any(m.kind in OPENING for m in view.me.melds):
            keep = CLAIM_GAIN
        best_w, best_a = now * keep, PASS_ACTION
        claimed = None if view.last_discard is None else view.last_discard.tile
        for action in legal:
            tile = action.tile
            if action.type == KONG and tile is not None and action.kind == "exposed_kong":
                after = list(counts)
                after[tile] -= 3
                mult = state.mult * 2 if state.laizi is not None else state.mult
                kong = Meld("exposed_kong", tile)
                w, _ = worth(replace(state, melds=(*state.melds, kong)), after, mult)
                w += KONG_BONUS.get(state.rules, {}).get("exposed_kong", 0)
                if w >= now and w >= best_w * 0.96:
                    best_w, best_a = max(w, best_w), action
            elif action.type in (PUNG, CHOW):
                after = list(counts)
                if action.type == PUNG and tile is not None:
                    after[tile] -= 2
                    meld = Meld("pung", tile)
                else:
                    seq = tuple(action.tiles or ())
                    for t in seq:
                        if t != claimed:
                            after[t] -= 1
                    meld = Meld("chow", min(seq))
                claiming = replace(state, melds=(*state.melds, meld))
                options = [d for d in range(34) if after[d] and d not in state.special]
                w = 0.0
                for d in options:
                    after[d] -= 1
                    w = max(w, worth(claiming, after)[0])
                    after[d] += 1
                if w > best_w:
                    best_w, best_a = w, action
        return best_a
