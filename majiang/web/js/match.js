// A table's match (protocol.md section 5: `match`, `match_over`, `table.match`) and the dice of a hand.
import { h, bi, fmtInt, signed } from "./dom.js";
import { t, tOther, tr, trOther } from "./i18n.js";

const FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

function seatName(names, seat) {
  return names[seat] ?? `${t("seat")} ${seat + 1}`;
}

/** "Match 2 · hand 3 of 8" (or the rounds of winds) for the table header. */
export function matchProgress(match) {
  if (!match) return null;
  const played = match.hands_played ?? 0;
  const now = match.status === "playing" ? played + 1 : played;
  const length = match.length || {};
  return h("span", { class: "match-progress", id: "match-progress", title: trOther(length) },
    `${t("match_no", { n: match.match_no ?? 1 })} · ${t("hand_of", { k: now })}`,
    length.zh || length.en ? h("small", { class: "muted" }, ` / ${tr(length)}`) : null);
}

/** Who deals first and why (the lot of the match), shown at the start of a match. */
export function drawNotice(match, onClose) {
  const draw = match && match.draw;
  if (!draw) return null;
  return h("div", { class: "card notice draw-notice", id: "draw-notice" },
    h("b", {}, bi(t("first_dealer"), tOther("first_dealer"))), " ",
    h("span", { class: "draw-text" }, tr(draw.text)),
    h("small", { class: "other-lang" }, trOther(draw.text)), " ",
    onClose ? h("button", { class: "secondary small", id: "btn-close-draw", onclick: onClose },
      bi(t("close"), tOther("close"))) : null);
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
    h("small", {}, bi(t("dice"), tOther("dice")), ": "), throws,
    dice.cut != null ? h("small", { class: "muted" }, ` (${t("cut")} ${dice.cut})`) : null);
}

/** The match totals: per seat units and silver, the hands, the seed (to check the lot). */
export function matchTotalsEl(match, names, mySeat) {
  const totals = match.totals || {};
  const units = totals.units || [];
  const silver = totals.silver || [];
  const seatNames = match.names && match.names.length ? match.names : names;
  const rows = units.map((u, i) => h("tr", { class: i === mySeat ? "me" : "" },
    h("td", {}, seatName(seatNames, i), i === match.first_dealer ? h("small", { class: "muted" }, ` (${t("first_dealer")})`) : null),
    h("td", { class: "num" }, signed(u)),
    h("td", { class: `num ${silver[i] > 0 ? "pos" : silver[i] < 0 ? "neg" : ""}` }, silver[i] == null ? "" : signed(silver[i]))));
  return h("div", { class: "match-totals", id: "match-totals" },
    h("h2", {}, bi(t("match_over"), tOther("match_over"))),
    h("p", {}, `${t("match_no", { n: match.match_no ?? 1 })}: ${tr(match.length)} · `,
      `${t("hands_played")} ${fmtInt(match.hands_played ?? 0)}`),
    h("table", { class: "money" },
      h("tr", {}, h("th", {}, bi(t("match_totals"), tOther("match_totals"))), h("th", {}, t("units")), h("th", {}, t("silver"))),
      rows),
    match.seed != null ? h("p", { class: "muted small" }, `${t("seed")}: ${match.seed}`) : null);
}
