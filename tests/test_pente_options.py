"""Pente's later Board Game Arena options: overline (wins, exact, forbidden), overtime (off,
capture the line, break the line), the capture win counted in stones or captures, and the
opening default that suits every player count. Each value is tested on its own and with
capture three, self-capture (poof and forbidden), teams and mixed capture; the options
travel through the new-game form, share links and records, and ``describe()`` states them;
the searcher stays legal and sensible under them.

Diagrams are written top row first: ``W`` White, ``B`` Black, ``3`` Orange, ``4`` Blue, ``.``
empty; ``at(game, row, col)`` counts rows from the top.
"""

from __future__ import annotations

import itertools
import random

import pytest
from diagrams import at
from test_pente import pente, row

from pygames import IllegalMove, OptionError, Result, new_game
from pygames.ai.pente import PenteSearch
from pygames.notation import Record, decode, encode
from pygames.pente import BLACK, ORANGE, WHITE, Pente
from pygames.records import read, write
from pygames.session import option_fields

NEW_OPTIONS = {"overline": ("wins", "exact", "forbidden"),
               "overtime": ("off", "capture-the-line", "break-the-line"),
               "capture_count": ("stones", "captures")}


def full_board(*empty: tuple[int, int]) -> dict[int, str]:
    """A 9x9 board filled so that nobody has a row longer than two, with White's row
    ``W . W W W`` along the top (to be completed at (0, 1)) and the points ``empty`` left
    open; placing White at (0, 1) captures nothing."""
    rows = {}
    for r in range(9):
        cells = ["W" if (r + 2 * c) % 4 < 2 else "B" for c in range(9)]
        if r == 0:
            cells[:5] = ["W", ".", "W", "W", "W"]
        for er, ec in empty:
            if er == r:
                cells[ec] = "."
        rows[r] = " ".join(cells)
    return rows


# -- declarations, defaults and every player count ----------------------------------------

def test_new_options_default_to_the_rules_as_they_were():
    game = new_game("pente")
    assert {name: game.options[name] for name in NEW_OPTIONS} == \
        {"overline": "wins", "overtime": "off", "capture_count": "stones"}
    assert game.options["opening"] == "auto" and game.opening == "swap2"
    assert game.describe() == "Win: five or more in a row, or 10 captured stones; opening: Swap2"


@pytest.mark.parametrize("players, teams, row_length, threshold, describe", [
    (2, False, 5, 10, "Win: five or more in a row, or 10 captured stones; opening: Swap2"),
    (3, False, 4, 8, "Win: four or more in a row, or 8 captured stones"),
    (4, False, 4, 8, "Win: four or more in a row, or 8 captured stones"),
    (4, True, 5, 10, ("Win: five or more in a row, or 10 captured stones; teams: White and Orange against "
                      "Black and Blue")),
])
def test_default_options_work_for_every_player_count(players, teams, row_length, threshold, describe):
    game = new_game("pente", players=players, teams=teams)
    assert (game.row_length, game.threshold, game.describe()) == (row_length, threshold, describe)
    assert game.opening == ("swap2" if players == 2 else "none")
    assert game.prompt() == ("First player: place the first white stone" if players == 2 else "White to play")
    rng = random.Random(players)
    while not game.is_over():
        game.play(game.random_move(rng))


@pytest.mark.parametrize("opening", ["pro", "long-pro", "swap", "swap2"])
def test_a_two_player_opening_with_more_players_names_the_option(opening):
    with pytest.raises(OptionError, match="Opening rule: opening rules are for two players"):
        new_game("pente", players=3, opening=opening)


def test_the_new_game_form_offers_every_new_option():
    fields = {f["name"]: f for f in option_fields("pente")}
    for name, values in NEW_OPTIONS.items():
        assert fields[name]["kind"] == "choice"
        assert fields[name]["choices"] == list(values)
        assert fields[name]["default"] == values[0]
        assert fields[name]["help"]
    # The form starts a new visitor on Pro; the rules' own default (the first choice) stays auto.
    assert fields["opening"]["default"] == "pro" and fields["opening"]["choices"][0] == "auto"
    assert new_game("pente").options["opening"] == "auto"


@pytest.mark.parametrize("given, meant", [
    (True, "capture-the-line"), (False, "off"), ("1", "capture-the-line"), ("0", "off"), ("yes", "capture-the-line"),
    ("on", "capture-the-line"), ("off", "off"), ("break-the-line", "break-the-line"),
])
def test_overtime_keeps_reading_its_old_yes_no_values(given, meant):
    assert new_game("pente", overtime=given).options["overtime"] == meant


