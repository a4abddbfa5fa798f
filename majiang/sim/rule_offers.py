"""Checks of a decision point against the rules documents: who may act, and whether every offered
action (claim, win, kong, discard, declaration) is one the rules allow now."""

from __future__ import annotations

from majiang.game.actions import Action
from majiang.game.hand import Hand
from majiang.game.phases import CLAIM, ROB, TURN
from majiang.sim.rule_facts import Facts, wuhan_special
from majiang.tiles import TERMINALS_AND_HONORS

Failures = list[tuple[str, str]]
OPENING = ("chow", "pung", "exposed_kong", "added_kong")  # wuhan 3.2


def offer_checks(hand: Hand, facts: Facts, locks: list[set[int] | None],
                 began_by_claim: bool) -> Failures:
    """Failures of the position before the next action (`locks`: the passed-win locks the
    monitor tracks, None locking every kind)."""
    out: Failures = []
    acting = hand.to_act()
    n = hand.players
    if hand.phase == TURN:
        if acting != {hand.turn}:
            out.append(("who_may_act", f"turn of seat {hand.turn}, but to_act is {acting}"))
        source = None
    elif hand.phase in (CLAIM, ROB):
        found = hand.last_discard if hand.phase == CLAIM else hand.kong_tile
        source = None if found is None else found[0]
        if source is None or source in hand.pending or not hand.pending:
            out.append(("who_may_act", f"{hand.phase} of seat {source} offered to "
                        f"{sorted(hand.pending)}"))
    else:
        return out
    for seat in range(n):
        legal = hand.legal_actions(seat)
        if seat not in acting:
            if legal:
                out.append(("who_may_act", f"seat {seat} is not to act but is offered "
                            f"{[str(a) for a in legal]}"))
            continue
        if hand.phase == TURN:
            out += _turn(hand, facts, seat, legal, began_by_claim)
        else:
            assert source is not None
            out += _claims(hand, facts, seat, source, legal, locks[seat])
    return out


def _special(hand: Hand) -> frozenset[int]:
    return frozenset() if hand.indicator is None else wuhan_special(hand.indicator)[1]


def _opened(hand: Hand, seat: int) -> bool:
    return any(m.kind in OPENING for m in hand.melds[seat])


def _win_barred(hand: Hand, facts: Facts, seat: int) -> str | None:
    if facts.win_needs_declared and not hand.declared[seat]:
        return "an undeclared seat"
    if facts.must_open and not _opened(hand, seat):
        return "a seat that has not opened"
    return None


def _turn(hand: Hand, facts: Facts, seat: int, legal: list[Action],
          began_by_claim: bool) -> Failures:
    out: Failures = []
    counts = hand.counts[seat]
    drawn = hand.drawn
    left = hand.wall_left()
    declared = facts.declare and hand.declared[seat]
    special = _special(hand)
    for action in legal:
        tile = action.tile
        label = f"seat {seat} offered {action}"
        if action.type == "win":
            barred = _win_barred(hand, facts, seat)
            if began_by_claim:
                out.append(("win_offer", f"{label} in a turn begun by a claim"))
            elif barred:
                out.append(("win_offer", f"{label}: {barred}"))
        elif action.type == "kong":
            assert tile is not None
            if began_by_claim and not facts.kong_after_claim:
                out.append(("kong_offer", f"{label} in a turn begun by a claim"))
            if facts.kong_needs_live_tile and left < 1:
                out.append(("kong_offer", f"{label} with the live wall empty"))
            need = {"concealed_kong": 4, "added_kong": 1}.get(action.kind or "", 1)
            if counts[tile] < need or (action.kind == "added_kong" and not any(
                    m.kind == "pung" and m.tile == tile for m in hand.melds[seat])):
                out.append(("kong_offer", f"{label} without the tiles"))
            if action.kind == "added_kong" and facts.added_kong_drawn_only and tile != drawn:
                out.append(("kong_offer", f"{label}, not with the tile just drawn"))
            if action.kind in ("red_kong", "pi_kong", "laizi_kong") and tile not in special:
                out.append(("kong_offer", f"{label}: not a special tile"))
        elif action.type == "discard":
            assert tile is not None
            if not counts[tile]:
                out.append(("discard_offer", f"{label}, a tile it does not hold"))
            if declared and tile != drawn:
                out.append(("declared_frozen", f"{label}: a declared hand throws only the tile "
                            f"just drawn ({drawn})"))
            if (facts.last_tile_discarded and left == 0 and not began_by_claim
                    and tile != drawn):
                out.append(("last_tile_discard", f"{label}: the last tile drawn ({drawn}) "
                            "must be thrown"))
            if tile in special and (left > 0 or any(
                    counts[t] for t in range(34) if t not in special)):
                out.append(("special_discard", f"{label}: a special tile goes out as a kong"))
        elif action.type == "declare":
            if not facts.declare or hand.declared[seat]:
                out.append(("declare_offer", f"{label}: no declaring here"))
            elif facts.last_tile_discarded and left == 0:  # kawuxing 3.1, D32
                out.append(("declare_offer", f"{label} with the wall empty"))
        else:
            out.append(("who_may_act", f"{label} in its turn"))
    return out


