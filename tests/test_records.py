"""Game records: the pygames format round-trips every game and option set, hostile files are
refused whole with the line and the reason, and pente.org's records read and write."""

from __future__ import annotations

import datetime
import random

import pytest

from pygames import new_game
from pygames.notation import Record
from pygames.records import (
    MAX_BYTES,
    RecordError,
    read,
    read_any,
    read_pente_org,
    result_text,
    write,
    write_pente_org,
)

CONFIGS = [
    ("loose", {"size": 5}), ("loose", {"size": 7, "komi": 2, "pie": True}),
    ("vacu", {"size": 5}), ("vacu", {"size": 4, "pie": True, "komi": -3}),
    ("convacu", {"size": 5}), ("gardar", {"size": 4}),
    ("gardar", {"size": 4, "death": "group", "cascade": True, "half_point": "final"}),
    ("pente", {"size": 9, "opening": "none"}), ("pente", {"size": 9}), ("pente", {"size": 13, "opening": "swap"}),
    ("pente", {"size": 9, "opening": "none", "players": 3, "mixed_capture": True}),
    ("pente", {"size": 9, "opening": "none", "players": 4, "teams": True, "capture_three": True}),
]
DAY = datetime.date(2026, 11, 22)


def random_record(name: str, options: dict, seed: int, plies: int = 400) -> Record:
    game = new_game(name, **options)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over():
            break
        game.play(game.random_move(rng))
    return Record.of(game)


@pytest.mark.parametrize("name, options", CONFIGS, ids=[f"{n}-{o}" for n, o in CONFIGS])
def test_random_games_round_trip(name, options):
    for seed in range(4):
        record = random_record(name, options, seed, plies=[400, 7, 0, 60][seed])
        text = write(record, ["Ana", "Computer (easy)"], DAY)
        back = read(text)
        assert back.record == record
        assert back.players == ["Ana", "Computer (easy)"]
        assert back.tags["Date"] == "2026.11.22" and back.tags["Result"] == result_text(record)
        assert write(back.record, back.players, DAY) == text
        assert all(len(line) <= 80 for line in text.splitlines())


def test_a_setup_position_round_trips():
    record = Record("loose", new_game("loose", size=5).options, setup={0: 1, 6: 2}, to_move=2, moves=[12])
    text = write(record, date=DAY)
    assert '[Setup "s1=a5 s2=b4 t=2"]' in text
    assert read(text).record == record


def test_the_format_reads_as_documented():
    text = """[Game "loose"]
[Options "size=5 komi=4"]
[Player 1 "Ana"]
[Event "club night"]

1. c3 b2 2. pass pass
"""
    got = read(text)
    assert got.record.options["komi"] == 4 and len(got.record.moves) == 4
    assert got.tags["Event"] == "club night" and got.players == ["Ana"]
    assert got.record.replay().result().winners == (2,)


@pytest.mark.parametrize("text, line, reason", [
    ("", 0, "no [Game"),
    ('[Game "chess"]\n', 1, "unknown game 'chess'"),
    ('[Game "loose"]\n[Options "size=4"]\n', 2, "odd-sized"),
    ('[Game "loose"]\n[Options "colour=red"]\n', 2, "unknown option 'colour'"),
    ('[Game "loose"]\n[Options "size"]\n', 2, "not name=value"),
    ('[Game "loose"]\n\n1. e5 e5\n', 3, "move 2 (e5): that point is already occupied"),
    ('[Game "loose"]\n\n1. e5 d4\n2. c3 zz9\n', 4, "move 4 (zz9)"),
    ('[Game "loose"]\n\n1. e5 2. d4\n', 3, "move number 2. is out of place"),
    ('[Game "loose"]\n\n1. e5 d4\n[Event "late"]\n', 4, "a tag after the moves"),
    ('[Game "loose"]\n[Game "vacu"]\n', 2, "given twice"),
    ('[Game loose]\n', 1, 'must read [Name "value"]'),
    ('[Game "loose"]\n[Result "Black wins (more points)"]\n\n1. pass pass\n', 2, "the moves give"),
])
def test_malformed_records_name_the_line_and_the_reason(text, line, reason):
    with pytest.raises(RecordError) as e:
        read(text)
    assert e.value.line == line and reason in str(e.value)


def test_truncated_records_either_read_a_prefix_or_are_refused():
    record = random_record("vacu", {"size": 5}, 3)
    text = write(record, date=DAY)
    for cut in range(0, len(text), 7):
        try:
            got = read(text[:cut])
        except RecordError:
            continue
        assert got.record.moves == record.moves[:len(got.record.moves)]


def test_huge_and_binary_files_are_refused_whole():
    with pytest.raises(RecordError, match="too large"):
        read('[Game "loose"]\n' + "pass " * MAX_BYTES)
    with pytest.raises(RecordError, match="not a text file"):
        read(bytes(range(256)) * 10)
    with pytest.raises(RecordError, match="not a text file"):
        read('[Game "loose"]\x00')


