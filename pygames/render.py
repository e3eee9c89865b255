"""What to draw for a game state: plain data for the canvas, and the same data as SVG.

:func:`scene` turns a game state into a JSON-able dict of shapes in board units (neighbouring
points one unit apart). The browser's canvas code and :func:`svg` both draw exactly that
dict and nothing else, so a static diagram made at build time and the live board in the
page look the same, and neither drawing side knows any rule.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from html import escape
from typing import Any

from .board import Board, Point
from .game import Game

#: Stone colours by colour name: White and Black, then an orange and a blue that stay
#: distinguishable from each other and from black and white for colour-blind players.
PALETTE = {
    "Black": ("#1b1b1b", "#000000"),
    "White": ("#f7f7f2", "#333333"),
    "Orange": ("#e69f00", "#7a5200"),
    "Blue": ("#0072b2", "#003a5c"),
}
SHAPES = ("circle", "cross", "triangle", "square", "dot")
MARGIN = 0.9
STONE_RADIUS = 0.46
#: Coloured edges (Convacu) are drawn as bars just outside the board's outer lines.
EDGE_OFFSET = 0.3


def _stars(n: int) -> list[tuple[int, int]]:
    """Traditional star points, which help the eye find its way on larger square boards."""
    if n < 7:
        return []
    k = 3 if n >= 13 else 2
    lines = [k, n // 2, n - 1 - k] if n % 2 and n >= 15 else [k, n - 1 - k]
    stars = [(r, c) for r in lines for c in lines]
    return stars + [(n // 2, n // 2)] if n % 2 and n < 15 else stars


def _colour(game: Game, colour: int) -> tuple[str, str]:
    if colour == 0:
        return "#808080", "#404040"
    return PALETTE[game.colour_name(colour)]


def _outline(board: Board) -> list[list[float]]:
    """The board's outer polygon in board units."""
    if board.shape == "square":
        w, h = board.extent()
        return [[0, 0], [w, 0], [w, h], [0, h]]
    m = board.size - 1
    corners = [(m, -m), (m, 0), (0, m), (-m, m), (-m, 0), (0, -m)]
    return [list(board.xy(board.point(c))) for c in corners]


def scene(game: Game, *, coordinates: bool = True, last_move: bool = True,
          overlays: bool = False, marks: Mapping[Point, str] | None = None) -> dict[str, Any]:
    """Everything to draw for ``game``: board lines, stones, marks and coordinate labels.

    ``overlays`` adds the game's :meth:`~pygames.game.Game.annotations` (territories,
    loops, surplus stones...). ``marks`` maps points to a shape from :data:`SHAPES` or to
    a short text label, for diagrams that explain a position.
    """
    board = game.board
    xy = [board.xy(p) for p in range(len(board))]
    w, h = board.extent()
    out: dict[str, Any] = {
        "shape": board.shape,
        "width": w + 2 * MARGIN,
        "height": h + 2 * MARGIN,
        "origin": [MARGIN, MARGIN],
        "radius": STONE_RADIUS,
        "outline": _outline(board),
        "lines": [[*xy[p], *xy[q]] for p, q in board.lines()],
        "stars": [list(xy[board.point(rc)]) for rc in _stars(board.size)] if board.shape == "square" else [],
        "edges": [],
        "areas": [],
        "paths": [],
        "stones": [],
        "marks": [],
        "labels": [],
        "legend": [],
        "points": [[x, y, board.label(p)] for p, (x, y) in enumerate(xy)],
    }
    for p, colour in enumerate(game.stones):
        if colour:
            fill, stroke = _colour(game, colour)
            out["stones"].append({"x": xy[p][0], "y": xy[p][1], "fill": fill, "stroke": stroke, "point": p})
    _add_annotations(out, game, xy, analysis=overlays)
    if last_move:
        last = next((m for m in reversed(game.history) if isinstance(m, int)), None)
        if last is not None:
            out["marks"].append({"x": xy[last][0], "y": xy[last][1], "shape": "dot",
                                 "colour": _ink(game, last), "text": ""})
    for p, what in (marks or {}).items():
        shape = what if what in SHAPES else "text"
        out["marks"].append({"x": xy[p][0], "y": xy[p][1], "shape": shape, "colour": _ink(game, p),
                             "text": "" if shape != "text" else what[:3]})
    if coordinates:
        out["labels"] = _labels(board, xy)
    return out


