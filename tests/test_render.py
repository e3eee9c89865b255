"""The drawing data (pygames.render) that the page's canvas, the SVG diagrams and the
start-position pictures all draw from, checked over every game."""

from __future__ import annotations

import random
import re

import pytest

from pygames import available, new_game
from pygames.render import LABEL_PX, board_key, geometry, geometry_for, layout, position, scene, svg


def played(name: str, plies: int = 12):
    game, rng = new_game(name), random.Random(7)
    for _ in range(plies):
        if game.is_over():
            break
        game.play(game.random_move(rng))
    return game


@pytest.mark.parametrize("name", available())
def test_a_scene_holds_the_boards_geometry_and_every_stone_in_its_colour(name):
    game = played(name)
    drawn = scene(game)
    assert drawn["geometry"] is geometry(game.board) is geometry_for(board_key(game.board))
    assert len(drawn["geometry"]["points"]) == len(game.board)
    assert drawn["stones"] == [[p, game.colour_name(c)] for p, c in enumerate(game.stones) if c]
    placements = [m for m in game.history if isinstance(m, int)]
    assert drawn["last"] == (placements[-1] if placements else None)
    assert position(game, last_move=False)["last"] is None


@pytest.mark.parametrize("name", available())
def test_overlays_are_drawn_only_when_asked(name):
    game = played(name, 30)
    bare = position(game)
    assert bare["areas"] == bare["paths"] == bare["marks"] == []
    shown = position(game, overlays=True)
    assert all({"points", "colour", "highlight"} <= set(p) for p in shown["paths"])


def test_a_diagrams_mark_or_label_replaces_the_last_move_dot_and_labels_are_short():
    game = new_game("loose", size=9)
    game.play(game.parse_move("e5"))
    drawn = position(game, marks={game.parse_move("e5"): "triangle", game.parse_move("a1"): "label"})
    assert drawn["last"] is None
    assert [(m["shape"], m["text"]) for m in drawn["marks"]] == [("triangle", ""), ("text", "lab")]


@pytest.mark.parametrize("width", [240, 360, 720])
@pytest.mark.parametrize("coordinates", [True, False])
def test_the_layout_fits_the_width_with_labels_of_a_legible_size(width, coordinates):
    for key in ("square9", "square19", "hex5", "hex9"):
        geom = geometry_for(key)
        fit = layout(geom, width, coordinates, edges=False)
        pad = fit["ox"] * fit["k"] - fit["reach"] * fit["k"]
        assert (geom["width"] + 2 * fit["reach"]) * fit["k"] + 2 * pad == pytest.approx(width)
        assert LABEL_PX[0] <= fit["font"] <= LABEL_PX[1]
        assert fit["height"] == pytest.approx((geom["height"] + 2 * fit["reach"]) * fit["k"] + 2 * pad)
    bare = layout(geometry_for("square9"), width, False, edges=False)
    assert bare["k"] > layout(geometry_for("square9"), width, True, edges=False)["k"]  # no room kept for labels


@pytest.mark.parametrize("name", available())
def test_the_svg_drawing_has_a_stone_for_every_stone(name):
    game = played(name)
    drawing = svg(scene(game))
    assert drawing.startswith("<svg") and drawing.rstrip().endswith("</svg>")
    drawn = re.findall(r'<circle[^>]* fill="url\(#pg-(\w+)\)"', drawing)
    assert sorted(drawn) == sorted(game.colour_name(c) for c in game.stones if c)
