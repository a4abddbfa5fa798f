"""The fair shuffle's page /verify in a real browser (issue 11, item 5): for a finished hand of
every ruleset, opened as its player by `?hand=ID`, every check passes; a pasted record with a
changed seed fails the seed check, one with a changed wall the wall check, one with a changed
secret the commitment check; the page's JavaScript shuffle (CPython's Mersenne Twister
reimplemented) deals Python's wall for 50 seeds across the rulesets; at the table the deal's
commitment is shown and the settlement links to the page. Phone (390x844) and desktop
(1280x900), in Chinese and English; screenshots go to `screenshots/verify-*.png`.

A real `majiang serve` on a loopback port in 8101-8199 with its own SQLite file, bots at full
speed, a short turn time (the table test's seat is played by the server once it times out).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_process import served
from test_layout import BROWSER_ENV

from majiang import verify_cli
from majiang.server import fairness
from majiang.server.loadtest import choose

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
RULESETS = ("tuidaohu", "yangzhou", "kawuxing", "jincheng", "wuhan")
CHECKS = ("commitment", "seed", "wall", "deal")


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def play_hand(url: str, token: str, rules: str) -> int:
    """One practice hand played by the scripted player over the table's socket: its id."""
    from websockets.sync.client import connect

    r = httpx.post(f"{url}/api/quickplay", json={"rules": rules, "practice": True},
                   headers=bearer(token))
    assert r.status_code == 200, r.text
    code = r.json()["code"]
    view = None
    with connect(url.replace("http", "ws") + f"/ws/tables/{code}",
                 additional_headers={"Authorization": f"Bearer {token}"}) as ws:
        while True:
            msg = json.loads(ws.recv(60))
            if msg["type"] == "state":
                view = msg["view"]
            elif msg["type"] == "prompt":
                ws.send(json.dumps({"type": "act", "prompt_id": msg["prompt_id"],
                                    "action": choose(msg["actions"], view)}))
            elif msg["type"] == "settlement":
                hand_id = int(msg["settlement"]["hand_id"])
                break
    httpx.post(f"{url}/api/tables/{code}/leave", headers=bearer(token))
    return hand_id


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    with served(tmp_path_factory.mktemp("verify"), "verify",
                {**BROWSER_ENV, "MAJIANG_TURN_SECONDS": "5", "MAJIANG_BANK_SECONDS": "0"}
                ) as process:
        url = process.url
        r = httpx.post(f"{url}/api/signup", json={"username": "verifier", "password": "secret1"})
        token = r.json()["token"]
        hands = {rules: play_hand(url, token, rules) for rules in RULESETS}
        yield {"url": url, "token": token, "hands": hands}


def open_page(browser: Any, server: dict[str, Any], size: str, lang: str, path: str,
              seen: dict[int, str] | None = None) -> Any:
    context = browser.new_context(bypass_csp=True, viewport=SIZES[size], has_touch=size == "phone",
                                  is_mobile=size == "phone", reduced_motion="reduce")
    script = ("localStorage.setItem('majiang.guide', 'seen');"
              f"localStorage.setItem('majiang.lang', '{lang}');"
              f"localStorage.setItem('majiang.token', '{server['token']}');")
    if seen is not None:  # the commitments this device was shown at the deal
        script += f"localStorage.setItem('majiang.fair.seen', {json.dumps(json.dumps(seen))});"
    context.add_init_script(script)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    page.goto(server["url"] + path)
    return page


def results(page: Any) -> dict[str, str]:
    """Each check's state on the page (pass / fail / na), once the verdict is drawn."""
    page.wait_for_selector("#verdict", timeout=30000)
    return dict(page.locator("#checks li.check").evaluate_all(
        "items => items.map(li => [li.dataset.check, li.dataset.ok])"))


def fits(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def shot(page: Any, name: str, full: bool = True) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"verify-{name}.png"), full_page=full)


def record_of(server: dict[str, Any], rules: str) -> dict[str, Any]:
    r = httpx.get(f"{server['url']}/api/hands/{server['hands'][rules]}/verifiable",
                  headers=bearer(server["token"]))
    assert r.status_code == 200, r.text
    record: dict[str, Any] = r.json()
    return record


@pytest.mark.parametrize("size", SIZES)
def test_every_check_passes_for_a_finished_hand(browser: Any, server: dict[str, Any],
                                                size: str) -> None:
    for i, rules in enumerate(RULESETS):
        hand_id = server["hands"][rules]
        lang = "zh" if i % 2 == 0 else "en"
        shown = httpx.get(f"{server['url']}/api/hands/{hand_id}/fair").json()["commitment"]
        page = open_page(browser, server, size, lang, f"/verify?hand={hand_id}", {hand_id: shown})
        got = results(page)
        assert got == {**dict.fromkeys(CHECKS, "pass"), "announced": "pass"}, (rules, got)
        assert page.get_attribute("#verdict", "data-ok") == "true"
        assert page.input_value("#hand-id") == str(hand_id)
        record = record_of(server, rules)
        assert page.locator("#wall img.tile").evaluate_all(
            "imgs => imgs.map(i => i.dataset.tile)") == record["fair"]["wall"]
        assert page.locator(".deal-row.me").count() == 1  # the player's own deal, marked
        assert page.locator(".wall-tile.mine").count() in (13, 14)
        text = page.inner_text("#verdict")
        assert ("全部通过" in text) and ("Every check passed" in text)  # both languages
        fits(page)
        if rules in ("tuidaohu", "yangzhou"):
            shot(page, f"{size}-{lang}-{rules}")
        assert not page.errors, page.errors
        page.context.close()


