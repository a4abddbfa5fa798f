"""The tile images: one self-contained SVG per tile kind, glyphs as paths, never as text."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from majiang.tiles import ALL_KINDS, tile_name

TILES = Path(__file__).resolve().parents[2] / "majiang" / "web" / "tiles"
SVG = "{http://www.w3.org/2000/svg}"
STEMS = [tile_name(k) for k in ALL_KINDS] + ["back"]


@pytest.mark.parametrize("stem", STEMS)
def test_tile_svg_is_self_contained(stem: str) -> None:
    root = ET.parse(TILES / f"{stem}.svg").getroot()
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 60 80"
    tags = {el.tag.removeprefix(SVG) for el in root.iter()}
    assert "text" not in tags and "tspan" not in tags and "image" not in tags
    assert "use" not in tags  # no references to anything outside the file


def test_every_tile_kind_has_an_image() -> None:
    assert sorted(p.stem for p in TILES.glob("*.svg")) == sorted(STEMS)
    assert len(STEMS) == 35


def test_glyph_tiles_carry_the_font_licence() -> None:
    for stem in [*(f"{n}m" for n in range(1, 10)), *(f"{n}z" for n in range(1, 8))]:
        text = (TILES / f"{stem}.svg").read_text(encoding="utf-8")
        assert "SIL Open Font License" in text
        assert "<path" in text
