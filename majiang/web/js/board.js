// Drawing a seat's view (protocol.md section 2): seats around the table, melds, discards, centre.
// Shared by the live table and the replay viewer.
import { h, bi, signed } from "./dom.js";
import { t, tOther } from "./i18n.js";
import { splitTiles, tileImg, tileRow, sortTiles } from "./tiles.js";

const POSITIONS = { 2: ["bottom", "top"], 3: ["bottom", "right", "left"],
  4: ["bottom", "right", "top", "left"] };

export function positionOf(seat, mySeat, players) {
  const order = POSITIONS[players] || POSITIONS[4];
  return order[((seat - mySeat) % players + players) % players];
}

/** One meld: its tiles, concealed kongs with the outer tiles face down. */
export function meldEl(meld) {
  const tiles = splitTiles(meld.tiles);
  const hidden = meld.kind === "concealed_kong";
  const el = h("span", { class: `meld meld-${meld.kind}`, title: meld.kind });
  if (tiles.length === 0) for (let i = 0; i < 4; i++) el.appendChild(tileImg(null, { size: "sm" }));
  tiles.forEach((tile, i) => el.appendChild(
    tileImg(hidden && (i === 0 || i === tiles.length - 1) ? null : tile, { size: "sm" })));
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
 * A seat panel. `opts.mine` draws no backs (the hand is drawn apart); `opts.hand` gives face-up
 * concealed tiles to show (replay, or revealed at the end).
 */
export function seatPanel(view, s, opts = {}) {
  const players = view.players || view.seats.length;
  const mySeat = view.seat ?? 0;
  const pos = positionOf(s.seat, mySeat, players);
  const isTurn = view.phase !== "over" && view.turn === s.seat;
  const last = view.last_discard;
  const discards = h("div", { class: "discards" }, (s.discards || []).map((tile, i, arr) =>
    tileImg(tile, { size: "sm", cls: last && last.seat === s.seat && i === arr.length - 1 ? "last" : "" })));
  const info = { ...(opts.seatInfo || {}) };
  if (s.bot != null) info.bot = s.bot;
  if (s.auto != null) info.auto = s.auto;
  opts = { ...opts, seatInfo: info };
  const tags = [];
  if (view.dealer === s.seat) tags.push(h("span", { class: "tag dealer" }, t("dealer")));
  if (s.declared) tags.push(h("span", { class: "tag declared" }, t("declared")));
  if (opts.seatInfo && opts.seatInfo.bot) tags.push(h("span", { class: "tag" }, t("bot")));
  if (opts.seatInfo && opts.seatInfo.auto && !opts.seatInfo.bot) tags.push(h("span", { class: "tag auto" }, t("auto")));
  if (opts.seatInfo && opts.seatInfo.connected === false && !opts.seatInfo.bot)
    tags.push(h("span", { class: "tag offline" }, t("offline")));
  const score = view.scores ? view.scores[s.seat] : null;
  let concealed = null;
  if (opts.hand) {
    concealed = tileRow(opts.hand, { size: "sm", cls: "concealed open" });
  } else if (!opts.mine) {
    concealed = h("span", { class: "tiles concealed" },
      Array.from({ length: s.concealed ?? 0 }, () => tileImg(null, { size: "xs" })));
  }
  return h("div", { class: `seat seat-${pos}${isTurn ? " turn" : ""}`, "data-seat": s.seat },
    h("div", { class: "seat-head" },
      h("span", { class: "seat-wind" }, "东南西北"[((s.seat - (view.dealer ?? 0)) % players + players) % players]),
      h("span", { class: "seat-name" }, s.name || `${t("seat")} ${s.seat + 1}`,
        s.seat === view.seat ? h("small", {}, ` (${t("you")})`) : null),
      tags,
      score ? h("span", { class: `score ${score > 0 ? "pos" : "neg"}` }, signed(score)) : null),
    h("div", { class: "seat-body" },
      concealed,
      h("span", { class: "melds" }, (s.melds || []).map(meldEl)),
      s.revealed && splitTiles(s.revealed).length
        ? h("span", { class: "revealed" }, h("small", {}, t("revealed")), tileRow(s.revealed, { size: "sm" }))
        : null),
    discards);
}

/** The centre: wall, laizi and indicator, whose turn, hand number, and a slot for the timer. */
export function centerPanel(view, names, timerEl) {
  const turnName = names[view.turn] ?? `${t("seat")} ${view.turn + 1}`;
  return h("div", { class: "center" },
    h("div", { class: "hand-no" }, t("hand_no", { n: view.hand_no ?? 1 })),
    h("div", { class: "wall", id: "wall-left" }, bi(t("wall_left"), tOther("wall_left")), ": ",
      h("b", {}, String(view.wall_left ?? "?"))),
    view.laizi ? h("div", { class: "laizi" }, bi(t("laizi"), tOther("laizi")), tileImg(view.laizi, { size: "sm" })) : null,
    view.indicator ? h("div", { class: "indicator" }, bi(t("indicator"), tOther("indicator")),
      tileImg(view.indicator, { size: "sm" })) : null,
    view.kong_tile ? h("div", { class: "kong-tile" }, `${names[view.kong_tile.seat] ?? ""} ${t("adding_kong")}`,
      tileImg(view.kong_tile.tile, { size: "sm" })) : null,
    view.phase === "over" ? h("div", { class: "turn-name" }, t("hand_over"))
      : h("div", { class: "turn-name", id: "turn-name" }, view.turn === view.seat ? t("your_turn")
        : `${t("turn")}: ${turnName}`),
    timerEl || null);
}
