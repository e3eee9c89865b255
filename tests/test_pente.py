"""Pente (Board Game Arena rules): every rule of the source, notes §5 positions P-1..P-11,
each option and their combinations, and invariants of random games.

Diagrams are written top row first: ``W`` White, ``B`` Black, ``3`` Orange, ``4`` Blue, ``.``
empty; ``at(game, row, col)`` counts rows from the top as the notes do.
"""

from __future__ import annotations

import random

import pytest
from diagrams import SYMBOLS, at, draw, position

from pygames import Board, IllegalMove, OptionError, Result, new_game
from pygames.pente import BLACK, BLUE, ORANGE, WHITE, Pente

EMPTY_ROW = ". . . . . . . . ."


def pente(rows: dict[int, str], to_move: int = WHITE, **options) -> Pente:
    """A 9x9 position given by the rows that hold stones (any other row is empty)."""
    diagram = "\n".join(rows.get(r, EMPTY_ROW) for r in range(9))
    options.setdefault("opening", "none")
    game = position(Pente, diagram, to_move, SYMBOLS, **options)
    assert isinstance(game, Pente)
    return game


def row(game: Pente, r: int) -> str:
    return draw(game, ".WB34").splitlines()[r]


# -- options, colours, seats -------------------------------------------------------------

def test_rule_defaults_follow_the_notes():
    game = new_game("pente")
    assert game.options == {"players": 2, "size": 19, "opening": "auto", "overline": "wins", "capture_win": True,
                            "capture_count": "stones", "capture_three": False, "self_capture": "none",
                            "overtime": "off", "mixed_capture": False, "teams": False}
    assert game.opening == "swap2"
    assert game.board.size == 19


def test_rule_colours_and_player_count():
    assert Pente.COLOURS == ("White", "Black", "Orange", "Blue")
    assert Pente(opening="none", players=3).players() == 3
    assert Pente(opening="none", players=4).seats == [WHITE, BLACK, ORANGE, BLUE]


@pytest.mark.parametrize("size", [9, 13, 15, 19])
def test_rule_board_sizes(size):
    assert Pente(size=size).board.size == size


@pytest.mark.parametrize("options, reason", [
    ({"size": 11}, "Board size"),
    ({"players": 3, "opening": "swap2"}, "opening rules are for two players"),
    ({"players": 5, "opening": "none"}, "above the maximum"),
    ({"players": 3, "opening": "none", "capture_win": False}, "cannot be switched off"),
    ({"mixed_capture": True}, "mixed capture needs 3 or 4 players"),
    ({"players": 3, "opening": "none", "teams": True}, "team play needs 4 players"),
    ({"opening": "renju"}, "Opening rule"),
    ({"self_capture": "maybe"}, "Self-capture"),
])
def test_rule_impossible_option_combinations_are_refused(options, reason):
    with pytest.raises(OptionError, match=reason):
        Pente(**options)


def test_rule_options_from_text():
    game = Pente(players="4", opening="none", teams="yes", mixed_capture="1", capture_three="on")
    assert (game.players(), game.teams, game.mixed, game.three) == (4, True, True, True)


def test_rule_white_moves_first_then_turns_rotate():
    game = Pente(opening="none", players=4)
    assert game.to_move == WHITE and game.prompt() == "White to play"
    order = []
    for p in (0, 10, 20, 30, 40):
        order.append(game.to_move)
        game.play(p)
    assert order == [WHITE, BLACK, ORANGE, BLUE, WHITE]


def test_rule_placement_on_an_empty_point_only():
    game = Pente(opening="none", size=9)
    game.play(40)
    with pytest.raises(IllegalMove, match="already occupied"):
        game.play(40)
    with pytest.raises(IllegalMove, match="not a move"):
        game.play("white")
    with pytest.raises(IllegalMove, match="not a point"):
        game.play(81)


# -- captures (P-1, P-2, P-3, P-7) -------------------------------------------------------

def test_P_1_pair_capture():
    game = pente({3: ". W B B . . . . ."})
    game.play(at(game, 3, 4))
    assert row(game, 3) == ". W . . W . . . ."
    assert game.captures[WHITE] == 2
    assert game.scores() == {WHITE: 2, BLACK: 0}
    assert game.breakdown() == [("captures", {WHITE: 2, BLACK: 0})]


@pytest.mark.parametrize("direction", range(8))
def test_rule_pair_capture_in_all_eight_directions(direction):
    board = Board.square(9)
    centre = board.point((4, 4))
    ray = board.rays[centre][direction]
    game = Pente.setup({ray[0]: BLACK, ray[1]: BLACK, ray[2]: WHITE}, size=9, opening="none")
    game.play(centre)
    assert (game.stones[ray[0]], game.stones[ray[1]], game.captures[WHITE]) == (0, 0, 2)


