"""Tile notation: parse and format both ways, Chinese input, clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from majiang import tiles as T


def test_kinds_layout() -> None:
    assert T.tile_name(0) == "1m"
    assert T.tile_name(9) == "1p"
    assert T.tile_name(18) == "1s"
    assert T.tile_name(27) == "1z"
    assert T.tile_name(33) == "7z"


def test_parse_compact_notation() -> None:
    assert T.parse_tiles("123m456p11z") == [0, 1, 2, 12, 13, 14, 27, 27]
    assert T.format_tiles(T.parse_tiles("11z123m456p")) == "123m456p11z"


@pytest.mark.parametrize(
    ("chinese", "ascii_"),
    [
        ("一万", "1m"), ("九条", "9s"), ("五筒", "5p"), ("五饼", "5p"), ("九條", "9s"),
        ("東", "1z"), ("东", "1z"), ("南", "2z"), ("西", "3z"), ("北", "4z"),
        ("白", "5z"), ("发", "6z"), ("發", "6z"), ("中", "7z"), ("红中", "7z"), ("三萬", "3m"),
    ],
)
def test_chinese_input(chinese: str, ascii_: str) -> None:
    assert T.parse_tiles(chinese) == T.parse_tiles(ascii_)


def test_chinese_sequence_and_names() -> None:
    hand = T.parse_tiles("一万 二万 三万 五筒 发 中")
    assert T.format_tiles(hand) == "123m5p67z"
    assert T.format_chinese(hand) == "一万 二万 三万 五筒 发 中"
    assert T.english_name(T.parse_tile("5p")) == "5 Dots"
    assert [T.english_name(T.parse_tile(t)) for t in ("1p", "1m", "1s", "2s")] == [
        "1 Dot", "1 Character", "1 Bamboo", "2 Bamboo"]


@pytest.mark.parametrize(
    ("bad", "quoted"),
    [("123x", "123x"), ("0m", "0m"), ("8z", "8z"), ("123", "123"), ("1m?", "?")],
)
def test_errors_quote_the_bad_part(bad: str, quoted: str) -> None:
    with pytest.raises(T.TileError) as info:
        T.parse_tiles(bad)
    assert quoted in str(info.value)


def test_check_copies() -> None:
    T.check_copies(T.parse_tiles("1111m"))
    with pytest.raises(T.TileError, match="1m"):
        T.check_copies(T.parse_tiles("11111m"))


@given(st.lists(st.integers(0, 33), max_size=20))
def test_round_trip(tiles: list[int]) -> None:
    text = T.format_tiles(tiles)
    assert sorted(T.parse_tiles(text)) == sorted(tiles)
    assert T.parse_tiles(" ".join(T.chinese_name(t) for t in tiles)) == tiles
    assert T.from_counts(T.to_counts(tiles)) == sorted(tiles)
