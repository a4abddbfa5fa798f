"""A table's matches: the game's `Match` (first dealer by lot, length, rotation, totals), stored.

A table plays one match at a time. The match is opened when every seat is ready and none is in
play: its seed (a fresh random number) draws the first dealer by lot in `majiang.game.Match`, as the
rules documents say (the first dealer is chosen at random; at a real table by dice). Between hands
the match lives in its `matches` row (dealer, carry, totals, one summary per hand); each hand's end
rebuilds the `Match` from the row, lets `Match.finish_hand` rotate the deal and add the totals,
and stores it back in the same transaction as the hand's last rows. So the rotation, the rounds of
winds and when the match is over are the game's own code, and a restart loses nothing.
"""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from majiang.game.hand import HandResult
from majiang.game.match import ROUND_NAMES, Carry, Match
from majiang.server.models import MatchRow, Settlement, Table, utcnow

MAX_HANDS = 99


class MatchError(ValueError):
    """A match length the game refuses (the text is bilingual)."""


def check_length(rules: str, hands: Any, rounds: Any) -> None:
    """Refuse a table's match length unless the game's Match takes it."""
    for name, value in (("match_hands", hands), ("match_rounds", rounds)):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise MatchError(f"{name} 须为整数 / {name} must be a whole number, got {value!r}")
    if hands is not None and hands > MAX_HANDS:
        raise MatchError(f"一场最多{MAX_HANDS}局 / a match has at most {MAX_HANDS} hands")
    try:
        Match(rules, 0, hands=hands, rounds=rounds)
    except ValueError as exc:
        raise MatchError(f"场次设置有误 / {exc}") from None


def current(db: Session, table: Table) -> MatchRow | None:
    """The match in play at `table`, if any."""
    return db.scalars(
        select(MatchRow).where(MatchRow.table_id == table.id, MatchRow.status == "playing")
    ).first()


def latest(db: Session, table: Table) -> MatchRow | None:
    """The table's last match (in play or over), if any."""
    return db.scalars(
        select(MatchRow).where(MatchRow.table_id == table.id)
        .order_by(MatchRow.match_no.desc()).limit(1)
    ).first()


def start(db: Session, table: Table, names: list[str]) -> MatchRow:
    """Open the table's next match: a new seed, and the first dealer drawn by lot from it."""
    seed = secrets.randbits(62)
    match = Match(table.rules, seed, hands=table.match_hands, rounds=table.match_rounds)
    last = db.scalar(select(func.max(MatchRow.match_no)).where(MatchRow.table_id == table.id))
    row = MatchRow(
        table_id=table.id, match_no=(last or 0) + 1, rules=table.rules, seed=seed,
        hands=table.match_hands, rounds=table.match_rounds, first_dealer=match.dealer,
        dealer=match.dealer, hands_played=0, carry=match.carry.to_json(),
        units=list(match.totals), silver=[0] * match.players, results=[], names=list(names),
        status="playing",
    )
    db.add(row)
    db.flush()
    return row


def restore(row: MatchRow, options: dict[str, Any] | None = None) -> Match:
    """The game's Match as it stood after the row's last hand."""
    match = Match(row.rules, row.seed, hands=row.hands, dealer=row.first_dealer,
                  options=options, names=list(row.names), rounds=row.rounds)
    match.dealer = row.dealer
    match.carry = Carry.from_json(row.carry)
    match.hand_no = row.hands_played
    match.totals = [int(u) for u in row.units]
    match.results = [_result(summary) for summary in row.results]
    return match


def _result(summary: dict[str, Any]) -> HandResult:
    """A finished hand as the match keeps it (its full result is in the hand's record)."""
    units = [int(u) for u in summary["units"]]
    return HandResult(
        winners=list(summary["winners"]), win_type=summary["win_type"],
        discarder=summary["discarder"], win_tile=None, answers=[], win_payments=[],
        payments=units, settlements=[], next_dealer=int(summary["next_dealer"]),
    )


def deal(row: MatchRow, options: dict[str, Any] | None) -> tuple[int, dict[str, Any]]:
    """The next hand's dealer and options (the table's own plus what the match carries)."""
    match = restore(row, options)
    return match.dealer, match.carry.options(match.rules, match.options)


def finish_hand(db: Session, row: MatchRow, engine: Any, hand_id: int,
                names: list[str]) -> bool:
    """Add the finished hand `engine` to the match (Match.finish_hand); True if the match is over."""
    match = restore(row)
    dealer = match.dealer
    match.current = engine
    result = match.finish_hand()
    silver = [0] * match.players
    for settlement in db.scalars(select(Settlement).where(Settlement.hand_id == hand_id)):
        for seat, amount in enumerate(settlement.silver):
            silver[seat] += int(amount)
    row.dealer = match.dealer
    row.carry = match.carry.to_json()
    row.units = list(match.totals)
    row.silver = [int(a) + b for a, b in zip(row.silver, silver, strict=True)]
    row.results = [*row.results, {
        "hand_id": hand_id, "dealer": dealer, "winners": list(result.winners),
        "win_type": result.win_type, "discarder": result.discarder,
        "units": list(result.payments), "silver": silver, "next_dealer": result.next_dealer,
    }]
    row.hands_played = len(match.results)
    row.names = list(names)
    if match.is_over:
        row.status = "over"
        row.ended_at = utcnow()
    return match.is_over


def length_text(match: Match) -> dict[str, str]:
    """How long the match lasts, in both languages."""
    zh: list[str] = []
    if match.rounds is not None:
        winds = ROUND_NAMES[:match.rounds]
        zh.append(f"{match.rounds}圈（{'、'.join(w for w, _ in winds)}）")
    if match.hands is not None:
        zh.append(f"{match.hands}局" if not zh else f"最多{match.hands}局")
    return {"zh": "，".join(zh), "en": match.length_text()}


def draw_json(row: MatchRow) -> dict[str, Any]:
    """Who deals first and why: the lot of the match's seed (the rules: chosen at random)."""
    seat = row.first_dealer
    name = row.names[seat] if seat < len(row.names) else None
    who_zh = f"座位{seat + 1}（{name}）" if name else f"座位{seat + 1}"
    who_en = f"seat {seat + 1} ({name})" if name else f"seat {seat + 1}"
    return {
        "method": "lot", "dealer": seat, "name": name,
        "text": {
            "zh": f"抽签定庄：{who_zh}坐首局庄。规则：首局庄家随机确定（实桌掷骰）；"
                  "此处由本场的种子抽签，种子在本场结束后公布。",
            "en": f"Drawn by lot: {who_en} deals the first hand. The rules choose the first "
                  "dealer at random (at a real table, by dice); here the lot is drawn from the "
                  "match's seed, shown when the match ends.",
        },
    }


def to_json(row: MatchRow) -> dict[str, Any]:
    """The match for the wire: length, the draw, hands played, the totals per seat (units and
    silver), one summary per hand; the seed once the match is over (to check the lot)."""
    match = restore(row)
    out: dict[str, Any] = {
        "match_id": row.id, "match_no": row.match_no, "rules": row.rules, "status": row.status,
        "hands": match.hands, "rounds": match.rounds, "length": length_text(match),
        "hands_played": row.hands_played, "first_dealer": row.first_dealer,
        "dealer": row.dealer, "round_wind": match.round_wind() if match.round_winds else None,
        "draw": draw_json(row), "names": list(row.names),
        "totals": {"units": list(row.units), "silver": list(row.silver)},
        "results": list(row.results),
    }
    if row.status == "over":
        out["seed"] = row.seed
        out["ended_at"] = row.ended_at.isoformat() if row.ended_at else None
    return out
