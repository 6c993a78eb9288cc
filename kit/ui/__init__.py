"""The widget shell: boards on ipycanvas with ipywidgets controls.

``BoardView`` is a scene on a canvas with a status line and visible errors;
``GameBoard`` the shell every game's live ``Board`` is built on (seats,
computer turns, undo/redo, hints, the move list); ``ReplayView`` the shell of
every game's ``Replay`` (step through a move list, export SVG frames and one
HTML page); ``EditorShell`` the shell of every game's position ``Editor``
(each edit checked by the engine's ``from_dict``, JSON load and save);
``AnalysisPanel`` ranks every legal move beside a board (``analysis=True``;
the rows themselves are plain data, ``kit.analysis.AnalysisRows``).

Shared parts: ``kit.ui.style`` (panel style, the button factory),
``kit.ui.tasks`` (the running loop, cancelling a task), ``kit.ui.guard``
(handlers whose errors are shown), ``kit.ui.seats`` (seats and Undo's reach,
plain functions), ``kit.ui.panel`` (a board's side panel),
``kit.ui.computer`` (computer turns and hints off the widget thread),
``kit.ui.keys`` (the cursor keys: playing a board by keys). The
shell names no game: games come through ``kit.games``.
"""

from kit.ui.analysis import AnalysisPanel, AnalysisRows
from kit.ui.board import BoardView
from kit.ui.editor import EditorShell
from kit.ui.game import GameBoard
from kit.ui.replay import BadReplayMove, ReplayView

__all__ = ["BoardView", "GameBoard", "ReplayView", "BadReplayMove", "EditorShell", "AnalysisPanel", "AnalysisRows"]
