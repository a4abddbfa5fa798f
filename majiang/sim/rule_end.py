"""Checks of a finished hand: its winners, its payments against the scorer, an exhaustive draw
only once no normal draw is left (and, in jincheng, without kong money)."""

from __future__ import annotations

from majiang.game.hand import Hand
from majiang.scoring import score
from majiang.sim.rule_facts import Facts

Failures = list[tuple[str, str]]


def end_checks(hand: Hand, facts: Facts, normal_draws: int, kongs: int) -> Failures:
    result = hand.result
    if result is None:
        return [("payments", "the hand is over without a result")]
    out: Failures = []
    n = hand.players
    if facts.one_winner and len(result.winners) > 1:
        out.append(("one_winner", f"winners {result.winners}: the rules allow one"))
    total = [0] * n
    for settlement in result.settlements:
        payments = settlement["payments"]
        if sum(payments):
            out.append(("payments", f"settlement {settlement} does not sum to 0"))
        total = [a + b for a, b in zip(total, payments, strict=True)]
    balance: int = sum(result.payments)
    if total != result.payments or balance:
        out.append(("payments", f"hand payments {result.payments}, the settlements sum to "
                    f"{total}"))
    if result.winners:
        summed = [0] * n
        for request, answer in zip(result.requests, result.answers, strict=True):
            again = score(request)
            if not again.get("win") or again.get("payments") != answer.get("payments"):
                out.append(("win_payments", f"the scorer answers {again.get('payments')} "
                            f"(win {again.get('win')}), the hand paid {answer.get('payments')}"))
            summed = [a + int(b) for a, b in zip(summed, answer["payments"], strict=True)]
        if summed != result.win_payments:
            out.append(("win_payments", f"win payments {result.win_payments}, the answers sum "
                        f"to {summed}"))
        if len(result.requests) != len(result.winners):
            out.append(("win_payments", f"{len(result.winners)} winners, "
                        f"{len(result.requests)} scored"))
        return out
    if facts.dead_stacks:
        if normal_draws < 70 - 2 * kongs:
            out.append(("exhaustive_draw", f"荒庄 after {normal_draws} normal draws with {kongs} "
                        f"kongs: {70 - 2 * kongs} were due"))
        if any(s["type"] == "kong_money" for s in result.settlements):
            out.append(("exhaustive_draw", "荒庄 keeps kong money (jincheng 3.4 cancels it)"))
    elif hand.wall_left() != 0:
        out.append(("exhaustive_draw", f"exhaustive draw with {hand.wall_left()} tiles left"))
    return out
