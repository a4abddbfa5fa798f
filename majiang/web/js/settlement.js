// The settlement screen: the server's `settlement` payload (protocol.md section 5), read as sent.
// Each winner's arrangement and patterns; then the hand's stored explanation (`explain`): every
// loser's share with each factor and cap (庄家, 点炮, 开口, kongs, 封顶, 金顶, 连赖, 包牌 and who
// is liable), every settlement event's units x stake and the silver that actually moved (less
// when a payer was short); then each seat's silver, balances and level, and the link 验证本局 /
// verify this hand (the fair shuffle's page /verify?hand=ID). The replay and the history show
// this same object.
import { h, bi, fmtInt, signed } from "./dom.js";
import { t, tr, trOther, getLang, taels, units as unitsIn, both, trBoth, textTable, amountBoth, unitsBoth } from "./i18n.js";
import { tileRow } from "./tiles.js";
import { levelBadge } from "./badge.js";
import { verifyLink } from "./fair.js";

const TEXT = {
  how_each_pays: ["每家怎么付", "What each loser pays"],
  value: ["胡牌分", "Value"],
  // how the patterns make the value (the winner's); each loser's row then multiplies it (per_loser)
  combine_best: ["牌型取最大的一项", "the best pattern"],
  combine_sum: ["牌型相加", "the patterns added"],
  combine_product: ["牌型相乘", "the patterns multiplied"],
  per_loser: ["每家再乘自己这一行的倍数", "each loser's row multiplies it by what applies to that loser"],
  loser: ["输家", "Loser"],
  reckoning: ["计算（胡牌分 × 这一家的各项）", "Reckoning (the value × what applies to this loser)"],
  pays_for: ["由 {payer} 包牌代付", "paid by {payer} (liability)"],
  liable_note: ["{why}——这一胡每家的钱都由 {payer} 一人付", "{why}: {payer} pays every loser's share of this win"],
  silver_flow: ["银子怎么走", "Where the silver went"],
  silver_paid: ["银子", "Silver"], level_up: ["升级", "level up"], level_down: ["降级", "level down"],
  my_level_up: ["你的等级由{from}升为{to}（余额达到 {line}）", "Your level went up from {from} to {to} (balance reached {line})"],
  my_level_down: ["你的等级由{from}降为{to}（余额低于 {line}）", "Your level went down from {from} to {to} (balance below {line})"],
  same_stake: ["底注不变", "the stake is the same"],
  stake_is: ["底注 {stake} 两：1 注 = {money}", "Stake {stake}: 1 unit = {money}"],
  practice_is: ["练习场：只记注数，不动银子", "Practice: units only, no silver moves"],
  owed: ["应付/应得", "Owed"],
  moved: ["实际", "Moved"],
  short_payer: ["余额只有 {had}，只付 {paid}；不足部分不再追", "had only {had} and paid {paid}; the rest is not owed"],
  short_receiver: ["付款方余额不足，按比例分得 {got}", "a payer was short: got {got}, shared in proportion"],
  self_drawn_short: ["自摸", "self-drawn"],
  discard_from: ["点炮：{name}", "fed by {name}"],
  robbed_from: ["抢杠：{name}", "robbed {name}'s kong"],
  nobody_pays: ["无人付钱", "Nobody pays"],
};

const { tx, both: biTx } = textTable(TEXT);

let cssAdded = false;
/** This module's style sheet (explain.css), added once to the page. */
export function addExplainCss() {
  if (cssAdded || document.querySelector('link[data-css="explain"]')) return;
  cssAdded = true;
  document.head.appendChild(h("link", { rel: "stylesheet", href: "/static/explain.css", "data-css": "explain" }));
}

/** The payment lines in runs of one payee and one reason (a win's or a kong's payers). */
function paymentGroups(lines) {
  const groups = [];
  for (const l of lines) {
    const last = groups[groups.length - 1];
    if (last && last[0].payee === l.payee && JSON.stringify(last[0].reason) === JSON.stringify(l.reason)) {
      last.push(l);
    } else {
      groups.push([l]);
    }
  }
  return groups;
}

function nameOf(names, seat) {
  return names[seat] ?? `${t("seat")} ${seat + 1}`;
}

