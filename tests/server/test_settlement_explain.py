"""The settlement, the replay and the history show the same silver for every seat of every hand.

Hands of every ruleset (tests/server/data/explain_hands.json: the wuhan ones with 封顶, 金顶 and
包牌, a loser too poor to pay in full) are stored and settled by the server's own code
(`HandStore.save_action`, the ledger), then read back as the players see them: the settlement
screen sent at the end, the replay's settlement (`GET /api/hands/{id}/replay`) and each player's
history row (`GET /api/history`). Every seat's silver is the same in all three, equals the
ledger, and the stored explanation adds up: shares to each win's units, the events' units to the
hand's, their silver to what moved.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from explain_hands import DATA
from fastapi.testclient import TestClient
from server_player import auth, signup

from majiang.server import ledger, lobby
from majiang.server.api.deps import Server
from majiang.server.explained import RECORD_KEY
from majiang.server.games import Action
from majiang.server.models import Hand, User
from majiang.server.settlement import settlement_json
from majiang.server.storage import HandStore

HANDS: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))
POOR = 50  # one loser's balance in the hands marked "poor": he cannot pay a wuhan cap in full


def set_balances(server: Server, users: list[int], balances: list[int]) -> None:
    with server.db() as db:
        for uid, balance in zip(users, balances, strict=True):
            user = db.get(User, uid)
            assert user is not None
            if balance != user.silver:
                ledger.grant(db, user, balance - user.silver, "test", kind="adjustment")


def store_hand(client: TestClient, entry: dict[str, Any], prefix: str,
               balances: list[int]) -> tuple[int, list[str], dict[str, Any]]:
    """Seat fresh players with `balances` at a level-1 table, deal `entry`'s hand and play its
    actions through the server's storage: the hand's id, the players' tokens, the screen."""
    server: Server = client.app.state.server  # type: ignore[attr-defined]
    players = len(balances)
    tokens: list[str] = []
    users: list[int] = []
    for seat in range(players):
        token, body = signup(client, f"{prefix}{seat}")
        tokens.append(token)
        users.append(int(body["id"]))
    set_balances(server, users, [5000] * players)
    with server.db() as db:
        owner = db.get(User, users[0])
        assert owner is not None
        table = lobby.create_table(
            db, owner, lobby.TableRequest(rules=entry["rules"], level=1), default_turn=15,
            bank_seconds=30, grant_amount=100)
        code = table.code
        for uid in users[1:]:
            joiner = db.get(User, uid)
            assert joiner is not None
            lobby.join_table(db, joiner, code)
        for uid in users:
            lobby.set_ready_by_id(db, uid, code)
    store = HandStore(server.sessions, server.tables.autocommit, code, "efficient")
    deal = store.try_deal(100)
    assert deal.hand_id is not None
    with server.db() as db:  # the stored hand's deal: this entry's seed, dealer and options
        row = db.get(Hand, deal.hand_id)
        assert row is not None and row.user_ids == users
        row.seed, row.dealer, row.options = entry["seed"], entry["dealer"], entry["options"]
    set_balances(server, users, balances)  # after the deal: a seat may hold less by then
    hand = store.load(deal.hand_id)
    posted: list[ledger.Posted] = []
    for step in entry["actions"]:
        action = Action.from_json(step["action"])
        events = hand.engine.apply(step["seat"], action)
        posted += store.save_action(hand, step["seat"], action, events, "test", 100).posted
    assert hand.engine.is_over
    with server.db() as db:
        screen = settlement_json(db, hand, posted[-1])
    return deal.hand_id, tokens, screen


def check_explanation(explain: dict[str, Any], screen: dict[str, Any]) -> None:
    """The stored explanation adds up: shares to wins, wins to the end of the hand, events to
    the hand's units and silver; silver below what was owed only where a payer was short."""
    players = len(screen["names"])
    win_units = [0] * players
    for win in explain["wins"]:
        pay = [0] * players
        for share in win["shares"]:
            pay[share["payer"]] -= share["units"]
            pay[win["winner"]] += share["units"]
        assert pay == win["units"]
        win_units = [a + b for a, b in zip(win_units, pay, strict=True)]
    end = explain["events"][-1]
    assert end["kind"] == "hand_end"
    if explain["wins"]:
        assert end["units"] == win_units == screen["payments"]["win_units"]
    assert explain["units"] == screen["payments"]["units"]
    for event in explain["events"]:
        assert event["owed"] == [u * event["stake"] for u in event["units"]]
        assert sum(event["silver"]) == 0
        for seat in range(players):
            before = event["balances_before"][seat]
            if event["owed"][seat] < 0:  # a payer pays what he owes, or all he has
                assert -event["silver"][seat] == min(-event["owed"][seat], before)
            assert event["balances_after"][seat] == before + event["silver"][seat]
    assert explain["silver"] == [sum(e["silver"][s] for e in explain["events"])
                                 for s in range(players)]


@pytest.mark.parametrize("entry", HANDS, ids=[f"{h['rules']}-{h['seed']}-{'-'.join(h['tags'])}"
                                              for h in HANDS])
