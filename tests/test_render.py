"""The drawing data (pygames.render) that the page's canvas, the SVG diagrams and the
start-position pictures all draw from, checked over every game."""

from __future__ import annotations

import random
import re

import pytest

from pygames import available, new_game
from pygames.render import (
    LABEL_PX,
    SHADES,
    STYLE,
    board_key,
    for_page,
    geometry,
    geometry_for,
    layout,
    position,
    scene,
    svg,
)


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


def interpolated(fit, width):
    """The page's layout at ``width`` from a :func:`fit` (board.js's layout, line for line)."""
    i = 1
    while i < len(fit) - 1 and fit[i]["width"] < width:
        i += 1
    a, b = fit[i - 1], fit[i]
    s = (width - a["width"]) / (b["width"] - a["width"])
    k = a["k"] + s * (b["k"] - a["k"])
    o = (a["origin"] + s * (b["origin"] - a["origin"])) / k
    return {"k": k, "ox": o, "oy": o, "height": a["height"] + s * (b["height"] - a["height"]),
            "font": a["font"] + s * (b["font"] - a["font"]), "reach": a["reach"]}


@pytest.mark.parametrize("key", ["square5", "square9", "square19", "hex5", "hex9"])
def test_the_pages_layout_at_any_width_is_render_layout(key):
    """One source: the page finds a board's layout at any width from its fit (for_page),
    and that is render.layout's, which sizes the SVG."""
    page = for_page(key)
    assert {name: page[name] for name in geometry_for(key)} == geometry_for(key)
    for coordinates in (0, 1):
        for edges in (0, 1):
            fit = page["fits"][coordinates][edges]
            for width in (120, 200, 300, 390, 480, 600, 680, 1000, 1600):
                box = layout(page, width, bool(coordinates), bool(edges))
                assert interpolated(fit, width) == pytest.approx(box), (coordinates, edges, width)


@pytest.mark.parametrize("name", available())
def test_the_page_draws_by_the_numbers_of_the_svg(name):
    """One source: what the page's canvas receives for a board (for_page) is what the SVG is
    drawn by: its size, where a label sits, the stones' shading and the coloured edges'
    widths."""
    drawn = scene(played(name))
    page = for_page(drawn["board"])
    assert page["style"] is STYLE and STYLE["shades"] is SHADES
    for width in (200, 300, 1000):
        drawing = svg(drawn, width=width)
        box = interpolated(page["fits"][1][bool(drawn["edges"])], width)
        assert f'height="{box["height"]:.0f}"' in drawing
        label = page["labels"][0]
        d = box["reach"] * box["k"] + STYLE["label_gap"] + label["extent"] * box["font"]
        x, y = (label["x"] + box["ox"]) * box["k"] + label["dx"] * d, (label["y"] + box["oy"]) * box["k"] + label["dy"] * d
        assert f'<text x="{x:.1f}" y="{y:.1f}"' in drawing
        for _edge in drawn["edges"]:
            for thick in STYLE["edge"]:
                assert f'stroke-width="{box["k"] * thick:.1f}"' in drawing
    for colour, stops in STYLE["shades"].items():
        found = re.search(rf'<radialGradient id="pg-{colour}"[^>]*>(.*?)</radialGradient>', drawing).group(1)
        assert re.findall(r'stop-color="([^"]+)"', found) == list(stops)


def test_overlay_paths_in_the_svg_have_the_styles_widths():
    game = new_game("pente", size=9, opening="none")
    for label in ("e5", "a1", "f5", "a2", "g5", "a3", "h5", "a4", "i5"):
        game.play(game.parse_move(label))
    drawn = position(game, overlays=True)
    box = layout(geometry_for(drawn["board"]), 300, True, False)
    drawing = svg(drawn, width=300)
    assert [p["highlight"] for p in drawn["paths"]] == [True]
    for thick in STYLE["highlighted_path"]:
        assert f'stroke-width="{max(1.5, box["k"] * thick):.1f}"' in drawing


def test_marks_areas_and_the_last_move_in_the_svg_have_the_styles_sizes():
    """The canvas sizes marks, shaded areas and the last move's dot by STYLE too, so the SVG
    must draw by the same numbers."""
    game = played("loose")
    free = [p for p, colour in enumerate(game.stones) if not colour]
    drawn = position(game, marks={free[0]: "square", free[1]: "A"})
    drawn["areas"] = [{"p": free[2], "fill": "#0072b2", "shared": False}]
    box = layout(geometry_for(drawn["board"]), 300, True, False)
    r, mark = geometry_for(drawn["board"])["radius"] * box["k"], STYLE["mark"]
    drawing = svg(drawn, width=300)
    assert f'r="{r * mark["dot"]:.1f}"' in drawing
    assert f'width="{2 * r * mark["size"] * mark["square"]:.1f}"' in drawing
    assert f'stroke-width="{max(1.5, r * mark["stroke"]):.1f}"' in drawing
    assert f'font-size="{r * mark["text"]:.0f}"' in drawing
    assert f'r="{r * STYLE["area"][0]:.1f}" fill="#0072b2" fill-opacity="{STYLE["area"][1]}"' in drawing
