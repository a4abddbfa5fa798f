"""The one place the server touches the game engine: rulesets, hands, actions, events, bots.

Nothing here is specific to a ruleset: the table's ruleset id goes in, everything else comes from
`majiang.game`, `majiang.rules` and `majiang.bots`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from majiang import economy
from majiang.game.actions import Action, ActionError
from majiang.game.events import Event

__all__ = ["Action", "ActionError", "Event", "GameError"]


class GameError(ValueError):
    """A ruleset the server cannot open a table for."""


def warm_analysis() -> None:
    """Compile the hints' tile acceptance now (or read it from numba's cache), not on the
    first prompt."""
    from majiang.analysis import compiled

    compiled.warm()


def ruleset_info(rules_id: Any) -> dict[str, Any]:
    """`{id, zh, en, players, match_hands, match_rounds, seat_minimum}` of a ruleset the engine
    can play (its default match length; the silver a seat at its lowest staked level needs);
    GameError otherwise."""
    from majiang.game.variants import UnknownRuleset, mechanics

    if not isinstance(rules_id, str):
        raise GameError(f"rules must be a ruleset id, got {rules_id!r}")
    try:
        mech = mechanics(rules_id)
    except UnknownRuleset as exc:
        raise GameError(f"未知规则 / {exc}") from None
    ruleset = mech.rules
    match = new_match(rules_id, 0, None, None)  # the default match length
    return {"id": rules_id, "zh": ruleset.zh, "en": ruleset.en, "players": ruleset.players,
            "match_hands": match.hands, "match_rounds": match.rounds,
            # below this balance quick play opens a practice table (docs/economy.md section 7)
            "seat_minimum": economy.seat_minimum(rules_id, 1)}


def playable_rulesets() -> list[dict[str, Any]]:
    from majiang.game.variants import TABLE

    out = []
    for rid in TABLE:
        try:
            out.append(ruleset_info(rid))
        except GameError:
            continue
    return out


def default_ruleset() -> str:
    """The ruleset used when a request names none: the first one the engine can play."""
    playable = playable_rulesets()
    if not playable:
        raise GameError("no ruleset can be played yet")
    return str(playable[0]["id"])


def new_hand(
    rules: str, seed: int, dealer: int, options: dict[str, Any] | None, hand_no: int,
    names: list[str],
) -> Any:
    from majiang.game import Hand

    return Hand.new(rules, seed, dealer=dealer, options=options, hand_no=hand_no, names=names)


def to_act(hand: Any) -> list[int]:
    return sorted(hand.to_act())


def legal(hand: Any, seat: int) -> list[Action]:
    return list(hand.legal_actions(seat))


def apply(hand: Any, seat: int, action: Action) -> list[Event]:
    """Apply `seat`'s action (already checked against its legal actions); its events."""
    events: list[Event] = hand.apply(seat, action)
    return events


def new_bot(name: str, seed: int) -> Any:
    from majiang.bots import get_bot

    return get_bot(name, seed)


def bot_choose(bot: Any, view: dict[str, Any], actions: list[Action]) -> Action:
    """`bot`'s choice among `actions` given the seat's JSON view (parsed at the bots' edge)."""
    from majiang.bots.base import decide

    return decide(bot, view, actions)


def start_events(hand: Any) -> list[Event]:
    """The events of the deal (emitted when the hand was built)."""
    return [e for e in hand.events if e.kind in ("start", "deal")]


def settlements(hand: Any) -> list[dict[str, Any]]:
    """The hand's economy events so far, in order (kong money..., end of hand)."""
    return list(hand.settlements)


def dice(hand: Any) -> dict[str, Any] | None:
    """The dice that opened the wall (`{throws, break_seat, cut}`), where the engine rolls them."""
    value = getattr(hand, "dice", None)
    return value if isinstance(value, dict) else None


SETTLING_EVENTS = ("kong_money", "settlement")


def next_dealer(hand: Any) -> int:
    return int(hand.result.next_dealer)


def carry_after(carry: dict[str, Any] | None, hand: Any) -> dict[str, Any]:
    """The table's carry once `hand` is settled (the game's `Carry`, as JSON)."""
    from majiang.game.match import Carry

    return Carry.from_json(carry).after(hand).to_json()


def new_match(rules: str, seed: int, hands: int | None, rounds: int | None) -> Any:
    """The game's Match (ValueError for a length it refuses); its `dealer` is the first
    dealer, drawn by lot from `seed`."""
    from majiang.game.match import Match

    return Match(rules, seed, hands=hands, rounds=rounds)


def restore_match(state: dict[str, Any], options: dict[str, Any] | None = None) -> Any:
    """The game's Match as it stood after some hands: `state` holds rules, seed, hands, rounds,
    first_dealer, dealer, carry (the Carry as JSON), units (the totals) and played (hands
    finished)."""
    from majiang.game.match import Carry, Match

    return Match.resume(
        state["rules"], state["seed"], first_dealer=state["first_dealer"],
        dealer=state["dealer"], carry=Carry.from_json(state["carry"]), played=state["played"],
        totals=state["units"], hands=state["hands"], rounds=state["rounds"], options=options)


