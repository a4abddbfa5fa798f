"""The scoring contract (docs/scoring-contract.md): request dict -> answer dict.

>>> score({"rules": "tuidaohu", "win_type": "discard", "discarder": 1,
...        "hand": "123m456p789s23m55z", "win_tile": "4m"})["payments"]
[1, -1, 0, 0]
>>> score({"rules": "nope"})["error"]
"rules: unknown ruleset 'nope'; known: tuidaohu, yangzhou, kawuxing, jincheng, wuhan"
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from majiang.rules import get_ruleset
from majiang.rules.base import (
    MELD_KINDS,
    WIN_TYPES,
    Answer,
    Meld,
    RequestError,
    Ruleset,
    WinRequest,
    WinType,
)
from majiang.rules.request import check_request
from majiang.tiles import TileError, parse_tile, parse_tiles, tile_name


def score(request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one request; an unreadable request gets {"ok": false, "error": ...}."""
    try:
        ruleset, req = parse_request(request)
        answer = ruleset.score(req)
    except RequestError as exc:
        return {"ok": False, "error": str(exc), "field": exc.field}
    return answer.to_json()


def score_request(request: Mapping[str, Any]) -> tuple[Ruleset, WinRequest, Answer]:
    """Like `score` but returns the objects (for --explain and the engine); raises RequestError."""
    ruleset, req = parse_request(request)
    return ruleset, req, ruleset.score(req)


def parse_request(request: Mapping[str, Any]) -> tuple[Ruleset, WinRequest]:
    """Validate a request dict into a WinRequest; RequestError names the field and problem."""
    if not isinstance(request, Mapping):
        raise RequestError("request", f"expected a JSON object, got {type(request).__name__}")
    rules_id = request.get("rules")
    if rules_id is None:
        raise RequestError("rules", "missing: give a ruleset id such as 'tuidaohu'")
    if not isinstance(rules_id, str):
        raise RequestError("rules", f"expected a ruleset id such as 'tuidaohu', got {rules_id!r}")
    try:
        ruleset = get_ruleset(rules_id)
    except KeyError as exc:
        raise RequestError("rules", str(exc.args[0])) from None
    players = _int(request, "players", ruleset.players, 2, 4)
    dealer = _seat(request, "dealer", players, default=0)
    winner = _seat(request, "winner", players, default=0)
    win_type = request.get("win_type", "self_drawn")
    if win_type not in WIN_TYPES:
        raise RequestError("win_type", f"{win_type!r} is not one of {', '.join(WIN_TYPES)}")
    discarder = _discarder(request, cast(WinType, win_type), winner, players)
    hand = tuple(_tiles(request, "hand", required=True))
    win_tile = _one_tile(request, "win_tile", required=True)
    assert win_tile is not None
    melds = _melds(request.get("melds"), winner, players)
    flags = request.get("flags") or []
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise RequestError("flags", "expected a list of strings")
    ignored = ruleset.ignores
    others = {} if "others" in ignored else request.get("others") or {}
    if not isinstance(others, dict) or not all(isinstance(v, dict) for v in others.values()):
        raise RequestError("others", 'expected an object like {"1": {"declared": true}}')
    base = request.get("base")
    if base is not None and (
        isinstance(base, bool) or not isinstance(base, int | float) or base <= 0
    ):
        raise RequestError("base", f"must be a positive number, got {base!r}")
    req = WinRequest(
        rules=rules_id,
        players=players,
        dealer=dealer,
        winner=winner,
        win_type=cast(WinType, win_type),
        discarder=discarder,
        hand=hand,
        win_tile=win_tile,
        melds=melds,
        flags=frozenset(flags),
        laizi=None if "laizi" in ignored else _one_tile(request, "laizi"),
        indicator=None if "indicator" in ignored else _one_tile(request, "indicator"),
        round_wind=None if "round_wind" in ignored else _wind(request, "round_wind"),
        seat_wind=None if "seat_wind" in ignored else _wind(request, "seat_wind"),
        others=others,
        given=frozenset(k for k, v in request.items() if v is not None),
    )
    check_request(ruleset, req)
    return ruleset, req


