"""Vacu and Convacu: every rule of the source, every test position of the rules notes (V-1 ..
V-7, Convacu-1/2) and every choice we made, by name.

Positions are written top row first (X Black, O White) as in the rules notes; moves are
given as (row, col) with row 0 at the top.
"""

import random

import pytest
from diagrams import at, draw, position

from pygames import PASS, Game, IllegalMove, OptionError, new_game
from pygames.vacu import BLACK, BUTTON, WHITE, Convacu, Vacu


def play(game, *moves):
    """Play moves given as (row, col) pairs, point labels or tokens."""
    for move in moves:
        game.play(at(game, *move) if isinstance(move, tuple) else game.parse_move(move))


def parts(game):
    return dict(game.breakdown())


# -- definitions -------------------------------------------------------------------------------

def test_rule_group_and_liberties_are_orthogonal():
    g = position(Vacu, """
        X X . . .
        . O X . .
        . . . . .
        . . . . .
        . . . . .""")
    assert sorted(g.group(at(g, 0, 0))) == [at(g, 0, 0), at(g, 0, 1)]
    assert g.group(at(g, 1, 2)) == [at(g, 1, 2)]  # diagonal stones are separate groups
    assert g.liberties(at(g, 0, 0)) == {at(g, 1, 0), at(g, 0, 2)}


def test_V_5_territory_needs_every_adjacent_stone_to_be_yours():
    g = position(Vacu, """
        . X . O .
        . X . O .
        . X . O .
        . X . O .
        . X . O .""", komi=0)
    play(g, (0, 2))
    assert draw(g).splitlines()[0] == ". X X O ."
    owners = {owner: sorted(region) for owner, region in g.territories() if owner}
    assert owners[BLACK] == sorted(at(g, r, 0) for r in range(5))
    assert owners[WHITE] == sorted(at(g, r, 4) for r in range(5))
    neutral = [region for owner, region in g.territories() if owner == 0]
    assert sorted(neutral[0]) == sorted(at(g, r, 2) for r in range(1, 5))
    assert g.scores() == {BLACK: 11, WHITE: 10}


def test_V4_territory_touching_no_stone_belongs_to_nobody():
    g = new_game("vacu", size=5, komi=3)
    play(g, BUTTON, PASS, PASS)
    [(owner, region)] = g.territories()
    assert owner == 0 and sorted(region) == list(range(25))
    assert g.scores() == {BLACK: 0.5, WHITE: 3}
    assert g.result().winners == (WHITE,)


def test_rule_score_is_stones_territory_komi_and_button():
    g = position(Vacu, """
        . X O . .
        X X O . .
        . . O . .
        . . O . .
        . . O . .""", komi=4)
    play(g, BUTTON)
    assert parts(g) == {
        "stones": {BLACK: 3, WHITE: 5},
        "territory": {BLACK: 1, WHITE: 10},
        "komi": {BLACK: 0, WHITE: 4},
        "button": {BLACK: 0.5, WHITE: 0},
    }
    assert g.scores() == {BLACK: 4.5, WHITE: 19}
    assert [name for name, _ in g.breakdown()] == ["stones", "territory", "komi", "button"]


# -- placements --------------------------------------------------------------------------------

def test_rule_black_plays_first_and_turns_alternate():
    g = new_game("vacu", size=5)
    assert g.to_move == BLACK
    play(g, (2, 2))
    assert g.to_move == WHITE and g.stones[at(g, 2, 2)] == BLACK
    play(g, (1, 1))
    assert g.to_move == BLACK and g.stones[at(g, 1, 1)] == WHITE


def test_rule_placement_only_on_an_empty_point():
    g = new_game("vacu", size=5)
    play(g, (2, 2))
    with pytest.raises(IllegalMove, match="occupied"):
        play(g, (2, 2))


