// The page /verify (verify.html, docs/fair-shuffle.md): a finished hand's fair shuffle checked in
// the browser. A hand id (`?hand=ID`; the logged-in player's token, as api.js sends it) fetches
// GET /api/hands/ID/verifiable, or a record is pasted; fairshuffle.js recomputes the commitment,
// the seed, the wall and the deal, and each check is shown passed or failed, with the wall drawn.
import { get, getToken } from "./api.js";
import { h, mount } from "./dom.js";
import { getLang, setLang, onLangChange, textTable, messageBoth } from "./i18n.js";
import { tileImg } from "./tiles.js";
import { checkRecord, parseRecord } from "./fairshuffle.js";
import { seenCommitments } from "./fair.js";

const TEXT = {
  title: ["验证洗牌", "Verify the shuffle"],
  brand: ["麻将", "Mahjong"],
  intro: ["发牌前服务器公布一个承诺（哈希）；本局结束后公开种子。此页在你的浏览器里重新计算承诺、种子和牌墙，与记录对照。",
    "Before the deal the server publishes a commitment (a hash); after the hand it reveals the secret. This page recomputes the commitment, the seed and the wall in your browser and compares them with the record."],
  hand_id: ["牌局编号", "Hand id"],
  verify: ["验证", "Verify"],
  paste: ["或粘贴牌局记录（JSON）", "Or paste a hand record (JSON)"],
  verify_record: ["验证记录", "Verify the record"],
  working: ["计算中…", "Computing…"],
  need_login: ["请先以此局玩家的身份登录（或粘贴记录）", "Log in as one of the hand's players first (or paste the record)"],
  bad_json: ["记录不是有效的 JSON", "The record is not valid JSON"],
  not_record: ["不是牌局记录（缺少 fair 块或玩法）", "Not a hand record (no fair block or ruleset)"],
  all_pass: ["全部通过：牌墙就是发牌前承诺的种子洗出来的", "Every check passed: the wall is the shuffle of the seed committed to before the deal"],
  some_fail: ["有检查未通过", "A check failed"],
  check_commitment: ["承诺：SHA-256(秘密, 随机串) 等于发牌前公布的承诺", "Commitment: SHA-256 of the secret and nonce equals the one published before the deal"],
  check_announced: ["承诺与本设备在发牌时看到的一致", "The commitment is the one this device was shown at the deal"],
  check_seed: ["种子：由秘密和随机串算出的种子等于记录的种子", "Seed: the seed derived from secret and nonce equals the record's"],
  check_wall: ["牌墙：用种子重新洗出的牌墙等于公布的牌墙", "Wall: the wall reshuffled from the seed equals the published wall"],
  check_deal: ["发牌：记录里发给各家的牌就是牌墙上的牌", "Deal: the tiles the record dealt to each seat are the wall's"],
  why_scheme: ["未知方案", "unknown scheme"],
  why_secret: ["秘密尚未公开（本局未结束？）", "the secret is not revealed (is the hand over?)"],
  why_rng: ["未知的洗牌版本或种子", "unknown shuffle version or seed"],
  why_no_wall: ["记录没有公布牌墙：只对照发牌", "the record publishes no wall: checked against the deal only"],
  first_diff: ["第 {n} 张起不同", "differs from tile {n} on"],
  seats_bad: ["不符的座位：{s}", "seats that differ: {s}"],
  computed: ["算得", "computed"],
  published: ["公布", "published"],
  facts: ["本局数据", "The hand's data"],
  wall: ["牌墙（按摸牌顺序，从第 1 张起）", "The wall (in taking order, from tile 1)"],
  wall_legend: ["框出的是发给你的牌；红色是与公布的牌墙不同之处", "Framed: the tiles dealt to you; red: where the published wall differs"],
  deals: ["各家起手牌", "Each seat's dealt tiles"],
  you: ["你", "you"],
  seat: ["座位", "Seat"],
  replay_note: ["整局动作的重放校验请用命令 majiang verify RECORD.json", "To replay every action as well, run majiang verify RECORD.json"],
  ruleset: ["玩法", "Ruleset"],
  lang: ["English", "中文"],
};

const zh = () => getLang() === "zh";
const { tx, both } = textTable(TEXT);

const page = { handId: null, pasted: "", busy: false, error: null, result: null, me: null };

/** GET `path` as text with the session token (the record's seed needs more than a number). */
async function fetchText(path) {
  const headers = { Accept: "application/json" };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, { headers });
  const text = await res.text();
  if (!res.ok) {
    let msg = `${res.status} ${res.statusText}`;
    try { msg = JSON.parse(text).error || msg; } catch { /* not JSON */ }
    const err = new Error(res.status === 401 || res.status === 403 ? `${msg} · ${tx("need_login")} / ${tx("need_login", {}, true)}` : msg);
    err.status = res.status;
    throw err;
  }
  return text;
}

