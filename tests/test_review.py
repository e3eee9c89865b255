"""The computer's review of a game (pygames.review): marks, verdicts, summary, the record's
comments, the session's review and the worker's share of the positions."""

from __future__ import annotations

import random

import pytest
from test_session import finish, korean_installed, no_pause

from pygames import ai, language, new_game
from pygames.notation import Record, decode
from pygames.records import RecordError, read, read_any, write, write_pente_org
from pygames.review import (
    MARKS,
    Look,
    Review,
    comment_text,
    describe,
    explain,
    look,
    mark_for,
    summary_text,
)
from pygames.session import Preferences, Session, review_positions

#: A Pente game (no opening rule) in which Black lets White's open three become an open
#: four at move 6 (a3 instead of a block at j9 or j13), and White wins at move 9.
PENTE_BLUNDER = "v=1&g=pente&opening=none&m=j10.a1.j11.a2.j12.a3.j13.a4.j14"


def record_of(link: str) -> Record:
    decoded = decode(link)
    assert decoded.record is not None and not decoded.errors
    return decoded.record


def random_record(name: str, moves: int, seed: int, **options) -> Record:
    """A game of ``moves`` random moves (fewer if it ends), seeded."""
    game = new_game(name, **options)
    record = Record(name, game.options)
    rng = random.Random(seed)
    while len(record.moves) < moves and not game.is_over():
        move = game.random_move(rng)
        game.play(move)
        record.moves.append(move)
    return record


@pytest.fixture(scope="module")
def pente_review() -> Review:
    """The review of :data:`PENTE_BLUNDER` (a few seconds: made once)."""
    return reviewed(record_of(PENTE_BLUNDER), iterations=3000)


def reviewed(record: Record, iterations: int = 300, seed: int = 1) -> Review:
    found = Review(record)
    rng = random.Random(seed)
    found.look_all(lambda game, played: look(game, played, seconds=None, iterations=iterations, rng=rng))
    return found


# -- judging a move --------------------------------------------------------------------------


def test_marks_by_the_chance_a_move_lost():
    assert [name for name, _ in MARKS] == ["blunder", "mistake", "inaccuracy"]
    assert mark_for(0.05) is None
    assert mark_for(0.10) == "inaccuracy"
    assert mark_for(0.199) == "inaccuracy"
    assert mark_for(0.20) == "mistake"
    assert mark_for(0.30) == "blunder"


def looks_for(record: Record, values: list[tuple[float, float]], lines: dict[int, tuple], then: dict[int, tuple]) -> Review:
    found = Review(record)
    for ply, v in enumerate(values):
        found.add(ply, Look(v, lines.get(ply, ()), None, then.get(ply)))
    return found


def test_a_move_is_judged_by_the_chance_after_the_best_move_against_the_chance_after_it():
    record = record_of("v=1&g=loose&size=9&m=e5.d4.c3")
    e5 = record.moves[0]
    best = record.start().board.parse("a1")
    found = looks_for(record, [(0.5, 0.5), (0.5, 0.5), (0.6, 0.4), (0.2, 0.8)],
                      lines={0: (e5,), 1: (best,), 2: (best,)}, then={1: (0.45, 0.55), 2: (0.55, 0.45)})
    first, second, third = found.verdicts()
    # the computer's own move loses nothing, whatever two separate searches say
    assert first.mark is None and first.better == () and first.accuracy == pytest.approx(100, abs=0.01)
    # White's d4: 55% after the best move, 40% after d4: an inaccuracy of 15 points
    assert second.seat == 1 and second.before == 0.55 and second.after == 0.4
    assert second.mark == "inaccuracy" and second.better == (best,)
    # Black's c3: 55% after the best move, 20% after c3: a blunder
    assert third.mark == "blunder" and third.lost == pytest.approx(0.35)
    assert 0 < third.accuracy < second.accuracy < 100


def test_a_proven_win_given_away_is_named_and_marked():
    record = record_of(PENTE_BLUNDER)
    game = record.replay(5)
    block = game.board.parse("j9")
    found = Review(record)
    # Black (seat 1) to move, with a made-up proof of a win in 2; the move played loses only
    # 5 points of chance as the searches see it, but the win is gone: a mistake at least
    found.add(5, Look((0.5, 0.5), (block,), 2, (0.4, 0.6)))
    found.add(6, Look((0.45, 0.55), (), None))
    verdict = found.verdict(6)
    assert verdict.missed == 2 and verdict.mark == "mistake"
    assert "A win in 2 was possible: j9." in describe(found, verdict)


