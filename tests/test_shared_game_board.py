"""The board shell (kit.ui.game.GameBoard) through the Mattix board.

What is the same on every board: seats, computer turns (as asyncio tasks
when a loop runs, as in the kernel), refusals while the computer moves,
undo to a person's turn and its refusal over a hidden draw, hidden hands,
and a computer player that fails.
"""

import asyncio

import pytest

from kit.errors import IllegalMove
from kit.mattix import Board
from kit.testing.events import click


def board(cls=Board, **kwargs):
    b = cls(**{"delay": 0, "seed": 3, **kwargs})
    b.view.raise_errors = True
    return b


def take_first(b):
    m = b.game.legal_moves()[0]
    click(b.canvas, *b.xy((m.row, m.col)))


def test_seats_are_checked_by_name_and_count():
    with pytest.raises(ValueError, match="unknown seat 'genius'.*'search'"):
        Board(seats=["human", "genius"])
    with pytest.raises(ValueError, match="names 3 seat"):
        Board(seats=["human"] * 3)


def test_undo_steps_back_over_the_computer_to_your_turn_and_redo_replays():
    b = board(seats=["human", "greedy"])
    take_first(b)
    take_first(b)
    assert len(b.game.history) == 4
    b.controls["undo"].click()
    assert len(b.game.history) == 2 and b.human_to_move
    assert "Took back 2 moves" in b.view.message
    b.controls["redo"].click()
    assert len(b.game.history) == 4 and b.human_to_move
    b.controls["redo"].click()
    assert "Nothing to redo" in b.view.message


def test_undo_with_nothing_of_yours_to_take_back_is_refused():
    b = board(seats=["greedy", "human"])
    b.controls["undo"].click()
    assert len(b.game.history) == 1
    assert "Nothing of yours to undo" in b.view.message


class DeckBoard(Board):
    """A Mattix board pretending each move draws from a hidden deck."""

    def deck_count(self, game):
        return 50 - len(game.history)


def test_undo_refuses_to_step_back_over_a_hidden_draw_when_two_people_play():
    b = board(DeckBoard, seats=["human", "human"])
    take_first(b)
    b.controls["undo"].click()
    assert len(b.game.history) == 1
    assert "hidden deck" in b.view.message
    alone = board(DeckBoard, seats=["human", "greedy"])
    take_first(alone)
    alone.controls["undo"].click()   # one person: nobody else to peek at
    assert alone.game.history == []


def test_undo_policy_one_move_takes_back_one_move_at_a_time_even_over_a_draw():
    # One student plays every seat (a lesson's exercise board): nobody else saw the
    # drawn cards, so Undo steps back move by move where "to_person" is refused.
    b = board(DeckBoard, seats=["human", "human"], undo_policy="one_move")
    for _ in range(3):
        take_first(b)
    b.controls["undo"].click()
    assert len(b.game.history) == 2 and "Took back 1 move." in b.view.message
    b.controls["undo"].click()
    b.controls["undo"].click()
    assert b.game.history == []
    b.controls["undo"].click()
    assert "Nothing of yours to undo" in b.view.message
    b.controls["redo"].click()
    assert len(b.game.history) == 1 and "Replayed 1 move." in b.view.message


def test_undo_policy_to_person_is_the_default_and_other_names_are_refused():
    b = board(seats=["human", "greedy"])
    assert b.undo_policy == "to_person"
    with pytest.raises(ValueError, match="unknown undo_policy 'all'.*'one_move'"):
        Board(undo_policy="all")
    with pytest.raises(ValueError, match="a person plays every seat"):
        Board(seats=["human", "greedy"], undo_policy="one_move")


def test_undo_policy_one_move_covers_no_hand():
    b = board(seats=["human", "human"], cover_hands=True, undo_policy="one_move")
    assert not b.hand_hidden
    assert board(seats=["human", "human"], cover_hands=True).hand_hidden


def test_covered_hands_wait_for_a_click_which_plays_nothing():
    b = board(seats=["human", "human"], cover_hands=True)
    assert b.hand_hidden and b.shown_seats() == set()
    assert "click the board or press Enter on it to show your hand" in b.view.message
    take_first(b)                       # this click only uncovers the hand
    assert b.game.history == [] and not b.hand_hidden
    assert b.shown_seats() == {0, 1}
    take_first(b)
    assert len(b.game.history) == 1 and b.hand_hidden
    open_board = board(seats=["human", "greedy"], open_hands=True)
    assert open_board.shown_seats() == {0, 1}
    alone = board(seats=["human", "greedy"])
    assert alone.shown_seats() == {0}


