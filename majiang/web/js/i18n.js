// Interface text in both languages, and the chosen language (remembered in localStorage).
//
// The project's rule: text a player sees is in Chinese AND English. The chosen language (the
// switch in the top bar) comes first, the other follows it smaller and lighter: `both(key)` for a
// key of TEXT, `trBoth(obj)` for a server's {zh, en}, `textTable(PAIRS)` for a module's own pairs.
// On a phone the second language goes on its own small line where a row is short of width
// (the `stack` class, style.css), never hidden. The one exception, an abbreviation under a tile,
// and the rest: majiang/web/README.md "Both languages".
import { bi, fmtInt, signed } from "./dom.js";

const KEY = "majiang.lang";

const TEXT = {
  title: ["麻将", "Mahjong"],
  signup: ["注册", "Sign up"],
  login: ["登录", "Log in"],
  guest: ["游客试玩", "Play as guest"], guest_tag: ["（游客）", "(guest)"],
  logout: ["退出", "Log out"],
  username: ["用户名", "Username"],
  password: ["密码", "Password"],
  silver: ["银子", "Silver"],
  taels: ["两", "taels"],
  level: ["等级", "Level"],
  stake: ["底注", "Stake"], stake_line: ["底注 {money}", "Stake {money}"],
  lobby: ["大厅", "Lobby"],
  ruleset: ["玩法", "Ruleset"],
  players: ["人", "players"],
  bots: ["机器人", "Bots"],
  turn_seconds: ["每步秒数", "Seconds per turn"],
  create_table: ["开桌", "Create table"],
  join: ["加入", "Join"],
  join_code: ["桌号", "Table code"],
  quick_play: ["快速开始", "Quick play"], quick_play_rules: ["快速开始 · {rules}", "Quick play · {rules}"],
  quick_practice: ["银子不足 {need} 两：去练习场（不动银子）", "under the {need} taels a seat needs: a practice table (no silver)"],
  quick_tight: ["余额刚够入座（需 {need} 两）：输一局就可能离座", "your silver just covers a seat ({need} taels): one lost hand may unseat you"],
  play_on: ["继续玩（余额不够就去练习场）", "Play on (a practice table if the silver is short)"],
  open_tables: ["等待中的牌桌", "Open tables"],
  live_tables: ["正在进行 · 可旁观", "Playing now · watch"],
  upgrade: ["注册账号（保留银子）", "Sign up, keeping your silver"],
  seat_minimums: ["底注 1 两的牌桌，入座至少需要：", "A seat at a stake-1 table needs at least:"],
  auth_hint: ["新玩家？请按“注册”（回车键是登录）", "New here? Press Sign up (Enter logs in)"],
  watch_login: ["登录或以游客身份进入，即可旁观牌桌 {code}", "Log in, or play as a guest, to watch table {code}"],
  no_tables: ["暂无", "None"],
  ready: ["准备", "Ready"],
  is_ready: ["已准备", "Ready"],
  not_ready: ["未准备", "Not ready"],
  leave: ["离开", "Leave"],
  dissolve: ["解散", "Dissolve"],
  table: ["牌桌", "Table"],
  status: ["状态", "Status"],
  waiting: ["等待开局", "Waiting for players"],
  playing: ["对局中", "Playing"],
  wall_left: ["余牌", "Wall"],
  turn: ["轮到", "Turn"],
  your_turn: ["轮到你了", "Your turn"], claims_open: ["等待他家叫牌…", "Claims on the discard…"],
  your_claim: ["轮到你选择：要这张牌吗？", "Your call: claim this discard or pass"],
  press_ready: ["按“准备”开始下一局", "Press Ready for the next hand"],
  dealer: ["庄", "Dealer"],
  hand_no: ["第{n}局", "Hand {n}"],
  laizi: ["赖子", "Laizi"],
  indicator: ["翻牌", "Indicator"],
  timer: ["计时", "Time"],
  bank: ["备用", "Bank"],
  declared: ["已报听", "Declared"],
  declared_kawuxing: ["已亮倒", "Declared (亮倒)"],
  declared_jincheng: ["已上架", "Declared (上架)"],
  set_aside: ["上架", "Set aside"],
  adding_kong: ["补杠", "adds a kong"],
  revealed: ["亮出", "Revealed"],
  hand_shown: ["摊牌", "Hand"],
  bot: ["机器人", "bot"],
  auto: ["托管", "auto-play"],
  auto_notice: ["托管中：电脑代打，操作一次即可收回", "Auto-play: the server plays for you; act once to take the seat back"],
  back_to_table: ["回到牌桌 {code}", "Back to table {code}"],
  offline: ["离线", "offline"],
  you: ["你", "you"],
  seat: ["座位", "Seat"],
  discard_hint: ["点击一张牌打出", "Click a tile to discard it"],
  wait_others: ["等待其他玩家…", "Waiting for the others…"],
  orphans_offer: ["十三么已有 {n}/13 种；拾或抢之后只能胡十三么，不能再碰杠",
    "Thirteen orphans: {n} of 13 kinds held. After a pick or grab only thirteen orphans wins, no more pungs or kongs"],
  settlement: ["结算", "Settlement"],
  winner: ["胡牌", "Winner"],
  self_drawn: ["自摸", "self-drawn"],
  exhaustive_draw: ["流局", "Exhaustive draw"],
  arrangement: ["牌型", "Arrangement"],
  won_on: ["胡张", "winning tile"],
  patterns: ["番种", "Patterns"],
  total: ["合计", "Total"],
  payments: ["支付", "Payments"],
  units: ["注", "units"],
  silver_moved: ["银子变动", "Silver moved"],
  balance: ["余额", "Balance"], balance_before: ["余额 之前", "Balance before"], balance_after: ["余额 之后", "Balance after"],
  before: ["之前", "before"],
  after: ["之后", "after"],
  next_hand: ["下一局", "Next hand"],
  back_to_lobby: ["返回大厅", "Back to lobby"],
  history: ["历史牌局", "Hand history"],
  no_history: ["还没有牌局", "No hands yet"],
  replay: ["回放", "Replay"],
  ended_at: ["结束时间", "Ended"],
  net: ["输赢", "Net"],
  first: ["开头", "Start"],
  prev: ["上一步", "Back"],
  next: ["下一步", "Next"],
  last: ["结尾", "End"],
  play: ["播放", "Play"],
  pause: ["暂停", "Pause"],
  close: ["关闭", "Close"],
  step: ["步", "step"],
  connecting: ["连接中…", "Connecting…"],
  reconnecting: ["连接断开，正在重连…", "Connection lost, reconnecting…"],
  connected: ["已连接", "Connected"],
  closed: ["已关闭", "Closed"],
  error: ["出错", "Error"],
  melds: ["副露", "Melds"],
  discards: ["弃牌", "Discards"],
  seats_label: ["座位", "Seats"],
  empty_seat: ["空位", "empty"],
  hand_over: ["本局结束", "Hand over"],
  table_closed: ["牌桌已关闭（没有真人玩家或余额不足）", "The table is closed (no human player left, or not enough silver)"],
  score: ["本局得分", "This hand"],
  match_no: ["第{n}场", "Match {n}"],
  hand_of: ["第{k}局", "hand {k}"],
  first_dealer: ["首局庄家", "First dealer"],
  dice: ["骰子", "dice"],
  cut: ["切牌", "cut"],
  match_over: ["本场结束", "Match over"],
  match_totals: ["本场合计", "Match totals"],
  hands_played: ["已打局数", "hands played"],
  seed: ["种子", "seed"],
  new_match: ["新一场", "New match"],
  match_hands: ["每场局数", "Hands per match"],
  match_rounds: ["每场圈数（风圈）", "Rounds of winds per match"],
  concealed_tiles: ["张手牌", "concealed tiles"],
  seat_wind: ["门风", "Seat wind"],
  pi: ["赖子皮", "Laizi skin"],
  discard_it: ["打出", "Discard"],
  // a declaration with a choice of tiles: one button, then the tile is picked (hand.js)
  declare_kawuxing: ["亮倒", "Declare"], declare_jincheng: ["上架", "Declare"], declare_any: ["报听", "Declare"],
  declare_pick_kawuxing: ["亮倒：选一张牌打出", "Declare: pick the tile to throw with the declaration"],
  declare_pick_jincheng: ["上架：选一张牌扣下", "Declare: pick the tile to set aside with the declaration"],
  declare_pick_any: ["报听：选一张牌打出", "Declare: pick the tile to throw with the declaration"],
  cancel: ["取消", "Cancel"],
  tap_again: ["再点一次打出，或按“打出”", "Tap it again, or press Discard"],
  discard_hint_touch: ["点一张牌选中，再点一次打出", "Tap a tile to pick it, tap again to discard"],
  timer_estimate: ["估计剩余时间（按每步秒数）", "Estimated time left (from the seconds per turn)"],
  leave_title: ["离开牌桌？", "Leave the table?"],
  leave_text: ["本局还没打完：离开后你的座位由电脑托管打完本局，输赢照常结算。",
    "The hand is not over: after you leave, the server plays your seat to the end of the hand and you win or lose as usual."],
  leave_yes: ["确定离开", "Leave"],
  leave_no: ["继续打牌", "Keep playing"],
  rulesets: ["玩法", "Rulesets"],
  typical: ["常见输赢", "Typical"],
  stake_at_level: ["每注 {money}", "{money} a unit"],
  seated_elsewhere: ["你还坐在牌桌 {code}（本局由电脑托管到结束）。快速开始会回到那一桌。",
    "You still sit at table {code} (the server plays your seat to the end of the hand). Quick play would take you back there."],
  still_seated: ["牌桌 {code} 的这一局还没结束，座位要到本局结束才空出。", "The hand at table {code} is not over; your seat is freed when it ends."],
  leave_and_quick: ["离开那一桌，快速开始", "Leave it and quick play"],
  playing_open: ["对局中·有空位", "Playing · seat free"],
  waiting_open: ["等待中·有空位", "Waiting · seat free"],
  // hints (prompt.hints, game/hints.py)
  hint_wait_short: ["听", "W"],
  hint_acc_short: ["进", "+"],
  hint_back_short: ["退步", "far"],  // a step farther from ready than the best (fits a phone's tile)
  hint_after: ["打", "Discard"],
  hint_waits: ["听", "waits on"],
  hint_acc: ["进张", "improved by"],
  hint_shanten: ["{n} 向听", "{n} from ready"],
  hint_total: ["共 {n} 张", "{n} tiles left"],
  hint_ready: ["听牌", "Ready hand"],
  hint_can_ready: ["打这些可听牌：", "Discard to be ready:"],
  hint_declared: ["已宣告听牌：摸什么打什么（能胡就胡，能杠可杠）", "Declared: you throw each tile you draw (unless you win or kong)"],
  hint_kept_note: ["出牌时的剩余张数", "tiles left as counted at your discard"],
  hint_danger: ["亮倒家的胡牌：打出就点炮", "Wins for a declared hand: discarding it feeds that win"],
  hint_danger_shown: ["{seat} 亮倒，胡：", "{seat} declared, wins on:"],
  hint_danger_hidden: ["{seat} 已上架听牌", "{seat} has declared ready (face down)"],
  no_win_minimum: ["不够起胡", "Below the minimum"],
  no_win_forbidden: ["不能胡", "Not a win here"],
  value: ["值", "value"],
  switch_hints: ["提示", "Hints"], switches: ["设置", "Settings"],
  switch_sound: ["声音", "Sound"],
  switch_motion: ["动画", "Motion"],
  switch_orphans: ["每次问拾/抢", "Ask every pick/grab"],
  orphans_passed: ["十三么不足 {n} 种时，拾/抢已替你过（设置里可改为每次询问）",
    "A pick or grab is passed for you while your hand holds under {n} of the 13 orphan kinds (Settings: ask every time)"],
  on: ["开", "on"],
  off: ["关", "off"],
  // rules pages, levels and the first-visit guide
  rules: ["规则", "Rules"], leaderboard: ["排行榜", "Leaderboard"], nav_history: ["历史牌局", "History"],
  rules_title: ["玩法规则", "How to play"],
  how_a_hand_goes: ["一局怎么打", "How a hand goes"],
  special_actions: ["特殊操作", "Special actions"],
  patterns: ["番型表", "Patterns"],
  pattern: ["番型", "Pattern"],
  payments_title: ["怎么给钱", "Payments"],
  worked_hands: ["牌例", "Worked hands"],
  calls: ["可以", "Calls"],
  shapes: ["胡牌牌型", "Winning shapes"],
  combine_sum: ["番数相加", "values add up"],
  combine_product: ["番数相乘", "values multiply"],
  combine_best: ["只算最大的一种", "only the best pattern counts"],
  minimum: ["起胡", "minimum to win"],
  tiles_count: ["张牌", "tiles"],
  excludes: ["不另计", "replaces"],
  winning_tile: ["胡", "wins on"],
  units: ["注", "units"],
  levels_title: ["财富等级", "Wealth levels"],
  your_level: ["你的等级", "Your level"],
  to_next: ["距 {name} 还差 {money}", "{money} to {name}"],
  top_level: ["已是最高等级", "The top level"],
  min_silver: ["所需银子", "Silver needed"],
  guide_title: ["第一次来？三步上手", "New here? Three steps"],
  guide_1: ["先点“游客试玩”或“登录”，再选一种玩法，点“快速开始”，和电脑一起打（卡五星三人，其余四人）。", "First press Play as guest or Log in; then pick a ruleset and press Quick play: you play with bots (kawuxing is for three, the others for four)."],
  guide_2: ["轮到你时点一张牌选中，再点一次打出（用鼠标单击一次即打出）；碰、杠、胡会出现大按钮。", "On your turn tap a tile to pick it and tap again to discard (with a mouse, one click discards it); pung, kong and win come up as big buttons."],
  guide_3: ["牌下的“进N”：打出它以后，能让手牌更接近听牌的牌还剩几张；听牌后变成“听N”：能胡的牌还剩几张。蓝色是最好的打法；“退步”：打了离听牌远一步。⚠ 可能点炮。“提示”开关（手机上在“设置”里）可以关掉。", "Under a tile, “+N”: after discarding it, N unseen tiles bring the hand closer to ready; once ready, “WN”: N unseen tiles win. Blue marks the best discard; “far”: discarding it leaves the hand a step farther from ready. ⚠ marks a tile that may feed a win. The Hints switch (under Settings on a phone) turns them off."],
  guide_rules: ["看规则", "Read the rules"],
  guide_ok: ["知道了", "Got it"],
  // friends' rooms (rooms.js)
  room: ["好友房", "Friends' room"],
  create_room: ["开好友房", "Create a friends' room"],
  room_code: ["房间号", "Room code"],
  invite_link: ["邀请链接", "Invite link"],
  copy: ["复制", "Copy"],
  copied: ["已复制", "Copied"],
  owner: ["房主", "Owner"],
  room_settings: ["房间设置", "Room settings"],
  add_bot: ["加机器人", "Add bot"],
  remove_bot: ["移除机器人", "Remove bot"],
  kick: ["请出", "Kick"],
  dissolve_room: ["解散房间", "Dissolve room"],
  room_dissolved: ["房间已解散", "The room was dissolved"],
  room_kicked: ["房主已将你请出此房间", "The owner removed you from this room"],
  room_started: ["本场已开始", "The match has started"],
  to_table: ["进入牌桌", "Go to the table"],
  back_to_room: ["回到房间", "Back to the room"],
  join_room: ["加入房间 {code}", "Join room {code}"],
  join_room_login: ["登录或以游客身份进入，即可加入房间 {code}", "Log in or play as a guest to join room {code}"],
  scoreboard: ["记分板", "Scoreboard"],
  match_summary: ["本场总结", "Match summary"],
  place: ["名次", "Place"],
  wins: ["和牌", "Wins"],
  self_drawn_n: ["自摸", "Self-drawn"],
  deal_ins: ["点炮", "Deal-ins"],
  best_hand: ["最大一手", "Best hand"],
  practice_room: ["练习场（无银子）", "Practice (no silver)"],
  practice_why: ["练习场：输赢只记注数，不动银子（银子不够此玩法的入座要求时，快速开始会开练习场）",
    "Practice: units are counted, no silver moves (quick play opens one when your silver is below this ruleset's seat minimum)"],
  match_length: ["本场长度", "Match length"],
  none_yet: ["尚无", "None yet"],
  hand_drawn: ["流局", "drawn"],
};

