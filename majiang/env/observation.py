"""The observation of one seat: a documented float32 vector, or the same fields by name.

Seats are relative to the observer: row 0 is the observer, row 1 the next seat in turn order
(下家), and so on; rows are padded to 4 (kawuxing's row 3 stays zero). Tiles are kinds 0..33
(1-9m, 1-9p, 1-9s, then 1-7z: E S W N, white, green, red). Values are raw: tile counts 0..4,
one-hots 0/1, `wall_left` in tiles, `scores` in units.

| field        | shape      | meaning                                                        |
|--------------|------------|----------------------------------------------------------------|
| hand         | 34         | the observer's concealed tiles (the drawn one included)        |
| drawn        | 34         | one-hot: the tile the observer just drew (its turn only)       |
| melds        | 4 x 4 x 34 | per seat, tiles of its chows / pungs / kongs (exposed, added,  |
|              |            | concealed) / one-tile melds (拾, 搶, red, 皮子, laizi kongs)   |
| discards     | 4 x 34     | per seat, its river (claimed tiles removed)                    |
| revealed     | 4 x 34     | per seat, concealed tiles shown (亮倒; everyone's once over)   |
| seat_info    | 4 x 4      | per seat: declared (亮倒 / 上架), concealed count, dealer, turn |
| last_discard | 34 + 4     | one-hot tile and one-hot discarder of the tile on the table    |
| kong_tile    | 34         | one-hot: an added kong that may be robbed now                  |
| laizi        | 34         | one-hot: wuhan's wildcard kind                                 |
| indicator    | 34         | one-hot: wuhan's turned-up indicator                           |
| set_aside    | 34         | one-hot: the observer's jincheng 上架 tile                     |
| locked       | 1 + 34     | 过胡: no discard win until the next draw (wuhan: these kinds)  |
| phase        | 3          | one-hot: turn, claim (a discard out), rob (an added kong)      |
| wall_left    | 1          | live tiles left to draw                                        |
| scores       | 4          | units won or paid so far this hand (kong money), per seat      |
| round_wind   | 4          | one-hot: the table's round wind option (yangzhou), E S W N     |

`encode_view(SeatView.from_json(hand.view(seat)), phase)` builds it from what the seat may know;
`majiang.env.encoder` gives the same from the hand's state, cheaply at every step (tested equal).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from majiang.game.phases import CLAIM, ROB, TURN
from majiang.game.seat_view import SeatView
from majiang.rules.base import Meld
from majiang.tiles import EAST, KINDS, Tile, parse_tile

SEATS = 4
MELD_GROUP = {"chow": 0, "pung": 1, "exposed_kong": 2, "added_kong": 2, "concealed_kong": 2,
              "picked": 3, "grabbed": 3, "red_kong": 3, "pi_kong": 3, "laizi_kong": 3}
PHASES = (TURN, CLAIM, ROB)

FIELDS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("hand", (KINDS,)), ("drawn", (KINDS,)), ("melds", (SEATS, 4, KINDS)),
    ("discards", (SEATS, KINDS)), ("revealed", (SEATS, KINDS)), ("seat_info", (SEATS, 4)),
    ("last_discard", (KINDS + SEATS,)), ("kong_tile", (KINDS,)), ("laizi", (KINDS,)),
    ("indicator", (KINDS,)), ("set_aside", (KINDS,)), ("locked", (1 + KINDS,)),
    ("phase", (len(PHASES),)), ("wall_left", (1,)), ("scores", (SEATS,)), ("round_wind", (4,)),
)
OFFSET: dict[str, int] = {}
_at = 0
for _name, _shape in FIELDS:
    OFFSET[_name] = _at
    _at += int(np.prod(_shape))
SIZE = _at
SCORE_BOUND = 1e9

Vector = NDArray[np.float32]


def bounds() -> tuple[Vector, Vector]:
    """(low, high) of the vector: counts up to 4, wall_left up to 144, scores unbounded-ish."""
    low = np.zeros(SIZE, np.float32)
    high = np.full(SIZE, 4.0, np.float32)
    o = OFFSET["seat_info"]
    high[o:o + SEATS * 4] = 14.0
    high[OFFSET["wall_left"]] = 144.0
    o = OFFSET["scores"]
    low[o:o + SEATS], high[o:o + SEATS] = -SCORE_BOUND, SCORE_BOUND
    return low, high


def split(vector: Vector) -> dict[str, Vector]:
    """The dict form: each field of FIELDS as an array of its shape (views of `vector`)."""
    return {name: vector[OFFSET[name]:OFFSET[name] + int(np.prod(shape))].reshape(shape)
            for name, shape in FIELDS}


def _melds(out: Vector, rel: int, melds: list[Meld] | tuple[Meld, ...]) -> None:
    base = OFFSET["melds"] + rel * 4 * KINDS
    for m in melds:
        o = base + MELD_GROUP[m.kind] * KINDS
        for t in m.tiles:
            out[o + t] += 1


def _one_hot(out: Vector, name: str, tile: Tile | None) -> None:
    if tile is not None:
        out[OFFSET[name] + tile] = 1.0


def _common(out: Vector, rel_of: list[int], wall_left: int, scores: list[int] | tuple[int, ...],
            dealer: int, turn: int, options: dict[str, Any]) -> None:
    out[OFFSET["wall_left"]] = wall_left
    info = OFFSET["seat_info"]
    for s, rel in enumerate(rel_of):
        out[OFFSET["scores"] + rel] = scores[s]
    out[info + rel_of[dealer] * 4 + 2] = 1.0
    out[info + rel_of[turn] * 4 + 3] = 1.0
    wind = options.get("round_wind")
    if isinstance(wind, str):
        out[OFFSET["round_wind"] + parse_tile(wind) - EAST] = 1.0


def encode_view(view: SeatView, phase: str, options: dict[str, Any] | None = None) -> Vector:
    """The same vector from a seat's typed view, the engine's `phase` and the table options
    (the view says 'play' for turn, claim and rob alike)."""
    assert view.seat is not None, "a spectator has no observation"
    out = np.zeros(SIZE, np.float32)
    n = view.players
    rel_of = [(s - view.seat) % n for s in range(n)]
    out[OFFSET["hand"]:OFFSET["hand"] + KINDS] = view.counts
    _one_hot(out, "drawn", view.drawn)
    info = OFFSET["seat_info"]
    for s, seat in enumerate(view.seats):
        rel = rel_of[s]
        _melds(out, rel, seat.melds)
        for t in seat.discards:
            out[OFFSET["discards"] + rel * KINDS + t] += 1
        for t in seat.revealed or ():
            out[OFFSET["revealed"] + rel * KINDS + t] += 1
        out[info + rel * 4] = seat.declared
        out[info + rel * 4 + 1] = seat.concealed
    if view.last_discard is not None:
        out[OFFSET["last_discard"] + view.last_discard.tile] = 1.0
        out[OFFSET["last_discard"] + KINDS + rel_of[view.last_discard.seat]] = 1.0
    if view.kong_tile is not None:
        _one_hot(out, "kong_tile", view.kong_tile.tile)
    _one_hot(out, "laizi", view.laizi)
    _one_hot(out, "indicator", view.indicator)
    _one_hot(out, "set_aside", view.set_aside)
    out[OFFSET["locked"]] = view.locked
    for t in view.locked_kinds:
        out[OFFSET["locked"] + 1 + t] = 1.0
    if phase in PHASES:
        out[OFFSET["phase"] + PHASES.index(phase)] = 1.0
    _common(out, rel_of, view.wall_left, view.scores, view.dealer, view.turn, options or {})
    return out
