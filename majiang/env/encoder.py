"""Observations kept up to date between steps: one `Encoder` per hand, cheap per call.

The vector (`majiang.env.observation`) is mostly per-seat rows in relative order (row 0 the
observer). The encoder keeps those rows in absolute seat order in one buffer and touches only
what changed since its last call: it reads the hand's new events, and a discard or a draw it
applies itself (a river's tile, a concealed count); any other event (a claim, a kong, a payment,
a declaration, the end) makes it compare every river and meld row with its copy and rewrite the
numbers. The one-hots that moved are moved. A seat's vector is then one gather (`np.take`)
through that seat's index array, and the observer's own fields (hand, drawn, set-aside tile,
pass lock). Tests check it against the view's encoding at every step, and observed sparsely.
"""

from __future__ import annotations

from array import array
from functools import cache

import numpy as np
from numpy.typing import NDArray

from majiang.env.observation import MELD_GROUP, OFFSET, PHASES, SEATS, SIZE, Vector
from majiang.game.actions import DISCARD
from majiang.game.hand import Hand
from majiang.game.phases import OVER, TURN
from majiang.game.seat_view import KIND
from majiang.rules.base import Meld
from majiang.tiles import KINDS

_ROWS = {"melds": 4 * KINDS, "discards": KINDS, "revealed": KINDS, "seat_info": 4,
         "scores": 1}  # the per-seat fields, by row width
_PAD = SIZE  # always 0: what a padded row (kawuxing's row 3) reads
_HANDS = SIZE + 1  # then every seat's concealed counts (the observer's row is its `hand`)
_LENGTH = _HANDS + SEATS * KINDS
_HAND, _DRAWN, _MELDS, _DISCARDS, _REVEALED, _INFO, _LAST, _KONG, _LAIZI, _INDICATOR, _ASIDE, \
    _LOCKED, _PHASE, _WALL, _SCORES, _WIND = (OFFSET[name] for name in (
        "hand", "drawn", "melds", "discards", "revealed", "seat_info", "last_discard",
        "kong_tile", "laizi", "indicator", "set_aside", "locked", "phase", "wall_left", "scores",
        "round_wind"))
_GROUP_AT = {kind: group * KINDS for kind, group in MELD_GROUP.items()}
_WINDS = {"1z": 0, "2z": 1, "3z": 2, "4z": 3}
# one-hot slots: turn, last tile, last discarder, kong tile, laizi, indicator, phase
_SLOTS = 7
_PHASE_AT = {phase: _PHASE + i for i, phase in enumerate(PHASES)}


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
        index[_HAND:_HAND + KINDS] = np.arange(_HANDS + seat * KINDS, _HANDS + (seat + 1) * KINDS)
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
        # one memory, two views: `cells` for single entries (Python's array: cheap item writes),
        # `buffer` for numpy (slices, the gather)
        self.cells = array("f", bytes(4 * _LENGTH))
        self.buffer: Vector = np.frombuffer(self.cells, np.float32)
        self.rivers: list[list[int]] = [[] for _ in range(n)]
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.hot: tuple[int, ...] = (-1,) * _SLOTS  # the one-hots' buffer indices (-1: none)
        # per seat declared, concealed count, score; then wall_left: as last written, and where
        self.numbers: list[int] = [0] * (3 * n + 1)
        self.number_at = np.array([at for s in range(n) for at in (_INFO + s * 4, _INFO + s * 4 + 1,
                                                          _SCORES + s)] + [_WALL])
        self.synced = -1  # len(state.actions) when last brought up to date
        self.cursor = 0  # state.events read so far
        self.shown = False  # revealed rows written
        self.shows_declared = hand.mech.has("liang_dao")
        buffer = self.buffer
        buffer[_INFO + state.dealer * 4 + 2] = 1.0
        wind = state.options.get("round_wind")
        if wind in _WINDS:
            buffer[_WIND + _WINDS[wind]] = 1.0

    def _sync(self) -> None:
        """Catch up with the hand: a discard or a draw from its event, anything else in full."""
        state = self.hand.state
        cells = self.cells
        events = state.events
        full = self.cursor == 0
        numbers = self.numbers
        for kind, to, data, _ in events[self.cursor:]:
            if kind == DISCARD:
                s = data["seat"]
                t = KIND[data["tile"]]
                at = s * KINDS + t
                cells[_DISCARDS + at] += 1.0
                cells[_HANDS + at] -= 1.0
                self.rivers[s].append(t)
                numbers[3 * s + 1] -= 1
                cells[_INFO + s * 4 + 1] = numbers[3 * s + 1]
            elif kind == "draw":
                s = data["seat"]
                if to is None:  # the public copy: one more concealed tile
                    numbers[3 * s + 1] += 1
                    cells[_INFO + s * 4 + 1] = numbers[3 * s + 1]
                else:  # the seat's own copy names the tile
                    cells[_HANDS + s * KINDS + KIND[data["tile"]]] += 1.0
            else:
                full = True
        self.cursor = len(events)
        phase = state.phase
        over = phase == OVER
        if full:
            self._full()
        else:
            numbers[-1] = left = state.wall.left()
            cells[_WALL] = left
        if over or (self.shows_declared and any(me.declared for me in state.seats)):
            self._revealed(over)
        elif self.shown:
            self.buffer[_REVEALED:_REVEALED + SEATS * KINDS] = 0.0
            self.shown = False
        last, kong, laizi, indicator = state.last_discard, state.kong_tile, state.laizi, \
            state.indicator
        hot = (_INFO + state.turn * 4 + 3,
               -1 if last is None else _LAST + last[1],
               -1 if last is None else _LAST + KINDS + last[0],
               -1 if kong is None or over else _KONG + kong[1],
               -1 if laizi is None else _LAIZI + laizi,
               -1 if indicator is None else _INDICATOR + indicator,
               _PHASE_AT.get(phase, -1))
        was = self.hot
        if hot != was:
            for old, new in zip(was, hot, strict=True):
                if old != new:
                    if old >= 0:
                        cells[old] = 0.0
                    if new >= 0:
                        cells[new] = 1.0
            self.hot = hot
        self.synced = len(state.actions)

    def _full(self) -> None:
        """Every river and meld row that differs from its copy, and every number."""
        state = self.hand.state
        buffer = self.buffer
        for s, me in enumerate(state.seats):
            at = _HANDS + s * KINDS
            buffer[at:at + KINDS] = _u8(bytes(me.counts))
            river = me.discards
            if river != self.rivers[s]:
                at = _DISCARDS + s * KINDS
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
        buffer[self.number_at] = numbers
        self.numbers = numbers

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
