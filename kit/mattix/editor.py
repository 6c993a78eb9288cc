"""The Mattix position editor: build any position by clicks (``kit.ui.editor``).

Adds only what is Mattix's: what a click means (pick a cell), the tools (a
tile's value, clear, the star, the size, who moves, the scores, a fresh deal)
and the edits they make, each judged by ``Game.from_dict``. Not covered: the
picture and which cell a click hits (``kit.mattix.palette``, pure); the shell's
load/save, JSON and "play from here" (``EditorShell``); the live board "play
from here" opens is loaded by reference (``kit.mattix.board`` imports this
module, not the other way round).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from kit import lazy
from kit.i18n import N_, _
from kit.mattix import palette
from kit.mattix.layout import Cell
from kit.mattix.palette import EDITOR_SIZES
from kit.mattix.rules import SIDE_NAMES, Game
from kit.mattix.text import capital
from kit.scene import Scene
from kit.ui.editor import EditorShell
from kit.ui.panel import button_row

if TYPE_CHECKING:
    from kit.mattix.rules import Move
    from kit.ui.game import GameBoard


#: The score boxes' labels, by seat (short: the row player's and the column player's).
SCORE_LABELS = (N_("Row score"), N_("Column score"))


class Editor(EditorShell):
    """Build a Mattix position: click a cell, then type its tile, clear it or put the star there.

    Also: the board size (3 x 3 to 8 x 8, keeping the overlapping cells), the
    player to move, the scores, and a fresh deal of level 1 or 2 from a seed.
    Every edit is judged by ``Game.from_dict``; the methods below are what the
    buttons call, so a script or a test can edit the same way.
    """

    GAME = Game

    def __init__(self, game: Game | None = None, **kwargs: Any) -> None:
        self.selected: Cell | None = None
        super().__init__(game, **kwargs)

    # ----- hooks -------------------------------------------------------------

    def new_position(self) -> Game:
        return Game.new(size=4, seed=0)

    def scene(self) -> Scene:
        return palette.editor_scene(self.game, self.selected, self.marks)

    def cell_point(self, cell: Cell) -> tuple[float, float]:
        """Scene (x, y) of a cell's centre (what a click there reports)."""
        return palette.cell_point(self.game, cell)

    def on_click(self, x: float, y: float) -> None:
        cell = palette.cell_at(self.game, x, y)
        if cell is None:
            self.say(_("Choose a cell of the board to edit it."), tone="bad")
            return
        self.selected, self.marks = cell, ()
        self.redraw()
        self.say(_("Cell {row},{col} picked: type a tile value and press Set tile, or Clear "
                   "cell, or Star here.").format(row=cell[0], col=cell[1]))

    def tools(self) -> list[widgets.Widget]:
        self.value_box = widgets.Text(placeholder=_("e.g. 7 or -3"), description=_("Tile value"),
                                      layout=widgets.Layout(width="210px"),
                                      style={"description_width": "80px"})
        self.size_box = widgets.Dropdown(options=list(EDITOR_SIZES), description=_("Size"),
                                         layout=widgets.Layout(width="156px"),
                                         style={"description_width": "56px"})
        self.mover_box = widgets.ToggleButtons(options=[(capital(_(side)), seat) for seat, side
                                                        in enumerate(SIDE_NAMES)],
                                               description=_("To move"),
                                               # 150 px: "Jugador de columnas" fits.
                                               style={"button_width": "150px",
                                                      "description_width": "60px"})
        self.score_boxes = [widgets.IntText(description=_(label),
                                            layout=widgets.Layout(width="185px"),
                                            style={"description_width": "110px"})
                            for label in SCORE_LABELS]
        self.seed_box = widgets.IntText(value=0, description=_("Seed"),
                                        layout=widgets.Layout(width="156px"),
                                        style={"description_width": "56px"})
        self.tool_buttons = {
            "set": self.button(_("Set tile"), self._set_pressed,
                               _("put this value on the picked cell")),
            "clear": self.button(_("Clear cell"), self._clear_pressed, _("empty the picked cell")),
            "star": self.button(_("★ Star here"), self._star_pressed,
                                _("move the star to the picked cell")),
            "fill1": self.button(_("Deal level 1"), lambda: self.fill(1, self.seed_box.value),
                                 _("a fresh random board of this size, tiles 1..15")),
            "fill2": self.button(_("Deal level 2"), lambda: self.fill(2, self.seed_box.value),
                                 _("a fresh random board of this size, with negative tiles")),
            "empty": self.button(_("Empty board"), self.empty,
                                 _("every cell empty, the star at 0,0")),
        }
        self.edit_on_change(self.size_box, self.resize)
        self.edit_on_change(self.mover_box, self.set_mover)
        for side, box in enumerate(self.score_boxes):
            self.edit_on_change(box, self.set_score, side)
        b = self.tool_buttons
        return [button_row([self.value_box]), button_row([b["set"], b["clear"], b["star"]]),
                self.mover_box, button_row(self.score_boxes),
                button_row([self.size_box, self.seed_box]),
                button_row([b["fill1"], b["fill2"], b["empty"]])]

    def sync_tools(self) -> None:
        # The shell runs this inside syncing(): these writes are not a person's edits.
        self.size_box.value = self.game.size if self.game.size in EDITOR_SIZES else None
        self.mover_box.value = self.game.to_move
        for side, box in enumerate(self.score_boxes):
            box.value = self.game.scores[side]

    def board_for(self, game: Game) -> GameBoard[Game, Move]:
        # By reference: board.py imports this module, never the other way round.
        board: Any = lazy.load("kit.mattix.board:Board")
        return board(game, delay=0.4)

    # ----- the edits (each one through EditorShell.edit) -------------------------

    def set_tile(self, cell: Cell, value: int) -> bool:
        r, c = cell
        return self.edit(lambda d: d["board"][r].__setitem__(c, value),
                         _("tile {value} at {row},{col}").format(value=value, row=r, col=c),
                         cells=[cell])

    def clear_cell(self, cell: Cell) -> bool:
        r, c = cell
        return self.edit(lambda d: d["board"][r].__setitem__(c, None),
                         _("cleared {row},{col}").format(row=r, col=c), cells=[cell])

    def place_star(self, cell: Cell) -> bool:
        return self.edit(lambda d: d.__setitem__("star", list(cell)),
                         _("the star to {row},{col}").format(row=cell[0], col=cell[1]),
                         cells=[cell])

    def set_mover(self, side: int) -> bool:
        return self.edit(lambda d: d.__setitem__("to_move", side),
                         _("{side} to move").format(side=_(SIDE_NAMES[side])))

    def set_score(self, side: int, score: int) -> bool:
        return self.edit(lambda d: d["scores"].__setitem__(side, score),
                         _("the {side}'s score {score}").format(side=_(SIDE_NAMES[side]),
                                                                 score=score))

    def resize(self, size: int) -> bool:
        """Make the board ``size`` x ``size``: overlapping cells kept, new ones empty.

        A star that falls off moves to the nearest corner cell left, emptied.
        """
        def change(d: dict[str, Any]) -> None:
            old = d["board"]
            d["board"] = [[old[r][c] if r < len(old) and c < len(old) else None
                           for c in range(size)] for r in range(size)]
            r, c = (min(x, size - 1) for x in d["star"])
            d["board"][r][c], d["star"] = None, [r, c]
        if size == self.game.size:
            return True
        self.selected = None
        return self.edit(change, _("a {size} x {size} board").format(size=size))

    def fill(self, level: int, seed: int) -> bool:
        """A fresh deal of this size at ``level`` from ``seed`` (the row player to move)."""
        size = self.game.size
        self.selected = None
        return self.edit(lambda _d: Game.new(size=size, level=level, seed=seed).to_dict(),
                         _("a level {level} deal from seed {seed}").format(level=level,
                                                                           seed=seed))

    def empty(self) -> bool:
        """Every cell empty, the star at 0,0: a blank to build a puzzle on."""
        size = self.game.size
        self.selected = None
        return self.edit(lambda d: {**d, "board": [[None] * size for _ in range(size)],
                                    "star": [0, 0]}, _("an empty board"))

    # ----- what the tool buttons do ----------------------------------------

    def _picked(self) -> Cell | None:
        if self.selected is None:
            self.refuse(_("choose a cell of the board first"))
        return self.selected

    def _set_pressed(self) -> None:
        cell = self._picked()
        if cell is None:
            return
        text = self.value_box.value.strip().replace("\u2212", "-")
        try:
            value = int(text)
        except ValueError:
            self.refuse(_("{text} is not a whole number: type a tile value such as 7 or -3")
                        .format(text=repr(text)), [cell], _("set tile"))
            return
        self.set_tile(cell, value)

    def _clear_pressed(self) -> None:
        cell = self._picked()
        if cell is not None:
            self.clear_cell(cell)

    def _star_pressed(self) -> None:
        cell = self._picked()
        if cell is not None:
            self.place_star(cell)