class Broken:
    name = "broken"

    def choose(self, game, rng):
        raise RuntimeError("the broken player gave up")


class Cheat:
    name = "cheat"

    def choose(self, game, rng):
        return game.star  # the star's own cell: never a legal take


def with_bad_player(player, **kwargs):
    class WithBadPlayer(Board):
        PLAYERS = {**Board.PLAYERS, "bad": player}

    return board(WithBadPlayer, seats=["human", "bad"], **kwargs)


BAD_PLAYERS = [(Broken, "the broken player gave up", RuntimeError),
               (Cheat, "star's cell", IllegalMove)]


@pytest.mark.allow_logged_errors
@pytest.mark.parametrize("player, words, error", BAD_PLAYERS)
def test_a_computer_seat_that_fails_leaves_the_game_unchanged_and_says_so(player, words, error,
                                                                           caplog):
    b = with_bad_player(player)
    b.view.raise_errors = False          # as in class: shown, not raised
    take_first(b)
    assert len(b.game.history) == 1 and b.game.to_move == 1
    assert words in b.view.message and "unchanged" in b.view.message
    shown = "".join(o.get("text", "") for o in b.view.errors.outputs)
    assert words in shown and "Traceback" in shown
    [record] = [r for r in caplog.records if "computer player failed" in r.getMessage()]
    assert record.levelname == "ERROR" and record.exc_info[0] is error


@pytest.mark.allow_logged_errors
@pytest.mark.parametrize("player, words, error", BAD_PLAYERS)
def test_a_failing_computer_player_fails_a_board_built_with_raise_errors(player, words, error):
    b = with_bad_player(player)           # raise_errors: as every board test builds it
    # Called directly: through a canvas click, ipywidgets' dispatcher catches the
    # exception and logs it, which fails the test through conftest (next test).
    with pytest.raises(error, match=words):
        b.submit(b.game.legal_moves()[0])


def test_a_failing_computer_player_fails_the_test_through_the_log():
    # Without the opt-out, conftest turns the logged error into a failure too.
    with pytest.raises(AssertionError, match="error logged during test"):
        take_first(with_bad_player(Broken))


@pytest.mark.allow_logged_errors
def test_a_failing_computer_player_in_a_running_loop_fails_settled():
    async def scenario():
        b = with_bad_player(Broken, delay=0)
        take_first(b)
        with pytest.raises(RuntimeError, match="gave up"):
            await b.settled()
        assert len(b.game.history) == 1 and not b.busy

    asyncio.run(scenario())


def test_in_a_running_loop_the_computer_moves_as_a_task_and_clicks_wait():
    async def scenario():
        b = board(seats=["search", "human"], size=5, delay=0.05,
                  player_options={"time_limit": 0.3})
        assert b.busy and b.task is not None
        before = b.game.to_dict()
        take_first(b)                               # a click while it thinks
        b.controls["undo"].click()
        b.controls["new"].click()
        assert "Wait" in b.view.message
        assert b.game.to_dict() == before
        assert all(button.disabled for button in b.controls.values())
        await b.settled()
        assert not b.busy and b.human_to_move and len(b.game.history) == 1
        assert not any(button.disabled for button in b.controls.values())
        take_first(b)
        await b.settled()
        assert len(b.game.history) == 3

    asyncio.run(scenario())


def test_a_hint_in_a_running_loop_runs_off_the_widget_thread():
    async def scenario():
        b = board(seats=["human", "human"])
        b.controls["hint"].click()
        assert b.busy
        await b.settled()
        assert b.hint_rows and "Hint:" in b.view.message

    asyncio.run(scenario())


def test_the_same_seed_gives_the_same_computer_moves():
    games = [board(seats=["random", "random"], seed=11).game.history for _ in range(2)]
    assert games[0] == games[1] and len(games[0]) > 3


def test_your_move_stays_in_the_status_beside_the_computers_reply():
    b = board(seats=["human", "greedy"])
    take_first(b)
    first, reply = b.game.history
    assert f"Row player (you) played {first}" in b.view.message
    assert f"Column player (greedy) played {reply}" in b.view.message
    assert b.view.message.endswith("Row player (you) to move.")