// the log's words: after a seat's name a verb ("guest-3 is dealt a hand", "guest-3 pungs 5m"; a deal
// event names the seat that takes the tiles, not the dealer), else a noun
const EVENT_TEXT = {
  start: ["开局", "Start"], deal: ["起牌", "is dealt a hand"], draw: ["摸牌", "draws"], discard: ["打出", "discards"],
  chow: ["吃", "chows"], pung: ["碰", "pungs"], kong: ["杠", "kongs"], win: ["胡", "wins"],
  declare: ["报听", "declares"], pick: ["拾", "picks up (拾)"], grab: ["抢", "grabs (抢)"],
  kong_money: ["杠钱", "kong money"], exhaustive_draw: ["流局", "Exhaustive draw"],
  settlement: ["结算", "Settlement"], pass: ["过", "passes"], qian_bao: ["跟庄", "follow the dealer"],
};
// a declaration in each ruleset's own word (kawuxing 亮倒 shows the hand, jincheng 上架 sets a
// tile aside face down); the server's button labels use the same words (game/actions.py)
const DECLARE_WORD = { kawuxing: ["亮倒", "declares (亮倒)"], jincheng: ["上架", "declares (上架)"] };

// the player's choice, else the browser's language (Chinese for any zh-*, English otherwise)
const saved = localStorage.getItem(KEY);
let lang = saved === "en" || saved === "zh" ? saved
  : String(navigator.language || "zh").toLowerCase().startsWith("zh") ? "zh" : "en";
