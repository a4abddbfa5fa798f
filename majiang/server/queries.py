"""Read models: what the HTTP API and the table frames answer (tables, history, hands, replays,
ledger rows). Reads only; the live state of a table's seats comes in as `LiveSeats`."""

from __future__ import annotations

import base64
import hashlib
import hmac
from typing import Any, Protocol

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from majiang import economy
from majiang.server import explained, games, lobby, matches
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
        "stake": table.stake, "practice": bool(table.practice), "turn_seconds": table.turn_seconds,
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
    """The user's last 100 finished hands, newest first: ruleset, result, winners with their
    patterns and value, and what the hand won or lost in units and silver (the hand's stored
    explanation, which the ledger's rows of the hand sum to: `net_units`, `net_silver`)."""
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
        net_units, net_silver = units.get(hand.id, 0), silver.get(hand.id, 0)
        explain = explained.stored(hand.record)
        out.append({
            "hand_id": hand.id, "rules": hand.rules, "seat": seat,
            "table": table.code if table is not None else None,
            "hand_no": hand.hand_no, "stake": hand.stake,
            "ended_at": hand.ended_at.isoformat() if hand.ended_at else None,
            **_outcome(db, hand, seat),
            "units": explain["units"][seat] if explain else net_units,
            "silver": explain["silver"][seat] if explain else net_silver,
            "net_units": net_units, "net_silver": net_silver,
        })
    return out


def _outcome(db: Session, hand: Hand, seat: int) -> dict[str, Any]:
    """`result` (win, loss, draw or even for `seat`), `win_type` and `winners` (seat, name,
    winning tile, patterns, value, units won) of a finished hand, from its record."""
    result = (hand.record or {}).get("settlement") or {}
    winners = list(result.get("winners") or [])
    answers = list(result.get("answers") or [])
    payments = list(result.get("payments") or [])
    names = [u.username if (u := db.get(User, uid)) is not None else None
             for uid in hand.user_ids]
    mine = payments[seat] if seat < len(payments) else 0
    outcome = ("win" if seat in winners else "draw" if not winners
               else "loss" if mine < 0 else "even")
    return {
        "result": outcome, "win_type": result.get("win_type"), "win_tile": result.get("win_tile"),
        "discarder": result.get("discarder"), "names": names,
        "winners": [
            {"seat": w, "name": names[w] if w < len(names) else None,
             "patterns": a.get("patterns", []), "value": a.get("value"),
             "units": (a.get("payments") or [0] * (w + 1))[w]}
            for w, a in zip(winners, answers, strict=False)
        ],
    }


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


def share_token(secret: str, hand_id: int) -> str:
    """The unguessable token of hand `hand_id`'s share link (an HMAC of the server's secret:
    nothing stored, the same after a restart)."""
    digest = hmac.new(secret.encode(), f"majiang-replay:{hand_id}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:16]).decode().rstrip("=")


def may_read(hand: Hand, viewer: User | None, share: str | None, secret: str) -> bool:
    """A finished hand is readable by its players and by anyone holding its share link."""
    if viewer is not None and viewer.id in hand.user_ids:
        return True
    return share is not None and hmac.compare_digest(share, share_token(secret, hand.id))


def replay_json(db: Session, hand: Hand, viewer: User | None, secret: str) -> dict[str, Any]:
    """A finished hand step by step, seen from the viewer's seat if they played it, else (a
    share link's holder) as a spectator: `{..., seat, share, steps: [{seat, action, events,
    view}], settlement}`; `share` (the link's token) only for the hand's players."""
    assert hand.record is not None
    seat = hand.user_ids.index(viewer.id) if viewer is not None and viewer.id in hand.user_ids \
        else None
    return {
        **_hand_head(db, hand),
        "seat": seat,
        "share": share_token(secret, hand.id) if seat is not None else None,
        "steps": games.replay_steps(_engine_record(hand.record), seat),
        "settlement": stored_screen(db, hand.id),
    }


def _engine_record(record: dict[str, Any]) -> dict[str, Any]:
    """The engine's hand record without what the server keeps beside it (the explanation)."""
    return {k: v for k, v in record.items() if k != explained.RECORD_KEY}


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


def for_viewer(data: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A table's (or room's) JSON as user `viewer` may read it: the seats' user ids and
    balances, and the room's owner id and removed players, only for those who sit there (the
    viewer is told whether they were removed)."""
    if viewer is not None and any(s["user_id"] == viewer for s in data["seats"]):
        return data
    out = {**data, "seats": [{k: v for k, v in s.items() if k not in ("user_id", "silver")}
                             for s in data["seats"]]}
    room = data.get("room")
    if isinstance(room, dict):
        kicked = viewer is not None and viewer in (room.get("kicked") or [])
        out["room"] = {**{k: v for k, v in room.items() if k != "owner_id"},
                       "kicked": [viewer] if kicked else []}
    return out