def paste(page: Any, record: dict[str, Any]) -> dict[str, str]:
    if page.locator("details.paste[open]").count() == 0:
        page.click("details.paste summary")
    page.fill("#record-text", json.dumps(record, ensure_ascii=False))
    page.click("#btn-verify-record")
    page.wait_for_selector("#verdict")
    page.wait_for_function("!document.querySelector('#verify-busy')")
    return results(page)


def test_a_changed_record_fails_the_right_check(browser: Any, server: dict[str, Any]) -> None:
    page = open_page(browser, server, "phone", "zh", "/verify")
    page.wait_for_selector("#hand-form")
    for rules in ("wuhan", "kawuxing"):
        record = record_of(server, rules)
        assert paste(page, record) == dict.fromkeys(CHECKS, "pass")  # a pasted record, as is
        seed = copy.deepcopy(record)
        seed["seed"] += 1
        got = paste(page, seed)
        assert got["commitment"] == "pass" and got["seed"] == "fail", got
        assert got["wall"] == "fail"  # the changed seed shuffles another wall
        wall = copy.deepcopy(record)
        w = wall["fair"]["wall"]
        j = next(k for k in range(1, len(w)) if w[k] != w[0])
        w[0], w[j] = w[j], w[0]  # two tiles of the published wall swapped
        got = paste(page, wall)
        assert got == {"commitment": "pass", "seed": "pass", "wall": "fail", "deal": "pass"}, got
        assert page.locator(".wall-tile.bad").count() == 2
        if rules == "wuhan":
            shot(page, "phone-zh-changed-wall")
        secret = copy.deepcopy(record)
        secret["fair"]["secret"] = fairness.new_secret()
        got = paste(page, secret)
        assert got["commitment"] == "fail" and got["seed"] == "fail", got
        assert page.get_attribute("#verdict", "data-ok") == "false"
    page.fill("#record-text", "{not json")
    page.click("#btn-verify-record")
    page.wait_for_selector("#verify-error")
    assert "JSON" in page.inner_text("#verify-error")
    assert not page.errors, page.errors
    page.context.close()


def test_the_pages_shuffle_is_pythons(browser: Any, server: dict[str, Any]) -> None:
    """50 seeds across the five rulesets (small, 62-bit, beyond 64-bit): the wall the page's
    JavaScript shuffles equals Python's `shuffled_wall`; the seed and commitment of secrets too."""
    rng = random.Random(11)
    seeds = [0, 1, 2**62 - 1, 2**64 + 7, *[rng.getrandbits(62) for _ in range(46)]]
    cases = [(RULESETS[i % 5], seed) for i, seed in enumerate(seeds)]
    page = open_page(browser, server, "desktop", "en", "/verify")
    page.wait_for_selector("#hand-form")
    walls = page.evaluate(
        """async (cases) => {
             const m = await import('/static/js/fairshuffle.js');
             const out = [];
             for (const [rules, seed] of cases) {
               const rs = await (await fetch(`/api/rules/${rules}`)).json();
               out.push(await m.wallOf(rs.kind_names, rs.copies, seed));
             }
             return out;
           }""", [[rules, str(seed)] for rules, seed in cases])
    for (rules, seed), wall in zip(cases, walls, strict=True):
        assert wall == verify_cli.wall_of(rules, seed, "majiang-v3"), (rules, seed)
    secrets = [(fairness.new_secret(), fairness.new_nonce(i, i + 1)) for i in range(5)]
    derived = page.evaluate(
        """async (pairs) => {
             const m = await import('/static/js/fairshuffle.js');
             return Promise.all(pairs.map(async ([s, n]) =>
               [await m.commitmentOf(s, n), await m.seedOf(s, n)]));
           }""", [list(p) for p in secrets])
    assert derived == [[fairness.commitment(s, n), str(fairness.seed_of(s, n))] for s, n in secrets]
    assert not page.errors, page.errors
    page.context.close()


def test_the_table_shows_the_commitment_and_links_the_page(browser: Any,
                                                          server: dict[str, Any]) -> None:
    """The seat's own turns time out (5 s; after two the server plays it), so the hand ends."""
    r = httpx.post(f"{server['url']}/api/quickplay", json={"rules": "tuidaohu", "practice": True},
                   headers=bearer(server["token"]))
    code = r.json()["code"]
    page = open_page(browser, server, "phone", "zh", f"/#/table/{code}")
    page.wait_for_selector("#fair-line", timeout=30000)
    fair = httpx.get(f"{server['url']}/api/tables/{code}/fair").json()
    line = page.locator("#fair-line")
    assert line.get_attribute("data-commitment") == fair["commitment"]
    assert fair["commitment"][:8] in line.inner_text() and "公平洗牌" in line.inner_text()
    line.click()
    assert line.get_attribute("aria-expanded") == "true"
    assert fair["commitment"] in line.inner_text()
    shot(page, "phone-zh-table-commitment", full=False)
    seen = page.evaluate("JSON.parse(localStorage.getItem('majiang.fair.seen'))")
    assert seen[str(fair["hand_id"])] == fair["commitment"]
    page.wait_for_selector("#verify-link", timeout=240000)
    page.locator("#verify-link").scroll_into_view_if_needed()
    shot(page, "phone-zh-table-settlement", full=False)
    href = page.get_attribute("#verify-link", "href")
    assert href == f"/verify?hand={fair['hand_id']}"
    assert "验证本局" in page.inner_text("#verify-link")
    page.goto(server["url"] + href)
    assert results(page) == {**dict.fromkeys(CHECKS, "pass"), "announced": "pass"}
    assert not page.errors, page.errors
    page.context.close()
