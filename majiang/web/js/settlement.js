// The settlement screen: the server's `settlement` payload (protocol.md section 5), read as sent:
// each winner's arrangement and patterns, each payment line, silver, balances and levels.
import { h, bi, fmtInt, signed } from "./dom.js";
import { t, tOther, tr, trOther } from "./i18n.js";
import { tileRow } from "./tiles.js";
import { levelBadge } from "./badge.js";

function nameOf(names, seat) {
  return names[seat] ?? `${t("seat")} ${seat + 1}`;
}

function winnerEl(s, w, names) {
  const selfDrawn = s.win_type === "self_drawn";
  return h("div", { class: "winner" },
    h("h3", {}, bi(t("winner"), tOther("winner")), ": ", nameOf(names, w.seat),
      selfDrawn ? h("small", {}, ` (${t("self_drawn")})`) : null,
      !selfDrawn && s.discarder != null ? h("small", {}, ` ← ${nameOf(names, s.discarder)}`) : null),
    h("div", { class: "arrangement" }, h("span", { class: "label" }, t("arrangement")),
      w.decomposition && w.decomposition.length
        ? w.decomposition.map((set) => tileRow(set, { size: "sm", cls: "set" }))
        : [w.hand ? tileRow(w.hand, { size: "sm", cls: "set" }) : null,
          ...(w.melds || []).map((m) => tileRow(m.tiles, { size: "sm", cls: "set meld" }))],
      w.tile ? h("span", { class: "win-tile" }, "→", tileRow(w.tile, { size: "sm" })) : null),
    h("table", { class: "patterns" },
      h("tr", {}, h("th", {}, bi(t("patterns"), tOther("patterns"))), h("th", {}, "")),
      w.patterns.map((p) => h("tr", { class: "pattern", "data-pattern": p.id },
        h("td", {}, tr(p) || p.id, h("small", { class: "other-lang" }, trOther(p))),
        h("td", { class: "num" }, String(p.value)))),
      h("tr", { class: "total" }, h("td", {}, bi(t("total"), tOther("total"))),
        h("td", { class: "num" }, String(w.value ?? "")))));
}

/** The settlement as DOM; `names[seat]` is each seat's player, `mySeat` is highlighted. */
export function settlementEl(s, names, mySeat) {
  const winners = s.winners.length === 0
    ? h("div", { class: "draw-result" }, bi(t("exhaustive_draw"), tOther("exhaustive_draw")))
    : s.winners.map((w) => winnerEl(s, w, names));
  const lines = s.lines.map((l) => h("li", { class: "payment-line" },
    `${nameOf(names, l.payer)} -> ${nameOf(names, l.payee)}: `,
    `${fmtInt(l.amount)} ${t("units")} = ${fmtInt(l.silver)} ${t("taels")}`,
    ` (${tr(l.reason)})`));
  const { units, silver } = s.payments;
  const rows = names.map((name, i) => h("tr", { class: i === mySeat ? "me" : "" },
    h("td", {}, name ?? i),
    h("td", { class: "num" }, signed(units[i])),
    h("td", { class: `num ${silver[i] > 0 ? "pos" : silver[i] < 0 ? "neg" : ""}` }, signed(silver[i])),
    h("td", { class: "num" }, fmtInt(s.balances_before[i])),
    h("td", { class: "num" }, fmtInt(s.balances_after[i])),
    h("td", {}, levelBadge(s.levels_after[i]))));
  return h("div", { class: "settlement", id: "settlement" },
    h("h2", {}, bi(t("settlement"), tOther("settlement"))),
    winners,
    h("h3", {}, bi(t("payments"), tOther("payments"))),
    lines.length ? h("ul", { class: "lines" }, lines) : h("p", { class: "muted" }, "—"),
    h("h3", {}, bi(t("silver_moved"), tOther("silver_moved"))),
    h("table", { class: "money" },
      h("tr", {}, h("th", {}, ""), h("th", {}, t("units")), h("th", {}, t("silver")),
        h("th", {}, `${t("balance")} ${t("before")}`), h("th", {}, `${t("balance")} ${t("after")}`),
        h("th", {}, t("level"))),
      rows));
}
