"""Thinking on the opponent's time (pondering: pygames.ai.Ponder and the page's questions),
and time management within a level's time (pygames.ai.managed).

After its move the computer searches the position its expected reply would make; the
computer's next move goes on from that search only when that very position comes, and a
level capped by work never ponders.
"""

from __future__ import annotations

import random
import time

import pytest

from pygames import IllegalMove, new_game
from pygames.ai import Player, Ponder, level
from pygames.session import Session, ask_computer, merge_answers

QUICK = Player("medium", 0.05)  # the medium level's name with a short budget: ponders up to 0.5 s


def opening(name: str = "pente", **options: object):
    game = new_game(name, **options)
    rng = random.Random(3)
    for _ in range(4):
        game.play(game.random_move(rng))
    return game


def ponder_fully(kept: Ponder, player: Player, game, expect) -> int:
    slices = 0
    for _ in kept.ponder(player, game, expect, random.Random(1)):
        slices += 1
    return slices


def test_same_state_compares_the_whole_state_and_the_moves():
    game = opening()
    assert game.same_state(game.copy())
    other = game.copy()
    other.play(other.legal_moves()[0])
    assert not game.same_state(other)
    other.undo()
    assert game.same_state(other)
    assert not game.same_state(opening("pente", opening="pro"))  # other options
    assert not new_game("loose", size=5).same_state(new_game("vacu", size=5))


def test_the_expected_position_goes_on_from_the_pondered_search():
    game = opening()
    reply = game.legal_moves()[0]
    kept = Ponder()
    assert ponder_fully(kept, QUICK, game, reply) > 1
    assert QUICK.ponder_seconds <= kept.seconds < QUICK.ponder_seconds + 0.2  # stops when its time is spent
    pondered, work = kept.searcher, kept.searcher.iterations
    after = game.copy()
    after.play(reply)
    searchers = list(kept.think(QUICK, after, random.Random(2)))
    assert searchers[0] is pondered and searchers[-1].iterations > work
    assert kept.reused >= QUICK.ponder_seconds
    assert kept.searcher is None  # let go: the next move starts afresh unless pondered again
    assert searchers[-1].best_move() in after.legal_moves()


def test_another_position_another_level_or_share_starts_afresh():
    game = opening()
    first, second = game.legal_moves()[:2]
    for player, share, reply in [(QUICK, (0, 1), second), (Player("hard", 0.05), (0, 1), first),
                                 (QUICK, (1, 2), first)]:
        kept = Ponder()
        ponder_fully(kept, QUICK, game, first)
        pondered = kept.searcher
        after = game.copy()
        after.play(reply)
        searchers = list(kept.think(player, after, random.Random(2), share=share))
        assert searchers[0] is not pondered and kept.reused == 0


def test_pondering_again_goes_on_where_it_stopped():
    game = opening()
    reply = game.legal_moves()[0]
    kept = Ponder()
    for slices, _ in enumerate(kept.ponder(QUICK, game, reply, random.Random(1))):
        if slices == 2:
            break  # the person asked for a hint
    pondered, seconds = kept.searcher, kept.seconds
    assert 0 < seconds < QUICK.ponder_seconds
    ponder_fully(kept, QUICK, game, reply)
    assert kept.searcher is pondered and kept.seconds >= QUICK.ponder_seconds
    assert ponder_fully(kept, QUICK, game, reply) == 0  # its time is spent


def test_levels_capped_by_work_and_finished_games_are_not_pondered():
    game = opening()
    kept = Ponder()
    assert level("beginner").ponder_seconds == level("easy").ponder_seconds == 0
    assert ponder_fully(kept, level("easy"), game, game.legal_moves()[0]) == 0 and kept.searcher is None
    assert level("medium").ponder_seconds == 10 and level("strongest").ponder_seconds == 60
    # a reply that wins ends the game: nothing is left to ponder
    won = new_game("pente", opening="none")
    for move in ["j10", "a1", "j11", "a3", "j12", "a5", "j13", "a7"]:
        won.play(won.parse_move(move))
    assert ponder_fully(kept, QUICK, won, won.parse_move("j14")) == 0


def test_an_illegal_reply_is_refused_and_forget_lets_the_search_go():
    game = opening()
    kept = Ponder()
    taken = next(p for p, colour in enumerate(game.stones) if colour)
    with pytest.raises(IllegalMove):
        ponder_fully(kept, QUICK, game, taken)
    ponder_fully(kept, QUICK, game, game.legal_moves()[0])
    kept.forget()
    assert kept.searcher is None and kept.seconds == 0


# -- the page's questions (pygames.session) ------------------------------------------------

async def no_pause() -> None:
    """A pause that does not suspend: a question runs to its end in one ``send``, with no
    event loop (a browser test's may be running in this thread)."""


def ask(request, kept, cancelled=lambda: False):
    question = ask_computer(request, no_pause, cancelled, kept)
    try:
        question.send(None)
    except StopIteration as done:
        return done.value
    raise AssertionError("the question waited for an event loop")


