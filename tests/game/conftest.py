"""The `build` fixture: a tuidaohu hand dealt from an arranged wall (see engine_helpers)."""

from __future__ import annotations

import pytest
from engine_helpers import Build, build_hand


@pytest.fixture
def build() -> Build:
    return build_hand
