"""Friends' rooms (好友房): a table its owner (the creator, `tables.owner_id`) runs before the
match starts: add or remove bots, kick a player, dissolve; an invite link and the room code; a
scoreboard of the match's hands from the stored settlements.

A room is a table with `options["room"]` (`{"kicked": [user ids]}`); no silver moves before a
hand is dealt, so dissolving a room before its match refunds nothing. The owner's controls are
refused once a match is in play (a hand dealt and the match not over).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from majiang.server import lobby, matches
from majiang.server.models import Hand, MatchRow, Settlement, Table, User

KEY = "room"


def is_room(table: Table) -> bool:
    return isinstance((table.options or {}).get(KEY), dict)


def mark(table: Table) -> None:
    """Make `table` a friends' room (a new dict, so the JSON column is rewritten)."""
    table.options = {**(table.options or {}), KEY: {"kicked": []}}


def kicked(table: Table) -> list[int]:
    room = (table.options or {}).get(KEY)
    ids = room.get("kicked") if isinstance(room, dict) else None
    return [i for i in ids if isinstance(i, int)] if isinstance(ids, list) else []


def started(db: Session, table: Table) -> bool:
    """Whether the room's match has started: a hand in play, or a match not yet over."""
    return table.status == "playing" or matches.current(db, table) is not None


def owner_table(db: Session, user: User, code: str) -> Table:
    """The open table at `code`, if `user` owns it and its match has not started."""
    table = lobby.get_table(db, code)
    if table.status not in lobby.OPEN:
        raise lobby.LobbyError("此房间已解散 / this room is closed", 410)
    if table.owner_id != user.id:
        raise lobby.LobbyError("只有房主可以这样做 / only the room's owner may do this", 403)
    if started(db, table):
        raise lobby.LobbyError(
            "本场已开始，房主不能再改座位或解散 / the match has started: the owner can no longer "
            "change seats or dissolve the room", 409)
    return table


def _seat_no(table: Table, seat: Any) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < table.players:
        top = table.players - 1
        raise lobby.LobbyError(f"座位须为0-{top} / seat must be 0..{top}")
    return seat


def add_bot(db: Session, user: User, code: str, seat: int | None, grant: int) -> Table:
    """Seat a bot at `seat` (None: the first free seat)."""
    table = owner_table(db, user, code)
    taken = lobby.seats_of(db, table)
    free = [i for i in range(table.players) if i not in taken]
    if seat is None and not free:
        raise lobby.LobbyError("此房间已满 / this room is full", 409)
    at = free[0] if seat is None else _seat_no(table, seat)
    if at in taken:
        raise lobby.LobbyError(f"座位{at + 1}已有人 / seat {at + 1} is taken", 409)
    lobby.seat_bot(db, table, at, grant)
    return table


def _unseat(db: Session, user: User, code: str, seat: Any, want_bot: bool) -> Table:
    table = owner_table(db, user, code)
    at = _seat_no(table, seat)
    row = lobby.seats_of(db, table).get(at)
    sitter = db.get(User, row.user_id) if row is not None else None
    if row is None or sitter is None:
        raise lobby.LobbyError(f"座位{at + 1}是空的 / seat {at + 1} is empty", 409)
    if sitter.bot != want_bot:
        raise lobby.LobbyError(
            f"座位{at + 1}不是机器人 / seat {at + 1} is not a bot" if want_bot else
            f"座位{at + 1}是机器人，请移除机器人 / seat {at + 1} is a bot: remove it instead",
            409)
    if sitter.id == user.id:
        raise lobby.LobbyError("不能踢自己，请离开或解散 / you cannot kick yourself", 409)
    db.delete(row)
    if not want_bot:
        room = dict((table.options or {}).get(KEY) or {})
        room["kicked"] = sorted({*kicked(table), sitter.id})
        table.options = {**(table.options or {}), KEY: room}
    db.flush()
    return table


def remove_bot(db: Session, user: User, code: str, seat: Any) -> Table:
    return _unseat(db, user, code, seat, want_bot=True)


def kick(db: Session, user: User, code: str, seat: Any) -> Table:
    """Unseat a person; they may not join this room again."""
    return _unseat(db, user, code, seat, want_bot=False)


def dissolve(db: Session, user: User, code: str) -> Table:
    """Close the room before its match (nothing was staked, so nothing is refunded)."""
    table = owner_table(db, user, code)
    lobby.dissolve(db, table)
    return table


def scoreboard(db: Session, row: MatchRow) -> dict[str, Any]:
    """The match's hands, each with the units and silver per seat its stored settlements moved
    (kong money and the hand's end), and the totals."""
    hands = db.scalars(select(Hand).where(Hand.match_id == row.id).order_by(Hand.id)).all()
    players = len(row.units)
    results = {r.get("hand_id"): r for r in row.results}
    out: list[dict[str, Any]] = []
    units_total, silver_total = [0] * players, [0] * players
    for no, hand in enumerate(hands, start=1):
        units, silver = [0] * players, [0] * players
        for s in db.scalars(select(Settlement).where(Settlement.hand_id == hand.id)):
            for i in range(players):
                units[i] += int(s.units[i]) if i < len(s.units) else 0
                silver[i] += int(s.silver[i]) if i < len(s.silver) else 0
        result = results.get(hand.id, {})
        out.append({
            "no": no, "hand_id": hand.id, "dealer": hand.dealer, "status": hand.status,
            "winners": list(result.get("winners") or []), "win_type": result.get("win_type"),
            "units": units, "silver": silver,
        })
        if hand.status == "over":
            units_total = [a + b for a, b in zip(units_total, units, strict=True)]
            silver_total = [a + b for a, b in zip(silver_total, silver, strict=True)]
    return {"match_id": row.id, "match_no": row.match_no, "status": row.status,
            "names": list(row.names), "hands": out,
            "totals": {"units": units_total, "silver": silver_total}}


def room_json(db: Session, table: Table, data: dict[str, Any]) -> dict[str, Any]:
    """The table's JSON (`data`) with the room: owner, invite, settings, whether the match has
    started, who was kicked, the scoreboard of the latest match."""
    owner = db.get(User, table.owner_id) if table.owner_id is not None else None
    row = matches.latest(db, table)
    return {**data, "room": {
        "is_room": is_room(table), "owner": owner.username if owner is not None else None,
        "owner_id": table.owner_id, "invite": f"#/join/{table.code}",
        "started": started(db, table), "kicked": kicked(table),
        "settings": {
            "rules": table.rules, "practice": table.practice, "level": table.level,
            "stake": table.stake, "turn_seconds": table.turn_seconds,
            "match_hands": table.match_hands, "match_rounds": table.match_rounds,
        },
        "scoreboard": scoreboard(db, row) if row is not None else None,
    }}
