"""The one table of how each ruleset plays: turn-flow switches and its special mechanics.

Scoring (patterns, values, who pays for a win) lives in `majiang.rules` / `majiang.scoring`; seats,
tiles, chow, shapes, kong money, draw payments and dealer rotation come from the `Ruleset`
itself. This table holds what the state machine needs beyond that: a few switches of the generic
flow (the pass lock, one winner or several, claims on the last discard, ...) and the special
mechanics (`game/mechanics/`), each one module behind one interface. Adding a ruleset is a rules
module and a line here (README, "Add a ruleset"); `register` adds one from outside the package.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from majiang.game.mechanics.base import Mechanic
from majiang.game.mechanics.dead_tail import DeadTail
from majiang.game.mechanics.declaring import LiangDao, ShangJia
from majiang.game.mechanics.follow_dealer import FollowDealer
from majiang.game.mechanics.kong_money import KongChain, KongMoneyAtWin
from majiang.game.mechanics.laizi import Laizi
from majiang.game.mechanics.orphan_claims import OrphanClaims
from majiang.game.mechanics.rain import Rain
from majiang.rules import get_ruleset
from majiang.rules.base import Ruleset
from majiang.shown import short


@dataclass(frozen=True)
class Mechanics:
    """How one ruleset plays beyond its `Ruleset`: switches of the generic flow and its
    special mechanics, in the order their hooks run."""

    id: str
    multiple_winners: bool = True
    pass_lock: str | None = "any"  # "any": no discard win of any kind until one's next draw;
    #                                "kind": none on the passed kind (wuhan)
    split_pair_exception: bool = False  # tuidaohu 3.2 rule 4
    last_discard_only_win: bool = True  # only a win may claim the discard that empties the wall
    robbable_kongs: tuple[str, ...] = ("added_kong",)
    win_by_shape: bool = True  # a complete shape is always a win (else ask the scorer)
    round_winds: bool = False  # a match has rounds of winds (yangzhou section 8)
    kong_on_arrival: bool = False  # concealed / added kongs only in the turn the 4th tile arrives
    last_draw_discarded: bool = False  # whoever draws the last tile wins on it or throws it
    kong_after_claim: bool = False  # kongs allowed right after a chow or pung (wuhan 3.1)
    last_tile_zone: int = 0  # a self-drawn win on a draw from the last N tiles has `last_tile`
    dice_throws: int = 1  # jincheng 1: a second thrower, the cut counts both throws
    specials: tuple[Mechanic, ...] = ()
    ruleset: Ruleset | None = None

    @property
    def rules(self) -> Ruleset:
        assert self.ruleset is not None
        return self.ruleset

    def has(self, name: str) -> bool:
        """Whether the ruleset plays the special mechanic `name` (e.g. 'dead_tail')."""
        return any(m.name == name for m in self.specials)

    def without(self, name: str) -> Mechanics:
        """These mechanics less the special one `name` (for tests that break a rule)."""
        return replace(self, specials=tuple(m for m in self.specials if m.name != name))


TABLE: dict[str, Mechanics] = {
    "tuidaohu": Mechanics("tuidaohu", split_pair_exception=True),
    "yangzhou": Mechanics("yangzhou", split_pair_exception=True, win_by_shape=False,
                          round_winds=True),
    "kawuxing": Mechanics("kawuxing", win_by_shape=False, kong_on_arrival=True,
                          last_draw_discarded=True, specials=(LiangDao(), KongChain())),
    "jincheng": Mechanics("jincheng", multiple_winners=False, win_by_shape=False,
                          last_discard_only_win=False, dice_throws=2,
                          specials=(ShangJia(), DeadTail(), FollowDealer(),
                                    KongMoneyAtWin(), OrphanClaims())),
    "wuhan": Mechanics("wuhan", pass_lock="kind", multiple_winners=False, win_by_shape=False,
                       kong_after_claim=True, last_tile_zone=14, specials=(Laizi(), Rain())),
}


class UnknownRuleset(ValueError):
    """A ruleset id the engine does not know."""


def register(mech: Mechanics) -> None:
    """Add (or replace) a ruleset's line of the table; its `Ruleset` must be registered with
    `majiang.rules.register`."""
    TABLE[mech.id] = mech


def unregister(rules_id: str) -> None:
    """Remove a line added with `register`."""
    TABLE.pop(rules_id, None)


def mechanics(rules_id: str) -> Mechanics:
    """The engine facts of `rules_id`, joined with its `Ruleset`."""
    try:
        mech = TABLE[rules_id]
        ruleset = get_ruleset(rules_id)
    except KeyError:
        raise UnknownRuleset(
            f"unknown or unimplemented ruleset {short(rules_id, 40)}: expected one of "
            f"{', '.join(TABLE)}"
        ) from None
    return replace(mech, ruleset=ruleset)
