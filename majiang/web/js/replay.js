// Hand history (GET /api/history) and the replay viewer (GET /api/hands/{id}): the hand record's
// events are folded step by step into an open view of every seat and drawn with the table board.
import { get } from "./api.js";
import { h, mount, bi, fmtInt, signed } from "./dom.js";
import { t, tOther, tr, eventName, getLang } from "./i18n.js";
import { splitTiles, sortTiles, tileName } from "./tiles.js";
import { seatPanel, centerPanel } from "./board.js";
import { settlementEl } from "./settlement.js";
import { rulesetName } from "./lobby.js";

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

function removeOne(list, tile) {
  const i = list.indexOf(tile);
  if (i >= 0) list.splice(i, 1);
}

/** Every seat's names from a hand record, whatever key the server uses. */
function recordNames(rec) {
  const seats = rec.names || rec.record?.names || rec.seats || [];
  if (Array.isArray(seats) && seats.length)
    return seats.map((s, i) => (typeof s === "string" ? s : s.name || s.username || `${t("seat")} ${i + 1}`));
  const n = rec.players || rec.options?.players || 4;
  return Array.from({ length: typeof n === "number" ? n : 4 }, (_, i) => `${t("seat")} ${i + 1}`);
}

/** A record's events, each once: a draw's copy for the other seats (without the tile) is dropped. */
export function replayEvents(rec) {
  return ((rec.record || rec).events || []).filter((e) => e.exclude == null);
}

/** Fold events[0..k) of a hand record into an open view (every hand face up) and the settlement. */
export function replayState(rec, k) {
  const names = recordNames(rec);
  const R = rec.record || rec;
  const posted = rec.settlements || [];
  const postedKong = posted.filter((x) => x.kind === "kong_money");
  const postedEnd = posted.filter((x) => x.kind !== "kong_money").slice(-1)[0] || null;
  const n = names.length;
  const view = {
    rules: R.rules, players: n, seat: 0, dealer: R.dealer ?? 0, hand_no: R.hand_no ?? 1,
    phase: "play", turn: R.dealer ?? 0, wall_left: null, last_discard: null,
    laizi: null, indicator: null, scores: Array(n).fill(0),
    seats: names.map((name, seat) => ({ seat, name, concealed: 0, melds: [], discards: [],
      declared: false, revealed: null })),
  };
  const hands = names.map(() => []);
  let settlement = null;
  const wins = [];
  const kongs = [];
  const events = replayEvents(rec);
  for (const ev of events.slice(0, k)) {
    const s = ev.seat ?? ev.to;
    if (ev.wall_left != null) view.wall_left = ev.wall_left;
    if (ev.laizi) view.laizi = ev.laizi;
    if (ev.indicator) view.indicator = ev.indicator;
    if (ev.dealer != null) view.dealer = ev.dealer;
    switch (ev.type) {
      case "deal":
        if (Array.isArray(ev.hands)) ev.hands.forEach((hd, i) => { hands[i] = splitTiles(hd); });
        else if (s != null && (ev.tiles || ev.hand)) hands[s] = splitTiles(ev.tiles || ev.hand);
        break;
      case "draw":
        if (s != null && ev.tile) hands[s].push(ev.tile);
        if (s != null) view.turn = s;
        if (ev.wall_left == null && view.wall_left != null && ev.tile) view.wall_left -= 1;
        break;
      case "discard":
        removeOne(hands[s], ev.tile);
        view.seats[s].discards.push(ev.tile);
        view.last_discard = { seat: s, tile: ev.tile };
        view.turn = (s + 1) % n;
        break;
      case "chow": case "pung": case "kong": {
        const kind = ev.type === "kong" ? (ev.kind || "exposed_kong") : ev.type;
        const tiles = ev.tiles ? splitTiles(ev.tiles)
          : Array(ev.type === "pung" ? 3 : 4).fill(ev.tile);
        const claimed = ev.from != null && ev.from !== s && kind !== "added_kong";
        if (kind === "added_kong") {
          removeOne(hands[s], ev.tile || tiles[0]);
          const m = view.seats[s].melds.find((x) => x.kind === "pung" && splitTiles(x.tiles)[0] === (ev.tile || tiles[0]));
          if (m) { m.kind = "added_kong"; m.tiles = Array(4).fill(ev.tile || tiles[0]).join(""); }
        } else {
          const own = [...tiles];
          if (claimed) {
            const took = ev.tile || view.last_discard?.tile;
            removeOne(own, took);
            const fromSeat = view.seats[ev.from];
            if (fromSeat && fromSeat.discards.length) fromSeat.discards.pop();
          }
          for (const x of own) removeOne(hands[s], x);
          view.seats[s].melds.push({ kind, tiles: tiles.join(""), from: ev.from ?? null });
        }
        view.turn = s;
        break;
      }
      case "declare":
        view.seats[s].declared = true;
        if (ev.revealed || ev.tiles) view.seats[s].revealed = ev.revealed || ev.tiles;
        break;
      case "kong_money":
        kongs.push({ ...ev, silver: postedKong[kongs.length] || null });
        if (Array.isArray(ev.payments)) ev.payments.forEach((p, i) => { view.scores[i] += Number(p) || 0; });
        break;
      case "start":
        if (ev.players) view.players = ev.players;
        if (ev.hand_no) view.hand_no = ev.hand_no;
        break;
      case "win": wins.push(ev); view.phase = "over"; break;
      case "exhaustive_draw":
        view.phase = "over";
        break;
      case "settlement": {
        // Silver of the whole hand: every posted settlement event (kong money and the end).
        const last = posted[posted.length - 1];
        const sum = (key) => names.map((_, i) => posted.reduce((a, x) => a + (Number(x[key]?.[i]) || 0), 0));
        const answers = R.result?.answers || [];
        settlement = {
          ...ev, stake: rec.stake, silver: undefined, units: undefined,
          winners: (ev.winners || []).map((seat, i) => ({ seat, decomposition: answers[i]?.decomposition })),
          payments: { units: sum("units"), silver: sum("silver") },
          end_silver: postedEnd ? postedEnd.silver : null,
          balances_after: last ? last.balances_after : null,
        };
        view.phase = "over";
        break;
      }
        view.phase = "over";
        break;
      default:
    }
  }
  hands.forEach((hd, i) => { view.seats[i].concealed = hd.length; });
  return { view, hands: hands.map(sortTiles), names, settlement, wins, kongs };
}

