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
from datetime import UTC
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from majiang.server import games
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
        games.new_match(rules, 0, hands, rounds)
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
    match = games.new_match(table.rules, seed, table.match_hands, table.match_rounds)
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


def for_deal(db: Session, table: Table, names: list[str]) -> tuple[MatchRow, bool]:
    """The match the next hand belongs to, and whether it was opened just now."""
    row = current(db, table)
    if row is not None:
        return row, False
    return start(db, table, names), True


def abandon(db: Session, table: Table) -> None:
    """The table closes: a match still in play ends unfinished ("abandoned")."""
    row = current(db, table)
    if row is not None:
        row.status = "abandoned"
        row.ended_at = utcnow()


def restore(row: MatchRow, options: dict[str, Any] | None = None) -> Any:
    """The game's Match as it stood after the row's last hand."""
    return games.restore_match({
        "rules": row.rules, "seed": row.seed, "hands": row.hands, "rounds": row.rounds,
        "first_dealer": row.first_dealer, "dealer": row.dealer, "carry": row.carry,
        "units": row.units, "played": len(row.results),
    }, options)


def deal(row: MatchRow, options: dict[str, Any] | None) -> tuple[int, dict[str, Any]]:
    """The next hand's dealer and options (the table's own plus what the match carries)."""
    match = restore(row, options)
    return int(match.dealer), dict(match.carry.options(match.rules, match.options))


def finish_hand(db: Session, row: MatchRow, engine: Any, hand_id: int,
                names: list[str]) -> bool:
    """Add the finished `engine` hand to the match (Match.finish_hand); True if it is over."""
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
    row.hands_played = match.played
    row.names = list(names)
    over = bool(match.is_over)
    if over:
        row.status = "over"
        row.ended_at = utcnow()
    return over


def length_text(match: Any) -> dict[str, str]:
    """How long the match lasts, in both languages."""
    zh: list[str] = []
    if match.rounds is not None:
        winds = games.round_names(match.rounds)
        zh.append(f"{match.rounds}圈（{'、'.join(w for w, _ in winds)}）")
    if match.hands is not None:
        zh.append(f"{match.hands}局" if not zh else f"最多{match.hands}局")
    return {"zh": "，".join(zh), "en": str(match.length_text())}


def draw_json(row: MatchRow) -> dict[str, Any]:
    """Who deals first and why: the lot of the match's seed (the rules: chosen at random)."""
    seat = row.first_dealer
    name = row.names[seat] if seat < len(row.names) else None
    who_zh = f"座位{seat + 1}（{name}）" if name else f"座位{seat + 1}"
    who_en = f"seat {seat + 1} ({name})" if name else f"seat {seat + 1}"
    return {
        "method": "lot", "dealer": seat, "name": name,
        "text": {
            "zh": f"{who_zh}抽签坐首局庄（如实桌掷骰定庄；本场结束后可验证）。",
            "en": f"{who_en} drew the first deal by lot (as dice would at a real table; it can "
                  "be checked when the match ends).",
        },
    }


def to_json(row: MatchRow) -> dict[str, Any]:
    """The match for the wire: length, the draw, hands played, the totals per seat (units and
    silver), one summary per hand; the seed once the match is over (to check the lot)."""
    match = restore(row)
    out: dict[str, Any] = {
        "match_id": row.id, "match_no": row.match_no, "rules": row.rules, "status": row.status,
        "match_hands": match.hands, "match_rounds": match.rounds, "length": length_text(match),
        "hands_played": row.hands_played, "first_dealer": row.first_dealer,
        "dealer": row.dealer, "round_wind": match.round_wind() if match.round_winds else None,
        "draw": draw_json(row), "names": list(row.names),
        "totals": {"units": list(row.units), "silver": list(row.silver)},
        "results": list(row.results),
    }
    if row.status == "over":
        out["seed"] = row.seed
        out["summary"] = summary(row)
        ended = row.ended_at
        if ended is not None and ended.tzinfo is None:  # SQLite keeps no zone: it was UTC
            ended = ended.replace(tzinfo=UTC)
        out["ended_at"] = ended.isoformat() if ended is not None else None
    return out


def summary(row: MatchRow) -> list[dict[str, Any]]:
    """The match's end, per seat, best first (silver, then units): place, name, totals, wins,
    self-drawn wins, deal-ins and the best hand's units."""
    seats: list[dict[str, Any]] = [{
        "seat": i, "name": row.names[i] if i < len(row.names) else None,
        "units": int(u), "silver": int(row.silver[i]) if i < len(row.silver) else 0,
        "wins": 0, "self_drawn": 0, "deal_ins": 0, "best": 0,
    } for i, u in enumerate(row.units)]
    for result in row.results:
        for w in result.get("winners") or []:
            if isinstance(w, int) and 0 <= w < len(seats):
                seats[w]["wins"] += 1
                seats[w]["self_drawn"] += result.get("win_type") == "self_drawn"
        d = result.get("discarder")
        if isinstance(d, int) and 0 <= d < len(seats) and result.get("winners"):
            seats[d]["deal_ins"] += 1
        for i, u in enumerate(result.get("units") or []):
            if i < len(seats):
                seats[i]["best"] = max(seats[i]["best"], int(u))
    ranked = sorted(seats, key=lambda s: (-s["silver"], -s["units"], s["seat"]))
    for place, entry in enumerate(ranked, start=1):
        entry["place"] = place
    return ranked
