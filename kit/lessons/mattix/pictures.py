"""The Mattix course's pictures: a board as SVG for a typed exercise, with or
without the outlined line and status that would give an answer away, and
:class:`Picture` for a lesson cell.

Not covered: the engine's drawing (``kit.mattix.draw``).
"""

from __future__ import annotations

import dataclasses

from kit.lessons.picture import Picture as Picture   # re-exported: the course's pictures
from kit.mattix import Game
from kit.mattix.draw import board_svg, draw
from kit.i18n import _
from kit.mattix.text import outcome_text, turn_line_text, turn_text
from kit.scene import Text


def typed_cell(size: int) -> int:
    """The tile side of a typed exercise's picture: its task, picture, answer box,
    verdict and hint fit the ~645 px JupyterLab shows of a 768 px screen (a 4 x 4
    picture at 80 px pushed the task off the top while the verdict was read).
    Tiles stay at least 48 px: their numbers read from the back of a room."""
    return max(48, 240 // size)


def quiet_svg(game: Game, cell: float = 80) -> str:
    """The position without the answers: no outlined line, and the status says only
    whose turn it is (not "takes from row 2", not "Game over: ... wins")."""
    scene = draw(game, cell=cell, show_line=False)
    # The status line that would tell, as draw() words it in the language in effect.
    telling = {outcome_text(game), turn_line_text(game)}
    turn = turn_text(game)
    scene.shapes = [dataclasses.replace(s, text=turn) if isinstance(s, Text) and
                    s.text in telling else s for s in scene.shapes]
    for words in telling:   # the alt text says the status lines too
        scene.title = scene.title.replace(words, turn)
    return scene.to_svg()


def picture(game: Game, quiet: bool = False) -> Picture:
    """``game`` as a picture (``quiet``: without the outlined line and status); its
    plain text says whose turn it is, not the board's numbers."""
    svg = quiet_svg(game) if quiet else board_svg(game, cell=80)
    return Picture(svg, _("A Mattix board, {side} to move.").format(
        side=game.side_name(game.to_move)))
