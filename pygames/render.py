"""What to draw for a game state: plain data for the canvas, and the same data as SVG.

A drawing has two parts. :func:`geometry` is the board itself (outline, lines, star points,
the points and their coordinate labels): it depends only on the board, so it is computed
once per board and a page receives it once. :func:`position` is what changes with play
(stones, the last move, marks, coloured edges and the analysis overlay), small enough to
send after every move. :func:`scene` joins them, and :func:`svg` draws a scene; the
browser's canvas code draws the same data, so a static diagram made at build time and the
live board in the page look the same, and neither drawing side knows any rule. The numbers
of the drawing (how the board fits a width, the stones' shading, the widths of the
board's extras) live here only: the page receives them with each board (:func:`for_page`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from html import escape
from typing import Any

from .board import Board, Point
from .game import Game
from .i18n import N_, _

#: Stone colours by colour name: White and Black, then an orange and a blue that stay
#: distinguishable from each other and from black and white for colour-blind players.
PALETTE = {
    "Black": ("#1b1b1b", "#000000"),
    "White": ("#f7f7f2", "#333333"),
    "Orange": ("#e69f00", "#7a5200"),
    "Blue": ("#0072b2", "#003a5c"),
}
SHAPES = ("circle", "cross", "triangle", "square", "dot")
#: The marks' shapes in words, for the overlay's legend.
SHAPE_WORDS = {"circle": N_("circle"), "cross": N_("cross"), "triangle": N_("triangle"), "square": N_("square"),
               "dot": N_("dot")}
STONE_RADIUS = 0.46
#: Coloured edges (Convacu) are bars just beyond the reach of the stones on the outer lines.
EDGE_OFFSET = 0.62
EDGE_WIDTH = 0.18
#: Coordinate labels: at least this many CSS pixels high at any size, at most the second;
#: in between, this share of the room a unit of the board would have with a unit's margin.
LABEL_PX = (11.0, 15.0)
LABEL_SCALE = 0.36
#: Pixels between the stones' (or edges') reach and a coordinate label.
LABEL_GAP = 4
#: How far the board's wood reaches beyond the stones on its outer lines: the coordinates
#: sit beyond it, off the wood.
WOOD_MARGIN = 0.12
HIGHLIGHT = "#ffd54a"
#: Stones dark enough that a mark on them is drawn in white.
DARK = ("Black", "Blue")
#: Stone shading: per colour, a radial gradient's stops from the highlight at the top left
#: to the far edge.
SHADES = {"Black": ("#5c5c5c", "#262626", "#0a0a0a"), "White": ("#ffffff", "#f4f4ee", "#d6d6ce"),
          "Orange": ("#ffd27a", "#e69f00", "#9a6a00"), "Blue": ("#5cb3ea", "#0072b2", "#00456e")}
#: How both drawing sides draw the stones and the board's extras, in board units: this
#: module's SVG and the page's canvas, which receives it with each board (:func:`for_page`).
STYLE: dict[str, Any] = {
    "shades": SHADES,
    "dark": DARK,
    # each colour's flat fill (the review graph's areas)
    "fills": {name: fill for name, (fill, _edge) in PALETTE.items()},
    # a coloured edge: its dark casing's width, then the colour's own
    "edge": (EDGE_WIDTH + 0.06, EDGE_WIDTH),
    # an overlay's path: a highlighted one (a result) under a yellow glow, its casing and
    # its colour; a plain one, its casing and its colour
    "highlighted_path": (0.5, 0.2, 0.11),
    "plain_path": (0.16, 0.08),
    # a star point's radius
    "star": 0.08,
    # a point's owner, shaded: its disc's share of a stone's radius, and its opacity
    "area": (0.9, 0.35),
    # the yellow glow's opacity under a highlighted path
    "glow": 0.8,
    # a mark's half-size (circle radius, triangle and cross reach), a square's share of
    # it, its stroke, the last move's dot and a letter's size, all to a stone's radius
    "mark": {"size": 0.5, "square": 0.8, "stroke": 0.14, "dot": 0.3, "text": 1.1},
    "label_gap": LABEL_GAP,
}


def _r(v: float) -> float:
    return round(v, 3)


def _stars(n: int) -> list[tuple[int, int]]:
    """Traditional star points, which help the eye find its way on larger square boards."""
    if n < 7:
        return []
    k = 3 if n >= 13 else 2
    lines = [k, n // 2, n - 1 - k] if n % 2 and n >= 15 else [k, n - 1 - k]
    stars = [(r, c) for r in lines for c in lines]
    return stars + [(n // 2, n // 2)] if n % 2 and n < 15 else stars


def _outline(board: Board) -> list[list[float]]:
    """The board's outer polygon in board units."""
    if board.shape == "square":
        w, h = board.extent()
        return [[0, 0], [w, 0], [w, h], [0, h]]
    m = board.size - 1
    corners = [(m, -m), (m, 0), (0, m), (-m, m), (-m, 0), (0, -m)]
    return [[_r(v) for v in board.xy(board.point(c))] for c in corners]


