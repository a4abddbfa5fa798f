// The live table: one WebSocket (protocol.md section 5), the seat's view, prompts, timers, settlement.
import { get, post, socketReady, tableSocketUrl } from "./api.js";
import { h, mount } from "./dom.js";
import { t, tOther, getLang, both, messageBoth } from "./i18n.js";
import { sortTiles } from "./tiles.js";
import { positionOf } from "./board.js";
import { ensureRulesets } from "./lobby.js";
import { drawNotice, drawSeen, markDrawSeen } from "./match.js";
import { leaveDialog, settlementOverlay } from "./overlays.js";
import { oneClickDiscard } from "./hand.js";
import { discardHint, withUnseen } from "./hints.js";
import { PressHold } from "./press_hold.js";
import { announce, discardSound } from "./sound.js";
import { orphanPass, IN_REACH } from "./orphans.js";
import { rememberCommitment } from "./fair.js";
import { board, moveLog, paintClocks, tableHead, waitingList } from "./table_parts.js";

export { oneClickDiscard };

const CLEARS_PROMPT = new Set(["deal", "draw", "discard", "chow", "pung", "kong", "win", "declare",
  "pick", "grab", "exhaustive_draw", "settlement"]);

export class TableScreen {
  constructor(root, app, code) {
    this.root = root; this.app = app; this.code = code;
    this.table = null; this.view = null; this.prompt = null; this.settlement = null;
    this.match = null; this.matchOver = null; this.showDraw = false; this.dice = null;
    this.log = []; this.wins = []; this.kongs = []; this.trace = []; this.ws = null; this.closed = false; this.retry = 0; this.status = "connecting";
    this.error = ""; this.tick = setInterval(() => this.renderTimer(), 250);
    this.timerEl = h("div", { class: "timer", id: "timer" });
    this.clockEl = h("div", { class: "clock", id: "clock" });
    this.selected = null;  // {key, tile}: the tile picked by a first tap
    this.declaring = false;  // the declare mode: the tile to declare with is picked (hand.js)
    this.turnKey = null; this.turnSince = performance.now();
    this.confirmLeave = false;
    this.press = new PressHold(root, () => this.render());  // a tap is never redrawn away
  }

  start() { this.connect(); this.render(); }

  stop() {
    this.closed = true;
    this.press.detach();
    document.getElementById("conn-lost")?.remove();
    clearInterval(this.tick);
    this.headWatch?.disconnect();
    clearTimeout(this.drawTimer);
    if (this.ws) this.ws.close();
  }