def round_names(rounds: int) -> list[tuple[str, str]]:
    """The first `rounds` rounds of winds of a match, as (zh, en): 东 East, 南 South..."""
    from majiang.game.match import ROUND_NAMES

    return list(ROUND_NAMES[:rounds])


def record(hand: Any, bots: list[str | None]) -> dict[str, Any]:
    """The hand as the engine's versioned JSON record (`majiang-hand`): seed + actions replay it.
    `bots` names the bot that played each seat (None for a person)."""
    from majiang.game.record import hand_record

    rec: dict[str, Any] = hand_record(hand, bots)
    return rec


def wall_names(rules: str, seed: int | str, rng: str) -> list[str]:
    """A hand's shuffled wall as tile names in taking order (the fair shuffle's published wall,
    and the one `majiang verify` recomputes)."""
    from majiang.game.variants import mechanics
    from majiang.game.wall import shuffled_wall
    from majiang.tiles import full_set, tile_name

    rs = mechanics(rules).rules
    return [tile_name(t) for t in shuffled_wall(full_set(rs.kinds, rs.copies), seed, rng)]


def replay_steps(rec: dict[str, Any], viewer: int | None) -> list[dict[str, Any]]:
    """A finished hand's record step by step as seat `viewer` (None: a spectator) saw it: the
    deal, then each action, each with the events the viewer got and its view after
    (`majiang.game.steps`)."""
    from majiang.game.steps import replay_steps as steps

    return [step.to_json() for step in steps(rec, viewer)]


def kong_money_names(hand: Any) -> dict[int, dict[str, str]]:
    """Settlement index -> the kong its kong money paid for, named with its tile ("明杠 五筒").
    A kong that pays is followed at once by its `kong_money` event; the kongs of one seat and
    kind are named in the order they were made."""
    from itertools import pairwise

    from majiang.tiles import parse_tile

    made: dict[tuple[int, str], list[str]] = {}
    for event, after in pairwise(hand.events):
        if event.kind == "kong" and after.kind == "kong_money" \
                and after.data.get("seat") == event.data.get("seat"):
            made.setdefault((event.data["seat"], event.data["kind"]), []).append(event.data["tile"])
    names: dict[int, dict[str, str]] = {}
    for index, entry in enumerate(hand.settlements):
        if entry.get("type") != "kong_money":
            continue
        kind = str(entry.get("kind"))
        tiles = made.get((int(entry["seat"]), kind))
        names[index] = Action("kong", parse_tile(tiles.pop(0)) if tiles else None,
                              kind=kind).label()
    return names


def payment_lines(hand: Any, stake: int, wins: list[dict[str, Any]] | None = None
                  ) -> list[dict[str, Any]]:
    """Each payment of the hand as payer -> payee: amount (reason), in units and nominal silver.
    `wins`: the hand's wins explained (`explain_wins`), when the caller has them already."""
    lines: list[dict[str, Any]] = []
    for index, reason in kong_money_names(hand).items():
        entry = hand.settlements[index]
        for payer, amount in enumerate(entry["payments"]):
            if amount < 0:
                lines.append(_line(payer, entry["seat"], -amount, stake, reason))
    result = hand.result
    if result is not None:
        caps = _caps(hand, wins)
        for i, (winner, answer) in enumerate(zip(result.winners, result.answers, strict=False)):
            patterns = answer.get("patterns", [])
            reason = {
                "zh": "、".join(str(p.get("zh", p.get("id"))) for p in patterns) or "胡",
                "en": ", ".join(str(p.get("en", p.get("id"))) for p in patterns) or "win",
            }
            for payer, amount in enumerate(answer.get("payments", [])):
                if amount < 0 and payer != winner:
                    # the amount is the cap's and its factors', not the patterns'
                    after = caps.get((i, payer), {})
                    lines.append(_line(payer, winner, -amount, stake,
                                       {k: reason[k] + after.get(k, "") for k in ("zh", "en")}))
    return lines


def _caps(hand: Any, wins: list[dict[str, Any]] | None
          ) -> dict[tuple[int, int], dict[str, str]]:
    """(win, paying seat) -> the words of what set that payment past the patterns: a ruleset's
    cap (封顶 / 金顶) and the factors after it (连赖 / 连金), where there are any."""
    if wins is None:
        try:
            wins = explain_wins(hand)
        except ValueError:
            return {}
    return {(i, share["payer"]): capped_words(share) for i, win in enumerate(wins)
            for share in win["shares"] if share["cap"] is not None or share.get("after")}


def capped_words(share: dict[str, Any]) -> dict[str, str]:
    """A share's cap and later factors as a payment line's tail, per language:
    ' → 金顶（三家都到600） 800 ×2 连金翻番'."""
    cap, after = share["cap"], share.get("after") or []
    return {k: (f" → {cap[k]} {cap['amount']}" if cap is not None else "")
            + "".join(f" ×{f['times']} {f[k]}" for f in after) for k in ("zh", "en")}


def _line(payer: int, payee: int, units: int, stake: int, reason: dict[str, str]) -> dict[str, Any]:
    return {"payer": payer, "payee": payee, "amount": units, "silver": units * stake,
            "reason": reason}