def _wood(outline: list[list[float]], width: float, height: float) -> list[list[float]]:
    """The board's wooden face: the outline grown so that the stones on it lie inside."""
    grow = STONE_RADIUS + WOOD_MARGIN
    cx, cy = width / 2, height / 2
    out = []
    for x, y in outline:
        d = math.hypot(x - cx, y - cy) or 1.0
        if len(outline) == 4:  # a square's corners move out along both sides
            out.append([_r(x + math.copysign(grow, x - cx)), _r(y + math.copysign(grow, y - cy))])
        else:
            out.append([_r(x + (x - cx) / d * grow), _r(y + (y - cy) / d * grow)])
    return out


def board_key(board: Board) -> str:
    """A name for a board's geometry: a page keeps the geometry it has under this name."""
    return f"{board.shape}{board.size}"


@cache
def _geometry(shape: str, size: int) -> dict[str, Any]:
    board = Board.square(size) if shape == "square" else Board.hexagon(size)
    xy = [(_r(x), _r(y)) for x, y in (board.xy(p) for p in range(len(board)))]
    w, h = board.extent()
    return {
        "key": board_key(board),
        "shape": board.shape,
        "width": _r(w),
        "height": _r(h),
        "radius": STONE_RADIUS,
        "outline": _outline(board),
        "wood": _wood(_outline(board), w, h),
        "lines": [[*xy[p], *xy[q]] for p, q in board.lines()],
        "stars": [list(xy[board.point(rc)]) for rc in _stars(board.size)] if board.shape == "square" else [],
        "points": [[x, y, board.label(p)] for p, (x, y) in enumerate(xy)],
        "labels": _labels(board, xy),
    }


def geometry(board: Board) -> dict[str, Any]:
    """The board's own drawing, in board units (neighbouring points one unit apart):
    outline, lines, star points, each point as ``[x, y, label]``, and coordinate labels,
    each anchored at an outer point with the outward direction ``(dx, dy)`` to set it off
    in and half its extent that way in font sizes (see :func:`_label_offset`)."""
    return _geometry(board.shape, board.size)


def _labels(board: Board, xy: list[tuple[float, float]]) -> list[dict[str, Any]]:
    """Coordinate labels matching :meth:`Board.label`: on a square board the column letters
    above and below, the row numbers left and right; on a hexagonal board the row letter at
    the left end of each row, and each position number where its line of points meets the
    edge, below and above (the lines of the higher numbers meet the right-hand edges, so
    the right side carries numbers only and no label is ever read with its neighbour)."""
    labels = []

    def add(p: int, dx: float, dy: float, text: str) -> None:
        dx, dy = _r(dx), _r(dy)
        # half the label's extent along (dx, dy), in font sizes: half its width sideways
        # (a character is about 0.6 of the font size wide), half its height up or down
        extent = abs(dx) * 0.3 * len(text) + abs(dy) * 0.5
        labels.append({"x": xy[p][0], "y": xy[p][1], "dx": dx, "dy": dy, "text": text, "extent": extent})

    if board.shape == "square":
        n = board.size - 1
        for c, text in enumerate(board.column_labels()):
            add(board.point((0, c)), 0, -1, text)
            add(board.point((n, c)), 0, 1, text)
        for r, text in enumerate(board.row_labels()):
            add(board.point((r, 0)), -1, 0, text)
            add(board.point((r, n)), 1, 0, text)
        return labels
    rows: dict[str, list[int]] = {}
    numbers: dict[str, list[int]] = {}
    for p in range(len(board)):
        label = board.label(p)
        rows.setdefault(label[0], []).append(p)
        numbers.setdefault(label[1:], []).append(p)
    for letter, points in rows.items():
        add(min(points, key=lambda p: xy[p][0]), -1, 0, letter)
    down = math.sqrt(3) / 2
    for number, points in numbers.items():
        low, high = max(points, key=lambda p: xy[p][1]), min(points, key=lambda p: xy[p][1])
        add(low, 0.5, down, number)
        if high != low:
            add(high, 0.5, -down, number)
    return labels


