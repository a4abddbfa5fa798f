// Wealth level badges (shared/spec/economy.md): a medal coloured by tier, the number and the name.
import { h } from "./dom.js";
import { tr, trOther } from "./i18n.js";

const TIERS = [
  [4, "tier-bronze"], [8, "tier-silver"], [12, "tier-gold"], [16, "tier-jade"],
  [19, "tier-purple"], [20, "tier-imperial"],
];

export function tierClass(index) {
  for (const [upTo, cls] of TIERS) if (index <= upTo) return cls;
  return "tier-imperial";
}

/** <span class="badge tier-…"><b>N</b> 临时工 <small>Temporary worker</small></span> */
export function levelBadge(level) {
  if (!level) return h("span");
  return h("span", { class: `badge ${tierClass(level.index)}`, title: `${level.zh} · ${level.en}`,
    "data-level": level.id },
    h("b", { class: "medal" }, String(level.index)), h("span", { class: "level-name" }, tr(level)),
    h("small", { class: "other-lang" }, trOther(level)));
}
