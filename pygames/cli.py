"""The command line: diagrams, records, the computer's opinion and a game in the terminal.

    pygames svg SOURCE -o board.svg     a diagram of a position (rules authors)
    pygames record SOURCE               a game as a record (pygames' format or pente.org's)
    pygames link SOURCE                 a game as a share link
    pygames ai SOURCE                   the computer's move and each side's chances
    pygames review SOURCE               every move of a game judged: marks, better moves
    pygames play GAME [name=value ...]  play in the terminal, people or the computer per seat

``--lang ko`` (before the command) words prompts, reasons and results in Korean; records
and links are the same in every language.

A SOURCE is a share link (a whole address or just what follows ``#``), a record file in
either format, or ``-`` for a record on standard input. Exit status: 0 when done, 1 when
the input cannot be read or a move is illegal (the message says why), 2 for a wrong
command line.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from . import ai, review
from .game import Game, IllegalMove, new_game
from .i18n import LANGUAGES, _, language
from .notation import Record, encode
from .records import GameFile, RecordError, read_any, write, write_pente_org
from .render import svg
from .session import Preferences, Session, parse_marks

#: How stones are written in a text board, by colour name.
SYMBOLS = {"Black": "X", "White": "O", "Orange": "#", "Blue": "@"}


class Failure(Exception):
    """Input the command cannot use; the message is for the user (exit status 1)."""


def load(source: str) -> tuple[GameFile, int | None]:
    """The game a SOURCE names, and the ply its link shows (None: the end)."""
    if source == "-":
        text = sys.stdin.read()
    elif Path(source).is_file():
        text = Path(source).read_bytes().decode("utf-8", errors="replace")
    else:
        text = source
    text = text.strip()
    if "\n" not in text and "=" in text and not text.startswith("["):
        fragment = text.split("#", 1)[-1]
        session, errors = Session.from_fragment(fragment)
        if errors:
            raise Failure(_("the link could not be read: {errors}", errors="; ".join(errors)))
        return GameFile(session.record), session.ply
    try:
        return read_any(text), None
    except RecordError as e:
        raise Failure(_("the record could not be read: {problem}", problem=e)) from None


def text_board(game: Game) -> str:
    """The position as text: square boards in rows with their labels, hex boards as
    staggered rows (one per row letter, top first)."""
    board, stones = game.board, game.stones
    symbol = {c: SYMBOLS[game.colour_name(c)] for c in range(1, game.players() + 1)}
    rows: dict[int, list[int]] = {}
    for p, (a, b) in enumerate(board.coords):
        rows.setdefault(b if board.shape == "hex" else a, []).append(p)
    lines = []
    names = board.row_labels()
    width = max(len(n) for n in names)
    for i, key in enumerate(sorted(rows)):
        cells = " ".join(symbol.get(stones[p], ".") for p in sorted(rows[key], key=lambda p: board.coords[p]))
        indent = " " * abs(key) if board.shape == "hex" else ""
        lines.append(f"{names[i]:>{width}} {indent}{cells}")
    if board.shape == "square":
        lines.append(" " * (width + 1) + " ".join(board.column_labels()))
    return "\n".join(lines)


def status(game: Game) -> str:
    """The prompt, or the result, and the scores."""
    scores = ", ".join(f"{game.colour_label(c)} {s:g}" for c, s in game.scores().items())
    result = game.result()
    if result is None:
        return _("{prompt}; score: {scores}", prompt=game.prompt(), scores=scores)
    if result.draw:
        return _("Game over: draw ({reason}); score: {scores}", reason=result.reason, scores=scores)
    who = _(" and ").join(game.colour_label(c) for c in result.winners)
    return _("Game over: {winners} won ({reason}); score: {scores}", winners=who, reason=result.reason, scores=scores)


# -- commands -----------------------------------------------------------------------------

def cmd_svg(args: argparse.Namespace, out: TextIO) -> None:
    game_file, ply = load(args.source)
    if args.ply is not None and not 0 <= args.ply <= len(game_file.record.moves):
        count = len(game_file.record.moves)
        raise Failure(_("--ply {ply}: the game has one move", ply=args.ply) if count == 1
                      else _("--ply {ply}: the game has {count} moves", ply=args.ply, count=count))
    session = Session(game_file.record, args.ply if args.ply is not None else ply)
    if args.marks:
        session.marks, problems = parse_marks(session.game.board, args.marks)
        if problems:
            raise Failure("; ".join(problems))
    prefs = Preferences(coordinates=not args.no_coordinates, last_move=not args.no_last_move, overlays=args.overlays)
    drawing = svg(session.view(prefs)["scene"], width=args.width) + "\n"
    if args.output == "-":
        out.write(drawing)
    else:
        Path(args.output).write_text(drawing)


def cmd_record(args: argparse.Namespace, out: TextIO) -> None:
    game_file, _ = load(args.source)
    players = args.player or game_file.players
    try:
        out.write(write_pente_org(game_file.record, players) if args.pente_org else write(game_file.record, players))
    except ValueError as e:
        raise Failure(str(e)) from None


def cmd_link(args: argparse.Namespace, out: TextIO) -> None:
    game_file, ply = load(args.source)
    out.write(f"{args.base}#{encode(game_file.record, ply)}\n")


def cmd_ai(args: argparse.Namespace, out: TextIO) -> None:
    game_file, ply = load(args.source)
    game = game_file.record.replay(ply)
    if game.is_over():
        raise Failure(_("the game is over: there is no move to choose"))
    try:
        if args.seconds is not None:
            analysis = ai.analyse(game, seconds=args.seconds, lines=args.lines, workers=args.workers)
        else:
            analysis = ai.level(args.level).analyse(game, lines=args.lines, workers=args.workers)
    except ValueError as e:
        raise Failure(str(e)) from None

    def chances(values: Sequence[float]) -> str:
        return ", ".join(f"{game.colour_label(c)} {values[seat]:.0%}" for seat, c in enumerate(game.seats))

    out.write(_("{colour} to play: {move}", colour=game.colour_label(game.to_move), move=game.move_text(analysis.move))
              + "\n" + _("chances: {chances}", chances=chances(analysis.values)) + "\n")
    if args.lines > 1 or any(line.forced or len(line.moves) > 1 for line in analysis.lines):
        for i, line in enumerate(analysis.lines, 1):
            moves = " ".join(game.move_text(m) for m in line.moves)
            proof = ("" if line.forced is None else "  " + (_("forced win in {moves}", moves=line.forced)
                     if line.forced > 0 else _("forced loss in {moves}", moves=-line.forced)))
            out.write(f"{i}. {moves}  ({chances(line.values)}){proof}\n")
    out.write(_("({work} units of search in {seconds} s)", work=analysis.work, seconds=f"{analysis.seconds:.1f}") + "\n")


def cmd_review(args: argparse.Namespace, out: TextIO) -> None:
    game_file, _ply = load(args.source)
    record = game_file.record
    if not record.moves:
        raise Failure(_("there is nothing to review: the game has no moves yet"))
    rng = random.Random(args.seed)
    found = review.Review(record)
    if args.iterations is None:
        budget = f"{args.seconds:g} s"
    else:
        budget = _("one unit of search") if args.iterations == 1 else _("{count} units of search", count=args.iterations)
    title, moves = found.positions[0].title, len(record.moves)
    if moves == 1:
        heading = _("Review of {title}, one move ({budget} a position)", title=title, budget=budget)
    else:
        heading = _("Review of {title}, {moves} moves ({budget} a position)", title=title, moves=moves, budget=budget)
    out.write(heading + "\n")
    seconds = None if args.iterations is not None else args.seconds
    try:
        found.look_all(lambda game, played: review.look(game, played, seconds=seconds, iterations=args.iterations,
                                                        rng=rng, workers=args.workers))
    except ValueError as e:
        raise Failure(str(e)) from None
    for verdict in found.verdicts():
        if verdict.mark:
            game = found.positions[verdict.ply - 1]
            number = f"{verdict.ply}. {game.move_text(verdict.move)} {review.MARK_SIGNS[verdict.mark]}"
            out.write(f"{number:<14}{review.describe(found, verdict)}\n")
    out.writelines(line + "\n" for line in review.summary_text(found))
    if args.output:
        with language("en"):
            text = write(record, players=game_file.players or None, tags={
                k: v for k, v in game_file.tags.items() if k not in ("Game", "Options", "Setup", "Result", "Date")
                and not k.startswith("Player ")}, comments=found.comments())
        Path(args.output).write_text(text, encoding="utf-8")


def cmd_play(args: argparse.Namespace, out: TextIO) -> None:
    options = {}
    for text in args.options:
        key, sep, value = text.partition("=")
        if not sep:
            raise Failure(_("options are written name=value, not {text}", text=repr(text)))
        options[key] = value
    try:
        game = new_game(args.game, **options)
    except ValueError as e:
        raise Failure(str(e)) from None
    computer = {seat - 1 for seat in args.computer}
    player = ai.level(args.level)
    out.write(f"{game.title}: {game.describe()}\n"
              + _("Type a move (e.g. {point} or pass), 'undo', 'link' or 'quit'.", point=game.board.label(0)) + "\n")
    while True:
        out.write(f"\n{text_board(game)}\n{status(game)}\n")
        if game.is_over():
            out.write(f"link: #{encode(Record.of(game))}\n")
            return
        if game.seat_to_move() in computer:
            move = player.choose(game)
            out.write(_("computer plays {move}", move=game.move_text(move)) + "\n")
            game.play(move)
            continue
        out.write("> ")
        out.flush()
        line = sys.stdin.readline()
        if not line or line.strip() == "quit":
            out.write(f"\nlink: #{encode(Record.of(game))}\n")
            return
        word = line.strip()
        if word == "undo":
            while game.history:
                game.undo()
                if game.seat_to_move() not in computer:
                    break
            continue
        if word == "link":
            out.write(f"#{encode(Record.of(game))}\n")
            continue
        try:
            game.play(game.parse_move(word))
        except (ValueError, IllegalMove) as e:
            out.write(f"{e}\n")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="pygames", description=__doc__,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    top.add_argument("--lang", default="en", choices=list(LANGUAGES),
                     help="the language of prompts, reasons and results (default en; ko: Korean)")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    source = "a share link, a record file (pygames or pente.org format), or - for standard input"

    p = sub.add_parser("svg", help="draw a position as SVG", description="Draw a position as an SVG diagram.")
    p.add_argument("source", help=source)
    p.add_argument("-o", "--output", default="-", help="the SVG file to write (default: standard output)")
    p.add_argument("--ply", type=int, help="show the position after this many moves (default: the link's, or the end)")
    p.add_argument("--marks", help="marks as in share links, e.g. circle:c3.d4,A:b2")
    p.add_argument("--width", type=int, default=360, help="width in pixels (default 360)")
    p.add_argument("--no-coordinates", action="store_true", help="leave out the coordinates")
    p.add_argument("--no-last-move", action="store_true", help="leave out the last-move mark")
    p.add_argument("--overlays", action="store_true", help="add the scoring overlay (territories, loops...)")
    p.set_defaults(run=cmd_svg)

    p = sub.add_parser("record", help="write a game as a record", description="Write a game as a record file.")
    p.add_argument("source", help=source)
    p.add_argument("--pente-org", action="store_true", help="write pente.org's format (Pente games it plays)")
    p.add_argument("--player", action="append", help="a player's name, seat by seat (repeat the option)")
    p.set_defaults(run=cmd_record)

    p = sub.add_parser("link", help="write a game as a share link", description="Write a game as a share link.")
    p.add_argument("source", help=source)
    p.add_argument("--base", default="index.html", help="the page the link opens (default index.html)")
    p.set_defaults(run=cmd_link)

    p = sub.add_parser("ai", help="the computer's move and evaluation",
                       description="The move the computer would play for the side to move, and each side's chances.")
    p.add_argument("source", help=source)
    p.add_argument("--level", default="medium", choices=[level.name for level in ai.LEVELS])
    p.add_argument("--seconds", type=float, help="think for this long instead of a level's budget")
    p.add_argument("--lines", type=int, default=1,
                   help="show this many moves, best first, each with the moves expected after it (default 1)")
    p.add_argument("--workers", type=int, default=1,
                   help="searches run side by side on this many cores, then merged (default 1)")
    p.set_defaults(run=cmd_ai)

    p = sub.add_parser("review", help="judge every move of a game",
                       description="Look at every position of a game and mark the moves that lost their player's "
                                   "chance of winning: inaccuracies, mistakes and blunders, with the better move.")
    p.add_argument("source", help=source)
    p.add_argument("--seconds", type=float, default=review.BUDGETS["quick"],
                   help=f"think this long about each position (default {review.BUDGETS['quick']:g})")
    p.add_argument("--iterations", type=int, help="a number of units of search per position instead (with --seed: "
                                                   "the same review every time)")
    p.add_argument("--seed", type=int, help="seed the searches")
    p.add_argument("--workers", type=int, default=1, help="searches side by side on this many cores (default 1)")
    p.add_argument("-o", "--output", help="also write the game with the review as comments to this record file")
    p.set_defaults(run=cmd_review)

    p = sub.add_parser("play", help="play in the terminal", description="Play a game in the terminal.")
    p.add_argument("game", help="loose, vacu, convacu, gardar or pente")
    p.add_argument("options", nargs="*", help="game options as name=value, e.g. size=9")
    p.add_argument("--computer", type=int, action="append", default=[], metavar="SEAT",
                   help="a seat (1, 2...) the computer plays; repeat for more")
    p.add_argument("--level", default="medium", choices=[level.name for level in ai.LEVELS])
    p.set_defaults(run=cmd_play)
    return top


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    args = parser().parse_args(argv)
    with language(args.lang):
        try:
            args.run(args, out or sys.stdout)
        except Failure as e:
            print(f"pygames: {e}", file=sys.stderr)
            return 1
    return 0
