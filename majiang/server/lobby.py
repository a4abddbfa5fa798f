"""The lobby: open, join, leave, ready and dissolve tables; quick play with bots; bot accounts;
practice tables (练习场: stake 0, open to everyone, no silver moves).

Pure database work on one session; the table actors (`majiang.server.manager`) are told about
changes by the caller. Codes avoid confusable characters (no 0/O/1/I/L).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from majiang import economy
from majiang.server import games, matches
from majiang.server.accounts import AccountError, create_user
from majiang.server.db import lock_row
from majiang.server.models import Seat, Table, User
from majiang.shown import short

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 5
OPEN = ("waiting", "playing")
MIN_TURN, MAX_TURN = 5, 120


class LobbyError(ValueError):
    """A refused lobby request; `status` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class TableRequest:
    rules: str
    level: int | None = None
    bots: int = 0
    turn_seconds: int | None = None
    match_hands: int | None = None  # None: the ruleset's default (majiang.game.Match)
    match_rounds: int | None = None  # rounds of winds where the ruleset has them
    practice: bool = False  # 练习场: level 1, stake 0, any balance may sit


def new_code(db: Session) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if db.scalars(select(Table).where(Table.code == code)).first() is None:
            return code


def normalize_code(code: str) -> str:
    return code.strip().upper()


def get_table(db: Session, code: str) -> Table:
    table = db.scalars(select(Table).where(Table.code == normalize_code(code))).first()
    if table is None:
        raise LobbyError(f"没有这张桌子 / no table with code {short(code)}", 404)
    return table


def seats_of(db: Session, table: Table) -> dict[int, Seat]:
    return {s.seat: s for s in db.scalars(select(Seat).where(Seat.table_id == table.id))}


def current_table(db: Session, user: User) -> Table | None:
    """The open table where `user` sits, if any (a player sits at one table at a time)."""
    return db.scalars(
        select(Table)
        .join(Seat, Seat.table_id == Table.id)
        .where(Seat.user_id == user.id, Table.status.in_(OPEN))
    ).first()


def hold(db: Session, row: User | Table) -> None:
    """Take `row` for the rest of the transaction (a row lock on PostgreSQL, the write lock on
    SQLite), then read it afresh: two requests that would seat one player, or fill one table's
    last seat, run one after the other, and the second sees what the first did."""
    lock_row(db, type(row), row.id)
    db.refresh(row)


def _check_free(db: Session, user: User, table: Table | None = None) -> None:
    hold(db, user)  # one table at a time, even for requests sent at once
    other = current_table(db, user)
    if other is not None and (table is None or other.id != table.id):
        raise LobbyError(f"你已在桌 {other.code} / you already sit at table {other.code}", 409)


def may_sit(user: User, table: Table) -> bool:
    """Whether `user` may sit at (or stay at) `table`: anyone at practice, else the economy's
    level and per-ruleset seat requirement."""
    return table.practice or economy.may_sit(user.silver, table.level, table.rules)


def _check_may_sit(user: User, table: Table) -> None:
    refusal = None if table.practice else economy.seat_refusal(
        user.silver, table.level, table.rules)
    if refusal is not None:
        raise LobbyError(refusal, 403)


def bot_for(db: Session, table: Table, grant_amount: int) -> User:
    """A bot account free to sit at `table` (level and balance allow it), created if needed.

    Safe under concurrent quick plays: on PostgreSQL a free bot's row is locked (`SKIP LOCKED`,
    so two transactions never take the same bot), and a new bot gets a random name, created
    again under another (in a savepoint) if that one was taken."""
    busy = select(Seat.user_id).join(Table, Table.id == Seat.table_id).where(
        Table.status.in_(OPEN)
    )
    need = 1 if table.practice else economy.seat_minimum(table.rules, table.level)
    bot = db.scalars(
        select(User)
        .where(User.bot.is_(True), User.silver >= max(need, 1), User.id.not_in(busy))
        .order_by(User.id)
        .limit(1)
        .with_for_update(skip_locked=True)
    ).first()
    if bot is not None:
        return bot
    funding = max(grant_amount, 4 * need)
    for _ in range(8):
        # a random name, as a guest's: a counted one ("bot-{n + 1}") is the same name in every
        # quick play at once, and each insert waits on the unique index for the one before
        name = f"bot-{secrets.token_hex(3)}"
        try:
            with db.begin_nested():
                return create_user(db, name, None, grant_amount=funding, bot=True)
        except (IntegrityError, AccountError):
            pass  # the name was taken (by another quick play at the same moment, perhaps)
    raise LobbyError("暂时无法安排机器人，请重试 / no bot could be seated just now: try again", 503)


