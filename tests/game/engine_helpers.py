"""Helpers for engine tests: hands dealt from an arranged wall, and a few scripted moves."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from majiang.game import Hand
from majiang.game.actions import DISCARDS, PASS_ACTION, Action
from majiang.game.wall import arranged_wall
from majiang.tiles import full_set, parse_tile, parse_tiles

Build = Callable[..., Hand]


def build_hand(hands: Sequence[str | None], dealer: int = 0, draws: str = "", tail: str = "",
               fill_seed: int = 0) -> Hand:
    """A tuidaohu hand whose wall deals `hands` (tile strings; None: anything), then `draws`
    as the next normal draws and `tail` as the kong replacements."""
    wall = arranged_wall(
        full_set(), [None if h is None else parse_tiles(h) for h in hands], dealer,
        parse_tiles(draws), parse_tiles(tail), fill_seed,
    )
    return Hand.new("tuidaohu", "arranged", dealer=dealer, wall=wall)


def discard(hand: Hand, tile: str) -> None:
    hand.apply(hand.turn, DISCARDS[parse_tile(tile)])


def pass_all(hand: Hand, except_seats: Sequence[int] = ()) -> None:
    """Every seat with a pending claim, other than `except_seats`, passes."""
    for seat in sorted(hand.to_act()):
        if seat not in except_seats and hand.phase in ("claim", "rob"):
            hand.apply(seat, PASS_ACTION)


def discard_drawn(hand: Hand) -> None:
    """The turn seat throws the tile it just drew; every claim is passed."""
    assert hand.phase == "turn" and hand.drawn is not None
    hand.apply(hand.turn, DISCARDS[hand.drawn])
    pass_all(hand)


def never_win(hand: Hand) -> None:
    """One step of a player who never wins, claims, kongs or declares: pass every claim, throw
    the drawn tile (or, if it may not go out plainly, the last legal discard)."""
    seat = min(hand.to_act())
    legal = hand.legal_actions(seat)
    if PASS_ACTION in legal:
        hand.apply(seat, PASS_ACTION)
        return
    discards = [a for a in legal if a.type == "discard"]
    drawn = DISCARDS[hand.drawn] if hand.drawn is not None else None
    hand.apply(seat, drawn if drawn in discards else discards[-1])


def quiet(hand: Hand, tile: str | None = None) -> None:
    """The seat on turn throws `tile` (default: the tile it drew) and nobody may claim it."""
    assert hand.phase == "turn"
    if tile is None:
        assert hand.drawn is not None
        hand.apply(hand.turn, DISCARDS[hand.drawn])
    else:
        discard(hand, tile)
    assert hand.phase in ("turn", "over"), f"unexpected claims: {hand.pending}"


def run_to_last_draw(hand: Hand) -> None:
    """Nobody claims, wins or kongs until the wall's last tile has been drawn."""
    while not (hand.phase == "turn" and hand.wall_left() == 0):
        assert not hand.is_over
        never_win(hand)


def options(hand: Hand, seat: int) -> list[Action]:
    return hand.legal_actions(seat)
