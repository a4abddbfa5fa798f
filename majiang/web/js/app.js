// The page: top bar (user, silver, level, language), hash routes, and the screen in view.
//   #/            lobby (or the sign-up / log-in card)
//   #/table/CODE  a table
//   #/history     this user's hands
//   #/replay/ID   the replay of one hand
//   #/rules/ID    a ruleset's rules page (no account needed); #/levels the wealth levels
//   #/join/CODE   a friends' room's invite (log in or guest first); #/room/CODE the room
//   #/profile/NAME a player's standing; #/leaderboard[/RULES] the leaderboards; #/watch/CODE watch a table
import { get, post, setToken, getToken } from "./api.js";
import { h, mount, bi, fmtInt } from "./dom.js";
import { t, tOther, getLang, setLang, onLangChange } from "./i18n.js";
import { levelBadge } from "./badge.js";
import { renderLobby } from "./lobby.js";
import { openTable } from "./table.js";
import { renderHistory, renderReplay } from "./replay.js";
import { renderRules, renderLevels } from "./rules.js";
import { guideEl } from "./guide.js";
import { renderProfile } from "./profile.js";
import { renderLeaderboard } from "./leaderboard.js";
import { renderWatch } from "./watch.js";
import { renderJoin, renderRoom } from "./rooms.js";

const app = {
  user: null,
  cleanup: () => {},
  rerender: null,

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
        bi(t("title"), tOther("title"))),
      u ? h("a", { href: "#/", id: "nav-lobby" }, t("lobby")) : null,
      u ? h("a", { href: "#/history", id: "nav-history" }, t("history")) : null,
      h("a", { href: "#/rules", id: "nav-rules" }, t("rules")),
      h("a", { href: "#/leaderboard", id: "nav-leaderboard" }, getLang() === "zh" ? "排行榜" : "Leaderboard"),
      h("span", { class: "spacer" }),
      u ? h("span", { class: "user", id: "user-box" },
        h("a", { href: `#/profile/${encodeURIComponent(u.username)}`, id: "user-name" },
          h("b", {}, u.username)), " ",
        h("span", { class: "silver", id: "user-silver" }, `${fmtInt(u.silver)} ${t("taels")}`), " ",
        levelBadge(u.level)) : null,
      h("button", { class: "lang", id: "btn-lang",
        onclick: () => setLang(getLang() === "zh" ? "en" : "zh") }, getLang() === "zh" ? "English" : "中文"),
      u ? h("button", { class: "secondary small", id: "btn-logout",
        onclick: async () => {
          await post("/api/logout").catch(() => {});  // the server ends the session too
          setToken(null); this.user = null; location.hash = "#/"; this.route();
        } }, t("logout")) : null);
  },

  async route() {
    this.cleanup();
    this.cleanup = () => {};
    this.rerender = null;
    const main = document.getElementById("main");
    const hash = location.hash.replace(/^#\/?/, "");
    const [page, arg] = hash.split("/");
    document.body.dataset.route = page || "lobby";  // the table screen styles the bar on short screens
    try {
      if (page === "rules") this.cleanup = await renderRules(main, this, arg ? decodeURIComponent(arg) : null);
      else if (page === "levels") this.cleanup = await renderLevels(main, this);
      else if (page === "profile" && arg) this.cleanup = await renderProfile(main, this, decodeURIComponent(arg));
      else if (page === "leaderboard") this.cleanup = await renderLeaderboard(main, this, arg ? decodeURIComponent(arg) : null);
      else if (page === "watch" && arg && this.user) this.cleanup = await renderWatch(main, this, decodeURIComponent(arg));
      else if (page === "replay" && arg && arg.includes(".")) this.cleanup = await renderReplay(main, arg);  // a share link: no log-in
      else if (page === "join" && arg) this.cleanup = await renderJoin(main, this, decodeURIComponent(arg));
      else if (page === "room" && arg && this.user) this.cleanup = await renderRoom(main, this, decodeURIComponent(arg));
      else if (!this.user || !page) this.cleanup = await renderLobby(main, this);
      else if (page === "table" && arg) this.cleanup = await openTable(main, this, decodeURIComponent(arg));
      else if (page === "history") this.cleanup = await renderHistory(main);
      else if (page === "replay" && arg) this.cleanup = await renderReplay(main, arg);
      else this.cleanup = await renderLobby(main, this);
      if (!page || page === "lobby") { const g = guideEl(); if (g) document.body.appendChild(g); }
    } catch (e) {
      mount(main, h("p", { class: "error" }, `${t("error")}: ${e.message}`));
    }
  },
};

window.majiang = app;  // for debugging in the console
window.addEventListener("hashchange", () => app.route());
onLangChange(() => {
  app.renderBar();
  if (app.rerender) app.rerender(); else app.route();
});

(async () => {
  await app.refreshUser().catch(() => {});
  await app.route();
})();
