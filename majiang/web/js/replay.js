// The replay viewer (GET /api/hands/{id}/replay): the server replays the hand on the engine and
// sends its steps, each with the events this viewer got and the view after it (the viewer's own
// seat, or a spectator's for a share link's holder); this page only draws them. Frames are the
// events (one per event; a step without any is one frame): step by event (◀ ▶) or by action
// (◀◀ ▶▶ skip a whole turn), play, the slider. The route `#/replay/ID` is a player's; the share
// link is `#/replay/ID.TOKEN` (anyone holding it). The end shows the hand's settlement, the same
// object as the table's screen and the history's row.
import { get } from "./api.js";
import { h, mount, bi } from "./dom.js";
import { eventName, t, getLang, otherLang, taels, both, trBoth, textTable } from "./i18n.js";
import { splitTiles, sortTiles, tileName } from "./tiles.js";
import { seatPanel, centerPanel } from "./board.js";
import { settlementEl, addExplainCss } from "./settlement.js";
import { rulesName } from "./history.js";

export { renderHistory } from "./history.js";

const TEXT = {
  as_seat: ["{name}的视角", "as {name} saw it"],
  as_spectator: ["旁观视角（分享链接）", "a spectator's view (share link)"],
  by_event: ["按事件", "By event"],
  by_step: ["按步", "By turn"],
  prev_event: ["上一事件", "Previous event"],
  next_event: ["下一事件", "Next event"],
  prev_step: ["上一步", "Previous turn"],
  next_step: ["下一步", "Next turn"],
  first: ["开头", "Start"],
  last: ["结尾", "End"],
  play: ["播放", "Play"],
  pause: ["暂停", "Pause"],
  close: ["返回", "Back"],
  share: ["分享回放", "Share replay"],
  copied: ["链接已复制", "Link copied"],
  share_hint: ["持有此链接的人都能看这局回放（看不到你打牌时的暗牌，结束时亮出所有手牌）",
    "Anyone with this link can watch the replay (as a spectator: concealed tiles show at the end)"],
  event: ["事件", "event"],
  deal_done: ["发牌完毕，{name}坐庄", "The deal is done; {name} deals"],
};

const { tx: text, both: biText } = textTable(TEXT);


/** One frame per event the viewer got (a step without any, e.g. a pass, is one frame). The
 * deal's events (start, each seat's deal) are one frame: the board after the deal, never an
 * empty one. */
export function replayFrames(steps) {
  return steps.flatMap((step, i) => {
    if (i === 0) return [{ step: 0, event: null }];
    return (step.events.length ? step.events : [null]).map((event) => ({ step: i, event }));
  });
}

/** Per frame, whether a turn starts there: the first frame, and every frame where a seat acts
 * after another (its draw, or its claim of a discard); a kong's replacement draw continues. */
export function turnStarts(frames) {
  let last = null;
  return frames.map((f, i) => {
    const seat = f.event && f.event.seat != null ? f.event.seat : null;
    const start = i === 0 || (seat != null && seat !== last);
    if (seat != null) last = seat;
    return start;
  });
}

/** A seat of the view as drawn: its concealed tiles face up where the view shows them. */
function seatEl(view, s) {
  if (view.phase === "over" && s.revealed)  // the end: every hand
    return seatPanel(view, { ...s, revealed: null }, { hand: sortTiles(splitTiles(s.revealed)) });
  if (s.seat === view.seat && view.hand) return seatPanel(view, s, { hand: sortTiles(splitTiles(view.hand)) });
  return seatPanel(view, s);
}

/** What the frame shows, in both languages (the seat's name once, before them). */
function nowText(frame, step, names, rec) {
  const ev = frame.event;
  if (frame.step === 0) return biText("deal_done", { name: names[rec.dealer] ?? "" });
  if (ev) {
    const tile = (other) => (ev.tile ? ` ${tileName(ev.tile, other ? otherLang() : getLang())}` : ev.tiles ? ` ${ev.tiles}` : "");
    return [ev.seat != null ? `${names[ev.seat] ?? ""} ` : "",
      bi(`${eventName(ev.type, rec.rules)}${tile(false)}`, `${eventName(ev.type, rec.rules, true)}${tile(true)}`)];
  }
  return step.action ? [`${names[step.seat] ?? ""} `, trBoth(step.action.label)] : "";
}

/** `ID` or `ID.TOKEN` (a share link) from the route. */
export function parseReplayArg(arg) {
  const [id, share] = String(arg).split(".");
  return { id, share: share || null };
}

