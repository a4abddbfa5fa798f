"""`majiang score`: the scoring contract on the command line, and `--explain` for people."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from majiang.rules.base import RequestError
from majiang.scoring import score, score_request
from majiang.tiles import TileError

WIN_TYPE_NAMES = {
    "self_drawn": ("自摸", "self-drawn"),
    "discard": ("点炮", "discard"),
    "robbing_kong": ("抢杠", "robbing the kong"),
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", help="ruleset id (also the default for requests on stdin)")
    parser.add_argument("--hand", help="the winner's concealed tiles without the winning tile")
    parser.add_argument("--win-tile", help="the winning tile")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--self-drawn", action="store_true", help="self-drawn win (the default)")
    how.add_argument("--discarder", type=int, help="seat that discarded the winning tile")
    how.add_argument(
        "--robbing-kong", type=int, metavar="KONGER", help="seat whose kong was robbed"
    )
    parser.add_argument("--winner", type=int, help="winner's seat (default 0)")
    parser.add_argument("--dealer", type=int, help="dealer's seat (default 0)")
    parser.add_argument("--players", type=int, help="seats at the table")
    parser.add_argument(
        "--melds",
        help="declared melds, comma separated KIND:TILES[@FROM], e.g. pung:555z@1,"
        "concealed_kong:9999p",
    )
    parser.add_argument("--flags", help="comma separated flags, e.g. kong_replacement,last_tile")
    parser.add_argument("--laizi", help="wuhan: the wildcard kind")
    parser.add_argument("--indicator", help="wuhan: the turned indicator tile")
    parser.add_argument("--round-wind", help="yangzhou: 1z..4z")
    parser.add_argument("--seat-wind", help="yangzhou: 1z..4z")
    parser.add_argument(
        "--others", help='per-seat state as JSON, e.g. \'{"1": {"declared": true}}\''
    )
    parser.add_argument("--explain", action="store_true", help="explain each answer for people")


def run(args: argparse.Namespace) -> int:
    if args.hand is not None or args.win_tile is not None:
        try:
            requests: list[Any] = [request_from_flags(args)]
        except ValueError as exc:
            print(f"majiang score: {exc}", file=sys.stderr)
            return 2
    else:
        requests = read_requests(sys.stdin.read())
    if not requests:
        print("majiang score: no request read: give JSON on stdin, or --hand and --win-tile / "
              "未读到请求", file=sys.stderr)
        return 2
    all_ok = True
    for request in requests:
        if isinstance(request, dict) and isinstance(request.get("input"), dict) \
                and "rules" not in request:  # a worked example: {"case", "input", "expect"}
            request = request["input"]
        if isinstance(request, dict) and args.rules and "rules" not in request:
            request = {**request, "rules": args.rules}
        answer = score(request) if not isinstance(request, _Unreadable) else request.answer()
        all_ok = all_ok and answer.get("ok") is True
        if args.explain:
            print(explain(request, answer))
        else:
            print(json.dumps(answer, ensure_ascii=False), flush=True)
    return 0 if all_ok else 1


class _Unreadable:
    """A stdin line that is not JSON: answered with ok false like any bad request."""

    def __init__(self, line: str, error: str) -> None:
        self.line, self.error = line, error

    def answer(self) -> dict[str, Any]:
        return {"ok": False, "error": f"request: not JSON ({self.error}): {self.line[:80]!r}",
            "field": "request"}


def read_requests(text: str) -> list[Any]:
    """One JSON object (possibly over several lines), a JSON list, or JSON Lines."""
    stripped = text.strip()
    if not stripped:
        return []
    try:
        whole = json.loads(stripped)
    except json.JSONDecodeError:
        whole = None
    else:
        return whole if isinstance(whole, list) else [whole]
    out: list[Any] = []
    for line in stripped.splitlines():
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as exc:
            out.append(_Unreadable(line, exc.msg))
    return out


def request_from_flags(args: argparse.Namespace) -> dict[str, Any]:
    request: dict[str, Any] = {"rules": args.rules or "tuidaohu", "hand": args.hand or "",
                               "win_tile": args.win_tile}
    if args.discarder is not None:
        request.update(win_type="discard", discarder=args.discarder)
    elif args.robbing_kong is not None:
        request.update(win_type="robbing_kong", discarder=args.robbing_kong)
    else:
        request["win_type"] = "self_drawn"
    for name in ("winner", "dealer", "players", "laizi", "indicator", "round_wind", "seat_wind"):
        if getattr(args, name) is not None:
            request[name] = getattr(args, name)
    if args.melds:
        request["melds"] = [_meld_from_text(part) for part in args.melds.split(",") if part]
    if args.flags:
        request["flags"] = [f.strip() for f in args.flags.split(",") if f.strip()]
    if args.others:
        try:
            request["others"] = json.loads(args.others)
        except json.JSONDecodeError as exc:
            raise ValueError(f"--others is not JSON: {exc.msg}") from None
    return request


def _meld_from_text(text: str) -> dict[str, Any]:
    kind, sep, rest = text.strip().partition(":")
    if not sep:
        raise ValueError(f"--melds: {text!r} is not KIND:TILES[@FROM]")
    tiles, _, feeder = rest.partition("@")
    meld: dict[str, Any] = {"kind": kind, "tiles": tiles}
    if feeder:
        if not feeder.isdigit():
            raise ValueError(f"--melds: {text!r}: the seat after @ must be a number")
        meld["from"] = int(feeder)
    return meld


def payment_lines(payments: list[int], winner: int, reason: str) -> list[str]:
    """'payer -> payee: amount (reason)' for one winner's payments."""
    return [
        f"seat {seat} -> seat {winner}: {-amount} ({reason})"
        for seat, amount in enumerate(payments)
        if amount < 0
    ]


def explain(request: Any, answer: dict[str, Any]) -> str:
    """The answer in words: arrangement, patterns with names and values, combination, payments."""
    if answer.get("ok") is not True:
        return f"invalid request: {answer.get('error')}"
    try:
        ruleset, req, result = score_request(request)
    except (RequestError, TileError) as exc:  # pragma: no cover - score() already accepted it
        return f"invalid request: {exc}"
    lines = [f"{ruleset.zh} {ruleset.en} ({ruleset.id}): seat {req.winner}, "
             f"{' / '.join(WIN_TYPE_NAMES[req.win_type])}"]
    if not answer["win"]:
        lines.append(f"不和 no win: {answer['reason']} — {answer.get('detail', '')}")
    scored = result.scored
    if scored is not None and answer["patterns"]:
        lines.append("牌型 arrangement: " + " ".join(scored.reading.decomposition()))
        lines.append("番种 patterns:")
        for pattern, times in scored.patterns:
            lines.append(f"  {pattern.zh} {pattern.en} [{pattern.id}]: {pattern.value * times}")
        how = {
            "best": "only the best pattern counts",
            "sum": "patterns add up",
            "product": "patterns multiply",
        }[ruleset.combine]
        lines.append(f"合计 value: {answer['value']} ({how})")
    if answer["win"] and scored is not None:
        explained = ruleset.explain(req, scored)
        lines.append("每家 each loser (base × factors → cap → doublings = units):")
        lines.extend("  " + line for line in explained.lines())
        reason = "包牌 liability" if answer.get("liable") is not None else " ".join(
            WIN_TYPE_NAMES[req.win_type]
        )
        if explained.liability is not None:
            reason = f"{explained.liability.zh} / {explained.liability.en}"
        lines.append("付款 payments:")
        lines.extend("  " + line for line in payment_lines(answer["payments"], req.winner, reason))
    return "\n".join(lines)