const rulesets = {};
async function rulesetOf(id) {
  if (!rulesets[id]) rulesets[id] = await get(`/api/rules/${encodeURIComponent(id)}`);
  return rulesets[id];
}

async function verify(text, handId) {
  page.busy = true; page.error = null; page.result = null;
  render();
  try {
    let record;
    try { record = parseRecord(text); } catch { throw new Error(`${tx("bad_json")} / ${tx("bad_json", {}, true)}`); }
    if (!record || typeof record !== "object" || !record.rules || typeof record.fair !== "object")
      throw new Error(`${tx("not_record")} / ${tx("not_record", {}, true)}`);
    const ruleset = await rulesetOf(String(record.rules));
    const seen = handId != null ? seenCommitments()[handId] || null : null;
    const { checks, computed } = await checkRecord(record, ruleset, seen);
    const names = (record.seats || []).map((s, i) => s.name ?? `${tx("seat")} ${i + 1}`);
    const mine = page.me ? names.indexOf(page.me) : -1;
    page.result = { record, ruleset, checks, computed, names, mine };
  } catch (e) {
    page.error = e.message;
  }
  page.busy = false;
  render();
}

async function verifyHand() {
  const id = Number(document.getElementById("hand-id").value);
  if (!Number.isInteger(id) || id <= 0) return;
  page.handId = id;
  const url = new URL(location.href);
  url.searchParams.set("hand", String(id));
  history.replaceState(null, "", url);
  try {
    const text = await fetchText(`/api/hands/${id}/verifiable`);
    page.pasted = "";
    await verify(text, id);
  } catch (e) {
    page.error = e.message; page.result = null; page.busy = false;
    render();
  }
}

function verifyPasted() {
  page.pasted = document.getElementById("record-text").value;
  page.handId = null;
  verify(page.pasted, null);
}

// ---- drawing ------------------------------------------------------------------------------

function barEl() {
  return [
    h("a", { href: "/", class: "brand" }, h("img", { src: "/static/tiles/7z.svg", class: "tile tile-xs", alt: "" }), " ",
      both("brand")),
    h("span", { class: "bar-title" }, both("title")),
    h("span", { class: "spacer" }),
    page.me ? h("span", { class: "user", id: "user-name" }, h("b", {}, page.me)) : null,
    h("button", { class: "lang", id: "btn-lang", onclick: () => setLang(zh() ? "en" : "zh") }, tx("lang")),
  ];
}

function formEl() {
  return h("div", { class: "card verify-form" },
    h("h2", {}, both("title")),
    h("p", { class: "intro" }, tx("intro"), h("small", { class: "other-lang block" }, tx("intro", {}, true))),
    h("form", { class: "row hand-row", id: "hand-form", onsubmit: (e) => { e.preventDefault(); verifyHand(); } },
      h("label", { class: "inline" }, both("hand_id"),
        h("input", { id: "hand-id", type: "number", min: "1", inputmode: "numeric", value: page.handId ?? "" })),
      h("button", { type: "submit", id: "btn-verify", disabled: page.busy }, both("verify"))),
    h("details", { class: "paste", open: page.pasted ? true : null },
      h("summary", {}, both("paste")),
      h("textarea", { id: "record-text", rows: "6", spellcheck: "false" }, page.pasted),
      h("div", { class: "buttons" },
        h("button", { type: "button", id: "btn-verify-record", class: "secondary", disabled: page.busy, onclick: verifyPasted },
          both("verify_record")))),
    page.busy ? h("p", { class: "muted", id: "verify-busy" }, both("working")) : null,
    page.error ? h("p", { class: "error", id: "verify-error" }, messageBoth(page.error)) : null);
}

function detailEl(c) {
  if (c.why) return h("small", { class: "why" }, `${tx(`why_${c.why}`)} · ${tx(`why_${c.why}`, {}, true)}${c.got != null ? `: ${c.got}` : ""}`);
  if (c.id === "wall" && c.at != null && c.at >= 0) return h("small", { class: "why" }, `${tx("first_diff", { n: c.at + 1 })} · ${tx("first_diff", { n: c.at + 1 }, true)}`);
  if (c.id === "deal" && c.bad && c.bad.length) {
    const seats = c.bad.map((s) => page.result.names[s]).join(", ");
    return h("small", { class: "why" }, `${tx("seats_bad", { s: seats })} · ${tx("seats_bad", { s: seats }, true)}`);
  }
  if (c.got != null && c.ok === false)
    return h("small", { class: "why mono" }, `${tx("computed")} ${c.got}`, h("br"), `${tx("published")} ${c.want ?? "—"}`);
  if (c.got != null) return h("small", { class: "mono muted" }, c.got);
  return null;
}