/** A factor, cap or doubling as a chip: `×2 开口` with the other language small after it. */
function chip(cls, content, label, extra = {}) {
  return h("span", { class: `chip ${cls}`, title: `${tr(label)} · ${trOther(label)}`, ...extra }, content);
}

/** One loser's share: base ×factors = raw → cap ×doublings = units (and who pays it). */
function shareEl(share, names, win, mySeat) {
  const parts = [chip("base", fmtInt(share.base), { zh: "胡牌分", en: "the win's value" })];
  for (const f of share.factors)
    parts.push(chip("factor", [`×${f.times} `, trBoth(f)], f, { "data-factor": f.id }));
  const capped = share.cap != null || share.after.length > 0;
  if (capped) parts.push(h("span", { class: "eq" }, `= ${fmtInt(share.raw)}`));
  if (share.cap) parts.push(chip("cap", ["→ ", trBoth(share.cap), ` ${fmtInt(share.cap.amount)}`], share.cap, { "data-cap": share.cap.id }));
  for (const f of share.after)
    parts.push(chip("factor after", [`×${f.times} `, trBoth(f)], f, { "data-factor": f.id }));
  for (const n of share.notes || [])  // a rule that kept the share as it is (对亮不包)
    parts.push(chip("note", trBoth(n), n, { "data-note": n.id }));
  const liable = share.payer !== share.seat;
  return h("tr", { class: `share${share.seat === mySeat ? " me" : ""}`, "data-seat": share.seat },
    h("td", { class: "who" }, nameOf(names, share.seat)),
    h("td", { class: "reckoning" }, parts,
      liable ? h("div", { class: "liable-note" }, biTx("pays_for", { payer: nameOf(names, share.payer) })) : null),
    h("td", { class: "num units" }, unitsBoth(share.units, false, "stack")));
}

/** How one win is paid: the value, each loser's line, the liability rule if any. */
function explainWinEl(win, names, mySeat) {
  // "胡牌分 4（牌型相加）· 每家再乘…", then the same in the other language
  const value = (other) => {
    const how = TEXT[`combine_${win.combine}`] ? tx(`combine_${win.combine}`, {}, other) : win.combine;
    const zh = (getLang() === "zh") !== other;
    return `${tx("value", {}, other)} ${fmtInt(win.value)}${zh ? `（${how}）` : ` (${how})`} · ${tx("per_loser", {}, other)}`;
  };
  return h("div", { class: "explain-win", "data-winner": win.winner },
    h("h4", {}, biTx("how_each_pays"),
      h("small", { class: "muted value-note" }, " ", bi(value(false), value(true)))),
    win.liable != null && win.liability ? h("p", { class: "liable" },
      bi(tx("liable_note", { payer: nameOf(names, win.liable), why: tr(win.liability) }),
        tx("liable_note", { payer: nameOf(names, win.liable), why: trOther(win.liability) }, true))) : null,
    h("table", { class: "shares" },
      h("tr", {}, h("th", {}, biTx("loser", {}, "stack")), h("th", {}, biTx("reckoning", {}, "stack")),
        h("th", { class: "num" }, both("units", {}, "stack"))),
      win.shares.map((s) => shareEl(s, names, win, mySeat))));
}

function winnerEl(s, w, names, win, mySeat) {
  const how = s.win_type === "self_drawn" ? biTx("self_drawn_short")
    : s.discarder != null ? biTx(s.win_type === "robbing_kong" ? "robbed_from" : "discard_from", { name: nameOf(names, s.discarder) }) : "";
  return h("div", { class: "winner" },
    h("h3", {}, both("winner"), ": ", nameOf(names, w.seat),
      how ? h("small", { class: "how" }, " (", how, ")") : null),
    h("div", { class: "arrangement" }, h("span", { class: "label" }, both("arrangement")),
      w.decomposition && w.decomposition.length
        ? w.decomposition.map((set) => tileRow(set, { size: "sm", cls: "set" }))
        : [w.hand ? tileRow(w.hand, { size: "sm", cls: "set" }) : null,
          ...(w.melds || []).map((m) => tileRow(m.tiles, { size: "sm", cls: "set meld" }))],
      // the winning tile is in the arrangement already: named as such, not a 15th tile after an arrow
      w.tile ? h("span", { class: "win-tile" }, h("small", { class: "label" }, both("won_on")),
        tileRow(w.tile, { size: "sm" })) : null),
    h("table", { class: "patterns" },
      h("tr", {}, h("th", {}, both("patterns")), h("th", { class: "num" }, "")),
      w.patterns.map((p) => h("tr", { class: "pattern", "data-pattern": p.id },
        h("td", {}, tr(p) ? trBoth(p) : p.id),
        h("td", { class: "num" }, String(p.value)))),
      h("tr", { class: "total" }, h("td", {}, both("total")),
        h("td", { class: "num" }, String(w.value ?? "")))),
    win ? explainWinEl(win, names, mySeat) : null);
}

