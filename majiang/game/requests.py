"""The scoring request of a win (docs/scoring-contract.md), built from a hand's state as a typed
`WinRequest`: the winner's tiles and melds, the situation flags, and what the special mechanics
add (the declared payers, wuhan's laizi and losers). JSON only at the edges
(`WinRequest.to_json`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from majiang.game.mechanics.base import Mechanic
from majiang.game.state import HandState
from majiang.rules.base import WinRequest
from majiang.rules.request import win_request as checked_request
from majiang.tiles import Tile, from_counts, parse_tile


def win_request(state: HandState, hooks: Sequence[Mechanic], winner: int, win_type: str,
                discarder: int | None, tile: Tile, check: bool = True) -> WinRequest:
    """The request for `winner` winning on `tile` now (`check=False`: not checked against the
    ruleset, for a request asked about a position that cannot win)."""
    counts = list(state.seats[winner].counts)
    if win_type == "self_drawn":
        counts[tile] -= 1
    flags: list[str] = []
    if win_type == "self_drawn" and state.drawn_from_tail:
        flags.append("kong_replacement")
    if win_type == "discard" and state.discard_after_kong:
        flags.append("after_kong_discard")
    if win_type != "robbing_kong" and (state.wall.left() == 0 or (
            win_type == "self_drawn" and state.drawn_in_zone)):
        flags.append("last_tile")
    me = state.seats[winner]
    if me.declared:
        flags.append("declared")
    if me.locked and win_type != "self_drawn":
        flags.append("passed_win")
    if win_type == "self_drawn" and winner == state.dealer and len(state.actions) == 1:
        flags.append("heavenly")
    fields: dict[str, Any] = {
        "players": state.players, "dealer": state.dealer, "winner": winner,
        "win_type": win_type, "discarder": None if win_type == "self_drawn" else discarder,
        "hand": tuple(from_counts(counts)), "win_tile": tile,
        "melds": tuple(me.melds), "flags": flags,
    }
    for mechanic in hooks:
        mechanic.request(state, winner, win_type, discarder, fields)
    # table options the scorer reads: yangzhou's round wind, flags such as kawuxing's
    # no_one_fan_discard
    if "round_wind" in state.options:
        fields["round_wind"] = parse_tile(state.options["round_wind"])
    flags.extend(str(f) for f in state.options.get("flags", ()))
    return checked_request(state.ruleset, check=check, **fields)

