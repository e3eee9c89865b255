"""The game engines as they stood at commit d78bc8a, kept unchanged as a test oracle.

They are the straightforward implementations whose rules every rules test verified: flood
fills, full-state snapshots, legality by play and undo. The package's faster engines must
agree with them move for move (``tests/test_differential.py``). Do not edit these files,
except to keep them importable: they are the reference, not code to maintain.
"""

from .game import IllegalMove, game_class, new_game

__all__ = ["IllegalMove", "game_class", "new_game"]