def _claims(hand: Hand, facts: Facts, seat: int, source: int, legal: list[Action],
            lock: set[int] | None) -> Failures:
    out: Failures = []
    n = hand.players
    found = hand.last_discard if hand.phase == CLAIM else hand.kong_tile
    assert found is not None
    tile = found[1]
    counts = hand.counts[seat]
    nxt = seat == (source + 1) % n
    last = hand.wall_left() == 0 and facts.last_discard_win_only and hand.phase == CLAIM
    special = _special(hand)
    declared = facts.declare and hand.declared[seat]
    melds = hand.melds[seat]
    singles = any(m.kind in ("picked", "grabbed") for m in melds)
    offered = [a for a in legal if a.type != "pass"]
    if not offered:
        out.append(("who_may_act", f"seat {seat} must decide on seat {source}'s tile but has "
                    "nothing to claim"))
    for action in offered:
        label = f"seat {seat} offered {action} on seat {source}'s {tile}"
        if hand.phase == ROB and action.type != "win":
            out.append(("claim_offer", f"{label}: a kong is only robbed by a win"))
            continue
        if tile in special:
            out.append(("claim_offer", f"{label}: nobody claims a special tile (wuhan 2.2)"))
        if action.type == "win":
            barred = _win_barred(hand, facts, seat)
            if lock is None or tile in lock:
                out.append(("pass_lock", f"{label} while locked by a passed win"))
            if barred:
                out.append(("win_offer", f"{label}: {barred}"))
            continue
        if last:
            out.append(("claim_offer", f"{label}: the last discard is claimed only by a win"))
        if action.type == "chow":
            tiles = list(action.tiles or ())
            rest = list(tiles)
            if tile in rest:
                rest.remove(tile)
            if not facts.chow or not nxt or tile not in tiles or any(
                    not counts[t] or t in special for t in rest):
                out.append(("claim_offer", f"{label}: a chow is the next seat's, from its tiles"))
        elif action.type == "pung":
            if counts[tile] < 2 or declared or singles:
                out.append(("claim_offer", f"{label}: a pung needs two tiles, an undeclared "
                            "hand and no 拾/搶 tiles"))
        elif action.type == "kong":
            if (counts[tile] < 3 or singles or (facts.kong_needs_live_tile
                                                and hand.wall_left() < 1)):
                out.append(("claim_offer", f"{label}: an exposed kong needs three tiles and a "
                            "tile left"))
        elif action.type in ("pick", "grab"):
            grabbed = any(m.kind == "grabbed" for m in melds)
            if (not facts.orphans or (action.type == "pick" and not nxt) or grabbed
                    or declared or tile not in TERMINALS_AND_HONORS or counts[tile]
                    or any(m.tile == tile for m in melds)
                    or any(m.kind in ("pung", "exposed_kong", "added_kong", "concealed_kong")
                           for m in melds)):
                out.append(("claim_offer", f"{label}: not a legal 拾/搶 (jincheng 3.3)"))
        else:
            out.append(("claim_offer", f"{label}: not a claim"))
    return out
