"""HTTP calls per session and per address (ratelimit.py): one account calling the lobby 65
times a second slowed every table of its process. Past a session's burst its calls get 429 with
Retry-After, in both languages, while another session from the same address goes on; calls
without a session count against their address; pages and probes are not counted."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from server_player import auth, signup

from majiang.server.app import create_app
from majiang.server.settings import Settings


def settings(tmp: str, **rates: float) -> Settings:
    return Settings(database_url=f"sqlite:///{tmp}/rate.db", bot_delay=(0.0, 0.0),
                    secret="test", **rates)  # type: ignore[arg-type]


def statuses(client: TestClient, n: int, path: str, headers: dict[str, str]) -> list[int]:
    return [client.get(path, headers=headers).status_code for _ in range(n)]


def test_a_session_past_its_burst_is_refused_and_others_go_on(tmp_path: object) -> None:
    # one call every 2 s, a burst of 2.5: the refusals below hold on a slow machine (at 2 a
    # second a token came back between two of them)
    with TestClient(create_app(settings(str(tmp_path), api_rate=0.5))) as client:
        flood, _ = signup(client, "flood")
        client.cookies.clear()  # the sign-up's cookie: the next sign-up would count as flood's
        other, _ = signup(client, "other")
        client.cookies.clear()
        got = statuses(client, 20, "/api/me", auth(flood))
        assert got[:2] == [200] * 2 and got.count(429) >= 15, got  # a burst of 5 s x 0.5
        refused = client.get("/api/me", headers=auth(flood))
        wait = int(refused.headers["Retry-After"])  # until a whole call is back: 0.5 left
        assert refused.status_code == 429 and wait == 1
        error = refused.json()["error"]
        assert error.startswith("请求过于频繁，请1秒后再试"), error
        assert "too many requests: at most 0.5 a second, try again in 1 s" in error
        assert client.get("/api/me", headers=auth(other)).status_code == 200  # another session
        assert client.get("/").status_code == 200  # the page is not counted
        assert client.get("/readyz").status_code == 200  # nor the probes
        client.cookies.set("token", flood)  # the cookie is the same session as the bearer
        assert client.get("/api/me").status_code == 429
        client.cookies.clear()
        time.sleep(2.1)  # the bucket refills at the rate
        assert client.get("/api/me", headers=auth(flood)).status_code == 200


def test_calls_without_a_session_count_against_their_address(tmp_path: object) -> None:
    with TestClient(create_app(settings(str(tmp_path), api_address_rate=0.5))) as client:
        got = statuses(client, 20, "/api/rules", {})
        assert got[:2] == [200] * 2 and got.count(429) >= 15, got  # a burst of 4 s x 0.5
        assert "at most 0.5 a second" in client.get("/api/rules").json()["error"]


def test_a_session_is_counted_however_its_token_is_sent(tmp_path: object) -> None:
    """The limiter reads the token as the app does: a second Authorization header (the app
    serves the first) or a cookie header the standard library's parser gives up on (Starlette's
    reads on) once drew a fresh bucket on every call, 300 calls in 0.4 s without a 429."""
    with TestClient(create_app(settings(str(tmp_path), api_rate=0.5))) as client:
        flood, _ = signup(client, "flood")
        twice = [("Authorization", f"Bearer {flood}"), ("Authorization", "Bearer fake")]
        got = [client.get("/api/me", headers=twice).status_code for _ in range(15)]
        assert got[:2] == [200] * 2 and got.count(429) >= 10, got  # a burst of 2.5
        time.sleep(5.5)  # refilled
        broken = {"Cookie": f'a="b; c\\x; token={flood}'}
        got = statuses(client, 15, "/api/me", broken)
        assert got[:2] == [200] * 2 and got.count(429) >= 10, got