def test_V_1_suppress_branch_captures_and_ends_the_game():
    g = position(Vacu, """
        . X . . .
        X O . . .
        . X . . .
        . . . . .
        . . . . .""")
    play(g, (1, 2))
    assert draw(g).splitlines()[:3] == [". X . . .", "X . X . .", ". X . . ."]
    assert g.scores() == {BLACK: 25, WHITE: 7}
    assert g.result().winners == (BLACK,)
    assert g.result().reason.startswith("Black took the last White group")


@pytest.mark.parametrize("board, move, after", [
    pytest.param("""
        O X . . .
        . O . . .
        O . . . .""", (1, 0), ["X X . . .", ". O . . .", "O . . . ."], id="V_2_flip_branch_removes_own_stone_and_flips"),
    pytest.param("""
        . X O . .
        X O . O .
        . X O . .""", (1, 2), [". X O . .", "X X . O .", ". X O . ."], id="V_2b_ko_shape_converts_instead_of_capturing"),
    pytest.param("""
        . X O . .
        X O . O .
        . X X . .""", (1, 2), [". X O . .", "X . X O .", ". X X . ."], id="V_3_joining_a_group_with_liberties_captures_instead"),
])
def test_V_one_placement(board, move, after):
    """The rules notes' one-move positions on 5x5 (the rows not drawn are empty): Black
    plays ``move`` and the top three rows become ``after``, with the game going on."""
    g = position(Vacu, board + "\n        . . . . .\n        . . . . .")
    play(g, move)
    assert draw(g).splitlines()[:3] == after
    assert g.result() is None


def test_V_4_suicide_that_flips_nothing_is_illegal():
    g = position(Vacu, """
        . O . . .
        O . . . .
        . . . . .
        . . . . .
        . . . . .""")
    with pytest.raises(IllegalMove, match="flip nothing"):
        play(g, (0, 0))
    assert not g.legal_placement(at(g, 0, 0))


def test_V_4_filling_the_eye_of_a_group_with_outside_liberties_is_illegal():
    g = position(Vacu, """
        . O . . .
        O . O . .
        . O . . .
        . . . . .
        . . . . .""")
    assert not g.is_legal(at(g, 1, 1))
    assert at(g, 1, 1) not in g.legal_moves()


def test_rule_flip_branch_makes_a_move_legal_only_when_it_flips():
    # Black's stone at (1,0) would have no liberty. While the corner White stone keeps a
    # liberty that is illegal; once the corner has none, the same placement flips it.
    shape = """
        O {} . . .
        . O . . .
        O . . . .
        . . . . .
        . . . . ."""
    g = position(Vacu, shape.format("."))
    with pytest.raises(IllegalMove, match="flip nothing"):
        play(g, (1, 0))
    g = position(Vacu, shape.format("X"))
    play(g, (1, 0))
    assert g.stones[at(g, 0, 0)] == BLACK and g.stones[at(g, 1, 0)] == 0


def test_rule_flip_branch_flips_every_libertyless_enemy_group():
    g = position(Vacu, """
        . O X . .
        O X . . .
        X . . . O
        . . . . .
        . . . . .""")
    play(g, (0, 0))
    assert draw(g).splitlines()[:2] == [". X X . .", "X X . . ."]
    assert g.result() is None  # White keeps a stone elsewhere


def test_rule_suppress_branch_removes_every_libertyless_enemy_group():
    g = position(Vacu, """
        X O . O X
        . X . X .
        . . . . .
        . . . . .
        . . . . O""")
    play(g, (0, 2))
    assert draw(g).splitlines()[0] == "X . X . X"
    assert g.stones.count(WHITE) == 1


def test_invariant_flipped_stones_always_have_a_liberty():
    g = position(Vacu, """
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .""")
    play(g, (1, 2))
    assert g.liberties(at(g, 1, 1))


# -- the button, passes and the end ------------------------------------------------------------

def test_V_6_button_blocks_pass_until_taken():
    g = new_game("vacu", size=5)
    assert PASS not in g.legal_moves() and BUTTON in g.legal_moves()
    with pytest.raises(IllegalMove, match="button"):
        play(g, PASS)
    play(g, BUTTON)
    assert g.button == BLACK
    assert PASS in g.legal_moves() and BUTTON not in g.legal_moves()
    with pytest.raises(IllegalMove, match="already been taken"):
        play(g, BUTTON)


