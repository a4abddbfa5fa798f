"""Prompts and their clocks: what each seat the engine waits for may do, and until when.

A prompt has a fresh id; a reply with any other id is refused (`messages.PROMPT_OVER`). A person
has the table's turn time plus what is left of their bank; a seat a bot plays (a bot's own, or
托管) gets the bot's pause.
When a clock runs out the prompt's message goes to the table's inbox. A bot answering a claim
prompt while the table's claim window is open (`claims.py`) pauses within the window. A prompt
a person plays carries the seat's hints (`game.hints`: waits, unseen copies, each discard's
waits, danger, the engine's no_win), computed here from the seat's view alone.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass
from typing import Any, Protocol

from majiang.server import games
from majiang.server.games import Action
from majiang.server.messages import BotTurn, Message, TurnTimeout

PASS = "pass"
DISCARD = "discard"


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


def timeout_notice(action: Action, auto: bool) -> dict[str, Any]:
    """What the seat is told when its clock ran out and `action` was played for it (`auto`:
    two timeouts in a row, so the server now plays the seat, 托管, until it acts)."""
    words = games.tile_words(action) if action.type == DISCARD else None
    if words is not None:
        zh, en = f"已替你打出{words[0]}", f"{words[1]} was discarded for you"
    else:
        zh, en = "已替你选择“过”", "you passed"
    if auto:
        zh = f"{zh}；连续两次超时，电脑代打（托管）"
        en = f"{en}; two in a row: the server plays for you"
    return {"type": "notice", "notice": "timeout", "text": f"超时，{zh} / time ran out: {en}"}


def host_view(host: object, seat: int) -> dict[str, Any] | None:
    """The seat's engine view from the host: its `seat_view(seat)` if it has one, else the
    engine of its hand in play (the table's `hand.engine`)."""
    view_of = getattr(host, "seat_view", None)
    if callable(view_of):
        view: dict[str, Any] | None = view_of(seat)
        return view
    engine = getattr(getattr(host, "hand", None), "engine", None)
    return None if engine is None else dict(engine.view(seat))


class PromptHost(Protocol):
    """What the prompts need from their table."""

    def put(self, msg: Message) -> None: ...
    def send_seat(self, seat: int, msg: dict[str, Any]) -> None: ...
    def turn_seconds(self) -> float: ...
    def bank(self, seat: int) -> float: ...
    def plays_itself(self, seat: int) -> bool: ...
    def is_auto(self, seat: int) -> bool: ...
    def claim_window_left(self) -> float: ...


class Prompts:
    """The open prompts of one table, at most one per seat."""

    def __init__(self, host: PromptHost, bot_delay: tuple[float, float]) -> None:
        self.host = host
        self.bot_delay = bot_delay
        self.rng = random.Random()
        self.by_seat: dict[int, Prompt] = {}
        # ids grow across restarts too (millisecond clock), so a reply to a prompt from before a
        # restart can never match a new one
        self.next_id = int(time.time() * 1000) % 2**40

    def get(self, seat: int) -> Prompt | None:
        return self.by_seat.get(seat)

    def find(self, prompt_id: int) -> Prompt | None:
        return next((p for p in self.by_seat.values() if p.id == prompt_id), None)

    def take(self, seat: int) -> None:
        """The seat acted: its prompt is done."""
        prompt = self.by_seat.pop(seat, None)
        if prompt is not None:
            prompt.cancel()

    def clear(self) -> None:
        for prompt in self.by_seat.values():
            prompt.cancel()
        self.by_seat.clear()

    def sync(self, wanted: dict[int, list[Action]]) -> None:
        """Prompt every seat in `wanted` with its legal actions; withdraw prompts no longer
        wanted or whose actions changed."""
        for seat in list(self.by_seat):
            if seat not in wanted:
                self._withdraw(seat)
        for seat, actions in wanted.items():
            current = self.by_seat.get(seat)
            if current is not None and current.actions == actions:
                continue
            if current is not None:
                self._withdraw(seat)
            if actions:
                self._issue(seat, actions)

    def _withdraw(self, seat: int) -> None:
        prompt = self.by_seat.pop(seat)
        prompt.cancel()
        self.host.send_seat(seat, {"type": "prompt_closed", "prompt_id": prompt.id})

    def _issue(self, seat: int, actions: list[Action]) -> None:
        prompt = Prompt(self.next_id, seat, actions, time.monotonic(), by_bot=False)
        self.next_id += 1
        self.by_seat[seat] = prompt
        self.arm(prompt, fresh=True)

    def rearm(self, seat: int) -> None:
        """The seat changed hands (托管 on or off): its prompt gets the new player's clock."""
        prompt = self.by_seat.get(seat)
        if prompt is not None:
            self.arm(prompt, fresh=False)  # the owner gets the prompt's remaining time

    def arm(self, prompt: Prompt, fresh: bool) -> None:
        """Start the prompt's clock: a bot's pause, or the owner's turn time plus bank."""
        prompt.cancel()
        prompt.thinking = False
        loop = asyncio.get_running_loop()
        host = self.host
        if host.plays_itself(prompt.seat):
            prompt.by_bot = True
            low, high = self.bot_delay
            delay = self.rng.uniform(low, high) if high > 0 else 0.0
            window = host.claim_window_left()
            if window > 0:  # a claim prompt: the bot answers within the table's claim window
                delay = self.rng.uniform(0.0, window / 2)
            prompt.handle = loop.call_later(delay, host.put, BotTurn(prompt.id))
        else:
            prompt.by_bot = False
            if fresh:
                prompt.issued = time.monotonic()
            left = host.turn_seconds() + host.bank(prompt.seat)
            left -= time.monotonic() - prompt.issued
            prompt.handle = loop.call_later(max(0.0, left), host.put, TurnTimeout(prompt.id))
        self.send(prompt)

    def send(self, prompt: Prompt) -> None:
        """Send the prompt to its seat with the time left on it."""
        elapsed = time.monotonic() - prompt.issued
        turn = self.host.turn_seconds()
        bank = self.host.bank(prompt.seat)
        view = None if prompt.by_bot else host_view(self.host, prompt.seat)
        rules = None if view is None else view.get("rules")
        msg: dict[str, Any] = {
            "type": "prompt",
            "prompt_id": prompt.id,
            "actions": [a.to_json(with_label=True, rules=rules) for a in prompt.actions],
            "seconds_left": round(max(0.0, turn - elapsed), 1),
            "bank_left": round(max(0.0, bank - max(0.0, elapsed - turn)), 1),
            "auto": self.host.is_auto(prompt.seat),
        }
        if not prompt.by_bot:
            msg["hints"] = games.seat_hints(view)
        self.host.send_seat(prompt.seat, msg)

    def resend(self, seat: int) -> None:
        prompt = self.by_seat.get(seat)
        if prompt is not None:
            self.send(prompt)