def seat_bot(db: Session, table: Table, seat: int, grant_amount: int) -> Seat:
    bot = bot_for(db, table, grant_amount)
    row = Seat(table_id=table.id, seat=seat, user_id=bot.id, ready=True)
    db.add(row)
    db.flush()
    return row


def quickplay_level(user: User, rules: str | None = None) -> int | None:
    """Quick play sits a player at the highest level their balance may sit at for `rules`
    (None: none, so a practice table); at 临时工 (2) it uses 待业 (1), the same stake, so that a
    newcomer's first loss (100 -> 99 taels) does not unseat them."""
    best = economy.best_level(user.silver, rules or "")
    return 1 if best == 2 else best


def create_table(
    db: Session, user: User, req: TableRequest, *, default_turn: int, bank_seconds: int,
    grant_amount: int, fill_bots: bool = False, min_turn: int = MIN_TURN,
) -> Table:
    """Open a table, seat its creator at seat 0 and `req.bots` bots after. The table plays
    matches of `req.match_hands` hands / `req.match_rounds` rounds of winds (the ruleset's
    default when None); the first dealer of each match is drawn by lot when it starts."""
    info = games.ruleset_info(req.rules)
    own = economy.level_for(user.silver).index
    level = 1 if req.practice else own if req.level is None else req.level
    if not isinstance(level, int) or not 1 <= level <= len(economy.LEVELS):
        top = len(economy.LEVELS)
        raise LobbyError(f"等级须为1-{top} / level must be 1..{top}")
    if level > own and not req.practice:
        raise LobbyError(
            f"不能开高于自己等级的桌 / you may open tables up to your own level ({own})", 403
        )
    players = int(info["players"])
    bots = req.bots
    if not isinstance(bots, int) or not 0 <= bots <= players - 1:
        raise LobbyError(f"机器人数须为0-{players - 1} / bots must be 0..{players - 1}")
    turn = default_turn if req.turn_seconds is None else req.turn_seconds
    if not isinstance(turn, int) or not min_turn <= turn <= MAX_TURN:
        raise LobbyError(
            f"每步时间须为{min_turn}-{MAX_TURN}秒 / turn_seconds must be {min_turn}..{MAX_TURN}"
        )
    try:
        matches.check_length(req.rules, req.match_hands, req.match_rounds)
    except matches.MatchError as exc:
        raise LobbyError(str(exc)) from None
    _check_free(db, user)
    table = Table(
        code=new_code(db), rules=req.rules, players=players, level=level,
        stake=0 if req.practice else economy.level(level).stake, turn_seconds=turn,
        bank_seconds=bank_seconds, options={}, fill_bots=fill_bots, practice=req.practice,
        status="waiting", owner_id=user.id, hands_played=0, dealer=0,
        match_hands=req.match_hands, match_rounds=req.match_rounds,
    )
    _check_may_sit(user, table)
    db.add(table)
    db.flush()
    db.add(Seat(table_id=table.id, seat=0, user_id=user.id, ready=fill_bots))
    for seat in range(1, bots + 1):
        seat_bot(db, table, seat, grant_amount)
    db.flush()
    return table


def join_table(db: Session, user: User, code: str) -> Table:
    table = get_table(db, code)
    hold(db, table)  # joins of one table in turn: the last seat goes once
    if table.status not in OPEN:
        raise LobbyError("此桌已解散 / this table is closed", 410)
    seats = seats_of(db, table)
    mine = next((s for s in seats.values() if s.user_id == user.id), None)
    if mine is not None:  # back at one's own seat: a leave asked for during the hand is undone
        mine.leaving = False
        db.flush()
        return table
    room = (table.options or {}).get("room")
    if isinstance(room, dict) and user.id in (room.get("kicked") or []):
        raise LobbyError("房主已将你请出此房间 / the owner removed you from this room", 403)
    _check_free(db, user, table)
    _check_may_sit(user, table)
    free = [i for i in range(table.players) if i not in seats]
    if not free:
        raise LobbyError("此桌已满 / this table is full", 409)
    db.add(Seat(table_id=table.id, seat=free[0], user_id=user.id, ready=False))
    db.flush()
    return table