def test_V_6_button_take_is_not_a_pass_and_ends_after_two_passes():
    g = new_game("vacu", size=5, komi=0)
    play(g, BUTTON, PASS)
    assert g.result() is None
    play(g, PASS)
    assert g.result().winners == (BLACK,)
    assert g.scores() == {BLACK: 0.5, WHITE: 0}
    assert "both players passed" in g.result().reason


def test_V7_opponent_may_pass_after_the_button_is_taken():
    g = new_game("vacu", size=5)
    play(g, (2, 2), BUTTON)  # White takes it; now Black may pass too
    play(g, PASS)
    assert g.result() is None and g.button == WHITE
    play(g, (1, 1))
    assert g.passes == 0  # a board play breaks the run of passes
    play(g, PASS, (3, 3), PASS)
    assert g.result() is None
    play(g, PASS)
    assert g.result() is not None


def test_rule_button_can_be_taken_instead_of_a_board_play_by_either_player():
    g = new_game("vacu", size=5)
    play(g, BUTTON)
    assert g.to_move == WHITE and g.stones.count(0) == 25


def test_rule_elimination_ends_the_game_even_early():
    g = new_game("vacu", size=9)
    play(g, "a2", "a1")
    assert g.result() is None
    play(g, "b1")  # move 3 suppresses White's only stone
    assert g.result().winners == (BLACK,)
    assert g.scores() == {BLACK: 81, WHITE: 7}
    assert g.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        play(g, (0, 0))


def test_rule_elimination_by_flipping_the_last_enemy_group():
    g = position(Vacu, """
        . O X . .
        O X . . .
        X . . . .
        . . . . .
        . . . . .""")
    play(g, (0, 0))
    assert WHITE not in g.stones
    assert g.result().winners == (BLACK,)


def test_V1_no_elimination_when_nothing_was_taken():
    g = new_game("vacu", size=5)
    play(g, (2, 2))  # White has no stones, but nothing was suppressed or flipped
    assert g.result() is None


@pytest.mark.parametrize("komi, winners", [(81, ()), (80, (BLACK,)), (82, (WHITE,))])
def test_V3_ending_before_the_button_is_taken_can_tie_and_is_a_draw(komi, winners):
    g = new_game("vacu", size=9, komi=komi)
    play(g, "a2", "a1", "b1")
    assert g.result().winners == winners
    assert g.result().draw == (winners == ())


# -- repetition ----------------------------------------------------------------------------------

# A cycle found by searching every position of 3x3 Vacu: no cycle exists there without
# passes, so the button must be taken. Both lines return to their start after 12 moves and
# never take a last group. Q is reached by a board play, P by a pass.
Q = """
X X X
O O .
. X O"""
Q_CYCLE = "c2 c3 b3 pass a1 pass c2 pass b1 pass a3 c1".split()
P = """
. X O
O O .
. X X"""
P_CYCLE = "a1 pass c2 pass b1 pass a3 c1 c2 c3 b3 pass".split()


def replay(game, labels):
    for text in labels:
        assert game.result() is None
        game.play(game.parse_move(text))


def q_after_button():
    """Q with Black to move and the button taken (by Black, White then passing): the same
    board with the same side to move as the set-up position, but the button differs."""
    g = position(Vacu, Q)
    play(g, BUTTON, PASS)
    assert draw(g) == draw(position(Vacu, Q)) and g.to_move == BLACK
    return g


def test_rule_third_appearance_after_a_board_play_is_a_draw():
    g = q_after_button()
    replay(g, Q_CYCLE)
    assert g.repetitions() == 2 and g.result() is None
    replay(g, Q_CYCLE[:-1])
    assert g.result() is None
    play(g, "c1")
    assert g.repetitions() == 3
    assert g.result().draw and "third time" in g.result().reason


