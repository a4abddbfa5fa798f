"""The lobby over HTTP: list, open, quick play, join, leave, ready, dissolve; each change pokes
the table's actor so it deals once every seat is ready. `practice: true` opens a 练习场 table
(stake 0); quick play opens one when the balance may sit at no table of the ruleset."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy.orm import Session

from majiang.server import games, lobby, queries
from majiang.server.api.bodies import NewTable, QuickPlay
from majiang.server.api.deps import Server, ServerDep, me, token_of
from majiang.server.models import Table, User
from majiang.server.spectators import WatchSettings

router = APIRouter()


def open_table(server: Server, db: Session, user: User, req: lobby.TableRequest,
               fill_bots: bool = False) -> Table:
    settings = server.settings
    return lobby.create_table(
        db, user, req, default_turn=settings.turn_seconds,
        bank_seconds=settings.bank_seconds, grant_amount=settings.new_account_grant,
        fill_bots=fill_bots, min_turn=settings.min_turn_seconds,
    )


LISTED = ("code", "rules", "players", "level", "level_info", "stake", "turn_seconds", "status",
          "hands_played", "match_hands", "match_rounds")
LISTED_SEAT = ("seat", "name", "bot", "ready")
LIVE_LISTED = 20  # tables in play the lobby lists for watching


def listing(table: dict[str, Any]) -> dict[str, Any]:
    """A table as the public lobby lists it: no user ids, balances or owner."""
    out = {k: table[k] for k in LISTED}
    out["seats"] = [{k: s[k] for k in LISTED_SEAT} for s in table["seats"]]
    return out


@router.get("/api/tables")
def list_tables(server: ServerDep, request: Request) -> list[dict[str, Any]]:
    """Tables one may join (a seat free), and the caller's own, as `listing` shows them."""
    with server.db() as db:
        caller = server.user_from_token(db, token_of(request))
        out = []
        for table in lobby.open_tables(db):
            full = server.tables.table_json(db, table)
            mine = caller is not None and any(s["user_id"] == caller.id for s in full["seats"])
            if mine or any(s["name"] is None for s in full["seats"]):
                out.append(listing(full))
        return out


@router.get("/api/tables/live")
def live_tables(server: ServerDep) -> list[dict[str, Any]]:
    """Tables in play that anyone may watch (no private room, watching not switched off by the
    owner), newest first: the lobby's list of hands to watch (there was none: a full table in
    play could be watched only by typing its code)."""
    with server.db() as db:
        out = []
        for table in lobby.open_tables(db):
            options = table.options or {}
            if table.status == "playing" and "room" not in options \
                    and WatchSettings.of(options).allowed:
                out.append(listing(server.tables.table_json(db, table)))
            if len(out) == LIVE_LISTED:
                break
        return out


@router.post("/api/tables")
def create_table(server: ServerDep, request: Request,
                 body: NewTable | None = None) -> dict[str, Any]:
    body = body or NewTable()
    with server.db() as db:
        user = me(server, db, request)
        table = open_table(server, db, user, body.request())
        answer = server.tables.table_json(db, table)
        code = table.code
    server.tables.poke(code)
    return answer


@router.post("/api/quickplay")
def quickplay(server: ServerDep, request: Request,
              body: QuickPlay | None = None) -> dict[str, Any]:
    body = body or QuickPlay()
    with server.db() as db:
        user = me(server, db, request)
        lobby.hold(db, user)  # quick plays sent at once open one table
        existing = lobby.current_table(db, user)
        if existing is not None:  # back to the table the player already sits at
            return server.tables.table_json(db, existing)
        info = games.ruleset_info(body.rules or games.default_ruleset())
        level = (body.level if "level" in body.model_fields_set
                 else lobby.quickplay_level(user, str(info["id"])))
        req = lobby.TableRequest(  # a balance too small for this ruleset: a practice table
            rules=info["id"], level=level, bots=int(info["players"]) - 1,
            turn_seconds=body.turn_seconds, match_hands=body.match_hands,
            match_rounds=body.match_rounds, practice=body.practice or level is None,
        )
        table = open_table(server, db, user, req, fill_bots=True)
        answer = server.tables.table_json(db, table)
        code = table.code
    server.tables.poke(code)
    return answer


@router.get("/api/tables/{code}")
def get_table(server: ServerDep, request: Request, code: str) -> dict[str, Any]:
    """The table; its seats' user ids and balances only for those who sit there."""
    with server.db() as db:
        caller = server.user_from_token(db, token_of(request))
        table = server.tables.table_json(db, lobby.get_table(db, code))
    return queries.for_viewer(table, caller.id if caller is not None else None)


OPS: dict[str, Callable[[Session, User, str], Table]] = {
    "join": lobby.join_table,
    "leave": lobby.leave_table,
    "ready": lobby.set_ready,
    "dissolve": lobby.dissolve_by,
}


def table_op(server: Server, request: Request, code: str, op: str) -> dict[str, Any]:
    with server.db() as db:
        table = OPS[op](db, me(server, db, request), code)
        answer = server.tables.table_json(db, table)
        real_code = table.code
    server.tables.poke(real_code)
    return answer


@router.post("/api/tables/{code}/join")
def join(server: ServerDep, request: Request, code: str) -> dict[str, Any]:
    return table_op(server, request, code, "join")


@router.post("/api/tables/{code}/leave")
def leave(server: ServerDep, request: Request, code: str) -> dict[str, Any]:
    return table_op(server, request, code, "leave")


@router.post("/api/tables/{code}/ready")
def ready(server: ServerDep, request: Request, code: str) -> dict[str, Any]:
    return table_op(server, request, code, "ready")


@router.post("/api/tables/{code}/dissolve")
def dissolve(server: ServerDep, request: Request, code: str) -> dict[str, Any]:
    return table_op(server, request, code, "dissolve")