function checksEl(r) {
  const failed = r.checks.some((c) => c.ok === false);
  return h("div", { class: `card verdict ${failed ? "fail" : "pass"}`, id: "verdict", "data-ok": String(!failed) },
    h("h2", {}, failed ? "✗ " : "✓ ", both(failed ? "some_fail" : "all_pass")),
    h("ul", { class: "checks", id: "checks" }, r.checks.map((c) => {
      const state = c.ok === true ? "pass" : c.ok === false ? "fail" : "na";
      return h("li", { class: `check ${state}`, "data-check": c.id, "data-ok": state },
        h("span", { class: "mark", "aria-hidden": "true" }, state === "pass" ? "✓" : state === "fail" ? "✗" : "–"),
        h("span", { class: "what" }, both(`check_${c.id}`), detailEl(c)));
    })),
    h("p", { class: "muted small" }, both("replay_note")));
}

function factsEl(r) {
  const f = r.record.fair || {};
  const rows = [["scheme", f.scheme], [tx("ruleset"), `${r.ruleset.zh} · ${r.ruleset.en} (${r.record.rules}, ${r.record.rng})`],
    ["nonce", f.nonce], ["commitment", f.commitment], ["secret", f.secret], ["seed", String(r.record.seed)]];
  return h("div", { class: "card facts" },
    h("h3", {}, both("facts")),
    h("dl", { class: "facts-list" }, rows.map(([k, v]) => [h("dt", {}, k), h("dd", { class: "mono", "data-fact": k }, v ?? "—")])));
}

function wallEl(r) {
  const wall = r.computed.wall;
  if (!wall) return null;
  const published = Array.isArray(r.record.fair?.wall) ? r.record.fair.wall : r.record.wall;
  const mineIdx = new Set(r.mine >= 0 && r.computed.deals ? r.computed.deals[r.mine].indices : []);
  const tiles = wall.map((t, i) => {
    const bad = Array.isArray(published) && published[i] !== t;
    const img = tileImg(t, { size: "sm" });
    return h("span", { class: `wall-tile${bad ? " bad" : ""}${mineIdx.has(i) ? " mine" : ""}`, "data-i": i,
      title: bad ? `${i + 1}: ${t} ≠ ${published[i]}` : `${i + 1}` }, img);
  });
  return h("div", { class: "card wall-card" },
    h("h3", {}, both("wall"), h("small", { class: "muted" }, ` ${wall.length}`)),
    h("p", { class: "muted small" }, both("wall_legend")),
    h("div", { class: "wall", id: "wall" }, tiles));
}

function dealsEl(r) {
  if (!r.computed.deals) return null;
  return h("div", { class: "card deals" },
    h("h3", {}, both("deals")),
    r.computed.deals.map((d) => h("div", { class: `deal-row ${d.ok ? "pass" : "fail"}${d.seat === r.mine ? " me" : ""}`, "data-seat": d.seat },
      h("span", { class: "mark" }, d.ok ? "✓" : "✗"),
      h("span", { class: "who" }, r.names[d.seat], d.seat === r.mine ? h("small", {}, ` (${tx("you")} · ${tx("you", {}, true)})`) : null),
      h("span", { class: "tiles" }, [...d.tiles].sort(byKind).map((t) => tileImg(t, { size: "xs" }))))));
}

const KIND = (t) => "mpsz".indexOf(t[1]) * 10 + Number(t[0]);
const byKind = (a, b) => KIND(a) - KIND(b);

function render() {
  mount(document.getElementById("bar"), barEl());
  document.title = `${tx("title")} ${tx("title", {}, true)} · 麻将 Mahjong`;
  const r = page.result;
  mount(document.getElementById("main"), h("div", { class: "verify" },
    formEl(),
    r ? [checksEl(r), factsEl(r), dealsEl(r), wallEl(r)] : null));
}

async function main() {
  onLangChange(render);
  if (getToken()) {
    try { page.me = (await get("/api/me")).username; } catch { page.me = null; }
  }
  const hand = new URLSearchParams(location.search).get("hand");
  render();
  if (hand) {
    document.getElementById("hand-id").value = hand;
    await verifyHand();
  }
}

if (document.getElementById("main") && document.body.dataset.route === "verify") main();
