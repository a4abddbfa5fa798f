// A player's profile (GET /api/players/NAME): level, silver and wealth rank, figures per ruleset
// as Tenhou and 雀魂 show them (hands, win rate, self-drawn share, deal-in rate, average and
// biggest win, patterns, silver won), the last results; on one's own profile the hands, filtered
// by ruleset (GET /api/players/NAME/history?rules=ID). Route: #/profile/NAME.
import { get } from "./api.js";
import { h, mount, fmtInt, signed } from "./dom.js";
import { tr, textTable, trBoth, amountBoth, unitsBoth, listBoth } from "./i18n.js";
import { levelBadge } from "./badge.js";
import { rulesName } from "./history.js";

const TEXT = {
  profile: ["玩家资料", "Player profile"], leaderboard: ["排行榜", "Leaderboard"],
  all: ["全部", "All rulesets"], hands: ["局数", "Hands"], win_rate: ["胡牌率", "Win rate"],
  self_drawn_share: ["自摸率", "Self-drawn share"], deal_in_rate: ["点炮率", "Deal-in rate"],
  draw_rate: ["流局率", "Draw rate"], avg_win: ["平均胡牌", "Average win"],
  biggest: ["最大胡牌", "Biggest win"], silver_won: ["输赢银两", "Silver won"],
  units: ["输赢注数", "Units won"], fees: ["台费", "Table fees"], patterns: ["番型统计", "Patterns"],
  recent: ["最近战绩", "Recent results"], wealth_rank: ["财富排名", "Wealth rank"],
  since: ["注册于", "Since"], bot: ["机器人", "Bot"], guest: ["游客", "Guest"],
  none: ["暂无", "none yet"], my_hands: ["我的牌局", "My hands"], more: ["更多", "More"],
  replay: ["回放", "Replay"], wins: ["胡 {n} 次", "wins: {n}"],
  no_hands: ["还没有打过牌", "No hands played yet"],
  win: ["和", "W"], deal_in: ["铳", "D"], loss: ["负", "L"], even: ["平", "E"], draw: ["流", "—"],
  result_win: ["胡牌", "win"], result_deal_in: ["点炮", "dealt in"], result_loss: ["输", "loss"],
  result_even: ["不输不赢", "even"], result_draw: ["流局", "draw"],
};

const table = textTable(TEXT);
export const { tx } = table;
const bx = table.both;

/** The pages' own stylesheet, linked once. */
export function standingCss() {
  if (document.getElementById("standing-css")) return;
  document.head.appendChild(h("link", { id: "standing-css", rel: "stylesheet", href: "/static/standing.css" }));
}

const pct = (x) => (x == null ? "—" : `${(x * 100).toFixed(1)}%`);
const cls = (n) => (n > 0 ? "pos" : n < 0 ? "neg" : "");

function stat(key, value, sub = null, extra = "") {
  return h("div", { class: `stat ${extra}`, "data-stat": key },
    h("span", { class: "v" }, value), h("span", { class: "k" }, bx(key)), sub ? h("span", { class: "sub" }, sub) : null);
}

function statsEl(s, own) {
  const big = s.biggest_win;
  return h("div", {},
    h("div", { class: "stat-grid" },
      stat("hands", fmtInt(s.hands), bx("wins", { n: fmtInt(s.wins) })),
      stat("win_rate", pct(s.win_rate)),
      stat("self_drawn_share", pct(s.self_drawn_share)),
      stat("deal_in_rate", pct(s.deal_in_rate)),
      stat("draw_rate", pct(s.draw_rate)),
      stat("avg_win", s.avg_win_units == null ? "—" : unitsBoth(s.avg_win_units),
        s.avg_win_silver == null ? null : amountBoth(s.avg_win_silver)),
      stat("biggest", big ? amountBoth(big.silver, true) : "—",
        big ? h("span", {}, (big.patterns || []).length ? listBoth(big.patterns) : "",
          " · ", unitsBoth(big.units),
          own ? h("a", { href: `#/replay/${big.hand_id}`, class: "small" }, " ", bx("replay")) : null) : null),
      stat("silver_won", h("span", { class: cls(s.silver) }, signed(s.silver)),
        s.fees ? [bx("fees"), ` ${fmtInt(s.fees)}`] : null),
      stat("units", h("span", { class: cls(s.units) }, signed(s.units)))),
    h("h3", {}, bx("patterns")),
    s.patterns.length ? patternsEl(s.patterns) : h("p", { class: "muted" }, bx("none")));
}

