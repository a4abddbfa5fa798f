"""Positions from text: a hand dealt so that each seat holds what a test, a tutorial or a puzzle
needs (docs/scenarios.md).

    hand = scenario('''
        rules: jincheng
        dealer: 0
        seat 0: 123m456p789s12s55z9s
        seat 1: 1122z 33p | pung 7z from 2, concealed_kong 9m
        draws: 3s 4s
        tail: 5m
    ''')

or, the same, `build("jincheng", ["123m456p789s12s55z9s", "1122z33p", None, None],
melds={1: ["pung 7z from 2", "concealed_kong 9m"]}, draws="3s4s", tail="5m")`.

- A seat's tiles are its concealed tiles (the dealer's 14th included); a seat left out or `None`
  gets random tiles. A seat with melds holds 3 fewer concealed tiles per meld.
- Melds are on the table when the hand begins, as if claimed earlier (no event is replayed for
  them, and a claim already ended 跟庄): `chow 123m from 3`, `pung 5z from 2`, `kong 1m from 1`
  (exposed), `added_kong 1m from 1`, `concealed_kong 9p`, and the one-tile melds `pick 1z from 3`,
  `grab 9m from 1`, `red_kong 7z`, `pi_kong 3s`, `laizi_kong 4s`. Kongs were replaced from the
  tail: a four-tile meld's fourth tile and a one-tile kong's tile come out of the tail (the dead
  tail grows with it), and a one-tile kong takes no concealed place.
- `draws` are the next normal draws in order, `tail` the next kong replacements in order (in
  jincheng's stacked tail too), `indicator` the turned-up tile of wuhan (it fixes the laizi).
- The rest of the wall is shuffled with `fill_seed`; `seed` is the hand's seed (dice and lot).

The hand is an ordinary `Hand` on an explicit wall: drive it with `legal_actions` / `apply`.
A scenario without melds is recorded and replays like any hand; one with melds replays only
through this module (its record holds the wall, not the melds).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from majiang.game.draws import replacement_tile
from majiang.game.hand import Hand
from majiang.game.mechanics.rain import rain_suit
from majiang.game.variants import mechanics
from majiang.game.wall import RNG_VERSION, Wall, deal_order, tail_by_stacks
from majiang.rules.base import MELD_KINDS, ONE_TILE_MELDS, Meld
from majiang.tiles import Tile, full_set, parse_tile, parse_tiles, tile_name

SET_KINDS = {"chow": "chow", "pung": "pung", "kong": "exposed_kong",
             "exposed_kong": "exposed_kong", "added_kong": "added_kong",
             "concealed_kong": "concealed_kong"}
ONE_TILE_KINDS = {"pick": "picked", "grab": "grabbed", "red_kong": "red_kong",
                  "pi_kong": "pi_kong", "laizi_kong": "laizi_kong"}
ONE_TILE_KONGS = tuple(k for k in ONE_TILE_MELDS if MELD_KINDS[k].kong)
_MELD = re.compile(r"^\s*(\w+)\s+(\S+)(?:\s+from\s+(\d))?\s*$")


class ScenarioError(ValueError):
    """A position that cannot be dealt; the message names the seat or field."""


def parse_meld(text: str, players: int = 4) -> Meld:
    """'pung 5z from 2' -> Meld('pung', 5z, source=2)."""
    match = _MELD.match(text)
    if match is None:
        raise ScenarioError(f"meld {text!r}: expected 'KIND TILES [from SEAT]'")
    word, tiles_text, source_text = match.groups()
    kind = SET_KINDS.get(word) or ONE_TILE_KINDS.get(word)
    if kind is None:
        raise ScenarioError(f"meld {text!r}: unknown kind {word!r} (one of "
                            f"{', '.join([*SET_KINDS, *ONE_TILE_KINDS])})")
    tiles = parse_tiles(tiles_text)
    source = None if source_text is None else int(source_text)
    if source is not None and not 0 <= source < players:
        raise ScenarioError(f"meld {text!r}: no seat {source}")
    if kind == "chow":
        if len(tiles) != 3 or tiles[0] >= 27 or tiles != [tiles[0], tiles[0] + 1, tiles[0] + 2] \
                or tiles[0] // 9 != tiles[2] // 9:
            raise ScenarioError(f"meld {text!r}: a chow is three tiles in sequence, like 123m")
        return Meld("chow", tiles[0], source, tiles[0])
    if len(set(tiles)) != 1:
        raise ScenarioError(f"meld {text!r}: a {word} is of one kind, like 5z")
    needs_source = kind in ("pung", "exposed_kong", "added_kong", "picked", "grabbed")
    if needs_source and source is None:
        raise ScenarioError(f"meld {text!r}: say which seat it came from ('from SEAT')")
    return Meld(kind, tiles[0], source if needs_source or kind == "chow" else None)


def build(
    rules: str,
    hands: Sequence[str | Sequence[Tile] | None] = (),
    *,
    melds: Mapping[int, Sequence[str | Meld]] | None = None,
    dealer: int = 0,
    draws: str | Sequence[Tile] = "",
    tail: str | Sequence[Tile] = "",
    indicator: str | Tile | None = None,
    options: dict[str, Any] | None = None,
    seed: str | int = "scenario",
    fill_seed: int = 0,
    names: Sequence[str] | None = None,
    hand_no: int = 1,
) -> Hand:
    """A hand of `rules` dealt to the position described (module docstring)."""
    mech = mechanics(rules)
    ruleset = mech.rules
    n = ruleset.players
    if not 0 <= dealer < n:
        raise ScenarioError(f"dealer: no seat {dealer} (seats 0..{n - 1})")
    if len(hands) > n:
        raise ScenarioError(f"{len(hands)} hands for a {n}-player ruleset")
    seat_melds: list[list[Meld]] = [[] for _ in range(n)]
    for seat, items in (melds or {}).items():
        if not 0 <= seat < n:
            raise ScenarioError(f"melds: no seat {seat}")
        seat_melds[seat] = [m if isinstance(m, Meld) else parse_meld(m, n) for m in items]
    concealed: list[list[Tile] | None] = [None] * n
    for seat, given in enumerate(hands):
        if given is not None:
            concealed[seat] = _tiles(given)
    draw_tiles, tail_tiles = _tiles(draws), _tiles(tail)
    shown = None if indicator is None else _tiles(indicator)
    if shown is not None and (len(shown) != 1 or not mech.has("laizi")):
        raise ScenarioError("indicator: one tile, and only for a ruleset with laizi (wuhan)")
    # each meld held 3 of the 13/14 dealt tiles; a kong's 4th came off the tail
    dealt_melds: list[list[Tile]] = [[] for _ in range(n)]
    kong_fourths: list[Tile] = []
    for seat in range(n):
        for meld in seat_melds[seat]:
            tiles = meld.tiles
            if meld.kind in ONE_TILE_KONGS:  # put out, replaced from the tail
                kong_fourths.extend(tiles)
            else:
                dealt_melds[seat].extend(tiles[:3])
                kong_fourths.extend(tiles[3:])
    pool = full_set(ruleset.kinds, ruleset.copies)
    named = [*(t for c in concealed if c for t in c), *(t for m in dealt_melds for t in m),
             *kong_fourths, *draw_tiles, *tail_tiles, *(shown or [])]
    for tile in named:
        try:
            pool.remove(tile)
        except ValueError:
            raise ScenarioError(f"no copy of {tile_name(tile)} left: the position names more "
                                f"than {ruleset.copies} (or a kind outside the {rules} set)")\
                from None
    random.Random(f"scenario-fill:{fill_seed}").shuffle(pool)
    dealt: list[list[Tile]] = []
    for seat in range(n):
        want = (14 if seat == dealer else 13) - sum(
            min(3, len(m.tiles)) for m in seat_melds[seat] if m.kind not in ONE_TILE_KONGS)
        given = concealed[seat]
        if given is None:
            given, pool = pool[:want], pool[want:]
        elif len(given) != want:
            raise ScenarioError(f"seat {seat}: {len(given)} concealed tiles, expected {want} "
                                f"({'the dealer: 14' if seat == dealer else '13'} less its melds)")
        dealt.append([*given, *dealt_melds[seat]])
    stacks = mech.has("dead_tail") and tail_by_stacks(RNG_VERSION)
    wall = _arrange(stacks, ruleset.tile_count, dealt,
                    dealer, [*(shown or []), *draw_tiles], [*kong_fourths, *tail_tiles], pool)
    hand = Hand.new(rules, seed, dealer, options, wall=wall, names=names, hand_no=hand_no)
    _lay_melds(hand, seat_melds, rain=mech.has("rain"))
    return hand


def _tiles(value: str | Sequence[Tile] | Tile) -> list[Tile]:
    if isinstance(value, int):
        return [value]
    if isinstance(value, str):
        return parse_tiles(value)
    return list(value)


def _arrange(stacks: bool, size: int, dealt: list[list[Tile]], dealer: int,
             draws: list[Tile], tail: list[Tile], pool: list[Tile]) -> list[Tile]:
    """The wall in taking order: the deal, `draws`, the filler, and `tail` where the replacement
    draws will take it."""
    head = [*deal_order(dealt, dealer), *draws]
    wall: list[Tile | None] = [None] * size
    wall[: len(head)] = head
    places = Wall(list(range(size)), stacks=stacks)
    for tile in tail:
        wall[places.draw_tail()] = tile
    filler = iter(pool)
    return [next(filler) if t is None else t for t in wall]


def _lay_melds(hand: Hand, seat_melds: list[list[Meld]], rain: bool = False) -> None:
    """Move each meld's tiles from the concealed hand to the table (its 4th from the tail);
    `rain`: three claimed sets of one suit start wuhan's 下雨 watch, as the third claim would."""
    if not any(seat_melds):
        return
    state = hand.state
    for seat, melds in enumerate(seat_melds):
        me = state.seats[seat]
        for meld in melds:
            tiles = meld.tiles
            if meld.kind in ONE_TILE_KONGS:
                state.wall.draw_tail()
                me.melds.append(meld)
                continue
            for tile in tiles[:3]:
                me.counts[tile] -= 1
            if len(tiles) == 4:
                replacement_tile(hand)
            if meld.kind in ("picked", "grabbed"):
                me.singles.append(meld.tile)
                me.grabbed = me.grabbed or meld.kind == "grabbed"
            me.melds.append(meld)
    state.follow = None  # melds mean claims: no following the dealer
    for seat, me in enumerate(state.seats):
        watch = rain_suit(me.melds) if rain else None
        if watch is not None:
            state.rain_watch[seat] = watch
        me.dealt_quads = {t for t in range(34) if me.counts[t] == 4}
    for event in state.events:  # the deal events name what each seat now holds concealed
        if event.kind == "deal":
            seat = event.data["seat"]
            event.data["tiles"] = [tile_name(t) for t in range(34)
                                   for _ in range(state.seats[seat].counts[t])]
    hand.legal_cache.clear()


