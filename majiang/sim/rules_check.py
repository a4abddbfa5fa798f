"""`--check rules`: invariants taken from the rules documents, checked at every step of a hand.

A `RuleMonitor` watches one hand: before each action it checks who may act and what is offered
(claims, wins, kongs, a frozen hand's discards), after it the events (draws from the right place
of the wall, claims resolved by priority, the turn passed on) and the state (tiles, hand sizes,
wall). At the end it checks the payments against the scorer. Each failure is "name: message
(step N)", so a simulator counts them per invariant name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from majiang.bots.base import Bot
from majiang.game.actions import Action
from majiang.game.events import Event
from majiang.game.hand import Hand
from majiang.game.phases import CLAIM, ROB, TURN
from majiang.game.wall import shuffled_wall
from majiang.sim.rule_end import end_checks
from majiang.sim.rule_facts import CLAIMS, FACTS, RANK, deal_indices, replacement_index
from majiang.sim.rule_offers import offer_checks
from majiang.sim.rule_state import state_checks
from majiang.sim.runner import bot_move
from majiang.tiles import full_set, parse_tile


class RuleMonitor:
    """Checks one hand against its rules document, step by step; `failures` collects them."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.facts = FACTS[hand.rules]
        self.failures: list[str] = []
        self.step = 0
        ruleset = hand.ruleset
        self.wall0 = (list(hand.explicit_wall) if hand.explicit_wall is not None else
                      shuffled_wall(full_set(ruleset.kinds, ruleset.copies), hand.seed,
                                    hand.rng_version))
        self.dealt = 13 * hand.players + 1
        self.front = self.dealt + self.facts.indicator  # next normal draw's wall index
        self.replacements = 0
        self.normal_draws = 1  # the dealer's 14th counts (jincheng 1)
        self.wall_seen = hand.wall_left()
        self.locks: list[set[int] | None] = [set() for _ in range(hand.players)]  # None: all
        self.began_by_claim = False
        self.after_discard: int | None = None  # the seat whose discard (or 上架) awaits its sequel
        self._check_start(hand.events)
        self._events(hand.events)
        self._state()

    def fail(self, name: str, message: str) -> None:
        self.failures.append(f"{name}: {message} (step {self.step})")

    # ----------------------------------------------------------------- one step

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Check the position, apply `seat`'s action, check what followed."""
        hand = self.hand
        for name, message in offer_checks(hand, self.facts, self.locks, self.began_by_claim):
            self.fail(name, message)
        resolving = self._resolution(seat, action)
        if hand.phase == TURN:
            self._turn_action(seat, action)
        events = hand.apply(seat, action)
        if resolving is not None:
            self._check_resolution(resolving, events)
        self._events(events)
        self._state()
        if hand.is_over:
            for name, message in end_checks(hand, self.facts, self.normal_draws,
                                            self.replacements):
                self.fail(name, message)
        self.step += 1
        return events

    def _turn_action(self, seat: int, action: Action) -> None:
        hand = self.hand
        if action.type == "discard" and self.facts.split_pair and self.locks[seat] is None:
            after = list(hand.counts[seat])
            assert action.tile is not None
            after[action.tile] -= 1
            if sum(after) == 1 and after[action.tile] == 1:
                self.locks[seat] = set()  # 大吊車: the lock is cleared at once

    def _resolution(self, seat: int, action: Action) -> dict[str, Any] | None:
        """The claims about to be resolved, when `action` is the last decision awaited."""
        hand = self.hand
        if hand.phase not in (CLAIM, ROB) or len(hand.decisions) + 1 != len(hand.pending):
            return None
        decisions = {**hand.decisions, seat: action}
        if hand.phase == CLAIM:
            assert hand.last_discard is not None
            source, tile = hand.last_discard
        else:
            assert hand.kong_tile is not None
            source, tile = hand.kong_tile
        # the passed-win lock: a seat offered the win that does not take it (every document)
        for s, options in hand.pending.items():
            if any(o.type == "win" for o in options) and decisions[s].type != "win":
                lock = self.locks[s]
                if self.facts.lock == "any":
                    self.locks[s] = None
                elif lock is not None:
                    lock.add(tile)
        return {"phase": hand.phase, "decisions": decisions, "source": source, "tile": tile}

    def _check_resolution(self, ctx: dict[str, Any], events: list[Event]) -> None:
        n = self.hand.players
        source: int = ctx["source"]
        decisions: dict[int, Action] = ctx["decisions"]
        order = [(source + i) % n for i in range(1, n)]
        want = [s for s in order if s in decisions and decisions[s].type == "win"]
        if self.facts.one_winner:
            want = want[:1]
        got = [e.data["seat"] for e in events if e.kind == "win" and e.to is None]
        if got != want:
            self.fail("claim_priority", f"winners {got} on {ctx['phase']} of seat {source}, "
                      f"the rules give {want} (decisions {_show(decisions)})")
            return
        if want:
            return
        if ctx["phase"] == ROB:
            if not any(e.kind == "draw" and e.to == source and e.data["replacement"]
                       for e in events):
                self.fail("claim_priority", f"the unrobbed kong of seat {source} got no "
                          "replacement draw")
            return
        claims = sorted((RANK[a.type], order.index(s), s, a.type) for s, a in decisions.items()
                        if a.type in RANK)
        first = next((e for e in events if e.kind in CLAIMS or e.kind == "draw"), None)
        got_claim = None if first is None or first.kind == "draw" else (
            first.data["seat"], first.kind)
        want_claim = None if not claims else (claims[0][2], claims[0][3])
        if got_claim != want_claim:
            self.fail("claim_priority", f"claim {got_claim} of seat {source}'s discard, the "
                      f"rules give {want_claim} (decisions {_show(decisions)})")

    # ----------------------------------------------------------------- events

    def _check_start(self, events: Sequence[Event]) -> None:
        hand = self.hand
        if hand.players != self.facts.players or hand.total_tiles != self.facts.tiles:
            self.fail("players", f"{hand.players} seats and {hand.total_tiles} tiles, the rules "
                      f"have {self.facts.players} and {self.facts.tiles}")
        for seat, indices in deal_indices(hand.players, hand.dealer).items():
            want = sorted(self.wall0[i] for i in indices)
            got = [sorted(parse_tile(t) for t in e.data["tiles"]) for e in events
                   if e.kind == "deal" and e.to == seat]
            if got != [want]:
                self.fail("deal", f"seat {seat} was dealt {got}, the wall gives {want}")
        if self.facts.indicator:
            start = next((e for e in events if e.kind == "start"), None)
            shown = None if start is None else start.data.get("indicator")
            if shown is None or parse_tile(shown) != self.wall0[self.dealt]:
                self.fail("deal", f"indicator {shown}, the wall gives {self.wall0[self.dealt]}")

    def _events(self, events: Sequence[Event]) -> None:
        n = self.hand.players
        for event in events:
            kind, data = event.kind, event.data
            if kind == "draw" and event.to is not None:
                self._draw(event.to, parse_tile(data["tile"]), bool(data["replacement"]))
                self.began_by_claim = False
            elif kind in ("chow", "pung", "pick", "grab"):
                self.began_by_claim = True
            if self.after_discard is not None and kind in (*CLAIMS, "draw", "win",
                                                           "exhaustive_draw"):
                seat = self.after_discard
                self.after_discard = None
                if kind == "draw" and (data["seat"] != (seat + 1) % n or data["replacement"]):
                    self.fail("turn_order", f"after seat {seat}'s discard the next draw was "
                              f"{data}, not a normal draw of seat {(seat + 1) % n}")
            if kind == "discard" or (kind == "declare" and self.facts.win_needs_declared
                                     and event.to is None):
                self.after_discard = data["seat"]

    def _draw(self, seat: int, tile: int, replacement: bool) -> None:
        if replacement:
            index = replacement_index(self.facts, len(self.wall0), self.replacements)
            self.replacements += 1
        else:
            index = self.front
            self.front += 1
            self.normal_draws += 1
            limit = 70 - 2 * self.replacements  # jincheng 1: K kongs so far
            if self.facts.dead_stacks and self.normal_draws > limit:
                self.fail("dead_tail", f"normal draw {self.normal_draws} (wall index {index}) "
                          f"with {self.replacements} kongs: at most {limit}")
        if index >= len(self.wall0) or self.wall0[index] != tile:
            how = "replacement" if replacement else "normal"
            held = self.wall0[index] if index < len(self.wall0) else None
            self.fail("draw_order", f"seat {seat} drew {tile} ({how}), the wall's index "
                      f"{index} holds {held}")
        self.locks[seat] = set()  # every document: one's own next draw ends the passed-win lock

    def _state(self) -> None:
        hand = self.hand
        left = hand.wall_left()
        for name, message in state_checks(hand):
            self.fail(name, message)
        if left > self.wall_seen:
            self.fail("wall_left", f"wall_left grew from {self.wall_seen} to {left}")
        self.wall_seen = left
        expected = self._expected_left()
        if left != max(expected, 0):
            self.fail("wall_left", f"wall_left {left}, the rules count {expected}")

    def _expected_left(self) -> int:
        if self.facts.dead_stacks:
            return 70 - 2 * self.replacements - self.normal_draws
        taken = self.front + self.replacements
        return len(self.wall0) - taken


def _show(decisions: dict[int, Action]) -> str:
    return ", ".join(f"{s}:{a}" for s, a in sorted(decisions.items()))


def play_rules_checked(hand: Hand, bots: Sequence[Bot]) -> list[str]:
    """Play `hand` between `bots` under a `RuleMonitor`; the failures."""
    monitor = RuleMonitor(hand)
    while not hand.is_over:
        for seat in sorted(hand.to_act()):
            bot = bots[seat]
            legal = hand.legal_actions(seat)
            if not legal:
                continue
            monitor.apply(seat, bot_move(bot, hand, seat, legal))
    return monitor.failures