export async function renderReplay(root, handId) {
  const rec = await get(`/api/hands/${encodeURIComponent(handId)}`);
  const events = replayEvents(rec);
  let k = 0;
  let playing = null;
  const draw = () => {
    const { view, hands, names, settlement, wins, kongs } = replayState(rec, k);
    const ev = events[k - 1];
    const lang = getLang();
    const rs = rulesetName(rec.rules);
    mount(root, h("div", { class: "replay", id: "replay" },
      h("div", { class: "table-head" },
        h("span", { class: "code" }, `${t("replay")} #${handId}`), h("span", {}, tr(rs)),
        rec.stake != null ? h("span", {}, `${t("stake")} ${fmtInt(rec.stake)}`) : null,
        h("span", { class: "spacer" }),
        h("button", { onclick: () => { k = 0; draw(); } }, "◀◀ ", t("first")),
        h("button", { id: "replay-prev", onclick: () => { k = Math.max(0, k - 1); draw(); } }, "◀ ", t("prev")),
        h("span", { class: "step", id: "replay-step" }, `${k} / ${events.length}`),
        h("button", { id: "replay-next", onclick: () => { k = Math.min(events.length, k + 1); draw(); } }, t("next"), " ▶"),
        h("button", { id: "replay-last", onclick: () => { k = events.length; draw(); } }, t("last"), " ▶▶"),
        h("button", { class: "secondary", onclick: () => {
          if (playing) { clearInterval(playing); playing = null; }
          else playing = setInterval(() => { if (k >= events.length) { clearInterval(playing); playing = null; } else { k += 1; draw(); } }, 600);
          draw();
        } }, playing ? t("pause") : t("play")),
        h("a", { class: "button secondary", href: "#/history" }, t("close"))),
      h("input", { type: "range", min: 0, max: events.length, value: k, class: "scrub",
        oninput: (e) => { k = Number(e.target.value); draw(); } }),
      h("div", { class: "now muted" }, ev ? `${names[ev.seat ?? ev.to] ?? ""} ${eventName(ev.type)} ${ev.tile ? tileName(ev.tile, lang) : ""}` : ""),
      h("div", { class: `board replay-board players-${names.length}` },
        view.seats.map((s) => seatPanel(view, s, { hand: hands[s.seat] })),
        centerPanel(view, names, null)),
      settlement && k >= events.length ? h("div", { class: "card" }, settlementEl(settlement, names, -1, wins, kongs)) : null));
  };
  draw();
  return () => { if (playing) clearInterval(playing); };
}
