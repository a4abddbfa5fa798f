"""The bot process: a bot's move comes back from it, and when the process dies the move is the
default one (None) and a new process thinks the next."""

from __future__ import annotations

import asyncio
import os
import signal
from typing import Any

from majiang.server import games
from majiang.server.botpool import BotPool
from majiang.server.games import Action


def test_a_dead_bot_process_is_started_again() -> None:
    hand = games.new_hand("tuidaohu", 7, 0, None, 1, ["a", "b", "c", "d"])
    seat = games.to_act(hand)[0]
    view, actions = hand.view(seat), games.legal(hand, seat)

    async def scenario() -> list[Action | None]:
        pool = BotPool("process", "efficient")
        got: list[Action | None] = []

        async def ask() -> None:
            answer: asyncio.Future[Action | None] = asyncio.get_running_loop().create_future()
            pool.think(pool.new_bot(1), view, actions, answer.set_result)
            got.append(await asyncio.wait_for(answer, 60))

        try:
            await ask()  # the process starts and answers
            processes = pool.executor._processes  # type: ignore[union-attr]
            for pid in list(processes):
                os.kill(pid, signal.SIGKILL)
            await ask()  # the dead process's move: the default
            await ask()  # a new process answers
            assert pool.restarts == 1
        finally:
            pool.shutdown()
        return got

    first, during, after = asyncio.run(scenario())
    assert first in actions and after in actions
    assert during is None or during in actions  # killed before or after it answered


def test_a_bot_process_that_cannot_start_never_freezes_a_move(monkeypatch: Any) -> None:
    """The server's attacker review: with no file descriptors left, starting the new process
    raised inside the dead one's callback, the move got no reply and its table froze for good.
    Every move now gets its reply, and bots think on the loop once no process can start."""
    from majiang.server import botpool

    hand = games.new_hand("tuidaohu", 7, 0, None, 1, ["a", "b", "c", "d"])
    seat = games.to_act(hand)[0]
    view, actions = hand.view(seat), games.legal(hand, seat)

    def no_process(kind: str) -> None:
        raise OSError(24, "Too many open files")

    async def scenario() -> list[Action | None]:
        pool = BotPool("process", "efficient")
        got: list[Action | None] = []

        async def ask() -> None:
            answer: asyncio.Future[Action | None] = asyncio.get_running_loop().create_future()
            pool.think(pool.new_bot(1), view, actions, answer.set_result)
            got.append(await asyncio.wait_for(answer, 60))

        try:
            await ask()  # the process starts and answers
            monkeypatch.setattr(botpool, "make_executor", no_process)
            for pid in list(pool.executor._processes):  # type: ignore[union-attr]
                os.kill(pid, signal.SIGKILL)
            await ask()  # the dead process's move: the default (or its answer), not silence
            await ask()  # no process could start: the loop thinks it
            assert pool.inline and pool.restarts == 1
        finally:
            pool.shutdown()
        return got

    first, during, after = asyncio.run(scenario())
    assert first in actions and after in actions
    assert during is None or during in actions
