// Drawing a seat's view (protocol.md section 2): seats around the table, melds, discard rivers,
// and the centre (a compass of seat winds with whose turn it is, the wall, wuhan's laizi).
// Shared by the live table and the replay viewer.
import { h, signed } from "./dom.js";
import { declaredKey, t, tOther, both } from "./i18n.js";
import { splitTiles, tileImg, tileRow, tileEl, sortTiles, specialTiles, markedTile } from "./tiles.js";

const POSITIONS = { 2: ["bottom", "top"], 3: ["bottom", "right", "left"],
  4: ["bottom", "right", "top", "left"] };

/** Melds of one tile: jincheng 拾 / 搶, wuhan 红中杠 / 皮子杠 / 赖子杠 (game/hand.py SINGLE_MELDS). */
export const SINGLE_MELDS = new Set(["picked", "grabbed", "red_kong", "pi_kong", "laizi_kong"]);
const MELD_NAMES = {
  chow: ["吃", "Chow"], pung: ["碰", "Pung"], exposed_kong: ["明杠", "Exposed kong"],
  concealed_kong: ["暗杠", "Concealed kong"], added_kong: ["补杠", "Added kong"],
  red_kong: ["红中杠", "Red dragon kong"], pi_kong: ["皮子杠", "Laizi-skin kong"],
  laizi_kong: ["赖子杠", "Laizi kong"], picked: ["拾", "Pick"], grabbed: ["抢", "Grab"],
};
const SINGLE_MARK = { pi_kong: "pi", laizi_kong: "laizi" };  // a red dragon says 中 itself

export function positionOf(seat, mySeat, players) {
  const order = POSITIONS[players] || POSITIONS[4];
  return order[((seat - mySeat) % players + players) % players];
}

/** The seat wind (东南西北) of a seat from the dealer. */
export function seatWind(seat, view) {
  const players = view.players || view.seats.length;
  return "东南西北"[((seat - (view.dealer ?? 0)) % players + players) % players];
}

/**
 * One meld: its tiles; concealed kongs with the outer tiles face down; a one-tile meld (wuhan's
 * special kongs, jincheng's 拾 / 搶) as ONE tile, however many tiles the record lists.
 */
export function meldEl(meld, special = null, size = "sm") {
  const tiles = splitTiles(meld.tiles || meld.tile || "");
  const name = MELD_NAMES[meld.kind];
  const title = name ? `${name[0]} · ${name[1]}` : meld.kind;
  if (SINGLE_MELDS.has(meld.kind)) {
    const tile = tiles[0] || meld.tile || null;
    const mark = SINGLE_MARK[meld.kind] || null;
    const img = tileImg(tile, { size });
    return h("span", { class: `meld meld-single meld-${meld.kind}`, title, "data-kind": meld.kind },
      mark ? markedTile(img, mark) : img,
      name ? h("small", { class: "meld-tag" }, meld.kind.endsWith("_kong") ? "杠" : name[0]) : null);
  }
  const hidden = meld.kind === "concealed_kong";
  const el = h("span", { class: `meld meld-${meld.kind}`, title, "data-kind": meld.kind });
  if (tiles.length === 0) for (let i = 0; i < 4; i++) el.appendChild(tileImg(null, { size }));
  tiles.forEach((tile, i) => el.appendChild(hidden && (i === 0 || i === tiles.length - 1)
    ? tileImg(null, { size }) : tileEl(tile, special, { size })));
  return el;
}

/** The hand split for display: sorted concealed tiles and the drawn tile apart. */
export function handParts(view) {
  let hand = sortTiles(splitTiles(view.hand || []));
  const drawn = view.drawn || null;
  if (drawn && hand.length % 3 === 2) {
    const i = hand.lastIndexOf(drawn);
    if (i >= 0) hand = [...hand.slice(0, i), ...hand.slice(i + 1)];
  }
  return { hand, drawn };
}

/**
 * A seat panel. `opts.mine` draws no concealed tiles (the hand is drawn apart); `opts.hand` gives
 * face-up concealed tiles to show (replay, or revealed at the end); `opts.timerEl` is the seat's
 * clock slot (the live table fills it while the seat acts).
 */
