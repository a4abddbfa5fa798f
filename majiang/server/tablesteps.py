"""The table actor's database steps: plain functions that run in a `DbWorker` thread, read or
write through the table's `HandStore` and return plain data the actor applies on the loop.

A step may be retried whole after a transient failure (`dbwork`), so each is idempotent: reads,
a ready flag, an action stored with `again` (never written twice), a deal that resumes the hand
it may have dealt already.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from majiang import economy
from majiang.server import lobby, queries
from majiang.server.fanout import paired
from majiang.server.games import Action, Event
from majiang.server.models import User
from majiang.server.settlement import between_hands, settlement_json
from majiang.server.spectators import WatchSettings
from majiang.server.storage import Deal, HandStore, LiveHand, Saved


@dataclass(frozen=True)
class SeatsSeen:
    """A live table's seats as its actor saw them (queries.LiveSeats), for another thread."""

    on: frozenset[int]
    auto: frozenset[int]

    def connected(self, seat: int) -> bool:
        return seat in self.on

    def is_auto(self, seat: int) -> bool:
        return seat in self.auto


def table_frame(store: HandStore, seen: SeatsSeen) -> dict[str, Any]:
    """The table's `table` object (protocol.md section 4)."""
    with store.db() as db:
        return queries.table_json(db, store.table(db), seen)


def watch_settings(store: HandStore) -> tuple[WatchSettings, int | None]:
    """The table's watching settings and its owner."""
    with store.db() as db:
        table = store.table(db)
        return WatchSettings.of(table.options), table.owner_id


def ready(store: HandStore, user_id: int) -> str | bool:
    """Mark the user's seat ready: whether it was not ready before, or the refusal's text if it
    may not be."""
    with store.db() as db:
        try:
            changed = lobby.set_ready_by_id(db, user_id, store.code)
            db.commit()
        except lobby.LobbyError as exc:
            return str(exc)
    return changed


def save(store: HandStore, hand: LiveHand, seat: int, action: Action, events: list[Event],
         source: str, grant: int, again: bool) -> tuple[Saved, dict[str, Any] | None]:
    """Store an applied action (`HandStore.save_action`); at the hand's end also its
    settlement screen, built from what was posted."""
    saved = store.save_action(hand, seat, action, events, source, grant, again=again)
    if not hand.engine.is_over:
        return saved, None
    end = next((p for e, p in paired(events, saved.posted) if e.kind == "settlement"), None)
    with store.db() as db:
        return saved, settlement_json(db, hand, end)


def table_status(store: HandStore) -> str:
    with store.db() as db:
        return store.table(db).status


@dataclass(frozen=True)
class Dealt:
    """A deal check's outcome, with the hand loaded when one was dealt or is still playing."""

    deal: Deal
    hand: LiveHand | None = None


def deal(store: HandStore, grant: int) -> Dealt:
    """Deal when every seat is ready (`HandStore.try_deal`) and load the new hand; a hand the
    table still plays (perhaps dealt by an earlier try of this step) is loaded instead."""
    got = store.try_deal(grant)
    hand_id = got.hand_id if got.hand_id is not None else got.playing
    return Dealt(got, store.load(hand_id) if hand_id is not None else None)


@dataclass(frozen=True)
class Resumed:
    """A table (re)starting: its hand in play, else the last hand's screen and the match that
    ended with it; `closed`: the table's row is closed (its hand is played out all the same);
    `finished`: a hand the engine had finished got its last rows now."""

    hand: LiveHand | None
    last_settlement: dict[str, Any] | None
    match_over: dict[str, Any] | None
    closed: bool
    finished: bool = False


def resume(store: HandStore, grant: int) -> Resumed:
    """The table's unfinished hand rebuilt from the database (its last rows written if the
    engine finished it), else the screen of its last hand."""
    closed = table_status(store) == "closed"
    hand_id = store.playing()
    if hand_id is not None:
        hand = store.load(hand_id)
        if not hand.engine.is_over:
            return Resumed(hand, None, None, closed)
        with store.db() as db:  # defensive: the hand's last rows, idempotently
            over = store.finish(db, hand, grant)
            db.commit()
        last, _ = between_hands(store)
        return Resumed(None, last, over, closed, finished=True)
    last, over = between_hands(store)
    return Resumed(None, last, over, closed)


def refusals(store: HandStore, user_ids: list[int]) -> dict[int, str]:
    """Why each person of a finished hand who is no longer seated here may not sit (their
    balance fell below the table's requirement), by user id; leavers and bots are not named."""
    with store.db() as db:
        table = store.table(db)
        seated = {s.user_id for s in lobby.seats_of(db, table).values()}
        out: dict[int, str] = {}
        for user_id in user_ids:
            user = db.get(User, user_id)
            if user_id in seated or user is None or user.bot or table.practice:
                continue
            why = economy.seat_refusal(user.silver, table.level, table.rules)
            if why is not None:
                out[user_id] = why
        return out
