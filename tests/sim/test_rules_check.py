"""`--check rules`: seeded hands of every ruleset keep the rules documents' invariants, and the
checks do notice an engine that breaks them."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from majiang.bots import get_bot
from majiang.bots.base import Bot
from majiang.cli import main
from majiang.game import Hand
from majiang.game.actions import Action
from majiang.game.variants import mechanics
from majiang.sim import cli as sim_cli
from majiang.sim.cli import simulate_range
from majiang.sim.rule_facts import replacement_index, wuhan_special
from majiang.sim.rules_check import RuleMonitor, play_rules_checked
from majiang.tiles import parse_tile

MIXES = {
    "tuidaohu": [(["efficient", "efficient", "random", "random"], 150),
                 (["random"] * 4, 60), (["efficient"] * 4, 60)],
    "yangzhou": [(["efficient", "efficient", "random", "random"], 120),
                 (["random"] * 4, 60), (["efficient"] * 4, 40)],
    "jincheng": [(["efficient", "efficient", "random", "random"], 150),
                 (["random"] * 4, 60), (["efficient"] * 4, 60)],
    "wuhan": [(["efficient", "efficient", "random", "random"], 120),
              (["random"] * 4, 60), (["efficient"] * 4, 40)],
    "kawuxing": [(["efficient", "efficient", "random"], 200),
                 (["random"] * 3, 100), (["efficient"] * 3, 100)],
}


@pytest.mark.parametrize("rules", sorted(MIXES))
def test_seeded_hands_keep_the_rules_invariants(rules: str) -> None:
    for bots, hands in MIXES[rules]:
        stats = simulate_range(rules, f"rc-{'-'.join(bots)}", bots, 0, hands, check="rules")
        assert stats.hands == hands
        assert stats.exceptions == 0, stats.failure_first
        assert stats.invariant_failures == 0, stats.failure_first


def _failures(rules: str, change: dict[str, Any], hands: int = 40,
              bots: Callable[[int], Bot] | None = None) -> Counter[str]:
    """Invariant names failed by `hands` hands of an engine whose mechanics are `change`d."""
    out: Counter[str] = Counter()
    for i in range(hands):
        mech = mechanics(rules)
        for name in [k for k, on in change.items() if on is False and mech.has(k)]:
            mech = mech.without(name)  # a special mechanic left out
        mech = replace(mech, **{k: v for k, v in change.items() if not mechanics(rules).has(k)})
        hand = Hand(mech, f"mutant/{i}", 0, {})
        players = [bots(s) if bots else get_bot("efficient" if s % 2 else "random", i * 4 + s)
                   for s in range(hand.players)]
        out.update(f.split(":", 1)[0] for f in play_rules_checked(hand, players))
    return out


def test_a_normal_draw_into_jinchengs_dead_tail_is_caught() -> None:
    failed = _failures("jincheng", {"dead_tail": False})
    assert failed["dead_tail"] and failed["wall_left"]


def test_a_kong_not_on_arrival_in_kawuxing_is_caught() -> None:
    assert _failures("kawuxing", {"kong_on_arrival": False}, hands=60)["kong_offer"]


def test_a_claim_on_the_last_discard_is_caught() -> None:
    assert _failures("tuidaohu", {"last_discard_only_win": False}, hands=80)["claim_offer"]


class _Decliner:
    """Declines every win on a discard (so the pass lock matters), else plays efficiently."""

    uses_view = True

    def __init__(self, seed: int) -> None:
        self.inner = get_bot("efficient", seed)

    def choose(self, view: dict[str, Any] | None, legal: list[Action]) -> Action:
        if legal[-1].type == "pass":
            return legal[-1]
        return self.inner.choose(view, legal)


def test_a_missing_pass_lock_is_caught() -> None:
    failed = _failures("tuidaohu", {"pass_lock": None}, hands=40,
                       bots=lambda s: _Decliner(s))  # type: ignore[arg-type,return-value]
    assert failed["pass_lock"]


def test_wrong_tiles_are_caught() -> None:
    hand = Hand.new("wuhan", "w", dealer=1)
    monitor = RuleMonitor(hand)
    assert monitor.failures == []
    monitor.wall0[monitor.front], monitor.wall0[monitor.front + 1] = 99, 99
    hand.counts[2][0] += 1  # a tile out of nowhere
    seat = next(iter(hand.to_act()))
    monitor.apply(seat, hand.legal_actions(seat)[-1])
    names = {f.split(":", 1)[0] for f in monitor.failures}
    assert {"draw_order", "tiles", "hand_size"} <= names


def test_rule_facts_from_the_documents() -> None:
    # jincheng 1: the k-th replacement is w[134 - 2*floor(k/2) + (k mod 2)]
    from majiang.sim.rule_facts import FACTS

    assert [replacement_index(FACTS["jincheng"], 136, k) for k in range(4)] == [134, 135, 132, 133]
    assert [replacement_index(FACTS["wuhan"], 136, k) for k in range(2)] == [135, 134]
    # wuhan 2.1: indicator 2p -> laizi 3p, 赖子皮 2p and 1p; 东 -> 南, 白; 红中 -> 发, 北
    assert wuhan_special(parse_tile("2p")) == (parse_tile("3p"), frozenset(
        map(parse_tile, ("7z", "3p", "2p", "1p"))))
    assert wuhan_special(parse_tile("1z"))[1] == frozenset(map(parse_tile, ("7z", "2z", "1z",
                                                                             "5z")))
    assert wuhan_special(parse_tile("7z")) == (parse_tile("6z"), frozenset(
        map(parse_tile, ("7z", "6z", "4z"))))


class _Crasher:
    uses_view = False

    def choose(self, view: dict[str, Any] | None, legal: list[Action]) -> Action:
        raise ValueError("no move")


def test_a_crashing_hand_is_counted_not_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim_cli, "get_bot", lambda name, seed: _Crasher())
    stats = simulate_range("tuidaohu", "x", ["random"] * 4, 0, 3, check="rules")
    assert stats.hands == 3 and stats.exceptions == 3
    assert "ValueError: no move (step 0)" in stats.failure_first["exception"]


def test_simulate_check_rules_reports_per_invariant(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--rules", "kawuxing", "--hands", "5", "--seed", "c", "--json",
                 "--check", "rules", "--bots", "efficient,random,random"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert report["invariants"] == {} and report["exceptions"] == 0
    assert report["invariant_examples"] == {}
