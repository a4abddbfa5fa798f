// Hand history (GET /api/history): one row per finished hand, newest first: ruleset, the result
// for this player, the winner with the patterns and value, the units and silver this player won
// or lost (the hand's stored explanation, the same as its settlement and its replay), a replay.
import { get } from "./api.js";
import { h, mount, bi, fmtInt, signed } from "./dom.js";
import { t, tOther, tr, getLang, both } from "./i18n.js";
import { rulesetName } from "./lobby.js";
import { addExplainCss } from "./settlement.js";

const TEXT = {
  result: ["结果", "Result"],
  win: ["胡了", "Won"],
  loss: ["输", "Lost"],
  draw: ["荒庄", "Drawn"],
  even: ["没输赢", "Even"],
  winner: ["胡牌", "Winner"],
  self_drawn: ["自摸", "self-drawn"],
  discard: ["点炮 {name}", "off {name}"],
  robbing_kong: ["抢杠 {name}", "robbed {name}"],
  you: ["你", "you"],
  value: ["胡牌分 {n}", "value {n}"],
};

// the five rulesets' names, for a page opened before the lobby has loaded its list
const NAMES = {
  tuidaohu: { zh: "推倒胡", en: "Push-down" }, yangzhou: { zh: "扬州麻将", en: "Yangzhou 18-fan" },
  kawuxing: { zh: "卡五星", en: "Kawuxing (Five Star)" }, jincheng: { zh: "晋城麻将", en: "Jincheng" },
  wuhan: { zh: "武汉麻将", en: "Wuhan" },
};

/** A ruleset's name in both languages (the lobby's list, else the five known ones). */
export function rulesName(id) {
  const r = rulesetName(id);
  return r.zh === id && NAMES[id] ? NAMES[id] : r;
}

function tx(key, vars = {}, other = false) {
  let s = TEXT[key][(getLang() === "zh") !== other ? 0 : 1];
  for (const [k, v] of Object.entries(vars)) s = s.replaceAll(`{${k}}`, v);
  return s;
}

function winnersEl(row) {
  if (!row.winners || !row.winners.length) return h("span", { class: "muted" }, "—");
  const names = row.names || [];
  const how = row.win_type === "self_drawn" ? tx("self_drawn")
    : row.discarder != null ? tx(row.win_type, { name: names[row.discarder] ?? `#${row.discarder + 1}` }) : "";
  return row.winners.map((w) => h("div", { class: "w", "data-seat": w.seat },
    h("b", {}, w.seat === row.seat ? tx("you") : (w.name ?? `#${w.seat + 1}`)),
    how ? h("small", {}, ` (${how})`) : null,
    h("div", { class: "pats" },
      (w.patterns || []).map((p) => `${tr(p) || p.id} ${p.value}`).join(" · "),
      w.value != null ? ` = ${tx("value", { n: fmtInt(w.value) })}` : "")));
}

export async function renderHistory(root) {
  addExplainCss();
  const list = await get("/api/history");
  mount(root, h("div", { class: "card history" },
    h("h2", {}, both("history")),
    list.length === 0 ? h("p", { class: "muted" }, t("no_history")) :
      h("table", { class: "list history-list", id: "history" },
        h("tr", {}, h("th", { class: "wide" }, "#"), h("th", {}, t("ruleset")), h("th", {}, tx("result")),
          h("th", {}, tx("winner")), h("th", { class: "num" }, t("units")), h("th", { class: "num" }, t("silver")),
          h("th", { class: "wide" }, t("ended_at")), h("th", {}, "")),
        list.map((x) => h("tr", { "data-hand": x.hand_id },
          h("td", { class: "wide" }, String(x.hand_id)),
          h("td", { class: "rules-name" }, tr(rulesName(x.rules))),
          h("td", { class: `result ${x.result}` }, bi(tx(x.result), tx(x.result, {}, true))),
          h("td", { class: "winners" }, winnersEl(x)),
          // data-label: a phone's card shows what each number is (its table has no header row)
          h("td", { class: "num units", "data-label": t("units") }, signed(x.units)),
          h("td", { class: `num silver ${x.silver > 0 ? "pos" : x.silver < 0 ? "neg" : ""}`,
            "data-label": t("silver") },
            `${signed(x.silver)}`),
          h("td", { class: "wide" }, x.ended_at ? new Date(x.ended_at).toLocaleString() : ""),
          h("td", { class: "replay" }, h("a", { href: `#/replay/${x.hand_id}`, class: "button small" },
            both("replay"))))))));
  return () => {};
}
