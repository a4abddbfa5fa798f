"""matches: a table plays matches (the game's Match: first dealer by lot, length, rotation)

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("match_no", sa.Integer(), nullable=False),
        sa.Column("rules", sa.String(length=32), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=True),
        sa.Column("rounds", sa.Integer(), nullable=True),
        sa.Column("first_dealer", sa.Integer(), nullable=False),
        sa.Column("dealer", sa.Integer(), nullable=False),
        sa.Column("hands_played", sa.Integer(), nullable=False),
        sa.Column("carry", sa.JSON(), nullable=True),
        sa.Column("units", sa.JSON(), nullable=False),
        sa.Column("silver", sa.JSON(), nullable=False),
        sa.Column("results", sa.JSON(), nullable=False),
        sa.Column("names", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("table_id", "match_no"),
    )
    op.create_index(op.f("ix_matches_table_id"), "matches", ["table_id"], unique=False)
    op.create_index(op.f("ix_matches_status"), "matches", ["status"], unique=False)
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("match_hands", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("match_rounds", sa.Integer(), nullable=True))
    with op.batch_alter_table("hands") as batch:
        batch.add_column(sa.Column("match_id", sa.Integer(), nullable=True))
        batch.create_foreign_key("fk_hands_match_id", "matches", ["match_id"], ["id"])
        batch.create_index("ix_hands_match_id", ["match_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("hands") as batch:
        batch.drop_index("ix_hands_match_id")
        batch.drop_constraint("fk_hands_match_id", type_="foreignkey")
        batch.drop_column("match_id")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("match_rounds")
        batch.drop_column("match_hands")
    op.drop_index(op.f("ix_matches_status"), table_name="matches")
    op.drop_index(op.f("ix_matches_table_id"), table_name="matches")
    op.drop_table("matches")
