"""`majiang simulate --economy`: a population of accounts through the faucets and sinks.

Two steps. `sample_hands` plays real hands of each ruleset between bots and keeps every seat's
units per hand (the engine's `result.payments`, kong money included). `run_population` then plays
a population of accounts over many simulated days: each day every active account signs in, plays
some hands at the highest table of a ruleset its balance may sit at (`economy.seat_minimum`),
each hand drawn from the sampled ones and settled with `economy.settle`, and claims relief when
broke (`economy.RELIEF_*`); a table fee, when set, is the sink. It reports the level distribution
and how many accounts are broke (docs/economy.md section 7).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from majiang import economy
from majiang.bots import get_bot
from majiang.game.hand import Hand
from majiang.game.variants import mechanics
from majiang.sim.runner import play_hand

RULESETS = ("tuidaohu", "yangzhou", "kawuxing", "jincheng", "wuhan")
Sample = dict[str, list[list[int]]]  # ruleset -> one list of per-seat units per hand


def sample_hands(rules: str, hands: int, seed: str = "economy",
                 bots: tuple[str, ...] = ("value", "efficient")) -> list[list[int]]:
    """Per-seat units of `hands` real hands of `rules` (bots alternating by seat)."""
    players = mechanics(rules).rules.players
    seats = [get_bot(bots[s % len(bots)], f"{seed}/{rules}/{s}") for s in range(players)]
    out = []
    for i in range(hands):
        hand = play_hand(Hand.new(rules, f"{seed}/{rules}/{i}", dealer=i % players), seats)
        assert hand.result is not None
        out.append([int(u) for u in hand.result.payments])
    return out


def percentile(values: list[int], q: float) -> int:
    """The `q` quantile (0..1) of `values`, nearest rank."""
    ordered = sorted(values)
    if not ordered:
        return 0
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def loss_figures(outcomes: list[list[int]]) -> dict[str, Any]:
    """What one hand costs a seat that pays: how often, median, p90, p99 and the most (units)."""
    losses = [-u for hand in outcomes for u in hand if u < 0]
    seat_hands = sum(len(h) for h in outcomes)
    return {
        "hands": len(outcomes), "loss_share": round(len(losses) / max(seat_hands, 1), 3),
        "p50": percentile(losses, 0.5), "p90": percentile(losses, 0.9),
        "p99": percentile(losses, 0.99), "max": max(losses, default=0),
    }


@dataclass(frozen=True)
class Policy:
    """The faucets and the sink as the server sets them, and how the population behaves."""

    accounts: int = 1_000  # on day 1; `joins_per_day` more each day
    joins_per_day: int = 20
    days: int = 30
    rounds_per_day: int = 20  # a round is one hand at every table (about 10 minutes)
    active_share: float = 0.5  # of the accounts, who play on a given day
    new_grant: int = economy.NEW_ACCOUNT_GRANT
    signin: int = economy.SIGNIN_BONUS
    relief_below: int = economy.RELIEF_BELOW
    relief_to: int = economy.RELIEF_TO
    relief_per_day: int = economy.RELIEF_PER_DAY
    relief_cooldown_rounds: int = 3  # economy.RELIEF_COOLDOWN: 30 minutes
    fee_percent: int = economy.TABLE_FEE_PERCENT


@dataclass
class Account:
    balance: int
    rules: str  # the ruleset this account likes
    relief_today: int = 0
    relief_round: int = -99


@dataclass
class Report:
    policy: Policy
    days: list[dict[str, Any]] = field(default_factory=list)
    flows: Counter[str] = field(default_factory=Counter)

    def to_json(self) -> dict[str, Any]:
        return {"policy": self.policy.__dict__, "flows": dict(self.flows), "days": self.days}


def _seat_table(group: list[Account], rules: str, level: int, outcomes: list[list[int]],
                rng: random.Random, policy: Policy, flows: Counter[str]) -> None:
    """One hand at one table: `group` plus bots in the empty seats, settled in silver."""
    players = len(outcomes[0])
    stake = economy.level(level).stake
    bots = players - len(group)
    bot_balance = 4 * economy.seat_minimum(rules, level)
    balances = [a.balance for a in group] + [bot_balance] * bots
    units = list(rng.choice(outcomes))
    rng.shuffle(units)
    moved = economy.settle(units, balances, stake)
    for account, amount in zip(group, moved, strict=False):
        account.balance += amount
    flows["bots' net (silver the bot accounts won)"] += sum(moved[len(group):])
    fee = stake * policy.fee_percent // 100
    for account in group:
        paid = min(fee, account.balance)
        account.balance -= paid
        flows["sink: table fee"] -= paid


@lru_cache(maxsize=200_000)
def _best(balance: int, rules: str) -> int | None:
    return economy.best_level(balance, rules)


def run_population(sample: Sample, policy: Policy, seed: int = 0) -> Report:
    """The population over `policy.days` days; one line of figures per day."""
    rng = random.Random(seed)
    rulesets = sorted(sample)
    report = Report(policy)
    accounts: list[Account] = []

    def join(n: int) -> None:
        for _ in range(n):
            accounts.append(Account(policy.new_grant, rng.choice(rulesets)))
            report.flows["faucet: new account"] += policy.new_grant

    join(policy.accounts)
    for day in range(1, policy.days + 1):
        if day > 1:
            join(policy.joins_per_day)
        active = [a for a in accounts if rng.random() < policy.active_share]
        for a in active:
            a.relief_today, a.relief_round = 0, -99
            a.balance += policy.signin
            report.flows["faucet: daily sign-in"] += policy.signin
        for rnd in range(policy.rounds_per_day):
            tables: dict[tuple[str, int], list[Account]] = {}
            for a in active:
                if a.balance < policy.relief_below and a.relief_today < policy.relief_per_day \
                        and rnd - a.relief_round >= policy.relief_cooldown_rounds:
                    report.flows["faucet: relief"] += policy.relief_to - a.balance
                    a.balance, a.relief_today, a.relief_round = policy.relief_to, \
                        a.relief_today + 1, rnd
                best = _best(a.balance, a.rules)
                if best is None:  # the ruleset it likes is out of reach: the next it can play
                    choices = [r for r in rulesets if _best(a.balance, r)]
                    if not choices:
                        report.flows["seat-rounds at practice (broke)"] += 1
                        continue
                    rules = rng.choice(choices)
                    best = _best(a.balance, rules)
                else:
                    rules = a.rules
                assert best is not None
                tables.setdefault((rules, 1 if best == 2 else best), []).append(a)
            for (rules, level), seated in tables.items():
                rng.shuffle(seated)
                players = len(sample[rules][0])
                for i in range(0, len(seated), players):
                    _seat_table(seated[i:i + players], rules, level, sample[rules], rng,
                                policy, report.flows)
        report.days.append(_day_figures(day, accounts, policy))
    return report


def _day_figures(day: int, accounts: list[Account], policy: Policy) -> dict[str, Any]:
    balances = sorted(a.balance for a in accounts)
    levels = Counter(economy.level_for(b).index for b in balances)
    broke = sum(b < policy.relief_below for b in balances)
    return {
        "day": day, "accounts": len(balances), "total": sum(balances),
        "median": balances[len(balances) // 2], "p90": percentile(balances, 0.9),
        "max": balances[-1], "broke": broke, "zero": sum(b == 0 for b in balances),
        "levels": {str(k): levels[k] for k in sorted(levels)},
    }


def _sample_job(job: tuple[str, int, str]) -> tuple[str, list[list[int]]]:
    return job[0], sample_hands(job[0], job[1], job[2])


def _bad_arguments(args: Any) -> str | None:
    """What is wrong with the command's numbers or paths (None: nothing), in both languages."""
    if args.accounts < 1 or args.hands < 1 or args.days < 1:
        return "--accounts, --hands and --days must be at least 1 / 须至少为 1"
    if args.fee is not None and not 0 <= args.fee <= 100:
        return "--fee is a percent of the stake, 0 to 100 / 台费为底注的百分比，0 到 100"
    if args.sample:
        from pathlib import Path

        folder = Path(args.sample).parent
        if not Path(args.sample).exists() and not folder.is_dir():
            return f"--sample: no folder {folder} to write into / 文件夹不存在"
    return None


