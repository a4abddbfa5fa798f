"""Finished hands: the caller's history, a hand's record, its replay step by step; a hand is
read by its players, or by anyone holding its share link (`?share=TOKEN`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from majiang.server import accounts, queries
from majiang.server.api.deps import ApiError, RowId, Server, ServerDep, me, token_of
from majiang.server.models import Hand, User

router = APIRouter()


@router.get("/api/history")
def history(server: ServerDep, request: Request) -> list[dict[str, Any]]:
    with server.db() as db:
        return queries.history(db, me(server, db, request))


def finished(hand: Hand | None, hand_id: int) -> Hand:
    """The hand if it is over; 404 for no such hand, 409 while it is played."""
    if hand is None:
        raise ApiError(f"没有此牌局 / no hand {hand_id}", 404)
    if hand.status != "over" or hand.record is None:
        raise ApiError("牌局未结束 / the hand is still being played", 409)
    return hand


def readable(server: Server, db: Session, hand_id: int, token: str | None,
             share: str | None) -> tuple[Hand, User | None, str]:
    """The finished hand if the caller may read it (a player, or a share link's holder): the
    hand, the caller and the server's secret; 403 otherwise."""
    hand = finished(db.get(Hand, hand_id), hand_id)
    viewer = server.user_from_token(db, token)
    secret = accounts.server_secret(db, server.settings.secret)
    if not queries.may_read(hand, viewer, share, secret):
        raise ApiError("只有本局玩家或持分享链接的人可以查看 / only the hand's players or a "
                       "holder of its share link may read it", 403)
    return hand, viewer, secret


@router.get("/api/hands/{hand_id}")
def hand_record(server: ServerDep, request: Request, hand_id: RowId,
                      share: str | None = None) -> dict[str, Any]:
    with server.db() as db:
        hand, _, _ = readable(server, db, hand_id, token_of(request), share)
        return queries.hand_json(db, hand)


def _replay(server: Server, hand_id: int, token: str | None, share: str | None) -> dict[str, Any]:
    with server.db() as db:
        hand, viewer, secret = readable(server, db, hand_id, token, share)
        return queries.replay_json(db, hand, viewer, secret)


@router.get("/api/hands/{hand_id}/replay")
async def hand_replay(server: ServerDep, request: Request, hand_id: RowId,
                      share: str | None = None) -> dict[str, Any]:
    """The hand's steps as the caller saw them (their seat; a share link's holder: a
    spectator's view), worked out in a thread: replaying a hand takes a moment, and the tables
    keep the loop. `share`: the token of the hand's share link (`replay.share`)."""
    return await run_in_threadpool(_replay, server, hand_id, token_of(request), share)
