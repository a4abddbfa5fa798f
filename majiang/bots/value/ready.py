"""What a ready hand pays: each wait scored by the real scorer, weighted by its unseen copies."""

from __future__ import annotations

from majiang.analysis import waits
from majiang.bots.value.state import State, public_entry
from majiang.game.seat_view import SeatView
from majiang.rules.base import RequestError, WinType
from majiang.rules.request import win_request
from majiang.tiles import Tile, from_counts

SELF_DRAWN_SHARE = 0.3  # weight of a self-drawn win when a wait is valued by the scorer


def ready_worth(view: SeatView, state: State, counts: list[int],
                self_drawn: bool = False) -> float:
    """What a ready hand's waits pay by the real scorer, weighted by unseen copies
    (`self_drawn`: the self-drawn win scored too, see `win_value`)."""
    split, jokers = state.split(counts)
    try:
        kinds = waits(split, jokers, state.ruleset.shapes)
    except ValueError:
        return 0.0
    total_copies = 0
    paid = 0.0
    for w in kinds:
        left = state.unseen[w]
        if not left or w not in state.ruleset.kinds:
            continue
        value = (SELF_DRAWN_SHARE * win_value(view, state, counts, w, "self_drawn", self_drawn)
                 + (1 - SELF_DRAWN_SHARE) * win_value(view, state, counts, w, "discard"))
        paid += left * value
        total_copies += left
    if not total_copies:
        return 0.0
    # chance of winning grows with the copies left; value is the mean over the waits
    chance = min(1.0, total_copies / 6)
    return paid / total_copies * chance


def win_value(view: SeatView, state: State, counts: list[int], tile: Tile,
              win_type: WinType, self_drawn: bool = False) -> float:
    """The scorer's value of winning on `tile` now (0 when it would not be a win).

    A discard win is fed by the next seat. NB a self-drawn request's hand holds the winning
    tile as well, which the scorer refuses (one tile too many), so self-drawn waits count 0:
    kept so that the bot's choices stay as they were; fixing it is a change of play, which
    `self_drawn` makes (the hand as it is, the winning tile given apart).
    """
    me = view.me
    hand = list(counts)
    if win_type == "self_drawn" and not self_drawn:
        hand[tile] += 1
    others: dict[str, dict[str, object]] | None = None
    if view.laizi is not None:
        others = {str(s.seat): public_entry(s.melds) for s in view.others}
    elif any(s.declared for s in view.seats):
        others = {str(s.seat): {"declared": s.declared} for s in view.others}
    ruleset = state.ruleset
    try:
        request = win_request(
            ruleset, players=view.players, dealer=view.dealer, winner=me.seat,
            win_type=win_type,
            discarder=None if win_type == "self_drawn" else (me.seat + 1) % view.players,
            hand=from_counts(hand), win_tile=tile, melds=me.melds,
            flags=("declared",) if me.declared else (),
            laizi=view.laizi, indicator=view.indicator if view.laizi is not None else None,
            others=others,
        )
        answer = ruleset.score(request)
    except RequestError:
        return 0.0
    if not answer.win or answer.scored is None:
        return 0.0
    return float(answer.scored.value)
