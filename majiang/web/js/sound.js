// Sound and motion: short WebAudio sounds and a big call (碰 / 杠 / 胡) when a seat claims, a win
// burst at the settlement. Both switchable and remembered in localStorage; motion is off by default
// when the system asks for reduced motion. No audio files: every sound is made by oscillators.
import { h } from "./dom.js";

const KEYS = { sound: "majiang.sound", motion: "majiang.motion" };
const REDUCED = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;

export function soundOn() { return localStorage.getItem(KEYS.sound) !== "off"; }
export function motionOn() {
  const v = localStorage.getItem(KEYS.motion);
  return v ? v === "on" : !(REDUCED && REDUCED.matches);
}
export function setSound(on) { localStorage.setItem(KEYS.sound, on ? "on" : "off"); }
export function setMotion(on) { localStorage.setItem(KEYS.motion, on ? "on" : "off"); }

// the calls a seat makes, with their big character and notes (Hz, start s, length s)
export const CALLS = {
  chow: { zh: "吃", en: "Chow", notes: [[523, 0, 0.12], [659, 0.09, 0.14]] },
  pung: { zh: "碰", en: "Pung", notes: [[392, 0, 0.1], [587, 0.08, 0.16]] },
  kong: { zh: "杠", en: "Kong", notes: [[330, 0, 0.1], [440, 0.08, 0.1], [660, 0.16, 0.2]] },
  win: { zh: "胡", en: "Win", notes: [[523, 0, 0.14], [659, 0.1, 0.14], [784, 0.2, 0.16], [1047, 0.3, 0.36]] },
  declare: { zh: "听", en: "Declared", notes: [[440, 0, 0.12], [554, 0.1, 0.2]] },
  pick: { zh: "拾", en: "Pick", notes: [[587, 0, 0.14]] },
  grab: { zh: "抢", en: "Grab", notes: [[698, 0, 0.1], [587, 0.08, 0.12]] },
};
const DISCARD_NOTE = [[1200, 0, 0.04]];

let ctx = null;
function audio() {
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

/** Play notes [[freq, start, length], ...] softly (a triangle wave with a quick decay). */
export function playNotes(notes, volume = 0.12) {
  if (!soundOn()) return false;
  const ac = audio();
  if (!ac) return false;
  const now = ac.currentTime + 0.01;
  for (const [freq, start, len] of notes) {
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    osc.type = "triangle";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(volume, now + start + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + len);
    osc.connect(gain).connect(ac.destination);
    osc.start(now + start);
    osc.stop(now + start + len + 0.05);
  }
  return true;
}

export function discardSound() { return playNotes(DISCARD_NOTE, 0.05); }

/**
 * A seat's call: its sound and its big character over the table for a moment (animated only
 * with motion on). `where` is the seat's place on the board ("bottom", "left", ...).
 */
export function announce(type, where, name) {
  const call = CALLS[type];
  if (!call) return null;
  playNotes(call.notes);
  document.querySelectorAll(".call-banner").forEach((el) => el.remove());
  const el = h("div", { class: `call-banner call-${type} at-${where || "bottom"}${motionOn() ? " animate" : ""}`,
    id: "call-banner", role: "status", "aria-live": "polite", "data-call": type },
    h("b", {}, call.zh), h("small", {}, `${call.en}${name ? ` · ${name}` : ""}`));
  document.body.appendChild(el);
  keepClear(el);
  setTimeout(() => el.remove(), 1300);
  return el;
}

// what a call must not cover: the top bar, the compass and its clock, the seats' names with their
// clocks, the hand strip's row of clock and buttons
const KEEP_CLEAR = "#bar, #compass, .seat-head, #actions";

/**
 * Move a call's banner (fixed, centred on its left / top) to the nearest place in the window that
 * covers none of KEEP_CLEAR: beside or above / below one of them, or where its side put it.
 */
function keepClear(el) {
  const boxes = [...document.querySelectorAll(KEEP_CLEAR)].map((e) => e.getBoundingClientRect())
    .filter((b) => b.width > 0 && b.height > 0);
  if (!boxes.length) return;
  // room for the banner at its largest: the pop grows it by 15 %, the fade lifts it by a tenth
  const w = el.offsetWidth * 1.15 + 8, hgt = el.offsetHeight * 1.35 + 8;
  const box = (x, y) => ({ left: x - w / 2, right: x + w / 2, top: y - hgt / 2, bottom: y + hgt / 2 });
  const fits = (b) => b.left >= 0 && b.top >= 0 && b.right <= innerWidth && b.bottom <= innerHeight
    && boxes.every((o) => b.right <= o.left || o.right <= b.left || b.bottom <= o.top || o.bottom <= b.top);
  const style = getComputedStyle(el);
  const x0 = parseFloat(style.left), y0 = parseFloat(style.top);
  if (fits(box(x0, y0))) return;
  const xs = [x0, ...boxes.flatMap((o) => [o.left - w / 2 - 1, o.right + w / 2 + 1])];
  const ys = [y0, ...boxes.flatMap((o) => [o.top - hgt / 2 - 1, o.bottom + hgt / 2 + 1])];
  let best = null;
  for (const x of xs) for (const y of ys) {
    const d = Math.hypot(x - x0, y - y0);
    if ((!best || d < best.d) && fits(box(x, y))) best = { x, y, d };
  }
  if (best) Object.assign(el.style, { left: `${best.x}px`, top: `${best.y}px` });
}

/** The settlement's win burst: falling tiles and gold, or nothing with motion off. */
export function winBurst(mine) {
  if (!motionOn()) return null;
  const faces = ["7z", "6z", "5z", "1m", "9p", "5s", "1z", "8m"];
  const bits = [];
  for (let i = 0; i < 28; i++) {
    const face = faces[i % faces.length];
    bits.push(h("img", { class: "burst-tile", src: `/static/tiles/${face}.svg`, alt: "",
      style: { left: `${(i * 37) % 100}%`, animationDelay: `${(i % 7) * 0.12}s`,
        animationDuration: `${1.6 + (i % 5) * 0.25}s` } }));
  }
  const el = h("div", { class: `win-burst${mine ? " mine" : ""}`, id: "win-burst", "aria-hidden": "true" }, bits);
  setTimeout(() => el.remove(), 3600);
  return el;
}
