"""The share-link codec: every game and option set round-trips, and hostile links never
break the page (decode keeps what it can and says what it dropped).

CPython only (hypothesis); the Pyodide run leaves this file out.
"""

from __future__ import annotations

import random
import re
from typing import Any
from urllib.parse import parse_qsl

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pygames import Board, available, game_class
from pygames.game import Game, OptionError
from pygames.notation import (
    MAX_LENGTH,
    MAX_MOVES,
    RESERVED,
    VERSION,
    Decoded,
    Record,
    decode,
    encode,
)
from pygames.session import Session

FAST = settings(max_examples=100, deadline=None, database=None)
SLOW = settings(max_examples=300, deadline=None, database=None)
B9 = Board.square(9)
B19 = Board.square(19)


# -- strategies ----------------------------------------------------------------------------

@st.composite
def game_options(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A registered game and a set of options it accepts: each option either left out or
    drawn within its kind, choices and bounds."""
    name = draw(st.sampled_from(available()))
    options: dict[str, Any] = {}
    for o in game_class(name).OPTIONS:
        if not draw(st.booleans()):
            continue
        if o.kind == "bool":
            options[o.name] = draw(st.booleans())
        elif o.choices:
            options[o.name] = draw(st.sampled_from(o.choices))
        else:
            options[o.name] = draw(st.integers(o.minimum, o.maximum))
    try:
        options = game_class(name).check_options(options)
    except OptionError:
        assume(False)
    return name, options


@st.composite
def setups(draw: st.DrawFn, name: str, options: dict[str, Any]) -> tuple[dict[int, int], int] | None:
    """None (a fresh game) or a set-up position the game accepts: a few stones and a side to move."""
    if not draw(st.booleans()):
        return None
    game = game_class(name)(**options)
    colours = st.integers(1, game.players())
    stones = draw(st.dictionaries(st.integers(0, len(game.board) - 1), colours, max_size=8))
    to_move = draw(colours)
    try:
        game_class(name).setup(stones, to_move=to_move, **options)
    except ValueError:  # e.g. a Vacu group without a liberty
        return None
    return stones, to_move


def state(game: Game) -> tuple[Any, ...]:
    """What the page shows of a position."""
    return (list(game.stones), game.to_move, game.scores(), game.result(), list(game.seats), game.prompt())


def play_random(game: Game, seed: int, n: int) -> list[tuple[Any, ...]]:
    """Play up to ``n`` random legal moves; the states after 0, 1, ... moves."""
    rng = random.Random(seed)
    states = [state(game)]
    for _ in range(n):
        if game.is_over():
            break
        game.play(game.random_move(rng))
        states.append(state(game))
    return states


def random_record(name: str, options: dict[str, Any], seed: int, n: int,
                  setup: tuple[dict[int, int], int] | None = None) -> tuple[Record, list[tuple[Any, ...]]]:
    record = Record(name, options, setup[0] if setup else None, setup[1] if setup else 1)
    game = record.start()
    states = play_random(game, seed, n)
    record.moves = list(game.history)
    return record, states


def sample_links() -> list[tuple[Record, str]]:
    """A few valid links covering every game, set-ups, tokens and a viewed ply."""
    links = []
    for i, name in enumerate(available()):
        small = {"size": 9} if name == "pente" else {"size": 5}
        record, _ = random_record(name, game_class(name).check_options(small), seed=i, n=12)
        links.append((record, encode(record, 7)))
    record, _ = random_record("loose", game_class("loose").check_options({"size": 7}), 1, 6, ({0: 1, 8: 2}, 2))
    links.append((record, encode(record)))
    return links


LINKS = sample_links()


# -- what every decode must satisfy -------------------------------------------------------

SAFE_MESSAGE = re.compile(r"[^<>\"&`\\\x00-\x1f\x7f]{1,300}")
#: A piece of the link quoted back by ``quote_untrusted``, and an apostrophe inside a word ("stone's").
QUOTED = re.compile(r"'[A-Za-z0-9 .,:=_?-]*…?'")
APOSTROPHE = re.compile(r"(?<=[a-z])'(?=[a-z])")


def safe_message(message: str) -> bool:
    return bool(SAFE_MESSAGE.fullmatch(message)) and "'" not in APOSTROPHE.sub("", QUOTED.sub("", message))


def check_decoded(text: str) -> Decoded:
    """Decode ``text`` and check the promises that hold for any input: no exception, safe
    short messages, a record that replays legally and re-encodes cleanly, and a message
    whenever a move or a set-up stone that the link gives was not kept."""
    d = decode(text)
    assert isinstance(d.errors, list)
    for message in d.errors:
        assert safe_message(message), message
    if d.record is None:
        assert d.errors and d.ply == 0
        return d
    record = d.record
    assert record.game in available()
    assert 0 <= d.ply <= len(record.moves) <= MAX_MOVES
    game = record.replay()
    assert list(game.history) == record.moves
    again = decode(encode(record, d.ply))
    assert again.errors == [] and again.record == record and again.ply == d.ply
    fields: dict[str, str] = {}
    for key, value in parse_qsl(text.lstrip("#"), keep_blank_values=True):
        fields.setdefault(key, value)
    if len([w for w in fields.get("m", "").split(".") if w]) > len(record.moves):
        assert d.errors, f"moves dropped silently from {text!r}"
    given_stones = sum(len([w for w in value.split(".") if w])
                       for key, value in fields.items() if re.fullmatch(r"s[1-9]", key))
    if given_stones > len(record.setup or {}):
        assert d.errors, f"set-up stones dropped silently from {text!r}"
    return d


# -- 1. round trips ----------------------------------------------------------------------

@SLOW
@given(data=st.data(), chosen=game_options(), seed=st.integers(0, 2**32), n=st.integers(0, 60))
def test_round_trip_every_game_options_setup_and_ply(data: st.DataObject, chosen: tuple[str, dict[str, Any]],
                                                     seed: int, n: int) -> None:
    name, options = chosen
    setup = data.draw(setups(name, options))
    record, states = random_record(name, options, seed, n, setup)
    ply = data.draw(st.integers(0, len(record.moves)))
    text = encode(record, ply)
    for link in (text, "#" + text):
        d = decode(link)
        assert d.errors == [], (text, d.errors)
        assert d.record is not None and d.extra == {}
        assert d.record.game == name
        assert d.record.options == options
        assert d.record.setup == (setup[0] if setup else None)
        assert d.record.to_move == (setup[1] if setup else 1)
        assert d.record.moves == record.moves
        assert d.ply == ply
        assert state(d.record.replay(ply)) == states[ply]
        assert state(d.record.replay()) == states[-1]


@FAST
@given(chosen=game_options(), seed=st.integers(0, 2**32),
       marks=st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30))
def test_display_parameters_pass_through_untouched(chosen: tuple[str, dict[str, Any]], seed: int, marks: str) -> None:
    record, _ = random_record(*chosen, seed=seed, n=5)
    d = decode(encode(record, None, marks=marks, view="1"))
    assert d.errors == [] and d.record == record and d.extra == {"marks": marks, "view": "1"}


def test_an_empty_setup_board_keeps_its_side_to_move():
    record = Record("loose", game_class("loose").check_options({"size": 9}), setup={}, to_move=2)
    text = encode(record)
    assert text == "v=1&g=loose&size=9&t=2"
    d = decode(text)
    assert d.errors == [] and d.record == record and d.record.start().to_move == 2


def test_setup_skips_the_pie_choice_and_the_pente_opening():
    for name, options in [("loose", {"pie": True}), ("vacu", {"pie": True}), ("gardar", {"pie": True}),
                          ("pente", {"opening": "swap2"})]:
        record = Record(name, game_class(name).check_options(options), setup={}, to_move=1)
        d = decode(encode(record))
        assert d.errors == [] and d.record == record
        assert d.record.start().legal_moves() == record.start().legal_moves()


# -- 2. length ---------------------------------------------------------------------------

def test_a_300_move_19x19_game_stays_short_and_exact():
    options = game_class("loose").check_options({"size": 19})
    for seed in range(20):
        record, states = random_record("loose", options, seed, 300)
        if len(record.moves) == 300:
            break
    assert len(record.moves) == 300
    text = encode(record)
    assert len(text) < 1500, len(text)
    d = decode(text)
    assert d.errors == [] and d.record == record and state(d.record.replay()) == states[-1]


def test_a_300_move_pente_game_without_opening_or_capture_win_stays_short_and_exact():
    """Random play makes a five within about 200 moves, so this game steers clear of
    moves that end it: 300 placements, captures included, on the 19x19 board."""
    game = game_class("pente")(opening="none", capture_win=False)
    rng = random.Random(5)
    while len(game.history) < 300:
        moves = game.legal_moves()
        rng.shuffle(moves)
        for move in moves:
            game.play(move)
            if not game.is_over():
                break
            game.undo()
    record = Record.of(game)
    text = encode(record)
    assert len(text) < 1500, len(text)
    d = decode(text)
    assert d.errors == [] and d.record == record and state(d.record.replay()) == state(game)


# -- 3. robustness -----------------------------------------------------------------------

@SLOW
@given(st.text(max_size=200))
def test_random_text_never_breaks_decode(text: str) -> None:
    check_decoded(text)


@SLOW
@given(st.binary(max_size=200))
def test_random_bytes_never_break_decode(raw: bytes) -> None:
    check_decoded(raw.decode("latin-1"))


@FAST
@given(g=st.sampled_from(available()),
       rest=st.lists(st.tuples(st.sampled_from(["v", "m", "p", "t", "s1", "s2", "s3", "s5", "size", "komi", "pie",
                                                "players", "opening", "marks", "x"]),
                               st.text(alphabet="abcdefghjkmnpst0123456789.-=&%#<>'\" ", max_size=20)),
                     max_size=6))
def test_random_fields_of_a_known_game_never_break_decode(g: str, rest: list[tuple[str, str]]) -> None:
    check_decoded("&".join([f"g={g}"] + [f"{k}={v}" for k, v in rest]))


def test_every_truncation_of_a_valid_link_decodes_to_a_prefix():
    for original, text in LINKS:
        words = text.partition("m=")[2].partition("&")[0].split(".")
        for i in range(len(text) + 1):
            d = check_decoded(text[:i])
            r = d.record
            if r is None or r.game != original.game or r.options != original.options or r.setup != original.setup:
                continue
            kept = r.moves
            assert len(kept) <= len(original.moves)
            assert kept[:-1] == original.moves[:max(len(kept) - 1, 0)]
            if kept:
                game = r.start()
                assert words[len(kept) - 1].startswith(game.move_text(kept[-1]))


@SLOW
@given(link=st.sampled_from(LINKS), data=st.data(),
       char=st.sampled_from(list("&=.#%+;<>\"' 0123456789abcdefghijklmnopqrstuvwxyzKé\x00")
                            + ["\u212a", "²", "%3C", "%ZZ"]))
def test_single_character_mutations_never_break_decode(link: tuple[Record, str], data: st.DataObject,
                                                       char: str) -> None:
    text = link[1]
    i = data.draw(st.integers(0, len(text) - 1))
    how = data.draw(st.sampled_from(["replace", "insert", "delete"]))
    if how == "replace":
        mutated = text[:i] + char + text[i + 1:]
    elif how == "insert":
        mutated = text[:i] + char + text[i:]
    else:
        mutated = text[:i] + text[i + 1:]
    check_decoded(mutated)


@SLOW
@given(link=st.sampled_from(LINKS), data=st.data(),
       marks=st.lists(st.sampled_from(list("circlecrossAB1:.,é<>&%") + ["a1", "c3", "e5", "zz9"]),
                      max_size=12).map("".join))
def test_the_page_opens_any_mutated_link_with_marks(link: tuple[Record, str], data: st.DataObject, marks: str) -> None:
    """How the page uses the codec: Session.from_fragment, marks travelling as an extra."""
    text = link[1]
    i = data.draw(st.integers(0, len(text)))
    mutated = text[:i] + data.draw(st.sampled_from(["", "&", "=", ".", "x", "%"])) + text[i + 1:]
    session, errors = Session.from_fragment(f"{mutated}&marks={marks}")
    assert all(isinstance(e, str) for e in errors)
    reopened, problems = Session.from_fragment(session.fragment())
    assert problems == [] and reopened.record == session.record and reopened.marks == session.marks


@FAST
@given(chosen=game_options(), seed=st.integers(0, 2**32), n=st.integers(0, 30),
       word=st.one_of(st.from_regex(r"[a-z0-9-]{1,8}", fullmatch=True),
                      st.sampled_from(["pass", "button", "black", "white", "place-two", "a1", "a0", "z26"])))
def test_any_token_as_the_next_move_is_played_or_refused_cleanly(chosen: tuple[str, dict[str, Any]], seed: int,
                                                                   n: int, word: str) -> None:
    record, _ = random_record(*chosen, seed=seed, n=n)
    base = encode(record)
    d = check_decoded(base + ("." if record.moves else "&m=") + word)
    assert d.record is not None and d.record.moves[:len(record.moves)] == record.moves
    assert len(d.record.moves) == len(record.moves) + 1 or d.errors


# -- 4. named hostile cases --------------------------------------------------------------

def loose(**options: Any) -> dict[str, Any]:
    return game_class("loose").check_options(options)


def test_unknown_game():
    d = check_decoded("v=1&g=chess&m=e4")
    assert d.record is None and len(d.errors) == 1
    assert "unknown game 'chess'" in d.errors[0] and "loose" in d.errors[0]


def test_missing_game():
    d = check_decoded("v=1&size=9&m=e5")
    assert d.record is None and d.errors == ["the link names no game"]
    assert check_decoded("").errors == ["the link names no game"]


def test_game_name_is_read_loosely():
    d = check_decoded("g=%20Loose%20&size=9")
    assert d.errors == [] and d.record.game == "loose"


def test_bad_option_value_names_the_option_and_uses_defaults():
    d = check_decoded("g=loose&size=10&m=f6")
    assert d.record.options == loose() and len(d.errors) == 1
    assert "Board size" in d.errors[0] and "default" in d.errors[0]
    assert d.record.moves == [Board.square(11).parse("f6")]
    d = check_decoded("g=loose&size=huge")
    assert d.record.options == loose() and "Board size" in d.errors[0]
    d = check_decoded("g=loose&pie=maybe&size=9")
    assert d.record.options == loose(size=9) and "Pie rule" in d.errors[0]


def test_option_combination_the_game_refuses_falls_back_to_defaults():
    d = check_decoded("g=pente&players=3&opening=swap")
    assert d.record.options == game_class("pente").check_options({})
    assert "Opening rule" in d.errors[0] and "default options" in d.errors[0]


def test_unknown_option_key_is_kept_as_extra_and_ignored():
    d = check_decoded("g=loose&size=9&colour=red&opening=none&m=e5")
    assert d.errors == [] and d.record.options == loose(size=9)
    assert d.extra == {"colour": "red", "opening": "none"}
    assert d.record.moves == [B9.parse("e5")]


def test_illegal_move_keeps_the_moves_before_it_and_names_its_number():
    d = check_decoded("g=loose&size=9&m=e5.d4.e5.c3")
    assert [B9.label(m) for m in d.record.moves] == ["e5", "d4"]
    assert len(d.errors) == 1 and d.errors[0].startswith("move 3 ('e5'):")
    assert "occupied" in d.errors[0] and "kept" in d.errors[0]


def test_bad_coordinates():
    d = check_decoded("g=loose&size=9&m=e5.zz99.d4")
    assert [B9.label(m) for m in d.record.moves] == ["e5"]
    assert d.errors[0].startswith("move 2 ('zz99'):") and "9x9" in d.errors[0]
    d = check_decoded("g=loose&size=9&m=e5.j1")  # one column past the edge
    assert len(d.record.moves) == 1 and d.errors[0].startswith("move 2 ('j1')")


def test_moves_after_the_end_of_the_game():
    d = check_decoded("g=loose&size=9&m=pass.pass.e5")
    assert d.record.moves == ["pass", "pass"] and "over" in d.errors[0]


def test_huge_input_keeps_its_valid_part():
    d = check_decoded("g=loose&m=" + "e5." * MAX_LENGTH)
    assert d.errors[0] == f"the link is too long ({3 * MAX_LENGTH + 10} characters); only its first {MAX_LENGTH} are read"
    assert d.record.moves == [Board.square(11).parse("e5")] and d.errors[-1].startswith("move 2 ('e5')")


def test_a_long_game_link_keeps_its_first_moves_and_never_cuts_a_label():
    game = game_class("loose")(size=19)
    rng = random.Random(4)
    while not game.is_over() and len(game.history) < 300:
        game.play(game.random_move(rng))
    legal = [game.move_text(m) for m in game.history]
    words = legal + ["white"] * (4_001 - len(legal))  # 4,001 moves, more than MAX_LENGTH characters
    text = "g=loose&size=19&m=" + ".".join(words)
    assert len(text) > MAX_LENGTH
    d = check_decoded(text)
    assert d.record is not None and "too long" in d.errors[0]
    kept = [B19.label(m) if isinstance(m, int) else m for m in d.record.moves]
    assert len(kept) >= len(legal) and kept == words[:len(kept)]


def test_too_many_moves():
    moves = ".".join(["a1"] * (MAX_MOVES + 5))
    d = check_decoded(f"g=loose&m={moves}")
    assert d.errors[0] == f"the link has {MAX_MOVES + 5} moves; only the first {MAX_MOVES} are read"
    assert len(d.record.moves) == 1 and d.errors[1].startswith("move 2 ('a1')")


def test_script_like_text_is_never_echoed():
    for text in ["g=<script>alert(1)</script>",
                 "g=loose&m=e5.<script>alert(1)</script>",
                 "g=loose&size=<script>alert(1)</script>",
                 "g=loose&komi=\"><img src=x onerror=alert(1)>",
                 "g=loose&s1=<b>a1</b>&t=<i>",
                 "g=loose&p=<script>",
                 "g=loose&v=<script>",
                 "g=loose&<script>=1&<script>=2"]:
        d = check_decoded(text)
        assert d.errors, text
        assert not any("script" in e and "<" in e for e in d.errors)


def test_percent_encoded_junk():
    d = check_decoded("g=loose&size=9&m=e5.%ZZ.d4")
    assert len(d.record.moves) == 1 and d.errors[0].startswith("move 2 ('?ZZ')")
    d = check_decoded("g=loose%00&m=e5")
    assert d.record is None and "unknown game 'loose?'" in d.errors[0]
    d = check_decoded("g=loose&size=9&m=e5%00.d4")
    assert d.record.moves == [] and d.errors[0].startswith("move 1 ('e5?')")
    d = check_decoded("g=loose&size=9&m=e5%0A")  # a trailing newline is not part of a label
    assert d.record.moves == [] and d.errors
    d = check_decoded("g=loose&size=%39&m=%65%35")  # plain characters percent-encoded are fine
    assert d.errors == [] and d.record.moves == [B9.parse("e5")]


def test_look_alike_characters_are_not_labels():
    d = check_decoded("g=loose&size=11&m=\u212a5")  # the Kelvin sign lower-cases to k
    assert d.record.moves == [] and d.errors
    d = check_decoded("g=loose&p=²&m=e5")  # a digit to str.isdigit, not to int
    assert d.ply == 1 and "ply" in d.errors[0]
    d = check_decoded("g=loose&s1=a1&t=²")
    assert d.record.to_move == 1 and "colour to move" in d.errors[0]


def test_absurdly_long_numbers():
    for key in ["p", "t", "size", "komi"]:
        d = check_decoded(f"g=loose&s1=a1&{key}={'9' * 5000}")
        assert d.record is not None and d.errors


def test_duplicate_keys_use_the_first():
    d = check_decoded("g=loose&g=vacu&size=9&size=13&m=e5&m=a1")
    assert d.record.game == "loose" and d.record.options == loose(size=9)
    assert d.record.moves == [B9.parse("e5")]
    assert sorted(d.errors) == ["'g' is given twice; the first is used", "'m' is given twice; the first is used",
                                "'size' is given twice; the first is used"]


def test_unknown_version_is_read_as_the_current_one():
    d = check_decoded("v=2&g=loose&size=9&m=e5")
    assert d.record.moves == [B9.parse("e5")]
    assert d.errors == [f"link format version '2' is not known; reading it as version {VERSION}"]
    assert check_decoded("g=loose").errors == []  # no version: the current one


def test_ply_out_of_range_or_negative_shows_the_last_position():
    for p in ["3", "-1", "1.5", "x", "99999999999"]:
        d = check_decoded(f"g=loose&size=9&m=e5.d4&p={p}")
        assert d.ply == 2 and len(d.errors) == 1 and d.errors[0].startswith("ply "), p
    assert check_decoded("g=loose&size=9&m=e5.d4&p=0").ply == 0
    assert check_decoded("g=loose&size=9&m=e5.d4&p=").errors == []


def test_setup_on_a_duplicate_point_keeps_the_first():
    d = check_decoded("g=loose&size=9&s1=a1.b2&s2=a1&t=2")
    assert d.record.setup == {B9.parse("a1"): 1, B9.parse("b2"): 1}
    assert d.errors == ["a1 is set up twice; the first colour is kept"]


def test_setup_with_an_invalid_colour_or_point():
    d = check_decoded("g=loose&size=9&s1=a1&s9=b2&t=1")
    assert d.record.setup == {B9.parse("a1"): 1}
    assert d.errors == ["Loose has no colour 9; those stones are left out"]
    d = check_decoded("g=pente&players=3&size=9&opening=none&s3=e5&s4=e6&t=3")
    assert d.record.setup == {B9.parse("e5"): 3} and d.record.to_move == 3 and "no colour 4" in d.errors[0]
    d = check_decoded("g=loose&size=9&s1=a1.zz9.a10&t=3")
    assert d.record.setup == {B9.parse("a1"): 1} and d.record.to_move == 1 and len(d.errors) == 3
    assert check_decoded("g=loose&s0=a1").extra == {"s0": "a1"}  # not a colour key: left to the page


def test_setup_the_game_refuses_starts_from_an_empty_board():
    d = check_decoded("g=vacu&size=9&s1=a1&s2=a2.b1&t=1&m=e5")  # a black stone with no liberty
    assert d.record.setup is None and d.record.moves == [B9.parse("e5")]
    assert "set-up position is not valid" in d.errors[0] and "a1" in d.errors[0]


def test_moves_from_a_finished_setup_are_refused():
    d = check_decoded("g=pente&size=9&s1=a1.b1.c1.d1.e1&t=2&m=e5")  # White already has five
    assert d.record.setup is not None and d.record.moves == [] and "over" in d.errors[0]


# -- 5. readable fragments ---------------------------------------------------------------

def test_fragments_are_labels_and_tokens_joined_by_dots_without_defaults():
    assert encode(Record("loose", loose())) == "v=1&g=loose"
    record = Record("loose", loose(size=9, pie=True), moves=["white", B9.parse("e5"), B9.parse("d4"), "pass"])
    assert encode(record) == "v=1&g=loose&size=9&pie=1&m=white.e5.d4.pass"
    assert encode(record, 2) == "v=1&g=loose&size=9&pie=1&m=white.e5.d4.pass&p=2"
    vacu = Record("vacu", game_class("vacu").check_options({"komi": -3}), moves=[B9.parse("e5"), "button", "pass"])
    assert encode(vacu) == "v=1&g=vacu&komi=-3&m=e5.button.pass"
    pente = Record("pente", game_class("pente").check_options({"capture_three": True}),
                   moves=[B19.parse("k10"), B19.parse("a1"), B19.parse("k13"), "place-two"])
    assert encode(pente) == "v=1&g=pente&capture_three=1&m=k10.a1.k13.place-two"
    hexagon = Board.hexagon(5)
    gardar = Record("gardar", game_class("gardar").check_options({"size": 5, "death": "group"}),
                    setup={hexagon.parse("e5"): 2, hexagon.parse("a1"): 1}, to_move=2, moves=[hexagon.parse("c3")])
    assert encode(gardar) == "v=1&g=gardar&size=5&death=group&s1=a1&s2=e5&t=2&m=c3"
    for r in (record, vacu, pente, gardar):
        assert check_decoded(encode(r)).record == r


def test_values_with_reserved_characters_are_quoted():
    record = Record("loose", loose())
    text = encode(record, marks="A:e5,circle:c3.d4", note="a&b=c#d e")
    assert text == "v=1&g=loose&marks=A:e5,circle:c3.d4&note=a%26b%3Dc%23d%20e"
    assert decode(text).extra == {"marks": "A:e5,circle:c3.d4", "note": "a&b=c#d e"}


def test_display_parameters_may_not_take_the_formats_keys():
    for key in ["m", "p", "s1", "size"]:
        try:
            encode(Record("loose", loose()), **{key: "1"})
        except ValueError as e:
            assert key in str(e)
        else:
            raise AssertionError(key)


def test_a_resignation_travels_in_the_link_and_a_misplaced_one_is_dropped():
    record = Record("loose", game_class("loose")().options, moves=[40])
    record.resigned = 2
    assert "&r=2" in encode(record) and decode(encode(record)).record == record
    wrong = decode("v=1&g=loose&m=e5&r=1")
    assert wrong.record is not None and wrong.record.resigned == 0
    assert wrong.errors == ["the resignation '1' does not fit the game; it is left out"]


@pytest.mark.parametrize("fragment, state, check", [
    ("v=1&g=pente&t=1&s1=j10&captures=4.2", {"captures": [4, 2]}, lambda g: g.scores() == {1: 4, 2: 2}),
    ("v=1&g=pente&players=3&opening=none&t=2&captures=0.6.2", {"captures": [0, 6, 2]}, lambda g: g.captures[2] == 6),
    ("v=1&g=vacu&t=2&button=1&passes=1", {"button": 1, "passes": 1}, lambda g: g.button == 1 and g.passes == 1),
    ("v=1&g=gardar&t=1&seats=2.1&first_passer=2", {"seats": [2, 1], "first_passer": 2},
     lambda g: g.seats == [2, 1] and g.first_passer == 2 and g.seat_to_move() == 1),
    ("v=1&g=loose&size=9&t=1&passes=1", {"passes": 1}, lambda g: g.passes == 1),
])
def test_a_set_up_link_carries_the_rest_of_the_position(fragment, state, check):
    decoded = decode(fragment)
    assert decoded.errors == [] and decoded.record is not None and decoded.record.state == state
    assert check(decoded.record.start())
    assert decode(encode(decoded.record)).record == decoded.record


@pytest.mark.parametrize("fragment, message", [
    ("v=1&g=pente&t=1&captures=10.0", "captures: 2 numbers, one per colour, each from 0 to 9 (one more would have won)"),
    ("v=1&g=pente&t=1&captures=4", "captures: 2 numbers, one per colour"),
    ("v=1&g=vacu&t=1&button=3", "button: a number from 0 to 2"),
    ("v=1&g=loose&t=1&passes=2", "passes: a number from 0 to 1"),
    ("v=1&g=loose&t=1&seats=1.1", "seats: give each of the colours 1, 2 once"),
    ("v=1&g=gardar&t=1&first_passer=x1", "first_passer: 'x1' is not a number or numbers"),
])
def test_set_up_state_that_does_not_fit_is_left_out_with_a_reason(fragment, message):
    decoded = decode(fragment)
    assert decoded.record is not None and decoded.record.state == {} and decoded.record.setup == {}
    assert len(decoded.errors) == 1 and decoded.errors[0].startswith(message)


def test_set_up_state_names_are_declared_and_never_options():
    for name in available():
        cls = game_class(name)
        assert "seats" in cls.SETUP_STATE
        assert not cls.SETUP_STATE.keys() & ({o.name for o in cls.OPTIONS} | RESERVED)
    with pytest.raises(ValueError, match="Convacu positions have no 'button'"):
        game_class("convacu").setup({}, state={"button": 1})
