"""GameBoard: the shell every game's live board is built on.

A game's ``Board`` (``kit/<game>/board.py``) subclasses :class:`GameBoard` and
supplies its picture and what a click or one of its own buttons means. The
shell does everything that is the same in every game: the seats (people or
computer players), computer turns as an asyncio task so clicks still arrive,
undo and redo (stepping back to a person's turn), a new game, hints computed
in a worker thread, the move list, the notation key, hidden hands, a status
line, and errors shown under the board rather than lost.

A board is ready for a person's input when a human seat is to move, the game
is not over and nothing is running; clicks and buttons at any other time are
refused with a word of why, and change nothing.

Its parts: the seats' rules and Undo's reach in ``kit.ui.seats`` (plain
functions), computer turns and hints off the widget thread in
``kit.ui.computer``, the side panel's HTML in ``kit.ui.panel``.

A teacher's board (``teacher=True``) has two more buttons: **Pause** (the computer
seats wait and the board takes no move, until **Resume**; Undo and Redo still step
through the game) and **Make a puzzle**, which pauses and opens the Editor's puzzle
panel on the position on the board (``kit.ui.making``, issue 34).

Not covered: any game's rules or drawing (the hooks below), the position
editor, replays and the analysis panel (``kit.ui.editor``, ``replay``,
``analysis``; ``analysis=True`` shows the panel here).
"""

from __future__ import annotations

import functools
import random
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar, cast

import ipywidgets as widgets

from kit import contract, games
from kit.analysis import Progress
from kit.i18n import N_, _, ngettext
from kit.notation import shown, words_html
from kit.scene import Scene
from kit.ui.access import FOCUS_CLASS, HOST_CLASS
from kit.ui.analysis import AnalysisPanel
from kit.ui.board import BoardView, BoardWidget
from kit.ui.computer import ComputerTurns
from kit.ui.keys import BoardKeys, KeyMap, keys_html
from kit.ui.making import MakesPuzzles
from kit.ui.replay import ReplayView
from kit.ui.panel import (MOVE_LIST_HEIGHT, button_row, hints_html, move_list_html,
                          notation_key, seats_html, side_panel)
from kit.ui.seats import (HUMAN, UNDO_POLICIES, check_seats, check_undo_policy, make_player,
                          points_text, result_text, seat_label, undo_steps)
from kit.ui.style import button

#: the shell's buttons: name -> label (marked N_, shown translated; a game's own
#: ``BUTTONS``, ``NOTATION_KEY`` and ``HINT_NOTE`` are marked N_ the same way and shown with _())
SHELL_BUTTONS = {"undo": N_("↶ Undo"), "redo": N_("↷ Redo"), "hint": N_("Hint"), "new": N_("New game")}
#: a teacher's board's buttons (``teacher=True``): never disabled while the computer thinks
TEACHER_BUTTONS = {"pause": N_("⏸ Pause"), "puzzle": N_("Make a puzzle")}
RESUME = N_("▶ Resume")
__all__ = ["GameBoard", "HUMAN", "SHELL_BUTTONS", "TEACHER_BUTTONS", "UNDO_POLICIES"]

#: The game a board shows (a :class:`kit.contract.Game`) and its moves (a :class:`kit.contract.Move`).
G = TypeVar("G", bound=contract.Game)
M = TypeVar("M", bound=contract.Move)
#: A hint row: a move (or None, "no move") and its label ("+12", "wins"): ``HintRow[M]``.
HintRow = tuple[M | None, str]


