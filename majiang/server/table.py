"""The table actor: one asyncio task per live table, driving the engine for its seats.

Everything a table does runs in its own task, one message at a time from its inbox
(`messages.py`): client messages, attach/detach, turn timers, bot moves and lobby changes. A
handler never awaits, so HTTP lobby calls on the same loop never interleave with it. Each action
is stored (`storage.py`) before anything is sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from majiang.server import games, ledger, lobby, queries
from majiang.server import messages as m
from majiang.server.botpool import BotPool, decide
from majiang.server.connection import Audience, Connection
from majiang.server.fanout import opening, send_events, state_frame
from majiang.server.games import Action, Event
from majiang.server.limits import short
from majiang.server.metrics import ACTION_SECONDS, ACTIONS, HANDS, SILVER
from majiang.server.prompts import Prompts, default_action
from majiang.server.settings import Settings
from majiang.server.settlement import between_hands
from majiang.server.spectators import WatcherFeed, WatchSettings, refuse
from majiang.server.storage import HandStore, LiveHand

log = logging.getLogger("majiang.table")


class TableRunner:
    """The task and state of one live table."""

    def __init__(self, code: str, sessions: sessionmaker[Session], autocommit: Engine,
                 settings: Settings, bots: BotPool, on_close: Callable[[], None]) -> None:
        self.code = code
        self.settings = settings
        self.bots = bots
        self.on_close = on_close
        self.store = HandStore(sessions, autocommit, code, settings.default_bot)
        self.inbox: asyncio.Queue[m.Message] = asyncio.Queue()
        self.audience = Audience()
        self.watch = WatcherFeed(self.audience)  # watchers' frames, held back as the table says
        self.prompts = Prompts(self, settings.bot_delay)
        self.hand: LiveHand | None = None
        self.auto: set[int] = set()  # seats played by a bot for their absent owner (托管)
        self.closed = False
        self.rng = random.Random()
        self.last_settlement: dict[str, Any] | None = None
        self.match_over: dict[str, Any] | None = None  # the match just ended, between matches
        self.task = asyncio.create_task(self._run(), name=f"table-{code}")

    # -- the inbox -----------------------------------------------------------------------------

    def put(self, msg: m.Message) -> None:
        self.inbox.put_nowait(msg)

    async def _run(self) -> None:
        try:
            self._load_watch()
            self._resume()
            self._check_start()
        except Exception:
            log.exception("table %s failed to start", self.code)
        while not self.closed:
            msg = await self.inbox.get()
            if isinstance(msg, m.BotMove):
                # People first: across all tables at most one bot move per loop iteration.
                async with self.bots.turn:
                    self._safe_handle(msg)
                    await asyncio.sleep(0)
            else:
                self._safe_handle(msg)

    def _safe_handle(self, msg: m.Message) -> None:
        try:
            self._handle(msg)
        except Exception:
            log.exception("table %s: error handling %s", self.code, type(msg).__name__)
            self._recover()

    def _handle(self, msg: m.Message) -> None:
        match msg:
            case m.Ping(conn):
                conn.send({"type": "pong"})
            case m.Ready(conn):
                self._on_ready(conn)
            case m.Act():
                self._on_act(msg)
            case m.Unreadable(conn, error):
                conn.send({"type": "error", "error": error})
            case m.Attach(conn, user_id):
                self._on_attach(conn, user_id)
            case m.Detach(conn):
                self._on_detach(conn)
            case m.TurnTimeout(prompt_id):
                self._on_timeout(prompt_id)
            case m.BotTurn(prompt_id):
                self._on_bot(prompt_id)
            case m.BotMove(prompt_id, action):
                self._on_bot_move(prompt_id, action)
            case m.LobbyChanged():
                self._refresh_conn_seats()
                self._load_watch()
                self._check_start()
            case m.Stop():
                self._close(notify=False)

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

    # -- connections ---------------------------------------------------------------------------

    def _broadcast_table(self) -> None:
        with self.store.db() as db:
            data = queries.table_json(db, self.store.table(db), self)
        self.audience.send_all({"type": "table", "table": data})

    def _load_watch(self) -> None:
        """The table's watching settings (spectators.WatchSettings), applied at once."""
        with self.store.db() as db:
            table = self.store.table(db)
            self.watch.configure(WatchSettings.of(table.options), table.owner_id)

    def _on_attach(self, conn: Connection, user_id: int) -> None:
        seat = self.store.seats_by_user().get(user_id)
        if self.hand is not None and seat is None and user_id in self.hand.user_ids:
            seat = self.hand.user_ids.index(user_id)  # left the table but still in this hand
        conn.seat, conn.user_id = seat, user_id
        if seat is None and not self.watch.may_watch(conn):
            refuse(conn)
            return
        self.audience.add(conn)
        self._broadcast_table()
        if seat is None and self.watch.delayed:
            self.watch.catch_up(conn)  # what the delayed watchers have seen so far
        elif self.hand is not None:
            conn.send(state_frame(self.hand, conn.seat, self._view))
            if seat is not None:
                self._owner_returns(seat)
        elif self.last_settlement is not None:
            conn.send({"type": "settlement", "settlement": self.last_settlement})
        if self.hand is None and self.match_over is not None:
            conn.send({"type": "match_over", "match": self.match_over})

    def _refresh_conn_seats(self) -> None:
        """After a lobby change: a watcher who sat down (or a player who left) gets their seat."""
        seat_of = self.store.seats_by_user()
        for conn in self.audience:
            if self.hand is not None and conn.user_id in self.hand.user_ids:
                continue  # a hand's seats never change
            conn.seat = seat_of.get(conn.user_id) if conn.user_id is not None else None
        self.watch.enforce()

    def _on_detach(self, conn: Connection) -> None:
        self.audience.remove(conn)
        seat = conn.seat
        if seat is not None and self.hand is not None and not self.connected(seat):
            self._set_auto(seat, True)
        if not self.closed:
            self._broadcast_table()

    def _owner_returns(self, seat: int) -> None:
        """The owner is back: their seat leaves 托管 and their pending prompt is theirs again."""
        assert self.hand is not None
        self.hand.timeouts[seat] = 0
        if seat in self.auto:
            self._set_auto(seat, False)  # re-arms and re-sends the pending prompt
            return
        self.prompts.resend(seat)

    def _set_auto(self, seat: int, on: bool) -> None:
        assert self.hand is not None
        if self.hand.bots[seat]:
            return
        if on:
            self.auto.add(seat)
        else:
            self.auto.discard(seat)
        self.prompts.rearm(seat)
        self._broadcast_table()

    # -- client messages -----------------------------------------------------------------------

    def _on_ready(self, conn: Connection) -> None:
        if conn.user_id is None:
            return
        with self.store.db() as db:
            try:
                lobby.set_ready_by_id(db, conn.user_id, self.code)
                db.commit()
            except lobby.LobbyError as exc:
                conn.send({"type": "error", "error": str(exc)})
                return
        self._check_start()
        if self.hand is None:
            self._broadcast_table()

    def _on_act(self, msg: m.Act) -> None:
        conn, seat, action = msg.conn, msg.conn.seat, msg.action
        if seat is None or self.hand is None:
            conn.send({"type": "error", "error": "nothing to act on / 现在不能操作"})
            return
        prompt = self.prompts.get(seat)
        if prompt is None or prompt.id != msg.prompt_id:
            return  # a stale or duplicate reply: ignored
        if action is None or action not in prompt.actions:
            error = msg.error or f"现在不能这样操作 / not a legal action now: {short(msg.sent, 80)}"
            conn.send({"type": "error", "error": error})
            return
        over = time.monotonic() - prompt.issued - self.turn_seconds()
        if over > 0 and not prompt.by_bot:
            self.hand.bank[seat] = max(0.0, self.hand.bank.get(seat, 0.0) - over)
        self.hand.timeouts[seat] = 0
        if seat in self.auto:
            self.auto.discard(seat)
            self._broadcast_table()
        self._play(seat, action, "player")

    # -- timers and bots -----------------------------------------------------------------------

    def _advance(self) -> None:
        """Prompt every seat the engine waits for; withdraw prompts no longer wanted."""
        assert self.hand is not None
        engine = self.hand.engine
        self.prompts.sync({seat: games.legal(engine, seat) for seat in games.to_act(engine)})

    def _on_timeout(self, prompt_id: int) -> None:
        prompt = self.prompts.find(prompt_id)
        if prompt is None or self.hand is None or prompt.by_bot:
            return
        seat = prompt.seat
        action = default_action(prompt.actions, self.hand.engine.view(seat))
        self.hand.bank[seat] = 0.0
        self.hand.timeouts[seat] = self.hand.timeouts.get(seat, 0) + 1
        if self.hand.timeouts[seat] >= 2:
            self.auto.add(seat)
        self._play(seat, action, "timeout")
        self._broadcast_table()

    def _on_bot(self, prompt_id: int) -> None:
        """A bot's pause is over: let it think (in the bot pool, off the event loop)."""
        prompt = self.prompts.find(prompt_id)
        if prompt is None or self.hand is None or not prompt.by_bot or prompt.thinking:
            return
        seat = prompt.seat
        bot = self.hand.bot_players.get(seat)
        if bot is None:
            bot = self.hand.bot_players[seat] = self.bots.new_bot(self.rng.randrange(2**31))
        view, actions = self.hand.engine.view(seat), list(prompt.actions)
        if self.bots.inline:
            self._on_bot_move(prompt_id, decide(bot, view, actions))
            return
        prompt.thinking = True
        self.bots.think(bot, view, actions, lambda action: self.put(m.BotMove(prompt_id, action)))

    def _on_bot_move(self, prompt_id: int, action: Action | None) -> None:
        prompt = self.prompts.find(prompt_id)
        if prompt is None or self.hand is None or not prompt.by_bot:
            return  # the prompt was answered, withdrawn or handed back to its owner meanwhile
        if action is None or action not in prompt.actions:
            action = default_action(prompt.actions, self.hand.engine.view(prompt.seat))
        self._play(prompt.seat, action, "bot" if self.hand.bots[prompt.seat] else "auto")

    # -- playing -------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        assert self.hand is not None
        return queries.live_view(self.hand, seat, self.auto)

    def _play(self, seat: int, action: Action, source: str) -> None:
        """Apply one action, store it with its events and settlements, then tell every seat."""
        hand = self.hand
        assert hand is not None
        started = time.perf_counter()
        self.prompts.take(seat)
        events = games.apply(hand.engine, seat, action)
        saved = self.store.save_action(
            hand, seat, action, events, source, self.settings.new_account_grant
        )
        over = bool(hand.engine.is_over)
        if over:
            self.match_over = saved.match_over
        self._send_events(events, saved.posted)
        ACTIONS.labels(source).inc()
        ACTION_SECONDS.observe(time.perf_counter() - started)
        for moved in saved.posted:
            if not moved.replayed:
                SILVER.inc(sum(max(0, s) for s in moved.silver))
        if over:
            HANDS.labels(str(hand.engine.rules)).inc()
            self._after_hand()
        else:
            self._advance()

    def _send_events(self, events: list[Event], posted: list[ledger.Posted]) -> None:
        assert self.hand is not None
        settled = send_events(self.audience, self.watch, self.store, self.hand, events, posted,
                              self._view)
        if settled is not None:
            self.last_settlement = settled

    def _after_hand(self) -> None:
        self.prompts.clear()
        self.auto.clear()
        self.hand = None
        if self.match_over is not None:
            over = {"type": "match_over", "match": self.match_over}
            for conn in self.audience.open():
                if conn.seat is not None:
                    conn.send(over)
            self.watch.extra([over])
        self.watch.end_hand()
        with self.store.db() as db:
            status = self.store.table(db).status
        if status == "closed":
            self._close(notify=True)
            return
        self._broadcast_table()
        self._check_start()

    # -- dealing and resuming ------------------------------------------------------------------

    def _check_start(self) -> None:
        """Deal when every seat is taken and ready (after unseating who may no longer sit)."""
        if self.hand is not None or self.closed:
            return
        deal = self.store.try_deal(self.settings.new_account_grant)
        if deal.closed:
            self._close(notify=True)
            return
        if deal.hand_id is None:
            if deal.changed:
                self._broadcast_table()
            return
        hand_id, opening = deal.hand_id, deal.opening
        self._load_hand(hand_id)
        self._broadcast_table()
        assert self.hand is not None
        for conn in [c for c in self.audience.open() if c.seat is not None]:
            for frame in self._opening(opening, conn.seat):
                conn.send(frame)
        self.watch.deal(hand_id, self._opening(opening, None))
        self._advance()

    def _opening(self, match: dict[str, Any] | None, seat: int | None) -> list[dict[str, Any]]:
        assert self.hand is not None
        return opening(self.hand, match, seat, self._view)

    def _load_hand(self, hand_id: int) -> None:
        """Make the stored hand the live one (a new hand has no actions yet)."""
        self.hand = self.store.load(hand_id)
        self.last_settlement = None
        self.match_over = None

    def _resume(self) -> None:
        """On (re)start: pick up the table's unfinished hand, else the last hand's settlement."""
        hand_id = self.store.playing()
        if hand_id is None:
            self._restore_settlement()
            return
        self._load_hand(hand_id)
        assert self.hand is not None
        if self.hand.engine.is_over:  # defensive: finish rows idempotently
            with self.store.db() as db:
                self.match_over = self.store.finish(db, self.hand, self.settings.new_account_grant)
                db.commit()
            self._after_hand()
            return
        self._advance()

    def _restore_settlement(self) -> None:
        """Between hands: the last hand's settlement screen as it was sent when it ended, and
        the match's totals if that hand ended it."""
        last, over = between_hands(self.store)
        self.last_settlement = last
        if over is not None:
            self.match_over = over

    def _recover(self) -> None:
        """After an unexpected error: drop in-memory state and rebuild it from the database."""
        self.prompts.clear()
        self.hand = None
        try:
            self._resume()
            if self.hand is not None:
                for conn in self.audience:
                    if conn.seat is not None or not self.watch.delayed:
                        conn.send({"type": "state", "view": self._view(conn.seat)})
        except Exception:
            log.exception("table %s: could not recover", self.code)

    def _close(self, notify: bool) -> None:
        self.prompts.clear()
        self.watch.stop()
        if notify:
            with contextlib.suppress(Exception):
                self._broadcast_table()
        self.closed = True
        self.on_close()
