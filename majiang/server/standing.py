"""Standing (issue 11, item 3): a player's statistics per ruleset, leaderboards by wealth and per
ruleset, and a player's history filtered by ruleset. Reads only, from what the server stores:
each finished hand's settlement (`hands.record["settlement"]`, read as that one JSON member, not
the whole record) and the ledger's `settlement` and `fee` rows of each hand (the silver that moved).

Definitions (as Tenhou and 雀魂 count them): a win is a hand the seat is among the winners of
(each winner of a multiple win counts one); self-drawn share is self-drawn wins over wins; a
deal-in is a hand lost as the discarder of a discard win or the owner of a robbed kong; rates are
over hands played. Units are the game's points (stake-free), silver what the ledger moved.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, false, func, select
from sqlalchemy.orm import Session

from majiang import economy
from majiang.server.models import Hand, HandPlayer, LedgerRow, Table, User

ORDERS = ("silver", "hands", "win_rate", "units")
HISTORY_LIMIT = 200
DEAL_IN_TYPES = ("discard", "robbing_kong")


@dataclass(frozen=True)
class Played:
    """One finished hand as one of its seats played it."""

    hand_id: int
    rules: str
    user_id: int
    seat: int
    stake: int
    ended_at: datetime | None
    settlement: dict[str, Any]
    silver: int = 0
    fees: int = 0

    @property
    def winners(self) -> list[int]:
        return [int(w) for w in self.settlement.get("winners") or []]

    @property
    def won(self) -> bool:
        return self.seat in self.winners

    @property
    def dealt_in(self) -> bool:
        s = self.settlement
        return (not self.won and s.get("discarder") == self.seat
                and s.get("win_type") in DEAL_IN_TYPES)

    @property
    def units(self) -> int:
        payments = self.settlement.get("payments") or []
        return int(payments[self.seat]) if self.seat < len(payments) else 0

    def answer(self) -> dict[str, Any]:
        """The seat's own winning answer (patterns, value, payments); {} if it did not win."""
        for w, a in zip(self.winners, self.settlement.get("answers") or [], strict=False):
            if w == self.seat and isinstance(a, dict):
                return a
        return {}

    def result(self) -> str:
        """win, deal_in, loss, even (a loss-free hand someone else won) or draw."""
        if self.won:
            return "win"
        if not self.winners:
            return "draw"
        if self.dealt_in:
            return "deal_in"
        return "loss" if self.units < 0 else "even"


def _ratio(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None


@dataclass
class Line:
    """One ruleset's (or all rulesets') figures of one player, built hand by hand."""

    hands: int = 0
    wins: int = 0
    self_drawn: int = 0
    deal_ins: int = 0
    draws: int = 0
    units: int = 0
    silver: int = 0
    fees: int = 0
    win_units: int = 0
    win_silver: int = 0
    biggest: dict[str, Any] | None = None
    patterns: Counter[str] = field(default_factory=Counter)
    names: dict[str, dict[str, str]] = field(default_factory=dict)

    def add(self, p: Played) -> None:
        self.hands += 1
        self.units += p.units
        self.silver += p.silver
        self.fees += p.fees
        self.draws += not p.winners
        self.deal_ins += p.dealt_in
        if not p.won:
            return
        self.wins += 1
        self.self_drawn += p.settlement.get("win_type") == "self_drawn"
        answer = p.answer()
        pays = answer.get("payments") or []
        units = int(pays[p.seat]) if p.seat < len(pays) else p.units
        self.win_units += units
        self.win_silver += p.silver
        for pattern in answer.get("patterns") or []:
            pid = str(pattern.get("id"))
            self.patterns[pid] += 1
            self.names[pid] = {"zh": str(pattern.get("zh", pid)), "en": str(pattern.get("en", pid))}
        if self.biggest is None or (p.silver, units) > (self.biggest["silver"],
                                                        self.biggest["units"]):
            self.biggest = {
                "hand_id": p.hand_id, "rules": p.rules, "units": units, "silver": p.silver,
                "value": answer.get("value"), "win_type": p.settlement.get("win_type"),
                "patterns": answer.get("patterns") or [],
                "ended_at": p.ended_at.isoformat() if p.ended_at else None,
            }

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands, "wins": self.wins, "self_drawn": self.self_drawn,
            "deal_ins": self.deal_ins, "draws": self.draws,
            "win_rate": _ratio(self.wins, self.hands),
            "self_drawn_share": _ratio(self.self_drawn, self.wins),
            "deal_in_rate": _ratio(self.deal_ins, self.hands),
            "draw_rate": _ratio(self.draws, self.hands),
            "units": self.units, "silver": self.silver, "fees": self.fees,
            "avg_win_units": round(self.win_units / self.wins, 2) if self.wins else None,
            "avg_win_silver": round(self.win_silver / self.wins) if self.wins else None,
            "biggest_win": self.biggest,
            "patterns": [{"id": pid, **self.names[pid], "count": n} for pid, n in
                         sorted(self.patterns.items(), key=lambda kv: (-kv[1], kv[0]))],
        }