function patternsEl(patterns) {
  const top = Math.max(...patterns.map((p) => p.count));
  return h("div", { class: "patterns", id: "profile-patterns" }, patterns.map((p) =>
    h("div", { class: "pat-row", "data-pattern": p.id },
      h("span", {}, trBoth(p)),
      h("div", { class: "pat-bar", style: { width: `${(100 * p.count) / top}%` } }),
      h("b", {}, fmtInt(p.count)))));
}

function resultChip(r) {
  return h("span", { class: `chip ${r.result}`, title: `${tr(rulesName(r.rules))} · ${tx(`result_${r.result}`)} · ${signed(r.silver)}` },
    bx(r.result, {}, "stack"));
}

function tabs(ids, current, pick) {
  return h("div", { class: "tabs", role: "tablist" }, ids.map((id) =>
    h("button", { class: "secondary small", "data-rules": id, "aria-pressed": String(id === current),
      onclick: () => pick(id) }, id === "all" ? bx("all") : trBoth(rulesName(id)))));
}

/** The caller's own hands of one ruleset (or all), a page at a time. */
function myHands(name, rules) {
  const list = h("div", { id: "profile-hands" });
  const more = h("button", { class: "secondary small", id: "profile-more" }, bx("more"));
  let before = null;
  const load = async () => {
    const q = new URLSearchParams({ limit: "20" });
    if (rules !== "all") q.set("rules", rules);
    if (before) q.set("before", String(before));
    const page = await get(`/api/players/${encodeURIComponent(name)}/history?${q}`);
    for (const row of page.hands) {
      // its parts named: a phone lays them out as a small grid (standing.css), the " · " hidden
      list.appendChild(h("div", { class: "hand-row", "data-hand": row.hand_id },
        h("span", { class: `chip ${row.result}` }, bx(row.result)), " ",
        h("a", { class: "hand-link", href: `#/replay/${row.hand_id}` }, trBoth(rulesName(row.rules)),
          h("span", { class: "hand-no" }, `\u00a0#${row.hand_id}`)),
        h("span", { class: "sep" }, " · "),
        h("span", { class: "hand-who" }, (row.winners || []).length
          ? (row.winners || []).map((w, i) => [i ? "; " : "", `${w.name ?? "?"}: `, listBoth(w.patterns || [])])
          : bx("result_draw")),
        h("span", { class: "sep" }, " · "), h("b", { class: `hand-silver ${cls(row.silver)}` }, amountBoth(row.silver, true))));
    }
    before = page.next;
    more.hidden = !before;
    if (!list.children.length) list.appendChild(h("p", { class: "muted" }, bx("no_hands")));
  };
  more.onclick = load;
  load();
  return h("section", { class: "card" }, h("h3", {}, bx("my_hands")), list, more);
}

export async function renderProfile(root, app, name) {
  standingCss();
  const card = await get(`/api/players/${encodeURIComponent(name)}`);
  const own = !!(app && app.user && app.user.username === card.name);
  let rules = "all";
  const ids = ["all", ...Object.keys(card.stats).filter((k) => k !== "all")];
  const draw = () => {
    const s = card.stats[rules];
    mount(root, h("div", { class: "standing", id: "profile" },
      h("section", { class: "card head" },
        h("h2", { id: "profile-name" }, card.name), levelBadge(card.level),
        h("span", { class: "silver" }, amountBoth(card.silver)),
        card.wealth_rank ? h("span", { id: "profile-rank" }, bx("wealth_rank"), ` #${card.wealth_rank}`) : null,
        card.bot ? h("span", { class: "badge" }, bx("bot")) : null,
        card.guest ? h("span", { class: "badge" }, bx("guest")) : null,
        card.since ? h("small", { class: "muted" }, bx("since"), ` ${card.since.slice(0, 10)}`) : null,
        h("a", { href: "#/leaderboard", id: "profile-to-board" }, bx("leaderboard"))),
      h("section", { class: "card" },
        tabs(ids, rules, (id) => { rules = id; draw(); }),
        s.hands ? statsEl(s, own) : h("p", { class: "muted" }, bx("no_hands"))),
      h("section", { class: "card" }, h("h3", {}, bx("recent")),
        card.recent.length ? h("div", { class: "recent", id: "profile-recent" }, card.recent.map(resultChip))
          : h("p", { class: "muted" }, bx("no_hands"))),
      own ? myHands(card.name, rules) : null));
  };
  draw();
  if (app) app.rerender = draw;
  return () => {};
}
