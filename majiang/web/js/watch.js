// Watching a table (旁观): one WebSocket without a seat; the server sends only the spectator's
// frames (hand.view(None)), held back by the table's delay. The owner sets watching on or off
// and the delay (PUT /api/tables/CODE/watching). Route: #/watch/CODE.
import { api, get, socketReady, tableSocketUrl } from "./api.js";
import { h, mount, fmtInt } from "./dom.js";
import { getLang, textTable, both, trBoth, messageBoth } from "./i18n.js";
import { rulesetName } from "./lobby.js";
import { splitTiles, sortTiles } from "./tiles.js";
import { seatPanel, centerPanel } from "./board.js";
import { standingCss } from "./profile.js";

const TEXT = {
  watching: ["旁观中", "Watching"], delay: ["延迟 {n} 步", "{n} actions behind"], live: ["实时", "live"],
  allowed: ["允许旁观", "Allow watchers"], delay_set: ["旁观延迟", "Watchers' delay"],
  waiting: ["等待开局…", "Waiting for the deal…"], over: ["本局结束", "The hand is over"],
  closed: ["旁观已结束", "Watching ended"],
};
const { tx, both: bx } = textTable(TEXT);

function seatEl(view, s) {
  if (s.revealed) return seatPanel(view, { ...s, revealed: null }, { hand: sortTiles(splitTiles(s.revealed)) });
  return seatPanel(view, s);
}

export async function renderWatch(root, app, code) {
  standingCss();
  let settings = (await get(`/api/tables/${encodeURIComponent(code)}/watching`)).watch;
  let table = null, view = null, note = null;
  await socketReady();  // the socket authenticates with the session cookie
  const ws = new WebSocket(tableSocketUrl(code));
  const ownerControls = () => {
    if (!table || !app?.user || table.owner_id !== app.user.id) return null;
    const put = async (change) => {
      settings = (await api("PUT", `/api/tables/${encodeURIComponent(code)}/watching`, change)).watch;
      draw();
    };
    return h("span", { class: "watch-owner" },
      h("label", {}, h("input", { type: "checkbox", id: "watch-allowed", checked: settings.allowed,
        onchange: (e) => put({ allowed: e.target.checked }) }), " ", bx("allowed")),
      " ", h("label", {}, bx("delay_set"), " ", h("select", { id: "watch-delay", onchange: (e) => put({ delay: Number(e.target.value) }) },
        [0, 1, 2, 3, 4, 6, 8, 12].map((n) => h("option", { value: n, selected: n === settings.delay }, String(n))))));
  };
  const draw = () => {
    const names = view ? view.seats.map((s) => s.name ?? `#${s.seat + 1}`) : [];
    mount(root, h("div", { class: "standing", id: "watch" },
      h("section", { class: "card watch-bar" },
        h("b", {}, bx("watching"), ` · ${code}`),
        // what is being watched: the ruleset, the stake, the hand (the bar said only the code)
        table ? h("span", { id: "watch-what" }, trBoth(rulesetName(table.rules)),
          table.stake != null ? [" · ", both("stake"), ` ${fmtInt(table.stake)}`] : "",
          view?.hand_no ? [" · ", both("hand_no", { n: view.hand_no })] : "") : null,
        h("span", { id: "watch-delay-text" }, settings.delay ? bx("delay", { n: settings.delay }) : bx("live")),
        ownerControls(),
        note ? h("span", { class: "error", id: "watch-note" }, messageBoth(note)) : null),
      view ? h("div", { class: `board replay-board players-${view.players || view.seats.length}`, id: "watch-board" },
        view.seats.map((s) => seatEl(view, s)), centerPanel(view, names, null))
        : h("p", { class: "muted" }, bx("waiting")),
      view && view.phase === "over" ? h("p", { class: "muted" }, bx("over")) : null));
  };
  ws.onmessage = (e) => {
    const msg = JSON.parse(e.data);
    if (msg.type === "table") table = msg.table;
    else if (msg.type === "state") view = msg.view;
    else if (msg.type === "error") note = msg.error;
    else return;
    draw();
  };
  ws.onclose = () => { if (!note) note = `${tx("closed", {}, getLang() !== "zh")} / ${tx("closed", {}, getLang() === "zh")}`; draw(); };  // as the server's: 中文 / English
  draw();
  if (app) app.rerender = draw;
  return () => ws.close();
}
