// The fair shuffle at the table (docs/fair-shuffle.md): the commitment a hand's opening `state`
// carries (`fair: {scheme, commitment, nonce, hand_id}`), shown small in the hand info (a tap
// shows the whole hash), remembered on this device so that /verify can compare it with the
// revealed secret later; and the settlement's link 验证本局 / verify this hand.
import { h } from "./dom.js";
import { getLang } from "./i18n.js";

const SEEN_KEY = "majiang.fair.seen";  // {hand_id: commitment} of the last hands dealt here
const KEEP = 50;

const TEXT = {
  fair: ["公平洗牌", "fair shuffle"],
  fair_title: ["发牌前公布的承诺（SHA-256）：本局结束后可用种子验证牌墙",
    "The commitment (SHA-256) published before the deal: after the hand the seed checks the wall"],
  verify: ["验证本局", "verify this hand"],
};

const tx = (key) => TEXT[key][getLang() === "zh" ? 0 : 1];
const txOther = (key) => TEXT[key][getLang() === "zh" ? 1 : 0];

let cssAdded = false;
/** The fair shuffle's style sheet (verify.css), added once to the page. */
function addCss() {
  if (cssAdded || document.querySelector('link[data-css="verify"]')) return;
  cssAdded = true;
  document.head.appendChild(h("link", { rel: "stylesheet", href: "/static/verify.css", "data-css": "verify" }));
}

/** The commitments seen on this device: {hand_id: commitment}. */
export function seenCommitments() {
  try { return JSON.parse(localStorage.getItem(SEEN_KEY) || "{}") || {}; } catch { return {}; }
}

/** Remember the commitment a hand was dealt with (the newest KEEP hands). */
export function rememberCommitment(fair) {
  if (!fair || fair.hand_id == null || !fair.commitment) return;
  const seen = seenCommitments();
  if (seen[fair.hand_id] === fair.commitment) return;
  seen[fair.hand_id] = fair.commitment;
  const ids = Object.keys(seen).map(Number).sort((a, b) => b - a);
  for (const id of ids.slice(KEEP)) delete seen[id];
  try { localStorage.setItem(SEEN_KEY, JSON.stringify(seen)); } catch { /* full: not kept */ }
}

/** The discreet line "公平洗牌 fair shuffle: a1b2c3d4…"; a tap shows the whole hash and nonce. */
export function fairLine(fair) {
  if (!fair || !fair.commitment) return null;
  addCss();
  const full = h("span", { class: "fair-full", hidden: true },
    h("code", {}, fair.commitment), " ", h("small", {}, `nonce ${fair.nonce}`));
  const short = h("code", { class: "fair-short" }, `${fair.commitment.slice(0, 8)}…`);
  const el = h("button", {
    type: "button", class: "fair-line", id: "fair-line", title: `${tx("fair_title")}\n${txOther("fair_title")}`,
    "aria-expanded": "false", "data-commitment": fair.commitment,
    onclick: () => {
      const open = full.hidden;
      full.hidden = !open; short.hidden = open;
      el.setAttribute("aria-expanded", String(open));
    },
  }, h("span", { class: "fair-label" }, tx("fair"), " ", h("small", {}, txOther("fair")), ": "), short, full);
  return el;
}

/** The settlement's link to the verify page of hand `handId` (in a new tab: the table stays). */
export function verifyLink(handId) {
  if (handId == null) return null;
  addCss();
  return h("p", { class: "fair-verify" },
    h("a", { href: `/verify?hand=${encodeURIComponent(handId)}`, target: "_blank", rel: "noopener",
      id: "verify-link", class: "button small secondary" },
    tx("verify"), h("small", { class: "other-lang" }, txOther("verify"))));
}
