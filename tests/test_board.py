"""Board geometry: points, neighbours, rays, edges, labels and hit-testing."""

import math

import pytest

from pygames import Board


def test_square_board_points_and_neighbours():
    b = Board.square(5)
    assert len(b) == 25
    corner, edge, centre = b.point((0, 0)), b.point((0, 2)), b.point((2, 2))
    assert len(b.neighbours[corner]) == 2 and len(b.neighbours[edge]) == 3 and len(b.neighbours[centre]) == 4
    assert set(b.neighbours[centre]) == {b.point(rc) for rc in [(1, 2), (3, 2), (2, 1), (2, 3)]}
    assert b.edge == {p for p, (r, c) in enumerate(b.coords) if r in (0, 4) or c in (0, 4)}


def test_square_sides_name_the_four_edges():
    b = Board.square(5)
    assert b.sides["top"] == {b.point((0, c)) for c in range(5)}
    assert b.sides["right"] == {b.point((r, 4)) for r in range(5)}
    corner = b.point((0, 0))
    assert corner in b.sides["top"] and corner in b.sides["left"]


def test_square_rays_run_to_the_edge_in_eight_directions_with_opposites_four_apart():
    b = Board.square(9)
    p = b.point((4, 4))
    assert [len(r) for r in b.rays[p]] == [4] * 8
    assert b.rays[p][2] == tuple(b.point((4, c)) for c in range(5, 9))  # east
    assert b.rays[p][6] == tuple(b.point((4, c)) for c in range(3, -1, -1))  # west
    q = b.point((0, 0))
    assert [len(r) for r in b.rays[q]] == [0, 0, 8, 8, 8, 0, 0, 0]


def test_square_labels_have_origin_bottom_left():
    b = Board.square(11)
    assert b.label(b.point((10, 0))) == "a1"
    assert b.label(b.point((0, 10))) == "k11"
    assert b.parse("K11") == b.point((0, 10))
    for p in range(len(b)):
        assert b.parse(b.label(p)) == p
    with pytest.raises(ValueError, match="not a point"):
        b.parse("z1")


def test_hexagon_has_3n_n_minus_1_plus_1_points_and_six_neighbours_inside():
    for n, count in [(7, 127), (9, 217), (11, 331)]:
        b = Board.hexagon(n)
        assert len(b) == count == 3 * n * (n - 1) + 1
        inner = [p for p in range(len(b)) if p not in b.edge]
        assert all(len(b.neighbours[p]) == 6 for p in inner)
        assert len(b.edge) == 6 * (n - 1)
    b = Board.hexagon(3)
    assert set(b.neighbours[b.point((0, 0))]) == {b.point(c) for c in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]}
    assert len(b.neighbours[b.point((2, -2))]) == 3  # a corner


def test_hex_labels_rows_from_the_bottom_positions_from_the_left():
    b = Board.hexagon(3)  # rows r = -2 (top, 3 points) .. 2 (bottom, 3 points)
    assert b.label(b.point((-2, 2))) == "a1"  # bottom-left corner
    assert b.label(b.point((0, 2))) == "a3"
    assert b.label(b.point((-2, 0))) == "c1"  # the middle row starts at q = -2
    assert b.label(b.point((2, -2))) == "e3"  # top-right corner
    assert sorted(b.row_labels()) == list("abcde")
    for p in range(len(b)):
        assert b.parse(b.label(p)) == p


def test_hex_layout_puts_neighbours_one_unit_apart():
    b = Board.hexagon(5)
    for p in range(len(b)):
        for q in b.neighbours[p]:
            assert math.dist(b.xy(p), b.xy(q)) == pytest.approx(1.0)
    w, h = b.extent()
    assert all(0 <= x <= w + 1e-9 and 0 <= y <= h + 1e-9 for x, y in map(b.xy, range(len(b))))


@pytest.mark.parametrize("board", [Board.square(9), Board.hexagon(4)], ids=["square", "hex"])
def test_nearest_hits_a_point_exactly_or_nothing_between_points(board):
    for p in range(len(board)):
        x, y = board.xy(p)
        assert board.nearest(x + 0.2, y - 0.2) == p
    x0, y0 = board.xy(0)
    x1, y1 = board.xy(board.neighbours[0][0])
    assert board.nearest((x0 + x1) / 2, (y0 + y1) / 2, radius=0.45) is None
    assert board.nearest(-3, -3) is None


def test_boards_are_shared_and_sizes_are_checked():
    assert Board.square(9) is Board.square(9)
    with pytest.raises(ValueError):
        Board.square(30)
    with pytest.raises(ValueError):
        Board.hexagon(1)
