"""A table's watching settings: `GET` for anyone, `PUT` for its owner (watching on or off, the
watchers' delay in actions, the pace of the held-back tail); the table's actor applies them at
once (`spectators.WatchSettings`, kept in the table's options as `options["watch"]`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from majiang.server import lobby
from majiang.server.api.deps import ApiError, ServerDep, me
from majiang.server.spectators import KEY, MAX_DELAY, MAX_PACE, WatchSettings

router = APIRouter()


class Watching(BaseModel):
    """`PUT /api/tables/{code}/watching`: what to change (absent: unchanged); strict, as every
    body (protocol.md 4: `"3"` is not a number, `1` not a boolean)."""

    model_config = ConfigDict(extra="ignore", strict=True)
    allowed: bool | None = None
    delay: int | None = Field(None, ge=0, le=MAX_DELAY)
    pace: float | None = Field(None, ge=0.0, le=MAX_PACE, allow_inf_nan=False)


@router.get("/api/tables/{code}/watching")
def get_watching(server: ServerDep, code: str) -> dict[str, Any]:
    with server.db() as db:
        table = lobby.get_table(db, code)
        return {"code": table.code, "watch": WatchSettings.of(table.options).to_json()}


@router.put("/api/tables/{code}/watching")
def set_watching(server: ServerDep, request: Request, code: str,
                       body: Watching) -> dict[str, Any]:
    with server.db() as db:
        user = me(server, db, request)
        table = lobby.get_table(db, code)
        if table.owner_id != user.id:
            raise ApiError("只有桌主可以设置旁观 / only the table's owner sets watching", 403)
        if table.status == "closed":
            raise ApiError("此桌已关闭 / the table is closed", 409)
        now = WatchSettings.of(table.options).to_json()
        now.update(body.model_dump(exclude_none=True))
        table.options = {**(table.options or {}), KEY: now}  # a new dict: the JSON is rewritten
        answer = {"code": table.code, "watch": WatchSettings.of(table.options).to_json()}
        real_code = table.code
    server.tables.poke(real_code)
    return answer
