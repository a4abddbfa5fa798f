"""The `majiang` command's help: the first thing a user types."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from majiang.cli import COMMANDS, main
from majiang.game.hand import Hand
from majiang.game.record import hand_record, save


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


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    """`majiang score < many | head -1`: the closed pipe ends the command quietly."""
    request = json.dumps({"rules": "tuidaohu", "hand": "123m456p789s23m55z", "win_tile": "4m"})
    command = [sys.executable, "-m", "majiang", "score"]
    with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE) as proc:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        proc.stdin.write((request + "\n").encode() * 20000)
        proc.stdin.close()
        assert proc.stdout.readline().startswith(b'{"ok": true')
        proc.stdout.close()  # the reader goes away, as `head -1` does
        err = proc.stderr.read().decode()
    assert proc.returncode == 141
    assert "Traceback" not in err


@pytest.mark.parametrize(("argv", "said"), [
    (["simulate", "--economy", "--accounts", "0"], "at least 1"),
    (["simulate", "--economy", "--hands", "0"], "at least 1"),
    (["simulate", "--economy", "--days", "-2"], "at least 1"),
    (["simulate", "--economy", "--fee", "-50"], "0 to 100"),
    (["simulate", "--economy", "--sample", "{tmp}/no/s.json"], "文件夹不存在"),
    (["simulate", "--economy", "--sample", "{tmp}/bad.json"], "无法读取样本文件"),
    (["simulate", "--hands", "1", "--records", "{tmp}/bad.json"], "无法创建记录文件夹"),
    (["simulate", "--hands", "1", "--out", "{tmp}/hands.csv"], ".jsonl"),
    (["arena", "--hands", "1", "--plot", "{tmp}/no/out.png"], "文件夹不存在"),
    (["arena", "--hands", "1", "--bots", "strong"], "两个不同的机器人"),
    (["arena", "--hands", "1", "--bots", "strong,strong"], "两个不同的机器人"),
    (["arena", "--hands", "1", "--plot", "{tmp}/out.txt"], ".png"),
    (["replay", "--seat", "9", "{tmp}/record.json"], "座位号应为 0 到 3"),
    (["simulate", "--hands", "1", "--days", "7"], "仅用于 --economy"),
    (["simulate", "--hands", "1", "--fee", "5", "--accounts", "9"], "--accounts, --fee: options"),
])
def test_bad_arguments_are_refused_in_both_languages(
        argv: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each once ended in a traceback, or (a negative fee) made the fee sink a faucet, or (an
    option of --economy alone, without it) was ignored while hands were played."""
    (tmp_path / "bad.json").write_text("not json")
    hand = Hand.new("tuidaohu", "cli")
    save(hand_record(hand, ["a", "b", "c", "d"]), tmp_path / "record.json")
    assert main([a.format(tmp=tmp_path) for a in argv]) == 2
    captured = capsys.readouterr()
    assert said in captured.out + captured.err
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize("argv", [["serve", "--port", "99999"], ["replay", "--delay", "-1", "x"]])
def test_impossible_numbers_are_refused_by_the_parser(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert "/" in capsys.readouterr().err  # English / 中文
