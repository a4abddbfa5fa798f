// The page: top bar (user, silver, level, language), hash routes, and the screen in view.
//   #/            lobby (or the sign-up / log-in card)
//   #/table/CODE  a table
//   #/history     this user's hands
//   #/replay/ID   the replay of one hand
//   #/rules/ID    a ruleset's rules page (no account needed); #/levels the wealth levels
//   #/join/CODE   a friends' room's invite (log in or guest first); #/room/CODE the room
//   #/profile/NAME a player's standing; #/leaderboard[/RULES] the leaderboards; #/watch/CODE watch a table
import { get, post, setToken, getToken } from "./api.js";
import { h, mount } from "./dom.js";
import { getLang, setLang, onLangChange, amountBoth, both, messageBoth } from "./i18n.js";
import { levelBadge } from "./badge.js";
import { renderLobby } from "./lobby.js";
import { openTable } from "./table.js";
import { renderHistory, renderReplay } from "./replay.js";
import { renderRules, renderLevels } from "./rules.js";
import { showGuide, refreshGuide } from "./guide.js";
import { renderProfile } from "./profile.js";
import { renderLeaderboard } from "./leaderboard.js";
import { renderWatch } from "./watch.js";
import { renderJoin, renderRoom } from "./rooms.js";

const app = {
  user: null,
  cleanup: () => {},
  routes: 0,  // how many routes have started: the latest one owns the screen
  rerender: null,
  faucetNote: null,  // a grant just claimed, said again on the lobby redrawn for the new balance

  async refreshUser(user) {
    if (user) this.user = user;
    else if (getToken()) {
      try { this.user = await get("/api/me"); } catch (e) {
        if (e.status === 401 || e.status === 403) { setToken(null); this.user = null; } else throw e;
      }
    } else this.user = null;
    this.renderBar();
  },

  renderBar() {
    const u = this.user;
    mount(document.getElementById("bar"),
      h("a", { href: "#/", class: "brand" }, h("img", { src: "/static/tiles/7z.svg", class: "tile tile-xs", alt: "" }), " ",
        both("title", {}, "stack")),
      // on the lobby already the hash does not change: draw it afresh (balance, seat) all the same
      u ? h("a", { href: "#/", id: "nav-lobby", onclick: () => {
        if (!location.hash.replace(/^#\/?/, "")) this.route();
      } }, both("lobby", {}, "stack")) : null,
      u ? h("a", { href: "#/history", id: "nav-history" }, both("nav_history", {}, "stack")) : null,
      h("a", { href: "#/rules", id: "nav-rules" }, both("rules", {}, "stack")),
      h("a", { href: "#/leaderboard", id: "nav-leaderboard" }, both("leaderboard", {}, "stack")),
      h("span", { class: "spacer" }),
      u ? h("span", { class: "user", id: "user-box" },
        h("a", { href: `#/profile/${encodeURIComponent(u.username)}`, id: "user-name" },
          h("b", {}, u.username)), " ",
        h("span", { class: "silver", id: "user-silver" }, amountBoth(u.silver, false, "stack")), " ",
        levelBadge(u.level)) : null,
      h("button", { class: "lang", id: "btn-lang",
        onclick: () => setLang(getLang() === "zh" ? "en" : "zh") }, getLang() === "zh" ? "English" : "中文"),
      u ? h("button", { class: "secondary small", id: "btn-logout",
        onclick: async () => {
          await post("/api/logout").catch(() => {});  // the server ends the session too
          setToken(null); this.user = null; this.renderBar(); location.hash = "#/"; this.route();
        } }, both("logout", {}, "stack")) : null);
  },

  /** The screen for the current hash. Each route renders into a fresh element of its own: a
   * route still loading when a later one starts (a quick click on a slow network) draws into an
   * element no longer on the page, and its cleanup runs at once instead of replacing the newer
   * route's. */
  async route() {
    this.cleanup();
    this.cleanup = () => {};
    this.rerender = null;
    const turn = ++this.routes;
    const view = h("div", { class: "view" });
    mount(document.getElementById("main"), view);
    const hash = location.hash.replace(/^#\/?/, "");
    const [page, raw] = hash.split("/");
    const arg = raw ? decodeURIComponent(raw) : null;
    document.body.dataset.route = page || "lobby";  // the table screen styles the bar on short screens
    try {
      const done = await this.renderRoute(view, page, arg) || (() => {});
      if (turn !== this.routes) { done(); return; }
      this.cleanup = done;
      if (!page || page === "lobby") showGuide();
    } catch (e) {
      // a dead end no more (a bad share link showed only this): the way back to the lobby
      if (turn === this.routes) mount(view, h("p", { class: "error" }, both("error"), ": ", messageBoth(e.message)),
        h("p", {}, h("a", { href: "#/", class: "button small", id: "btn-error-lobby",
          onclick: () => { if (!location.hash.replace(/^#\/?/, "")) this.route(); } },
        both("back_to_lobby"))));
    }
  },

  /** Render one route's screen into `view`; its cleanup. */
  renderRoute(view, page, arg) {
    if (page === "rules") return renderRules(view, this, arg);
    if (page === "levels") return renderLevels(view, this);
    if (page === "profile" && arg) return renderProfile(view, this, arg);
    if (page === "leaderboard") return renderLeaderboard(view, this, arg);
    if (page === "watch" && arg && this.user) return renderWatch(view, this, arg);
    if (page === "replay" && arg && arg.includes(".")) return renderReplay(view, arg, this);  // a share link: no log-in
    if (page === "join" && arg) return renderJoin(view, this, arg);
    if (page === "room" && arg && this.user) return renderRoom(view, this, arg);
    if (page === "watch" && arg && !this.user)  // after the log-in the route opens the watch
      return renderLobby(view, this, both("watch_login", { code: arg }));
    if (!this.user || !page) return renderLobby(view, this);
    if (page === "table" && arg) return openTable(view, this, arg);
    if (page === "history") return renderHistory(view);
    if (page === "replay" && arg) return renderReplay(view, arg, this);
    return renderLobby(view, this);
  },
};

window.majiang = app;  // for debugging in the console
window.addEventListener("hashchange", () => app.route());
// the top bar's height as --bar-h, whatever it wraps to; --bar-seen, what of it is on screen (it
// scrolls with the page): a fixed overlay starts below that (style.css; it kept the bar's height
// once the page had scrolled, a strip of the page showing above a settlement)
const barEl = document.getElementById("bar");
const barSeen = () => document.documentElement.style.setProperty(
  "--bar-seen", `${Math.max(0, barEl.getBoundingClientRect().bottom)}px`);
new ResizeObserver(() => {
  document.documentElement.style.setProperty("--bar-h", `${barEl.getBoundingClientRect().height}px`);
  barSeen();
}).observe(barEl);
addEventListener("scroll", barSeen, { passive: true });
onLangChange(() => {
  app.renderBar();
  refreshGuide();
  if (app.rerender) app.rerender(); else app.route();
});

(async () => {
  await app.refreshUser().catch(() => {});
  await app.route();
})();
