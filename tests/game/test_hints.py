"""`game.hints` over random views of bot-played hands of all five rulesets.

At random steps of each hand, for every seat:
- the unseen counts are exactly the copies hidden from the seat in the full state (the others'
  concealed tiles but a 亮倒 hand's shown ones, the live wall, others' 上架 tiles);
- the shanten, the waits and each discard's waits agree with `majiang.analysis` (and wuhan's with
  the engine's laizi win check) on the seat's real tiles; danger marks: the revealed hands' waits;
- the hints do not change when every tile hidden from the seat is re-dealt (`test_leaks.redeal`).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_leaks import RULES, redeal

from majiang.analysis import Shape, shanten, waits
from majiang.bots import get_bot
from majiang.game import Hand
from majiang.game.hints import Hints, hints
from majiang.game.phases import TURN
from majiang.game.seat_view import NAME, SeatView
from majiang.rules import get_ruleset


def _hints(hand: Hand, seat: int) -> Hints:
    return hints(SeatView.from_json(hand.view(seat)), get_ruleset(hand.rules))


def _hidden(hand: Hand, seat: int) -> list[int]:
    """Per kind, the copies the rules hide from `seat`, read from the full state."""
    out = [0] * 34
    for s in range(hand.players):
        if s == seat:
            continue
        counts = list(hand.counts[s])
        if hand.rules == "kawuxing" and hand.declared[s]:
            counts = [0] * 34  # shown, but for the tile just drawn
            if hand.phase == TURN and hand.turn == s and hand.drawn is not None:
                counts[hand.drawn] = 1
        for t in range(34):
            out[t] += counts[t]
        aside = hand.set_aside[s]
        if aside is not None:
            out[aside] += 1
    wall = hand.wall
    for i in range(wall.live, wall.tail + 1):
        out[wall.tiles[i]] += 1
    return out


def _reference_waits(hand: Hand, counts: list[int]) -> list[int]:
    """Kinds the engine's own win check completes (ruleset kinds, no fifth copy)."""
    state = hand.state
    ruleset = get_ruleset(hand.rules)
    out = []
    for t in ruleset.kinds:
        if counts[t] >= ruleset.copies:
            continue
        counts[t] += 1
        if state.complete(counts):
            out.append(t)
        counts[t] -= 1
    return out


def _check(hand: Hand, seat: int) -> None:
    got = _hints(hand, seat)
    ruleset = get_ruleset(hand.rules)
    assert list(got.unseen) == _hidden(hand, seat)
    me = hand.state.seats[seat]
    counts = hand.state.shape_counts(seat)
    shapes = Shape.THIRTEEN_ORPHANS if me.singles else ruleset.shapes
    special = hand.state.special if hand.rules == "wuhan" else frozenset()
    blocked = any(counts[t] for t in special if t != hand.state.laizi)
    if blocked:
        assert got.shanten is None and not got.waits and not got.discards
    else:
        plain, jokers = list(counts), 0
        if hand.state.laizi is not None:
            jokers, plain[hand.state.laizi] = plain[hand.state.laizi], 0
        assert got.shanten == shanten(plain, jokers, shapes)
        if sum(counts) % 3 == 1:
            ref = _reference_waits(hand, list(counts))
            if hand.rules != "wuhan" and not me.singles:
                ref_a = [t for t in waits(counts, shapes=shapes) if t in ruleset.kinds]
                assert ref_a == ref
            elif (laizi := hand.state.laizi) is not None:
                # the analysis' waits with the laizi as jokers are among the engine's
                real = [t for t in waits(plain, jokers, shapes) if t not in special]
                assert set(real) <= set(ref)
                assert (laizi in ref) == (bool(ref) and bool(ruleset.copies - jokers))
            assert [w.tile for w in got.waits] == ref
            assert all(w.unseen == got.unseen[w.tile] for w in got.waits)
        else:
            held = {t for t in ruleset.kinds if plain[t]}
            assert {d.tile for d in got.discards} == held
            for d in got.discards:
                after = list(counts)
                after[d.tile] -= 1
                plain_after = list(plain)
                plain_after[d.tile] -= 1
                assert d.shanten == shanten(plain_after, jokers, shapes)
                if d.shanten == 0:
                    assert [w.tile for w in d.tiles] == _reference_waits(hand, after)
                assert d.count == sum(got.unseen[w.tile] for w in d.tiles)
    # danger: a 亮倒 hand's waits, from its real tiles less the one just drawn
    for dg in got.danger:
        assert hand.declared[dg.seat] and dg.seat != seat
        assert dg.shown == (hand.rules == "kawuxing")
        if dg.shown:
            shown = list(hand.counts[dg.seat])
            if hand.phase == TURN and hand.turn == dg.seat and hand.drawn is not None:
                shown[hand.drawn] -= 1
            assert list(dg.tiles) == [t for t in waits(shown, shapes=ruleset.shapes)
                                      if t in ruleset.kinds]
    assert {d.seat for d in got.danger} == {
        s for s in range(hand.players) if s != seat and hand.declared[s]}
    view_no_win = hand.view(seat)["no_win"]
    assert (got.no_win.to_json() if got.no_win else None) == view_no_win


