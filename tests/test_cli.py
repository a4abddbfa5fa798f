"""The `majiang` command's help: the first thing a user types."""

from __future__ import annotations

import pytest

from majiang.cli import COMMANDS, main


@pytest.mark.parametrize("argv", [["--help"], *[[name, "--help"] for name in COMMANDS]])
def test_every_help_prints(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: majiang")
    if len(argv) == 2:
        assert COMMANDS[argv[0]][1] in out  # the description, as written
    else:
        for name, (_, help_text) in COMMANDS.items():
            assert name in out
            assert help_text in out


def test_no_command_prints_the_help_and_fails(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "arena" in capsys.readouterr().out
