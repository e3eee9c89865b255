#!/usr/bin/env python3
"""Make Pente's opening book (``pygames/ai/pente_book.txt``; see :mod:`pygames.ai.book`).

Not shipped: run by hand, under ``nice``, e.g.::

    nice python3 benchmarks/pente_book.py --seconds 5 --width 3 --depth 4 swap2 pro long-pro swap none
    nice python3 benchmarks/pente_book.py --seconds 5 --width 3 --depth 4 pro+capture_three

For each opening rule it grows a tree of positions from the start, breadth first: every
position is searched for ``--seconds`` (the engine's own search, one core), and its
``--width`` best moves that lead to different positions (mirror images are one position)
are the children (after the lines of its search, the next moves of the search's own order),
down to ``--depth`` plies past the last forced move; the deepest
positions are searched too but not expanded. Then values are backed up from the leaves
(each player takes the child best for it), and each searched position's book moves are
the children within ``--margin`` of its best (a leaf: the move its search found). The
book is written in the order the positions were searched. It prints its progress, and
rewrites the file after each opening rule, so that an interrupted run keeps what it made.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygames import ai
from pygames.ai.book import BOOK_FILE, canonical, start
from pygames.game import Move
from pygames.pente import Pente

OUT = ROOT / "pygames" / "ai" / BOOK_FILE


@dataclass
class Node:
    """A position of the tree: the moves that reach it, and what searching it found."""

    moves: list[Move]
    game: Pente
    ply: int  # plies past the last forced move
    values: list[float] = field(default_factory=list)  # each seat's chance, as searched, then backed up
    children: dict[Move, Node] = field(default_factory=dict)
    best: Move | None = None  # a leaf's own move


def grow(opening: str, seconds: float, width: int, depth: int, log: bool = True) -> list[Node]:
    """The searched positions of one opening rule (with the book's variants named in it,
    as ``pro+capture_three``), in the order searched."""
    root = Node([], start(opening), 0)
    seen = {canonical(root.game)[0]: root}
    queue, done = [root], []
    while queue:
        node = queue.pop(0)
        began = time.perf_counter()
        analysis = ai.analyse(node.game, seconds=seconds, lines=4 * width)
        node.values = list(analysis.values)
        done.append(node)
        forced = len(analysis.lines) == 1 and analysis.work == 0  # settled without search
        if log:
            line = " ".join(node.game.move_text(m) for m in analysis.lines[0].moves[:4])
            print(f"{opening} {' '.join(map(str, node.moves)) or '-'}: {line} {analysis.values[node.game.seat_to_move()]:.3f}"
                  f" ({time.perf_counter() - began:.1f} s, {len(queue)} queued)", flush=True)
        node.best = analysis.move
        if node.ply >= depth and not forced:
            continue
        # the search's lines first, then its order of the other root moves (mirror
        # images collapse, so the lines may name fewer positions than ``width``)
        tried = [line.moves[0] for line in analysis.lines]
        tried += [m for m in ai.search(node.game).root_moves if m not in tried]  # type: ignore[attr-defined]
        for move in tried:
            if len(node.children) >= width:
                break
            child = node.game.copy()
            child.play(move)
            if child.is_over():
                continue
            key = canonical(child)[0]
            if key in seen:
                node.children[move] = seen[key]
                continue
            seen[key] = node.children[move] = Node([*node.moves, node.game.move_text(move)], child,
                                                   node.ply + (0 if forced else 1))
            queue.append(node.children[move])
    return done


def back_up(node: Node, seen: set[int]) -> list[float]:
    """Each seat's chance at ``node`` after its mover takes the child best for it."""
    if node.children and id(node) not in seen:
        seen.add(id(node))
        me = node.game.seat_to_move()
        node.values = max((back_up(child, seen) for child in node.children.values()), key=lambda v: v[me])
    return node.values


def lines(opening: str, nodes: list[Node], margin: float) -> list[str]:
    """The book's lines for one opening rule's searched positions."""
    back_up(nodes[0], set())
    out = []
    for node in nodes:
        g = node.game
        me = g.seat_to_move()
        if node.children:
            found = sorted(((child.values[me], m) for m, child in node.children.items()), key=lambda t: -t[0])
            found = [(v, m) for v, m in found if v >= found[0][0] - margin]
        else:
            assert node.best is not None
            found = [(node.values[me], node.best)]
        book = " ".join(f"{g.move_text(m)} {v:.3f}" for v, m in found)
        out.append(f"{' '.join([opening, *node.moves])} : {book}")
    return out


def rules(text: str) -> str:
    """An opening rule as the book names it (see pygames.ai.book.rules_name)."""
    try:
        start(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from e
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("openings", nargs="+", type=rules,
                        help="none, pro, long-pro, swap, swap2, each with +capture_three or not")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--width", type=int, default=3)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--margin", type=float, default=0.05)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    command = (f"benchmarks/pente_book.py --seconds {args.seconds:g} --width {args.width} --depth {args.depth}"
               f" --margin {args.margin:g} {' '.join(args.openings)}")
    header = [f"# Pente opening book: {command}"]
    made: list[str] = []
    for opening in args.openings:
        began = time.perf_counter()
        nodes = grow(opening, args.seconds, args.width, args.depth)
        made += lines(opening, nodes, args.margin)
        minutes = (time.perf_counter() - began) / 60
        header.append(f"# {opening}: {len(nodes)} positions searched in {minutes:.0f} min")
        args.out.write_text("\n".join(header + made) + "\n", encoding="utf-8")
        print(f"{opening}: {len(nodes)} positions in {minutes:.1f} min", flush=True)


if __name__ == "__main__":
    main()
