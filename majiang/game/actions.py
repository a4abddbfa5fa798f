"""Actions: what a seat may do, as frozen values (protocol.md section 1).

>>> a = Action.from_json({"type": "pung", "tile": "5z"})
>>> a.to_json()
{'type': 'pung', 'tile': '5z'}
>>> a.label()["zh"]
'碰 白'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from majiang.tiles import (
    Tile,
    TileError,
    chinese_name,
    english_name,
    english_run,
    format_tiles,
    parse_tile,
    parse_tiles,
    tile_name,
)

DISCARD, CHOW, PUNG, KONG, WIN, PASS, DECLARE, PICK, GRAB = (
    "discard", "chow", "pung", "kong", "win", "pass", "declare", "pick", "grab",
)
TYPES = (DISCARD, CHOW, PUNG, KONG, WIN, PASS, DECLARE, PICK, GRAB)
KONG_KINDS = ("exposed_kong", "concealed_kong", "added_kong", "red_kong", "pi_kong", "laizi_kong")

_NAMES: dict[str, tuple[str, str]] = {
    DISCARD: ("打", "Discard"),
    CHOW: ("吃", "Chow"),
    PUNG: ("碰", "Pung"),
    WIN: ("胡", "Win"),
    PASS: ("过", "Pass"),
    DECLARE: ("报听打", "Declare ready, discarding"),
    PICK: ("拾（十三么）", "Pick (thirteen orphans)"),  # jincheng: for a thirteen orphans
    GRAB: ("抢（十三么）", "Grab (thirteen orphans)"),
    "exposed_kong": ("明杠", "Exposed kong"),
    "concealed_kong": ("暗杠", "Concealed kong"),
    "added_kong": ("补杠", "Added kong"),
    "red_kong": ("红中杠", "Red dragon kong"),
    "pi_kong": ("皮子杠", "Laizi-skin kong"),
    "laizi_kong": ("赖子杠", "Laizi kong"),
}


# a declaration in each ruleset's own word: kawuxing 亮倒 shows the hand and discards the tile,
# jincheng 上架 sets the tile aside face down (kawuxing.md 3, jincheng.md 3.1)
DECLARE_NAMES: dict[str, tuple[str, str]] = {
    "kawuxing": ("亮倒 打", "Declare (亮倒), discarding"),
    "jincheng": ("上架 扣", "Declare (上架), setting aside"),
}


class ActionError(ValueError):
    """An action in JSON that cannot be read."""


@dataclass(frozen=True, slots=True)
class Action:
    """One move: `tile` (discard, pung, kong, ...), `tiles` (chow), `kind` (kong)."""

    type: str
    tile: Tile | None = None
    tiles: tuple[Tile, ...] | None = None
    kind: str | None = None

    def to_json(self, with_label: bool = False, rules: str | None = None) -> dict[str, Any]:
        """The action as JSON; `with_label` adds its button text (in `rules`' own words)."""
        out: dict[str, Any] = {"type": self.type}
        if self.kind is not None:
            out["kind"] = self.kind
        if self.tile is not None:
            out["tile"] = tile_name(self.tile)
        if self.tiles is not None:
            out["tiles"] = format_tiles(self.tiles)
        if with_label:
            out["label"] = self.label(rules)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Read an action object; the `label` a prompt carries is ignored."""
        if not isinstance(data, dict):
            raise ActionError(f"an action must be a JSON object, got {type(data).__name__}")
        kind_of = data.get("type")
        if kind_of not in TYPES:
            known = ", ".join(TYPES)
            raise ActionError(f"unknown action type {kind_of!r}: expected one of {known}")
        try:
            tile = parse_tile(data["tile"]) if data.get("tile") is not None else None
            tiles = tuple(sorted(parse_tiles(data["tiles"]))) if data.get("tiles") else None
        except TileError as exc:
            raise ActionError(str(exc)) from None
        kong_kind = data.get("kind")
        if kind_of == KONG and kong_kind not in KONG_KINDS:
            raise ActionError(f"a kong needs kind, one of {', '.join(KONG_KINDS)}")
        if kind_of in (DISCARD, PUNG, KONG, PICK, GRAB, DECLARE) and tile is None:
            raise ActionError(f"a {kind_of} action needs a tile")
        if kind_of == CHOW and (tiles is None or len(tiles) != 3):
            raise ActionError("a chow needs tiles: the whole sequence, e.g. '345m'")
        return cls(kind_of, tile, tiles, kong_kind if kind_of == KONG else None)

    def label(self, rules: str | None = None) -> dict[str, str]:
        """Button text in both languages: {'zh': '暗杠 五万', 'en': 'Concealed kong 5 ...'};
        `rules` names a declaration as that ruleset does (亮倒, 上架)."""
        zh, en = _NAMES[self.kind if self.type == KONG and self.kind else self.type]
        if self.type == DECLARE and rules in DECLARE_NAMES:
            zh, en = DECLARE_NAMES[rules]
        if self.tiles is not None:
            zh += " " + "".join(chinese_name(t) for t in self.tiles)
            en += " " + english_run(self.tiles)
        elif self.tile is not None:
            zh += " " + chinese_name(self.tile)
            en += " " + english_name(self.tile)
        return {"zh": zh, "en": en}

    def __str__(self) -> str:
        return self.label()["en"]


# Shared instances: the hot path never allocates actions.
WIN_ACTION = Action(WIN)
PASS_ACTION = Action(PASS)
DISCARDS = tuple(Action(DISCARD, t) for t in range(34))
PUNGS = tuple(Action(PUNG, t) for t in range(34))
EXPOSED_KONGS = tuple(Action(KONG, t, kind="exposed_kong") for t in range(34))
CONCEALED_KONGS = tuple(Action(KONG, t, kind="concealed_kong") for t in range(34))
ADDED_KONGS = tuple(Action(KONG, t, kind="added_kong") for t in range(34))
DECLARES = tuple(Action(DECLARE, t) for t in range(34))
PICKS = tuple(Action(PICK, t) for t in range(34))
GRABS = tuple(Action(GRAB, t) for t in range(34))
