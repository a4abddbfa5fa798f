"""majiang: Chinese regional mahjong. Rules engine, scoring, simulator and table server.

>>> import majiang
>>> majiang.score({"rules": "tuidaohu", "win_type": "self_drawn", "hand": "123m456p789s23m55z",
...                "win_tile": "4m"})["payments"]
[3, -1, -1, -1]
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"


def score(request: dict[str, Any]) -> dict[str, Any]:
    """Answer one scoring request: the same as one line of `majiang score`."""
    from majiang.scoring import score as _score

    return _score(request)


__all__ = ["__version__", "score"]
