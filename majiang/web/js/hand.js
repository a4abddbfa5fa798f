// This seat's hand strip: the action buttons, the hint line and the tiles (tap to pick, tap again
// or the discard button to throw; one click with a mouse). Hints are the prompt's (hints.js).
import { h } from "./dom.js";
import { t, both, trBoth } from "./i18n.js";
import { tileImg, tileRow, tileEl, specialTiles, tileMark } from "./tiles.js";
import { handParts } from "./board.js";
import { hintsOn, hintBar, tileBadge, discardHint, dangerSet, bestDiscards, fartherDiscards } from "./hints.js";
import { orphanKinds } from "./orphans.js";

/** The rulesets whose declaration has its own word (亮倒, 上架; i18n.js declare_*). */
const DECLARE_RULES = new Set(["kawuxing", "jincheng"]);

/** A mouse (hover and a fine pointer): one click discards. A touch screen: tap to pick, tap again. */
const ONE_CLICK = typeof matchMedia === "function" ? matchMedia("(hover: hover) and (pointer: fine)") : null;
export function oneClickDiscard() { return !!(ONE_CLICK && ONE_CLICK.matches); }

/** Jincheng 拾 / 抢 offered (3.3): how near thirteen orphans the hand is, and what taking commits
 * to, in both languages (the hand's kinds and its frozen singles). */
function orphansNote(view) {
  const n = orphanKinds(view);
  return both("orphans_offer", { n });
}

