"""Several server processes as one: the table directory, leases and pub/sub in Redis.

A process runs a table only while it holds the table's lease: the key `{name}:lease:{code}`,
set with `SET NX PX` to `{node}@{address}` (the process's id and its internal address) and
renewed by a heartbeat. A process that cannot renew a lease stops that table and closes its
sockets with 1012 (they reconnect, relayed to the new owner); one that cannot reach Redis for a
whole lease stops all its tables. Every process scans the shared database for the tables a
process resumes (open, or with a hand in play) and claims those nobody holds, so when an owner
dies its tables resume elsewhere (from the stored seed and actions) once its leases expire.

Pub/sub: a lobby change made on any process pokes the table's owner (`{name}:poke`); each owner
publishes its tables' live seats (connected, 托管) on `{name}:live` (also kept in the hash of that
name), so every process's lobby shows them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import time
import uuid
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any

from majiang.server.manager import TableManager, resumable
from majiang.server.settings import Settings

log = logging.getLogger("majiang.cluster")
MOVED = 1012  # close code for a table's sockets when its table moves to another process
SEATS = 4  # the most seats of any ruleset: live flags are kept for this many

# KEYS: the leases; ARGV: our value, the TTL. Renews ours, returns the keys no longer ours.
RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
  else
    table.insert(lost, key)
  end
end
return lost
"""
# KEYS[1]: a lease; ARGV[1]: our value. Deletes it only if it is ours.
RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""


class ClusterError(Exception):
    """A cluster misconfiguration or an unreachable Redis (bilingual message)."""


@dataclass(frozen=True)
class LiveFlags:
    """Another process's table: who is connected, who is played by a bot (queries.LiveSeats)."""

    connected_seats: tuple[bool, ...]
    auto_seats: tuple[bool, ...]

    def connected(self, seat: int) -> bool:
        return seat < len(self.connected_seats) and self.connected_seats[seat]

    def is_auto(self, seat: int) -> bool:
        return seat < len(self.auto_seats) and self.auto_seats[seat]


