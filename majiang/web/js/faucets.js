// Sign-in bonus, relief (救济金) with its cooldown, and the practice (练习场) switch for the lobby.
import { get, post } from "./api.js";
import { h, mount } from "./dom.js";
import { taels, amountBoth, messageBoth, pairBoth } from "./i18n.js";

const zhen = pairBoth;  // the chosen language first, the other small beside it

/** A card: sign in today, claim relief (when below the threshold; the wait shown). `changed(user,
 *  note)` is called with the new balance after a grant; `granted`: a note to show at first. */
export function faucetsCard(changed, granted = null) {
  const box = h("section", { class: "card faucets", id: "faucets" });
  let timer = null;
  const render = (s, note) => {
    const r = s.relief;
    const wait = r.wait_seconds > 0 && r.left > 0;
    const signin = h("button", {
      // the one to press in colour; done (or relief not yet due) greyed out alike
      id: "btn-signin", class: s.signin.done ? "secondary" : "", disabled: s.signin.done,
      onclick: () => claim("/api/signin"),
    }, s.signin.done ? zhen("今日已签到", "Checked in today") : zhen(`签到 +${s.signin.bonus}两`, `Daily check-in +${s.signin.bonus} taels`));
    const relief = h("button", {
      id: "btn-relief", class: r.available ? "" : "secondary", disabled: !r.available,
      onclick: () => claim("/api/relief"),
    }, zhen(`领救济金（补到${r.to}两）`, `Claim relief (up to ${r.to} taels)`));
    const info = h("div", { class: "muted", id: "relief-info" },
      zhen(`低于${r.below}两可领，今日剩${r.left}/${r.per_day}次`, `Below ${r.below} taels, ${r.left} of ${r.per_day} left today`),
      wait ? h("div", { id: "relief-wait" }, zhen(`冷却 ${fmtWait(r.wait_seconds)}`, `Cooldown ${fmtWait(r.wait_seconds)}`)) : null);
    mount(box, h("h2", {}, zhen("福利", "Free silver")),
      h("div", { class: "buttons" }, signin, relief), info,
      note ? h("div", { class: "notice", id: "faucet-note" }, note) : null);
    // the lobby is redrawn after a grant (at the top): bring its note into view on a phone
    // (centred: "nearest" left its foot a fraction of a pixel below a phone's screen)
    if (note) requestAnimationFrame(() => document.getElementById("faucet-note")?.scrollIntoView({ block: "center" }));
    clearTimeout(timer);
    if (wait) timer = setTimeout(load, Math.min(r.wait_seconds, 60) * 1000);
  };
  let first = granted;
  const load = async () => {
    try { render(await get("/api/faucets"), first); first = null; } catch { /* logged out */ }
  };
  const claim = async (path) => {
    try {
      const res = await post(path);
      changed(res.user, amountBoth(res.granted, true));
      render(res, amountBoth(res.granted, true));
    } catch (e) {
      try { render(await get("/api/faucets"), messageBoth(e.message)); } catch { /* ignore */ }
    }
  };
  load();
  return box;
}

function fmtWait(seconds) {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}

/** The practice switch of the create form: stake 0, any balance, no silver at stake. */
export function practiceSwitch() {
  const box = h("input", { type: "checkbox", id: "in-practice" });
  const label = h("label", { class: "practice" }, box, " ", zhen("练习场（不输赢银子）", "Practice (no silver at stake)"));
  return { label, checked: () => box.checked };
}
