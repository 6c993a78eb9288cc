"""The app-mode picker (kit.ui.app): dropdowns set, Start clicked, as a person would."""

import asyncio
import json
from pathlib import Path

import pytest

from kit import games, iota, mattix, smartrix
from kit.ui.app import Launcher, choices, launcher

ROOT = Path(__file__).resolve().parents[1]
BOARDS = {spec.title: spec.load_board() for spec in games.all()}


def picked(game: str, players=None, seats=(), deal=1, **options) -> Launcher:
    """A launcher with these choices made in its widgets (not yet started)."""
    app = Launcher(delay=0, start=False)
    app.game.value = game
    if players is not None:
        app.players.value = players
    for dropdown, seat in zip(app.seats, seats, strict=False):
        dropdown.value = seat
    app.deal.value = deal
    for name, value in options.items():
        (app.options.get(name) or app.player_options[name]).value = value
    return app


def test_the_page_opens_with_a_first_game_already_drawn():
    app = launcher(delay=0)
    assert isinstance(app.board, iota.Board) and app.stage.children == (app.board,)
    assert app.board.seats == ["human", "greedy"] and app.board.human_to_move
    assert app.board.view.redraws >= 1


def test_each_game_offers_a_person_or_its_own_computer_players_on_every_seat():
    app = Launcher(start=False)
    for game in [*BOARDS, "IOTA"]:   # the first IOTA: before any change
        if app.game.value != game:
            app.game.value = game
        for seat in app.seats:
            assert [value for _label, value in seat.options] == ["human", *BOARDS[game].PLAYERS]
    assert list(iota.Board.PLAYERS) == ["random", "greedy", "planner", "lookahead"]
    assert list(mattix.Board.PLAYERS) == ["random", "greedy", "lookahead", "search"]
    assert list(smartrix.Board.PLAYERS) == ["random", "greedy", "cautious", "lookahead"]


@pytest.mark.parametrize("game", [spec.title for spec in games.all()])
def test_start_builds_the_chosen_game_with_the_chosen_seats_and_deal(game):
    computer = list(BOARDS[game].PLAYERS)[0]
    app = picked(game, seats=["human", computer], deal=7)
    app.start.click()
    board = app.board
    assert type(board) is BOARDS[game] and app.stage.children == (board,)
    assert board.seats == ["human", computer] and board.seed == 7 and board.delay == 0
    assert board.game.to_dict() == board.new_game(7).to_dict()   # deal 7, as chosen
    assert game in app.status.value and f"computer: {computer}" in app.status.value


def test_the_number_of_players_sets_the_seats_and_the_game():
    app = picked("IOTA", players=3, seats=["human", "planner", "random"])
    assert [w.description for w in app.seats] == ["Seat 1", "Seat 2", "Seat 3"]
    board = app.start_game()
    assert board.game.players == 3 and board.seats == ["human", "planner", "random"]
    app = picked("Smartrix", players=5)
    assert len(app.seats) == 5 and app.start_game().game.players == 5


def test_mattix_has_no_player_count_but_a_board_size_and_a_search_time():
    app = picked("Mattix", seats=["search", "human"], size=5, level=2, time_limit=2.0)
    assert app.players.layout.display == "none" and "players" not in app.settings()
    assert [w.description for w in app.seats] == ["Row player", "Column player"]
    board = app.start_game()
    assert board.game.size == 5 and board.options == {"size": 5, "level": 2}
    assert board.players[0].time_limit == 2.0 and board.players[1] is None


def test_a_game_of_computers_only_plays_itself_to_the_end():
    app = picked("Smartrix", seats=["random", "greedy"])
    assert app.start_game().game.is_over   # no event loop here: the moves run at once


def test_a_refused_choice_says_why_and_keeps_the_board_on_the_page(monkeypatch):
    class Refusing(iota.Board):
        def __init__(self, *args, **kwargs):
            raise ValueError("IOTA is for 1 to 4 players, not 9")

    app = launcher(delay=0)
    first = app.board
    monkeypatch.setattr("kit.iota.board.Board", Refusing)   # where IOTA's registration names it
    app.start.click()
    assert app.board is first and app.stage.children == (first,)
    assert "Cannot start: IOTA is for 1 to 4 players, not 9" in app.status.value


def test_starting_again_stops_the_old_boards_computer_turns():
    async def scenario():
        app = picked("IOTA", seats=["greedy", "greedy"])
        app.delay = 0.5
        old = app.start_game()
        assert old.busy and not old.task.done()
        new = app.start_game()
        await asyncio.sleep(0.05)
        assert old.task.cancelled() and app.board is new
        new.task.cancel()

    asyncio.run(scenario())


def test_the_play_notebook_is_one_call_and_says_nothing_about_running_cells():
    nb = json.loads((ROOT / "notebooks" / "play.ipynb").read_text())
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert code == ["from kit.ui.app import launcher\n\nlauncher()"]
    text = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    for word in ("cell", "run", "Shift", "kernel", "code"):
        assert word.lower() not in text.lower(), word


def test_every_game_names_its_seats_counting_people_from_1():
    names = {key: [choice.seat_name(i) for i in range(2)] for key, choice in choices().items()}
    assert all("0" not in " ".join(n) for n in names.values()), names


def test_the_choices_fold_away_once_a_game_is_on_and_a_button_brings_them_back():
    """At 1366 x 768 the page's words and the choices pushed the IOTA hand off the screen."""
    app = launcher(delay=0)
    assert app.board is not None and not app.choices_shown
    assert app.picker.layout.display == "none" and app.toggle.layout.display is None
    assert "IOTA, deal 1:" in app.status.value            # what is on, in one line
    app.toggle.click()
    assert app.choices_shown and app.toggle.description == "Hide the choices"
    app.game.value = "Mattix"
    app.start.click()
    assert isinstance(app.board, mattix.Board) and not app.choices_shown
    assert app.toggle.description == "Change game or seats"
    empty = Launcher(delay=0, start=False)                 # nothing on yet: the choices show
    assert empty.choices_shown and empty.toggle.layout.display == "none"
