"""The scoring contract's value types (docs/scoring-contract.md): request errors, meld kinds and
the one `Meld` of the engine, the scorer and the bots, and the typed request `WinRequest`."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from majiang.tiles import Tile, format_tiles, tile_name, to_counts

WinType = Literal["self_drawn", "discard", "robbing_kong"]
WIN_TYPES: tuple[str, ...] = ("self_drawn", "discard", "robbing_kong")
Reason = Literal["not_complete", "below_minimum", "forbidden"]


class RequestError(ValueError):
    """A scoring request that cannot be understood: names the field and the problem."""

    def __init__(self, field_name: str, problem: str) -> None:
        super().__init__(f"{field_name}: {problem}")
        self.field = field_name
        self.problem = problem


# ---------------------------------------------------------------------------------------------
# Melds


@dataclass(frozen=True)
class MeldKind:
    """How a kind of meld looks: its tiles' shape and size, whether it is a set, who fed it."""

    id: str
    zh: str
    en: str
    shape: Literal["same", "sequence", "single"]
    size: int
    is_set: bool = True  # counts as one of the hand's sets (one-tile kongs, 拾/搶 tiles do not)
    concealed: bool = False  # no feeder: `from` must be null
    claimed: bool = False  # taken from another player's discard (a 嘴 for liability; 开口)
    kong: bool = False  # a kong: kong money, a replacement draw


MELD_KINDS: dict[str, MeldKind] = {
    k.id: k
    for k in (
        MeldKind("chow", "吃", "Chow", "sequence", 3, claimed=True),
        MeldKind("pung", "碰", "Pung", "same", 3, claimed=True),
        MeldKind("exposed_kong", "明杠", "Exposed kong", "same", 4, claimed=True, kong=True),
        MeldKind("added_kong", "补杠", "Added kong", "same", 4, claimed=True, kong=True),
        MeldKind("concealed_kong", "暗杠", "Concealed kong", "same", 4, concealed=True, kong=True),
        MeldKind("picked", "拾", "Picked", "single", 1, is_set=False),
        MeldKind("grabbed", "搶", "Grabbed", "single", 1, is_set=False),
        MeldKind("red_kong", "红中杠", "Red dragon kong", "single", 1, is_set=False, kong=True),
        MeldKind("pi_kong", "皮子杠", "Laizi-skin kong", "single", 1, is_set=False, kong=True),
        MeldKind("laizi_kong", "赖子杠", "Laizi kong", "single", 1, is_set=False, kong=True),
    )
}
KONG_KINDS = ("exposed_kong", "added_kong", "concealed_kong")  # the kongs that are sets
ALL_KONG_KINDS = tuple(k for k, info in MELD_KINDS.items() if info.kong)
ONE_TILE_MELDS = tuple(k for k, info in MELD_KINDS.items() if info.size == 1)
CLAIMED_MELDS = tuple(k for k, info in MELD_KINDS.items() if info.claimed)


@dataclass(frozen=True)
class Meld:
    """A declared meld, the one meld of the engine, the scorer and the bots: `tile` is its kind
    (a chow's lowest tile), `source` the seat that fed it (the contract's `from`), `claimed` the
    discard taken into a chow."""

    kind: str
    tile: Tile
    source: int | None = None
    claimed: Tile | None = None
    tiles: tuple[Tile, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        info = MELD_KINDS[self.kind]
        tiles = ((self.tile, self.tile + 1, self.tile + 2) if info.shape == "sequence"
                 else (self.tile,) * info.size)
        object.__setattr__(self, "tiles", tiles)

    @property
    def info(self) -> MeldKind:
        return MELD_KINDS[self.kind]

    def size(self) -> int:
        return len(self.tiles)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "tiles": format_tiles(self.tiles), "from": self.source}


# ---------------------------------------------------------------------------------------------
# Requests and readings


@dataclass(frozen=True)
class WinRequest:
    """A validated scoring request (the contract's fields, tiles as kinds)."""

    rules: str
    players: int
    dealer: int
    winner: int
    win_type: WinType
    discarder: int | None
    hand: tuple[Tile, ...]
    win_tile: Tile
    melds: tuple[Meld, ...] = ()
    flags: frozenset[str] = frozenset()
    laizi: Tile | None = None
    indicator: Tile | None = None
    round_wind: Tile | None = None
    seat_wind: Tile | None = None
    others: dict[str, dict[str, Any]] = field(default_factory=dict)
    given: frozenset[str] = frozenset()  # the fields the request spelled out (not defaulted)

    def to_json(self) -> dict[str, Any]:
        """The contract's JSON form of this request."""
        out: dict[str, Any] = {
            "rules": self.rules, "players": self.players, "dealer": self.dealer,
            "winner": self.winner, "win_type": self.win_type, "discarder": self.discarder,
            "hand": format_tiles(self.hand), "win_tile": tile_name(self.win_tile),
            "melds": [m.to_json() for m in self.melds], "flags": sorted(self.flags),
        }
        if "others" in self.given:
            out["others"] = self.others
        for name in ("laizi", "indicator", "round_wind", "seat_wind"):
            tile = getattr(self, name)
            if tile is not None:
                out[name] = tile_name(tile)
        return out

    @property
    def self_drawn(self) -> bool:
        return self.win_type == "self_drawn"

    @cached_property
    def concealed(self) -> list[int]:
        """Counts of the concealed tiles with the winning tile."""
        return to_counts((*self.hand, self.win_tile))

    @cached_property
    def all_tiles(self) -> list[int]:
        """Counts of every tile of the hand: concealed, winning tile and melds."""
        counts = list(self.concealed)
        for meld in self.melds:
            for t in meld.tiles:
                counts[t] += 1
        return counts

    @property
    def set_melds(self) -> tuple[Meld, ...]:
        return tuple(m for m in self.melds if m.info.is_set)

    @property
    def claimed_melds(self) -> tuple[Meld, ...]:
        """Melds taken from others' discards, in the order made (an added kong as its pung)."""
        return tuple(m for m in self.melds if m.info.claimed)

    @property
    def concealed_hand(self) -> bool:
        """No meld was taken from another player (门清)."""
        return not self.claimed_melds
