"""Read models: what the HTTP API and the table frames answer (tables, history, hands, replays,
ledger rows). Reads only; the live state of a table's seats comes in as `LiveSeats`."""

from __future__ import annotations

from typing import Any, Protocol

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from majiang import economy
from majiang.server import games, lobby, matches
from majiang.server.models import Hand, HandPlayer, LedgerRow, Settlement, Table, User
from majiang.server.settlement import stored_screen
from majiang.server.storage import LiveHand


class LiveSeats(Protocol):
    """A live table's seats: who is connected, who is played by the server (托管)."""

    def connected(self, seat: int) -> bool: ...
    def is_auto(self, seat: int) -> bool: ...


def table_json(db: Session, table: Table, live: LiveSeats | None) -> dict[str, Any]:
    """The `table` object of protocol.md section 4."""
    seats = lobby.seats_of(db, table)
    out_seats = []
    for i in range(table.players):
        s = seats.get(i)
        user = db.get(User, s.user_id) if s is not None else None
        out_seats.append({
            "seat": i,
            "name": user.username if user is not None else None,
            "user_id": user.id if user is not None else None,
            "bot": bool(user is not None and user.bot),
            "silver": user.silver if user is not None else None,
            "ready": bool(s is not None and s.ready),
            "leaving": bool(s is not None and s.leaving),
            "connected": bool(live is not None and live.connected(i)),
            "auto": bool(live is not None and live.is_auto(i)),
        })
    match = matches.latest(db, table)
    return {
        "code": table.code, "rules": table.rules, "players": table.players,
        "level": table.level, "level_info": economy.level(table.level).to_json(),
        "stake": table.stake, "turn_seconds": table.turn_seconds,
        "bank_seconds": table.bank_seconds, "status": table.status, "owner_id": table.owner_id,
        "hands_played": table.hands_played, "dealer": table.dealer, "seats": out_seats,
        "match_hands": table.match_hands, "match_rounds": table.match_rounds,
        "match": matches.to_json(match) if match is not None else None,
    }


def live_view(hand: LiveHand, seat: int | None, auto: set[int]) -> dict[str, Any]:
    """The engine's view of the live hand for `seat` (None: a spectator), with the dice and
    each seat's name, bot and 托管 flags."""
    view: dict[str, Any] = hand.engine.view(seat)
    dice = games.dice(hand.engine)
    if dice is not None:
        view.setdefault("dice", dice)
    for entry in view.get("seats", []):
        i = entry.get("seat")
        if isinstance(i, int) and 0 <= i < len(hand.names):
            entry["name"] = hand.names[i]
            entry["bot"] = hand.bots[i]
            entry["auto"] = i in auto
    return view


def _per_hand(db: Session, user: User, column: Any) -> dict[int, int]:
    return {hand_id: int(total or 0) for hand_id, total in db.execute(
        select(LedgerRow.hand_id, func.sum(column))
        .where(LedgerRow.user_id == user.id, LedgerRow.hand_id.is_not(None))
        .group_by(LedgerRow.hand_id)
    ).all()}


def history(db: Session, user: User) -> list[dict[str, Any]]:
    """The user's last 100 finished hands, newest first, with what each won or lost."""
    rows = db.execute(
        select(Hand, HandPlayer.seat)
        .join(HandPlayer, HandPlayer.hand_id == Hand.id)
        .where(HandPlayer.user_id == user.id, Hand.status == "over")
        .order_by(Hand.id.desc())
        .limit(100)
    ).all()
    silver = _per_hand(db, user, LedgerRow.amount)
    units = _per_hand(db, user, LedgerRow.units)
    out = []
    for hand, seat in rows:
        table = db.get(Table, hand.table_id)
        out.append({
            "hand_id": hand.id, "rules": hand.rules, "seat": seat,
            "table": table.code if table is not None else None,
            "hand_no": hand.hand_no, "stake": hand.stake,
            "ended_at": hand.ended_at.isoformat() if hand.ended_at else None,
            "net_units": units.get(hand.id, 0), "net_silver": silver.get(hand.id, 0),
        })
    return out


def _hand_head(db: Session, hand: Hand) -> dict[str, Any]:
    table = db.get(Table, hand.table_id)
    players = [db.get(User, uid) for uid in hand.user_ids]
    return {
        "hand_id": hand.id, "table": table.code if table is not None else None,
        "rules": hand.rules, "options": hand.options, "hand_no": hand.hand_no,
        "seed": hand.seed, "dealer": hand.dealer, "stake": hand.stake,
        "names": [u.username if u is not None else None for u in players],
        "ended_at": hand.ended_at.isoformat() if hand.ended_at else None,
    }


def hand_json(db: Session, hand: Hand) -> dict[str, Any]:
    """A finished hand: its engine record and every settlement event as posted."""
    settlements = db.scalars(
        select(Settlement).where(Settlement.hand_id == hand.id).order_by(Settlement.event_index)
    )
    return {
        **_hand_head(db, hand),
        "record": hand.record,
        "settlements": [
            {"event_index": s.event_index, "kind": s.kind, "units": s.units,
             "silver": s.silver, "balances_before": s.balances_before,
             "balances_after": s.balances_after}
            for s in settlements
        ],
    }


def replay_json(db: Session, hand: Hand, viewer: User | None) -> dict[str, Any]:
    """A finished hand step by step, seen from the viewer's seat if they played it, else as a
    spectator: `{..., seat, steps: [{seat, action, events, view}], settlement}`."""
    assert hand.record is not None
    seat = hand.user_ids.index(viewer.id) if viewer is not None and viewer.id in hand.user_ids \
        else None
    return {
        **_hand_head(db, hand),
        "seat": seat,
        "steps": games.replay_steps(hand.record, seat),
        "settlement": stored_screen(db, hand.id),
    }


def ledger_rows(db: Session, user: User) -> list[dict[str, Any]]:
    """The user's last 200 ledger rows, newest first."""
    rows = db.scalars(
        select(LedgerRow).where(LedgerRow.user_id == user.id)
        .order_by(LedgerRow.id.desc()).limit(200)
    )
    return [
        {"id": r.id, "amount": r.amount, "kind": r.kind, "reason": r.reason,
         "hand_id": r.hand_id, "balance_after": r.balance_after,
         "created_at": r.created_at.isoformat()}
        for r in rows
    ]