# -- pente.org ----------------------------------------------------------------------------

PENTE_ORG = """[Event "Tournament"]
[Site "pente.org"]
[Date "2004.05.12"]
[Game "Pente"]
[Player 1 Name "alpha"]
[Player 2 Name "beta"]
[Player 1 Rating "1700"]
[Result "1-0"]

1. K10 L9 2. N10 M10 3. L11 M12 4. M11 N11 5. J11 K11 6. K12 H10 7. J9 Resign
"""


def test_a_hand_written_pente_org_record_imports_to_the_expected_position():
    got = read_pente_org(PENTE_ORG)
    game = got.record.replay()
    assert got.record.options["opening"] == "pro" and not got.record.options["capture_three"]
    assert got.players == ["alpha", "beta"] and got.record.resigned == 2
    assert result_text(got.record) == "White wins (Black resigns)"
    board = game.board
    label = {"K10": "j10", "L9": "k9", "N10": "m10", "M12": "l12", "H10": "h10", "J9": "i9"}
    assert game.stones[board.parse(label["K10"])] == 1 and game.stones[board.parse(label["L9"])] == 2
    assert game.stones[board.parse(label["H10"])] == 2 and game.stones[board.parse(label["J9"])] == 1
    assert len(got.record.moves) == 13 and game.result() is None


def test_pente_org_keryo_and_refused_games():
    keryo = read_pente_org(PENTE_ORG.replace('"Pente"', '"Keryo-Pente"'))
    assert keryo.record.options["capture_three"]
    with pytest.raises(RecordError, match="'D-Pente' is not played here"):
        read_pente_org(PENTE_ORG.replace('"Pente"', '"D-Pente"'))
    with pytest.raises(RecordError, match="line 10: 'I5' is not a pente.org move"):
        read_pente_org(PENTE_ORG.replace("N10 M10", "I5 M10"))
    with pytest.raises(RecordError, match="move 3 .*centre"):
        read_pente_org(PENTE_ORG.replace("N10 M10", "K11 M10"))


def test_pente_org_round_trip_and_refusals():
    record = random_record("pente", {"opening": "pro"}, 5, plies=60)
    text = write_pente_org(record, ["a", "b"], DAY)
    assert text.startswith('[Game "Pente"]\n[Site "pygames"]\n[Date "2026.11.22"]')
    assert read_pente_org(text).record.moves == record.moves
    assert read_any(text).record.moves == record.moves
    with pytest.raises(ValueError, match="19x19"):
        write_pente_org(random_record("pente", {"size": 9}, 1, plies=5))
    with pytest.raises(ValueError, match="opening"):
        write_pente_org(random_record("pente", {"opening": "swap2"}, 1, plies=5))
    with pytest.raises(ValueError, match="only Pente"):
        write_pente_org(random_record("loose", {"size": 5}, 1, plies=5))


def test_read_any_takes_links_and_both_formats():
    assert read_any("https://example.org/index.html#v=1&g=loose&size=5&m=c3").record.moves == [12]
    assert read_any(write(random_record("gardar", {"size": 4}, 1, 9), date=DAY)).record.game == "gardar"
    with pytest.raises(RecordError, match="unknown game"):
        read_any("#v=1&g=go&m=c3")
    with pytest.raises(RecordError, match="neither a share link nor a game record"):
        read_any("1. e5 d4")


def test_a_resignation_ends_the_movetext_and_survives_both_formats():
    record = Record("pente", new_game("pente", opening="pro").options, moves=[180])
    record.resigned = 2
    text = write(record, date=datetime.date(2026, 1, 2))
    assert text.rstrip().endswith("1. j10 resign") and '[Result "White wins (Black resigns)"]' in text
    assert read(text).record == record
    pente_org = write_pente_org(record)
    assert pente_org.rstrip().endswith("K10 Resign") and '[Result "1-0"]' in pente_org
    assert read_pente_org(pente_org).record.resigned == 2


@pytest.mark.parametrize("movetext, why", [
    ("1. e5 resign d4", "a resignation can only end an unfinished game"),
    ("resign resign", "a resignation can only end an unfinished game"),
])
def test_a_resignation_anywhere_but_the_end_is_refused(movetext, why):
    with pytest.raises(RecordError, match=why):
        read(f'[Game "loose"]\n\n{movetext}\n')


def test_a_set_up_position_with_its_state_survives_a_record():
    record = Record("pente", new_game("pente", opening="pro").options, setup={180: 1}, to_move=2,
                    state={"captures": [4, 2]}, moves=[181])
    text = write(record, date=datetime.date(2026, 1, 2))
    assert '[Setup "s1=j10 t=2 captures=4.2"]' in text and read(text).record == record
