"""The log-in throttle and shared addresses (a NAT, a campus, a mobile carrier's CGNAT): a name is
throttled from each address apart, an address is capped loosely, and a name guessed at from many
addresses is still locked everywhere. One address failing on a few names used to lock out
everyone behind it (20 failures per address), and one address hammering a name locked its
owner out from every address."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_player import make_client, signup

from majiang.server.settings import Settings
from majiang.server.throttle import Limit, LoginThrottle


def login(client: TestClient, name: str, password: str, address: str) -> Any:
    """A log-in from `address` (the test client is the trusted proxy naming it)."""
    return client.post("/api/login", json={"username": name, "password": password},
                       headers={"X-Forwarded-For": address})


@pytest.fixture
def nat(tmp_path: Path) -> Iterator[TestClient]:
    """The default limits (the test client trusted as a proxy, so it can name addresses)."""
    with make_client(f"sqlite:///{tmp_path / 'nat.db'}",
                     trusted_proxies=("testclient",)) as client:
        yield client


def test_one_address_failing_on_a_few_names_does_not_lock_out_its_neighbours(
        nat: TestClient) -> None:
    signup(nat, "alice", "secret1")
    for i in range(4):  # a mistyping neighbour, or a guesser: four names, five failures each
        for _ in range(5):
            assert login(nat, f"someone{i}", "wrong!!", "10.0.0.1").status_code == 401
        assert login(nat, f"someone{i}", "wrong!!", "10.0.0.1").status_code == 429
    assert login(nat, "alice", "secret1", "10.0.0.1").status_code == 200


def test_a_name_hammered_from_one_address_still_logs_in_from_another(nat: TestClient) -> None:
    signup(nat, "alice", "secret1")
    for _ in range(5):
        assert login(nat, "alice", "wrong!!", "10.0.0.66").status_code == 401
    r = login(nat, "alice", "secret1", "10.0.0.66")  # the guesser's address waits it out
    assert r.status_code == 429 and "too many failed log-ins" in r.json()["error"]
    assert login(nat, "alice", "secret1", "10.0.0.2").status_code == 200  # its owner does not


def test_the_address_cap_is_looser_and_still_holds(tmp_path: Path) -> None:
    defaults = Settings()
    assert defaults.login_address_failures >= 5 * defaults.login_free_failures
    with make_client(f"sqlite:///{tmp_path / 'cap.db'}", trusted_proxies=("testclient",),
                     login_address_failures=8) as client:
        codes = [login(client, f"nobody{i}", "whatever", "10.0.0.9").status_code
                 for i in range(8)]
        assert codes == [401] * 8
        r = login(client, "another", "whatever", "10.0.0.9")
        assert r.status_code == 429 and "retry-after" in r.headers
        assert login(client, "another", "whatever", "10.0.0.10").status_code == 401


def test_a_name_guessed_from_many_addresses_is_locked_everywhere(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'spread.db'}", trusted_proxies=("testclient",),
                     login_name_failures=6, login_lockout=60) as client:
        signup(client, "alice", "secret1")
        for i in range(6):  # one failure from each of six addresses
            assert login(client, "alice", "wrong!!", f"10.1.0.{i}").status_code == 401
        r = login(client, "alice", "secret1", "10.1.0.200")
        assert r.status_code == 429 and 0 < int(r.headers["retry-after"]) <= 60
        assert login(client, "bob", "whatever", "10.1.0.200").status_code == 401  # others go on


def test_a_good_log_in_clears_its_own_address_and_name_only() -> None:
    per_pair, per_name, per_address = (Limit(3, 60, 600, 900), Limit(6, 60, 600, 900),
                                       Limit(10, 60, 600, 900))
    throttle = LoginThrottle(per_pair, per_address, lambda: 100.0, per_name_anywhere=per_name)
    here, there = throttle.keys("alice", "10.0.0.1"), throttle.keys("alice", "10.0.0.2")
    for _ in range(3):
        assert throttle.attempt(there) == 0
    assert throttle.attempt(there) > 0  # locked at that address
    for _ in range(2):
        assert throttle.attempt(here) == 0
    throttle.succeeded(here)  # the owner, from here: the name's count keeps the guesses
    assert throttle.retry_after(there) > 0
    assert [throttle.attempt(here) for _ in range(2)] == [0, 0]
    assert throttle.attempt(here) > 0  # 3 + 1 + 2 failures of the name from anywhere
