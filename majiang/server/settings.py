"""Server settings, read from the environment (and from `majiang serve` flags)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from majiang import economy


def parse_delay(text: str) -> tuple[float, float]:
    """`"0.5,1.5"` or `"0"` -> (min, max) seconds of a bot's thinking pause."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    try:
        values = [float(p) for p in parts]
    except ValueError:
        raise ValueError(f"bot delay must be SECONDS or MIN,MAX, got {text!r}") from None
    if len(values) == 1:
        values = values * 2
    if len(values) != 2 or values[0] < 0 or values[1] < values[0]:
        raise ValueError(f"bot delay must be SECONDS or MIN,MAX with 0 <= MIN <= MAX, got {text!r}")
    return values[0], values[1]


INT_VARS = {  # setting -> environment variable
    "signin_bonus": "MAJIANG_SIGNIN_BONUS", "relief_below": "MAJIANG_RELIEF_BELOW",
    "relief_to": "MAJIANG_RELIEF_TO", "relief_per_day": "MAJIANG_RELIEF_PER_DAY",
    "relief_cooldown": "MAJIANG_RELIEF_COOLDOWN",
    "guest_grants_per_address": "MAJIANG_GUEST_GRANTS",
    "signups_per_address": "MAJIANG_SIGNUPS",
    "day_offset_hours": "MAJIANG_DAY_OFFSET_HOURS",
    "lease_ms": "MAJIANG_LEASE_MS",
    "login_free_failures": "MAJIANG_LOGIN_FAILURES",
    "login_address_failures": "MAJIANG_LOGIN_ADDRESS_FAILURES",
    "login_name_failures": "MAJIANG_LOGIN_NAME_FAILURES",
    "login_lockout": "MAJIANG_LOGIN_LOCKOUT", "login_lockout_max": "MAJIANG_LOGIN_LOCKOUT_MAX",
    "login_window": "MAJIANG_LOGIN_WINDOW", "hash_workers": "MAJIANG_HASH_WORKERS",
    "hash_queue": "MAJIANG_HASH_QUEUE",
}
FLOAT_VARS = {"header_timeout": "MAJIANG_HEADER_TIMEOUT",
              "session_recheck": "MAJIANG_SESSION_RECHECK",
              "api_rate": "MAJIANG_API_RATE", "api_address_rate": "MAJIANG_API_ADDRESS_RATE"}
BOOL_VARS = {"secure_cookies": "MAJIANG_SECURE_COOKIES", "ws_url_token": "MAJIANG_WS_URL_TOKEN"}


def parse_bool(text: str) -> bool:
    """`1/true/yes/on` or `0/false/no/off` (any case)."""
    value = text.strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off", ""):
        return False
    raise ValueError(f"expected 1/0, true/false, yes/no or on/off, got {text!r}")


def split_list(text: str) -> tuple[str, ...]:
    """`"a, b,,c"` -> ("a", "b", "c")."""
    return tuple(p.strip() for p in text.split(",") if p.strip())


