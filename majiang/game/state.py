"""The state of one hand as plain data: a `HandState` with one `SeatState` per seat.

Views, scoring requests, the rule checks and the flow modules read it; only the flow modules
(`turn`, `claims`, `kongs`, `draws`, `settle`) and the mechanics (`game/mechanics/`) change it.
Fields a special mechanic owns say so; they stay at their empty value in a ruleset without it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from majiang.game.actions import Action
from majiang.game.events import Event
from majiang.game.phases import DEALT, TURN
from majiang.game.wall import Wall
from majiang.rules.base import Meld, Ruleset
from majiang.tiles import Tile, tile_name

NAME = tuple(tile_name(t) for t in range(34))  # the hot path's tile_name


def names(counts: list[int]) -> list[str]:
    """Tile names of a count vector, in order."""
    return [NAME[t] for t in range(34) for _ in range(counts[t])]


@dataclass(slots=True, eq=False)
class SeatState:
    """One seat: its tiles, its table, and what it may still do."""

    name: str
    counts: list[int] = field(default_factory=lambda: [0] * 34)  # concealed, the drawn tile too
    melds: list[Meld] = field(default_factory=list)
    discards: list[Tile] = field(default_factory=list)  # the river, claimed tiles removed
    score: int = 0  # units this hand so far (kong money included)
    declared: bool = False  # 亮倒 / 上架 (mechanics/declaring.py)
    set_aside: Tile | None = None  # 上架: the tile put face down (mechanics/declaring.py)
    singles: list[Tile] = field(default_factory=list)  # 拾 / 搶 tiles (mechanics/orphan_claims)
    grabbed: bool = False  # the one 搶 used (mechanics/orphan_claims.py)
    locked: bool = False  # 过胡: no discard win of any kind until the next draw
    lock_kinds: set[Tile] = field(default_factory=set)  # 过胡 on these kinds only (wuhan)
    no_win: dict[str, Any] | None = None  # why a complete hand may not win now
    draw_turns: int = 0  # turns with a draw, normal or replacement (the dealer's opening counts)
    dealt_quads: set[Tile] = field(default_factory=set)  # kinds dealt four times


@dataclass(slots=True)
class HandResult:
    """How a hand ended and what it paid, in units (kong money included in `payments`)."""

    winners: list[int]
    win_type: str | None  # self_drawn | discard | robbing_kong | None (exhaustive draw)
    discarder: int | None  # the discarder, or the robbed konger
    win_tile: Tile | None
    answers: list[dict[str, Any]]  # the scoring answer of each winner, in `winners` order
    win_payments: list[int]
    payments: list[int]
    settlements: list[dict[str, Any]]  # economy events in order: kong money..., end of hand
    next_dealer: int
    requests: list[dict[str, Any]] = field(default_factory=list)

    @property
    def exhaustive(self) -> bool:
        return not self.winners

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": self.winners,
            "win_type": self.win_type,
            "discarder": self.discarder,
            "win_tile": None if self.win_tile is None else tile_name(self.win_tile),
            "exhaustive_draw": self.exhaustive,
            "answers": self.answers,
            "win_payments": self.win_payments,
            "payments": self.payments,
            "settlements": self.settlements,
            "next_dealer": self.next_dealer,
        }


@dataclass(slots=True, eq=False)
class HandState:
    """Everything about one hand in play. `complete` is the win check of the concealed tiles
    (the ruleset's shapes; with laizi, mechanics/laizi.py's)."""

    rules: str
    ruleset: Ruleset
    seed: str | int
    dealer: int
    options: dict[str, Any]
    hand_no: int
    rng_version: str
    wall: Wall
    seats: list[SeatState]
    complete: Callable[[list[int]], bool]
    explicit_wall: list[Tile] | None = None
    dice: dict[str, Any] | None = None
    phase: str = TURN
    turn: int = 0
    began: str = DEALT  # how the turn began: dealt, drawn, claimed, konged
    drawn: Tile | None = None
    drawn_from_tail: bool = False
    drawn_in_zone: bool = False  # the draw came from the last-tile zone
    kong_this_turn: bool = False
    turn_draws: list[Tile] = field(default_factory=list)  # drawn this turn, replacements too
    discard_after_kong: bool = False
    last_discard: tuple[int, Tile] | None = None
    kong_tile: tuple[int, Tile] | None = None  # an added kong waiting to be robbed
    pending: dict[int, list[Action]] = field(default_factory=dict)
    decisions: dict[int, Action] = field(default_factory=dict)
    declare_order: list[int] = field(default_factory=list)
    declaring: int | None = None  # the seat whose declaring discard is on the table
    chain: int = 0  # place of the last kong in a chain of kongs (mechanics/kong_chain.py)
    laizi: Tile | None = None  # the wildcard kind (mechanics/laizi.py)
    indicator: Tile | None = None  # the turned-up tile that fixes it
    special: frozenset[Tile] = frozenset()  # kinds never discarded plainly nor in a set
    follow: tuple[int, int] | None = None  # 跟庄: (dealer's first discard, followers)
    rain_watch: dict[int, tuple[int, int | None]] = field(default_factory=dict)  # 下雨 threats
    no_rain: dict[int, int] = field(default_factory=dict)  # 下雨: owner -> first seat to fail
    kong_money_due: list[dict[str, Any]] = field(default_factory=list)  # paid only on a win
    settlements: list[dict[str, Any]] = field(default_factory=list)
    actions: list[tuple[int, Action]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    result: HandResult | None = None

    @property
    def players(self) -> int:
        return len(self.seats)

    def emit(self, kind: str, data: dict[str, Any], to: int | None = None,
             exclude: int | None = None) -> None:
        self.events.append(Event(kind, to, data, exclude))

    def pay_now(self, event: str, seat: int, payments: list[int], **extra: Any) -> None:
        """A payment made during the hand: a settlement event of its own (kong money, 跟庄)."""
        for s, amount in enumerate(payments):
            self.seats[s].score += amount
        settlement = {"type": event, "seat": seat, **extra, "payments": payments}
        self.settlements.append(settlement)
        self.emit(event, {k: v for k, v in settlement.items() if k != "type"})

    def seats_from(self, seat: int) -> list[int]:
        """The other seats in turn order after `seat` (nearest first)."""
        n = len(self.seats)
        return [(seat + step) % n for step in range(1, n)]

    def shape_counts(self, seat: int) -> list[int]:
        """The tiles a win check reads: the concealed ones, and 拾/搶 tiles (frozen singles)."""
        me = self.seats[seat]
        if not me.singles:
            return me.counts
        out = list(me.counts)
        for t in me.singles:
            out[t] += 1
        return out