def test_rule_only_the_placed_stone_brackets():
    # B B between two white stones already: nothing happens until a stone brackets a pair.
    game = pente({3: ". W B B W . . . ."})
    game.play(at(game, 0, 0))
    assert row(game, 3) == ". W B B W . . . ."


def test_P_2_three_not_captured_by_default():
    game = pente({3: ". W B B B . . . ."})
    game.play(at(game, 3, 5))
    assert row(game, 3) == ". W B B B W . . ."
    assert game.captures[WHITE] == 0


def test_P_2_capture_three_captures_three():
    game = pente({3: ". W B B B . . . ."}, capture_three=True)
    game.play(at(game, 3, 5))
    assert row(game, 3) == ". W . . . W . . ."
    assert game.captures[WHITE] == 3


def test_rule_capture_three_still_captures_pairs_never_four():
    game = pente({3: ". W B B . . . . .", 5: "W B B B B . . . ."}, capture_three=True)
    game.play(at(game, 3, 4))
    assert game.captures[WHITE] == 2
    game.play(at(game, 0, 0))
    game.play(at(game, 5, 5))
    assert row(game, 5) == "W B B B B W . . ."


def test_P_3_moving_into_a_bracket_is_safe_by_default():
    game = pente({3: ". W B . W . . . ."}, to_move=BLACK)
    game.play(at(game, 3, 3))
    assert row(game, 3) == ". W B B W . . . ."
    assert game.captures == [0, 0, 0]


def test_P_7_diagonal_and_vertical_captures():
    rows = {0: "W . . . W . . . .", 1: ". B . . B . . . .", 2: ". . B . B . . . ."}
    game = pente(rows)
    game.play(at(game, 3, 3))
    assert game.stones[at(game, 1, 1)] == game.stones[at(game, 2, 2)] == 0
    assert game.stones[at(game, 1, 4)] == BLACK
    game = pente(rows)
    game.play(at(game, 3, 4))
    assert game.stones[at(game, 1, 4)] == game.stones[at(game, 2, 4)] == 0
    assert game.stones[at(game, 1, 1)] == BLACK


def test_rule_two_captures_with_one_stone():
    game = pente({3: ". W B B . B B W ."})
    game.play(at(game, 3, 4))
    assert row(game, 3) == ". W . . W . . W ."
    assert game.captures[WHITE] == 4


# -- self-capture (P-4, P-5, P-6) --------------------------------------------------------

def test_P_4_poof_self_capture():
    game = pente({3: ". W B . W . . . ."}, to_move=BLACK, self_capture="self-capture")
    game.play(at(game, 3, 3))
    assert row(game, 3) == ". W . . W . . . ."
    assert game.captures == [0, 2, 0]


def test_P_5_captures_decided_before_any_removal():
    game = pente({3: "W B . W W B . . ."}, to_move=BLACK, self_capture="self-capture")
    game.play(at(game, 3, 2))
    assert row(game, 3) == "W . . . . B . . ."
    assert game.captures == [0, 2, 2]


def test_P_5_forbidden_overrides_a_capture():
    game = pente({3: "W B . W W B . . ."}, to_move=BLACK, self_capture="forbidden")
    with pytest.raises(IllegalMove, match="forbidden"):
        game.play(at(game, 3, 2))
    assert row(game, 3) == "W B . W W B . . ."


def test_P_6_forbidden_point():
    game = pente({3: ". W B . W . . . ."}, to_move=BLACK, self_capture="forbidden")
    assert not game.is_legal(at(game, 3, 3))
    assert game.is_legal(at(game, 3, 5))


def test_rule_forbidden_overrides_a_win():
    game = pente({3: ". W B . W . . . .", 4: ". . . B . . . . .", 5: ". . . B . . . . .",
                  6: ". . . B . . . . .", 7: ". . . B . . . . ."}, to_move=BLACK, self_capture="forbidden")
    with pytest.raises(IllegalMove, match="forbidden"):
        game.play(at(game, 3, 3))
    game = pente({3: ". W B . W . . . .", 4: ". . . B . . . . .", 5: ". . . B . . . . .",
                  6: ". . . B . . . . .", 7: ". . . B . . . . ."}, to_move=BLACK)
    game.play(at(game, 3, 3))
    assert game.result() == Result((BLACK,), "five in a row")


def test_rule_self_capture_of_a_lone_stone_is_not_a_self_capture():
    game = pente({3: ". W . W . . . . ."}, to_move=BLACK, self_capture="self-capture")
    game.play(at(game, 3, 2))
    assert row(game, 3) == ". W B W . . . . ."


