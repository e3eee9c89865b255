"""Exact proof of a puzzle's goal: "the solver reaches it within n moves, whatever the
defence", by an AND-OR search over every legal move of both sides.

Monte Carlo values are estimates; a puzzle must be true against every defence, so its
proof looks at all of them. Depth stays small (a puzzle's goal needs one to three of
the solver's moves), and the search stops on the first defence that holds or the first
attack that works, trying the moves near the goal's points first, where both usually
are. A node budget bounds it: past it the answer is :class:`Unknown`, never a guess.

A game may name a superset of the moves that can reach a goal at once
(:data:`FINISHERS`), which turns the search's last ply from every move into a few, and a
superset of the moves that can force it within two (:data:`IN_TWO`, Pente: on 19x19 a
three-move proof would otherwise try every point at the two plies below the top). Both
are proven sound against a search without them (``tests/test_prove.py``). Pente's
defender also tries first the points where the solver threatens to finish
(:data:`THREATS`): move order only, which changes the speed and never the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from .. import learn
from ..board import Point
from ..game import PASS, Game, IllegalMove, Move
from ..learn import Goal, Puzzle

#: Plays a proof may make before it gives up.
BUDGET = 400_000


class Unknown(Exception):
    """The budget ran out before the search knew the answer."""


#: By game name: the moves that could reach ``goal`` for the player to move with one
#: move, a superset (every other move is known not to).
FINISHERS: dict[str, Callable[[Game, Goal], Iterable[Move]]] = {}


def _liberties(game: Game, points: Iterable[Point]) -> set[Point]:
    """The empty points next to the groups holding ``points`` (empty points of ``points``
    count as themselves)."""
    stones, nbrs = game.stones, game.board.neighbours
    found: set[Point] = set()
    done: set[Point] = set()
    for p in points:
        if p in done:
            continue
        if not stones[p]:
            found.add(p)
            continue
        group = learn.group(game, p)
        done.update(group)
        found |= {q for g in group for q in nbrs[g] if not stones[q]}
    return found


def _owned_or_emptied(game: Game, goal: Goal) -> list[Point] | None:
    """The goal's open points (``own``: not the mover's yet; ``empty``: not empty yet), or
    None when the goal is of another kind (then every move must be tried)."""
    mover, stones = game.to_move, game.stones
    if goal.kind == "own":
        return [p for p in goal.points if stones[p] != mover]
    if goal.kind == "empty":
        return [p for p in goal.points if stones[p]]
    return None


def _empty_target(game: Game, goal: Goal, open_points: list[Point]) -> list[Move] | None:
    """For ``own``: a placement fills one point and flips only stones, so an empty goal
    point must be the move itself (two of them cannot be filled at once)."""
    empty: list[Move] = [p for p in open_points if not game.stones[p]]
    if goal.kind == "own" and empty:
        return empty if len(empty) == 1 else []
    return None


def loose_finishers(game: Game, goal: Goal) -> Iterable[Move]:
    """Loose: a placement at ``p`` changes whether a point is a true liberty only at ``p``
    and its neighbours (a point's status depends on its own neighbours), and a group flips
    only when it has no true liberty left, so a flip of a goal group needs ``p`` on one of
    its liberties or next to one. Flips do not cascade, and stones are never removed."""
    open_points = _owned_or_emptied(game, goal)
    if open_points is None or goal.kind != "own":
        return game.candidates()
    points = list(open_points)
    only = _empty_target(game, goal, points)
    if only is not None:
        return only
    libs = _liberties(game, points)
    nbrs, stones = game.board.neighbours, game.stones
    return libs | {q for p in libs for q in nbrs[p] if not stones[q]}


def vacu_finishers(game: Game, goal: Goal) -> Iterable[Move]:
    """Vacu and Convacu: every group has a liberty when a turn starts, and a placement at
    ``p`` takes a liberty from the groups next to ``p`` only, so only those can be
    suppressed (an enemy's capture, or the mover's own group in a conversion) or flipped
    (enemy groups left without liberties). A goal point held by a group elsewhere cannot
    change, and an empty one can only be filled by the move itself."""
    if goal.kind == "win" and game.name == "vacu":
        # the game ends with a count either on a second pass in a row or when a placement
        # takes (suppresses or flips) the last enemy group, which needs ``p`` next to it
        enemy = [p for p, s in enumerate(game.stones) if s and s != game.to_move]
        ends: set[Move] = set(_liberties(game, enemy))
        if game.passes:
            ends.add(PASS)
        return ends
    open_points = _owned_or_emptied(game, goal)
    if open_points is None:
        return game.candidates()
    points = list(open_points)
    only = _empty_target(game, goal, points)
    if only is not None:
        return only
    return _liberties(game, points)


def _pente_plain(game: Game) -> bool:
    """Whether a Pente position plays by the rules the bounds below rely on: opening
    over, no overtime (a row that waits for the next move), no self-capture or forbidden
    points (which make some placements illegal or hand stones to another player)."""
    return (getattr(game, "overtime", "off") == "off" and getattr(game, "self_rule", "none") == "none"
            and not getattr(game, "locking", False) and getattr(game, "step", 0) >= len(getattr(game, "steps", ())))


def _pente_captures(game: Game, me: int, open_too: bool = True) -> tuple[dict[Point, int], dict[Point, int]]:
    """For ``me``: each point where a stone would capture, with the most it could add to
    the score (stones, or runs when the capture win counts captures), and (unless
    ``open_too`` is false) each point whose score could grow by brackets still open at
    the far end (run + empty point). Found from the stones (a few dozen) rather than the
    empty points (hundreds): a bracket's far stone of the mover, or an open bracket's
    first enemy stone. The search asks this at every node, hence the plain loops."""
    stones, rays = game.stones, game.board.rays
    three = bool(getattr(game, "three", False))
    per_run = bool(getattr(game, "count_captures", False))
    gains: dict[Point, int] = {}
    potential: dict[Point, int] = {}
    for s in [p for p, colour in enumerate(stones) if colour == me]:
        for ray in rays[s]:
            if len(ray) < 3:
                continue
            a, b = stones[ray[0]], stones[ray[1]]
            if not a or a == me or not b or b == me:
                continue
            c = stones[ray[2]]
            if not c:
                p, gain = ray[2], 1 if per_run else 2
            elif three and c != me and len(ray) > 3 and not stones[ray[3]]:
                p, gain = ray[3], 1 if per_run else 3
            else:
                continue
            gains[p] = gains.get(p, 0) + gain
            potential[p] = potential.get(p, 0) + gain
    if not open_too:
        return gains, potential
    runs = (2, 3) if three else (2,)
    for s in [p for p, colour in enumerate(stones) if colour and colour != me]:
        around = rays[s]
        for d, ray in enumerate(around):
            back = around[(d + 4) % 8]  # square boards: directions i and i + 4 are opposite
            if not back or stones[back[0]]:
                continue
            for n in runs:
                if len(ray) >= n and not stones[ray[n - 1]] and all(stones[q] not in (0, me) for q in ray[:n - 1]):
                    potential[back[0]] = potential.get(back[0], 0) + (1 if per_run else n)
    return gains, potential


def _pente_goal_points(game: Game, goal: Goal, me: int) -> set[Point] | None:
    """The points where a stone of ``me`` could reach ``goal`` at once (a superset), or
    None when no bound is known."""
    if goal.kind not in ("win", "captures", "empty") or not _pente_plain(game):
        return None
    stones, rays = game.stones, game.board.rays
    gains, _potential = _pente_captures(game, me, open_too=False)
    score = game.scores().get(me, 0)
    found: set[Point] = set()
    if goal.kind == "empty":
        found |= gains.keys()
    else:
        threshold = goal.count if goal.kind == "captures" else getattr(game, "threshold", None)
        if threshold is not None:
            found |= {p for p, gain in gains.items() if score + gain >= threshold}
    if goal.kind != "win":
        return found
    need = int(getattr(game, "row_length", 5)) - 1
    # the first empty point past a run of the mover's stones, walking out from each of
    # them (far fewer than the empty points): the run's first stone counts it whole
    for s, colour in enumerate(stones):
        if colour != me:
            continue
        for ray in rays[s]:
            back = 1
            for i, q in enumerate(ray):
                if stones[q] == me:
                    back += 1
                    continue
                if stones[q] == 0 and q not in found:
                    count = back
                    for r in ray[i + 1:]:
                        if stones[r] != me:
                            break
                        count += 1
                    if count >= need:
                        found.add(q)
                break
    return found


def pente_finishers(game: Game, goal: Goal) -> Iterable[Move]:
    """Pente (with the rules of :func:`_pente_plain`): a stone wins at once only by making
    a row of the winning length through itself or by captures that reach the capture win,
    and only a capture takes stones off or adds to the count. A capture point brackets a
    run of two (three with *capture three*) enemy stones with one of the mover's; a row
    point has enough of the mover's stones next to it along one axis."""
    found = _pente_goal_points(game, goal, game.to_move)
    return game.candidates() if found is None else found


def _isolated(game: Game) -> int:
    """Empty points whose eight neighbours are all empty (or off the board)."""
    stones, rays = game.stones, game.board.rays
    near: set[Point] = set()
    for p, s in enumerate(stones):
        if s:
            near.add(p)
            near.update(ray[0] for ray in rays[p] if ray)
    return len(stones) - len(near)


def pente_in_two(game: Game, goal: Goal) -> Iterable[Move] | None:
    """Pente, two players (with the rules of :func:`_pente_plain`), when the mover cannot
    reach a ``win`` or ``captures`` goal at once: the only moves that could reach it within
    two of their moves. Any other move ``m`` leaves the mover no move reaching the goal,
    and then the defender answers on an isolated point (eight empty neighbours, so the
    stone captures nothing, joins nothing and can be captured by nothing), which takes no
    such move away... nor creates one: ``m`` is refuted. So the search need only try:

    * a capture (it raises the score and may open lines);
    * an empty point of a window of the row length holding the mover's stones but two
      (the move and then a fifth make the row);
    * the far end of an open bracket (run of enemy stones, then an empty point) from a
      point whose brackets could reach the capture win.

    None (no bound) when the mover can reach the goal at once, or too few isolated points
    leave the argument's answer unsure (a move takes at most nine of them)."""
    if goal.kind not in ("win", "captures") or len(game.seats) != 2 or not _pente_plain(game):
        return None
    me = game.to_move
    now = _pente_goal_points(game, goal, me)
    if now is None or now or _isolated(game) < 10:
        return None
    stones, rays = game.stones, game.board.rays
    gains, potential = _pente_captures(game, me)
    found: set[Move] = set(gains)
    score = game.scores().get(me, 0)
    threshold = goal.count if goal.kind == "captures" else getattr(game, "threshold", None)
    runs = (2, 3) if getattr(game, "three", False) else (2,)
    if threshold is not None:
        for p, most in potential.items():
            if score + most < threshold:
                continue
            for ray in rays[p]:
                for n in runs:
                    if len(ray) > n and not stones[ray[n]] and all(stones[q] not in (0, me) for q in ray[:n]):
                        found.add(ray[n])
    if goal.kind == "win":
        length = int(getattr(game, "row_length", 5))
        for s, colour in enumerate(stones):
            if colour != me:
                continue
            for d in range(4):  # the windows through s along each axis
                line = [*reversed(rays[s][d + 4][:length - 1]), s, *rays[s][d][:length - 1]]
                k = line.index(s)
                for i in range(max(0, k - length + 1), k + 1):
                    window = line[i:i + length]
                    if len(window) < length or any(stones[q] not in (0, me) for q in window):
                        continue
                    if sum(1 for q in window if stones[q] == me) >= length - 2:
                        found |= {q for q in window if not stones[q]}
    return found


FINISHERS.update({"loose": loose_finishers, "vacu": vacu_finishers, "convacu": vacu_finishers,
                  "pente": pente_finishers})

#: By game name: with the solver to move, a superset of the moves that could reach the
#: goal within two of the solver's moves against every defence (None: no bound here).
IN_TWO: dict[str, Callable[[Game, Goal], Iterable[Move] | None]] = {"pente": pente_in_two}

#: By game name: with the defender to move, the points where the solver (the colour
#: given) could reach the goal with their next move: tried first as defences (order only).
THREATS: dict[str, Callable[[Game, Goal, int], Iterable[Move] | None]] = {"pente": _pente_goal_points}


def _near(game: Game, points: Iterable[Point]) -> dict[Point, int]:
    """Board distance (in steps between neighbours) from ``points``, for move ordering."""
    seen = {p: 0 for p in points}
    frontier = list(seen)
    while frontier:
        nxt = []
        for p in frontier:
            for q in game.board.neighbours[p]:
                if q not in seen:
                    seen[q] = seen[p] + 1
                    nxt.append(q)
        frontier = nxt
    return seen


@dataclass
class Prover:
    """An AND-OR search for ``goal``, judged for the colour ``mover``."""

    game: Game
    goal: Goal
    mover: int
    budget: int = BUDGET
    plays: int = 0
    order: dict[Point, int] = field(default_factory=dict)
    #: By moves left: the defence that last held (tried first next time).
    killers: dict[int, Move] = field(default_factory=dict)

    #: Every point by distance from the goal (ties by index): the move order, fixed once.
    ranked: list[Point] = field(default_factory=list)

    def __post_init__(self) -> None:
        targets = self.goal.points or [p for p in range(len(self.game.board)) if self.game.stones[p]]
        self.order = _near(self.game, targets)
        far = len(self.game.board)
        self.ranked = sorted(range(far), key=lambda p: self.order.get(p, far))
        self._finish = FINISHERS.get(self.game.name)
        self._two = IN_TWO.get(self.game.name)
        self._threats = THREATS.get(self.game.name)

    def _moves(self, first: Iterable[Move] = ()) -> list[Move]:
        """The moves to try, ``first`` first, then by distance from the goal (points), then
        the game's other actions. Filtering the fixed order costs less than sorting the
        candidates at every node of the search."""
        candidates = list(self.game.candidates())
        there = set(candidates)
        ahead = [m for m in first if m in there]
        if ahead:
            there.difference_update(ahead)
        rest = [p for p in self.ranked if p in there]
        return ahead + rest + [m for m in candidates if not isinstance(m, int) and m in there]

    def _play(self, move: Move) -> bool:
        self.plays += 1
        if self.plays > self.budget:
            raise Unknown
        try:
            self.game.play(move)
        except IllegalMove:
            return False
        return True

    def reached(self) -> bool:
        return self.goal.reached(self.game, self.mover)

    def attack(self, left: int, first: Iterable[Move] = ()) -> Move | None:
        """A solver's move (the solver to move) that forces the goal within ``left``
        moves, or None if there is none."""
        if left == 1 and self._finish is not None:
            # only the finishers, in the usual order, without listing every move (an
            # illegal one among them is refused when played)
            could = set(self._finish(self.game, self.goal))
            ahead = [m for m in first if m in could]
            far = len(self.game.board)
            candidates = ahead + sorted((m for m in could if m not in ahead),
                                        key=lambda m: self.order.get(m, far) if isinstance(m, int) else far)
        else:
            candidates = self._moves(first)
        if left == 2 and self._two is not None:
            bound = self._two(self.game, self.goal)
            if bound is not None:
                within = set(bound)
                candidates = [m for m in candidates if m in within]
        for move in candidates:
            if not self._play(move):
                continue
            try:
                if self.reached() or (left > 1 and not self.game.is_over() and self.defend(left - 1) is None):
                    return move
            finally:
                self.game.undo()
        return None

    def defend(self, left: int) -> Move | None:
        """A defender's move (the defender to move) after which the solver cannot force
        the goal within ``left`` moves, or None if every defence fails. The defence that
        last held at this depth is tried first (a "killer" move): the same key point
        usually answers many of the solver's tries, and a defence found at once saves a
        whole failed search per try."""
        killer = self.killers.get(left)
        first: list[Move] = [] if killer is None else [killer]
        if left == 1 and self._threats is not None:
            # where the solver would reach the goal next: blocking there is the likely defence
            far = len(self.game.board)
            first += sorted(set(self._threats(self.game, self.goal, self.mover) or ()) - set(first),
                            key=lambda m: self.order.get(m, far) if isinstance(m, int) else far)
        for move in self._moves(first):
            if not self._play(move):
                continue
            try:
                if not self.reached() and (self.game.is_over() or self.attack(left) is None):
                    self.killers[left] = move
                    return move
            finally:
                self.game.undo()
        return None


def solutions(game: Game, goal: Goal, moves: int, budget: int = BUDGET) -> list[Move]:
    """Every first move that forces ``goal`` within ``moves`` of the solver's moves."""
    prover = Prover(game, goal, game.to_move, budget)
    found = []
    for move in prover._moves():
        if not prover._play(move):
            continue
        try:
            if prover.reached() or (moves > 1 and not game.is_over() and prover.defend(moves - 1) is None):
                found.append(move)
        finally:
            game.undo()
    return found


def refutations(game: Game, goal: Goal, moves: int, budget: int = BUDGET) -> dict[Move, Move | None]:
    """For each legal first move that does not force the goal, a defence that holds
    (None when the move fails at once: the goal is out of reach whatever comes next)."""
    prover = Prover(game, goal, game.to_move, budget)
    found: dict[Move, Move | None] = {}
    for move in prover._moves():
        if not prover._play(move):
            continue
        try:
            if prover.reached():
                continue
            if moves == 1 or game.is_over():
                found[move] = None
                continue
            reply = prover.defend(moves - 1)
            if reply is not None:
                found[move] = reply
        finally:
            game.undo()
    return found


def check(puzzle: Puzzle, budget: int = BUDGET) -> list[str]:
    """Re-prove a puzzle: its line forces the goal against every defence, its first move is
    the only one that does, and each listed refutation holds. Returns the problems (none
    for a sound puzzle); :class:`Unknown` if the budget runs out."""
    game = puzzle.game_at_start()
    goal = Goal.read(game, puzzle.goal)
    prover = Prover(game, goal, game.to_move, budget)
    problems: list[str] = []
    line = [game.parse_move(m) for m in puzzle.line]
    played = 0
    for i in range(0, len(line), 2):
        left = puzzle.moves - i // 2
        if not prover._play(line[i]):
            problems.append(f"line move {puzzle.line[i]} is illegal")
            break
        played += 1
        if prover.reached():
            if i != len(line) - 1:
                problems.append(f"the goal is reached before the line ends, at {puzzle.line[i]}")
            break
        if left == 1 or game.is_over():
            problems.append(f"the line's move {puzzle.line[i]} does not reach the goal")
            break
        defence = prover.defend(left - 1)
        if defence is not None:
            problems.append(f"{game.move_text(defence)} defends against {puzzle.line[i]}")
            break
        if i + 1 >= len(line) or not prover._play(line[i + 1]):
            problems.append("the line ends without reaching the goal")
            break
        played += 1
    for _ in range(played):
        game.undo()
    problems += _check_refutations(prover, puzzle, line)
    return problems


def _check_refutations(prover: Prover, puzzle: Puzzle, line: list[Move]) -> list[str]:
    """Each wrong solver move along the line is refuted by the reply the puzzle lists."""
    game, problems, played = prover.game, [], 0
    for step, refutes in enumerate(puzzle.refute[:puzzle.moves]):
        left = puzzle.moves - step
        for move in prover._moves():
            if move == line[2 * step] or not prover._play(move):
                continue
            try:
                if prover.reached():
                    continue  # another way to the goal: the page accepts it
                if left == 1 and prover.goal.kind == "safe":
                    problems += _wins_back(prover, game.move_text(move), refutes)
                if left == 1 or game.is_over():
                    continue
                problems += _refuted(prover, game.move_text(move), refutes, left)
            finally:
                game.undo()
        if 2 * step + 1 >= len(line) or not (prover._play(line[2 * step]) and prover._play(line[2 * step + 1])):
            break
        played += 2
    for _ in range(played):
        game.undo()
    return problems


def _wins_back(prover: Prover, text: str, refutes: Mapping[str, str]) -> list[str]:
    """A defence puzzle's wrong move is answered by the win it allowed."""
    game = prover.game
    answer = refutes.get(text, refutes.get("*"))
    if answer is None:
        return [f"{text} has no winning answer listed"]
    if not prover._play(game.parse_move(answer)):
        return [f"{answer}, the answer to {text}, is illegal"]
    try:
        result = game.result()
        if result is None or prover.mover in result.winners:
            return [f"{answer} does not win against {text}"]
    finally:
        game.undo()
    return []


def _refuted(prover: Prover, text: str, refutes: Mapping[str, str], left: int) -> list[str]:
    game = prover.game
    answer = refutes.get(text, refutes.get("*"))
    if answer is None:
        return [f"{text} has no refutation"]
    reply = game.parse_move(answer)
    if not prover._play(reply):
        return [f"{answer}, the refutation of {text}, is illegal"]
    try:
        if prover.reached() or (not game.is_over() and prover.attack(left - 1) is not None):
            return [f"{answer} does not refute {text}"]
    finally:
        game.undo()
    return []
