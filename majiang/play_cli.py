"""`majiang play`: one match in the terminal, a person against bots.

At each decision the legal actions are listed with numbers; type the number, or a tile (`5p`,
`五筒`) to discard it. Enter alone takes the marked action (pass where passing is legal, so that
Enter never claims by accident), `q` quits. Works with piped input and ends cleanly at the end of
input.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from majiang.bots import BOTS, get_bot
from majiang.game.actions import DISCARDS, PASS_ACTION, Action
from majiang.game.hand import Hand
from majiang.game.match import Match
from majiang.game.text import describe, payments_text, settlement_lines, tiles_text
from majiang.game.variants import UnknownRuleset
from majiang.sim.runner import bot_move
from majiang.tiles import parse_tile

QUIT = ("q", "quit", "exit", "退出")


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
        print(f"play: --seat must be 0..{players - 1} / 座位号应为 0 到 {players - 1}", file=out)
        return 2
    names = [args.name if s == args.seat else f"{args.bot}-bot {s}" for s in range(players)]
    match = Match(args.rules, seed, hands=args.hands, names=names, rounds=args.rounds)
    bots = {s: get_bot(args.bot, f"{seed}/{s}") for s in range(players) if s != args.seat}
    game = _Terminal(args.seat, stdin, out)
    game.say(f"majiang {args.rules}: {match.length_text()}, seed {seed}. "
             f"You are seat {args.seat} 你是 {args.seat} 号座位.")
    game.say("输入动作编号，或要打出的牌（如 5p、五筒）；回车选 * 标记的动作；q 退出。")
    game.say("Type an action's number, or a tile to discard (5p, 五筒); Enter takes the one "
             "marked *; q quits.")
    while not match.is_over:
        hand = match.new_hand()
        if not game.play(hand, bots):
            game.say("\nYou left the match 你已离开. 再见 Goodbye." if game.quit else
                     "\nEnd of input 输入结束: the match stops here. 再见 Goodbye.")
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
        self.quit = False  # the player typed q (not the end of input)

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

    def _ask(self, hand: Hand, legal: list[Action]) -> Action | None:
        self._show_table(hand.view(self.seat))
        default = PASS_ACTION if PASS_ACTION in legal else legal[0]
        for number, action in enumerate(legal, 1):
            label = action.label()
            mark = "*" if action == default else " "
            self.say(f" {mark}[{number}] {label['zh']}  {label['en']}")
        while True:
            print("> ", end="", file=self.out, flush=True)
            line = self.stdin.readline()
            if not line:
                return None
            text = line.strip()
            if text.lower() in QUIT:
                self.quit = True
                return None
            chosen = choice(text, legal, default)
            if chosen is not None:
                return chosen
            self.say(f"  请输入 1 到 {len(legal)} 的编号或手中可打的牌，q 退出 / "
                     f"type a number from 1 to {len(legal)} or a tile you can discard, q to quit")

    def _show_table(self, view: dict[str, Any]) -> None:
        self.say(f"--- 牌墙 wall {view['wall_left']}, 分数 scores {view['scores']} ---")
        for seat in view["seats"]:
            melds = " ".join(m["tiles"] for m in seat["melds"]) or "-"
            river = "".join(seat["discards"]) or "-"
            self.say(f"  {seat['seat']} 号 seat {seat['seat']} {seat['name']}: "
                     f"{seat['concealed']} 张 tiles, 副露 melds {melds}, 弃牌 discards {river}")
        last = view["last_discard"]
        if last:
            self.say(f"  {last['seat']} 号打出 seat {last['seat']} threw "
                     f"{tiles_text(last['tile'])}")
        drawn = f", 摸到 drew {tiles_text(view['drawn'])}" if view.get("drawn") else ""
        self.say(f"  your hand 手牌: {tiles_text(view['hand'])}{drawn}")


def choice(text: str, legal: list[Action], default: Action) -> Action | None:
    """The action a typed line names: Enter the default, a number, or a tile to discard."""
    if not text:
        return default
    if text.isdigit():
        return legal[int(text) - 1] if 1 <= int(text) <= len(legal) else None
    try:
        tile = parse_tile(text)
    except ValueError:
        return None
    return DISCARDS[tile] if DISCARDS[tile] in legal else None
