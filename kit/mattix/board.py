"""The live Mattix board: click a tile in your line to take it.

Built on :class:`kit.ui.game.GameBoard`, which runs the seats, computer turns,
undo/redo, hints and the move list. This module adds only what is Mattix's:
the picture (the line the mover may take from is outlined, the last take is
ringed), what a click means (take that tile; the engine explains a refusal),
and the hint (the solver's exact values on boards up to 5 x 5, a timed search
beyond).

Not covered: the rules (``rules.py``), the search (``solver.py``), drawing
(``layout.py``, ``draw.py``), the analysis rows (``analysis.py``).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from kit.analysis import AnalysisRows, Progress
from kit.i18n import N_, _
from kit.mattix.ai import GreedyPlayer, LookaheadPlayer, RandomPlayer, SearchPlayer
from kit.mattix.analysis import analysis
from kit.mattix.draw import draw
from kit.mattix.layout import Cell, Layout, cell_at, cell_box, layout
from kit.mattix.replay import Replay
from kit.mattix.rules import SIDE_NAMES, Game, Move
from kit.mattix.solver import analyse, search
from kit.mattix.text import capital
from kit.scene import Scene, centre
from kit.ui.game import GameBoard

#: Boards up to this size get exact hint values; bigger ones a timed search.
EXACT_HINT_SIZE = 5
HINT_ROWS = 3


#: The side panel's width; with the picture (``draw.PICTURE_WIDTH``) it fits the
#: 934 px of a Lab output at 1366 x 768 with the file browser open.
PANEL_WIDTH = "352px"


def cell_size(size: int) -> int:
    """A live board's tile side for a ``size`` x ``size`` board.

    Small boards get big tiles, so a class can read them from the back; a 5 x 5
    board's picture (80 px tiles, 530 px high) under an exercise's task, or under
    the sandbox's choices, fits the ~645 px that JupyterLab shows of a 768 px
    screen (at 96 px its bottom row fell off); an 8 x 8 board keeps 62 px tiles.
    """
    return max(62, min(96, 400 // size))


def _search_player(time_limit: float = 1.0, depth: int | None = None) -> SearchPlayer:
    return SearchPlayer(time_limit=time_limit, depth=depth)


class Board(GameBoard[Game, Move]):
    """A Mattix game on a canvas.

    Options are ``Game.new``'s (``size=4``, ``level=2``, ``tiles=...``);
    ``player_options={"time_limit": 2.0}`` sets the search player's budget
    per move in seconds, and ``hint_time`` the hint's on big boards;
    ``analysis=True`` adds the analysis panel (exact up to 6 x 6, a search of
    ``analysis_time`` seconds beyond), whose rows ``preview`` draws.
    """

    PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer,
               "lookahead": LookaheadPlayer, "search": _search_player}
    MOVE_EXAMPLE = N_("for example 2,3")
    NOTATION_KEY = N_("A move is written <b>row,column</b>, counting from 0 at the top left: "
                       "<code>2,3</code> takes the tile in row 2, column 3.<br>"
                       "The <b>row player</b> takes from the star's row, the <b>column player</b> "
                       "from its column; the line outlined in blue is the one you may take from.<br>"
                       "Negative tiles (level 2) have a minus sign and a dashed border.")

    HINT_NOTE = N_("A move's value is what you will gain from here minus what your opponent "
                   "will gain, if both of you play perfectly from then on.")

    def __init__(self, game: Game | None = None, *, hint_time: float = 1.0, analysis_time: float = 2.0,
                 **kwargs: Any) -> None:
        super().__init__(game, **kwargs)
        self.hint_time = hint_time
        self.analysis_time = analysis_time

    def new_game(self, seed: int) -> Game:
        return Game.new(seed=seed, **{"size": 4, **self.options})

    @property
    def cell_size(self) -> float:
        return cell_size(self.game.size)

    def _side_panel(self) -> widgets.VBox:
        # "▶ Column player (you): 51 points" on one line (at 320 px it wrapped).
        panel = super()._side_panel()
        panel.layout.width = PANEL_WIDTH
        return panel

    def _layout(self) -> Layout:
        return layout(self.game, self.cell_size)

    def scene(self) -> Scene:
        return draw(self.game, last=self.last_move, highlight=self.marks,
                    hints=self.hinted, cell=self.cell_size, line=self.preview_line)

    def clear_pending(self) -> None:
        self.preview_line: list[Move] = []

    def preview(self, move: Move | None, line: Sequence[Move] | None = None) -> None:
        """Draw ``move`` (or the whole ``line`` it starts) as numbered takes, unplayed.

        ``None`` clears it; so does any move, undo or new game.
        """
        self.preview_line = [] if move is None else list(line or [move])
        self.redraw()
        if move is None:
            self.say(self._turn_text())
            return
        takes = " → ".join(map(str, self.preview_line))
        if len(self.preview_line) == 1:
            self.say(_("Showing, not played: {takes}.").format(takes=takes))
            return
        self.say(_("Showing, not played: {takes}; numbered 1 to {last} on the board (blue: "
                   "the mover's takes, black: the replies).")
                 .format(takes=takes, last=len(self.preview_line)))

    def analyse_position(self, game: Game, *, progress: Progress | None = None,
                         stop: threading.Event | None = None) -> AnalysisRows:
        return analysis(game, progress=progress, stop=stop, time_limit=self.analysis_time)

    def seat_name(self, seat: int) -> str:
        return capital(_(SIDE_NAMES[seat]))

    def cell_point(self, cell: Cell) -> tuple[float, float]:
        return centre(cell_box(self._layout(), cell))

    def on_click(self, x: float, y: float) -> None:
        cell = cell_at(self._layout(), x, y)
        if cell is None:
            self.say(_("Choose a tile on the board."), tone="bad")
            return
        self.submit(Move(*cell))

    def replay_of(self, start: Game, moves: Sequence[Move | str]) -> Replay:
        return Replay(start, moves)

    def hints(self, game: Game) -> list[tuple[Move | None, str]]:
        if game.size <= EXACT_HINT_SIZE:
            rows = analyse(game)[:HINT_ROWS]
            return [(m, _("exact value {value}").format(value=f"{v:+d}")) for m, v in rows]
        result = search(game, time_limit=self.hint_time)
        value = f"{result.value:+d}"
        if result.exact:
            return [(result.best_move, _("value {value}, exact").format(value=value))]
        return [(result.best_move, _("value {value}, search to depth {depth}")
                 .format(value=value, depth=result.depth))]