def test_a_missed_proven_win_counts_from_certainty():
    """The search after the better move may not see the win that the search before it
    proved; the chance before the move is then the proof's, 100%, not that estimate."""
    record = record_of(PENTE_BLUNDER)
    found = Review(record)
    block = record.replay(5).board.parse("j9")
    found.add(5, Look((0.0, 1.0), (block,), 4, (0.5, 0.5)))  # Black to move, a win in 4
    found.add(6, Look((0.62, 0.38), (), None))
    verdict = found.verdict(6)
    assert verdict.before == 1.0 and verdict.after == 0.38
    assert verdict.mark == "blunder" and verdict.missed == 4


def test_a_position_still_won_after_the_move_is_no_missed_win():
    record = record_of(PENTE_BLUNDER)
    found = Review(record)
    found.add(5, Look((0.02, 0.98), (record.replay(5).board.parse("j9"),), 3, (0.01, 0.99)))
    found.add(6, Look((0.05, 0.95), (), -2))  # the side to move (White) is still lost
    assert found.verdict(6).missed is None


def test_the_summary_counts_each_seats_marks_and_accuracy(pente_review):
    found = pente_review
    white, black = found.summary()
    assert black["blunder"] >= 1 and white["blunder"] == 0
    assert black["accuracy"] < white["accuracy"]
    assert summary_text(found)[1].startswith("Black: inaccuracies")


@pytest.mark.parametrize("name, options, marks", [
    ("loose", {"size": 7}, {3: "inaccuracy", 5: "inaccuracy", 6: "inaccuracy", 9: "inaccuracy"}),
    ("vacu", {"size": 7}, {4: "mistake", 9: "mistake", 10: "mistake"}),
    ("convacu", {"size": 7}, {4: "inaccuracy"}),
    ("gardar", {"size": 5}, {8: "inaccuracy", 10: "inaccuracy"}),
    ("pente", {"opening": "none", "size": 9}, {7: "inaccuracy", 9: "mistake", 10: "mistake"}),
    ("pente", {"players": 3, "size": 9}, {6: "inaccuracy", 7: "inaccuracy"}),
])
def test_a_fixed_game_with_a_fixed_seed_and_budget_gets_fixed_marks(name, options, marks):
    """Every game: ten random moves reviewed with a fixed seed and 60 units of search a
    position get the marks recorded when the review was written (a change to the searchers
    or to the review that changes them shows here)."""
    found = reviewed(random_record(name, 10, seed=3, **options), iterations=60)
    assert found.done and len(found.verdicts()) == 10
    assert {v.ply: v.mark for v in found.verdicts() if v.mark} == marks


def test_the_pente_blunder_is_marked_with_its_rulebook_sentence(pente_review):
    found = pente_review
    marks = {v.ply: v.mark for v in found.verdicts() if v.mark}
    assert marks == {6: "blunder"}
    verdict = found.verdict(6)
    assert verdict.sentence == "After this, White gets an open four with j13."
    assert verdict.before > 0.2 and verdict.after < 0.05


def test_sentences_say_what_the_reply_or_the_better_move_captures():
    # White (first in Pente) could capture the pair j11-j12 at j13 ...
    record = record_of("v=1&g=pente&opening=none&m=j10.j11.a1.j12")
    game = record.replay(4)
    j13, a2, b5 = (game.board.parse(p) for p in ("j13", "a2", "b5"))
    assert explain(game, a2, (j13,), ()) == "j13 captures 2 stones (j12, j11)."
    # ... and after White's a2, Black's b5 lets White take it
    game.play(a2)
    assert explain(game, b5, (j13,), (j13,)) == "After this, White captures 2 stones with j13 (j12, j11)."


#: Loose: Black's e4 would close the last gap around White's e5 and flip it.
ONE_STONE = "v=1&g=loose&size=9&m=d5.e5.f5.a1.e6.a2"


