// Hand history (GET /api/history): one row per finished hand, newest first: ruleset, the result
// for this player, the winner with the patterns and value, the units and silver this player won
// or lost (the hand's stored explanation, the same as its settlement and its replay), a replay.
import { get } from "./api.js";
import { h, mount, fmtInt, signed } from "./dom.js";
import { tr, both, bothText, trBoth, textTable } from "./i18n.js";
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

const { tx, both: bx } = textTable(TEXT);

function winnersEl(row) {
  if (!row.winners || !row.winners.length) return h("span", { class: "muted" }, "—");
  const names = row.names || [];
  const how = row.win_type === "self_drawn" ? bx("self_drawn")
    : row.discarder != null ? bx(row.win_type, { name: names[row.discarder] ?? `#${row.discarder + 1}` }) : "";
  return row.winners.map((w) => h("div", { class: "w", "data-seat": w.seat },
    h("b", {}, w.seat === row.seat ? bx("you") : (w.name ?? `#${w.seat + 1}`)),
    how ? h("small", {}, " (", how, ")") : null,
    h("div", { class: "pats" },
      (w.patterns || []).map((p, i) => [i ? " · " : "", tr(p) ? trBoth(p) : p.id, ` ${p.value}`]),
      w.value != null ? [" = ", bx("value", { n: fmtInt(w.value) })] : "")));
}

export async function renderHistory(root) {
  addExplainCss();
  const list = await get("/api/history");
  mount(root, h("div", { class: "card history" },
    h("h2", {}, both("history")),
    list.length === 0 ? h("p", { class: "muted" }, both("no_history")) :
      h("table", { class: "list history-list", id: "history" },
        h("tr", {}, h("th", { class: "wide" }, "#"), h("th", {}, both("ruleset", {}, "stack")), h("th", {}, bx("result", {}, "stack")),
          h("th", {}, bx("winner", {}, "stack")), h("th", { class: "num" }, both("units", {}, "stack")),
          h("th", { class: "num" }, both("silver", {}, "stack")), h("th", { class: "wide" }, both("ended_at", {}, "stack")), h("th", {}, "")),
        list.map((x) => h("tr", { "data-hand": x.hand_id },
          h("td", { class: "wide" }, String(x.hand_id)),
          h("td", { class: "rules-name" }, trBoth(rulesName(x.rules), "stack"),
            // a practice table's hand (stake 0) moved units only, never silver
            x.stake === 0 ? h("div", { class: "practice-tag muted" }, both("practice_room", {}, "stack")) : null),
          h("td", { class: `result ${x.result}` }, bx(x.result)),
          h("td", { class: "winners" }, winnersEl(x)),
          // data-label: a phone's card shows what each number is (its table has no header row)
          h("td", { class: "num units", "data-label": bothText("units") }, signed(x.units)),
          h("td", { class: `num silver ${x.silver > 0 ? "pos" : x.silver < 0 ? "neg" : ""}`,
            "data-label": bothText("silver") },
            x.stake === 0 ? "—" : `${signed(x.silver)}`),
          h("td", { class: "wide" }, x.ended_at ? new Date(x.ended_at).toLocaleString() : ""),
          h("td", { class: "replay" }, h("a", { href: `#/replay/${x.hand_id}`, class: "button small" },
            both("replay"))))))));
  return () => {};
}
