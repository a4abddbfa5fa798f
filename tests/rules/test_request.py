"""Typed scoring requests: `win_request` reads its fields as `parse_request` reads the same
fields of a dict (defaults, ignored fields, `given`, the checks and the field an error names)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from majiang.bots import get_bot
from majiang.game import Hand
from majiang.rules import get_ruleset
from majiang.rules.base import Meld, RequestError, WinRequest
from majiang.rules.request import win_request
from majiang.scoring import parse_request
from majiang.sim.runner import play_hand
from majiang.tiles import parse_tile, parse_tiles

RULESETS = ("tuidaohu", "yangzhou", "kawuxing", "jincheng", "wuhan")


def typed(request: dict[str, Any]) -> dict[str, Any]:
    """`win_request`'s arguments for a dict request (absent fields left out)."""
    out: dict[str, Any] = {k: request[k] for k in (
        "players", "dealer", "winner", "win_type", "discarder", "flags", "others")
        if request.get(k) is not None}
    out["hand"] = parse_tiles(request["hand"])
    out["win_tile"] = parse_tile(request["win_tile"])
    for name in ("laizi", "indicator", "round_wind", "seat_wind"):
        if request.get(name) is not None:
            out[name] = parse_tile(request[name])
    if request.get("melds") is not None:
        out["melds"] = [Meld(m["kind"], min(parse_tiles(m["tiles"])), m["from"])
                        for m in request["melds"]]
    return out


def outcome(build: Callable[[], WinRequest]) -> WinRequest | tuple[str, str]:
    try:
        return build()
    except RequestError as exc:
        return ("error", exc.field)


def variants(request: dict[str, Any]) -> list[dict[str, Any]]:
    """The request, and neighbours that change what is defaulted, ignored or refused."""
    winner = request.get("winner", 0)
    out = [request,
           {**request, "win_type": "self_drawn", "discarder": None},
           {**request, "win_type": "discard", "discarder": winner},
           {**request, "discarder": None, "win_type": None},
           {**request, "hand": request["hand"] + request["win_tile"]},  # one tile too many
           {**request, "players": 5},
           {**request, "laizi": "5m", "indicator": "4m", "round_wind": "2z"},
           {**request, "others": {}, "flags": []},
           {k: v for k, v in request.items() if k not in ("players", "dealer", "melds")}]
    if request.get("melds"):
        meld = request["melds"][0]
        out.append({**request, "melds": [{**meld, "from": winner}, *request["melds"][1:]]})
    return out


def _requests(rules: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    i = 0
    while len(out) < 6 and i < 40:
        hand = Hand.new(rules, f"request/{i}", dealer=i % 4 if rules != "kawuxing" else i % 3)
        bots = [get_bot("efficient", s) for s in range(hand.players)]
        result = play_hand(hand, bots).result
        assert result is not None
        out.extend(result.requests)
        i += 1
    return out


@pytest.mark.parametrize("rules", RULESETS)
def test_win_request_reads_fields_as_parse_request(rules: str) -> None:
    ruleset = get_ruleset(rules)
    requests = _requests(rules)
    assert requests
    compared = 0
    for request in requests:
        for variant in variants(request):
            clean = {k: v for k, v in variant.items() if v is not None or k == "discarder"}
            expected = outcome(lambda v=clean: parse_request(v)[1])
            got = outcome(lambda v=clean: win_request(ruleset, **typed(v)))
            assert got == expected, variant
            if isinstance(got, WinRequest):
                assert isinstance(expected, WinRequest)
                assert ruleset.score(got) == ruleset.score(expected)
            compared += 1
    assert compared >= 6 * 9


def test_given_and_ignored_fields() -> None:
    yangzhou = get_ruleset("yangzhou")
    hand = parse_tiles("123m456p789s23m55z")
    req = win_request(yangzhou, hand=hand, win_tile=parse_tile("4m"), win_type="discard",
                      discarder=1, others={"1": {"declared": True}}, laizi=parse_tile("5m"))
    assert req.others == {} and req.laizi is None  # yangzhou reads neither
    assert req.given == {"rules", "hand", "win_tile", "win_type", "discarder", "others", "laizi"}
    assert (req.players, req.dealer, req.winner) == (4, 0, 0)
    jincheng = get_ruleset("jincheng")  # jincheng wants win_type spelled out, not defaulted
    with pytest.raises(RequestError, match="missing") as exc:
        win_request(jincheng, hand=hand, win_tile=parse_tile("4m"))
    assert exc.value.field == "win_type"
    assert win_request(jincheng, hand=hand, win_tile=parse_tile("4m"),
                       win_type="self_drawn").self_drawn


def test_refusals_name_the_field() -> None:
    tuidaohu = get_ruleset("tuidaohu")
    hand = parse_tiles("123m456p789s23m55z")
    with pytest.raises(RequestError, match="without the winning tile") as exc:
        win_request(tuidaohu, hand=[*hand, 3], win_tile=3)
    assert exc.value.field == "hand"
    with pytest.raises(RequestError) as exc:
        win_request(tuidaohu, hand=hand, win_tile=3, win_type="discard")
    assert exc.value.field == "discarder"
    with pytest.raises(RequestError) as exc:
        win_request(tuidaohu, hand=hand[3:], win_tile=3,
                    melds=[Meld("concealed_kong", 27, 1)])
    assert exc.value.field == "melds[0].from"
