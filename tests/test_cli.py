"""The command line, run as a user would: ``python -m pygames`` in a child process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pygames", *args], input=stdin, check=False, capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_every_command_has_help():
    top = run("--help")
    assert top.returncode == 0
    for command in ("svg", "record", "link", "ai", "review", "play"):
        assert command in top.stdout
        page = run(command, "--help")
        assert page.returncode == 0 and "usage: pygames " + command in page.stdout


def test_svg_draws_a_diagram_with_marks_to_a_file(tmp_path):
    out = tmp_path / "board.svg"
    done = run("svg", "index.html#v=1&g=loose&size=5&s1=b5.b4&s2=a5&t=1", "--marks", "circle:a3,A:c3",
               "--width", "200", "-o", str(out))
    assert done.returncode == 0, done.stderr
    picture = out.read_text()
    assert picture.startswith("<svg") and 'width="200"' in picture
    assert picture.count("<circle") >= 3 and ">A</text>" in picture


def test_record_and_link_convert_both_ways(tmp_path):
    link = "v=1&g=vacu&size=5&m=c3.b2.button.pass.pass"
    record = run("record", link, "--player", "Ana", "--player", "Bo")
    assert record.returncode == 0
    assert '[Game "vacu"]' in record.stdout and '[Player 2 "Bo"]' in record.stdout
    path = tmp_path / "game.txt"
    path.write_text(record.stdout)
    back = run("link", str(path))
    assert back.returncode == 0 and back.stdout.strip() == "index.html#" + link
    assert run("link", "-", stdin=record.stdout).stdout == back.stdout


def test_pente_org_records_convert(tmp_path):
    done = run("record", "v=1&g=pente&opening=pro&m=j10.k9.m10", "--pente-org")
    assert done.returncode == 0 and "1. K10 L9 2. N10" in done.stdout
    refused = run("record", "v=1&g=pente&size=9&m=e5", "--pente-org")
    assert refused.returncode == 1 and "19x19" in refused.stderr


def test_ai_gives_a_move_and_the_chances():
    done = run("ai", "v=1&g=pente&size=9&opening=none&m=e5.d4", "--level", "beginner")
    assert done.returncode == 0, done.stderr
    first, chances, _ = done.stdout.splitlines()
    assert first.startswith("White to play: ") and chances.startswith("chances: White ")


def test_ai_lines_show_each_move_with_its_expected_line_and_chances():
    done = run("ai", "v=1&g=pente&size=13&opening=none&m=g7.a1.f7.a3.h7.a5", "--seconds", "1", "--lines", "3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("White to play: ")
    numbered = [line for line in lines if line[:3] in ("1. ", "2. ", "3. ")]
    assert numbered and numbered[0].startswith("1. " + lines[0].split(": ")[1] + " ")
    assert "forced win in" in numbered[0] and "White 100%" in numbered[0]


@pytest.mark.parametrize("args, message", [
    (("ai", "v=1&g=loose&size=5", "--lines", "0"), "lines must be a positive whole number"),
    (("ai", "v=1&g=loose&size=5", "--workers", "999"), "workers=999 is more than this machine's"),
    (("link", "v=1&g=chess"), "unknown game"),
    (("ai", "v=1&g=loose&size=3&m=pass.pass"), "the game is over"),
    (("svg", "v=1&g=loose&size=5&m=c3", "--ply", "9"), "the game has one move"),
    (("record", "-"), "neither a share link nor a game record"),
    (("play", "loose", "size=4"), "odd-sized"),
    (("review", "v=1&g=vacu"), "nothing to review"),
    (("review", "v=1&g=loose&size=5&m=c3", "--workers", "999"), "workers=999 is more than this machine's"),
])
def test_bad_input_exits_1_with_a_reason_and_no_traceback(args, message):
    done = run(*args)
    assert done.returncode == 1 and message in done.stderr and "Traceback" not in done.stderr


def test_a_review_of_one_move_says_so_in_the_singular():
    done = run("review", "v=1&g=loose&size=5&m=c3", "--iterations", "1", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "Review of Loose, one move (one unit of search a position)"


def test_review_prints_the_marks_and_the_summary_and_saves_them_as_comments(tmp_path):
    out = tmp_path / "reviewed.txt"
    done = run("review", "v=1&g=pente&opening=none&m=j10.a1.j11.a2.j12.a3.j13.a4.j14", "--iterations", "3000",
               "--seed", "1", "-o", str(out))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Review of Pente, 9 moves (3000 units of search a position)"
    assert any(line.startswith("6. a3 ??") and "Blunder: Black's chance" in line and "open four" in line for line in lines)
    assert lines[-2].startswith("White: inaccuracies") and lines[-1].startswith("Black: inaccuracies")
    record = out.read_text()
    assert "[%mark blunder]" in record and record.count("[%eval ") == 10
    # the saved review opens again: the same review from the file, in Korean
    again = run("--lang", "ko", "review", str(out), "--iterations", "3000", "--seed", "1")
    assert again.returncode == 0 and "대실수" in again.stdout


def test_a_wrong_command_line_exits_2():
    assert run("draw").returncode == 2
    assert run("ai").returncode == 2


def test_play_a_game_in_the_terminal_against_the_computer():
    done = run("play", "loose", "size=3", "--computer", "2", "--level", "beginner",
               stdin="zz\nb2\nundo\nb2\npass\npass\npass\npass\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "'zz' is not a move" in out
    assert "3 . . ." in out and "  a b c" in out
    assert out.count("computer plays") >= 2
    assert "Game over:" in out and "link: #v=1&g=loose&size=3&m=b2." in out
