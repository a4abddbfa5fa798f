"""The one interface of a special mechanic: what it adds to the generic flow of a hand.

A mechanic is a frozen value (its settings) listed for a ruleset in `game/variants.py`; the
state it keeps lives in `HandState` / `SeatState` fields it owns. Every hook does nothing by
default, so a mechanic overrides only where its rule acts:

- the deal: `dealt` (after the tiles are dealt, before the start event, which it may extend);
- a turn: `extra_kongs` (listed first), `may_kong`, `discards` (which plain discards stay),
  `turn_extras` (added last: declarations), `declare` (applying a declaration);
- a discard: `discarded` (False: nobody may claim or win this tile);
- claims: `claim_options` (added to a seat's options), `claimed` (after a claim);
- kongs: `kong_money` (the payments, when the mechanic decides them), `kong_paid` (True: the
  mechanic keeps the payment for later), `replaced` (after a replacement draw),
  `kong_tiles_left` (tiles a kong's replacement may come from);
- the end: `blocks` (a hand complete but for a held tile: ask the scorer why), `drawn_out`
  (the exhaustive draw), `request` (fields of the scoring request), `revealed` (a seat's
  concealed tiles shown to all), `carry` (options the next hand at the table receives).
"""

from __future__ import annotations

from typing import Any

from majiang.game.actions import Action
from majiang.game.state import HandResult, HandState
from majiang.tiles import Tile


class Mechanic:
    """A special mechanic; subclasses override the hooks their rule needs."""

    name = "mechanic"

    def dealt(self, state: HandState, start: dict[str, Any]) -> None:
        """After the deal: change the state, add fields to the `start` event."""

    def extra_kongs(self, state: HandState, seat: int) -> list[Action]:
        """Kongs of the turn beyond concealed and added ones, listed before them."""
        return []

    def may_kong(self, state: HandState, seat: int) -> bool:
        """Whether `seat` may make concealed and added kongs at all."""
        return True

    def discards(self, state: HandState, seat: int, plain: list[Action]) -> list[Action]:
        """The discards a turn offers, from every held kind's."""
        return plain

    def turn_extras(self, state: HandState, seat: int) -> list[Action]:
        """Actions listed after the discards (declarations)."""
        return []

    def declare(self, state: HandState, seat: int, tile: Tile) -> bool:
        """Apply a declaration with `tile`; True if the tile is then discarded."""
        raise NotImplementedError(f"{self.name} has no declaration")

    def discarded(self, state: HandState, seat: int, tile: Tile) -> bool:
        """After a discard; False if nobody may claim or win it."""
        return True

    def claim_options(self, state: HandState, seat: int, tile: Tile,
                      next_seat: bool) -> list[Action]:
        """Options `seat` gets on the discard beyond win, kong, pung and chow."""
        return []

    def claimed(self, state: HandState, seat: int, discarder: int, action: Action) -> None:
        """After `seat` claimed `discarder`'s discard with `action` (its own kinds of claim, from
        `claim_options`, are applied here)."""

    def kong_money(self, state: HandState, seat: int, kind: str,
                   discarder: int | None) -> list[int] | None:
        """The kong's payments when this mechanic decides them (None: the ruleset's)."""
        return None

    def kong_paid(self, state: HandState, seat: int, kind: str, payments: list[int]) -> bool:
        """True if the mechanic takes charge of the payment (paid later, or never)."""
        return False

    def replaced(self, state: HandState) -> None:
        """Before a kong's replacement tile is drawn."""

    def kong_tiles_left(self, state: HandState) -> int | None:
        """Tiles a replacement may come from (None: the live wall's)."""
        return None

    def blocks(self, state: HandState, counts: list[int]) -> bool:
        """True if `counts` would win but for a tile the rules forbid to hold."""
        return False

    def drawn_out(self, state: HandState) -> None:
        """At an exhaustive draw, before its payments."""

    def request(self, state: HandState, winner: int, win_type: str, discarder: int | None,
                fields: dict[str, Any]) -> None:
        """Add to the scoring request's fields (`fields["flags"]` is the flag list)."""

    def revealed(self, state: HandState, seat: int) -> list[Tile] | None:
        """The concealed tiles of `seat` the rules show everyone (None: none) while in play."""
        return None

    def carry(self, state: HandState, result: HandResult) -> dict[str, Any]:
        """What this hand passes to the next hand's options."""
        return {}
