"""``Game.last_effects``: what the last move did, the same way in every game (stones placed,
flipped and removed, score changes, the end), and Vacu's two branches told apart."""

from __future__ import annotations

import random

import pytest

from pygames import new_game
from pygames.vacu import BUTTON


def test_no_move_no_effects():
    assert new_game("loose", size=5).last_effects is None


def test_a_pente_capture_removes_the_pair_and_counts_for_the_capturer():
    game = new_game("pente", size=9, opening="none")
    for label in ["e5", "e6", "a1", "e7", "e8"]:
        game.play(game.board.parse(label))
    effects = game.last_effects
    assert effects is not None and effects.colour == 1 and effects.move == game.board.parse("e8")
    assert effects.placed == (game.board.parse("e8"),) and effects.flipped == ()
    assert effects.removed == {game.board.parse("e6"): 2, game.board.parse("e7"): 2}
    assert effects.score_change == {1: 2} and effects.result is None and not effects.converted


def test_taking_the_button_is_half_a_point():
    game = new_game("vacu", size=5)
    game.play(12)
    game.play(BUTTON)
    effects = game.last_effects
    assert effects is not None and effects.colour == 2 and effects.score_change == {2: 0.5}
    assert effects.placed == effects.flipped == () and not effects.removed


@pytest.mark.parametrize("name", ["loose", "vacu", "convacu", "gardar", "pente"])
def test_effects_agree_with_the_board_in_random_games(name):
    """A property over random games: the effects are exactly the change of the stones, the
    mover is the side that was to move, and the result is the game's."""
    rng = random.Random(name)
    seen_converted = False
    for _ in range(5):
        game = new_game(name, size={"gardar": 4, "pente": 9}.get(name, 5))
        while not game.is_over() and len(game.history) < 300:
            before, colour = list(game.stones), game.to_move
            game.play(game.random_move(rng))
            effects = game.last_effects
            assert effects is not None and effects.move == game.history[-1] and effects.colour == colour
            changed = {p for p, (a, b) in enumerate(zip(before, game.stones)) if a != b}
            assert set(effects.placed) | set(effects.flipped) | set(effects.removed) == changed
            assert all(game.stones[p] == colour for p in effects.placed)
            assert all(before[p] == c and not game.stones[p] for p, c in effects.removed.items())
            assert effects.result == game.result()
            seen_converted |= effects.converted
    if name == "vacu":
        assert seen_converted  # the second branch does come up in play, and is told apart