function shareBox(rec, id) {
  const url = `${location.origin}${location.pathname}#/replay/${id}.${rec.share}`;
  const input = h("input", { id: "replay-share-url", readonly: true, value: url,
    onfocus: (e) => e.target.select() });
  const status = h("span", { class: "muted small", id: "replay-share-status" });
  return h("div", { class: "share-box" },
    h("button", { class: "secondary small", id: "replay-share", onclick: async () => {
      input.select();
      try { await navigator.clipboard.writeText(url); } catch (e) { document.execCommand?.("copy"); }
      mount(status, biText("copied"));
    } }, biText("share")),
    input, status,
    h("div", { class: "muted small", style: { flexBasis: "100%" } }, biText("share_hint")));
}

export async function renderReplay(root, arg, app = null) {
  addExplainCss();
  const { id: handId, share } = parseReplayArg(arg);
  const query = share ? `?share=${encodeURIComponent(share)}` : "";
  const rec = await get(`/api/hands/${encodeURIComponent(handId)}/replay${query}`);
  const frames = replayFrames(rec.steps);
  const end = frames.length - 1;
  const names = rec.names.map((n, i) => n ?? `${t("seat")} ${i + 1}`);
  let k = 0;
  let playing = null;
  const go = (to) => { k = Math.max(0, Math.min(end, to)); draw(); };
  // by turn: a turn starts where another seat acts (its draw, or its claim of a discard)
  const starts = turnStarts(frames);
  const nextStep = () => { let i = k + 1; while (i < end && !starts[i]) i += 1; go(i); };
  const prevStep = () => { let i = k - 1; while (i > 0 && !starts[i]) i -= 1; go(i); };
  const toggle = () => {
    if (playing) { clearInterval(playing); playing = null; }
    else playing = setInterval(() => { if (k >= end) { clearInterval(playing); playing = null; draw(); } else go(k + 1); }, 600);
    draw();
  };
  const draw = () => {
    const frame = frames[k];
    const step = rec.steps[frame.step];
    const view = step.view;
    const who = rec.seat == null ? biText("as_spectator", {}, "stack") : biText("as_seat", { name: names[rec.seat] }, "stack");
    // icon, then the words (hidden on a phone, where the title and aria-label still say them)
    const btn = (id, icon, key, fn, cls = "secondary", after = false) => h("button", {
      id, class: cls, onclick: fn, title: text(key), "aria-label": text(key) },
      after ? [h("span", { class: "label" }, biText(key)), icon] : [icon, h("span", { class: "label" }, biText(key))]);
    mount(root, h("div", { class: "replay", id: "replay" },
      h("div", { class: "table-head" },
        h("span", { class: "code" }, both("replay", {}, "stack"), ` #${rec.hand_id}`), h("span", {}, trBoth(rulesName(rec.rules), "stack")),
        h("span", { id: "replay-viewer" }, who),
        rec.stake === 0 ? h("span", { class: "practice-tag" }, both("practice_room", {}, "stack"))
          : rec.stake != null ? h("span", {}, both("stake_line", { money: (other) => taels(rec.stake, false, other) }, "stack")) : null,
        h("span", { class: "spacer" }),
        h("a", { class: "button secondary", href: "#/history", id: "replay-close" }, biText("close"))),
      h("div", { class: "controls" },
        btn("replay-first", "|◀ ", "first", () => go(0)),
        // a legend before each pair: ◀◀ ▶▶ go by turn, ◀ ▶ by event (the icons alone told nothing)
        h("span", { class: "group", id: "replay-by-step" }, h("span", { class: "group-label" }, biText("by_step")),
          btn("replay-prev-step", "◀◀ ", "prev_step", prevStep),
          btn("replay-next-step", " ▶▶", "next_step", nextStep, "secondary", true)),
        h("span", { class: "group", id: "replay-by-event" }, h("span", { class: "group-label" }, biText("by_event")),
          btn("replay-prev", "◀ ", "prev_event", () => go(k - 1)),
          h("span", { class: "step", id: "replay-step" }, `${k} / ${end}`),
          btn("replay-next", " ▶", "next_event", () => go(k + 1), "secondary", true)),
        btn("replay-last", " ▶|", "last", () => go(end), "secondary", true),
        btn("replay-play", playing ? "⏸ " : "▶ ", playing ? "pause" : "play", toggle, "")),
      h("input", { type: "range", min: 0, max: end, value: k, class: "scrub", id: "replay-scrub",
        "aria-label": text("by_event"), oninput: (e) => go(Number(e.target.value)) }),
      h("div", { class: "now muted", id: "replay-now" }, nowText(frame, step, names, rec)),
      rec.share ? shareBox(rec, rec.hand_id) : null,
      h("div", { class: `board replay-board players-${names.length}` },
        view.seats.map((s) => seatEl(view, s)),
        centerPanel(view, names, null, null, false, { replay: true })),
      view.phase === "over" ? h("div", { class: "card" }, settlementEl(rec.settlement, names, rec.seat ?? -1)) : null));
  };
  draw();
  if (app) app.rerender = draw;  // a language switch redraws this step (it went back to step 0)
  return () => { if (playing) clearInterval(playing); };
}