# -- reading ------------------------------------------------------------------------------------

def _played(db: Session, user_ids: Collection[int], rules: str | None = None,
            limit: int | None = None, before: int | None = None) -> list[Played]:
    """The finished hands of `user_ids` (newest first), with each seat's silver and fees."""
    if not user_ids:
        return []
    query = (
        select(Hand.id, Hand.rules, HandPlayer.user_id, HandPlayer.seat, Hand.stake,
               Hand.ended_at, Hand.record["settlement"])
        .join(HandPlayer, HandPlayer.hand_id == Hand.id)
        .where(HandPlayer.user_id.in_(list(user_ids)), Hand.status == "over")
        .order_by(Hand.id.desc())
    )
    if rules is not None:
        query = query.where(Hand.rules == rules)
    if before is not None:
        query = query.where(Hand.id < before)
    if limit is not None:
        query = query.limit(limit)
    rows = db.execute(query).all()
    moved = _moved(db, user_ids, [r[0] for r in rows] if limit is not None else None)
    return [
        Played(hid, rid, uid, seat, stake, ended,
               settlement if isinstance(settlement, dict) else {},
               moved.get((uid, hid, "settlement"), 0), moved.get((uid, hid, "fee"), 0))
        for hid, rid, uid, seat, stake, ended, settlement in rows
    ]


def _moved(db: Session, user_ids: Collection[int],
           hand_ids: list[int] | None) -> dict[tuple[int, int, str], int]:
    """Silver per (user, hand, kind) from the ledger's settlement and fee rows."""
    query = (
        select(LedgerRow.user_id, LedgerRow.hand_id, LedgerRow.kind, func.sum(LedgerRow.amount))
        .where(LedgerRow.user_id.in_(list(user_ids)), LedgerRow.hand_id.is_not(None),
               LedgerRow.kind.in_(("settlement", "fee")))
        .group_by(LedgerRow.user_id, LedgerRow.hand_id, LedgerRow.kind)
    )
    if hand_ids is not None:
        if not hand_ids:
            return {}
        query = query.where(LedgerRow.hand_id.in_(hand_ids))
    return {(int(u), int(h or 0), str(k)): int(total or 0)
            for u, h, k, total in db.execute(query).all()}


def lines(played: Iterable[Played]) -> dict[str, Line]:
    """Figures per ruleset, plus `all` across them."""
    out: dict[str, Line] = {"all": Line()}
    for p in played:
        out["all"].add(p)
        out.setdefault(p.rules, Line()).add(p)
    return out


def _ranked() -> ColumnElement[bool]:
    """Who the leaderboards list: people with an account (no bots, no guests)."""
    return (User.bot == false()) & (User.guest == false())


def wealth_rank(db: Session, user: User) -> int | None:
    """1 + how many listed players hold more silver (None for a bot or a guest)."""
    if user.bot or user.guest:
        return None
    ahead = db.scalar(select(func.count(User.id)).where(_ranked(), User.silver > user.silver))
    return int(ahead or 0) + 1


def _level(silver: int) -> dict[str, Any]:
    lvl = economy.level_for(silver)
    return {"index": lvl.index, "id": lvl.id, "zh": lvl.zh, "en": lvl.en}


def profile(db: Session, user: User, recent: int = 10) -> dict[str, Any]:
    """A player's card: name, silver, level, wealth rank, figures per ruleset (`all` first) and
    the results of the last `recent` hands."""
    played = _played(db, [user.id])
    per = lines(played)
    return {
        "name": user.username, "bot": user.bot, "guest": user.guest,
        "silver": user.silver, "level": _level(user.silver),
        "since": user.created_at.isoformat() if user.created_at else None,
        "wealth_rank": wealth_rank(db, user),
        "stats": {rid: line.to_json() for rid, line in per.items()},
        "recent": [{"rules": p.rules, "result": p.result(), "units": p.units,
                    "silver": p.silver} for p in played[:recent]],
    }


def history(db: Session, user: User, rules: str | None = None, limit: int = 50,
            before: int | None = None) -> dict[str, Any]:
    """The player's finished hands, newest first, of one ruleset or all: `{hands, next}` where
    `next` is the `before` cursor of the following page (None at the end)."""
    limit = max(1, min(limit, HISTORY_LIMIT))
    played = _played(db, [user.id], rules, limit + 1, before)
    more, played = len(played) > limit, played[:limit]
    hands = {h.id: h for h in db.scalars(select(Hand).where(
        Hand.id.in_([p.hand_id for p in played])))} if played else {}
    ids = {uid for h in hands.values() for uid in h.user_ids}
    names = dict(db.execute(select(User.id, User.username).where(User.id.in_(ids))).all())
    tables = dict(db.execute(select(Table.id, Table.code).where(
        Table.id.in_({h.table_id for h in hands.values()}))).all())
    out = []
    for p in played:
        hand = hands[p.hand_id]
        seat_names = [names.get(uid) for uid in hand.user_ids]
        s = p.settlement
        out.append({
            "hand_id": p.hand_id, "rules": p.rules, "seat": p.seat, "stake": p.stake,
            "table": tables.get(hand.table_id), "hand_no": hand.hand_no,
            "ended_at": p.ended_at.isoformat() if p.ended_at else None,
            "result": p.result(), "win_type": s.get("win_type"), "win_tile": s.get("win_tile"),
            "discarder": s.get("discarder"), "names": seat_names,
            "winners": [{"seat": w, "name": seat_names[w] if w < len(seat_names) else None,
                         "patterns": a.get("patterns", []), "value": a.get("value")}
                        for w, a in zip(p.winners, s.get("answers") or [], strict=False)],
            "units": p.units, "silver": p.silver, "fees": p.fees,
        })
    return {"hands": out, "next": played[-1].hand_id if more and played else None}