def test_rule_capture_three_with_self_capture():
    rows = {3: ". W B B . W . . ."}
    plain = pente(rows, to_move=BLACK, self_capture="self-capture")
    plain.play(at(plain, 3, 4))
    assert row(plain, 3) == ". W B B B W . . ."
    three = pente(rows, to_move=BLACK, self_capture="self-capture", capture_three=True)
    three.play(at(three, 3, 4))
    assert row(three, 3) == ". W . . . W . . ."
    assert three.captures == [0, 3, 0]


def test_rule_capture_three_with_forbidden():
    rows = {3: ". W B . B W . . ."}
    game = pente(rows, to_move=BLACK, self_capture="forbidden")
    assert game.is_legal(at(game, 3, 3))
    game = pente(rows, to_move=BLACK, self_capture="forbidden", capture_three=True)
    assert not game.is_legal(at(game, 3, 3))


def test_rule_forbidden_player_without_a_point_passes_and_a_locked_board_is_drawn():
    locked = """W W W B B B W W W
B B B W W W B B B
W W W B B W W W W
B B W B W W W B B
W W W B . B W W W
B B B W W W B B B
W W W B B B B W W
B B B W W W B B B
W W W B B B W W W"""
    game = position(Pente, locked, WHITE, SYMBOLS, opening="none", self_capture="forbidden")
    assert game.prompt() == "White has no allowed point and must pass"
    assert game.legal_moves() == ["pass"]
    game.play("pass")
    assert game.result() is None and game.to_move == BLACK
    game.play("pass")
    assert game.result() == Result((), "no player can place a stone")
    game = pente({3: ". W B . W . . . ."}, to_move=BLACK, self_capture="forbidden")
    with pytest.raises(IllegalMove, match="only when every empty point is forbidden"):
        game.play("pass")
    with pytest.raises(IllegalMove, match="no passing"):
        pente({}).play("pass")


# -- winning (P-8, P-9) -------------------------------------------------------------------

def test_P_8_five_in_a_row_wins():
    game = pente({4: "W W W W . . . . ."})
    game.play(at(game, 4, 4))
    assert game.result() == Result((WHITE,), "five in a row")
    with pytest.raises(IllegalMove, match="game is over"):
        game.play(at(game, 0, 0))


def test_P_8_overline_wins():
    game = pente({4: "W W W . W W . . ."})
    game.play(at(game, 4, 3))
    assert game.result() == Result((WHITE,), "six in a row")


def test_P_8_four_in_a_row_wins_a_free_for_all_only():
    for players in (3, 4):
        game = pente({4: "W W W . . . . . ."}, players=players)
        game.play(at(game, 4, 3))
        assert game.result() == Result((WHITE,), "four in a row")
    game = pente({4: "W W W . . . . . ."})
    game.play(at(game, 4, 3))
    assert game.result() is None


def test_rule_diagonal_five_wins():
    game = pente({0: "B . . . . . . . .", 1: ". B . . . . . . .", 2: ". . B . . . . . .",
                  3: ". . . B . . . . ."}, to_move=BLACK)
    game.play(at(game, 4, 4))
    assert game.result() == Result((BLACK,), "five in a row")
    assert game.annotations()[0] == {"kind": "path", "points": [at(game, i, i) for i in range(5)],
                                     "colour": BLACK, "closed": False, "label": "winning row", "highlight": True}


def result_after_capture(before: str, column: int, captured: int, **options) -> Result | None:
    """The result once White, having taken ``captured`` stones already, plays at ``column``
    of the fourth row ``before``."""
    game = pente({3: before}, **options)
    game.captures[WHITE] = captured
    game.play(at(game, 3, column))
    return game.result()


def test_P_9_capture_win():
    assert result_after_capture(". W B B . . . . .", 4, 8) == Result((WHITE,), "10 captured stones")


def test_P_9_capture_three_needs_fifteen():
    assert result_after_capture(". W B B . . . . .", 4, 12, capture_three=True) is None
    assert result_after_capture(". W B B B . . . .", 5, 12, capture_three=True) == Result((WHITE,), "15 captured stones")


def test_rule_capture_win_switched_off():
    assert result_after_capture(". W B B . . . . .", 4, 20, capture_win=False) is None


@pytest.mark.parametrize("players, teams, three, needed", [
    (3, False, False, 8), (4, False, False, 8), (3, False, True, 12), (4, True, False, 10), (4, True, True, 15)])
def test_rule_multi_player_capture_thresholds(players, teams, three, needed):
    options = {"players": players, "teams": teams, "capture_three": three}
    assert result_after_capture(". W B B . . . . .", 4, needed - 3, **options) is None
    result = result_after_capture(". W B B . . . . .", 4, needed - 2, **options)
    assert result is not None and WHITE in result.winners


