"""The page's behaviour without a browser: clicks, undo/redo, history, links."""

import json
import math
import random

import pytest

from pygames import Board, ai, language
from pygames.render import geometry, geometry_for, layout, svg
from pygames.session import (
    ComputerTask,
    Preferences,
    Session,
    ask_computer,
    levels,
    option_fields,
)

B9 = Board.square(9)


def click(session: Session, label: str, confirm: bool = False):
    x, y = B9.xy(B9.parse(label))
    return session.click(x + 0.1, y - 0.1, confirm=confirm)


def test_clicks_place_stones_and_illegal_ones_explain_and_change_nothing():
    s = Session.new("loose", {"size": 9})
    assert click(s, "e5") is None
    assert click(s, "e5") == "that point is already occupied"
    assert s.record.moves == [B9.parse("e5")] and s.ply == 1
    assert s.click(0.5, 0.5) is None and s.ply == 1  # between points: nothing happens


def test_undo_redo_and_navigation_keep_the_record():
    s = Session.new("loose", {"size": 9})
    for label in ["e5", "d4", "c3"]:
        click(s, label)
    assert s.undo() is None and s.ply == 2 and len(s.record.moves) == 2
    assert s.redo() is None and s.ply == 3
    assert s.redo() == "no move to redo"
    s.goto(0)
    assert s.game.stones.count(1) == 0 and len(s.record.moves) == 3
    s.goto(1)
    s.goto(2)
    assert s.game.history == s.record.moves[:2]
    click(s, "g7")  # playing at an earlier ply replaces the rest
    assert [B9.label(m) for m in s.record.moves] == ["e5", "d4", "g7"]
    s.goto(1)
    click(s, "d4")  # replaying the recorded move just steps forward
    assert s.ply == 2 and len(s.record.moves) == 3


def test_undo_after_redo_list_is_replaced_by_a_new_move():
    s = Session.new("loose", {"size": 9})
    click(s, "e5")
    s.undo()
    click(s, "a1")
    assert s.redo() == "no move to redo"


def test_confirm_move_preference_selects_then_plays():
    s = Session.new("loose", {"size": 9})
    assert click(s, "e5", confirm=True) is None
    assert s.pending == B9.parse("e5") and s.ply == 0
    assert s.view(Preferences(confirm=True))["pending"]
    assert s.confirm() is None and s.ply == 1 and s.pending is None
    assert s.confirm() == "select a point first"


def test_view_lists_actions_scores_and_prompt():
    s = Session.new("loose", {"size": 9})
    v = s.view(Preferences())
    assert v["prompt"] == "Black to play" and v["actions"] == [["pass", "Pass", False]]
    assert v["breakdown"] == [["stones", [0, 0]], ["komi", [0, 6]]] and v["scores"] == [0, 6]
    s.play("pass")
    s.play("pass")
    v = s.view(Preferences())
    assert v["over"] and v["prompt"].startswith("Game over: White wins") and v["actions"] == []


def test_fragment_round_trip_restores_position_and_ply():
    s = Session.new("loose", {"size": 9, "komi": 4})
    for label in ["e5", "d4", "c3"]:
        click(s, label)
    s.goto(2)
    t, errors = Session.from_fragment("#" + s.fragment())
    assert errors == [] and t.ply == 2 and t.record.moves == s.record.moves
    assert t.game.stones == s.game.stones and t.record.options == s.record.options


def test_option_fields_describe_the_new_game_form():
    fields = {f["name"]: f for f in option_fields("loose")}
    assert fields["size"]["default"] == 11 and fields["pie"]["kind"] == "bool"


def test_confirm_move_preference_also_holds_actions_and_marks_game_ending_ones():
    s = Session.new("loose", {"size": 9})
    s.play("pass")
    v = s.view(Preferences(confirm=True))
    assert v["actions"] == [["pass", "Pass", True]], "a second pass ends the game"
    assert s.choose("pass", confirm=True) is None and s.ply == 1
    assert s.view(Preferences(confirm=True))["pending_text"] == "Confirm: Pass"
    assert s.confirm() is None and s.game.is_over()


def test_typed_moves_use_the_notation_and_explain_mistakes():
    s = Session.new("loose", {"size": 9})
    assert s.type_move(" E5 ") is None and s.view(Preferences())["last"] == "Black played e5"
    assert s.type_move("pass") is None and s.view(Preferences())["last"] == "White played pass"
    assert s.type_move("<b>") == "'?b?' is not a move: type a point such as e5, or an action such as pass"
    assert s.type_move("z9").startswith("'z9' is not a point")
    assert s.type_move("e5") == "that point is already occupied" and s.ply == 2


