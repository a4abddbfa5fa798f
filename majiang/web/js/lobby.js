// The lobby: account forms, balance and level, rulesets, create / join / quick play, open tables.
import { get, post, setToken } from "./api.js";
import { h, mount, bi, fmtInt } from "./dom.js";
import { t, tOther, tr, trOther } from "./i18n.js";
import { levelBadge } from "./badge.js";

let rulesets = null;
let levels = null;
const PREF = "majiang.lobby";

function prefs() {
  try { return JSON.parse(localStorage.getItem(PREF) || "{}"); } catch { return {}; }
}
function savePrefs(p) { localStorage.setItem(PREF, JSON.stringify({ ...prefs(), ...p })); }

async function loadStatic() {
  if (!rulesets) rulesets = await get("/api/rulesets");
  if (!levels) levels = await get("/api/levels");
}

export function rulesetName(id) {
  const r = (rulesets || []).find((x) => x.id === id);
  return r ? r : { zh: id, en: id };
}

/** The sign-up / log-in / guest card. `done(user)` is called after success. */
export function authCard(app) {
  const user = h("input", { id: "auth-username", name: "username", autocomplete: "username",
    placeholder: t("username"), maxlength: 32 });
  const pass = h("input", { id: "auth-password", name: "password", type: "password",
    autocomplete: "current-password", placeholder: t("password") });
  const msg = h("div", { class: "error", id: "auth-error" });
  const go = (path, withBody) => async (ev) => {
    ev.preventDefault();
    msg.textContent = "";
    try {
      const res = await post(path, withBody ? { username: user.value.trim(), password: pass.value } : {});
      setToken(res.token);
      await app.refreshUser(res.user);
      app.route();
    } catch (e) { msg.textContent = e.message; }
  };
  return h("form", { class: "card auth", onsubmit: go("/api/login", true) },
    h("h2", {}, bi(t("title"), tOther("title"))),
    h("label", {}, bi(t("username"), tOther("username")), user),
    h("label", {}, bi(t("password"), tOther("password")), pass),
    h("div", { class: "buttons" },
      h("button", { type: "button", id: "btn-signup", onclick: go("/api/signup", true) },
        bi(t("signup"), tOther("signup"))),
      h("button", { type: "submit", id: "btn-login" }, bi(t("login"), tOther("login"))),
      h("button", { type: "button", id: "btn-guest", class: "secondary", onclick: go("/api/guest", false) },
        bi(t("guest"), tOther("guest")))),
    msg);
}