def my_seat(db: Session, user: User, table: Table) -> Seat:
    seat = db.scalars(
        select(Seat).where(Seat.table_id == table.id, Seat.user_id == user.id)
    ).first()
    if seat is None:
        raise LobbyError("你不在此桌 / you do not sit at this table", 403)
    return seat


def set_ready(db: Session, user: User, code: str) -> Table:
    """The user's seat at `code` is ready for the next deal."""
    table = get_table(db, code)
    _mark_ready(db, user, table)
    return table


def _mark_ready(db: Session, user: User, table: Table) -> bool:
    """The user's seat ready; whether it was not before."""
    seat = my_seat(db, user, table)
    was = seat.ready
    seat.ready = True
    db.flush()
    return not was


def set_ready_by_id(db: Session, user_id: int, code: str) -> bool:
    """`set_ready` for the user with id `user_id` (a table connection's user): whether the seat
    was not ready before (a Ready said again changes nothing)."""
    user = db.get(User, user_id)
    if user is None:
        raise LobbyError("没有此用户 / no such user")
    return _mark_ready(db, user, get_table(db, code))


def leave_table(db: Session, user: User, code: str) -> Table:
    """Leave; during a hand the seat stays in it (played by the server) and is freed after.
    The table is held first, as a deal holds it: a leave sent as the next hand is dealt comes
    before the deal (the seat is gone) or after it (the seat plays that hand out)."""
    table = get_table(db, code)
    hold(db, table)
    seat = my_seat(db, user, table)
    if table.status == "playing":
        seat.leaving = True
    else:
        db.delete(seat)
        db.flush()
        if not close_if_empty(db, table) and table.owner_id == user.id:
            table.owner_id = next_owner(db, table)
    db.flush()
    return table


def next_owner(db: Session, table: Table) -> int | None:
    """The person who takes over a table its owner left: the lowest seated human."""
    for _, seat in sorted(seats_of(db, table).items()):
        user = db.get(User, seat.user_id)
        if user is not None and not user.bot and not seat.leaving:
            return user.id
    return None


def close_if_empty(db: Session, table: Table) -> bool:
    """Close a table with no human left (bots never play on their own)."""
    users = [db.get(User, s.user_id) for s in seats_of(db, table).values() if not s.leaving]
    if any(u is not None and not u.bot for u in users):
        return False
    dissolve(db, table)
    return True


def dissolve(db: Session, table: Table) -> None:
    for seat in seats_of(db, table).values():
        db.delete(seat)
    matches.abandon(db, table)
    table.status = "closed"
    db.flush()


def dissolve_by(db: Session, user: User, code: str) -> Table:
    table = get_table(db, code)
    hold(db, table)  # not while a deal is being made (see `leave_table`)
    if table.owner_id != user.id:
        raise LobbyError("只有开桌者可以解散 / only the table's owner may dissolve it", 403)
    if table.status == "playing":
        raise LobbyError("牌局进行中，不能解散 / a hand is in progress; dissolve after it", 409)
    if "room" in (table.options or {}) and matches.current(db, table) is not None:
        raise LobbyError("本场已开始，不能解散房间 / the match has started: the room cannot be "
                         "dissolved", 409)
    dissolve(db, table)
    return table


def refresh_seats(db: Session, table: Table, grant_amount: int) -> list[int]:
    """Before a deal: unseat leavers and players who may no longer sit (economy.md section 3).

    Bots are replaced by fresh bots; human seats are refilled by bots on quick-play tables.
    Returns the user ids unseated.
    """
    gone: list[int] = []
    for seat in list(seats_of(db, table).values()):
        user = db.get(User, seat.user_id)
        if user is None:
            continue
        if seat.leaving or not may_sit(user, table):
            gone.append(user.id)
            db.delete(seat)
            db.flush()
            if user.bot or table.fill_bots:
                seat_bot(db, table, seat.seat, grant_amount)
    if table.owner_id in gone:
        table.owner_id = next_owner(db, table)
    db.flush()
    return gone


def open_tables(db: Session) -> list[Table]:
    return list(
        db.scalars(select(Table).where(Table.status.in_(OPEN)).order_by(Table.id.desc()).limit(100))
    )