def labels(s: Session) -> list[str]:
    return [s.game.move_text(m) for m in s.record.moves]


def long_game(n: int = 40) -> Session:
    """A Loose game of ``n`` random moves (no passes), viewed at its end."""
    s = Session.new("loose", {"size": 9})
    rng = random.Random(12)
    while len(s.record.moves) < n:
        move = rng.choice([p for p, c in enumerate(s.game.stones) if c == 0])
        s.play(move)
    return s


def test_a_kept_line_of_one_move_says_so_in_the_singular():
    s = long_game(1)
    first = labels(s)[0]
    s.goto(0)
    click(s, next(B9.label(p) for p in range(len(B9)) if B9.label(p) != first))
    assert [line["text"] for line in s.view(Preferences())["lines"]] == [f"One move, parting at move 1 ({first})"]


def test_a_click_at_an_earlier_ply_keeps_the_later_moves_and_undo_brings_them_back():
    s = long_game(40)
    game = labels(s)
    s.goto(2)
    empty = next(B9.label(p) for p, c in enumerate(s.game.stones) if c == 0 and B9.label(p) != game[2])
    click(s, empty)
    assert labels(s) == game[:2] + [empty] and s.ply == 3
    assert [(line.at, len(line.moves)) for line in s.lines] == [(2, 40)]
    v = s.view(Preferences())
    assert v["lines"] == [{"at": 2, "plies": 40, "text": f"40 moves, parting at move 3 ({game[2]})"}]
    assert s.undo() is None, "undo takes back the new move and takes up the line it replaced"
    assert labels(s) == game and s.ply == 2 and s.lines == []
    assert s.redo() is None and labels(s) == game[:2] + [empty] and len(s.lines) == 1
    assert s.take_line(0) is None, "or go back to the other line directly"
    assert labels(s) == game and s.ply == 2
    assert [(line.at, labels_of(line.moves)) for line in s.lines] == [(2, game[:2] + [empty])]
    assert s.take_line(0) is None and labels(s) == game[:2] + [empty]
    assert s.take_line(5) == "there is no such line"


def labels_of(moves) -> list[str]:
    return [B9.label(m) if isinstance(m, int) else m for m in moves]


def test_a_new_line_grown_several_moves_is_undone_move_by_move_back_to_the_old_one():
    s = long_game(10)
    game = labels(s)
    s.goto(4)
    for label in ["a1", "a9"]:
        if label not in game:
            click(s, label)
    added = len(s.record.moves) - 4
    assert added >= 1 and len(s.lines) == 1
    for _ in range(added):
        s.undo()
    assert labels(s) == game and s.ply == 4
    for _ in range(added):
        assert s.redo() is None
    assert len(s.record.moves) == 4 + added and s.redo() == "no move to redo"


def test_the_moves_list_notes_flips_and_captures_and_the_last_move_says_them():
    s, errors = Session.from_fragment("v=1&g=loose&size=5&s1=b5.b4&s2=a5&t=1")
    assert errors == []
    s.play(Board.square(5).parse("a3"))
    v = s.view(Preferences())
    assert v["moves"] == [["a3", "Black", "1 flipped"]]
    assert v["last"] == "Black played a3; flipped a5"
    assert v["position"] == "Black (4): a5, b5, b4, a3."
    p, _ = Session.from_fragment("v=1&g=pente&size=9&opening=none&s1=e5.e6&s2=e4&t=2")
    p.play(B9.parse("e7"))
    assert p.view(Preferences())["moves"][-1][2] == "2 captured"
    reloaded, _ = Session.from_fragment(p.fragment())
    assert reloaded.view(Preferences())["moves"] == p.view(Preferences())["moves"], "notes are rebuilt from a link"


def test_an_empty_board_is_described_as_empty():
    assert Session.new("gardar", {"size": 4}).view(Preferences())["position"] == "The board is empty."


def test_the_end_of_the_game_says_who_won_and_why_and_a_rematch_swaps_the_seats():
    s = Session.new("loose", {"size": 9})
    s.play("pass")
    s.play("pass")
    v = s.view(Preferences())
    assert v["result"] == {"headline": "White wins", "reason": v["result"]["reason"], "winners": ["White"]}
    assert v["result"]["reason"] and v["prompt"] == f"Game over: White wins ({v['result']['reason']})"
    r = s.rematch()
    assert r.record.moves == [] and r.record.options == s.record.options
    assert r.view(Preferences())["seats"] == [["Player 2", "Black"], ["Player 1", "White"]]
    assert r.rematch().view(Preferences())["seats"][0] == ["Player 1", "Black"]