def board_edges(game: Game) -> list[dict[str, Any]]:
    """The coloured edges a game gives its board (Convacu): fixed for a game, so a page asks
    once per game rather than at every move."""
    return [dict(item) for item in game.annotations() if item["kind"] == "edge"]


def position(game: Game, *, coordinates: bool = True, last_move: bool = True, overlays: bool = False,
             marks: Mapping[Point, str] | None = None,
             edges: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """What changes with play: stones (``[point, colour name]``), the last move, marks,
    coloured edges (``edges`` from :func:`board_edges`, computed here when not given) and,
    with ``overlays``, the game's :meth:`~pygames.game.Game.annotations` (territories,
    loops, winning rows...). ``marks`` maps points to a shape from :data:`SHAPES` or to a
    short text label, for diagrams that explain a position."""
    board = game.board
    w, h = board.extent()
    o = EDGE_OFFSET
    ends = {"top": [0, -o, w, -o], "bottom": [0, h + o, w, h + o], "left": [-o, 0, -o, h], "right": [w + o, 0, w + o, h]}
    last = next((m for m in reversed(game.history) if isinstance(m, int)), None) if last_move else None
    if marks and last in marks:  # a diagram's mark or label says more than the dot, which would blot it
        last = None
    out: dict[str, Any] = {
        "board": board_key(board),
        "coordinates": coordinates,
        "stones": [[p, game.colour_name(c)] for p, c in enumerate(game.stones) if c],
        "last": last,
        "edges": [{"side": e["side"], "colour": _colour(game, e["colour"])[0], "line": [_r(v) for v in ends[e["side"]]]}
                  for e in (board_edges(game) if edges is None else edges) if e["side"] in ends],
        "areas": [],
        "paths": [],
        "marks": [],
        "legend": [],
    }
    if overlays:
        _add_annotations(out, game)
    for p, what in (marks or {}).items():
        shape = what if what in SHAPES else "text"
        out["marks"].append({"p": p, "shape": shape, "colour": _ink(game, p), "text": "" if shape != "text" else what[:3]})
    return out


def scene(game: Game, **options: Any) -> dict[str, Any]:
    """Everything to draw for ``game``: its :func:`position` with the board's
    :func:`geometry` under ``"geometry"`` (options as for :func:`position`)."""
    return {**position(game, **options), "geometry": geometry(game.board)}


def _colour(game: Game, colour: int) -> tuple[str, str]:
    if colour == 0:
        return "#808080", "#404040"
    return PALETTE[game.colour_name(colour)]


def _ink(game: Game, p: Point, empty: str = "#c01010") -> str:
    """A colour for a mark at ``p`` that stands out from the stone there (or ``empty``)."""
    on = game.stones[p]
    if not on:
        return empty
    return "#ffffff" if game.colour_name(on) in DARK else "#c01010"


def _add_annotations(out: dict[str, Any], game: Game) -> None:
    """The game's analysis: shaded areas, outlined paths (results such as a winning row
    highlighted), marked points, and a legend line for each labelled kind."""
    symbols = {"area": N_("shaded"), "path": N_("outlined")}
    for item in game.annotations():
        kind = item["kind"]
        if kind == "edge":
            continue
        fill, _edge = _colour(game, item.get("colour", 0))
        label = item.get("label", "")
        if label and item.get("points"):
            entry = f"{_(SHAPE_WORDS.get(item.get('shape', ''), symbols.get(kind, kind)))}: {_(label)}"
            if entry not in out["legend"]:
                out["legend"].append(entry)
        if kind == "area":
            out["areas"].extend({"p": p, "fill": fill, "shared": item.get("colour", 0) == 0} for p in item["points"])
        elif kind == "path" and item["points"]:
            # A loop runs over its own stones, so it is cased in the opposite tone.
            dark = item.get("colour", 0) and game.colour_name(item["colour"]) in DARK
            out["paths"].append({"points": list(item["points"]), "colour": fill, "casing": "#ffffff" if dark else "#1b1b1b",
                                 "closed": bool(item.get("closed")), "highlight": bool(item.get("highlight"))})
        elif kind == "mark":
            empty = "#c01010" if item.get("colour", 0) == 0 else fill
            out["marks"].extend({"p": p, "shape": item.get("shape", "circle"), "colour": _ink(game, p, empty), "text": ""}
                                for p in item["points"])


def _reach(geom: Mapping[str, Any], edges: bool) -> float:
    """How far beyond the outer points the stones' wood (or the coloured edges) reach."""
    return EDGE_OFFSET + EDGE_WIDTH / 2 if edges else geom["radius"] + WOOD_MARGIN


def layout(geom: Mapping[str, Any], width: float, coordinates: bool, edges: bool) -> dict[str, float]:
    """How a board of geometry ``geom`` fits ``width`` pixels: the scale ``k`` (pixels per
    unit), the board origin ``(ox, oy)`` in units, the height in pixels, the label font size
    and how far beyond the board the stones (or coloured edges) reach. Labels sit beyond
    that reach, so an edge stone never hides one. The page has it from :func:`fit`."""
    reach = _reach(geom, edges)
    guess = width / (geom["width"] + 2 * reach + 2)
    font = min(max(LABEL_SCALE * guess, LABEL_PX[0]), LABEL_PX[1])
    pad = 5 + 1.3 * font if coordinates else 3
    k = (width - 2 * pad) / (geom["width"] + 2 * reach)
    o = reach + pad / k
    return {"k": k, "ox": o, "oy": o, "height": (geom["height"] + 2 * reach) * k + 2 * pad, "font": font, "reach": reach}


def fit(geom: Mapping[str, Any], coordinates: bool, edges: bool) -> list[dict[str, float]]:
    """The :func:`layout` at four widths, for the page to find any width's without asking
    Python (it draws during animations, and before Python has started). Its lengths in
    pixels are linear in the width below the width at which the labels reach their least
    size, between it and the width at which they reach their most, and above: these two
    widths and one beyond each, so that linear interpolation between neighbours (and beyond
    the ends) gives :func:`layout` for any width. Each entry: ``width``, ``k``, ``origin``
    (``ox * k``, in pixels: ``ox`` itself is not linear), ``height``, ``font`` and ``reach``."""
    room = (geom["width"] + 2 * _reach(geom, edges) + 2) / LABEL_SCALE
    least, most = LABEL_PX[0] * room, LABEL_PX[1] * room
    fits = []
    for width in (least / 2, least, most, 2 * most):
        box = layout(geom, width, coordinates, edges)
        fits.append({"width": width, "k": box["k"], "origin": box["ox"] * box["k"], "height": box["height"],
                     "font": box["font"], "reach": box["reach"]})
    return fits


def for_page(key: str) -> dict[str, Any]:
    """What the page's canvas draws the board named ``key`` with, asked once per board: its
    :func:`geometry`, its :func:`fit` for each setting (``fits[coordinates][edges]``, 0 or
    1 each) and the :data:`STYLE`, all as this module's SVG uses them."""
    geom = geometry_for(key)
    return {**geom, "fits": [[fit(geom, bool(c), bool(e)) for e in (0, 1)] for c in (0, 1)], "style": STYLE}


def _label_offset(label: Mapping[str, Any], font: float) -> float:
    """Pixels from the reach line to a label's centre along its direction: the gap plus half
    the label's extent that way."""
    return LABEL_GAP + float(label["extent"]) * font


def geometry_for(key: str) -> dict[str, Any]:
    """The :func:`geometry` of the board named ``key`` (see :func:`board_key`)."""
    shape = "hex" if key.startswith("hex") else "square"
    return _geometry(shape, int(key[len(shape):]))


def svg(data: Mapping[str, Any], width: int = 360) -> str:
    """The SVG drawing of a :func:`scene` or :func:`position` (used for static diagrams shown
    before Python runs)."""
    geom = data["geometry"] if "geometry" in data else geometry_for(data["board"])
    box = layout(geom, width, data["coordinates"], bool(data["edges"]))
    k, ox, oy, height = box["k"], box["ox"], box["oy"], box["height"]
    xy = [(x, y) for x, y, _ in geom["points"]]

    def at(x: float, y: float) -> tuple[float, float]:
        return (x + ox) * k, (y + oy) * k

    def pts(points: Any) -> str:
        return " ".join(f"{sx:.1f},{sy:.1f}" for sx, sy in (at(x, y) for x, y in points))

    r = geom["radius"] * k
    thin = max(1.0, k * 0.04)
    parts = [(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height:.0f}" '
              f'width="{width}" height="{height:.0f}" role="img" class="pg-svg">'), _SVG_DEFS,
             f'<polygon points="{pts(geom["wood"])}" fill="url(#pg-wood)"/>',
             f'<polygon points="{pts(geom["outline"])}" fill="none" stroke="#4f3716" stroke-width="{thin * 1.5:.1f}"/>']
    area, shade = STYLE["area"]
    for a in data["areas"]:
        x, y = at(*xy[a["p"]])
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r * area:.1f}" fill="{a["fill"]}" fill-opacity="{shade}"/>')
    for x1, y1, x2, y2 in geom["lines"]:
        parts.append(f'<polyline points="{pts([(x1, y1), (x2, y2)])}" stroke="#4f3716" stroke-width="1"/>')
    for e in data["edges"]:
        x1, y1, x2, y2 = e["line"]
        for colour, thick in zip(("#333333", e["colour"]), STYLE["edge"]):
            parts.append(f'<polyline points="{pts([(x1, y1), (x2, y2)])}" stroke="{colour}" '
                         f'stroke-width="{k * thick:.1f}" stroke-linecap="round"/>')
    for sx, sy in geom["stars"]:
        x, y = at(sx, sy)
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{max(1.5, k * STYLE["star"]):.1f}" fill="#4f3716"/>')
    for p, name in data["stones"]:
        x, y = at(*xy[p])
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="url(#pg-{name})" stroke="{PALETTE[name][1]}" '
                     f'stroke-opacity="0.5"/>')
    for path in data["paths"]:
        tag = "polygon" if path["closed"] else "polyline"
        layers = zip((HIGHLIGHT, path["casing"], path["colour"]), STYLE["highlighted_path"]) if path["highlight"] \
            else zip((path["casing"], path["colour"]), STYLE["plain_path"])
        for colour, thick in layers:
            opacity = f' stroke-opacity="{STYLE["glow"]}"' if colour == HIGHLIGHT else ""
            parts.append(f'<{tag} points="{pts(xy[p] for p in path["points"])}" fill="none" stroke="{colour}" '
                         f'stroke-width="{max(1.5, k * thick):.1f}" stroke-linejoin="round" stroke-linecap="round"{opacity}/>')
    if data["last"] is not None:
        on = next((name for p, name in data["stones"] if p == data["last"]), "")
        parts.append(_svg_mark({"shape": "dot", "colour": "#ffffff" if on in DARK else "#c01010", "text": ""},
                               *at(*xy[data["last"]]), r))
    for m in data["marks"]:
        parts.append(_svg_mark(m, *at(*xy[m["p"]]), r))
    if data["coordinates"]:
        font = box["font"]
        for lab in geom["labels"]:
            x, y = at(lab["x"], lab["y"])
            d = box["reach"] * k + _label_offset(lab, font)
            parts.append(f'<text x="{x + lab["dx"] * d:.1f}" y="{y + lab["dy"] * d:.1f}" font-size="{font:.0f}" '
                         f'font-family="sans-serif" font-weight="600" fill="#5a4020" text-anchor="middle" '
                         f'dominant-baseline="central">{escape(lab["text"])}</text>')
    parts.append("</svg>")
    return "".join(parts)


