"""The live table service: one asyncio task per table, driving the engine for its seats.

Everything a table does runs in its own task, one input at a time from its queue: client messages,
turn timers, bot moves and lobby changes. A hand is its seed plus its actions: each action is stored
with the events it produced and the settlements it caused in one transaction before anything is
sent, so a restarted server rebuilds every live hand from the database and nothing is paid twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import random
import secrets
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import Engine, func, insert, select
from sqlalchemy import Table as SATable
from sqlalchemy.orm import Session, sessionmaker
from starlette.websockets import WebSocket

from majiang import economy
from majiang.server import games, ledger, lobby, matches
from majiang.server.games import Action, ActionError, Event
from majiang.server.models import (
    Hand,
    HandAction,
    HandPlayer,
    LedgerRow,
    MatchRow,
    Settlement,
    Table,
    User,
    utcnow,
)
from majiang.server.settings import Settings

log = logging.getLogger("majiang.table")
HAND_ACTIONS = cast(SATable, HandAction.__table__)  # Core inserts: one per action, on the hot path
PASS = "pass"
DISCARD = "discard"


class Connection:
    """One WebSocket: an outgoing queue drained by its own writer task, so sending never waits."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.out: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.seat: int | None = None
        self.user_id: int | None = None
        self.closed = False

    def start(self) -> asyncio.Task[None]:
        return asyncio.create_task(self._write())

    async def _write(self) -> None:
        while True:
            msg = await self.out.get()
            if msg is None:
                return
            try:
                await self.websocket.send_text(json.dumps(msg, ensure_ascii=False))
            except Exception:  # the peer went away; the reader side cleans up
                self.closed = True
                return

    def send(self, msg: dict[str, Any]) -> None:
        if not self.closed:
            self.out.put_nowait(msg)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
        self.out.put_nowait(None)


