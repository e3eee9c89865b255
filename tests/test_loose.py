"""Loose: every rule of the designer's page and every clarification we chose, by name.

Positions are written top row first (X Black, O White) as in the rules notes; moves are
given as (row, col) with row 0 at the top.
"""

import random

import pytest
from diagrams import at, draw, position

from pygames import PASS, IllegalMove, OptionError, new_game
from pygames.loose import BLACK, WHITE, Loose

L0 = """
. . . . . . . . .
. X X X . . . . .
X O O . X . . . .
X O . O O X . . .
X . O O . X . . .
. X . . X . . . .
. . X X . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def test_L_0_true_and_false_liberties_are_classified_by_point():
    g = position(Loose, L0)
    assert sorted(g.false_liberties()) == sorted([at(g, 2, 3), at(g, 4, 1), at(g, 4, 4)])
    liberties = {q for p, s in enumerate(g.stones) if s for q in g.board.neighbours[p] if g.stones[q] == 0}
    assert len(liberties) == 20
    for r, c in [(3, 2), (5, 2), (5, 3)]:
        assert g.is_true_liberty(at(g, r, c))


def test_L_0_true_liberties_per_group():
    g = position(Loose, L0)
    assert g.true_liberties(g.group(at(g, 2, 1))) == {at(g, 3, 2)}
    assert g.true_liberties(g.group(at(g, 3, 3))) == {at(g, 3, 2), at(g, 5, 2), at(g, 5, 3)}
    assert g.true_liberties(g.group(at(g, 2, 0))) == {at(g, 1, 0), at(g, 5, 0)}


def test_rule_false_liberty_needs_both_colours_and_no_empty_neighbour():
    # A point surrounded only by black stones is a true liberty (an eye) ...
    g = position(Loose, ". X .\nX . X\n. X .")
    assert g.is_true_liberty(at(g, 1, 1))
    # ... and so is a point with one empty neighbour even if both colours touch it.
    g = position(Loose, ". X .\nO . .\n. X .")
    assert g.is_true_liberty(at(g, 1, 1))
    g = position(Loose, ". X .\nO . X\n. X .")
    assert not g.is_true_liberty(at(g, 1, 1))


def test_L_5_edge_corner_with_one_black_one_white_neighbour_is_false():
    g = position(Loose, ". X .\nO . .\n. . .")
    assert not g.is_true_liberty(at(g, 0, 0))


def test_L_A_flip_creates_an_eye():
    g = position(Loose, "O X . . .\n. X . . .\n. . . . .\n. . . . .\n. . . . .")
    g.play(at(g, 2, 0))
    assert draw(g).splitlines()[:3] == ["X X . . .", ". X . . .", "X . . . ."]
    assert g.scores() == {BLACK: 4, WHITE: 0 + g.options["komi"]}
    assert g.is_true_liberty(at(g, 1, 0))


def test_L_B_false_liberty_without_flip_when_another_true_liberty_remains():
    g = position(Loose, ". . X . .\nO O O X .\n. . . . .\n. . . . .\n. . . . .")
    g.play(at(g, 0, 1))
    assert not g.is_true_liberty(at(g, 0, 0))
    assert [g.stones[at(g, 1, c)] for c in range(3)] == [WHITE] * 3


def test_L_C_flipped_stone_without_true_liberty_makes_the_move_illegal():
    g = position(Loose, ". . . . .\n. . . . .\n. . . . .\n. . . O .\n. . X . O")
    before = g.stones[:]
    with pytest.raises(IllegalMove, match="flipped group .* no true liberty"):
        g.play(at(g, 2, 4))
    assert g.stones == before and g.to_move == BLACK and g.history == []


def test_L_D_own_group_losing_its_last_true_liberty_is_illegal():
    g = position(Loose, ". . . . X\n. . . O O\n. . . . .\n. . . . .\n. . . . .")
    with pytest.raises(IllegalMove, match="group at e5 would lose its last true liberty"):
        g.play(at(g, 0, 2))  # Black's e5 stone keeps only a false liberty


def test_rule_placed_stone_without_true_liberty_and_no_flip_is_illegal():
    g = position(Loose, ". O . . .\nO . O . .\n. O . . .\n. . . . .\n. . . . .")
    with pytest.raises(IllegalMove, match="that stone's group would have no true liberty"):
        g.play(at(g, 1, 1))


def test_choice_the_check_comes_after_the_flips_so_one_eye_is_flipped_and_two_eyes_are_safe():
    # the rules page: a stone in a group's single eye flips it; in either of two eyes, illegal
    one = position(Loose, ". . . . .\n. . . . .\nX X . . .\nO O X . .\n. O X . .")
    one.play(at(one, 4, 0))
    assert draw(one).splitlines()[3:] == ["X X X . .", "X X X . ."]
    two = position(Loose, ". . . . .\n. . . . .\nX X X X .\nO O O O X\n. O . O X")
    for eye in (at(two, 4, 0), at(two, 4, 2)):
        with pytest.raises(IllegalMove):
            two.play(eye)


def test_L_E_two_enemy_groups_flip_at_once():
    g = position(Loose, ". O X . .\nO X . . .\nX . . . .\n. . . . .\n. . . . .")
    g.play(at(g, 0, 0))
    assert g.stones.count(WHITE) == 0 and g.stones.count(BLACK) == 6


def test_L_1_flipping_happens_once_and_only_enemy_groups_flip():
    g = position(Loose, ". O X . .\nO X . . .\nX . . . .\n. . . . .\n. . . . .")
    g.play(at(g, 0, 0))
    assert g.to_move == WHITE  # the turn ended after the single round of flips


def test_L_F_tie_is_lost_by_the_player_who_moved_last():
    g = new_game("loose", size=3, komi=0)
    for move in [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]:
        g.play(at(g, *move))
    g.play(PASS)
    assert g.result() is None
    g.play(PASS)
    assert g.scores() == {BLACK: 3, WHITE: 3}
    assert g.result().winners == (BLACK,)


def test_L_F_komi_counts_for_white():
    g = new_game("loose", size=3, komi=2)
    for move in [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]:
        g.play(at(g, *move))
    g.play(PASS)
    g.play(PASS)
    assert g.scores() == {BLACK: 3, WHITE: 5}
    assert g.result().winners == (WHITE,)


def test_L_2_tie_with_no_placement_is_lost_by_the_final_passer():
    g = new_game("loose", size=3, komi=0)
    g.play(PASS)
    g.play(PASS)
    assert g.result().winners == (BLACK,)  # White passed last


def test_rule_black_moves_first_and_turns_alternate():
    g = new_game("loose")
    assert g.to_move == BLACK
    g.play(g.board.parse("f6"))
    assert g.to_move == WHITE
    g.play(PASS)
    assert g.to_move == BLACK


def test_rule_pass_is_always_legal_and_two_in_a_row_end_the_game():
    g = new_game("loose", size=5)
    g.play(PASS)
    g.play(g.board.parse("c3"))
    g.play(PASS)
    assert not g.is_over()
    g.play(PASS)
    assert g.is_over()
    with pytest.raises(IllegalMove, match="game is over"):
        g.play(g.board.parse("a1"))


def test_rule_occupied_point_is_illegal():
    g = new_game("loose", size=5)
    g.play(g.board.parse("c3"))
    with pytest.raises(IllegalMove, match="occupied"):
        g.play(g.board.parse("c3"))


def test_L_3_board_size_is_odd_and_defaults_to_11():
    assert new_game("loose").board.size == 11
    assert new_game("loose", size=9).board.size == 9
    with pytest.raises(OptionError, match="odd"):
        new_game("loose", size=10)


def test_L_4_komi_is_even_and_defaults_to_6():
    assert new_game("loose").options["komi"] == 6
    with pytest.raises(OptionError, match="even"):
        new_game("loose", komi=5)


def test_L_4_pie_second_player_chooses_colour():
    g = new_game("loose", size=5, pie=True, komi=4)
    assert sorted(g.legal_moves()) == ["black", "white"]
    assert "choose a colour" in g.prompt()
    with pytest.raises(IllegalMove):
        g.play(g.board.parse("c3"))
    g.play("black")
    assert g.seats == [WHITE, BLACK]  # seat 1, the second player, now plays Black (first)
    assert g.to_move == BLACK
    g.undo()
    g.play("white")
    assert g.seats == [BLACK, WHITE]


def test_undo_restores_the_exact_state():
    g = position(Loose, "O X . . .\n. X . . .\n. . . . .\n. . . . .\n. . . . .")
    before = (g.stones[:], g.to_move, g.passes)
    g.play(at(g, 2, 0))
    assert g.undo() == at(g, 2, 0)
    assert (g.stones, g.to_move, g.passes) == before
    with pytest.raises(IndexError):
        g.undo()


def test_legal_moves_match_play():
    rng = random.Random(7)
    g = new_game("loose", size=5)
    for _ in range(12):
        legal = set(g.legal_moves())
        for p in range(len(g.board)):
            assert (p in legal) == g.is_legal(p)
        g.play(rng.choice(sorted(legal, key=str)))
        if g.is_over():
            break


def test_random_games_keep_every_group_with_a_true_liberty():
    rng = random.Random(2012)
    for size in (5, 7, 9):
        for _ in range(15):
            g = new_game("loose", size=size)
            while not g.is_over():
                g.play(g.random_move(rng))
                seen = set()
                for p, s in enumerate(g.stones):
                    if s and p not in seen:
                        grp = g.group(p)
                        seen.update(grp)
                        assert g.true_liberties(grp), f"group at {g.board.label(p)} has no true liberty"
            # stones are never removed: stones on the board equal the placements made
            assert sum(1 for s in g.stones if s) == sum(1 for m in g.history if isinstance(m, int))
            total = g.scores()
            assert total[BLACK] + total[WHITE] == sum(1 for s in g.stones if s) + g.options["komi"]


def test_copy_is_independent():
    g = new_game("loose", size=5)
    h = g.copy()
    h.play(h.board.parse("c3"))
    assert g.stones.count(BLACK) == 0 and g.history == []
