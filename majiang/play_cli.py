"""`majiang play`: one match in the terminal, a person against bots.

At each decision the legal actions are listed with numbers; type the number (Enter alone takes the
first one, `q` quits). Works with piped input and ends cleanly at the end of input.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from majiang.bots import BOTS, get_bot
from majiang.game.hand import Hand
from majiang.game.match import Match
from majiang.game.text import describe, payments_text, settlement_lines, tiles_text
from majiang.game.variants import UnknownRuleset
from majiang.sim.runner import bot_move


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default="tuidaohu", help="ruleset id (default tuidaohu)")
    parser.add_argument("--hands", type=int, default=None,
                        help="hands in the match (default: the ruleset's, 8 for tuidaohu; "
                        "yangzhou plays whole rounds of winds, and this is then an upper bound)")
    parser.add_argument("--rounds", type=int, default=None,
                        help="yangzhou: rounds of winds in the match, 1..4 (default 4)")
    parser.add_argument("--seed", default=None, help="match seed (default: random)")
    parser.add_argument("--bot", default="efficient", choices=sorted(BOTS),
                        help="the opponents' bot (default efficient)")
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    parser.add_argument("--name", default="you", help="your name at the table")


def run(args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    seed = args.seed
    if seed is None:
        import secrets

        seed = secrets.token_hex(4)
    try:
        probe = Match(args.rules, seed, hands=args.hands, rounds=args.rounds)
    except (UnknownRuleset, ValueError) as exc:
        print(f"play: {exc}", file=out)
        return 2
    players = probe.players
    if not 0 <= args.seat < players:
        print(f"play: --seat must be 0..{players - 1}", file=out)
        return 2
    names = [args.name if s == args.seat else f"{args.bot}-bot {s}" for s in range(players)]
    match = Match(args.rules, seed, hands=args.hands, names=names, rounds=args.rounds)
    bots = {s: get_bot(args.bot, f"{seed}/{s}") for s in range(players) if s != args.seat}
    game = _Terminal(args.seat, stdin, out)
    game.say(f"majiang {args.rules}: {match.length_text()}, seed {seed}. You are seat {args.seat}.")
    game.say("Type the number of an action (Enter: the first), q to quit.")
    while not match.is_over:
        hand = match.new_hand()
        if not game.play(hand, bots):
            game.say("\nEnd of input: the match stops here. 再见 Goodbye.")
            return 0
        assert hand.result is not None
        match.finish_hand()
        game.say("")
        for line in settlement_lines(hand.result.to_json(), names):
            game.say(line)
        game.say(f"match totals 累计 (units): {payments_text(match.totals)}")
    game.say("\nThe match is over 终局. Final totals: " + payments_text(match.totals))
    return 0


class _Terminal:
    def __init__(self, seat: int, stdin: TextIO, out: TextIO) -> None:
        self.seat = seat
        self.stdin = stdin
        self.out = out

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def play(self, hand: Hand, bots: dict[int, Any]) -> bool:
        """Play one hand to its end; False when the input ended or the player quit."""
        self.say(f"\n=== hand {hand.hand_no}, dealer seat {hand.dealer} ===")
        shown = 0
        while not hand.is_over:
            for seat in sorted(hand.to_act()):
                legal = hand.legal_actions(seat)
                if not legal:
                    continue
                if seat == self.seat:
                    shown = self._show_events(hand, shown)
                    action = self._ask(hand, legal)
                    if action is None:
                        return False
                else:
                    action = bot_move(bots[seat], hand, seat, legal)
                hand.apply(seat, action)
        self._show_events(hand, shown)
        return True

    def _show_events(self, hand: Hand, start: int) -> int:
        for event in hand.events[start:]:
            if event.visible_to(self.seat) and event.kind not in ("settlement",):
                self.say("  " + describe(event.to_json(), hand.names))
        return len(hand.events)

    def _ask(self, hand: Hand, legal: list[Any]) -> Any:
        self._show_table(hand.view(self.seat))
        for number, action in enumerate(legal, 1):
            label = action.label()
            self.say(f"  [{number}] {label['zh']}  {label['en']}")
        while True:
            print("> ", end="", file=self.out, flush=True)
            line = self.stdin.readline()
            if not line:
                return None
            text = line.strip().lower()
            if text in ("q", "quit", "exit"):
                return None
            if not text:
                return legal[0]
            if text.isdigit() and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            self.say(f"  please type a number from 1 to {len(legal)} (或 q 退出)")

    def _show_table(self, view: dict[str, Any]) -> None:
        self.say(f"--- wall {view['wall_left']} tiles, scores {view['scores']} ---")
        for seat in view["seats"]:
            melds = " ".join(m["tiles"] for m in seat["melds"]) or "-"
            river = "".join(seat["discards"]) or "-"
            self.say(f"  seat {seat['seat']} {seat['name']}: {seat['concealed']} tiles, "
                     f"melds {melds}, discards {river}")
        last = view["last_discard"]
        if last:
            self.say(f"  on the table: seat {last['seat']} threw {tiles_text(last['tile'])}")
        drawn = f", drew {tiles_text(view['drawn'])}" if view.get("drawn") else ""
        self.say(f"  your hand 手牌: {tiles_text(view['hand'])}{drawn}")
