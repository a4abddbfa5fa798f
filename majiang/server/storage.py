"""Hand storage: a hand is its seed plus its actions, stored as they are played.

Each applied action is one `hand_actions` row, written together with the settlements it caused
and, at the hand's end, the hand's record and the table's next state, in one transaction before
anything is sent. A live hand is rebuilt from its seed and stored actions, so a restarted server
loses nothing and pays nothing twice.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import Engine, insert, select
from sqlalchemy import Table as SATable
from sqlalchemy.orm import Session, sessionmaker

from majiang.server import explained, games, ledger, lobby, matches
from majiang.server.games import Action, Event
from majiang.server.models import Hand, HandAction, HandPlayer, MatchRow, Seat, Table, User, utcnow

HAND_ACTIONS = cast(SATable, HandAction.__table__)  # Core inserts: one per action, on the hot path
ADD_ACTION = insert(HAND_ACTIONS)  # built once; one parameter dict is a single execute
log = logging.getLogger(__name__)


@dataclass
class LiveHand:
    """A table's hand in play (the engine's hand) and what the table tracks around it."""

    hand_id: int
    engine: Any
    user_ids: list[int]
    names: list[str]
    bots: list[bool]
    stake: int
    action_idx: int = 0
    settle_idx: int = 0
    bank: dict[int, float] = field(default_factory=dict)
    timeouts: dict[int, int] = field(default_factory=dict)
    bot_players: dict[int, Any] = field(default_factory=dict)
    commitment: str | None = None  # the fair shuffle's, public from the deal (fanout.announced)
    nonce: str | None = None


@dataclass(frozen=True)
class Saved:
    """What storing an action did: the settlements it posted, and at a hand's end the match
    that ended with it (its JSON), if one did."""

    posted: list[ledger.Posted]
    match_over: dict[str, Any] | None = None


def rebuild(db: Session, hand_id: int) -> LiveHand:
    """Hand `hand_id` replayed on the engine from its seed and stored actions."""
    row = db.get(Hand, hand_id)
    assert row is not None
    found = {u.id: u for u in db.scalars(select(User).where(User.id.in_(row.user_ids)))}
    users = [found.get(uid) for uid in row.user_ids]
    stored = list(db.scalars(
        select(HandAction).where(HandAction.hand_id == hand_id).order_by(HandAction.idx)
    ))
    names = [u.username if u is not None else "?" for u in users]
    engine = games.new_hand(row.rules, row.seed, row.dealer, row.options, row.hand_no, names)
    hand = LiveHand(
        hand_id=row.id, engine=engine, user_ids=list(row.user_ids), names=names,
        bots=[bool(u is not None and u.bot) for u in users], stake=row.stake,
        commitment=row.seed_commitment, nonce=row.seed_nonce,
    )
    for stored_action in stored:
        games.apply(engine, stored_action.seat, Action.from_json(stored_action.action))
        hand.action_idx += 1
    hand.settle_idx = len(games.settlements(engine))
    return hand


def explain_or_none(db: Session, hand: LiveHand) -> dict[str, Any] | None:
    """The finished hand's explanation (`explained`), its settlement rows posted in `db`; None
    (logged) if it cannot be built: the hand is stored and paid all the same."""
    try:
        return explained.hand_explanation(db, hand.engine, hand.hand_id, hand.stake)
    except Exception:  # an explanation never stops a hand from ending
        log.exception("hand %s: no explanation of its settlement", hand.hand_id)
        return None


@dataclass(frozen=True)
class Deal:
    """What a deal check found: the table closed, a hand dealt (with the opening match's JSON
    when a match began), or neither (`changed`: seats were refreshed)."""

    closed: bool = False
    hand_id: int | None = None
    opening: dict[str, Any] | None = None
    changed: bool = False
    playing: int | None = None  # a hand of the table still playing: resumed, never dealt over


class HandStore:
    """The database side of one table: its row, its hands and their actions."""

    def __init__(self, sessions: sessionmaker[Session], autocommit: Engine, code: str,
                 bot_name: str) -> None:
        self.sessions = sessions
        self.autocommit = autocommit
        self.code = code
        self.bot_name = bot_name
        self.table_id: int | None = None
        self.turn_seconds: int | None = None  # the table's, once read

    def db(self) -> Session:
        return self.sessions()

    def table(self, db: Session) -> Table:
        """The table's row (cached id; its turn time kept in `turn_seconds`)."""
        table = db.get(Table, self.table_id) if self.table_id is not None else None
        if table is None:
            table = lobby.get_table(db, self.code)
            self.table_id = table.id
        self.turn_seconds = table.turn_seconds
        return table

    def seats_by_user(self) -> dict[int, int]:
        """The seat of each user seated at the table."""
        with self.db() as db:
            return {s.user_id: s.seat for s in lobby.seats_of(db, self.table(db)).values()}

    def try_deal(self, grant: int) -> Deal:
        """Deal when every seat is taken and ready, after unseating who may no longer sit (and
        closing a table with no human left). The table is held (`lobby.hold`) for the whole
        deal: a leave, join or dissolve sent meanwhile runs before it or after it."""
        with self.db() as db:
            table = self.table(db)
            lobby.hold(db, table)
            playing = self._playing(db, table)
            if playing is not None:
                return Deal(playing=playing)
            if table.status == "closed":
                db.commit()
                return Deal(closed=True)
            seats = lobby.seats_of(db, table)
            if len(seats) < table.players or not all(s.ready for s in seats.values()):
                return Deal()
            lobby.refresh_seats(db, table, grant)
            if lobby.close_if_empty(db, table):
                db.commit()
                return Deal(closed=True)
            seats = lobby.seats_of(db, table)
            if len(seats) < table.players or not all(s.ready for s in seats.values()):
                db.commit()
                return Deal(changed=True)
            hand_id, opening = self._open_hand(db, table, seats)
            db.commit()
        return Deal(hand_id=hand_id, opening=opening)

    def _open_hand(self, db: Session, table: Table, seats: dict[int, Seat]
                   ) -> tuple[int, dict[str, Any] | None]:
        """Store a new hand for the seated players (opening a match if none is in play): its id
        and, for a new match, the match's JSON."""
        user_ids = [seats[i].user_id for i in range(table.players)]
        names = [u.username if (u := db.get(User, uid)) is not None else "?" for uid in user_ids]
        match, opened = matches.for_deal(db, table, names)
        dealer, options = matches.deal(match, table.options)
        table.dealer = dealer
        opening = matches.to_json(match) if opened else None
        row = Hand(
            table_id=table.id, match_id=match.id, hand_no=table.hands_played + 1,
            rules=table.rules, options=options, seed=secrets.randbits(62), dealer=dealer,
            stake=table.stake, user_ids=user_ids, status="playing",
        )
        db.add(row)
        db.flush()
        for i in range(table.players):
            db.add(HandPlayer(hand_id=row.id, seat=i, user_id=seats[i].user_id))
        table.status = "playing"
        return row.id, opening

    def load(self, hand_id: int) -> LiveHand:
        """The stored hand rebuilt from its seed and actions (a new hand has none yet)."""
        with self.db() as db:
            hand = rebuild(db, hand_id)
            bank = float(self.table(db).bank_seconds)
        hand.bank = {i: bank for i in range(len(hand.user_ids))}
        return hand

    def playing(self) -> int | None:
        """The table's unfinished hand, if any."""
        with self.db() as db:
            return self._playing(db, self.table(db))

    @staticmethod
    def _playing(db: Session, table: Table) -> int | None:
        return db.scalars(
            select(Hand.id).where(Hand.table_id == table.id, Hand.status == "playing")
        ).first()

    def last_over(self) -> int | None:
        """The table's last finished hand, if any."""
        with self.db() as db:
            table = self.table(db)
            return db.scalars(
                select(Hand.id)
                .where(Hand.table_id == table.id, Hand.status == "over")
                .order_by(Hand.hand_no.desc())
                .limit(1)
            ).first()

    def save_action(self, hand: LiveHand, seat: int, action: Action, events: list[Event],
                    source: str, grant: int, again: bool = False) -> Saved:
        """Store an applied action with its events, the settlements it caused and, if it ended
        the hand, the hand's last rows; all in one transaction. `again`: a retry after a
        failure that may have come after the commit: a stored row is not written twice."""
        if again:
            with self.db() as db:
                if self._stored(db, hand):
                    return self._saved_before(db, hand)
        over = bool(hand.engine.is_over)
        row = {
            "hand_id": hand.hand_id, "idx": hand.action_idx, "seat": seat,
            "action": action.to_json(), "events": [e.to_record() for e in events],
            "source": source, "created_at": utcnow(),
        }
        saved = Saved([])
        if not over and hand.settle_idx == len(games.settlements(hand.engine)):
            # Nothing but the action row (most actions): one statement is its own transaction,
            # so it is sent in autocommit mode, one round trip instead of BEGIN, INSERT, COMMIT.
            with self.autocommit.connect() as conn:
                conn.execute(ADD_ACTION, row)
        else:
            with self.db() as db:
                db.execute(ADD_ACTION, row)
                table_id = self.table_id if self.table_id is not None else self.table(db).id
                entries = games.settlements(hand.engine)
                for index in range(hand.settle_idx, len(entries)):
                    entry = entries[index]
                    saved.posted.append(ledger.post_settlement(
                        db, hand_id=hand.hand_id, table_id=table_id,
                        event_index=index, kind=str(entry["type"]),
                        units=[int(u) for u in entry["payments"]], stake=hand.stake,
                        user_ids=hand.user_ids,
                    ))
                if over:
                    saved = Saved(saved.posted, self.finish(db, hand, grant))
                db.commit()
            hand.settle_idx = len(games.settlements(hand.engine))  # only once committed
        hand.action_idx += 1
        return saved

    def _stored(self, db: Session, hand: LiveHand) -> bool:
        """Whether the hand's next action row is in the database already."""
        return db.scalars(select(HandAction.id).where(
            HandAction.hand_id == hand.hand_id, HandAction.idx == hand.action_idx)).first() \
            is not None

    def _saved_before(self, db: Session, hand: LiveHand) -> Saved:
        """What storing the action did, read back: its transaction had committed."""
        end = len(games.settlements(hand.engine))
        posted = [p for i in range(hand.settle_idx, end)
                  if (p := ledger.stored_settlement(db, hand.hand_id, i)) is not None]
        match_over = None
        row = db.get(Hand, hand.hand_id)
        if hand.engine.is_over and row is not None and row.match_id is not None:
            match = db.get(MatchRow, row.match_id)
            if match is not None and match.status == "over":
                match_over = matches.to_json(match)
        hand.settle_idx, hand.action_idx = end, hand.action_idx + 1
        return Saved(posted, match_over)

    def finish(self, db: Session, hand: LiveHand, grant: int) -> dict[str, Any] | None:
        """A hand's last rows: its record, the match's rotation and totals, the table waiting
        for the next deal; the match's JSON if the match ended with this hand."""
        row = db.get(Hand, hand.hand_id)
        table = self.table(db)
        assert row is not None
        row.status = "over"
        record = games.record(hand.engine, [self.bot_name if b else None for b in hand.bots])
        row.record = {**record, explained.RECORD_KEY: explain_or_none(db, hand)}
        row.ended_at = utcnow()
        table.hands_played += 1
        match = db.get(MatchRow, row.match_id) if row.match_id is not None else None
        match_over = None
        if match is not None:  # the game's Match rotates the deal and keeps the totals
            over = matches.finish_hand(db, match, hand.engine, row.id, hand.names)
            match_over = matches.to_json(match) if over else None
            table.dealer, table.carry = match.dealer, match.carry
        else:  # a hand dealt before tables played matches: the next deal opens one
            table.dealer = games.next_dealer(hand.engine)
            table.carry = games.carry_after(table.carry, hand.engine)
        table.status = "waiting"
        for seat in lobby.seats_of(db, table).values():
            user = db.get(User, seat.user_id)
            seat.ready = bool(user is not None and user.bot)
        lobby.refresh_seats(db, table, grant)
        lobby.close_if_empty(db, table)
        return match_over
