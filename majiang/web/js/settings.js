// The table's switches: hints, sound and motion, and in jincheng whether every 拾 / 抢 offer is
// asked (each remembered in localStorage).
import { h } from "./dom.js";
import { t, tOther, both } from "./i18n.js";
import { hintsOn, setHints } from "./hints.js";
import { soundOn, setSound, motionOn, setMotion, playNotes, CALLS } from "./sound.js";
import { askEveryOrphanCall, setAskEveryOrphanCall } from "./orphans.js";

const SWITCHES = [
  { id: "hints", get: hintsOn, set: setHints },
  { id: "sound", get: soundOn, set: (on) => { setSound(on); if (on) playNotes(CALLS.pung.notes); } },
  { id: "motion", get: motionOn, set: setMotion },
  { id: "orphans", get: askEveryOrphanCall, set: setAskEveryOrphanCall, rules: "jincheng" },
];

let open = false;  // a phone's switches, folded behind one button until it is tapped

/** Small toggle buttons (those of `rules` too); `changed` redraws the screen. On a narrow screen
 * (style.css) they fold behind a 设置 Settings button, so that the table's head keeps to fewer
 * rows. */
export function settingsEl(changed, rules) {
  const gear = h("button", {
    class: "switch-gear small secondary", id: "btn-switches", "aria-expanded": open ? "true" : "false",
    title: `${t("switches")} · ${tOther("switches")}`,
    onclick: () => { open = !open; changed(); },
  }, "⚙ ", both("switches", {}, "stack"));
  const shown = SWITCHES.filter((s) => !s.rules || s.rules === rules);
  return h("span", { class: `switches${open ? " open" : ""}`, id: "switches" }, gear, shown.map((s) => {
    const on = s.get();
    return h("button", {
      class: `switch small${on ? " on" : ""}`, id: `switch-${s.id}`, "aria-pressed": on ? "true" : "false",
      title: `${t(`switch_${s.id}`)} · ${tOther(`switch_${s.id}`)}`,
      onclick: () => { s.set(!s.get()); changed(); },
    }, h("span", { class: "label" }, both(`switch_${s.id}`, {}, "stack")), h("span", { class: "state" }, both(on ? "on" : "off", {}, "stack")));
  }));
}
