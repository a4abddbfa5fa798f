"""What a ready hand pays: each wait scored by the real scorer, weighted by its unseen copies."""

from __future__ import annotations

from majiang.analysis import waits
from majiang.bots.value.state import State
from majiang.bots.value.win_value import win_value
from majiang.game.seat_view import SeatView

SELF_DRAWN_SHARE = 0.3  # weight of a self-drawn win when a wait is valued by the scorer


def ready_worth(view: SeatView, state: State, counts: list[int],
                self_drawn: bool = False) -> float:
    """What a ready hand's waits pay by the real scorer, weighted by unseen copies
    (`self_drawn`: the self-drawn win scored too)."""
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
        # without `self_drawn` a self-drawn win counts 0: the value bot's play as measured (its
        # request put the winning tile in the hand as well, which the scorer refused)
        drawn = win_value(view, state.ruleset, counts, w, "self_drawn") if self_drawn else 0.0
        value = (SELF_DRAWN_SHARE * drawn
                 + (1 - SELF_DRAWN_SHARE) * win_value(view, state.ruleset, counts, w, "discard"))
        paid += left * value
        total_copies += left
    if not total_copies:
        return 0.0
    # chance of winning grows with the copies left; value is the mean over the waits
    chance = min(1.0, total_copies / 6)
    return paid / total_copies * chance
