"""The table actor: one asyncio task per live table, driving the engine for its seats.

Everything a table does runs in its own task, one message at a time from its inbox
(`messages.py`): client messages, attach/detach, turn timers, bot moves and lobby changes. Its
database steps (`tablesteps.py`) run in worker threads (`dbwork.py`), awaited by the task, so
the table keeps its order while other tables and HTTP go on; a step that meets a database
outage is retried until the database is back. Each action is stored (`storage.py`) before
anything is sent; after a discard the next event waits the claim window (`claims.py`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from majiang.server import games
from majiang.server import messages as m
from majiang.server import tablesteps as steps
from majiang.server.botpool import BotPool, decide
from majiang.server.claims import Batch, after_put_out, opens_window, window_seconds
from majiang.server.connection import Connection
from majiang.server.dbwork import Abandoned, DbWorker
from majiang.server.fanout import opening, state_frame
from majiang.server.games import Action
from majiang.server.metrics import ACTION_SECONDS, ACTIONS, HANDS, SILVER
from majiang.server.prompts import default_action, timeout_notice
from majiang.server.settings import Settings
from majiang.server.storage import LiveHand, Saved
from majiang.server.tablebase import TableBase
from majiang.shown import short

log = logging.getLogger("majiang.table")
RESUME_GRACE = 10.0  # seconds a resumed hand waits for its players' sockets before 托管


class TableRunner(TableBase):
    """The task of one live table: its inbox, handled one message at a time."""

    def __init__(self, code: str, sessions: sessionmaker[Session], autocommit: Engine,
                 settings: Settings, bots: BotPool, on_close: Callable[[], None],
                 worker: DbWorker | None = None) -> None:
        super().__init__(code, sessions, autocommit, settings, bots, on_close, worker)
        self.task = asyncio.create_task(self._run(), name=f"table-{code}")

    # -- the inbox -----------------------------------------------------------------------------

    async def _run(self) -> None:
        try:
            self.lobby_read = time.monotonic()
            await self._load_watch()
            await self._resume()
            await self._check_start()
        except Exception:
            log.exception("table %s failed to start", self.code)
        while not self.closed:
            msg = await self.inbox.get()
            if isinstance(msg, m.BotMove):
                # People first: across all tables at most one bot move starts per iteration.
                async with self.bots.turn:
                    await asyncio.sleep(0)
            await self._safe_handle(msg)

    async def _safe_handle(self, msg: m.Message) -> None:
        try:
            await self._handle(msg)
        except Abandoned as gone:  # stopping with the database away: said once, no traceback
            log.warning("table %s: %s not stored (the database is away as the table stops; "
                        "the hand resumes from what was)", self.code, gone)
            await self._recover()
        except Exception:
            log.exception("table %s: error handling %s", self.code, type(msg).__name__)
            await self._recover()

    async def _handle(self, msg: m.Message) -> None:
        match msg:
            case m.Ping(conn):
                conn.send({"type": "pong"})
            case m.Ready(conn):
                await self._on_ready(conn)
            case m.Act():
                await self._on_act(msg)
            case m.Unreadable(conn, error):
                conn.send({"type": "error", "error": error})
            case m.Attach(conn, user_id):
                await self._on_attach(conn, user_id)
            case m.Detach(conn):
                await self._on_detach(conn)
            case m.TurnTimeout(prompt_id):
                await self._on_timeout(prompt_id)
            case m.BotTurn(prompt_id):
                await self._on_bot(prompt_id)
            case m.BotMove(prompt_id, action):
                await self._on_bot_move(prompt_id, action)
            case m.ClaimRelease(token):
                await self._on_release(token)
            case m.LobbyChanged(at):
                if at < self.lobby_read:
                    return  # told before the lobby was last read whole: seen already
                self.lobby_read = time.monotonic()
                await self._refresh_conn_seats()
                await self._load_watch()
                await self._check_start()
            case m.ResumeGrace(hand_id):
                await self._after_grace(hand_id)
            case m.Stop():
                self._close(notify=False)

    # -- client messages -----------------------------------------------------------------------

    async def _on_ready(self, conn: Connection) -> None:
        user_id = conn.user_id
        if user_id is None:
            return
        changed = await self._db(lambda: steps.ready(self.store, user_id), "ready")
        if isinstance(changed, str):
            conn.send({"type": "error", "error": changed})
            return
        if not changed:  # said again: nothing to tell the table (a client's loop flooded it)
            return
        await self._check_start()
        if self.hand is None:
            await self._broadcast_table()

    async def _on_act(self, msg: m.Act) -> None:
        conn, seat, action = msg.conn, msg.conn.seat, msg.action
        if seat is None or self.hand is None:
            conn.send({"type": "error", "error": "现在不能操作 / nothing to act on"})
            return
        prompt = self.prompts.get(seat)
        if prompt is None or prompt.id != msg.prompt_id:  # a late, repeated or forged reply
            conn.send({"type": "error", "error": m.PROMPT_OVER, "prompt_id": msg.prompt_id})
            return
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
            await self._broadcast_table()
        await self._play(seat, action, "player")

    # -- timers and bots -----------------------------------------------------------------------

    async def _on_timeout(self, prompt_id: int) -> None:
        prompt = self.prompts.find(prompt_id)
        if prompt is None or self.hand is None or prompt.by_bot:
            return
        seat = prompt.seat
        action = default_action(prompt.actions, self.hand.engine.view(seat))
        self.hand.bank[seat] = 0.0
        self.hand.timeouts[seat] = self.hand.timeouts.get(seat, 0) + 1
        if self.hand.timeouts[seat] >= 2:
            self.auto.add(seat)
        self.send_seat(seat, timeout_notice(action, seat in self.auto))
        await self._play(seat, action, "timeout")
        await self._broadcast_table()

    async def _on_bot(self, prompt_id: int) -> None:
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
            await self._on_bot_move(prompt_id, decide(bot, view, actions))
            return
        prompt.thinking = True
        self.bots.think(bot, view, actions, lambda action: self.put(m.BotMove(prompt_id, action)))

    async def _on_bot_move(self, prompt_id: int, action: Action | None) -> None:
        prompt = self.prompts.find(prompt_id)
        if prompt is None or self.hand is None or not prompt.by_bot:
            return  # the prompt was answered, withdrawn or handed back to its owner meanwhile
        if action is None or action not in prompt.actions:
            action = default_action(prompt.actions, self.hand.engine.view(prompt.seat))
        await self._play(prompt.seat, action, "bot" if self.hand.bots[prompt.seat] else "auto")

    # -- playing -------------------------------------------------------------------------------

    async def _play(self, seat: int, action: Action, source: str) -> None:
        """Apply one action, store it with its events and settlements, then tell every seat
        (after a discard: the discard at once, what follows when the claim window ends)."""
        hand = self.hand
        assert hand is not None
        started = time.perf_counter()
        self.prompts.take(seat)
        events = games.apply(hand.engine, seat, action)
        tries = 0

        def step() -> tuple[Saved, dict[str, Any] | None]:
            nonlocal tries
            tries += 1
            return steps.save(self.store, hand, seat, action, events, source,
                              self.settings.new_account_grant, again=tries > 1)

        saved, screen = await self._db(step, "action")
        over = bool(hand.engine.is_over)
        if over:
            self.match_over = saved.match_over
        ACTIONS.labels(source).inc()
        for moved in saved.posted:
            if not moved.replayed:
                SILVER.inc(sum(max(0, s) for s in moved.silver))
        if over:
            HANDS.labels(str(hand.engine.rules)).inc()
        batch = Batch(events, saved.posted, screen)
        window = window_seconds(self.settings, hand.bots)
        if opens_window(action) and window > 0:
            cut = after_put_out(events)
            self._send_events(Batch(events[:cut], [], None), state=False)
            batch = Batch(events[cut:], saved.posted, screen, continued=True)
            claimable = not batch.events and not over
            self.claims.start(window, hand.action_idx - 1, claimable)
            if claimable:
                self._advance()  # the seats that may claim get their prompt (theirs alone)
            else:
                self.claims.hold(batch, over)
        elif self.claims.open:
            self.claims.hold(batch, over)  # a claim answered within the window
            if over:
                self.prompts.sync({})
            else:
                self._advance(only_prompted=True)
        else:
            self._send_events(batch)
        ACTION_SECONDS.observe(time.perf_counter() - started)
        if not self.claims.open:
            await self._next(over)

    async def _next(self, over: bool) -> None:
        if over:
            await self._after_hand()
        else:
            self._advance()

    async def _on_release(self, token: int) -> None:
        """The claim window ended: what it held is sent, and the table moves on."""
        released = self.claims.release(token)
        if released is None or self.hand is None:
            return
        batches, over = released
        for batch in batches or [Batch([], [], None, continued=True)]:
            self._send_events(batch)
        await self._next(over)

    async def _after_hand(self) -> None:
        self.claims.cancel()
        self.prompts.clear()
        self.auto.clear()
        people = list(self.hand.user_ids) if self.hand is not None else []
        self.hand = None
        self.watch.end_hand()
        await self._tell_unseated(people)
        if await self._db(lambda: steps.table_status(self.store), "status") == "closed":
            self._close(notify=True)
            return
        await self._broadcast_table()
        await self._check_start()

    async def _tell_unseated(self, people: list[int]) -> None:
        """Who lost their seat with the hand (a balance below the table's requirement) is told
        why, before the table frame shows them gone (or the table closed)."""
        if not any(c.user_id in people for c in self.audience.open()):
            return
        gone = await self._db(lambda: steps.refusals(self.store, people), "refusals")
        for conn in self.audience.open():
            why = gone.get(conn.user_id) if conn.user_id is not None else None
            if why is not None:
                zh, _, en = why.partition(" / ")
                conn.send({"type": "notice", "notice": "unseated",
                           "text": f"你已离座：{zh} / you were unseated: {en or zh}"})

    # -- dealing and resuming ------------------------------------------------------------------

    async def _check_start(self) -> None:
        """Deal when every seat is taken and ready (after unseating who may no longer sit)."""
        if self.hand is not None or self.closed or self.draining:
            return
        dealt = await self._db(
            lambda: steps.deal(self.store, self.settings.new_account_grant), "deal")
        deal = dealt.deal
        if dealt.hand is not None and deal.playing is not None:
            await self._take_over(dealt.hand, closed=False)  # a hand still playing: resumed
            return
        if deal.closed:
            self._close(notify=True)
            return
        if dealt.hand is None:
            if deal.changed:
                await self._broadcast_table()
            return
        self._set_hand(dealt.hand)
        await self._broadcast_table()
        assert self.hand is not None
        for conn in [c for c in self.audience.open() if c.seat is not None]:
            for frame in opening(self.hand, deal.opening, conn.seat, self._view):
                conn.send(frame)
        self.watch.deal(self.hand.hand_id, opening(self.hand, deal.opening, None, self._view))
        self._advance()

    async def _resume(self) -> None:
        """On (re)start: pick up the table's unfinished hand, else the last hand's settlement."""
        got = await self._db(
            lambda: steps.resume(self.store, self.settings.new_account_grant), "resume")
        if got.hand is not None:
            await self._take_over(got.hand, got.closed)
            return
        self.last_settlement = got.last_settlement
        if got.match_over is not None:  # the match ended with the hand last stored
            self.match_over = got.match_over
            over = {"type": "match_over", "match": self.match_over}
            for conn in self.audience.open():
                if conn.seat is not None:
                    conn.send(over)
            self.watch.extra([over])
        if got.finished:
            await self._after_hand()

    async def _take_over(self, hand: LiveHand, closed: bool) -> None:
        """Play on a stored hand; on a closed table (its players gone) bots play every seat."""
        self._set_hand(hand)
        if closed:
            self.auto = {i for i, bot in enumerate(hand.bots) if not bot}
        else:  # whoever has not reconnected by then is played for (their 托管 was in memory)
            asyncio.get_running_loop().call_later(RESUME_GRACE, self.put,
                                                  m.ResumeGrace(hand.hand_id))
        for conn in self.audience:
            if conn.seat is not None or not self.watch.delayed:
                conn.send(state_frame(hand, conn.seat, self._view, log=True))
        self._advance()

    async def _after_grace(self, hand_id: int) -> None:
        if self.hand is None or self.hand.hand_id != hand_id:
            return
        absent = [seat for seat, bot in enumerate(self.hand.bots)
                  if not bot and seat not in self.auto and not self.connected(seat)]
        for seat in absent:
            await self._set_auto(seat, True)
        if absent:
            await self._broadcast_table()

    async def _recover(self) -> None:
        """After an unexpected error: drop in-memory state and rebuild it from the database."""
        self.claims.cancel()
        self.prompts.clear()
        self.hand = None
        try:
            await self._resume()
        except Abandoned:
            pass  # stopping with the database away: what was stored is read at the next start
        except Exception:
            log.exception("table %s: could not recover", self.code)

    def _close(self, notify: bool) -> None:
        self.claims.cancel()
        self.prompts.clear()
        self.watch.stop()
        if notify:  # the closed table's frame, sent by a task of its own
            self.closing = asyncio.get_running_loop().create_task(self._last_table_frame())
        self.closed = True
        self.on_close()

    async def _last_table_frame(self) -> None:
        with contextlib.suppress(Exception):
            await self._broadcast_table()

    def stop_now(self) -> None:
        """Stop at once (the table moved to another process): the messages still in the inbox
        are dropped, a database step under way is not retried."""
        self.stopping = True
        if not self.closed:
            self._close(notify=False)
        self.put(m.Stop())  # wakes the task if it waits for a message

    @property
    def idle(self) -> bool:
        """No hand in play (a draining table may stop)."""
        return self.hand is None