  async connect() {
    if (this.closed) return;
    await socketReady();  // the socket authenticates with the session cookie
    if (this.closed) return;
    const ws = new WebSocket(tableSocketUrl(this.code));
    this.ws = ws;
    ws.onopen = () => {
      this.trace.push("open");
      this.connects = (this.connects || 0) + 1;
      this.retry = 0; this.status = "connected"; this.renderStatus();
      // After a reconnect the table may have moved on (or closed) while we were away.
      if (this.connects > 1) get(`/api/tables/${encodeURIComponent(this.code)}`)
        .then((tb) => { if (tb.status === "closed") { this.table = tb; this.render(); } })
        .catch(() => {});
    };
    ws.onmessage = (ev) => { try { this.onMessage(JSON.parse(ev.data)); } catch (e) { console.error(e); } };
    ws.onclose = (ev) => {
      this.trace.push(`close:${ev.code}`);
      if (this.ws !== ws || this.closed) return;
      if (this.tableClosed) { this.status = "closed"; this.render(); return; }
      this.status = "reconnecting"; this.renderStatus();
      if (ev.code === 4401 || ev.code === 4403 || ev.code === 4404) { this.error = ev.reason || "closed"; this.render(); return; }
      const delay = Math.min(500 * 2 ** this.retry, 5000);
      this.retry += 1;
      setTimeout(() => this.connect(), delay);
    };
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) { this.ws.send(JSON.stringify(msg)); return true; }
    return false;
  }

  onMessage(msg) {
    // A short trace of what arrived, for debugging in the console: majiang.screen.trace
    this.trace.push(msg.type + (msg.prompt_id != null ? `:${msg.prompt_id}` : "")
      + (msg.event ? `:${msg.event.type}` : ""));
    if (this.trace.length > 40) this.trace.shift();
    switch (msg.type) {
      case "table":
        this.table = msg.table;
        if (msg.table && msg.table.match) this.setMatch(msg.table.match);
        break;
      case "match": // a new match: who deals first, and why
        this.setMatch(msg.match);
        break;
      case "match_over": this.setMatch(msg.match); break;
      case "state":
        this.view = msg.view;
        this.viewAt = performance.now();
        this.noteTurn();
        if (this.view && this.view.dice) this.dice = this.view.dice;
        if (msg.fair) { this.fair = msg.fair; rememberCommitment(msg.fair); }  // the deal's commitment
        if (msg.log) { this.log = msg.log; this.logStart = msg.log_start; }  // a (re)connect: the hand so far
        this.error = "";
        if (this.view && this.view.phase === "play" && this.settlement && this.settlement._shownFor !== this.view.hand_no)
          this.settlement = null;
        break;
      case "event":
        this.onEvent(msg.event);
        break;
      case "prompt":
        this.prompt = { ...msg, received: performance.now() };
        this.declaring = false;
        if (this.selected && !this.discardable().has(this.selected.tile)) this.selected = null;
        { const pass = orphanPass(this.prompt, this.view); if (pass) this.passOrphanCall(pass); }
        break;
      case "settlement":
        this.settlement = { ...msg.settlement, _shownFor: this.view ? this.view.hand_no : null };
        this.prompt = null;
        this.burst = true;
        this.app.refreshUser().catch(() => {});
        if (document.getElementById("call-banner")) {  // the 胡 call is on screen: the settlement waits for it
          this.holdSettlement = true;
          setTimeout(() => { this.holdSettlement = false; this.render(); }, 1300);  // the call's 1.3 s
        }
        break;
      case "prompt_closed":
        if (this.prompt && this.prompt.prompt_id === msg.prompt_id) this.prompt = null;
        break;
      case "error": this.error = msg.error; break;
      case "notice":  // the table waits for its database; a clock ran out; the seat was lost
        this.notice = msg.notice === "db_back" ? "" : msg.text;
        this.noticeKind = msg.notice;
        if (msg.notice === "unseated") this.unseated = true;
        break;
      default: return;
    }
    this.render();
  }

  setMatch(match) {
    if (!match) return;
    // a snapshot older than the one shown changes nothing: a table frame read before the new
    // match (or its next hand) was stored can arrive after it
    const cur = this.match;
    if (cur && (match.match_id < cur.match_id
      || (match.match_id === cur.match_id && (match.hands_played ?? 0) < (cur.hands_played ?? 0)))) return;
    this.match = match;
    this.matchOver = match.status === "over" ? match : null;
    // the draw is shown through the match's first hand, unless closed
    this.showDraw = match.status === "playing" && (match.hands_played ?? 0) === 0
      && !drawSeen(match.match_id);
    // the lot's notice lies over the table: it closes itself after a while (or by its button),
    // and stays closed after a reload or a return to the table
    clearTimeout(this.drawTimer);
    if (this.showDraw) this.drawTimer = setTimeout(() => {
      if (this.showDraw && !this.closed) { this.showDraw = false; markDrawSeen(match.match_id); this.render(); }
    }, 12000);
  }

  onEvent(ev) {
    if (CLEARS_PROMPT.has(ev.type)) this.prompt = null;
    if (ev.type === "start") { this.dice = ev.dice || null; this.fair = null; }
    if (ev.type === "deal" || ev.type === "start") { this.settlement = null; this.log = []; this.wins = []; this.kongs = []; this.keptWaits = null; }
    if (this.view && ev.seat != null && !ev.replayed) {
      const players = this.view.players || this.view.seats?.length || 4;
      if (ev.type === "discard") discardSound();
      else announce(ev.type, positionOf(ev.seat, this.mySeat(), players), this.names()[ev.seat]);
    }
    if (ev.type === "discard") this.showDiscard(ev);
    if (ev.type === "win") this.wins.push(ev);
    if (ev.type === "kong_money") this.kongs.push(ev);
    this.log.push(ev);
    if (ev.type === "deal" || ev.type === "start") this.logStart = 1;
    if (this.log.length > 60) { this.log.shift(); this.logStart = (this.logStart || 1) + 1; }
  }

  /** A discard on the board at once: claim protection holds the next `state` for the claim window,
   * and a claim prompt (sent at once) must find its tile in the river. The next state replaces this. */
  showDiscard(ev) {
    const v = this.view;
    if (!v || !Array.isArray(v.seats) || ev.seat == null || !ev.tile) return;
    const seats = v.seats.map((s) => (s.seat === ev.seat
      ? { ...s, discards: [...(s.discards || []), ev.tile], concealed: Math.max(0, (s.concealed ?? 1) - 1) } : s));
    let { hand, drawn } = v;
    if (ev.seat === v.seat && Array.isArray(hand)) {
      if (drawn === ev.tile) drawn = null;
      else {
        const at = hand.indexOf(ev.tile);
        if (at >= 0) {
          hand = sortTiles([...hand.slice(0, at), ...hand.slice(at + 1), ...(drawn ? [drawn] : [])]);
          drawn = null;
        }
      }
    }
    this.view = { ...v, seats, hand, drawn, last_discard: { seat: ev.seat, tile: ev.tile } };
  }

  /** A new acting seat (or a new discard): restart the estimated clock of the other seats. */
  noteTurn() {
    const v = this.view;
    if (!v || !v.seats) return;
    const discards = v.seats.reduce((a, s) => a + (s.discards || []).length + (s.melds || []).length, 0);
    const key = `${v.hand_no}|${v.turn}|${v.wall_left}|${discards}|${v.phase}`;
    if (key !== this.turnKey) { this.turnKey = key; this.turnSince = performance.now(); }
  }


  /** A tile of the hand was tapped: discard it (mouse, or the second tap), else pick it. */
  tapTile(key, tile) {
    if (!this.selectable().has(tile)) return;
    if (oneClickDiscard() || (this.selected && this.selected.key === key)) {
      this.selected = null;
      this.act(this.tileAction(tile));
      return;
    }
    this.selected = { key, tile };
    this.render();
  }

  /** The pointer is over a discardable tile (null: left it): its discard's hint shows. */
  focusTile(tile) {
    if (this.hovered === tile) return;
    this.hovered = tile;
    this.render();
  }

  /** Jincheng: send `pass` for a 拾 / 抢 offer while the hand is far from thirteen orphans
   * (orphans.js `orphanPass`), saying so the first time at this table. */
  passOrphanCall(pass) {
    this.act(pass);
    if (!this.orphanPassTold) {  // said once at this table, until the player's next action
      this.orphanPassTold = true;
      const [here, other] = [t("orphans_passed", { n: IN_REACH }), tOther("orphans_passed", { n: IN_REACH })];
      this.notice = getLang() === "zh" ? `${here} / ${other}` : `${other} / ${here}`;  // as the server's: 中文 / English
      this.noticeKind = "orphans_passed";
      this.render();
    }
  }

  act(action) {
    if (!this.prompt) return;
    this.selected = null; this.declaring = false;
    const { label, ...bare } = action;
    if (action.type === "discard" || action.type === "declare") {
      const d = discardHint(this.prompt.hints, action.tile);
      this.keptWaits = d && d.ready ? withUnseen(this.prompt.hints, d.tiles) : null;
    }
    if (this.send({ type: "act", prompt_id: this.prompt.prompt_id, action: bare })) this.prompt = null;
    if (this.noticeKind === "timeout" || this.noticeKind === "orphans_passed") this.notice = "";  // acting again answers it
    this.render();
  }

  async ready() {
    this.settlement = null;
    if (!this.send({ type: "ready" })) {
      try { this.table = await post(`/api/tables/${this.code}/ready`); } catch (e) { this.error = e.message; }
    }
    this.render();
  }

  /** Leaving while the hand is played asks first (the server plays the seat to the hand's end). */
  leave(confirmed = false) {
    const v = this.view;
    const inHand = v && v.phase === "play" && v.hand && !this.tableClosed;
    if (inHand && !confirmed) { this.confirmLeave = true; this.render(); return; }
    this.confirmLeave = false;
    return this.doLeave();
  }

  async doLeave() {
    if (!this.unseated && !this.tableClosed) {  // unseated or closed: no seat left to leave
      try { await post(`/api/tables/${this.code}/leave`); } catch (e) { /* leaving anyway */ }
    }
    location.hash = "#/";
  }

  /** Unseated for too little silver: quick play of the same ruleset (a practice table when the
   * balance is short of every seat), without a trip through the lobby. */
  async playOn() {
    try {
      const made = await post("/api/quickplay", { rules: this.table?.rules });
      document.getElementById("win-burst")?.remove();
      location.hash = `#/table/${made.code}`;
    } catch (e) { this.error = e.message; this.render(); }
  }

  async dissolve() {
    try { await post(`/api/tables/${this.code}/dissolve`); location.hash = "#/"; }
    catch (e) { this.error = e.message; this.render(); }
  }

  names() {
    const n = this.view ? (this.view.players || this.view.seats.length) : (this.table?.seats?.length || 4);
    return Array.from({ length: n }, (_, i) =>
      this.view?.seats?.[i]?.name || this.table?.seats?.[i]?.name || `${t("seat")} ${i + 1}`);
  }

  mySeat() {
    if (this.view && this.view.seat != null) return this.view.seat;
    const me = this.app.user && this.app.user.username;
    const s = (this.table?.seats || []).find((x) => x && x.name === me);
    return s ? s.seat : 0;
  }

  discardable() {
    const out = new Set();
    for (const a of this.prompt?.actions || []) if (a.type === "discard") out.add(a.tile);
    return out;
  }

  /** The prompt's declarations (kawuxing 亮倒, jincheng 上架): one action a tile. */
  declarations() { return (this.prompt?.actions || []).filter((a) => a.type === "declare"); }

  /** In the declare mode: a declaration chosen by its tile, of several (one has its own button). */
  inDeclareMode() { return this.declaring && this.declarations().length > 1; }

  /** The tiles a tap acts on: the declarations' in the declare mode, else the discards. */
  selectable() {
    return this.inDeclareMode() ? new Set(this.declarations().map((a) => a.tile)) : this.discardable();
  }

  /** What a tap on `tile` sends: its declaration in the declare mode, else its discard. */
  tileAction(tile) {
    return (this.inDeclareMode() && this.declarations().find((a) => a.tile === tile)) || { type: "discard", tile };
  }

  // ---- drawing ----
  render() {
    if (!this.closed && this.press.hold()) return;  // mid-tap: on its release (press_hold.js)
    const view = this.view;
    const header = tableHead(this);
    if (this.error && !view) { mount(this.root, header, h("p", { class: "error" }, messageBoth(this.error))); return; }
    const parts = [header];
    if (this.tableClosed)
      parts.push(h("div", { class: "card notice", id: "table-closed" }, both("table_closed"), " ",
        h("a", { href: "#/", class: "button small" }, both("back_to_lobby"))));
    if (this.showDraw && this.match) parts.push(drawNotice(this.match, () => {
      this.showDraw = false; markDrawSeen(this.match.match_id); this.render(); }));
    if (!view || !view.seats || view.seats.length === 0) parts.push(waitingList(this));
    else parts.push(board(this), moveLog(this));
    if (this.settlement && !this.holdSettlement) parts.push(settlementOverlay(this));
    if (this.confirmLeave) parts.push(leaveDialog(this));
    const players = view ? (view.players || view.seats?.length || 4) : 4;
    mount(this.root, h("div", { class: `table-screen players-${players}` }, parts));
    // the head's height as --head-h: a desktop's felt fills the window's rest (style.css), so
    // that a head grown to two rows between hands does not push the felt under the hand strip;
    // watched, not read once: a font or a notice arriving after this render changes it too
    this.headWatch?.disconnect();
    this.headWatch = new ResizeObserver(() => this.noteHeadHeight(header));
    this.headWatch.observe(header);
    this.noteHeadHeight(header);
    this.renderTimer();
  }

  noteHeadHeight(header) {
    const headH = Math.round(header.getBoundingClientRect().height);
    if (headH && headH !== this.headH) {
      this.headH = headH;
      document.documentElement.style.setProperty("--head-h", `${headH}px`);
    }
  }

  /** The table is closed (no hand to come at it). */
  get tableClosed() { return this.table?.status === "closed"; }

  /** Between hands, the next one waits for this seat's Ready (its button is shown). */
  awaitingMyReady() {
    const tb = this.table || {};
    const waiting = !this.view || this.view.phase === "over" || tb.status === "waiting";
    const mine = (tb.seats || []).find((s) => s && s.seat === this.mySeat());
    // not while a win's call holds the settlement back: Ready would skip the settlement unseen
    return waiting && !this.tableClosed && !(mine && mine.ready) && !this.holdSettlement;
  }

  renderStatus() {
    const el = this.root.querySelector("#conn-status");
    if (el) { mount(el, both(this.status, {}, "stack")); el.className = `conn conn-${this.status}`; }
    // a lost connection is said where it is seen, the header may be scrolled away on a phone
    let banner = document.getElementById("conn-lost");
    if (this.status === "reconnecting" && !this.closed) {
      if (!banner) {
        banner = h("div", { id: "conn-lost", class: "conn-lost", role: "alert" },
          both("reconnecting"));
        document.body.append(banner);
      }
    } else if (banner) banner.remove();
  }

  renderTimer() { paintClocks(this); }
}

/** Make sure we hold a seat (join if needed), then show the table. */
export async function openTable(root, app, code) {
  try {
    await ensureRulesets().catch(() => {});
    const table = await get(`/api/tables/${encodeURIComponent(code)}`);
    const mine = (table.seats || []).find((s) => s && s.name === app.user.username);
    // not seated, or back after leaving during the hand: joining (back) keeps the seat
    if (!mine || mine.leaving) {
      await post(`/api/tables/${encodeURIComponent(code)}/join`).catch(() => {});
    }
  } catch (e) {
    mount(root, h("p", { class: "error" }, messageBoth(e.message)));
    return () => {};
  }
  const screen = new TableScreen(root, app, code);
  screen.start();
  app.rerender = () => screen.render();
  app.screen = screen;
  return () => { screen.stop(); app.screen = null; };
}
