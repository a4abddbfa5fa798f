"""What the flow modules share: a hand's state, its ruleset's mechanics, and the win checks.

`Engine` is built once per hand; `Hand` (the public API) is an `Engine` whose moves the flow
modules (`turn`, `claims`, `kongs`, `draws`, `settle`) carry out. The special mechanics' hooks
are gathered here per hook, so a ruleset without them pays nothing for them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from majiang import analysis
from majiang.analysis import Shape
from majiang.game.actions import Action
from majiang.game.dice import roll
from majiang.game.mechanics.base import Mechanic
from majiang.game.requests import win_request
from majiang.game.state import NAME, HandState, SeatState
from majiang.game.variants import Mechanics
from majiang.game.wall import RNG_VERSION, Wall, rolls_dice, shuffled_wall
from majiang.game.winning import is_complete
from majiang.rules.base import Answer, RequestError, WinRequest
from majiang.tiles import Tile, full_set


class IllegalAction(ValueError):
    """An action the seat may not take now; `reason` says why. The hand is unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class EngineError(RuntimeError):
    """The engine and the scorer disagree (a bug, never a player's fault)."""


def _overrides(mechanic: Mechanic, hook: str) -> bool:
    return getattr(type(mechanic), hook) is not getattr(Mechanic, hook)


class Engine:
    """One hand's state with the rules that move it."""

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
        ruleset = mech.rules
        n = ruleset.players
        if not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
        tile_set = full_set(ruleset.kinds, ruleset.copies)
        if wall is not None and sorted(wall) != tile_set:
            raise ValueError(f"an explicit wall must hold the ruleset's {len(tile_set)} tiles")
        self.mech = mech
        self.ruleset = ruleset
        shapes = ruleset.shapes
        complete: Callable[[list[int]], bool] = (
            analysis.is_complete if shapes == Shape.STANDARD
            else lambda counts: is_complete(counts, shapes))
        seat_names = list(names) if names is not None else [f"seat {s}" for s in range(n)]
        self.state = HandState(
            rules=mech.id, ruleset=ruleset, seed=seed, dealer=dealer, options=options,
            hand_no=hand_no, rng_version=rng_version,
            wall=Wall(list(wall) if wall is not None else
                      shuffled_wall(tile_set, seed, rng_version)),
            seats=[SeatState(name) for name in seat_names], complete=complete,
            explicit_wall=None if wall is None else list(wall),
            dice=roll(seed, dealer, n, mech.dice_throws) if rolls_dice(rng_version) else None,
            turn=dealer)
        specials = mech.specials

        def hooked(hook: str) -> tuple[Mechanic, ...]:
            return tuple(m for m in specials if _overrides(m, hook))

        self.on_dealt = hooked("dealt")
        self.on_turn_kongs = hooked("extra_kongs")
        self.on_may_kong = hooked("may_kong")
        self.on_discards = hooked("discards")
        self.on_turn_extras = hooked("turn_extras")
        self.on_discarded = hooked("discarded")
        self.on_claim_options = hooked("claim_options")
        self.on_claimed = hooked("claimed")
        self.on_kong_money = hooked("kong_money")
        self.on_kong_paid = hooked("kong_paid")
        self.on_replaced = hooked("replaced")
        self.on_kong_tiles_left = hooked("kong_tiles_left")
        self.on_blocks = hooked("blocks")
        self.on_drawn_out = hooked("drawn_out")
        self.on_request = hooked("request")
        self.on_revealed = hooked("revealed")
        self.declarer = next((m for m in specials if _overrides(m, "declare")), None)
        # no scorer in win checks, no kind lock, no claims of a mechanic: claims inline the checks
        self.plain_claims = (mech.win_by_shape and mech.pass_lock != "kind"
                             and not self.on_claim_options and not self.on_blocks)
        self.legal_cache: dict[int, list[Action]] = {}

    # ----------------------------------------------------------------- shared checks

    def kong_tile_left(self) -> bool:
        """A kong needs its replacement: a tile in the wall (in jincheng, in the dead tail)."""
        for m in self.on_kong_tiles_left:
            left = m.kong_tiles_left(self.state)
            if left is not None:
                return left >= 1
        return self.state.wall.left() >= 1

    def blocked(self, counts: list[int]) -> bool:
        return any(m.blocks(self.state, counts) for m in self.on_blocks)

    def can_win_on(self, seat: int, tile: Tile, feeder: int | None = None,
                   win_type: str = "discard") -> bool:
        """Whether `seat` may win on `feeder`'s `tile` now (the pass lock included); when a
        complete hand may not, the seat's `no_win` says why."""
        state = self.state
        me = state.seats[seat]
        counts = state.shape_counts(seat)
        counts[tile] += 1
        complete = state.complete(counts)
        blocked = not complete and self.blocked(counts)
        counts[tile] -= 1
        if blocked:  # wuhan 4.1: complete but for a red dragon or 赖子皮 held: say so
            return self.scores_as_win(seat, win_type, feeder, tile)
        if not complete:
            return False
        if me.locked or (me.lock_kinds and tile in me.lock_kinds):
            self.refuse(seat, tile, "forbidden", "过胡：摸牌前不能胡别人的牌 / under the pass "
                        "lock (过胡): no win on another player's tile until one's next draw")
            return False
        if self.mech.win_by_shape:
            return True
        return self.scores_as_win(seat, win_type, feeder, tile)

    def scores_as_win(self, seat: int, win_type: str, feeder: int | None, tile: Tile) -> bool:
        """For rulesets where a complete shape may still not win (minimum value, declared only,
        ...): ask the scorer, and keep its reason when it says no."""
        answer = self.answer(seat, win_type, feeder, tile)
        if answer is None:
            return False
        if answer.win:
            return True
        if answer.reason in ("below_minimum", "forbidden"):
            value = answer.to_json()["value"]
            self.refuse(seat, tile, answer.reason, answer.detail, value)
        return False

    def refuse(self, seat: int, tile: Tile, reason: str, detail: str, value: Any = None) -> None:
        self.state.seats[seat].no_win = {"tile": NAME[tile], "reason": reason, "detail": detail,
                                         "value": value}

    def self_drawn_tile(self, seat: int) -> Tile:
        """The winning tile of a self-drawn win: the tile just drawn (the dealer's 14th)."""
        state = self.state
        if state.drawn is not None:
            return state.drawn
        return max(t for t in range(34) if state.seats[seat].counts[t])

    def request(self, winner: int, win_type: str, discarder: int | None,
                tile: Tile) -> WinRequest:
        """The scoring request for `winner` winning on `tile` now."""
        return win_request(self.state, self.on_request, winner, win_type, discarder, tile)

    def score_request(self, winner: int, win_type: str, discarder: int | None,
                      tile: Tile) -> dict[str, Any]:
        """The same request in the contract's JSON form (unchecked: any position)."""
        return win_request(self.state, self.on_request, winner, win_type, discarder, tile,
                           check=False).to_json()

    def answer(self, winner: int, win_type: str, discarder: int | None,
               tile: Tile) -> Answer | None:
        """The scorer's answer for that win (None: a request the scorer cannot read)."""
        try:
            return self.ruleset.score(self.request(winner, win_type, discarder, tile))
        except RequestError:
            return None
