// A table's match (protocol.md section 5: `match`, `match_over`, `table.match`) and the dice of a hand.
import { h, bi, fmtInt, signed } from "./dom.js";
import { t, tOther, tr, trOther, both, trBoth } from "./i18n.js";

const FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

function seatName(names, seat) {
  return names[seat] ?? `${t("seat")} ${seat + 1}`;
}

/** The number in its match of the hand on the board: the one in play, or the one just over
 * (the match may already count it as played), never the next one before it is dealt. */
export function matchHandNo(match, view) {
  if (!match) return null;
  const played = match.hands_played ?? 0;
  const over = !view || view.phase === "over";
  return Math.max(1, match.status === "playing" && !over ? played + 1 : played);
}

/** "Match 2 · hand 3 of 8" (or the rounds of winds) for the table header. */
export function matchProgress(match, view) {
  if (!match) return null;
  const now = matchHandNo(match, view);
  const length = match.length || {};
  const results = match.results || [];
  if (!results.length) boardOpen = false;  // a new match's scoreboard starts closed
  const line = (other) => { const tx = other ? tOther : t;  // "第1场 · 第2局 / 8局", "Match 1 · hand 2 / 8 hands"
    const len = other ? trOther(length) : tr(length);
    return `${tx("match_no", { n: match.match_no ?? 1 })} · ${tx("hand_of", { k: now })}${len ? ` / ${len}` : ""}`; };
  return h("span", { class: "match-progress", id: "match-progress" }, bi(line(false), line(true), "stack"),
    results.length ? boardToggle(match) : null);
}

/** Open or not, the scoreboard stays so when the table redraws (it redraws on every event). */
let boardOpen = false;

// a tap outside the open scoreboard closes it (it covers the header, its toggle, Ready and Leave)
document.addEventListener("pointerdown", (ev) => {
  const details = document.getElementById("match-board");
  if (details && details.open && !details.contains(ev.target)) { details.open = false; boardOpen = false; }
}, true);

/** The scoreboard behind a button: a panel over the table with its own close button. */
function boardToggle(match) {
  // every way it opens or closes (its toggle, its close button, a tap outside) sets `boardOpen`
  const details = h("details", { class: "match-board", id: "match-board", open: boardOpen },
  h("summary", { class: "button small secondary", onclick: (ev) => {
    boardOpen = !details.open;
    if (!details.isConnected) {  // the table redrew under the finger: the tap opens the new one
      ev.preventDefault();
      const live = document.getElementById("match-board");
      if (live) live.open = boardOpen;
    }
  } }, both("scoreboard")),
  h("div", { class: "card match-board-panel" },
    h("button", { type: "button", class: "small secondary board-close", id: "btn-board-close",
      onclick: () => { details.open = false; boardOpen = false; } }, both("close")),
    scoreboardEl(boardOf(match), match.names || [], null)));
  return details;
}

/** The scoreboard of a match's JSON (its `results`, each hand's silver from its settlements). */
export function boardOf(match) {
  return { hands: (match.results || []).map((r, i) => ({ no: i + 1, ...r })), totals: match.totals || {} };
}

const cell = (u, s) => h("td", { class: `num ${s > 0 ? "pos" : s < 0 ? "neg" : ""}` },
  signed(u), h("br"), h("small", {}, s == null ? "" : signed(s)));

/** One row per hand (who dealt, who won), per seat the units and the silver (small); the totals. */
export function scoreboardEl(board, names, mySeat) {
  const hands = board.hands || [];
  const n = Math.max(names.length, (board.totals?.units || []).length);
  const seats = Array.from({ length: n }, (_, i) => i);
  return h("div", { class: "scoreboard", id: "scoreboard" },
    h("h3", {}, both("scoreboard"), " ",
      h("small", { class: "muted" }, both("units"), " / ", both("silver"))),
    hands.length === 0 ? h("p", { class: "muted" }, both("none_yet")) :
    h("table", { class: "money scoreboard-table" },
      h("tr", {}, h("th", {}, ""), seats.map((i) => h("th", { class: i === mySeat ? "me" : "" }, seatName(names, i)))),
      hands.map((hd) => h("tr", { "data-hand": hd.no },
        h("td", {}, both("hand_no", { n: hd.no }, "stack"), (hd.winners || []).length ? null
          : h("small", { class: "muted" }, " ", both("hand_drawn"))),
        seats.map((i) => cell((hd.units || [])[i] ?? 0, (hd.silver || [])[i])))),
      h("tr", { class: "total" }, h("th", {}, both("total", {}, "stack")),
        seats.map((i) => cell((board.totals?.units || [])[i] ?? 0, (board.totals?.silver || [])[i])))));
}

