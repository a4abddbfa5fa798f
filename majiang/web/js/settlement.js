// The settlement screen: each winner's arrangement and patterns, each payment line, silver and levels.
import { h, bi, fmtInt, signed } from "./dom.js";
import { t, tOther, tr, trOther } from "./i18n.js";
import { tileRow } from "./tiles.js";
import { levelBadge } from "./badge.js";

function nameOf(names, seat) {
  if (typeof seat === "string" && !/^\d+$/.test(seat)) return seat;
  return names[Number(seat)] ?? `${t("seat")} ${Number(seat) + 1}`;
}

/** Per seat arrays of a settlement, whichever of the usual shapes the server sends. */
function perSeat(settlement, key) {
  const v = settlement[key];
  if (Array.isArray(v)) return v;
  if (v && typeof v === "object" && Array.isArray(v.units)) return v;
  return null;
}

function column(settlement, ...keys) {
  for (const k of keys) {
    const parts = k.split(".");
    let v = settlement;
    for (const p of parts) v = v == null ? undefined : v[p];
    if (Array.isArray(v)) return v;
  }
  return null;
}

const REASONS = {
  self_drawn: { zh: "自摸", en: "self-drawn win" },
  discard: { zh: "点炮", en: "win on a discard" },
  robbing_kong: { zh: "抢杠胡", en: "robbing the kong" },
  exposed_kong: { zh: "明杠杠钱", en: "exposed kong money" },
  concealed_kong: { zh: "暗杠杠钱", en: "concealed kong money" },
  added_kong: { zh: "补杠杠钱", en: "added kong money" },
  hand_end: { zh: "结算", en: "end of hand" },
};

/** Split per-seat nets into payer -> payee lines (each payer pays the receivers in seat order). */
export function netsToLines(nets, reason) {
  const need = nets.map((v) => Math.max(0, Number(v) || 0));
  const lines = [];
  nets.forEach((v, payer) => {
    let owe = Math.max(0, -(Number(v) || 0));
    for (let payee = 0; payee < need.length && owe > 0; payee++) {
      const x = Math.min(owe, need[payee]);
      if (x > 0) { lines.push({ payer, payee, silver: x, reason }); owe -= x; need[payee] -= x; }
    }
  });
  return lines;
}

/** Payment lines of a hand: the server's `lines`, else derived from kong money and the end event. */
export function paymentLines(settlement, kongEvents = []) {
  if (Array.isArray(settlement.lines) && settlement.lines.length) return settlement.lines;
  const lines = [];
  for (const ev of kongEvents) {
    const nets = Array.isArray(ev.silver?.silver) ? ev.silver.silver : ev.payments;
    if (Array.isArray(nets)) lines.push(...netsToLines(nets, REASONS[ev.kind] || { zh: "杠钱", en: "kong money" }));
  }
  const nets = Array.isArray(settlement.silver) ? settlement.silver : settlement.end_silver;
  if (Array.isArray(nets))
    lines.push(...netsToLines(nets, REASONS[settlement.win_type] || REASONS.hand_end));
  return lines;
}

