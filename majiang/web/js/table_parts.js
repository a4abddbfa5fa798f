// The table screen's parts, drawn from its state: the head, the waiting list, the board, the
// move log and the clocks (`table.js` holds the screen's state and its socket).
import { h, mount, bi } from "./dom.js";
import { t, tOther, eventName, getLang, otherLang, setLang, taels, both, trBoth, messageBoth } from "./i18n.js";
import { tileName } from "./tiles.js";
import { seatPanel, centerPanel } from "./board.js";
import { rulesetName } from "./lobby.js";
import { matchProgress, matchHandNo, diceEl } from "./match.js";
import { myHandEl } from "./hand.js";
import { settingsEl } from "./settings.js";
import { fairLine } from "./fair.js";

/**
 * Every acting seat's clock: {seat: {turn, bank, exact}} in seconds left. This seat's from its
 * prompt; the others' from `view.acting` ([{seat, seconds_left, bank_left}]) when the server
 * sends it, else the turn seat's estimated from the table's turn_seconds since the turn began.
 */
export function seatClocks(screen) {
  const out = {};
  const v = screen.view;
  const now = performance.now();
  if (!v || v.phase === "over") return out;
  if (Array.isArray(v.acting)) {
    const spent = (now - (screen.viewAt || now)) / 1000;
    for (const a of v.acting) {
      const turn = Math.max(0, (a.seconds_left ?? 0) - spent);
      const bank = Math.max(0, (a.bank_left ?? 0) - Math.max(0, spent - (a.seconds_left ?? 0)));
      out[a.seat] = { turn, bank, exact: true };
    }
  } else if (v.turn != null && v.turn !== v.seat && !(v.last_discard && v.last_discard.seat === v.turn)) {
    // (right after a discard the claim window is open: who may claim is not in the view)
    const total = Number(screen.table?.turn_seconds) || 15;
    out[v.turn] = { turn: Math.max(0, total - (now - screen.turnSince) / 1000), bank: null, exact: false };
  }
  if (screen.prompt && v.seat != null) {
    const spent = (now - screen.prompt.received) / 1000;
    const turn = Math.max(0, (screen.prompt.seconds_left ?? 0) - spent);
    const bank = Math.max(0, (screen.prompt.bank_left ?? 0) - Math.max(0, spent - (screen.prompt.seconds_left ?? 0)));
    out[v.seat] = { turn, bank, exact: true };
  }
  return out;
}

export function paintClocks(screen) {
  const clocks = seatClocks(screen);
  const v = screen.view;
  // every acting seat's clock in its seat panel
  for (const el of screen.root.querySelectorAll("[data-clock-seat]")) {
    const c = clocks[el.dataset.clockSeat];
    if (!c) { if (el.textContent) { el.textContent = ""; el.className = "seat-timer"; } continue; }
    el.className = `seat-timer on${c.turn < 5 ? " low" : ""}${c.exact ? "" : " estimate"}`;
    el.title = c.exact ? `${t("timer")} · ${tOther("timer")}` : `${t("timer_estimate")} · ${tOther("timer_estimate")}`;
    el.textContent = `${Math.ceil(c.turn)}s`;
  }
  // the compass: the turn seat's clock (this seat's while it is prompted)
  const mine = v && clocks[v.seat];
  const main = mine || (v && clocks[v.turn]) || null;
  const ce = screen.clockEl;
  if (!main) { ce.replaceChildren(); ce.className = "clock"; }
  else {
    ce.className = `clock on${main.turn < 5 ? " low" : ""}${main.turn <= 0 && main.bank != null ? " on-bank" : ""}`;
    ce.textContent = `${Math.ceil(main.turn > 0 || main.bank == null ? main.turn : main.bank)}s`;  // seconds, said
    ce.title = `${t("timer")} · ${tOther("timer")}`;
  }
  // this seat's own prompt: turn and bank time above the hand
  const el = screen.timerEl;
  if (!screen.prompt || !mine) { el.replaceChildren(); el.className = "timer"; return; }
  el.className = `timer on ${mine.turn <= 0 ? "on-bank" : mine.turn < 5 ? "low" : ""}`;
  mount(el, h("span", { class: "turn-time" }, both("timer"), ` ${Math.ceil(mine.turn)}s`),
    h("span", { class: "bank-time" }, " + ", both("bank"), ` ${Math.ceil(mine.bank)}s`));
}

