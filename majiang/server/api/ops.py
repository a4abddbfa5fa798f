"""Operations: `/readyz` (the database answers) and `/metrics` (Prometheus text format)."""

from __future__ import annotations

import hmac
import logging

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from sqlalchemy import text

from majiang.server.api.deps import ServerDep
from majiang.server.metrics import REGISTRY, TABLES

router = APIRouter()
log = logging.getLogger("majiang.db")


@router.api_route("/readyz", methods=["GET", "HEAD"], response_model=None)
def readyz(server: ServerDep) -> JSONResponse:
    """200 when the database answers and its file (SQLite) is still the one opened and
    writable, else 503 with the reason (the process itself is up)."""
    problem = server.db_file.problem()
    if problem is not None:
        log.error("not ready: %s", problem)
        return JSONResponse({"ready": False, "error": problem}, status_code=503)
    try:
        with server.db() as db:
            db.execute(text("SELECT 1"))
    except Exception as exc:  # any database failure means: not ready
        return JSONResponse({"ready": False, "error": f"数据库不可用 / database unavailable: "
                             f"{type(exc).__name__}"}, status_code=503)
    return JSONResponse({"ready": True, "tables": len(server.tables.runners)})


LOOPBACK = ("127.0.0.1", "::1", "localhost")


def may_read_metrics(token: str | None, request: Request) -> bool:
    """The bearer of the metrics token, or with none set a client on this machine (behind a
    proxy: the address it forwards, MAJIANG_TRUSTED_PROXIES)."""
    if token is not None:
        given = request.headers.get("authorization", "").removeprefix("Bearer ").strip()
        return hmac.compare_digest(given.encode(), token.encode())
    return request.client is not None and request.client.host in LOOPBACK


@router.get("/metrics", response_model=None)
def metrics(server: ServerDep, request: Request) -> Response:
    if not may_read_metrics(server.settings.metrics_token, request):
        return JSONResponse({"error": "指标仅供运维读取 / metrics are for the operator only (from "
                             "this machine, or with MAJIANG_METRICS_TOKEN as a bearer token)"},
                            status_code=403)
    TABLES.set(len(server.tables.runners))
    return Response(generate_latest(REGISTRY), media_type=CONTENT_TYPE_LATEST)
