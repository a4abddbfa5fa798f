"""What a ready hand pays: each live wait scored by the real scorer (`win_request` + `score`)."""

from __future__ import annotations

from functools import cache

from majiang.analysis import waits
from majiang.bots.value.win_value import win_value
from majiang.game.mechanics.declaring import Declaring
from majiang.game.seat_view import SeatView
from majiang.game.variants import mechanics
from majiang.rules.base import Ruleset

SELF_DRAWN = 0.35  # share of wins that are self-drawn, for the expected value of a wait
# kawuxing 3.1-3.3: a declared hand is shown and frozen, so the others keep its waits back; a
# ready hand with few live winning copies wins more often undeclared (docs/bots.md, stop 30).
# Per number of other seats declared (0, 1, ...), the most live copies a hand stays hidden with;
# past the end of the tuple it always declares.
HIDE_LIVE: dict[str, tuple[int, ...]] = {"kawuxing": (4, 2)}


@cache
def declares(rules: str) -> bool:
    """Whether a ready hand declares before it wins (kawuxing 亮倒, jincheng 上架, where only a
    declared hand may win): the bot declares a ready hand that can win, so its waits are valued
    as declared."""
    return any(isinstance(m, Declaring) for m in mechanics(rules).specials)


def ready_value(view: SeatView, ruleset: Ruleset, counts: list[int],
                unseen: list[int]) -> tuple[float, int]:
    """(expected value summed over live wait copies, live copies) of a ready hand."""
    try:
        kinds = waits(counts, shapes=ruleset.shapes)
    except ValueError:
        return 0.0, 0
    total = 0.0
    live = 0
    for w in kinds:
        left = unseen[w]
        if not left:
            continue
        as_declared = declares(view.rules)
        value = (SELF_DRAWN * win_value(view, ruleset, counts, w, "self_drawn", as_declared)
                 + (1 - SELF_DRAWN) * win_value(view, ruleset, counts, w, "discard",
                                                as_declared))
        if value > 0:
            total += left * value
            live += left
    return total, live


def stays_hidden(view: SeatView, ruleset: Ruleset, counts: list[int],
                 unseen: list[int]) -> bool:
    """Whether a ready hand (`counts`, after its discard) is better not declared yet: where
    declaring is a choice that shows the hand, while its live winning copies are few
    (`HIDE_LIVE`)."""
    most = HIDE_LIVE.get(view.rules, ())
    declared = sum(1 for s in view.others if s.declared)
    if declared >= len(most):
        return False
    return ready_value(view, ruleset, counts, unseen)[1] <= most[declared]
