"""pygames: rules, notation and board rendering for Loose, Vacu, Convacu, Gardar and Pente.

Pure Python with no dependencies: the same package runs on CPython and in the browser.

>>> import pygames
>>> game = pygames.new_game("loose", size=9)
>>> game.play(game.board.parse("e5"))
>>> game.scores()
{1: 1, 2: 6}
"""

from .board import Board, Point
from .game import (
    PASS,
    Effects,
    Game,
    IllegalMove,
    Move,
    Option,
    OptionError,
    Result,
    available,
    game_class,
    new_game,
)
from .i18n import get_language, language, set_language

# The game modules register their games (pygames.game.register), in this order.
from . import loose, vacu, gardar, pente  # noqa: F401  isort: skip

__version__ = "0.1.0"

__all__ = [
    "PASS",
    "Board",
    "Effects",
    "Game",
    "IllegalMove",
    "Move",
    "Option",
    "OptionError",
    "Point",
    "Result",
    "__version__",
    "available",
    "game_class",
    "get_language",
    "language",
    "new_game",
    "set_language",
]
