"""The page's behaviour without a browser: clicks, undo/redo, history, links."""

import pytest

from pygames import Board, ai
from pygames.session import Preferences, Session, ask_computer, levels, option_fields

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