class _StartsAfterInit(type(widgets.HBox)):   # type: ignore[misc]
    """The boards' metaclass: a board's first drawing and its first computer turn
    (:meth:`GameBoard._first_show`) run once the whole constructor chain has returned, so a
    game's ``Board.__init__`` may set its own fields before or after ``super().__init__``."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        board = super().__call__(*args, **kwargs)
        board._first_show()
        return board


class GameBoard(MakesPuzzles, ComputerTurns, BoardWidget, widgets.HBox, Generic[G, M], metaclass=_StartsAfterInit):
    """A live board: the game's picture on a canvas beside a panel of controls.

    ``seats`` names each seat ``"human"`` or a key of ``PLAYERS`` (default:
    every seat a person); ``delay`` is the pause in seconds before a computer
    move shows; ``seed`` drives the deal (through ``new_game``) and the
    computer players; ``open_hands`` draws every hand face up (for teaching);
    ``cover_hands`` hides the hand between turns when two or more people
    share the screen. ``player_options`` go to each computer player's
    factory that takes them (e.g. a search player's ``time_limit``). ``analysis``
    puts an analysis panel (``kit.ui.analysis``) under the side panel. ``undo_policy``
    says how far Undo takes back (a key of :data:`kit.ui.seats.UNDO_POLICIES`): ``"to_person"``
    (the default) back to the last person's turn, over computer moves;
    ``"one_move"`` one move at a time, for a board where one person plays every
    seat (every seat must be ``"human"``), never refused over a drawn card and
    with no hand covered between turns. ``teacher`` adds Pause and Make a puzzle
    (see the module's notes). Other keyword options are the
    game's own (``players=3``, ``size=5`` ...) and are kept for "New game".
    """

    #: seat name -> player factory, called with ``player_options``
    PLAYERS: dict[str, Callable[..., Any]] = {}
    #: the game's own buttons: name -> label (marked N_; shown as _(label))
    BUTTONS: dict[str, str] = {}
    #: HTML shown in the side panel's "Notation" box (marked N_; shown as _(key))
    NOTATION_KEY: str = ""
    #: the notation's words the game's moves use ("pass", "claim"): the notation key
    #: lists them in the kit's language too (``kit.notation``)
    NOTATION_WORDS: tuple[str, ...] = ()
    #: one sentence under the hint rows: what their values mean (marked N_; shown as _(note))
    HINT_NOTE: str = ""
    #: an example of the game's move text, the move box's placeholder (marked N_)
    MOVE_EXAMPLE: str = ""
    #: the game's ``new`` takes ``players``: "New game" deals for as many as sit here
    #: (the game's count, or ``len(seats)``), not the game's default of 2
    COUNTS_PLAYERS: bool = False

    def __init__(self, game: G | None = None, *, seats: Sequence[str] | None = None,
                 delay: float = 0.8, seed: int = 0,
                 open_hands: bool = False, cover_hands: bool = False,
                 player_options: Mapping[str, Any] | None = None, pixel_ratio: float = 2.0,
                 analysis: bool = False, undo_policy: str = "to_person", teacher: bool = False,
                 **options: Any) -> None:
        if self.COUNTS_PLAYERS and "players" not in options:
            if game is not None:
                options["players"] = cast(Any, game).players   # a COUNTS_PLAYERS game has them
            elif seats is not None:
                options["players"] = len(seats)
        self.options = options
        self.seed = seed
        self.delay = delay
        self.open_hands = open_hands
        self.cover_hands = cover_hands
        self.player_options = dict(player_options or {})
        self.game: G = game if game is not None else self.new_game(seed)
        self.seats = check_seats(seats, getattr(self.game, "players", len(self.game.scores)),
                                 self.PLAYERS)
        self.undo_policy = check_undo_policy(undo_policy, self.seats)
        self.players = [None if s == HUMAN else make_player(self.PLAYERS[s], self.player_options)
                        for s in self.seats]
        self.rng = random.Random(seed)
        self.marks: tuple[Any, ...] = ()
        self.hint_rows: list[HintRow[M]] = []
        self.busy = False
        self.paused = False   # a teacher's Pause: no computer turn, no person's move
        self.task = None
        self._failed = None   # (seat, exception) of a computer player that raised
        self._reports: list[str] = []   # "X played m: n points." since a person last acted
        self.hand_hidden = False
        self._cover_if_needed()
        keymap = self.key_map()
        self.cursor_keys = None if keymap is None else BoardKeys(keymap)
        # Nothing drawn yet: the first drawing is _first_show's, after every __init__ has run.
        self.view = BoardView(None, on_click=self._clicked, pixel_ratio=pixel_ratio,
                              name=self.board_name())
        self.access = self.view.access
        self.access.on_move = functools.partial(self.view.guarded, self.play_typed)
        self.access.move_box = self.access.text_switch = True
        self.access.placeholder = _(self.MOVE_EXAMPLE)
        self.access.observe(self._text_view_switched, "text_view")
        self.canvas = self.view.canvas
        self.canvas.on_key_down(self._key_down)
        self.controls = self._make_buttons()
        teaching = {"pause": self.pause, "puzzle": self.make_puzzle} if teacher else {}
        self.teacher_controls = {name: button(_(TEACHER_BUTTONS[name]), handler,
                                              guarded=self.view.guarded)
                                 for name, handler in teaching.items()}
        self.maker_box = widgets.VBox()
        self.seat_panel = widgets.HTML()
        self.move_list = widgets.HTML(layout=widgets.Layout(max_height=MOVE_LIST_HEIGHT,
                                                            overflow="auto"))
        self.move_list.add_class("kit-move-list")   # a log (role=log): kit.ui.access
        self.hint_panel = widgets.HTML()
        self.analysis_panel = AnalysisPanel(self, self.analyse_position) if analysis else None
        self.dock_box = widgets.VBox()
        super().__init__([self.view, self._side_panel()],
                         layout=widgets.Layout(align_items="flex-start"))
        # The accessible layer serves the canvas from the side panel: the whole
        # board is its host (kit.ui.access).
        for name in ("kit-game-board", HOST_CLASS, FOCUS_CLASS):
            self.add_class(name)

    def _first_show(self) -> None:
        """The first drawing, status and computer turn: run by the metaclass once the
        whole constructor chain (the game's ``Board.__init__`` included) has returned."""
        self._after_change()
        self.say(self._turn_text())
        self.run_computer_turns()

    # ----- what the board reads from the game (it keeps no copy) --------

    @property
    def last_move(self) -> M | None:
        """The game's last move (``game.last_move``): undo, redo and a new game move it."""
        return self.game.last_move   # type: ignore[return-value]

    @property
    def _points(self) -> list[int]:
        """The points of each move of ``game.history``, oldest first (``game.points_history``)."""
        return list(self.game.points_history)

    # ----- hooks a game's Board provides -------------------------------

    def new_game(self, seed: int) -> G:
        """A fresh game for seed ``seed`` with the board's ``options``."""
        raise NotImplementedError

    def scene(self) -> Scene:
        raise NotImplementedError

    def on_click(self, x: float, y: float) -> None:
        """A person's click at scene point (x, y)."""

    def on_view_click(self, x: float, y: float) -> bool:
        """A click that moves only the view (scrolling), taken at any time,
        even while the computer moves or after the game; True if it was one."""
        return False

    def game_buttons(self) -> dict[str, str]:
        """The game's own buttons on this board: name -> label (marked N_). Default:
        ``BUTTONS``; a board whose buttons depend on its game's options (``self.game``
        is set when this is asked) says so here."""
        return dict(self.BUTTONS)

    def on_button(self, name: str) -> None:
        """One of :meth:`game_buttons` was pressed."""

    def on_key(self, key: str) -> None:
        """A key pressed while the canvas has focus that the cursor keys
        (``kit.ui.keys``) left alone."""

    def key_map(self) -> KeyMap[Any] | None:
        """The cursor keys' map of this game (its registration's ``keys``), or None."""
        try:
            spec = games.of(self.game)
        except ValueError:   # a test's toy game the registry does not know
            return None
        return spec.load_keys()

    def clear_pending(self) -> None:
        """Forget any half-made move."""

    def hints(self, game: G) -> Sequence[HintRow[M]]:
        """``[(move, label), ...]`` best first; runs on a copy, off the widget thread."""
        return []

    @property
    def hinted(self) -> list[tuple[M, str]]:
        """The hint rows shown that name a move (a "no move" row has none to draw)."""
        return [(move, label) for move, label in self.hint_rows if move is not None]

    def analyse_position(self, game: G, *, progress: Progress | None = None,
                         stop: threading.Event | None = None) -> Sequence[tuple[M, object]]:
        """The analysis panel's rows for ``game`` (``kit.ui.analysis``), ``(move, value)``
        best first (a :class:`kit.analysis.AnalysisRows`); runs on a copy."""
        raise NotImplementedError(f"{type(self).__name__} has no analysis")

    def preview(self, move: M | None, line: list[M] | None = None) -> None:
        """Draw ``move`` (and ``line`` after it) without playing it; None clears."""

    def hand_point(self, i: int) -> tuple[float, float]:
        raise NotImplementedError

    def seat_name(self, seat: int) -> str:
        return _("Seat {n}").format(n=seat + 1)

    def seat_scores(self) -> list[int] | None:
        """The score beside each seat in the panel, or None to show none.

        Default: ``game.scores`` when it has one entry per seat (team games
        score per team and show a team line instead).
        """
        scores = list(self.game.scores)
        return scores if len(scores) == len(self.seats) else None

    def deck_count(self, game: G) -> int | None:
        """Cards left in the hidden deck, or None for a game without one."""
        return None

    # ----- geometry, in the canvas' own pixels (what a click reports) ---
    # xy(cell): BoardWidget, from the game's cell_point(cell)

    def hand_xy(self, i: int) -> tuple[float, float]:
        return self.view.canvas_xy(self.hand_point(i))

    # ----- seats (the rules: kit.ui.seats) --------------------------------

    @property
    def one_person(self) -> bool:
        """One person plays every seat (``undo_policy="one_move"``): nobody else sees the
        screen, so no hand is covered and Undo may step back over a drawn card."""
        return self.undo_policy == "one_move"

    @property
    def humans(self) -> int:
        return self.seats.count(HUMAN)

    def seat_label(self, seat: int) -> str:
        """The seat's name and who sits there ("Seat 2 (greedy)", "Row player (you)"):
        :func:`kit.ui.seats.seat_label`."""
        mover = None if self.game.is_over else self.game.to_move
        return seat_label(self.seat_name(seat), seat, self.seats, mover)

    @property
    def human_to_move(self) -> bool:
        return not self.game.is_over and self.seats[self.game.to_move] == HUMAN

    def _computer_to_move(self) -> bool:
        return not self.paused and not self.game.is_over and self.seats[self.game.to_move] != HUMAN

    def shown_seats(self) -> set[int]:
        """The seats whose hands may be drawn face up now."""
        if self.open_hands:
            return set(range(len(self.seats)))
        if self.hand_hidden:
            return set()
        return {i for i, s in enumerate(self.seats) if s == HUMAN}

    # ----- what a person does --------------------------------------------

    def submit(self, move: M | str) -> int | None:
        """Play a person's move. Illegal: say why, mark it, change nothing; return None."""
        if not self._ready():
            return None
        from kit.errors import IllegalMove
        seat = self.game.to_move
        try:
            points = self.game.play(move)
        except IllegalMove as exc:
            self.reject(*self.refusal(move, exc), cells=exc.cells)
            return None
        self._reports = []
        self._moved(seat, points)
        self.run_computer_turns()
        return points

    def play_typed(self, text: str) -> int | None:
        """Play the move typed in the move box: read by ``parse_typed`` and played
        through :meth:`submit`, as a click's move is (a refusal says the same). A
        move that reads replaces any half-made one; text that does not read, or a
        turn that is not a person's, is refused and changes nothing (the box keeps
        the text to mend). Returns the move's points, or None."""
        text = text.strip()
        if not text:
            self.say(_("Type a move first, as the Notation key writes it."), tone="bad")
            return None
        if self.hand_hidden and self._ready():   # as a click does: show the hand first
            self._clicked(0, 0)
            return None
        if not self._ready():
            return None
        try:
            move = self.parse_typed(text)
        except ValueError as exc:    # kit.errors.InvalidMoveText and the games' own
            self.say(_("That is not a move: {error}").format(error=exc), tone="bad")
            return None
        self.clear_pending()
        points = self.submit(move)
        if points is not None:
            self.access.clear_box()
        return points

    def parse_typed(self, text: str) -> M:
        """The move ``text`` names (the game's ``parse_move``); ValueError if none."""
        return self.game.parse_move(text)   # type: ignore[return-value]

    def refusal(self, move: M | str, exc: Exception) -> tuple[str, str]:
        """``(verdict, more)`` for a refused move: the verdict one or two sentences,
        ``more`` the details folded under "Why?" (lines split by newlines).
        Default: the rules' words as they are."""
        return str(exc), ""

    def reject(self, message: str, more: str | Iterable[Any] = "",
               cells: Iterable[Any] = ()) -> None:
        """Refuse an attempt: mark ``cells``, say ``message`` (``more`` folded under
        "Why?"); the game is unchanged."""
        if not isinstance(more, str):   # reject(message, cells) as before
            more, cells = "", more
        self.marks = tuple(tuple(c) for c in cells)
        self.redraw()
        self.say(message, tone="bad", more=more)

    def redraw(self) -> None:
        scene = self.scene()
        if self.cursor_keys is not None:
            self.cursor_keys.decorate(self, scene)
        self.view.show(scene)
        self._update_access()

    # ----- the position as text (kit.ui.access) ----------------------------

    def board_name(self) -> str:
        """The canvas' accessible name: "IOTA board", "Дъска на Ним" (the game's
        title in the language, as the game picker says it)."""
        try:
            title = _(games.of(self.game).title)
        except ValueError:
            title = type(self.game).__name__
        return _("{game} board").format(game=title)

    def position_text(self) -> str:
        """The position as the text view shows it: the game's text board as the
        people here may see it. Default: ``str(game)``; a game that hides hands
        says only the hands of :meth:`shown_seats`."""
        return str(self.game)

    def text_view_text(self) -> str:
        """The text view: the position, whose turn, the last move."""
        lines = [self.position_text(), "", self._turn_text()]
        if self.last_move is not None:
            lines.append(shown(_("Last move: {move}").format(move=self.last_move)))
        return "\n".join(lines)

    def _update_access(self) -> None:
        access = getattr(self, "access", None)
        if access is None:     # the first drawing, before the panel exists
            return
        with access.hold_sync():
            access.description = _("{status} Type a move in the Move box, or switch the "
                                   "Text view on to read the position.").format(
                                       status=self._turn_text())
            # Only while it is shown: a hidden text view costs no message.
            if access.text_view:
                access.position = self.text_view_text()

    def _text_view_switched(self, _change: object = None) -> None:
        self._update_access()

    def say(self, text: str, *, tone: str = "info", more: str = "") -> None:
        self.view.say(text, tone=tone, more=more)

    def _ready(self, quiet: bool = False) -> bool:
        """May a person act now? If not, say why (unless ``quiet``)."""
        why = None
        if self.paused:
            why = _("Paused: press ▶ Resume to play on.")
        elif self.busy:
            why = _("Wait: the computer is still moving.")
        elif self.game.is_over:
            why = _("The game is over. Press New game to play again.")
        elif not self.human_to_move:
            why = _("It is {player}'s turn.").format(player=self.seat_label(self.game.to_move))
        if why and not quiet:
            self.say(why, tone="bad")
        return why is None

    def _clicked(self, x: float, y: float) -> None:
        if self.on_view_click(x, y):
            return
        self.key_click(x, y)

    def key_click(self, x: float, y: float) -> None:
        """A person's click at scene point (x, y) on the game (not on a scrolling
        edge): what a mouse press there does, and Enter or Space at the cursor."""
        if self.hand_hidden and self._ready():
            self.hand_hidden = False
            self.redraw()
            self.say(self._turn_text())
            return
        if self._ready():
            self.on_click(x, y)

    def _key_down(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False,
                  *_more: object) -> None:
        if self.cursor_keys is not None and self.view.guarded(self.cursor_keys.press, self, key,
                                                       shift, ctrl, meta):
            return
        if self._ready(quiet=True):
            self.view.guarded(self.on_key, key)

    def press_button(self, name: str) -> None:
        """One of the board's buttons pressed by its key: what a click on it does."""
        if name not in self.controls:
            self.say(_("This board has no such button."), tone="bad")
            return
        self._pressed(name)

    def _pressed(self, name: str) -> None:
        handlers = {"undo": self.undo, "redo": self.redo, "hint": self.hint, "new": self.new}
        if name in handlers:
            handlers[name]()
        elif self._ready():
            self.on_button(name)

    # ----- after every change of position ---------------------------------

    def _moved(self, seat: int, points: int) -> None:
        """Bookkeeping after ``seat`` played the game's last move for ``points``."""
        self._after_change()
        # The person's own move stays in the status while the computer answers.
        self._reports.append(_("{player} played {move}: {points}.").format(
            player=self.seat_label(seat), move=self.last_move, points=self._points_text(points)))
        self.say(f"{self._report_text()} {self._turn_text()}", tone="good")

    def _report_text(self) -> str:
        return " ".join(self._reports[-3:])

    def _cover_if_needed(self) -> None:
        # Two people at one screen: the next person's hand stays hidden until they click.
        self.hand_hidden = (self.cover_hands and self.humans >= 2 and not self.one_person
                            and self.human_to_move)

    def _after_change(self) -> None:
        self._cover_if_needed()
        self.clear_pending()
        self.marks, self.hint_rows = (), []
        self.hint_panel.value = ""
        if self.analysis_panel is not None:
            self.analysis_panel.position_changed()
        self._update_panel()
        self.redraw()

    _points_text = staticmethod(points_text)

    def _turn_text(self) -> str:
        g = self.game
        if g.is_over:
            return _("Game over. {result}").format(result=self._result_text())
        who = self.seat_label(g.to_move)
        if self.hand_hidden:
            return _("{player}: click the board or press Enter on it to show your "
                     "hand.").format(
                player=self.seat_name(g.to_move))
        return _("{player} to move.").format(player=who)

    def _result_text(self) -> str:
        scores = list(self.game.scores)
        return result_text(scores, lambda i: self._side_name(i, len(scores)))

    def _side_name(self, i: int, sides: int) -> str:
        # Team games score per team, not per seat.
        return self.seat_label(i) if sides == len(self.seats) else _("Team {n}").format(n=i + 1)

    # ----- computer turns and hints: kit.ui.computer.ComputerTurns -------

    # ----- undo, redo, new, hint --------------------------------------------

    def undo(self) -> None:
        """Step back as ``undo_policy`` says: to the previous turn of a person (over
        computer moves), or one move."""
        if self.busy:
            self.say(_("Wait: the computer is still moving."), tone="bad")
            return
        self._reports = []
        steps = undo_steps(self.game, self.seats, one_person=self.one_person,
                           deck_count=self.deck_count)
        if isinstance(steps, str):
            self.say(steps, tone="bad")
            return
        for _step in range(steps):
            self.game.undo()
        self._after_change()
        self.say(ngettext("Took back {n} move. {status}", "Took back {n} moves. {status}", steps)
                 .format(n=steps, status=self._turn_text()))

    def redo(self) -> None:
        """Replay undone moves up to the next turn of a person (``"one_move"``: one move)."""
        if self.busy:
            self.say(_("Wait: the computer is still moving."), tone="bad")
            return
        self._reports = []
        steps = 0
        while True:
            try:
                self.game.redo()
            except IndexError:
                break
            steps += 1
            if self.one_person or self.seats[self.game.to_move] == HUMAN or self.game.is_over:
                break
        if not steps:
            self.say(_("Nothing to redo."), tone="bad")
            return
        self._after_change()
        self.say(ngettext("Replayed {n} move. {status}", "Replayed {n} moves. {status}", steps)
                 .format(n=steps, status=self._turn_text()))
        self.run_computer_turns()

    def new(self) -> None:
        """A new game: the same options and seats, the next seed."""
        if self.busy:
            self.say(_("Wait: the computer is still moving."), tone="bad")
            return
        self._reports = []
        self.seed += 1
        self.game = self.new_game(self.seed)
        self.rng = random.Random(self.seed)
        self._after_change()
        self.say(_("New game (seed {seed}). {status}").format(seed=self.seed, status=self._turn_text()))
        self.run_computer_turns()

    def _show_hints(self, rows: Iterable[HintRow[M]]) -> None:
        self.hint_rows, self.marks = list(rows), ()
        if not self.hint_rows:
            self.say(_("No hint: there is no move to suggest here."))
            return
        self.hint_panel.value = hints_html(self.hint_rows, _(self.HINT_NOTE))
        self.redraw()
        best, label = self.hint_rows[0]
        self.say(_("Hint: {move} ({value}) is best here.").format(move=best, value=label), tone="good")

    # ----- a teacher's pause and puzzles (teacher=True) ----------------------

    def pause(self) -> None:
        """Pause the game (the computer seats wait, no move is taken), or resume it. A
        computer move being worked out when paused is dropped: the position stays."""
        self.paused = not self.paused
        if "pause" in self.teacher_controls:
            self.teacher_controls["pause"].description = _(RESUME if self.paused
                                                           else TEACHER_BUTTONS["pause"])
        if self.paused:
            self.say(_("Paused. Make a puzzle from this position, or press ▶ Resume to "
                       "play on."))
            return
        self.say(self._turn_text())
        self.run_computer_turns()

    def make_puzzle(self) -> Any:
        """Pause the game and open the Make a puzzle panel on the board's position."""
        if not self.paused:
            self.pause()
        return super().make_puzzle()

    def puzzle_position(self) -> dict[str, Any]:
        """The position on the board, while paused and no computer move is running."""
        if not self.paused:
            raise ValueError(_("pause the board first: the game is still going on"))
        if self.busy:
            raise ValueError(_("wait: the computer is still moving"))
        return super().puzzle_position()

    # ----- how a board shows where no kernel runs (SavedPicture) ---------

    def saved_scene(self) -> Scene:
        return self.scene()

    def saved_text(self) -> str:
        return _("<{game} board: {status}>").format(game=self.game_name(), status=self._turn_text())

    def game_name(self) -> str:
        """The game's registered name (its package's, as saved lessons show it), or the
        class name of a game the registry does not know (a test's toy game)."""
        try:
            return games.of(self.game).name
        except ValueError:
            return type(self.game).__name__

    # ----- the side panel ----------------------------------------------

    def _make_buttons(self) -> dict[str, widgets.Button]:
        return {name: button(_(label), functools.partial(self._pressed, name),
                             guarded=self.view.guarded)
                for name, label in {**SHELL_BUTTONS, **self.game_buttons()}.items()}

    def _side_panel(self) -> widgets.VBox:
        game_buttons = [self.controls[n] for n in self.game_buttons()]
        shell_buttons = [self.controls[n] for n in SHELL_BUTTONS]
        # The status heads the panel, beside the board, where it stays in view
        # however long the explanation (under the board it fell off a 768 px screen).
        self.view.children = [c for c in self.view.children if c is not self.view.status]
        self.view.children = [c for c in self.view.children if c is not self.view.access]
        rows = [self.view.status, self.seat_panel, self.view.access]
        if game_buttons:
            rows.append(button_row(game_buttons))
        rows.append(button_row(shell_buttons))
        if self.teacher_controls:
            rows += [button_row(list(self.teacher_controls.values())), self.maker_box]
        rows.append(self.dock_box)
        # The analysis right under the buttons: a clicked row is drawn on the board,
        # which must still be in view beside it (the move list and the key can wait).
        if self.analysis_panel is not None:
            rows.append(self.analysis_panel)
        rows += [self.hint_panel, self.move_list, notation_key(self._notation_html())]
        panel = side_panel(rows)
        panel.add_class("kit-side-panel")   # under the board on a narrow screen (kit.ui.access)
        return panel

    def _notation_html(self) -> str:
        """The notation key, and the keys that play on this board."""
        key = _(self.NOTATION_KEY)
        words = words_html(self.NOTATION_WORDS)
        if words:
            key = f"{key}<br>{words}"
        if self.cursor_keys is None:
            return key
        buttons = {k: _({**SHELL_BUTTONS, **self.game_buttons()}[name])
                   for k, name in self.cursor_keys.keymap.buttons.items() if name in self.controls}
        hand = getattr(self.cursor_keys.keymap, "hand", True)
        return f"{key}<br>{keys_html(buttons, hand=hand)}" if key else keys_html(buttons, hand=hand)

    def replay(self) -> ReplayView[G, M]:
        """The game's own Replay of the moves played here, from the position before them."""
        start = cast(G, self.game.copy())
        while start.history:
            start.undo()
        return self.replay_of(start, cast("list[M]", list(self.game.history)))

    def replay_of(self, start: G, moves: list[M]) -> ReplayView[G, M]:
        """The game's Replay of ``moves`` from ``start`` (each game's replay module)."""
        raise NotImplementedError

    def dock(self, *items: widgets.Widget) -> None:
        """Put ``items`` in the side panel under the board's buttons: an exercise's
        Check and verdict stay beside the board (under it they fell below a
        768 px screen, so a student scrolled between the move and its verdict)."""
        self.dock_box.children = tuple(self.dock_box.children) + items

    def _update_panel(self) -> None:
        g = self.game
        teams = list(g.scores) if len(g.scores) != len(self.seats) and g.is_over else None
        self._update_access()
        self.seat_panel.value = seats_html([self.seat_label(i) for i in range(len(self.seats))],
                                           self.seat_scores(), None if g.is_over else g.to_move,
                                           team_scores=teams, busy=self.busy)
        self.move_list.value = move_list_html(self.game.history, self._points)
