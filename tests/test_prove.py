"""The puzzle prover: its finishers are sound (no move that reaches a goal at once is left
out, in random positions of real size), and it finds, refutes and checks small puzzles,
rejecting one whose listed refutation does not hold."""

from __future__ import annotations

import random

import pytest

from pygames.ai.prove import FINISHERS, IN_TWO, check, refutations, solutions
from pygames.game import Game, new_game
from pygames.learn import Attempt, Goal, Puzzle, groups, start


def _goals(game: Game, rng: random.Random) -> list[Goal]:
    """Goals of every kind the finisher handles, about the position's enemy stones (and
    some of the mover's own and empty points, which a goal may also name)."""
    me, them = game.to_move, 3 - game.to_move
    goals = []
    for group in groups(game, them) + groups(game, me)[:3]:
        goals += [Goal("own", tuple(group)), Goal("empty", tuple(group))]
    empty = [p for p, s in enumerate(game.stones) if not s]
    enemy = [p for p, s in enumerate(game.stones) if s == them]
    if empty and enemy:
        goals.append(Goal("own", (rng.choice(empty), rng.choice(enemy))))
        goals.append(Goal("empty", (rng.choice(empty), rng.choice(enemy))))
    goals.append(Goal("win"))
    if game.name == "pente":
        have = int(game.scores().get(me, 0))
        goals += [Goal("captures", count=have + 2), Goal("empty", tuple(enemy[:4]))]
    return goals


def _positions(name: str, count: int, rng: random.Random, **options: object) -> list[Game]:
    """Random positions along random games (biased to dense play near earlier stones, so
    that captures, flips, rows and fours happen)."""
    found = []
    while len(found) < count:
        game = new_game(name, **options)
        for _ply in range(rng.randint(10, 120)):
            if game.is_over():
                break
            moves = game.legal_moves()
            near = [m for m in moves if isinstance(m, int) and any(game.stones[q] for q in game.board.neighbours[m])]
            game.play(rng.choice(near) if near and rng.random() < 0.8 else rng.choice(moves))
        if not game.is_over():
            found.append(start(_fragment(game)) if rng.random() < 0.5 else game)
    return found


def _fragment(game: Game) -> str:
    from pygames.notation import Record, encode
    state: dict[str, int | list[int]] = {}
    if game.name == "pente":
        counts = game.taken if game.count_captures else game.captures  # type: ignore[attr-defined]
        state["captures"] = list(counts[1:])
    setup = {p: s for p, s in enumerate(game.stones) if s}
    return encode(Record(game.name, dict(game.options), setup=setup, to_move=game.to_move, state=state))


@pytest.mark.parametrize(("name", "options"), [
    ("loose", {"size": 9}), ("loose", {"size": 5}), ("vacu", {"size": 9}), ("vacu", {"size": 5}),
    ("convacu", {"size": 7}), ("pente", {"size": 9}), ("pente", {"size": 19}),
    ("pente", {"size": 9, "capture_three": True}), ("pente", {"size": 9, "overline": "exact"}),
])
def test_every_move_that_reaches_a_goal_at_once_is_among_the_finishers(name, options):
    rng = random.Random(f"{name}{options}")
    finish = FINISHERS[name]
    checked = 0
    for game in _positions(name, 12, rng, **options):
        mover = game.to_move
        for goal in _goals(game, rng):
            if goal.reached(game, mover):
                continue
            allowed = set(finish(game, goal))
            for move in game.legal_moves():
                game.play(move)
                reached = goal.reached(game, mover)
                game.undo()
                if reached:
                    checked += 1
                    assert move in allowed, (game.move_text(move), goal, _fragment(game))
    assert checked, "the positions had goals to reach"


# -- small puzzles by hand -----------------------------------------------------------------

#: Pente on 9x9, White to move with a split three d5 e5 _ g5: only f5 makes an open four
#: (c5 and h5 both free), which Black cannot stop; c5 or h5 leave a gap Black fills.
PENTE = "v=1&g=pente&size=9&s1=d5.e5.g5&s2=a1.a9.i9&t=1"


def _pente_puzzle(line: list[str], refute: list[dict[str, str]], moves: int = 2) -> Puzzle:
    return Puzzle.read({"id": 1, "game": "pente", "position": PENTE, "goal": {"kind": "win"}, "moves": moves,
                        "line": line, "refute": refute, "level": moves, "theme": {"en": "t", "ko": "t"}})


