"""Gardar's knowledge for the computer player: the playout policy (what it avoids; that its
moves are legal and its playouts end is every policy's contract, in test_ai_layer.py), the
move priors (each heuristic on a position that shows it), and the search on top of them
(legal answers, pie choice included; no pass while a point can still be fenced in, and
still a pass once the board is settled; passing on the count is every counted game's
promise, in test_ai_layer.py).

Positions are written as in tests/test_gardar.py: axial coordinates (q, r), centre (0, 0).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_gardar import G4, G6, at, position, ring, setup

from pygames import PASS
from pygames.ai import choose_move, level, search
from pygames.ai.gardar import GardarPolicy, room_to_enclose
from pygames.gardar import BLACK, WHITE, Gardar

POLICY = GardarPolicy()
OPTION_SETS = [{}, {"pie": True}, {"death": "group", "cascade": True},
               {"enemies_inside": "enclosure", "hole_exemption": False}]


def random_position(rng: random.Random, **options) -> Gardar:
    """A position some random moves into a game on a small board (not yet over)."""
    game = Gardar(size=rng.choice([3, 4, 5]), **options)
    for _ in range(rng.randrange(0, 3 * len(game.board))):
        game.play(game.random_move(rng) if rng.random() < 0.5 else POLICY.playout_move(game, rng))
        if game.is_over():
            game.undo()
            break
    return game


# -- the playout policy --------------------------------------------------------------------

def test_playouts_never_fill_their_own_enclosure():
    game = setup(5, black=ring(1), white=[(3, -3)])
    rng = random.Random(1)
    assert at(game, 0, 0) not in {POLICY.playout_move(game, rng) for _ in range(2000)}


def test_playouts_seldom_throw_a_stone_into_an_enemy_enclosure():
    game = setup(5, black=ring(1), white=[(3, -3)], to_move=WHITE)
    rng = random.Random(1)
    moves = [POLICY.playout_move(game, rng) for _ in range(3000)]
    centre = moves.count(at(game, 0, 0))
    assert 0 < centre < 3000 / (len(game.board) - 8) / 3


def test_playouts_pass_when_nothing_is_worth_a_stone():
    """Every empty point off the edge lies in Black's own enclosures and the edge points
    are taken: Black passes."""
    eyes = [(0, 0), (2, -2), (-2, 2)]
    board = Gardar(size=4).board
    holes = {board.point(c) for c in eyes}
    game = Gardar.setup({p: BLACK for p in range(len(board)) if p not in holes}, to_move=BLACK, size=4)
    assert len(game.enclosures()) == 3
    rng = random.Random(1)
    assert {POLICY.playout_move(game, rng) for _ in range(50)} == {PASS}


def test_playouts_are_shorter_than_random_games():
    rng = random.Random(2)
    lengths = {"random_move": [], "playout_move": []}
    for kind, found in lengths.items():
        for _ in range(10):
            game = Gardar(size=5)
            while not game.is_over():
                game.play(game.random_move(rng) if kind == "random_move" else POLICY.playout_move(game, rng))
            found.append(len(game.history))
    assert sum(lengths["playout_move"]) < sum(lengths["random_move"]) / 2


# -- priors ----------------------------------------------------------------------------------

def prior(game: Gardar, q: int, r: int) -> float:
    [value] = POLICY.priors(game, [at(game, q, r)])
    return value


def test_prior_closing_an_enclosure_is_high():
    game = setup(5, black=ring(1)[1:], white=[(3, -3)])
    gap = ring(1)[0]
    assert prior(game, *gap) > 0.8
    assert prior(game, *gap) > max(POLICY.priors(game, [p for p in range(len(game.board))
                                                     if not game.stones[p] and p != at(game, *gap)]))


def test_prior_filling_an_own_enclosure_is_low():
    game = setup(5, black=ring(1), white=[(3, -3)])
    assert prior(game, 0, 0) < 0.1


def test_prior_killing_enemy_stones_is_high():
    game = position(G4, to_move=WHITE)  # White's (0, 1) encloses the centre and kills (-1, 1)
    assert prior(game, 0, 1) > 0.8
    game = position(G6, to_move=WHITE)  # filling the last eye kills the Black ring
    assert prior(game, 0, 0) > 0.8


def test_prior_saving_dying_stones_is_high():
    game = position(G4.replace(". . X . . .", ". . X O . ."), to_move=BLACK)
    assert game.dead_stones(BLACK) == [at(game, -1, 1)]
    assert prior(game, 0, 0) > 0.7  # filling White's enclosure takes away what kills it


def test_prior_a_stone_dead_on_landing_is_low():
    game = setup(5, black=ring(1), white=[(3, -3)], to_move=WHITE)
    assert prior(game, 0, 0) < 0.2


def test_priors_have_no_opinion_on_the_colour_choice():
    assert POLICY.priors(Gardar(size=4, pie=True), ["black", "white"]) is None


# -- the search --------------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), options=st.sampled_from(OPTION_SETS))
def test_computer_never_plays_an_illegal_move(seed, options):
    rng = random.Random(seed)
    game = random_position(rng, **options)
    move = choose_move(game, seconds=None, iterations=20, rng=rng)
    assert move in game.legal_moves()


def test_computer_chooses_a_colour_under_the_pie_rule():
    game = Gardar(size=4, pie=True, komi=30)
    assert choose_move(game, seconds=None, iterations=30, rng=random.Random(1)) == "white"


def test_thickening_points_are_avoided():
    """A stone at (1, 0) closes a triangle with Black's (0, 0) and (1, -1): surplus."""
    game = setup(5, black=[(0, 0), (1, -1)], white=[(-3, 3)])
    triangle, line = at(game, 1, 0), at(game, -1, 0)
    assert prior(game, 1, 0) < prior(game, -1, 0)
    rng = random.Random(1)
    moves = [POLICY.playout_move(game, rng) for _ in range(4000)]
    assert moves.count(triangle) < moves.count(line) / 2