def test_V5_button_taken_or_not_makes_positions_different():
    # Q with Black to move has been on the board three times after one cycle (set up
    # without the button, then twice with it): only the two with the button count.
    g = q_after_button()
    replay(g, Q_CYCLE)
    assert g.result() is None and g.repetitions() == 2


def test_rule_a_pass_is_not_a_board_play_for_repetition():
    g = position(Vacu, P, to_move=WHITE)
    play(g, BUTTON)  # White takes it: P with Black to move and the button taken
    replay(g, P_CYCLE + P_CYCLE)
    assert g.history[-1] == PASS and g.repetitions() == 3
    assert g.result() is None
    play(g, "a1")
    assert g.result().draw


def test_rule_repetition_counts_follow_undo():
    g = q_after_button()
    replay(g, Q_CYCLE + Q_CYCLE)
    assert g.result().draw
    g.undo()
    assert g.result() is None
    play(g, "c1")
    assert g.result().draw
    for _ in range(12):
        g.undo()
    assert g.repetitions() == 2
    replay(g, Q_CYCLE[:3])
    assert g.repetitions() == 2
    for _ in range(3):
        g.undo()
    play(g, PASS)  # leave the cycle: Q with White to move, as right after the button
    assert g.repetitions() == 2
    play(g, "c2")
    assert g.repetitions() == 1 and g.result() is None


def test_rule_repetition_counts_match_a_replay_after_random_undos():
    rng = random.Random(5)
    g = Vacu(size=3)
    for _ in range(400):
        if g.history and (g.is_over() or rng.random() < 0.3):
            g.undo()
        else:
            g.play(g.random_move(rng))
        fresh = Vacu(size=3)
        keys = [fresh.position_key()]
        for move in g.history:
            fresh.play(move)
            keys.append(fresh.position_key())
        assert g.repetitions() == keys.count(g.position_key())


def test_V_7_repetition_key_includes_the_button():
    g = new_game("vacu", size=5)
    before = g.position_key()
    play(g, BUTTON, PASS)
    after = g.position_key()
    assert before[:2] == after[:2] and before != after


def test_V_7_repetition_key_includes_the_side_to_move():
    g = new_game("vacu", size=5)
    play(g, BUTTON)
    before = g.position_key()
    play(g, PASS)
    assert before[0] == g.position_key()[0] and before != g.position_key()


# -- options ---------------------------------------------------------------------------------------

def test_option_size_default_and_offered_sizes():
    assert new_game("vacu").board.size == 9
    for n in (5, 13, 19):
        assert len(new_game("vacu", size=n).stones) == n * n
    with pytest.raises(OptionError):
        new_game("vacu", size=2)


def test_option_komi_default_and_whole_number():
    assert new_game("vacu").options["komi"] == 7
    assert new_game("vacu", komi=-3).scores()[WHITE] == -3
    with pytest.raises(OptionError):
        new_game("vacu", komi="6.5")


def test_option_pie_second_player_chooses_black():
    g = new_game("vacu", size=5, pie=True, komi=12)
    assert g.legal_moves() == ["black", "white"]
    assert "komi 12" in g.prompt()
    with pytest.raises(IllegalMove, match="choose a colour"):
        play(g, (2, 2))
    play(g, "black")
    assert g.seats == [WHITE, BLACK] and g.seat_of(BLACK) == 1
    assert g.to_move == BLACK and BUTTON in g.legal_moves()


def test_option_pie_second_player_chooses_white():
    g = new_game("vacu", size=5, pie=True)
    play(g, "white")
    assert g.seats == [BLACK, WHITE]
    g.undo()
    assert g.choosing


def test_option_pie_off_by_default():
    g = new_game("vacu")
    assert not g.choosing and "black" not in g.legal_moves()


# -- presentation ----------------------------------------------------------------------------------

def test_prompt_and_action_label():
    g = new_game("vacu", size=5)
    assert g.prompt() == "Black to play (may take the button)"
    play(g, BUTTON)
    assert g.prompt() == "White to play or pass"
    assert g.action_label(BUTTON) == "Take the button"
    assert g.action_label(PASS) == "Pass"
    play(g, PASS, PASS)
    assert g.prompt() == "Game over"