def test_overtime_refuses_an_unknown_value():
    with pytest.raises(OptionError, match="Overtime"):
        new_game("pente", overtime="maybe")


# -- links, records and describe for every value ------------------------------------------

def _played(options: dict, seed: int, plies: int = 40) -> Pente:
    game = new_game("pente", size=9, opening="none", **options)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over():
            break
        game.play(game.random_move(rng))
    return game


VALUE_SETS = [{name: value} for name, values in NEW_OPTIONS.items() for value in values] + [
    {"overline": "exact", "overtime": "break-the-line", "capture_count": "captures", "capture_three": True},
    {"overline": "forbidden", "overtime": "capture-the-line", "self_capture": "forbidden"},
    {"players": 4, "teams": True, "overline": "exact", "capture_count": "captures", "mixed_capture": True},
]


@pytest.mark.parametrize("options", VALUE_SETS, ids=str)
def test_links_and_records_carry_the_options(options):
    game = _played(options, 3)
    record = Record.of(game)
    fragment = encode(record)
    for name, value in options.items():
        default = next(o.default for o in Pente.OPTIONS if o.name == name)
        assert (f"{name}=" in fragment) == (value != default)
    decoded = decode(fragment)
    assert decoded.errors == [] and decoded.record.options == game.options
    back = read(write(record, ["Ana", "Bo"])).record
    assert back.options == game.options and back.moves == record.moves
    for twin in (decoded.record.replay(), back.replay()):
        assert (twin.stones, twin.scores(), twin.result(), twin.pending) == \
            (game.stones, game.scores(), game.result(), game.pending)


def test_an_old_link_with_overtime_1_still_opens_capture_the_line():
    decoded = decode("v=1&g=pente&size=9&opening=none&overtime=1&s1=b5.c5.d5.e5&s2=a5&t=1&m=f5")
    assert decoded.errors == [] and decoded.record.options["overtime"] == "capture-the-line"
    game = decoded.record.replay()
    assert game.pending is not None and game.prompt() == "Overtime: Black may capture to stop White's win"
    assert "overtime=capture-the-line" in encode(decoded.record)


@pytest.mark.parametrize("options, text", [
    ({"overline": "wins"}, "Win: five or more in a row, or 10 captured stones"),
    ({"overline": "exact"}, "Win: exactly five in a row, or 10 captured stones"),
    ({"overline": "forbidden"}, "Win: five in a row, or 10 captured stones; rows longer than five are forbidden"),
    ({"overline": "exact", "players": 3}, "Win: exactly four in a row, or 8 captured stones"),
    ({"overline": "forbidden", "players": 3},
     "Win: four in a row, or 8 captured stones; rows longer than four are forbidden"),
    ({"capture_count": "captures"}, "Win: five or more in a row, or 5 captures"),
    ({"capture_count": "captures", "capture_three": True},
     "Win: five or more in a row, or 5 captures; runs of two or three are captured"),
    ({"capture_count": "captures", "players": 3}, "Win: four or more in a row, or 4 captures"),
    ({"capture_count": "captures", "players": 4, "teams": True},
     "Win: five or more in a row, or 5 captures; teams: White and Orange against Black and Blue"),
    ({"capture_count": "captures", "capture_win": False}, "Win: five or more in a row"),
    ({"overtime": "off"}, "Win: five or more in a row, or 10 captured stones"),
    ({"overtime": "capture-the-line"},
     "Win: five or more in a row, or 10 captured stones; overtime: the next player may capture a winning row"),
    ({"overtime": "break-the-line"}, ("Win: five or more in a row, or 10 captured stones; "
                                      "overtime: the next player may break a winning row by a capture")),
])
def test_describe_states_every_value(options, text):
    assert new_game("pente", opening="none", **options).describe() == text


# -- overline --------------------------------------------------------------------------------

def test_overline_wins_by_default():
    game = pente({4: "W W W . W W . . ."})
    game.play(at(game, 4, 3))
    assert game.result() == Result((WHITE,), "six in a row")


def test_exact_five_an_overline_does_not_win_but_five_does():
    game = pente({4: "W W W . W W . . .", 6: "W W W W . . . . ."}, overline="exact")
    game.play(at(game, 4, 3))
    assert game.result() is None and game.rows == ()
    game.play(at(game, 0, 0))
    game.play(at(game, 6, 4))
    assert game.result() == Result((WHITE,), "five in a row")


