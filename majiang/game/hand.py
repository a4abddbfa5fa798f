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

The state is plain data (`state.HandState`); the flow is `turn`, `claims`, `kongs`, `draws`,
`settle`; each ruleset's special mechanics are modules of `game/mechanics/`, listed in
`game/variants.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from majiang.game.actions import PASS_ACTION, Action
from majiang.game.claims import resolve_claims
from majiang.game.draws import deal
from majiang.game.engine import Engine, EngineError, IllegalAction
from majiang.game.events import Event
from majiang.game.kongs import resolve_rob
from majiang.game.mechanics.laizi import SpecialTiles, special_tiles
from majiang.game.phases import CLAIM, OVER, ROB, TURN
from majiang.game.refusals import why_illegal
from majiang.game.seat_view import SeatView
from majiang.game.state import HandResult
from majiang.game.turn import apply_turn, turn_actions
from majiang.game.variants import Mechanics, mechanics
from majiang.game.views import typed_view
from majiang.game.wall import RNG_VERSION, Wall
from majiang.rules.base import Meld
from majiang.tiles import Tile

__all__ = ["EngineError", "Hand", "HandResult", "IllegalAction", "Meld"]


class Hand(Engine):
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
        super().__init__(mech, seed, dealer, options, hand_no=hand_no, names=names,
                         rng_version=rng_version, wall=wall)
        deal(self)

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

    # ----------------------------------------------------------------- the moves

    @property
    def is_over(self) -> bool:
        return self.state.phase == OVER

    def wall_left(self) -> int:
        return self.state.wall.left()

    def to_act(self) -> set[int]:
        """The seats that must choose an action now."""
        state = self.state
        if state.phase == TURN:
            return {state.turn}
        if state.phase in (CLAIM, ROB):
            return {s for s in state.pending if s not in state.decisions}
        return set()

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now (empty when it has nothing to decide)."""
        cached = self.legal_cache.get(seat)
        if cached is None:
            cached = self.legal_cache[seat] = self._compute_legal(seat)
        return cached

    def _compute_legal(self, seat: int) -> list[Action]:
        state = self.state
        if state.phase == TURN:
            return turn_actions(self, seat) if seat == state.turn else []
        if state.phase in (CLAIM, ROB) and seat in state.pending and seat not in state.decisions:
            return [*state.pending[seat], PASS_ACTION]
        return []

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply `seat`'s action; the events it caused. Raises IllegalAction, changing nothing."""
        legal = self.legal_cache.get(seat)
        if legal is None:
            legal = self.legal_actions(seat)
        for own in legal:  # identity first: bots hand back the engine's own instances
            if own is action:
                break
        else:
            try:
                action = legal[legal.index(action)]  # the engine's instance of an equal action
            except ValueError:
                raise IllegalAction(why_illegal(self, seat, action, self.to_act(), legal)) from None
        state = self.state
        state.actions.append((seat, action))
        self.legal_cache.clear()
        start = len(state.events)
        if state.phase == TURN:
            apply_turn(self, seat, action)
        else:
            state.decisions[seat] = action
            if len(state.decisions) == len(state.pending):
                if state.phase == CLAIM:
                    resolve_claims(self)
                else:
                    resolve_rob(self)
        return state.events[start:]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What `seat` may know (None: a spectator), as JSON (protocol.md section 2)."""
        return self.seat_view(seat).to_json()

    def seat_view(self, seat: int | None = None) -> SeatView:
        """The same, as typed values (what bots read)."""
        if seat is not None and seat in self.to_act():
            self.legal_actions(seat)  # computes (and caches) why a complete hand may not win
        return typed_view(self.state, self.on_revealed, seat)

    @property
    def result(self) -> HandResult | None:
        return self.state.result

    @result.setter
    def result(self, value: HandResult | None) -> None:
        self.state.result = value

    # ----------------------------------------------------------------- checks

    def tile_count(self) -> int:
        """Every tile accounted for: hands, melds, discards, the wall, a kong tile in flight."""
        state = self.state
        total = sum(sum(s.counts) + sum(m.size() for m in s.melds) + len(s.discards)
                    + (s.set_aside is not None) for s in state.seats)
        total += state.indicator is not None
        total += state.wall.tail - state.wall.live + 1
        if state.kong_tile is not None and (state.phase == ROB or self.is_robbed()):
            total += 1
        return total

    def is_robbed(self) -> bool:
        result = self.state.result
        return result is not None and result.win_type == "robbing_kong"

    # ------------------------------------------------- the state, read (drivers, tests, checks)

    @property
    def rules(self) -> str:
        return self.state.rules

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def total_tiles(self) -> int:
        return self.ruleset.tile_count

    @property
    def dealer(self) -> int:
        return self.state.dealer

    @property
    def seed(self) -> str | int:
        return self.state.seed

    @property
    def options(self) -> dict[str, Any]:
        return self.state.options

    @property
    def hand_no(self) -> int:
        return self.state.hand_no

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.state.seats]

    @property
    def rng_version(self) -> str:
        return self.state.rng_version

    @property
    def explicit_wall(self) -> list[Tile] | None:
        return self.state.explicit_wall

    @property
    def wall(self) -> Wall:
        return self.state.wall

    @property
    def dice(self) -> dict[str, Any] | None:
        return self.state.dice

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def turn(self) -> int:
        return self.state.turn

    @turn.setter
    def turn(self, seat: int) -> None:
        self.state.turn = seat

    @property
    def drawn(self) -> Tile | None:
        return self.state.drawn

    @drawn.setter
    def drawn(self, tile: Tile | None) -> None:
        """A stacked turn's drawn tile (scenarios): the one tile drawn this turn."""
        self.state.drawn = tile
        self.state.turn_draws = [] if tile is None else [tile]

    @property
    def drawn_from_tail(self) -> bool:
        return self.state.drawn_from_tail

    @property
    def last_discard(self) -> tuple[int, Tile] | None:
        return self.state.last_discard

    @property
    def kong_tile(self) -> tuple[int, Tile] | None:
        return self.state.kong_tile

    @property
    def pending(self) -> dict[int, list[Action]]:
        return self.state.pending

    @property
    def decisions(self) -> dict[int, Action]:
        return self.state.decisions

    @property
    def actions(self) -> list[tuple[int, Action]]:
        return self.state.actions

    @property
    def events(self) -> list[Event]:
        return self.state.events

    @property
    def settlements(self) -> list[dict[str, Any]]:
        return self.state.settlements

    @property
    def laizi(self) -> Tile | None:
        return self.state.laizi

    @property
    def indicator(self) -> Tile | None:
        return self.state.indicator

    @property
    def declare_order(self) -> list[int]:
        return self.state.declare_order

    @property
    def scores(self) -> list[int]:
        return [s.score for s in self.state.seats]

    @property
    def counts(self) -> list[list[int]]:
        return [s.counts for s in self.state.seats]

    @property
    def melds(self) -> list[list[Meld]]:
        return [s.melds for s in self.state.seats]

    @property
    def discards(self) -> list[list[Tile]]:
        return [s.discards for s in self.state.seats]

    @property
    def declared(self) -> list[bool]:
        return [s.declared for s in self.state.seats]

    @property
    def set_aside(self) -> list[Tile | None]:
        return [s.set_aside for s in self.state.seats]

    @property
    def locked(self) -> list[bool]:
        return [s.locked for s in self.state.seats]

    @property
    def lock_kinds(self) -> list[set[Tile]]:
        return [s.lock_kinds for s in self.state.seats]

    @property
    def singles(self) -> list[list[Tile]]:
        return [s.singles for s in self.state.seats]

    @property
    def grabbed(self) -> list[bool]:
        return [s.grabbed for s in self.state.seats]

    @property
    def no_rain(self) -> dict[int, int]:
        return self.state.no_rain

    @property
    def chain(self) -> int:
        return self.state.chain

    @property
    def kong_money_due(self) -> list[dict[str, Any]]:
        return self.state.kong_money_due

    @property
    def special(self) -> SpecialTiles | None:
        """wuhan's special kinds (laizi, 赖子皮, red dragon), or None without laizi."""
        return special_tiles(self.state)