/** Render the lobby into `root`. Returns a cleanup function. */
export async function renderLobby(root, app) {
  if (app.user) await app.refreshUser().catch(() => {});
  if (!app.user) { mount(root, authCard(app)); return () => {}; }
  await loadStatic();
  const p = prefs();
  const me = app.user;
  const msg = h("div", { class: "error", id: "lobby-error" });
  const fail = (e) => { msg.textContent = e.message; };

  const rulesSel = h("select", { id: "sel-rules" }, rulesets.map((r) =>
    h("option", { value: r.id, selected: r.id === p.rules },
      `${tr(r)} · ${trOther(r)} (${r.players} ${t("players")})`)));
  const levelSel = h("select", { id: "sel-level" }, levels
    .filter((l) => l.index <= (me.level ? me.level.index : 1))
    .map((l) => h("option", { value: l.index, selected: l.index === (p.level ?? me.level?.index) },
      `${l.index}. ${tr(l)} · ${t("stake")} ${fmtInt(l.stake)}`)));
  const botsSel = h("select", { id: "sel-bots" });
  const fillBots = () => {
    const r = rulesets.find((x) => x.id === rulesSel.value) || { players: 4 };
    const want = Math.min(p.bots ?? r.players - 1, r.players - 1);
    mount(botsSel, Array.from({ length: r.players }, (_, i) =>
      h("option", { value: i, selected: i === want }, String(i))));
  };
  // the match length: rounds of winds where the ruleset has them, else hands (its default first)
  const matchIn = h("input", { id: "in-match", type: "number", min: 1 });
  const matchLabel = h("span", {});
  const fillMatch = () => {
    const r = rulesets.find((x) => x.id === rulesSel.value) || {};
    const rounds = r.match_rounds != null;
    matchIn.max = rounds ? 4 : 99;
    matchIn.value = rounds ? r.match_rounds : (r.match_hands ?? 8);
    mount(matchLabel, rounds ? bi(t("match_rounds"), tOther("match_rounds")) : bi(t("match_hands"), tOther("match_hands")));
  };
  fillBots();
  fillMatch();
  rulesSel.addEventListener("change", () => { savePrefs({ rules: rulesSel.value }); fillBots(); fillMatch(); });
  const turnIn = h("input", { id: "in-turn", type: "number", min: 5, max: 120, value: p.turn ?? 15 });
  const codeIn = h("input", { id: "in-code", placeholder: t("join_code"), maxlength: 12,
    autocapitalize: "characters" });
  const tablesBox = h("div", { class: "open-tables", id: "open-tables" });

  const open = (table) => { location.hash = `#/table/${table.code}`; };
  const create = async () => {
    const body = { rules: rulesSel.value, level: Number(levelSel.value), bots: Number(botsSel.value),
      turn_seconds: Number(turnIn.value) };
    const r = rulesets.find((x) => x.id === rulesSel.value) || {};
    body[r.match_rounds != null ? "match_rounds" : "match_hands"] = Number(matchIn.value);
    savePrefs({ rules: body.rules, level: body.level, bots: body.bots, turn: body.turn_seconds });
    try { open(await post("/api/tables", body)); } catch (e) { fail(e); }
  };
  const quick = async () => {
    savePrefs({ rules: rulesSel.value });
    try { open(await post("/api/quickplay", { rules: rulesSel.value })); } catch (e) { fail(e); }
  };
  const join = async (code) => {
    const c = String(code).trim().toUpperCase();
    if (!c) return;
    try { await post(`/api/tables/${encodeURIComponent(c)}/join`); open({ code: c }); }
    catch (e) { fail(e); }
  };

  const refreshTables = async () => {
    try {
      const list = await get("/api/tables");
      mount(tablesBox, list.length === 0 ? h("p", { class: "muted" }, t("no_tables")) :
        h("table", { class: "list" }, list.map((tb) => h("tr", {},
          h("td", { class: "code" }, tb.code),
          h("td", {}, tr(rulesetName(tb.rules))),
          h("td", {}, levelBadge(levels.find((l) => l.index === tb.level))),
          h("td", {}, `${t("stake")} ${fmtInt(tb.stake)}`),
          h("td", {}, Array.isArray(tb.seats) ? `${tb.seats.filter((s) => s && s.name).length}/${tb.seats.length}` : tb.seats),
          h("td", {}, t(tb.status === "playing" ? "playing" : "waiting")),
          h("td", {}, h("button", { class: "small", onclick: () => join(tb.code) }, t("join")))))));
    } catch (e) { mount(tablesBox, h("p", { class: "error" }, e.message)); }
  };

  mount(root,
    h("div", { class: "lobby" },
      h("section", { class: "card me" },
        h("h2", {}, me.username, me.guest ? h("small", { class: "muted" }, " (guest)") : null),
        h("div", { class: "balance" }, bi(t("silver"), tOther("silver")), ": ",
          h("b", { id: "my-silver" }, fmtInt(me.silver)), ` ${t("taels")}`),
        h("div", { class: "level" }, bi(t("level"), tOther("level")), ": ", levelBadge(me.level)),
        me.level ? h("div", { class: "muted" }, `${t("stake")}: ${fmtInt(me.level.stake)} ${t("taels")}`) : null,
        me.table ? h("div", { class: "buttons" }, h("a", { class: "button", id: "btn-back-table",
          href: `#/table/${me.table}` }, t("back_to_table", { code: me.table }))) : null),
      h("section", { class: "card create" },
        h("h2", {}, bi(t("create_table"), tOther("create_table"))),
        h("label", {}, bi(t("ruleset"), tOther("ruleset")), rulesSel),
        h("label", {}, bi(t("level"), tOther("level")), levelSel),
        h("label", {}, bi(t("bots"), tOther("bots")), botsSel),
        h("label", {}, bi(t("turn_seconds"), tOther("turn_seconds")), turnIn),
        h("label", {}, matchLabel, matchIn),
        h("div", { class: "buttons" },
          h("button", { id: "btn-create", onclick: create }, bi(t("create_table"), tOther("create_table"))),
          h("button", { id: "btn-quick", class: "secondary", onclick: quick },
            bi(t("quick_play"), tOther("quick_play"))))),
      h("section", { class: "card joincard" },
        h("h2", {}, bi(t("join"), tOther("join"))),
        h("div", { class: "row" }, codeIn,
          h("button", { id: "btn-join", onclick: () => join(codeIn.value) }, bi(t("join"), tOther("join")))),
        h("h3", {}, bi(t("open_tables"), tOther("open_tables"))), tablesBox),
      msg));
  await refreshTables();
  const timer = setInterval(refreshTables, 5000);
  return () => clearInterval(timer);
}