@dataclass(frozen=True)
class Settings:
    """Everything the server can be told. `from_env` reads the `DATABASE_URL`/`MAJIANG_*` vars."""

    database_url: str = "sqlite:///majiang.db"
    secret: str | None = None  # None: generated once and kept in the database
    new_account_grant: int = economy.NEW_ACCOUNT_GRANT
    bot_delay: tuple[float, float] = (0.6, 1.8)
    turn_seconds: int = 15
    min_turn_seconds: int = 5
    bank_seconds: int = 30
    token_max_age: int = 30 * 24 * 3600
    default_bot: str = "value"
    bot_pool: str = "thread"  # where bots think: process | thread | inline (see botpool.py)
    # the faucets (docs/economy.md section 7)
    signin_bonus: int = economy.SIGNIN_BONUS
    relief_below: int = economy.RELIEF_BELOW
    relief_to: int = economy.RELIEF_TO
    relief_per_day: int = economy.RELIEF_PER_DAY
    relief_cooldown: int = economy.RELIEF_COOLDOWN
    guest_grants_per_address: int = economy.GUEST_GRANTS_PER_ADDRESS
    signups_per_address: int = economy.SIGNUPS_PER_ADDRESS
    day_offset_hours: int = 8  # the economy's day starts at midnight Beijing time
    trusted_proxies: tuple[str, ...] = ()  # their X-Forwarded-For names the client's address
    # /metrics for a bearer of this token ($MAJIANG_METRICS_TOKEN); None: for loopback only (its
    # counters move with every bot's pass, so a public page would tell who could have claimed)
    metrics_token: str | None = None
    # claim protection (claims.py): seconds after a discard before the next event; None: 0.8,
    # or 0 when bots play at full speed
    claim_delay: float | None = None
    drain_seconds: float = 30.0  # on SIGTERM, how long hands in play may take to finish
    # log-in throttling (docs/server.md, "Security"): failures free per name from one address,
    # per address (many people may share one: a NAT) and per name from any address, within
    # `login_window` seconds, then a lockout of `login_lockout` seconds doubling with each
    # further failure up to `login_lockout_max`
    login_free_failures: int = 5
    login_address_failures: int = 100
    login_name_failures: int = 50
    login_lockout: int = 2
    login_lockout_max: int = 900
    login_window: int = 900
    hash_workers: int = 2  # argon2 hashes at once (64 MiB each)
    hash_queue: int = 64  # hashes waiting beyond which log-ins get 503
    allowed_origins: tuple[str, ...] = ()  # besides the request's own Host
    secure_cookies: bool = False  # Secure cookies even on http (behind a TLS proxy)
    header_timeout: float = 10.0  # seconds a client has to send its request headers
    # /api/ calls a second per session and per client address (ratelimit.py); the bursts
    # allowed are 5 and 4 seconds' worth
    api_rate: float = 20.0
    api_address_rate: float = 100.0
    ws_url_token: bool = False  # accept the legacy `?token=` on /ws (refused: close 4401)
    # seconds between checks that an open table socket's session still holds: a socket whose
    # session ended (log out, revoked, password changed; in any process) closes with 4401
    session_recheck: float = 15.0
    # cluster hook: several processes as one (cluster.py; docs/server.md "Several processes")
    redis_url: str | None = None  # the cluster's Redis; None: one process, no cluster
    cluster_address: str | None = None  # this process's internal HOST:PORT (relayed sockets)
    cluster_name: str = "majiang"  # prefix of the cluster's Redis keys ($MAJIANG_CLUSTER)
    lease_ms: int = 5000  # a table's lease ($MAJIANG_LEASE_MS): a dead owner's tables move

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        env = os.environ
        values: dict[str, object] = {
            "database_url": env.get("DATABASE_URL", cls.database_url),
            "secret": env.get("MAJIANG_SECRET") or None,
            "metrics_token": env.get("MAJIANG_METRICS_TOKEN") or None,
        }
        if "MAJIANG_BOT_DELAY" in env:
            values["bot_delay"] = parse_delay(env["MAJIANG_BOT_DELAY"])
        if "MAJIANG_GRANT" in env:
            values["new_account_grant"] = int(env["MAJIANG_GRANT"])
        if "MAJIANG_TURN_SECONDS" in env:
            values["turn_seconds"] = int(env["MAJIANG_TURN_SECONDS"])
        if "MAJIANG_BANK_SECONDS" in env:
            values["bank_seconds"] = int(env["MAJIANG_BANK_SECONDS"])
        if "MAJIANG_BOT_POOL" in env:
            values["bot_pool"] = env["MAJIANG_BOT_POOL"]
        if "MAJIANG_BOT" in env:
            values["default_bot"] = env["MAJIANG_BOT"]
        if "MAJIANG_CLAIM_DELAY" in env:
            values["claim_delay"] = float(env["MAJIANG_CLAIM_DELAY"])
        if "MAJIANG_DRAIN_SECONDS" in env:
            values["drain_seconds"] = float(env["MAJIANG_DRAIN_SECONDS"])
        for name, var in INT_VARS.items():
            if var in env:
                values[name] = int(env[var])
        for name, var in FLOAT_VARS.items():
            if var in env:
                values[name] = float(env[var])
        for name, var in BOOL_VARS.items():
            if var in env:
                values[name] = parse_bool(env[var])
        if env.get("MAJIANG_TRUSTED_PROXIES"):
            values["trusted_proxies"] = split_list(env["MAJIANG_TRUSTED_PROXIES"])
        if env.get("MAJIANG_ALLOWED_ORIGINS"):
            values["allowed_origins"] = split_list(env["MAJIANG_ALLOWED_ORIGINS"])
        if env.get("MAJIANG_CLUSTER"):
            values["cluster_name"] = env["MAJIANG_CLUSTER"]
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]