export function tableHead(screen) {
  const tb = screen.table || {};
  const rs = rulesetName(tb.rules || screen.view?.rules);
  return h("div", { class: "table-head" },
    h("span", { class: "code", id: "table-code" }, both("table", {}, "stack"), " ", h("b", {}, screen.code)),
    h("span", { class: "ruleset-name" }, trBoth(rs, "stack")),
    tb.practice ? h("span", { class: "stake practice-badge", id: "practice-badge", title: t("practice_why") },
      both("practice_room", {}, "stack"))
      : tb.stake != null ? h("span", { class: "stake" },
        both("stake_line", { money: (other) => taels(tb.stake, false, other) }, "stack")) : null,
    matchProgress(screen.match, screen.view),
    h("span", { class: `conn conn-${screen.status}`, id: "conn-status" }, both(screen.status, {}, "stack")),
    h("span", { class: "spacer" }),
    settingsEl(() => screen.render(), tb.rules || screen.view?.rules),
    screen.awaitingMyReady() ? h("button", { id: "btn-ready", onclick: () => screen.ready() },
      both("ready", {}, "stack")) : null,
    h("button", { class: "secondary", id: "btn-leave", onclick: () => screen.leave() }, both("leave", {}, "stack")),
    // a phone's table hides the site's bar, and with it the language switch: one here
    h("button", { class: "secondary small table-lang", id: "btn-lang-table",
      onclick: () => setLang(getLang() === "zh" ? "en" : "zh") }, getLang() === "zh" ? "English" : "中文"),
    screen.error ? h("span", { class: "error" }, messageBoth(screen.error)) : null,
    screen.notice ? h("span", { class: "notice", id: "table-notice", role: "status" },
      messageBoth(screen.notice)) : null);  // this language first
}

export function waitingList(screen) {
  const seats = screen.table?.seats || [];
  return h("div", { class: "card waiting" },
    h("h2", {}, both("waiting")),
    h("table", { class: "list seats" }, seats.map((s) => h("tr", {},
      h("td", {}, both("seat"), ` ${s.seat + 1}`),
      h("td", {}, s.name || h("span", { class: "muted" }, both("empty_seat")), s.bot ? [" (", both("bot"), ")"] : ""),
      h("td", {}, s.name ? both(s.ready ? "is_ready" : "not_ready") : "")))));
}

export function board(screen) {
  const view = screen.view;
  const names = screen.names();
  const seatsInfo = screen.table?.seats || [];
  const panels = view.seats.map((s) => seatPanel(view, s, {
    mine: s.seat === view.seat, seatInfo: seatsInfo[s.seat],
    timerEl: h("span", { class: "seat-timer", "data-clock-seat": s.seat }) }));
  const center = centerPanel(view, names, screen.clockEl, matchHandNo(screen.match, view),
    !!screen.prompt && view.last_discard?.seat === view.turn && view.turn !== view.seat);
  const dice = diceEl(screen.dice, names);
  if (dice) (center.querySelector(".center-info") || center).appendChild(dice);
  const fair = fairLine(screen.fair);
  if (fair) (center.querySelector(".center-info") || center).appendChild(fair);
  return h("div", { class: `board players-${view.players || view.seats.length}${screen.prompt ? " prompting" : ""}`, id: "board" },
    panels,
    center,
    view.hand ? myHandEl(screen) : null);
}

export function moveLog(screen) {
  const names = screen.names();
  const items = screen.log.map((ev) => {  // the hand's events kept (the last 60), newest last
    const who = ev.seat != null ? names[ev.seat] : "";
    const tiles = ev.tile || ev.tiles;
    const tile = tiles && typeof tiles === "string" ? (tiles.length === 2 ? tiles : tiles.slice(-2)) : null;
    const line = (other) => `${eventName(ev.type, screen.view?.rules, other)}${tile ? ` ${tileName(tile, other ? otherLang() : getLang())}` : ""}`;
    return h("li", {}, `${who} `, bi(line(false), line(true)));
  });
  const list = h("ol", { class: "log", id: "log", start: String(Math.max(1, screen.logStart || 1)) }, items);
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return list;
}
