"""Alembic environment: the engine comes from `majiang.server.db.migrate`."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Engine

from majiang.server.models import Base

engine = context.config.attributes.get("engine")
if not isinstance(engine, Engine):
    raise RuntimeError("run migrations through majiang.server.db.migrate(engine)")

with engine.connect() as connection:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
