// Hand history (GET /api/history) and the replay viewer (GET /api/hands/{id}/replay): the server
// replays the hand on the engine and sends its steps, each with the events this viewer got and the
// view after it (the viewer's own seat, or a spectator's); this page only draws them.
import { get } from "./api.js";
import { h, mount, bi, fmtInt, signed } from "./dom.js";
import { t, tOther, tr, eventName, getLang } from "./i18n.js";
import { splitTiles, sortTiles, tileName } from "./tiles.js";
import { seatPanel, centerPanel } from "./board.js";
import { settlementEl } from "./settlement.js";
import { rulesetName } from "./lobby.js";

const TEXT = {
  as_seat: ["{name}的视角", "as {name} saw it"],
  as_spectator: ["旁观视角", "a spectator's view"],
};

function text(key, vars = {}) {
  let s = TEXT[key][getLang() === "zh" ? 0 : 1];
  for (const [k, v] of Object.entries(vars)) s = s.replace(`{${k}}`, v);
  return s;
}

export async function renderHistory(root) {
  const list = await get("/api/history");
  mount(root, h("div", { class: "card history" },
    h("h2", {}, bi(t("history"), tOther("history"))),
    list.length === 0 ? h("p", { class: "muted" }, t("no_history")) :
      h("table", { class: "list", id: "history" },
        h("tr", {}, h("th", {}, "#"), h("th", {}, t("ruleset")), h("th", {}, t("ended_at")),
          h("th", {}, t("units")), h("th", {}, t("silver")), h("th", {}, "")),
        list.map((x) => h("tr", {},
          h("td", {}, String(x.hand_id)),
          h("td", {}, tr(rulesetName(x.rules))),
          h("td", {}, x.ended_at ? new Date(x.ended_at).toLocaleString() : ""),
          h("td", { class: "num" }, signed(x.net_units)),
          h("td", { class: `num ${x.net_silver > 0 ? "pos" : x.net_silver < 0 ? "neg" : ""}` }, signed(x.net_silver)),
          h("td", {}, h("a", { href: `#/replay/${x.hand_id}`, class: "button small" },
            bi(t("replay"), tOther("replay")))))))));
  return () => {};
}

/** One frame per event the viewer got (a step without any, e.g. a pass, is one frame). */
export function replayFrames(steps) {
  return steps.flatMap((step, i) => (step.events.length ? step.events : [null])
    .map((event) => ({ step: i, event })));
}

/** A seat of the view as drawn: its concealed tiles face up where the view shows them. */
function seatEl(view, s) {
  if (view.phase === "over" && s.revealed)  // the end: every hand
    return seatPanel(view, { ...s, revealed: null }, { hand: sortTiles(splitTiles(s.revealed)) });
  if (s.seat === view.seat && view.hand) return seatPanel(view, s, { hand: sortTiles(splitTiles(view.hand)) });
  return seatPanel(view, s);
}

function nowText(frame, step, names) {
  const lang = getLang();
  const ev = frame.event;
  if (ev) return `${names[ev.seat] ?? ""} ${eventName(ev.type)} ${ev.tile ? tileName(ev.tile, lang) : ""}`;
  return step.action ? `${names[step.seat] ?? ""} ${tr(step.action.label)}` : "";
}

export async function renderReplay(root, handId) {
  const rec = await get(`/api/hands/${encodeURIComponent(handId)}/replay`);
  const frames = replayFrames(rec.steps);
  const end = frames.length - 1;
  const names = rec.names.map((n, i) => n ?? `${t("seat")} ${i + 1}`);
  const who = rec.seat == null ? text("as_spectator") : text("as_seat", { name: names[rec.seat] });
  let k = 0;
  let playing = null;
  const go = (to) => { k = Math.max(0, Math.min(end, to)); draw(); };
  const draw = () => {
    const frame = frames[k];
    const step = rec.steps[frame.step];
    const view = step.view;
    mount(root, h("div", { class: "replay", id: "replay" },
      h("div", { class: "table-head" },
        h("span", { class: "code" }, `${t("replay")} #${handId}`), h("span", {}, tr(rulesetName(rec.rules))),
        h("span", { id: "replay-viewer" }, who),
        rec.stake != null ? h("span", {}, `${t("stake")} ${fmtInt(rec.stake)}`) : null,
        h("span", { class: "spacer" }),
        h("button", { onclick: () => go(0) }, "◀◀ ", t("first")),
        h("button", { id: "replay-prev", onclick: () => go(k - 1) }, "◀ ", t("prev")),
        h("span", { class: "step", id: "replay-step" }, `${k} / ${end}`),
        h("button", { id: "replay-next", onclick: () => go(k + 1) }, t("next"), " ▶"),
        h("button", { id: "replay-last", onclick: () => go(end) }, t("last"), " ▶▶"),
        h("button", { class: "secondary", onclick: () => {
          if (playing) { clearInterval(playing); playing = null; }
          else playing = setInterval(() => { if (k >= end) { clearInterval(playing); playing = null; draw(); } else go(k + 1); }, 600);
          draw();
        } }, playing ? t("pause") : t("play")),
        h("a", { class: "button secondary", href: "#/history" }, t("close"))),
      h("input", { type: "range", min: 0, max: end, value: k, class: "scrub",
        oninput: (e) => go(Number(e.target.value)) }),
      h("div", { class: "now muted" }, nowText(frame, step, names)),
      h("div", { class: `board replay-board players-${names.length}` },
        view.seats.map((s) => seatEl(view, s)),
        centerPanel(view, names, null)),
      view.phase === "over" ? h("div", { class: "card" }, settlementEl(rec.settlement, names, rec.seat ?? -1)) : null));
  };
  draw();
  return () => { if (playing) clearInterval(playing); };
}
