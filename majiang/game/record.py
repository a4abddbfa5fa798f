"""Hand records: a versioned JSON document from which the hand replays exactly.

Format `majiang-hand`, version 1:

    {
      "format": "majiang-hand", "version": 1,
      "rng": "majiang-v3",            # the deal (game.wall): `shuffle(seed)` and the tail order
      "rules": "tuidaohu", "options": {}, "seed": "s/1", "dealer": 0, "hand_no": 1,
      "wall": null,                    # or the explicit wall (136 tile names) when not shuffled
      "dice": {"throws": [{"seat": 0, "dice": [3, 5]}], "break_seat": 3, "cut": 8},  # v3 on
      "seats": [{"seat": 0, "name": "alice", "bot": null}, ...],
      "actions": [{"seat": 0, "action": {"type": "discard", "tile": "5m"}}, ...],
      "events": [{"type": "draw", "seat": 1, "tile": "3p", "replacement": false, "to": 1}, ...],
      "settlement": {...}              # HandResult.to_json(): winners, answers, payments, ...
    }

The actions are the input: replaying them on the wall of (rng, seed) or on the explicit wall gives
the same events and the same settlement, which `verify` checks.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from majiang.game.actions import Action, ActionError
from majiang.game.hand import Hand, IllegalAction
from majiang.tiles import TileError, parse_tiles, tile_name

FORMAT = "majiang-hand"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or replayed."""


def reason(exc: Exception) -> str:
    """What a parsing error says, for people: a missing field by name, not Python's repr."""
    if isinstance(exc, KeyError):
        return f"missing field {exc.args[0]!r} / 缺少字段"
    if isinstance(exc, TypeError):
        return f"a field of the wrong type ({exc}) / 字段类型错误"
    return str(exc)


def hand_record(hand: Hand, bots: list[str | None] | None = None) -> dict[str, Any]:
    """The record of `hand` (finished or not: `settlement` is null until it is over)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "rng": hand.rng_version,
        "rules": hand.rules,
        "options": hand.options,
        "seed": hand.seed,
        "dealer": hand.dealer,
        "hand_no": hand.hand_no,
        "wall": None if hand.explicit_wall is None else [tile_name(t) for t in hand.explicit_wall],
        "dice": hand.dice,
        "seats": [
            {"seat": s, "name": hand.names[s], "bot": None if bots is None else bots[s]}
            for s in range(hand.players)
        ],
        "actions": [{"seat": s, "action": a.to_json()} for s, a in hand.actions],
        "events": [e.to_record() for e in hand.events],
        "settlement": None if hand.result is None else _plain(hand.result.to_json()),
    }


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data))


def new_hand(record: dict[str, Any]) -> Hand:
    """The hand of a record, freshly dealt (no action applied yet)."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(f"not a hand record: expected \"format\": \"{FORMAT}\"")
    if record.get("version") != VERSION:
        raise RecordError(f"record version {record.get('version')!r} is not supported "
                          f"(this build reads version {VERSION})")
    try:
        wall = None if record.get("wall") is None else parse_tiles("".join(record["wall"]))
        names = [seat.get("name", f"seat {i}") for i, seat in enumerate(record["seats"])]
        return Hand.new(
            record["rules"], record["seed"], record["dealer"], record.get("options") or {},
            hand_no=record.get("hand_no", 1), names=names, rng_version=record["rng"], wall=wall,
        )
    except (KeyError, TypeError, TileError, ValueError) as exc:
        raise RecordError(f"cannot set up the hand of this record: {reason(exc)}") from None


def record_actions(record: dict[str, Any]) -> list[tuple[int, Action]]:
    try:
        return [(int(item["seat"]), Action.from_json(item["action"]))
                for item in record["actions"]]
    except (KeyError, TypeError, ActionError) as exc:
        raise RecordError(f"bad action in record: {reason(exc)}") from None


def replay(record: dict[str, Any]) -> Hand:
    """Replay every action of `record`; RecordError if one is illegal."""
    hand = new_hand(record)
    for number, (seat, action) in enumerate(record_actions(record), 1):
        try:
            hand.apply(seat, action)
        except IllegalAction as exc:
            raise RecordError(f"action {number} ({seat}: {action}) is illegal: {exc}") from None
    return hand


def verify(record: dict[str, Any]) -> list[str]:
    """Differences between the record and its replay (empty: it reproduces exactly)."""
    hand = replay(record)
    problems = []
    got = None if hand.result is None else _plain(hand.result.to_json())
    want = record.get("settlement")
    if got != want:
        problems.append(f"settlement differs: recorded {want}, replayed {got}")
    events = [e.to_record() for e in hand.events]
    if record.get("events") is not None and _plain(events) != record["events"]:
        problems.append("the replayed events differ from the recorded events")
    return problems


def save(record: dict[str, Any], path: str | Path) -> None:
    Path(path).write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")


def load(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise RecordError(f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path}: a record is a JSON object")
    return data
