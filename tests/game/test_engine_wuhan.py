"""wuhan on the engine: the dead indicator, laizi and 赖子皮, one-tile special kongs, no plain
discard of special tiles, the kind lock, a match remembering the laizi (连赖) and the 金顶
(连金)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from majiang.game import Hand, Match
from majiang.game.actions import DISCARDS
from majiang.game.hand import HandResult
from majiang.game.wall import arranged_wall
from majiang.rules.wuhan import is_gold_win
from majiang.scoring import score
from majiang.sim.cli import simulate_range
from majiang.tiles import full_set, parse_tile, parse_tiles

T = parse_tile


def _hand(dealer_tiles: str, indicator: str, fill: int = 0) -> Hand:
    wall = arranged_wall(full_set(), [parse_tiles(dealer_tiles), None, None, None], 0,
                         parse_tiles(indicator), (), fill)
    return Hand.new("wuhan", "wh", dealer=0, wall=wall)


def test_the_indicator_is_dead_and_fixes_laizi_and_pi() -> None:
    hand = _hand("7z1m9m3m4m5m3p4p5p3s4s5s6s7s", "1m")
    assert hand.wall_left() == 82 and hand.tile_count() == 136
    view = hand.view(1)
    assert (view["indicator"], view["laizi"]) == ("1m", "2m")
    assert hand.special is not None and hand.special.pi == frozenset(parse_tiles("1m9m"))


def test_special_tiles_go_out_as_one_tile_kongs_never_as_discards() -> None:
    hand = _hand("7z1m9m3m4m5m3p4p5p3s4s5s6s7s", "1m", fill=1)
    legal = hand.legal_actions(0)
    kongs = {(a.kind, a.tile) for a in legal if a.type == "kong"}
    assert {("red_kong", T("7z")), ("pi_kong", T("1m")), ("pi_kong", T("9m"))} <= kongs
    assert DISCARDS[T("7z")] not in legal and DISCARDS[T("1m")] not in legal
    special = next(a for a in legal if a.kind == "red_kong")
    hand.apply(0, special)
    assert hand.melds[0][0].kind == "red_kong" and hand.melds[0][0].size() == 1
    assert hand.turn == 0 and hand.drawn is not None and hand.tile_count() == 136


def test_the_pass_lock_is_by_kind() -> None:
    hand = Hand.new("wuhan", "lock")
    hand.lock_kinds[2].add(T("5p"))
    assert not hand.can_win_on(2, T("5p"), 0)


def _play_to_a_draw(hand: Hand) -> None:
    """Everyone throws the first plain tile and passes every claim until the wall runs out."""
    while not hand.is_over:
        seat = min(hand.to_act())
        legal = hand.legal_actions(seat)
        hand.apply(seat, next((a for a in legal if a.type == "pass"),
                              next((a for a in legal if a.type == "discard"), legal[0])))


def test_a_match_remembers_the_previous_laizi() -> None:
    match = Match("wuhan", "lz", hands=2)
    first = match.new_hand()
    _play_to_a_draw(first)
    match.finish_hand()
    assert match.new_hand().options["previous_laizi"] == first.view(None)["laizi"]


def _example(case: int, extra_flags: tuple[str, ...] = ()) -> dict[str, Any]:
    """The scoring input of line `case` of the wuhan worked examples."""
    path = Path(__file__).parents[1] / "data" / "wuhan.jsonl"
    request: dict[str, Any] = json.loads(path.read_text().splitlines()[case - 1])["input"]
    request["flags"] = [*request.get("flags", []), *extra_flags]
    return request


def test_a_gold_win_is_told_from_its_payments() -> None:
    for case, gold in ((12, True), (13, True), (28, True), (33, True), (15, False), (27, False)):
        for flags in ((), ("repeat_laizi",)):
            request = _example(case, flags)
            assert is_gold_win(request, score(request)) is gold, (case, flags)
    assert not is_gold_win(_example(7), {"ok": True, "win": False, "payments": [0] * 4})


def test_a_match_sends_repeat_gold_after_a_gold_hand_and_a_draw_breaks_the_chain() -> None:
    match = Match("wuhan", "gold", hands=3, dealer=0)
    first = match.new_hand()
    assert "previous_gold" not in first.options
    gold = _example(12)  # the dealer's 杠开 金顶, as if this hand had ended with it
    answer = score(gold)
    first.result = HandResult(
        winners=[0], win_type="self_drawn", discarder=None, win_tile=T("8m"), answers=[answer],
        win_payments=answer["payments"], payments=answer["payments"], settlements=[],
        next_dealer=0, requests=[gold])
    match.finish_hand()
    second = match.new_hand()
    assert second.options["previous_gold"] is True
    held = next(t for t in range(34) if second.counts[1][t])
    assert "repeat_gold" in second.score_request(1, "self_drawn", None, held)["flags"]
    _play_to_a_draw(second)  # an exhaustive draw is no 金顶
    match.finish_hand()
    third = match.new_hand()
    assert "previous_gold" not in third.options
    held = next(t for t in range(34) if third.counts[1][t])
    assert "repeat_gold" not in third.score_request(1, "self_drawn", None, held)["flags"]


def test_simulated_wuhan_hands_keep_every_invariant() -> None:
    stats = simulate_range("wuhan", "wh", ["efficient", "efficient", "random", "random"], 0, 6)
    assert stats.invariant_failures == 0, stats.failure_examples