const listeners = [];

export function getLang() { return lang; }

export function setLang(next) {
  lang = next === "en" ? "en" : "zh";
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  for (const fn of listeners) fn(lang);
}

export function onLangChange(fn) { listeners.push(fn); }

/** Interface text by key, with {name} placeholders filled from `vars`. */
export function t(key, vars = {}) { return MAIN.tx(key, vars); }

/** The other language's text of the same key (shown small beside the main one). */
export function tOther(key, vars = {}) { return MAIN.tx(key, vars, true); }

/** Both languages of a key, as one element: the chosen language, the other small after it
 * (`cls` "stack": the other on its own line). */
export function both(key, vars = {}, cls = "") { return MAIN.both(key, vars, cls); }

/** `text` with its {name} placeholders filled from `vars`; a function value is asked for the
 * language of this text (`other`: the other one), e.g. `{ money: (o) => taels(n, false, o) }`. */
function fill(text, vars, other) {
  let s = text;
  for (const [k, v] of Object.entries(vars)) s = s.replaceAll(`{${k}}`, typeof v === "function" ? v(other) : v);
  return s;
}

/** A module's own [zh, en] pairs: `tx(key, vars, other)` one language (the chosen, or with
 * `other` the other), `both(key, vars, cls)` the two as one element (an unknown key is itself). */
