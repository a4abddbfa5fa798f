// The lobby's ruleset cards: what is special and what a hand typically costs, per ruleset, in
// both languages (lobby.js shows each with the other language small under it).
const RULESET_INFO = {
  tuidaohu: {
    special: ["不能吃，只能碰杠；任意四组一对即可胡，番型按花色与对对胡只算一种", "No chow, only pung and kong; any four sets and a pair win, scored by one pattern (colour, all triplets)"],
    typical: ["每家 1–6 注，另有杠钱", "1–6 units a loser, plus kong money"],
  },
  yangzhou: {
    special: ["可吃；番数相加，满 18 番才能胡；按风圈打满四圈", "Chow allowed; fan add up and a hand needs 18 to win; a match is four rounds of winds"],
    typical: ["每家至少 18 注，大牌几十注", "At least 18 units a loser, big hands several dozen"],
  },
  kawuxing: {
    special: ["三人 84 张（筒条和三元牌）；可亮倒；卡五星、七对等番型相乘", "Three players, 84 tiles (dots, bamboo, dragons); 亮倒 declaring; patterns such as the five-star wait multiply"],
    typical: ["每家 1–16 注，亮倒包胡翻倍，另有喜钱", "1–16 units a loser, doubled when a declared hand is fed, plus kong money"],
  },
  jincheng: {
    special: ["先上架（报听）才能胡；平胡、七对、十三么；十三么可拾、可抢", "You must declare (上架) before you can win; plain hand, seven pairs, thirteen orphans (with 拾 and 抢)"],
    typical: ["每家 1–4 注，庄家与点炮加倍，另有杠钱", "1–4 units a loser, double for the dealer and the feeder, plus kong money"],
  },
  wuhan: {
    special: ["翻牌定赖子（万能牌）；红中和赖子皮不能留在手里，打出即一张牌的杠；必须开口才能胡", "The turned tile sets the laizi (wild); red dragons and laizi skins (赖子皮) cannot stay in the hand, putting one out is a one-tile kong; you must open to win"],
    typical: ["每家至少 64 注，封顶 600，金顶 800 起（未开口、连金各翻番）", "At least 64 units a loser, capped at 600; a gold cap from 800 (doubled for a loser not opened, and after a gold cap)"],
  },
};

/** A ruleset's card text: `{special: {zh, en}, typical: {zh, en}}`, or null for an unknown one. */
export function rulesetInfo(id) {
  const x = RULESET_INFO[id];
  if (!x) return null;
  return { special: { zh: x.special[0], en: x.special[1] }, typical: { zh: x.typical[0], en: x.typical[1] } };
}
