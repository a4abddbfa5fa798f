"""One hand of mahjong, from the shuffle to the settlement: the authoritative state machine.

A hand is (ruleset, options, seed, dealer) plus the list of actions applied to it; everything else
follows deterministically. The loop every driver runs (a simulator, a terminal game, a server):

    hand = Hand.new("tuidaohu", seed="s1", dealer=0)
    while not hand.is_over:
        for seat in sorted(hand.to_act()):
            action = choose(hand.view(seat), hand.legal_actions(seat))
            events = hand.apply(seat, action)

Phases: `turn` (one seat holds 14 tiles: win, kong, or discard), `claim` (a discard is on the
table: each seat that could win, kong, pung or chow it decides; the decisions are collected, in any
order, and resolved by priority win > kong/pung > chow once all are in), `rob` (an added kong may be
robbed), `over`. Draws happen inside `apply`, so `to_act()` only names seats with a real choice.

Seams for other rulesets' mechanics are the `Mechanics` table (`game/variants.py`), the per-seat
`declared` / `revealed` state (亮倒, 上架), `Wall.reserved` (荒牌 tail), `laizi` (wildcards), the
action types `declare` / `pick` / `grab`, and the settlement list (payments made during a hand).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from majiang import analysis
from majiang.analysis import Shape, shanten, waits
from majiang.game.actions import (
    ADDED_KONGS,
    CHOW,
    CONCEALED_KONGS,
    DECLARE,
    DECLARES,
    DISCARD,
    DISCARDS,
    EXPOSED_KONGS,
    GRAB,
    GRABS,
    KONG,
    PASS,
    PASS_ACTION,
    PICK,
    PICKS,
    PUNG,
    PUNGS,
    WIN,
    WIN_ACTION,
    Action,
)
from majiang.game.dice import roll
from majiang.game.events import Event
from majiang.game.laizi import Laizi, rain_suit
from majiang.game.phases import CLAIM, CLAIMED, DEALT, DRAWN, KONGED, OVER, ROB, TURN
from majiang.game.requests import score_request
from majiang.game.variants import Mechanics, mechanics
from majiang.game.views import seat_view
from majiang.game.wall import RNG_VERSION, Wall, rolls_dice, shuffled_wall, tail_by_stacks
from majiang.game.winning import is_complete
from majiang.tiles import (
    Tile,
    format_tiles,
    full_set,
    is_terminal_or_honor,
    tile_name,
)

SINGLE_MELDS = ("picked", "grabbed", "red_kong", "pi_kong", "laizi_kong")  # one-tile melds
SET_MELDS = ("pung", "exposed_kong", "added_kong", "concealed_kong")
NAME = tuple(tile_name(t) for t in range(34))  # the hot path's tile_name


class IllegalAction(ValueError):
    """An action the seat may not take now; `reason` says why. The hand is unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class EngineError(RuntimeError):
    """The engine and the scorer disagree (a bug, never a player's fault)."""


@dataclass(slots=True)
class Meld:
    """A declared set. `tile` is the kind (a chow's lowest tile); `source` the feeding seat."""

    kind: str
    tile: Tile
    source: int | None = None
    claimed: Tile | None = None  # the discard taken into a chow

    def tiles(self) -> list[Tile]:
        if self.kind == "chow":
            return [self.tile, self.tile + 1, self.tile + 2]
        return [self.tile] * self.size()

    def size(self) -> int:
        if self.kind in SINGLE_MELDS:
            return 1
        return 3 if self.kind in ("chow", "pung") else 4

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "tiles": format_tiles(self.tiles()), "from": self.source}


@dataclass
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


