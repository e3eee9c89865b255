"""The Pente searcher (pygames.ai.pente): legal answers under every option set, opening and
choice; wins taken and losses blocked (five, capture win, overtime); forced wins found and
threats answered (open three, four-three, a capture of the blocking pair); team-mates
left alone; sensible values; a search run in slices ending where one long run ends; and
its line patterns kept exactly in step with the position through moves and undos.

Positions are given by point labels on a 19x19 board (columns a-s from the left, rows 1-19
from the bottom). Node budgets and seeds keep every search reproducible and short; no test
depends on time. No hypothesis here, so the file also runs inside Pyodide.
"""

from __future__ import annotations

import itertools
import random

import pytest

from pygames import IllegalMove, new_game
from pygames.ai import search
from pygames.ai.pente import (
    FIVE,
    FOUR,
    NONE,
    OPEN_FOUR,
    OPEN_THREE,
    PROVEN,
    THREE,
    PenteSearch,
    row_level,
)
from pygames.pente import BLACK, ORANGE, WHITE, Pente


def pente(white: str, black: str, to_move: int = WHITE, orange: str = "", **options) -> Pente:
    """A set-up position from space-separated point labels of each colour."""
    options.setdefault("opening", "none")
    options.setdefault("size", 19)
    stones = {p: WHITE for p in white.split()} | {p: BLACK for p in black.split()}
    stones |= {p: ORANGE for p in orange.split()}
    game = Pente.setup(stones, to_move=to_move, **options)
    assert isinstance(game, Pente)
    return game


def think(game: Pente, nodes: int = 3000, seed: int = 1) -> PenteSearch:
    searcher = PenteSearch(game, random.Random(seed))
    if searcher.decided is None:
        searcher.run(iterations=nodes)
    return searcher


def move(game: Pente, nodes: int = 3000) -> str:
    return game.move_text(think(game, nodes).best_move())


def proves_a_win_after(game: Pente, reply: str, nodes: int = 3000) -> bool:
    """Whether, after ``reply`` is played, the side then to move finds a forced win."""
    game.play(game.board.parse(reply))
    try:
        return think(game, nodes).score >= PROVEN
    finally:
        game.undo()


# -- every option set, opening and choice ------------------------------------------------

def option_sets() -> list[dict]:
    """Every combination of the options that change what a move does."""
    found = []
    for players, teams in ((2, False), (3, False), (4, False), (4, True)):
        openings = ("none", "pro", "long-pro", "swap", "swap2") if players == 2 else ("none",)
        for opening, three, self_capture, overtime in itertools.product(
                openings, (False, True), ("none", "self-capture", "forbidden"), (False, True)):
            for mixed in ((False, True) if players > 2 else (False,)):
                found.append({"players": players, "teams": teams, "opening": opening, "capture_three": three,
                              "self_capture": self_capture, "overtime": overtime, "mixed_capture": mixed})
    return found


OPTION_SETS = option_sets()


@pytest.mark.parametrize("seed", range(4))
def test_never_an_illegal_move(seed):
    """A random position of every option set (openings and colour choices included, on
    every board size, capture win on and off), searched for a random budget."""
    rng = random.Random(seed)
    for i, options in enumerate(OPTION_SETS):
        options = {**options, "size": rng.choice((9, 13, 15, 19))}
        if options["players"] == 2:
            options["capture_win"] = rng.random() < 0.8
        game = new_game("pente", **options)
        for _ in range(rng.choice((0, 1, 2, 3, 4, 5, 8, 20, 60))):
            game.play(game.random_move(rng))
            if game.is_over():
                game.undo()
                break
        searcher = search(game, random.Random(i))
        if searcher.decided is None:
            searcher.run(iterations=rng.choice((1, 30, 300)))
        best = searcher.best_move()
        assert game.is_legal(best), (options, game.history, best)
        values = searcher.values()
        assert len(values) == len(game.seats) and all(0 <= v <= 1 for v in values)


def test_games_between_searchers_stay_legal_under_locking_rules():
    """Forbidden points (and passes when every point is forbidden) on a small board."""
    game = new_game("pente", size=9, opening="none", players=3, self_capture="forbidden", capture_three=True,
                    mixed_capture=True)
    for ply in range(70):
        if game.is_over():
            break
        best = think(game, nodes=40, seed=ply).best_move()
        assert game.is_legal(best)
        game.play(best)


def test_colour_choices_are_choices():
    game = new_game("pente", size=13, opening="swap2")
    for label in ("g7", "h8", "f6"):
        game.play(game.board.parse(label))
    assert think(game, nodes=300).best_move() in ("white", "black", "place-two")
    game = new_game("pente", size=13, opening="swap")
    for label in ("g7", "h8", "f6", "a1"):
        game.play(game.board.parse(label))
    assert think(game, nodes=300).best_move() in ("white", "black")


