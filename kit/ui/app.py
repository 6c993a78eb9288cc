"""The game picker of app mode (``make app``): choose a game and seats, then play.

One call in ``notebooks/play.ipynb``, ``launcher()``, shows a row of choices
(the game, how many players where the game allows a choice, each seat a person
or a named computer player, the game's options and the computer's strength)
and a Start button that builds that game's live ``Board`` under them. A first
game (you against the first game's greedy player) is already on the page, so the page
is never empty and the board is drawn on first load. Once a game is on, the
choices fold away behind one line (what is being played, and "Change game or
seats"), so the table, hand and buttons fit a 1366 x 768 screen.

All state is on the :class:`Launcher` object (its widgets, ``board``), so a
test sets the dropdowns and clicks Start as a person would.

Not covered: the boards themselves (``kit.<game>.board``), saving games.
"""

from __future__ import annotations

import html
import logging
from typing import Any
import ipywidgets as widgets

from kit import games
from kit.games import GameSpec, Option
from kit.i18n import _, format_list
from kit.scene import Scene
from kit.ui.access import FOCUS_CLASS, Access
from kit.ui.board import SavedPicture
from kit.ui import tasks
from kit.ui.game import HUMAN, GameBoard
from kit.ui.seats import player_name
from kit.ui.style import button

log = logging.getLogger(__name__)

STATUS_STYLE = "font-size: 17px; min-height: 1.4em;"
STATUS_CLASS = "kit-app-status"
ROW = dict(flex_flow="row wrap", align_items="flex-end")   # one Layout per row
# Each choice as wide as its text, its label beside it: rows stay short.
FIT = dict(layout={"width": "auto"}, style={"description_width": "initial"})


def intro() -> str:
    """The page's first words, naming every registered game."""
    listed = format_list([_(spec.title) for spec in games.all()], style="or")
    return ('<div style="font-size: 17px; line-height: 1.4; max-width: 900px">'
            '<h2 style="margin: 4px 0">'
            + html.escape(_("Play {games}").format(games=listed)) + "</h2>"
            # Translators: HTML; keep the tags. "random" and "search" are computer players'
            # names as the seat lists show them; "Start" is the button's label.
            + _("Choose a game and who sits at each seat: a person, or a computer player (from "
                "<i>random</i>, the weakest, to the strongest at the end of the list; a "
                "<i>search</i> player gets stronger with more time per move). Then press "
                "<b>Start</b>. Make your move on the board: click it, or use the arrow keys and Enter, "
                "or type it in the Move box. The buttons beside it take back "
                "a move, show the best moves, or deal a new game; the notation box says how moves "
                "are written.") + "</div>")


def choices() -> dict[str, GameSpec]:
    """The picker's games by title (``kit.games``' order: the first is the default); the
    English title is the key, the dropdown shows its translation."""
    return {spec.title: spec for spec in games.all()}


def computers(choice: GameSpec) -> list[str]:
    """The names of the game's computer players, as its board lists them."""
    return list(choice.load_board().PLAYERS)


def seat_choices(choice: GameSpec) -> list[tuple[str, str]]:
    """A seat dropdown's options: a person, or each computer player by name."""
    return [(_("person"), HUMAN)] + [(_("computer: {player}").format(player=player_name(name)), name)
                                     for name in computers(choice)]