def scenario(text: str, **overrides: Any) -> Hand:
    """A hand from the text form (module docstring): `key: value` lines, `seat N: TILES | MELD,
    MELD`; `#` starts a comment. Keyword arguments override or add fields."""
    fields: dict[str, Any] = {}
    hands: dict[int, str] = {}
    melds: dict[int, list[str]] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise ScenarioError(f"line {number}: expected 'key: value', got {line!r}")
        key, value = key.strip().lower(), value.strip()
        seat_match = re.fullmatch(r"seat\s*(\d)", key)
        if seat_match:
            seat = int(seat_match.group(1))
            tiles, _, meld_text = value.partition("|")
            if tiles.strip() and tiles.strip() != "?":
                hands[seat] = tiles.replace(" ", "")
            melds[seat] = [m for m in (x.strip() for x in meld_text.split(",")) if m]
        elif key in ("rules", "draws", "tail", "indicator", "seed"):
            fields[key] = value.replace(" ", "") if key in ("draws", "tail") else value
        elif key in ("dealer", "fill_seed", "hand_no"):
            fields[key] = int(value)
        elif key == "flags":
            fields.setdefault("options", {})["flags"] = value.split()
        elif key == "round_wind":
            fields.setdefault("options", {})["round_wind"] = value
        else:
            raise ScenarioError(f"line {number}: unknown field {key!r}")
    fields.update(overrides)
    rules = fields.pop("rules", None)
    if rules is None:
        raise ScenarioError("a scenario needs 'rules: ID'")
    players = mechanics(rules).rules.players
    fields.setdefault("hands", [hands.get(s) for s in range(players)])
    fields.setdefault("melds", melds)
    if "indicator" in fields and isinstance(fields["indicator"], str):
        fields["indicator"] = parse_tile(fields["indicator"])
    return build(rules, **fields)
