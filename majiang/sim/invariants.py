"""Invariants checked while hands are played: tiles conserved, payments zero-sum, no leaks.

Each check returns a list of failure messages (empty: fine), so a simulator can count them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from majiang.game.events import Event
from majiang.game.hand import Hand
from majiang.tiles import parse_tiles

_TILE_FIELDS = ("tile", "tiles", "hand", "hands", "melds", "revealed")


def tiles_conserved(hand: Hand) -> list[str]:
    count = hand.tile_count()
    if count != hand.total_tiles:
        return [f"tiles: {count} accounted for, the set has {hand.total_tiles}"]
    return []


def payments_balanced(hand: Hand) -> list[str]:
    out: list[str] = []
    if sum(hand.scores):
        out.append(f"payments: running scores {hand.scores} do not sum to 0")
    for settlement in hand.settlements:
        if sum(settlement["payments"]):
            out.append(f"payments: settlement {settlement} does not sum to 0")
    result = hand.result
    if result is not None and sum(result.payments) != 0:
        out.append(f"payments: hand result {result.payments} does not sum to 0")
    return out


def _tiles_in(value: Any) -> list[int]:
    """Every tile named in an event field (strings, lists of strings, melds, nested lists)."""
    if isinstance(value, str):
        return parse_tiles(value)
    if isinstance(value, dict):
        return _tiles_in(value.get("tiles"))
    if isinstance(value, list):
        return [t for item in value for t in _tiles_in(item)]
    return []


def known_counts(view: dict[str, Any]) -> list[int]:
    """How many copies of each kind a view shows (own hand, melds, discards, reveals, kong tile)."""
    known = [0] * 34
    for t in _tiles_in(view.get("hand", [])):
        known[t] += 1
    for seat in view["seats"]:
        for t in _tiles_in(seat["melds"]) + _tiles_in(seat["discards"]):
            known[t] += 1
        if seat["revealed"] and seat["seat"] != view["seat"]:
            for t in _tiles_in(seat["revealed"]):
                known[t] += 1
    if view.get("set_aside"):
        known[_tiles_in(view["set_aside"])[0]] += 1
    if view.get("kong_tile"):
        known[_tiles_in(view["kong_tile"]["tile"])[0]] += 1
    return known


def event_leaks(hand: Hand, events: Iterable[Event], seats: Iterable[int | None]) -> list[str]:
    """Events that name more copies of a kind than their audience may know after them: a public
    event (to everyone, or everyone but one) only tiles a spectator sees, a private one only
    tiles its seat sees."""
    events = list(events)
    out = []
    for seat in seats:
        mine = [e for e in events if (e.to == seat if seat is not None else e.to is None)]
        if not mine:
            continue
        view = hand.view(seat)
        known = known_counts(view)
        # the claimed discard of a finished hand sits both in the river and in the winner's hand
        if hand.is_over and hand.result is not None and hand.result.win_tile is not None:
            known[hand.result.win_tile] += len(hand.result.winners)
        for event in mine:
            named = [0] * 34
            for key in _TILE_FIELDS:
                if key == "tile" and isinstance(event.data.get("tiles"), str):
                    continue  # a chow names its claimed tile again within its sequence
                for t in _tiles_in(event.data.get(key)):
                    named[t] += 1
            extra = [t for t in range(34) if named[t] > known[t]]
            if extra:
                out.append(f"leak: seat {seat} received {event.to_json()} but may know only "
                           f"{known[extra[0]]} of kind {extra[0]}")
    return out


def check_step(hand: Hand, events: Iterable[Event], leaks: bool = True) -> list[str]:
    """Every invariant after one step."""
    out = tiles_conserved(hand) + payments_balanced(hand)
    if leaks:
        out += event_leaks(hand, events, [*range(hand.players), None])
    return out
