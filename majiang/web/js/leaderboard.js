// The leaderboards (GET /api/leaderboard): by wealth (银两), and per ruleset by silver won,
// hands, win rate or units, with a minimum of hands; the caller's own row is marked, and shown
// below when it is not among the top. Route: #/leaderboard or #/leaderboard/RULES.
import { get } from "./api.js";
import { h, mount, fmtInt, signed } from "./dom.js";
import { tr, textTable, trBoth } from "./i18n.js";
import { levelBadge } from "./badge.js";
import { rulesName } from "./history.js";
import { standingCss } from "./profile.js";

const TEXT = {
  leaderboard: ["排行榜", "Leaderboard"], wealth: ["财富榜", "Wealth"], rank: ["名次", "Rank"],
  player: ["玩家", "Player"], silver: ["银两", "Silver"], level: ["等级", "Level"],
  hands: ["局数", "Hands"], wins: ["胡牌", "Wins"], win_rate: ["胡牌率", "Win rate"],
  deal_in_rate: ["点炮率", "Deal-in"], units: ["注数", "Units"], silver_won: ["赢得银两", "Silver won"],
  order: ["排序", "Order by"], min_hands: ["最少局数", "Min. hands"], me: ["我", "Me"],
  players: ["共 {n} 名玩家", "{n} players"], players_one: ["共 1 名玩家", "1 player"], empty: ["暂无上榜玩家", "Nobody on this board yet"],
  o_silver: ["赢得银两", "Silver won"], o_hands: ["局数", "Hands"], o_win_rate: ["胡牌率", "Win rate"],
  o_units: ["注数", "Units"],
  who_wealth: ["只列注册玩家（游客与机器人不上榜）。", "Only signed-up players are ranked (guests and bots are not)."],
  who_rules: ["列出此玩法打满 {n} 局的注册玩家（游客与机器人不上榜）。",
    "Signed-up players with at least {n} hands of this ruleset are ranked (guests and bots are not)."],
  who_rules_one: ["列出此玩法打满 1 局的注册玩家（游客与机器人不上榜）。",
    "Signed-up players with at least one hand of this ruleset are ranked (guests and bots are not)."],
  guest_note: ["你正以游客身份游戏：注册后你的银两和战绩才会上榜。", "You play as a guest: sign up to put your silver and results on the boards."],
};
const { tx, both: bx } = textTable(TEXT);
const pct = (x) => (x == null ? "—" : `${(x * 100).toFixed(1)}%`);
const cls = (n) => (n > 0 ? "pos" : n < 0 ? "neg" : "");
const who = (name) => h("a", { href: `#/profile/${encodeURIComponent(name)}` }, name);

function wealthRows(board, meName) {
  const row = (r) => h("tr", { class: r.name === meName ? "me" : "", "data-name": r.name },
    h("td", { class: "rank" }, r.rank), h("td", {}, who(r.name)),
    h("td", { class: "wide" }, levelBadge(r.level)), h("td", {}, fmtInt(r.silver)));
  const rows = board.rows.map(row);
  if (board.me && !board.rows.some((r) => r.name === board.me.name)) rows.push(row(board.me));
  return [h("tr", {}, ["rank", "player", "level", "silver"].map((k) => h("th", { class: k === "level" ? "wide" : "" }, bx(k, {}, "stack")))), rows];
}

function rulesRows(board, meName) {
  const row = (r) => h("tr", { class: r.name === meName ? "me" : "", "data-name": r.name },
    h("td", { class: "rank" }, r.rank), h("td", {}, who(r.name)), h("td", {}, fmtInt(r.hands)),
    h("td", { class: "wide" }, fmtInt(r.wins)), h("td", {}, pct(r.win_rate)), h("td", { class: "wide" }, pct(r.deal_in_rate)),
    h("td", { class: `wide ${cls(r.units)}` }, signed(r.units)), h("td", { class: cls(r.silver) }, signed(r.silver)));
  const rows = board.rows.map(row);
  if (board.me && !board.rows.some((r) => r.name === board.me.name)) rows.push(row(board.me));
  const heads = ["rank", "player", "hands", "wins", "win_rate", "deal_in_rate", "units", "silver_won"];
  const wide = new Set(["wins", "deal_in_rate", "units"]);
  return [h("tr", {}, heads.map((k) => h("th", { class: wide.has(k) ? "wide" : "" }, bx(k, {}, "stack")))), rows];
}

export async function renderLeaderboard(root, app, arg = null) {
  standingCss();
  const rulesets = (await get("/api/rules").catch(() => [])).map((r) => r.id || r);
  const state = { by: arg ? "rules" : "wealth", rules: arg || rulesets[0], order: "silver", min: 1 };
  const meName = app && app.user ? app.user.username : null;
  const draw = async () => {
    const q = new URLSearchParams({ by: state.by });
    if (state.by === "rules") { q.set("rules", state.rules); q.set("order", state.order); q.set("min_hands", String(state.min)); }
    const board = await get(`/api/leaderboard?${q}`);
    const tab = (id, label, on) => h("button", { class: "secondary small", "data-board": id, "aria-pressed": String(on),
      onclick: () => { if (id === "wealth") state.by = "wealth"; else { state.by = "rules"; state.rules = id; } draw(); } }, label);
    const controls = state.by === "rules" ? h("div", { class: "controls" },
      h("label", {}, bx("order"), " ", h("select", { id: "board-order", onchange: (e) => { state.order = e.target.value; draw(); } },
        ["silver", "hands", "win_rate", "units"].map((o) => h("option", { value: o, selected: o === state.order }, `${tx(`o_${o}`)} · ${tx(`o_${o}`, {}, true)}`)))),
      h("label", {}, bx("min_hands"), " ", h("input", { id: "board-min", type: "number", min: 1, value: state.min, style: { width: "5em" },
        onchange: (e) => { state.min = Math.max(1, Number(e.target.value) || 1); draw(); } }))) : null;
    mount(root, h("div", { class: "standing", id: "leaderboard" },
      h("section", { class: "card" },
        h("h2", {}, bx("leaderboard")),
        h("div", { class: "tabs" }, tab("wealth", bx("wealth"), state.by === "wealth"),
          rulesets.map((id) => tab(id, trBoth(rulesName(id)),
            state.by === "rules" && state.rules === id))),
        controls,
        h("p", { class: "muted", id: "board-who" },
          board.players === 1 ? bx("players_one") : bx("players", { n: fmtInt(board.players) }), " · ",
          state.by === "wealth" ? bx("who_wealth")
            : Number(state.min) === 1 ? bx("who_rules_one") : bx("who_rules", { n: fmtInt(state.min) })),
        app && app.user && app.user.guest ? h("p", { class: "notice", id: "board-guest" }, bx("guest_note")) : null,
        board.rows.length ? h("table", { class: "board-table", id: "board-table" },
          state.by === "wealth" ? wealthRows(board, meName) : rulesRows(board, meName))
          : h("p", { class: "muted" }, bx("empty")))));
  };
  await draw();
  if (app) app.rerender = draw;
  return () => {};
}