def test_typing_a_wall_of_text_gives_a_short_message():
    s = Session.new("loose", {"size": 9})
    message = s.type_move("x" * 3000)
    assert len(message) < 120 and "not a move" in message


def test_preferences_ignore_what_the_page_keeps_for_itself():
    assert Preferences.of({"coordinates": False, "theme": "dark", "sound": True}) == Preferences(coordinates=False)


def test_keyboard_choice_of_a_point_follows_the_confirm_preference():
    s = Session.new("loose", {"size": 9})
    e5 = B9.parse("e5")
    assert s.choose_point(e5, confirm=True) is None and s.pending == e5 and s.ply == 0
    assert s.view(Preferences())["pending_point"] == e5
    assert s.choose_point(e5, confirm=True) is None and s.ply == 1, "choosing the selected point again plays it"
    assert s.choose_point(e5, confirm=True) == "that point is already occupied"


# -- what the page draws -----------------------------------------------------------------

def test_a_view_is_small_and_leaves_the_board_geometry_out():
    s = long_game(40)
    v = s.view(Preferences())
    assert v["board"] == "square9" and "lines" not in v["scene"] and "points" not in v["scene"]
    assert len(v["scene"]["stones"]) == sum(1 for c in s.game.stones if c)
    assert len(json.dumps(v["scene"])) < 1500
    assert geometry_for("square9") is geometry(B9), "the geometry is made once per board"


def test_analysis_is_computed_only_when_drawn():
    s = Session.new("gardar", {"size": 4})
    calls = []
    original = s.game.annotations
    s.game.annotations = lambda: calls.append(1) or original()
    s.view(Preferences(overlays=False))  # turned off (Gardar shows it by default)
    assert calls == []
    assert s.view(Preferences(overlays=True))["scene"]["legend"] is not None and calls == [1]


def test_square_coordinates_go_round_the_board_and_hex_boards_label_both_coordinates():
    g = geometry(B9)
    texts = [lab["text"] for lab in g["labels"]]
    assert len(texts) == 36 and texts.count("a") == 2 and texts.count("9") == 2
    hexagon = Board.hexagon(5)
    h = geometry(hexagon)
    letters = {lab["text"] for lab in h["labels"] if lab["text"].isalpha()}
    numbers = {lab["text"] for lab in h["labels"] if lab["text"].isdigit()}
    assert letters == {hexagon.label(p)[0] for p in range(len(hexagon))}
    assert numbers == {str(n) for n in range(1, 10)}
    for lab in h["labels"]:  # each label points out of the board, never across it
        x, y = lab["x"] + lab["dx"], lab["y"] + lab["dy"]
        assert hexagon.nearest(x, y, radius=0.7) is None, lab
    # a number label continues its line of points: the next point along it has that number
    for lab in h["labels"]:
        if lab["text"].isdigit() and lab["text"] != "9":  # 9: the middle row's last point alone
            inward = hexagon.nearest(lab["x"] - lab["dx"], lab["y"] - lab["dy"], radius=0.2)
            assert inward is None or hexagon.label(inward)[1:] == lab["text"], lab


@pytest.mark.parametrize("board", [Board.square(5), Board.square(19), Board.hexagon(9)])
@pytest.mark.parametrize("width", [300, 380, 640])
def test_coordinates_are_legible_and_clear_of_the_stones_at_every_size(board, width):
    box = layout(geometry(board), width, coordinates=True, edges=False)
    assert 11 <= box["font"] <= 15
    assert box["reach"] >= 0.46
    assert box["ox"] * box["k"] >= box["reach"] * box["k"] + box["font"] / 2, "labels fit between the stones and the edge"


def test_svg_draws_a_position_with_its_edges_and_winning_row():
    s, _ = Session.from_fragment("v=1&g=pente&size=9&opening=none&s1=a1.b1.c1.d1&t=1&m=e1")
    picture = svg(s.view(Preferences())["scene"], width=300)
    assert picture.count("<text") == 36 and picture.count("<polyline") > 16
    c, _ = Session.from_fragment("v=1&g=convacu&size=5")
    assert c.view(Preferences())["scene"]["edges"][0]["line"][1] == -0.62
    assert math.isclose(layout(geometry(Board.square(5)), 300, True, True)["reach"], 0.71)


