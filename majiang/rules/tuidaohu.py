"""tuidaohu: push-down mahjong (推倒胡 / 屁胡), per docs/rules/tuidaohu.md.

4 players, 136 tiles, no chow, no wildcards. Any four sets and a pair win. Exactly one pattern
counts, by the hand's colour (mixed / hun / qing) and whether it can be read as all triplets:
屁胡 1, 对对胡 2, 混一色 2, 清一色 4, 混对对 4, 清对对 6. Self-drawn: each other seat pays the
value; discard or robbed kong: the discarder (konger) alone. 包牌: for a qing hand with three
claimed melds, the feeder of the third pays everything. Kong money: exposed 1 from the
discarder, added 1 from each other seat, concealed 2 from each other seat.

Decisions beyond the rules document: none; its section 9 decides every ambiguity.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from majiang.rules.base import (
    Pattern,
    Predicate,
    Reading,
    RequestError,
    Ruleset,
    WinRequest,
    colour,
)

ColourName = Literal["qing", "hun", "mixed"]


def _grid(col: ColourName, all_triplets: bool) -> Predicate:
    """The pattern of one cell of the colour x shape grid (section 5)."""

    def test(req: WinRequest, reading: Reading) -> int:
        return int(colour(req.all_tiles) == col and reading.all_triplets == all_triplets)

    return test


# id, 中文, English, value, colour, all triplets: one row per cell of the grid; exactly one matches.
_GRID: tuple[tuple[str, str, str, int, ColourName, bool], ...] = (
    ("pi_hu", "屁胡", "Basic win", 1, "mixed", False),
    ("dui_dui_hu", "对对胡", "All triplets", 2, "mixed", True),
    ("hun_yi_se", "混一色", "Half flush", 2, "hun", False),
    ("qing_yi_se", "清一色", "Full flush", 4, "qing", False),
    ("hun_dui_dui", "混对对", "Half flush all triplets", 4, "hun", True),
    ("qing_dui_dui", "清对对", "Full flush all triplets", 6, "qing", True),
)
LIABLE_PATTERNS = frozenset(("qing_yi_se", "qing_dui_dui"))


class Tuidaohu(Ruleset):
    id: ClassVar[str] = "tuidaohu"
    zh: ClassVar[str] = "推倒胡"
    en: ClassVar[str] = "Push-down"
    patterns: ClassVar[tuple[Pattern, ...]] = tuple(
        Pattern(pid, zh, en, value, _grid(col, trip)) for pid, zh, en, value, col, trip in _GRID
    )
    combine: ClassVar[Literal["best", "sum", "product"]] = "best"
    ignores: ClassVar[frozenset[str]] = frozenset(
        ("laizi", "indicator", "round_wind", "seat_wind", "others")
    )

    def kong_money(
        self, kind: str, konger: int, feeder: int | None, chain: int = 1
    ) -> list[int]:
        pay = [0] * self.players
        if kind == "exposed_kong":
            if feeder is None:
                raise ValueError("an exposed kong needs the seat whose discard was konged")
            pay[feeder] -= 1
            pay[konger] += 1
            return pay
        each = {"added_kong": 1, "concealed_kong": 2}[kind]
        for seat in range(self.players):
            if seat != konger:
                pay[seat] -= each
                pay[konger] += each
        return pay

    def validate(self, req: WinRequest) -> None:
        if req.players != 4:
            raise RequestError("players", f"tuidaohu is played by 4, not {req.players}")
        if req.win_type == "robbing_kong" and req.all_tiles[req.win_tile] != 1:
            raise RequestError(
                "win_tile",
                "a robbed kong's other three tiles are the konger's pung, so the winner cannot "
                "hold that kind",
            )

    def liable_seat(self, req: WinRequest, reading: Reading) -> int | None:
        """包牌: a qing hand with three claimed melds; the feeder of the third pays all."""
        counted = {p.id for p, _ in self.count_patterns(req, reading)}
        claimed = req.claimed_melds
        if not counted & LIABLE_PATTERNS or len(claimed) < 3:
            return None
        return claimed[2].source


RULESET = Tuidaohu()