def test_prior_a_quiet_stone_ranks_below_passing():
    """A stone that closes, kills or saves nothing is a surplus stone until it joins a loop."""
    game = setup(5, black=[(0, 0)], white=[(3, -3)], to_move=BLACK)
    quiet = [p for p in range(len(game.board)) if not game.stones[p]]
    [passing] = POLICY.priors(game, [PASS])
    assert max(POLICY.priors(game, quiet)) < passing


# -- no early passes ---------------------------------------------------------------------

def settled() -> Gardar:
    """Black holds every point but three eyes, each its own enclosure: nothing is left to
    fence in, and any stone is a surplus stone (Black) or dead on landing (White)."""
    board = Gardar(size=4).board
    holes = {board.point(c) for c in [(0, 0), (2, -2), (-2, 2)]}
    return Gardar.setup({p: BLACK for p in range(len(board)) if p not in holes}, to_move=BLACK, size=4)


def test_room_to_enclose_is_a_point_of_the_open_board_with_no_enemy_next_to_it():
    assert room_to_enclose(Gardar(size=5))
    assert not room_to_enclose(settled())
    # White's only open points off the edge touch Black's stones: nothing White can fence in
    crowded = setup(3, black=[(0, 0), (1, -1), (-1, 1), (1, 0), (-1, 0), (0, 1), (0, -1)], to_move=WHITE)
    assert not room_to_enclose(crowded)


def test_the_search_never_weighs_filling_its_own_enclosure():
    """A stone in the eye of Black's own ring is surplus and leaves the ring enclosing
    nothing: six loop stones lost and one more surplus. A search whose every line wins or
    every line loses cannot see that, so it never weighs the move; White may (a throw-in)."""
    black = setup(5, black=ring(1), white=[(3, -3)], to_move=BLACK)
    white = setup(5, black=ring(1), white=[(3, -3)], to_move=WHITE)
    eye = at(black, 0, 0)
    assert eye not in POLICY.considered(black, list(black.candidates()))
    assert eye in POLICY.considered(white, list(white.candidates()))
    assert eye not in [c.move for c in search(black, random.Random(1)).root.children or []]