def final_hands(hand: Any) -> list[Any] | None:
    """Every seat's concealed tiles at the end (from the hand's `settlement` event)."""
    for event in reversed(hand.events):
        if event.kind == "settlement":
            hands: list[Any] | None = event.data.get("hands")
            return hands
    return None


def winners_json(hand: Any) -> list[dict[str, Any]]:
    """Each winner: seat, winning tile, hand and melds, decomposition, patterns, value and the
    payments of that win (the hand's win type and discarder are the settlement's own)."""
    result = hand.result
    if result is None:
        return []
    wins = {e.data["seat"]: e.data for e in hand.events if e.kind == "win"}
    out = []
    for winner, answer in zip(result.winners, result.answers, strict=False):
        data = wins.get(winner, {})
        out.append({
            "seat": winner, "tile": data.get("tile"),
            "hand": data.get("hand"), "melds": data.get("melds"),
            "decomposition": answer.get("decomposition"),
            "patterns": answer.get("patterns", []), "value": answer.get("value"),
            "payments": answer.get("payments"),
        })
    return out


def explain_wins(hand: Any) -> list[dict[str, Any]]:
    """Each win of the finished hand explained by its ruleset (`Ruleset.explain`: every loser's
    share with its factors, cap and liability, adding up to the win's payments), in the result's
    winners order; ValueError if a win's request scores differently now."""
    from majiang.scoring import score_request

    result = hand.result
    out = []
    for request, answer in zip(result.requests, result.answers, strict=True):
        ruleset, req, scored = score_request(request)
        if scored.scored is None or scored.to_json() != answer:
            raise ValueError(f"the win scores differently now: {request}")
        out.append(ruleset.explain(req, scored.scored).to_json())
    return out


def draw_label(hand: Any) -> dict[str, str] | None:
    """What the hand's ruleset pays at an exhaustive draw, named (`Ruleset.draw_label`)."""
    label = hand.ruleset.draw_label
    return None if label is None else label.to_json()


# -- the rules pages and hints (the rules and the analysis, through this one module) ---------

def rules_index() -> list[dict[str, Any]]:
    """Every ruleset with its names and seats."""
    from majiang.rules import available, get_ruleset

    return [{"id": r, "zh": get_ruleset(r).zh, "en": get_ruleset(r).en,
             "players": get_ruleset(r).players} for r in available()]


@cache
def rules_page(rules_id: str) -> dict[str, Any] | None:
    """A ruleset's page data from `majiang.rules` itself (None: no such ruleset): seats, tiles,
    calls, shapes, how values combine, the pattern table and worked hands scored live."""
    from majiang.analysis import Shape
    from majiang.rules import available, get_ruleset
    from majiang.rules.base import MELD_KINDS
    from majiang.rules.showcase import EXAMPLES
    from majiang.scoring import score
    from majiang.tiles import tile_name

    if rules_id not in available():
        return None
    shapes = {Shape.STANDARD: ("standard", "四组一将", "four sets and a pair"),
              Shape.SEVEN_PAIRS: ("seven_pairs", "七对", "seven pairs"),
              Shape.THIRTEEN_ORPHANS: ("thirteen_orphans", "十三幺", "thirteen orphans")}
    rs = get_ruleset(rules_id)
    return {
        "id": rs.id, "zh": rs.zh, "en": rs.en, "players": rs.players,
        "tiles": rs.tile_count, "kinds": len(rs.kinds), "copies": rs.copies,
        "kind_names": [tile_name(k) for k in rs.kinds],  # in kind order (the unshuffled wall)
        "calls": [{"id": k, "zh": MELD_KINDS[k].zh, "en": MELD_KINDS[k].en}
                  for k in MELD_KINDS if k in rs.meld_kinds],
        "shapes": [{"id": i, "zh": zh, "en": en} for s, (i, zh, en) in shapes.items()
                   if s in rs.shapes],
        "combine": rs.combine, "minimum": rs.minimum, "hands_per_match": rs.hands_per_match,
        "patterns": [{"id": p.id, "zh": p.zh, "en": p.en, "value": p.value,
                      "excludes": list(p.excludes)} for p in rs.patterns],
        "examples": [{"case": ex["case"], "request": ex["request"], "answer": score(ex["request"])}
                     for ex in EXAMPLES.get(rules_id, [])],
    }


def seat_hints(view: dict[str, Any] | None) -> dict[str, Any] | None:
    """The hints of a seat's JSON view (`game.hints`; None when there is no view or it cannot
    be read)."""
    from majiang.game.hints import hints
    from majiang.game.seat_view import SeatView, ViewError
    from majiang.rules import get_ruleset

    if not view:
        return None
    try:
        typed = SeatView.from_json(view)
        return hints(typed, get_ruleset(typed.rules)).to_json()
    except (ViewError, KeyError, ValueError):
        return None


def tile_words(action: Action) -> tuple[str, str] | None:
    """The Chinese and English names of the tile an action puts out (a discard), or None."""
    from majiang.tiles import chinese_name, english_name

    if action.tile is None:
        return None
    return chinese_name(action.tile), english_name(action.tile)