def test_settlement_replay_and_history_show_the_same_silver(
        sqlite_client: TestClient, entry: dict[str, Any]) -> None:
    players = 3 if entry["rules"] == "kawuxing" else 4
    balances = [5000] * players
    if "poor" in entry.get("tags", ()):
        balances[entry.get("poor_seat", 1)] = POOR
    hand_id, tokens, screen = store_hand(sqlite_client, entry, "p", balances)
    explain = screen["explain"]
    check_explanation(explain, screen)
    silver = screen["payments"]["silver"]
    assert silver == explain["silver"]
    assert [a - b for a, b in zip(screen["balances_after"], screen["balances_before"],
                                  strict=True)] == silver
    for seat, token in enumerate(tokens):
        replay = sqlite_client.get(f"/api/hands/{hand_id}/replay", headers=auth(token)).json()
        assert replay["seat"] == seat
        assert replay["settlement"] == screen  # the same screen, the same explanation
        row = next(r for r in sqlite_client.get("/api/history", headers=auth(token)).json()
                   if r["hand_id"] == hand_id)
        assert row["silver"] == row["net_silver"] == silver[seat]  # explanation == ledger
        assert row["units"] == row["net_units"] == screen["payments"]["units"][seat]
        assert row["rules"] == entry["rules"]
        assert [w["seat"] for w in row["winners"]] == [w["seat"] for w in screen["winners"]]
        assert row["result"] == ("draw" if not screen["winners"] else "win"
                                 if seat in [w["seat"] for w in screen["winners"]]
                                 else "loss" if screen["payments"]["units"][seat] < 0
                                 else "even")
    record = sqlite_client.get(f"/api/hands/{hand_id}", headers=auth(tokens[0])).json()
    assert record["record"][RECORD_KEY] == explain  # stored with the hand, computed once
    for tag in entry.get("tags", ()):
        if tag in ("feng_ding", "jin_ding", "jin_ding_unopened", "san_yang_kai_tai"):
            assert any(s["cap"] and s["cap"]["id"] == tag
                       for w in explain["wins"] for s in w["shares"])
            # the payment line names the cap that set its amount (it listed only the patterns:
            # "各付 800 注（屁胡、开口…）" for a 金顶)
            capped = [s["cap"] for w in explain["wins"] for s in w["shares"] if s["cap"]]
            assert any(f"→ {cap['zh']}" in line["reason"]["zh"]
                       and f"→ {cap['en']}" in line["reason"]["en"]
                       for cap in capped for line in screen["lines"])
        if tag == "liable":
            assert any(w["liable"] is not None and w["liability"] for w in explain["wins"])
        if tag == "poor":
            end = explain["events"][-1]
            assert end["silver"] != end["owed"]  # the insolvency share: less than owed moved


def test_the_hands_cover_every_ruleset_and_the_wuhan_caps_and_liability() -> None:
    assert {h["rules"] for h in HANDS} == {"tuidaohu", "yangzhou", "kawuxing", "jincheng",
                                           "wuhan"}
    wuhan = set().union(*(set(h["tags"]) for h in HANDS if h["rules"] == "wuhan"))
    assert {"feng_ding", "jin_ding", "liable", "poor"} <= wuhan


@pytest.mark.parametrize("rules", ["kawuxing", "jincheng", "tuidaohu"])
def test_kong_money_names_the_kong_it_pays_for(rules: str) -> None:
    """A block of kong money once read only "明杠（杠钱）": which kong, of what tile, was left to
    guess. Each block now names its kong's tile, a kong that seat made of that kind (jincheng
    pays its kong money at the win, after other events), and so do its payment lines (they
    said only "明杠")."""
    from explain_hands import play

    from majiang.server.explained import event_label
    from majiang.server.games import kong_money_names, payment_lines
    from majiang.tiles import chinese_name, english_name, parse_tile

    for seed in range(300):
        hand = play(rules, seed, 0)
        entries = [e for e in hand.settlements if e["type"] == "kong_money"]
        if entries:
            break
    assert entries, "no hand with kong money in 300 seeds"
    kongs = kong_money_names(hand)
    made = {(e.data["seat"], e.data["kind"], e.data["tile"]) for e in hand.events
            if e.kind == "kong"}
    lines = [line["reason"] for line in payment_lines(hand, 1)]
    for index, entry in enumerate(hand.settlements):
        if entry["type"] != "kong_money":
            continue
        label = event_label(hand, entry, index, kongs)
        tile = next(t for s, k, t in made if s == entry["seat"] and k == entry["kind"]
                    and chinese_name(parse_tile(t)) in label["zh"])
        assert english_name(parse_tile(tile)) in label["en"]
        assert kongs[index] in lines  # each payment line names the same kong
        assert label["zh"].endswith("（杠钱）") and label["en"].endswith("(kong money)")


def test_a_payment_line_names_the_cap_and_the_doubling_after_it() -> None:
    """A newcomer read "each pay 1,600 units (… → Gold cap (all three losers reached 600))":
    the gold cap is 800 and 连金 doubled it, which only the reckoning table said. The line now
    names the cap's amount and every factor after it."""
    from majiang.server.games import capped_words

    share = {"cap": {"id": "jin_ding", "zh": "金顶（三家都到600）",
                     "en": "Gold cap (all three losers reached 600)", "amount": 800},
             "after": [{"id": "lian_jin", "zh": "连金翻番", "en": "Gold cap after a gold cap",
                        "times": 2}]}
    assert capped_words(share) == {
        "zh": " → 金顶（三家都到600） 800 ×2 连金翻番",
        "en": " → Gold cap (all three losers reached 600) 800 ×2 Gold cap after a gold cap"}
    assert capped_words({"cap": None, "after": share["after"]})["zh"] == " ×2 连金翻番"
