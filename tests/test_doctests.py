"""The examples in module docstrings are tests too."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["majiang", "majiang.tiles", "majiang.economy", "majiang.scoring"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0