export function seatPanel(view, s, opts = {}) {
  const players = view.players || view.seats.length;
  const mySeat = view.seat ?? 0;
  const pos = positionOf(s.seat, mySeat, players);
  const isTurn = view.phase !== "over" && view.turn === s.seat;
  const special = specialTiles(view);
  const last = view.last_discard;
  const discards = h("div", { class: "discards river", "data-seat": s.seat },
    (s.discards || []).map((tile, i, arr) => tileEl(tile, special,
      { size: "sm", cls: last && last.seat === s.seat && i === arr.length - 1 ? "last" : "" })));
  const info = { ...(opts.seatInfo || {}) };
  if (s.bot != null) info.bot = s.bot;
  if (s.auto != null) info.auto = s.auto;
  const tags = [];
  // each tag in both languages; a phone's narrow seat head puts the other under it (style.css)
  const tag = (cls, key) => h("span", { class: `tag ${cls}` }, both(key, {}, "stack"));
  if (view.dealer === s.seat) tags.push(tag("dealer", "dealer"));
  if (s.declared) tags.push(tag("declared", declaredKey(view.rules)));
  if (info.bot) tags.push(tag("bot", "bot"));
  if (info.auto && !info.bot) tags.push(tag("auto", "auto"));
  if (info.connected === false && !info.bot && s.seat !== view.seat) tags.push(tag("offline", "offline"));
  const score = view.scores ? view.scores[s.seat] : null;
  let concealed = null;
  const over = view.phase === "over";
  if (opts.hand) {
    concealed = tileRow(opts.hand, { size: "sm", cls: "concealed open", special });
  } else if (!opts.mine && !(over && s.revealed)) {  // at the end the hand shows face up instead
    const n = s.concealed ?? 0;
    concealed = h("span", { class: "concealed", title: `${n} ${t("concealed_tiles")} · ${n} ${tOther("concealed_tiles")}` },
      h("span", { class: "tiles backs" }, Array.from({ length: n }, () => tileImg(null, { size: "xs" }))),
      h("span", { class: "count-chip" }, h("span", { class: "chip-back" }), `×${n}`));
  }
  return h("div", { class: `seat seat-${pos}${isTurn ? " turn" : ""}${s.seat === view.seat ? " me" : ""}`,
    "data-seat": s.seat },
    h("div", { class: "seat-head" },
      // the wind is a tile's face (东南西北, as on the compass): its words are the title
      h("span", { class: "seat-wind", title: `${t("seat_wind")} · ${tOther("seat_wind")}` }, seatWind(s.seat, view)),
      h("span", { class: "seat-name", title: s.name || null }, s.name || `${t("seat")} ${s.seat + 1}`,
        s.seat === view.seat ? h("small", { class: "you" }, " (", both("you"), ")") : null),
      tags,
      opts.timerEl || null,
      score ? h("span", { class: `score ${score > 0 ? "pos" : "neg"}` }, signed(score)) : null),
    h("div", { class: "seat-body" },
      concealed,
      h("span", { class: "melds" }, (s.melds || []).map((m) => meldEl(m, special))),
      s.revealed && splitTiles(s.revealed).length
        ? h("span", { class: "revealed" }, h("small", {}, both(over ? "hand_shown" : "revealed", {}, "stack")),
          tileRow(s.revealed, { size: "sm", special }))
        : null),
    discards);
}

/** The compass: each seat's wind on its side of the table, the acting side lit, a clock inside. */
function compassEl(view, clockEl) {
  const players = view.players || view.seats.length;
  const mySeat = view.seat ?? 0;
  const sides = view.seats.map((s) => {
    const pos = positionOf(s.seat, mySeat, players);
    const on = view.phase !== "over" && view.turn === s.seat;
    return h("span", { class: `cw cw-${pos}${on ? " on" : ""}${view.dealer === s.seat ? " dealer" : ""}`,
      "data-seat": s.seat }, seatWind(s.seat, view));
  });
  return h("div", { class: "compass", id: "compass" }, sides,
    h("div", { class: "compass-mid" },
      clockEl || null,
      h("div", { class: "wall", id: "wall-left", title: `${t("wall_left")} · ${tOther("wall_left")}` },
        h("small", {}, both("wall_left", {}, "stack")), " ", h("b", {}, String(view.wall_left ?? "?")))));
}

/**
 * The centre: the compass (whose turn, the wall, a clock), the hand number, the laizi with its
 * 赖子皮, an added kong being robbed, whose turn in words. `timerEl`: the live table's clock;
 * `myClaim`: this seat has a claim to decide on the discard (the live table's prompt); `replay`:
 * a hand already played, where the viewer's turn is named like any other (no 轮到你了 prompt).
 */
export function centerPanel(view, names, timerEl, handNo = null, myClaim = false, { replay = false } = {}) {
  const mine = !replay && view.turn === view.seat;
  const turnName = names[view.turn] ?? `${t("seat")} ${view.turn + 1}`;
  const special = specialTiles(view);
  return h("div", { class: "center" },
    compassEl(view, timerEl),
    h("div", { class: "center-info" },
      h("div", { class: "hand-no" }, both("hand_no", { n: handNo ?? view.hand_no ?? 1 })),  // the match's, at a table
      view.phase === "over" ? h("div", { class: "turn-name" }, both("hand_over"))
        // the discarder keeps the turn while the others may claim: nobody's turn to act is lit then
        : view.last_discard && view.last_discard.seat === view.turn
          // this seat's own claim prompt is up: say it is this seat's choice, not the others'
          ? h("div", { class: `turn-name${myClaim ? " mine" : ""}`, id: "turn-name" },
            both(myClaim ? "your_claim" : "claims_open"))
          : h("div", { class: `turn-name${mine ? " mine" : ""}`, id: "turn-name" },  // in both languages
            mine ? both("your_turn") : [both("turn"), `: ${turnName}`])),
    special ? h("div", { class: "laizi", id: "laizi-info" },
      h("span", { class: "laizi-tile" }, both("laizi"), markedTile(tileImg(view.laizi, { size: "sm" }), "laizi")),
      special.pi.size ? h("span", { class: "pi-tiles" }, both("pi"),
        [...special.pi].map((x) => markedTile(tileImg(x, { size: "sm" }), "pi"))) : null,
      view.indicator ? h("span", { class: "indicator", title: `${t("indicator")} · ${tOther("indicator")}` },
        h("small", {}, both("indicator", {}, "stack")), tileImg(view.indicator, { size: "xs" })) : null)
      : view.indicator ? h("div", { class: "indicator" }, both("indicator"),
        tileImg(view.indicator, { size: "sm" })) : null,
    view.kong_tile ? h("div", { class: "kong-tile" }, `${names[view.kong_tile.seat] ?? ""} `, both("adding_kong"),
      tileImg(view.kong_tile.tile, { size: "sm" })) : null);
}
