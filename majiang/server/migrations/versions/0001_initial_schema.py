"""initial schema

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "server_values",
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("value", sa.String(length=256), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username", sa.String(length=64), nullable=False),
        sa.Column("password_hash", sa.String(length=256), nullable=True),
        sa.Column("guest", sa.Boolean(), nullable=False),
        sa.Column("bot", sa.Boolean(), nullable=False),
        sa.Column("silver", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("username"),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=12), nullable=False),
        sa.Column("rules", sa.String(length=32), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("level", sa.Integer(), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("turn_seconds", sa.Integer(), nullable=False),
        sa.Column("bank_seconds", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("fill_bots", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=True),
        sa.Column("hands_played", sa.Integer(), nullable=False),
        sa.Column("dealer", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["owner_id"],
            ["users.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("code"),
    )
    op.create_index(op.f("ix_tables_status"), "tables", ["status"], unique=False)
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("hand_no", sa.Integer(), nullable=False),
        sa.Column("rules", sa.String(length=32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("dealer", sa.Integer(), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("user_ids", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("record", sa.JSON(), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("table_id", "hand_no"),
    )
    op.create_index(op.f("ix_hands_status"), "hands", ["status"], unique=False)
    op.create_index(op.f("ix_hands_table_id"), "hands", ["table_id"], unique=False)
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("ready", sa.Boolean(), nullable=False),
        sa.Column("leaving", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("table_id", "seat"),
    )
    op.create_index(op.f("ix_seats_table_id"), "seats", ["table_id"], unique=False)
    op.create_index(op.f("ix_seats_user_id"), "seats", ["user_id"], unique=False)
    op.create_table(
        "hand_actions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("hand_id", sa.Integer(), nullable=False),
        sa.Column("idx", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("events", sa.JSON(), nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["hand_id"],
            ["hands.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("hand_id", "idx"),
    )
    op.create_index(op.f("ix_hand_actions_hand_id"), "hand_actions", ["hand_id"], unique=False)
    op.create_table(
        "hand_players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("hand_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["hand_id"],
            ["hands.id"],
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("hand_id", "seat"),
    )
    op.create_index(op.f("ix_hand_players_hand_id"), "hand_players", ["hand_id"], unique=False)
    op.create_index(op.f("ix_hand_players_user_id"), "hand_players", ["user_id"], unique=False)
    op.create_table(
        "settlements",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("hand_id", sa.Integer(), nullable=False),
        sa.Column("event_index", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("units", sa.JSON(), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        sa.Column("silver", sa.JSON(), nullable=False),
        sa.Column("balances_before", sa.JSON(), nullable=False),
        sa.Column("balances_after", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["hand_id"],
            ["hands.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("hand_id", "event_index"),
    )
    op.create_index(op.f("ix_settlements_hand_id"), "settlements", ["hand_id"], unique=False)
    op.create_table(
        "ledger",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("reason", sa.String(length=128), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=True),
        sa.Column("hand_id", sa.Integer(), nullable=True),
        sa.Column("settlement_id", sa.Integer(), nullable=True),
        sa.Column("units", sa.BigInteger(), nullable=True),
        sa.Column("balance_before", sa.BigInteger(), nullable=False),
        sa.Column("balance_after", sa.BigInteger(), nullable=False),
        sa.Column("level_before", sa.Integer(), nullable=False),
        sa.Column("level_after", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["hand_id"],
            ["hands.id"],
        ),
        sa.ForeignKeyConstraint(
            ["settlement_id"],
            ["settlements.id"],
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_ledger_hand_id"), "ledger", ["hand_id"], unique=False)
    op.create_index(op.f("ix_ledger_user_id"), "ledger", ["user_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_ledger_user_id"), table_name="ledger")
    op.drop_index(op.f("ix_ledger_hand_id"), table_name="ledger")
    op.drop_table("ledger")
    op.drop_index(op.f("ix_settlements_hand_id"), table_name="settlements")
    op.drop_table("settlements")
    op.drop_index(op.f("ix_hand_players_user_id"), table_name="hand_players")
    op.drop_index(op.f("ix_hand_players_hand_id"), table_name="hand_players")
    op.drop_table("hand_players")
    op.drop_index(op.f("ix_hand_actions_hand_id"), table_name="hand_actions")
    op.drop_table("hand_actions")
    op.drop_index(op.f("ix_seats_user_id"), table_name="seats")
    op.drop_index(op.f("ix_seats_table_id"), table_name="seats")
    op.drop_table("seats")
    op.drop_index(op.f("ix_hands_table_id"), table_name="hands")
    op.drop_index(op.f("ix_hands_status"), table_name="hands")
    op.drop_table("hands")
    op.drop_index(op.f("ix_tables_status"), table_name="tables")
    op.drop_table("tables")
    op.drop_table("users")
    op.drop_table("server_values")
