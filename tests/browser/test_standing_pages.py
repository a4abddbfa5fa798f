"""The profile, the leaderboards and the watching page in a real browser, on a phone (390x844)
and a desktop (1920x1080), in Chinese and English: the figures the server computed are drawn, no
page overflows sideways, and a watcher's board shows no concealed tile. Screenshots go to
`screenshots/standing-*.png`.

The pages are modules (`profile.js`, `leaderboard.js`, `watch.js`) rendered into the app's main
element as its router would (`#/profile/NAME`, `#/leaderboard`, `#/watch/CODE`). A real `majiang
serve` on a loopback port in 18600-18699 with its own SQLite file; hands really played.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_process import served

from majiang.server.loadtest import choose

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1920, "height": 1080}}


def play_hand(url: str, token: str, rules: str) -> None:
    """One quick-play hand, played by the scripted player over the table's socket."""
    from websockets.sync.client import connect

    r = httpx.post(f"{url}/api/quickplay", json={"rules": rules},
                   headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    code = r.json()["code"]
    ws_url = url.replace("http", "ws") + f"/ws/tables/{code}"
    view = None
    with connect(ws_url, additional_headers={"Authorization": f"Bearer {token}"}) as ws:
        while True:
            msg = json.loads(ws.recv(30))
            if msg["type"] == "state":
                view = msg["view"]
            elif msg["type"] == "prompt":
                ws.send(json.dumps({"type": "act", "prompt_id": msg["prompt_id"],
                                    "action": choose(msg["actions"], view)}))
            elif msg["type"] == "settlement":
                break
    httpx.post(f"{url}/api/tables/{code}/leave", headers={"Authorization": f"Bearer {token}"})


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    with served(tmp_path_factory.mktemp("standing"), "standing",
                {"MAJIANG_GRANT": "200000", "MAJIANG_TURN_SECONDS": "120",
                 "MAJIANG_BANK_SECONDS": "120"}) as process:
        url = process.url
        tokens = {}
        for name in ("alice", "bob"):
            r = httpx.post(f"{url}/api/signup", json={"username": name, "password": "secret1"})
            tokens[name] = r.json()["token"]
        for rules in ("tuidaohu", "tuidaohu", "wuhan", "kawuxing"):
            play_hand(url, tokens["alice"], rules)
        play_hand(url, tokens["bob"], "tuidaohu")
        yield {"url": url, "tokens": tokens}


def open_page(browser: Any, server: dict[str, Any], size: str, lang: str, who: str) -> Any:
    context = browser.new_context(bypass_csp=True, viewport=SIZES[size], has_touch=size == "phone",
                                  is_mobile=size == "phone")
    context.add_init_script(
        f"localStorage.setItem('majiang.guide', 'seen');"
        f"localStorage.setItem('majiang.lang', '{lang}');"
        f"localStorage.setItem('majiang.token', '{server['tokens'][who]}');")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    page.goto(server["url"] + "/")
    page.wait_for_selector("#user-name")
    return page


def render(page: Any, module: str, fn: str, arg: str | None) -> None:
    page.evaluate(
        """async ([module, fn, arg]) => {
             const m = await import(`/static/js/${module}`);
             await m[fn](document.getElementById('main'), window.majiang, arg);
           }""", [module, fn, arg])


def fits(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"standing-{name}.png"), full_page=True)


@pytest.mark.parametrize("size", SIZES)
def test_the_profile(browser: Any, server: dict[str, Any], size: str) -> None:
    card = httpx.get(server["url"] + "/api/players/alice").json()
    for lang in ("zh", "en"):
        page = open_page(browser, server, size, lang, "alice")
        render(page, "profile.js", "renderProfile", "alice")
        page.wait_for_selector("#profile-hands .hand-row")
        assert page.inner_text("#profile-name") == "alice"
        hands = page.inner_text('[data-stat="hands"] .v')
        assert hands == str(card["stats"]["all"]["hands"]) == "4"
        label = page.inner_text('[data-stat="win_rate"] .k')
        assert ("胡牌率" in label) and ("Win rate" in label)  # both languages
        assert page.locator("#profile-recent .chip").count() == 4
        assert page.locator("#profile-hands .hand-row").count() == 4
        fits(page)
        shot(page, f"profile-{size}-{lang}")
        page.click('.tabs button[data-rules="wuhan"]')
        assert page.inner_text('[data-stat="hands"] .v') == "1"
        page.wait_for_function("document.querySelectorAll('#profile-hands .hand-row').length == 1")
        fits(page)
        if lang == "en":
            shot(page, f"profile-{size}-wuhan")
        assert not page.errors, page.errors
        page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_leaderboards(browser: Any, server: dict[str, Any], size: str) -> None:
    page = open_page(browser, server, size, "zh", "bob")
    render(page, "leaderboard.js", "renderLeaderboard", None)
    page.wait_for_selector("#board-table")
    names = page.locator("#board-table tr[data-name]").evaluate_all(
        "rows => rows.map(r => r.dataset.name)")
    assert sorted(names) == ["alice", "bob"]  # no bots
    assert page.locator("#board-table tr.me").get_attribute("data-name") == "bob"
    fits(page)
    shot(page, f"leaderboard-wealth-{size}")
    page.click('.tabs button[data-board="tuidaohu"]')
    page.wait_for_selector("#board-order")
    rows = page.locator("#board-table tr[data-name]")
    assert rows.count() == 2
    page.select_option("#board-order", "hands")
    page.wait_for_function(
        "document.querySelector('#board-table tr[data-name]')?.dataset.name === 'alice'")
    fits(page)
    shot(page, f"leaderboard-tuidaohu-{size}")
    assert not page.errors, page.errors
    page.context.close()


def test_watching_a_table(browser: Any, server: dict[str, Any]) -> None:
    """Bob watches Alice's table while she thinks (her turn time is long): public tiles only."""
    url, tokens = server["url"], server["tokens"]
    alice = {"Authorization": f"Bearer {tokens['alice']}"}
    code = httpx.post(f"{url}/api/quickplay", json={"rules": "kawuxing"}, headers=alice).json()[
        "code"]
    for size in SIZES:
        page = open_page(browser, server, size, "en" if size == "desktop" else "zh", "bob")
        render(page, "watch.js", "renderWatch", code)
        page.wait_for_selector("#watch-board .seat")
        assert page.locator("#watch-board .seat").count() == 3  # kawuxing: three seats
        assert page.locator("#watch-owner, #watch-allowed").count() == 0  # not the owner
        fits(page)
        shot(page, f"watch-{size}")
        assert not page.errors, page.errors
        page.context.close()
    r = httpx.put(f"{url}/api/tables/{code}/watching", json={"allowed": False}, headers=alice)
    assert r.status_code == 200
    page = open_page(browser, server, "phone", "zh", "bob")
    render(page, "watch.js", "renderWatch", code)
    page.wait_for_selector("#watch-note")
    assert "watching is switched off" in page.inner_text("#watch-note")
    shot(page, "watch-refused-phone")
    page.context.close()
