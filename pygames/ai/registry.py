"""Which searcher and which knowledge each game gets: the one place that ties the games to
the computer player (the game modules know nothing of it).

A game may have a searcher of its own (:data:`SEARCHERS`), which takes the positions its
``handles(game)`` accepts; every other position gets Monte Carlo tree search
(:class:`~pygames.ai.mcts.MonteCarlo`), given the game's :data:`POLICIES` entry, or the
plain :class:`~pygames.ai.mcts.Policy` (random playouts) for a game without one.
"""

from __future__ import annotations

from typing import Any

from ..game import Game
from .gardar import GardarPolicy
from .loose import LoosePolicy
from .mcts import Policy
from .pente import PenteSearch
from .vacu import ConvacuPolicy, VacuPolicy

#: Searchers of particular games, by game name.
SEARCHERS: dict[str, type[PenteSearch]] = {"pente": PenteSearch}
#: What Monte Carlo tree search knows of each game, by game name.
POLICIES: dict[str, Policy[Any]] = {
    "loose": LoosePolicy(),
    "vacu": VacuPolicy(),
    "convacu": ConvacuPolicy(),
    "gardar": GardarPolicy(),
}
_PLAIN: Policy[Any] = Policy()


def policy(game: Game) -> Policy[Any]:
    """What Monte Carlo tree search knows of ``game``."""
    return POLICIES.get(game.name, _PLAIN)
