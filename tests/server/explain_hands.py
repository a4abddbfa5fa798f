"""Hands for the settlement / replay / history cross-check: played offline by a greedy policy
(win when allowed, claim every pung, chow and kong, else the efficient bot's discard) so that the
wuhan hands reach caps and 包牌; `find` searches seeds, the test replays the stored actions."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from majiang.bots import get_bot
from majiang.game import Hand
from majiang.game.match import Carry
from majiang.game.phases import TURN
from majiang.game.seat_view import SeatView

DATA = Path(__file__).parent / "data" / "explain_hands.json"
CLAIMS = ("kong", "pung", "chow")


def first_options(rules: str) -> dict[str, Any]:
    """The options of a match's first hand (what the server deals it with)."""
    return dict(Carry.from_json(None).options(rules, {}))


def play(rules: str, seed: int, dealer: int, greedy: bool = True) -> Hand:
    players = 3 if rules == "kawuxing" else 4
    hand = Hand.new(rules, seed, dealer=dealer, options=first_options(rules))
    bots = [get_bot("efficient", seed * 7 + s) for s in range(players)]
    while not hand.is_over:
        for seat in (hand.turn,) if hand.phase == TURN else sorted(hand.to_act()):
            legal = hand.legal_actions(seat)
            if not legal:
                continue
            action = next((a for a in legal if a.type == "win"), None)
            if action is None and greedy:
                action = next((a for kind in CLAIMS for a in legal if a.type == kind), None)
            if action is None:
                bot = bots[seat]
                view = SeatView.from_json(hand.view(seat)) if bot.uses_view else None
                action = bot.choose(view, legal)
            hand.apply(seat, action)
    return hand


def facts(hand: Hand) -> set[str]:
    """What a hand shows: win, liable, feng_ding, jin_ding..., kong_money, draw."""
    result = hand.result
    assert result is not None
    out = {"win" if result.winners else "draw"}
    for answer in result.answers:
        if answer.get("liable") is not None:
            out.add("liable")
    from majiang.scoring import score_request

    for request in result.requests:
        ruleset, req, scored = score_request(request)
        assert scored.scored is not None
        for share in ruleset.explain(req, scored.scored).shares:
            if share.cap is not None:
                out.add(share.cap.id)
    if any(s["type"] != "hand_end" for s in result.settlements):
        out.add("kong_money")
    return out


def entry(rules: str, seed: int, dealer: int, hand: Hand, tags: set[str]) -> dict[str, Any]:
    return {"rules": rules, "seed": seed, "dealer": dealer, "tags": sorted(tags),
            "options": first_options(rules),
            "actions": [{"seat": s, "action": a.to_json()} for s, a in hand.actions]}


def find(rules: str, want: set[str], start: int, limit: int) -> dict[str, Any] | None:
    players = 3 if rules == "kawuxing" else 4
    for seed in range(start, start + limit):
        hand = play(rules, seed, seed % players)
        tags = facts(hand)
        if want <= tags:
            return entry(rules, seed, seed % players, hand, tags)
    return None


if __name__ == "__main__":  # python tests/server/explain_hands.py RULES TAG,TAG START LIMIT
    rules, want, start, limit = sys.argv[1], set(sys.argv[2].split(",")), *map(int, sys.argv[3:5])
    found = find(rules, want, start, limit)
    print(json.dumps(found, ensure_ascii=False) if found else "none")
