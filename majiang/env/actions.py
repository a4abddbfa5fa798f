"""The environments' fixed discrete action space: every engine `Action` has one index.

| indices   | action                                                      |
|-----------|-------------------------------------------------------------|
| 0-33      | discard tile t                                              |
| 34-36     | chow the discard as the low / middle / high tile of the run |
| 37        | pung the discard                                            |
| 38        | exposed kong on the discard                                 |
| 39-72     | concealed kong of t                                         |
| 73-106    | added kong of t                                             |
| 107-140   | red dragon kong (wuhan 红中杠) of t                          |
| 141-174   | 赖子皮 kong (wuhan 皮子杠) of t                              |
| 175-208   | laizi kong (wuhan 赖子杠) of t                               |
| 209-242   | declare with t (kawuxing 亮倒 discarding t; jincheng 上架 of t) |
| 243       | 拾 pick the discard (jincheng)                               |
| 244       | 搶 grab the discard (jincheng)                               |
| 245       | win (自摸, a discard, or robbing a kong)                     |
| 246       | pass                                                        |

A claim (chow, pung, exposed kong, 拾, 搶) is always on the one tile on the table, so its index
names no tile. `legal_index(legal, claimed)` maps the engine's legal list to indices (one each,
checked), so a decoded index is the engine's own instance of the action.
"""

from __future__ import annotations

from collections.abc import Sequence

from majiang.game import actions as shared
from majiang.game.actions import CHOW, DECLARE, DISCARD, GRAB, KONG, PASS, PICK, PUNG, WIN, Action
from majiang.game.mechanics.laizi import SPECIAL_KONGS
from majiang.tiles import KINDS, Tile

DISCARD_AT, CHOW_AT, PUNG_AT, EXPOSED_KONG_AT = 0, 34, 37, 38
KONG_AT = {"concealed_kong": 39, "added_kong": 73, "red_kong": 107, "pi_kong": 141,
           "laizi_kong": 175}
DECLARE_AT, PICK_AT, GRAB_AT, WIN_AT, PASS_AT = 209, 243, 244, 245, 246
N_ACTIONS = 247


class ActionSpaceError(ValueError):
    """An engine action the fixed space has no index for, or two legal actions on one index."""


def action_index(action: Action, claimed: Tile | None = None) -> int:
    """The index of `action`; `claimed` is the tile on the table (needed for a chow)."""
    kind = action.type
    if kind == DISCARD and action.tile is not None:
        return DISCARD_AT + action.tile
    if kind == PASS:
        return PASS_AT
    if kind == WIN:
        return WIN_AT
    if kind == PUNG:
        return PUNG_AT
    if kind == CHOW and action.tiles is not None and claimed is not None:
        return CHOW_AT + claimed - min(action.tiles)
    if kind == KONG and action.tile is not None:
        if action.kind == "exposed_kong":
            return EXPOSED_KONG_AT
        if action.kind in KONG_AT:
            return KONG_AT[action.kind] + action.tile
    if kind == DECLARE and action.tile is not None:
        return DECLARE_AT + action.tile
    if kind == PICK:
        return PICK_AT
    if kind == GRAB:
        return GRAB_AT
    raise ActionSpaceError(f"no index for {action.to_json()} (claimed {claimed})")


def _shared_index() -> dict[int, int]:
    """id -> index of the engine's shared action instances (every action but a chow)."""
    instances = [shared.WIN_ACTION, shared.PASS_ACTION, *shared.DISCARDS, *shared.PUNGS,
                 *shared.EXPOSED_KONGS, *shared.CONCEALED_KONGS, *shared.ADDED_KONGS,
                 *shared.DECLARES, *shared.PICKS, *shared.GRABS,
                 *(a for kongs in SPECIAL_KONGS.values() for a in kongs)]
    return {id(a): action_index(a) for a in instances}


_SHARED = _shared_index()  # module-level instances live as long as the dict: ids stay theirs


def legal_index(legal: Sequence[Action], claimed: Tile | None) -> dict[int, Action]:
    """index -> the engine's action, for every legal action (ActionSpaceError on a clash)."""
    try:  # the usual case, all shared instances: two C-level maps
        indices = list(map(_SHARED.__getitem__, map(id, legal)))
    except KeyError:  # a chow, or an action built outside the shared instances
        shared_at = _SHARED.get
        indices = []
        for action in legal:
            i = shared_at(id(action))
            indices.append(action_index(action, claimed) if i is None else i)
    out = dict(zip(indices, legal, strict=True))
    if len(out) < len(legal):
        first: dict[int, Action] = {}
        for i, action in zip(indices, legal, strict=True):
            if i in first:
                raise ActionSpaceError(f"{first[i].to_json()} and {action.to_json()} share "
                                       f"index {i}")
            first[i] = action
    return out


def describe(index: int) -> str:
    """The index in words, e.g. 'discard 5m', 'concealed_kong 1z', 'chow high'."""
    from majiang.tiles import tile_name

    if not 0 <= index < N_ACTIONS:
        raise ValueError(f"action index {index} outside 0..{N_ACTIONS - 1}")
    if index < CHOW_AT:
        return f"discard {tile_name(index)}"
    if index < PUNG_AT:
        return f"chow {('low', 'middle', 'high')[index - CHOW_AT]}"
    fixed = {PUNG_AT: "pung", EXPOSED_KONG_AT: "exposed_kong", PICK_AT: "pick",
             GRAB_AT: "grab", WIN_AT: "win", PASS_AT: "pass"}
    if index in fixed:
        return fixed[index]
    for name, at in (*KONG_AT.items(), ("declare", DECLARE_AT)):
        if at <= index < at + KINDS:
            return f"{name} {tile_name(index - at)}"
    raise AssertionError(index)