export function textTable(pairs) {
  const tx = (key, vars = {}, other = false) => fill(pick(pairs[key] || [key, key], other), vars, other);
  return { tx, both: (key, vars = {}, cls = "") => bi(tx(key, vars), tx(key, vars, true), cls) };
}

/** A [zh, en] pair as one element, the chosen language first. */
export function pairBoth(zh, en, cls = "") {
  return lang === "zh" ? bi(zh, en, cls) : bi(en, zh, cls);
}

/** Of a [zh, en] pair, the chosen language's text (`other`: the other's). */
function pick(pair, other = false) { return pair[(lang === "zh") !== other ? 0 : 1]; }

const MAIN = textTable(TEXT);  // t, tOther and both: TEXT's keys

/** A bilingual object from the server ({zh, en}) in the current language. */
export function tr(obj) {
  if (obj == null) return "";
  if (typeof obj === "string") return obj;
  return (lang === "zh" ? obj.zh : obj.en) ?? obj.en ?? obj.zh ?? "";
}

export function trOther(obj) {
  if (obj == null || typeof obj === "string") return "";
  return (lang === "zh" ? obj.en : obj.zh) ?? "";
}

/** Server names ({zh, en}) as a list in one language (`other`: the other): 、 between them in
 * Chinese, a comma in English. */
