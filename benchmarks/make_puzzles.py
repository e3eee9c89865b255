"""Make a game's puzzle file (``site/learn/puzzles-<game>.json``) from real play.

Not shipped: run by hand, one game at a time, under ``nice``::

    nice python3 benchmarks/make_puzzles.py loose --count 75 --seconds 780 --seed 1

It plays games with the computer player at a fast setting (a few random opening moves
for variety), looks at each position for local goals (flip or suppress an enemy group,
take dead stones, win, capture, stop a threatened win with a capture), and proves each candidate exactly with
:mod:`pygames.ai.prove`: a puzzle is kept only when its first move, and each later move
of the solver along the line, is the *only* one that forces the goal in the level's
number of moves. The line's defence is the most stubborn one (the reply whose proof
takes the most plays); each wrong move gets the reply that refutes it, the commonest
under ``"*"``. Every kept puzzle is re-checked with :func:`pygames.ai.prove.check` and
dropped if that takes more than ``MAX_CHECK`` seconds (the tests prove them all).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygames.ai import analyse, choose_move
from pygames.ai.prove import (
    THREATS,
    Prover,
    Unknown,
    check,
    pente_in_two,
    refutations,
    solutions,
)
from pygames.game import Game, Move, new_game
from pygames.learn import QUERIES, Goal, Puzzle, groups, start
from pygames.notation import Record, encode

#: Plays a candidate's proof may make during generation.
BUDGET = 150_000
#: Seconds a kept puzzle's :func:`check` may take.
MAX_CHECK = 2.5
#: Puzzles kept from one game at most (variety).
PER_GAME = 8
#: How often a looked-at position is also tried with the other side to move.
SWAP = 0.5
#: The line's defence: the most stubborn (longest proof) of the first STUBBORN replies,
#: nearest the goal first, after which the solver's move is unique, among REPLIES tried;
#: when every reply loses at once, the nearest such reply.
REPLIES, STUBBORN = 30, 10

#: Per game: options, the computer's iterations per move, random opening moves (range),
#: the first ply worth looking at, the most plies of a game, the share of positions looked
#: at (``sample``, 0.35 unless given), and (``reach``) for levels 2
#: and 3 the most liberties a target may have to be worth a proof.
SETTINGS: dict[str, dict[str, Any]] = {
    "loose": {"options": {"size": 9}, "iterations": 40, "opening": (2, 10), "from": 12, "plies": 90},
    "vacu": {"options": {"size": 9}, "iterations": 40, "opening": (2, 10), "from": 10, "plies": 110, "sample": 0.15},
    "convacu": {"options": {"size": 9}, "iterations": 40, "opening": (2, 10), "from": 10, "plies": 110, "sample": 0.2},
    "gardar": {"options": {"size": 5}, "iterations": 40, "opening": (2, 8), "from": 8, "plies": 100,
               "reach": {2: 4, 3: 4}},
    "pente": {"options": {"size": 19}, "iterations": 40, "opening": (0, 4), "from": 6, "plies": 80},
}

#: Themes by what the solution does: key -> (English, Korean as in the glossary).
THEMES: dict[str, tuple[str, str]] = {
    "flip1": ("Flip the marked group", "표시된 그룹을 뒤집으세요"),
    "flip_two": ("Flip two groups at once", "두 그룹을 한 번에 뒤집으세요"),
    "flip_prepare": ("Make its true liberties false, then flip", "진짜 활로를 가짜 활로로 만든 뒤 뒤집으세요"),
    "flip_chase": ("Chase the group until it flips", "그룹을 몰아서 뒤집으세요"),
    "suppress1": ("Suppress the marked group", "표시된 그룹을 따내세요"),
    "suppress_chase": ("Take its liberties one by one", "활로를 하나씩 메워 따내세요"),
    "suppress_net": ("No escape: suppress the group", "도망칠 곳이 없습니다: 그룹을 따내세요"),
    "convert1": ("Give up a stone to flip the group", "돌 하나를 버려 그룹을 뒤집으세요"),
    "convert_chase": ("Chase, then convert", "몰아붙인 뒤 뒤집으세요"),
    "win_last": ("Take the last enemy group to win", "마지막 상대 그룹을 따내 이기세요"),
    "win_connect": ("Join your two edges", "두 변을 이으세요"),
    "win_connect_force": ("Force the connection", "막을 수 없게 두 변을 이으세요"),
    "kill1": ("Remove the marked stones", "표시된 돌을 들어내세요"),
    "kill_enclose": ("Enclose them to remove them", "감싸서 들어내세요"),
    "kill_chase": ("Leave them no breathing space", "숨 쉴 곳을 남기지 마세요"),
    "five": ("Make five in a row", "5목을 만드세요"),
    "five_capture": ("Win by the fifth capture", "다섯 번째 따내기로 이기세요"),
    "double_threat": ("A double threat", "두 곳을 동시에 노리세요"),
    "four_three": ("Force five in a row", "끝까지 몰아붙여 5목을 만드세요"),
    "capture": ("Capture a pair", "한 쌍을 따내세요"),
    "capture_two": ("Force a capture", "따내기를 강제하세요"),
    "break_four": ("Capture to break the four", "따내서 4목을 끊으세요"),
    "capture_win_force": ("Force the capture win", "따내기 승리를 강제하세요"),
    "defend_capture": ("Only a capture saves you", "따내기만이 살 길입니다"),
}


#: The themes that ``--only`` can ask for alone, and the family of goals each comes from.
#: (family, the levels worth proving for it).
ONLY = {"break_four": ("defend", [1, 2]), "defend_capture": ("defend", [1, 2]), "five_capture": ("win", [1]),
        "capture_win_force": ("win", [2, 3]), "four_three": ("win", [3])}
#: Plays a Pente win in three may take to prove when the searcher has found one.
HARD_BUDGET = 1_500_000


# -- positions ---------------------------------------------------------------------------


def setup_state(game: Game) -> dict[str, int | list[int]]:
    """The set-up state the position needs besides its stones and side to move."""
    state: dict[str, int | list[int]] = {}
    if game.seats != list(range(1, game.players() + 1)):
        state["seats"] = list(game.seats)
    if "passes" in game.SETUP_STATE and game.passes:
        state["passes"] = game.passes
    if "button" in game.SETUP_STATE and getattr(game, "button", 0):
        state["button"] = game.button  # type: ignore[attr-defined]
    if "first_passer" in game.SETUP_STATE and getattr(game, "first_passer", 0):
        state["first_passer"] = game.first_passer  # type: ignore[attr-defined]
    if game.name == "pente":
        counts = game.taken if game.count_captures else game.captures  # type: ignore[attr-defined]
        if any(counts[1:]):
            state["captures"] = list(counts[1:])
    return state


def fragment(game: Game, to_move: int = 0) -> str:
    """The share-link fragment of ``game``'s position, as a set-up (no history), with
    ``to_move`` to play if given (else the side to move)."""
    setup = {p: s for p, s in enumerate(game.stones) if s}
    record = Record(game.name, dict(game.options), setup=setup, to_move=to_move or game.to_move,
                    state=setup_state(game))
    return encode(record)


def same(a: Game, b: Game) -> bool:
    return a.stones == b.stones and a.to_move == b.to_move and setup_state(a) == setup_state(b)


def play_games(name: str, rng: random.Random, deadline: float, stats: Counter[str],
               enough: Callable[[], bool] = lambda: False, sample: float | None = None) -> Iterator[Game]:
    """Positions from games played by the computer, a setup copy of each, until the
    deadline; a game is left for a new one as soon as ``enough`` says so, and the play
    ends if it says so of a new game. ``sample`` overrides the share of positions looked at."""
    s = SETTINGS[name]
    share = s.get("sample", 0.35) if sample is None else sample
    while time.time() < deadline:
        game = new_game(name, **s["options"])
        stats["games"] += 1
        randoms = rng.randint(*s["opening"])
        for ply in range(s["plies"]):
            if ply == 0 and enough():
                return
            if game.is_over() or time.time() > deadline or enough():
                break
            if ply < randoms:
                move = game.random_move(rng)
            else:
                move = choose_move(game, seconds=None, iterations=s["iterations"], rng=rng)
            game.play(move)
            if ply + 1 >= s["from"] and not game.is_over() and not game.passes and rng.random() < share:
                pos = start(fragment(game))
                if same(pos, game):
                    yield pos
                # the same stones with the other side to move: what the player who just
                # moved could do next if the answer went elsewhere (a set-up position)
                if rng.random() < SWAP:
                    other = start(fragment(game, 3 - game.to_move))
                    if other.stones == game.stones and other.to_move == 3 - game.to_move and not other.is_over():
                        stats["swapped"] += 1
                        yield other


def targets(game: Game) -> list[tuple[dict[str, Any], str]]:
    """Candidate goals in ``game`` for the side to move: (goal data, family)."""
    me, them = game.to_move, 3 - game.to_move
    label = game.board.label
    found: list[tuple[dict[str, Any], str]] = []
    if game.name in ("loose", "vacu", "convacu", "gardar"):
        for g in groups(game, them):
            if len(g) > 12:
                continue
            pts = [label(p) for p in g]
            if game.name == "loose":
                found.append(({"kind": "own", "points": pts}, "flip"))
            elif game.name == "gardar":
                found.append(({"kind": "empty", "points": pts}, "kill"))
            else:
                found.append(({"kind": "empty", "points": pts}, "suppress"))
                found.append(({"kind": "own", "points": pts}, "convert"))
        if game.name == "convacu" or (game.name == "vacu" and len(groups(game, them)) <= 2):
            found.append(({"kind": "win"}, "win"))
    if game.name == "pente":
        found.append(({"kind": "win"}, "win"))
        have = game.scores().get(me, 0)
        found.append(({"kind": "captures", "count": int(have) + 2}, "capture"))
        if len(game.seats) == 2 and THREATS["pente"](game, Goal("win"), them):
            found.append(({"kind": "safe"}, "defend"))
    return found


def fours(game: Game, colour: int) -> list[list[int]]:
    """Runs of four stones of ``colour`` in a line (open or not) on a square board."""
    n = game.options["size"]
    found = []
    for p, s in enumerate(game.stones):
        if s != colour:
            continue
        x, y = p % n, p // n
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            px, py = x - dx, y - dy
            if 0 <= px < n and 0 <= py < n and game.stones[py * n + px] == colour:
                continue  # not the start of the run
            run = [p]
            qx, qy = x + dx, y + dy
            while 0 <= qx < n and 0 <= qy < n and game.stones[qy * n + qx] == colour:
                run.append(qy * n + qx)
                qx, qy = qx + dx, qy + dy
            if len(run) == 4:
                found.append(run)
    return found


# -- proving -----------------------------------------------------------------------------


class Drop(Exception):
    """A candidate that makes no puzzle (the message is the reason)."""


def unique_solution(game: Game, goal: Goal, left: int) -> Move:
    sols = solutions(game, goal, left, BUDGET)
    if not sols:
        raise Drop("no solution")
    if len(sols) > 1:
        raise Drop("several solutions")
    return sols[0]


def count_solutions(game: Game, goal: Goal, left: int, most: int = 2) -> int:
    """How many first moves force the goal within ``left`` (counting stops at ``most``)."""
    prover = Prover(game, goal, game.to_move, BUDGET)
    count = 0
    for move in prover._moves():
        if not prover._play(move):
            continue
        try:
            if prover.reached() or (left > 1 and not game.is_over() and prover.defend(left - 1) is None):
                count += 1
                if count >= most:
                    break
        finally:
            game.undo()
    return count


def proof_cost(game: Game, goal: Goal, mover: int, left: int) -> int:
    """Plays the proof that the solver (to move) forces the goal within ``left`` takes."""
    prover = Prover(game, goal, mover, BUDGET)
    prover.attack(left)
    return prover.plays


def make_line(game: Game, goal: Goal, level: int) -> tuple[list[Move], list[dict[Move, Move | None]]]:
    """The line and, per solver step, the refutation of each wrong move; raises Drop."""
    mover = game.to_move
    line: list[Move] = []
    refutes: list[dict[Move, Move | None]] = []
    played = 0
    try:
        for step in range(level):
            left = level - step
            move = unique_solution(game, goal, left)
            refutes.append(refutations(game, goal, left, BUDGET) if left > 1 else {})
            line.append(move)
            game.play(move)
            played += 1
            if goal.reached(game, mover):
                if left != 1:
                    raise Drop("reached early")
                break
            if left == 1:
                raise Drop("line does not reach")
            # the most stubborn defence with a unique continuation
            best: tuple[int, Move] | None = None
            looked = found = 0
            for reply in Prover(game, goal, mover)._moves():
                if looked >= REPLIES or found >= STUBBORN:
                    break
                if not game.is_legal(reply):
                    continue
                looked += 1
                game.play(reply)
                try:
                    if goal.reached(game, mover) or game.is_over():
                        continue
                    if count_solutions(game, goal, left - 1) != 1:
                        continue
                    found += 1
                    if left - 1 == 1:
                        # every reply loses at once: the nearest one is the natural try
                        best = (0, reply)
                        break
                    cost = proof_cost(game, goal, mover, left - 1)
                    if best is None or cost > best[0]:
                        best = (cost, reply)
                finally:
                    game.undo()
            if best is None:
                raise Drop("no defence with a unique continuation")
            line.append(best[1])
            game.play(best[1])
            played += 1
    finally:
        for _ in range(played):
            game.undo()
    return line, refutes


def compress(game: Game, goal: Goal, line: list[Move], refutes: list[dict[Move, Move | None]],
             level: int) -> list[dict[str, str]]:
    """Refutation tables with the commonest reply as ``"*"``, checking that the default
    does refute each move it stands for (else the move is listed)."""
    mover = game.to_move
    out: list[dict[str, str]] = []
    played = 0
    for step, table in enumerate(refutes[:level - 1]):
        left = level - step
        replies = Counter(r for r in table.values() if r is not None)
        data: dict[str, str] = {}
        if replies:
            default = replies.most_common(1)[0][0]
            data["*"] = game.move_text(default)
            for move, reply in table.items():
                if reply is None or reply == default:
                    continue
                game.play(move)
                ok = False
                if game.is_legal(default):
                    game.play(default)
                    prover = Prover(game, goal, mover, BUDGET)
                    ok = not goal.reached(game, mover) and (game.is_over() or prover.attack(left - 1) is None)
                    game.undo()
                game.undo()
                if not ok:
                    data[game.move_text(move)] = game.move_text(reply)
        out.append(data)
        game.play(line[2 * step])
        game.play(line[2 * step + 1])
        played += 2
    for _ in range(played):
        game.undo()
    return out


def family_theme(game: Game, family: str, level: int, line: list[Move], goal: Goal) -> str:
    """A theme key from what the solution does."""
    if family == "flip":
        if level == 1:
            game.play(line[0])
            flipped = game.last_effects.flipped if game.last_effects else ()
            game.undo()
            targets = set(goal.points)
            others = [p for p in flipped if p not in targets]
            return "flip_two" if others else "flip1"
        return "flip_prepare" if level == 2 else "flip_chase"
    if family == "suppress":
        return "suppress1" if level == 1 else ("suppress_chase" if level == 2 else "suppress_net")
    if family == "convert":
        return "convert1" if level == 1 else "convert_chase"
    if family == "win" and game.name != "pente":
        for m in line:
            game.play(m)
        result = game.result()
        for _m in line:
            game.undo()
        if result is not None and result.code == "connection":
            return "win_connect" if level == 1 else "win_connect_force"
        return "win_last"
    if family == "kill":
        return "kill1" if level == 1 else ("kill_enclose" if level == 2 else "kill_chase")
    if family == "capture":
        return "capture" if level == 1 else "capture_two"
    # pente win: by a row or by captures, at the end of the line
    for m in line:
        game.play(m)
    result = game.result()
    for _m in line:
        game.undo()
    by_captures = result is not None and "capture" in result.code
    if level == 1:
        return "five_capture" if by_captures else "five"
    if by_captures:
        return "capture_win_force"
    return "double_threat" if level == 2 else "four_three"


def marks_for(game: Game, goal: Goal) -> str:
    if not goal.points:
        return ""
    return "triangle:" + ".".join(game.board.label(p) for p in goal.points)


def within(game: Game, goal: Goal, family: str) -> int:
    """A rough count of the moves the goal is away (true liberties, liberties), to skip
    proofs that would almost surely fail: a heuristic for generation, never for proof."""
    if family in ("flip", "suppress", "convert", "kill") and goal.points:
        stones, nbrs = game.stones, game.board.neighbours
        libs = {q for p in goal.points for q in nbrs[p] if not stones[q]}
        if family == "flip":
            libs = {q for q in libs if game.is_true_liberty(q)}  # type: ignore[attr-defined]
        return len(libs)
    if game.name == "pente":
        # 1 when no move can force the goal within two (a sound bound): then nothing
        # above level 1 is worth a proof here (a level-3 win needs a threat to start from)
        bound = pente_in_two(game, goal)
        return 1 if bound is not None and not set(bound) else 0
    if family == "win" and game.name == "convacu":
        return connection_distance(game, game.to_move)
    if family == "win" and game.name == "vacu":
        them = 3 - game.to_move
        stones, nbrs = game.stones, game.board.neighbours
        return len({q for p, s in enumerate(stones) if s == them for q in nbrs[p] if not stones[q]})
    return 0


def connection_distance(game: Game, colour: int) -> int:
    """Empty points ``colour`` still needs to join its two Convacu edges (0-1 search:
    own stones cost nothing, empty points one, enemy stones block)."""
    from pygames.vacu import EDGE_SIDES, edge_bits
    n = game.options["size"]
    bits = edge_bits(n)
    first, second = (bit for _, bit, c in EDGE_SIDES if c == colour)
    stones, nbrs = game.stones, game.board.neighbours
    far = 10 ** 6
    dist = [far] * len(stones)
    queue: list[tuple[int, int]] = []
    import heapq
    for p, s in enumerate(stones):
        if bits[p] & first and s != 3 - colour:
            dist[p] = 0 if s == colour else 1
            heapq.heappush(queue, (dist[p], p))
    while queue:
        d, p = heapq.heappop(queue)
        if d > dist[p]:
            continue
        if bits[p] & second:
            return d
        for q in nbrs[p]:
            if stones[q] == 3 - colour:
                continue
            nd = d + (0 if stones[q] == colour else 1)
            if nd < dist[q]:
                dist[q] = nd
                heapq.heappush(queue, (nd, q))
    return far


def defence(game: Game, data: dict[str, Any], levels: list[int]) -> dict[str, Any]:
    """Pente: the opponent wins next move unless one move, a capture, stops it. Level 1
    when the threat has two or more winning points (no block can cover them all), 2 when
    the one winning point can be blocked but the block still loses (a trap)."""
    them = 3 - game.to_move
    if not QUERIES["capturing"](game, None):
        raise Drop("no capture to defend with")
    goal = Goal.read(game, data)
    answer = unique_solution(game, goal, 1)
    game.play(answer)
    taken = game.last_effects.removed if game.last_effects else ()
    game.undo()
    if not taken:
        raise Drop("a defence without a capture")
    threats = QUERIES["wins"](start(fragment(game, them)), None)
    level = 1 if len(threats) > 1 else 2
    if level not in levels:
        raise Drop(f"level {level} full")
    # each wrong move meets the win it allows (one of the threats first), the commonest
    # under "*"
    wins: dict[Move, list[int]] = {}
    for move in game.legal_moves():
        if move == answer:
            continue
        game.play(move)
        if not game.is_over():
            at = sorted(QUERIES["wins"](game, None), key=lambda p: (p not in threats, p))
            if at:
                wins[move] = at
        game.undo()
    default = Counter(at[0] for at in wins.values()).most_common(1)[0][0]
    refute = {"*": game.move_text(default)} | {game.move_text(m): game.move_text(at[0]) for m, at in wins.items()
                                               if default not in at}
    runs = fours(game, them)
    fives = threats & {q for four in runs for q in _ends(game, four)}
    broken = fives and any(p in taken for four in runs for p in four)
    theme = THEMES["break_four" if broken else "defend_capture"]
    return {"position": fragment(game), "goal": data, "moves": 1, "line": [game.move_text(answer)],
            "refute": [refute], "level": level, "theme": {"en": theme[0], "ko": theme[1]}, "marks": ""}


def _ends(game: Game, run: list[int]) -> list[int]:
    """The points just past each end of a straight run of stones."""
    n = game.options["size"]
    (x0, y0), (x1, y1) = (run[0] % n, run[0] // n), (run[1] % n, run[1] // n)
    dx, dy = x1 - x0, y1 - y0
    ends = []
    for (x, y), step in (((x0, y0), -1), ((run[-1] % n, run[-1] // n), 1)):
        ex, ey = x + step * dx, y + step * dy
        if 0 <= ex < n and 0 <= ey < n:
            ends.append(ey * n + ex)
    return ends


def pente_wins_in(game: Game, moves: int) -> bool:
    """Whether the Pente searcher proves a win in exactly ``moves`` of the mover's moves
    (a filter: the exhaustive proof decides)."""
    lines = analyse(game, seconds=None, iterations=3000, rng=random.Random(1)).lines
    return bool(lines) and lines[0].forced == moves


def candidate(game: Game, data: dict[str, Any], family: str, levels: list[int]) -> dict[str, Any]:
    if family == "defend":
        return defence(game, data, levels)
    goal = Goal.read(game, data)
    mover = game.to_move
    if goal.reached(game, mover):
        raise Drop("already reached")
    level, sols = 0, []
    reach = within(game, goal, family)
    for n in range(1, max(levels) + 1):
        if game.name == "pente":
            if n > 1 and reach:
                continue
        elif family == "win" and reach > n + 1:
            continue
        if n > 1 and reach > SETTINGS[game.name].get("reach", {2: 3, 3: 3})[n]:
            continue  # too far for n moves, most likely: not worth an exhaustive proof
        budget = BUDGET if n < 3 else BUDGET // 2
        if game.name == "pente" and n == 3 and goal.kind == "win":
            # the exhaustive proof of a win in three is long on 19x19: only where the
            # searcher has found one, and then with a budget to match
            if not pente_wins_in(game, 3):
                continue
            budget = HARD_BUDGET
        sols = solutions(game, goal, n, budget)
        if sols:
            level = n
            break
    if not level:
        raise Drop("no solution")
    if level not in levels:
        raise Drop(f"level {level} full")
    if len(sols) > 1:
        raise Drop("several solutions")
    line, refutes = make_line(game, goal, level)
    refute = compress(game, goal, line, refutes, level)
    # a level-1 puzzle still lists nothing to refute
    text_line = [game.move_text(m) for m in line]
    theme = THEMES[family_theme(game, family, level, line, goal)]
    return {"position": fragment(game), "goal": data, "moves": level, "line": text_line,
            "refute": refute, "level": level, "theme": {"en": theme[0], "ko": theme[1]},
            "marks": marks_for(game, goal)}


def reline(name: str, path: Path) -> int:
    """Recompute each puzzle's line and refutations with the current rules for choosing
    the defence, re-check it, and rewrite the file (positions, goals, themes kept)."""
    data = json.loads(path.read_text())
    began, changed = time.time(), 0
    for p in data["puzzles"]:
        game = start(p["position"])
        goal = Goal.read(game, p["goal"])
        try:
            line, refutes = make_line(game, goal, p["level"])
        except (Drop, Unknown):
            continue  # keep the line it has (it was checked when made)
        text = [game.move_text(m) for m in line]
        refute = compress(game, goal, line, refutes, p["level"])
        if text[0] != p["line"][0]:
            raise SystemExit(f"puzzle {p['id']}: the first move changed")
        changed += text != p["line"] or refute != p["refute"]
        p["line"], p["refute"] = text, refute
        problems = check(Puzzle.read(p), budget=2_000_000)
        if problems:
            raise SystemExit(f"puzzle {p['id']}: {problems}")
    data["made"]["relined"] = f"lines recomputed by --reline ({changed} changed)"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    print(f"relined {len(data['puzzles'])} puzzles ({changed} changed) in {time.time() - began:.0f}s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(SETTINGS))
    parser.add_argument("--count", type=int, default=72, help="puzzles to make (a third per level)")
    parser.add_argument("--seconds", type=float, default=780)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--reline", action="store_true",
                        help="only recompute the file's lines and refutations (same positions and goals)")
    parser.add_argument("--append", action="store_true",
                        help="keep the file's puzzles (less repeated tactics) and add new ones up to --count")
    parser.add_argument("--only", type=lambda text: text.split(","),
                        help=f"with --append: add --count puzzles of these themes alone ({', '.join(ONLY)}), "
                             "at any level, looking at every position")
    args = parser.parse_args(argv)
    name = args.game
    if args.only and not set(args.only) <= ONLY.keys():
        parser.error(f"--only takes themes among {', '.join(ONLY)}")
    families = {ONLY[t][0] for t in args.only or ()}
    only_levels = sorted({n for t in args.only or () for n in ONLY[t][1]})
    themes = {THEMES[t][0] for t in args.only or ()}
    if args.reline:
        return reline(name, args.out or ROOT / "site" / "learn" / f"puzzles-{name}.json")
    rng = random.Random(args.seed)
    began = time.time()
    deadline = began + args.seconds
    stats: Counter[str] = Counter()
    dropped: Counter[str] = Counter()
    per_level = {1: args.count // 3, 2: args.count // 3, 3: args.count - 2 * (args.count // 3)}
    kept: dict[int, list[dict[str, Any]]] = {1: [], 2: [], 3: []}
    seen: set[tuple[str, str]] = set()
    tactics: set[tuple[str, str]] = set()
    per_game: Counter[int] = Counter()
    out = args.out or ROOT / "site" / "learn" / f"puzzles-{name}.json"
    earlier: dict[str, Any] = {}
    if args.append and out.exists():
        earlier = json.loads(out.read_text())
        for p in earlier["puzzles"]:
            tactic = (json.dumps(p["goal"], sort_keys=True), p["line"][0])
            if tactic in tactics:
                dropped["an earlier run's puzzle repeating a tactic"] += 1
                continue
            tactics.add(tactic)
            kept[p["level"]].append({k: v for k, v in p.items() if k != "game"} | {"check_seconds": 0})
    if args.only:
        per_level = {n: len(kept[n]) + args.count for n in kept}

    def enough() -> bool:
        return per_game[stats["games"]] >= PER_GAME or (args.only is not None and stats["proven"] >= args.count)

    for game in play_games(name, rng, deadline, stats, enough, sample=1.0 if args.only else None):
        if all(len(kept[n]) >= per_level[n] for n in kept):
            break
        open_levels = [n for n in kept if len(kept[n]) < per_level[n]]
        for data, family in targets(game):
            if args.only and family not in families:
                continue
            if time.time() > deadline or enough():
                break
            key = (fragment(game), json.dumps(data, sort_keys=True))
            if key in seen:
                continue
            seen.add(key)
            stats["candidates"] += 1
            try:
                puzzle = candidate(game, data, family, only_levels if args.only else open_levels)
                if args.only and puzzle["theme"]["en"] not in themes:
                    raise Drop("another theme")
            except Drop as e:
                dropped[str(e)] += 1
                continue
            except Unknown:
                dropped["over the proof budget"] += 1
                continue
            t = time.time()
            try:
                problems = check(Puzzle.read({"id": 0, "game": name, **puzzle}), budget=2_000_000)
            except Unknown:
                dropped["check over budget"] += 1
                continue
            took = time.time() - t
            if problems:
                dropped["check failed"] += 1
                print("CHECK FAILED", problems, puzzle, file=sys.stderr)
                continue
            if took > MAX_CHECK:
                dropped["check too slow"] += 1
                continue
            # several puzzles from one position, or the same tactic a few plies later,
            # or too many from one game, would repeat each other
            if any(p["position"] == puzzle["position"] for n in kept for p in kept[n]):
                dropped["position already used"] += 1
                continue
            tactic = (json.dumps(puzzle["goal"], sort_keys=True), puzzle["line"][0])
            if tactic in tactics:
                dropped["same goal and first move as a kept puzzle"] += 1
                continue
            if per_game[stats["games"]] >= PER_GAME:
                dropped["enough from this game"] += 1
                continue
            tactics.add(tactic)
            per_game[stats["games"]] += 1
            kept[puzzle["level"]].append({**puzzle, "check_seconds": round(took, 2)})
            stats["proven"] += 1
            print(f"[{time.time() - began:6.0f}s] level {puzzle['level']} {family}: "
                  f"{', '.join(f'{n}:{len(kept[n])}' for n in kept)} ({took:.2f}s check)", flush=True)
            open_levels = [n for n in kept if len(kept[n]) < per_level[n]]
            if not open_levels:
                break
    seconds = round(time.time() - began)
    # an earlier run's puzzles keep their numbers (links and kept progress name them);
    # new ones follow, easiest first
    ordered = sorted((p for n in (1, 2, 3) for p in kept[n]), key=lambda p: "id" not in p)
    number = max((p["id"] for p in ordered if "id" in p), default=0)
    puzzles = []
    for p in ordered:
        p = dict(p)
        p.pop("check_seconds")
        if "id" not in p:
            number += 1
        puzzles.append({"id": p.pop("id", number), "game": name, **p})
    command = "nice .venv/bin/python benchmarks/make_puzzles.py " + " ".join(argv if argv is not None else sys.argv[1:])
    made: dict[str, Any] = {
        "command": command, "seconds": seconds, "games_played": stats["games"],
        "positions_with_side_swapped": stats["swapped"], "candidates": stats["candidates"],
        "proven": stats["proven"], "dropped": dict(dropped.most_common()), "options": SETTINGS[name]["options"]}
    if earlier:
        before = earlier["made"]
        runs = before.get("runs", [before])
        total: Counter[str] = Counter()
        for run in [*runs, made]:
            total.update(run["dropped"])
        made = {"command": " && ".join(r["command"] for r in [*runs, made]),
                **{k: sum(r.get(k, 0) for r in [*runs, made])
                   for k in ("seconds", "games_played", "positions_with_side_swapped", "candidates", "proven")},
                "dropped": dict(total.most_common()), "options": SETTINGS[name]["options"],
                "runs": [*runs, made]}
    out.write_text(json.dumps({"game": name, "made": made, "puzzles": puzzles}, ensure_ascii=False, indent=1) + "\n")
    print(json.dumps(made, ensure_ascii=False))
    print(f"levels: {', '.join(f'{n}: {len(kept[n])}' for n in kept)}; wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