/** The settlement as DOM. `names[seat]` gives each seat's player name. */
export function settlementEl(settlement, names, mySeat, wins = [], kongEvents = []) {
  const s = settlement || {};
  // A winner may come as a seat number only: take its details from the hand's `win` events.
  const winners = (s.winners || []).map((w) => {
    const seat = typeof w === "object" ? w.seat : w;
    const ev = wins.find((x) => x.seat === seat) || {};
    const obj = typeof w === "object" ? w : {};
    return { ...ev, ...obj, seat, self_drawn: (obj.win_type || ev.win_type || s.win_type) === "self_drawn" || obj.self_drawn };
  });
  const winnersEl = winners.length === 0
    ? h("div", { class: "draw-result" }, bi(t("exhaustive_draw"), tOther("exhaustive_draw")))
    : winners.map((w) => h("div", { class: "winner" },
      h("h3", {}, bi(t("winner"), tOther("winner")), ": ", nameOf(names, w.seat),
        w.self_drawn || w.self_draw ? h("small", {}, ` (${t("self_drawn")})`) : null,
        w.from != null && !(w.self_drawn || w.self_draw) ? h("small", {}, ` ← ${nameOf(names, w.from)}`) : null),
      h("div", { class: "arrangement" }, h("span", { class: "label" }, t("arrangement")),
        w.decomposition && w.decomposition.length
          ? w.decomposition.map((set) => tileRow(set, { size: "sm", cls: "set" }))
          : [w.hand ? tileRow(w.hand, { size: "sm", cls: "set" }) : null,
            ...(w.melds || []).map((m) => tileRow(m.tiles, { size: "sm", cls: "set meld" }))],
        w.win_tile || w.tile ? h("span", { class: "win-tile" }, "→", tileRow(w.win_tile || w.tile, { size: "sm" })) : null),
      h("table", { class: "patterns" },
        h("tr", {}, h("th", {}, bi(t("patterns"), tOther("patterns"))), h("th", {}, "")),
        (w.patterns || []).map((p) => h("tr", { class: "pattern", "data-pattern": p.id },
          h("td", {}, tr(p) || p.id, h("small", { class: "other-lang" }, trOther(p))),
          h("td", { class: "num" }, String(p.value)))),
        h("tr", { class: "total" }, h("td", {}, bi(t("total"), tOther("total"))),
          h("td", { class: "num" }, String(w.value ?? ""))))));

  const lines = paymentLines(s, kongEvents).map((l) => h("li", { class: "payment-line" },
    `${nameOf(names, l.payer)} -> ${nameOf(names, l.payee)}: `,
    l.amount != null ? `${fmtInt(l.amount)} ${t("units")}` : "",
    l.amount != null && l.silver != null ? " = " : "",
    l.silver != null ? `${fmtInt(l.silver)} ${t("taels")}` : "",
    l.reason ? ` (${tr(l.reason)})` : ""));

  const n = names.length;
  const units = column(s, "payments.units", "units", "net_units", "payments");
  const silver = column(s, "payments.silver", "silver", "moved", "net_silver");
  const after = column(s, "balances_after", "balances.after", "after", "balances");
  // The balance before the whole hand: after minus everything the hand moved (kong money too).
  const before = after && silver ? after.map((b, i) => b - (Number(silver[i]) || 0))
    : column(s, "balances_before", "balances.before", "before");
  const levelsAfter = column(s, "levels_after", "levels.after", "levels");
  const paymentsRows = perSeat(s, "payments");
  const rows = Array.from({ length: n }, (_, i) => {
    const u = units ? units[i] : (Array.isArray(paymentsRows) ? paymentsRows[i]?.units : null);
    const sv = silver ? silver[i] : (Array.isArray(paymentsRows) ? paymentsRows[i]?.silver : null);
    return h("tr", { class: i === mySeat ? "me" : "" },
      h("td", {}, names[i] ?? i),
      h("td", { class: "num" }, u == null ? "" : signed(u)),
      h("td", { class: `num ${sv > 0 ? "pos" : sv < 0 ? "neg" : ""}` }, sv == null ? "" : signed(sv)),
      h("td", { class: "num" }, before ? fmtInt(before[i]) : ""),
      h("td", { class: "num" }, after ? fmtInt(after[i]) : ""),
      h("td", {}, levelsAfter && levelsAfter[i] && typeof levelsAfter[i] === "object" ? levelBadge(levelsAfter[i]) : ""));
  });

  return h("div", { class: "settlement", id: "settlement" },
    h("h2", {}, bi(t("settlement"), tOther("settlement"))),
    winnersEl,
    h("h3", {}, bi(t("payments"), tOther("payments"))),
    lines.length ? h("ul", { class: "lines" }, lines) : h("p", { class: "muted" }, "—"),
    h("h3", {}, bi(t("silver_moved"), tOther("silver_moved"))),
    h("table", { class: "money" },
      h("tr", {}, h("th", {}, ""), h("th", {}, t("units")), h("th", {}, t("silver")),
        h("th", {}, `${t("balance")} ${t("before")}`), h("th", {}, `${t("balance")} ${t("after")}`),
        h("th", {}, t("level"))),
      rows));
}
