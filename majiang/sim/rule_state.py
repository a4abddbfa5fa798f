"""Checks of a hand's state after each step: every tile of the set in exactly one place, kind by
kind; hand sizes (14 for the seat in its turn, 13 otherwise, a set counting 3); the wall."""

from __future__ import annotations

from majiang.game.hand import Hand
from majiang.game.phases import OVER, ROB, TURN
from majiang.tiles import tile_name, to_counts

Failures = list[tuple[str, str]]
SETS = ("chow", "pung", "exposed_kong", "added_kong", "concealed_kong")
SINGLES = ("picked", "grabbed")  # jincheng 3.3: one tile each; wuhan's special kongs count 0


def state_checks(hand: Hand) -> Failures:
    out: Failures = []
    if hand.wall_left() < 0:
        out.append(("wall_left", f"wall_left is {hand.wall_left()}"))
    if sum(hand.scores):
        out.append(("payments", f"running scores {hand.scores} do not sum to 0"))
    out += _kinds(hand)
    if hand.phase != OVER:
        for seat in range(hand.players):
            size = sum(hand.counts[seat]) + sum(
                3 if m.kind in SETS else m.kind in SINGLES for m in hand.melds[seat])
            want = 14 if hand.phase == TURN and seat == hand.turn else 13
            if size != want:
                out.append(("hand_size", f"seat {seat} holds {size} tiles (sets as 3), not "
                            f"{want}, in phase {hand.phase}"))
    return out


def _kinds(hand: Hand) -> Failures:
    """Per kind: hands, melds, discards, set-aside tiles, the indicator, the undrawn wall and a
    kong tile in flight hold the full set."""
    have = [0] * 34
    for seat in range(hand.players):
        for t in range(34):
            have[t] += hand.counts[seat][t]
        for meld in hand.melds[seat]:
            for t in meld.tiles:
                have[t] += 1
        for t in hand.discards[seat]:
            have[t] += 1
        aside = hand.set_aside[seat]
        if aside is not None:
            have[aside] += 1
    if hand.indicator is not None:
        have[hand.indicator] += 1
    for t in hand.wall.tiles[hand.wall.live : hand.wall.tail + 1]:
        have[t] += 1
    if hand.kong_tile is not None and (hand.phase == ROB or hand.is_robbed()):
        have[hand.kong_tile[1]] += 1
    ruleset = hand.ruleset
    want = to_counts(t for t in ruleset.kinds for _ in range(ruleset.copies))
    wrong = [t for t in range(34) if have[t] != want[t]]
    if wrong:
        t = wrong[0]
        return [("tiles", f"{len(wrong)} kinds not conserved, e.g. {have[t]} of "
                 f"{tile_name(t)} instead of {want[t]}")]
    return []
