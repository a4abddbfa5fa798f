"""Two rules of kong money: kawuxing's chain of kongs (杠上杠, kawuxing.md 2.3), where each kong of
a chain pays by its place; jincheng's kong money settled only when the hand is won (jincheng.md
7.2), cancelled by the exhaustive draw (荒庄) unless `Ruleset.kong_money_at_draw`."""

from __future__ import annotations

from typing import Any

from majiang.game.mechanics.base import Mechanic
from majiang.game.phases import KONGED
from majiang.game.state import HandState


class KongChain(Mechanic):
    name = "kong_chain"

    def kong_money(self, state: HandState, seat: int, kind: str,
                   discarder: int | None) -> list[int] | None:
        continues = state.discard_after_kong if kind == "exposed_kong" else state.began == KONGED
        state.chain = state.chain + 1 if continues else 1
        return state.ruleset.kong_money(kind, seat, discarder, state.chain)


class KongMoneyAtWin(Mechanic):
    name = "kong_money_at_win"

    def kong_paid(self, state: HandState, seat: int, kind: str, payments: list[int]) -> bool:
        due: dict[str, Any] = {"type": "kong_money", "seat": seat, "kind": kind,
                               "payments": list(payments)}
        state.kong_money_due.append(due)
        state.emit("kong_money", {"seat": seat, "kind": kind, "payments": list(payments),
                                  "pending": True})
        return True

    def drawn_out(self, state: HandState) -> None:
        if not state.ruleset.kong_money_at_draw:
            state.kong_money_due = []
