"""Why a win pays what it pays: every loser's share of it, with each factor and cap that applies.

A ruleset's payments are built as `Share`s (`Ruleset.shares`): one per loser, the winner's value
times the loser's own factors (dealer, 点炮, 开口, kongs...), then a cap (封顶 / 金顶), then the
doublings after the cap (连赖, 连金), paid by the loser or by the liable player (包牌). The
payments are those shares added up (`fold`), so an explanation (`Ruleset.explain`) is the very
computation of the payments and cannot disagree with them.

>>> s = Share(1, 16, (Factor("opened", "开口", "Opened", 2), Factor("discarder", "点炮",
...           "Discarded the winning tile", 2)))
>>> s.raw, s.amount, s.text()
(64, 64, '16 ×2 开口 ×2 点炮 = 64')
>>> fold(4, 0, [s, Share(2, 16)])
[80, -64, -16, 0]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import prod
from typing import Any

from majiang.tiles import tile_name


@dataclass(frozen=True)
class Label:
    """A named thing in both languages: a factor, a cap, a liability rule."""

    id: str
    zh: str
    en: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "zh": self.zh, "en": self.en}


@dataclass(frozen=True)
class Factor(Label):
    """A factor that multiplies one loser's share (×`times`)."""

    times: int = 2

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "times": self.times}


@dataclass(frozen=True)
class Cap(Label):
    """A cap that sets one loser's share: at most `amount` (封顶), or exactly it (金顶)."""

    amount: int = 0

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "amount": self.amount}


@dataclass(frozen=True)
class Share:
    """One loser's share of one win, in units: `base` (the winner's value) x `factors`, then
    `cap`, then x `after`; paid by `payer` (None: the loser himself; else the liable seat).
    `notes` name rules that kept the share as it is (kawuxing 对亮不包: no 包胡 double)."""

    seat: int
    base: int
    factors: tuple[Factor, ...] = ()
    cap: Cap | None = None
    after: tuple[Factor, ...] = ()
    payer: int | None = None
    notes: tuple[Label, ...] = ()

    @property
    def raw(self) -> int:
        """The amount before any cap."""
        return self.base * prod(f.times for f in self.factors)

    @property
    def amount(self) -> int:
        """What the share comes to."""
        capped = self.raw if self.cap is None else self.cap.amount
        return capped * prod(f.times for f in self.after)

    @property
    def paid_by(self) -> int:
        return self.seat if self.payer is None else self.payer

    def text(self) -> str:
        """`16 ×2 开口 ×2 点炮 = 64 → 封顶 600 ×2 连赖 = 1200` (Chinese names)."""
        out = " ".join([str(self.base), *(f"×{f.times} {f.zh}" for f in self.factors)])
        out += f" = {self.raw}"
        if self.cap is not None or self.after:
            if self.cap is not None:
                out += f" → {self.cap.zh} {self.cap.amount}"
            out += "".join(f" ×{f.times} {f.zh}" for f in self.after)
            out += f" = {self.amount}"
        return out + "".join(f" ({n.zh})" for n in self.notes)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "base": self.base,
            "factors": [f.to_json() for f in self.factors], "raw": self.raw,
            "cap": None if self.cap is None else self.cap.to_json(),
            "after": [f.to_json() for f in self.after], "units": self.amount,
            "payer": self.paid_by, "notes": [n.to_json() for n in self.notes],
        }


def fold(players: int, winner: int, shares: Iterable[Share]) -> list[int]:
    """The payments per seat the shares make: each payer pays, the winner receives."""
    pay = [0] * players
    for share in shares:
        pay[share.paid_by] -= share.amount
        pay[winner] += share.amount
    return pay


def liable_to(shares: Iterable[Share], liable: int | None) -> list[Share]:
    """The shares, every one paid by `liable` when there is a liable seat (包牌)."""
    if liable is None:
        return list(shares)
    return [Share(s.seat, s.base, s.factors, s.cap, s.after, liable, s.notes) for s in shares]


@dataclass(frozen=True)
class Explained:
    """One win explained: its patterns and value, each loser's share, the liable seat and why,
    and the payments they make (exactly the scorer's `payments`)."""

    winner: int
    win_type: str
    discarder: int | None
    win_tile: str
    patterns: tuple[dict[str, Any], ...]
    value: int
    combine: str
    shares: tuple[Share, ...]
    liable: int | None
    liability: Label | None
    payments: tuple[int, ...]

    def lines(self) -> list[str]:
        """One line per loser: `seat 2 pays 600: 16 ×2 开口 ... (包牌: seat 3 pays it)`."""
        out = []
        for s in self.shares:
            line = f"seat {s.seat}: {s.text()}"
            if s.paid_by != s.seat:
                why = self.liability or Label("liable", "包牌", "Liability")
                line += f" — paid by seat {s.paid_by} ({why.zh} / {why.en})"
            out.append(line)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner, "win_type": self.win_type, "discarder": self.discarder,
            "win_tile": self.win_tile, "patterns": list(self.patterns), "value": self.value,
            "combine": self.combine, "shares": [s.to_json() for s in self.shares],
            "liable": self.liable,
            "liability": None if self.liability is None else self.liability.to_json(),
            "units": list(self.payments),
        }


def explained(
    winner: int, win_type: str, discarder: int | None, win_tile: int,
    patterns: Sequence[dict[str, Any]], value: int, combine: str, shares: Sequence[Share],
    liable: int | None, liability: Label | None, payments: Sequence[int],
) -> Explained:
    """An `Explained`, checked: the shares fold to exactly `payments` (else ValueError)."""
    folded = fold(len(payments), winner, shares)
    if folded != list(payments):
        raise ValueError(f"the shares pay {folded}, the payments are {list(payments)}")
    return Explained(winner, win_type, discarder, tile_name(win_tile), tuple(patterns), value,
                     combine, tuple(shares), liable, liability, tuple(payments))


# Factors and rules several rulesets name.
DEALER = Factor("dealer", "庄家", "Dealer", 2)
SELF_DRAWN = Factor("self_drawn", "自摸", "Self-drawn", 2)
DISCARDER = Factor("discarder", "点炮", "Discarded the winning tile", 2)
THIRD_MELD = Label("third_meld", "包牌：清一色第三嘴",
                   "Liability: fed the third meld of a full flush")

__all__ = ["Cap", "Explained", "Factor", "Label", "Share", "explained", "fold", "liable_to"]
