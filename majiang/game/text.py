"""Events, hands and settlements as bilingual terminal text (replay and terminal play)."""

from __future__ import annotations

from typing import Any

from majiang.tiles import format_chinese, parse_tiles

_KONGS = {
    "exposed_kong": "明杠 exposed kong",
    "added_kong": "补杠 added kong",
    "concealed_kong": "暗杠 concealed kong",
    "red_kong": "红中杠 red dragon kong",
    "pi_kong": "皮子杠 laizi-skin kong",
    "laizi_kong": "赖子杠 laizi kong",
}
_WIN_TYPES = {
    "self_drawn": "自摸 self-drawn",
    "discard": "点炮 on a discard",
    "robbing_kong": "抢杠 robbing a kong",
}


def tiles_text(tiles: Any) -> str:
    """'5m' or ['1m', '2m'] or '345m' -> '1m2m (一万 二万)'."""
    names = "".join(tiles) if isinstance(tiles, list) else str(tiles)
    kinds = parse_tiles(names)
    return f"{names} ({format_chinese(kinds)})" if kinds else "-"


def describe(event: dict[str, Any], names: list[str] | None = None) -> str:
    """One line for an event in wire form ({"type": ..., ...})."""
    kind = event["type"]
    seat = event.get("seat")
    who = f"seat {seat}" if names is None or seat is None else f"{names[seat]} (seat {seat})"
    if kind == "start":
        laizi = (f", indicator 赖子皮 {tiles_text(event['indicator'])}, laizi 赖子 "
                 f"{tiles_text(event['laizi'])}" if event.get("laizi") else "")
        dice = event.get("dice")
        thrown = "" if not dice else ", dice 骰子 " + " then ".join(
            f"seat {t['seat']} {t['dice'][0]}+{t['dice'][1]}" for t in dice["throws"]) + (
            f", wall of seat {dice['break_seat']} broken 开门 at {dice['cut']}")
        return (f"hand {event['hand_no']} of {event['rules']}: dealer seat {event['dealer']}"
                f"{thrown}{laizi}")
    if kind == "deal":
        return f"{who} is dealt {tiles_text(event['tiles'])}"
    if kind == "draw":
        where = "replacement 补牌" if event.get("replacement") else "draws 摸牌"
        return f"{who} {where}" + (f" {tiles_text(event['tile'])}" if "tile" in event else "")
    if kind == "discard":
        return f"{who} discards 打 {tiles_text(event['tile'])}"
    if kind == "pung":
        return f"{who} pungs 碰 {tiles_text(event['tile'])} from seat {event['from']}"
    if kind == "chow":
        return f"{who} chows 吃 {tiles_text(event['tiles'])} from seat {event['from']}"
    if kind == "kong":
        return f"{who} {_KONGS.get(event['kind'], event['kind'])} {tiles_text(event['tile'])}"
    if kind == "kong_money":
        due = " (paid only if the hand is won 胡了才付)" if event.get("pending") else ""
        return f"kong money 杠钱: {payments_text(event['payments'])}{due}"
    if kind == "qian_bao":
        return f"following the dealer 跟庄: {payments_text(event['payments'])}"
    if kind == "declare":
        if "tiles" in event:
            return f"{who} declares 亮倒, showing {tiles_text(event['tiles'])}"
        aside = f", setting aside {tiles_text(event['tile'])}" if "tile" in event else ""
        return f"{who} declares ready 上架{aside}"
    if kind in ("pick", "grab"):
        word = "picks 拾" if kind == "pick" else "grabs 抢"
        return f"{who} {word} {tiles_text(event['tile'])} from seat {event['from']}"
    if kind == "win":
        patterns = ", ".join(f"{p.get('zh', '')} {p['id']} x{p['value']}"
                             for p in event.get("patterns", []))
        return (f"{who} WINS 胡 {_WIN_TYPES.get(event['win_type'], event['win_type'])} on "
                f"{tiles_text(event['tile'])}: {patterns} = {event.get('value')}")
    if kind == "exhaustive_draw":
        return "exhaustive draw 荒庄: nobody wins"
    if kind == "settlement":
        return f"settlement 结算: {payments_text(event['payments'])}"
    return f"{kind}: {event}"


def payments_text(payments: list[int]) -> str:
    return "  ".join(f"seat {s} {p:+d}" for s, p in enumerate(payments))


def settlement_lines(result: dict[str, Any], names: list[str] | None = None) -> list[str]:
    """The end of a hand explained: each win with its pattern and who pays, kong money, totals."""

    def label(seat: int) -> str:
        return f"seat {seat}" if names is None else f"{names[seat]} (seat {seat})"

    lines = []
    if not result["winners"]:
        lines.append("Exhaustive draw 荒庄: nobody wins.")
    for winner, answer in zip(result["winners"], result["answers"], strict=True):
        how = _WIN_TYPES.get(result["win_type"], result["win_type"])
        lines.append(f"{label(winner)} wins {how} on {tiles_text(result['win_tile'])}")
        if answer.get("decomposition"):
            lines.append("  hand 牌型: " + " ".join(answer["decomposition"]))
        for pattern in answer["patterns"]:
            lines.append(f"  {pattern.get('zh', '')} {pattern.get('en', '')} ({pattern['id']}) "
                         f"x{pattern['value']}")
        payers = [f"{label(s)} pays {-p}" for s, p in enumerate(answer["payments"]) if p < 0]
        liable = answer.get("liable")
        note = f" (包牌 liability: {label(liable)} pays all)" if liable is not None else ""
        lines.append(f"  value {answer['value']}: " + ", ".join(payers) + note)
    for item in result["settlements"]:
        if item["type"] == "kong_money":
            kong = _KONGS.get(item["kind"], item["kind"])
            lines.append(f"kong money 杠钱 for {label(item['seat'])}'s {kong}: "
                         f"{payments_text(item['payments'])}")
        elif item["type"] == "qian_bao":
            lines.append(f"following the dealer 跟庄 ({label(item['seat'])} pays): "
                         f"{payments_text(item['payments'])}")
    if not result["winners"] and any(result["win_payments"]):
        lines.append(f"exhaustive-draw payments 荒庄: {payments_text(result['win_payments'])}")
    lines.append(f"this hand 本局 (units): {payments_text(result['payments'])}")
    return lines
