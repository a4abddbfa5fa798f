"""The settlement screen: one payload, sent when a hand ends and rebuilt for it afterwards.

`{hand_id, names, stake, winners, win_type, discarder, exhaustive_draw, next_dealer, payments:
{units, win_units, silver}, kong_money: [{units, silver}], lines, explain, hands,
balances_before, balances_after, levels_before, levels_after, event}` (protocol.md section 5).
Every key appears once; the balances are those the hand left, so the screen rebuilt after a
restart is the same. `explain` is the hand's stored explanation (`explained`): every loser's
share of every win with its factors and caps, and every settlement event's units, stake and the
silver that moved; `payments.silver` is its total (kong money, 跟庄 and the end of the hand).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from majiang import economy
from majiang.server import explained, games, ledger, matches
from majiang.server.models import Hand, Settlement, User
from majiang.server.storage import HandStore, LiveHand, rebuild


def settlement_json(db: Session, hand: LiveHand, moved: ledger.Posted | None) -> dict[str, Any]:
    """The screen of a finished hand; `moved` is its end-of-hand settlement as posted."""
    engine = hand.engine
    result = engine.result
    row = db.get(Hand, hand.hand_id)
    explain = explained.stored(row.record if row is not None else None)
    if explain is None:  # a hand stored before explanations were kept
        explain = explained.hand_explanation(db, engine, hand.hand_id, hand.stake)
    kong = list(db.scalars(
        select(Settlement)
        .where(Settlement.hand_id == hand.hand_id, Settlement.kind == "kong_money")
        .order_by(Settlement.event_index)
    ))
    after = list(moved.balances_after) if moved is not None else [
        (u.silver if (u := db.get(User, uid)) is not None else 0) for uid in hand.user_ids
    ]
    first = next((e for e in explain["events"] if e["balances_before"] is not None), None)
    before = list(first["balances_before"]) if first is not None else after
    return {
        "hand_id": hand.hand_id, "names": hand.names, "stake": hand.stake,
        "winners": games.winners_json(engine),
        "win_type": result.win_type, "discarder": result.discarder,
        "exhaustive_draw": result.exhaustive, "next_dealer": result.next_dealer,
        "payments": {
            "units": list(result.payments), "win_units": list(result.win_payments),
            "silver": list(explain["silver"]),
        },
        "kong_money": [{"units": s.units, "silver": s.silver} for s in kong],
        "lines": games.payment_lines(engine, hand.stake, explain["wins"]),
        "explain": explain,
        "hands": games.final_hands(engine),
        "balances_before": before,
        "balances_after": after,
        "levels_before": [economy.level_for(b).to_json() for b in before],
        "levels_after": [economy.level_for(b).to_json() for b in after],
        "event": moved.to_json() if moved is not None else None,
    }


def stored_screen(db: Session, hand_id: int) -> dict[str, Any]:
    """The screen of finished hand `hand_id`, rebuilt from its stored actions and its posted
    end-of-hand settlement, as it was sent when the hand ended."""
    hand = rebuild(db, hand_id)
    end = len(games.settlements(hand.engine)) - 1
    moved = ledger.stored_settlement(db, hand.hand_id, end) if end >= 0 else None
    return settlement_json(db, hand, moved)


def between_hands(store: HandStore) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """A table between hands: its last hand's screen and, if that hand ended the match, the
    match's JSON (None where there is none)."""
    last = store.last_over()
    with store.db() as db:
        match = matches.latest(db, store.table(db))
        over = matches.to_json(match) if match is not None and match.status == "over" else None
        return (stored_screen(db, last) if last is not None else None), over
