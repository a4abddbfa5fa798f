"""The fair shuffle (docs/fair-shuffle.md): a hand's seed from a server secret and a public nonce,
committed before the deal, revealed after the hand, checkable by anyone.

    commitment = sha256("majiang-fair-v1:commit:" + secret + ":" + nonce)    (hex)
    seed       = int(sha256("majiang-fair-v1:seed:" + secret + ":" + nonce)[:16 hex], 16) >> 2
    wall       = game.wall.shuffled_wall(the ruleset's tiles, seed, record["rng"])

Pure: no database, no engine (the checks that shuffle and replay are `majiang.verify_cli`'s).
`seal` fills a new hand row's fields (models.py calls it before the insert).
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

SCHEME = "majiang-fair-v1"


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def commitment(secret: str, nonce: str) -> str:
    """The public commitment to (secret, nonce)."""
    return _sha(f"{SCHEME}:commit:{secret}:{nonce}")


def seed_of(secret: str, nonce: str) -> int:
    """The hand's seed: 62 bits (a signed 64-bit column holds it)."""
    return int(_sha(f"{SCHEME}:seed:{secret}:{nonce}")[:16], 16) >> 2


def new_secret() -> str:
    return secrets.token_hex(32)


def new_nonce(table_id: int | None, hand_no: int | None) -> str:
    """Public: the table and hand it belongs to, and random salt."""
    return f"t{table_id}-h{hand_no}-{secrets.token_hex(8)}"


def seal(row: Any) -> None:
    """Give a new hand row (`models.Hand`) its secret, nonce, commitment and derived seed."""
    if row.seed_secret is not None:
        return
    secret, nonce = new_secret(), new_nonce(row.table_id, row.hand_no)
    row.seed_secret, row.seed_nonce = secret, nonce
    row.seed_commitment = commitment(secret, nonce)
    row.seed = seed_of(secret, nonce)


def public(commit: str | None, nonce: str | None, secret: str | None,
           over: bool) -> dict[str, Any]:
    """What the server shows of a hand's shuffle: the secret only once it is over."""
    return {"scheme": SCHEME, "commitment": commit, "nonce": nonce,
            "secret": secret if over else None}


def fair_record(record: dict[str, Any], commit: str, nonce: str, secret: str) -> dict[str, Any]:
    """A finished hand's record with its `fair` block (scheme, commitment, nonce, secret)."""
    return {**record, "fair": {"scheme": SCHEME, "commitment": commit, "nonce": nonce,
                               "secret": secret}}
