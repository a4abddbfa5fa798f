"""Tiles: the 34 kinds as small ints, the text notation, Chinese names, count vectors.

A tile kind is an int: 0-8 are 1m-9m (万 characters), 9-17 are 1p-9p (筒 dots), 18-26 are 1s-9s
(条 bamboo), 27-33 are 1z-7z (东 南 西 北 白 发 中). A hand is a list of kinds or a 34-long count
vector.

>>> parse_tiles("123m5z")
[0, 1, 2, 31]
>>> format_tiles([31, 2, 1, 0])
'123m5z'
>>> format_tiles(parse_tiles("一万 五筒 发"))
'1m5p6z'
>>> chinese_name(33)
'中'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from itertools import compress

Tile = int
Counts = list[int]

KINDS = 34
COPIES = 4
SUITS = "mpsz"
SUIT_SIZES = (9, 9, 9, 7)

MAN, PIN, SOU, HONOR = 0, 9, 18, 27
WINDS = tuple(range(27, 31))
DRAGONS = tuple(range(31, 34))
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
TERMINALS = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONORS = (*TERMINALS, *range(27, 34))
ALL_KINDS = tuple(range(KINDS))

_NUMERALS = "一二三四五六七八九"
_SUIT_CHINESE = ("万", "筒", "条")
_SUIT_ENGLISH = ("Characters", "Dots", "Bamboo")
_HONOR_CHINESE = ("东", "南", "西", "北", "白", "发", "中")
_HONOR_ENGLISH = ("East", "South", "West", "North", "White", "Green", "Red")

# Chinese input: every accepted spelling of a suit or an honour.
_CHINESE_SUITS = {"万": 0, "萬": 0, "筒": 1, "饼": 1, "餅": 1, "条": 2, "條": 2, "索": 2, "束": 2}
_CHINESE_HONORS = {
    "东": 27, "東": 27, "南": 28, "西": 29, "北": 30,
    "白": 31, "发": 32, "發": 32, "中": 33,
}
_CHINESE_DIGITS = {ch: i + 1 for i, ch in enumerate(_NUMERALS)}
_CHINESE_TOKEN = re.compile(
    r"([一二三四五六七八九1-9])([万萬筒饼餅条條索束])|红中|紅中|白板|发财|發財|([东東南西北白发發中])"
)
_ASCII_GROUP = re.compile(r"([0-9]+)([mpsz])")


class TileError(ValueError):
    """Bad tile notation, or an impossible hand (a fifth copy, a tile out of range)."""


def suit_of(tile: Tile) -> int:
    """0 m, 1 p, 2 s, 3 z."""
    return tile // 9 if tile < 27 else 3


def number_of(tile: Tile) -> int:
    """1-9 for suited tiles, 1-7 for honours."""
    return tile % 9 + 1 if tile < 27 else tile - 26


def is_honor(tile: Tile) -> bool:
    return tile >= HONOR


def is_terminal_or_honor(tile: Tile) -> bool:
    return tile >= HONOR or tile % 9 in (0, 8)


def make_tile(number: int, suit: str) -> Tile:
    """The kind of `number` in suit letter `suit` ('m', 'p', 's' or 'z')."""
    if suit not in SUITS:
        raise TileError(f"unknown suit {suit!r}: expected one of m, p, s, z")
    index = SUITS.index(suit)
    if not 1 <= number <= SUIT_SIZES[index]:
        raise TileError(f"'{number}{suit}': {suit} tiles run from 1 to {SUIT_SIZES[index]}")
    return index * 9 + number - 1


def tile_name(tile: Tile) -> str:
    """The notation of one tile: 0 -> '1m', 33 -> '7z'."""
    _check_kind(tile)
    return f"{number_of(tile)}{SUITS[suit_of(tile)]}"


def chinese_name(tile: Tile) -> str:
    """一万 .. 九条, 东 南 西 北 白 发 中."""
    _check_kind(tile)
    if tile >= HONOR:
        return _HONOR_CHINESE[tile - HONOR]
    return _NUMERALS[tile % 9] + _SUIT_CHINESE[tile // 9]


def english_run(tiles: Sequence[Tile]) -> str:
    """A sequence of one suit in words: '3-4-5 Dots' (other tiles: their names, joined)."""
    suits = {suit_of(t) for t in tiles}
    if len(suits) == 1 and min(tiles) < HONOR:
        return "-".join(str(t % 9 + 1) for t in tiles) + " " + _SUIT_ENGLISH[tiles[0] // 9]
    return ", ".join(english_name(t) for t in tiles)


def english_name(tile: Tile) -> str:
    """'3 Dots', '1 Dot', 'East', 'Red'."""
    _check_kind(tile)
    if tile >= HONOR:
        return _HONOR_ENGLISH[tile - HONOR]
    rank, suit = tile % 9 + 1, _SUIT_ENGLISH[tile // 9]
    return f"{rank} {suit if rank > 1 else suit.removesuffix('s')}"


def parse_tile(text: str) -> Tile:
    """Exactly one tile, in either notation."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileError(f"{text!r}: expected exactly one tile, got {len(tiles)}")
    return tiles[0]


