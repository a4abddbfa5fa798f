"""The rulesets, one module each over the common interface of `majiang.rules.base`."""

from __future__ import annotations

import importlib

from majiang.rules.base import Ruleset
from majiang.shown import short

RULESET_IDS: tuple[str, ...] = ("tuidaohu", "yangzhou", "kawuxing", "jincheng", "wuhan")
_cache: dict[str, Ruleset] = {}


def available() -> list[str]:
    """Ids of the rulesets implemented in this build."""
    out = []
    for rid in RULESET_IDS:
        try:
            get_ruleset(rid)
        except KeyError:
            continue
        out.append(rid)
    return out


def register(ruleset: Ruleset) -> None:
    """Make `ruleset` known by its id (a ruleset defined outside this package, e.g. a test's)."""
    _cache[ruleset.id] = ruleset


def unregister(rules_id: str) -> None:
    """Forget a ruleset added with `register`."""
    if rules_id not in RULESET_IDS:
        _cache.pop(rules_id, None)


def get_ruleset(rules_id: str) -> Ruleset:
    """The ruleset object for an id such as 'tuidaohu'; KeyError names the known ids."""
    if rules_id in _cache:
        return _cache[rules_id]
    if rules_id not in RULESET_IDS:
        raise KeyError(f"unknown ruleset {short(rules_id, 40)}; known: {', '.join(RULESET_IDS)}")
    try:
        module = importlib.import_module(f"majiang.rules.{rules_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"majiang.rules.{rules_id}":
            raise
        raise KeyError(f"ruleset {rules_id!r} is not implemented yet") from None
    ruleset: Ruleset = module.RULESET
    _cache[rules_id] = ruleset
    return ruleset


__all__ = ["RULESET_IDS", "Ruleset", "available", "get_ruleset", "register", "unregister"]
