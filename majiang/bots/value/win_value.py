"""The scorer's value of a win the bot could make: the one request both the value bot and the
strong bot ask (`win_request` + the ruleset's `score`)."""

from __future__ import annotations

from majiang.bots.value.state import public_entry
from majiang.game.seat_view import SeatView
from majiang.rules.base import RequestError, Ruleset, WinType
from majiang.rules.request import win_request
from majiang.tiles import Tile, from_counts


def win_value(view: SeatView, ruleset: Ruleset, counts: list[int], tile: Tile,
              win_type: WinType, declared: bool = False) -> float:
    """The value of winning on `tile` with the concealed `counts` (13 or 3n+1 tiles, the winning
    tile not among them), as the seat's hand is now or, with `declared`, as a declared one; 0
    when it would not be a win (e.g. below a minimum). A discard win is fed by the next seat.
    The others' public melds are given where laizi are played (wuhan's 开口 counts), else who
    has declared."""
    me = view.me
    others: dict[str, dict[str, object]] | None = None
    if view.laizi is not None:
        others = {str(s.seat): public_entry(s.melds) for s in view.others}
    elif any(s.declared for s in view.seats):
        others = {str(s.seat): {"declared": s.declared} for s in view.others}
    try:
        request = win_request(
            ruleset, players=view.players, dealer=view.dealer, winner=me.seat,
            win_type=win_type,
            discarder=None if win_type == "self_drawn" else (me.seat + 1) % view.players,
            hand=from_counts(counts), win_tile=tile, melds=me.melds,
            flags=("declared",) if me.declared or declared else (),
            laizi=view.laizi, indicator=view.indicator if view.laizi is not None else None,
            others=others,
        )
        answer = ruleset.score(request)
    except (RequestError, ValueError):
        return 0.0
    if not answer.win or answer.scored is None:
        return 0.0
    return float(answer.scored.value)
