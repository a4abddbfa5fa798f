"""The wall: a seeded shuffle with a live end (normal draws) and a tail end (kong replacements).

Versioned RNG: the shuffle is `random.Random(f"majiang-v1:{seed}")` applied with `shuffle` to the
ruleset's full set in kind order (each kind `copies` times). Python guarantees string seeding and
`shuffle` stay stable across versions (random's seed version 2), so a record deals the same wall on
every Python >= 3.2. A change to the deal gets a new version string; old records keep theirs:

- "majiang-v1": kong replacements are taken from the last tile backwards, in every ruleset.
- "majiang-v2": the same shuffle; rulesets whose wall is built in stacks of two
  (jincheng section 1) take replacements as the physical tail gives them: the top then the bottom
  tile of the last stack, then of the stack before it (`w[134], w[135], w[132], w[133], ...`).
- "majiang-v3" (current): as v2, and the dice that open the wall are rolled from the seed and
  shown in the `start` event (`game.dice`); v1 and v2 hands had no dice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from majiang.tiles import Tile

RNG_VERSION = "majiang-v3"
RNG_VERSIONS = ("majiang-v1", "majiang-v2", RNG_VERSION)
SEED_KEY = "majiang-v1"  # every version so far shuffles (and draws the first dealer) alike


def check_version(version: str) -> None:
    if version not in RNG_VERSIONS:
        raise ValueError(f"unknown RNG version {version!r}: known {', '.join(RNG_VERSIONS)}")


def tail_by_stacks(version: str) -> bool:
    """Whether `version` takes a stacked wall's replacements top tile first, stack by stack."""
    check_version(version)
    return version != "majiang-v1"


def rolls_dice(version: str) -> bool:
    """Whether hands of `version` roll and show the dice (from majiang-v3 on)."""
    check_version(version)
    return version not in ("majiang-v1", "majiang-v2")


def shuffled_wall(tiles: Sequence[Tile], seed: str | int, version: str = RNG_VERSION) -> list[Tile]:
    """The wall in taking order: index 0 is the first normal draw; the tail is the last index."""
    check_version(version)
    wall = list(tiles)
    random.Random(f"{SEED_KEY}:{seed}").shuffle(wall)
    return wall


class Wall:
    """Tiles from `live` upward are drawn normally, tiles from `tail` downward replace kongs.

    `reserved` tiles at the tail end are never drawn normally (jincheng's 荒牌 tail); a ruleset may
    raise it during a hand. With `stacks` (a wall of 2-tile stacks, even length), the tail gives the
    top tile of its last stack first (`tiles[tail - 1]`), then the bottom one; the two swap places
    as the top is taken, so `tiles[live : tail + 1]` are always the undrawn tiles.
    """

    __slots__ = ("live", "reserved", "stacks", "tail", "tiles")

    def __init__(self, tiles: list[Tile], reserved: int = 0, stacks: bool = False) -> None:
        if stacks and len(tiles) % 2:
            raise ValueError(f"a wall of stacks of two needs an even number of tiles, not "
                             f"{len(tiles)}")
        self.tiles = tiles
        self.live = 0
        self.tail = len(tiles) - 1
        self.reserved = reserved
        self.stacks = stacks

    def left(self) -> int:
        """Tiles still drawable by normal draws (never into the reserved tail)."""
        if not self.reserved:
            return self.tail + 1 - self.live
        # a kong near the end may grow the reserved tail over tiles already drawn: none left
        return max(0, min(self.tail + 1, len(self.tiles) - self.reserved) - self.live)

    def tail_left(self) -> int:
        """Tiles still drawable as kong replacements."""
        return self.tail - self.live + 1

    def draw(self) -> Tile:
        tile = self.tiles[self.live]
        self.live += 1
        return tile

    def draw_tail(self) -> Tile:
        top = self.tail - 1
        if self.stacks and (len(self.tiles) - self.tail) % 2 and top >= self.live:
            # a whole stack at the tail: take its top tile, leave the bottom one as the next
            self.tiles[top], self.tiles[self.tail] = self.tiles[self.tail], self.tiles[top]
        tile = self.tiles[self.tail]
        self.tail -= 1
        return tile

    def remaining(self) -> list[Tile]:
        """The undrawn tiles (secret: never shown to a seat)."""
        return self.tiles[self.live : self.tail + 1]


def arranged_wall(
    tile_set: Sequence[Tile],
    hands: Sequence[Sequence[Tile] | None],
    dealer: int = 0,
    draws: Sequence[Tile] = (),
    tail: Sequence[Tile] = (),
    fill_seed: str | int = 0,
) -> list[Tile]:
    """A wall that deals `hands` (seat order; the dealer's has 14 tiles, the others 13; None: any
    tiles), then gives `draws` as the next normal draws and `tail` as the replacement draws; the
    rest is shuffled with `fill_seed`.

    For tests and puzzles: a hand built from an explicit wall (`Hand.new(..., wall=...)`).
    """
    for seat, tiles in enumerate(hands):
        want = 14 if seat == dealer else 13
        if tiles is not None and len(tiles) != want:
            raise ValueError(f"seat {seat} must be dealt {want} tiles, got {len(tiles)}")
    pool = list(tile_set)
    for tile in (*[t for h in hands if h is not None for t in h], *draws, *tail):
        try:
            pool.remove(tile)
        except ValueError:
            raise ValueError(f"no copy of tile {tile} left in the set") from None
    random.Random(f"fill:{fill_seed}").shuffle(pool)
    full: list[Sequence[Tile]] = []
    for seat, tiles in enumerate(hands):
        if tiles is None:
            want = 14 if seat == dealer else 13
            tiles, pool = pool[:want], pool[want:]
        full.append(tiles)
    return [*deal_order(full, dealer), *draws, *pool, *reversed(tail)]


def deal_order(hands: Sequence[Sequence[Tile]], dealer: int) -> list[Tile]:
    """The head of a wall that deals `hands` (seat order; the dealer's 14 tiles, the others' 13):
    three rounds of four tiles each from the dealer on, one tile each, the dealer's 14th."""
    n = len(hands)
    order = [(dealer + i) % n for i in range(n)]
    dealt: list[Tile] = []
    for rnd in range(3):
        for seat in order:
            dealt.extend(hands[seat][4 * rnd : 4 * rnd + 4])
    dealt.extend(hands[seat][12] for seat in order)
    dealt.append(hands[dealer][13])
    return dealt
