"""Each game's words live in its own module: its options' choices carry their labels, its
score parts their names, its result annotations say they are highlighted, and each game
registers itself, so that the layers below the games (``game.py``, ``render.py``) know no
game's words or modules. Written once, run over every game."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from pygames import available, game_class, new_game
from pygames.i18n import language

ROOT = Path(__file__).resolve().parent.parent
GAMES = available()


def test_the_games_register_themselves_in_the_order_the_page_lists_them():
    assert GAMES == ["loose", "vacu", "convacu", "gardar", "pente"]
    for name in GAMES:
        assert game_class(name).name == name
        assert game_class(f" {name.upper()} ") is game_class(name)
    with pytest.raises(ValueError, match="known games: loose, vacu"):
        game_class("chess")


def test_the_layers_below_the_games_name_no_game_module_and_hold_no_game_words():
    """(Their docstrings may still give a game as an example.)"""
    for module in ("game", "board", "render", "i18n"):
        text = (ROOT / "pygames" / f"{module}.py").read_text()
        for name in GAMES:
            assert f"pygames.{name}" not in text and f"from .{name}" not in text, (module, name)
        for word in ("winning row", "winning chain", "Long Pro", "enclosure", "loop stones", "territory"):
            assert f'"{word}"' not in text, (module, word)


@pytest.mark.parametrize("name", GAMES)
def test_every_choice_has_its_label_and_every_score_part_its_name(name):
    cls = game_class(name)
    for option in cls.OPTIONS:
        if option.kind == "choice":
            assert len(option.labels) == len(option.choices), option.name
            with language("ko"):
                words = [option.choice_label(c) for c in option.choices]
            assert len(set(words)) == len(words) and all(words), (option.name, words)
            assert all(re.search("[가-힣]", w) for w in words), (option.name, words)
        else:
            assert not option.labels, option.name
    game, rng = new_game(name), random.Random(5)
    for _ in range(30):
        if game.is_over():
            break
        game.play(game.random_move(rng))
    for key, _scores in game.breakdown():
        assert key in cls.PARTS, (name, key)
        with language("ko"):
            assert game.part_label(key) != key, (name, key)


def test_results_say_they_are_highlighted_and_other_annotations_do_not():
    pente = new_game("pente", size=9, opening="none")
    for label in ("e5", "a1", "f5", "a2", "g5", "a3", "h5", "a4", "i5"):
        pente.play(pente.parse_move(label))
    convacu = new_game("convacu", size=5)
    for label in "c1 b1 c2 b2 c3 b3 c4 b4 c5".split():
        convacu.play(convacu.parse_move(label))
    for game in (pente, convacu):
        assert game.is_over()
        assert [a.get("highlight") for a in game.annotations() if a["kind"] == "path"] == [True]
    loose = new_game("loose", size=5)
    loose.play(loose.parse_move("c3"))
    assert not any(a.get("highlight") for a in loose.annotations())


def test_the_pages_scripts_name_no_game_and_the_view_names_the_rules_page():
    """The board page learns everything about a game from the view (pygames.session):
    even which rules page explains it (Convacu's rules are part of Vacu's page)."""
    from pygames.session import Preferences, Session

    for path in (ROOT / "site").glob("*.js"):
        script = path.read_text().lower()
        for name in GAMES:
            assert not re.search(rf"\b{name}\b", script), (path.name, name)
    for name in GAMES:
        view = Session.newcomer(name).view(Preferences())
        assert view["rules_page"] == ("vacu" if name == "convacu" else name)
        assert (ROOT / "site" / "rules" / f"{view['rules_page']}.html").exists()
    assert Session.from_fragment("")[0].record.game == GAMES[0]
