"""The lesson checks Gardar needs beyond stones placed and taken: enclosures, who controls
them, surplus stones, and why a stone picked as dead lives."""

from __future__ import annotations

import pytest

from pygames.learn import LearnError, Step, start


def _step(position: str, task: dict) -> Step:
    return Step.read({"title": {"en": "t"}, "text": {"en": "x"}, "position": position, "task": task})


def _labels(game, points) -> list[str]:
    return sorted(game.board.label(p) for p in points)


def test_the_enclosed_goal_takes_only_the_stone_that_closes_the_ring():
    step = _step("g=gardar&size=4&s1=c3.c4.d3.d5.e3&t=1", {"play": {"goal": {"kind": "enclosed", "points": ["d4"]}}})
    game = step.game()
    assert [game.move_text(m) for m in step.right_moves(game)] == ["e4"]
    assert not step.try_move(game, game.parse_move("d4")).right, "filling the point encloses nothing"


def test_the_enclosed_goal_wants_the_movers_control_not_a_shared_enclosure():
    step = _step("g=gardar&size=4&s1=c3.d5&s2=c4.d3.e4&t=1", {"play": {"goal": {"kind": "enclosed", "points": ["d4"]}}})
    game = step.game()
    assert step.right_moves(game) == [], "e3 closes d4 but shares it three to three"


def test_enclosures_leave_out_open_space_that_reaches_the_edge_and_say_why():
    step = _step("g=gardar&size=4&s1=d4.d5.d6.e3.e6.f3.f4.f5.a1.a3.b2.b3&s2=b4.c4.c6&t=1", {"choose": "enclosures"})
    game = step.game()
    assert _labels(game, step.chosen(game)) == ["e4", "e5"]
    want = step.chosen(game)
    assert "reaches the edge" in step.try_points(game, want | {game.board.parse("c5")}).message
    assert "holds a stone" in step.try_points(game, want | {game.board.parse("d4")}).message


def test_controlled_enclosures_are_the_movers_and_a_shared_one_is_explained_by_its_fence():
    position = "g=gardar&size=5&s1=c3.c4.d3.d5.e4.f5.g4&s2=e5.f3.g3.f6.g6.h4.h5&t={}"
    black = _step(position.format(1), {"choose": "controlled"})
    game = black.game()
    assert _labels(game, black.chosen(game)) == ["d4"]
    miss = black.try_points(game, {game.board.parse("d4"), game.board.parse("f4")})
    assert "3 Black and 3 White" in miss.message
    white = _step(position.format(2), {"choose": "controlled"})
    assert _labels(game, white.chosen(white.game())) == ["g5"]


def test_surplus_stones_are_those_on_no_perimeter_loop_of_either_colour():
    step = _step("g=gardar&size=4&s1=c2.c3.c4.c5.d2.d4.d6.e2.e3.e4.e5.b4&s2=f2&t=1", {"choose": "surplus"})
    game = step.game()
    assert _labels(game, step.chosen(game)) == ["b4", "d4", "f2"]
    assert "perimeter loop" in step.try_points(game, step.chosen(game) | {game.board.parse("c3")}).message


def test_a_stone_wrongly_picked_as_dead_is_told_what_keeps_it_alive():
    step = _step("g=gardar&size=4&s1=b2.b3.b4.f2.f3&s2=a2.a3.g2.g3&t=1", {"choose": "dead"})
    game = step.game()
    assert _labels(game, step.chosen(game)) == ["a2", "a3"]
    assert "breathe" in step.try_points(game, step.chosen(game) | {game.board.parse("g2")}).message
    shared = _step("g=gardar&size=5&s1=d3.d4.e3.e5.f3.f4&s2=d5.d6.e7.f5.f6&t=1", {"choose": "dead"})
    game = shared.game()
    assert "its own or shared" in shared.try_points(game, {game.board.parse("e5")}).message


def test_gardar_checks_refuse_other_games():
    with pytest.raises(LearnError, match="Gardar"):
        _step("g=loose&size=5", {"choose": "surplus"})
    with pytest.raises(LearnError, match="Gardar"):
        enclose = _step("g=loose&size=5", {"play": {"goal": {"kind": "enclosed", "points": ["c3"]}}})
        enclose.right_moves(start("g=loose&size=5"))