def test_exact_four_with_three_or_four_players():
    for players in (3, 4):
        game = pente({4: "W W . W W . . . .", 6: "W W W . . . . . ."}, players=players, overline="exact")
        game.play(at(game, 4, 2))
        assert game.result() is None
        game.play(at(game, 0, 0))
        game.play(at(game, 0, 8))
        if players == 4:
            game.play(at(game, 8, 8))
        game.play(at(game, 6, 3))
        assert game.result() == Result((WHITE,), "four in a row")


def test_exact_five_in_team_play_is_five_and_a_partner_stone_ends_the_row():
    game = pente({4: "W W W W . 3 . . ."}, players=4, teams=True, overline="exact")
    game.play(at(game, 4, 4))
    assert game.result() == Result((WHITE, ORANGE), "White: five in a row")


def test_exact_five_in_a_set_up_position():
    assert pente({4: "W W W W W W . . ."}, overline="exact").result() is None
    assert pente({4: "W W W W W . . . ."}, overline="exact").result() == Result((WHITE,), "five in a row")


def test_forbidden_overline_is_refused_and_marked():
    game = pente({4: "W W W . W W . . ."}, overline="forbidden")
    with pytest.raises(IllegalMove, match="that point is forbidden: your row there would be longer than five"):
        game.play(at(game, 4, 3))
    assert {"kind": "mark", "points": [at(game, 4, 3)], "shape": "cross", "colour": 0,
            "label": "forbidden: overline"} in game.annotations()
    assert not game.is_legal(at(game, 4, 3)) and at(game, 4, 3) not in game.legal_moves()
    game.play(at(game, 0, 0))
    assert game.is_legal(at(game, 4, 3)), "Black may play there"


def test_forbidden_overline_leaves_five_winning():
    game = pente({4: "W W W W . . . . ."}, overline="forbidden")
    game.play(at(game, 4, 4))
    assert game.result() == Result((WHITE,), "five in a row")


def test_forbidden_overline_with_four_in_a_row_in_a_free_for_all():
    game = pente({4: "W W . W W . . . ."}, players=3, overline="forbidden")
    with pytest.raises(IllegalMove, match="longer than four"):
        game.play(at(game, 4, 2))


def test_forbidden_overline_even_if_it_would_capture_or_win_otherwise():
    """The overline is judged as the stone is placed: capturing with it, or winning with it
    along another line, does not make it allowed."""
    rows = {3: ". . . W . . . . .", 4: "W W W . W W . . .", 5: ". . . B . . . . .", 6: ". . . B . . . . .",
            7: ". . . W . . . . ."}
    game = pente(rows, overline="forbidden")
    with pytest.raises(IllegalMove, match="longer than five"):
        game.play(at(game, 4, 3))
    rows = {0: ". . . W . . . . .", 1: ". . . W . . . . .", 2: ". . . W . . . . .", 3: ". . . W . . . . .",
            4: "W W W . W W . . ."}
    game = pente(rows, overline="forbidden")
    with pytest.raises(IllegalMove, match="longer than five"):
        game.play(at(game, 4, 3))


def test_forbidden_overline_even_if_the_stone_would_be_self_captured():
    rows = {3: ". . . B . . . . .", 4: "W W W . W W . . .", 5: ". . . W . . . . .", 6: ". . . B . . . . ."}
    game = pente(rows, overline="forbidden", self_capture="self-capture")
    with pytest.raises(IllegalMove, match="longer than five"):
        game.play(at(game, 4, 3))
    game = pente(rows, overline="wins", self_capture="self-capture")
    game.play(at(game, 4, 3))
    assert game.result() is None and game.captures[BLACK] == 2, "without the rule the stone makes six and vanishes"


def test_both_forbidden_rules_mark_their_points():
    rows = {2: "B W . B . . . . .", 4: "W W W . W W . . ."}
    game = pente(rows, overline="forbidden", self_capture="forbidden")
    marks = {m["label"]: m["points"] for m in game.annotations()}
    assert marks == {"forbidden: self-capture": [at(game, 2, 2)], "forbidden: overline": [at(game, 4, 3)]}
    with pytest.raises(IllegalMove, match="capture position"):
        game.play(at(game, 2, 2))


