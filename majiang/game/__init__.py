"""The game engine: one hand (`Hand`), a match of hands (`Match`), actions, events, records."""

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
