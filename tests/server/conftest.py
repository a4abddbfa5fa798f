"""Fixtures for the table server tests: a database per test (SQLite; PostgreSQL when
TEST_POSTGRES_URL is set), an app with bots at full speed, and a scripted WebSocket player."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_player import make_client
from sqlalchemy import create_engine, text

POSTGRES = os.environ.get("TEST_POSTGRES_URL")


def reset_postgres(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture(
    params=[
        "sqlite",
        pytest.param(
            "postgres",
            marks=[
                pytest.mark.postgres,
                pytest.mark.skipif(not POSTGRES, reason="TEST_POSTGRES_URL is not set"),
            ],
        ),
    ]
)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "postgres":
        assert POSTGRES is not None
        reset_postgres(POSTGRES)
        return POSTGRES
    return f"sqlite:///{tmp_path / 'test.db'}"


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'test.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with make_client(db_url) as c:
        yield c


@pytest.fixture
def sqlite_client(sqlite_url: str) -> Iterator[TestClient]:
    with make_client(sqlite_url) as c:
        yield c