def test_a_player_whom_overlines_leave_no_point_passes():
    rows = full_board()
    rows[0] = "W . W W W W B B W"
    game = pente(rows, overline="forbidden")
    assert game.result() is None
    assert game.legal_moves() == ["pass"] and game.prompt() == "White has no allowed point and must pass"
    game.play("pass")
    assert game.to_move == BLACK and game.legal_moves() == [at(game, 0, 1)]


# -- overtime: break the line -----------------------------------------------------------------

def test_break_the_line_a_row_waits_and_stands_without_a_capture():
    game = pente({4: ". W W W W . . . ."}, overtime="break-the-line")
    game.play(at(game, 4, 5))
    assert game.result() is None and game.pending == (WHITE, None)
    assert game.prompt() == "Overtime: Black may capture to stop White's win"
    assert game.rows == (tuple(at(game, 4, c) for c in range(1, 6)),)
    assert [m["label"] for m in game.annotations()] == ["winning row"], "no capture point to mark"
    game.play(at(game, 0, 0))
    assert game.result() == Result((WHITE,), "five in a row, not broken in overtime")


def test_break_the_line_a_capture_from_the_row_breaks_it():
    rows = {2: ". . . B . . . . .", 3: ". . . W . . . . .", 4: ". W W W W . . . ."}
    game = pente(rows, overtime="break-the-line")
    game.play(at(game, 4, 5))
    game.play(at(game, 5, 3))
    assert row(game, 4) == ". W W . W W . . ." and game.captures[BLACK] == 2
    assert game.result() is None and game.pending is None and game.rows == ()
    assert game.to_move == WHITE
    game.undo()
    assert game.pending == (WHITE, None) and row(game, 4) == ". W W W W W . . ."


def test_break_the_line_cutting_an_overline_down_to_five_does_not_break_it():
    rows = {2: ". . . . . . B . .", 3: ". . . . . . W . .", 4: ". W W . W W W . ."}
    game = pente(rows, overtime="break-the-line")
    game.play(at(game, 4, 3))
    assert game.pending == (WHITE, None)
    game.play(at(game, 5, 6))
    assert row(game, 4) == ". W W W W W . . ."
    assert game.result() == Result((WHITE,), "five in a row, not broken in overtime")
    assert game.rows == (tuple(at(game, 4, c) for c in range(1, 6)),)


def test_break_the_line_with_exact_five_any_capture_from_the_row_breaks_it():
    rows = {2: ". . . . . B . . .", 3: ". . . . . W . . .", 4: ". W W W W . . . ."}
    game = pente(rows, overtime="break-the-line", overline="exact")
    game.play(at(game, 4, 5))
    game.play(at(game, 5, 5))
    assert game.result() is None and row(game, 4) == ". W W W W . . . ."


def two_rows_made(extra: dict[int, str]) -> Pente:
    """White has just made two rows of five at once, down file e and along row 5, crossing
    at e5; ``extra`` adds rows of stones below them."""
    rows = {r: ". . . . W . . . ." for r in range(4)} | {4: "W W W W . . . . ."} | extra
    game = pente(rows, overtime="break-the-line")
    game.play(at(game, 4, 4))
    assert game.pending == (WHITE, None) and len(game.rows) == 2
    return game


def test_break_the_line_several_rows_all_must_be_broken():
    game = two_rows_made({6: "B . . . . . . . ."})
    game.play(at(game, 8, 8))
    assert game.result() == Result((WHITE,), "2 winning rows, not broken in overtime")


def test_break_the_line_breaking_one_of_two_rows_leaves_the_other_winning():
    game = two_rows_made({5: ". . . W . . . . .", 6: ". . . B . . . . ."})
    game.play(at(game, 3, 3))
    assert row(game, 4) == "W W W . W . . . ." and row(game, 5) == ". . . . . . . . ."
    assert game.result() == Result((WHITE,), "five in a row, not broken in overtime")
    assert [sorted(r) for r in game.rows] == [[at(game, r, 4) for r in range(5)]]


def test_break_the_line_one_capture_can_break_two_rows():
    game = two_rows_made({5: ". . . . . W . . .", 6: ". . . . . . B . ."})
    game.play(at(game, 3, 3))
    assert game.stones[at(game, 4, 4)] == 0 and game.captures[BLACK] == 2
    assert game.result() is None and game.rows == () and game.pending is None


