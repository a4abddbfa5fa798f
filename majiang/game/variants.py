"""Game mechanics per ruleset: what the state machine needs beyond scoring, as one table.

Scoring (patterns, values, who pays for a win) lives in `majiang.rules` / `majiang.scoring`; this
table holds the turn-flow facts the engine needs and the `Ruleset` does not declare: the passed-win
lock, several winners or one, claims on the last discard, which kongs can be robbed. Seats, tiles,
chow, shapes, kong money and dealer rotation come from the `Ruleset` itself (one source).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from majiang.rules import get_ruleset
from majiang.rules.base import Ruleset


@dataclass(frozen=True)
class Mechanics:
    """The engine-only facts of one ruleset; `ruleset` holds the rest (seats, tiles, shapes,
    kong money, dealer rotation)."""

    id: str
    multiple_winners: bool = True
    pass_lock: str | None = "any"  # "any": no discard win of any kind until one's next draw;
    #                                "kind": none on the passed kind (wuhan)
    split_pair_exception: bool = False  # tuidaohu 3.2 rule 4
    last_discard_only_win: bool = True  # only a win may claim the discard that empties the wall
    robbable_kongs: tuple[str, ...] = ("added_kong",)
    win_by_shape: bool = True  # a complete shape is always a win (else ask the scorer)
    round_winds: bool = False  # a match has rounds of winds (yangzhou section 8)
    declare: str | None = None  # "liang_dao": declare ready with a discard, hand shown and frozen;
    #                             "shang_jia": set a tile aside, only the fact is public
    declare_needs_wall: bool = False  # no declaring once the wall is empty (kawuxing 3.1 / D32)
    kong_on_arrival: bool = False  # concealed / added kongs only in the turn the 4th tile arrives
    last_draw_discarded: bool = False  # whoever draws the last tile wins on it or throws it
    kong_chain: bool = False  # kong money doubles along a chain of kongs (杠上杠)
    dead_tail: bool = False  # jincheng 荒牌: the last stacks (one more per kong) are never drawn
    #                          normally, and a kong needs only a replacement tile in them
    dice_throws: int = 1  # jincheng 1: a second thrower, the cut counts both throws
    stacked_tail: bool = False  # jincheng 1: kong replacements come off the tail stack by stack,
    #                              top tile first (from RNG version majiang-v2 on)
    follow_dealer: bool = False  # jincheng 前包 / 跟庄
    kong_money_at_end: bool = False  # kong money settled only when the hand ends with a win
    orphans_claims: bool = False  # jincheng 拾 / 搶 of terminal and honour discards
    laizi: bool = False  # wuhan: indicator, laizi wildcards, 红中 / 赖子皮 / 赖子 one-tile kongs
    kong_after_claim: bool = False  # kongs allowed right after a chow or pung (wuhan 3.1)
    last_tile_zone: int = 0  # a self-drawn win on a draw from the last N tiles has `last_tile`
    playable: bool = False  # every mechanic of the ruleset is implemented in the engine
    ruleset: Ruleset | None = None

    @property
    def rules(self) -> Ruleset:
        assert self.ruleset is not None
        return self.ruleset


TABLE: dict[str, Mechanics] = {
    "tuidaohu": Mechanics("tuidaohu", split_pair_exception=True, playable=True),
    # The others, from their rules documents: each mechanic is a switch on the seams of `Hand`.
    "yangzhou": Mechanics("yangzhou", split_pair_exception=True, win_by_shape=False,
                          round_winds=True, playable=True),
    "kawuxing": Mechanics("kawuxing", win_by_shape=False, declare="liang_dao",
                          declare_needs_wall=True, kong_on_arrival=True, last_draw_discarded=True,
                          kong_chain=True,
                          playable=True),
    "jincheng": Mechanics("jincheng", multiple_winners=False, win_by_shape=False,
                          last_discard_only_win=False, declare="shang_jia", dead_tail=True,
                          dice_throws=2,
                          stacked_tail=True, follow_dealer=True, kong_money_at_end=True,
                          orphans_claims=True, playable=True),
    "wuhan": Mechanics("wuhan", pass_lock="kind", multiple_winners=False, win_by_shape=False,
                       laizi=True, kong_after_claim=True, last_tile_zone=14, playable=True),
}


class UnknownRuleset(ValueError):
    """A ruleset id the engine does not know."""


def mechanics(rules_id: str) -> Mechanics:
    """The engine facts of `rules_id`, joined with its `Ruleset`."""
    try:
        mech = TABLE[rules_id]
        ruleset = get_ruleset(rules_id)
    except KeyError:
        raise UnknownRuleset(
            f"unknown or unimplemented ruleset {rules_id!r}: expected one of {', '.join(TABLE)}"
        ) from None
    return replace(mech, ruleset=ruleset)
