"""The end of a hand: score each winner, settle kong money kept for a win, pay an exhaustive
draw, and write the result (`HandResult`) and the settlement event."""

from __future__ import annotations

from typing import Any

from majiang.game.actions import WIN
from majiang.game.engine import Engine, EngineError
from majiang.game.phases import OVER
from majiang.game.state import NAME, HandResult, names
from majiang.tiles import Tile


def finish(engine: Engine, winners: list[int], win_type: str | None, discarder: int | None,
           tile: Tile | None) -> None:
    state = engine.state
    n = state.players
    answers: list[dict[str, Any]] = []
    requests: list[dict[str, Any]] = []
    win_payments = [0] * n
    for winner in winners:
        assert tile is not None and win_type is not None
        request = engine.request(winner, win_type, discarder, tile)
        answer = engine.ruleset.score(request).to_json()
        if not answer.get("win", False):
            raise EngineError(f"the scorer refused a win the engine allowed: "
                              f"{request.to_json()} -> {answer}")
        requests.append(request.to_json())
        answers.append(answer)
        for s in range(n):
            win_payments[s] += int(answer["payments"][s])
        me = state.seats[winner]
        state.emit(WIN, {
            "seat": winner, "win_type": win_type, "tile": NAME[tile], "from": discarder,
            "hand": names(me.counts), "melds": [m.to_json() for m in me.melds],
            "patterns": answer.get("patterns", []), "value": answer.get("value"),
        })
    if not winners:
        state.emit("exhaustive_draw", {})
        win_payments = engine.ruleset.draw_payments(
            state.dealer, [s.declared for s in state.seats])
        for mechanic in engine.on_drawn_out:
            mechanic.drawn_out(state)
    for due in state.kong_money_due:  # kong money settled now that the hand is won
        state.pay_now("kong_money", due["seat"], due["payments"], kind=due["kind"])
    for s, seat in enumerate(state.seats):
        seat.score += win_payments[s]
    state.settlements.append({
        "type": "hand_end", "winners": winners, "win_type": win_type,
        "discarder": discarder, "payments": win_payments,
    })
    state.phase = OVER
    state.pending = {}
    state.decisions = {}
    scores = [s.score for s in state.seats]
    next_dealer = engine.ruleset.next_dealer(state.dealer, winners, state.declare_order)
    state.result = HandResult(
        winners=winners, win_type=win_type, discarder=discarder, win_tile=tile,
        answers=answers, win_payments=win_payments, payments=scores,
        settlements=state.settlements, next_dealer=next_dealer, requests=requests,
    )
    state.emit("settlement", {
        "winners": winners, "win_type": win_type, "discarder": discarder,
        "payments": list(scores), "win_payments": win_payments,
        "hands": [names(s.counts) for s in state.seats], "next_dealer": next_dealer,
    })
