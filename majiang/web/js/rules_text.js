// The rules pages' prose, in both languages (summaries of docs/rules/ID.md). The pattern tables and
// the worked hands are not here: they come from the server (/api/rules/ID, from majiang.rules).
const COMMON_FLOW = [
  ["庄家先摸 14 张，其他人 13 张；庄家先打一张。", "The dealer starts with 14 tiles, the others with 13; the dealer discards first."],
  ["按顺序摸一张、打一张；别人打出的牌可以碰、杠（有的玩法也能吃），或者胡。", "In turn, draw one and discard one; another player's discard may be punged, konged (chowed in some rulesets) or won on."],
  ["同时有人要：胡优先于杠、碰，杠碰优先于吃。", "When several want a discard: a win beats a kong or pung, which beats a chow."],
  ["牌摸完还没人胡就是流局（荒庄）。", "If the wall runs out with no win, the hand is a draw."],
];

export const RULE_TEXT = {
  tuidaohu: {
    flow: [...COMMON_FLOW,
      ["不能吃。任意四组一对就能胡（屁胡），没有起胡番数。", "No chow. Any four sets and a pair wins (屁胡); there is no minimum."]],
    actions: [
      ["碰、明杠、补杠、暗杠；杠后从牌尾补一张。", "Pung, exposed, added and concealed kong; a kong draws a replacement from the wall's end."],
      ["抢杠胡：别人补杠的那张牌你能胡就可以抢。", "Robbing a kong: you may win on the tile another player adds to a pung."],
      ["过胡：放过别人的胡牌后，到你下次摸牌前不能胡别人打的牌。", "Pass lock (过胡): after passing a win, no win on discards until your next draw."]],
    payments: [
      ["一手牌只算一种番型，取最大的。", "A hand counts one pattern, the best one."],
      ["自摸：另外三家各付番数；点炮：放炮的人一家付。", "Self-drawn: each of the three others pays the value; on a discard the discarder alone pays."],
      ["包牌：清一色的第三个碰/杠是谁喂的，谁付全部。", "包牌: whoever fed the third claimed set of a 清一色 hand pays everything."],
      ["杠钱当场结算：明杠放杠者付，暗杠、补杠三家付。", "Kong money is paid at once: the feeder pays an exposed kong, all three pay a concealed or added kong."]],
  },
  yangzhou: {
    flow: [...COMMON_FLOW,
      ["可以吃上家的牌。四组一对才能胡，番数相加满 18 番才能胡（18 番起胡）。", "You may chow your left player's discard. Four sets and a pair, worth at least 18 fan, win (18番起糊)."],
      ["按风圈打：一场四圈，每圈每人坐庄。", "A match is played in rounds of winds; every seat deals in every round."]],
    actions: [
      ["吃、碰、明杠、补杠、暗杠；杠钱记入子格等番型。", "Chow, pung and the three kongs; kongs score through patterns such as 子格."],
      ["过胡：放过胡牌后到下次摸牌前不能胡别人的牌。", "Pass lock: after passing a win, no win on discards until your next draw."]],
    payments: [
      ["番数相加（例如一条龙 + 门清 + 平糊 + 独吊）。", "Fan add up (e.g. 一条龙 + 门清 + 平糊 + 独吊)."],
      ["自摸三家各付总番；点炮放炮者一家付。", "Self-drawn: each other player pays the total; on a discard only the discarder pays."],
      ["清一色的第三个吃碰杠是谁喂的，谁包牌。", "In a 清一色 hand, the feeder of the third claimed set pays everything (包牌)."]],
  },
  kawuxing: {
    flow: [
      ["三个人，84 张：只有筒、条和中发白，没有万和风。", "Three players, 84 tiles: dots, bamboo and the dragons only."],
      ["不能吃。四组一对或七对胡。", "No chow. Four sets and a pair, or seven pairs, win."],
      ...COMMON_FLOW.slice(1)],
    actions: [
      ["亮倒：听牌时打一张牌并亮出手牌，之后摸什么打什么；胡了翻倍。", "亮倒: when ready, discard and show your hand; afterwards you throw what you draw; your win doubles."],
      ["别人亮倒后，他的胡牌就在桌上：打他要的牌就是“包胡”，付双倍（两家都亮倒则不包）。", "A declared hand is on the table: discarding a tile it waits on pays double (包胡), unless you had declared too (对亮不包)."],
      ["碰、杠（喜钱另算，从不输掉）。", "Pung and kong (kong money is separate and never lost)."]],
    payments: [
      ["番型相乘：卡五星 ×2、清一色 ×4、七对 ×4 ……没有番型就是小胡 ×1。", "Patterns multiply: five-star wait ×2, 清一色 ×4, seven pairs ×4 …; no pattern is 小胡 ×1."],
      ["自摸两家各付；点炮放炮者付。", "Self-drawn: both others pay; on a discard the discarder pays."]],
  },
  jincheng: {
    flow: [...COMMON_FLOW,
      ["不能吃，没有万能牌。必须先“上架”（把多余的一张扣在牌墙上报听）才能胡。", "No chow, no wild tiles. You must first declare (上架: put your spare tile face down) before you can win."],
      ["牌墙最后留几墩不摸（荒牌）。", "A few stacks at the wall's end are never drawn."]],
    actions: [
      ["上架：听牌时把一张牌扣下，别人只知道你听了，不知道听什么；之后摸什么打什么。", "上架: when ready, set a tile aside face down; others only know that you are ready; afterwards you throw what you draw."],
      ["十三么：可以“拾”上家打的么九字牌，一局可以“抢”任何人的一次。", "Thirteen orphans: you may pick (拾) terminal and honour discards of your left player, and grab (抢) one from anyone once."],
      ["跟庄（前包）：第一圈都跟庄家打同一张，庄家付钱。", "Following the dealer (前包): if all follow the dealer's first discard, the dealer pays."]],
    payments: [
      ["胡牌不论番型，都按 8 种情况的固定表给钱：庄家 / 闲家、自摸 / 点炮、放炮的人有没有上架。", "Every win pays by a fixed table of 8 cases: dealer or not, self-drawn or not, and whether the feeder had declared."],
      ["例：庄家自摸每家付 4；闲家自摸庄家付 4、闲家各付 2。", "E.g. the dealer self-draws: each pays 4; a non-dealer self-draws: the dealer pays 4, the others 2 each."],
      ["杠钱、前包、流局时庄家的后包另算。", "Kong money, 前包 and the dealer's 后包 at a draw are settled apart."]],
  },
  wuhan: {
    flow: [...COMMON_FLOW,
      ["发完牌翻一张牌（翻牌），它的下一张是赖子（万能牌），翻牌本身和它前一张是赖子皮。", "After the deal a tile is turned up: the next kind is the laizi (wild), the turned kind and the one before it are the laizi skins (赖子皮)."],
      ["可以吃。必须开口（吃、碰或明杠过）才能胡，屁胡的将必须是 2、5、8。", "Chow allowed. You must have opened (claimed a set) to win, and a plain win needs a 2-5-8 pair."],
      ["见字胡：手里只剩一张赖子单吊（其余都已成组），摸到什么都能胡，但只能自摸，不能胡别人打的牌，也不能抢杠。", "jian zi hu (见字胡): a hand whose only wait is a lone laizi (everything else in sets) wins on any tile, but by self-draw only: not on a discard, not by robbing a kong."]],
    actions: [
      ["红中、赖子皮不能留在手里，打出时算一张牌的杠（红中杠、皮子杠）；打出赖子是赖子杠。", "Red dragons and laizi skins (赖子皮) cannot stay in the hand: putting one out is a one-tile kong (红中杠 red dragon kong, 皮子杠 laizi-skin kong); putting out the laizi is a 赖子杠 (laizi kong)."],
      ["每个杠让输家的钱翻倍：明杠 ×2、暗杠 ×4、红中杠 ×2、赖子杠 ×4 ……", "Every kong doubles what a loser pays: exposed ×2, concealed ×4, red dragon ×2, laizi ×4 …"],
      ["过胡只锁那一种牌：放过的牌到下次摸牌前不能胡。", "The pass lock is per kind: a tile you passed cannot be won on until your next draw."]],
    payments: [
      ["每个输家单独算：番数 × 开口 ×2 × 硬胡 ×2 × 自摸 ×2 × 各种杠，每家至少 64 才能胡。", "Each loser is counted apart: value × opened ×2 × hard win ×2 × self-drawn ×2 × each kong; every loser must owe at least 64 for the win to stand."],
      ["封顶 600；三家都到 600 是金顶：开口的付 800，没开口的 1600，三家都没开口 3200（三阳开泰）。", "Capped at 600; if all reach 600 it is a gold cap: 800 from an opened loser, 1600 from an unopened one, 3200 each if none opened."],
      ["包牌：清一色、将一色、全求人的第三组是谁喂的，谁付全部。连赖、连金翻番。", "Liability (包牌) for the feeder of the third set of 清一色, 将一色 or 全求人. A repeated laizi or gold cap doubles."]],
  },
};