def test_a_win_in_one_is_found_by_every_move_that_wins():
    game = start("v=1&g=pente&size=9&s1=b5.c5.d5.e5&s2=a5.b2.c2.d2&t=1")
    assert sorted(game.move_text(m) for m in solutions(game, Goal("win"), 1)) == ["f5"]
    wrong = refutations(game, Goal("win"), 1)
    assert game.parse_move("f5") not in wrong and wrong[game.parse_move("g7")] is None


def test_a_puzzle_with_its_line_and_refutations_is_proven_and_a_wrong_refutation_is_rejected():
    game = start(PENTE)
    goal = Goal("win")
    assert [game.move_text(m) for m in solutions(game, goal, 2)] == ["f5"]
    wrong = refutations(game, goal, 2)
    assert game.parse_move("f5") not in wrong
    assert wrong[game.parse_move("h5")] == game.parse_move("f5"), "the gap is the answer"
    refute = {game.move_text(m): game.move_text(r) for m, r in wrong.items() if r is not None}
    assert check(_pente_puzzle(["f5", "c5", "h5"], [refute, {}])) == []
    assert check(_pente_puzzle(["f5", "h5", "c5"], [{"*": "f5", **refute}, {}])) == []
    # a refutation that does not refute: answer every wrong move far away, in a corner
    problems = check(_pente_puzzle(["f5", "c5", "h5"], [{"*": "i1"}, {}]))
    assert any("i1 does not refute" in p for p in problems)
    # a line that does not reach the goal, and one whose defence is not the only one
    assert any("does not reach" in p for p in check(_pente_puzzle(["f5", "c5", "a5"], [refute, {}])))
    assert any("defends" in p for p in check(_pente_puzzle(["h5", "c5", "f5"], [refute, {}])))


def test_every_move_that_forces_a_pente_goal_in_two_is_among_the_moves_in_two(monkeypatch):
    """The two-move bound against a search without it (every move of both sides)."""
    rng = random.Random(7)
    bound = IN_TWO["pente"]
    monkeypatch.delitem(IN_TWO, "pente")
    checked = 0
    for game in _positions("pente", 40, rng, size=13):
        have = int(game.scores().get(game.to_move, 0))
        for goal in (Goal("win"), Goal("captures", count=have + 4)):
            moves = bound(game, goal)
            if moves is None:
                continue
            within = set(moves)
            for move in solutions(game, goal, 2):
                checked += 1
                assert move in within, (game.move_text(move), goal, _fragment(game))
    assert checked, "some positions had a goal within two moves"


def test_a_defence_is_the_capture_that_breaks_the_open_four_and_each_wrong_move_meets_the_win():
    # White's open four b5-e5 cannot be blocked at both ends; Black's d7 takes d6 and d5
    position = "v=1&g=pente&size=9&s1=b5.c5.d5.e5.d6&s2=d4&t=2"
    game = start(position)
    goal = Goal("safe")
    assert not goal.reached(game, 2), "a threat not yet answered is no defence"
    assert [game.move_text(m) for m in solutions(game, goal, 1)] == ["d7"]

    def puzzle(refute: dict[str, str]) -> Puzzle:
        return Puzzle.read({"id": 1, "game": "pente", "position": position, "goal": {"kind": "safe"},
                            "moves": 1, "line": ["d7"], "refute": [refute], "level": 1,
                            "theme": {"en": "t", "ko": "t"}})

    assert check(puzzle({"*": "a5", "a5": "f5"})) == []
    assert any("a5, the answer to a5, is illegal" in p for p in check(puzzle({"*": "a5"})))
    assert any("i1 does not win against" in p for p in check(puzzle({"*": "i1"})))
    attempt = Attempt.begin(puzzle({"*": "a5", "a5": "f5"}))
    feedback, replies = attempt.play(attempt.game.parse_move("f5"))
    assert not feedback.right and [attempt.game.move_text(r) for r in replies] == ["a5"]
    assert feedback.message == "Not that one: this answer wins the game."
    assert attempt.game.result().winners == (1,), "the refutation is the win the move allowed"
    assert puzzle({}).prompt(game) == "Black to play: stop your opponent from winning with their next move, in one move."
    taken = start(position + "&captures=4.2")  # the opponent's count, which the board does not show
    assert "stop your opponent (4 captured stones) from winning" in puzzle({}).prompt(taken)
    solved = Attempt.begin(puzzle({"*": "a5", "a5": "f5"}))
    assert solved.play(solved.game.parse_move("d7"))[0].right and solved.solved