def _play(rules: str, seed: int, bots: list[str], checks: int) -> int:
    hand = Hand.new(rules, seed, dealer=seed % 3)
    players = [get_bot(name, seed + i) for i, name in enumerate(bots[: hand.players])]
    rng = random.Random(seed)
    at = set(rng.sample(range(1, 90), checks))
    step = checked = 0
    while not hand.is_over:
        seat = min(hand.to_act())
        bot = players[seat]
        legal = hand.legal_actions(seat)
        view = SeatView.from_json(hand.view(seat)) if bot.uses_view else None
        hand.apply(seat, bot.choose(view, legal))
        step += 1
        if step not in at or hand.is_over:
            continue
        for looker in range(hand.players):
            _check(hand, looker)
            again = hints(SeatView.from_json(redeal(hand, looker, rng).view(looker)),
                          get_ruleset(rules))
            assert again == _hints(hand, looker), f"{rules} {seed} step {step}: a hint leaks"
            checked += 1
    return checked


BOTS = st.lists(st.sampled_from(["random", "efficient", "value"]), min_size=4, max_size=4)


@pytest.mark.parametrize("rules", RULES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**9), bots=BOTS)
def test_hints_agree_with_the_analysis_and_leak_nothing(rules: str, seed: int,
                                                        bots: list[str]) -> None:
    _play(rules, seed, bots, checks=8)


@pytest.mark.parametrize("rules", RULES)
def test_ready_hands_and_declarers_are_seen(rules: str) -> None:
    """Efficient bots get ready often: the checks above meet waits (and kawuxing danger)."""
    checked = sum(_play(rules, 500 + s, ["efficient"] * 4, checks=25) for s in range(4))
    assert checked >= 40


def test_waits_with_counts_and_json() -> None:
    hand = Hand.new("tuidaohu", 3)
    view = SeatView.from_json(hand.view(1))  # 13 tiles: waits or shanten only
    got = hints(view, get_ruleset("tuidaohu"))
    data = got.to_json()
    assert set(data) == {"shanten", "ready", "unseen", "waits", "wait_count", "discards",
                         "danger", "danger_tiles", "no_win"}
    assert data["discards"] == [] and data["shanten"] == got.shanten
    assert all(w in NAME for w in data["waits"])
    # the unseen copies travel once, by name, and only where some are unseen
    assert data["unseen"] == {NAME[t]: n for t, n in enumerate(got.unseen) if n}
    assert data["wait_count"] == sum(data["unseen"].get(w, 0) for w in data["waits"])
    over = SeatView.from_json({**hand.view(1), "phase": "over"})
    assert hints(over, get_ruleset("tuidaohu")).to_json()["shanten"] is None


def test_each_discard_names_its_tiles_and_counts_them_from_unseen() -> None:
    hand = Hand.new("tuidaohu", 3)
    seat = hand.view(0)["turn"]
    got = hints(SeatView.from_json(hand.view(seat)), get_ruleset("tuidaohu"))
    data = got.to_json()
    assert data["discards"] and len(data["discards"]) == len(got.discards)
    for wire, typed in zip(data["discards"], got.discards, strict=True):
        assert wire["tiles"] == [NAME[w.tile] for w in typed.tiles]
        assert wire["count"] == typed.count == sum(data["unseen"].get(t, 0) for t in wire["tiles"])
