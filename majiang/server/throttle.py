"""Log-in throttling: failed log-ins counted per name from one address (`pair`), per name from
any address (`name`, looser) and per address with any names (`addr`, looser still); past a key's
free failures each further one locks the key for a growing time (doubling, capped), answered 429
with Retry-After. A name's guesser thus locks the name at its own address only (its owner logs in
from elsewhere), and the many people behind one address (a NAT, a campus, a carrier's CGNAT) are
locked out together only by many failures; a name guessed at from many addresses is locked
everywhere. An attempt counts as failed before its password is checked, in one step with the
lockout check (`attempt`: so attempts made at once cannot all pass the check before any is
counted, nor slip past the count while argon2 runs); a success takes it back and clears its
name's count at its address. Unknown names count like real ones, so a lockout says nothing about
whether an account exists. In memory, per process (`LoginThrottle`), or in Redis, shared by a
cluster's processes (`SharedLoginThrottle`, when the server has a Redis URL)."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

MAX_KEYS = 100_000  # keys remembered at most; the stalest are forgotten first
CLEARED = "pair:"  # the keys a good log-in clears (the others get its attempt taken back)


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
    """Failures per key (`pair:ADDRESS NAME`, `name:NAME`, `addr:ADDRESS`, each kind with its
    `Limit`; without `per_name_anywhere` no `name:` key is kept)."""

    def __init__(self, per_name: Limit, per_address: Limit,
                 clock: Callable[[], float] = time.monotonic,
                 per_name_anywhere: Limit | None = None) -> None:
        self.limits = {"pair": per_name, "addr": per_address}
        if per_name_anywhere is not None:
            self.limits["name"] = per_name_anywhere
        self.clock = clock
        self._records: dict[str, Record] = {}
        self._lock = threading.Lock()

    def keys(self, name_key: str, address: str) -> list[str]:
        """The keys of a log-in of `name_key` (the folded name) from `address`."""
        keys = [f"pair:{address} {name_key}", f"addr:{address}"]
        if "name" in self.limits:
            keys.append(f"name:{name_key}")
        return keys

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
            return self._wait(keys, now)

    def attempt(self, keys: list[str]) -> int:
        """`retry_after` and, when it is 0, one failure counted for each key, as one step: the
        wait, else 0 (so attempts made at once cannot all pass the check first)."""
        now = self.clock()
        with self._lock:
            wait = self._wait(keys, now)
            if not wait:
                self._count(keys, now)
            return wait

    def _wait(self, keys: list[str], now: float) -> int:
        waits = [row.locked_until - now for key in keys
                 if (row := self._record(key, now)) is not None]
        wait = max(waits, default=0.0)
        return math.ceil(wait) if wait > 0 else 0

    def _count(self, keys: list[str], now: float) -> None:
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
        """A good log-in: its name's failures at its address cleared, its attempt taken back
        from the address and the name (the name's count from elsewhere stays: a guesser's)."""
        self.undo([k for k in keys if not k.startswith(CLEARED)])
        with self._lock:
            for key in keys:
                if key.startswith(CLEARED):
                    self._records.pop(key, None)


# KEYS: the keys' hashes; ARGV: now, then per key free, lockout, cap, window (seconds). While
# any key is locked: its wait, nothing counted; else one failure counted per key, and '0'.
COUNT = """
local now = tonumber(ARGV[1])
local wait = 0
for i = 1, #KEYS do
  local locked = tonumber(redis.call('hget', KEYS[i], 'locked_until')) or 0
  if locked - now > wait then wait = locked - now end
end
if wait > 0 then return tostring(wait) end
for i = 1, #KEYS do
  local at = 1 + 4 * (i - 1)
  local free, lockout, cap, window = tonumber(ARGV[at + 1]), tonumber(ARGV[at + 2]),
    tonumber(ARGV[at + 3]), tonumber(ARGV[at + 4])
  local row = redis.call('hmget', KEYS[i], 'failures', 'last', 'locked_until')
  local failures, last = tonumber(row[1]) or 0, tonumber(row[2]) or 0
  local locked = tonumber(row[3]) or 0
  if now - last > window and now >= locked then failures, locked = 0, 0 end
  failures = failures + 1
  local over = failures - free
  if over >= 0 then locked = now + math.min(cap, lockout * 2 ^ math.min(over, 32)) end
  redis.call('hset', KEYS[i], 'failures', failures, 'last', now, 'locked_until', locked)
  redis.call('pexpire', KEYS[i], math.ceil((window + cap) * 1000))
end
return '0'
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
                 prefix: str = "majiang", clock: Callable[[], float] = time.time,
                 per_name_anywhere: Limit | None = None) -> None:
        super().__init__(per_name, per_address, clock, per_name_anywhere)
        from redis import Redis

        self.redis = Redis.from_url(redis_url, decode_responses=True)
        self.prefix = f"{prefix}:login:"
        self._count_script = self.redis.register_script(COUNT)
        self._undo = self.redis.register_script(UNDO)

    def retry_after(self, keys: list[str]) -> int:
        now = self.clock()
        pipe = self.redis.pipeline(transaction=False)
        for key in keys:
            pipe.hget(self.prefix + key, "locked_until")
        waits = [float(until) - now for until in pipe.execute() if until is not None]
        wait = max(waits, default=0.0)
        return math.ceil(wait) if wait > 0 else 0

    def attempt(self, keys: list[str]) -> int:
        args: list[float] = [self.clock()]
        for key in keys:
            limit = self._limit(key)
            args += [limit.free, limit.lockout, limit.cap, limit.window]
        wait = float(self._count_script(keys=[self.prefix + k for k in keys], args=args))
        return math.ceil(wait) if wait > 0 else 0

    def undo(self, keys: list[str]) -> None:
        for key in keys:
            self._undo(keys=[self.prefix + key], args=[self._limit(key).free])

    def succeeded(self, keys: list[str]) -> None:
        self.undo([k for k in keys if not k.startswith(CLEARED)])
        cleared = [self.prefix + k for k in keys if k.startswith(CLEARED)]
        if cleared:
            self.redis.delete(*cleared)
