// Drawing the server's hints (a prompt's `hints`, computed once in Python by game/hints.py from
// this seat's view): waits with unseen copies, what each discard leaves, danger marks, and why a
// complete hand has no win button. Nothing here analyses a hand. Hints can be turned off.
import { h } from "./dom.js";
import { t, tOther, both, pairBoth } from "./i18n.js";
import { tileImg } from "./tiles.js";

const KEY = "majiang.hints";
export function hintsOn() { return localStorage.getItem(KEY) !== "off"; }
export function setHints(on) { localStorage.setItem(KEY, on ? "on" : "off"); }

/** The hint of discarding `tile` (null: none). */
export function discardHint(hints, tile) {
  return (hints?.discards || []).find((d) => d.tile === tile) || null;
}

const lowestShanten = (discards) => Math.min(...discards.map((d) => d.shanten));

/** The discards leaving the lowest shanten with the most tiles (the hints' best). */
export function bestDiscards(hints) {
  const all = hints?.discards || [];
  if (!all.length) return new Set();
  const low = lowestShanten(all);
  const most = Math.max(...all.filter((d) => d.shanten === low).map((d) => d.count));
  return new Set(all.filter((d) => d.shanten === low && d.count === most).map((d) => d.tile));
}

/** The discards that leave the hand a step farther from ready than the best do (whatever their
 * count: a bigger number there is not a better discard). */
export function fartherDiscards(hints) {
  const all = hints?.discards || [];
  if (!all.length) return new Set();
  const low = lowestShanten(all);
  return new Set(all.filter((d) => d.shanten > low).map((d) => d.tile));
}

/** Kinds that win for a declared opponent whose hand is shown. */
export function dangerSet(hints) { return new Set(hints?.danger_tiles || []); }

/** The small label under a discardable tile: 听N (ready after it), 进N (draws that help), or
 * 退步 / far for a discard a step farther from ready than the best (its count, often bigger than
 * the best discard's, read as better: it is not). The guide names these (i18n.js guide_3). */
export function tileBadge(d, danger, best = false, farther = false) {
  if (!d && !danger) return null;
  // an abbreviation under a 24 px tile, in the chosen language only (both would not fit a
  // phone's tile): the picked tile's hint line and the guide say what it means in both
  const label = !d ? "" : d.ready ? `${t("hint_wait_short")}${d.count}`
    : farther ? t("hint_back_short") : `${t("hint_acc_short")}${d.count}`;
  // three characters or more (进12, ⚠听3) would run into the next tile's badge on a phone
  const long = (danger ? 1 : 0) + label.length >= 3;
  return h("span", { class: `tile-hint${d && d.ready ? " ready" : ""}${best ? " best" : ""}${farther ? " far" : ""}${danger ? " danger" : ""}${long ? " long" : ""}`,
    "data-hint-tile": d ? d.tile : null, title: d ? detailText(d) : `${t("hint_danger")} · ${tOther("hint_danger")}` },
  danger ? "⚠" : null, label);
}

function detailText(d) {
  const line = (tx) => (d.ready ? `${tx("hint_after")} ${d.tile}: ${tx("hint_waits")} ${d.count}`
    : `${tx("hint_after")} ${d.tile}: ${tx("hint_shanten", { n: d.shanten })}, ${tx("hint_acc")} ${d.count}`);
  return `${line(t)} · ${line(tOther)}`;
}

/** The named tiles with their unseen copies from the hints (sent once, by name: a kind not in
 * `hints.unseen` has none unseen), as waitTiles draws them. */
export function withUnseen(hints, tiles) {
  const unseen = hints?.unseen || {};
  return (tiles || []).map((tile) => ({ tile, unseen: unseen[tile] || 0 }));
}

/** Tiles with their unseen copies: [3m ×2] [6m ×0]. */
export function waitTiles(waits) {
  return h("span", { class: "wait-tiles" }, waits.map((w) => h("span", {
    class: `wait${w.unseen ? "" : " dead"}`, "data-wait": w.tile, "data-unseen": String(w.unseen) },
  tileImg(w.tile, { size: "xs" }), w.unseen == null ? null : h("small", {}, `×${w.unseen}`))));
}

