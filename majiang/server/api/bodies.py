"""Request bodies, validated (strict types: `"8"` is not a number). A field left out takes its
default; the lobby and the game check the values (ranges, rulesets, match lengths)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from majiang.server import games
from majiang.server.lobby import TableRequest


class Body(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore")


class Credentials(Body):
    """`POST /api/signup`, `POST /api/login`."""

    username: str = ""
    password: str = ""


class PasswordChange(Body):
    """`POST /api/password`."""

    password: str = ""
    new_password: str = ""


class TableSettings(Body):
    """A new table's ruleset, turn time and match length (None: the defaults)."""

    rules: str | None = None  # None or "": the first playable ruleset
    turn_seconds: int | None = None
    match_hands: int | None = None
    match_rounds: int | None = None
    practice: bool = False  # 练习场: stake 0, no silver at stake, open to everyone


class NewTable(TableSettings):
    """`POST /api/tables`."""

    level: int | None = None  # None: the player's own level
    bots: int = 0

    def request(self) -> TableRequest:
        """The lobby's request for this table (the ruleset defaults to the server's)."""
        return TableRequest(
            rules=self.rules or games.default_ruleset(), level=self.level, bots=self.bots,
            turn_seconds=self.turn_seconds, match_hands=self.match_hands,
            match_rounds=self.match_rounds, practice=self.practice,
        )


class QuickPlay(TableSettings):
    """`POST /api/quickplay`; `level` left out: the player's quick-play level."""

    level: int | None = None


class NewRoom(NewTable):
    """`POST /api/rooms`: a friends' room (a table with an owner's controls)."""


class SeatChoice(Body):
    """`POST /api/rooms/{code}/bots` (None: the first free seat), `.../remove-bot`, `.../kick`."""

    seat: int | None = None