def run_cli(args: Any) -> int:
    """`majiang simulate --economy`: sample (or read) hands, run the population, report."""
    import json
    import multiprocessing
    from pathlib import Path

    problem = _bad_arguments(args)
    if problem:
        print(f"simulate --economy: {problem}")
        return 2
    path = Path(args.sample) if args.sample else None
    if path is not None and path.exists():
        try:
            sample: Sample = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(sample, dict) or set(sample) - set(RULESETS):
                raise ValueError("not a sample written by --sample")
        except (OSError, ValueError) as exc:
            print(f"simulate --economy: cannot read the sample {path} ({exc}) / 无法读取样本文件")
            return 2
    else:
        jobs = [(rules, args.hands, str(args.seed)) for rules in RULESETS]
        if args.workers > 1:
            with multiprocessing.get_context("fork").Pool(args.workers) as pool:
                sample = dict(pool.map(_sample_job, jobs))
        else:
            sample = dict(map(_sample_job, jobs))
        if path is not None:
            path.write_text(json.dumps(sample), encoding="utf-8")
    fee = economy.TABLE_FEE_PERCENT if args.fee is None else args.fee
    policy = Policy(accounts=args.accounts, days=args.days, fee_percent=fee)
    seed = int.from_bytes(str(args.seed).encode(), "big") % 2**31
    report = run_population(sample, policy, seed=seed)
    out = report.to_json()
    out["losses"] = {rules: loss_figures(hands) for rules, hands in sample.items()}
    out["seat_cover"] = dict(economy.SEAT_COVER)
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print("units a paying seat loses in one hand (sampled):")
    for rules, fig in out["losses"].items():
        print(f"  {rules:9} hands {fig['hands']:5}  p50 {fig['p50']:5}  p90 {fig['p90']:5}  "
              f"p99 {fig['p99']:5}  max {fig['max']:5}  seat cover {economy.SEAT_COVER[rules]}")
    print("flows (taels):")
    for name, amount in report.flows.items():
        print(f"  {name}: {amount:,}")
    print("day  accounts  total      median  p90     broke  levels")
    for d in report.days:
        levels = " ".join(f"{k}:{v}" for k, v in d["levels"].items())
        print(f"{d['day']:3}  {d['accounts']:8}  {d['total']:9,}  {d['median']:6}  "
              f"{d['p90']:6}  {d['broke']:5}  {levels}")
    return 0