def test_after_a_throw_in_the_pass_is_weighed_again():
    """White's stone in the eye of Black's ring is dead where it stands. Any stone of Black's
    would take it off, handing White back the point it costs, and cost a point itself; a
    player who could not pass would answer every throw-in so and fill its own land. So the
    pass is weighed again, though the open board still has room to fence in."""
    thrown = setup(5, black=ring(1), white=[(0, 0)], to_move=BLACK)
    assert room_to_enclose(thrown) and thrown.dead_stones(WHITE) == [at(thrown, 0, 0)]
    assert PASS in POLICY.considered(thrown, list(thrown.candidates()))
    quiet = setup(5, black=ring(1), white=[(3, -3)], to_move=BLACK)
    assert PASS not in POLICY.considered(quiet, list(quiet.candidates()))


def _walled(eye: list[tuple[int, int]], thrown: list[tuple[int, int]]) -> Gardar:
    """Black's group around the empty points ``eye``, walled in by White's living stones,
    so that the eye is all the group lives by; White's ``thrown`` stones thrown in there."""
    def around(points: set[tuple[int, int]]) -> set[tuple[int, int]]:
        return {n for p in points for n in ring(1, p)} - points

    black = around(set(eye))
    white = around(black | set(eye)) - set(eye)
    return setup(7, black=sorted(black), white=sorted(white) + thrown, to_move=BLACK)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_computer_answers_a_throw_in_that_would_kill(seed):
    """The pass is weighed after a throw-in, but the search still judges it: here one more
    thrown-in stone would fill the eye Black's ring of eight loop stones lives by, and any
    stone of Black's takes the thrown-in one off first, so Black places a stone. (The pass
    is not left out by a rule: a group of surplus stones loses nothing by dying, and a
    player made to answer every such threat pays a stone each time.)"""
    last = _walled([(0, 0), (1, 0)], thrown=[(0, 0)])
    assert last.dead_stones(WHITE) == [at(last, 0, 0)] and not last.dead_stones(BLACK)
    assert PASS in POLICY.considered(last, list(last.candidates()))
    assert choose_move(last, seconds=None, iterations=300, rng=random.Random(seed)) != PASS
    last.play(PASS)
    last.play(at(last, 1, 0))
    assert last.position.black == 0  # what a pass would have let White do


def test_taking_off_a_thrown_in_stone_is_no_capture():
    """Any stone of Black's takes off White's dead stone in Black's eye and wins the eye
    back: that is no kill and no new enclosure for the stone to earn, and the pass, which
    leaves White's stone there a point against White, looks better than a stone that only
    does that."""
    thrown = setup(5, black=ring(1), white=[(0, 0)], to_move=BLACK)
    edge = at(thrown, 4, -4)  # worked out, as every edge point is
    passing, stone = POLICY.priors(thrown, [PASS, edge])
    assert stone < 0.9 and passing > stone
    quiet = setup(5, black=ring(1), white=[(3, -3)], to_move=BLACK)
    assert POLICY.priors(quiet, [PASS]) == [0.5]


@pytest.mark.parametrize("size", [5, 7, 9, 11])
def test_the_computer_does_not_pass_in_the_first_30_plies(size):
    """From the empty board the search never weighs the pass while the side to move can
    still fence in a point (whatever its budget: every level searches the same moves),
    and so never passes; the board of every size stays that open for 30 plies."""
    game = Gardar(size=size)
    for ply in range(30):
        assert room_to_enclose(game)
        searcher = search(game, random.Random(ply))
        assert searcher.decided != PASS and PASS not in [c.move for c in searcher.root.children or []]
        searcher.run(iterations=10)
        game.play(searcher.best_move())


@pytest.mark.parametrize("size", [7, 9])
def test_the_medium_level_does_not_open_with_a_pass(size):
    game = Gardar(size=size)
    for _ply in range(2):
        move = level("medium").choose(game, random.Random(size))
        assert move != PASS
        game.play(move)


def test_the_computer_still_passes_to_end_a_settled_game():
    game = settled()
    assert choose_move(game, seconds=None, iterations=200, rng=random.Random(1)) == PASS
