// Jincheng 拾 / 抢 (rules 3.3): a hand without pungs may take terminal and honour discards for
// thirteen orphans, so nearly every such discard offers them. While the hand holds fewer than
// IN_REACH of the 13 kinds the offer is passed for the player (a newcomer met it on 38 of 43
// prompts, each waiting on a tap); the settings switch asks every time instead.

const KEY = "majiang.orphanCalls";
const ORPHANS = new Set("1m9m1p9p1s9s1z2z3z4z5z6z7z".match(/../g));
export const IN_REACH = 7;  // kinds held from which thirteen orphans is worth a call
const CALLS = new Set(["pick", "grab"]);

export function askEveryOrphanCall() { return localStorage.getItem(KEY) === "every"; }
export function setAskEveryOrphanCall(on) { localStorage.setItem(KEY, on ? "every" : "in_reach"); }

/** The orphan kinds this seat holds: its hand, its drawn tile and its picked / grabbed tiles. */
export function orphanKinds(view) {
  const me = (view?.seats || []).find((s) => s.seat === view.seat);
  const frozen = (me?.melds || []).filter((m) => m.kind === "picked" || m.kind === "grabbed")
    .flatMap((m) => m.tiles.match(/../g) || []);
  return new Set([...(view?.hand || []), view?.drawn, ...frozen].filter((x) => ORPHANS.has(x))).size;
}

/** The pass to send for the player, or null: a prompt offering only 拾 / 抢 (and pass) while
 * the hand is far from thirteen orphans and the player has not asked to be asked every time. */
export function orphanPass(prompt, view) {
  const actions = prompt?.actions || [];
  const pass = actions.find((a) => a.type === "pass");
  const calls = actions.filter((a) => a.type !== "pass");
  if (!pass || calls.length === 0 || !calls.every((a) => CALLS.has(a.type))) return null;
  if (askEveryOrphanCall() || orphanKinds(view) >= IN_REACH) return null;
  return pass;
}