/** One settlement event: each seat's units × stake = owed, and the silver that moved. */
function eventEl(ev, names, mySeat) {
  const seats = ev.units.map((u, i) => i).filter((i) => ev.units[i] !== 0 || ev.silver[i] !== 0);
  if (!seats.length) return null;
  // the silver that moved gets its own column only when a payer was short (else it is what was owed)
  const anyShort = seats.some((i) => ev.silver[i] !== ev.owed[i]);
  return h("div", { class: "explain-event", "data-kind": ev.kind },
    h("div", { class: "event-label" }, trBoth(ev.label)),
    h("table", { class: "flow" },
      h("tr", {}, h("th", {}, ""), h("th", { class: "num" }, both("units", {}, "stack")),
        h("th", { class: "num" }, biTx(anyShort ? "owed" : "silver_paid", {}, "stack")),
        anyShort ? h("th", { class: "num" }, biTx("moved", {}, "stack")) : null),
      seats.map((i) => {
        const short = ev.silver[i] !== ev.owed[i];
        const money = (n) => (other) => taels(n, false, other);
        const note = !short ? null : ev.owed[i] < 0
          ? biTx("short_payer", { had: money(ev.balances_before?.[i]), paid: money(-ev.silver[i]) })
          : biTx("short_receiver", { got: money(ev.silver[i]) });
        return h("tr", { class: `${i === mySeat ? "me " : ""}${short ? "short" : ""}`, "data-seat": i },
          h("td", {}, nameOf(names, i)),
          h("td", { class: "num" }, signed(ev.units[i])),
          anyShort ? h("td", { class: "num" }, amountBoth(ev.owed[i], true, "stack")) : null,
          h("td", { class: `num silver ${ev.silver[i] > 0 ? "pos" : ev.silver[i] < 0 ? "neg" : ""}` },
            amountBoth(ev.silver[i], true, "stack"), note ? h("div", { class: "short-note" }, note) : null));
      })));
}

/** Who pays whom, as a sentence: "bob、carol、dave 各付 alice 2 注（暗杠）" / "bob, carol and
 * dave each pay alice 2 units (Concealed kong)"; different amounts: "bob 付 4 注、dave 付 8 注，共
 * 12 注给 carol（清一色）" / "bob pays 4 and dave 8: 12 units to carol (Pure suit)". */
export function paymentText(group, names, other = false) {
  const who = (seat) => nameOf(names, seat);
  const payee = who(group[0].payee), reason = other ? trOther(group[0].reason) : tr(group[0].reason);
  const total = group.reduce((sum, l) => sum + l.amount, 0);
  const zh = (getLang() === "zh") !== other;
  const units = (n) => unitsIn(n, false, other);
  const list = (items) => (zh ? items.join("、")
    : items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);
  const payers = group.map((l) => who(l.payer));
  let body;
  if (group.length === 1) body = zh ? `${payers[0]} 付给 ${payee} ${units(total)}` : `${payers[0]} pays ${payee} ${units(total)}`;
  else if (group.every((l) => l.amount === group[0].amount))
    body = zh ? `${list(payers)} 各付给 ${payee} ${units(group[0].amount)}`
      : `${list(payers)} each pay ${payee} ${units(group[0].amount)}`;
  else if (zh) body = `${list(group.map((l) => `${who(l.payer)} 付 ${units(l.amount)}`))}，共 ${units(total)}给 ${payee}`;
  else body = `${who(group[0].payer)} pays ${list(group.map((l, i) => (i ? `${who(l.payer)} ` : "") + fmtInt(l.amount)))}: ${units(total)} to ${payee}`;
  return zh ? `${body}（${reason}）` : `${body} (${reason})`;
}

