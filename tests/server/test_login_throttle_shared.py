"""The log-in throttle shared through Redis (a cluster's processes meet one count): two
`SharedLoginThrottle`s on one prefix, as two processes, answer every step of a random
sequence of attempts, take-backs, successes and waits exactly as one in-memory
`LoginThrottle` given the whole sequence does."""

from __future__ import annotations

import os
import random
import secrets

import pytest

from majiang.server.throttle import Limit, LoginThrottle, SharedLoginThrottle

REDIS = os.environ.get("TEST_REDIS_URL")
pytestmark = pytest.mark.skipif(not REDIS and os.environ.get("CI") != "true",
                                reason="TEST_REDIS_URL is not set")
PER_NAME = Limit(free=3, lockout=2.0, cap=16.0, window=60.0)
PER_ADDRESS = Limit(free=6, lockout=2.0, cap=16.0, window=60.0)


def test_two_processes_share_one_count_exactly_as_one_process_would() -> None:
    assert REDIS is not None, "CI=true needs TEST_REDIS_URL"
    now = [1000.0]

    def clock() -> float:
        return now[0]

    prefix = f"test-throttle-{secrets.token_hex(4)}"
    one = LoginThrottle(PER_NAME, PER_ADDRESS, clock)
    shared = [SharedLoginThrottle(PER_NAME, PER_ADDRESS, REDIS, prefix, clock) for _ in range(2)]
    rng = random.Random(12)
    try:
        for _ in range(400):
            keys = one.keys(rng.choice(["alice", "bob"]), rng.choice(["10.0.0.1", "10.0.0.2"]))
            worker = rng.choice(shared)
            op = rng.choices(["attempt", "undo", "succeeded", "wait"], [6, 1, 1, 2])[0]
            if op == "wait":
                now[0] += rng.choice([0.5, 1.0, 3.0, 20.0, 70.0])
            else:
                assert getattr(worker, op)(keys) == getattr(one, op)(keys), (op, keys, now[0])
            for other in shared:
                assert other.retry_after(keys) == one.retry_after(keys), (op, keys, now[0])
    finally:
        keys_left = shared[0].redis.keys(f"{prefix}:login:*")
        if keys_left:
            shared[0].redis.delete(*keys_left)


def test_a_lockout_made_on_one_process_holds_on_the_other() -> None:
    assert REDIS is not None, "CI=true needs TEST_REDIS_URL"
    prefix = f"test-throttle-{secrets.token_hex(4)}"
    a, b = (SharedLoginThrottle(PER_NAME, PER_ADDRESS, REDIS, prefix) for _ in range(2))
    keys = a.keys("carol", "10.0.0.3")
    try:
        for throttle in (a, b, a):  # three failures over two processes: the name's free ones
            assert throttle.attempt(keys) == 0  # not locked: counted
        assert 1 <= b.retry_after(keys) <= 2 and 1 <= a.retry_after(keys) <= 2  # 2 s lock
        b.succeeded(keys)  # the right password after the wait clears the name on both
        assert a.retry_after(keys) == 0
    finally:
        a.redis.delete(*[f"{prefix}:login:{k}" for k in keys])
