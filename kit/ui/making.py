"""The way into "Make a puzzle" (issue 34), shared by the Editor and the live board.

A widget that makes puzzles from the position it shows (``kit.ui.editor.EditorShell``,
and a teacher's ``kit.ui.game.GameBoard`` once paused) mixes in :class:`MakesPuzzles`:
``make_puzzle()`` opens the panel (``kit.lessons.puzzlemaker.PuzzleMaker``) once, in the
widget's ``maker_box``, and the panel asks ``puzzle_position()`` for the position each
time it asks the engine. A host that may not give its position now (a live board in play)
raises ValueError naming why, and the panel shows it.

Not covered: the panel itself, the puzzle set file (``kit.lessons.puzzleset``).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from kit import lazy


class MakesPuzzles:
    """Opens the Make a puzzle panel on ``self.game``; the host sets ``maker_box``."""

    game: Any
    maker: Any = None        # the Make a puzzle panel, once opened
    maker_box: widgets.VBox

    def make_puzzle(self) -> Any:
        """Open the Make a puzzle panel (``kit.lessons.puzzlemaker``) in ``maker_box``; return it."""
        if self.maker is None:
            # By reference: the lessons build on the widgets, not the other way round.
            maker: Any = lazy.load("kit.lessons.puzzlemaker:PuzzleMaker")
            self.maker = maker(self)
            self.maker_box.children = [self.maker]
        return self.maker

    def puzzle_position(self) -> dict[str, Any]:
        """The position a puzzle is made from (a dict of the game's ``to_dict``); ValueError
        naming why when there is none to give now."""
        return dict(self.game.to_dict())
