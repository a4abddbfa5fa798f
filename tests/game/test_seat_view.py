"""The typed seat view: `from_json` / `to_json` give back exactly the engine's JSON view, for
every seat and spectators at every step of real hands of all five rulesets, and any typed view
survives the trip through JSON."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.bots import get_bot
from majiang.game import Hand
from majiang.game.seat_view import NoWin, SeatInfo, SeatView, TileAt, ViewError
from majiang.rules.base import MELD_KINDS, Meld
from majiang.tiles import parse_tile, parse_tiles

RULESETS = ("tuidaohu", "yangzhou", "kawuxing", "jincheng", "wuhan")


@pytest.mark.parametrize("rules", RULESETS)
def test_real_views_round_trip(rules: str) -> None:
    checked = 0
    for i in range(2):
        hand = Hand.new(rules, f"seat-view/{i}", dealer=i)
        bots = [get_bot("random", f"{i}/{s}") for s in range(hand.players)]
        while True:
            for looker in [*range(hand.players), None]:
                view = hand.view(looker)
                typed = SeatView.from_json(view)
                assert typed.to_json() == view
                checked += 1
            if hand.is_over:
                break
            seat = min(hand.to_act())
            hand.apply(seat, bots[seat].choose(None, hand.legal_actions(seat)))
        assert SeatView.from_json(hand.view(0)).result == hand.view(0)["result"]
    assert checked > 300


def test_typed_fields() -> None:
    hand = Hand.new("wuhan", "typed", dealer=0)
    view = hand.view(0)
    typed = SeatView.from_json(view)
    assert typed.hand == tuple(parse_tile(t) for t in view["hand"])
    assert sum(typed.counts) == len(typed.hand) == 14
    assert typed.laizi == parse_tile(view["laizi"])
    assert typed.indicator == parse_tile(view["indicator"])
    assert typed.me is typed.seats[0]
    assert [s.seat for s in typed.others] == [1, 2, 3]
    spectator = SeatView.from_json(hand.view(None))
    assert spectator.hand == () and "hand" not in spectator.to_json()
    with pytest.raises(ValueError, match="spectator"):
        _ = spectator.me


@pytest.mark.parametrize("broken", [
    {"hand": ["9z"]}, {"phase": "later"}, {"seats": [{"seat": 0}]}, {"rules": None, "seat": None},
])
def test_unreadable_views_say_so(broken: dict[str, Any]) -> None:
    view = Hand.new("tuidaohu", "broken").view(0)
    view.update(broken)
    if broken.get("rules", "") is None:
        del view["wall_left"]
    with pytest.raises(ViewError):
        SeatView.from_json(view)


tiles = st.integers(0, 33)
seats = st.integers(0, 3)


@st.composite
def melds(draw: st.DrawFn) -> Meld:
    kind = draw(st.sampled_from(sorted(MELD_KINDS)))
    info = MELD_KINDS[kind]
    if info.shape == "sequence":
        tile = draw(st.sampled_from([t for t in range(27) if t % 9 <= 6]))
    else:
        tile = draw(tiles)
    return Meld(kind, tile, None if info.concealed else draw(st.none() | seats))


@st.composite
def seat_infos(draw: st.DrawFn, seat: int) -> SeatInfo:
    return SeatInfo(
        seat=seat, name=draw(st.text(max_size=8)), concealed=draw(st.integers(0, 14)),
        melds=tuple(draw(st.lists(melds(), max_size=4))),
        discards=tuple(draw(st.lists(tiles, max_size=20))),
        declared=draw(st.booleans()),
        revealed=draw(st.none() | st.lists(tiles, max_size=14).map(lambda t: tuple(sorted(t)))),
    )


@st.composite
def seat_views(draw: st.DrawFn) -> SeatView:
    players = draw(st.integers(3, 4))
    seat = draw(st.none() | st.integers(0, players - 1))
    at = st.none() | st.builds(TileAt, st.integers(0, players - 1), tiles)
    own: dict[str, Any] = {}
    if seat is not None:
        own = {
            "hand": tuple(sorted(draw(st.lists(tiles, max_size=14)))),
            "drawn": draw(st.none() | tiles),
            "no_win": draw(st.none() | st.builds(
                NoWin, tiles, st.sampled_from(["below_minimum", "forbidden"]), st.text(),
                st.none() | st.integers(0, 999))),
            "locked": draw(st.booleans()),
            "locked_kinds": tuple(sorted(set(draw(st.lists(tiles, max_size=4))))),
            "set_aside": draw(st.none() | tiles),
        }
    return SeatView(
        rules=draw(st.sampled_from(RULESETS)), players=players, seat=seat,
        dealer=draw(st.integers(0, players - 1)), hand_no=draw(st.integers(1, 99)),
        phase=draw(st.sampled_from(["play", "over"])), turn=draw(st.integers(0, players - 1)),
        wall_left=draw(st.integers(0, 136)),
        seats=tuple(draw(seat_infos(s)) for s in range(players)),
        scores=tuple(draw(st.lists(st.integers(-999, 999), min_size=players,
                                   max_size=players))),
        last_discard=draw(at), kong_tile=draw(at),
        laizi=draw(st.none() | tiles), indicator=draw(st.none() | tiles),
        result=draw(st.none() | st.just({"winners": [0], "payments": [3, -1, -1, -1]})),
        **own,
    )


@settings(max_examples=200, deadline=None)
@given(view=seat_views())
def test_typed_views_round_trip(view: SeatView) -> None:
    back = SeatView.from_json(view.to_json())
    assert back == view
    assert back.counts == view.counts
    assert back.to_json() == view.to_json()


def test_a_meld_must_match_its_kind() -> None:
    view = Hand.new("tuidaohu", "meld").view(0)
    view["seats"][1]["melds"] = [{"kind": "pung", "tiles": "556z", "from": 2}]
    with pytest.raises(ViewError, match="pung"):
        SeatView.from_json(view)
    view["seats"][1]["melds"] = [{"kind": "chow", "tiles": "345m", "from": 0}]
    meld = SeatView.from_json(view).seats[1].melds[0]
    assert meld == Meld("chow", parse_tiles("3m")[0], 0)