class Launcher(SavedPicture, widgets.VBox):
    """Pick a game and its seats, press Start: that game's board appears below.

    ``delay`` is the computer's pause before each move shows (seconds);
    ``start`` builds the default game at once.
    """

    def __init__(self, *, delay: float = 0.8, start: bool = True) -> None:
        self.delay = delay
        self.board: GameBoard[Any, Any] | None = None   # the board on the page, or None
        titles = list(choices())
        self.game = widgets.Dropdown(options=[(_(t), t) for t in titles], value=titles[0],
                                     description=_("Game"), **FIT)
        self.players = widgets.Dropdown(description=_("Players"), **FIT)
        self.deal = widgets.BoundedIntText(value=1, min=0, max=10**9, description=_("Deal no."),
                                           layout={"width": "190px"},
                                           style={"description_width": "initial"})
        self.start = widgets.Button(description=_("Start"), button_style="primary")
        self.seats: list[widgets.Dropdown] = []            # one per seat
        self.options: dict[str, widgets.Dropdown] = {}     # the game's own, by name
        self.player_options: dict[str, widgets.Dropdown] = {}   # computer strength, by name
        self.seat_row = widgets.HBox(layout=widgets.Layout(**ROW))
        self.option_row = widgets.HBox(layout=widgets.Layout(**ROW))
        self.status = widgets.HTML(layout=widgets.Layout(flex="1 1 auto"))
        # The status line is a live region (WCAG 4.1.3): the game chosen and started
        # is announced, as a board announces its moves (kit.ui.access).
        self.status.add_class(STATUS_CLASS)
        self.live = Access(live_for=STATUS_CLASS)
        self.stage = widgets.Box()
        # The choices fold away once a game is on: at 1366 x 768 they and the page's
        # words pushed a card game's hand below the screen. One line stays: what is being
        # played, and a button that brings the choices back.
        self.toggle = button(_("Change game or seats"),
                             lambda: self.show_choices(not self.choices_shown),
                             _("show the choices: game, seats, deal"), height="36px")
        self.picker = widgets.VBox([
            widgets.HTML(intro()),
            widgets.HBox([self.game, self.players, self.deal, self.start],
                         layout=widgets.Layout(**ROW)),
            self.seat_row, self.option_row])
        self.bar = widgets.HBox([self.status, self.toggle],
                                layout=widgets.Layout(align_items="center", width="100%"))
        super().__init__([self.picker, self.bar, self.stage, self.live])
        self.add_class("kit-app")
        self.add_class(FOCUS_CLASS)   # the 2 px focus ring on the choices (kit.ui.access)
        self.game.observe(self._game_chosen, names="value")
        self.players.observe(self._players_chosen, names="value")
        self.start.on_click(lambda _button: self.start_game(focus=True))
        self._game_chosen()
        self.show_choices(True)
        if start:
            self.start_game()

    @property
    def choices_shown(self) -> bool:
        return self.picker.layout.display != "none"

    def show_choices(self, shown: bool = True) -> None:
        """Unfold the choices (game, seats, deal, Start) or fold them away."""
        self.picker.layout.display = None if shown else "none"
        self.toggle.description = _("Hide the choices") if shown else _("Change game or seats")
        self.toggle.layout.display = None if self.board is not None else "none"

    def saved_scene(self) -> Scene:
        # Saved without a kernel, the page shows the game on it (or nothing).
        return self.board.scene() if self.board is not None else Scene(1, 1)

    def saved_text(self) -> str:
        return _("<game picker>") if self.board is None else self.board.saved_text()

    @property
    def choice(self) -> GameSpec:
        return choices()[self.game.value]

    def _game_chosen(self, _change: object = None) -> None:
        choice = self.choice
        self.players.options = [(str(n), n) for n in choice.players]
        self.players.value = choice.default_players
        self.players.layout.display = None if len(choice.players) > 1 else "none"
        self.options = {name: _dropdown(option) for name, option in choice.options.items()}
        self.player_options = {name: _dropdown(option)
                               for name, option in choice.player_options.items()}
        self.option_row.children = [*self.options.values(), *self.player_options.values()]
        self._players_chosen()

    def _players_chosen(self, _change: object = None) -> None:
        choice = self.choice
        if self.players.value is None:
            return
        # Seat 1 is a person, the others the default computer: change any of them.
        seats = [HUMAN] + [choice.opponent] * (self.players.value - 1)
        self.seats = [widgets.Dropdown(options=seat_choices(choice), value=seat,
                                       description=choice.seat_name(i), **FIT)
                      for i, seat in enumerate(seats)]
        self.seat_row.children = self.seats

    def settings(self) -> dict[str, Any]:
        """The keyword arguments Start gives the board (besides ``delay``)."""
        options = {name: w.value for name, w in self.options.items()}
        if len(self.choice.players) > 1:
            options["players"] = self.players.value
        return {"seats": [w.value for w in self.seats], "seed": self.deal.value,
                "player_options": {name: w.value for name, w in self.player_options.items()},
                **options}

    def start_game(self, *, focus: bool = False) -> GameBoard[Any, Any] | None:
        """Build the chosen game's board under the choices (replacing the last one);
        ``focus`` (a press of Start) puts the keyboard focus on the new board, where
        the game goes on (focus on the page's body left a keyboard user at its top)."""
        settings = self.settings()
        try:
            board = self.choice.load_board()(delay=self.delay, **settings)
        except ValueError as exc:   # a choice the game refuses: say so, keep the old board
            self._say(_("Cannot start: {error}").format(error=exc), tone="bad")
            return None
        except Exception as exc:
            log.exception("starting %s failed", self.game.value)
            self._say(_("Something went wrong starting {game}: {error}").format(
                game=_(self.game.value), error=exc), tone="bad")
            return None
        if self.board is not None:     # its computer turn must not go on moving unseen
            tasks.cancel(self.board.task)
        self.board = board
        self.stage.children = [board]
        self.show_choices(False)
        if focus:
            board.access.focus_board()
        seated = ", ".join(_seat_words(self.choice.seat_name(i), s)
                           for i, s in enumerate(settings["seats"]))
        self._say(_("Now playing {game}, deal {deal}: {seats}.").format(
            game=_(self.game.value), deal=settings["seed"], seats=seated))
        return board

    def _say(self, text: str, tone: str = "info") -> None:
        colour = {"info": "#222222", "bad": "#A04000"}[tone]
        self.status.value = (f'<div style="{STATUS_STYLE} color: {colour}">'
                             f"{html.escape(text)}</div>")


def _dropdown(option: Option) -> widgets.Dropdown:
    label, values, default = option
    # A registration marks its option labels N_: shown translated, the values unchanged.
    return widgets.Dropdown(options=[(_(text), value) for text, value in values], value=default,
                            description=_(label), **FIT)


def _seat_words(name: str, seat: str) -> str:
    """"Seat 2 (computer: greedy)": a seat and who sits there, for the status line."""
    if seat == HUMAN:
        return _("{seat} (a person)").format(seat=name)
    return _("{seat} (computer: {player})").format(seat=name, player=player_name(seat))


def launcher(*, delay: float = 0.8) -> Launcher:
    """The picker with a first game on it: the one call in ``notebooks/play.ipynb``."""
    return Launcher(delay=delay)
