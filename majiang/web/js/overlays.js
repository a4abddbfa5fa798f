// The overlays of the table screen: the leave confirmation and the settlement (with the win burst).
import { h } from "./dom.js";
import { t, tOther, both, messageBoth, textTable } from "./i18n.js";
import { settlementEl } from "./settlement.js";
import { matchTotalsEl } from "./match.js";
import { winBurst } from "./sound.js";

const TEXT = textTable({
  // after 你已离座 (too little silver for this table): where the silver to sit again comes from
  unseated_faucets: ["签到、救济金：大厅的“福利”", "Daily check-in, relief: the lobby's Free silver"],
});

/** Leaving mid-hand: confirm first. */
export function leaveDialog(screen) {
  const close = () => { screen.confirmLeave = false; screen.render(); };
  return h("div", { class: "overlay", id: "leave-dialog" },
    h("div", { class: "card overlay-card confirm-card" },
      h("h2", {}, both("leave_title")),
      h("p", {}, t("leave_text")), h("p", { class: "muted small" }, tOther("leave_text")),
      h("div", { class: "buttons" },
        h("button", { id: "btn-leave-confirm", onclick: () => screen.leave(true) }, both("leave_yes")),
        h("button", { class: "secondary", id: "btn-leave-cancel", onclick: close }, both("leave_no")))));
}

/** The settlement over the table, with the next hand's (or match's) button and the win burst. */
export function settlementOverlay(screen) {
  // the match's last hand: its totals under the settlement, and a new match instead of a hand
  const over = screen.matchOver && (screen.matchOver.results || []).some((r) => r.hand_id === screen.settlement.hand_id)
    ? screen.matchOver : null;
  // a closed table, or a seat lost (too little silver): no next hand here to offer (its Ready
  // was refused), Play on finds a table
  const next = screen.tableClosed || screen.unseated ? null : over
    ? h("button", { id: "btn-new-match", onclick: () => screen.ready() }, both("new_match"))
    : h("button", { id: "btn-next", onclick: () => screen.ready() }, both("next_hand"));
  const mine = (screen.settlement.winners || []).some((w) => w.seat === screen.mySeat());
  const burst = screen.burst && (screen.settlement.winners || []).length ? winBurst(mine) : null;
  if (burst) document.body.appendChild(burst);  // under the overlay (style.css), whatever re-renders it
  screen.burst = false;
  return h("div", { class: "overlay" },
    h("div", { class: "card overlay-card" },
      settlementEl(screen.settlement, screen.names(), screen.mySeat(), screen.wins, screen.kongs),
      over ? matchTotalsEl(over, screen.names(), screen.mySeat()) : null,
      h("div", { class: "buttons settle-actions" },  // kept in view at the card's foot (style.css)
        // the table's notice (unseated: too little silver for the next deal; the table closed)
        // here too: in the head it was hidden behind this card, and Next hand seemed to do nothing
        screen.notice || screen.tableClosed ? h("p", { class: "notice settle-notice", id: "settle-notice",
          role: "status" }, screen.notice ? messageBoth(screen.notice) : both("table_closed"),
        screen.notice && screen.noticeKind === "unseated"
          ? h("span", { class: "faucet-pointer", id: "unseated-faucets" }, TEXT.both("unseated_faucets")) : null) : null,
        next,
        screen.unseated ? h("button", { id: "btn-play-on", onclick: () => screen.playOn() },
          both("play_on")) : null,
        h("button", { class: "secondary", id: "btn-close-settlement",
          onclick: () => {  // the board behind it, without the burst still falling over it
            document.getElementById("win-burst")?.remove();
            screen.settlement = null;
            screen.render();
          } }, both("close")),
        h("button", { class: "secondary", onclick: () => screen.leave() }, both("back_to_lobby")))));
}