def test_break_the_line_the_defender_reaching_the_capture_win_by_the_break_wins_alone():
    rows = {2: ". . . B . . . . .", 3: ". . . W . . . . .", 4: ". W W W W . . . ."}
    game = pente(rows, overtime="break-the-line")
    game.captures[BLACK] = 8
    game.play(at(game, 4, 5))
    game.play(at(game, 5, 3))
    assert game.result() == Result((BLACK,), "10 captured stones")


def test_break_the_line_a_capture_win_elsewhere_while_the_row_stands_is_shared():
    rows = {4: ". W W W W . . . .", 7: "B W W . . . . . ."}
    game = pente(rows, overtime="break-the-line")
    game.captures[BLACK] = 8
    game.play(at(game, 4, 5))
    game.play(at(game, 7, 3))
    assert game.result() == Result((), "shared victory: White: five in a row, not broken in overtime; "
                                       "Black: 10 captured stones")


def test_break_the_line_a_row_and_a_capture_win_together_win_at_once():
    game = pente({4: ". W W W W . B B W"}, overtime="break-the-line")
    game.captures[WHITE] = 8
    game.play(at(game, 4, 5))
    assert game.result() == Result((WHITE,), "five in a row and 10 captured stones")


def test_break_the_line_the_defenders_own_row_while_the_row_stands_shares_the_win():
    rows = {4: ". W W W W . . . .", 6: ". . B B B B . . ."}
    game = pente(rows, overtime="break-the-line")
    game.play(at(game, 4, 5))
    game.play(at(game, 6, 1))
    assert game.result() == Result((), "shared victory: White: five in a row, not broken in overtime; "
                                       "Black: five in a row")


def test_break_the_line_the_defenders_own_row_made_by_the_break_waits_in_turn():
    rows = {2: ". . . B . . . . .", 3: ". . . W . . . . .", 4: ". W W W W . . . .", 5: ". . . . B B B B ."}
    game = pente(rows, overtime="break-the-line")
    game.play(at(game, 4, 5))
    game.play(at(game, 5, 3))
    assert game.result() is None and game.pending == (BLACK, None) and game.to_move == WHITE
    assert game.rows == (tuple(at(game, 5, c) for c in range(3, 8)),)
    assert game.prompt() == "Overtime: White may capture to stop Black's win"


def test_break_the_line_full_board_the_row_wins_at_once():
    game = pente(full_board(), overtime="break-the-line")
    assert game.result() is None and game.empty == 1
    game.play(at(game, 0, 1))
    assert game.result() == Result((WHITE,), "five in a row")


def test_break_the_line_a_defender_who_must_pass_lets_the_row_win():
    game = pente(full_board((1, 1)), overtime="break-the-line", self_capture="forbidden")
    game.play(at(game, 0, 1))
    assert game.pending == (WHITE, None) and game.legal_moves() == ["pass"]
    game.play("pass")
    assert game.result() == Result((WHITE,), "five in a row, not broken in overtime")


def test_break_the_line_with_three_players_only_the_next_player_may_break():
    rows = {2: ". . . 3 . . . . .", 3: ". . . W . . . . .", 4: ". W W W . . . . ."}
    game = pente(rows, players=3, overtime="break-the-line")
    game.play(at(game, 4, 4))
    assert game.pending == (WHITE, None) and game.to_move == BLACK
    game.play(at(game, 8, 8))
    assert game.result() == Result((WHITE,), "four in a row, not broken in overtime")


def test_break_the_line_in_team_play_the_opposing_team_breaks():
    rows = {2: ". . . B . . . . .", 3: ". . . W . . . . .", 4: ". W W W W . . . ."}
    game = pente(rows, players=4, teams=True, overtime="break-the-line")
    game.play(at(game, 4, 5))
    assert game.pending == (WHITE, None) and game.to_move == BLACK
    game.play(at(game, 5, 3))
    assert game.result() is None and game.captures[BLACK] == 2


def test_capture_the_line_stays_as_it_was_and_counts_one_capture():
    game = pente({4: "B W W W W . . . ."}, overtime="capture-the-line", capture_count="captures")
    game.play(at(game, 4, 5))
    assert game.pending == (WHITE, at(game, 4, 6))
    game.play(at(game, 4, 6))
    assert row(game, 4) == "B . . . . . B . ." and game.captures[BLACK] == 5 and game.scores()[BLACK] == 1


