"""Hints for one seat, from its typed view alone: waits, per-discard acceptance, danger, refusal.

`hints(view, ruleset)` is a pure function of the `SeatView` (nothing hidden from the seat is read,
so re-dealing the others' concealed tiles and the wall never changes it) built on
`majiang.analysis`:

- `unseen`: the ruleset's copies of each kind minus every tile the view shows (own hand and
  set-aside tile, every meld and discard, revealed hands, the wuhan indicator, a kong being added);
- a 3n+1 hand: its `shanten` and, when ready, its `waits` (each kind with its unseen copies);
- a 3n+2 hand (the seat's turn): per discard the shanten left and the draws that lower it (the
  waits when it leaves the hand ready, with their unseen copies);
- `danger`: the waits of every opponent's revealed hand (kawuxing 亮倒), or the bare fact that a
  seat declared (jincheng 上架 hides the hand);
- `no_win`: the engine's named refusal of a complete hand, as the view has it.

Shapes are the ruleset's; jincheng 拾 / 搶 singles commit the hand to thirteen orphans; wuhan
laizi are wildcards (the engine's `mechanics.laizi.complete`: 将一色 / 风一色 included), and a
held red dragon or 赖子皮 (to be put out as a kong first) leaves no shape hints.

>>> from majiang.game import Hand
>>> from majiang.game.seat_view import SeatView
>>> from majiang.rules import get_ruleset
>>> view = SeatView.from_json(Hand.new("tuidaohu", 1).view(0))
>>> h = hints(view, get_ruleset("tuidaohu"))
>>> len(h.discards) == len(set(view.hand)), h.waits, sum(h.unseen) == 136 - 14
(True, (), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from majiang.analysis import Shape, acceptance, shanten, waits
from majiang.game.mechanics.laizi import complete as laizi_complete
from majiang.game.seat_view import NAME, NoWin, SeatView
from majiang.rules.base import Ruleset
from majiang.rules.wuhan import RED, pi_kinds
from majiang.tiles import KINDS, Tile

SINGLES = ("picked", "grabbed")  # jincheng 拾 / 搶: frozen singles of the hand


@dataclass(frozen=True, slots=True)
class Wait:
    """A kind that completes (or improves) the hand, and its copies the seat has not seen."""

    tile: Tile
    unseen: int


def _names(waits: tuple[Wait, ...]) -> list[str]:
    return [NAME[w.tile] for w in waits]


@dataclass(frozen=True, slots=True)
class DiscardHint:
    """A discard: the shanten it leaves and the draws that lower it (its waits when ready)."""

    tile: Tile
    shanten: int
    tiles: tuple[Wait, ...]

    @property
    def count(self) -> int:
        return sum(w.unseen for w in self.tiles)

    def to_json(self) -> dict[str, Any]:
        """The wire form: the tiles by name (their unseen copies are the hints' `unseen`)."""
        return {"tile": NAME[self.tile], "shanten": self.shanten, "ready": self.shanten == 0,
                "tiles": _names(self.tiles), "count": self.count}


@dataclass(frozen=True, slots=True)
class Danger:
    """A declared opponent: its revealed waits (`shown`), or nothing known (上架 is face down)."""

    seat: int
    shown: bool
    tiles: tuple[Tile, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "shown": self.shown, "tiles": [NAME[t] for t in self.tiles]}


@dataclass(frozen=True, slots=True)
class Hints:
    """What a good client tells a seat (see the module docstring); empty for a finished hand."""

    unseen: tuple[int, ...]
    shanten: int | None = None
    waits: tuple[Wait, ...] = ()
    discards: tuple[DiscardHint, ...] = ()
    danger: tuple[Danger, ...] = ()
    no_win: NoWin | None = None

    @property
    def ready(self) -> bool:
        return bool(self.waits)

    def to_json(self) -> dict[str, Any]:
        """The wire form (protocol.md, "hints"): tiles by name, and the unseen copies once, by
        name (a kind left out has none unseen), rather than beside every tile of every discard."""
        return {
            "shanten": self.shanten, "ready": self.ready,
            "unseen": {NAME[t]: n for t, n in enumerate(self.unseen) if n},
            "waits": _names(self.waits),
            "wait_count": sum(w.unseen for w in self.waits),
            "discards": [d.to_json() for d in self.discards],
            "danger": [d.to_json() for d in self.danger],
            "danger_tiles": sorted({NAME[t] for d in self.danger for t in d.tiles}),
            "no_win": None if self.no_win is None else self.no_win.to_json(),
        }


def unseen_counts(view: SeatView, ruleset: Ruleset) -> list[int]:
    """Copies of each kind the seat has not seen anywhere in its view."""
    unseen = [0] * KINDS
    for kind in ruleset.kinds:
        unseen[kind] = ruleset.copies
    seen = list(view.hand)
    for seat in view.seats:
        for meld in seat.melds:
            seen.extend(meld.tiles)
        seen.extend(seat.discards)
        if seat.revealed is not None and seat.seat != view.seat:
            seen.extend(seat.revealed)
    for tile in (view.set_aside, view.indicator,
                 None if view.kong_tile is None else view.kong_tile.tile):
        if tile is not None:
            seen.append(tile)
    for t in seen:
        unseen[t] -= 1
    return [max(0, n) for n in unseen]


@dataclass(frozen=True, slots=True)
class _Shape:
    """How the seat's concealed tiles are read: counts (jokers apart), jokers, shapes."""

    counts: list[int]
    jokers: int
    shapes: Shape
    laizi: Tile | None
    special: frozenset[Tile]

    def waits(self, ruleset: Ruleset) -> list[Tile]:
        """Kinds completing this 3n+1 reading (ruleset kinds only, never a fifth copy)."""
        if self.laizi is None:
            return [t for t in waits(self.counts, 0, self.shapes) if t in ruleset.kinds]
        full = list(self.counts)
        full[self.laizi] += self.jokers
        out = []
        for t in ruleset.kinds:
            if (t in self.special and t != self.laizi) or full[t] >= ruleset.copies:
                continue
            full[t] += 1
            if laizi_complete(self.laizi, self.special, full):
                out.append(t)
            full[t] -= 1
        return out

    def shanten(self) -> int:
        return shanten(self.counts, self.jokers, self.shapes)


def _reading(view: SeatView, ruleset: Ruleset) -> _Shape | None:
    counts = list(view.counts)
    singles = [m.tile for m in view.me.melds if m.kind in SINGLES]
    for t in singles:
        counts[t] += 1
    shapes = Shape.THIRTEEN_ORPHANS if singles else ruleset.shapes
    if view.laizi is None:
        return _Shape(counts, 0, shapes, None, frozenset())
    assert view.indicator is not None
    special = frozenset((RED, view.laizi, *pi_kinds(view.indicator)))
    if any(counts[t] for t in special if t != view.laizi):
        return None  # a red dragon or 赖子皮 held goes out as a kong before anything else
    jokers, counts[view.laizi] = counts[view.laizi], 0
    return _Shape(counts, jokers, shapes, view.laizi, special)


def _discards(shape: _Shape, ruleset: Ruleset, unseen: list[int]) -> tuple[DiscardHint, ...]:
    draws = [t for t in ruleset.kinds if t not in shape.special]
    out = []
    for option in acceptance(shape.counts, unseen, shape.jokers, shape.shapes, draws):
        d = option.discard
        if d not in ruleset.kinds:
            continue
        tiles = list(option.tiles)
        if option.shanten == 0:
            after = list(shape.counts)
            after[d] -= 1
            left = _Shape(after, shape.jokers, shape.shapes, shape.laizi, shape.special)
            tiles = left.waits(ruleset)  # the discarded kind may be a wait too
        elif shape.laizi is not None and unseen[shape.laizi]:
            tiles.append(shape.laizi)  # a drawn laizi is a wildcard: always a step
        out.append(DiscardHint(d, option.shanten, tuple(Wait(t, unseen[t]) for t in sorted(tiles))))
    return tuple(out)


def _danger(view: SeatView, ruleset: Ruleset) -> tuple[Danger, ...]:
    out = []
    for seat in view.others:
        if not seat.declared:
            continue
        if seat.revealed is None:
            out.append(Danger(seat.seat, False))
            continue
        counts = [0] * KINDS
        for t in seat.revealed:
            counts[t] += 1
        try:
            kinds = tuple(t for t in waits(counts, 0, ruleset.shapes) if t in ruleset.kinds)
        except ValueError:
            kinds = ()
        out.append(Danger(seat.seat, True, kinds))
    return tuple(out)


def hints(view: SeatView, ruleset: Ruleset) -> Hints:
    """The seat's hints (empty for a spectator or a finished hand)."""
    if view.seat is None or view.phase != "play":
        return Hints(unseen=())
    unseen = unseen_counts(view, ruleset)
    danger = _danger(view, ruleset)
    shape = _reading(view, ruleset)
    if shape is None:
        return Hints(tuple(unseen), danger=danger, no_win=view.no_win)
    size = sum(shape.counts) + shape.jokers
    try:
        now = shape.shanten()
    except ValueError:
        return Hints(tuple(unseen), danger=danger, no_win=view.no_win)
    if size % 3 == 1:
        kinds = shape.waits(ruleset) if now == 0 or shape.laizi is not None else []
        return Hints(tuple(unseen), now, tuple(Wait(t, unseen[t]) for t in kinds),
                     danger=danger, no_win=view.no_win)
    return Hints(tuple(unseen), now, discards=_discards(shape, ruleset, unseen), danger=danger,
                 no_win=view.no_win)


__all__ = ["Danger", "DiscardHint", "Hints", "Wait", "hints", "unseen_counts"]
