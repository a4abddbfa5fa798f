"""The `majiang` command. Each subcommand lives in its own module, imported only when used.

A subcommand module defines `add_arguments(parser)` and `run(args) -> int`.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

# name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "score": ("majiang.score_cli", "score winning hands (JSON / JSON Lines on stdin, or flags)"),
    "play": ("majiang.play_cli", "play a match in the terminal against bots"),
    "simulate": ("majiang.sim.cli", "self-play many hands between bots and report statistics"),
    "arena": ("majiang.sim.arena_cli", "duplicate play between bots with 95% intervals"),
    "fork": ("majiang.sim.fork_cli", "fork study: a kind of decision played both ways, same wall"),
    "replay": ("majiang.game.replay_cli", "replay a hand record step by step and verify it"),
    "verify": ("majiang.verify_cli", "check a hand's fair shuffle: commitment, seed, wall, replay"),
    "bench": ("majiang.perf.cli", "measure throughput against peer libraries"),
    "serve": ("majiang.server.cli", "run the table server (HTTP + WebSocket + browser client)"),
    "loadtest": ("majiang.server.loadtest", "load-test a running table server on loopback"),
    "admin": ("majiang.server.admin", "operator commands: adjust silver, balance, ledger check"),
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="majiang", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        escaped = help_text.replace("%", "%%")  # argparse %-formats help, not descriptions
        sub_parser = sub.add_parser(name, help=escaped, description=help_text)
        if name == command:
            module = importlib.import_module(module_name)
            module.add_arguments(sub_parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    command = next((a for a in args_list if not a.startswith("-")), None)
    parser = build_parser(command if command in COMMANDS else None)
    args = parser.parse_args(args_list)
    if args.command is None:
        parser.print_help()
        return 2
    module = importlib.import_module(COMMANDS[args.command][0])
    try:
        result: int = module.run(args)
    except BrokenPipeError:  # the reader went away (`majiang ... | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so that the exit's flush does not raise again
        return 141  # what a shell reports for a command ended by SIGPIPE
    return result


def _version() -> str:
    from majiang import __version__

    return f"majiang {__version__}"


if __name__ == "__main__":
    raise SystemExit(main())
