// The rules pages (#/rules/ID) and the wealth levels (#/levels): prose from rules_text.js, the pattern
// table and the worked hands from the server (/api/rules/ID: majiang.rules' own data and scorer).
import { get } from "./api.js";
import { h, mount, bi, fmtInt } from "./dom.js";
import { t, tOther, tr, trOther, getLang, taels, units, both, trBoth } from "./i18n.js";
import { tileRow } from "./tiles.js";
import { meldEl } from "./board.js";

/** Between the items of a list: 、 in Chinese, a comma in English. */
const listSep = () => (getLang() === "en" ? ", " : "、");
import { levelBadge } from "./badge.js";
import { RULE_TEXT } from "./rules_text.js";

const cache = new Map();
async function fetchOnce(path) {
  if (!cache.has(path)) cache.set(path, get(path).catch((e) => { cache.delete(path); throw e; }));
  return cache.get(path);
}

function pair([zh, en]) {
  const lang = getLang();
  return h("li", {}, lang === "zh" ? zh : en, h("small", { class: "other-lang" }, lang === "zh" ? en : zh));
}

function section(key, ...body) {
  return h("section", { class: "card rules-section", id: `rules-${key}` }, h("h2", {}, both(key)), body);
}

function patternsTable(page) {
  const byId = Object.fromEntries(page.patterns.map((p) => [p.id, p]));
  const unit = page.combine === "product" ? "×" : page.combine === "sum" ? "" : "×";
  return h("table", { class: "list patterns", id: "pattern-table" },
    h("thead", {}, h("tr", {}, h("th", {}, t("pattern")), h("th", { class: "num" }, t("value")),
      h("th", {}, t("excludes")))),
    h("tbody", {}, page.patterns.map((p) => h("tr", { "data-pattern": p.id },
      h("td", {}, h("b", {}, getLang() === "zh" ? p.zh : p.en), " ", h("small", { class: "other-lang" }, getLang() === "zh" ? p.en : p.zh)),
      h("td", { class: "num" }, `${unit}${p.value}`),
      h("td", { class: "muted small" }, (p.excludes || []).map((x) => (byId[x] ? tr(byId[x]) : x)).join(listSep()))))));
}

function exampleEl(ex, players) {
  const req = ex.request;
  const ans = ex.answer || {};
  const names = Array.from({ length: players }, (_, i) => `${t("seat")} ${i + 1}`);
  const how = req.win_type === "self_drawn" ? t("self_drawn")
    : `${tr({ zh: "点炮", en: "discard" })} ← ${names[req.discarder] ?? ""}`;
  return h("div", { class: "example", "data-rules": req.rules },
    h("p", { class: "case" }, trBoth(ex.case)),
    h("div", { class: "example-hand" },
      tileRow(req.hand, { size: "sm" }),
      (req.melds || []).map((m) => meldEl(m, null, "sm")),
      h("span", { class: "win-tile" }, h("small", {}, t("winning_tile")), tileRow(req.win_tile, { size: "sm" }))),
    h("p", { class: "small" }, `${names[req.winner ?? 0]} · ${how}`,
      req.laizi ? ` · ${tr({ zh: "赖子", en: "laizi" })} ${req.laizi}` : ""),
    h("p", { class: "example-patterns" }, (ans.patterns || []).map((p) =>
      h("span", { class: "pattern-chip" }, tr(p), h("b", {}, ` ${p.value}`))),
    h("span", { class: "muted" }, ` = ${ans.value}`)),
    h("p", { class: "example-pay" }, (ans.payments || []).map((v, i) =>
      h("span", { class: `pay ${v > 0 ? "plus" : v < 0 ? "minus" : ""}` }, `${names[i]} ${units(v, true)}`))));
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
      href: `#/rules/${r.id}`, class: `tab${r.id === rulesId ? " on" : ""}`, "data-rules": r.id }, tr(r)))),
    h("h1", {}, trBoth(page)),
    h("p", { class: "facts" }, `${page.players} ${t("players")} · ${page.tiles} ${t("tiles_count")} · `,
      `${t("calls")}: ${page.calls.map((c) => tr(c)).join(listSep())} · ${t("shapes")}: ${page.shapes.map((s) => tr(s)).join(listSep())} · `,
      `${t(combine)}${page.minimum ? ` · ${t("minimum")} ${page.minimum}` : ""}`),
    section("how_a_hand_goes", h("ul", {}, text.flow.map(pair))),
    section("special_actions", h("ul", {}, text.actions.map(pair))),
    section("patterns", h("p", { class: "muted small" }, `${t(combine)} · ${tOther(combine)}`), patternsTable(page)),
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
    h("span", {}, `${t("your_level")}: `), levelBadge(cur), " ",
    h("span", { class: "bar" }, h("span", { class: "fill", style: { width: `${pct.toFixed(1)}%` } })), " ",
    next ? t("to_next", { money: taels(next.min_silver - silver), name: tr(next) }) : t("top_level")) : null;
  // what turns a player away besides the level: a seat's silver per ruleset (a costly hand)
  const rulesets = await fetchOnce("/api/rulesets");
  const seats = h("p", { class: "muted", id: "seat-minimums" }, both("seat_minimums"), " ",
    rulesets.filter((r) => r.seat_minimum != null).map((r) => `${tr(r)} ${taels(r.seat_minimum)}`).join(" · "));
  return section("levels_title", progress, seats,
    h("table", { class: "list levels", id: "levels-table" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("level")), h("th", { class: "num" }, t("min_silver")),
        h("th", { class: "num" }, t("stake")))),
      h("tbody", {}, levels.map((l) => h("tr", { class: cur && cur.index === l.index ? "mine" : "" },
        h("td", {}, String(l.index)), h("td", {}, trBoth(l)),
        h("td", { class: "num" }, fmtInt(l.min_silver)), h("td", { class: "num" }, fmtInt(l.stake)))))));
}

/** #/levels: the levels alone. */
export async function renderLevels(root, app) {
  mount(root, h("div", { class: "rules-page", id: "levels-page" }, await levelsSection(app)));
  return () => {};
}
