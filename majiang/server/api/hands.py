"""Finished hands: the caller's history, a hand's record, its replay step by step."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from majiang.server import queries
from majiang.server.api.deps import ApiError, Server, ServerDep, me, token_of
from majiang.server.models import Hand

router = APIRouter()


@router.get("/api/history")
async def history(server: ServerDep, request: Request) -> list[dict[str, Any]]:
    with server.db() as db:
        return queries.history(db, me(server, db, request))


def finished(hand: Hand | None, hand_id: int) -> Hand:
    """The hand if it is over; 404 for no such hand, 409 while it is played."""
    if hand is None:
        raise ApiError(f"没有此牌局 / no hand {hand_id}", 404)
    if hand.status != "over" or hand.record is None:
        raise ApiError("牌局未结束 / the hand is still being played", 409)
    return hand


@router.get("/api/hands/{hand_id}")
async def hand_record(server: ServerDep, hand_id: int) -> dict[str, Any]:
    with server.db() as db:
        return queries.hand_json(db, finished(db.get(Hand, hand_id), hand_id))


def _replay(server: Server, hand_id: int, token: str | None) -> dict[str, Any]:
    with server.db() as db:
        hand = finished(db.get(Hand, hand_id), hand_id)
        return queries.replay_json(db, hand, server.user_from_token(db, token))


@router.get("/api/hands/{hand_id}/replay")
async def hand_replay(server: ServerDep, request: Request, hand_id: int) -> dict[str, Any]:
    """The hand's steps as the caller saw them (their seat, or a spectator's view), worked out
    in a thread: replaying a hand takes a moment, and the tables keep the loop."""
    return await run_in_threadpool(_replay, server, hand_id, token_of(request))
