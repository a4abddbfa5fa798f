"""`majiang replay FILE`: replay a hand record step by step and verify its settlement.

Exit status 0 when the replay reproduces the recorded settlement (and events), 1 when it does not
or the record cannot be replayed.
"""

from __future__ import annotations

import argparse
import sys
import time

from majiang.game.hand import IllegalAction
from majiang.game.record import RecordError, load, new_hand, record_actions, verify
from majiang.game.text import describe, settlement_lines


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a hand record (JSON), e.g. written by simulate --records")
    parser.add_argument("--seat", type=int, default=None,
                        help="show only what this seat saw (default: every event)")
    parser.add_argument("--delay", type=_seconds, default=0.0,
                        help="seconds to pause after each action")
    parser.add_argument("--quiet", action="store_true", help="only verify, print the verdict")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0:  # NaN too
        raise argparse.ArgumentTypeError(f"{text!r}: seconds, 0 or more / 秒数，不小于 0")
    return value


def run(args: argparse.Namespace) -> int:
    try:
        record = load(args.file)
        hand = new_hand(record)
        actions = record_actions(record)
    except RecordError as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 1
    names = hand.names
    if args.seat is not None and not 0 <= args.seat < hand.players:
        print(f"replay: --seat {args.seat}: this hand has seats 0 to {hand.players - 1} / "
              f"座位号应为 0 到 {hand.players - 1}", file=sys.stderr)
        return 2

    def show(events: list[dict[str, object]]) -> None:
        if args.quiet:
            return
        for event in events:
            print("   " + describe(event, names))

    def visible(start: int) -> list[dict[str, object]]:
        if args.seat is None:  # everything, without the others' copy of a draw
            return [e.to_json() for e in hand.events[start:] if e.exclude is None]
        return [e.to_json() for e in hand.events[start:] if e.visible_to(args.seat)]

    show(visible(0))
    for number, (seat, action) in enumerate(actions, 1):
        start = len(hand.events)
        try:
            hand.apply(seat, action)
        except IllegalAction as exc:
            print(f"replay: action {number} by seat {seat} ({action}) is illegal: {exc}",
                  file=sys.stderr)
            return 1
        if not args.quiet and args.seat in (None, seat):
            print(f"{number:4d}. seat {seat}: {action.label()['zh']} / {action.label()['en']}")
        show(visible(start))
        if args.delay:
            time.sleep(args.delay)
    if hand.result is not None and not args.quiet:
        print()
        for line in settlement_lines(hand.result.to_json(), names):
            print(line)
    try:
        problems = verify(record)
    except RecordError as exc:
        problems = [str(exc)]
    if problems:
        for problem in problems:
            print(f"MISMATCH: {problem}", file=sys.stderr)
        return 1
    state = "settlement verified" if hand.is_over else "replayed (the hand is unfinished)"
    print(f"{args.file}: {len(actions)} actions replayed, {state}")
    return 0