/** The match summary: the seats best first with their totals, wins, self-drawn wins, deal-ins. */
export function summaryEl(match, mySeat) {
  const rows = match.summary || [];
  if (!rows.length) return null;
  const head = ["place", "name", "units", "silver", "wins", "self_drawn_n", "deal_ins", "best_hand"];
  return h("div", { class: "match-summary", id: "match-summary" },
    h("h3", {}, both("match_summary")),
    h("table", { class: "money" },
      h("tr", {}, head.map((k, i) => h("th", i > 1 ? { class: "num" } : {}, k === "name" ? "" : both(k, {}, "stack")))),
      rows.map((r) => h("tr", { class: r.seat === mySeat ? "me" : "", "data-place": r.place },
        h("td", {}, r.place === 1 ? h("b", {}, "1") : String(r.place)),
        h("td", {}, r.name ?? `${t("seat")} ${r.seat + 1}`),
        h("td", { class: "num" }, signed(r.units)),
        h("td", { class: `num ${r.silver > 0 ? "pos" : r.silver < 0 ? "neg" : ""}` }, signed(r.silver)),
        h("td", { class: "num" }, String(r.wins)), h("td", { class: "num" }, String(r.self_drawn)),
        h("td", { class: "num" }, String(r.deal_ins)), h("td", { class: "num" }, signed(r.best))))));
}

const DRAW_SEEN = "majiang.drawSeen";  // the matches whose lot was closed, this browser tab

/** Whether the lot of match `id` was closed in this tab (a reload or a return keeps it closed). */
export function drawSeen(id) {
  return (sessionStorage.getItem(DRAW_SEEN) || "").split(",").includes(String(id));
}

export function markDrawSeen(id) {
  const seen = (sessionStorage.getItem(DRAW_SEEN) || "").split(",").filter(Boolean).slice(-20);
  if (!seen.includes(String(id))) sessionStorage.setItem(DRAW_SEEN, [...seen, id].join(","));
}

/** Who deals first and why (the lot of the match), shown at the start of a match. */
export function drawNotice(match, onClose) {
  const draw = match && match.draw;
  if (!draw) return null;
  return h("div", { class: "card notice draw-notice", id: "draw-notice" },
    // first: on a phone it floats at the top right and the text runs beside it (style.css)
    onClose ? h("button", { class: "secondary small", id: "btn-close-draw", onclick: onClose },
      both("close", {}, "stack")) : null,
    h("b", {}, both("first_dealer")), " ",
    h("span", { class: "draw-text" }, trBoth(draw.text)));
}

/** The dice that opened the wall: `{throws: [{seat, dice: [a, b]}], break_seat, cut}`. */
export function diceEl(dice, names) {
  if (!dice || !Array.isArray(dice.throws) || dice.throws.length === 0) return null;
  const throws = dice.throws.map((th) => {
    const faces = (th.dice || []).map((d) => FACES[d - 1] || String(d)).join("");
    const sum = (th.dice || []).reduce((a, b) => a + b, 0);
    return h("span", { class: "throw", title: seatName(names, th.seat) },
      h("span", { class: "faces" }, faces), ` ${sum}`);
  });
  return h("div", { class: "dice", id: "dice" },
    h("small", {}, both("dice"), ": "), throws,
    dice.cut != null ? h("small", { class: "cut" }, " (", both("cut"), ` ${dice.cut})`) : null);
}

/** The match totals: per seat units and silver, the hands, the seed (to check the lot). */
export function matchTotalsEl(match, names, mySeat) {
  const roomCode = (location.hash.match(/^#\/table\/([^/]+)/) || [])[1];  // the way back to its room
  const totals = match.totals || {};
  const units = totals.units || [];
  const silver = totals.silver || [];
  const seatNames = match.names && match.names.length ? match.names : names;
  const rows = units.map((u, i) => h("tr", { class: i === mySeat ? "me" : "" },
    h("td", {}, seatName(seatNames, i), i === match.first_dealer ? h("small", { class: "muted" }, " (", both("first_dealer"), ")") : null),
    h("td", { class: "num" }, signed(u)),
    h("td", { class: `num ${silver[i] > 0 ? "pos" : silver[i] < 0 ? "neg" : ""}` }, silver[i] == null ? "" : signed(silver[i]))));
  return h("div", { class: "match-totals", id: "match-totals" },
    h("h2", {}, both("match_over")),
    h("p", {}, both("match_no", { n: match.match_no ?? 1 }), ": ", trBoth(match.length), " · ",
      both("hands_played"), ` ${fmtInt(match.hands_played ?? 0)}`),
    h("table", { class: "money" },
      h("tr", {}, h("th", {}, both("match_totals")), h("th", {}, both("units", {}, "stack")), h("th", {}, both("silver", {}, "stack"))),
      rows),
    summaryEl(match, mySeat),
    scoreboardEl(boardOf(match), seatNames, mySeat),
    match.seed != null ? h("p", { class: "muted small" }, both("seed"), `: ${match.seed}`) : null,
    roomCode ? h("p", {}, h("a", { class: "button small secondary", id: "btn-back-room", href: `#/room/${roomCode}` },
      both("back_to_room"))) : null);
}
