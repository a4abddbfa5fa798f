"""A table actor's state and what every handler shares: its seats and connections, its
prompts' host (`prompts.PromptHost`), its database steps (`tablesteps.py`, run by `dbwork.py`
off the loop), and what it sends (`fanout.py`). The actor itself is `table.TableRunner`."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from majiang.server import games, queries
from majiang.server import messages as m
from majiang.server import tablesteps as steps
from majiang.server.botpool import BotPool
from majiang.server.claims import Batch, ClaimWindow
from majiang.server.connection import Audience, Connection
from majiang.server.dbwork import BACK, WAITING, DbWorker
from majiang.server.fanout import send_events, state_frame
from majiang.server.prompts import Prompts
from majiang.server.settings import Settings
from majiang.server.spectators import WatcherFeed, refuse
from majiang.server.storage import HandStore, LiveHand

T = TypeVar("T")


class TableBase:
    """The state of one live table and the handlers' shared parts."""

    def __init__(self, code: str, sessions: sessionmaker[Session], autocommit: Engine,
                 settings: Settings, bots: BotPool, on_close: Callable[[], None],
                 worker: DbWorker | None = None) -> None:
        self.code = code
        self.settings = settings
        self.bots = bots
        self.on_close = on_close
        self.worker = worker or DbWorker(2)
        self.store = HandStore(sessions, autocommit, code, settings.default_bot)
        self.inbox: asyncio.Queue[m.Message] = asyncio.Queue()
        self.audience = Audience()
        self.watch = WatcherFeed(self.audience)  # watchers' frames, held back as the table says
        self.prompts = Prompts(self, settings.bot_delay)
        self.claims = ClaimWindow(self.put)
        self.hand: LiveHand | None = None
        self.auto: set[int] = set()  # seats played by a bot for their absent owner (托管)
        self.closed = False
        self.stopping = False  # shutting down: database steps are no longer retried
        self.draining = False  # shutting down: no new hand is dealt
        self.closing: asyncio.Task[None] | None = None
        self.rng = random.Random()
        self.last_settlement: dict[str, Any] | None = None
        self.match_over: dict[str, Any] | None = None  # the match just ended, between matches
        self.lobby_read = 0.0  # when the table last began reading its lobby whole (monotonic)

    def put(self, msg: m.Message) -> None:
        self.inbox.put_nowait(msg)

    async def _db(self, step: Callable[[], T], where: str) -> T:
        """A database step in a worker thread, retried while the database is away."""
        return await self.worker.run(step, where=where, waiting=self._db_waiting,
                                     stopping=lambda: self.stopping)

    def _db_waiting(self, waiting: bool) -> None:
        self.audience.send_all(WAITING if waiting else BACK)

    # -- what the prompts ask of the table (prompts.PromptHost) ----------------------------------

    def send_seat(self, seat: int, msg: dict[str, Any]) -> None:
        self.audience.send_seat(seat, msg)

    def turn_seconds(self) -> float:
        turn = self.store.turn_seconds
        return float(turn if turn is not None else self.settings.turn_seconds)

    def bank(self, seat: int) -> float:
        return self.hand.bank.get(seat, 0.0) if self.hand is not None else 0.0

    def plays_itself(self, seat: int) -> bool:
        assert self.hand is not None
        return self.hand.bots[seat] or seat in self.auto

    def is_auto(self, seat: int) -> bool:
        return seat in self.auto

    def connected(self, seat: int) -> bool:
        return self.audience.connected(seat)

    def claim_window_left(self) -> float:
        return self.claims.left()

    # -- connections ---------------------------------------------------------------------------

    async def _broadcast_table(self, only: Connection | None = None) -> None:
        """The `table` frame to the audience (`only`: to that connection alone)."""
        players = range(len(self.hand.user_ids)) if self.hand is not None else range(4)
        seen = steps.SeatsSeen(frozenset(s for s in players if self.connected(s)),
                               frozenset(self.auto))
        data = await self._db(lambda: steps.table_frame(self.store, seen), "table")
        frame = {"type": "table", "table": data}
        for conn in self.audience if only is None else (only,):
            # a watcher reads no user ids or balances
            conn.send(frame if conn.seat is not None else
                      {"type": "table", "table": queries.for_viewer(data, conn.user_id)})

    async def _load_watch(self) -> None:
        """The table's watching settings (spectators.WatchSettings), applied at once."""
        settings, owner = await self._db(lambda: steps.watch_settings(self.store), "watch")
        self.watch.configure(settings, owner)

    async def _on_attach(self, conn: Connection, user_id: int) -> None:
        seat = (await self._db(self.store.seats_by_user, "attach")).get(user_id)
        if self.hand is not None and seat is None and user_id in self.hand.user_ids:
            seat = self.hand.user_ids.index(user_id)  # left the table but still in this hand
        conn.seat, conn.user_id = seat, user_id
        if seat is None and not self.watch.may_watch(conn):
            refuse(conn)
            return
        self.audience.add(conn)
        # a watcher changes nothing the others see: the frame goes to the watcher alone (a
        # watcher opening and closing sockets in a loop once flooded the players with frames)
        await self._broadcast_table(only=conn if seat is None else None)
        if seat is None and self.watch.delayed:
            self.watch.catch_up(conn)  # what the delayed watchers have seen so far
        elif self.hand is not None:
            conn.send(state_frame(self.hand, conn.seat, self._view, log=True))
            if seat is not None:
                await self._owner_returns(seat)
        else:  # between hands: the match the last one ended (first: its settlement closes it)
            if self.match_over is not None:
                conn.send({"type": "match_over", "match": self.match_over})
            if self.last_settlement is not None:
                conn.send({"type": "settlement", "settlement": self.last_settlement})

    async def _refresh_conn_seats(self) -> None:
        """After a lobby change: a watcher who sat down (or a player who left) gets their seat."""
        seat_of = await self._db(self.store.seats_by_user, "seats")
        for conn in self.audience:
            if self.hand is not None and conn.user_id in self.hand.user_ids:
                continue  # a hand's seats never change
            conn.seat = seat_of.get(conn.user_id) if conn.user_id is not None else None
        self.watch.enforce()

    async def _on_detach(self, conn: Connection) -> None:
        self.audience.remove(conn)
        seat = conn.seat
        if seat is not None and self.hand is not None and not self.connected(seat):
            await self._set_auto(seat, True)
        if not self.closed and seat is not None:  # a watcher leaving changes nothing shown
            await self._broadcast_table()

    async def _owner_returns(self, seat: int) -> None:
        """The owner is back: their seat leaves 托管 and their pending prompt is theirs again."""
        assert self.hand is not None
        self.hand.timeouts[seat] = 0
        if seat in self.auto:
            await self._set_auto(seat, False)  # re-arms and re-sends the pending prompt
            return
        self.prompts.resend(seat)

    async def _set_auto(self, seat: int, on: bool) -> None:
        assert self.hand is not None
        if self.hand.bots[seat]:
            return
        if on:
            self.auto.add(seat)
        else:
            self.auto.discard(seat)
        self.prompts.rearm(seat)
        await self._broadcast_table()

    def _advance(self, only_prompted: bool = False) -> None:
        """Prompt every seat the engine waits for; withdraw prompts no longer wanted.
        `only_prompted` (a claim window holds the next event): no seat gets a new prompt."""
        assert self.hand is not None
        engine = self.hand.engine
        wanted = {seat: games.legal(engine, seat) for seat in games.to_act(engine)}
        if only_prompted:
            wanted = {s: a for s, a in wanted.items() if self.prompts.get(s) is not None}
        self.prompts.sync(wanted)

    def _view(self, seat: int | None) -> dict[str, Any]:
        assert self.hand is not None
        return queries.live_view(self.hand, seat, self.auto)

    def _send_events(self, batch: Batch, state: bool = True) -> None:
        assert self.hand is not None
        settled = send_events(self.audience, self.watch, batch.screen, batch.events,
                              batch.posted, self._view, state=state, continued=batch.continued,
                              match_over=self.match_over)
        if settled is not None:
            self.last_settlement = settled

    def _set_hand(self, hand: LiveHand) -> None:
        """Make the stored hand the live one (a new hand has no actions yet)."""
        self.hand = hand
        self.last_settlement = None
        self.match_over = None