class Cluster:
    """This process's part of the cluster: the leases it holds and its Redis connections."""

    def __init__(self, settings: Settings, manager: TableManager) -> None:
        if settings.redis_url is None or settings.cluster_address is None:
            raise ClusterError("集群需要Redis地址和内部地址 / a cluster needs a Redis URL and an "
                               "internal address")
        try:
            from redis.asyncio import Redis
        except ImportError as exc:
            raise ClusterError("集群需要redis包 / a cluster needs the redis package: pip install "
                               "'majiang[cluster]'") from exc
        self.redis: Redis = Redis.from_url(settings.redis_url, decode_responses=True)
        self.manager = manager
        self.node = uuid.uuid4().hex[:12]
        self.address = settings.cluster_address
        self.value = f"{self.node}@{self.address}"
        self.prefix = settings.cluster_name
        self.lease_ms = settings.lease_ms
        self.beat = max(0.1, settings.lease_ms / 5000)  # seconds between heartbeats and scans
        self.held: set[str] = set()
        self.live_cache: dict[str, LiveFlags] = {}
        self.published: dict[str, LiveFlags] = {}
        self.renewed = time.monotonic()
        self.tasks: list[asyncio.Task[None]] = []
        self.background: set[asyncio.Task[Any]] = set()

    # -- keys ----------------------------------------------------------------------------------

    def lease_key(self, code: str) -> str:
        return f"{self.prefix}:lease:{code}"

    @property
    def poke_channel(self) -> str:
        return f"{self.prefix}:poke"

    @property
    def live_channel(self) -> str:
        return f"{self.prefix}:live"

    # -- start and stop ------------------------------------------------------------------------

    async def start(self) -> None:
        try:
            await self.redis.ping()
            cached = await self.redis.hgetall(self.live_channel)
        except Exception as exc:
            raise ClusterError(f"连不上Redis / cannot reach Redis: {type(exc).__name__}: "
                               f"{exc}") from exc
        for code, data in cached.items():
            self._cache_live(str(code), str(data))
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(self.poke_channel, self.live_channel)
        self.manager.cluster = self
        self.tasks = [asyncio.create_task(self._listen(pubsub), name="cluster-listen"),
                      asyncio.create_task(self._heartbeat(), name="cluster-heartbeat"),
                      asyncio.create_task(self._tidy(), name="cluster-tidy"),
                      asyncio.create_task(self._scan(), name="cluster-scan")]
        log.info("cluster node %s at %s", self.node, self.address)

    async def stop(self) -> None:
        """After the tables stopped: give their leases back at once, so others claim them."""
        for task in self.tasks:
            task.cancel()
        for task in [*self.tasks, *self.background]:
            with contextlib.suppress(BaseException):
                await task
        with contextlib.suppress(Exception):
            for code in list(self.held):
                await self._release(code)
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # -- the directory -------------------------------------------------------------------------

    def holds(self, code: str) -> bool:
        return code in self.held

    async def owner(self, code: str) -> str | None:
        """The table's owner, `node@address`, or None when nobody holds its lease."""
        value = await self.redis.get(self.lease_key(code))
        return None if value is None else str(value)

    async def claim(self, code: str) -> bool:
        """Hold the table's lease (ours already, or free) and run its actor here."""
        if code in self.held:
            return True
        ok = await self.redis.set(self.lease_key(code), self.value, nx=True, px=self.lease_ms)
        if not ok or code in self.held:
            return code in self.held
        self.held.add(code)
        log.info("node %s claims table %s", self.node, code)
        self.manager.runner(code)  # resumes a playing hand from the database
        return True

    async def address_of(self, code: str) -> str:
        """Where the table's sockets go: its owner's internal address (this process's own when
        it holds or just claimed the lease)."""
        if await self.claim(code):
            return self.address
        value = await self.owner(code)
        if value is None:  # released between the two calls: try again
            return self.address if await self.claim(code) else await self.address_of(code)
        return value.partition("@")[2]

    async def _release(self, code: str) -> None:
        log.info("node %s gives table %s back", self.node, code)
        self.held.discard(code)
        self.published.pop(code, None)
        await self.redis.eval(RELEASE, 1, self.lease_key(code), self.value)
        await self.redis.hdel(self.live_channel, code)
        await self.redis.publish(self.live_channel, json.dumps({"code": code}))

    def _drop(self, code: str) -> None:
        """The lease is lost: stop the table here and send its sockets to the new owner."""
        self.held.discard(code)
        self.published.pop(code, None)
        runner = self.manager.runners.get(code)
        if runner is not None:
            log.warning("node %s lost the lease of table %s: stopping it", self.node, code)
            for conn in runner.audience:
                conn.close(MOVED, "桌子已迁移 / table moved")
            runner.stop_now()  # not one more message: the new owner plays on from the database

    # -- pokes and live seats ------------------------------------------------------------------

    def poke(self, code: str) -> None:
        """A lobby change at `code`: poke its actor here, else claim it or tell its owner."""
        if code in self.held:
            self.manager.poke_local(code)
            return
        self._spawn(self._poke_remote(code))

    async def _poke_remote(self, code: str) -> None:
        if not await self.claim(code):  # a new actor checks the lobby itself when it starts
            await self.redis.publish(self.poke_channel, code)

    def live(self, code: str) -> LiveFlags | None:
        return self.live_cache.get(code)

    def _cache_live(self, code: str, data: str) -> None:
        with contextlib.suppress(ValueError, TypeError, KeyError):
            body = json.loads(data)
            self.live_cache[code] = LiveFlags(tuple(map(bool, body["connected"])),
                                              tuple(map(bool, body["auto"])))

    async def _listen(self, pubsub: Any) -> None:
        while True:
            try:
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    channel, data = message["channel"], str(message["data"])
                    if channel == self.poke_channel:
                        if data in self.held:
                            self.manager.poke_local(data)
                    elif channel == self.live_channel:
                        self._on_live(data)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster: pub/sub lost; resubscribing")
                await asyncio.sleep(self.beat)
                with contextlib.suppress(Exception):
                    pubsub = self.redis.pubsub()
                    await pubsub.subscribe(self.poke_channel, self.live_channel)

    def _on_live(self, data: str) -> None:
        with contextlib.suppress(ValueError, TypeError, KeyError):
            body = json.loads(data)
            code = str(body["code"])
            if "connected" not in body:
                self.live_cache.pop(code, None)
            else:
                self._cache_live(code, data)

    async def _publish_live(self) -> None:
        for code in list(self.held):
            runner = self.manager.runners.get(code)
            if runner is None:
                continue
            flags = LiveFlags(tuple(runner.connected(i) for i in range(SEATS)),
                              tuple(runner.is_auto(i) for i in range(SEATS)))
            if self.published.get(code) == flags:
                continue
            self.published[code] = flags
            data = json.dumps({"code": code, "connected": flags.connected_seats,
                               "auto": flags.auto_seats})
            await self.redis.hset(self.live_channel, code, data)
            await self.redis.publish(self.live_channel, data)

    # -- the heartbeat and the scan ------------------------------------------------------------

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.beat)
            try:
                await self._beat()
                self.renewed = time.monotonic()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("cluster heartbeat failed: %s", type(exc).__name__)
                if time.monotonic() - self.renewed > self.lease_ms / 1000 * 0.8:
                    for code in list(self.held):  # others may hold them by now
                        self._drop(code)

    async def _beat(self) -> None:
        """Renew every lease held, in one call, and nothing else: a heartbeat that waited on
        other work ran late under load and let the leases of a live process expire."""
        codes = sorted(self.held)
        if codes:
            keys = [self.lease_key(c) for c in codes]
            lost = await self.redis.eval(
                RENEW, len(keys), *keys, self.value, self.lease_ms)
            prefix = self.lease_key("")
            for key in lost:
                self._drop(str(key)[len(prefix):])

    async def _tidy(self) -> None:
        """Beside the heartbeat: give back the leases of tables that closed here, and publish
        the live seats that changed."""
        while True:
            await asyncio.sleep(self.beat)
            try:
                for code in list(self.held):
                    runner = self.manager.runners.get(code)
                    if runner is None or runner.closed:
                        await self._release(code)
                await self._publish_live()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("cluster tidy failed: %s", type(exc).__name__)

    def _resumable(self) -> list[str]:
        with self.manager.sessions() as db:
            return resumable(db)

    async def _scan(self) -> None:
        """Claim every table nobody holds that a process resumes on start (`resumable`: open,
        or with a hand in play): new ones, and those of a process that died."""
        while True:
            try:
                codes = [c for c in await asyncio.to_thread(self._resumable)
                         if c not in self.held]
                if codes:
                    owners = await self.redis.mget([self.lease_key(c) for c in codes])
                    free = [c for c, o in zip(codes, owners, strict=True) if o is None]
                    random.shuffle(free)
                    for code in free:
                        await self.claim(code)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster scan failed")
            await asyncio.sleep(self.beat * random.uniform(0.8, 1.2))

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.create_task(coro)
        self.background.add(task)
        task.add_done_callback(self.background.discard)


async def start_cluster(settings: Settings, manager: TableManager) -> Cluster | None:
    """The process's cluster node when `settings.redis_url` is set (else None: one process)."""
    if settings.redis_url is None:
        return None
    cluster = Cluster(settings, manager)
    await cluster.start()
    return cluster