def test_a_ponder_question_and_the_move_that_follows():
    s = Session.new("pente", {"opening": "none", "size": 13}, computer={1: "medium"})  # no book on 13x13
    s.type_move("g7")
    kept = Ponder()
    move = ask({"id": 1, "fragment": s.fragment(), "purpose": "move", "level": "medium", "seat": 1}, kept)
    assert move["pondered"] == 0
    s.computer_move(move["move"], move["key"])
    # the page expects the line's second move; a loaded machine may not have searched
    # that deep in the level's second, and then any reply will do for the question
    line = move["lines"][0]["moves"]
    reply = line[1] if len(line) > 1 else next(m for m in ("h8", "f6", "h6") if m != move["move"])
    # the person thinks: the worker ponders until asked something else
    ticks = iter(range(40))
    answer = ask({"id": 2, "fragment": s.fragment(), "purpose": "ponder", "expect": reply,
                  "computer": {"1": "medium"}}, kept, lambda: next(ticks) >= 30)
    assert answer == {"id": 2, "cancelled": True} and kept.seconds > 0.5
    s.type_move(reply)
    move = ask({"id": 3, "fragment": s.fragment(), "purpose": "move", "level": "medium", "seat": 1}, kept)
    assert move["pondered"] > 0.5 and kept.searcher is None


def test_a_ponder_question_with_nothing_to_ponder_or_a_bad_reply():
    s = Session.new("pente", {"opening": "none"}, computer={1: "medium"})
    s.type_move("j10")
    s.type_move("k10")
    kept = Ponder()
    base = {"id": 4, "purpose": "ponder", "fragment": s.fragment()}
    # the reply would leave a person to move (no computer seat there): nothing to ponder
    assert ask({**base, "expect": "c3", "computer": {"0": "medium"}}, kept) == {"id": 4, "pondered": 0}
    assert ask({**base, "expect": "c3", "computer": {"1": "easy"}}, kept) == {"id": 4, "pondered": 0}
    assert "refused" in ask({**base, "expect": "j10", "computer": {"1": "medium"}}, kept)  # taken point
    assert "refused" in ask({**base, "expect": "<b>", "computer": {"1": "medium"}}, kept)
    assert "refused" in ask({**base, "expect": "c3", "computer": {"1": "grandmaster"}}, kept)
    assert "refused" in ask({**base, "fragment": "g=nothing", "expect": "c3", "computer": {"1": "medium"}}, kept)
    assert kept.searcher is None


def test_hints_do_not_take_the_pondered_search_and_merges_keep_the_least_pondered():
    s = Session.new("pente", {"opening": "none"}, computer={1: "medium"})
    s.type_move("j10")
    s.type_move("k10")
    kept = Ponder()
    ticks = iter(range(10))
    ask({"id": 5, "purpose": "ponder", "fragment": s.fragment(), "expect": "k11", "computer": {"1": "medium"}},
        kept, lambda: next(ticks) >= 5)
    pondered = kept.searcher
    assert pondered is not None
    hint = ask({"id": 6, "purpose": "hint", "fragment": s.fragment(), "level": "beginner"}, kept)
    assert "pondered" not in hint and kept.searcher is pondered
    request = {"id": 7, "fragment": s.fragment(), "purpose": "hint", "level": "medium"}
    replies = [{**hint, "pondered": 0.4}, {**hint, "pondered": 0.2}]
    assert merge_answers(request, replies)["pondered"] == 0.2


# -- time management --------------------------------------------------------------------

def pente_search(moves, **options):
    from pygames.ai.pente import PenteSearch

    game = new_game("pente", opening="none", **options)
    for move in moves:
        game.play(game.parse_move(move))
    return game, PenteSearch(game, random.Random(1))


def test_a_proven_result_ends_the_search_at_once():
    # White's open three j10 k10 l10, nothing of Black's near: White to move wins by force
    game, searcher = pente_search(["j10", "a1", "k10", "a3", "l10", "a5"])
    assert searcher.time_factor() == 1.0
    slices = list(level("hard").think(game, random.Random(1)))
    assert slices[-1].finished and slices[-1].proven
    assert slices[-1].time_factor() == 0.0 and len(slices) < 30  # hard's 3 s would be 60 slices
    assert game.move_text(slices[-1].best_move()) in ("i10", "m10")


def test_managed_time_stays_within_the_budget():
    from pygames.ai import managed, search

    budget = 0.2
    for name, options in [("pente", {"opening": "none"}), ("loose", {"size": 5})]:
        game = opening(name, **options)
        searcher = search(game, random.Random(1))
        start = time.perf_counter()
        for _ in managed(searcher, budget, start):
            pass
        assert budget <= time.perf_counter() - start <= budget + 0.5  # a slice past its end at most
    _, won = pente_search(["j10", "a1", "k10", "a3", "l10", "a5", "m10", "a7"])  # White has a five to play
    assert won.decided is not None and list(managed(won, 10.0)) == []
