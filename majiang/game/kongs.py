"""Kongs: concealed, added (which others may rob), one-tile special kongs, the exposed kong of a
claim; each stands with its kong money and a replacement draw."""

from __future__ import annotations

from dataclasses import replace

from majiang.game.actions import KONG, WIN_ACTION
from majiang.game.draws import replacement
from majiang.game.engine import Engine
from majiang.game.phases import ROB, TURN
from majiang.game.settle import finish
from majiang.game.state import NAME
from majiang.rules.base import Meld
from majiang.tiles import Tile


def concealed_kong(engine: Engine, seat: int, tile: Tile) -> None:
    me = engine.state.seats[seat]
    me.counts[tile] -= 4
    me.melds.append(Meld("concealed_kong", tile))
    engine.state.emit(KONG, {"seat": seat, "kind": "concealed_kong", "tile": NAME[tile],
                             "from": None})
    kong_money(engine, seat, "concealed_kong", None)
    replacement(engine, seat)


def special_kong(engine: Engine, seat: int, tile: Tile, kind: str) -> None:
    """wuhan 2.3: one red dragon, 赖子皮 or laizi put out as a kong, then a replacement."""
    me = engine.state.seats[seat]
    me.counts[tile] -= 1
    me.melds.append(Meld(kind, tile))
    engine.state.emit(KONG, {"seat": seat, "kind": kind, "tile": NAME[tile], "from": None})
    kong_money(engine, seat, kind, None)
    replacement(engine, seat)


def exposed_kong(engine: Engine, seat: int, discarder: int, tile: Tile) -> None:
    """The kong of a claimed discard (the claim itself is `claims.take_claim`)."""
    me = engine.state.seats[seat]
    me.counts[tile] -= 3
    me.melds.append(Meld("exposed_kong", tile, discarder))
    engine.state.emit(KONG, {"seat": seat, "kind": "exposed_kong", "tile": NAME[tile],
                             "from": discarder})
    kong_money(engine, seat, "exposed_kong", discarder)
    replacement(engine, seat)


def added_kong(engine: Engine, seat: int, tile: Tile) -> None:
    """The fourth tile on a pung: the others who can win on it may rob it first."""
    state = engine.state
    state.seats[seat].counts[tile] -= 1
    pung = _pung(engine, seat, tile)
    state.drawn = None
    state.emit(KONG, {"seat": seat, "kind": "added_kong", "tile": NAME[tile],
                      "from": state.seats[seat].melds[pung].source})
    pending = {}
    if "added_kong" in engine.mech.robbable_kongs:
        pending = {s: [WIN_ACTION] for s in state.seats_from(seat)
                   if engine.can_win_on(s, tile, seat, "robbing_kong")}
    if pending:
        state.phase = ROB
        state.kong_tile = (seat, tile)
        state.pending = pending
        state.decisions = {}
    else:
        kong_stands(engine, seat, tile)


def kong_stands(engine: Engine, seat: int, tile: Tile) -> None:
    melds = engine.state.seats[seat].melds
    pung = _pung(engine, seat, tile)
    melds[pung] = meld = replace(melds[pung], kind="added_kong")
    kong_money(engine, seat, "added_kong", meld.source)
    replacement(engine, seat)


def resolve_rob(engine: Engine) -> None:
    """Every seat that could rob the added kong has decided: robbed, or the kong stands."""
    state = engine.state
    assert state.kong_tile is not None
    konger, tile = state.kong_tile
    lock_passers(engine, tile)
    decisions = state.decisions
    state.phase = TURN
    state.pending = {}
    state.decisions = {}
    winners = [s for s in state.seats_from(konger) if decisions.get(s) == WIN_ACTION]
    if winners:
        if not engine.mech.multiple_winners:
            winners = winners[:1]
        finish(engine, winners, "robbing_kong", konger, tile)
        return
    state.kong_tile = None
    kong_stands(engine, seat=konger, tile=tile)


def lock_passers(engine: Engine, tile: Tile) -> None:
    """过胡: a seat that could have won on `tile` and did not is locked (all kinds, or this one)."""
    state = engine.state
    for seat, options in state.pending.items():
        if options[0] == WIN_ACTION and state.decisions[seat] != WIN_ACTION:
            if engine.mech.pass_lock == "any":
                state.seats[seat].locked = True
            elif engine.mech.pass_lock == "kind":
                state.seats[seat].lock_kinds.add(tile)


def kong_money(engine: Engine, seat: int, kind: str, discarder: int | None) -> None:
    state = engine.state
    payments = None
    for mechanic in engine.on_kong_money:
        payments = mechanic.kong_money(state, seat, kind, discarder)
    if payments is None:
        payments = engine.ruleset.kong_money(kind, seat, discarder)
    state.kong_this_turn = True
    if not any(payments):
        return
    if any(m.kong_paid(state, seat, kind, payments) for m in engine.on_kong_paid):
        return
    state.pay_now("kong_money", seat, list(payments), kind=kind)


def _pung(engine: Engine, seat: int, tile: Tile) -> int:
    melds = engine.state.seats[seat].melds
    return next(i for i, m in enumerate(melds) if m.kind == "pung" and m.tile == tile)
