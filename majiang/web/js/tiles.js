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
  return s === "z" ? EN_HONOR[n - 1] : `${n} ${n === 1 ? EN_SUIT[s].replace(/s$/, "") : EN_SUIT[s]}`;
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

/** A row of tiles as a <span>; `opts.special` (specialTiles) marks wuhan's laizi, 皮 and 中. */
export function tileRow(tiles, opts = {}) {
  const span = document.createElement("span");
  span.className = "tiles" + (opts.cls ? ` ${opts.cls}` : "");
  for (const t of splitTiles(tiles)) span.appendChild(tileEl(t, opts.special, opts));
  return span;
}

// ---- wuhan's special tiles: the laizi (赖子), the 赖子皮 and the red dragon ----
const LAIZI_HONOURS = ["1z", "2z", "3z", "4z", "6z", "5z"];  // 东南西北发白, then 东 again

/** The kind before `tile` in the laizi order (rules/wuhan.py previous_kind). */
export function previousKind(tile) {
  const n = Number(tile[0]); const s = tile[1];
  if (s !== "z") return `${n === 1 ? 9 : n - 1}${s}`;
  if (tile === "7z") return "4z";
  const i = LAIZI_HONOURS.indexOf(tile);
  return LAIZI_HONOURS[(i + LAIZI_HONOURS.length - 1) % LAIZI_HONOURS.length];
}

/**
 * The special kinds of a view that has a laizi (wuhan): `{laizi, pi: Set, red}`, else null.
 * 赖子皮 = the indicator's kind and the kind before it; the server's `view.pi` wins if sent.
 */
export function specialTiles(view) {
  if (!view || !view.laizi) return null;
  const pi = Array.isArray(view.pi) ? view.pi
    : view.indicator ? [view.indicator, previousKind(view.indicator)] : [];
  return { laizi: view.laizi, pi: new Set(pi.filter((x) => x !== view.laizi)), red: "7z" };
}

/** "laizi" | "pi" | "red" | null: what a tile is in a wuhan hand. */
export function tileMark(tile, special) {
  if (!special || !tile || tile === "back") return null;
  if (tile === special.laizi) return "laizi";
  if (tile === special.red) return "red";
  if (special.pi.has(tile)) return "pi";
  return null;
}

export const MARKS = {
  laizi: { text: "赖", zh: "赖子：万能牌，可当任何牌用；打出算赖子杠", en: "Laizi: wild, stands for any tile; putting it out is a laizi kong" },
  pi: { text: "皮", zh: "赖子皮：不能留在胡牌里，打出即皮子杠", en: "赖子皮 (laizi skin): cannot stay in a winning hand; putting it out is a laizi-skin kong" },
  red: { text: "杠", zh: "红中：不能留在胡牌里，打出即红中杠", en: "Red dragon: cannot stay in a winning hand; putting it out is a red dragon kong" },
};

/**
 * A tile with a corner mark (赖 / 皮 / 杠): a <span class="tile-box mark-…"> around the <img>;
 * the <img> keeps every class and handler, the mark lets clicks through.
 */
export function markedTile(img, mark) {
  if (!mark) return img;
  const m = MARKS[mark];
  img.classList.add(`is-${mark}`);
  img.title = `${img.title ? img.title + "\n" : ""}${m.zh}\n${m.en}`;
  const box = document.createElement("span");
  box.className = `tile-box mark-${mark}`;
  box.dataset.mark = mark;
  box.appendChild(img);
  const b = document.createElement("b");
  b.className = "tile-mark";
  b.textContent = m.text;
  b.setAttribute("aria-hidden", "true");
  box.appendChild(b);
  return box;
}

/** tileImg with the wuhan mark of `special` (see specialTiles), wrapped when it has one. */
export function tileEl(tile, special, opts = {}) {
  return markedTile(tileImg(tile, opts), tileMark(tile, special));
}
