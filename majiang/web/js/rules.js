// The rules pages (#/rules/ID) and the wealth levels (#/levels): prose from rules_text.js, the pattern
// table and the worked hands from the server (/api/rules/ID: majiang.rules' own data and scorer).
import { get } from "./api.js";
import { h, mount, bi, fmtInt } from "./dom.js";
import { t, tOther, tr, trOther, taels, both, trBoth, pairBoth, amountBoth, unitsBoth, listOf, listBoth } from "./i18n.js";
import { tileRow } from "./tiles.js";
import { meldEl } from "./board.js";

import { levelBadge } from "./badge.js";
import { RULE_TEXT } from "./rules_text.js";

const cache = new Map();
async function fetchOnce(path) {
  if (!cache.has(path)) cache.set(path, get(path).catch((e) => { cache.delete(path); throw e; }));
  return cache.get(path);
}

/** One point of the prose: both languages, the other on its own line under it (style.css). */
function pair([zh, en]) {
  return h("li", {}, pairBoth(zh, en));
}

function section(key, ...body) {
  return h("section", { class: "card rules-section", id: `rules-${key}` }, h("h2", {}, both(key)), body);
}

function patternsTable(page) {
  const byId = Object.fromEntries(page.patterns.map((p) => [p.id, p]));
  const unit = page.combine === "product" ? "×" : page.combine === "sum" ? "" : "×";
  return h("table", { class: "list patterns", id: "pattern-table" },
    h("thead", {}, h("tr", {}, h("th", {}, both("pattern", {}, "stack")), h("th", { class: "num" }, both("value", {}, "stack")),
      h("th", {}, both("excludes", {}, "stack")))),
    h("tbody", {}, page.patterns.map((p) => h("tr", { "data-pattern": p.id },
      h("td", {}, h("b", {}, tr(p)), " ", h("small", { class: "other-lang" }, trOther(p))),
      h("td", { class: "num" }, `${unit}${p.value}`),
      h("td", { class: "muted small" }, (p.excludes || []).length
        ? listBoth(p.excludes.map((x) => byId[x] || { zh: x, en: x })) : null)))));
}

function exampleEl(ex, players) {
  const req = ex.request;
  const ans = ex.answer || {};
  const names = Array.from({ length: players }, (_, i) => [both("seat"), ` ${i + 1}`]);
  const how = req.win_type === "self_drawn" ? both("self_drawn")
    : [pairBoth("点炮", "discard"), " ← ", names[req.discarder] ?? ""];
  return h("div", { class: "example", "data-rules": req.rules },
    h("p", { class: "case" }, trBoth(ex.case)),
    h("div", { class: "example-hand" },
      tileRow(req.hand, { size: "sm" }),
      (req.melds || []).map((m) => meldEl(m, null, "sm")),
      h("span", { class: "win-tile" }, h("small", {}, both("winning_tile", {}, "stack")), tileRow(req.win_tile, { size: "sm" }))),
    h("p", { class: "small" }, names[req.winner ?? 0], " · ", how,
      req.laizi ? [" · ", pairBoth("赖子", "laizi"), ` ${req.laizi}`] : ""),
    h("p", { class: "example-patterns" }, (ans.patterns || []).map((p) =>
      h("span", { class: "pattern-chip" }, trBoth(p), h("b", {}, ` ${p.value}`))),
    h("span", { class: "muted" }, ` = ${ans.value}`)),
    h("p", { class: "example-pay" }, (ans.payments || []).map((v, i) =>
      h("span", { class: `pay ${v > 0 ? "plus" : v < 0 ? "minus" : ""}` }, names[i], " ", unitsBoth(v, true)))));
}

/** The ruleset's facts in one language: players, tiles, calls, shapes, how values combine. */
function facts(page, combine, other) {
  const tx = other ? tOther : t;
  return `${page.players} ${tx("players")} · ${page.tiles} ${tx("tiles_count")} · `
    + `${tx("calls")}: ${listOf(page.calls, other)} · ${tx("shapes")}: ${listOf(page.shapes, other)} · `
    + `${tx(combine)}${page.minimum ? ` · ${tx("minimum")} ${page.minimum}` : ""}`;
}

