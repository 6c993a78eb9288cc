"""The accessible layer (kit.ui.access) in plain Python: the move box, the
announcements, the text view, the board's name, the focus after Start.

What the browser does is sent as the browser sends it (the move box's Enter is
a custom message ``{"event": "move", "text": ...}``). The key handling itself
(Tab and Esc leave a board, the wheel scrolls) is JavaScript: the browser tests
(tests/browser/test_access_browser.py) try it.
"""

from __future__ import annotations

import pytest

from kit import games
from kit.iota import Board as IotaBoard
from kit.lessons.exercise import Exercise, Help, Verdict
from kit.lessons.mattix.boards import board_for
from kit.mattix import Board as MattixBoard
from kit.mattix import Game as MattixGame
from kit.smartrix import Board as SmartrixBoard
from kit.testing.events import click
from kit.ui.access import Access
from kit.ui.app import Launcher


def board(cls=MattixBoard, **kwargs):
    b = cls(**{"delay": 0, "seed": 3, "seats": ["human", "greedy"], **kwargs})
    b.view.raise_errors = True
    return b


def enter(b, text: str) -> None:
    """What Enter in the board's move box sends from the browser."""
    b.access._handle_custom_msg({"event": "move", "text": text}, [])


@pytest.mark.parametrize("spec", games.all(), ids=lambda s: s.name)
def test_every_live_board_has_a_named_move_box_and_a_text_view_switch(spec):
    cls, name = spec.load_board(), f"{spec.title} board"
    b = board(cls, seats=["human", spec.opponent])
    assert b.access.move_box and b.access.text_switch
    assert b.access.labels["move"] == "Move"
    assert b.access.name == name
    assert b.access.placeholder.startswith("for example ")
    assert "to move" in b.access.description
    assert "arrow keys" in b._notation_html()    # its key map is registered and shown


@pytest.mark.parametrize(("lang", "name"), [("es", "Tablero de Nim"), ("bg", "Дъска на Ним")])
def test_a_boards_name_says_the_games_title_in_the_language(lang, name):
    """What a screen reader names the board is what the game picker calls the game
    (Bulgarian writes Nim "Ним"), not the registry's English title."""
    from kit.i18n import speaking
    spec = games.get("nim")
    with speaking(lang):
        b = board(spec.load_board(), seats=["human", spec.opponent])
    assert b.access.name == name


def test_a_typed_move_is_played_through_submit_and_announced():
    b = board()
    move = b.game.legal_moves()[0]
    submitted = []
    played = b.submit
    b.submit = lambda m: submitted.append(m) or played(m)   # as a lesson's board wraps it
    enter(b, f"  {move} ")
    assert submitted == [move]
    assert b.game.history[0] == move
    assert b.access.typed == ""                      # the box is emptied once it played
    assert f"played {move}" in b.access.said and not b.access.urgent
    assert "played" in b.access.said.split(f"played {move}")[1]   # the computer's reply too


def test_text_that_is_no_move_is_refused_at_once_and_kept_in_the_box():
    b = board()
    before = b.game.copy()
    enter(b, "take 9")
    assert b.game == before
    assert b.access.urgent and b.access.said.startswith("That is not a move: cannot read 'take 9'")
    assert b.view.message == b.access.said
    assert b.access.typed == "take 9"                # nothing lost: the student mends it
    enter(b, "   ")
    assert b.access.urgent and "Type a move first" in b.access.said


def test_an_illegal_typed_move_is_refused_exactly_as_its_click():
    clicked, typed = board(), board()
    bad = next((r, c) for r in range(clicked.game.size) for c in range(clicked.game.size)
               if (r, c) not in {(m.row, m.col) for m in clicked.game.legal_moves()})
    click(clicked.canvas, *clicked.xy(bad))
    enter(typed, f"{bad[0]},{bad[1]}")
    assert typed.view.message == clicked.view.message and typed.view.more == clicked.view.more
    assert typed.marks == clicked.marks and typed.access.urgent
    assert not typed.game.history


def test_a_typed_move_when_no_person_may_move_is_refused_with_the_reason():
    b = board(seats=["greedy", "greedy"])
    assert b.game.is_over
    enter(b, "0,0")
    assert b.access.urgent and "The game is over" in b.access.said


