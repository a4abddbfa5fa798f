// Friends' rooms: the invite link (#/join/CODE, after log-in or as a guest) and the room page
// (#/room/CODE): the code and link, the settings, the seats and who is ready, the owner's controls
// (add / remove bots, kick, dissolve) before the match, the scoreboard and the match summary.
import { get, post } from "./api.js";
import { h, mount } from "./dom.js";
import { tr, both, messageBoth, trBoth, amountBoth } from "./i18n.js";
import { authCard, rulesetName, ensureRulesets } from "./lobby.js";
import { scoreboardEl, summaryEl } from "./match.js";

const POLL_MS = 1500;

/** `#/join/CODE`: log in (or play as a guest) first, then sit down and go to the room. */
export async function renderJoin(root, app, code) {
  const c = String(code).trim().toUpperCase();
  if (!app.user) {
    mount(root, h("div", { class: "join-page" },
      h("div", { class: "card notice", id: "join-notice" },
        h("h2", {}, both("join_room", { code: c })),
        h("p", {}, both("join_room_login", { code: c }))),
      authCard(app)));
    return () => {};
  }
  try {
    await post(`/api/tables/${encodeURIComponent(c)}/join`);
    location.replace(`#/room/${c}`);
  } catch (e) {
    mount(root, h("div", { class: "card notice", id: "join-error" },
      h("p", { class: "error" }, messageBoth(e.message)),
      h("a", { href: "#/", class: "button small" }, both("back_to_lobby"))));
  }
  return () => {};
}

function lengthText(s) {
  if (s.match_rounds != null) return [both("match_rounds"), `: ${s.match_rounds}`];
  return s.match_hands != null ? [both("match_hands"), `: ${s.match_hands}`] : "—";
}

function settingsEl(room, rs) {
  const s = room.settings;
  const row = (key, value) => h("tr", {}, h("th", {}, both(key)), h("td", {}, value));
  return h("table", { class: "list room-settings", id: "room-settings" },
    row("ruleset", trBoth(rs)),
    row("match_length", lengthText(s)),
    s.practice ? row("stake", both("practice_room"))
      : row("stake", [amountBoth(s.stake), " · ", both("level"), ` ${s.level}`]),
    row("turn_seconds", `${s.turn_seconds}s`),
    row("owner", room.owner ?? "—"));
}