/** Why the complete hand shows no win button (the engine's named refusal). */
export function noWinEl(noWin) {
  if (!noWin) return null;
  const [zh, en] = String(noWin.detail || "").split(" / ");
  const reason = noWin.reason === "below_minimum" ? "no_win_minimum" : "no_win_forbidden";
  return h("div", { class: "no-win", id: "no-win", "data-reason": noWin.reason },
    h("b", {}, both(reason)), " ", tileImg(noWin.tile, { size: "xs" }),
    noWin.value != null && noWin.value !== 0 ? h("span", { class: "value" }, " ", both("value"), ` ${noWin.value}`) : null,
    " ", h("span", { class: "detail" }, en ? pairBoth(zh, en) : noWin.detail));
}

/**
 * The hint line above the hand. `focus` is the tile picked or pointed at (its discard's hint),
 * `kept` the waits of the discard made last (shown between prompts, counted when it was made).
 */
export function hintBar(hints, { focus = null, kept = null, noWin = null, names = [], declared = false,
  keep = false } = {}) {
  const parts = [];
  const refusal = noWinEl(hints?.no_win || noWin);
  if (refusal) parts.push(refusal);
  if (!hintsOn()) return parts.length ? h("div", { class: "hint-bar", id: "hint-bar" }, parts) : null;
  // a declared hand throws what it draws: its line stays while that tile is picked (it takes two
  // lines on a phone, and the focus line's one would move the hand between the two taps)
  const declaredLine = declared && hints?.discards?.length;
  const d = focus && !declaredLine ? discardHint(hints, focus) : null;
  const lead = parts.length;
  if (d) {
    parts.push(h("div", { class: `hint-line focus${d.ready ? "" : " far"}`, id: "hint-focus", "data-tile": d.tile },
      h("span", { class: "lead" }, both("hint_after", {}, "stack")), tileImg(d.tile, { size: "xs" }), " → ",
      d.ready ? [h("b", {}, both("hint_waits", {}, "stack")), waitTiles(withUnseen(hints, d.tiles)),
        h("span", { class: "total" }, both("hint_total", { n: d.count }, "stack"))]
        : [h("span", {}, both("hint_shanten", { n: d.shanten }, "stack")), " · ", both("hint_acc", {}, "stack"), " ",
          waitTiles(withUnseen(hints, d.tiles)), h("span", { class: "total" }, both("hint_total", { n: d.count }, "stack"))]));
  } else if (declaredLine) {  // 亮倒 / 上架: the drawn tile goes, no choice
    const keep = hints.discards.find((x) => x.ready);
    parts.push(h("div", { class: "hint-line ready", id: "hint-declared" },
      h("b", {}, both("hint_declared")),
      keep ? [" ", both("hint_waits"), waitTiles(withUnseen(hints, keep.tiles))] : null));
  } else if (hints?.waits?.length) {
    parts.push(h("div", { class: "hint-line ready", id: "hint-waits" },
      h("b", {}, both("hint_ready", {}, "stack")), waitTiles(withUnseen(hints, hints.waits)),
      h("span", { class: "total" }, both("hint_total", { n: hints.wait_count }, "stack"))));
  } else if (hints?.discards?.length) {
    const ready = hints.discards.filter((x) => x.ready).sort((a, b) => b.count - a.count);
    if (ready.length) parts.push(h("div", { class: "hint-line", id: "hint-best" },
      h("b", {}, both("hint_can_ready", {}, "stack")), ready.slice(0, 4).map((x) => h("span", { class: "choice", "data-tile": x.tile },
        tileImg(x.tile, { size: "xs" }), h("small", {}, `${t("hint_wait_short")}${x.count}`)))));
  } else if (kept && kept.length) {
    parts.push(h("div", { class: "hint-line ready kept", id: "hint-waits", title: `${t("hint_kept_note")} · ${tOther("hint_kept_note")}` },
      h("b", {}, both("hint_ready", {}, "stack")), waitTiles(kept)));
  }
  // on a discard turn the first line is always there (empty until there is something to say): so that
  // picking a tile swaps its text and moves nothing below it; `keep`: between this seat's turns too
  if (parts.length === lead && (hints?.discards?.length || keep)) parts.push(h("div", { class: "hint-line empty", id: "hint-none" }));
  for (const dg of hints?.danger || []) {
    parts.push(h("div", { class: "hint-line danger", "data-danger-seat": String(dg.seat) },
      h("b", {}, "⚠ ", both(dg.shown ? "hint_danger_shown" : "hint_danger_hidden", { seat: names[dg.seat] || dg.seat + 1 })),
      dg.shown ? waitTiles(dg.tiles.map((tile) => ({ tile, unseen: null }))) : null));
  }
  return parts.length ? h("div", { class: "hint-bar", id: "hint-bar" }, parts) : null;
}
