"""A seat's view as typed values (protocol.md section 2): tiles as kinds 0..33, melds as `Meld`.

`SeatView.from_json` reads the JSON view `Hand.view(seat)` gives (the server's and any JSON
edge's), `to_json` writes exactly that dict back. Keys the protocol does not list for the view
(the server's `dice`, a seat's `bot` / `auto`) are not kept.

>>> from majiang.game import Hand
>>> view = Hand.new("tuidaohu", "doc").view(0)
>>> typed = SeatView.from_json(view)
>>> typed.to_json() == view, len(typed.hand), sum(typed.counts), typed.me.seat
(True, 14, 14, 0)
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal, cast

from majiang.rules.base import Meld
from majiang.tiles import KINDS, Tile, tile_name

Phase = Literal["play", "over"]
NAME = tuple(tile_name(t) for t in range(KINDS))
KIND = {name: t for t, name in enumerate(NAME)}
_KIND_OF = KIND.__getitem__


class ViewError(ValueError):
    """A JSON view that cannot be read."""


@dataclass(frozen=True, slots=True)
class TileAt:
    """A tile at a seat: the last discard, or the kong being added (robbable)."""

    seat: int
    tile: Tile

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "tile": NAME[self.tile]}


@dataclass(frozen=True, slots=True)
class NoWin:
    """Why a complete hand may not win on `tile` now (the scorer's reason, detail and value)."""

    tile: Tile
    reason: str  # "below_minimum" | "forbidden"
    detail: str
    value: Any = None

    def to_json(self) -> dict[str, Any]:
        return {"tile": NAME[self.tile], "reason": self.reason, "detail": self.detail,
                "value": self.value}


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """What every seat shows: its concealed count, melds, discards, declaring and reveals."""

    seat: int
    name: str
    concealed: int
    melds: tuple[Meld, ...] = ()
    discards: tuple[Tile, ...] = ()
    declared: bool = False
    revealed: tuple[Tile, ...] | None = None  # public tiles (kawuxing 亮倒; all once over)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "name": self.name, "concealed": self.concealed,
            "melds": [m.to_json() for m in self.melds],
            "discards": [NAME[t] for t in self.discards],
            "declared": self.declared,
            "revealed": None if self.revealed is None else [NAME[t] for t in self.revealed],
        }


@dataclass(frozen=True, slots=True)
class SeatView:
    """What `seat` may know of a hand (None: a spectator, who has no own-seat fields).

    `hand` is the seat's concealed tiles sorted (`drawn` included), `counts` the same as a
    34-count vector. `result` is the hand's result as JSON once it is over.
    """

    rules: str
    players: int
    seat: int | None
    dealer: int
    hand_no: int
    phase: Phase
    turn: int
    wall_left: int
    seats: tuple[SeatInfo, ...]
    scores: tuple[int, ...]
    last_discard: TileAt | None = None
    kong_tile: TileAt | None = None
    laizi: Tile | None = None  # wuhan: the wildcard kind and its indicator
    indicator: Tile | None = None
    hand: tuple[Tile, ...] = ()
    drawn: Tile | None = None
    no_win: NoWin | None = None
    locked: bool = False  # 过胡: no win on another's tile until one's next draw
    locked_kinds: tuple[Tile, ...] = ()  # wuhan: the kinds so locked
    set_aside: Tile | None = None  # jincheng 上架
    result: dict[str, Any] | None = None
    counts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        counts = [0] * KINDS
        for t in self.hand:
            counts[t] += 1
        object.__setattr__(self, "counts", tuple(counts))

    @property
    def me(self) -> SeatInfo:
        """The viewer's own seat (not for a spectator)."""
        if self.seat is None:
            raise ValueError("a spectator's view has no own seat")
        return self.seats[self.seat]

    @property
    def others(self) -> tuple[SeatInfo, ...]:
        """Every seat but the viewer's."""
        return tuple(s for s in self.seats if s.seat != self.seat)

    # -- JSON ----------------------------------------------------------------------------------

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeatView:
        """Read a JSON view (protocol.md section 2); ViewError says what is wrong."""
        try:
            return _read(data)
        except ViewError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise ViewError(f"not a seat view: {type(exc).__name__}: {exc}") from None

    def to_json(self) -> dict[str, Any]:
        """The JSON view, exactly as `Hand.view` gives it."""
        out: dict[str, Any] = {
            "rules": self.rules, "players": self.players, "seat": self.seat,
            "dealer": self.dealer, "hand_no": self.hand_no, "phase": self.phase,
            "turn": self.turn, "wall_left": self.wall_left,
            "last_discard": None if self.last_discard is None else self.last_discard.to_json(),
            "kong_tile": None if self.kong_tile is None else self.kong_tile.to_json(),
            "laizi": _name(self.laizi), "indicator": _name(self.indicator),
            "seats": [s.to_json() for s in self.seats],
            "scores": list(self.scores),
        }
        if self.seat is not None:
            out["no_win"] = None if self.no_win is None else self.no_win.to_json()
            out["hand"] = [NAME[t] for t in self.hand]
            out["drawn"] = _name(self.drawn)
            out["locked"] = self.locked
            out["locked_kinds"] = [NAME[t] for t in self.locked_kinds]
            out["set_aside"] = _name(self.set_aside)
        if self.result is not None:
            out["result"] = copy.deepcopy(self.result)
        return out