/** The room page; polls the room until its match starts, then goes to the table. */
export async function renderRoom(root, app, code) {
  await ensureRulesets().catch(() => {});
  const c = String(code).trim().toUpperCase();
  let data = null;
  let error = "";
  let copied = false;
  let stopped = false;
  const act = async (path, body) => {
    try { data = await post(`/api/rooms/${encodeURIComponent(c)}/${path}`, body); error = ""; }
    catch (e) { error = e.message; }
    draw();
  };
  const tableOp = async (op) => {
    try { await post(`/api/tables/${encodeURIComponent(c)}/${op}`); error = ""; }
    catch (e) { error = e.message; }
    if (op === "leave") { location.hash = "#/"; return; }
    await load();
  };

  const seatRow = (s, owner, open) => {
    const me = app.user && s.user_id === app.user.id;
    const controls = !owner || !open ? null
      : !s.name ? h("button", { class: "small", "data-seat": s.seat, id: `btn-add-bot-${s.seat}`,
        onclick: () => act("bots", { seat: s.seat }) }, both("add_bot"))
        : s.bot ? h("button", { class: "small secondary", id: `btn-remove-bot-${s.seat}`,
          onclick: () => act("remove-bot", { seat: s.seat }) }, both("remove_bot"))
          : !me ? h("button", { class: "small secondary", id: `btn-kick-${s.seat}`,
            onclick: () => act("kick", { seat: s.seat }) }, both("kick")) : null;
    return h("li", { class: `room-seat${me ? " me" : ""}`, "data-seat": s.seat },
      h("span", { class: "muted" }, both("seat"), ` ${s.seat + 1} `),
      h("b", {}, s.name || h("span", { class: "muted" }, both("empty_seat"))),
      s.bot ? h("small", {}, " (", both("bot"), ")") : null,
      s.name && !s.bot && s.name === data.room.owner ? h("small", { class: "badge owner-badge" }, " ", both("owner")) : null, " ",
      s.name ? h("span", { class: `ready-flag ${s.ready ? "pos" : "muted"}` },
        both(s.ready ? "is_ready" : "not_ready")) : null, " ",
      controls);
  };

  const draw = () => {
    if (stopped) return;
    if (!data) { mount(root, h("p", { class: error ? "error" : "muted" }, error ? messageBoth(error) : "…")); return; }
    const room = data.room;
    const rs = rulesetName(data.rules);
    const me = app.user ? (data.seats || []).find((s) => s.user_id === app.user.id) : null;
    const owner = app.user && room.owner_id === app.user.id;
    const closed = data.status === "closed";
    const open = !closed && !room.started;
    const link = `${location.origin}${location.pathname}#/join/${data.code}`;
    const over = data.match && data.match.status === "over" ? data.match : null;
    const linkIn = h("input", { id: "room-invite", readonly: true, value: link, onclick: (e) => e.target.select() });
    mount(root, h("div", { class: "room-page", id: "room-page" },
      error ? h("p", { class: "error", id: "room-error", role: "alert" }, messageBoth(error)) : null,
      closed ? h("div", { class: "card notice", id: "room-closed" }, both("room_dissolved"), " ",
        h("a", { href: "#/", class: "button small" }, both("back_to_lobby"))) : null,
      !closed && !me && (room.kicked || []).includes(app.user?.id)
        ? h("div", { class: "card notice", id: "room-kicked" }, both("room_kicked")) : null,
      h("section", { class: "card room-head" },
        h("h2", {}, both("room"), " ", h("span", { class: "code", id: "room-code" }, data.code)),
        h("label", {}, both("invite_link"),
          h("div", { class: "row" }, linkIn, h("button", { class: "small secondary", id: "btn-copy-invite",
            onclick: async () => {
              try { await navigator.clipboard.writeText(link); } catch { linkIn.select(); }
              copied = true; draw();
            } }, both(copied ? "copied" : "copy")))),
        settingsEl(room, rs)),
      h("section", { class: "card room-seats-card" },
        h("h3", {}, both("seats_label"),
          room.started ? h("small", { class: "muted" }, " · ", both("room_started")) : null),
        h("ul", { class: "room-seats", id: "room-seats" }, (data.seats || []).map((s) => seatRow(s, owner, open))),
        h("div", { class: "buttons" },
          me && !closed && !me.ready ? h("button", { id: "btn-room-ready", onclick: () => tableOp("ready") },
            both("ready")) : null,
          me && !closed ? h("a", { class: "button secondary", id: "btn-to-table", href: `#/table/${data.code}` },
            both("to_table")) : null,
          owner && open ? h("button", { class: "secondary danger", id: "btn-dissolve-room",
            onclick: () => act("dissolve") }, both("dissolve_room")) : null,
          me && !closed ? h("button", { class: "secondary", id: "btn-room-leave", onclick: () => tableOp("leave") },
            both("leave")) : null)),
      over ? h("section", { class: "card" }, summaryEl(over, me ? me.seat : null)) : null,
      room.scoreboard && room.scoreboard.hands.length
        ? h("section", { class: "card" }, scoreboardEl(room.scoreboard, room.scoreboard.names || [], me ? me.seat : null)) : null));
  };

  const load = async () => {
    try { data = await get(`/api/rooms/${encodeURIComponent(c)}`); }
    catch (e) { error = e.message; }
    const me = data && app.user ? (data.seats || []).find((s) => s.user_id === app.user.id) : null;
    if (data && data.status === "playing" && me && !stopped) { location.hash = `#/table/${data.code}`; return; }
    draw();
  };
  await load();
  const timer = setInterval(load, POLL_MS);
  app.rerender = draw;
  return () => { stopped = true; clearInterval(timer); };
}
