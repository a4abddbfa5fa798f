"""name keys folded with every lookalike (the Unicode confusables data, and `I` / `1` / `i` as
`l`): every stored key recomputed; of names that now share a key the oldest keeps it, the
others keep no key (each still logs in by its own name, and no new name may take theirs)

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

from majiang.server.names import name_key

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

USERS = sa.table("users", sa.column("id", sa.Integer), sa.column("username", sa.String),
                 sa.column("name_key", sa.String))  # name_key: written only


def upgrade() -> None:
    conn = op.get_bind()
    rows = conn.execute(sa.select(USERS.c.id, USERS.c.username).order_by(USERS.c.id)).all()
    kept: dict[int, str] = {}  # the oldest name of each key keeps it
    seen: set[str] = set()
    for uid, username in rows:
        key = name_key(username)
        if key not in seen:
            kept[uid] = key
            seen.add(key)
    # two passes: no key is set while another row still holds it under the old folding
    conn.execute(USERS.update().values(name_key=None))
    for uid, key in kept.items():
        conn.execute(USERS.update().where(USERS.c.id == uid).values(name_key=key))


def downgrade() -> None:
    """The keys stay as folded now: they join more names than before, never fewer."""
