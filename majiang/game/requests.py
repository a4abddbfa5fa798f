"""The scoring-contract request the engine builds for a win (../shared/spec/scoring-contract.md):
the winner's tiles and melds, the situation flags, and each ruleset's extra fields."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from majiang.game.laizi import loser_state
from majiang.tiles import Tile, format_tiles, from_counts, tile_name

if TYPE_CHECKING:
    from majiang.game.hand import Hand

NAME = tuple(tile_name(t) for t in range(34))


def score_request(hand: Hand, winner: int, win_type: str, discarder: int | None,
                  tile: Tile) -> dict[str, Any]:
    """The scoring-contract request for `winner` winning on `tile` now."""
    counts = list(hand.counts[winner])
    if win_type == "self_drawn":
        counts[tile] -= 1
    flags: list[str] = []
    if win_type == "self_drawn" and hand.drawn_from_tail:
        flags.append("kong_replacement")
    if win_type == "discard" and hand.discard_after_kong:
        flags.append("after_kong_discard")
    if win_type != "robbing_kong" and (hand.wall.left() == 0 or (
            win_type == "self_drawn" and hand.drawn_in_zone)):
        flags.append("last_tile")
    if hand.declared[winner]:
        flags.append("declared")
    if hand.locked[winner] and win_type != "self_drawn":
        flags.append("passed_win")
    if win_type == "self_drawn" and winner == hand.dealer and len(hand.actions) == 1:
        flags.append("heavenly")
    request: dict[str, Any] = {
        "rules": hand.rules, "players": hand.players, "dealer": hand.dealer,
        "winner": winner, "win_type": win_type,
        "discarder": None if win_type == "self_drawn" else discarder,
        "hand": format_tiles(from_counts(counts)), "win_tile": tile_name(tile),
        "melds": [m.to_json() for m in hand.melds[winner]], "flags": flags,
    }
    if any(hand.declared):
        # a payer is declared only if he declared before the tile he feeds (kawuxing 3.3, D9)
        request["others"] = {
            str(s): {"declared": hand.declared[s] and not (
                win_type == "discard" and s == discarder and hand.declaring == s)}
            for s in range(hand.players) if s != winner}
    if hand.special is not None:
        special = hand.special
        request["laizi"] = NAME[special.laizi]
        request["indicator"] = NAME[special.indicator]
        if hand.options.get("previous_laizi") == NAME[special.laizi]:
            flags.append("repeat_laizi")
        if hand.options.get("previous_gold"):
            flags.append("repeat_gold")  # 连金: the scorer doubles only if this win is a 金顶
        request["others"] = {
            str(s): loser_state(
                hand.melds[s],
                hand.counts[s] if s == discarder and win_type == "discard" else None,
                s == hand.no_rain.get(winner), special)
            for s in range(hand.players) if s != winner}
    # table options the scorer reads: yangzhou's round wind, flags such as kawuxing's
    # no_one_fan_discard
    if "round_wind" in hand.options:
        request["round_wind"] = hand.options["round_wind"]
    flags.extend(str(f) for f in hand.options.get("flags", ()))
    return request
