"""No seat learns a tile the rules keep from it.

What is public comes from the rules documents, not from the view: a seat may not know the other
seats' concealed tiles, the undrawn wall, nor a jincheng 上架 tile set aside by another seat. The
one exception is kawuxing 亮倒 (kawuxing.md 3.1): a declared hand is shown, all but the tile just
drawn. So at random steps of bot-played hands everything hidden from a seat (or a spectator) is
re-dealt among itself, and

- the seat's view must not change;
- replaying the same next actions on both copies, the seat must receive the same event frames,
  up to the first one that reveals a re-dealt tile by right (its own draw, a 亮倒, the hand's end).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.bots import get_bot
from majiang.game import Hand
from majiang.game.actions import PASS_ACTION, Action
from majiang.game.events import Event
from majiang.game.phases import CLAIM, ROB, TURN
from majiang.sim.invariants import check_step
from majiang.tiles import from_counts, to_counts

RULES = ["tuidaohu", "yangzhou", "kawuxing", "jincheng", "wuhan"]
REVEALING = ("win", "settlement", "exhaustive_draw")  # the hand's end shows every hand
REPLAY = 40  # actions replayed at most after a re-deal
Keep = tuple[dict[int, list[int]], set[int]]  # hidden tiles kept: per seat, and wall indices


def _shown(hand: Hand, seat: int) -> bool:
    """Whether the rules make `seat`'s concealed hand public (kawuxing 亮倒 only)."""
    return hand.rules == "kawuxing" and hand.declared[seat]


def redeal(hand: Hand, looker: int | None, rng: random.Random,
           keep: Keep | None = None) -> Hand:
    """A copy where every tile hidden from `looker` (None: a spectator) is re-dealt among the
    places the rules hide: other seats' concealed tiles, the undrawn wall, others' set-aside
    tiles; a shown (亮倒) hand keeps all but its tile just drawn. `keep` fixes some hidden tiles
    (per seat, and wall indices): any such world is one the looker cannot tell apart either."""
    other = copy.deepcopy(hand)
    held, fixed = keep if keep is not None else ({}, set())
    seats = [s for s in range(hand.players) if s != looker]
    drawn_hidden = (other.phase == TURN and other.turn in seats and other.drawn is not None)
    pool: list[int] = []
    sizes: dict[int, int] = {}
    for s in seats:
        counts = other.counts[s]
        if _shown(other, s):
            if drawn_hidden and s == other.turn:
                assert other.drawn is not None
                if held.get(s, [0] * 34)[other.drawn]:
                    continue  # it plays that tile next: kept
                counts[other.drawn] -= 1
                pool.append(other.drawn)
                sizes[s] = 1
            continue
        kept = [min(c, k) for c, k in zip(counts, held.get(s, [0] * 34), strict=True)]
        pool += from_counts([c - k for c, k in zip(counts, kept, strict=True)])
        sizes[s] = sum(counts) - sum(kept)
        other.state.seats[s].counts = kept
    aside = [s for s in seats if other.set_aside[s] is not None]
    pool += [t for s in aside if (t := other.set_aside[s]) is not None]
    wall = other.wall
    free = [i for i in range(wall.live, wall.tail + 1) if i not in fixed]
    pool += [wall.tiles[i] for i in free]
    rng.shuffle(pool)
    for s, size in sizes.items():
        tiles, pool = pool[:size], pool[size:]
        counts = [a + b for a, b in zip(other.counts[s], to_counts(tiles), strict=True)]
        other.state.seats[s].counts = counts
        if drawn_hidden and s == other.turn:  # the tile just drawn is one of the hidden ones
            if _shown(other, s):
                other.drawn = tiles[-1]
            elif hand.drawn is not None and counts[hand.drawn]:
                other.drawn = hand.drawn  # kept (a tile the seat plays next) or re-dealt alike
            else:
                other.drawn = rng.choice(from_counts(counts))
    for s in aside:
        other.state.seats[s].set_aside, pool = pool[0], pool[1:]
    assert len(pool) == len(free)
    for i, t in zip(free, pool, strict=True):
        wall.tiles[i] = t
    other.legal_cache.clear()  # the cached legal actions were computed from the old tiles
    return other


