"""The table actor's inbox: one typed message per kind of input, handled one at a time."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from majiang.server.connection import Connection
from majiang.server.games import Action, ActionError
from majiang.shown import short


@dataclass(frozen=True, slots=True)
class Ping:
    """`{"type": "ping"}`: answered with a pong."""

    conn: Connection


@dataclass(frozen=True, slots=True)
class Ready:
    """`{"type": "ready"}`: the sender's seat is ready for the next deal."""

    conn: Connection


PROMPT_OVER = ("该提示已结束，操作未执行 / this prompt is over (answered, withdrawn or not "
               "yours): the action was not played")
"""The error to an `act` whose `prompt_id` is not the seat's open prompt (a late, repeated or
forged reply)."""
BAD_PROMPT_ID = "prompt_id须为整数 / prompt_id must be the integer of a prompt"
PROMPT_ID_MAX = 2**63  # prompt ids are a millisecond clock: far below


@dataclass(frozen=True, slots=True)
class Act:
    """`{"type": "act", "prompt_id", "action"}`: `action` as read, or why it could not be."""

    conn: Connection
    prompt_id: int
    action: Action | None
    sent: Any
    error: str | None = None


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A client message that is no message of the protocol: answered with `error`."""

    conn: Connection
    error: str


def from_client(conn: Connection, data: Any) -> Ping | Ready | Act | Unreadable:
    """A client's JSON message as a typed message (protocol.md section 5)."""
    if not isinstance(data, dict):
        return Unreadable(conn, "消息须为JSON对象 / a message must be a JSON object")
    kind = data.get("type")
    if kind == "ping":
        return Ping(conn)
    if kind == "ready":
        return Ready(conn)
    if kind == "act":
        prompt_id, sent = data.get("prompt_id"), data.get("action")
        if type(prompt_id) is not int or not 0 <= prompt_id < PROMPT_ID_MAX:  # bool is no id
            return Unreadable(conn, BAD_PROMPT_ID)
        try:
            return Act(conn, prompt_id, Action.from_json(sent), sent)
        except ActionError as exc:
            return Act(conn, prompt_id, None, sent,
                       f"无法读取此操作 / unreadable action: {short(str(exc), 120)}")
    return Unreadable(conn, f"未知消息类型 / unknown message type {short(kind)}")


@dataclass(frozen=True, slots=True)
class Attach:
    """A connection of `user_id` opened."""

    conn: Connection
    user_id: int


@dataclass(frozen=True, slots=True)
class Detach:
    """A connection closed."""

    conn: Connection


@dataclass(frozen=True, slots=True)
class TurnTimeout:
    """A person's turn time and bank ran out on a prompt."""

    prompt_id: int


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A bot's pause on a prompt is over: it may think now."""

    prompt_id: int


@dataclass(frozen=True, slots=True)
class BotMove:
    """A bot's decision on a prompt (None: it failed; the default action is played)."""

    prompt_id: int
    action: Action | None


@dataclass(frozen=True, slots=True)
class ClaimRelease:
    """A discard's claim window (`claims.ClaimWindow`) ended: send what it held."""

    token: int


@dataclass(frozen=True, slots=True)
class LobbyChanged:
    """Seats or readiness changed over HTTP: re-check the seats and deal if all are ready.
    `at`: when the change was told (monotonic seconds), after it was committed."""

    at: float = field(default_factory=time.monotonic)


@dataclass(frozen=True, slots=True)
class ResumeGrace:
    """A hand resumed (a restart, a failover) gave its players time to reconnect: a person
    still without a connection is played by the bot (托管), as one whose last connection
    closed."""

    hand_id: int


@dataclass(frozen=True, slots=True)
class Stop:
    """The server is shutting down."""


Message = (
    Ping | Ready | Act | Unreadable | Attach | Detach | TurnTimeout | BotTurn | BotMove
    | ClaimRelease | LobbyChanged | ResumeGrace | Stop
)
