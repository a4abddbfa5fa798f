"""Fork study: at each decision of one kind, copy the hand and its bots and play the decision
both ways to the end, on the same wall; the deciding seat's result each way.

Kinds (`AT`): `declare` (a declaration against throwing the same tile undeclared, where a
ruleset declares: kawuxing 亮倒, jincheng 上架) and `pung` (a pung on a discard against passing).
The same bot sits in every seat; each fork plays on with deep copies of the hand and the bots,
so the way the bot chose replays exactly what the table then did. A call is forked only when its
seat is the only one asked (with several, the answers are gathered before any is applied).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from majiang.analysis import shanten
from majiang.bots import get_bot
from majiang.bots.base import Bot
from majiang.bots.efficient import _ruleset, unseen_counts
from majiang.bots.strong.worth import ready_value
from majiang.game.actions import DECLARE, DISCARDS, PASS_ACTION, PUNG, Action
from majiang.game.hand import Hand
from majiang.game.phases import TURN
from majiang.game.seat_view import SeatView
from majiang.game.variants import mechanics
from majiang.rules.base import Ruleset
from majiang.sim.runner import bot_move, play_hand


@dataclass(frozen=True)
class Fork:
    """One decision played both ways: `taken` is the seat's result with the action of the kind
    (declaring, punging), `other` without it; `chosen` whether the bot took it."""

    wall: int
    seat: int
    chosen: bool
    taken: int
    other: int
    wall_left: int
    others_declared: int
    melds: int
    shanten: int
    live: int  # live winning copies after a declaration's discard (0 for a pung)

    @property
    def gain(self) -> int:
        """What taking the action earned over not taking it."""
        return self.taken - self.other


Pair = tuple[Action, Action]  # (the action of the kind, the one it is played against)


def _declare_pair(legal: list[Action], choice: Action) -> Pair | None:
    if choice.type != DECLARE or choice.tile is None:
        return None
    return choice, DISCARDS[choice.tile]


def _pung_pair(legal: list[Action], choice: Action) -> Pair | None:
    pung = next((a for a in legal if a.type == PUNG), None)
    if pung is None or PASS_ACTION not in legal or choice not in (pung, PASS_ACTION):
        return None
    return pung, PASS_ACTION


# kind -> the pair a decision offers, from `legal` and the bot's choice (None: not of the kind)
AT: dict[str, Callable[[list[Action], Action], Pair | None]] = {
    "declare": _declare_pair,
    "pung": _pung_pair,
}


def result_of(hand: Hand, bots: Sequence[Bot], seat: int, action: Action) -> int:
    """The seat's result (units) when `action` is applied to a copy of the hand and the copies
    of the bots play it to its end."""
    fork = copy.deepcopy(hand)
    fork.apply(seat, action)
    played = play_hand(fork, copy.deepcopy(list(bots)))
    assert played.result is not None
    return played.result.payments[seat]


def fork_wall(rules: str, bot: str, at: str, seed: str, wall: int) -> tuple[list[Fork], list[int]]:
    """Play wall `wall` with `bot` in every seat, forking at each decision of kind `at`; the
    forks and the hand's own results per seat."""
    pair_of = AT[at]
    ruleset = _ruleset(rules)
    players = mechanics(rules).rules.players
    hand = Hand.new(rules, f"{seed}/{wall}", dealer=wall % players)
    bots = [get_bot(bot, f"{seed}/{wall}/{s}") for s in range(players)]
    forks: list[Fork] = []
    while not hand.is_over:
        seats = (hand.turn,) if hand.phase == TURN else tuple(sorted(hand.to_act()))
        for seat in seats:
            legal = hand.legal_actions(seat)
            if not legal:
                continue
            choice = bot_move(bots[seat], hand, seat, legal)
            pair = pair_of(legal, choice) if len(seats) == 1 else None
            if pair is not None:
                view = hand.seat_view(seat)
                forks.append(_fork(hand, bots, wall, seat, view, ruleset, pair, choice))
            hand.apply(seat, choice)
    assert hand.result is not None
    return forks, list(hand.result.payments)


def _fork(hand: Hand, bots: Sequence[Bot], wall: int, seat: int, view: SeatView,
          ruleset: Ruleset, pair: Pair, choice: Action) -> Fork:
    counts = list(view.counts)
    live = 0
    if pair[0].type == DECLARE and pair[0].tile is not None:
        counts[pair[0].tile] -= 1
        live = ready_value(view, ruleset, counts, unseen_counts(view, ruleset))[1]
        counts[pair[0].tile] += 1
    return Fork(wall, seat, choice == pair[0],
                result_of(hand, bots, seat, pair[0]), result_of(hand, bots, seat, pair[1]),
                view.wall_left, sum(1 for s in view.others if s.declared), len(view.me.melds),
                shanten(counts, shapes=ruleset.shapes), live)


def fork_walls(job: tuple[str, str, str, str, int, int]) -> list[Fork]:
    """Walls lo..hi-1 (a worker's job: rules, bot, kind, seed, lo, hi)."""
    rules, bot, at, seed, lo, hi = job
    return [f for wall in range(lo, hi) for f in fork_wall(rules, bot, at, seed, wall)[0]]
