"""Scoring requests built as typed values (the engine's and the bots' side of the contract).

`win_request` gives the `WinRequest` that `majiang.scoring.parse_request` reads from a dict
holding the same fields (None: the field is absent): the same defaults, the fields the ruleset
`ignores` dropped, `given` naming the fields present, and the same checks (RequestError names
the field).

>>> from majiang.rules import get_ruleset
>>> tuidaohu = get_ruleset("tuidaohu")
>>> req = win_request(tuidaohu, winner=0, win_type="discard", discarder=1,
...                   hand=(0, 1, 2, 12, 13, 14, 24, 25, 26, 1, 2, 31, 31), win_tile=3)
>>> tuidaohu.score(req).scored.payments
(1, -1, 0, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from majiang.rules.base import (
    MELD_KINDS,
    WIN_TYPES,
    Meld,
    RequestError,
    Ruleset,
    WinRequest,
    WinType,
)
from majiang.tiles import KINDS, Tile, format_tiles, tile_name, to_counts


def win_request(
    ruleset: Ruleset,
    *,
    hand: Sequence[Tile],
    win_tile: Tile,
    players: int | None = None,
    dealer: int | None = None,
    winner: int | None = None,
    win_type: WinType | None = None,
    discarder: int | None = None,
    melds: Sequence[Meld] | None = None,
    flags: Iterable[str] | None = None,
    laizi: Tile | None = None,
    indicator: Tile | None = None,
    round_wind: Tile | None = None,
    seat_wind: Tile | None = None,
    others: Mapping[str, Mapping[str, Any]] | None = None,
    check: bool = True,
) -> WinRequest:
    """A checked request for `ruleset`, read as `parse_request` reads the same fields
    (`check=False`: the fields' own checks only, not the tiles against the ruleset)."""
    given = {"rules", "hand", "win_tile"}
    for name, value in (("players", players), ("dealer", dealer), ("winner", winner),
                        ("win_type", win_type), ("discarder", discarder), ("melds", melds),
                        ("flags", flags), ("laizi", laizi), ("indicator", indicator),
                        ("round_wind", round_wind), ("seat_wind", seat_wind),
                        ("others", others)):
        if value is not None:
            given.add(name)
    n = _whole("players", players, ruleset.players, 2, 4)
    the_dealer = _whole("dealer", dealer, 0, 0, n - 1)
    seat = _whole("winner", winner, 0, 0, n - 1)
    kind: WinType = "self_drawn" if win_type is None else win_type
    if kind not in WIN_TYPES:
        raise RequestError("win_type", f"{kind!r} is not one of {', '.join(WIN_TYPES)}")
    feeder = _discarder(discarder, kind, seat, n)
    tiles = tuple(_tile("hand", t) for t in hand)
    won = _tile("win_tile", win_tile)
    checked = tuple(_meld(i, m, seat, n) for i, m in enumerate(melds or ()))
    ignored = ruleset.ignores
    req = WinRequest(
        rules=ruleset.id,
        players=n,
        dealer=the_dealer,
        winner=seat,
        win_type=kind,
        discarder=feeder,
        hand=tiles,
        win_tile=won,
        melds=checked,
        flags=frozenset(flags or ()),
        laizi=None if "laizi" in ignored else _optional("laizi", laizi),
        indicator=None if "indicator" in ignored else _optional("indicator", indicator),
        round_wind=None if "round_wind" in ignored else _wind("round_wind", round_wind),
        seat_wind=None if "seat_wind" in ignored else _wind("seat_wind", seat_wind),
        others={} if "others" in ignored else {k: dict(v) for k, v in (others or {}).items()},
        given=frozenset(given),
    )
    if check:
        check_request(ruleset, req)
    return req


def check_request(ruleset: Ruleset, req: WinRequest) -> None:
    """The ruleset's tile set, meld kinds, copies, sets and hand size, then its own checks."""
    for i, meld in enumerate(req.melds):
        if meld.kind not in ruleset.meld_kinds:
            raise RequestError(
                f"melds[{i}].kind", f"{meld.kind} ({meld.info.zh}) does not exist in {ruleset.id}"
            )
    allowed = set(ruleset.kinds)
    places = [("hand", req.hand), ("win_tile", (req.win_tile,))]
    places += [(f"melds[{i}].tiles", m.tiles) for i, m in enumerate(req.melds)]
    for name, tiles in places:
        foreign = sorted({t for t in tiles if t not in allowed})
        if foreign:
            raise RequestError(name, f"{format_tiles(foreign)} not in the {ruleset.id} tile set")
    everything = (*req.hand, req.win_tile, *(t for m in req.melds for t in m.tiles))
    counts = to_counts(everything)
    over = [tile_name(t) for t, n in enumerate(counts) if n > ruleset.copies]
    if over:
        raise RequestError("hand", f"more than {ruleset.copies} copies of {', '.join(over)}")
    sets = sum(1 for m in req.melds if m.info.is_set)
    if sets > 4:
        raise RequestError("melds", f"at most 4 sets can be declared, got {sets}")
    want = ruleset.expected_hand_size(req.melds)
    if len(req.hand) != want:
        raise RequestError(
            "hand",
            f"holds {len(req.hand)} tiles; with these melds it must hold {want} "
            "(without the winning tile)",
        )
    ruleset.validate(req)


def _whole(name: str, value: int | None, default: int, low: int, high: int) -> int:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RequestError(name, f"expected a whole number {low}..{high}, got {value!r}")
    return value


def _discarder(value: int | None, win_type: WinType, winner: int, players: int) -> int | None:
    if win_type == "self_drawn":
        if value is not None:
            raise RequestError("discarder", "must be null for a self-drawn win")
        return None
    who = "the konger" if win_type == "robbing_kong" else "the discarder"
    if value is None:
        raise RequestError("discarder", f"a {win_type} win needs {who}'s seat")
    seat = _whole("discarder", value, 0, 0, players - 1)
    if seat == winner:
        raise RequestError("discarder", f"{who} cannot be the winner (seat {winner})")
    return seat


def _tile(name: str, tile: Tile) -> Tile:
    if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < KINDS:
        raise RequestError(name, f"not a tile kind 0..{KINDS - 1}: {tile!r}")
    return tile


def _optional(name: str, tile: Tile | None) -> Tile | None:
    return None if tile is None else _tile(name, tile)


def _wind(name: str, tile: Tile | None) -> Tile | None:
    if tile is not None and not 27 <= _tile(name, tile) <= 30:
        raise RequestError(name, f"{tile_name(tile)} is not a wind (1z..4z)")
    return tile


def _meld(i: int, meld: Meld, winner: int, players: int) -> Meld:
    """The meld, checked as `parse_request` checks a JSON meld."""
    where = f"melds[{i}]"
    info = MELD_KINDS.get(meld.kind)
    if info is None:
        raise RequestError(f"{where}.kind", f"unknown meld kind {meld.kind!r}")
    ordered = sorted(_tile(f"{where}.tiles", t) for t in meld.tiles)
    if info.shape == "sequence" and (ordered[0] >= 27 or ordered[0] // 9 != ordered[2] // 9):
        raise RequestError(f"{where}.tiles", f"a {meld.kind} is three consecutive tiles of one "
                           f"suit, got {format_tiles(meld.tiles)!r}")
    feeder = meld.source
    if feeder is not None:
        if isinstance(feeder, bool) or not isinstance(feeder, int) or not 0 <= feeder < players:
            raise RequestError(f"{where}.from", f"expected a seat 0..{players - 1} or null")
        if info.concealed:
            raise RequestError(f"{where}.from", f"a {meld.kind} has no feeder: from must be null")
        if feeder == winner:
            raise RequestError(f"{where}.from", "a meld is never fed by the winner's own seat")
    return meld


__all__ = ["check_request", "win_request"]