def _frames(events: list[Event], looker: int | None) -> list[Any]:
    return [(e.kind, e.to, e.data, e.exclude) for e in events if e.visible_to(looker)]


def _cut(frames: list[Any], looker: int | None) -> list[Any]:
    """The frames before the first that may show a re-dealt tile by right."""
    for i, (kind, to, data, _) in enumerate(frames):
        if (kind in REVEALING or (kind == "draw" and to is not None and to == looker)
                or (kind == "declare" and "tiles" in data)):
            return frames[:i]
    return frames


def replay_frames(hand: Hand, other: Hand, actions: list[tuple[int, Action]],
                  looker: int | None) -> tuple[list[Any], list[Any]]:
    """The looker's frames on `hand` and on its re-dealt copy `other` under the same actions,
    while they stay legal in both (a pass the copy was not asked for is skipped; a claim the
    copy alone has is passed)."""
    mine: list[Any] = []
    theirs: list[Any] = []
    for seat, action in actions:
        if other.is_over:
            break
        ours = _frames(hand.apply(seat, action), looker)
        tentative: list[Any] = []
        while (other.phase in (CLAIM, ROB) and action not in other.legal_actions(seat)
               and action != PASS_ACTION):
            for s in sorted(other.to_act()):  # a claim only the copy has: let it pass
                tentative += _frames(other.apply(s, PASS_ACTION), looker)
        if not other.is_over and action in other.legal_actions(seat):
            tentative += _frames(other.apply(seat, action), looker)
        elif action != PASS_ACTION:
            break  # the copy cannot follow: what this action caused is not compared
        mine += ours
        theirs += tentative
        if hand.is_over:
            break
    return _cut(mine, looker), _cut(theirs, looker)


def _play(rules: str, seed: int, bots: list[str], checks: int) -> None:
    hand = Hand.new(rules, seed, dealer=seed % 3)
    players = [get_bot(name, seed + i) for i, name in enumerate(bots[: hand.players])]
    rng = random.Random(seed)
    at = set(rng.sample(range(1, 90), checks))
    lookers: list[int | None] = [*range(hand.players), None]
    step = 0
    while not hand.is_over:
        seat = min(hand.to_act())
        bot = players[seat]
        legal = hand.legal_actions(seat)
        events = hand.apply(seat, bot.choose(hand.view(seat) if bot.uses_view else None, legal))
        assert check_step(hand, events) == []
        step += 1
        if step not in at or hand.is_over:
            continue
        for looker in lookers:
            assert redeal(hand, looker, rng).view(looker) == hand.view(looker), (
                f"{rules} seed {seed} step {step}: seat {looker}'s view depends on hidden tiles")
        if hand.phase != TURN:
            continue
        looker = hand.turn if rng.random() < 0.5 else rng.choice(lookers)  # its discard replays
        future, keep = _future(copy.deepcopy(hand), players, REPLAY, looker)
        mine, theirs = replay_frames(copy.deepcopy(hand), redeal(hand, looker, rng, keep),
                                     future, looker)
        n = min(len(mine), len(theirs))
        assert mine[:n] == theirs[:n], (
            f"{rules} seed {seed} step {step}: seat {looker}'s events depend on hidden tiles")


