// Tiles on screen: notation helpers and <img> elements of our own SVGs.
const SUIT_ORDER = { m: 0, p: 1, s: 2, z: 3 };
const ZH_NUM = "一二三四五六七八九";
const ZH_SUIT = { m: "万", p: "筒", s: "条" };
const ZH_HONOR = ["东", "南", "西", "北", "白", "发", "中"];
const EN_SUIT = { m: "Characters", p: "Dots", s: "Bamboo" };
const EN_HONOR = ["East", "South", "West", "North", "White", "Green", "Red"];

/** "123m55z" -> ["1m", "2m", "3m", "5z", "5z"]; an array of single tiles is returned as is. */
export function splitTiles(text) {
  if (Array.isArray(text)) return text.flatMap(splitTiles);
  if (!text) return [];
  const out = [];
  let digits = "";
  for (const ch of String(text)) {
    if (ch >= "0" && ch <= "9") digits += ch;
    else if ("mpsz".includes(ch)) { for (const d of digits) out.push(d + ch); digits = ""; }
  }
  return out;
}

export function tileKey(tile) { return SUIT_ORDER[tile[1]] * 10 + Number(tile[0]); }
export function sortTiles(tiles) { return [...tiles].sort((a, b) => tileKey(a) - tileKey(b)); }

export function tileName(tile, lang) {
  const n = Number(tile[0]); const s = tile[1];
  if (lang === "zh") return s === "z" ? ZH_HONOR[n - 1] : ZH_NUM[n - 1] + ZH_SUIT[s];
  return s === "z" ? EN_HONOR[n - 1] : `${n} ${EN_SUIT[s]}`;
}

/** An <img> of one tile ("5p") or of a face-down tile (null / "back"). */
export function tileImg(tile, opts = {}) {
  const img = document.createElement("img");
  const face = tile && tile !== "back" ? tile : "back";
  img.src = `/static/tiles/${face}.svg`;
  img.className = "tile" + (opts.size ? ` tile-${opts.size}` : "") + (opts.cls ? ` ${opts.cls}` : "");
  img.alt = face;
  img.dataset.tile = face;
  img.draggable = false;
  if (face !== "back") img.title = `${tileName(face, "zh")} · ${tileName(face, "en")}`;
  return img;
}

/** A row of tiles as a <span>. */
export function tileRow(tiles, opts = {}) {
  const span = document.createElement("span");
  span.className = "tiles" + (opts.cls ? ` ${opts.cls}` : "");
  for (const t of splitTiles(tiles)) span.appendChild(tileImg(t, opts));
  return span;
}