/** The hand strip of `screen` (a TableScreen): its view, prompt, selection and kept waits. */
export function myHandEl(screen) {
  const view = screen.view;
  const me = (view.seats || []).find((s) => s.seat === view.seat);
  const { hand, drawn } = handParts(view);
  const ok = screen.selectable();  // the discards, or in the declare mode the declaration's tiles
  const special = specialTiles(view);
  const prompting = !!screen.prompt;
  const touch = !oneClickDiscard();
  const hints = screen.prompt?.hints || null;
  const showHints = hintsOn();
  const danger = showHints ? dangerSet(hints) : new Set();
  const best = bestDiscards(hints);
  const farther = fartherDiscards(hints);
  if (screen.selected && !ok.has(screen.selected.tile)) screen.selected = null;
  const tile = (tileStr, cls, key) => {
    const can = ok.has(tileStr);
    const mark = tileMark(tileStr, special);
    // a tile the prompt does not let go: dimmed, but wuhan's special tiles keep their own look
    const state = can ? "discardable" : prompting && ok.size ? (mark ? "kept" : "blocked") : "";
    const picked = screen.selected && screen.selected.key === key ? "selected" : "";
    const risky = can && danger.has(tileStr) ? "danger" : "";
    const el = tileEl(tileStr, special, { size: "lg", cls: `${cls} ${state} ${picked} ${risky}` });
    const img = el.tagName === "IMG" ? el : el.querySelector("img");
    img.dataset.key = key;
    if (can) {
      img.addEventListener("click", () => screen.tapTile(key, tileStr));
      if (!touch) {  // a tap's emulated hover would show the hint bar and move the hand under the finger
        img.addEventListener("mouseenter", () => screen.focusTile(tileStr));
        img.addEventListener("mouseleave", () => screen.focusTile(null));
      }
    }
    const badge = can && showHints && ok.size
      ? tileBadge(discardHint(hints, tileStr), danger.has(tileStr), best.has(tileStr), farther.has(tileStr)) : null;
    return badge ? h("span", { class: "tile-slot" }, el, badge) : el;
  };
  const others = (screen.prompt?.actions || []).filter((a) => a.type !== "discard");
  // several tiles to declare with (kawuxing 亮倒, jincheng 上架: one action a tile): ONE button, that
  // opens the declare mode (only those tiles selectable, a Cancel); a single one keeps its own button
  const declares = screen.declarations();
  const declaring = screen.inDeclareMode();
  const word = (key) => { const k = `${key}_${DECLARE_RULES.has(view.rules) ? view.rules : "any"}`; return both(k); };
  const modeButton = () => h("button", { class: "action action-declare", id: "btn-declare", "data-action": "declare",
    onclick: () => { screen.declaring = true; screen.selected = null; screen.render(); } }, word("declare"));
  const cancelButton = () => h("button", { class: "action action-pass", id: "btn-declare-cancel", "data-action": "cancel",
    onclick: () => { screen.declaring = false; screen.selected = null; screen.render(); } }, both("cancel"));
  // between hands the Ready button is here too, under the thumb (the header's may be scrolled away)
  const readyHere = !prompting && screen.awaitingMyReady();
  const shown = declaring ? [] : others.filter((a) => a.type !== "declare" || declares.length < 2 || a === declares[0]);
  const buttons = shown.map((a) => a.type === "declare" && declares.length > 1 ? modeButton() : h("button", {
    class: `action action-${a.type}`, "data-action": a.type, "data-tile": a.tile || a.tiles || "",
    "data-kind": a.kind || null, onclick: () => screen.act(a) },
  a.tile || a.tiles ? tileRow(a.tiles || a.tile, { size: "xs", special }) : null,
  a.label ? trBoth(a.label) : h("span", { class: "bi" }, a.type),
  a.type === "declare" && danger.has(a.tile) ? h("span", { class: "danger-mark", title: t("hint_danger") }, "⚠") : null));
  if (declaring) buttons.push(cancelButton());
  // the Discard button of a picked tile (in the declare mode: Declare with it); on a touch screen it
  // is there (greyed) from the turn's start, so that picking a tile adds nothing to the row and the
  // hand stays under the finger
  const picked = screen.selected?.tile || null;
  // a touch screen keeps the turn's row between its turns too (the button unseen): the hand does
  // not move when the turn comes, under a finger about to tap
  const between = touch && !prompting && view.phase === "play" && !screen.tableClosed;
  if (picked || (touch && ok.size) || between) buttons.push(h("button", {
    class: `action action-${declaring ? "declare" : "discard"}${between ? " placeholder" : ""}`,
    id: between ? null : declaring ? "btn-declare-tile" : "btn-discard", "aria-hidden": between ? "true" : null,
    "data-action": between ? "placeholder" : declaring ? "declare-tile" : "discard", "data-tile": picked || "",
    disabled: !picked,
    onclick: () => { const x = screen.selected; screen.selected = null; if (x) screen.act(screen.tileAction(x.tile)); } },
  picked ? tileImg(picked, { size: "xs" }) : null, declaring ? word("declare") : both("discard_it"),
  picked && danger.has(picked) ? h("span", { class: "danger-mark" }, "⚠") : null));
  const orphansOffered = others.some((a) => a.type === "pick" || a.type === "grab");
  const hint = screen.prompt?.auto ? both("auto_notice")
    : declaring ? word("declare_pick")
    : orphansOffered ? orphansNote(view)
    : ok.size ? both(screen.selected ? "tap_again" : touch ? "discard_hint_touch" : "discard_hint")
      : prompting || screen.tableClosed ? "" : both(readyHere ? "press_ready" : "wait_others");
  const focus = screen.selected?.tile || screen.hovered || null;
  const declared = !!me?.declared;
  // the waits kept from the last discard: between this seat's prompts of the hand, not after it
  const kept = prompting || view.phase !== "play" ? null : screen.keptWaits;
  const bar = hintBar(hints, { focus: ok.has(focus) ? focus : null, kept, declared,
    noWin: view.no_win, names: screen.names(), keep: between });
  // tiles scale to the width: the hand's tiles, the drawn tile's slot and its gap, jincheng's
  // set-aside tile with its label and dashed rule (style.css .set-aside); at least the slots of
  // thirteen tiles and a drawn one (a hand with melds keeps its tiles' size; a 15th slot made a
  // 390 px phone's tiles 24.5 px wide, not 26)
  const slots = Math.max(14.45, hand.length + 1 + 0.45 + (view.set_aside ? 2 : 0));
  const strip = h("div", { class: `my-hand${ok.size ? " to-discard" : ""}${showHints ? " with-hints" : ""}`, id: "my-hand" },
  h("div", { class: "actions", id: "actions" },
    h("span", { class: `hint${declaring ? " declare-hint" : orphansOffered ? " whole" : ""}`,
      id: declaring ? "declare-hint" : null }, hint),
    screen.timerEl,
    h("span", { class: "action-buttons" }, buttons,
      readyHere ? h("button", { class: "action action-ready", id: "btn-ready-hand", onclick: () => screen.ready() },
        both("ready")) : null)),
  bar,
  h("div", { class: "hand-wrap" }, h("div", { class: "hand-row" },
    h("span", { class: "hand", id: "hand" }, hand.map((x, i) => tile(x, "in-hand", `h${i}`))),
    h("span", { class: `drawn${drawn ? "" : " empty"}`, id: drawn ? "drawn" : null },
      drawn ? tile(drawn, "drawn-tile", "d") : null),
    view.set_aside ? h("span", { class: "set-aside", id: "set-aside", title: t("set_aside") },
      h("small", {}, both("set_aside")), tileImg(view.set_aside, { size: "sm" })) : null)));
  // through the CSSOM: a style attribute is blocked by the CSP, and Object.assign onto el.style
  // (h's style object) drops a custom property
  strip.style.setProperty("--n", String(slots));
  return strip;
}