def test_rule_row_and_capture_win_together():
    game = pente({3: ". W B B . . . . .", 4: ". . . . W . . . .", 5: ". . . . W . . . .",
                  6: ". . . . W . . . .", 7: ". . . . W . . . ."})
    game.captures[WHITE] = 8
    game.play(at(game, 3, 4))
    assert game.result() == Result((WHITE,), "five in a row and 10 captured stones")


def test_rule_simultaneous_capture_win_of_both_players_is_a_draw():
    game = pente({3: "W B . W W B . . ."}, to_move=BLACK, self_capture="self-capture")
    game.captures[WHITE] = game.captures[BLACK] = 8
    game.play(at(game, 3, 2))
    assert game.result() == Result((), "shared victory: White: 10 captured stones; Black: 10 captured stones")
    assert game.result().draw


def test_rule_full_board_without_a_winner_is_a_draw():
    full = "\n".join(" ".join("WB"[(c // 3 + r) % 2] for c in range(9)) for r in range(9))
    game = position(Pente, full.replace("W", ".", 1), WHITE, SYMBOLS, opening="none")
    assert game.result() is None and game.empty == 1
    game.play(at(game, 0, 0))
    assert game.result() == Result((), "the board is full")


def test_rule_setup_with_a_row_already_won():
    game = pente({4: "W W W W W . . . ."}, to_move=BLACK)
    assert game.result() == Result((WHITE,), "five in a row")


# -- overtime capture (P-11 and every exclusion) -------------------------------------------

def test_P_11_overtime_capture_the_line():
    game = pente({4: "B W W W W . . . ."}, overtime=True)
    game.play(at(game, 4, 5))
    assert game.result() is None
    assert game.prompt() == "Overtime: Black may capture to stop White's win"
    assert game.pending == (WHITE, at(game, 4, 6))
    assert {"kind": "mark", "points": [at(game, 4, 6)], "shape": "circle", "colour": 0,
            "label": "overtime capture point"} in game.annotations()
    game.play(at(game, 4, 6))
    assert row(game, 4) == "B . . . . . B . ."
    assert game.captures[BLACK] == 5
    assert game.result() is None and game.to_move == WHITE and game.pending is None
    assert game.annotations() == []


def test_P_11_overtime_not_used_means_the_win_stands():
    game = pente({4: "B W W W W . . . ."}, overtime=True)
    game.play(at(game, 4, 5))
    game.play(at(game, 0, 0))
    assert game.result() == Result((WHITE,), "five in a row, not captured in overtime")


@pytest.mark.parametrize("before, overtime, column", [
    pytest.param("B W W W W . . . .", False, 5, id="P_11_overtime_off_wins_at_once"),
    pytest.param(". W W W W . . . .", True, 5, id="P_11_both_ends_open_wins_at_once"),
    pytest.param("W W W W . B . . .", True, 4, id="P_11_edge_and_stone_block_both_ends_wins_at_once"),
    pytest.param("B W W W W . B . .", True, 5, id="rule_overtime_both_ends_blocked_by_stones_wins_at_once"),
])
def test_P_11_five_without_overtime(before, overtime, column):
    """White's five on the fifth row wins at once: overtime is off, or no capture could
    break the five (the ends are open, or both are blocked)."""
    game = pente({4: before}, overtime=overtime)
    game.play(at(game, 4, column))
    assert game.result() == Result((WHITE,), "five in a row")


def test_rule_overtime_excluded_by_a_capture_win():
    rows = {4: "B W W W W . B B W"}
    game = pente(rows, overtime=True)
    game.play(at(game, 4, 5))
    assert game.pending == (WHITE, at(game, 4, 6))  # the capture opened the far end
    game = pente(rows, overtime=True)
    game.captures[WHITE] = 8
    game.play(at(game, 4, 5))
    assert game.result() == Result((WHITE,), "five in a row and 10 captured stones")


def test_rule_overtime_excluded_by_several_winning_rows():
    rows = {0: ". . . . . B . . .", 1: ". . . . . W . . .", 2: ". . . . . W . . .",
            3: ". . . . . W . . .", 4: "B W W W W . . . .", 5: ". . . . . W . . ."}
    game = pente(rows, overtime=True)
    game.play(at(game, 4, 5))
    assert game.result() == Result((WHITE,), "2 winning rows")
    assert len([a for a in game.annotations() if a["kind"] == "path"]) == 2


def test_rule_overtime_excluded_when_two_players_win_together():
    game = pente({4: "B W W W W . . . .", 7: "B B B B . . . . ."}, overtime=True)
    game.play(at(game, 4, 5))
    game.play(at(game, 7, 4))
    assert game.result() == Result((), "shared victory: White: five in a row, not captured in overtime; "
                                        "Black: five in a row")


def test_rule_simultaneous_winners_share_the_victory():
    game = pente({4: "B W W W . . . . .", 7: "B B B . . . . . ."}, players=3, overtime=True)
    game.play(at(game, 4, 4))
    assert game.pending == (WHITE, at(game, 4, 5))
    game.play(at(game, 7, 3))
    assert game.result() == Result((WHITE, BLACK), "White: four in a row, not captured in overtime; "
                                                   "Black: four in a row")


def test_rule_overtime_excluded_when_blocked_by_another_players_stone():
    game = pente({4: "3 W W W . . . . ."}, players=3, overtime=True)
    game.play(at(game, 4, 4))
    assert game.result() == Result((WHITE,), "four in a row")
    game = pente({4: "B W W W . . . . ."}, players=3, overtime=True)
    game.play(at(game, 4, 4))
    assert game.pending == (WHITE, at(game, 4, 5))


def test_rule_overtime_excluded_when_the_capture_point_is_forbidden():
    rows = {3: ". . . . . . W . .", 4: "B W W W W . . . .", 5: ". . . . . . B . .", 6: ". . . . . . W . ."}
    game = pente(rows, overtime=True, self_capture="forbidden")
    game.play(at(game, 4, 5))
    assert game.result() == Result((WHITE,), "five in a row")
    game = pente(rows, overtime=True)
    game.play(at(game, 4, 5))
    assert game.pending == (WHITE, at(game, 4, 6))


def test_rule_overtime_captures_a_whole_overline():
    game = pente({4: "B W W W . W W . ."}, overtime=True)
    game.play(at(game, 4, 4))
    game.play(at(game, 4, 7))
    assert row(game, 4) == "B . . . . . . B ."
    assert game.captures[BLACK] == 6


def test_rule_overtime_capture_can_win_by_captures():
    game = pente({4: "B W W W W . . . ."}, overtime=True)
    game.captures[BLACK] = 6
    game.play(at(game, 4, 5))
    game.play(at(game, 4, 6))
    assert game.result() == Result((BLACK,), "11 captured stones")


def test_rule_overtime_undo_restores_the_pending_state():
    game = pente({4: "B W W W W . . . ."}, overtime=True)
    game.play(at(game, 4, 5))
    before = (game.stones[:], game.pending, game.rows)
    game.play(at(game, 4, 6))
    game.undo()
    assert (game.stones, game.pending, game.rows) == before


# -- openings (P-10, Swap, Swap2) ------------------------------------------------------------

def test_P_10_pro_zone():
    game = Pente(opening="pro")
    assert game.prompt() == "Place the first white stone on the centre point"
    with pytest.raises(IllegalMove, match="centre point"):
        game.play(game.board.point((0, 0)))
    assert game.candidates() == [game.board.point((9, 9))]
    game.play(game.board.point((9, 9)))
    game.play(game.board.point((0, 0)))
    assert game.prompt() == "Place the second white stone at least 3 points from the centre"
    assert not game.is_legal(game.board.point((11, 11)))
    with pytest.raises(IllegalMove, match="at least 3 points"):
        game.play(game.board.point((11, 11)))
    game.play(game.board.point((9, 12)))
    assert game.to_move == BLACK and game.prompt() == "Black to play"
    game.play(game.board.point((10, 10)))  # the zone no longer matters


def test_P_10_long_pro_zone():
    game = Pente(opening="long-pro")
    game.play(game.board.point((9, 9)))
    game.play(game.board.point((0, 0)))
    assert not game.is_legal(game.board.point((9, 12)))
    game.play(game.board.point((9, 13)))
    assert game.to_move == BLACK


def test_rule_pro_zone_is_marked():
    game = Pente(opening="pro", size=9)
    game.play(at(game, 4, 4))
    game.play(at(game, 0, 0))
    (zone,) = game.annotations()
    assert zone["kind"] == "mark" and zone["shape"] == "dot"
    assert len(zone["points"]) == 24  # the 5x5 square less the centre stone
    long_pro = Pente(opening="long-pro", size=9)
    long_pro.play(at(long_pro, 4, 4))
    long_pro.play(at(long_pro, 0, 0))
    assert len(long_pro.legal_moves()) == 32 - 1  # only the outer ring, less Black's corner


def test_rule_swap_opening_take_white():
    game = Pente(opening="swap", size=9)
    prompts = []
    for p in (10, 20, 30, 40):
        prompts.append(game.prompt())
        assert game.seat_to_move() == 0
        game.play(p)
    assert prompts == ["First player: place the first white stone", "First player: place the first black stone",
                       "First player: place the second white stone", "First player: place the second black stone"]
    assert [game.stones[p] for p in (10, 20, 30, 40)] == [WHITE, BLACK, WHITE, BLACK]
    assert game.candidates() == ["white", "black"] and game.seat_to_move() == 1
    with pytest.raises(IllegalMove, match="choose a colour first"):
        game.play(50)
    game.play("white")
    assert game.seats == [BLACK, WHITE]
    assert game.to_move == WHITE and game.seat_to_move() == 1


def test_rule_swap_opening_take_black():
    game = Pente(opening="swap", size=9)
    for p in (10, 20, 30, 40):
        game.play(p)
    assert game.action_label("black") == "Take Black"
    game.play("black")
    assert game.seats == [WHITE, BLACK]
    assert game.to_move == WHITE and game.seat_to_move() == 0
    with pytest.raises(IllegalMove, match="not a move"):
        game.play("white")


def test_rule_swap2_take_white():
    game = Pente(opening="swap2", size=9)
    for p in (10, 20, 30):
        game.play(p)
    assert game.prompt() == ("Second player: choose: take White, take Black and place, "
                             "or place two and hand over the choice")
    assert game.candidates() == ["white", "black", "place-two"]
    game.play("white")
    assert game.seats == [BLACK, WHITE]
    assert game.to_move == BLACK and game.seat_to_move() == 0


def test_rule_swap2_take_black_and_place():
    game = Pente(opening="swap2", size=9)
    for p in (10, 20, 30):
        game.play(p)
    assert game.action_label("black") == "Take Black and place a stone"
    game.play("black")
    assert game.seats == [WHITE, BLACK]
    assert game.to_move == BLACK and game.seat_to_move() == 1
    game.play(40)
    assert game.to_move == WHITE and game.seat_to_move() == 0


@pytest.mark.parametrize("choice, seats, seat", [("white", [WHITE, BLACK], 1), ("black", [BLACK, WHITE], 0)])
def test_rule_swap2_place_two_and_hand_over(choice, seats, seat):
    game = Pente(opening="swap2", size=9)
    for p in (10, 20, 30):
        game.play(p)
    assert game.action_label("place-two") == "Place two stones and hand over the choice"
    game.play("place-two")
    assert game.prompt() == "Second player: place the second black stone" and game.seat_to_move() == 1
    game.play(40)
    assert game.prompt() == "Second player: place the third white stone" and game.seat_to_move() == 1
    game.play(50)
    assert game.prompt() == "First player: choose a colour, take White or take Black"
    assert game.seat_to_move() == 0 and game.candidates() == ["white", "black"]
    assert game.stones.count(WHITE) == 3 and game.stones.count(BLACK) == 2
    game.play(choice)
    assert game.seats == seats
    assert game.to_move == BLACK and game.seat_to_move() == seat


def test_rule_opening_stones_capture_for_their_colour():
    game = Pente(opening="swap", size=9)
    for p in ("b5", "a5", "c5", "d5"):  # black d5 brackets the white pair b5 c5
        game.play(game.board.parse(p))
    assert game.stones[game.board.parse("b5")] == 0 and game.captures[BLACK] == 2
    game.play("white")
    assert game.captures[BLACK] == 2  # captures belong to the colour, whoever plays it
    game = Pente(opening="swap2", size=9)
    for p in ("b5", "a5", "c5"):
        game.play(game.board.parse(p))
    game.play("place-two")
    game.play(game.board.parse("d5"))
    assert game.captures[BLACK] == 2 and game.step == 5


def test_rule_opening_step_refuses_a_colour_token():
    game = Pente(opening="swap")
    with pytest.raises(IllegalMove, match="place a white stone"):
        game.play("white")


def test_rule_setup_skips_the_opening():
    game = Pente.setup({}, opening="swap2", size=9)
    assert game.prompt() == "White to play" and game.candidates()[0] == 0


# -- multi-player: mixed capture, teams ---------------------------------------------------------

def test_rule_multi_player_capture_needs_one_colour_without_mixed():
    game = pente({3: ". W B 3 . . . . ."}, players=3)
    game.play(at(game, 3, 4))
    assert row(game, 3) == ". W B 3 W . . . ."
    game = pente({3: ". W 3 3 . . . . ."}, players=3)
    game.play(at(game, 3, 4))
    assert row(game, 3) == ". W . . W . . . ." and game.captures[WHITE] == 2


@pytest.mark.parametrize("before, options, column, after, captures", [
    pytest.param(". W B 3 . . . . .", {"players": 3, "mixed_capture": True}, 4, ". W . . W . . . .",
                 [0, 2, 0, 0], id="mixed_capture_takes_mixed_runs"),
    pytest.param(". W B 3 4 . . . .", {"players": 4, "mixed_capture": True, "capture_three": True}, 5,
                 ". W . . . W . . .", [0, 3, 0, 0, 0], id="mixed_capture_with_capture_three"),
    pytest.param(". W 3 3 . . . . .", {"players": 4, "teams": True}, 4, ". W . . W . . . .",
                 [0, 0, 0, 0, 0], id="team_mates_can_be_captured_but_never_score"),
    pytest.param(". W B 3 . . . . .", {"players": 4, "teams": True, "mixed_capture": True}, 4, ". W . . W . . . .",
                 [0, 1, 0, 0, 0], id="team_mixed_capture_scores_only_opponents"),
    pytest.param(". 3 . W 3 . . . .", {"players": 4, "teams": True, "self_capture": "self-capture"}, 2,
                 ". 3 . . 3 . . . .", [0, 0, 0, 0, 0], id="team_mate_bracket_self_captures_without_score"),
])
def test_rule_multi_player_capture(before, options, column, after, captures):
    """White plays one stone on a row of a multi-player board: the row after it, and each
    colour's captured stones (indexed by colour, 0 unused)."""
    game = pente({3: before}, **options)
    game.play(at(game, 3, column))
    assert row(game, 3) == after and game.captures == captures


def test_rule_multi_player_self_capture_needs_one_bracketing_player():
    game = pente({3: ". B . W 3 . . . ."}, players=3, self_capture="self-capture")
    game.play(at(game, 3, 2))
    assert row(game, 3) == ". B W W 3 . . . ."
    game = pente({3: ". B . W B . . . ."}, players=3, self_capture="self-capture")
    game.play(at(game, 3, 2))
    assert row(game, 3) == ". B . . B . . . ." and game.captures[BLACK] == 2


def test_rule_mixed_self_capture_in_three_players():
    rows = {3: ". B . 3 B . . . ."}
    game = pente(rows, players=3, self_capture="self-capture")
    game.play(at(game, 3, 2))
    assert row(game, 3) == ". B W 3 B . . . ."
    game = pente(rows, players=3, self_capture="self-capture", mixed_capture=True)
    game.play(at(game, 3, 2))
    assert row(game, 3) == ". B . . B . . . ." and game.captures == [0, 0, 2, 0]


def test_rule_mixed_self_capture_forbidden_in_three_players():
    game = pente({3: ". B . 3 B . . . ."}, players=3, self_capture="forbidden", mixed_capture=True)
    assert not game.is_legal(at(game, 3, 2))


def test_rule_contested_stones_vanish():
    # Orange at d6: Orange captures the mixed pair e6 f6 (bracketed by g6), while White
    # self-captures d6 e6 between c6 and f6. Both claim e6, so it vanishes.
    game = pente({3: ". . W . B W 3 . ."}, to_move=ORANGE, players=4, mixed_capture=True,
                 self_capture="self-capture")
    game.play(at(game, 3, 3))
    assert row(game, 3) == ". . W . . . 3 . ."
    assert game.captures == [0, 1, 0, 1, 0]


def test_rule_contested_stones_vanish_with_capture_three():
    # Blue at c5, with capture three and mixed capture, makes three captures at once:
    # Blue takes the mixed three d5 e5 f5 (bracketed by g5); Orange brackets c5 d5 between
    # b5 and e5; Black brackets c5 c4 between c6 and c3. c5 (Orange and Black) and d5
    # (Blue and Orange) are contested and vanish; Black scores c4, Blue scores e5 and f5.
    rows = {3: ". . B . . . . . .", 4: ". 3 . W 3 B 4 . .", 5: ". . W . . . . . .", 6: ". . B . . . . . ."}
    game = pente(rows, to_move=BLUE, players=4, mixed_capture=True, capture_three=True,
                 self_capture="self-capture")
    game.play(at(game, 4, 2))
    assert row(game, 4) == ". 3 . . . . 4 . ."
    assert [game.stones[at(game, r, 2)] for r in range(3, 7)] == [BLACK, 0, 0, BLACK]
    assert game.captures == [0, 0, 1, 0, 2]


def test_rule_team_rows_are_one_colour_and_five_long():
    game = pente({4: "W W 3 W W . . . .", 5: "W W W . . . . . ."}, players=4, teams=True)
    game.play(at(game, 5, 3))
    assert game.result() is None
    game = pente({4: "3 3 3 3 . . . . ."}, to_move=ORANGE, players=4, teams=True)
    game.play(at(game, 4, 4))
    assert game.result() == Result((WHITE, ORANGE), "Orange: five in a row")


def test_rule_team_capture_win_is_per_player():
    game = pente({3: ". W B B . . . . ."}, players=4, teams=True)
    game.captures[WHITE] = 6
    game.captures[ORANGE] = 9
    game.play(at(game, 3, 4))
    assert game.result() is None  # 8 and 9: the team-mates' captures are not pooled


# -- describing the game ---------------------------------------------------------------------------

@pytest.mark.parametrize("options, text", [
    ({}, "Win: five or more in a row, or 10 captured stones; opening: Swap2"),
    ({"opening": "none", "capture_win": False}, "Win: five or more in a row"),
    ({"opening": "none", "players": 3}, "Win: four or more in a row, or 8 captured stones"),
    ({"opening": "none", "players": 3, "capture_three": True},
     "Win: four or more in a row, or 12 captured stones; runs of two or three are captured"),
    ({"opening": "none", "players": 4, "teams": True, "mixed_capture": True, "self_capture": "self-capture",
      "overtime": True},
     ("Win: five or more in a row, or 10 captured stones; teams: White and Orange against Black and Blue; "
      "placing into a bracket gives those stones away; overtime: the next player may capture a winning row; "
      "mixed-colour runs can be captured")),
    ({"opening": "long-pro", "self_capture": "forbidden"},
     "Win: five or more in a row, or 10 captured stones; placing into a bracket is forbidden; opening: Long Pro"),
])
def test_rule_describe_states_the_win_conditions(options, text):
    assert Pente(**options).describe() == text


def test_rule_forbidden_points_are_marked():
    game = pente({3: ". W B . W . . . ."}, to_move=BLACK, self_capture="forbidden")
    assert game.annotations() == [{"kind": "mark", "points": [at(game, 3, 3)], "shape": "cross", "colour": 0,
                                   "label": "forbidden: self-capture"}]


# -- random games --------------------------------------------------------------------------------

def random_options(rng: random.Random) -> dict:
    players = rng.choice((2, 2, 3, 4))
    options = {"players": players, "size": rng.choice((9, 9, 9, 13)),
               "capture_three": rng.random() < 0.5, "overtime": rng.random() < 0.5,
               "self_capture": rng.choice(("none", "self-capture", "forbidden"))}
    if players == 2:
        options["opening"] = rng.choice(("none", "pro", "long-pro", "swap", "swap2"))
        options["capture_win"] = rng.random() < 0.7
    else:
        options["opening"] = "none"
        options["mixed_capture"] = rng.random() < 0.5
        options["teams"] = players == 4 and rng.random() < 0.5
    return options


def has_winning_row(game: Pente) -> bool:
    return any(len(game._row(p, d, c)) >= game.row_length
               for p, c in enumerate(game.stones) if c for d in range(4))


def test_rule_random_games_keep_invariants():
    rng = random.Random(2024)
    for _ in range(160):
        options = random_options(rng)
        game = Pente(**options)
        placed = 0
        while game.result() is None:
            move = game.random_move(rng)
            assert game.is_legal(move)
            game.play(move)
            placed += isinstance(move, int)
            on_board = len(game.stones) - game.stones.count(0)
            assert game.empty == game.stones.count(0)
            removed = placed - on_board
            # Contested stones (self-capture) and team-mates' stones are removed unscored.
            if options["self_capture"] != "self-capture" and not options.get("teams"):
                assert sum(game.captures) == removed
            else:
                assert sum(game.captures) <= removed
            if has_winning_row(game):
                assert game.result() is not None or game.pending is not None
        assert game.legal_moves() == []
        with pytest.raises(IllegalMove, match="game is over"):
            game.play(game.random_move(rng))


def test_rule_random_games_undo_exactly():
    rng = random.Random(7)
    for _ in range(40):
        game = Pente(**random_options(rng))
        while game.result() is None:
            before = (game.stones[:], game.to_move, game.passes, game.seats[:], game.captures[:], game.step,
                      game.empty, game.outcome, game.pending, game.rows)
            move = game.random_move(rng)
            copy = game.copy()
            game.play(move)
            game.undo()
            after = (game.stones, game.to_move, game.passes, game.seats, game.captures, game.step,
                     game.empty, game.outcome, game.pending, game.rows)
            assert after == before
            game.play(move)
            copy.play(move)
            assert copy.stones == game.stones and copy.captures == game.captures


def test_rule_random_move_is_uniform_over_legal_points():
    game = pente({3: ". W B . W . . . ."}, to_move=BLACK, self_capture="forbidden")
    rng = random.Random(1)
    counts: dict = {}
    for _ in range(8000):
        move = game.random_move(rng)
        counts[move] = counts.get(move, 0) + 1
    assert at(game, 3, 3) not in counts
    assert len(counts) == 81 - 3 - 1
    assert min(counts.values()) > 50 and max(counts.values()) < 160