def test_the_same_words_twice_are_announced_twice():
    access = Access()
    access.say("Row player to move.")
    first = access.serial
    access.say("Row player to move.")
    assert access.serial == first + 1


def test_a_typed_move_replaces_a_half_made_one():
    b = board(SmartrixBoard)
    b.selected, b.turns = 0, 1              # a hand card picked and turned, by clicks
    move = b.game.legal_moves()[0]
    enter(b, str(move))
    assert b.game.history[0] == move and b.selected is None and b.turns == 0


def test_the_text_view_shows_the_live_position_only_while_it_is_on():
    b = board()
    assert b.access.position == ""                  # off: no text is sent
    b.access.text_view = True
    assert b.access.position.startswith("Mattix 4x4")
    assert "Row player (you) to move." in b.access.position
    move = b.game.legal_moves()[0]
    enter(b, str(move))
    assert "Last move: " in b.access.position and str(b.game) in b.access.position


@pytest.mark.parametrize("cls", [IotaBoard, SmartrixBoard])
def test_the_text_view_hides_the_hand_the_board_hides(cls):
    b = board(cls, seats=["greedy", "human"], cover_hands=False)   # the computer moved first
    b.access.text_view = True
    mover = b.game.to_move
    text = b.position_text()
    shown = b.game.hand if cls is IotaBoard else b.game.hand(mover)
    assert " ".join(shown) in text
    computer = 0
    if cls is SmartrixBoard:
        hidden = " ".join(b.game.hand(computer))
        assert hidden not in text and "cards, hidden" in text
    # The computer's own turn: its hand is not shown.
    c = board(cls, seats=["human", "greedy"], delay=0)
    c.game.play(c.game.legal_moves()[0])   # now the computer is to move, nothing run
    hand = c.game.hand if cls is IotaBoard else c.game.hand(1)
    assert " ".join(hand) not in c.position_text() and "hidden" in c.position_text()


def test_a_board_exercise_plays_the_typed_move_through_its_own_path():
    game = MattixGame.new(seed=2, size=4)
    b = board_for(game)
    bad = "9,9"
    enter(b, bad)
    assert b.access.urgent and not b.game.history
    move = b.game.legal_moves()[0]
    enter(b, str(move))
    assert b.game.history == [move] and b.refused is None   # the exercise saw the take


def test_an_exercise_announces_its_verdict_and_hints():
    ex = Exercise("What is 2 + 2?",
                  lambda a: Verdict(a.strip() == "4", "Yes." if a.strip() == "4"
                                                      else "Not that."),
                  help=Help(hints=["Count on your fingers."]))
    ex.raise_errors = True
    ex.submit("5")
    assert ex.access.urgent and "Not that." in ex.access.said
    ex.hint()
    assert "Count on your fingers." in ex.access.said and not ex.access.urgent
    ex.submit("4")
    assert "Yes." in ex.access.said and not ex.access.urgent


def test_start_puts_the_focus_on_the_new_board_and_the_first_load_does_not():
    app = Launcher(delay=0)
    assert app.board.access.focus_serial == 0      # the page opens at its top
    board_ = app.start_game(focus=True)
    assert board_.access.focus_serial == 1


def test_a_typed_move_redraws_the_board_in_one_canvas_message(canvas_messages):
    b = board(seats=["human", "human"])
    canvas_messages.clear()
    enter(b, str(b.game.legal_moves()[0]))
    assert len(canvas_messages) == 1


def test_the_game_pickers_status_line_is_lent_a_live_role():
    """The picker's status ("Now playing Mattix, deal 1: ...") is announced: a layer
    with ``live_for`` makes that line itself the polite region (its words once on the
    page); the browser test (tests/browser/test_keys_play_browser.py) hears it."""
    from kit.ui.app import STATUS_CLASS
    app = Launcher(delay=0)
    assert app.live.live_for == STATUS_CLASS and app.live in app.children
    assert STATUS_CLASS in app.status._dom_classes
    assert not app.live.move_box and not app.live.text_switch
