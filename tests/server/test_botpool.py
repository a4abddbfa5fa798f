"""The bot process: a bot's move comes back from it, and when the process dies the move is the
default one (None) and a new process thinks the next."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable
from typing import Any

from majiang.server import games
from majiang.server.botpool import BotPool
from majiang.server.games import Action


def moves_around_a_kill(before_kill: Callable[[], None] = lambda: None
                        ) -> tuple[list[Action], list[Action | None], BotPool]:
    """A move, the bot process killed (`before_kill` run first), two more moves: the legal
    actions, the three answers, and the pool (shut down)."""
    hand = games.new_hand("tuidaohu", 7, 0, None, 1, ["a", "b", "c", "d"])
    seat = games.to_act(hand)[0]
    view, actions = hand.view(seat), games.legal(hand, seat)
    pool = BotPool("process", "efficient")

    async def scenario() -> list[Action | None]:
        got: list[Action | None] = []

        async def ask() -> None:
            answer: asyncio.Future[Action | None] = asyncio.get_running_loop().create_future()
            pool.think(pool.new_bot(1), view, actions, answer.set_result)
            got.append(await asyncio.wait_for(answer, 60))

        await ask()  # the process starts and answers
        before_kill()
        for pid in list(pool.executor._processes):  # type: ignore[union-attr]
            os.kill(pid, signal.SIGKILL)
        await ask()  # the dead process's move: the default (or its answer), never silence
        await ask()
        return got

    try:
        return actions, asyncio.run(scenario()), pool
    finally:
        pool.shutdown()


def test_a_dead_bot_process_is_started_again() -> None:
    actions, (first, during, after), pool = moves_around_a_kill()
    assert pool.restarts == 1  # a new process answered the third move
    assert first in actions and after in actions
    assert during is None or during in actions  # killed before or after it answered


def test_a_bot_process_that_cannot_start_never_freezes_a_move(monkeypatch: Any) -> None:
    """The server's attacker review: with no file descriptors left, starting the new process
    raised inside the dead one's callback, the move got no reply and its table froze for good.
    Every move now gets its reply, and bots think on the loop once no process can start."""
    from majiang.server import botpool

    def no_process(kind: str) -> None:
        raise OSError(24, "Too many open files")

    actions, (first, during, after), pool = moves_around_a_kill(
        lambda: monkeypatch.setattr(botpool, "make_executor", no_process))
    assert pool.inline and pool.restarts == 1  # the loop thought the third move
    assert first in actions and after in actions
    assert during is None or during in actions
