"""`efficient`: plays for speed to a win, from its view alone.

Takes every legal win; discards the tile that leaves the lowest shanten with the most unseen
copies of the tiles that improve it (unseen = the ruleset's copies minus every tile the view
shows); makes a kong when it does not raise shanten, a pung or chow when it lowers shanten.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from majiang.analysis import Shape, acceptance, compiled, shanten
from majiang.analysis.accept import lowest_discards
from majiang.bots.base import as_view
from majiang.game.actions import (
    CHOW,
    DECLARE,
    DECLARES,
    DISCARD,
    DISCARDS,
    KONG,
    PASS,
    PASS_ACTION,
    PUNG,
    WIN,
    WIN_ACTION,
    Action,
)
from majiang.game.seat_view import SeatView
from majiang.rules import get_ruleset
from majiang.rules.base import MELD_KINDS, ONE_TILE_MELDS, Ruleset
from majiang.tiles import TERMINALS_AND_HONORS


@cache
def _ruleset(rules_id: str) -> Ruleset:
    return get_ruleset(rules_id)


def unseen_counts(view: SeatView, ruleset: Ruleset) -> list[int]:
    """Copies of each kind the seat has not seen: not in its hand, any meld, discard or reveal."""
    return unseen_of(seen_record(view, ruleset))


def seen_record(view: SeatView, ruleset: Ruleset) -> bytes:
    """The ruleset's copies of each kind (34 bytes), then every tile the seat has seen: its
    hand, every meld, discard and reveal (what `unseen_of` takes off; the compiled kernel
    reads it as it is)."""
    seen = list(view.hand)
    for seat in view.seats:
        for meld in seat.melds:
            seen += meld.tiles
        seen += seat.discards
        if seat.revealed and seat.seat != view.seat:
            seen += seat.revealed
    if view.indicator is not None:  # wuhan: the turned-up indicator is dead
        seen.append(view.indicator)
    if view.kong_tile is not None:
        seen.append(view.kong_tile.tile)
    return _copies(ruleset) + bytes(seen)


def unseen_of(record: bytes) -> list[int]:
    """The unseen copies of each kind from a `seen_record` (never below 0)."""
    unseen = list(record[:34])
    for t in record[34:]:
        unseen[t] -= 1
    return [n if n > 0 else 0 for n in unseen]


_KINDS = range(34)


@cache
def _copies(ruleset: Ruleset) -> bytes:
    """The ruleset's copies of each kind (0: not in its tile set)."""
    return bytes(ruleset.copies if t in ruleset.kinds else 0 for t in _KINDS)


def improving_candidates(counts: list[int], shapes: Shape) -> list[int]:
    """Kinds whose draw might lower shanten: neighbours of held tiles (and the orphans)."""
    near = set()
    for t in range(34):
        if counts[t]:
            if t >= 27:
                near.add(t)
            else:
                low = t - t % 9
                near.update(range(max(low, t - 2), min(low + 8, t + 2) + 1))
    if shapes & Shape.THIRTEEN_ORPHANS:
        near.update(TERMINALS_AND_HONORS)
    return sorted(near)


def best_discard(counts: list[int], discards: list[int], unseen: list[int] | bytes,
                 shapes: Shape) -> tuple[int, int]:
    """(shanten after, discard): lowest shanten, then most unseen improving tiles, then the
    first of `discards`. `unseen`: the counts, or a `seen_record`.

    Improving tiles are counted only next to held tiles (and the orphans), as
    `improving_candidates` says; one acceptance table pass gives every discard's shanten
    and the better draws of the tied ones (`lowest_discards`);
    (`best_discard_slow` is the same choice, a shanten call per discard and draw).
    """
    bits = int(shapes)
    try:
        b = bytes(counts)
    except ValueError:  # a negative count: only the reference answers
        b = b""
    if bits & 1 and b and compiled.ready():
        got = compiled.best_discard(b, discards, unseen, bits)
        if got is not None:
            return got
    if isinstance(unseen, bytes):
        unseen = unseen_of(unseen)
    if (not bits & 1 or sum(b) % 3 != 2 or max(b) > 4
            or not all(map(b.__getitem__, discards))):
        return best_discard_slow(counts, discards, unseen, shapes)
    wanted = 0
    for d in discards:
        wanted |= 1 << d
    low, masks = lowest_discards(b, bits, wanted)
    tied = [d for d in discards if d in masks]
    if len(tied) == 1:
        return low, tied[0]
    near = _near(counts, shapes)
    best_count, best = -1, tied[0]
    for d in tied:
        mask = masks[d] & near
        if counts[d] == 1:  # its neighbours may no longer be near a held tile
            lo, hi = _SUIT_OF[d]
            whole = (1 << hi - lo) - 1 << lo
            inside = _near_suit(b[lo:d] + b"\0" + b[d + 1:hi]) << lo
            if shapes & Shape.THIRTEEN_ORPHANS:
                inside |= _ORPHAN_BITS & whole
            mask &= ~whole | inside
        count = 0
        while mask:
            bit = mask & -mask
            count += unseen[bit.bit_length() - 1]
            mask ^= bit
        if count > best_count:
            best_count, best = count, d
    return low, best