/** The settlement as DOM; `names[seat]` is each seat's player, `mySeat` is highlighted. */
export function settlementEl(s, names, mySeat) {
  addExplainCss();
  const explain = s.explain || null;
  const wins = explain ? explain.wins : [];
  const winners = s.winners.length === 0
    ? h("div", { class: "draw-result" }, both("exhaustive_draw"))
    : s.winners.map((w, i) => winnerEl(s, w, names, wins.find((x) => x.winner === w.seat) || wins[i], mySeat));
  // in units: the silver each owed and paid is the flow's (a short payer pays less)
  // one sentence per payment to a seat for one reason (paymentText)
  const lines = paymentGroups(s.lines).map((g) => h("li", { class: "payment-line" },
    bi(paymentText(g, names), paymentText(g, names, true))));
  const { units: owedUnits, silver } = s.payments;
  const rows = names.map((name, i) => h("tr", { class: i === mySeat ? "me" : "", "data-seat": i },
    // the level again under the name: a phone hides the level column (explain.css)
    h("td", {}, name ?? i, h("div", { class: "level-inline" }, levelBadge(s.levels_after[i]),
      levelMove(s.levels_before?.[i], s.levels_after[i]))),
    h("td", { class: "num" }, signed(owedUnits[i])),
    h("td", { class: `num silver ${silver[i] > 0 ? "pos" : silver[i] < 0 ? "neg" : ""}` }, signed(silver[i])),
    h("td", { class: "num" }, fmtInt(s.balances_before[i])),
    h("td", { class: "num" }, fmtInt(s.balances_after[i])),
    h("td", {}, levelBadge(s.levels_after[i]), levelMove(s.levels_before?.[i], s.levels_after[i]))));
  return h("div", { class: "settlement", id: "settlement" },
    h("h2", {}, both("settlement")),
    winners,
    h("h3", {}, both("payments")),
    lines.length ? h("ul", { class: "lines" }, lines) : h("p", { class: "muted no-payments" }, biTx("nobody_pays")),
    explain ? h("div", { class: "explain-flow", id: "silver-flow" },
      h("h3", {}, biTx("silver_flow"), h("small", { class: "muted" }, " ",
        s.stake ? biTx("stake_is", { stake: fmtInt(s.stake), money: (other) => taels(s.stake, false, other) }) : biTx("practice_is"))),
      explain.events.map((ev) => eventEl(ev, names, mySeat))) : null,
    h("h3", {}, both("silver_moved")),
    h("table", { class: "money" },
      h("tr", {}, h("th", {}, ""), h("th", {}, both("units", {}, "stack")), h("th", {}, both("silver", {}, "stack")),
        h("th", {}, both("balance_before", {}, "stack")), h("th", {}, both("balance_after", {}, "stack")),
        h("th", {}, both("level", {}, "stack"))),
      rows),
    myLevelNote(s, mySeat),
    s.hand_id != null ? verifyLink(s.hand_id) : null);
}

/** ↑ 升级 / ↓ 降级 beside a level that this hand changed (a bare arrow told a newcomer nothing). */
function levelMove(before, after) {
  if (!before || !after || before.index === after.index) return null;
  const up = after.index > before.index;
  return h("span", { class: `level-move ${up ? "up" : "down"}` }, up ? " ↑ " : " ↓ ", biTx(up ? "level_up" : "level_down"));
}

/** The player's own level change in words: from what to what, and the line crossed. */
function myLevelNote(s, mySeat) {
  const before = s.levels_before?.[mySeat], after = s.levels_after?.[mySeat];
  if (!before || !after || before.index === after.index) return null;
  const up = after.index > before.index;
  const line = (other) => taels(up ? after.min_silver : before.min_silver, false, other);
  // 临时工 -> 待业 on a newcomer's first lost tael: the stake is the same, nothing is lost by it
  const same = before.stake != null && before.stake === after.stake;
  return h("p", { class: `level-note ${up ? "up" : same ? "same" : "down"}`, id: "level-note" },
    bi(tx(up ? "my_level_up" : "my_level_down", { from: tr(before), to: tr(after), line }) + (same ? ` · ${tx("same_stake")}` : ""),
      tx(up ? "my_level_up" : "my_level_down", { from: trOther(before), to: trOther(after), line }, true)
        + (same ? ` · ${tx("same_stake", {}, true)}` : "")));
}