def test_swap_chooser_takes_the_colour_that_is_ahead():
    """White's three stones in a row against Black's stray one: take White (Black would
    move next, but White's open three already threatens an open four)."""
    game = new_game("pente", size=13, opening="swap")
    for label in ("f7", "a13", "g7", "h7"):
        game.play(game.board.parse(label))
    assert game.prompt().startswith("Second player: choose")
    game.play(think(game, nodes=500).best_move())
    assert game.seats[1] == WHITE


def test_pro_second_white_stone_keeps_its_distance():
    game = new_game("pente", opening="pro")
    game.play(game.centre)
    game.play(game.board.parse("k11"))
    best = think(game, nodes=300).best_move()
    assert game.is_legal(best) and game._too_close(best) is False


def test_first_move_of_pro_needs_no_search():
    game = new_game("pente", opening="pro")
    assert PenteSearch(game).decided == game.centre


def test_refuses_a_finished_game():
    game = pente("e10 f10 g10 h10 i10", "e12 f12")
    with pytest.raises(IllegalMove):
        PenteSearch(game)


# -- wins and losses at once ---------------------------------------------------------------

def test_takes_a_five_rather_than_blocking_one():
    game = pente("e10 f10 g10 h10 d12", "e12 f12 g12 h12 q17")
    searcher = PenteSearch(game, random.Random(1))
    assert game.move_text(searcher.decided) in ("d10", "i10")
    assert searcher.run(iterations=100) == 0
    assert searcher.values() == [1.0, 0.0]


def test_blocks_a_four():
    game = pente("d10 c3", "e10 f10 g10 h10 q17")
    assert move(game) == "i10"


def test_takes_the_capture_win():
    game = pente("d10 p3", "e10 f10 e12 f12 g12 h12")
    game.captures[WHITE] = 8
    searcher = PenteSearch(game, random.Random(1))
    assert game.move_text(searcher.decided) == "g10"


def test_guards_a_pair_against_the_capture_win():
    game = pente("e10 f10 p3", "d10 q17")
    game.captures[BLACK] = 8
    assert move(game) == "g10"


def test_overtime_captures_the_row():
    """Black completes a row that White blocks at one end: White must capture it whole."""
    game = pente("d10 c3", "e10 f10 g10 h10 q17", to_move=BLACK, overtime=True)
    game.play(game.board.parse("i10"))
    assert game.result() is None and game.pending is not None
    searcher = PenteSearch(game, random.Random(1))
    assert game.move_text(searcher.decided) == "j10"


def test_overtime_open_row_wins_at_once():
    game = pente("e10 f10 g10 h10 d12", "e12 f12 g12 h12 q17", overtime=True)
    assert game.move_text(PenteSearch(game, random.Random(1)).decided) in ("d10", "i10")


# -- forced wins and defences --------------------------------------------------------------

def test_finds_a_win_by_continuous_fours():
    """f8 makes a four on row 8 (Black must block g8) and an open three on file f, which
    the next four turns into an open four."""
    game = pente("c8 d8 e8 f9 f10 g12 h12 i12", "b8 j12 a1 c1 a19 s19 s1 q1")
    searcher = think(game)
    assert searcher.decided is None and searcher.score >= PROVEN
    assert game.move_text(searcher.best_move()) == "f8"


@pytest.mark.parametrize("black, passive", [
    ("f10 g10 h10 r2", "p3"),  # an open three
    ("e10 f10 g10 h11 h12 r2", "p3"),  # h10 would make a four and an open three
])
def test_defends_an_open_three_and_a_four_three(black, passive):
    game = pente("d10 c3 p16", black)
    assert proves_a_win_after(game, passive)
    assert not proves_a_win_after(game, move(game))


def test_answers_a_threat_to_capture_its_blocking_pair():
    """Black's k10 would capture the pair i10-j10 that blocks Black's four and make a
    second four on file k: two winning points."""
    game = pente("d10 i10 j10 k14 p3", "e10 f10 g10 h10 k11 k12 k13")
    assert proves_a_win_after(game, "p16")
    reply = move(game)
    assert reply in ("k10", "k9")
    assert not proves_a_win_after(game, reply)


def test_team_mates_do_not_capture_each_other():
    """g10 would make a four for White but capture Orange's pair e10-f10."""
    game = pente("d10 g11 g12 g13", "g14 q3", orange="e10 f10 p16", players=4, teams=True)
    assert move(game) != "g10"


# -- values and budgets --------------------------------------------------------------------

def test_values_are_sensible():
    start = think(new_game("pente", opening="none"), nodes=200).values()
    assert len(start) == 2 and abs(start[0] - 0.5) < 0.25 and start[0] + start[1] == pytest.approx(1)
    lost = think(pente("c3", "e10 f10 g10 h10 r2"))  # an open four: no defence
    assert lost.values()[0] < 0.05
    team = think(new_game("pente", opening="none", players=4, teams=True, size=13), nodes=100).values()
    assert team[0] == team[2] and team[1] == team[3]


