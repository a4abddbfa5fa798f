"""The layout tests' `server` and `browser` fixtures for the browser modules that do not define
their own (test_layout and test_e2e keep theirs).

Every browser module's server copies this environment: its tables drain for at most a second
on SIGTERM (a fixture stops its server with SIGTERM and waits 10 s; the default drain of 30 s
lets the bots' hand in play run on past that)."""

import os
import sys
from pathlib import Path

# the server tests' helpers (server_process, server_player), for a browser module run alone
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from test_layout import browser, server  # noqa: F401

os.environ.setdefault("MAJIANG_DRAIN_SECONDS", "1")
