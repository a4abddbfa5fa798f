"""The fair shuffle (docs/fair-shuffle.md): a hand's seed from a server secret and a public nonce,
committed before the deal, revealed after the hand, checkable by anyone.

    commitment = sha256("majiang-fair-v1:commit:" + secret + ":" + nonce)    (hex)
    seed       = int(sha256("majiang-fair-v1:seed:" + secret + ":" + nonce)[:16 hex], 16) >> 2
    wall       = game.wall.shuffled_wall(the ruleset's tiles, seed, record["rng"])

Pure: no database. `seal` fills a new hand row's fields (models.py calls it before the insert).
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from majiang.game import record as records
from majiang.game.variants import UnknownRuleset, mechanics
from majiang.game.wall import shuffled_wall
from majiang.tiles import full_set, tile_name

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


def wall_of(rules: str, seed: int | str, rng: str) -> list[str]:
    """The shuffled wall of a hand, as tile names in taking order."""
    ruleset = mechanics(rules).rules
    return [tile_name(t) for t in shuffled_wall(full_set(ruleset.kinds, ruleset.copies), seed, rng)]


def public(commit: str | None, nonce: str | None, secret: str | None,
           over: bool) -> dict[str, Any]:
    """What the server shows of a hand's shuffle: the secret only once it is over."""
    return {"scheme": SCHEME, "commitment": commit, "nonce": nonce,
            "secret": secret if over else None}


def fair_record(record: dict[str, Any], commit: str, nonce: str, secret: str) -> dict[str, Any]:
    """A finished hand's record with its `fair` block (commitment, nonce, secret, wall)."""
    wall = wall_of(record["rules"], record["seed"], record["rng"])
    return {**record, "fair": {"scheme": SCHEME, "commitment": commit, "nonce": nonce,
                               "secret": secret, "wall": wall}}


def verify(record: dict[str, Any]) -> list[str]:
    """Every problem found (empty: the shuffle and the hand check out). The `fair` block's secret
    must match its commitment and give the record's seed; the wall recomputed from the seed must
    equal the block's wall (and the record's explicit wall, if any); the actions must replay to
    the recorded events and settlement (`game.record.verify`)."""
    if not isinstance(record, dict):
        return ["不是牌局记录 / not a hand record (a JSON object)"]
    problems: list[str] = []
    fair = record.get("fair")
    try:
        wall = wall_of(str(record.get("rules")), record["seed"], str(record.get("rng")))
    except (KeyError, UnknownRuleset, ValueError, TypeError) as exc:
        return [f"无法洗牌 / cannot shuffle this record: {exc}"]
    if isinstance(fair, dict):
        secret, nonce = str(fair.get("secret") or ""), str(fair.get("nonce") or "")
        if fair.get("scheme") != SCHEME:
            problems.append(f"未知方案 / unknown scheme {fair.get('scheme')!r}")
        if not secret:
            problems.append("种子未公开 / the secret is not revealed (the hand is not over)")
        elif commitment(secret, nonce) != fair.get("commitment"):
            problems.append("承诺不符 / the secret and nonce do not match the commitment")
        elif seed_of(secret, nonce) != record.get("seed"):
            problems.append("种子不符 / the record's seed is not the one committed to")
        if fair.get("wall") is not None and fair.get("wall") != wall:
            problems.append("牌墙不符 / the published wall is not the seed's shuffle")
    if record.get("wall") is not None and record["wall"] != wall:
        problems.append("牌墙不符 / the record's wall is not the seed's shuffle")
    if problems:
        return problems
    try:
        return records.verify(record)
    except records.RecordError as exc:
        return [f"记录无法重放 / the record does not replay: {exc}"]