def test_a_single_stone_is_named_in_the_singular():
    game = record_of(ONE_STONE).replay()
    e4, b9, a3 = (game.board.parse(p) for p in ("e4", "b9", "a3"))
    assert explain(game, b9, (e4,), ()) == "e4 flips a stone (e5)."
    game.play(b9)
    assert explain(game, a3, (e4,), (e4,)) == "After this, Black flips a stone with e4 (e5)."


@pytest.mark.skipif(not korean_installed(), reason="the Korean catalog is not installed here")
def test_a_single_stone_in_korean():
    game = record_of(ONE_STONE).replay()
    e4, b9 = (game.board.parse(p) for p in ("e4", "b9"))
    with language("ko"):
        assert explain(game, b9, (e4,), ()) == "e4(으)로 돌 1개를 뒤집을 수 있습니다 (e5)."


def test_a_four_with_its_gap_inside_is_named_a_four():
    """Black's f9 makes the four d7-h11 on the diagonal, with e8 empty; unbroken, f9-g10-h11
    is an open three. The sentence names the four, the stronger threat."""
    record = record_of("v=1&g=pente&opening=none&m=j10.j9.h12.m18.n6.h11.i11.g13.d12.i10.c4.p11"
                       ".k8.f13.g12.d7.f14.g10.l1")
    game = record.replay()
    f9 = game.board.parse("f9")
    assert explain(game, game.board.parse("a1"), (f9,), ()) == "f9 makes a four."


def test_a_finished_game_needs_no_search_and_positions_are_shared_out():
    record = record_of(PENTE_BLUNDER)
    assert look(record.replay()).values == (1.0, 0.0)
    got: list[dict] = []


    request = {"id": 7, "key": "v=1&g=pente&opening=none&m=j10.a1.j11.a2.j12.a3.j13.a4.j14", "plies": [0, 3, 5, 8, 9],
               "seconds": 0.05, "share": [1, 2]}
    answer = finish(review_positions(request, no_pause, got.append))
    assert answer == {"id": 7, "reviewed": [3, 8]}  # the second of two searches: every other position
    assert [g["ply"] for g in got] == [3, 8] and all(g["id"] == 7 for g in got)
    assert Look.from_data(got[0]["look"], 2).values


#: A Loose game in which Black's only move is a pass and the game goes on, with White 76
#: points ahead (the search settles such a move without searching: its odds say nothing).
ONLY_A_PASS = ("v=1&g=loose&size=9&m=e3.d5.e6.c6.i2.d7.e4.e7.d6.g7.g6.g3.c5.e5.b4.h4.f6.h8.f5.b1.b7.b5.c8.b6.i8.d3."
               "h2.h6.d4.c7.g8.c3.i7.h7.g5.f7.i3.h3.h5.b2.a1.a3.i5.g4.a4.a6.e8.i9.c2.g2.e2.d1.f2.h1.d2.c4.f3.f1.d8.b8.d9."
               "a8.f8.f4.g9.b3.a9.b9.h9.e9")


def test_a_move_settled_without_search_is_judged_by_the_position_after_it():
    game = record_of(ONLY_A_PASS).replay()
    assert game.legal_moves() == ["pass"]
    assert look(game, seconds=None, iterations=60, rng=random.Random(1)).values == (0.0, 1.0)
    # the hint and the evaluation bar, which take the search's own values, read the count
    # after the forced pass too (they said even odds)
    values = ai.analyse(game, seconds=None, iterations=60, rng=random.Random(1)).values
    assert values[1] > 0.9 and values[0] < 0.1
    got: list[dict] = []
    finish(review_positions({"id": 1, "key": ONLY_A_PASS, "plies": [70], "seconds": 0.05}, no_pause, got.append))
    assert got[0]["look"]["values"] == [0.0, 1.0]


def test_a_review_can_be_cancelled_and_refuses_what_it_cannot_read():
    request = {"id": 1, "key": PENTE_BLUNDER, "plies": [0, 1, 2], "seconds": 5}
    assert finish(review_positions(request, no_pause, lambda data: None, lambda: True)) == {"id": 1, "cancelled": True}
    assert "refused" in finish(review_positions({"id": 2, "key": "v=1&g=nope", "plies": [0]}, no_pause, print))
    assert "refused" in finish(review_positions({"id": 3, "key": PENTE_BLUNDER, "plies": [99]}, no_pause, print))


