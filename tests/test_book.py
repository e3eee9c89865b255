"""Pente's opening book (pygames.ai.book): positions in every mirror image, the shipped
book's coverage and size, which levels play from it, and a book that is missing or broken."""

from __future__ import annotations

import gzip
import random
from pathlib import Path

import pytest

from pygames import ai
from pygames.ai import book as book_module
from pygames.ai.book import BOOK_FILE, MARGIN, Book, canonical, opening_book, symmetries
from pygames.pente import Pente

SHIPPED = book_module.BOOK_PATH
OPENINGS = ("none", "pro", "long-pro", "swap", "swap2")


def position(opening: str, *moves: str, **options: object) -> Pente:
    game = Pente(opening=opening, **options)
    for text in moves:
        game.play(game.parse_move(text))
    return game


def mirrored(game: Pente, image: tuple[int, ...]) -> Pente:
    """``game`` replayed with every placement moved by the symmetry ``image``."""
    other = Pente(**game.options)
    for move in game.history:
        other.play(image[move] if isinstance(move, int) else move)
    return other


def test_a_book_line_serves_all_eight_mirror_images_of_its_position() -> None:
    book = Book("pro j10 k11 : n14 0.52 f6 0.50")
    game = position("pro", "j10", "k11")
    for image in symmetries(game.board):
        image_game = mirrored(game, image)
        found = dict(book.moves(image_game))
        assert found == {image[game.parse_move("n14")]: 0.52, image[game.parse_move("f6")]: 0.50}


def test_two_move_orders_that_reach_one_position_share_its_entry() -> None:
    book = Book("none j10 k11 l12 : m13 0.6")
    other = position("none", "l12", "k11", "j10")
    assert canonical(other)[0] == canonical(position("none", "j10", "k11", "l12"))[0]
    assert [other.move_text(m) for m, _ in book.moves(other)] == ["m13"]


def test_a_book_move_is_drawn_among_those_near_the_best_for_variety() -> None:
    book = Book(f"pro j10 : k11 0.50 j11 {0.50 - MARGIN / 2:.3f} l12 {0.50 - 2 * MARGIN:.3f}")
    game = position("pro", "j10")
    drawn = {game.move_text(book.choose(game, random.Random(seed))) for seed in range(40)}
    assert drawn == {"k11", "j11"}  # never the one more than MARGIN below the best


def test_other_rules_other_games_and_unknown_positions_have_no_book_moves() -> None:
    book = Book("pro j10 : k11 0.5")
    assert book.moves(position("pro", "j10"))
    assert not book.moves(position("pro", "j10", capture_three=True))
    assert not book.moves(position("pro", "j10", self_capture="forbidden"))
    assert not book.moves(position("long-pro", "j10"))
    assert not book.moves(position("pro", "j10", "k11"))
    assert book.choose(position("pro", "j10", "k11")) is None


def test_a_variants_lines_serve_only_games_with_its_options() -> None:
    """Keryo-Pente (capture three) has lines of its own, named ``pro+capture_three``."""
    book = Book("pro+capture_three j10 : n13 0.56\npro j10 : k11 0.5")
    keryo = position("pro", "j10", capture_three=True)
    assert [keryo.move_text(m) for m, _ in book.moves(keryo)] == ["n13"]
    plain = position("pro", "j10")
    assert [plain.move_text(m) for m, _ in book.moves(plain)] == ["k11"]
    with pytest.raises(ValueError, match="unknown rules"):
        Book("pro+overtime j10 : k11 0.5")


def test_a_broken_book_line_is_named() -> None:
    with pytest.raises(ValueError, match="line 2"):
        Book("pro j10 : k11 0.5\npro j10 j10 : k11 0.5")


@pytest.mark.parametrize("text", [None, "pro j10 : nowhere 0.5", "pro j10 : k11"])
def test_a_missing_or_broken_book_leaves_the_player_searching(text: str | None, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / BOOK_FILE
    if text is not None:
        broken.write_text(text)
    monkeypatch.setattr(book_module, "BOOK_PATH", broken)
    opening_book.cache_clear()
    try:
        assert opening_book().entries == {}
        analysis = ai.level("medium").analyse(position("pro", "j10"), random.Random(1))
        assert analysis.work > 0  # searched, with no message and no error
    finally:
        monkeypatch.undo()
        opening_book.cache_clear()


def test_the_shipped_book_covers_the_start_of_every_opening_rule_and_keryo_and_is_small() -> None:
    book = opening_book()
    for opening, options in [*((o, {}) for o in OPENINGS), ("pro", {"capture_three": True})]:
        game = Pente(opening=opening, **options)
        if opening in ("pro", "long-pro"):
            game.play(game.centre)  # the first stone is forced
        assert book.moves(game), (opening, options)
    assert len(gzip.compress(SHIPPED.read_bytes())) < 100_000


def test_the_shipped_book_reads_whole() -> None:
    """Every line replays and every book move is legal where it is written (a broken line
    would leave the shipped book empty, the players searching from scratch)."""
    assert len(Book(SHIPPED.read_text(encoding="utf-8")).entries) == len(opening_book().entries) > 100


def test_levels_above_easy_play_book_moves_at_once_and_the_capped_levels_search() -> None:
    game = position("pro", "j10")
    listed = {m for m, _ in opening_book().moves(game)}
    for name in ("medium", "hard", "strongest"):
        analysis = ai.level(name).analyse(game, random.Random(2))
        assert analysis.move in listed and analysis.work == 0, name
        searcher = None
        for searcher in ai.level(name).think(game, random.Random(2)):
            pass
        assert searcher is not None and searcher.decided in listed
    for name in ("beginner", "easy"):
        assert ai.level(name).analyse(game, random.Random(2)).work > 0, name


def test_the_search_itself_does_not_read_the_book() -> None:
    """Review and the evaluation bar search every position, book or not."""
    assert ai.analyse(position("pro", "j10"), seconds=None, iterations=200, rng=random.Random(3)).work > 0


def test_a_book_position_is_not_pondered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai, "opening_book", lambda: Book("pro j10 k11 : n14 0.5"))
    game = position("pro", "j10")  # the computer (White) expects Black's k11
    kept = ai.Ponder()
    assert list(kept.ponder(ai.level("medium"), game, game.parse_move("k11"))) == []
    assert kept.searcher is not None and kept.searcher.decided == game.parse_move("n14")
    assert next(kept.ponder(ai.level("medium"), game, game.parse_move("k12")), None) is not None
