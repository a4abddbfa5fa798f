"""Log-in throttling: failed log-ins counted per name and per address; past the free failures each
further one locks the key for a growing time (doubling, capped), answered 429 with Retry-After.
An attempt counts as failed before its password is checked (so parallel attempts cannot slip
past the count while argon2 runs); a success takes it back and clears its name's count. Unknown
names count like real ones, so a lockout says nothing about whether an account exists. In
memory, per process (`LoginThrottle`), or in Redis, shared by a cluster's processes
(`SharedLoginThrottle`, when the server has a Redis URL)."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

MAX_KEYS = 100_000  # keys remembered at most; the stalest are forgotten first


@dataclass
class Record:
    failures: int = 0
    last: float = 0.0  # time of the last failure
    locked_until: float = 0.0


@dataclass(frozen=True)
class Limit:
    """`free` failures within `window` seconds, then `lockout` seconds doubling to `cap`."""

    free: int
    lockout: float
    cap: float
    window: float

    def lock_for(self, failures: int) -> float:
        over = failures - self.free
        if over < 0:
            return 0.0
        return float(min(self.cap, self.lockout * 2 ** min(over, 32)))


class LoginThrottle:
    """Failures per key (`name:...` and `addr:...`, each with its `Limit`)."""

    def __init__(self, per_name: Limit, per_address: Limit,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = {"name": per_name, "addr": per_address}
        self.clock = clock
        self._records: dict[str, Record] = {}
        self._lock = threading.Lock()

    @staticmethod
    def keys(name_key: str, address: str) -> list[str]:
        return [f"name:{name_key}", f"addr:{address}"]

    def _limit(self, key: str) -> Limit:
        return self.limits[key.split(":", 1)[0]]

    def _record(self, key: str, now: float) -> Record | None:
        row = self._records.get(key)
        if row is not None and now - row.last > self._limit(key).window \
                and now >= row.locked_until:
            del self._records[key]
            return None
        return row

    def retry_after(self, keys: list[str]) -> int:
        """Seconds until these keys may try again (0: now)."""
        now = self.clock()
        with self._lock:
            waits = [row.locked_until - now for key in keys
                     if (row := self._record(key, now)) is not None]
        wait = max(waits, default=0.0)
        return math.ceil(wait) if wait > 0 else 0

    def failed(self, keys: list[str]) -> None:
        now = self.clock()
        with self._lock:
            if len(self._records) >= MAX_KEYS:
                stale = sorted(self._records, key=lambda k: self._records[k].last)
                for key in stale[: MAX_KEYS // 10]:
                    del self._records[key]
            for key in keys:
                row = self._record(key, now) or self._records.setdefault(key, Record())
                row.failures += 1
                row.last = now
                lock = self._limit(key).lock_for(row.failures)
                if lock > 0:
                    row.locked_until = now + lock

    def undo(self, keys: list[str]) -> None:
        """Take back one counted attempt of each key (it was not a failure after all)."""
        with self._lock:
            for key in keys:
                if (row := self._records.get(key)) is not None:
                    row.failures = max(0, row.failures - 1)
                    if self._limit(key).lock_for(row.failures) == 0:
                        row.locked_until = 0.0

    def succeeded(self, keys: list[str]) -> None:
        """A good log-in: its name's failures cleared, its address's attempt taken back."""
        self.undo([k for k in keys if not k.startswith("name:")])
        with self._lock:
            for key in keys:
                if key.startswith("name:"):
                    self._records.pop(key, None)


# KEYS[1]: the key's hash; ARGV: now, free, lockout, cap, window (seconds). Returns nothing.
FAILED = """
local row = redis.call('hmget', KEYS[1], 'failures', 'last', 'locked_until')
local now, free, lockout, cap, window = tonumber(ARGV[1]), tonumber(ARGV[2]),
  tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local failures, last, locked = tonumber(row[1]) or 0, tonumber(row[2]) or 0, tonumber(row[3]) or 0
if now - last > window and now >= locked then failures, locked = 0, 0 end
failures = failures + 1
local over = failures - free
if over >= 0 then locked = now + math.min(cap, lockout * 2 ^ math.min(over, 32)) end
redis.call('hset', KEYS[1], 'failures', failures, 'last', now, 'locked_until', locked)
redis.call('pexpire', KEYS[1], math.ceil((window + cap) * 1000))
"""
# KEYS[1]: the key's hash; ARGV: free. One counted attempt taken back.
UNDO = """
local failures = tonumber(redis.call('hget', KEYS[1], 'failures'))
if not failures then return end
failures = math.max(0, failures - 1)
redis.call('hset', KEYS[1], 'failures', failures)
if failures < tonumber(ARGV[1]) then redis.call('hset', KEYS[1], 'locked_until', 0) end
"""


class SharedLoginThrottle(LoginThrottle):
    """The same throttle with its counts in Redis, shared by every process of a cluster (an
    attacker spreading guesses over the workers meets one count). Times are wall-clock seconds
    (the processes' monotonic clocks differ); each key expires after its window and cap."""

    def __init__(self, per_name: Limit, per_address: Limit, redis_url: str,
                 prefix: str = "majiang", clock: Callable[[], float] = time.time) -> None:
        super().__init__(per_name, per_address, clock)
        from redis import Redis

        self.redis = Redis.from_url(redis_url, decode_responses=True)
        self.prefix = f"{prefix}:login:"
        self._failed = self.redis.register_script(FAILED)
        self._undo = self.redis.register_script(UNDO)

    def retry_after(self, keys: list[str]) -> int:
        now = self.clock()
        pipe = self.redis.pipeline(transaction=False)
        for key in keys:
            pipe.hget(self.prefix + key, "locked_until")
        waits = [float(until) - now for until in pipe.execute() if until is not None]
        wait = max(waits, default=0.0)
        return math.ceil(wait) if wait > 0 else 0

    def failed(self, keys: list[str]) -> None:
        now = self.clock()
        for key in keys:
            limit = self._limit(key)
            self._failed(keys=[self.prefix + key],
                         args=[now, limit.free, limit.lockout, limit.cap, limit.window])

    def undo(self, keys: list[str]) -> None:
        for key in keys:
            self._undo(keys=[self.prefix + key], args=[self._limit(key).free])

    def succeeded(self, keys: list[str]) -> None:
        self.undo([k for k in keys if not k.startswith("name:")])
        names = [self.prefix + k for k in keys if k.startswith("name:")]
        if names:
            self.redis.delete(*names)