#: Shading shared by every SVG diagram: the warm board and each colour's stone.
_SVG_DEFS = ('<defs><linearGradient id="pg-wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ecc98f"/>'
             '<stop offset="1" stop-color="#d4a463"/></linearGradient>'
             + "".join(f'<radialGradient id="pg-{name}" cx=".32" cy=".32" r=".95"><stop offset="0" stop-color="{hi}"/>'
                       f'<stop offset=".6" stop-color="{mid}"/><stop offset="1" stop-color="{lo}"/></radialGradient>'
                       for name, (hi, mid, lo) in SHADES.items())
             + "</defs>")


def _svg_mark(m: Mapping[str, Any], cx: float, cy: float, r: float) -> str:
    size = STYLE["mark"]
    ink, shape, k = m["colour"], m["shape"], r * size["size"]
    stroke = f'fill="none" stroke="{ink}" stroke-width="{max(1.5, r * size["stroke"]):.1f}"'
    if shape == "dot":
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * size["dot"]:.1f}" fill="{ink}"/>'
    if shape == "circle":
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{k:.1f}" {stroke}/>'
    if shape == "square":
        h = k * size["square"]
        return f'<rect x="{cx - h:.1f}" y="{cy - h:.1f}" width="{2 * h:.1f}" height="{2 * h:.1f}" {stroke}/>'
    if shape == "triangle":
        corners = " ".join(f"{cx + k * math.cos(a):.1f},{cy + k * math.sin(a):.1f}"
                           for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6))
        return f'<polygon points="{corners}" {stroke}/>'
    if shape == "cross":
        return (f'<path d="M{cx - k:.1f},{cy - k:.1f}L{cx + k:.1f},{cy + k:.1f}M{cx + k:.1f},{cy - k:.1f}'
                f'L{cx - k:.1f},{cy + k:.1f}" {stroke}/>')
    return (f'<text x="{cx:.1f}" y="{cy:.1f}" font-size="{r * size["text"]:.0f}" font-family="sans-serif" fill="{ink}" '
            f'text-anchor="middle" dominant-baseline="central" font-weight="bold">{escape(m["text"])}</text>')
