"""A hand record replayed step by step, as one seat (or a spectator) saw it.

Step 0 is the deal; step k (k >= 1) is the record's k-th action. Each step holds the events of that
step addressed to the viewer (`Event.visible_to`) and the viewer's view after it (`Hand.view`), so
a replay shows exactly what the rules let that seat know then: another seat's concealed tiles only
where the rules show them, and every hand once the hand is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from majiang.game.actions import Action
from majiang.game.events import Event
from majiang.game.record import new_hand, record_actions


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay: who acted and how (None for the deal), what the viewer saw."""

    seat: int | None
    action: Action | None
    events: list[Event]
    view: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """`{seat, action (with its bilingual label) or null, events, view}`."""
        return {
            "seat": self.seat,
            "action": None if self.action is None
            else self.action.to_json(with_label=True, rules=self.view.get("rules")),
            "events": [e.to_json() for e in self.events],
            "view": self.view,
        }


def replay_steps(record: dict[str, Any], viewer: int | None) -> list[Step]:
    """The steps of `record` seen by seat `viewer` (None: a spectator); RecordError on a bad
    record, the engine's IllegalAction on an action it refuses."""
    hand = new_hand(record)
    steps = [Step(None, None, _seen(hand.events, viewer), hand.view(viewer))]
    for seat, action in record_actions(record):
        events = hand.apply(seat, action)
        steps.append(Step(seat, action, _seen(events, viewer), hand.view(viewer)))
    return steps


def _seen(events: list[Event], viewer: int | None) -> list[Event]:
    return [e for e in events if e.visible_to(viewer)]