# -- leaderboards -------------------------------------------------------------------------------

def _rows_ranked(rows: list[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    """Competition ranks (1, 2, 2, 4) by `key`, rows already sorted."""
    prev: Any = object()
    for i, row in enumerate(rows):
        if row[key] != prev:
            rank, prev = i + 1, row[key]
        row["rank"] = rank
    return rows


def wealth_board(db: Session, me: User | None, limit: int = 100) -> dict[str, Any]:
    """The richest players (no bots, no guests), and the caller's own rank."""
    users = db.execute(
        select(User.username, User.silver).where(_ranked())
        .order_by(User.silver.desc(), User.id).limit(max(1, min(limit, 500)))
    ).all()
    rows = _rows_ranked([{"name": n, "silver": s, "level": _level(s)} for n, s in users],
                        "silver")
    total = int(db.scalar(select(func.count(User.id)).where(_ranked())) or 0)
    mine = None
    if me is not None and (rank := wealth_rank(db, me)) is not None:
        mine = {"rank": rank, "name": me.username, "silver": me.silver, "level": _level(me.silver)}
    return {"by": "wealth", "players": total, "rows": rows, "me": mine}


def rules_board(db: Session, rules: str, me: User | None, order: str = "silver",
                min_hands: int = 1, limit: int = 100) -> dict[str, Any]:
    """One ruleset's players with at least `min_hands` hands of it, best first by `order`
    (silver won, hands played, win rate or units won), with their figures in that ruleset."""
    if order not in ORDERS:
        raise ValueError(f"order must be one of {', '.join(ORDERS)}")
    counted = db.execute(
        select(HandPlayer.user_id, User.username, func.count(HandPlayer.id))
        .join(Hand, Hand.id == HandPlayer.hand_id).join(User, User.id == HandPlayer.user_id)
        .where(Hand.rules == rules, Hand.status == "over", _ranked())
        .group_by(HandPlayer.user_id, User.username)
        .having(func.count(HandPlayer.id) >= max(1, min_hands))
    ).all()
    silver = dict(db.execute(
        select(LedgerRow.user_id, func.sum(LedgerRow.amount))
        .join(Hand, Hand.id == LedgerRow.hand_id)
        .where(Hand.rules == rules, Hand.status == "over", LedgerRow.kind == "settlement",
               LedgerRow.user_id.in_([u for u, _, _ in counted]))
        .group_by(LedgerRow.user_id)
    ).all()) if counted else {}
    rows: list[dict[str, Any]] = [
        {"user_id": uid, "name": name, "hands": int(n), "silver": int(silver.get(uid) or 0)}
        for uid, name, n in counted]
    limit = max(1, min(limit, 500))
    if order in ("silver", "hands"):  # the aggregates suffice to rank: figures for the top only
        rows.sort(key=lambda r: (-int(r[order]), str(r["name"])))
        _add_figures(db, rules, rows[:limit])
    else:
        _add_figures(db, rules, rows)
        rows.sort(key=lambda r: (-float(r[order] if r[order] is not None else -1),
                                 str(r["name"])))
    _rows_ranked(rows, order)
    mine = next((r for r in rows if me is not None and r["user_id"] == me.id), None)
    if mine is not None and "wins" not in mine:
        _add_figures(db, rules, [mine])
    for row in rows:
        row.pop("user_id", None)
    return {"by": "rules", "rules": rules, "order": order, "min_hands": max(1, min_hands),
            "players": len(rows), "rows": rows[:limit], "me": mine}


def _add_figures(db: Session, rules: str, rows: list[dict[str, Any]]) -> None:
    """Each row's figures in `rules` (wins, rates, units, average and biggest win)."""
    by_user: dict[int, Line] = {}
    for p in _played(db, [r["user_id"] for r in rows], rules):
        by_user.setdefault(p.user_id, Line()).add(p)
    for row in rows:
        figures = by_user.get(row["user_id"], Line()).to_json()
        row.update({k: figures[k] for k in (
            "wins", "win_rate", "self_drawn_share", "deal_in_rate", "units", "avg_win_units",
            "biggest_win")})
        if row["biggest_win"] is not None:
            row["biggest_win"] = {k: row["biggest_win"][k] for k in ("units", "silver", "value")}
