"""signup grants: each named account's opening grant, counted per address and day

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "signup_grants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=64), nullable=False),
        sa.Column("day", sa.String(length=10), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_signup_grants_address", "signup_grants", ["address"])
    op.create_index("ix_signup_grants_day", "signup_grants", ["day"])
    op.create_index("ix_signup_grants_user_id", "signup_grants", ["user_id"])


def downgrade() -> None:
    op.drop_table("signup_grants")
