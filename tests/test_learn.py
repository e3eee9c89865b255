"""Lessons and puzzles: every lesson task can be solved with its intended answer and refuses
a wrong one with a reason; every shipped puzzle is re-proven against every defence (a
sample here, all of them under ``-m puzzles``)."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from pygames import language
from pygames.ai.prove import Unknown, check
from pygames.learn import (
    SHOW_AFTER,
    Attempt,
    Goal,
    LearnError,
    Step,
    lesson,
    puzzles,
    start,
)

LEARN = Path(__file__).resolve().parent.parent / "site" / "learn"
GAMES = ("loose", "vacu", "convacu", "gardar", "pente")
#: Puzzles the ordinary run re-proves per game; ``-m puzzles`` proves them all.
SAMPLE = 4


def lesson_steps() -> list[tuple[str, int, Step]]:
    found = []
    for game in GAMES:
        path = LEARN / f"lessons-{game}.json"
        if path.exists():
            track = lesson(json.loads(path.read_text()))
            found += [(game, i, step) for i, step in enumerate(track.steps, 1)]
    return found


def puzzle_list() -> list:
    found = []
    for game in GAMES:
        path = LEARN / f"puzzles-{game}.json"
        if path.exists():
            found += puzzles(json.loads(path.read_text()))
    return found


STEPS = lesson_steps()
PUZZLES = puzzle_list()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_lesson_of_6_to_12_steps_in_both_languages(game):
    track = lesson(json.loads((LEARN / f"lessons-{game}.json").read_text()))
    assert 6 <= len(track.steps) <= 12
    for step in track.steps:
        for text in (track.title, step.title, step.text):
            assert text.get("en") and text.get("ko"), step.title
        assert 1 <= step.text["en"].count(". ") + 1 <= 4, "two or three sentences"


def _wrong_move(step: Step, game) -> object:
    right = set(step.right_moves(game))
    for label in step.why:
        try:
            move = game.parse_move(label)
        except ValueError:
            continue
        if move not in right:
            return move
    return next(m for m in game.candidates() if m not in right and isinstance(m, int))


@pytest.mark.parametrize(("game", "number", "step"), STEPS, ids=[f"{g}/{n}" for g, n, _s in STEPS])
def test_each_lesson_step_takes_its_answer_and_refuses_a_wrong_one_with_a_reason(game, number, step):
    board = step.game()
    for lang in ("en", "ko"):
        with language(lang):
            if "play" in step.task:
                right = step.right_moves(board)
                assert right, "the task has an answer the rules accept"
                assert all(board.is_legal(m) for m in right)
                assert step.try_move(board, right[0]).right
                wrong = _wrong_move(step, board)
                miss = step.try_move(board, wrong)
                assert not miss.right and miss.message
                label = board.move_text(wrong)
                if label in step.why:
                    assert miss.message == step.why[label][lang]
                assert step.try_move(board, wrong, misses=SHOW_AFTER - 1).answer or not any(
                    isinstance(m, int) for m in right), "the answer is shown after two misses"
            elif "choose" in step.task:
                want = step.chosen(board)
                assert want, "the question has points to find"
                assert step.try_points(board, want).right
                extra = next(p for p in range(len(board.board)) if p not in want)
                miss = step.try_points(board, want | {extra})
                assert not miss.right and miss.message
                assert set(step.try_points(board, set(), misses=SHOW_AFTER - 1).answer) == want
            else:
                winner = step.winner(board)
                assert step.try_winner(board, winner).right
                assert not step.try_winner(board, 3 - winner if winner else 1).right
    assert step.game().stones == board.stones, "judging leaves the position as it was"


def test_a_step_with_an_unknown_question_or_a_bad_point_is_refused_with_a_reason():
    base = {"title": {"en": "t"}, "text": {"en": "x"}, "position": "g=loose&size=5"}
    with pytest.raises(LearnError, match="unknown question"):
        Step.read({**base, "task": {"choose": "nonsense"}})
    with pytest.raises(LearnError, match="not a point"):
        Step.read({**base, "task": {"play": {"goal": {"kind": "own", "points": ["z99"]}}}})
    with pytest.raises(LearnError, match="one of play, choose, winner"):
        Step.read({**base, "task": {}})


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_at_least_60_puzzles_in_three_difficulties_with_themes(game):
    found = [p for p in PUZZLES if p.game == game]
    assert len(found) >= 60
    assert {p.level for p in found} == {1, 2, 3}
    assert len({p.id for p in found}) == len(found)
    for p in found:
        assert p.theme.get("en") and p.theme.get("ko")


@pytest.mark.parametrize("kind", ["own", "empty", "enclosed"])
def test_a_puzzle_names_one_marked_stone_or_point_in_the_singular(kind):
    # no shipped puzzle asks for an enclosure: Gardar's take dead stones, given that goal here
    shipped = "empty" if kind == "enclosed" else kind
    found = [next(p for p in PUZZLES if p.goal.get("kind") == shipped and len(p.goal["points"]) == count)
             for count in (1, 2)]
    one, two = (replace(p, goal={**p.goal, "kind": kind}) for p in found)
    thing = "point" if kind == "enclosed" else "stone"
    assert re.search(rf"the marked {thing}\b", one.prompt(one.game_at_start()))
    assert re.search(rf"the marked {thing}s\b", two.prompt(two.game_at_start()))


def test_pente_puzzles_cover_captures_as_well_as_fives():
    themes = {p.theme["en"] for p in PUZZLES if p.game == "pente"}
    for theme in ("Make five in a row", "Win by the fifth capture", "Capture a pair",
                  "Capture to break the four", "Only a capture saves you"):
        assert theme in themes
    defences = [p for p in PUZZLES if p.game == "pente" and p.goal["kind"] == "safe"]
    assert defences and all(p.refute and p.refute[0].get("*") for p in defences), \
        "a wrong defence is answered by the win it allows"


def _sample() -> list:
    rng = random.Random(24)
    chosen = []
    for game in GAMES:
        found = [p for p in PUZZLES if p.game == game]
        chosen += rng.sample(found, min(SAMPLE, len(found)))
    return chosen


def _prove(puzzle) -> None:
    try:
        problems = check(puzzle, budget=2_000_000)
    except Unknown:
        pytest.fail(f"{puzzle.game}/{puzzle.id}: not proven within the budget")
    assert not problems, f"{puzzle.game}/{puzzle.id}: {problems}"


@pytest.mark.parametrize("puzzle", _sample(), ids=lambda p: f"{p.game}/{p.id}")
def test_a_sample_of_the_puzzles_is_proven_against_every_defence(puzzle):
    _prove(puzzle)


@pytest.mark.puzzles
@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: f"{p.game}/{p.id}")
def test_every_puzzle_is_proven_against_every_defence(puzzle):
    _prove(puzzle)


@pytest.mark.parametrize("puzzle", _sample(), ids=lambda p: f"{p.game}/{p.id}")
def test_playing_a_puzzles_line_solves_it_and_a_wrong_move_meets_its_refutation(puzzle):
    attempt = Attempt.begin(puzzle)
    game = attempt.game
    for i in range(0, len(puzzle.line), 2):
        feedback, replies = attempt.play(game.parse_move(puzzle.line[i]))
        assert feedback.right
        if i + 1 < len(puzzle.line):
            assert [game.move_text(r) for r in replies] == [puzzle.line[i + 1]]
    assert attempt.solved
    wrong = Attempt.begin(puzzle)
    first = wrong.game.parse_move(puzzle.line[0])
    goal = Goal.read(wrong.game, puzzle.goal)
    for move in wrong.game.legal_moves():
        if move == first:
            continue
        wrong.game.play(move)
        reaches = goal.reached(wrong.game, wrong.mover)
        wrong.game.undo()
        if not reaches:
            break
    feedback, replies = wrong.play(move)
    assert not feedback.right and wrong.failed
    assert wrong.play(first)[0].message, "a failed attempt asks for a fresh start"


def test_a_puzzle_position_that_cannot_be_read_is_refused():
    with pytest.raises(LearnError):
        start("g=nothing")


def _data(kind: str, game: str) -> dict:
    return json.loads((LEARN / f"{kind}-{game}.json").read_text())


@pytest.mark.parametrize("game", GAMES)
def test_a_page_exercise_refuses_then_takes_a_lessons_first_step_and_shows_the_answer_after_two_misses(game):
    from pygames.exercise import Exercise
    from pygames.session import Preferences

    ex = Exercise.of_lesson(_data("lessons", game), 1)
    step, board = ex.step, ex.session.game
    if "play" in step.task:
        right = step.right_moves(board)
        wrong = _wrong_move(step, board)
        ex.move(wrong)
        ex.move(wrong)
        assert not ex.right and ex.misses == 2 and ex.message
        assert set(ex.shown) == {m for m in right if isinstance(m, int)}
        ex.move(right[0])
    elif "choose" in step.task:
        want = step.chosen(board)
        for p in want:
            ex.move(p)
        ex.check()
    else:
        ex.say_winner(step.winner(board))
    assert ex.right
    view = ex.frames(Preferences())[-1]
    assert view["learn"]["right"] and view["learn"]["title"] == step.title["en"]


@pytest.mark.parametrize("game", GAMES)
def test_a_page_exercise_plays_a_puzzles_answer_as_a_second_frame(game):
    from pygames.exercise import Exercise
    from pygames.session import Preferences

    puzzle = min(puzzles(_data("puzzles", game)), key=lambda p: (-p.moves, p.id))
    ex = Exercise.of_puzzle(_data("puzzles", game), puzzle.id)
    game_ = ex.session.game
    ex.move(game_.parse_move(puzzle.line[0]))
    frames = ex.frames(Preferences())
    assert len(frames) == (2 if len(puzzle.line) > 1 else 1)
    assert frames[-1]["ply"] == min(2, len(puzzle.line))
    assert ex.frames(Preferences())[0]["ply"] == frames[-1]["ply"], "the answer is shown once"
    ex.solution()
    assert ex.session.ply == len(puzzle.line) and not ex.right


def test_a_page_exercise_that_names_nothing_says_so():
    from pygames.exercise import Exercise

    with pytest.raises(LearnError, match="no step 999"):
        Exercise.of_lesson(_data("lessons", "loose"), 999)
    with pytest.raises(LearnError, match="no puzzle 999"):
        Exercise.of_puzzle(_data("puzzles", "loose"), 99999 // 100)
