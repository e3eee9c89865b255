"""Gardar's position bookkeeping: after every move, undo and copy, the position kept up
to date move by move (enclosures with their fence counts, control sets, smothered groups,
Zobrist keys) equals the one worked out from scratch for the same board, under every
option that changes what is an enclosure or what dies."""

from __future__ import annotations

import random

import pytest

from pygames.gardar import Gardar

OPTION_SETS = [{}, {"cascade": True, "death": "group"}, {"enemies_inside": "enclosure"},
               {"hole_exemption": False, "cascade": True},
               {"enemies_inside": "enclosure", "death": "group", "cascade": True}]


def from_scratch(game: Gardar):
    """The game's position and the one built afresh from its stones, enclosures in one order."""
    def plain(pos):
        return pos._replace(enclosures=tuple(sorted(pos.enclosures)))
    return plain(game._pos), plain(game._position(game.black, game.white))


@pytest.mark.parametrize("options", OPTION_SETS, ids=[",".join(map(str, o.items())) or "defaults" for o in OPTION_SETS])
def test_position_kept_up_to_date_equals_the_one_from_scratch(options):
    rng = random.Random(f"incremental {options}")
    for size in (3, 4, 5, 6, 7):
        game = Gardar(size=size, **options)
        while not game.is_over():
            game.play(game.random_move(rng))
            kept, fresh = from_scratch(game)
            assert kept == fresh, (size, game.history)
            if len(game.history) > 2 and rng.random() < 0.05:
                game.undo()
                game.undo()
                kept, fresh = from_scratch(game)
                assert kept == fresh
            if not game.is_over() and rng.random() < 0.02:
                twin = game.copy()
                twin.play(twin.random_move(rng))
                assert from_scratch(twin)[0] == from_scratch(twin)[1]
                assert from_scratch(game)[0] == fresh
