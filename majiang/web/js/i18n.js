// Interface text in both languages, and the chosen language (remembered in localStorage).
const KEY = "majiang.lang";

const TEXT = {
  title: ["麻将", "Mahjong"],
  signup: ["注册", "Sign up"],
  login: ["登录", "Log in"],
  guest: ["游客试玩", "Play as guest"],
  logout: ["退出", "Log out"],
  username: ["用户名", "Username"],
  password: ["密码", "Password"],
  silver: ["银子", "Silver"],
  taels: ["两", "taels"],
  level: ["等级", "Level"],
  stake: ["底注", "Stake"],
  lobby: ["大厅", "Lobby"],
  ruleset: ["玩法", "Ruleset"],
  players: ["人", "players"],
  bots: ["机器人", "Bots"],
  turn_seconds: ["每步秒数", "Seconds per turn"],
  create_table: ["开桌", "Create table"],
  join: ["加入", "Join"],
  join_code: ["桌号", "Table code"],
  quick_play: ["快速开始", "Quick play"],
  open_tables: ["等待中的牌桌", "Open tables"],
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
  your_turn: ["轮到你了", "Your turn"],
  dealer: ["庄", "Dealer"],
  hand_no: ["第{n}局", "Hand {n}"],
  laizi: ["赖子", "Laizi"],
  indicator: ["翻牌", "Indicator"],
  timer: ["计时", "Time"],
  bank: ["备用", "Bank"],
  declared: ["已亮牌", "Declared"],
  set_aside: ["上架", "Set aside"],
  adding_kong: ["补杠", "adds a kong"],
  revealed: ["亮出", "Revealed"],
  bot: ["机器人", "bot"],
  auto: ["托管", "auto-play"],
  auto_notice: ["托管中：电脑代打，操作一次即可收回", "Auto-play: the server plays for you; act once to take the seat back"],
  back_to_table: ["回到牌桌 {code}", "Back to table {code}"],
  offline: ["离线", "offline"],
  you: ["你", "you"],
  seat: ["座位", "Seat"],
  discard_hint: ["点击一张牌打出", "Click a tile to discard it"],
  wait_others: ["等待其他玩家…", "Waiting for the others…"],
  settlement: ["结算", "Settlement"],
  winner: ["胡牌", "Winner"],
  self_drawn: ["自摸", "self-drawn"],
  exhaustive_draw: ["流局", "Exhaustive draw"],
  arrangement: ["牌型", "Arrangement"],
  patterns: ["番种", "Patterns"],
  total: ["合计", "Total"],
  payments: ["支付", "Payments"],
  units: ["注", "units"],
  silver_moved: ["银子变动", "Silver moved"],
  balance: ["余额", "Balance"],
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
};

const EVENT_TEXT = {
  deal: ["发牌", "Deal"], draw: ["摸牌", "draws"], discard: ["打出", "discards"],
  chow: ["吃", "Chow"], pung: ["碰", "Pung"], kong: ["杠", "Kong"], win: ["胡", "Win"],
  declare: ["亮牌", "Declares"], pick: ["拾", "Pick"], grab: ["搶", "Grab"],
  kong_money: ["杠钱", "Kong money"], exhaustive_draw: ["流局", "Exhaustive draw"],
  settlement: ["结算", "Settlement"], pass: ["过", "Pass"],
};

let lang = localStorage.getItem(KEY) === "en" ? "en" : "zh";
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
export function t(key, vars = {}) {
  const pair = TEXT[key];
  let s = pair ? pair[lang === "zh" ? 0 : 1] : key;
  for (const [k, v] of Object.entries(vars)) s = s.replace(`{${k}}`, v);
  return s;
}

/** The other language's text of the same key (shown small beside the main one). */
export function tOther(key) {
  const pair = TEXT[key];
  return pair ? pair[lang === "zh" ? 1 : 0] : key;
}

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

export function eventName(type) {
  const pair = EVENT_TEXT[type];
  return pair ? pair[lang === "zh" ? 0 : 1] : type;
}

document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
