"""Korean as well as English: the catalogs, the message codes, and every place that words
something for players (library, session, command line, built pages)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pygames
from pygames import IllegalMove, available, game_class, i18n, new_game
from pygames.game import Game
from pygames.notation import decode
from pygames.records import read, write
from pygames.session import Preferences, Session, option_fields
from tools.build import OUT, SRC
from tools.build.catalogs import (
    LOCALE,
    compile_mo,
    page_messages,
    python_messages,
    translations,
)

ROOT = Path(__file__).resolve().parents[1]
FIELDS = re.compile(r"\{(\w*)\}")
HANGUL = re.compile(r"[가-힣]")


@pytest.fixture
def korean():
    with pygames.language("ko"):
        yield


def test_every_message_id_has_a_korean_translation_with_the_same_fields():
    entries = translations(LOCALE / "ko.po")
    used = python_messages() | page_messages()
    assert len(used) > 300, "the extraction finds the messages"
    missing = sorted(m for m in used if not entries.get(m))
    assert missing == [], f"untranslated (run python3 build.py catalogs, then translate): {missing}"
    for msgid in used:
        assert set(FIELDS.findall(entries[msgid])) == set(FIELDS.findall(msgid)), f"fields differ: {msgid!r}"


def test_the_compiled_catalog_is_the_source_compiled():
    assert (LOCALE / "ko.mo").read_bytes() == compile_mo(LOCALE / "ko.po"), \
        "ko.mo is stale: run python3 build.py catalogs"


def test_english_by_default_korean_on_request_and_back():
    game = new_game("loose", size=9)
    assert pygames.get_language() == "en" and game.prompt() == "Black to play"
    with pygames.language("ko"):
        assert game.prompt() == "흑 차례"
        assert pygames.get_language() == "ko"
    assert game.prompt() == "Black to play"
    pygames.set_language("ko")
    try:
        assert game.describe().startswith("판 위의 돌 수에 덤을 더해")
    finally:
        pygames.set_language("en")
    with pytest.raises(ValueError, match="unknown language"):
        pygames.set_language("xx")


def test_a_catalog_can_be_installed_from_bytes_as_the_page_does():
    data = (LOCALE / "ko.mo").read_bytes()
    saved = dict(i18n._catalogs)
    try:
        i18n._catalogs.pop("ko", None)
        i18n.install("ko", data)
        with pygames.language("ko"):
            assert new_game("pente").prompt() == "첫째 플레이어: 첫 백돌을 두세요"
    finally:
        i18n._catalogs.clear()
        i18n._catalogs.update(saved)


def illegal(game: Game, *moves: object) -> IllegalMove:
    """The error of the last of ``moves`` (the others are played first)."""
    for move in moves[:-1]:
        game.play(game.board.parse(move) if isinstance(move, str) and move[0].isalpha() and move[-1].isdigit()
                  else move)
    last = moves[-1]
    with pytest.raises(IllegalMove) as caught:
        game.play(game.board.parse(last) if isinstance(last, str) and last[-1].isdigit() else last)
    return caught.value


@pytest.mark.parametrize("game, moves, code", [
    (lambda: new_game("loose", size=5), ["c3", "c3"], "occupied"),
    (lambda: pygames.game_class("loose").setup({"b1": 2, "a2": 2}, 1, size=5), ["a1"], "no_true_liberty"),
    (lambda: pygames.game_class("vacu").setup({"b5": 2, "a4": 2}, 1, size=5), ["a5"], "suicide_without_flip"),
    (lambda: new_game("vacu", size=5), ["pass"], "button_first"),
    (lambda: new_game("convacu", size=5), ["pass"], "pass_not_allowed"),
    (lambda: new_game("pente", size=9, opening="pro"), ["a1"], "centre"),
    (lambda: new_game("pente", size=9, opening="pro"), ["e5", "a1", "e6"], "pro_distance"),
    (lambda: pygames.game_class("pente").setup({"b6": 1, "e6": 1, "c6": 2}, 2, size=9, self_capture="forbidden"),
     ["d6"], "forbidden_self_capture"),
    (lambda: new_game("pente", size=9, opening="none"), ["pass"], "no_pass"),
    (lambda: pygames.game_class("pente").setup({"a5": 1, "b5": 1, "c5": 1, "e5": 1, "f5": 1}, 1, size=9,
                                                overline="forbidden"), ["d5"], "forbidden_overline"),
])
def test_illegal_moves_carry_a_stable_code_and_a_reason_in_either_language(game, moves, code):
    error = illegal(game(), *moves)
    assert error.code == code and str(error) and not HANGUL.search(str(error))
    with pygames.language("ko"):
        error = illegal(game(), *moves)
    assert error.code == code and HANGUL.search(str(error)), str(error)


def test_gardar_superko_has_its_code():
    # the example of the rules page: Black may not recreate the board it left a turn ago
    game = Session.from_fragment("v=1&g=gardar&size=5&s1=d6.d7.e6.e8.f6.f7&s2=d2.d3.e2.e4.f2.f3&t=1&m=e3.e7")[0].game
    assert illegal(game, "e3").code == "superko"


@pytest.mark.parametrize("fragment, code", [
    ("v=1&g=loose&size=5&m=pass.pass", "two_passes"),
    ("v=1&g=gardar&size=3&m=pass.pass", "two_passes"),
    ("v=1&g=vacu&size=5&m=button.pass.pass", "two_passes"),
    ("v=1&g=vacu&size=5&s2=a5&t=1&m=b5.button.a4", "elimination"),
    ("v=1&g=convacu&size=5&s1=c5.c4.c3.c2&t=1&m=c1", "connection"),
    ("v=1&g=pente&size=9&opening=none&s1=a1.a2.a3.a4&t=1&m=a5", "line"),
])
def test_results_carry_an_end_code(fragment, code):
    decoded = decode(fragment)
    assert decoded.errors == [], decoded.errors
    result = decoded.record.replay().result()
    assert result is not None and result.code == code, result


def test_pente_capture_win_has_its_code():
    game = pygames.game_class("pente").setup({"b6": 1, "c6": 2, "d6": 2}, 1, size=9)
    game.captures[1] = 8
    game.play(game.board.parse("e6"))
    assert game.result().code == "captures" and game.result().reason == "10 captured stones"


def test_score_parts_have_stable_keys_and_labels_in_the_language():
    game = new_game("gardar", size=5)
    keys = [key for key, _ in game.breakdown()]
    assert keys == ["loop stones", "surplus stones", "komi", "half point"]
    with pygames.language("ko"):
        view = Session.new("gardar", {"size": 5}).view(Preferences())
        assert [key for key, _ in game.breakdown()] == keys, "keys do not depend on the language"
        assert [label for label, _ in view["breakdown"]] == ["고리 돌", "남는 돌", "덤", "반집"]
        assert view["breakdown_keys"] == keys


def test_the_session_words_everything_in_the_language_in_force(korean):
    s = Session.new("vacu", {"size": 5})
    v = s.view(Preferences())
    assert v["prompt"] == "흑 차례 (단추를 가져갈 수 있음)" and v["colours"] == ["Black", "White"]
    assert v["colour_labels"] == ["흑", "백"] and v["seats"] == [["플레이어 1", "Black"], ["플레이어 2", "White"]]
    assert v["actions"] == [["button", "단추 가져가기", False]]
    assert s.type_move("c3") is None and s.type_move("c3") == "이미 돌이 있는 점입니다"
    assert s.type_move("button") is None and s.type_move("패스") is None, "an action's Korean word is a move"
    v = s.view(Preferences())
    assert v["move_list"][-1][:2] == ["패스", "흑"] and v["last"] == "흑 패스"
    assert s.play("pass") is None
    v = s.view(Preferences())
    assert v["result"]["headline"] == "흑 승리" and v["end"] == "two_passes"
    assert v["prompt"].startswith("대국 끝: 흑 승리 (두 사람 모두 패스했습니다")
    fields = {f["name"]: f for f in option_fields("gardar")}
    assert fields["komi"]["label"] == "덤" and fields["perimeter"]["choice_labels"] == ["바깥쪽", "안쪽"]


def test_broken_links_are_explained_in_korean(korean):
    _session, errors = Session.from_fragment("v=1&g=loose&size=4&m=e5.zz9")
    assert errors and all(HANGUL.search(e) for e in errors), errors


def test_records_are_written_in_english_whatever_the_language(korean):
    session = Session.from_fragment("v=1&g=loose&size=5&m=pass.pass")[0]
    text = write(session.record)
    assert '[Result "White wins (more points)"]' in text
    assert read(text).record.moves == ["pass", "pass"]


def test_the_command_line_speaks_korean_with_lang_ko():
    done = subprocess.run([sys.executable, "-m", "pygames", "--lang", "ko", "play", "loose", "size=5"], input="c3\nquit\n",
                          check=False, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "흑 차례" in done.stdout and "백 차례" in done.stdout
    done = subprocess.run([sys.executable, "-m", "pygames", "--lang", "ko", "link", "v=1&g=nothing"],
                          check=False, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 1 and "모르는 게임" in done.stderr


def test_the_page_catalog_holds_only_the_page_texts_and_the_korean_start_texts():
    catalog = OUT / "i18n" / "ko.json"
    if not catalog.exists():
        pytest.fail("the site is not built: run `python3 build.py test` (it builds the site first)")
    data = json.loads(catalog.read_text())
    assert set(data["messages"]) == page_messages()
    assert data["starts"]["loose"]["prompt"] == "흑 차례" and len(catalog.read_bytes()) < 20_000


def test_korean_rules_pages_are_built_with_their_diagrams():
    for game in ("loose", "vacu", "gardar", "pente"):
        english = OUT / f"rules-{game}.html"
        korean = OUT / f"rules-{game}-ko.html"
        if not korean.exists():
            pytest.fail("the site is not built: run `python3 build.py test` (it builds the site first)")
        page, source = korean.read_text(), english.read_text()
        assert '<html lang="ko">' in page and HANGUL.search(page)
        figures = page.count('<figure class="pg-board"')
        assert figures == source.count('<figure class="pg-board"') and figures > 0, "every diagram is kept"
        assert page.count('<div class="pg-static"><svg') == figures, "every diagram is drawn"
        positions = re.findall(r'data-position="([^"]*)"', page)
        assert positions == re.findall(r'data-position="([^"]*)"', source), "the same positions as in English"
        assert f'href="./rules-{game}.html"' in page and f'href="./rules-{game}-ko.html"' in source
        assert "Play from here" not in page and "Our choices" not in page


def test_korean_rules_pages_word_option_values_as_the_form_does():
    """Where a Korean rules page names an option's values (``enemies_inside = fence | …``),
    each value comes with the word the new-game form shows for it (울타리)."""
    words = {value: label for name in available() for o in game_class(name).OPTIONS
             for value, label in zip(o.choices, o.labels)}
    ko = i18n.catalog("ko").gettext
    for page in sorted((SRC / "rules" / "ko").glob("*.html")):
        for heading in re.findall(r"<dt>(.*?)</dt>", page.read_text(), re.DOTALL):
            _name, eq, values = heading.partition(" = ")
            for value in re.findall(r"<code>([a-z0-9-]+)</code>", values if eq else ""):
                if value in words and ko(words[value]) != words[value]:
                    assert f"{ko(words[value])}(<code>{value}</code>)" in values, (page.name, heading)