class Hand:
    """The state of one hand. Build it with `Hand.new`."""

    def __init__(
        self,
        mech: Mechanics,
        seed: str | int,
        dealer: int,
        options: dict[str, Any],
        *,
        hand_no: int = 1,
        names: Sequence[str] | None = None,
        rng_version: str = RNG_VERSION,
        wall: Sequence[Tile] | None = None,
    ) -> None:
        n = mech.rules.players
        if not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
        if not mech.playable:
            raise ValueError(f"ruleset {mech.id!r} cannot be played by the engine yet")
        self.mech = mech
        self.ruleset = ruleset = mech.rules
        self.kinds = ruleset.kinds
        self.rules = mech.id
        self.players = n
        self.seed = seed
        self.dealer = dealer
        self.options = options
        self.hand_no = hand_no
        self.names = list(names) if names is not None else [f"seat {s}" for s in range(n)]
        self.rng_version = rng_version
        self.shapes = ruleset.shapes
        shapes = self.shapes
        # no scorer in win checks, no kind lock, no 拾/搶, no laizi: `_open_claims` inlines
        self._plain = (mech.win_by_shape and mech.pass_lock != "kind" and not mech.orphans_claims
                       and not mech.laizi)
        self._complete: Callable[[list[int]], bool] = (
            analysis.is_complete if shapes == Shape.STANDARD
            else lambda counts: is_complete(counts, shapes))
        self.total_tiles = ruleset.tile_count
        self.allows_chow = ruleset.allows_chow
        tile_set = full_set(ruleset.kinds, ruleset.copies)
        if wall is not None:
            if sorted(wall) != tile_set:
                raise ValueError(f"an explicit wall must hold the ruleset's {len(tile_set)} tiles")
            self.explicit_wall: list[Tile] | None = list(wall)
        else:
            self.explicit_wall = None
        self.wall = Wall(list(wall) if wall is not None else
                         shuffled_wall(tile_set, seed, rng_version),
                         stacks=mech.stacked_tail and tail_by_stacks(rng_version))
        if mech.dead_tail:
            self.wall.reserved = 2 * ruleset.dead_stacks
        self.dice = (roll(seed, dealer, n, mech.dice_throws) if rolls_dice(rng_version)
                     else None)
        self.counts: list[list[int]] = [[0] * 34 for _ in range(n)]
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.discards: list[list[Tile]] = [[] for _ in range(n)]
        self.declared = [False] * n
        self.declare_order: list[int] = []
        self.declaring: int | None = None  # the seat whose declaring discard is on the table
        self.draw_turns = [0] * n  # turns begun with a normal draw (the dealer's opening counts)
        self.dealt_quads: list[set[Tile]] = [set() for _ in range(n)]
        self.chain = 0  # place of the last kong in a chain of kongs
        self.set_aside: list[Tile | None] = [None] * n  # jincheng 上架: the tile put face down
        self.singles: list[list[Tile]] = [[] for _ in range(n)]  # 拾 / 搶 tiles (frozen)
        self.grabbed = [False] * n
        self.follow: tuple[int, int] | None = (-1, 0) if mech.follow_dealer else None
        self.kong_money_due: list[dict[str, Any]] = []  # kong money paid only if someone wins
        self.special: Laizi | None = None  # wuhan: indicator, laizi, 赖子皮
        self.rain_watch: dict[int, tuple[int, int | None]] = {}  # 下雨: owner -> (suit, feeder)
        self.no_rain: dict[int, int] = {}  # 下雨 per threat: owner -> the first seat to fail
        self.drawn_in_zone = False
        self.revealed: list[list[Tile] | None] = [None] * n
        self.locked = [False] * n
        self.no_win: list[dict[str, Any] | None] = [None] * n  # why a complete hand may not win
        self.lock_kinds: list[set[Tile]] = [set() for _ in range(n)]
        self.scores = [0] * n
        self.settlements: list[dict[str, Any]] = []
        self.laizi: Tile | None = None
        self.indicator: Tile | None = None
        self.phase = TURN
        self.turn = dealer
        self.began = DEALT
        self.drawn: Tile | None = None
        self.drawn_from_tail = False
        self.kong_this_turn = False
        self.last_discard: tuple[int, Tile] | None = None
        self.discard_after_kong = False
        self.kong_tile: tuple[int, Tile] | None = None  # an added kong waiting to be robbed
        self.pending: dict[int, list[Action]] = {}
        self.decisions: dict[int, Action] = {}
        self.actions: list[tuple[int, Action]] = []
        self.events: list[Event] = []
        self.result: HandResult | None = None
        self._legal: dict[int, list[Action]] = {}
        self._deal()

    @classmethod
    def new(
        cls,
        rules: Any,
        seed: str | int,
        dealer: int = 0,
        options: dict[str, Any] | None = None,
        *,
        hand_no: int = 1,
        names: Sequence[str] | None = None,
        rng_version: str = RNG_VERSION,
        wall: Sequence[Tile] | None = None,
    ) -> Hand:
        """A freshly dealt hand of `rules` (a ruleset id, or a Ruleset with an `id`).

        The wall comes from `seed` (see `game.wall`), or is given explicitly (tests, puzzles).
        """
        rules_id = rules if isinstance(rules, str) else rules.id
        return cls(
            mechanics(rules_id), seed, dealer, dict(options or {}),
            hand_no=hand_no, names=names, rng_version=rng_version, wall=wall,
        )

    # ----------------------------------------------------------------- queries

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def wall_left(self) -> int:
        return self.wall.left()

    def to_act(self) -> set[int]:
        """The seats that must choose an action now."""
        if self.phase == TURN:
            return {self.turn}
        if self.phase in (CLAIM, ROB):
            return {s for s in self.pending if s not in self.decisions}
        return set()

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now (empty when it has nothing to decide)."""
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = self._compute_legal(seat)
        return cached

    def _compute_legal(self, seat: int) -> list[Action]:
        if self.phase == TURN:
            return self._turn_actions(seat) if seat == self.turn else []
        if self.phase in (CLAIM, ROB) and seat in self.pending and seat not in self.decisions:
            return [*self.pending[seat], PASS_ACTION]
        return []

    def _turn_actions(self, seat: int) -> list[Action]:
        self.no_win[seat] = None
        counts = self.counts[seat]
        drawn = self.drawn
        out: list[Action] = []
        special = self.special
        if self.began != CLAIMED:
            shape = self._shape_counts(seat)
            if self._complete(shape):
                if self.mech.win_by_shape or self._scores_as_win(
                        seat, "self_drawn", None, self._self_drawn_tile(seat)):
                    out.append(WIN_ACTION)
            elif special is not None and special.blocks(shape):  # the scorer names the tile
                self._scores_as_win(seat, "self_drawn", None, self._self_drawn_tile(seat))
        if self.began != CLAIMED or self.mech.kong_after_claim:
            if special is not None and self.wall.left() >= 1:
                out.extend(special.kongs[t] for t in sorted(special.special) if counts[t])
            # jincheng 3.3: a seat committed to thirteen orphans by 拾 / 搶 never kongs
            if self._kong_tile_left() and not self.singles[seat]:
                for tile in self.kinds if 4 in counts else ():
                    if counts[tile] == 4 and self._may_conceal_kong(seat, tile) and (
                            special is None or tile not in special.special):
                        out.append(CONCEALED_KONGS[tile])
                for meld in self.melds[seat]:
                    if meld.kind == "pung" and counts[meld.tile] and (
                            drawn == meld.tile or not (self.mech.kong_on_arrival
                                                       or self.declared[seat])):
                        out.append(ADDED_KONGS[meld.tile])
        frozen = self.declared[seat] or (self.mech.last_draw_discarded and self.wall.left() == 0
                                         and self.began != CLAIMED)
        if frozen and drawn is not None:
            out.append(DISCARDS[drawn])  # 摸什么打什么: a declared hand, or the last tile
            return out
        if special is None:
            out.extend([DISCARDS[t] for t in self.kinds if counts[t]])
        else:  # wuhan 2.3: special tiles go out as kongs, plainly only when nothing else can
            plain = [DISCARDS[t] for t in self.kinds if counts[t] and t not in special.special]
            if not plain and self.wall.left() == 0:
                plain = [DISCARDS[t] for t in self.kinds if counts[t]]
            out.extend(plain)
        if self.mech.declare and not self.declared[seat] and (
                self.wall.left() > 0 or not self.mech.declare_needs_wall):
            out.extend(self._declarations(seat))
        return out

    def _may_conceal_kong(self, seat: int, tile: Tile) -> bool:
        """Timing of a concealed kong (kawuxing 2.3) and a declared hand's waits (3.2)."""
        if self.mech.kong_on_arrival:
            arrived = tile == self.drawn or (
                self.draw_turns[seat] == 1 and tile in self.dealt_quads[seat])
            if not arrived:
                return False
        if self.declared[seat] and self.drawn is not None:
            if tile != self.drawn:  # 摸什么打什么: a locked hand kongs only with the tile drawn
                return False
            before = list(self.counts[seat])
            before[self.drawn] -= 1
            after = list(self.counts[seat])
            after[tile] -= 4
            return self._waits_kept(before, after)
        return True

    def _waits_kept(self, before: list[int], after: list[int]) -> bool:
        """A declared hand may kong only an independent set: the same waits after, not none."""
        now = waits(before, shapes=self.shapes)
        return bool(now) and now == waits(after, shapes=self.shapes)

    def _declarations(self, seat: int) -> list[Action]:
        """Tiles to throw (亮倒) or set aside (上架) leaving the hand ready with a live wait: one
        whose four copies the player does not hold himself (kawuxing D31, jincheng D11)."""
        counts = self.counts[seat]
        held = [0] * 34
        for meld in self.melds[seat]:
            for t in meld.tiles():
                held[t] += 1
        keeps = self.mech.declare == "shang_jia"  # the set-aside tile is still his
        # jincheng 3.3: 拾 / 搶 commit a hand to thirteen orphans; it may declare only that wait
        shapes = Shape.THIRTEEN_ORPHANS if self.singles[seat] else self.shapes
        out: list[Action] = []
        for tile in self.kinds:
            if not counts[tile]:
                continue
            counts[tile] -= 1
            try:
                test = self._shape_counts(seat)
                if shanten(test, shapes=shapes) == 0 and any(
                        counts[w] + held[w] + (keeps and w == tile) < 4
                        for w in waits(test, shapes=shapes)):
                    out.append(DECLARES[tile])
            finally:
                counts[tile] += 1
        return out

    def _shape_counts(self, seat: int) -> list[int]:
        """The tiles a win check reads: the concealed ones, and 拾/搶 tiles (frozen singles)."""
        counts = self.counts[seat]
        if not self.singles[seat]:
            return counts
        out = list(counts)
        for t in self.singles[seat]:
            out[t] += 1
        return out

    def _kong_tile_left(self) -> bool:
        """A kong needs its replacement: a tile in the wall (in jincheng, in the dead tail)."""
        return (self.wall.tail_left() if self.mech.dead_tail else self.wall.left()) >= 1
    def can_win_on(self, seat: int, tile: Tile, feeder: int | None = None,
                   win_type: str = "discard") -> bool:
        """Whether `seat` may win on `feeder`'s `tile` now (the pass lock included); when a
        complete hand may not, `no_win[seat]` says why."""
        counts = self._shape_counts(seat)
        counts[tile] += 1
        complete = self._complete(counts)
        blocked = not complete and self.special is not None and self.special.blocks(counts)
        counts[tile] -= 1
        if blocked:  # wuhan 4.1: complete but for a red dragon or 赖子皮 held: say so
            return self._scores_as_win(seat, win_type, feeder, tile)
        if not complete:
            return False
        if self.locked[seat] or (self.lock_kinds[seat] and tile in self.lock_kinds[seat]):
            self._refuse(seat, tile, "forbidden", "过胡：摸牌前不能胡别人的牌 / under the pass "
                         "lock (过胡): no win on another player's tile until one's next draw")
            return False
        if self.mech.win_by_shape:
            return True
        return self._scores_as_win(seat, win_type, feeder, tile)

    def _scores_as_win(self, seat: int, win_type: str, feeder: int | None, tile: Tile) -> bool:
        """For rulesets where a complete shape may still not win (minimum value, declared only,
        ...): ask the scorer, and keep its reason when it says no."""
        from majiang.scoring import score

        answer = score(self.score_request(seat, win_type, feeder, tile))
        if answer.get("win"):
            return True
        if answer.get("reason") in ("below_minimum", "forbidden"):
            self._refuse(seat, tile, str(answer["reason"]), str(answer.get("detail", "")),
                         answer.get("value"))
        return False

    def _refuse(self, seat: int, tile: Tile, reason: str, detail: str,
                value: Any = None) -> None:
        self.no_win[seat] = {"tile": NAME[tile], "reason": reason, "detail": detail,
                             "value": value}

    def _self_drawn_tile(self, seat: int) -> Tile:
        """The winning tile of a self-drawn win: the tile just drawn (the dealer's 14th)."""
        if self.drawn is not None:
            return self.drawn
        return max(t for t in range(34) if self.counts[seat][t])

    # ----------------------------------------------------------------- apply

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply `seat`'s action; the events it caused. Raises IllegalAction, changing nothing."""
        legal = self._legal.get(seat)
        if legal is None:
            legal = self.legal_actions(seat)
        for own in legal:  # identity first: bots hand back the engine's own instances
            if own is action:
                break
        else:
            try:
                action = legal[legal.index(action)]  # the engine's instance of an equal action
            except ValueError:
                raise IllegalAction(self._why_illegal(seat, action)) from None
        self.actions.append((seat, action))
        self._legal.clear()
        start = len(self.events)
        if self.phase == TURN:
            self._apply_turn(seat, action)
        else:
            self.decisions[seat] = action
            if len(self.decisions) == len(self.pending):
                if self.phase == CLAIM:
                    self._resolve_claims()
                else:
                    self._resolve_rob()
        return self.events[start:]

    def _emit(self, kind: str, data: dict[str, Any], to: int | None = None,
              exclude: int | None = None) -> None:
        self.events.append(Event(kind, to, data, exclude))

    def _apply_turn(self, seat: int, action: Action) -> None:
        kind = action.type
        tile = action.tile
        if kind == DISCARD:
            assert tile is not None
            self._discard(seat, tile)
        elif kind == DECLARE:
            assert tile is not None
            self.declared[seat] = True
            self.declare_order.append(seat)
            if self.mech.declare == "shang_jia":  # the tile goes face down; the turn passes
                self.counts[seat][tile] -= 1
                self.set_aside[seat] = tile
                self.follow = None
                self.drawn = None
                self._emit(DECLARE, {"seat": seat, "tile": NAME[tile]}, to=seat)
                self._emit(DECLARE, {"seat": seat}, exclude=seat)
                self._next_turn(seat)
                return
            shown = list(self.counts[seat])
            shown[tile] -= 1
            self._emit(DECLARE, {"seat": seat, "tile": NAME[tile], "tiles": _names(shown)})
            self._discard(seat, tile, declaring=True)
        elif kind == WIN:
            self._finish([seat], "self_drawn", None, self._self_drawn_tile(seat))
        else:
            assert tile is not None and action.kind is not None
            if action.kind == "concealed_kong":
                self._concealed_kong(seat, tile)
            elif action.kind == "added_kong":
                self._added_kong(seat, tile)
            else:
                self._special_kong(seat, tile, action.kind)

    def _discard(self, seat: int, tile: Tile, declaring: bool = False) -> None:
        # kawuxing 3.3 / D9: a win on the declaring discard is paid as if not yet declared
        self.declaring = seat if declaring else None
        counts = self.counts[seat]
        counts[tile] -= 1
        self.discards[seat].append(tile)
        self.drawn = None
        self.last_discard = (seat, tile)
        self.discard_after_kong = self.kong_this_turn
        if (self.mech.split_pair_exception and self.locked[seat]
                and counts[tile] == 1 and sum(counts) == 1):
            self.locked[seat] = False
        self.events.append(Event(DISCARD, None, {"seat": seat, "tile": NAME[tile]}))
        if self.follow is not None:
            self._follow_dealer(seat, tile)
        self._open_claims(seat, tile)

    def _follow_dealer(self, seat: int, tile: Tile) -> None:
        """jincheng 3.2: the others, in turn, throw the dealer's first discard: he pays each."""
        assert self.follow is not None
        first, followers = self.follow
        if first < 0:
            self.follow = (tile, 0) if seat == self.dealer else None
            return
        if seat != (self.dealer + followers + 1) % self.players or tile != first:
            self.follow = None
            return
        followers += 1
        self.follow = (first, followers)
        if followers == self.players - 1:
            self.follow = None
            self._pay_now("qian_bao", self.dealer, self.ruleset.qian_bao(self.dealer))

    def _pay_now(self, event: str, seat: int, payments: list[int], **extra: Any) -> None:
        """A payment made during the hand: a settlement event of its own (kong money, 跟庄)."""
        for s in range(self.players):
            self.scores[s] += payments[s]
        settlement = {"type": event, "seat": seat, **extra, "payments": payments}
        self.settlements.append(settlement)
        self._emit(event, {k: v for k, v in settlement.items() if k != "type"})

    def _open_claims(self, discarder: int, tile: Tile) -> None:
        self.no_win = [None] * self.players
        n = self.players
        left = self.wall.left()
        calls_allowed = left > 0 or not self.mech.last_discard_only_win
        pending: dict[int, list[Action]] = {}
        if self.special is not None:
            self._watch_rain(discarder, tile)
            if tile in self.special.special:  # a plain special tile: nobody claims or wins it
                n = 1
        plain = self._plain
        locked = self.locked
        complete = self._complete
        for step in range(1, n):
            seat = (discarder + step) % n
            counts = self.counts[seat]
            if plain:  # the hot path of `can_win_on` (no scorer, no kind lock, no singles)
                counts[tile] += 1
                win = complete(counts)
                counts[tile] -= 1
                if win and locked[seat]:
                    win = self.can_win_on(seat, tile, discarder)  # refused, with its reason
                options = [WIN_ACTION] if win else []
            else:
                options = [WIN_ACTION] if self.can_win_on(seat, tile, discarder) else []
                if self.mech.orphans_claims:
                    options.extend(self._orphan_claims(seat, tile, step == 1))
            have = counts[tile]
            if calls_allowed and (have >= 2 or (self.allows_chow and step == 1)) and (
                    not self.singles[seat]):
                declared = self.declared[seat]
                if have >= 3 and self._kong_tile_left() and (
                        not declared or self._waits_kept(self.counts[seat], [
                            c - 3 if t == tile else c for t, c in enumerate(self.counts[seat])])):
                    options.append(EXPOSED_KONGS[tile])
                if have >= 2 and not declared:
                    options.append(PUNGS[tile])
                if self.allows_chow and step == 1:
                    options.extend(self._chows(seat, tile))
            if options:
                pending[seat] = options
        if pending:
            self.phase = CLAIM
            self.pending = pending
            self.decisions = {}
        else:
            self._next_turn(discarder)

    def _watch_rain(self, seat: int, tile: Tile) -> None:
        """wuhan 7.5.1 下雨: for each player with three claimed sets of a suit (each threat), record
        the first seat that throws another suit while it holds a discardable tile of that suit."""
        assert self.special is not None
        counts = self.counts[seat]
        for owner, (suit, feeder) in self.rain_watch.items():
            if owner in self.no_rain or seat in (owner, feeder) or (
                    tile < 27 and tile // 9 == suit):
                continue
            if any(counts[t] for t in range(9 * suit, 9 * suit + 9)
                   if t not in self.special.special):
                self.no_rain[owner] = seat  # per threat: the first to fail it

    def _orphan_claims(self, seat: int, tile: Tile, next_seat: bool) -> list[Action]:
        """jincheng 3.3: 搶 from anyone once, 拾 from one's 上家, for thirteen orphans only."""
        if (self.declared[seat] or self.grabbed[seat] or not is_terminal_or_honor(tile)
                or self.counts[seat][tile] or tile in self.singles[seat]
                or any(m.kind in SET_MELDS for m in self.melds[seat])):
            return []
        return [GRABS[tile], PICKS[tile]] if next_seat else [GRABS[tile]]

    def _chows(self, seat: int, tile: Tile) -> list[Action]:
        if tile >= 27:
            return []
        counts = self.counts[seat]
        number = tile % 9
        out: list[Action] = []
        for low in (tile - 2, tile - 1, tile):
            if low < tile - number or low + 2 > tile - number + 8:
                continue
            others = [t for t in (low, low + 1, low + 2) if t != tile]
            if all(counts[t] for t in others) and (
                    self.special is None or not self.special.special & set(others)):
                out.append(Action(CHOW, tiles=(low, low + 1, low + 2)))
        return out

    def _seats_from(self, seat: int) -> list[int]:
        """The other seats in turn order after `seat` (nearest first)."""
        return [(seat + step) % self.players for step in range(1, self.players)]

    def _lock_passers(self, tile: Tile) -> None:
        for seat, options in self.pending.items():
            if options[0] is WIN_ACTION and self.decisions[seat] is not WIN_ACTION:
                if self.mech.pass_lock == "any":
                    self.locked[seat] = True
                elif self.mech.pass_lock == "kind":
                    self.lock_kinds[seat].add(tile)

    def _resolve_claims(self) -> None:
        assert self.last_discard is not None
        discarder, tile = self.last_discard
        self._lock_passers(tile)
        order = self._seats_from(discarder)
        decisions = self.decisions
        self.phase = TURN
        self.pending = {}
        self.decisions = {}
        winners = [s for s in order if decisions.get(s) is WIN_ACTION]
        if winners:
            if not self.mech.multiple_winners:
                winners = winners[:1]
            self._finish(winners, "discard", discarder, tile)
            return
        for priority in (GRAB, PICK, KONG, PUNG, CHOW):
            for seat in order:
                action = decisions.get(seat)
                if action is not None and action.type == priority:
                    self._claim(seat, discarder, tile, action)
                    return
        self._next_turn(discarder)

    def _claim(self, seat: int, discarder: int, tile: Tile, action: Action) -> None:
        self._take_claim(seat, discarder, tile, action)
        if self.special is not None and seat not in self.rain_watch:
            rain = rain_suit(self.melds[seat])
            if rain is not None:
                self.rain_watch[seat] = rain

    def _take_claim(self, seat: int, discarder: int, tile: Tile, action: Action) -> None:
        self.discards[discarder].pop()
        self.last_discard = None
        self.follow = None  # any claim ends following the dealer
        self.turn = seat
        self.drawn = None
        self.kong_this_turn = False
        counts = self.counts[seat]
        if action.type == CHOW:
            assert action.tiles is not None
            for t in action.tiles:
                if t != tile:
                    counts[t] -= 1
            self.melds[seat].append(Meld("chow", action.tiles[0], discarder, tile))
            self._emit(CHOW, {"seat": seat, "tiles": format_tiles(action.tiles),
                              "tile": tile_name(tile), "from": discarder})
            self.began = CLAIMED
        elif action.type in (PICK, GRAB):
            self.melds[seat].append(Meld("picked" if action.type == PICK else "grabbed", tile,
                                         discarder))
            self.singles[seat].append(tile)
            self.grabbed[seat] = self.grabbed[seat] or action.type == GRAB
            self._emit(action.type, {"seat": seat, "tile": NAME[tile], "from": discarder})
            self.began = CLAIMED
        elif action.type == PUNG:
            counts[tile] -= 2
            self.melds[seat].append(Meld("pung", tile, discarder))
            self._emit(PUNG, {"seat": seat, "tile": tile_name(tile), "from": discarder})
            self.began = CLAIMED
        else:
            counts[tile] -= 3
            self.melds[seat].append(Meld("exposed_kong", tile, discarder))
            self._emit(KONG, {"seat": seat, "kind": "exposed_kong", "tile": tile_name(tile),
                              "from": discarder})
            self._kong_money(seat, "exposed_kong", discarder)
            self._replacement(seat)

    def _concealed_kong(self, seat: int, tile: Tile) -> None:
        self.counts[seat][tile] -= 4
        self.melds[seat].append(Meld("concealed_kong", tile))
        self._emit(KONG, {"seat": seat, "kind": "concealed_kong", "tile": tile_name(tile),
                          "from": None})
        self._kong_money(seat, "concealed_kong", None)
        self._replacement(seat)

    def _special_kong(self, seat: int, tile: Tile, kind: str) -> None:
        """wuhan 2.3: one red dragon, 赖子皮 or laizi put out as a kong, then a replacement."""
        self.counts[seat][tile] -= 1
        self.melds[seat].append(Meld(kind, tile))
        self._emit(KONG, {"seat": seat, "kind": kind, "tile": NAME[tile], "from": None})
        self._kong_money(seat, kind, None)
        self._replacement(seat)

    def _added_kong(self, seat: int, tile: Tile) -> None:
        self.counts[seat][tile] -= 1
        meld = next(m for m in self.melds[seat] if m.kind == "pung" and m.tile == tile)
        self.drawn = None
        self._emit(KONG, {"seat": seat, "kind": "added_kong", "tile": tile_name(tile),
                          "from": meld.source})
        pending = {}
        if "added_kong" in self.mech.robbable_kongs:
            pending = {s: [WIN_ACTION] for s in self._seats_from(seat)
                       if self.can_win_on(s, tile, seat, "robbing_kong")}
        if pending:
            self.phase = ROB
            self.kong_tile = (seat, tile)
            self.pending = pending
            self.decisions = {}
        else:
            self._kong_stands(seat, tile)

    def _kong_stands(self, seat: int, tile: Tile) -> None:
        meld = next(m for m in self.melds[seat] if m.kind == "pung" and m.tile == tile)
        meld.kind = "added_kong"
        self._kong_money(seat, "added_kong", meld.source)
        self._replacement(seat)

    def _resolve_rob(self) -> None:
        assert self.kong_tile is not None
        konger, tile = self.kong_tile
        self._lock_passers(tile)
        decisions = self.decisions
        self.phase = TURN
        self.pending = {}
        self.decisions = {}
        winners = [s for s in self._seats_from(konger) if decisions.get(s) is WIN_ACTION]
        if winners:
            if not self.mech.multiple_winners:
                winners = winners[:1]
            self._finish(winners, "robbing_kong", konger, tile)
            return
        self.kong_tile = None
        self._kong_stands(konger, tile)

    def _kong_money(self, seat: int, kind: str, discarder: int | None) -> None:
        if self.mech.kong_chain:
            continues = (self.discard_after_kong if kind == "exposed_kong"
                         else self.began == KONGED)
            self.chain = self.chain + 1 if continues else 1
            payments = self.ruleset.kong_money(kind, seat, discarder, self.chain)
        else:
            payments = self.ruleset.kong_money(kind, seat, discarder)
        self.kong_this_turn = True
        if not any(payments):
            return
        if self.mech.kong_money_at_end:  # settled only if the hand is won (jincheng 7.2)
            due = {"type": "kong_money", "seat": seat, "kind": kind, "payments": list(payments)}
            self.kong_money_due.append(due)
            self._emit("kong_money", {"seat": seat, "kind": kind, "payments": list(payments),
                                      "pending": True})
            return
        self._pay_now("kong_money", seat, list(payments), kind=kind)

    def _draw(self, seat: int, tile: Tile, replacement: bool) -> None:
        self.drawn_in_zone = self.wall.left() < self.mech.last_tile_zone  # left after this draw
        self.counts[seat][tile] += 1
        self.turn = seat
        self.drawn = tile
        self.declaring = None
        self.drawn_from_tail = replacement
        self.locked[seat] = False
        if self.lock_kinds[seat]:
            self.lock_kinds[seat].clear()
        self.events.append(Event("draw", seat, {"seat": seat, "tile": NAME[tile],
                                                "replacement": replacement}))
        self.events.append(Event("draw", None, {"seat": seat, "replacement": replacement}, seat))

    def _replacement(self, seat: int) -> None:
        self.began = KONGED
        if self.mech.dead_tail:
            self.wall.reserved += 2  # one more dead stack per kong
        self._draw(seat, self.wall.draw_tail(), True)

    def _next_turn(self, discarder: int) -> None:
        if self.wall.left() <= 0:
            self._finish([], None, None, None)
            return
        seat = (discarder + 1) % self.players
        self.last_discard = None
        self.began = DRAWN
        self.draw_turns[seat] += 1
        self.kong_this_turn = False
        self._draw(seat, self.wall.draw(), False)

    def _deal(self) -> None:
        n = self.players
        order = [(self.dealer + i) % n for i in range(n)]
        wall = self.wall
        for _ in range(3):
            for seat in order:
                for _ in range(4):
                    self.counts[seat][wall.draw()] += 1
        for seat in order:
            self.counts[seat][wall.draw()] += 1
        last = wall.draw()
        self.counts[self.dealer][last] += 1
        self.drawn = last
        if self.mech.laizi:  # wuhan 1: the next tile is turned up (dead) and fixes the laizi
            self.special = special = Laizi(wall.draw())
            self.indicator = special.indicator
            self.laizi = special.laizi
            self._complete = special.complete
        self.draw_turns[self.dealer] = 1
        for seat in order:
            self.dealt_quads[seat] = {t for t in range(34) if self.counts[seat][t] == 4}
        start: dict[str, Any] = {"rules": self.rules, "players": n, "dealer": self.dealer,
                                 "hand_no": self.hand_no, "wall_left": wall.left()}
        if self.dice is not None:
            start["dice"] = self.dice
        if self.indicator is not None:
            start["indicator"] = NAME[self.indicator]
        if self.laizi is not None:
            start["laizi"] = NAME[self.laizi]
        self._emit("start", start)
        for seat in order:
            self._emit("deal", {"seat": seat, "tiles": _names(self.counts[seat])}, to=seat)

    # ----------------------------------------------------------------- the end

    def _finish(self, winners: list[int], win_type: str | None, discarder: int | None,
                tile: Tile | None) -> None:
        from majiang.scoring import score

        n = self.players
        answers: list[dict[str, Any]] = []
        requests: list[dict[str, Any]] = []
        win_payments = [0] * n
        for winner in winners:
            assert tile is not None and win_type is not None
            request = self.score_request(winner, win_type, discarder, tile)
            answer = score(request)
            if not answer.get("ok", False) or not answer.get("win", False):
                raise EngineError(f"the scorer refused a win the engine allowed: {request} -> "
                                  f"{answer}")
            requests.append(request)
            answers.append(answer)
            for s in range(n):
                win_payments[s] += int(answer["payments"][s])
            self._emit(WIN, {
                "seat": winner, "win_type": win_type, "tile": tile_name(tile), "from": discarder,
                "hand": _names(self.counts[winner]),
                "melds": [m.to_json() for m in self.melds[winner]],
                "patterns": answer.get("patterns", []), "value": answer.get("value"),
            })
        if not winners:
            self._emit("exhaustive_draw", {})
            win_payments = self._draw_payments()
            self.kong_money_due = []  # jincheng: 荒庄 cancels the hand's kong money
        for due in self.kong_money_due:  # kong money settled now that the hand is won
            self._pay_now("kong_money", due["seat"], due["payments"], kind=due["kind"])
        for s in range(n):
            self.scores[s] += win_payments[s]
        settlement = {
            "type": "hand_end", "winners": winners, "win_type": win_type,
            "discarder": discarder, "payments": win_payments,
        }
        self.settlements.append(settlement)
        self.phase = OVER
        self.pending = {}
        self.decisions = {}
        self.result = HandResult(
            winners=winners, win_type=win_type, discarder=discarder, win_tile=tile,
            answers=answers, win_payments=win_payments, payments=list(self.scores),
            settlements=self.settlements,
            next_dealer=self._next_dealer(winners),
            requests=requests,
        )
        self._emit("settlement", {
            "winners": winners, "win_type": win_type, "discarder": discarder,
            "payments": list(self.scores), "win_payments": win_payments,
            "hands": [_names(c) for c in self.counts],
            "next_dealer": self.result.next_dealer,
        })

    def _draw_payments(self) -> list[int]:
        """Payments at an exhaustive draw (kawuxing's declared seats 7.3, jincheng's 后包)."""
        return self.ruleset.draw_payments(self.dealer, self.declared)

    def _next_dealer(self, winners: list[int]) -> int:
        return self.ruleset.next_dealer(self.dealer, winners, self.declare_order)

    def score_request(self, winner: int, win_type: str, discarder: int | None,
                      tile: Tile) -> dict[str, Any]:
        """The scoring-contract request for `winner` winning on `tile` now."""
        return score_request(self, winner, win_type, discarder, tile)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What `seat` may know (None: a spectator), as JSON (protocol.md section 2)."""
        return seat_view(self, seat)

    # ----------------------------------------------------------------- checks

    def tile_count(self) -> int:
        """Every tile accounted for: hands, melds, discards, the wall, a kong tile in flight."""
        total = sum(sum(c) for c in self.counts)
        total += sum(m.size() for melds in self.melds for m in melds)
        total += sum(len(d) for d in self.discards)
        total += sum(1 for t in self.set_aside if t is not None)
        total += self.indicator is not None
        total += self.wall.tail - self.wall.live + 1
        if self.kong_tile is not None and (self.phase == ROB or self.is_robbed()):
            total += 1
        return total

    def is_robbed(self) -> bool:
        return self.result is not None and self.result.win_type == "robbing_kong"

    def _why_illegal(self, seat: int, action: Action) -> str:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            return f"no seat {seat!r}: seats are 0..{self.players - 1}"
        if not isinstance(action, Action):
            return f"not an action: {action!r}"
        if self.phase == OVER:
            return "the hand is over"
        refusal = self.no_win[seat]
        if action.type == WIN and refusal is not None:
            return f"不能胡 / no win on {refusal['tile']}: {refusal['detail']}"
        if seat not in self.to_act():
            if self.phase == TURN:
                return f"it is seat {self.turn}'s turn, not seat {seat}'s"
            return f"seat {seat} has nothing to decide on this tile"
        counts = self.counts[seat]
        tile = action.tile
        label = action.label()["en"]
        if self.phase in (CLAIM, ROB):
            return f"{label} is not possible now: choose one of " + ", ".join(
                a.label()["en"] for a in self.legal_actions(seat))
        if action.type == PASS:
            return "nothing to pass: it is your turn, discard a tile"
        if tile is not None and not counts[tile] and action.type == DISCARD:
            return f"you do not hold {tile_name(tile)}"
        if action.type == WIN:
            if self.began == CLAIMED:
                return "no win right after a claim: discard a tile"
            return "these tiles are not a winning hand"
        if action.type == KONG:
            if not self._kong_tile_left():
                return "no kong: the wall is empty"
            if self.began == CLAIMED:
                return "no kong right after a claim: discard a tile"
            return f"{label}: you do not hold the tiles for it"
        return f"{label} is not possible now"


def _names(counts: list[int]) -> list[str]:
    return [NAME[t] for t in range(34) for _ in range(counts[t])]
