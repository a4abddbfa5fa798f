"""Operations: `/readyz` (the database answers) and `/metrics` (Prometheus text format)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from sqlalchemy import text

from majiang.server.api.deps import ServerDep
from majiang.server.metrics import REGISTRY, TABLES

router = APIRouter()


@router.get("/readyz", response_model=None)
def readyz(server: ServerDep) -> JSONResponse:
    """200 when the database answers, else 503 with the reason (the process itself is up)."""
    try:
        with server.db() as db:
            db.execute(text("SELECT 1"))
    except Exception as exc:  # any database failure means: not ready
        return JSONResponse({"ready": False, "error": f"数据库不可用 / database unavailable: "
                             f"{type(exc).__name__}"}, status_code=503)
    return JSONResponse({"ready": True, "tables": len(server.tables.runners)})


@router.get("/metrics", response_model=None)
def metrics(server: ServerDep) -> Response:
    TABLES.set(len(server.tables.runners))
    return Response(generate_latest(REGISTRY), media_type=CONTENT_TYPE_LATEST)