def test_the_status_heads_the_side_panel_beside_the_board():
    b = board(seats=["human", "greedy"])
    assert b.view.status not in b.view.children
    assert b.children[1].children[0] is b.view.status


@pytest.mark.parametrize("game", ["iota", "smartrix"])
def test_new_game_deals_for_everyone_seated(game):
    """Four seats on a given game or by seats= alone: New game deals four hands
    (the IOTA board dealt its default two into four seats)."""
    module = __import__(f"kit.{game}", fromlist=["Board", "Game"])
    for board in (module.Board(module.Game.new(players=4, seed=1), seats=["human"] * 4, delay=0),
                  module.Board(seats=["human"] * 4, delay=0, seed=1)):
        board.controls["new"].click()
        assert board.game.players == 4 and len(board.seats) == 4


def test_the_analysis_sits_under_the_buttons_and_its_rows_scroll_in_a_short_box():
    # A clicked row is drawn on the board: the rows stay in a box about six rows
    # high, right under the buttons, so the board is still in view beside them.
    b = Board(seats=["human", "human"], seed=1, delay=0, analysis=True)
    panel = b.children[1].children
    assert panel.index(b.analysis_panel) < panel.index(b.move_list)
    assert b.analysis_panel.row_box.layout.max_height == "270px"
    assert b.analysis_panel.row_box.layout.overflow == "auto"


def test_the_saved_text_names_the_game_from_the_registry_or_its_class():
    b = board()
    assert b.saved_text().startswith("<mattix board: ")

    class Unregistered:
        pass

    b.game = Unregistered()
    assert b.game_name() == "Unregistered"


def test_the_board_reads_its_last_move_and_points_from_the_game_through_undo_and_new():
    b = board(seats=["human", "greedy"])
    take_first(b)
    assert b.last_move == b.game.last_move == b.game.history[-1]
    assert b._points == list(b.game.points_history) and len(b._points) == 2
    b.game.undo()                         # changed behind the board's back: still in step
    assert b.last_move == b.game.last_move and len(b._points) == 1
    b.controls["new"].click()
    assert b.last_move is None and b._points == []


class LateFields(Board):
    """A board whose picture needs a field it sets only after super().__init__."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.frame = "late"

    def scene(self):
        assert self.frame == "late"       # the first drawing came after the whole __init__
        return super().scene()

    def clear_pending(self):
        super().clear_pending()
        self.pending = self.frame


def test_a_board_may_set_its_fields_after_super_init_the_first_drawing_waits():
    b = board(LateFields)
    assert b.pending == "late" and b.view.redraws >= 1


def test_a_teacher_pauses_the_computer_mid_thought_and_the_position_stays():
    async def scenario():
        b = board(seats=["search", "human"], size=5, delay=0.05,
                  player_options={"time_limit": 0.3}, teacher=True)
        assert b.busy and not b.teacher_controls["pause"].disabled   # usable while it thinks
        before = b.game.to_dict()
        b.teacher_controls["pause"].click()
        await b.settled()
        assert b.paused and not b.busy and b.game.to_dict() == before   # its move dropped
        assert b.teacher_controls["pause"].description == "▶ Resume"
        b.controls["new"].click()                    # a new game stays paused too
        assert b.game.history == [] and not b.busy
        b.teacher_controls["pause"].click()          # Resume: the computer plays on
        assert not b.paused and b.busy
        await b.settled()
        assert len(b.game.history) == 1 and b.human_to_move
        assert b.teacher_controls["pause"].description == "⏸ Pause"

    asyncio.run(scenario())


def test_a_paused_board_takes_no_move_and_says_why_and_a_pupils_board_has_no_pause():
    b = board(seats=["human", "greedy"], teacher=True)
    b.teacher_controls["pause"].click()
    take_first(b)
    assert b.game.history == [] and "Paused" in b.view.message
    b.controls["hint"].click()
    assert b.hint_rows == []
    b.teacher_controls["pause"].click()
    take_first(b)
    assert len(b.game.history) == 2        # the person's move and the computer's answer
    assert b.maker_box in b.children[1].children          # the panel's place, beside the board
    pupil = board(seats=["human", "greedy"])
    assert pupil.teacher_controls == {} and pupil.maker_box not in pupil.children[1].children