def test_run_in_slices_ends_where_one_long_run_ends():
    game = pente("j10 k11 h9", "k10 j11 l12")
    whole = PenteSearch(game, random.Random(3))
    assert whole.run(iterations=1200) == 1200
    sliced = PenteSearch(game, random.Random(3))
    done = sum(sliced.run(iterations=100) for _ in range(12))
    assert done == 1200 == sliced.iterations
    assert (sliced.best_move(), sliced.values(), sliced.depth) == (whole.best_move(), whole.values(), whole.depth)


def test_an_answer_before_any_search_is_a_steady_hunch():
    game = pente("j10 k11 h9", "k10 j11 l12")
    searcher = PenteSearch(game, random.Random(5))
    hunch = searcher.best_move()
    assert hunch in searcher.root_moves[:3] and searcher.best_move() == hunch
    searcher.run(iterations=2000)
    assert searcher.depth >= 1 and searcher.best_move() == searcher.best


def test_run_needs_a_budget():
    with pytest.raises(ValueError):
        PenteSearch(new_game("pente", opening="none")).run()


# -- the line patterns -----------------------------------------------------------------------

@pytest.mark.parametrize("line, level", [
    ("XXXX*....", FIVE),
    ("..XX*X...", OPEN_FOUR),
    ("OXXX*....", FOUR),
    ("..X.*XX..", FOUR),  # one point (the gap) makes five
    ("...X*X...", OPEN_THREE),
    ("..X.*X...", OPEN_THREE),
    ("..OX*X...", THREE),
    ("OXXX*O...", NONE),
])
def test_row_levels(line, level):
    """What a stone at ``*`` (the centre of a 9-point line; X its colour, O another) makes."""
    mine = sum(1 << i for i, ch in enumerate(line) if ch in "X*")
    empty = sum(1 << i for i, ch in enumerate(line) if ch == ".")
    assert row_level(mine, empty, 5) == level


KNOWLEDGE = ("keys", "pat", "cell_value", "cell_flags", "total", "lively", "active", "fives", "fours",
             "open_fours", "open_threes", "capture_points", "friendly", "hash")


def knowledge(searcher: PenteSearch) -> dict:
    return {name: [s.copy() for s in value] if isinstance(value, list) and value and isinstance(value[0], set)
            else value.copy() if isinstance(value, (list, set)) else value
            for name, value in ((n, getattr(searcher, n)) for n in KNOWLEDGE)}


@pytest.mark.parametrize("options", [
    {"size": 13},
    {"size": 9, "capture_three": True, "self_capture": "self-capture"},
    {"size": 13, "players": 4, "teams": True, "mixed_capture": True},
    {"size": 9, "players": 3, "capture_three": True, "mixed_capture": True, "self_capture": "forbidden"},
    {"size": 13, "opening": "swap2", "overtime": True},
], ids=str)
def test_patterns_follow_moves_and_undos(options):
    """After every move the searcher's knowledge equals that of a searcher built afresh on
    the position, and undoing every move restores it exactly."""
    rng = random.Random(7)
    options = {"opening": "none", **options}
    for _ in range(6):
        game = new_game("pente", **options)
        for _ in range(rng.randrange(30)):
            game.play(game.random_move(rng))
            if game.is_over():
                game.undo()
                break
        searcher = PenteSearch(game, random.Random(0))
        before = knowledge(searcher)
        made = 0
        for _ in range(25):
            if made and (searcher.game.is_over() or rng.random() < 0.3):
                searcher.unmake()
                made -= 1
                continue
            try:
                searcher.make(searcher.game.random_move(rng))
            except IllegalMove:
                continue
            made += 1
            if not searcher.game.is_over():
                assert knowledge(PenteSearch(searcher.game, random.Random(0))) == knowledge(searcher)
        while made:
            searcher.unmake()
            made -= 1
        assert knowledge(searcher) == before


def test_a_paused_search_names_the_seat_of_its_position():
    """A search paused inside its tree (its budget spent) still has moves on its copy of
    the game; its summary names the seat to move at the root, not the one to move there."""
    game = new_game("pente", size=19, opening="pro")
    rng = random.Random(3)
    for _ in range(10):
        game.play(game.random_move(rng))
    for nodes in range(1, 400, 7):
        searcher = PenteSearch(game, random.Random(1))
        searcher.run(iterations=nodes)
        assert searcher.summary()["seat"] == game.seat_to_move()


def test_a_best_move_from_an_unfinished_iteration_comes_with_its_expected_line():
    """Stopped in mid-iteration after a new best root move, the search still names the
    reply it expects (the page ponders on it) and the line is legal from the position."""
    rng = random.Random(2)
    game = new_game("pente", size=19, opening="pro")
    for _ in range(rng.choice((4, 8))):
        game.play(game.random_move(rng))
    searcher = search(game, random.Random(2))
    searcher.run(iterations=300)
    best = searcher.best_move()
    assert best != searcher.completed[-1][0], "the iteration under way changed its mind"
    line = searcher.summary()["lines"][0]["moves"]
    assert line[0] == best and len(line) >= 2
    for move in line:
        game.play(move)
