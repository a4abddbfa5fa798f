"""Chow where a ruleset allows it: the next seat only, every sequence, below pung."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from majiang.game import Action, Hand
from majiang.game.actions import DISCARDS, PASS_ACTION, PUNGS
from majiang.game.hand import Meld
from majiang.game.variants import mechanics
from majiang.game.wall import arranged_wall
from majiang.rules.tuidaohu import Tuidaohu
from majiang.tiles import full_set, parse_tile, parse_tiles

T = parse_tile


class _WithChow(Tuidaohu):
    meld_kinds: ClassVar[frozenset[str]] = frozenset(("chow", "pung", "exposed_kong",
                                                      "added_kong", "concealed_kong"))


def _hand(hands: list[str | None]) -> Hand:
    mech = replace(mechanics("tuidaohu"), ruleset=_WithChow())
    wall = arranged_wall(full_set(), [None if h is None else parse_tiles(h) for h in hands], 0)
    return Hand(mech, "chow", 0, {}, wall=wall)


def test_the_next_seat_may_chow_every_sequence() -> None:
    hand = _hand(["4m" + "1p9p1s9s1z2z3z4z6z7z7m9m5s", "2356m" + "1p2p3p7s8s9s5z5z6z", None,
                  None])
    hand.apply(0, DISCARDS[T("4m")])
    chows = [a for a in hand.legal_actions(1) if a.type == "chow"]
    assert [a.tiles for a in chows] == [tuple(parse_tiles(s)) for s in ("234m", "345m", "456m")]
    for seat in sorted(hand.to_act() - {1}):
        hand.apply(seat, PASS_ACTION)
    hand.apply(1, Action("chow", tiles=tuple(parse_tiles("345m"))))
    assert hand.melds[1] == [Meld("chow", T("3m"), 0, T("4m"))]
    assert hand.turn == 1 and all(a.type == "discard" for a in hand.legal_actions(1))
    assert hand.tile_count() == 136


def test_pung_beats_chow() -> None:
    hand = _hand(["4m" + "1p9p1s9s1z2z3z4z6z7z7m9m5s", "2356m" + "1p2p3p7s8s9s5z5z6z",
                  "44m" + "2p3p4p5p6p2s3s4s5s6s7s", None])
    hand.apply(0, DISCARDS[T("4m")])
    assert not any(a.type == "chow" for a in hand.legal_actions(2))
    hand.apply(1, Action("chow", tiles=tuple(parse_tiles("234m"))))
    hand.apply(2, PUNGS[T("4m")])
    while hand.phase == "claim":
        hand.apply(min(hand.to_act()), PASS_ACTION)
    assert hand.turn == 2 and hand.melds[2] == [Meld("pung", T("4m"), 0)]
    assert hand.melds[1] == []


def test_asking_the_scorer_for_wins_plays_the_same_hands() -> None:
    """A ruleset whose complete shapes may not win asks the scorer; for tuidaohu (no minimum)
    the hands come out identical."""
    from majiang.bots import get_bot
    from majiang.sim.runner import play_hand

    for seed in range(4):
        plain = Hand.new("tuidaohu", f"ask/{seed}")
        asking = Hand(replace(mechanics("tuidaohu"), win_by_shape=False), f"ask/{seed}", 0, {})
        for hand in (plain, asking):
            play_hand(hand, [get_bot("efficient", s) for s in range(4)])
        assert plain.actions == asking.actions
        assert plain.result is not None and asking.result is not None
        assert plain.result.to_json() == asking.result.to_json()


def test_a_chow_button_names_its_tiles_in_words_in_both_languages() -> None:
    """A newcomer read "Chow 345p" on the English button (the notation); the Chinese half
    already said 三筒四筒五筒."""
    chow = Action("chow", None, tuple(parse_tiles("345p")))
    assert chow.label() == {"zh": "吃 三筒四筒五筒", "en": "Chow 3-4-5 Dots"}
    assert Action("chow", None, tuple(parse_tiles("123m"))).label()["en"] == "Chow 1-2-3 Characters"
