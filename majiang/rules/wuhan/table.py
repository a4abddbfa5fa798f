"""wuhan: the table around a winner (laizi, 赖子皮, the losers' states from `others`) and the
request checks (sections 2, 9, 10.4 of docs/rules/wuhan.md); the engine and the bots use these."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from majiang.rules.base import MELD_KINDS, RequestError, WinRequest
from majiang.tiles import Tile, tile_name

RED: Tile = 33  # 红中
HONOUR_CYCLE: tuple[Tile, ...] = (27, 28, 29, 30, 32, 31)  # 东 南 西 北 发 白, then 东 again
SPECIAL_KONGS = ("red_kong", "pi_kong", "laizi_kong")
KONGS = ("exposed_kong", "added_kong", "concealed_kong", *SPECIAL_KONGS)
OPENING = frozenset(("chow", "pung", "exposed_kong", "added_kong"))
CAP, GOLD, GOLD_UNOPENED, THREE_SUNS, MINIMUM = 600, 800, 1600, 3200, 64
KONG_KEYS = ("red", "laizi", "pi", "exposed", "concealed")



def is_gold_win(request: dict[str, Any], answer: dict[str, Any]) -> bool:
    """Whether a scored win was a 金顶 (section 7.3; the engine's memory for 连金, 7.4 and 8).

    The winner receives the sum of the capped amounts (liability moves who pays, not how much):
    at most 3 x 600 without a 金顶, at least 3 x 800 with one, each doubled alike by 连赖.
    """
    if not answer.get("win"):
        return False
    received = int(answer["payments"][int(request["winner"])])
    if "repeat_laizi" in request.get("flags", ()):
        received //= 2
    return received >= (len(answer["payments"]) - 1) * GOLD  # every loser pays 800 or more

def loser_entry(kinds: Sequence[str], concealed: Sequence[Tile] | None, no_rain: bool = False,
                special: frozenset[Tile] = frozenset()) -> dict[str, Any]:
    """One loser's entry of a request's `others` (section 10.4), the form `_losers` reads: whether
    he has opened and his kongs by kind, from his melds' kinds (public: any seat can build it),
    下雨, and for the discarder of the winning tile (`concealed` given) whether every tile he holds
    is a plain 2-5-8 (满手全是将)."""
    entry: dict[str, Any] = {
        "opened": any(MELD_KINDS[k].claimed for k in kinds),
        "kongs": {
            "red": kinds.count("red_kong"), "laizi": kinds.count("laizi_kong"),
            "pi": kinds.count("pi_kong"),
            "exposed": kinds.count("exposed_kong") + kinds.count("added_kong"),
            "concealed": kinds.count("concealed_kong"),
        },
        "no_rain": no_rain,
    }
    if concealed is not None:
        entry["all_jiang"] = all(is_jiang(t) and t not in special for t in concealed)
    return entry


# ---------------------------------------------------------------------------------------------
# Laizi and 赖子皮 (section 2.1); the engine uses these too


def next_kind(tile: Tile) -> Tile:
    """The kind after `tile` in the laizi order (9 wraps to 1; 东南西北发白东; 红中 gives 发)."""
    if tile < 27:
        return tile - tile % 9 + (tile % 9 + 1) % 9
    if tile == RED:
        return 32
    return HONOUR_CYCLE[(HONOUR_CYCLE.index(tile) + 1) % len(HONOUR_CYCLE)]


def previous_kind(tile: Tile) -> Tile:
    """The kind before `tile` in the laizi order (before 红中: 北)."""
    if tile < 27:
        return tile - tile % 9 + (tile % 9 - 1) % 9
    if tile == RED:
        return 30
    return HONOUR_CYCLE[(HONOUR_CYCLE.index(tile) - 1) % len(HONOUR_CYCLE)]


def laizi_for(indicator: Tile) -> Tile:
    """The laizi kind a turned-up indicator gives."""
    return next_kind(indicator)


def pi_kinds(indicator: Tile) -> frozenset[Tile]:
    """The 赖子皮 kinds: the indicator's own kind (前赖子) and the kind before it (后赖子)."""
    return frozenset((indicator, previous_kind(indicator)))


def is_jiang(tile: Tile) -> bool:
    """A 2, 5 or 8 of a suit."""
    return tile < 27 and tile % 9 in (1, 4, 7)


def is_feng(tile: Tile) -> bool:
    """An honour of 风一色: 东南西北白发 (the red dragon never stays in a hand)."""
    return 27 <= tile < RED


# ---------------------------------------------------------------------------------------------
# The table around the winner: laizi, 赖子皮 and the losers' states


@dataclass(frozen=True)
class Loser:
    """One loser's state from `others` (section 10.4)."""

    opened: bool = False
    red: int = 0
    laizi: int = 0
    pi: int = 0
    exposed: int = 0
    concealed: int = 0
    no_rain: bool = False
    all_jiang: bool = False

    @property
    def kong_exponent(self) -> int:
        """His kongs as a power of 2: x2 each red, 皮 and exposed; x4 each laizi and concealed."""
        return self.red + self.pi + self.exposed + 2 * self.laizi + 2 * self.concealed


@dataclass(frozen=True)
class Table:
    laizi: Tile
    indicator: Tile
    pi: frozenset[Tile]
    losers: dict[int, Loser]


def read_table(req: WinRequest) -> Table:
    """Resolve laizi and indicator, check the wuhan-specific fields, read `others`."""
    if req.players != 4:
        raise RequestError("players", f"wuhan is played by 4, not {req.players}")
    laizi, indicator = req.laizi, req.indicator
    if laizi == RED:
        raise RequestError("laizi", "the red dragon 红中 (7z) is never the laizi")
    if indicator is not None:
        if laizi is not None and laizi_for(indicator) != laizi:
            raise RequestError(
                "indicator",
                f"indicator {tile_name(indicator)} gives laizi {tile_name(laizi_for(indicator))}, "
                f"not {tile_name(laizi)}",
            )
        laizi = laizi_for(indicator)
    elif laizi is not None:
        indicator = previous_kind(laizi)
    if laizi is None or indicator is None:
        raise RequestError("laizi", "missing: a wuhan request names the laizi (or the indicator)")
    pi = pi_kinds(indicator)
    _check_melds(req, laizi, pi)
    if req.all_tiles[indicator] > 3:
        raise RequestError(
            "hand", f"more than 3 tiles of the indicator kind {tile_name(indicator)} "
            "(the fourth is the turned-up indicator)",
        )
    if req.win_type == "robbing_kong" and req.all_tiles[req.win_tile] != 1:
        raise RequestError(
            "win_tile", "a robbed kong's other three tiles are the konger's pung, so the winner "
            "cannot hold that kind",
        )
    if "kong_replacement" in req.flags:
        if not req.self_drawn:
            raise RequestError("flags", "kong_replacement (杠开) needs a self_drawn win")
        if not any(m.kind in KONGS for m in req.melds):
            raise RequestError("flags", "kong_replacement (杠开) needs a kong among the melds")
    return Table(laizi, indicator, pi, _losers(req))


def _check_melds(req: WinRequest, laizi: Tile, pi: frozenset[Tile]) -> None:
    previous_seat = (req.winner - 1) % req.players
    for i, meld in enumerate(req.melds):
        where = f"melds[{i}]"
        if meld.kind in SPECIAL_KONGS:
            if meld.source is not None:
                raise RequestError(
                    f"{where}.from", f"a {meld.kind} has no feeder: from must be null"
                )
            want = {
                "red_kong": meld.tile == RED,
                "laizi_kong": meld.tile == laizi,
                "pi_kong": meld.tile in pi and meld.tile != RED,
            }[meld.kind]
            if not want:
                what = {
                    "red_kong": "the red dragon 7z",
                    "laizi_kong": f"the laizi {tile_name(laizi)}",
                    "pi_kong": "a 赖子皮 kind: "
                    + " or ".join(tile_name(t) for t in sorted(pi) if t != RED),
                }[meld.kind]
                raise RequestError(f"{where}.tiles", f"a {meld.kind} is one tile of {what}")
            continue
        bad = sorted({t for t in meld.tiles if t in (RED, laizi) or t in pi})
        if bad:
            raise RequestError(
                f"{where}.tiles", "a declared set never holds a red dragon, laizi or 赖子皮 tile: "
                + ", ".join(tile_name(t) for t in bad),
            )
        if meld.kind == "chow" and meld.source is not None and meld.source != previous_seat:
            raise RequestError(
                f"{where}.from", f"a chow is taken from the previous seat ({previous_seat}) only"
            )


def _count(entry: dict[str, Any], key: str, where: str) -> int:
    value = entry.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RequestError(where, f"{key} must be a whole number >= 0, got {value!r}")
    return value


def _flag(entry: dict[str, Any], key: str, where: str) -> bool:
    value = entry.get(key, False)
    if not isinstance(value, bool):
        raise RequestError(where, f"{key} must be true or false, got {value!r}")
    return value


def _losers(req: WinRequest) -> dict[int, Loser]:
    seats = {str(s) for s in range(req.players)}
    for key in req.others:
        if key not in seats:
            raise RequestError("others", f"keys are seats '0'..'{req.players - 1}', got {key!r}")
    losers = {}
    for seat in range(req.players):
        if seat == req.winner:
            continue
        entry = req.others.get(str(seat), {})
        where = f"others.{seat}"
        kongs = entry.get("kongs") or {}
        if not isinstance(kongs, dict):
            raise RequestError(f"{where}.kongs", 'expected an object like {"red": 1}')
        unknown = sorted(set(kongs) - set(KONG_KEYS))
        if unknown:
            raise RequestError(
                f"{where}.kongs", f"unknown kong kinds {unknown}; known: {', '.join(KONG_KEYS)}"
            )
        counts = {k: _count(kongs, k, f"{where}.kongs") for k in KONG_KEYS}
        opened = entry.get("opened")
        if opened is None:
            opened = counts["exposed"] > 0
        elif not isinstance(opened, bool):
            raise RequestError(where, f"opened must be true or false, got {opened!r}")
        elif not opened and counts["exposed"]:
            raise RequestError(where, "an unopened player has no exposed kong (明杠 opens)")
        if req.win_type == "robbing_kong" and seat == req.discarder:
            if entry.get("opened") is False:
                raise RequestError(where, "the robbed player made a pung, so he has opened")
            opened = True
        losers[seat] = Loser(
            opened, counts["red"], counts["laizi"], counts["pi"], counts["exposed"],
            counts["concealed"], _flag(entry, "no_rain", where), _flag(entry, "all_jiang", where),
        )
    if sum(lo.no_rain for lo in losers.values()) > 1:
        raise RequestError("others", "no_rain marks only the first player who failed to 下雨")
    return losers