/** The page of one ruleset. */
export async function renderRules(root, app, id) {
  const index = await fetchOnce("/api/rules");
  const rulesId = index.some((r) => r.id === id) ? id : index[0]?.id;
  const page = await fetchOnce(`/api/rules/${rulesId}`);
  const text = RULE_TEXT[rulesId] || { flow: [], actions: [], payments: [] };
  const combine = `combine_${page.combine}`;
  mount(root, h("div", { class: "rules-page", id: "rules-page", "data-rules": rulesId },
    h("nav", { class: "rules-tabs", id: "rules-tabs" }, index.map((r) => h("a", {
      href: `#/rules/${r.id}`, class: `tab${r.id === rulesId ? " on" : ""}`, "data-rules": r.id }, trBoth(r, "stack")))),
    h("h1", {}, trBoth(page)),
    h("p", { class: "facts" }, bi(facts(page, combine, false), facts(page, combine, true))),
    section("how_a_hand_goes", h("ul", {}, text.flow.map(pair))),
    section("special_actions", h("ul", {}, text.actions.map(pair))),
    section("patterns", h("p", { class: "muted small" }, both(combine)), patternsTable(page)),
    section("payments_title", h("ul", {}, text.payments.map(pair))),
    section("worked_hands", page.examples.map((ex) => exampleEl(ex, page.players))),
    await levelsSection(app)));
  return () => {};
}

/** The 20 wealth levels with the player's progress to the next. */
export async function levelsSection(app) {
  const levels = await fetchOnce("/api/levels");
  const silver = app.user ? Number(app.user.silver) : null;
  let cur = null;
  for (const l of levels) if (silver != null && silver >= l.min_silver) cur = l;
  const next = cur ? levels.find((l) => l.index === cur.index + 1) : null;
  const pct = cur && next ? Math.max(0, Math.min(100, (100 * (silver - cur.min_silver)) / (next.min_silver - cur.min_silver))) : 100;
  const progress = cur ? h("div", { class: "level-progress", id: "level-progress" },
    h("span", {}, both("your_level"), ": "), levelBadge(cur), " ",
    h("span", { class: "bar" }, h("span", { class: "fill", style: { width: `${pct.toFixed(1)}%` } })), " ",
    next ? bi(t("to_next", { money: taels(next.min_silver - silver), name: tr(next) }),
      tOther("to_next", { money: taels(next.min_silver - silver, false, true), name: trOther(next) })) : both("top_level")) : null;
  // what turns a player away besides the level: a seat's silver per ruleset (a costly hand)
  const rulesets = await fetchOnce("/api/rulesets");
  const seats = h("p", { class: "muted", id: "seat-minimums" }, both("seat_minimums"), " ",
    rulesets.filter((r) => r.seat_minimum != null).map((r, i) => [i ? " · " : "", trBoth(r), " ", amountBoth(r.seat_minimum)]));
  return section("levels_title", progress, seats,
    h("table", { class: "list levels", id: "levels-table" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, both("level", {}, "stack")),
        h("th", { class: "num" }, both("min_silver", {}, "stack")), h("th", { class: "num" }, both("stake", {}, "stack")))),
      h("tbody", {}, levels.map((l) => h("tr", { class: cur && cur.index === l.index ? "mine" : "" },
        h("td", {}, String(l.index)), h("td", {}, trBoth(l)),
        h("td", { class: "num" }, fmtInt(l.min_silver)), h("td", { class: "num" }, fmtInt(l.stake)))))));
}

/** #/levels: the levels alone. */
export async function renderLevels(root, app) {
  mount(root, h("div", { class: "rules-page", id: "levels-page" }, await levelsSection(app)));
  return () => {};
}