# -- questions to the computer player ----------------------------------------------------

async def no_pause():
    """A pause that does not suspend, so a question runs to its end in one ``send``
    (Pyodide under Node has no event loop to run ``asyncio.run``)."""


def finish(question):
    try:
        question.send(None)
    except StopIteration as done:
        return done.value
    raise AssertionError("the question waited for an event loop")


def ask(request):
    return finish(ask_computer(request, no_pause))


def test_computer_answers_a_move_for_its_seat_and_it_is_played_at_the_end():
    s = Session.new("loose", {"size": 9})
    click(s, "e5")
    answer = ask({"id": 7, "fragment": s.fragment(), "purpose": "move", "level": "beginner", "seat": 1})
    assert answer["id"] == 7 and answer["purpose"] == "move" and answer["key"] == s.record_key()
    assert set(answer["chances"]) == {"Black", "White"} and 0 < answer["work"] <= 50
    assert abs(sum(answer["chances"].values()) - 1) < 0.01
    s.goto(0)  # the player looks back meanwhile
    assert s.computer_move(answer["move"], answer["key"]) is None
    assert s.ply == 0 and len(s.record.moves) == 2
    assert s.computer_move(answer["move"], answer["key"]).startswith("the game changed")


def test_computer_refuses_what_is_not_its_to_answer():
    s = Session.new("loose", {"size": 9})
    click(s, "e5")
    click(s, "d4")
    def refusal(**request):
        return ask({"id": 1, "level": "beginner", **request}).get("refused", "")
    assert refusal(fragment=s.fragment(), purpose="move", seat=1) == "it is Player 1's turn, not the computer's"
    s.goto(1)
    assert refusal(fragment=s.fragment(), purpose="move", seat=1).startswith("the computer moves only at the end")
    assert "move" in ask({"id": 1, "fragment": s.fragment(), "purpose": "hint", "level": "beginner"})
    s.goto(2)
    s.play("pass")
    s.play("pass")
    assert refusal(fragment=s.fragment(), purpose="hint").startswith("the game is over")
    assert refusal(fragment="v=1&g=chess", purpose="hint").startswith("the position could not be read")
    assert refusal(fragment=s.fragment(), purpose="resign") == "'resign' is not something the computer can be asked"
    assert ask({"id": 1, "fragment": s.fragment(), "purpose": "hint", "level": "expert"})["refused"].startswith(
        "unknown level 'expert'")


@pytest.mark.parametrize("fragment, seat", [("v=1&g=vacu&size=5&m=c3", 1), ("v=1&g=pente&size=9&opening=none", 0),
                                            ("v=1&g=gardar&size=4&m=a1", 1), ("v=1&g=convacu&size=5", 0)])
def test_a_hint_is_the_move_the_computer_would_play(fragment, seat, monkeypatch):
    """Same engine, same position, same seed: with a budget of playouts rather than time
    (here so long a time that only the playouts count), the same move."""
    monkeypatch.setattr(ai, "level", lambda name: ai.Player(name, seconds=600, iterations=40))
    hint = ask({"id": 1, "fragment": fragment, "purpose": "hint", "level": "beginner"})
    move = ask({"id": 2, "fragment": fragment, "purpose": "move", "level": "beginner", "seat": seat})
    assert hint["move"] == move["move"] and hint["chances"] == move["chances"]


def test_a_cancelled_question_stops_thinking():
    answer = finish(ask_computer({"id": 3, "fragment": "v=1&g=loose&size=9", "purpose": "hint", "level": "hard"},
                                 no_pause, cancelled=lambda: True))
    assert answer == {"id": 3, "cancelled": True}


def test_levels_for_the_page():
    names = [level["name"] for level in levels()]
    assert names == ["beginner", "easy", "medium", "hard", "strongest"]
    assert all(level["about"] and level["seconds"] > 0 for level in levels())


def test_a_path_a_game_marks_as_a_result_is_highlighted_whatever_its_label():
    """The game says which annotations are results (``highlight``): Convacu's winning
    chain is; the drawing does not go by the label."""
    s, _ = Session.from_fragment("v=1&g=convacu&size=5&m=c1.b1.c2.b2.c3.b3.c4.b4.c5")
    chain = [s.game.board.parse(label) for label in ["c1", "c2", "c3", "c4", "c5"]]
    paths = s.view(Preferences())["scene"]["paths"]
    assert s.game.is_over() and [(p["points"], p["highlight"]) for p in paths] == [(chain, True)]
    assert 'stroke="#ffd54a"' in svg(s.view(Preferences())["scene"])
    s.game.annotations = lambda: [{"kind": "path", "points": chain, "colour": 1, "closed": False, "label": "winning chain"}]
    assert [p["highlight"] for p in s.view(Preferences())["scene"]["paths"]] == [False]