# -- in a record -----------------------------------------------------------------------------


def test_a_review_survives_the_record_round_trip(pente_review):
    record, found = pente_review.record, pente_review
    comments = found.comments()
    comments[2] += " a person's note [%clk 0:05:00]"
    text = write(record, comments=comments)
    assert "[%mark blunder]" in text and "[%eval " in text
    game_file = read(text)
    assert game_file.record.moves == record.moves
    again = Review.from_comments(game_file.record, game_file.comments)
    assert again is not None and again.looks == found.looks
    assert [(v.mark, v.before, v.after, v.better) for v in again.verdicts()] == \
        [(v.mark, v.before, v.after, v.better) for v in found.verdicts()]
    # another program's command and a person's words are kept as text
    assert comment_text(game_file.comments[2]) == "a person's note [%clk 0:05:00]"
    # pente.org's format has no comments: the export of a game opened with them drops them cleanly
    pro = read('[Game "pente"]\n[Options "opening=pro"]\n\n{[%eval 50.0,50.0]} 1. j10 {[%eval 52.0,48.0] fine} k11 {[%eval 50.1,49.9]} 2. n10\n')
    assert pro.comments[1] == "[%eval 52.0,48.0] fine"
    exported = write_pente_org(pro.record)
    assert "1. K10 L11 2. O10" in exported and "{" not in exported and "%" not in exported


def test_record_comments_that_are_malformed_say_where():
    good = '[Game "loose"]\n[Options "size=9"]\n\n1. e5 {fine} d4\n'
    assert read(good).comments == {1: "fine"}
    with pytest.raises(RecordError) as e:
        read('[Game "loose"]\n[Options "size=9"]\n\n1. e5 {never closed d4\n')
    assert e.value.line == 4 and "comment" in str(e.value)
    # review figures that make no sense are left as text: the game still opens
    odd = read_any('[Game "loose"]\n[Options "size=9"]\n\n{[%eval 250,10]} 1. e5 {[%eval x]} d4\n')
    assert Review.from_comments(odd.record, odd.comments) is None


# -- in a session ----------------------------------------------------------------------------


def test_the_session_reviews_the_game_on_view_and_forgets_a_stale_review(pente_review):
    session, errors = Session.from_fragment(PENTE_BLUNDER + "&review=quick")
    assert not errors and session.review_budget == "quick"
    assert session.view(Preferences())["review_asked"] == "quick"
    plan = session.start_review("quick")
    assert plan["plies"] == list(range(10)) and plan["total"] == 10
    assert "review=quick" in session.fragment()
    found = pente_review
    for ply, found_look in found.looks.items():
        assert session.reviewed(plan["key"], ply, found_look.data())
    view = session.view(Preferences())["review"]
    assert view["complete"] and view["marks"] == {"6": "blunder"}
    session.goto(6)
    verdict = session.view(Preferences())["review"]["verdict"]
    assert verdict["mark"] == "blunder" and verdict["text"].startswith("Blunder: Black's chance")
    # a look about another game is refused; taking a move back leaves the review behind
    assert not session.reviewed("v=1&g=pente", 0, found.looks[0].data())
    session.goto(9)
    session.undo()
    assert session.view(Preferences())["review"] is None and "review=" not in session.fragment()


def test_a_review_needs_moves_and_a_known_budget():
    session = Session.new("loose", {"size": 9})
    with pytest.raises(ValueError, match="nothing to review"):
        session.start_review("quick")
    _, errors = Session.from_fragment("v=1&g=loose&size=9&m=e5&review=forever")
    assert errors and "review budget" in errors[0]


def test_a_record_with_a_review_opens_into_it_and_downloads_it_again(pente_review):
    record, found = pente_review.record, pente_review
    game_file = read(write(record, comments={**found.comments(), 0: "[%eval 50.0,50.0] opening notes"}))
    session = Session.from_file(game_file.record, game_file.players, game_file.comments)
    assert session.view(Preferences())["review"]["marks"] == {"6": "blunder"}
    again = read(write(session.record, comments=session.review_comments()))
    assert comment_text(again.comments[0]) == "opening notes"
    assert Review.from_comments(again.record, again.comments).looks == session.review.looks
