"""Why every tael of a hand moved: computed once when the hand ends, from the scorer's
explanation of each win (`Ruleset.explain`) and the ledger's settlement rows, and stored with the
hand (`hands.record["explain"]`). The settlement screen, the replay and the history all show this
one object.

`{version, stake, wins: [Explained.to_json()], events: [{index, kind, seat, label, units, owed,
silver, balances_before, balances_after}], units, silver}`: each event is one settlement of the
ledger (kong money, 跟庄, the end of the hand) with its units, what they come to at the stake
(`owed`, units x stake) and the silver that actually moved (less when a payer could not pay it
all: the insolvency share of docs/economy.md section 4); `units` and `silver` are the hand's
totals per seat.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from majiang.server import games
from majiang.server.models import Settlement

VERSION = 1
RECORD_KEY = "explain"  # the hand record's key that holds it

EVENT_LABELS: dict[str, tuple[str, str]] = {
    "qian_bao": ("跟庄（前包）：庄家付每家", "Following the dealer (前包): the dealer pays each"),
    "hand_end": ("本局结算", "End of the hand"),
}


def event_label(engine: Any, entry: dict[str, Any], index: int,
                kongs: dict[int, dict[str, str]]) -> dict[str, str]:
    """What settlement `index` (`entry`) paid for, in both languages."""
    kind = str(entry.get("type"))
    if kind == "kong_money":  # which kong: its tile ("明杠 五筒（杠钱）"), the payers in the rows
        name = kongs[index]
        return {"zh": f"{name['zh']}（杠钱）", "en": f"{name['en']} (kong money)"}
    if kind == "hand_end" and not entry.get("winners") and any(entry.get("payments", ())):
        return games.draw_label(engine) or {"zh": "荒庄赔付", "en": "Exhaustive-draw payments"}
    zh, en = EVENT_LABELS.get(kind, (kind, kind))
    return {"zh": zh, "en": en}


def hand_explanation(db: Session, engine: Any, hand_id: int, stake: int) -> dict[str, Any]:
    """The explanation of finished hand `hand_id` (its settlement rows posted, in this session)."""
    rows = {s.event_index: s for s in db.scalars(
        select(Settlement).where(Settlement.hand_id == hand_id)
    )}
    n = len(engine.result.payments)
    kongs = games.kong_money_names(engine)
    events = []
    for index, entry in enumerate(engine.settlements):
        row = rows.get(index)
        units = [int(u) for u in entry["payments"]]
        silver = list(row.silver) if row is not None else [0] * n
        event_stake = row.stake if row is not None else stake
        events.append({
            "index": index, "kind": entry["type"], "seat": entry.get("seat"),
            "label": event_label(engine, entry, index, kongs), "units": units, "stake": event_stake,
            "owed": [u * event_stake for u in units], "silver": silver,
            "balances_before": list(row.balances_before) if row is not None else None,
            "balances_after": list(row.balances_after) if row is not None else None,
        })
    return {
        "version": VERSION, "stake": stake, "wins": games.explain_wins(engine), "events": events,
        "units": [sum(e["units"][i] for e in events) for i in range(n)],
        "silver": [sum(e["silver"][i] for e in events) for i in range(n)],
    }


def stored(record: dict[str, Any] | None) -> dict[str, Any] | None:
    """The explanation kept in a hand's record, if it has one of this version."""
    if not record:
        return None
    value = record.get(RECORD_KEY)
    return value if isinstance(value, dict) and value.get("version") == VERSION else None