export function listOf(items, other = false) {
  return items.map((x) => (other ? trOther(x) : tr(x))).join((lang === "zh") !== other ? "、" : ", ");
}

/** Such a list in both languages, as one element. */
export function listBoth(items, cls = "") { return bi(listOf(items), listOf(items, true), cls); }

/** A server's {zh, en} in both languages, as one element. */
export function trBoth(obj, cls = "") {
  return bi(tr(obj), trOther(obj), cls);
}

/** The unit word of an amount in this language (`other`: the other one): the singular for one. */
function unitWord(n, other, zh, one, many) {
  return (lang === "zh") !== other ? zh : Math.abs(Number(n ?? 0)) === 1 ? one : many;
}

/** An amount with its unit: "1,200 两", "1 tael", "+3 taels" (`sign`: a change). */
function counted(n, sign, other, zh, one, many) {
  const v = Number(n ?? 0);
  return `${sign ? signed(v) : fmtInt(v)} ${unitWord(v, other, zh, one, many)}`;
}

const TAEL = ["两", "tael", "taels"], UNIT = ["注", "unit", "units"];

export function taels(n, sign = false, other = false) { return counted(n, sign, other, ...TAEL); }

/** The unit alone ("两", "tael", "taels"), where the number is drawn apart (the lobby's balance). */
export function taelWord(n, other = false) { return unitWord(n, other, ...TAEL); }

