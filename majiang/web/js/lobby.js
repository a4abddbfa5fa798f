// The lobby: account forms, balance and level, rulesets, create / join / quick play, open tables.
import { get, post, setToken } from "./api.js";
import { h, mount, bi, fmtInt } from "./dom.js";
import { t, tOther, tr, trOther, taels, taelWord, both, bothText, messageBoth, pairBoth, trBoth, amountBoth } from "./i18n.js";
import { levelBadge } from "./badge.js";
import { faucetsCard, practiceSwitch } from "./faucets.js";
import { rulesetInfo } from "./ruleset_info.js";

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

/** The ruleset names, for a table opened straight from its address (a reload). */
export async function ensureRulesets() {
  if (!rulesets) rulesets = await get("/api/rulesets");
  return rulesets;
}

/** Seats taken / all seats of a listed table. */
function seatCount(tb) {
  if (!Array.isArray(tb.seats)) return { taken: Number(tb.seats) || 0, all: tb.players || 4 };
  return { taken: tb.seats.filter((s) => s && s.name).length, all: tb.seats.length };
}

/** A small card per ruleset: players, what is special, what a hand typically costs. */
function rulesetCard(r, selected, stake, onPick) {
  const info = rulesetInfo(r.id);
  return h("button", { type: "button", class: `ruleset-card${selected ? " selected" : ""}`,
    "data-rules": r.id, "aria-pressed": selected ? "true" : "false", onclick: () => onPick(r.id) },
    h("span", { class: "rs-name" }, h("b", {}, tr(r)), h("small", { class: "other-lang" }, trOther(r))),
    h("span", { class: "rs-players" }, `${r.players} ${t("players")}`, h("small", { class: "other-lang" }, `${r.players} ${tOther("players")}`)),
    info ? h("span", { class: "rs-special" }, tr(info.special), h("small", { class: "other-lang" }, trOther(info.special))) : null,
    info ? h("span", { class: "rs-stake" }, h("b", {}, t("typical")), " ", tr(info.typical),
      stake ? ` · ${t("stake_at_level", { money: taels(stake) })}` : "",
      h("small", { class: "other-lang" }, `${tOther("typical")}: ${trOther(info.typical)}`,
        stake ? ` · ${tOther("stake_at_level", { money: taels(stake, false, true) })}` : "")) : null);
}

export function rulesetName(id) {
  const r = (rulesets || []).find((x) => x.id === id);
  return r ? r : { zh: id, en: id };
}

/** The sign-up / log-in / guest card. `done(user)` is called after success. */
export function authCard(app) {
  const user = h("input", { id: "auth-username", name: "username", autocomplete: "username",
    placeholder: bothText("username"), maxlength: 32 });
  const pass = h("input", { id: "auth-password", name: "password", type: "password",
    autocomplete: "current-password", placeholder: bothText("password") });
  const msg = h("div", { class: "error", id: "auth-error" });
  const go = (path, withBody) => async (ev) => {
    ev.preventDefault();
    msg.textContent = "";
    try {
      const res = await post(path, withBody ? { username: user.value.trim(), password: pass.value } : {});
      setToken(res.token);
      await app.refreshUser(res.user);
      app.route();
    } catch (e) {  // Enter logs in: a new name then meets "wrong password", so say where sign-up is
      mount(msg, messageBoth(e.message), path === "/api/login" && e.status === 401
        ? h("div", { class: "muted", id: "auth-hint" }, both("auth_hint")) : null);
    }
  };
  return h("form", { class: "card auth", onsubmit: go("/api/login", true) },
    h("h2", {}, both("title")),
    h("label", {}, both("username"), user),
    h("label", {}, both("password"), pass),
    h("div", { class: "buttons" },
      h("button", { type: "button", id: "btn-signup", onclick: go("/api/signup", true) },
        both("signup")),
      h("button", { type: "submit", id: "btn-login" }, both("login")),
      h("button", { type: "button", id: "btn-guest", class: "secondary", onclick: go("/api/guest", false) },
        both("guest"))),
    msg);
}

/** A guest's sign-up that keeps its silver (POST /api/upgrade): the boards rank only accounts,
 * and the only way to one was to log out and start again at the new-account grant. */