DARK = ("Black", "Blue")


def _ink(game: Game, p: Point, empty: str = "#c01010") -> str:
    """A colour for a mark at ``p`` that stands out from the stone there (or ``empty``)."""
    on = game.stones[p]
    if not on:
        return empty
    return "#ffffff" if game.colour_name(on) in DARK else "#c01010"


def _add_annotations(out: dict[str, Any], game: Game, xy: list[tuple[float, float]], analysis: bool) -> None:
    """Coloured edges belong to the board and are always drawn; areas, paths and marks are
    analysis, drawn only when ``analysis`` is on."""
    w, h = game.board.extent()
    o = EDGE_OFFSET
    ends = {"top": [0, -o, w, -o], "bottom": [0, h + o, w, h + o], "left": [-o, 0, -o, h], "right": [w + o, 0, w + o, h]}
    symbols = {"area": "shaded", "path": "outlined"}
    for item in game.annotations():
        kind = item["kind"]
        fill, stroke = _colour(game, item.get("colour", 0))
        if analysis and item.get("label") and item.get("points"):
            entry = f"{item.get('shape', symbols.get(kind, kind))}: {item['label']}"
            if entry not in out["legend"]:
                out["legend"].append(entry)
        if kind == "edge" and item["side"] in ends:
            out["edges"].append({"line": ends[item["side"]], "colour": fill})
        elif not analysis:
            continue
        elif kind == "area":
            out["areas"].extend({"x": xy[p][0], "y": xy[p][1], "fill": fill,
                                 "shared": item.get("colour", 0) == 0} for p in item["points"])
        elif kind == "path" and item["points"]:
            # A loop runs over its own stones, so it is cased in the opposite tone.
            dark = item.get("colour", 0) and game.colour_name(item["colour"]) in DARK
            out["paths"].append({"points": [list(xy[p]) for p in item["points"]], "colour": fill,
                                 "casing": "#ffffff" if dark else "#1b1b1b", "closed": bool(item.get("closed"))})
        elif kind == "mark":
            empty = "#c01010" if item.get("colour", 0) == 0 else fill
            out["marks"].extend({"x": xy[p][0], "y": xy[p][1], "shape": item.get("shape", "circle"),
                                 "colour": _ink(game, p, empty), "text": ""} for p in item["points"])


def _labels(board: Board, xy: list[tuple[float, float]]) -> list[dict[str, Any]]:
    """Coordinate labels just outside the board, matching :meth:`Board.label`."""
    off = MARGIN * 0.62
    labels = []
    if board.shape == "square":
        n = board.size - 1
        for c, text in enumerate(board.column_labels()):
            labels += [{"x": c, "y": -off, "text": text}, {"x": c, "y": n + off, "text": text}]
        for r, text in enumerate(board.row_labels()):
            labels += [{"x": -off, "y": r, "text": text}, {"x": n + off, "y": r, "text": text}]
        return labels
    rows: dict[str, list[tuple[float, float]]] = {}
    for p in range(len(board)):
        rows.setdefault(board.label(p)[0], []).append(xy[p])
    for letter, pts in rows.items():
        left, right = min(pts), max(pts)
        labels += [{"x": left[0] - off, "y": left[1], "text": letter},
                   {"x": right[0] + off, "y": right[1], "text": letter}]
    return labels