def test_capture_the_line_point_closed_by_an_overline_wins_at_once():
    game = pente({4: "B W W W W . . B B"}, overtime="capture-the-line", overline="forbidden")
    game.play(at(game, 4, 5))
    assert game.pending == (WHITE, at(game, 4, 6)), "Black's stone there makes only three"
    game = pente({2: ". . . . . . B . .", 3: ". . . . . . B . .", 4: "B W W W W . . . .",
                  5: ". . . . . . B . .", 6: ". . . . . . B . .", 7: ". . . . . . B . ."},
                 overtime="capture-the-line", overline="forbidden")
    game.play(at(game, 4, 5))
    assert game.result() == Result((WHITE,), "five in a row"), "the capture point would give Black six"


# -- the capture win counted in captures --------------------------------------------------------

def test_captures_count_runs_and_five_of_them_win():
    game = pente({3: ". W B B . . . . ."}, capture_count="captures")
    game.taken[WHITE] = 4
    game.play(at(game, 3, 4))
    assert game.captures[WHITE] == 2 and game.taken[WHITE] == 5
    assert game.result() == Result((WHITE,), "5 captures")
    assert game.scores() == {WHITE: 5, BLACK: 0} and game.breakdown() == [("captures", game.scores())]


def test_captures_a_run_of_three_counts_once_and_two_runs_count_twice():
    game = pente({3: ". W B B B . B B W"}, capture_count="captures", capture_three=True)
    game.play(at(game, 3, 5))
    assert row(game, 3) == ". W . . . W . . W"
    assert game.captures[WHITE] == 5 and game.scores()[WHITE] == 2
    game.undo()
    assert game.scores()[WHITE] == 0 and game.taken == [0, 0, 0]


def test_captures_with_three_still_need_five():
    assert new_game("pente", capture_count="captures", capture_three=True).threshold == 5
    assert new_game("pente", capture_count="captures", capture_three=True, players=3).threshold == 4
    assert new_game("pente", capture_count="captures", players=4, teams=True).threshold == 5


def test_captures_a_self_capture_counts_for_the_bracketing_player():
    game = pente({3: "W B . W W B . . ."}, to_move=BLACK, capture_count="captures", self_capture="self-capture")
    game.play(at(game, 3, 2))
    assert row(game, 3) == "W . . . . B . . ."
    assert game.scores() == {WHITE: 1, BLACK: 1}


def test_captures_in_team_play_a_partners_pair_counts_for_nobody():
    game = pente({3: ". W 3 3 . . . . ."}, players=4, teams=True, capture_count="captures")
    game.play(at(game, 3, 4))
    assert row(game, 3) == ". W . . W . . . ." and game.scores()[WHITE] == 0
    game = pente({3: ". W B B . . . . ."}, players=4, teams=True, capture_count="captures")
    game.play(at(game, 3, 4))
    assert game.scores()[WHITE] == 1


def test_captures_with_mixed_capture_a_mixed_run_counts_once():
    game = pente({3: ". W B 3 . . . . ."}, players=3, mixed_capture=True, capture_count="captures")
    game.play(at(game, 3, 4))
    assert game.captures[WHITE] == 2 and game.scores()[WHITE] == 1
    game = pente({3: ". W B 3 . . . . ."}, players=4, teams=True, mixed_capture=True, capture_count="captures")
    game.play(at(game, 3, 4))
    assert game.captures[WHITE] == 1 and game.scores()[WHITE] == 1, "the partner's stone scores nothing, Black's does"


def test_captures_a_run_counts_if_any_of_its_stones_scores():
    """Black's stone completes two bracketed runs, White's across and Orange's down: the
    stone itself is claimed by both and destroyed, but each run still scores a stone."""
    rows = {2: ". . 3 . . . . . .", 3: "W B . W . . . . .", 4: ". . B . . . . . .", 5: ". . 3 . . . . . ."}
    game = pente(rows, to_move=BLACK, players=3, capture_count="captures", self_capture="self-capture")
    game.play(at(game, 3, 2))
    assert game.captures == [0, 1, 0, 1] and game.scores() == {WHITE: 1, BLACK: 0, ORANGE: 1}


def test_captures_a_simultaneous_finish_is_a_draw():
    game = pente({3: "W B . W W B . . ."}, to_move=BLACK, capture_count="captures", self_capture="self-capture")
    game.taken[WHITE] = game.taken[BLACK] = 4
    game.play(at(game, 3, 2))
    assert game.result() == Result((), "shared victory: White: 5 captures; Black: 5 captures")