@dataclass
class Prompt:
    id: int
    seat: int
    actions: list[Action]
    issued: float
    by_bot: bool
    handle: asyncio.TimerHandle | None = None
    thinking: bool = False

    def cancel(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None


@dataclass
class HandState:
    """The live hand of a table and what the runner tracks around it."""

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


def default_action(actions: list[Action], view: dict[str, Any]) -> Action:
    """On timeout: pass a call, else discard the drawn tile, else the last legal discard."""
    for a in actions:
        if a.type == PASS:
            return a
    drawn = view.get("drawn")
    discards = [a for a in actions if a.type == DISCARD]
    for a in discards:
        if drawn is not None and a.to_json().get("tile") == drawn:
            return a
    if discards:
        return discards[-1]
    return actions[0]


def _decide(bot: Any, view: dict[str, Any], actions: list[Action]) -> Action | None:
    """A bot's choice (None if it failed: the caller falls back to the default action)."""
    try:
        return games.bot_choose(bot, view, actions)
    except Exception:
        log.exception("bot failed; default action")
        return None


class TableRunner:
    """The task and state of one live table."""

    def __init__(self, manager: TableManager, code: str) -> None:
        self.manager = manager
        self.settings = manager.settings
        self.code = code
        self.queue: asyncio.Queue[tuple[Any, ...]] = asyncio.Queue()
        self.conns: list[Connection] = []
        self.hand: HandState | None = None
        self.prompts: dict[int, Prompt] = {}
        # prompt ids grow across restarts too (millisecond clock), so a reply to a prompt from
        # before a restart can never match a new one
        self.next_pid = int(time.time() * 1000) % 2**40
        self.auto: set[int] = set()  # seats played by a bot for their absent owner (托管)
        self.closed = False
        self.rng = random.Random()
        self.last_settlement: dict[str, Any] | None = None
        self.match_over: dict[str, Any] | None = None  # the match just ended, between matches
        self.table_id: int | None = None
        self.task = asyncio.create_task(self._run(), name=f"table-{code}")

    # -- the task ------------------------------------------------------------------------------

    async def _run(self) -> None:
        try:
            self._resume()
            self._check_start()
        except Exception:
            log.exception("table %s failed to start", self.code)
        while not self.closed:
            item = await self.queue.get()
            if item[0] == "bot_move":
                # People first: across all tables at most one bot move per loop iteration, so a
                # busy server slows its bots down rather than the replies to its players.
                async with self.manager.bot_turn:
                    self._safe_handle(item)
                    await asyncio.sleep(0)
            else:
                self._safe_handle(item)

    def _safe_handle(self, item: tuple[Any, ...]) -> None:
        try:
            self._handle(item)
        except Exception:
            log.exception("table %s: error handling %r", self.code, item[0])
            self._recover()

    def _handle(self, item: tuple[Any, ...]) -> None:
        kind = item[0]
        if kind == "msg":
            self._on_message(item[1], item[2])
        elif kind == "attach":
            self._on_attach(item[1], item[2])
        elif kind == "detach":
            self._on_detach(item[1])
        elif kind == "timeout":
            self._on_timeout(item[1])
        elif kind == "bot":
            self._on_bot(item[1])
        elif kind == "bot_move":
            self._on_bot_move(item[1], item[2])
        elif kind == "check":
            self._refresh_conn_seats()
            self._check_start()
        elif kind == "stop":
            self._close(notify=False)

    def put(self, *item: Any) -> None:
        self.queue.put_nowait(item)

    def receive(self, conn: Connection, msg: Any) -> None:
        self.put("msg", conn, msg)

    def attach(self, conn: Connection, user_id: int) -> None:
        self.put("attach", conn, user_id)

    def detach(self, conn: Connection) -> None:
        self.put("detach", conn)

    # -- database helpers ----------------------------------------------------------------------

    def _db(self) -> Session:
        return self.manager.sessions()

    def _table(self, db: Session) -> Table:
        if self.table_id is not None:
            table = db.get(Table, self.table_id)
            if table is not None:
                return table
        table = lobby.get_table(db, self.code)
        self.table_id = table.id
        return table

    # -- connections ---------------------------------------------------------------------------

    def _seat_conns(self, seat: int | None) -> list[Connection]:
        return [c for c in self.conns if c.seat == seat and not c.closed]

    def connected(self, seat: int) -> bool:
        return bool(self._seat_conns(seat))

    def _send_seat(self, seat: int | None, msg: dict[str, Any]) -> None:
        for c in self._seat_conns(seat):
            c.send(msg)

    def _broadcast_table(self) -> None:
        with self._db() as db:
            data = self.manager.table_json(db, self._table(db))
        for c in self.conns:
            c.send({"type": "table", "table": data})

    def _on_attach(self, conn: Connection, user_id: int) -> None:
        with self._db() as db:
            table = self._table(db)
            seat = next(
                (s.seat for s in lobby.seats_of(db, table).values() if s.user_id == user_id), None
            )
        if self.hand is not None and seat is None and user_id in self.hand.user_ids:
            seat = self.hand.user_ids.index(user_id)  # left the table but still in this hand
        conn.seat, conn.user_id = seat, user_id
        self.conns.append(conn)
        self._broadcast_table()
        if self.hand is not None:
            conn.send({"type": "state", "view": self._view(conn.seat)})
            if seat is not None:
                self._owner_returns(seat)
        elif self.last_settlement is not None:
            conn.send({"type": "settlement", "settlement": self.last_settlement})
        if self.hand is None and self.match_over is not None:
            conn.send({"type": "match_over", "match": self.match_over})

    def _refresh_conn_seats(self) -> None:
        """After a lobby change: a watcher who sat down (or a player who left) gets their seat."""
        with self._db() as db:
            seat_of = {s.user_id: s.seat for s in lobby.seats_of(db, self._table(db)).values()}
        for conn in self.conns:
            if self.hand is not None and conn.user_id in self.hand.user_ids:
                continue  # a hand's seats never change
            conn.seat = seat_of.get(conn.user_id) if conn.user_id is not None else None

    def _on_detach(self, conn: Connection) -> None:
        if conn in self.conns:
            self.conns.remove(conn)
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
        prompt = self.prompts.get(seat)
        if prompt is not None:
            self._send_prompt(prompt)

    def _set_auto(self, seat: int, on: bool) -> None:
        assert self.hand is not None
        if self.hand.bots[seat]:
            return
        if on:
            self.auto.add(seat)
        else:
            self.auto.discard(seat)
        prompt = self.prompts.get(seat)
        if prompt is not None:
            self._arm(prompt, fresh=False)  # the owner gets the prompt's remaining time
        self._broadcast_table()

    # -- client messages -----------------------------------------------------------------------

    def _on_message(self, conn: Connection, msg: Any) -> None:
        if not isinstance(msg, dict):
            conn.send({"type": "error", "error": "a message must be a JSON object"})
            return
        kind = msg.get("type")
        if kind == "ping":
            conn.send({"type": "pong"})
        elif kind == "ready":
            self._on_ready(conn)
        elif kind == "act":
            self._on_act(conn, msg.get("prompt_id"), msg.get("action"))
        else:
            conn.send({"type": "error", "error": f"unknown message type {kind!r}"})

    def _on_ready(self, conn: Connection) -> None:
        if conn.user_id is None:
            return
        with self._db() as db:
            user = db.get(User, conn.user_id)
            try:
                if user is None:
                    raise lobby.LobbyError("no such user")
                lobby.set_ready(db, user, self.code)
                db.commit()
            except lobby.LobbyError as exc:
                conn.send({"type": "error", "error": str(exc)})
                return
        self._check_start()
        if self.hand is None:
            self._broadcast_table()

    def _on_act(self, conn: Connection, prompt_id: Any, data: Any) -> None:
        seat = conn.seat
        if seat is None or self.hand is None:
            conn.send({"type": "error", "error": "nothing to act on / 现在不能操作"})
            return
        prompt = self.prompts.get(seat)
        if prompt is None or prompt.id != prompt_id:
            return  # a stale or duplicate reply: ignored
        try:
            action = Action.from_json(data)
        except ActionError as exc:
            conn.send({"type": "error", "error": str(exc)})
            return
        if action not in prompt.actions:
            conn.send({"type": "error", "error": f"not a legal action now: {data!r}"})
            return
        elapsed = time.monotonic() - prompt.issued
        over = elapsed - self._turn_seconds()
        if over > 0 and not prompt.by_bot:
            self.hand.bank[seat] = max(0.0, self.hand.bank.get(seat, 0.0) - over)
        self.hand.timeouts[seat] = 0
        if seat in self.auto:
            self.auto.discard(seat)
            self._broadcast_table()
        self._play(seat, action, "player")

    # -- prompts, timers and bots --------------------------------------------------------------

    def _turn_seconds(self) -> float:
        return float(self.manager.turn_seconds.get(self.code, self.settings.turn_seconds))

    def _plays_itself(self, seat: int) -> bool:
        assert self.hand is not None
        return self.hand.bots[seat] or seat in self.auto

    def _advance(self) -> None:
        """Prompt every seat the engine waits for; withdraw prompts no longer wanted."""
        assert self.hand is not None
        engine = self.hand.engine
        waiting = games.to_act(engine)
        for seat in list(self.prompts):
            if seat not in waiting:
                self._withdraw(seat)
        for seat in waiting:
            actions = games.legal(engine, seat)
            current = self.prompts.get(seat)
            if current is not None and current.actions == actions:
                continue
            if current is not None:
                self._withdraw(seat)
            if actions:
                self._issue(seat, actions)

    def _withdraw(self, seat: int) -> None:
        prompt = self.prompts.pop(seat)
        prompt.cancel()
        self._send_seat(seat, {"type": "prompt_closed", "prompt_id": prompt.id})

    def _issue(self, seat: int, actions: list[Action]) -> None:
        prompt = Prompt(self.next_pid, seat, actions, time.monotonic(), by_bot=False)
        self.next_pid += 1
        self.prompts[seat] = prompt
        self._arm(prompt, fresh=True)

    def _arm(self, prompt: Prompt, fresh: bool) -> None:
        """Start the prompt's clock: a bot's pause, or the owner's turn time plus bank."""
        assert self.hand is not None
        prompt.cancel()
        prompt.thinking = False
        loop = asyncio.get_running_loop()
        if self._plays_itself(prompt.seat):
            prompt.by_bot = True
            low, high = self.settings.bot_delay
            delay = self.rng.uniform(low, high) if high > 0 else 0.0
            prompt.handle = loop.call_later(delay, self.put, "bot", prompt.id)
        else:
            prompt.by_bot = False
            if fresh:
                prompt.issued = time.monotonic()
            left = self._turn_seconds() + self.hand.bank.get(prompt.seat, 0.0)
            left -= time.monotonic() - prompt.issued
            prompt.handle = loop.call_later(max(0.0, left), self.put, "timeout", prompt.id)
        self._send_prompt(prompt)

    def _send_prompt(self, prompt: Prompt) -> None:
        assert self.hand is not None
        elapsed = time.monotonic() - prompt.issued
        turn = self._turn_seconds()
        bank = self.hand.bank.get(prompt.seat, 0.0)
        self._send_seat(
            prompt.seat,
            {
                "type": "prompt",
                "prompt_id": prompt.id,
                "actions": [a.to_json(with_label=True) for a in prompt.actions],
                "seconds_left": round(max(0.0, turn - elapsed), 1),
                "bank_left": round(max(0.0, bank - max(0.0, elapsed - turn)), 1),
                "auto": prompt.seat in self.auto,
            },
        )

    def _find_prompt(self, prompt_id: int) -> Prompt | None:
        return next((p for p in self.prompts.values() if p.id == prompt_id), None)

    def _on_timeout(self, prompt_id: int) -> None:
        prompt = self._find_prompt(prompt_id)
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
        """A bot's pause is over: let it think (in the bot thread pool, off the event loop)."""
        prompt = self._find_prompt(prompt_id)
        if prompt is None or self.hand is None or not prompt.by_bot or prompt.thinking:
            return
        seat = prompt.seat
        view = self.hand.engine.view(seat)
        bot = self.hand.bot_players.get(seat)
        if bot is None:
            bot = games.new_bot(self.settings.default_bot, self.rng.randrange(2**31))
            self.hand.bot_players[seat] = bot
        pool = self.manager.bot_pool
        if pool is None:
            self._on_bot_move(prompt_id, _decide(bot, view, list(prompt.actions)))
            return
        prompt.thinking = True
        future = asyncio.get_running_loop().run_in_executor(
            pool, _decide, bot, view, list(prompt.actions)
        )
        future.add_done_callback(lambda f: self.put("bot_move", prompt_id, f))

    def _on_bot_move(self, prompt_id: int, outcome: Any) -> None:
        prompt = self._find_prompt(prompt_id)
        if prompt is None or self.hand is None or not prompt.by_bot:
            return  # the prompt was answered, withdrawn or handed back to its owner meanwhile
        if isinstance(outcome, asyncio.Future):
            outcome = outcome.result() if not outcome.cancelled() else None
        action = outcome if isinstance(outcome, Action) else None
        if action is None or action not in prompt.actions:
            action = default_action(prompt.actions, self.hand.engine.view(prompt.seat))
        self._play(prompt.seat, action, "bot" if self.hand.bots[prompt.seat] else "auto")

    # -- playing -------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        assert self.hand is not None
        view: dict[str, Any] = self.hand.engine.view(seat)
        dice = games.dice(self.hand.engine)
        if dice is not None:
            view.setdefault("dice", dice)
        for entry in view.get("seats", []):
            i = entry.get("seat")
            if isinstance(i, int) and 0 <= i < len(self.hand.names):
                entry["name"] = self.hand.names[i]
                entry["bot"] = self.hand.bots[i]
                entry["auto"] = i in self.auto
        return view

    def _play(self, seat: int, action: Action, source: str) -> None:
        """Apply one action, store it with its events and settlements, then tell every seat."""
        hand = self.hand
        assert hand is not None
        prompt = self.prompts.pop(seat, None)
        if prompt is not None:
            prompt.cancel()
        events = games.apply(hand.engine, seat, action)
        posted: list[ledger.Posted] = []
        over = bool(hand.engine.is_over)
        row = {
            "hand_id": hand.hand_id, "idx": hand.action_idx, "seat": seat,
            "action": action.to_json(), "events": [e.to_record() for e in events],
            "source": source, "created_at": utcnow(),
        }
        if not over and hand.settle_idx == len(games.settlements(hand.engine)):
            # Nothing but the action row (most actions): one statement is its own transaction,
            # so it is sent in autocommit mode, one round trip instead of BEGIN, INSERT, COMMIT.
            with self.manager.autocommit.connect() as conn:
                conn.execute(insert(HAND_ACTIONS), [row])
        else:
            with self._db() as db:
                db.execute(insert(HAND_ACTIONS), [row])
                table_id = self.table_id if self.table_id is not None else self._table(db).id
                for entry in games.settlements(hand.engine)[hand.settle_idx:]:
                    posted.append(
                        ledger.post_settlement(
                            db, hand_id=hand.hand_id, table_id=table_id,
                            event_index=hand.settle_idx, kind=str(entry["type"]),
                            units=[int(u) for u in entry["payments"]], stake=hand.stake,
                            user_ids=hand.user_ids,
                        )
                    )
                    hand.settle_idx += 1
                if over:
                    self._finish_rows(db)
                db.commit()
        hand.action_idx += 1
        self._send_events(events, posted)
        if over:
            self._after_hand()
        else:
            self._advance()

    def _send_events(self, events: list[Event], posted: list[ledger.Posted]) -> None:
        hand = self.hand
        assert hand is not None
        queue = list(posted)
        for event in events:
            data = event.to_json()
            moved = queue.pop(0) if event.kind in games.SETTLING_EVENTS and queue else None
            if moved is not None:
                data["silver"] = moved.to_json()
            for conn in self.conns:
                if not conn.closed and event.visible_to(conn.seat):
                    conn.send({"type": "event", "event": data})
            if event.kind == "settlement":
                self.last_settlement = self._settlement_json(hand, moved)
                for conn in self.conns:
                    conn.send({"type": "settlement", "settlement": self.last_settlement})
        for conn in self.conns:
            if not conn.closed:
                conn.send({"type": "state", "view": self._view(conn.seat)})

    def _settlement_json(self, hand: HandState, moved: ledger.Posted | None) -> dict[str, Any]:
        """The settlement screen: winners, patterns, payment lines, silver, balances, levels.

        `moved` is the end of the hand as posted; the balances are the ones it left (what each
        user held right after the hand), so the screen rebuilt after a restart is the same."""
        engine = hand.engine
        result = engine.result
        with self._db() as db:
            kong = list(
                db.scalars(
                    select(Settlement)
                    .where(Settlement.hand_id == hand.hand_id, Settlement.kind == "kong_money")
                    .order_by(Settlement.event_index)
                )
            )
            balances = list(moved.balances_after) if moved is not None else [
                (u.silver if (u := db.get(User, uid)) is not None else 0) for uid in hand.user_ids
            ]
        out: dict[str, Any] = {
            "hand_id": hand.hand_id, "names": hand.names, "stake": hand.stake,
            "winners": games.winners_json(engine),
            "win_type": result.win_type, "discarder": result.discarder,
            "exhaustive_draw": result.exhaustive, "next_dealer": result.next_dealer,
            "payments": {
                "units": list(result.payments),
                "win_units": list(result.win_payments),
                "silver": [
                    sum(s.silver[i] for s in kong) + (moved.silver[i] if moved else 0)
                    for i in range(len(hand.user_ids))
                ],
            },
            "kong_money": [{"units": s.units, "silver": s.silver} for s in kong],
            "lines": games.payment_lines(engine, hand.stake),
            "hands": next(
                (e.data.get("hands") for e in reversed(engine.events) if e.kind == "settlement"),
                None,
            ),
        }
        if moved is not None:
            out["event"] = moved.to_json()
            out["units"] = moved.units
        start = kong[0].balances_before if kong else (
            moved.balances_before if moved is not None else balances
        )
        out["silver"] = out["payments"]["silver"]
        out["balances_before"] = list(start)
        out["balances_after"] = out["balances"] = balances
        out["levels_before"] = [economy.level_for(b).to_json() for b in start]
        out["levels_after"] = out["levels"] = [economy.level_for(b).to_json() for b in balances]
        return out

    def _finish_rows(self, db: Session) -> None:
        assert self.hand is not None
        row = db.get(Hand, self.hand.hand_id)
        table = self._table(db)
        assert row is not None
        row.status = "over"
        row.record = games.record(
            self.hand.engine,
            [self.settings.default_bot if bot else None for bot in self.hand.bots],
        )
        row.ended_at = utcnow()
        table.hands_played += 1
        match = db.get(MatchRow, row.match_id) if row.match_id is not None else None
        if match is not None:  # the game's Match rotates the deal and keeps the totals
            over = matches.finish_hand(db, match, self.hand.engine, row.id, self.hand.names)
            self.match_over = matches.to_json(match) if over else None
            table.dealer, table.carry = match.dealer, match.carry
        else:  # a hand dealt before tables played matches: the next deal opens one
            table.dealer = games.next_dealer(self.hand.engine)
            table.carry = games.carry_after(table.carry, self.hand.engine)
        table.status = "waiting"
        for seat in lobby.seats_of(db, table).values():
            user = db.get(User, seat.user_id)
            seat.ready = bool(user is not None and user.bot)
        lobby.refresh_seats(db, table, self.settings.new_account_grant)
        lobby.close_if_empty(db, table)

    def _after_hand(self) -> None:
        for prompt in self.prompts.values():
            prompt.cancel()
        self.prompts.clear()
        self.auto.clear()
        self.hand = None
        if self.match_over is not None:
            for conn in self.conns:
                conn.send({"type": "match_over", "match": self.match_over})
        with self._db() as db:
            status = self._table(db).status
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
        with self._db() as db:
            table = self._table(db)
            if table.status == "closed":
                db.commit()
                self._close(notify=True)
                return
            self.manager.turn_seconds[self.code] = table.turn_seconds
            seats = lobby.seats_of(db, table)
            if len(seats) < table.players or not all(s.ready for s in seats.values()):
                return
            lobby.refresh_seats(db, table, self.settings.new_account_grant)
            if lobby.close_if_empty(db, table):
                db.commit()
                self._close(notify=True)
                return
            seats = lobby.seats_of(db, table)
            if len(seats) < table.players or not all(s.ready for s in seats.values()):
                db.commit()
                self._broadcast_table()
                return
            user_ids = [seats[i].user_id for i in range(table.players)]
            names = [u.username if (u := db.get(User, uid)) is not None else "?"
                     for uid in user_ids]
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
            db.commit()
            hand_id = row.id
        self._load_hand(hand_id)
        self._broadcast_table()
        assert self.hand is not None
        for conn in self.conns:
            if not conn.closed:
                if opening is not None:  # a new match: who deals first, and why
                    conn.send({"type": "match", "match": opening})
                for event in games.start_events(self.hand.engine):
                    if event.visible_to(conn.seat):
                        conn.send({"type": "event", "event": event.to_json()})
                conn.send({"type": "state", "view": self._view(conn.seat)})
        self._advance()

    def _load_hand(self, hand_id: int) -> None:
        """Make the stored hand the live one (a new hand has no actions yet)."""
        self.hand = self._build_hand(hand_id)
        self.last_settlement = None
        self.match_over = None

    def _build_hand(self, hand_id: int) -> HandState:
        """A hand rebuilt from its stored seed and actions."""
        with self._db() as db:
            row = db.get(Hand, hand_id)
            table = self._table(db)
            assert row is not None
            users = [db.get(User, uid) for uid in row.user_ids]
            stored = list(
                db.scalars(
                    select(HandAction).where(HandAction.hand_id == hand_id).order_by(HandAction.idx)
                )
            )
            bank = float(table.bank_seconds)
            self.manager.turn_seconds[self.code] = table.turn_seconds
            names = [u.username if u is not None else "?" for u in users]
            engine = games.new_hand(
                row.rules, row.seed, row.dealer, row.options, row.hand_no, names
            )
            state = HandState(
                hand_id=row.id, engine=engine, user_ids=list(row.user_ids), names=names,
                bots=[bool(u is not None and u.bot) for u in users], stake=row.stake,
            )
        for stored_action in stored:
            games.apply(engine, stored_action.seat, Action.from_json(stored_action.action))
            state.action_idx += 1
        state.settle_idx = len(games.settlements(engine))
        state.bank = {i: bank for i in range(len(state.user_ids))}
        return state

    def _resume(self) -> None:
        """On (re)start: pick up the table's unfinished hand, else the last hand's settlement."""
        with self._db() as db:
            table = self._table(db)
            row = db.scalars(
                select(Hand).where(Hand.table_id == table.id, Hand.status == "playing")
            ).first()
            hand_id = row.id if row is not None else None
        if hand_id is None:
            self._restore_settlement()
            return
        self._load_hand(hand_id)
        assert self.hand is not None
        if self.hand.engine.is_over:  # defensive: finish rows idempotently
            with self._db() as db:
                self._finish_rows(db)
                db.commit()
            self._after_hand()
            return
        self._advance()

    def _restore_settlement(self) -> None:
        """Between hands: the last hand's settlement screen, rebuilt from its stored actions and
        its posted end-of-hand settlement, as it was sent when the hand ended."""
        with self._db() as db:
            table = self._table(db)
            last = db.scalars(
                select(Hand.id)
                .where(Hand.table_id == table.id, Hand.status == "over")
                .order_by(Hand.hand_no.desc())
                .limit(1)
            ).first()
            match = matches.latest(db, table)
            if match is not None and match.status == "over":
                self.match_over = matches.to_json(match)
        if last is None:
            return
        hand = self._build_hand(last)
        end = len(games.settlements(hand.engine)) - 1
        with self._db() as db:
            moved = ledger.stored_settlement(db, hand.hand_id, end) if end >= 0 else None
        self.last_settlement = self._settlement_json(hand, moved)

    def _recover(self) -> None:
        """After an unexpected error: drop in-memory state and rebuild it from the database."""
        for prompt in self.prompts.values():
            prompt.cancel()
        self.prompts.clear()
        self.hand = None
        try:
            self._resume()
            if self.hand is not None:
                for conn in self.conns:
                    conn.send({"type": "state", "view": self._view(conn.seat)})
        except Exception:
            log.exception("table %s: could not recover", self.code)

    def _close(self, notify: bool) -> None:
        for prompt in self.prompts.values():
            prompt.cancel()
        self.prompts.clear()
        if notify:
            with contextlib.suppress(Exception):
                self._broadcast_table()
        self.closed = True
        self.manager.forget(self.code, self)


def make_bot_pool(kind: str) -> Executor | None:
    """Where bots think, off the event loop so a slow decision never holds it up: "process" (a
    worker process: no GIL contention with the loop), "thread", or "inline" (on the loop)."""
    if kind == "process":
        return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    if kind == "thread":
        return ThreadPoolExecutor(1, thread_name_prefix="bot")
    if kind == "inline":
        return None
    raise ValueError(f"bot pool must be process, thread or inline, got {kind!r}")


def _with_result(record: dict[str, Any] | None) -> dict[str, Any] | None:
    """The stored record, with `result` as another name for `settlement` (read by the client)."""
    if record is None or "settlement" not in record:
        return record
    return {**record, "result": record["settlement"]}


class TableManager:
    """All live tables of the process, by code."""

    def __init__(self, sessions: sessionmaker[Session], settings: Settings) -> None:
        self.sessions = sessions
        self.settings = settings
        self.runners: dict[str, TableRunner] = {}
        self.turn_seconds: dict[str, int] = {}
        self.bot_pool = make_bot_pool(settings.bot_pool)
        bind: Engine = sessions.kw["bind"]
        self.autocommit = bind.execution_options(isolation_level="AUTOCOMMIT")
        self.bot_turn = asyncio.Lock()

    def runner(self, code: str) -> TableRunner:
        existing = self.runners.get(code)
        if existing is not None and not existing.closed:
            return existing
        runner = TableRunner(self, code)
        self.runners[code] = runner
        return runner

    def forget(self, code: str, runner: TableRunner) -> None:
        if self.runners.get(code) is runner:
            del self.runners[code]

    def poke(self, code: str) -> None:
        """A lobby change happened at `code`: let its runner re-check (and deal if ready)."""
        self.runner(code).put("check")

    def resume_all(self) -> None:
        with self.sessions() as db:
            codes = list(db.scalars(select(Table.code).where(Table.status.in_(lobby.OPEN))))
        for code in codes:
            self.runner(code)

    async def stop_all(self) -> None:
        runners = list(self.runners.values())
        for r in runners:
            r.put("stop")
        for r in runners:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(r.task, 2)
        if self.bot_pool is not None:
            self.bot_pool.shutdown(wait=False, cancel_futures=True)

    def table_json(self, db: Session, table: Table) -> dict[str, Any]:
        runner = self.runners.get(table.code)
        seats = lobby.seats_of(db, table)
        out_seats = []
        for i in range(table.players):
            s = seats.get(i)
            user = db.get(User, s.user_id) if s is not None else None
            out_seats.append(
                {
                    "seat": i,
                    "name": user.username if user is not None else None,
                    "user_id": user.id if user is not None else None,
                    "bot": bool(user is not None and user.bot),
                    "silver": user.silver if user is not None else None,
                    "ready": bool(s is not None and s.ready),
                    "leaving": bool(s is not None and s.leaving),
                    "connected": bool(runner is not None and runner.connected(i)),
                    "auto": bool(runner is not None and i in runner.auto),
                }
            )
        lvl = economy.level(table.level)
        match = matches.latest(db, table)
        return {
            "code": table.code, "rules": table.rules, "players": table.players,
            "level": table.level, "level_info": lvl.to_json(), "stake": table.stake,
            "turn_seconds": table.turn_seconds, "bank_seconds": table.bank_seconds,
            "status": table.status, "owner_id": table.owner_id, "hands_played": table.hands_played,
            "dealer": table.dealer, "seats": out_seats,
            "match_hands": table.match_hands, "match_rounds": table.match_rounds,
            "match": matches.to_json(match) if match is not None else None,
        }

    def history(self, db: Session, user: User) -> list[dict[str, Any]]:
        rows = db.execute(
            select(Hand, HandPlayer.seat)
            .join(HandPlayer, HandPlayer.hand_id == Hand.id)
            .where(HandPlayer.user_id == user.id, Hand.status == "over")
            .order_by(Hand.id.desc())
            .limit(100)
        ).all()
        nets = dict(
            db.execute(
                select(LedgerRow.hand_id, func.sum(LedgerRow.amount))
                .where(LedgerRow.user_id == user.id, LedgerRow.hand_id.is_not(None))
                .group_by(LedgerRow.hand_id)
            ).all()
        )
        units = dict(
            db.execute(
                select(LedgerRow.hand_id, func.sum(LedgerRow.units))
                .where(LedgerRow.user_id == user.id, LedgerRow.hand_id.is_not(None))
                .group_by(LedgerRow.hand_id)
            ).all()
        )
        out = []
        for hand, seat in rows:
            table = db.get(Table, hand.table_id)
            out.append(
                {
                    "hand_id": hand.id, "rules": hand.rules, "seat": seat,
                    "table": table.code if table is not None else None,
                    "hand_no": hand.hand_no, "stake": hand.stake,
                    "ended_at": hand.ended_at.isoformat() if hand.ended_at else None,
                    "net_units": int(units.get(hand.id) or 0),
                    "net_silver": int(nets.get(hand.id) or 0),
                }
            )
        return out

    def hand_json(self, db: Session, hand: Hand) -> dict[str, Any]:
        table = db.get(Table, hand.table_id)
        players = [
            db.get(User, uid) for uid in hand.user_ids
        ]
        settlements = db.scalars(
            select(Settlement).where(Settlement.hand_id == hand.id).order_by(Settlement.event_index)
        )
        return {
            "hand_id": hand.id, "table": table.code if table is not None else None,
            "rules": hand.rules, "options": hand.options, "hand_no": hand.hand_no,
            "seed": hand.seed, "dealer": hand.dealer, "stake": hand.stake,
            "names": [u.username if u is not None else None for u in players],
            "record": _with_result(hand.record),
            "settlements": [
                {"event_index": s.event_index, "kind": s.kind, "units": s.units,
                 "silver": s.silver, "balances_before": s.balances_before,
                 "balances_after": s.balances_after}
                for s in settlements
            ],
            "ended_at": hand.ended_at.isoformat() if hand.ended_at else None,
        }