_NEAR: dict[bytes, int] = {}
_ORPHAN_BITS = sum(1 << t for t in TERMINALS_AND_HONORS)
_SUITS = ((0, 9), (9, 18), (18, 27), (27, 34))
_SUIT_OF = tuple(_SUITS[t // 9 if t < 27 else 3] for t in range(34))


def _near_suit(key: bytes) -> int:
    """The kinds of one suit within two of a held tile (honours: the held ones), as a mask."""
    got = _NEAR.get(key)
    if got is None:
        got = 0
        for i, c in enumerate(key):
            if c:
                if len(key) == 7:
                    got |= 1 << i
                else:
                    for j in range(max(0, i - 2), min(8, i + 2) + 1):
                        got |= 1 << j
        _NEAR[key] = got
    return got


def _near(counts: list[int], shapes: Shape) -> int:
    """`improving_candidates` as a bit mask (per-suit masks cached)."""
    mask = 0
    for lo, hi in _SUITS:
        mask |= _near_suit(bytes(counts[lo:hi])) << lo
    if shapes & Shape.THIRTEEN_ORPHANS:
        mask |= _ORPHAN_BITS
    return mask


def best_discard_slow(counts: list[int], discards: list[int], unseen: list[int],
                      shapes: Shape) -> tuple[int, int]:
    """`best_discard` by shanten calls: the reference it is tested against."""
    after = {}
    for d in discards:
        counts[d] -= 1
        after[d] = shanten(counts, shapes=shapes)
        counts[d] += 1
    low = min(after.values())
    tied = [d for d in discards if after[d] == low]
    if len(tied) == 1:
        return low, tied[0]
    best_count, best = -1, tied[0]
    for d in tied:
        counts[d] -= 1
        count = 0
        for t in improving_candidates(counts, shapes):
            if counts[t] >= 4 or t == d or not unseen[t]:
                continue
            counts[t] += 1
            if shanten(counts, shapes=shapes) < low:
                count += unseen[t]
            counts[t] -= 1
        counts[d] += 1
        if count > best_count:
            best_count, best = count, d
    return low, best


FROZEN_SINGLES = frozenset(k for k in ONE_TILE_MELDS if not MELD_KINDS[k].kong)  # 拾 / 搶


class EfficientBot:
    name = "efficient"
    uses_view = True

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed

    def choose(self, view: SeatView | Mapping[str, Any] | None, legal: list[Action]) -> Action:
        """The choice from the seat's view (a JSON view is parsed first)."""
        types = {a.type for a in legal}
        if WIN in types and WIN_ACTION in legal:
            return WIN_ACTION
        view = as_view(view)
        if view is None:
            raise ValueError("the efficient bot needs its view")
        ruleset = _ruleset(view.rules)
        counts = list(view.counts)
        shapes = ruleset.shapes
        singles = [m.tile for m in view.me.melds if m.kind in FROZEN_SINGLES]
        if singles:  # jincheng 3.3: 拾 / 搶 tiles belong to a thirteen-orphans hand
            for t in singles:
                counts[t] += 1
            shapes = Shape.THIRTEEN_ORPHANS
        if PASS not in types or PASS_ACTION not in legal:  # a turn (a claim can be passed)
            return self._turn(view, ruleset, counts, legal, shapes, types)
        return self._claim(view, ruleset, counts, legal, shapes)

    def _turn(self, view: SeatView, ruleset: Ruleset, counts: list[int],
              legal: list[Action], shapes: Shape, types: set[str]) -> Action:
        discards = [a.tile for a in legal if a.type == DISCARD and a.tile is not None]
        if not discards:  # wuhan 2.3: every tile special, only its kongs are legal
            return next((a for a in legal if a.type == KONG), legal[0])
        best_shanten, best = best_discard(counts, discards, seen_record(view, ruleset), shapes)
        for action in legal if KONG in types else ():
            if action.type == KONG and action.tile is not None:
                after = list(counts)
                after[action.tile] -= 4 if action.kind == "concealed_kong" else 1
                if shanten(after, shapes=shapes) <= best_shanten:
                    return action
        if DECLARE in types and DECLARES[best] in legal:  # ready: declare (亮倒 doubles the win)
            return DECLARES[best]
        return DISCARDS[best]

    def _claim(self, view: SeatView, ruleset: Ruleset, counts: list[int],
               legal: list[Action], shapes: Shape) -> Action:
        now = shanten(counts, shapes=shapes)
        for action in legal:
            tile = action.tile
            if action.type == KONG and tile is not None:
                after = list(counts)
                after[tile] -= 3
                if shanten(after, shapes=shapes) <= now:
                    return action
            elif action.type in (PUNG, CHOW):
                after = list(counts)
                if action.type == PUNG and tile is not None:
                    after[tile] -= 2
                else:
                    assert view.last_discard is not None  # a chow claims the last discard
                    claimed = view.last_discard.tile
                    for t in action.tiles or ():
                        if t != claimed:
                            after[t] -= 1
                best = acceptance(after, shapes=shapes, kinds=ruleset.kinds)[0]
                if best.shanten < now:
                    return action
        return PASS_ACTION
