"""Observations kept up to date between steps: one `Encoder` per hand, cheap per call.

The vector of `observation.encode` (the reference, from scratch) is mostly per-seat rows in
relative order (row 0 the observer). The encoder keeps those rows in absolute seat order in one
buffer, touches only what changed since its last call (a river or a seat's melds that differ from
its copy, the one-hots that moved, the counts and scores), and gives a seat's vector by one
gather (`np.take`) through that seat's index array, then writes the observer's own fields
(hand, drawn, set-aside tile, pass lock). A test checks it against `encode` at every step.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numpy.typing import NDArray

from majiang.env.observation import MELD_GROUP, OFFSET, PHASES, SEATS, SIZE, Vector
from majiang.game.hand import Hand
from majiang.game.phases import OVER, TURN
from majiang.rules.base import Meld
from majiang.tiles import KINDS

_ROWS = {"melds": 4 * KINDS, "discards": KINDS, "revealed": KINDS, "seat_info": 4,
         "scores": 1}  # the per-seat fields, by row width
_PAD = SIZE  # the buffer's last slot: always 0, what a padded row (kawuxing's row 3) reads
_HAND, _DRAWN, _MELDS, _DISCARDS, _REVEALED, _INFO, _LAST, _KONG, _LAIZI, _INDICATOR, _ASIDE, \
    _LOCKED, _PHASE, _WALL, _SCORES, _WIND = (OFFSET[name] for name in (
        "hand", "drawn", "melds", "discards", "revealed", "seat_info", "last_discard",
        "kong_tile", "laizi", "indicator", "set_aside", "locked", "phase", "wall_left", "scores",
        "round_wind"))
_GROUP_AT = {kind: group * KINDS for kind, group in MELD_GROUP.items()}
_WINDS = {"1z": 0, "2z": 1, "3z": 2, "4z": 3}
# one-hot slots: turn, last tile, last discarder, kong tile, laizi, indicator, phase
_SLOTS = 7


def _u8(data: bytes) -> NDArray[np.uint8]:
    """A count list as bytes, read as numbers (far cheaper than assigning the list)."""
    return np.frombuffer(data, np.uint8)


@cache
def gather(players: int) -> tuple[NDArray[np.intp], ...]:
    """Per observer seat: for each vector index, the absolute buffer index it reads."""
    out = []
    for seat in range(players):
        index = np.arange(SIZE, dtype=np.intp)
        for name, width in _ROWS.items():
            base = OFFSET[name]
            for rel in range(SEATS):
                rows = slice(base + rel * width, base + (rel + 1) * width)
                if rel < players:
                    a = (rel + seat) % players
                    index[rows] = np.arange(base + a * width, base + (a + 1) * width)
                else:
                    index[rows] = _PAD
        for rel in range(SEATS):  # the discarder's one-hot of last_discard
            i = _LAST + KINDS + rel
            index[i] = _LAST + KINDS + (rel + seat) % players if rel < players else _PAD
        out.append(index)
    return tuple(out)


class Encoder:
    """The observations of one hand's seats (`observe(seat)`), equal to `encode(hand, seat)`."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        state = hand.state
        n = state.players
        self.index = gather(n)
        self.buffer = np.zeros(SIZE + 1, np.float32)
        self.rivers: list[list[int]] = [[] for _ in range(n)]
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.hot = [-1] * _SLOTS
        # per seat declared, concealed count, score; then wall_left: as last written, and where
        self.numbers: list[int] = [0] * (3 * n + 1)
        self.number_at = [at for s in range(n) for at in (_INFO + s * 4, _INFO + s * 4 + 1,
                                                          _SCORES + s)] + [_WALL]
        self.synced = -1  # len(state.actions) when last brought up to date
        self.shown = False  # revealed rows written
        self.shows_declared = hand.mech.has("liang_dao")
        buffer = self.buffer
        buffer[_INFO + state.dealer * 4 + 2] = 1.0
        wind = state.options.get("round_wind")
        if wind in _WINDS:
            buffer[_WIND + _WINDS[wind]] = 1.0

    def _set(self, slot: int, index: int) -> None:
        old = self.hot[slot]
        if old != index:
            buffer = self.buffer
            if old >= 0:
                buffer[old] = 0.0
            if index >= 0:
                buffer[index] = 1.0
            self.hot[slot] = index

    def _sync(self) -> None:
        state = self.hand.state
        buffer = self.buffer
        over = state.phase == OVER
        for s, me in enumerate(state.seats):
            river, seen = me.discards, self.rivers[s]
            if river != seen:
                at = _DISCARDS + s * KINDS
                k = len(seen)
                if river[:k] == seen:  # the usual change: tiles discarded since
                    for t in river[k:]:
                        buffer[at + t] += 1.0
                else:  # a claim took the last tile
                    buffer[at:at + KINDS] = np.bincount(river, minlength=KINDS)
                self.rivers[s] = list(river)
            melds = me.melds
            if melds != self.melds[s]:
                at = _MELDS + s * 4 * KINDS
                tiles = [_GROUP_AT[m.kind] + t for m in melds for t in m.tiles]
                buffer[at:at + 4 * KINDS] = np.bincount(tiles, minlength=4 * KINDS)
                self.melds[s] = list(melds)
        numbers = [x for me in state.seats for x in (me.declared, sum(me.counts), me.score)]
        numbers.append(state.wall.left())
        for i, (new, old) in enumerate(zip(numbers, self.numbers, strict=True)):
            if new != old:
                buffer[self.number_at[i]] = new
        self.numbers = numbers
        if over or (self.shows_declared and any(me.declared for me in state.seats)):
            self._revealed(over)
        elif self.shown:
            buffer[_REVEALED:_REVEALED + SEATS * KINDS] = 0.0
            self.shown = False
        last, kong = state.last_discard, state.kong_tile
        self._set(0, _INFO + state.turn * 4 + 3)
        self._set(1, -1 if last is None else _LAST + last[1])
        self._set(2, -1 if last is None else _LAST + KINDS + last[0])
        self._set(3, -1 if kong is None or over else _KONG + kong[1])
        self._set(4, -1 if state.laizi is None else _LAIZI + state.laizi)
        self._set(5, -1 if state.indicator is None else _INDICATOR + state.indicator)
        self._set(6, _PHASE + PHASES.index(state.phase) if state.phase in PHASES else -1)
        self.synced = len(state.actions)

    def _revealed(self, over: bool) -> None:
        state = self.hand.state
        buffer = self.buffer
        buffer[_REVEALED:_REVEALED + SEATS * KINDS] = 0.0
        on_turn = state.phase == TURN
        for s, me in enumerate(state.seats):
            if over or me.declared:
                at = _REVEALED + s * KINDS
                buffer[at:at + KINDS] = _u8(bytes(me.counts))
                if on_turn and not over and s == state.turn and state.drawn is not None:
                    buffer[at + state.drawn] -= 1
        self.shown = True

    def observe(self, seat: int, out: Vector | None = None) -> Vector:
        """`seat`'s vector (into `out` if given, else a new array)."""
        state = self.hand.state
        if self.synced != len(state.actions):
            self._sync()
        if out is None:
            out = self.buffer.take(self.index[seat])
        else:
            self.buffer.take(self.index[seat], out=out)
        me = state.seats[seat]
        out[_HAND:_HAND + KINDS] = _u8(bytes(me.counts))
        if state.phase == TURN and seat == state.turn and state.drawn is not None:
            out[_DRAWN + state.drawn] = 1.0
        if me.set_aside is not None:
            out[_ASIDE + me.set_aside] = 1.0
        if me.locked or me.lock_kinds:
            out[_LOCKED] = 1.0
            for t in me.lock_kinds:
                out[_LOCKED + 1 + t] = 1.0
        return out


def encode(hand: Hand, seat: int, out: Vector | None = None) -> Vector:
    """`seat`'s observation of `hand` now, once (an environment keeps an `Encoder` instead)."""
    return Encoder(hand).observe(seat, out)