def test_annotations_shade_territory_by_owner():
    g = position(Vacu, """
        . X O . .
        X X O . .
        . . O . .
        . . O . .
        . . O . .""")
    areas = g.annotations()
    assert all(a["kind"] == "area" for a in areas)
    assert {a["colour"]: sorted(a["points"]) for a in areas} == {
        BLACK: [at(g, 0, 0)], WHITE: sorted(at(g, r, c) for r in range(5) for c in (3, 4))}


def test_describe_names_komi_and_button():
    text = new_game("vacu", komi=5).describe()
    assert "komi 5" in text and "button" in text


def test_setup_refuses_a_group_without_liberties():
    with pytest.raises(ValueError, match="no liberty"):
        position(Vacu, "O X .\nX . .\n. . .")


# -- Convacu ---------------------------------------------------------------------------------------

CONVACU_1 = """
. . X . .
. . X . .
. . X . .
. . X . .
. . . . ."""


def test_Convacu_1_black_joins_top_and_bottom_and_wins():
    g = position(Convacu, CONVACU_1)
    play(g, (4, 2))
    assert g.result().winners == (BLACK,)
    assert "top and bottom" in g.result().reason


def test_Convacu_1_the_same_column_wins_nothing_for_white():
    g = position(Convacu, CONVACU_1.replace("X", "O"), to_move=WHITE)
    play(g, (4, 2))
    assert g.result() is None


def test_rule_convacu_white_joins_left_and_right():
    g = position(Convacu, """
        . . . . .
        . . . . .
        O O O O .
        . . . . .
        . . . . .""", to_move=WHITE)
    play(g, (2, 4))
    assert g.result().winners == (WHITE,)


def test_C1_corners_lie_on_both_of_their_edges():
    # Black's column on the left edge runs corner to corner: it touches top and bottom.
    g = position(Convacu, """
        X . . . .
        X . . . .
        X . . . .
        X . . . .
        . . . . .""")
    play(g, (4, 0))
    assert g.result().winners == (BLACK,)


def test_C3_a_flipped_group_can_complete_the_connection():
    g = position(Convacu, """
        . . X . .
        . O X . .
        O . O X .
        . O X . .
        . . X . .""")
    play(g, (2, 1))
    assert g.stones[at(g, 2, 2)] == BLACK and g.stones[at(g, 2, 1)] == 0
    assert g.result().winners == (BLACK,)


CONVACU_2 = """
O O . O O
O . O . O
. O O O .
O . O . O
O O . O O"""


def test_Convacu_2_pass_is_forced_when_no_placement_is_legal():
    g = position(Convacu, CONVACU_2)
    assert g.result() is None  # White's groups do not join left and right yet
    assert g.legal_moves() == [PASS]
    assert g.prompt() == "Black has no legal placement and must pass"
    assert g.random_move(random.Random(1)) == PASS
    play(g, PASS)
    play(g, (0, 2))  # White joins its corner groups through the centre
    assert g.result().winners == (WHITE,)


def test_Convacu_2_pass_is_illegal_while_a_placement_is_legal():
    g = new_game("convacu", size=5)
    assert PASS not in g.legal_moves()
    with pytest.raises(IllegalMove, match="only when no placement"):
        play(g, PASS)
    g = position(Convacu, CONVACU_2, to_move=WHITE)
    assert PASS not in g.legal_moves()


def test_C2_convacu_has_no_button():
    g = new_game("convacu", size=5)
    assert BUTTON not in g.legal_moves()
    with pytest.raises(IllegalMove, match="without the button"):
        play(g, BUTTON)
    assert [name for name, _ in g.breakdown()] == ["stones", "territory", "komi"]
    assert g.prompt() == "Black to play"


def test_C2_convacu_komi_defaults_to_zero_and_scores_unconnected_endings():
    assert new_game("convacu").options["komi"] == 0
    g = position(Convacu, """
        . O X . .
        O X . . .
        X . . . .
        . . . . .
        . . . . .""", komi=3)
    play(g, (0, 0))  # the last White group is flipped: the game ends on points
    assert g.result().winners == (BLACK,)
    assert g.scores() == {BLACK: 25, WHITE: 3}


