"""The fair shuffle over HTTP (docs/fair-shuffle.md): a hand's commitment and nonce from its deal
on, the revealed secret and the verifiable record once it is over (to its players only: the
secret deals every hidden tile again); the verify page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse
from sqlalchemy import select
from sqlalchemy.orm import Session

from majiang.server import fairness, games, lobby
from majiang.server.api.deps import ApiError, RowId, Server, ServerDep, token_of
from majiang.server.models import Hand, HandPlayer, User

router = APIRouter()
PAGE = Path(__file__).resolve().parents[2] / "web" / "verify.html"


def is_player(db: Session, hand: Hand, user: User | None) -> bool:
    """Whether `user` sat in `hand` (the access rule for a finished hand's record)."""
    if user is None:
        return False
    return db.scalars(select(HandPlayer.id).where(
        HandPlayer.hand_id == hand.id, HandPlayer.user_id == user.id)).first() is not None


def shuffle_json(db: Session, hand: Hand, user: User | None) -> dict[str, Any]:
    over = hand.status == "over" and is_player(db, hand, user)
    return {"hand_id": hand.id, "status": hand.status,
            **fairness.public(hand.seed_commitment, hand.seed_nonce, hand.seed_secret, over)}


def _viewer(server: Server, db: Session, request: Request) -> User | None:
    return server.user_from_token(db, token_of(request))


@router.get("/api/hands/{hand_id}/fair")
def hand_fair(server: ServerDep, request: Request, hand_id: RowId) -> dict[str, Any]:
    """Commitment and nonce (public from the deal on); the secret for its players once over."""
    with server.db() as db:
        hand = db.get(Hand, hand_id)
        if hand is None:
            raise ApiError(f"没有此牌局 / no hand {hand_id}", 404)
        return shuffle_json(db, hand, _viewer(server, db, request))


@router.get("/api/tables/{code}/fair")
def table_fair(server: ServerDep, request: Request, code: str) -> dict[str, Any]:
    """The commitment of the table's newest hand (the one in play, once dealt)."""
    with server.db() as db:
        table = lobby.get_table(db, code)
        hand = db.scalars(select(Hand).where(Hand.table_id == table.id)
                          .order_by(Hand.hand_no.desc()).limit(1)).first()
        if hand is None:
            raise ApiError("此桌尚未发牌 / no hand dealt at this table yet", 404)
        return shuffle_json(db, hand, _viewer(server, db, request))


@router.get("/api/hands/{hand_id}/verifiable")
def verifiable(server: ServerDep, request: Request, hand_id: RowId) -> dict[str, Any]:
    """The finished hand's record with its `fair` block (scheme, commitment, nonce, secret and
    the wall the seed shuffles, as tile names in taking order), for `majiang verify` and the
    /verify page (players only)."""
    with server.db() as db:
        hand = db.get(Hand, hand_id)
        if hand is None:
            raise ApiError(f"没有此牌局 / no hand {hand_id}", 404)
        if hand.status != "over" or hand.record is None:
            raise ApiError("牌局未结束 / the hand is still being played", 409)
        if not is_player(db, hand, _viewer(server, db, request)):
            raise ApiError("只有此局的玩家可以查看 / only the hand's players may read it", 403)
        if hand.seed_secret is None or hand.seed_nonce is None or hand.seed_commitment is None:
            raise ApiError("此局早于公平洗牌 / this hand predates the fair shuffle", 404)
        record = fairness.fair_record(hand.record, hand.seed_commitment, hand.seed_nonce,
                                      hand.seed_secret)
        record["fair"]["wall"] = games.wall_names(hand.rules, hand.seed, str(record.get("rng")))
        return record


@router.get("/verify", response_model=None)
async def verify_page() -> FileResponse:
    """The page that checks a hand's shuffle in the browser (majiang/web/verify.html)."""
    return FileResponse(PAGE, media_type="text/html; charset=utf-8")