# The views' hot path (a view is built for every decision): a frozen dataclass's generated init
# sets each field through object.__setattr__; these set the slots directly, about twice as fast.
_new = object.__new__
(_I_SEAT, _I_NAME, _I_CONCEALED, _I_MELDS, _I_DISCARDS, _I_DECLARED,
 _I_REVEALED) = (getattr(SeatInfo, f.name).__set__ for f in fields(SeatInfo))
_V_SET = tuple(getattr(SeatView, f.name).__set__ for f in fields(SeatView))


def seat_info(seat: int, name: str, concealed: int, melds: tuple[Meld, ...],
              discards: tuple[Tile, ...], declared: bool,
              revealed: tuple[Tile, ...] | None) -> SeatInfo:
    """SeatInfo(...) set through its slots."""
    info: SeatInfo = _new(SeatInfo)
    _I_SEAT(info, seat)
    _I_NAME(info, name)
    _I_CONCEALED(info, concealed)
    _I_MELDS(info, melds)
    _I_DISCARDS(info, discards)
    _I_DECLARED(info, declared)
    _I_REVEALED(info, revealed)
    return info


def seat_view(*values: Any) -> SeatView:
    """SeatView of every field in order, `counts` (of `hand`) last, set through its slots."""
    view: SeatView = _new(SeatView)
    for put, value in zip(_V_SET, values):  # noqa: B905 - the callers pass all 23
        put(view, value)
    return view


def _name(tile: Tile | None) -> str | None:
    return None if tile is None else NAME[tile]


def _tile(name: Any) -> Tile:
    try:
        return KIND[name]
    except (KeyError, TypeError):
        raise ViewError(f"not a tile: {name!r}") from None


def _opt_tile(name: Any) -> Tile | None:
    return None if name is None else _tile(name)


def _tiles(names: Sequence[Any]) -> tuple[Tile, ...]:
    return tuple(map(_KIND_OF, names))  # a KeyError here becomes a ViewError in from_json


def _at(data: Mapping[str, Any] | None) -> TileAt | None:
    return None if data is None else TileAt(int(data["seat"]), _tile(data["tile"]))


def _meld(data: Mapping[str, Any]) -> Meld:
    text = data["tiles"]
    tiles: list[Tile] = []
    digits = ""
    for ch in text:  # the compact notation of `format_tiles`, e.g. "345m", "5555z"
        if ch.isdigit():
            digits += ch
        else:
            tiles.extend(_tile(d + ch) for d in digits)
            digits = ""
    if digits or not tiles:
        raise ViewError(f"meld tiles {text!r}")
    meld = Meld(str(data["kind"]), min(tiles), data["from"])
    if list(meld.tiles) != sorted(tiles):
        raise ViewError(f"a {meld.kind} of {text!r}")
    return meld


def _seat(data: Mapping[str, Any]) -> SeatInfo:
    revealed = data["revealed"]
    return SeatInfo(
        seat=data["seat"], name=data["name"], concealed=data["concealed"],
        melds=tuple(_meld(m) for m in data["melds"]),
        discards=_tiles(data["discards"]),
        declared=bool(data["declared"]),
        revealed=None if revealed is None else _tiles(revealed),
    )


def _read(data: Mapping[str, Any]) -> SeatView:
    if not isinstance(data, Mapping):
        raise ViewError(f"a view must be a JSON object, got {type(data).__name__}")
    phase = data["phase"]
    if phase not in ("play", "over"):
        raise ViewError(f"phase {phase!r}: expected 'play' or 'over'")
    seat = data["seat"]
    result = data.get("result")
    common: dict[str, Any] = {
        "rules": data["rules"], "players": data["players"], "seat": seat,
        "dealer": data["dealer"], "hand_no": data["hand_no"], "phase": cast(Phase, phase),
        "turn": data["turn"], "wall_left": data["wall_left"],
        "seats": tuple(_seat(s) for s in data["seats"]),
        "scores": tuple(data["scores"]),
        "last_discard": _at(data["last_discard"]), "kong_tile": _at(data["kong_tile"]),
        "laizi": _opt_tile(data["laizi"]), "indicator": _opt_tile(data["indicator"]),
        "result": None if result is None else copy.deepcopy(dict(result)),
    }
    if seat is None:
        return SeatView(**common)
    no_win = data["no_win"]
    return SeatView(
        **common,
        hand=_tiles(data["hand"]),
        drawn=_opt_tile(data["drawn"]),
        no_win=None if no_win is None else NoWin(
            _tile(no_win["tile"]), no_win["reason"], no_win["detail"], no_win.get("value")),
        locked=bool(data["locked"]),
        locked_kinds=_tiles(data["locked_kinds"]),
        set_aside=_opt_tile(data["set_aside"]),
    )


__all__ = ["NoWin", "SeatInfo", "SeatView", "TileAt", "ViewError"]
