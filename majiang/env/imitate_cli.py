"""`python -m majiang.env.imitate_cli`: the learning example end to end, with the arena.

Imitation and self-play are `majiang.env.imitate`'s; the evaluation is the arena's duplicate
play (`majiang.sim.arena_cli.run_arena`: each wall in all 14 seatings, 95% intervals clustered
by wall), the greedy policy as bot `policy` against `efficient`, after the imitation and again
after self-play. Progress goes to stderr, the report (one JSON object) to stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from majiang import bots
from majiang.env import imitate as example
from majiang.env.imitate import collect, imitate, self_play
from majiang.env.policy import LinearPolicy, bot_factory
from majiang.sim.arena_cli import run_arena


def arena(policy: LinearPolicy, walls: int, seed: str = "arena") -> dict[str, Any]:
    """The greedy policy as bot `policy` against `efficient`, duplicate (in this process)."""
    bots.BOTS["policy"] = bot_factory(policy)
    return run_arena(policy.rules, ["policy", "efficient"], walls, seed)


def _brief(report: dict[str, Any]) -> dict[str, Any]:
    ours = report["bots"]["policy"]
    return {"walls": report["hands"], "hands": report["games"],
            "policy_units_per_hand": ours["mean"], "ci95": ours["ci95"],
            "policy_win_rate": ours["win_rate"], "policy_deal_in_rate": ours["deal_in_rate"],
            "efficient_win_rate": report["bots"]["efficient"]["win_rate"],
            "efficient_deal_in_rate": report["bots"]["efficient"]["deal_in_rate"],
            "seconds": report["seconds"]}


def _progress(stage: str, figures: dict[str, Any]) -> None:
    print(f"{stage}: {json.dumps(figures)}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m majiang.env.imitate_cli",
                                     description=example.__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", default="tuidaohu")
    parser.add_argument("--teacher", default="strong", help="the bot imitated (default strong)")
    parser.add_argument("--hands", type=int, default=300, help="hands of imitation data")
    parser.add_argument("--updates", type=int, default=4, help="self-play updates")
    parser.add_argument("--selfplay", type=int, default=150, help="hands per self-play update")
    parser.add_argument("--arena", type=int, default=100, help="duplicate walls against efficient"
                        " (0: no arena)")
    parser.add_argument("--out", help="save the weights (.npz)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report: dict[str, Any] = {"rules": args.rules, "teacher": args.teacher}
    policy = LinearPolicy(args.rules)
    report["imitation"] = imitate(policy, collect(args.rules, args.hands, args.teacher))
    report["imitation_seconds"] = round(time.perf_counter() - start, 1)
    _progress("imitation", report["imitation"])
    if args.arena:
        report["arena_after_imitation"] = _brief(arena(policy, args.arena))
        _progress("arena after imitation", report["arena_after_imitation"])
    report["self_play"] = []
    played = time.perf_counter()
    for u in range(args.updates):
        report["self_play"].append(self_play(policy, args.selfplay, f"self/{u}"))
        _progress(f"self-play update {u + 1}", report["self_play"][-1])
    report["self_play_seconds"] = round(time.perf_counter() - played, 1)
    if args.arena and args.updates:
        report["arena_after_self_play"] = _brief(arena(policy, args.arena))
    if args.out:
        policy.save(args.out)
    report["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