# -- random games under every combination --------------------------------------------------------

RULE_SETS = [
    {},
    {"capture_three": True, "self_capture": "self-capture"},
    {"self_capture": "forbidden", "capture_three": True},
    {"players": 3, "mixed_capture": True},
    {"players": 4, "teams": True, "self_capture": "self-capture", "mixed_capture": True},
    {"players": 4, "self_capture": "forbidden"},
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_random_games_under_every_combination_stay_consistent(rules):
    """Every random move is legal, a forbidden overline is never played, captures never
    exceed what the threshold allows unnoticed, and undoing the whole game restores the start."""
    rng = random.Random(str(rules))
    for overline, overtime, count in itertools.product(*NEW_OPTIONS.values()):
        game = new_game("pente", size=9, opening="none", overline=overline, overtime=overtime,
                        capture_count=count, **rules)
        start = (game.stones[:], game.captures[:], game.taken[:])
        while not game.is_over():
            move = game.random_move(rng)
            assert game.is_legal(move)
            game.play(move)
            if isinstance(move, int) and game.stones[move]:
                lengths = game.row_lengths(move, game.stones[move])
                if overline == "forbidden":
                    assert max(lengths) <= game.row_length
            if game.threshold is not None and not game.is_over():
                assert max(game.scores().values()) < game.threshold
            if game.pending is not None:
                assert overtime != "off" and (game.pending[1] is None) == (overtime == "break-the-line")
        while game.history:
            game.undo()
        assert (game.stones, game.captures, game.taken) == start and game.pending is None


# -- the searcher ------------------------------------------------------------------------------

def _search(game: Pente, nodes: int = 2000) -> PenteSearch:
    searcher = PenteSearch(game, random.Random(1))
    if searcher.decided is None:
        searcher.run(iterations=nodes)
    return searcher


def test_searcher_never_plays_a_forbidden_overline_and_takes_the_five():
    game = pente({4: "W W W . W W . . .", 6: ". W W W W . . . ."}, overline="forbidden")
    searcher = _search(game)
    assert searcher.decided in (at(game, 6, 0), at(game, 6, 5))
    assert at(game, 4, 3) not in searcher.win_points(WHITE)


def test_searcher_knows_an_overline_point_is_no_threat_under_exact():
    game = pente({4: "W W W . W W . . ."}, to_move=BLACK, overline="exact")
    searcher = PenteSearch(game, random.Random(1))
    assert searcher.win_points(WHITE) == set() and searcher.forced_moves(0) is None
    wins = pente({4: "W W W . W W . . ."}, to_move=BLACK)
    assert PenteSearch(wins, random.Random(1)).win_points(WHITE) == {at(wins, 4, 3)}


def test_searcher_breaks_a_waiting_row():
    rows = {2: ". . . B . . . . .", 3: ". . . W . . . . .", 4: ". W W W W . . . ."}
    game = pente(rows, overtime="break-the-line")
    game.play(at(game, 4, 5))
    assert _search(game).best_move() == at(game, 5, 3)


def test_searcher_sees_an_unbreakable_row_as_a_win():
    game = pente({4: ". W W W W . . . .", 8: "B . . . . . . . B"}, overtime="break-the-line")
    searcher = PenteSearch(game, random.Random(1))
    assert searcher.decided in (at(game, 4, 0), at(game, 4, 5))


def test_searcher_takes_the_capture_win_counted_in_captures():
    game = pente({3: ". W B B . . . . .", 7: "B . . . . . . . B"}, capture_count="captures")
    game.taken[WHITE] = 4
    assert PenteSearch(game, random.Random(1)).decided == at(game, 3, 4)


@pytest.mark.parametrize("options", [
    {"overline": "forbidden", "overtime": "break-the-line"},
    {"overline": "exact", "capture_count": "captures", "capture_three": True},
    {"players": 3, "overline": "forbidden", "overtime": "break-the-line", "capture_count": "captures"},
    {"players": 4, "teams": True, "overline": "exact", "overtime": "capture-the-line", "self_capture": "forbidden"},
], ids=str)
def test_searcher_answers_are_legal_under_the_new_options(options):
    rng = random.Random(5)
    game = new_game("pente", size=9, opening="none", **options)
    for ply in range(40):
        if game.is_over():
            break
        move = _search(game, 200).best_move() if ply % 3 == 0 else game.random_move(rng)
        assert game.is_legal(move)
        game.play(move)
