// A tiny element builder: h("div", {class: "x", onclick: fn}, child, "text", [more]).
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, v);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c == null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Replace the children of `el`. */
export function mount(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** Text in the current language with the other language small beside it. */
export function bi(main, other, cls = "") {
  return h("span", { class: `bi ${cls}`.trim() }, main,
    other && other !== main ? h("small", { class: "other-lang" }, other) : null);
}

export function fmtInt(n) {
  return Number(n ?? 0).toLocaleString("en-US");
}

export function signed(n) {
  const v = Number(n ?? 0);
  return (v > 0 ? "+" : "") + fmtInt(v);
}
