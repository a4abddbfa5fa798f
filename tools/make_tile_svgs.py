"""Generate the browser client's tile images: majiang/web/tiles/{1m..9m,1p..,1s..,1z..7z,back}.svg.

Run once (the output is committed): `.venv/bin/python tools/make_tile_svgs.py`.
Needs `fonttools` (the `dev` extra) and Debian's `fonts-noto-cjk`. The Chinese glyphs are copied
as outlines (SVG paths) from Noto Serif CJK SC Bold, so the tiles need no font at run time and look
the same on every machine. Dots and bamboo are drawn as plain shapes.

Noto Serif CJK is Copyright 2017 Adobe (http://www.adobe.com/), licensed under the SIL Open Font
License 1.1 (https://openfontlicense.org); the outlines in the generated files carry that notice.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTCollection, TTFont

FONT_FILE = "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc"
FONT_NAME = "Noto Serif CJK SC Bold"
W, H = 60, 80
BLUE, GREEN, RED, INK = "#1f4fa0", "#1c7a3a", "#c0262d", "#1b1b2f"
NUMERALS = "一二三四五六七八九"
HONORS = (("东", INK), ("南", INK), ("西", INK), ("北", INK), ("白", BLUE), ("发", GREEN),
          ("中", RED))
LICENCE = (f"Glyph outlines from {FONT_NAME}, Copyright 2017 Adobe, "
           "SIL Open Font License 1.1 (https://openfontlicense.org).")

Box = tuple[float, float, float, float]


def num(v: float) -> str:
    """Short number text for path data."""
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


class Glyphs:
    """Outlines of single characters from one font, placed into boxes as SVG paths."""

    def __init__(self, font: TTFont) -> None:
        self.cmap = font.getBestCmap()
        self.glyphs = font.getGlyphSet()

    def bounds(self, ch: str) -> tuple[float, float, float, float]:
        bp = BoundsPen(self.glyphs)
        self.glyphs[self.cmap[ord(ch)]].draw(bp)
        if bp.bounds is None:
            raise ValueError(f"glyph {ch!r} has no outline")
        x0, y0, x1, y1 = bp.bounds
        return float(x0), float(y0), float(x1), float(y1)

    def path(self, ch: str, box: Box, fill: str, ref: str | None = None) -> str:
        """An SVG <path> of `ch` fitted into `box` (x, y, w, h), centred, keeping proportions.

        With `ref`, the scale is the one that fits `ref` into the box (same size for a series)."""
        glyph = self.glyphs[self.cmap[ord(ch)]]
        x0, y0, x1, y1 = self.bounds(ch)
        r0, s0, r1, s1 = self.bounds(ref or ch)
        bx, by, bw, bh = box
        scale = min(bw / (r1 - r0), bh / (s1 - s0))
        ox = bx + (bw - (x1 - x0) * scale) / 2 - x0 * scale
        oy = by + (bh - (y1 - y0) * scale) / 2 + y1 * scale
        sp = SVGPathPen(self.glyphs, ntos=num)
        glyph.draw(TransformPen(sp, (scale, 0, 0, -scale, ox, oy)))
        return f'<path fill="{fill}" d="{sp.getCommands()}"/>'


def face(body: str, comment: str = "") -> str:
    """A whole tile: ivory face with an edge, and the body drawn on it."""
    note = f"<!-- {comment} -->\n" if comment else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">\n'
        f"{note}"
        f'<rect x="0.5" y="0.5" width="{W - 1}" height="{H - 1}" rx="7" fill="#d8cfb8" '
        f'stroke="#8d846e"/>\n'
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 5}" rx="6" fill="#fdfbf3"/>\n'
        f"{body}\n</svg>\n"
    )


def dot(x: float, y: float, r: float, color: str) -> str:
    """One circle of the dots suit: a coloured disc with a white ring and a centre."""
    return (
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{color}"/>'
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r * 0.68)}" fill="none" stroke="#fff" '
        f'stroke-width="{num(max(r * 0.16, 0.8))}"/>'
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r * 0.25)}" fill="#fff"/>'
    )


# Dots: (x, y, colour) per circle, and the radius, per number.
_B, _G, _R = BLUE, GREEN, RED
DOTS: dict[int, tuple[float, list[tuple[float, float, str]]]] = {
    2: (11, [(30, 21, _G), (30, 55, _B)]),
    3: (9.5, [(14, 13, _B), (30, 38, _R), (46, 63, _G)]),
    4: (10, [(18, 21, _B), (42, 21, _G), (18, 55, _G), (42, 55, _B)]),
    5: (9, [(16, 17, _B), (44, 17, _G), (30, 38, _R), (16, 59, _G), (44, 59, _B)]),
    6: (8.5, [(19, 14, _G), (41, 14, _G), (19, 40, _R), (41, 40, _R), (19, 62, _R),
              (41, 62, _R)]),
    7: (7.3, [(13, 11, _G), (30, 20, _G), (47, 29, _G), (19, 46, _R), (41, 46, _R),
              (19, 64, _R), (41, 64, _R)]),
    8: (7.6, [(19, y, _B) for y in (11, 29, 47, 65)] + [(41, y, _B) for y in (11, 29, 47, 65)]),
    9: (7.6, [(x, y, c) for y, c in ((14, _B), (38, _R), (62, _G)) for x in (13, 30, 47)]),
}


def dots_tile(n: int) -> str:
    if n == 1:
        body = (f'<circle cx="30" cy="38" r="21" fill="{GREEN}"/>'
                f'<circle cx="30" cy="38" r="17" fill="#fff"/>'
                f'<circle cx="30" cy="38" r="14" fill="{RED}"/>'
                f'<circle cx="30" cy="38" r="9" fill="none" stroke="#fff" stroke-width="2"/>'
                f'<circle cx="30" cy="38" r="4" fill="{BLUE}"/>')
    else:
        r, spots = DOTS[n]
        body = "".join(dot(x, y, r, c) for x, y, c in spots)
    return face(body)


def stick(x: float, y: float, h: float, color: str, w: float = 6.0) -> str:
    """One bamboo stick centred at (x, y): a rounded bar with three joints."""
    top = y - h / 2
    joints = "".join(
        f'<rect x="{num(x - w / 2 - 0.6)}" y="{num(jy - 1)}" width="{num(w + 1.2)}" height="2" '
        f'rx="1" fill="{color}"/>'
        for jy in (top + 1.5, y, top + h - 1.5)
    )
    return (f'<rect x="{num(x - w / 2)}" y="{num(top)}" width="{num(w)}" height="{num(h)}" '
            f'rx="{num(w / 2)}" fill="{color}" fill-opacity="0.85"/>'
            f'<line x1="{num(x)}" y1="{num(top + 3)}" x2="{num(x)}" y2="{num(top + h - 3)}" '
            f'stroke="#fff" stroke-width="1" stroke-opacity="0.7"/>{joints}')


# Bamboo: (x, y, colour) per stick and the stick height, per number.
BAMBOO: dict[int, tuple[float, list[tuple[float, float, str]]]] = {
    2: (28, [(30, 20, _G), (30, 56, _B)]),
    3: (28, [(30, 20, _G), (19, 56, _G), (41, 56, _G)]),
    4: (28, [(19, 20, _G), (41, 20, _B), (19, 56, _B), (41, 56, _G)]),
    5: (20, [(15, 16, _G), (45, 16, _B), (30, 38, _R), (15, 60, _B), (45, 60, _G)]),
    6: (28, [(x, y, _G) for y in (20, 56) for x in (14, 30, 46)]),
    7: (18, [(30, 13, _R)] + [(x, y, _G) for y in (38, 62) for x in (14, 30, 46)]),
    8: (28, [(x, y, _G) for y in (20, 56) for x in (11, 23.5, 36.5, 49)]),
    9: (18, [(x, y, _R if x == 30 else _G) for y in (14, 38, 62) for x in (14, 30, 46)]),
}


def bamboo_tile(n: int) -> str:
    if n == 1:
        # The one of bamboo: one tall stick flanked by leaves, red joints.
        body = (stick(30, 38, 60, GREEN, w=10)
                + f'<path d="M30 22 C16 18 10 28 12 36 C20 32 26 28 30 22Z" fill="{GREEN}"/>'
                + f'<path d="M30 22 C44 18 50 28 48 36 C40 32 34 28 30 22Z" fill="{GREEN}"/>'
                + f'<circle cx="30" cy="38" r="5" fill="{RED}"/>')
    else:
        h, spots = BAMBOO[n]
        w = 5.0 if n == 8 else 6.0
        body = "".join(stick(x, y, h, c, w) for x, y, c in spots)
    return face(body)


def back_tile() -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">\n'
        f'<rect x="0.5" y="0.5" width="{W - 1}" height="{H - 1}" rx="7" fill="#1f6f4a" '
        f'stroke="#134a30"/>\n'
        f'<rect x="5" y="5" width="{W - 10}" height="{H - 12}" rx="4" fill="none" '
        f'stroke="#7fc4a0" stroke-width="1.5"/>\n'
        '<path d="M30 20 L44 38 L30 56 L16 38Z" fill="none" stroke="#7fc4a0" '
        'stroke-width="1.5"/>\n'
        "</svg>\n"
    )


def all_tiles(glyphs: Glyphs) -> dict[str, str]:
    """File stem -> SVG text for every tile kind and the back."""
    out: dict[str, str] = {}
    for n in range(1, 10):
        out[f"{n}m"] = face(
            glyphs.path(NUMERALS[n - 1], (10, 7, 40, 28), INK, ref="四")
            + glyphs.path("万", (9, 39, 42, 32), RED),
            LICENCE,
        )
        out[f"{n}p"] = dots_tile(n)
        out[f"{n}s"] = bamboo_tile(n)
    for i, (ch, color) in enumerate(HONORS, start=1):
        body = glyphs.path(ch, (8, 12, 44, 52), color)
        if ch == "白":
            body = (f'<rect x="7" y="8" width="46" height="60" rx="3" fill="none" stroke="{BLUE}" '
                    f'stroke-width="2.5"/>' + glyphs.path(ch, (14, 18, 32, 40), BLUE))
        out[f"{i}z"] = face(body, LICENCE)
    out["back"] = back_tile()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--font", default=FONT_FILE, help="Noto Serif CJK collection (.ttc)")
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent.parent
                                          / "majiang" / "web" / "tiles"))
    args = ap.parse_args(argv)
    collection = TTCollection(args.font)
    fonts = [f for f in collection.fonts if f["name"].getDebugName(4) == FONT_NAME]
    if not fonts:
        print(f"{FONT_NAME} not found in {args.font}", file=sys.stderr)
        return 1
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for stem, svg in all_tiles(Glyphs(fonts[0])).items():
        (out / f"{stem}.svg").write_text(svg, encoding="utf-8")
    print(f"wrote {len(list(out.glob('*.svg')))} tiles to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
