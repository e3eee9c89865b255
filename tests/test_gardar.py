"""Gardar: every rule of the designer's description, every test position G-1..G-12 of the
rules notes (model G1) and every option value, by name.

Hex diagrams follow the notes: one line per row from the top, each line indented by its
distance from the middle row, X Black, O White, . empty. Points are named by axial
coordinates (q, r) with the centre at (0, 0) and r growing downwards.
"""

import random

import pytest

from pygames import PASS, IllegalMove, OptionError, new_game
from pygames.board import Board
from pygames.gardar import BLACK, WHITE, Gardar


def position(diagram: str, to_move: int = BLACK, **options) -> Gardar:
    """A Gardar position set up from a hex diagram (the side is the first line's length)."""
    rows = [line.split() for line in diagram.strip().splitlines()]
    n = len(rows[0])
    m = n - 1
    board = Board.hexagon(n)
    assert len(rows) == 2 * n - 1
    stones = {}
    for i, row in enumerate(rows):
        r = i - m
        assert len(row) == 2 * n - 1 - abs(r), f"line {i} has {len(row)} points"
        for k, token in enumerate(row):
            if token != ".":
                stones[board.point((max(-m, -m - r) + k, r))] = {"X": BLACK, "O": WHITE}[token]
    return Gardar.setup(stones, to_move=to_move, size=n, **options)


def draw(game: Gardar) -> str:
    """The board as a diagram in the same layout (for readable assertions)."""
    m = game.board.size - 1
    lines = []
    for r in range(-m, m + 1):
        row = range(max(-m, -m - r), min(m, m - r) + 1)
        lines.append(" " * abs(r) + " ".join(".XO"[game.stones[game.board.point((q, r))]] for q in row))
    return "\n".join(lines)


def at(game: Gardar, q: int, r: int) -> int:
    return game.board.point((q, r))


def pts(game: Gardar, *coords: tuple[int, int]) -> list[int]:
    return sorted(at(game, q, r) for q, r in coords)


def parts(game: Gardar) -> dict[str, dict[int, float]]:
    return dict(game.breakdown())


def value(game: Gardar) -> dict[int, float]:
    """Loop stones minus surplus stones, before komi and the half point (as in the notes)."""
    p = parts(game)
    return {c: p["loop stones"][c] + p["surplus stones"][c] for c in (BLACK, WHITE)}


def changed(game: Gardar, black=(), white=(), empty=(), **options) -> Gardar:
    """A copy of a position's board with stones added or taken away (same options)."""
    stones = {p: s for p, s in enumerate(game.stones) if s}
    for colour, coords in ((BLACK, black), (WHITE, white), (0, empty)):
        for c in coords:
            stones[game.board.point(c)] = colour
    return Gardar.setup({p: s for p, s in stones.items() if s}, to_move=options.pop("to_move", game.to_move),
                        **{**game.options, **options})