def parse_tiles(text: str) -> list[Tile]:
    """Tiles from '123m456p11z', Chinese ('一万 五筒 发 中'), or a mix, in the order written.

    Spaces and commas are ignored. Anything else raises TileError quoting the offending part.
    """
    if not isinstance(text, str):
        raise TileError(f"tiles must be a string such as '123m11z', got {type(text).__name__}")
    tiles: list[Tile] = []
    pos = 0
    stripped = text.strip()
    while pos < len(stripped):
        ch = stripped[pos]
        if ch in " ,，、\t":
            pos += 1
            continue
        ascii_match = _ASCII_GROUP.match(stripped, pos)
        if ascii_match:
            digits, suit = ascii_match.groups()
            for digit in digits:
                try:
                    tiles.append(make_tile(int(digit), suit))
                except TileError as exc:
                    raise TileError(f"in {text!r}: {exc}") from None
            pos = ascii_match.end()
            continue
        chinese_match = _CHINESE_TOKEN.match(stripped, pos)
        if chinese_match:
            tiles.append(_chinese_tile(chinese_match))
            pos = chinese_match.end()
            continue
        bad = re.match(r"[^\s,，、]+", stripped[pos:])
        part = bad.group(0) if bad else ch
        if part[-1:].isdigit() or re.fullmatch(r"[0-9]+", part):
            raise TileError(f"in {text!r}: {part!r} has no suit letter (m, p, s or z)")
        raise TileError(f"in {text!r}: cannot read {part!r} as tiles")
    return tiles


def _chinese_tile(match: re.Match[str]) -> Tile:
    word = match.group(0)
    if word in ("红中", "紅中"):
        return RED
    if word == "白板":
        return WHITE
    if word in ("发财", "發財"):
        return GREEN
    if match.group(3):
        return _CHINESE_HONORS[match.group(3)]
    digit = match.group(1)
    number = int(digit) if digit.isdigit() else _CHINESE_DIGITS[digit]
    return _CHINESE_SUITS[match.group(2)] * 9 + number - 1


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Compact sorted notation: [31, 0, 1] -> '12m5z'. The empty hand is ''."""
    ordered = sorted(tiles)
    out: list[str] = []
    for suit_index, suit in enumerate(SUITS):
        numbers = "".join(str(number_of(t)) for t in ordered if suit_of(t) == suit_index)
        if numbers:
            out.append(numbers + suit)
    for t in ordered:
        _check_kind(t)
    return "".join(out)


def format_chinese(tiles: Iterable[Tile]) -> str:
    """Sorted Chinese names separated by spaces: '一万 二万 白'."""
    return " ".join(chinese_name(t) for t in sorted(tiles))


def to_counts(tiles: Iterable[Tile]) -> Counts:
    """A 34-long count vector."""
    counts = [0] * KINDS
    for t in tiles:
        _check_kind(t)
        counts[t] += 1
    return counts


_RUNS = tuple(tuple((t,) * n for n in range(COPIES + 1)) for t in range(KINDS))


def from_counts(counts: Sequence[int]) -> list[Tile]:
    """The sorted tiles of a count vector."""
    out: list[Tile] = []
    for t in compress(range(KINDS), counts):
        c = counts[t]
        out += _RUNS[t][c] if 0 <= c <= COPIES else (t,) * c
    return out


def check_copies(tiles: Iterable[Tile], limit: int = COPIES) -> None:
    """Raise TileError if any kind appears more than `limit` times."""
    counts = to_counts(tiles)
    extra = [tile_name(t) for t in range(KINDS) if counts[t] > limit]
    if extra:
        raise TileError(f"more than {limit} copies of {', '.join(extra)}")


def full_set(kinds: Iterable[Tile] = ALL_KINDS, copies: int = COPIES) -> list[Tile]:
    """Every tile of a set: each kind `copies` times (136 for all 34 kinds)."""
    return [t for t in kinds for _ in range(copies)]


def _check_kind(tile: Tile) -> None:
    if not isinstance(tile, int) or not 0 <= tile < KINDS:
        raise TileError(f"not a tile kind: {tile!r} (expected 0..33)")
