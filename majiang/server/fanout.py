"""What a table sends after each action: every event to the seats it is addressed to (with the
silver a settling event moved), the settlement screen, each seat's new view, and the same
frames to the watchers' feed (public events and the spectator's view only); a new hand's
opening frames, whose `state` announces the shuffle's commitment (docs/fair-shuffle.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from majiang.server import fairness, games, ledger
from majiang.server.connection import Audience
from majiang.server.games import Event
from majiang.server.spectators import WatcherFeed
from majiang.server.storage import LiveHand

View = Callable[[int | None], dict[str, Any]]


def paired(events: list[Event], posted: list[ledger.Posted]
           ) -> list[tuple[Event, ledger.Posted | None]]:
    """Each event with the settlement it posted (settling events take them in order)."""
    queue = list(posted)
    return [(e, queue.pop(0) if e.kind in games.SETTLING_EVENTS and queue else None)
            for e in events]


def send_events(audience: Audience, watch: WatcherFeed, screen: dict[str, Any] | None,
                events: list[Event], posted: list[ledger.Posted], view: View,
                state: bool = True, continued: bool = False,
                match_over: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """Send one action's events (`screen`: the settlement screen, built off the loop with the
    action's step; `state`: each seat's new view after them; `continued`: the rest of an action
    sent in part before, which the watchers' feed adds to that action's step; `match_over`: the
    match this hand ended, sent just before its settlement, so that the settlement's screen
    knows it closes the match); the screen if it was sent."""
    players = [c for c in audience.open() if c.seat is not None]
    watched: list[dict[str, Any]] = []  # the watchers' frames, through their feed
    settled: dict[str, Any] | None = None
    for event, moved in paired(events, posted):
        data = event.to_json()
        if moved is not None:
            data["silver"] = moved.to_json()
        for conn in players:
            if event.visible_to(conn.seat):
                conn.send({"type": "event", "event": data})
        if event.visible_to(None):
            watched.append({"type": "event", "event": data})
        if event.kind == "settlement":
            if match_over is not None:
                over = {"type": "match_over", "match": match_over}
                for conn in players:
                    conn.send(over)
                watched.append(over)
            settled = screen
            frame = {"type": "settlement", "settlement": settled}
            for conn in players:
                conn.send(frame)
            watched.append(frame)
    if state:
        for conn in players:
            conn.send({"type": "state", "view": view(conn.seat)})
        if watch.wanted:
            watched.append({"type": "state", "view": view(None)})
    if not continued:
        watch.action(watched if watch.wanted else [])
    elif watched and watch.wanted:
        watch.extra(watched)
    return settled


def announced(hand: LiveHand) -> dict[str, Any] | None:
    """The shuffle's commitment as a deal announces it (`fair` of a `state` frame): the scheme,
    commitment, nonce and hand id, never the secret; None for a hand dealt before the scheme."""
    if hand.commitment is None:
        return None
    shown = fairness.public(hand.commitment, hand.nonce, None, over=False)
    del shown["secret"]
    return {**shown, "hand_id": hand.hand_id}


LOG_KEPT = 60  # the events a client's move log keeps


def state_frame(hand: LiveHand, seat: int | None, view: View,
                log: bool = False) -> dict[str, Any]:
    """The `state` frame that opens a hand for `seat`, or that a (re)connecting client gets: the
    view and the shuffle's commitment; with `log`, the hand's last events that `seat` was sent
    (`log`, numbered from `log_start`), so that a client's move log survives a reconnect."""
    frame: dict[str, Any] = {"type": "state", "view": view(seat)}
    fair = announced(hand)
    if fair is not None:
        frame["fair"] = fair
    if log:
        seen = [e for e in hand.engine.events if e.visible_to(seat)]
        kept = seen[-LOG_KEPT:]
        frame["log"] = [e.to_json() for e in kept]
        frame["log_start"] = len(seen) - len(kept) + 1
    return frame


def opening(hand: LiveHand, match: dict[str, Any] | None, seat: int | None,
            view: View) -> list[dict[str, Any]]:
    """A new hand's frames for `seat` (None: watchers): the match opening (who deals first,
    and why) when a match begins, the deal's events, the view with the shuffle's commitment."""
    frames = [{"type": "match", "match": match}] if match is not None else []
    frames += [{"type": "event", "event": e.to_json()}
               for e in games.start_events(hand.engine) if e.visible_to(seat)]
    return [*frames, state_frame(hand, seat, view)]