def ring(radius: int, centre: tuple[int, int] = (0, 0)) -> list[tuple[int, int]]:
    cq, cr = centre
    return [(cq + q, cr + r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if max(abs(q), abs(r), abs(q + r)) == radius]


def setup(size: int, black=(), white=(), to_move: int = BLACK, **options) -> Gardar:
    board = Board.hexagon(size)
    stones = {board.point(c): BLACK for c in black}
    stones.update({board.point(c): WHITE for c in white})
    return Gardar.setup(stones, to_move=to_move, size=size, **options)


# -- the test positions of the notes (model G1) --------------------------------------------

G1 = """
  . . .
 . X X .
. X . X .
 . X X .
  . . .
"""

G2 = """
  . . .
 . X X .
. X . X X
 . X X .
  . . .
"""

G3 = """
   . . . .
  . . . . .
 . . . . . .
. . . . . . .
 . . . . . .
  . X X . .
   X . X .
"""

G4 = """
   . . . .
  . . . . .
 . . O O . .
. . O . O . .
 . . X . . .
  . . . . .
   . . . .
"""

G5 = """
   . . . .
  . . . . .
 . . X O . .
. . O . X . .
 . . X O . .
  . . . . .
   . . . .
"""

G6 = """
    . . . . .
   . . . . . .
  . . O O O . .
 . . O X X O . .
. . O X . X O . .
 . . O X X O . .
  . . O O O . .
   . . . . . .
    . . . . .
"""

G6C = """
   . . . .
  . O O O .
 . O X X O .
. O X . X O .
 . O X X O .
  . O O O .
   . . . .
"""

G7 = """
   . . . .
  . . . . .
 . X X X X .
. X . X . X .
 . X X X X .
  . . . . .
   . . . .
"""

G8 = """
   . . . .
  . X X X .
 . X X X X .
. X X . X X .
 . X X X X .
  . X X X .
   . . . .
"""

G9 = """
   . . . .
  . . . . .
 . . . . . .
. . . . . . .
 . . . . . .
  . . O O .
   . . X .
"""

G10 = """
    . . . . .
   . . . . . .
  . . . . . . .
 . . X X O O . .
. . X . X . O . .
 . . X X O O . .
  . . . . . . .
   . . . . . .
    . . . . .
"""


def test_G_1_single_ring_controls_its_enclosure_and_scores_six():
    g = position(G1)
    [e] = g.enclosures()
    assert e.points == (at(g, 0, 0),) and e.controller == BLACK and e.counts == {BLACK: 6, WHITE: 0}
    assert g.perimeter_loop(at(g, 1, 0)) == pts(g, *ring(1))
    assert value(g) == {BLACK: 6, WHITE: 0}


def test_G_2_tail_stone_is_surplus():
    g = position(G2)
    assert g.perimeter_loop(at(g, 2, 0)) == pts(g, *ring(1))
    assert parts(g)["surplus stones"] == {BLACK: -1, WHITE: 0}
    assert value(g) == {BLACK: 5, WHITE: 0}


def test_G_3_arc_against_the_edge_encloses_nothing():
    """Choice G1: the board's edge is no fence, so the enclosed-looking edge point is open."""
    g = position(G3)
    assert g.enclosures() == []
    assert g.perimeter_loop(at(g, -2, 2)) == []
    assert value(g) == {BLACK: -4, WHITE: 0}


def test_G_4_majority_of_the_fence_kills_the_minority_stone():
    g = position(G4, to_move=WHITE)
    g.play(at(g, 0, 1))
    assert g.stones[at(g, -1, 1)] == 0
    assert g.enclosures() == []  # the centre now leaks out through the removed stone
    assert value(g) == {BLACK: 0, WHITE: -5}


def test_G_4_dead_stone_is_found_before_removal():
    g = position(G4.replace(". . X . . .", ". . X O . ."), to_move=BLACK)
    [e] = g.enclosures()
    assert e.controller == WHITE and e.counts == {BLACK: 1, WHITE: 5}
    assert g.dead_stones(BLACK) == [at(g, -1, 1)]


def test_G_5_shared_enclosure_kills_nobody():
    g = position(G5)
    [e] = g.enclosures()
    assert e.controller == 0 and e.counts == {BLACK: 3, WHITE: 3}
    assert g.dead_stones(BLACK) == [] and g.dead_stones(WHITE) == []
    g.play(at(g, 3, -3))
    assert g.stones.count(WHITE) == 3
    assert value(g) == {BLACK: -4, WHITE: -3}


def test_G_6_filling_the_last_eye_captures_the_ring():
    g = position(G6, to_move=WHITE)
    assert value(g) == {BLACK: 6, WHITE: 12}
    g.play(at(g, 0, 0))
    assert g.stones.count(BLACK) == 0
    assert value(g) == {BLACK: 0, WHITE: 11}


@pytest.mark.parametrize("exemption", [True, False])
def test_G_6c_hole_exemption(exemption):
    g = position(G6C, hole_exemption=exemption)
    assert g.dead_stones(BLACK) == []
    assert value(g) == {BLACK: 6, WHITE: 12}
    white_ring = pts(g, *ring(2))
    assert g.dead_stones(WHITE) == ([] if exemption else white_ring)
    g.play(at(g, 3, -3))  # Black's next placement removes the White ring only without the exemption
    assert g.stones.count(WHITE) == (12 if exemption else 0)


@pytest.mark.parametrize("exemption", [True, False])
def test_G_6c_filling_the_eye_kills_black_either_way(exemption):
    g = position(G6C, to_move=WHITE, hole_exemption=exemption)
    g.play(at(g, 0, 0))
    assert g.stones.count(BLACK) == 0


def test_G_7_figure_eight_one_loop_two_enclosures_wall_stone_surplus():
    g = position(G7)
    assert [e.controller for e in g.enclosures()] == [BLACK, BLACK]
    loop = g.perimeter_loop(at(g, 0, 0))
    assert len(loop) == 10 and at(g, 0, 0) not in loop
    assert value(g) == {BLACK: 9, WHITE: 0}


@pytest.mark.parametrize("perimeter, expected", [("outer", 6), ("inner", -6)])
def test_G_8_thick_ring_perimeter_option(perimeter, expected):
    g = position(G8, perimeter=perimeter)
    loop = g.perimeter_loop(at(g, 1, 0))
    assert loop == pts(g, *ring(2 if perimeter == "outer" else 1))
    assert value(g) == {BLACK: expected, WHITE: 0}


def test_G_9_clause_b_edge_stone_bounded_by_enemies_is_dead():
    g = position(G9, to_move=WHITE)
    stone = at(g, -1, 3)
    assert g.dead_stones(BLACK) == [stone]
    assert value(g) == {BLACK: -1, WHITE: -2}
    g.play(at(g, -3, 0))
    assert g.stones[stone] == 0


def test_G_10_stone_touching_a_friendly_enclosure_survives_an_enemy_one():
    g = position(G10)
    a, b = g.enclosures()
    assert (a.points, a.controller) == ((at(g, -1, 0),), BLACK)
    assert (b.points, b.controller, b.counts) == ((at(g, 1, 0),), WHITE, {BLACK: 1, WHITE: 5})
    assert g.dead_stones(BLACK) == [] and g.dead_stones(WHITE) == []
    assert value(g) == {BLACK: 6, WHITE: -5}


def test_G_10b_without_the_friendly_enclosure_the_stone_dies():
    g = changed(position(G10), empty=[(-2, 1)], to_move=WHITE)
    assert g.dead_stones(BLACK) == [at(g, 0, 0)]
    g.play(at(g, 4, -4))
    assert g.stones[at(g, 0, 0)] == 0


# G-11: the board at the end of a turn must differ from the boards at the end of each of
# the same player's earlier turns. Two single-point eyes: e1 inside a White ring, e2 inside a
# Black ring. Each player filling the other's eye makes a stone that dies at the next placement.

E1, E2 = (-2, 0), (2, 0)


def two_eyes(**stones) -> Gardar:
    return setup(5, black=ring(1, E2) + stones.get("black", []), white=ring(1, E1) + stones.get("white", []))


def test_G_11_superko_placement_recreating_own_earlier_board_is_illegal():
    g = two_eyes()
    g.play(at(g, *E1))      # Black fills White's eye (a dead stone, left for White to remove)
    left = g.stones[:]
    g.play(at(g, *E2))      # White fills Black's eye and removes Black's stone
    assert g.stones[at(g, *E1)] == 0
    with pytest.raises(IllegalMove, match="repeat the board"):
        g.play(at(g, *E1))  # would remove White's stone and recreate `left`
    g.play(at(g, 4, -4))    # another placement is fine
    assert left != g.stones


def test_G_11_passes_stay_legal_and_the_board_they_leave_counts():
    g = two_eyes(black=[E1])  # Black's stone in White's eye is already dead
    g.play(PASS)              # Black leaves this board by passing
    start = g.stones[:]
    g.play(at(g, *E2))        # removes Black's dead stone
    assert g.stones != start
    with pytest.raises(IllegalMove, match="repeat the board"):
        g.play(at(g, *E1))    # would remove White's stone and recreate `start`
    g.play(PASS)
    g.play(PASS)              # a pass is never refused, even when the board repeats
    assert g.is_over()


def test_G_11_repetition_compares_only_the_same_players_turns():
    # Three eyes: Black rings around A and B, a White ring around C; White's stone in A is dead.
    a, b, c = (-2, 0), (2, -2), (1, 2)
    g = setup(6, black=ring(1, a) + ring(1, b), white=ring(1, c) + [a])
    start = g.stones[:]
    g.play(PASS)          # Black leaves `start`
    g.play(at(g, *b))     # White fills B (dead)
    g.play(at(g, *c))     # Black fills C (dead) and removes both White stones
    g.play(at(g, *a))     # White fills A again and removes Black's stone: `start` once more
    assert g.stones == start


def test_G_11_repetition_record_follows_undo():
    g = two_eyes()
    g.play(at(g, *E1))
    g.play(at(g, *E2))
    assert not g.is_legal(at(g, *E1))
    g.undo()
    g.undo()
    g.play(at(g, 4, -4))
    g.play(at(g, -4, 4))
    g.play(at(g, *E1))  # nothing to repeat on this line
    copy = g.copy()
    copy.play(at(g, *E2))
    assert not copy.is_legal(at(g, *E1)) and g.to_move == WHITE


@pytest.mark.parametrize("half_point, winner", [("first", BLACK), ("final", WHITE)])
def test_G_12_half_point(half_point, winner):
    g = Gardar(size=4, half_point=half_point)
    g.play(PASS)
    g.play(at(g, 0, 0))
    g.play(at(g, 1, 0))
    g.play(PASS)
    assert not g.is_over()
    g.play(PASS)
    assert g.is_over()
    assert parts(g)["half point"] == {winner: 0.5, 3 - winner: 0}
    assert value(g) == {BLACK: -1, WHITE: -1}
    assert g.result().winners == (winner,)


# -- the rules of the description ----------------------------------------------------------


@pytest.mark.parametrize("size, points", [(7, 127), (9, 217), (11, 331)])
def test_rule_hexagonal_board_side_7_9_or_11(size, points):
    g = Gardar(size=size)
    assert len(g.board) == points and g.board.shape == "hex"
    assert all(len(g.board.neighbours[p]) == 6 for p in range(points) if p not in g.board.edge)


def test_rule_recommended_board_is_side_9():
    assert Gardar().board.size == 9 and len(new_game("gardar").board) == 217


def test_rule_black_plays_first_then_turns_alternate():
    g = Gardar()
    assert g.to_move == BLACK
    g.play(at(g, 0, 0))
    assert g.stones[at(g, 0, 0)] == BLACK and g.to_move == WHITE
    g.play(PASS)
    assert g.to_move == BLACK


def test_rule_place_on_an_empty_point_only():
    g = Gardar()
    g.play(at(g, 0, 0))
    with pytest.raises(IllegalMove, match="occupied"):
        g.play(at(g, 0, 0))
    with pytest.raises(IllegalMove):
        g.play("swap")


def test_rule_a_single_stone_is_a_group_and_counts_as_surplus():
    g = setup(5, black=[(0, 0)])
    assert g.perimeter_loop(at(g, 0, 0)) == []
    assert value(g) == {BLACK: -1, WHITE: 0}


def test_rule_enclosure_may_hold_enemy_stones_and_still_scores():
    """A hole counts for the loop even when it holds only enemy stones and no empty point."""
    g = setup(4, black=ring(1), white=[(0, 0)])
    assert g.enclosures() == []
    assert value(g) == {BLACK: 6, WHITE: -1}
    assert g.dead_stones(WHITE) == [at(g, 0, 0)]  # clause (b): bounded by Black only


def test_rule_enclosure_of_several_points_with_a_mixed_fence():
    g = setup(5, black=ring(2)[:8], white=ring(2)[8:])
    [e] = g.enclosures()
    assert sorted(e.points) == pts(g, (0, 0), *ring(1))
    assert e.counts == {BLACK: 8, WHITE: 4} and e.controller == BLACK
    assert len(g.dead_stones(WHITE)) == 4


def test_rule_only_dead_enemy_stones_are_removed_own_stay():
    g = setup(4, black=ring(1), to_move=WHITE)
    g.play(at(g, 0, 0))              # White fills Black's eye: that White stone is dead
    assert g.stones[at(g, 0, 0)] == WHITE and g.stones.count(BLACK) == 6
    assert g.dead_stones(WHITE) == [at(g, 0, 0)]
    g.play(at(g, -3, 0))             # Black's next placement removes it
    assert g.stones[at(g, 0, 0)] == 0


def test_rule_passing_changes_nothing():
    g = position(G9, to_move=BLACK)
    before = g.stones[:]
    g.play(PASS)
    assert g.stones == before and g.dead_stones(BLACK) == [at(g, -1, 3)]


def test_rule_game_ends_after_two_consecutive_passes():
    g = Gardar(size=4)
    g.play(PASS)
    g.play(at(g, 0, 0))
    g.play(PASS)
    assert not g.is_over()
    g.play(PASS)
    assert g.is_over()
    with pytest.raises(IllegalMove, match="over"):
        g.play(at(g, 1, 0))


def test_rule_score_is_loop_stones_minus_surplus_plus_komi_and_half_point():
    g = position(G2, komi=3)
    g.play(PASS)
    g.play(PASS)
    assert g.breakdown() == [("loop stones", {BLACK: 6, WHITE: 0}), ("surplus stones", {BLACK: -1, WHITE: 0}),
                             ("komi", {BLACK: 0, WHITE: 3}), ("half point", {BLACK: 0.5, WHITE: 0})]
    assert g.scores() == {BLACK: 5.5, WHITE: 3}
    assert g.result().winners == (BLACK,)


def test_rule_komi_is_a_whole_number_for_white():
    g = Gardar(komi=-4)
    assert g.scores() == {BLACK: 0, WHITE: -4}
    with pytest.raises(OptionError):
        Gardar(komi="1.5")


def test_rule_pie_komi_second_player_chooses_a_side():
    g = Gardar(pie=True, komi=5)
    assert set(g.candidates()) == {"black", "white"} and "komi 5" in g.prompt()
    with pytest.raises(IllegalMove, match="choose a colour"):
        g.play(at(g, 0, 0))
    g.play("black")
    assert g.seats == [WHITE, BLACK] and g.seat_of(BLACK) == 1 and g.to_move == BLACK
    g.undo()
    g.play("white")
    assert g.seats == [BLACK, WHITE]


def test_rule_drawless_every_finished_game_has_a_winner():
    g = position(G5)
    g.play(PASS)
    g.play(PASS)
    assert value(g)[BLACK] == value(g)[WHITE]
    assert g.result().winners == (BLACK,) and not g.result().draw


# -- the other options, each value ---------------------------------------------------------


def test_option_enemies_inside_fence_counts_them_in_the_majority():
    # A Black ring of 12 with five White stones inside: the empty centre region has a
    # fence of 5 White and 3 Black stones.
    g = setup(5, black=ring(2), white=ring(1)[:5], enemies_inside="fence")
    [e] = g.enclosures()
    assert e.counts == {BLACK: 3, WHITE: 5} and e.controller == WHITE
    assert len(g.dead_stones(BLACK)) == 3 and g.dead_stones(WHITE) == []


def test_option_enemies_inside_enclosure_ignores_them():
    g = setup(5, black=ring(2), white=ring(1)[:5], enemies_inside="enclosure")
    [e] = g.enclosures()
    assert e.counts == {BLACK: 3, WHITE: 0} and e.controller == BLACK
    assert g.dead_stones(BLACK) == [] and g.dead_stones(WHITE) == pts(g, *ring(1)[:5])


def test_option_enemies_inside_enclosure_keeps_a_living_eye_inside_a_loop():
    # White's own ring with an eye inside a big Black ring is White's enclosure either way.
    g = setup(6, black=ring(4), white=ring(1), enemies_inside="enclosure")
    controllers = sorted((len(e.points), e.controller) for e in g.enclosures())
    assert controllers == [(1, WHITE), (30, BLACK)]
    assert g.dead_stones(WHITE) == []


@pytest.mark.parametrize("death", ["stone", "group"])
def test_option_death_by_stone_or_by_group(death):
    # G-4 with a tail of two more Black stones attached to the doomed one.
    g = position(G4.replace("  . . . . .\n   . . . .", "  . . X . .\n   . X . ."), to_move=WHITE, death=death)
    g.play(at(g, 0, 1))
    left = g.stones.count(BLACK)
    assert left == (2 if death == "stone" else 0)


@pytest.mark.parametrize("death", ["stone", "group"])
def test_option_death_group_lives_by_any_friendly_enclosure(death):
    g = position(G10, death=death)
    assert g.dead_stones(BLACK) == []
    g = setup(5, black=[c for c in ring(1, (-1, 0)) if c != (-2, 1)], white=[(2, 0), (2, -1), (1, -1), (1, 1), (0, 1)],
              death=death)
    dead = g.dead_stones(BLACK)
    assert dead == ([at(g, 0, 0)] if death == "stone" else pts(g, *[c for c in ring(1, (-1, 0)) if c != (-2, 1)]))


CASCADE_WHITE = [(1, 0), (1, -1), (0, -1), (-1, 0), (-2, 1), (-2, 2)]


@pytest.mark.parametrize("cascade", [False, True])
def test_option_cascade(cascade):
    # White closes an enclosure that kills (-1, 1); removing it lets the enclosure reach
    # (-1, 2), which is then dead too.
    g = setup(5, black=[(-1, 1), (-1, 2)], white=CASCADE_WHITE, to_move=WHITE, cascade=cascade)
    g.play(at(g, 0, 1))
    assert g.stones[at(g, -1, 1)] == 0
    assert g.stones[at(g, -1, 2)] == (0 if cascade else BLACK)
    assert g.dead_stones(BLACK) == ([] if cascade else [at(g, -1, 2)])


@pytest.mark.parametrize("surplus, expected", [("own", {BLACK: 5, WHITE: -1}), ("all", {BLACK: 4, WHITE: -2})])
def test_option_surplus_own_or_all(surplus, expected):
    g = position(G2.replace("  . . .\n", "  O . .\n", 1), surplus=surplus)
    assert value(g) == expected


@pytest.mark.parametrize("dead_at_end, expected", [("keep", {BLACK: -1, WHITE: -2}), ("remove", {BLACK: 0, WHITE: -2})])
def test_option_dead_stones_at_the_end(dead_at_end, expected):
    g = position(G9, dead_at_end=dead_at_end)
    g.play(PASS)
    g.play(PASS)
    assert value(g) == expected
    assert g.stones[at(g, -1, 3)] == BLACK  # scoring never changes the board itself


@pytest.mark.parametrize("dead_at_end, white", [("keep", -1), ("remove", 0)])
def test_option_dead_at_end_and_the_loop_around_a_dead_stone(dead_at_end, white):
    g = setup(4, black=ring(1), white=[(0, 0)], dead_at_end=dead_at_end)
    assert value(g) == {BLACK: 6, WHITE: white}


def test_options_are_validated():
    with pytest.raises(OptionError):
        Gardar(size=14)
    with pytest.raises(OptionError):
        Gardar(death="maybe")
    assert Gardar(size="7").board.size == 7


# -- seeing the scoring --------------------------------------------------------------------


def test_annotations_enclosures_loops_surplus_and_dying_stones():
    g = changed(position(G10), black=[(2, 1)])
    notes = g.annotations()
    areas = [a for a in notes if a["kind"] == "area"]
    assert {(tuple(a["points"]), a["colour"], a["label"]) for a in areas} == {
        ((at(g, -1, 0),), BLACK, "enclosure"), ((at(g, 1, 0),), WHITE, "enclosure")}
    [path] = [a for a in notes if a["kind"] == "path"]
    assert path["colour"] == BLACK and path["closed"] and path["label"] == "perimeter loop"
    assert sorted(path["points"]) == pts(g, *ring(1, (-1, 0)))
    marks = {(a["shape"], a["label"], a["colour"]): a["points"] for a in notes if a["kind"] == "mark"}
    assert marks[("square", "surplus", BLACK)] == [at(g, 2, 1)]
    assert sorted(marks[("square", "surplus", WHITE)]) == pts(g, (1, -1), (2, -1), (2, 0), (1, 1), (0, 1))
    assert ("cross", "would die", BLACK) not in marks


def test_annotations_shared_enclosure_and_would_die():
    g = position(G5)
    assert {"kind": "area", "points": [at(g, 0, 0)], "colour": 0, "label": "shared enclosure"} in g.annotations()
    g = position(G9)
    assert {"kind": "mark", "points": [at(g, -1, 3)], "shape": "cross", "colour": BLACK,
            "label": "would die"} in g.annotations()


def assert_paths_follow_the_loops(g: Gardar) -> None:
    """Each drawn loop is a closed chain of neighbours, and together they cover exactly the
    perimeter loops of each colour."""
    notes = g.annotations()
    for colour in (BLACK, WHITE):
        drawn = set()
        for path in (a for a in notes if a["kind"] == "path" and a["colour"] == colour):
            points = path["points"]
            assert path["closed"] and len(set(points)) == len(points)
            for x, y in zip(points, points[1:] + points[:1]):
                assert y in g.board.neighbours[x]
            drawn.update(points)
        loops = {x for p, s in enumerate(g.stones) if s == colour for x in g.perimeter_loop(p)}
        assert drawn == loops


@pytest.mark.parametrize("diagram", [G1, G6, G7, G8])
@pytest.mark.parametrize("perimeter", ["outer", "inner"])
def test_annotations_loop_path_is_ordered_and_closed(diagram, perimeter):
    assert_paths_follow_the_loops(position(diagram, perimeter=perimeter))


def test_annotations_two_rings_joined_by_a_bridge_draw_two_paths():
    g = setup(6, black=ring(1, (-2, 0)) + ring(1, (2, 0)) + [(0, 0)])
    paths = [a["points"] for a in g.annotations() if a["kind"] == "path"]
    assert sorted(map(sorted, paths)) == sorted([pts(g, *ring(1, (-2, 0))), pts(g, *ring(1, (2, 0)))])
    assert value(g) == {BLACK: 11, WHITE: 0}


def test_breakdown_is_live_during_the_game():
    g = Gardar(size=4, komi=1)
    for (q, r), edge in zip(ring(1), ring(3)):
        g.play(at(g, q, r))
        assert not g.is_over()
        g.play(at(g, *edge))
    assert parts(g)["loop stones"] == {BLACK: 6, WHITE: 0}
    assert g.scores() == {BLACK: 6, WHITE: -5}
    g.play(PASS)
    assert g.scores() == {BLACK: 6.5, WHITE: -5}
    for colour in (BLACK, WHITE):
        assert sum(v[colour] for _, v in g.breakdown()) == g.scores()[colour]


# -- a full scripted game ------------------------------------------------------------------


def test_full_game_on_side_4():
    """Black builds a ring around d4; White throws a stone into the last gap (it dies when
    Black closes around it), throws it in again, gives up, then fills Black's eye, which only
    leaves a dead stone behind."""
    g = Gardar(size=4, komi=2)
    for text in "d3 b2 e3 c3 e4 c2 d5 b3".split():
        g.play(g.parse_move(text))
    g.play(g.parse_move("c4"))                   # Black encloses d4; White's c3 is dead
    assert g.stones[g.board.parse("c3")] == 0
    g.play(g.parse_move("c3"))                   # thrown in again: dead, but only Black removes it
    with pytest.raises(IllegalMove, match="occupied"):
        g.play(g.parse_move("c3"))
    for text in "f3 pass c3 d4 pass".split():
        g.play(g.parse_move(text))
    assert not g.is_over()
    g.play(PASS)
    assert g.is_over()
    assert draw(g) == "\n".join([  # noqa: FLY002 (a board drawn row by row)
        "   . . . .",
        "  . . X . .",
        " . . X X . .",
        ". . X O X . .",
        " . O X X . .",
        "  . O O . .",
        "   . . . ."])
    assert g.breakdown() == [("loop stones", {BLACK: 6, WHITE: 0}), ("surplus stones", {BLACK: -1, WHITE: -4}),
                             ("komi", {BLACK: 0, WHITE: 2}), ("half point", {BLACK: 0, WHITE: 0.5})]
    assert g.scores() == {BLACK: 5, WHITE: -1.5}
    assert g.result().winners == (BLACK,)


# -- random games --------------------------------------------------------------------------


def _random_game(rng: random.Random, **options) -> Gardar:
    g = Gardar(**options)
    while not g.is_over():
        move = g.random_move(rng)
        if isinstance(move, int):
            me, enemy = g.to_move, 3 - g.to_move
            placed = {p: s for p, s in enumerate(g.stones) if s}
            placed[move] = me
            expected = Gardar.setup(placed, **g.options).dead_stones(enemy)
            g.play(move)
            removed = sorted(p for p, s in placed.items() if s == enemy and g.stones[p] == 0)
            if not g.options["cascade"]:
                assert removed == expected, "exactly the dead enemy stones are removed"
            else:
                assert set(expected) <= set(removed) and g.dead_stones(enemy) == []
            assert g.stones[move] == me
        else:
            g.play(move)
    return g


@pytest.mark.parametrize("options", [{}, {"cascade": True, "death": "group"},
                                     {"enemies_inside": "enclosure", "hole_exemption": False}])
def test_random_games_keep_the_invariants(options):
    rng = random.Random(7)
    for _ in range(15):
        g = _random_game(rng, size=5, **options)
        final = {p: s for p, s in enumerate(g.stones) if s}
        fresh = Gardar.setup(final, size=5, **options)
        assert fresh.breakdown()[:2] == g.breakdown()[:2], "the score depends on the board alone"
        assert fresh.annotations() == g.annotations()
        assert_paths_follow_the_loops(g)
        assert g.result() is not None and g.scores()[BLACK] != g.scores()[WHITE]
        # Undo to the start and replay: the repetition record must come back identically.
        moves = list(g.history)
        while g.history:
            g.undo()
        assert g.stones == [0] * len(g.stones)
        for move in moves:  # a stale repetition record would refuse one of these

            g.play(move)
        assert g.stones == [final.get(p, 0) for p in range(len(g.stones))]


def test_random_games_on_the_full_board():
    rng = random.Random(11)
    for size in (7, 9):
        g = Gardar(size=size)
        while not g.is_over():
            g.play(g.random_move(rng))
        assert sum(v[WHITE] for _, v in g.breakdown()) == g.scores()[WHITE]


def test_random_move_is_legal_and_covers_choices():
    rng = random.Random(3)
    g = Gardar(size=4, pie=True)
    assert g.random_move(rng) in ("black", "white")
    g.play("white")
    seen = set()
    for _ in range(200):
        move = g.random_move(rng)
        assert g.is_legal(move)
        seen.add(move)
    assert PASS in seen and len(seen) > 30


# -- an independent, slow reading of model G1 (point sets and searches, no bit sets) ------


def _pieces(points, neighbours):
    points, out = set(points), []
    while points:
        todo = [points.pop()]
        piece = set(todo)
        while todo:
            for y in neighbours[todo.pop()]:
                if y in points:
                    points.discard(y)
                    piece.add(y)
                    todo.append(y)
        out.append(piece)
    return out


def _cut_off(board, wall):
    """The points that no path avoiding ``wall`` connects to the edge."""
    rest = [p for p in range(len(board)) if p not in wall]
    return set().union(set(), *(c for c in _pieces(rest, board.neighbours) if not c & board.edge))


def _reference_dead(g, colour):
    board, st, nb = g.board, g.stones, g.board.neighbours
    hostile, friendly = set(), set()
    for region in _pieces([p for p, s in enumerate(st) if s == 0], nb):
        if region & board.edge:
            continue
        fence = {y for x in region for y in nb[x] if st[y]}
        ours = sum(st[y] == colour for y in fence)
        (hostile if len(fence) - ours > ours else friendly).update(region)
    dead = set()
    for group in _pieces([p for p, s in enumerate(st) if s == colour], nb):
        dead |= {x for x in group if any(y in hostile for y in nb[x]) and not any(y in friendly for y in nb[x])}
        breathes = any(st[y] == 0 and y not in board.edge for x in group for y in nb[x])
        bounded = any(st[y] == 3 - colour for x in group for y in nb[x])
        if bounded and not breathes and not any(st[h] == 0 for h in _cut_off(board, group)):
            dead |= group
    return sorted(dead)


def _reference_loop(g, group):
    board = g.board
    holes = _cut_off(board, group)
    if not holes:
        return []
    loop = {x for x in group if x in board.edge or any(y not in group and y not in holes for y in board.neighbours[x])}
    for x in sorted(loop):
        if not _cut_off(board, loop - {x}) >= holes:
            continue
        loop.discard(x)
    return sorted(loop)


def test_engine_agrees_with_a_plain_reading_of_model_G1():
    rng = random.Random(5)
    for size in (4, 5, 5, 6, 7):
        g = Gardar(size=size)
        while not g.is_over():
            g.play(g.random_move(rng))
            if len(g.history) % 4:
                continue
            for colour in (BLACK, WHITE):
                assert g.dead_stones(colour) == _reference_dead(g, colour)
                for group in _pieces([p for p, s in enumerate(g.stones) if s == colour], g.board.neighbours):
                    assert g.perimeter_loop(min(group)) == _reference_loop(g, group)
