"""Standing over HTTP: a player's profile, the leaderboards, a player's own history by ruleset.

`GET /api/players/{name}` is public (statistics, as on Tenhou and 雀魂); a player's list of hands
(`/api/players/{name}/history`) is theirs alone, as the hands themselves are."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Query, Request
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from majiang.server import accounts, games, standing
from majiang.server.api.deps import ApiError, RowIdQuery, Server, ServerDep, me, token_of
from majiang.server.models import User
from majiang.shown import short

router = APIRouter()


def _player(db: Session, name: str) -> User:
    user = accounts.by_name(db, name)
    if user is None:
        raise ApiError(f"没有此玩家 / no player {short(name, 40)}", 404)
    return user


def _rules(rules: str | None) -> str | None:
    """A ruleset id the engine plays (400 otherwise); None stays None."""
    return None if rules is None else str(games.ruleset_info(rules)["id"])


def _profile(server: Server, name: str) -> dict[str, Any]:
    with server.db() as db:
        return standing.profile(db, _player(db, name))


@router.get("/api/players/{name}")
async def player_profile(server: ServerDep, name: str) -> dict[str, Any]:
    """Name, silver, level, wealth rank, figures per ruleset (`stats.all` and one per ruleset
    played), the last results. Worked out in a thread: it reads every hand of the player."""
    return await run_in_threadpool(_profile, server, name)


@router.get("/api/players/{name}/history")
def player_history(server: ServerDep, request: Request, name: str,
                         rules: str | None = None, limit: int = Query(50, ge=1, le=200),
                         before: RowIdQuery = None) -> dict[str, Any]:
    """The caller's own finished hands, newest first, optionally of one ruleset; `next` is the
    `before` of the following page."""
    with server.db() as db:
        caller = me(server, db, request)
        user = _player(db, name)
        if user.id != caller.id:
            raise ApiError("只能查看自己的牌局记录 / a player's hands are theirs alone", 403)
        return standing.history(db, user, _rules(rules), limit, before)


def _board(server: Server, token: str | None, by: str, rules: str | None, order: str,
           min_hands: int, limit: int) -> dict[str, Any]:
    with server.db() as db:
        caller = server.user_from_token(db, token)
        if by == "wealth":
            return standing.wealth_board(db, caller, limit)
        rid = _rules(rules)
        if rid is None:
            raise ApiError("按规则排行须指明规则 / by=rules needs rules=ID", 400)
        return standing.rules_board(db, rid, caller, order, min_hands, limit)


@router.get("/api/leaderboard")
async def leaderboard(
    server: ServerDep, request: Request, by: Literal["wealth", "rules"] = "wealth",
    rules: str | None = None,
    order: Literal["silver", "hands", "win_rate", "units"] = "silver",
    min_hands: int = Query(1, ge=1, le=10000), limit: int = Query(100, ge=1, le=500),
) -> dict[str, Any]:
    """`by=wealth`: the richest players; `by=rules&rules=ID`: that ruleset's players with at
    least `min_hands` hands, by silver won, hands, win rate or units; `me`: the caller's row."""
    return await run_in_threadpool(_board, server, token_of(request), by, rules, order,
                                   min_hands, limit)