def _int(request: Mapping[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = request.get(name)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RequestError(name, f"expected a whole number {low}..{high}, got {value!r}")
    return value


def _seat(request: Mapping[str, Any], name: str, players: int, default: int) -> int:
    return _int(request, name, default, 0, players - 1)


def _discarder(
    request: Mapping[str, Any], win_type: WinType, winner: int, players: int
) -> int | None:
    value = request.get("discarder")
    if win_type == "self_drawn":
        if value is not None:
            raise RequestError("discarder", "must be null for a self-drawn win")
        return None
    who = "the konger" if win_type == "robbing_kong" else "the discarder"
    if value is None:
        raise RequestError("discarder", f"a {win_type} win needs {who}'s seat")
    seat = _seat(request, "discarder", players, default=0)
    if seat == winner:
        raise RequestError("discarder", f"{who} cannot be the winner (seat {winner})")
    return seat


def _tiles(request: Mapping[str, Any], name: str, required: bool = False) -> list[int]:
    value = request.get(name)
    if value is None:
        if required:
            raise RequestError(name, "missing")
        return []
    try:
        return parse_tiles(value)
    except TileError as exc:
        raise RequestError(name, str(exc)) from None


def _one_tile(request: Mapping[str, Any], name: str, required: bool = False) -> int | None:
    value = request.get(name)
    if value is None:
        if required:
            raise RequestError(name, "missing")
        return None
    try:
        return parse_tile(value)
    except TileError as exc:
        raise RequestError(name, str(exc)) from None


def _wind(request: Mapping[str, Any], name: str) -> int | None:
    tile = _one_tile(request, name)
    if tile is not None and not 27 <= tile <= 30:
        raise RequestError(name, f"{tile_name(tile)} is not a wind (1z..4z)")
    return tile


def _melds(raw: Any, winner: int, players: int) -> tuple[Meld, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise RequestError("melds", "expected a list of melds")
    melds = []
    for i, item in enumerate(raw):
        where = f"melds[{i}]"
        if not isinstance(item, dict):
            raise RequestError(where, 'expected {"kind": ..., "tiles": ..., "from": ...}')
        kind = item.get("kind")
        if kind not in MELD_KINDS:
            raise RequestError(f"{where}.kind", f"unknown meld kind {kind!r}")
        info = MELD_KINDS[kind]
        try:
            tiles = parse_tiles(item.get("tiles", ""))
        except TileError as exc:
            raise RequestError(f"{where}.tiles", str(exc)) from None
        ordered = sorted(tiles)
        shape_ok = len(tiles) == info.size and (
            len(set(tiles)) == 1
            if info.shape in ("same", "single")
            else (
                ordered[0] < 27
                and ordered[0] // 9 == ordered[2] // 9
                and ordered == [ordered[0], ordered[0] + 1, ordered[0] + 2]
            )
        )
        if not shape_ok:
            want = {
                "same": f"{info.size} identical tiles",
                "single": "one tile",
                "sequence": "three consecutive tiles of one suit",
            }[info.shape]
            raise RequestError(
                f"{where}.tiles", f"a {kind} is {want}, got {item.get('tiles')!r}"
            )
        feeder = item.get("from")
        if feeder is not None:
            if isinstance(feeder, bool) or not isinstance(feeder, int) or not 0 <= feeder < players:
                raise RequestError(f"{where}.from", f"expected a seat 0..{players - 1} or null")
            if info.concealed:
                raise RequestError(f"{where}.from", f"a {kind} has no feeder: from must be null")
            if feeder == winner:
                raise RequestError(f"{where}.from", "a meld is never fed by the winner's own seat")
        melds.append(Meld(kind, ordered[0], feeder))
    return tuple(melds)


__all__ = ["Answer", "parse_request", "score", "score_request"]
