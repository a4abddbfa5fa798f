"""The server stays ruleset-agnostic and reaches the engine through one module.

That it never imports upwards (the simulator, the web client) is checked, with every other layer,
by tests/test_architecture.py from the import graph.
"""

from __future__ import annotations

import re
from pathlib import Path

import majiang.server

SERVER = Path(majiang.server.__file__).parent
RULESET_IDS = ("tuidaohu", "yangzhou", "kawuxing", "jincheng", "wuhan")


def sources() -> dict[str, str]:
    return {str(p.relative_to(SERVER)): p.read_text(encoding="utf-8") for p in SERVER.rglob("*.py")}


def test_no_ruleset_specifics_in_the_server() -> None:
    for name, text in sources().items():
        for rid in RULESET_IDS:
            assert rid not in text, f"{name} mentions {rid}"


def test_only_games_py_imports_the_engine() -> None:
    engine = re.compile(r"^\s*(from|import)\s+majiang\.(game|bots|rules|analysis|scoring)\b", re.M)
    for name, text in sources().items():
        if name != "games.py":
            assert not engine.search(text), f"{name} imports the engine directly"