/** Units (注, the stake's multiples): "4 注", "1 unit", "-2 units". */
export function units(n, sign = false, other = false) { return counted(n, sign, other, ...UNIT); }

/** An amount in both languages: "100 两" with "taels" small after it (`unit`: units()'s 注). */
export function amountBoth(n, sign = false, cls = "", unit = TAEL) {
  return bi(counted(n, sign, false, ...unit), unitWord(n, true, ...unit), cls);
}
export function unitsBoth(n, sign = false, cls = "") { return amountBoth(n, sign, cls, UNIT); }

/** A server message "中文 / English" as [this language's part, the other's] ("" when it has one). */
export function splitMessage(message) {
  const text = String(message ?? "");
  const at = text.indexOf(" / ");
  if (at < 0) return [text, ""];
  const zh = text.slice(0, at), en = text.slice(at + 3);
  return lang === "zh" ? [zh, en] : [en, zh];
}

/** A server message in both languages ("中文 / English"), this language first (dom.js bi). */
export function messageBoth(message, cls = "") {
  return bi(...splitMessage(message), cls);
}

/** Both languages of a key as one string, "中文 · English" (a title, a placeholder, an option). */
export function bothText(key, vars = {}) {
  return `${t(key, vars)} · ${tOther(key, vars)}`;
}

/** The log's word for an event; `rules` names a declaration in that ruleset's word (`other`:
 * in the other language). */
export function eventName(type, rules, other = false) {
  const pair = (type === "declare" && DECLARE_WORD[rules]) || EVENT_TEXT[type];
  return pair ? pick(pair, other) : type;
}

/** The other language's code ("zh" / "en"), for helpers that take one (tiles.js tileName). */
export function otherLang() { return lang === "zh" ? "en" : "zh"; }

/** The tag of a seat that has declared, in the ruleset's word (亮倒 / 上架). */
export function declaredKey(rules) {
  return TEXT[`declared_${rules}`] ? `declared_${rules}` : "declared";
}

document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
