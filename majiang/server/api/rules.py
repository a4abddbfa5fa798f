"""The rules pages' data, from `majiang.rules` itself: per ruleset its seats, tiles, calls, shapes,
how values combine, the pattern table (`Pattern`: id, zh, en, value, excludes) and a few worked
hands scored by the ruleset's own scorer (requests like `tests/data/ID.jsonl`'s)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from majiang.server import games
from majiang.server.api.deps import ApiError
from majiang.shown import short

router = APIRouter()


@router.get("/api/rules")
async def rules_index() -> list[dict[str, Any]]:
    """Every ruleset with its names and seats."""
    return games.rules_index()


@router.get("/api/rules/{rules_id}")
async def rules_page(rules_id: str) -> dict[str, Any]:
    """One ruleset's page data (404 for an unknown id)."""
    page = games.rules_page(rules_id)
    if page is None:
        raise ApiError(f"未知规则 / unknown ruleset {short(rules_id)}", 404)
    return page