def test_C2_convacu_setup_of_a_finished_connection_is_over():
    g = position(Convacu, CONVACU_1.replace(". . . . .", ". . X . ."))
    assert g.result().winners == (BLACK,)
    assert g.legal_moves() == []


def test_C2_convacu_forced_passes_never_come_twice_in_a_row():
    # A point illegal for Black has only White neighbours that keep another liberty, so
    # White may always play there: the two-pass ending of Vacu cannot occur.
    g = position(Convacu, CONVACU_2)
    play(g, PASS)
    assert PASS not in g.legal_moves()
    with pytest.raises(IllegalMove):
        play(g, PASS)


def test_annotations_convacu_winning_chain_is_the_shortest_joining_run():
    g = position(Convacu, """
        . X . . .
        . X X . .
        . . . . .
        . X X X .
        . X . . .""", to_move=BLACK)
    assert not [a for a in g.annotations() if a["kind"] == "path"]
    play(g, (2, 2))  # joins the top group to the bottom one
    path, = [a for a in g.annotations() if a["kind"] == "path"]
    assert path["colour"] == BLACK and path["label"] == "winning chain" and not path["closed"]
    rows_cols = sorted(g.board.coords[p] for p in path["points"])
    assert rows_cols == [(0, 1), (1, 1), (1, 2), (2, 2), (3, 1), (3, 2), (4, 1)]  # not (3, 3)


def test_annotations_convacu_coloured_edges():
    g = new_game("convacu", size=5)
    assert sorted((a["side"], a["colour"]) for a in g.annotations()) == [
        ("bottom", BLACK), ("left", WHITE), ("right", WHITE), ("top", BLACK)]
    assert all(a["kind"] == "edge" for a in g.annotations())


def test_describe_convacu_names_the_edges():
    assert "top and bottom" in new_game("convacu").describe()


# -- random games ------------------------------------------------------------------------------------

def no_libertyless_group(game):
    return all(game.liberties(p) for p, s in enumerate(game.stones) if s)


@pytest.mark.parametrize("cls, size, games", [(Vacu, 5, 60), (Vacu, 9, 40), (Convacu, 7, 60)])
def test_invariants_in_random_games(cls, size, games):
    rng = random.Random(size)
    total = 0
    for _ in range(games):
        g = cls(size=size)
        while not g.is_over():
            assert no_libertyless_group(g)
            total_scores = g.scores()
            summed = {c: sum(row[c] for _, row in g.breakdown()) for c in (BLACK, WHITE)}
            assert summed == total_scores
            g.play(g.random_move(rng))
            total += 1
        assert g.legal_moves() == []
    assert total > 1000


@pytest.mark.parametrize("cls", [Vacu, Convacu])
def test_fast_legality_matches_playing_the_move(cls):
    rng = random.Random(7)
    for _ in range(15):
        g = cls(size=5)
        while not g.is_over():
            exact = [m for m in g.candidates() if Game.is_legal(g, m)]
            assert g.legal_moves() == exact
            g.play(rng.choice(exact))


def test_undo_restores_the_position_exactly():
    rng = random.Random(3)
    g = Vacu(size=7)
    for _ in range(40):
        g.play(g.random_move(rng))
    before = (g.stones[:], g.to_move, g.button, g.passes, g.repetitions(), g.scores())
    for _ in range(30):
        if g.is_over():
            break
        g.play(g.random_move(rng))
    while len(g.history) > 40:
        g.undo()
    assert (g.stones, g.to_move, g.button, g.passes, g.repetitions(), g.scores()) == before


def test_copy_is_independent():
    g = new_game("vacu", size=5)
    play(g, (2, 2))
    c = g.copy()
    play(c, (1, 1))
    assert g.stones[at(g, 1, 1)] == 0 and g.repetitions() == 1 and len(g.history) == 1