def svg(data: Mapping[str, Any], width: int = 360) -> str:
    """The SVG drawing of a :func:`scene` (used for static diagrams shown before Python runs)."""
    ox, oy = data["origin"]
    scale = width / data["width"]
    height = data["height"] * scale

    def at(x: float, y: float) -> tuple[float, float]:
        return (x + ox) * scale, (y + oy) * scale

    def pts(points: Any) -> str:
        return " ".join("%.1f,%.1f" % at(x, y) for x, y in points)

    r = data["radius"] * scale
    thin = max(1.0, scale * 0.04)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height:.0f}" '
             f'width="{width}" height="{height:.0f}" role="img" class="pg-svg">',
             f'<polygon points="{pts(data["outline"])}" fill="#e3c08d" stroke="#8a6a3a" stroke-width="{thin:.1f}"/>']
    for a in data["areas"]:
        x, y = at(a["x"], a["y"])
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r * 0.9:.1f}" fill="{a["fill"]}" fill-opacity="0.35"/>')
    for x1, y1, x2, y2 in data["lines"]:
        parts.append(f'<polyline points="{pts([(x1, y1), (x2, y2)])}" stroke="#5a4020" stroke-width="1"/>')
    for e in data["edges"]:
        x1, y1, x2, y2 = e["line"]
        for colour, thick in (("#333333", 0.2), (e["colour"], 0.14)):
            parts.append(f'<polyline points="{pts([(x1, y1), (x2, y2)])}" stroke="{colour}" '
                         f'stroke-width="{scale * thick:.1f}"/>')
    for sx, sy in data["stars"]:
        x, y = at(sx, sy)
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{max(1.5, scale * 0.08):.1f}" fill="#5a4020"/>')
    for s in data["stones"]:
        x, y = at(s["x"], s["y"])
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{s["fill"]}" stroke="{s["stroke"]}"/>')
    for p in data["paths"]:
        tag = "polygon" if p["closed"] else "polyline"
        for colour, thick in ((p["casing"], 0.16), (p["colour"], 0.08)):
            parts.append(f'<{tag} points="{pts(p["points"])}" fill="none" stroke="{colour}" '
                         f'stroke-width="{max(1.5, scale * thick):.1f}" stroke-linejoin="round"/>')
    for m in data["marks"]:
        parts.append(_svg_mark(m, *at(m["x"], m["y"]), r))
    font = max(8.0, scale * 0.42)
    for lab in data["labels"]:
        x, y = at(lab["x"], lab["y"])
        parts.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{font:.0f}" font-family="sans-serif" '
                     f'fill="#4a3518" text-anchor="middle" dominant-baseline="central">{escape(lab["text"])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _svg_mark(m: Mapping[str, Any], cx: float, cy: float, r: float) -> str:
    ink, shape, k = m["colour"], m["shape"], r * 0.5
    stroke = f'fill="none" stroke="{ink}" stroke-width="{max(1.5, r * 0.14):.1f}"'
    if shape == "dot":
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.3:.1f}" fill="{ink}"/>'
    if shape == "circle":
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{k:.1f}" {stroke}/>'
    if shape == "square":
        return f'<rect x="{cx - k * 0.8:.1f}" y="{cy - k * 0.8:.1f}" width="{k * 1.6:.1f}" height="{k * 1.6:.1f}" {stroke}/>'
    if shape == "triangle":
        corners = " ".join(f"{cx + k * math.cos(a):.1f},{cy + k * math.sin(a):.1f}"
                           for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6))
        return f'<polygon points="{corners}" {stroke}/>'
    if shape == "cross":
        return (f'<path d="M{cx - k:.1f},{cy - k:.1f}L{cx + k:.1f},{cy + k:.1f}M{cx + k:.1f},{cy - k:.1f}'
                f'L{cx - k:.1f},{cy + k:.1f}" {stroke}/>')
    return (f'<text x="{cx:.1f}" y="{cy:.1f}" font-size="{r * 1.1:.0f}" font-family="sans-serif" fill="{ink}" '
            f'text-anchor="middle" dominant-baseline="central" font-weight="bold">{escape(m["text"])}</text>')