def _future(hand: Hand, players: list[Any], limit: int,
            looker: int | None = None) -> tuple[list[tuple[int, Action]], Keep]:
    """The next `limit` actions the bots take on (a copy of) `hand`, and what to keep fixed so
    that the other seats can play them in a re-dealt copy: the tiles they will put out, the wall
    tiles they will draw."""
    out: list[tuple[int, Action]] = []
    bots = copy.deepcopy(players)
    held: dict[int, list[int]] = {}
    fixed: set[int] = set()
    while not hand.is_over and len(out) < limit:
        seat = min(hand.to_act())
        bot = bots[seat]
        action = bot.choose(hand.view(seat) if bot.uses_view else None,
                            hand.legal_actions(seat))
        before = list(hand.counts[seat])
        wall = hand.wall
        live, tail = wall.live, wall.tail
        events = hand.apply(seat, action)
        out.append((seat, action))
        if seat != looker:
            need = held.setdefault(seat, [0] * 34)
            for t in range(34):
                need[t] += max(0, before[t] - hand.counts[seat][t])
        for e in events:
            if e.kind == "draw" and e.to is not None and e.to != looker:
                if e.data["replacement"]:
                    fixed.update(range(max(live, tail - 1), tail + 1))
                    tail = wall.tail
                else:
                    fixed.add(live)
                    live += 1
            elif e.kind == "draw" and e.to is not None:
                live, tail = (live + 1, tail) if not e.data["replacement"] else (live, tail - 1)
    return out, (held, fixed)


BOTS = st.lists(st.sampled_from(["random", "efficient"]), min_size=4, max_size=4)


@pytest.mark.parametrize("rules", RULES)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**9), bots=BOTS)
def test_hidden_tiles_do_not_reach_views_or_events(rules: str, seed: int, bots: list[str]) -> None:
    _play(rules, seed, bots, checks=6)


@pytest.mark.parametrize("rules", RULES)
def test_efficient_bots_leak_nothing(rules: str) -> None:
    for seed in range(3):
        _play(rules, 1000 + seed, ["efficient"] * 4, checks=8)


def test_the_redeal_permutes_exactly_the_hidden_tiles() -> None:
    hand = Hand.new("tuidaohu", 5)
    other = redeal(hand, 0, random.Random(1))
    hidden = [t for s in (1, 2, 3) for t in from_counts(hand.counts[s])] + hand.wall.remaining()
    moved = [t for s in (1, 2, 3) for t in from_counts(other.counts[s])] + other.wall.remaining()
    assert sorted(hidden) == sorted(moved) and hidden != moved
    assert other.counts[0] == hand.counts[0] and other.view(0) == hand.view(0)
    assert other.view(1) != hand.view(1)  # a view showing seat 1's hand to seat 0 would differ


def test_a_shown_hand_keeps_its_tiles_but_not_its_drawn_one() -> None:
    hand = Hand.new("kawuxing", 3)
    # as if seat 1 had declared 亮倒: its concealed tiles are public
    hand.state.seats[1].declared = True
    hand.turn, hand.drawn = 1, max(t for t in range(34) if hand.counts[1][t])
    other = redeal(hand, 0, random.Random(2))
    assert sum(other.counts[1]) == sum(hand.counts[1])
    kept = list(hand.counts[1])
    kept[hand.drawn] -= 1
    assert all(o >= k for o, k in zip(other.counts[1], kept, strict=True))
    assert other.drawn is not None and other.counts[1][other.drawn] > kept[other.drawn]


class _LeakyHand(Hand):
    """Sends every draw's tile to everyone: the replay must notice."""

    def apply(self, seat: int, action: Action) -> list[Event]:
        start = len(self.events)
        super().apply(seat, action)
        for event in self.events[start:]:
            if event.kind == "draw" and event.to is not None:
                self.events.append(Event("peek", None, {"seat": event.to,
                                                        "tile": event.data["tile"]}))
        return self.events[start:]


def test_the_replay_catches_a_leaking_event() -> None:
    hand = _LeakyHand(Hand.new("tuidaohu", 0).mech, 7, 0, {})
    bots = [get_bot("efficient", s) for s in range(4)]
    future, _ = _future(copy.deepcopy(hand), bots, 20)
    mine, theirs = replay_frames(copy.deepcopy(hand), redeal(hand, 0, random.Random(3)),
                                 future, 0)
    n = min(len(mine), len(theirs))
    assert n and mine[:n] != theirs[:n]
