"""Friends' rooms over HTTP (`majiang.server.rooms`): open a room, read it (seats, settings,
invite, scoreboard), and the owner's controls before the match starts: add a bot, remove a bot,
kick a player, dissolve. Each change pokes the table's actor."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy.orm import Session

from majiang.server import lobby, queries, rooms
from majiang.server.api.bodies import NewRoom, SeatChoice
from majiang.server.api.deps import Server, ServerDep, me, token_of
from majiang.server.api.tables import open_table
from majiang.server.models import Table, User

router = APIRouter()


def answer(server: Server, db: Session, table: Table) -> dict[str, Any]:
    return rooms.room_json(db, table, server.tables.table_json(db, table))


@router.post("/api/rooms")
def create_room(server: ServerDep, request: Request,
                body: NewRoom | None = None) -> dict[str, Any]:
    body = body or NewRoom()
    with server.db() as db:
        user = me(server, db, request)
        table = open_table(server, db, user, body.request())
        rooms.mark(table)
        db.flush()
        out = answer(server, db, table)
        code = table.code
    server.tables.poke(code)
    return out


@router.get("/api/rooms/{code}")
def get_room(server: ServerDep, request: Request, code: str) -> dict[str, Any]:
    """The room; its seats' user ids and balances only for those who sit there."""
    with server.db() as db:
        caller = server.user_from_token(db, token_of(request))
        return queries.for_viewer(answer(server, db, lobby.get_table(db, code)),
                                  caller.id if caller is not None else None)


def owner_op(server: Server, request: Request, code: str,
             op: Callable[[Session, User, Table], Table]) -> dict[str, Any]:
    with server.db() as db:
        user = me(server, db, request)
        table = op(db, user, lobby.get_table(db, code))
        out = answer(server, db, table)
        real = table.code
    server.tables.poke(real)
    return out


@router.post("/api/rooms/{code}/bots")
def add_bot(server: ServerDep, request: Request, code: str,
            body: SeatChoice | None = None) -> dict[str, Any]:
    seat = (body or SeatChoice()).seat
    grant = server.settings.new_account_grant
    return owner_op(server, request, code,
                          lambda db, u, t: rooms.add_bot(db, u, t.code, seat, grant))


@router.post("/api/rooms/{code}/remove-bot")
def remove_bot(server: ServerDep, request: Request, code: str,
               body: SeatChoice | None = None) -> dict[str, Any]:
    seat = (body or SeatChoice()).seat
    return owner_op(server, request, code,
                          lambda db, u, t: rooms.remove_bot(db, u, t.code, seat))


@router.post("/api/rooms/{code}/kick")
def kick(server: ServerDep, request: Request, code: str,
         body: SeatChoice | None = None) -> dict[str, Any]:
    seat = (body or SeatChoice()).seat
    return owner_op(server, request, code,
                          lambda db, u, t: rooms.kick(db, u, t.code, seat))


@router.post("/api/rooms/{code}/dissolve")
def dissolve(server: ServerDep, request: Request, code: str) -> dict[str, Any]:
    return owner_op(server, request, code,
                          lambda db, u, t: rooms.dissolve(db, u, t.code))