def test_resigning_ends_the_game_for_the_side_to_move_and_undo_takes_it_back():
    s = Session.new("loose", {"size": 9})
    s.play(40)
    assert s.resign() is None
    v = s.view(Preferences())
    assert v["over"] and v["prompt"] == "Game over: Black wins (White resigns)" and not v["can_resign"]
    assert s.play(41) == "the game is over" and s.record.moves == [40]
    assert "r=2" in s.fragment() and Session.from_fragment(s.fragment())[0].view(Preferences())["over"]
    assert s.undo() is None and s.record.moves == [40] and not s.view(Preferences())["over"]
    s.goto(0)
    assert s.resign() == "go to the last move to resign"


def test_resigning_gives_the_game_to_the_whole_other_side():
    teams = Session.new("pente", {"players": 4, "teams": True, "opening": "none"})
    teams.resign()
    assert teams.view(Preferences())["result"]["winners"] == ["Black", "Blue"]
    free = Session.new("pente", {"players": 3, "opening": "none"})
    free.resign()
    assert free.view(Preferences())["result"]["winners"] == ["Black", "Orange"]


def test_a_resigned_line_left_for_another_keeps_its_resignation():
    s = Session.new("loose", {"size": 9})
    s.play(40)
    s.play(41)
    s.resign()
    s.goto(1)
    assert s.play(50) is None and not s.record.resigned
    assert s.take_line(0) is None and s.record.moves == [40, 41] and s.record.resigned == 1


def test_the_computer_refuses_a_resigned_game():
    s = Session.new("loose", {"size": 9})
    s.resign()
    with pytest.raises(ValueError, match="the game is over"):
        ComputerTask.ask(s.fragment(), "move", "beginner", seat=0)


# -- a first visit (issue 22) -----------------------------------------------------------


def test_a_game_against_the_computer_travels_in_its_link_and_old_links_open_as_before():
    session = Session.new("loose", {"size": 9}, computer={1: "medium"})
    click(session, "e5")
    link = session.fragment()
    assert link == "v=1&g=loose&size=9&m=e5&ai=2:medium"
    again, errors = Session.from_fragment(link)
    assert errors == [] and again.computer == {1: "medium"} and again.record.moves == session.record.moves
    assert again.view(Preferences())["computer"] == {"1": "medium"}
    # a link from before the computer's seats were kept: a game between people, as it was
    old, errors = Session.from_fragment("v=1&g=loose&size=9&m=e5")
    assert errors == [] and old.computer == {} and old.seat_names() == ["Player 1", "Player 2"]
    assert old.fragment() == "v=1&g=loose&size=9&m=e5"


def test_a_broken_computer_seat_in_a_link_is_left_to_a_person_with_a_message():
    session, errors = Session.from_fragment("v=1&g=loose&size=9&ai=7:medium,2:genius,oops")
    assert session.computer == {} and len(errors) == 3
    assert all("that seat is a person's" in e for e in errors)
    session, errors = Session.from_fragment("v=1&g=loose&size=9&ai=2:easy,9:hard")
    assert session.computer == {1: "easy"} and len(errors) == 1


def test_the_player_strip_says_you_and_the_computer_and_a_record_names_the_computer():
    session = Session.new("loose", computer={1: "medium"})
    view = session.view(Preferences())
    assert [name for name, _colour in view["seats"]] == ["You", "Computer (medium)"]
    assert session.seat_names(record=True) == ["Player 1", "Computer (medium)"]
    # a rematch swaps the colours: the computer moves to the next seat with its player
    rematch = session.rematch()
    assert rematch.computer == {0: "medium"} and rematch.seat_names() == ["Computer (medium)", "You"]
    assert Session.new("loose").seat_names() == ["Player 1", "Player 2"]


def test_a_colour_choice_is_said_as_the_choosing_seat_taking_that_colour():
    session = Session.new("pente", {"opening": "swap2"})
    for label in ["j10", "k10", "j11"]:
        session.play(session.game.board.parse(label))
    session.choose("white")
    view = session.view(Preferences())
    assert view["move_list"][-1][0] == "chose White"
    assert view["last"] == "Player 2 chose White"  # not "Black played white"


