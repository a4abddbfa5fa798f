"""The game engine: one hand (`Hand`), a match of hands (`Match`), actions, events, records.

A hand is (ruleset, options, seed, dealer) plus the actions applied to it: the wall comes from
the seed through a versioned shuffle (`game.wall`), so the action list replays it exactly
(`game.record`, `majiang replay`). Drivers loop over `to_act()`, `legal_actions(seat)`,
`apply(seat, action)`; claims on a discard are collected from every seat that has one, in any
order (a server may prompt them at once), and resolved by priority when all are in.

Modules: `actions` (moves as frozen values, JSON and bilingual labels), `events` (every change,
addressed to one seat, everyone, or everyone but one), `state` (the hand as plain data:
`HandState`, `SeatState`, `HandResult`), `hand` (the public state machine, on `engine`), the
generic flow `turn`, `claims`, `kongs`, `draws`, `settle`, `mechanics/` (one module per special
mechanic behind one interface: laizi, 下雨, 亮倒 / 上架, 跟庄, 拾/搶, the dead tail, kong money
rules), `variants` (the one table: each ruleset's switches and mechanics), `views` (what a seat
may know), `requests` (the typed scoring request of a win), `wall`, `dice`, `match`, `record`,
`scenario`, `steps` (replay frames), `text` (terminal wording), `replay_cli`.

Events (wire form `{"type": ..., ...}`): `start`, `deal` (own tiles, to each seat), `draw` (the
tile to the drawer; the others' copy has none), `discard`, `chow`, `pung`, `kong` (`kind`),
`declare` (kawuxing 亮倒 with the shown tiles; jincheng 上架, the tile to its owner only), `pick`,
`grab`, `kong_money` and `qian_bao` (payments made during the hand, `pending` when a ruleset
settles kong money only at a win), `win`, `exhaustive_draw`, `settlement`. `hand.settlements`
lists the economy's settlement events in order: each payment during the hand, then `hand_end`.
"""

from majiang.game.actions import Action, ActionError
from majiang.game.events import Event
from majiang.game.hand import EngineError, Hand, HandResult, IllegalAction, Meld
from majiang.game.match import Match

__all__ = [
    "Action",
    "ActionError",
    "EngineError",
    "Event",
    "Hand",
    "HandResult",
    "IllegalAction",
    "Match",
    "Meld",
]
