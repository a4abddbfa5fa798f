// The first-visit guide: three steps over the lobby, shown once (remembered in localStorage).
import { h } from "./dom.js";
import { t, tOther, both } from "./i18n.js";

const KEY = "majiang.guide";

export function guideSeen() { return localStorage.getItem(KEY) === "seen"; }

/** Show the guide over the page (not once it was closed). A guide already open is drawn again in
 * its place, in the language now chosen: switching the language stacked a second one. */
export function showGuide() {
  const el = guideEl();
  const open = document.getElementById("guide");
  if (el && open) open.replaceWith(el);
  else if (el) document.body.appendChild(el);
}

/** The open guide drawn again (the language changed); nothing if none is open. */
export function refreshGuide() {
  if (document.getElementById("guide")) showGuide();
}

/** The guide card (null once it was closed); `done` is called when it closes. */
export function guideEl(done = () => {}) {
  if (guideSeen()) return null;
  const close = () => { localStorage.setItem(KEY, "seen"); el.remove(); done(); };
  const el = h("div", { class: "overlay guide", id: "guide" },
    h("div", { class: "card overlay-card guide-card" },
      h("h2", {}, both("guide_title")),
      h("ol", {}, ["guide_1", "guide_2", "guide_3"].map((k) => h("li", {}, t(k), h("small", { class: "other-lang" }, tOther(k))))),
      h("div", { class: "buttons" },
        h("button", { id: "btn-guide-ok", onclick: close }, both("guide_ok")),
        h("a", { class: "button secondary", id: "guide-rules", href: "#/rules", onclick: close },
          both("guide_rules")))));
  return el;
}
