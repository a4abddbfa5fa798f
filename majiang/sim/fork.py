"""Fork study: at each decision of one kind, copy the hand and its bots and play the decision
both ways to the end, on the same wall; the deciding seat's result each way.

Kinds (`AT`): `declare` (a declaration against throwing the same tile undeclared, where a
ruleset declares: kawuxing 亮倒, jincheng 上架), `pung` (a pung on a discard against passing) and
`win` (a win on a discard or a robbed kong against passing it, which may lock the seat out of
discard wins until its next draw: 漏胡). The same bot sits in every seat; each fork plays on with
deep copies of the hand and the bots, so the way the bot chose replays exactly what the table
then did. Where several seats answer one discard, every seat's answer is chosen first (an answer
changes nothing another seat sees); a fork applies the others' answers with its own way.
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
from majiang.game.actions import DECLARE, DISCARDS, PASS_ACTION, PUNG, WIN_ACTION, Action
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
    live: int  # live winning copies of a ready hand (after a declaration's discard; 0 for a pung)

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


def _win_pair(legal: list[Action], choice: Action) -> Pair | None:
    if WIN_ACTION not in legal or PASS_ACTION not in legal:
        return None
    return WIN_ACTION, PASS_ACTION


# kind -> the pair a decision offers, from `legal` and the bot's choice (None: not of the kind)
AT: dict[str, Callable[[list[Action], Action], Pair | None]] = {
    "declare": _declare_pair,
    "pung": _pung_pair,
    "win": _win_pair,
}


Answers = list[tuple[int, Action]]  # (seat, action) in the order they are applied


def result_of(hand: Hand, bots: Sequence[Bot], seat: int, answers: Answers) -> int:
    """The seat's result (units) when `answers` are applied to a copy of the hand and the copies
    of the bots play it to its end."""
    fork = copy.deepcopy(hand)
    for who, action in answers:
        fork.apply(who, action)
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
        answers: Answers = []
        offers: list[list[Action]] = []
        for seat in seats:
            legal = hand.legal_actions(seat)
            if legal:
                answers.append((seat, bot_move(bots[seat], hand, seat, legal)))
                offers.append(legal)
        for legal, (seat, choice) in zip(offers, answers, strict=True):
            pair = pair_of(legal, choice)
            if pair is not None:
                view = hand.seat_view(seat)
                forks.append(_fork(hand, bots, wall, seat, view, ruleset, pair, choice, answers))
        for seat, choice in answers:
            hand.apply(seat, choice)
    assert hand.result is not None
    return forks, list(hand.result.payments)


def _fork(hand: Hand, bots: Sequence[Bot], wall: int, seat: int, view: SeatView,
          ruleset: Ruleset, pair: Pair, choice: Action, answers: Answers) -> Fork:
    counts = list(view.counts)
    ready = list(counts)  # the ready hand: after a declaration's discard, or the one winning
    if pair[0].type == DECLARE and pair[0].tile is not None:
        ready[pair[0].tile] -= 1
    live = (ready_value(view, ruleset, ready, unseen_counts(view, ruleset))[1]
            if pair[0].type == DECLARE or pair[0] == WIN_ACTION else 0)

    def way(action: Action) -> int:
        return result_of(hand, bots, seat, [(s, action if s == seat else a) for s, a in answers])

    return Fork(wall, seat, choice == pair[0], way(pair[0]), way(pair[1]), view.wall_left,
                sum(1 for s in view.others if s.declared), len(view.me.melds),
                shanten(counts, shapes=ruleset.shapes), live)


def fork_walls(job: tuple[str, str, str, str, int, int]) -> list[Fork]:
    """Walls lo..hi-1 (a worker's job: rules, bot, kind, seed, lo, hi)."""
    rules, bot, at, seed, lo, hi = job
    return [f for wall in range(lo, hi) for f in fork_wall(rules, bot, at, seed, wall)[0]]