function upgradeCard(app) {
  const user = h("input", { id: "up-username", autocomplete: "username", placeholder: bothText("username"), maxlength: 32 });
  const pass = h("input", { id: "up-password", type: "password", autocomplete: "new-password", placeholder: bothText("password") });
  const msg = h("div", { class: "error", id: "up-error" });
  const submit = async (ev) => {
    ev.preventDefault();
    msg.textContent = "";
    try {
      await app.refreshUser(await post("/api/upgrade", { username: user.value.trim(), password: pass.value }));
      app.route();
    } catch (e) { mount(msg, messageBoth(e.message)); }
  };
  return h("details", { class: "upgrade", id: "upgrade" },
    h("summary", {}, both("upgrade")),
    h("form", { onsubmit: submit }, user, pass,
      h("button", { type: "submit", id: "btn-upgrade" }, both("signup")), msg));
}

/** Render the lobby into `root`. Returns a cleanup function. */
export async function renderLobby(root, app, note = null) {
  if (app.user) await app.refreshUser().catch(() => {});
  if (!app.user) {  // `note`: why the log-in (a watch link opened logged out said nothing)
    mount(root, note ? h("p", { class: "notice", id: "auth-note" }, note) : null, authCard(app));
    return () => {};
  }
  await loadStatic();
  const p = prefs();
  const me = app.user;
  // a refusal (a table above your silver...) shows as a toast under the top bar, where it is seen
  // whichever card's button was pressed; a tap or ten seconds dismiss it
  const msg = h("div", { class: "error lobby-error", id: "lobby-error", role: "alert",
    onclick: () => { msg.textContent = ""; } });
  let failTimer = null;
  const fail = (e) => {
    mount(msg, messageBoth(e.message));  // this language first, the other small
    clearTimeout(failTimer);
    failTimer = setTimeout(() => { msg.textContent = ""; }, 10000);
  };

  // too little silver for a seat of ruleset `r`
  const shortOf = (r) => r.seat_minimum != null && me.silver < r.seat_minimum;
  const rulesSel = h("select", { id: "sel-rules" }, rulesets.map((r) =>
    h("option", { value: r.id, selected: r.id === p.rules },
      `${tr(r)} · ${trOther(r)} (${r.players} ${t("players")} · ${tOther("players")})`)));
  const levelSel = h("select", { id: "sel-level" }, levels
    .filter((l) => l.index <= (me.level ? me.level.index : 1))
    .map((l) => h("option", { value: l.index, selected: l.index === (p.level ?? me.level?.index) },
      `${l.index}. ${tr(l)} · ${trOther(l)} · ${bothText("stake")} ${fmtInt(l.stake)}`)));
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
    mount(matchLabel, rounds ? both("match_rounds") : both("match_hands"));
  };
  const cardsBox = h("div", { class: "ruleset-cards", id: "ruleset-cards" });
  const quickBtn = h("button", { id: "btn-quick", onclick: () => quick() });  // names the ruleset it opens
  const fillCards = () => {
    mount(cardsBox, rulesets.map((r) => rulesetCard(r, r.id === rulesSel.value,
      (levels.find((l) => l.index === Number(levelSel.value)) || me.level || {}).stake, (id) => {
        rulesSel.value = id; rulesSel.dispatchEvent(new Event("change"));
      })));
    const r = rulesets.find((x) => x.id === rulesSel.value) || { zh: rulesSel.value, en: rulesSel.value };
    // too little silver for a seat of this ruleset: quick play opens a practice table, said here
    const practiceOnly = shortOf(r);
    // just enough: one ordinary loss takes the balance under the seat's need (yangzhou's 100)
    const tight = !practiceOnly && r.seat_minimum > 1 && me.silver < 2 * r.seat_minimum;
    const note = practiceOnly ? "quick_practice" : tight ? "quick_tight" : null;
    mount(quickBtn, bi(t("quick_play_rules", { rules: tr(r) }),
      tOther("quick_play_rules").replace("{rules}", trOther(r))),
    note ? h("small", { class: "quick-practice", id: note.replace("_", "-") },
      bi(t(note, { need: fmtInt(r.seat_minimum) }),
        tOther(note).replace("{need}", fmtInt(r.seat_minimum)))) : null);
  };
  // a phone's carousel shows the selected ruleset's card: a redraw (the language switch) put it
  // back at the first card while Quick play still named the selected one
  const showPicked = () => {
    const picked = cardsBox.querySelector(".ruleset-card.selected");
    if (picked) cardsBox.scrollLeft += picked.getBoundingClientRect().left - cardsBox.getBoundingClientRect().left;
  };
  fillBots();
  fillMatch();
  fillCards();
  rulesSel.addEventListener("change", () => {
    savePrefs({ rules: rulesSel.value }); fillBots(); fillMatch(); fillCards();
    showPicked();  // the card of the ruleset chosen in the list, too (it stayed cut off)
  });
  levelSel.addEventListener("change", fillCards);
  const turnIn = h("input", { id: "in-turn", type: "number", min: 5, max: 120, value: p.turn ?? 15 });
  const codeIn = h("input", { id: "in-code", placeholder: bothText("join_code"), maxlength: 12,
    autocapitalize: "characters" });
  const tablesBox = h("div", { class: "open-tables", id: "open-tables" });
  const liveBox = h("div", { class: "live-tables", id: "live-tables" });  // hands to watch

  const open = (table) => { location.hash = `#/table/${table.code}`; };
  const practice = practiceSwitch();
  // too little silver for a seat of any ruleset (a newcomer's review: 福利 was below a phone's fold)
  const broke = rulesets.every(shortOf);
  const granted = app.faucetNote;  // the grant just claimed, said again on the redrawn lobby
  app.faucetNote = null;
  const faucets = faucetsCard((user, note) => {
    const silver = document.getElementById("my-silver");
    if (silver) silver.textContent = fmtInt(user.silver);
    // the top bar, and the lobby itself: its level, stakes and quick play follow the balance
    app.faucetNote = note;
    app.refreshUser({ ...app.user, ...user }).then(() => app.route()).catch(() => {});
  }, granted);
  const create = async (asRoom = false) => {
    const body = { rules: rulesSel.value, level: Number(levelSel.value), bots: Number(botsSel.value),
      turn_seconds: Number(turnIn.value), practice: practice.checked() };
    const r = rulesets.find((x) => x.id === rulesSel.value) || {};
    body[r.match_rounds != null ? "match_rounds" : "match_hands"] = Number(matchIn.value);
    savePrefs({ rules: body.rules, level: body.level, bots: body.bots, turn: body.turn_seconds });
    try {
      const made = await post(asRoom === true ? "/api/rooms" : "/api/tables", body);
      if (asRoom === true) location.hash = `#/room/${made.code}`; else open(made);
    } catch (e) { fail(e); }
  };
  const quick = async () => {
    savePrefs({ rules: rulesSel.value });
    // the account afresh: a table left mid-hand lets its seat go when that hand ends, after
    // this lobby was drawn (the old answer said "seated" and then "not at this table")
    await app.refreshUser().catch(() => {});
    const seatedAt = app.user?.table;
    if (seatedAt) { mount(seatedBox, seatedNotice(seatedAt)); return; }
    try { open(await post("/api/quickplay", { rules: rulesSel.value })); } catch (e) { fail(e); }
  };
  // Quick play answers the table the player already sits at: say so instead of going there silently.
  const seatedBox = h("div", { class: "seated-notice-box" });
  const seatedNotice = (code) => h("div", { class: "card notice seated-notice", id: "seated-notice" },
    h("p", {}, t("seated_elsewhere", { code }), h("small", { class: "other-lang" }, tOther("seated_elsewhere").replace("{code}", code))),
    h("div", { class: "buttons" },
      h("a", { class: "button", id: "btn-seated-back", href: `#/table/${code}` }, both("back_to_table", { code })),
      h("button", { class: "secondary", id: "btn-seated-leave", onclick: async () => {
        try {
          await app.refreshUser().catch(() => {});
          if (app.user?.table === code) await post(`/api/tables/${encodeURIComponent(code)}/leave`);
          await app.refreshUser().catch(() => {});
          const res = await post("/api/quickplay", { rules: rulesSel.value });
          if (res.code === code) { mount(seatedBox, h("p", { class: "error" }, both("still_seated", { code }))); return; }
          open(res);
        } catch (e) { fail(e); }
      } }, both("leave_and_quick")),
      h("button", { class: "secondary", onclick: () => mount(seatedBox) }, both("close"))));
  const join = async (code) => {
    const c = String(code).trim().toUpperCase();
    if (!c) return;
    try { await post(`/api/tables/${encodeURIComponent(c)}/join`); open({ code: c }); }
    catch (e) { fail(e); }
  };

  // a list of tables, each row its code, ruleset, level and stake, then `more(tb)`: [meta spans,
  // ...buttons] (the open tables add seats, status, Join; the tables in play, Watch)
  const tableList = (tables, more) => (tables.length === 0
    ? h("p", { class: "muted" }, both("no_tables"))
    : h("ul", { class: "table-list" }, tables.map((tb) => {
      const [meta, ...buttons] = more(tb);
      return h("li", { class: "table-row", "data-code": tb.code },
        h("span", { class: "tr-main" }, h("span", { class: "code" }, tb.code), " ",
          h("span", { class: "tr-rules" }, trBoth(rulesetName(tb.rules)))),
        h("span", { class: "tr-meta" }, levelBadge(levels.find((l) => l.index === tb.level)),
          h("span", {}, both("stake"), ` ${fmtInt(tb.stake)}`), meta),
        buttons);
    })));
  const watchLink = (tb, cls) => h("a", { class: cls, "data-code": tb.code,
    href: `#/watch/${encodeURIComponent(tb.code)}` }, pairBoth("旁观", "Watch"));

  const refreshTables = async () => {
    try {
      // a table without an empty seat cannot be joined: it is not open (the server lists it)
      const list = (await get("/api/tables")).filter((tb) => {
        const { taken, all } = seatCount(tb);
        return tb.status !== "closed" && taken < all;
      });
      mount(tablesBox, tableList(list, (tb) => {
        const { taken, all } = seatCount(tb);
        const playing = tb.status === "playing";
        return [[h("span", { class: "tr-seats", title: bothText("seats_label") }, `${taken}/${all}`),
          h("span", { class: `tr-status ${playing ? "playing" : "waiting"}` }, both(playing ? "playing_open" : "waiting_open"))],
        h("button", { class: "small join-btn", "data-code": tb.code, onclick: () => join(tb.code) },
          both("join")),
        playing ? watchLink(tb, "small watch-link") : null];
      }));
    } catch (e) { mount(tablesBox, h("p", { class: "error" }, messageBoth(e.message))); }
    try {  // tables in play anyone may watch (a full one could be watched only by its code)
      const live = (await get("/api/tables/live")).filter((tb) => tb.code !== me.table);
      mount(liveBox, tableList(live, (tb) => [[], watchLink(tb, "button small watch-link")]));
    } catch { /* the open tables' error says it */ }
  };

  mount(root,
    h("div", { class: "lobby-page" },
      msg,
      seatedBox,
      h("section", { class: "card rulesets-card" },
        h("h2", {}, both("rulesets")), cardsBox,
        h("div", { class: "buttons quick-row" }, quickBtn)),  // what a newcomer looks for: on a phone's first screen
      h("div", { class: "lobby" },
      broke ? faucets : null,  // short of every seat: where silver comes from, on the first screen
      h("section", { class: "card me" },
        h("h2", {}, me.username, me.guest ? h("small", { class: "muted" }, " ", both("guest_tag")) : null),
        me.guest ? upgradeCard(app) : null,
        h("div", { class: "balance" }, both("silver"), ": ",
          h("b", { id: "my-silver" }, fmtInt(me.silver)), " ", bi(taelWord(me.silver), taelWord(me.silver, true))),
        h("div", { class: "level" }, both("level"), ": ", levelBadge(me.level)),
        me.level ? h("div", { class: "muted" }, both("stake"), ": ", amountBoth(me.level.stake)) : null,
        me.table ? h("div", { class: "buttons" }, h("a", { class: "button", id: "btn-back-table",
          href: `#/table/${me.table}` }, both("back_to_table", { code: me.table }))) : null),
      broke ? null : faucets,
      h("section", { class: "card create" },
        h("h2", {}, both("create_table")),
        h("label", {}, both("ruleset"), rulesSel),
        h("label", {}, both("level"), levelSel),
        h("label", {}, both("bots"), botsSel),
        h("label", {}, both("turn_seconds"), turnIn),
        h("label", {}, matchLabel, matchIn),
        practice.label,
        h("div", { class: "buttons" },
          h("button", { id: "btn-create", onclick: () => create(false) }, both("create_table")),
          h("button", { id: "btn-create-room", onclick: () => create(true) }, both("create_room")))),
      h("section", { class: "card joincard" },
        h("h2", {}, both("join")),
        h("div", { class: "row" }, codeIn,
          h("button", { id: "btn-join", onclick: () => join(codeIn.value) }, both("join"))),
        h("h3", {}, both("open_tables")), tablesBox,
        h("h3", {}, both("live_tables")), liveBox))));
  showPicked();
  await refreshTables();
  const timer = setInterval(refreshTables, 5000);
  return () => clearInterval(timer);
}
