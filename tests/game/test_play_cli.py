"""`majiang play` reads numbered choices from piped input and ends cleanly."""

from __future__ import annotations

import argparse
import io

from majiang.game.actions import DISCARDS, PASS_ACTION, PUNGS
from majiang.play_cli import add_arguments, choice, run


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(list(argv))


def test_a_whole_match_from_piped_input() -> None:
    out = io.StringIO()
    code = run(_args("--seed", "pipe", "--hands", "2"), io.StringIO("1\n" * 500), out)
    text = out.getvalue()
    assert code == 0
    assert "The match is over" in text
    assert "this hand 本局" in text


def test_end_of_input_and_bad_choices_end_cleanly() -> None:
    out = io.StringIO()
    code = run(_args("--seed", "eof", "--hands", "1"), io.StringIO("99\nabc\n"), out)
    assert code == 0
    assert "type a number from 1 to" in out.getvalue()
    assert "End of input 输入结束" in out.getvalue()


def test_q_says_the_player_left() -> None:
    out = io.StringIO()
    assert run(_args("--seed", "eof", "--hands", "1"), io.StringIO("q\n"), out) == 0
    assert "You left the match 你已离开" in out.getvalue()
    assert "End of input" not in out.getvalue()


def test_enter_passes_a_claim_and_a_tile_name_discards() -> None:
    """Enter on a claim prompt passes (it once punged: the first action listed); a tile typed as
    on the felt, in either script, discards it when that discard is legal."""
    claim = [PUNGS[4], PASS_ACTION]
    assert choice("", claim, PASS_ACTION) == PASS_ACTION
    assert choice("1", claim, PASS_ACTION) == PUNGS[4]
    turn = [DISCARDS[13], DISCARDS[33]]
    assert choice("5p", turn, turn[0]) == DISCARDS[13]
    assert choice("中", turn, turn[0]) == DISCARDS[33]
    for wrong in ("五万", "3", "0", "10m", "abc"):
        assert choice(wrong, turn, turn[0]) is None


def test_unknown_ruleset_is_refused() -> None:
    out = io.StringIO()
    assert run(_args("--rules", "nope"), io.StringIO(""), out) == 2
    assert "nope" in out.getvalue()


def test_yangzhou_plays_rounds_of_winds_and_bad_rounds_are_refused() -> None:
    out = io.StringIO()
    code = run(_args("--rules", "yangzhou", "--rounds", "1", "--seed", "yz"), io.StringIO(""), out)
    assert code == 0 and "majiang yangzhou: 1 round of winds 东 (East), seed yz" in out.getvalue()
    out = io.StringIO()
    assert run(_args("--rounds", "2"), io.StringIO(""), out) == 2
    assert "no rounds of winds" in out.getvalue()