def test_a_team_result_reads_as_one_side():
    teams = Session.new("pente", {"players": 4, "teams": True, "opening": "none"})
    teams.resign()
    assert teams.view(Preferences())["result"]["headline"] == "Black and Blue win"
    free = Session.new("pente", {"players": 4, "opening": "none"})
    free.resign()
    assert free.view(Preferences())["result"]["headline"] == "Black, Orange and Blue win"


def korean_installed() -> bool:
    """Whether the Korean catalog is there (the site's wheel leaves it to the page)."""
    try:
        with language("ko"):
            return True
    except ValueError:
        return False


@pytest.mark.skipif(not korean_installed(), reason="the Korean catalog is not installed here")
def test_in_korean_the_strip_the_colour_choice_and_a_team_result_read_naturally():
    with language("ko"):
        assert Session.new("loose", computer={1: "medium"}).seat_names() == ["나", "컴퓨터 (보통)"]
        session = Session.new("pente", {"opening": "swap2"})
        for label in ["j10", "k10", "j11"]:
            session.play(session.game.board.parse(label))
        session.choose("white")
        assert session.view(Preferences())["move_list"][-1][0] == "백 선택"
        teams = Session.new("pente", {"players": 4, "teams": True, "opening": "none"})
        teams.resign()
        assert teams.view(Preferences())["result"]["headline"] == "흑·파랑 승리"


def test_newcomer_defaults_pro_opening_and_advanced_options_folded():
    pente = {f["name"]: f for f in option_fields("pente")}
    assert pente["opening"]["default"] == "pro" and not pente["opening"]["advanced"]
    assert pente["overtime"]["advanced"] and not pente["players"]["advanced"]
    gardar = [f for f in option_fields("gardar")]
    assert [f["name"] for f in gardar if not f["advanced"]] == ["size", "komi", "pie"]
    assert len([f for f in gardar if f["advanced"]]) == 8
    first = Session.newcomer("pente")
    assert first.record.options["opening"] == "pro" and "Swap" not in first.game.prompt()
    # a link that leaves the opening out keeps the game's own default, as it always did
    linked, _errors = Session.from_fragment("v=1&g=pente")
    assert linked.record.options["opening"] == "auto"


def test_gardar_says_how_its_count_works_beside_the_score():
    gardar = Session.new("gardar", {"size": 5})
    assert gardar.view(Preferences())["score_help"].startswith("How the count works")
    assert Session.new("gardar", {"size": 5, "surplus": "all"}).view(Preferences())["score_help"] != \
        gardar.view(Preferences())["score_help"]
    assert Session.new("loose").view(Preferences())["score_help"] == ""


def test_a_label_on_the_last_move_replaces_its_dot():
    session, _errors = Session.from_fragment("v=1&g=loose&size=9&m=e5&marks=1:e5")
    scene = session.view(Preferences())["scene"]
    assert scene["last"] is None and scene["marks"][0]["text"] == "1"
    plain, _errors = Session.from_fragment("v=1&g=loose&size=9&m=e5")
    assert plain.view(Preferences())["scene"]["last"] == B9.parse("e5")
    # the SVG diagram draws no dot under the label either
    assert svg(scene).count("<circle") == svg(plain.view(Preferences())["scene"]).count("<circle") - 1


@pytest.mark.parametrize("board", [Board.square(9), Board.hexagon(5)])
def test_coordinates_sit_off_the_wooden_edge(board):
    geom = geometry(board)
    box = layout(geom, 600, coordinates=True, edges=False)
    # the wood's farthest reach beyond the points, in board units
    wood = max(max(-x, -y, x - geom["width"], y - geom["height"]) for x, y in geom["wood"])
    assert box["reach"] >= wood - 1e-6, "labels start beyond the wood, not on its edge"


def test_gardar_shows_its_scoring_overlay_until_the_player_turns_it_off():
    gardar = Session.new("gardar", {"size": 5})
    gardar.play(gardar.game.board.parse("e5"))
    assert gardar.view(Preferences())["overlays"] and gardar.view(Preferences())["scene"]["marks"]
    assert not gardar.view(Preferences.of({"overlays": False}))["scene"]["marks"]
    assert not Session.new("loose").view(Preferences())["overlays"]
    assert Preferences.of({"overlays": None}).overlays is None
