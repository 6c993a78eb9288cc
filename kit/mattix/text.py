"""A Mattix position in words: the text board and the status lines.

Covers ``text_board`` (``str(game)``, and what a screen reader gets) and the
status words the picture shares with it (``scores_text``, ``points_text``,
the outcome, who moves and from which line). Kept apart from ``draw.py`` so
the words have one home and the picture only lays them out. Not covered: the
picture itself (``draw.py``).
"""

from __future__ import annotations


from kit.i18n import _, ngettext

# The game as a Protocol: the rules import this module (for ``str(game)``), and the
# sides' names come from the game itself (``side_name``), so no cycle.
from kit.mattix.view import GameView as Game


def text_board(game: Game) -> str:
    """A plain-text board: numbers, ``*`` the star, ``.`` taken cells.

    The line the player to move takes from is marked with ``>`` and ``<``
    (a row) or ``v`` (a column); the last lines spell out the scores and the
    legal moves, so a screen reader gets the whole story.
    """
    n = game.size
    r_star, c_star = game.star
    mark_row = not game.is_over and game.to_move == 0
    mark_col = not game.is_over and game.to_move == 1
    width = max(3, max((len(str(v)) for row in game.board for v in row if v is not None),
                       default=1) + 1)
    out = [_("Mattix {n}x{n}; {scores}").format(n=n, scores=scores_text(game, '; '))]
    out.append("     " + "".join(f"{j:>{width}}" for j in range(n)))
    if mark_col:
        out.append("     " + "".join(f"{'v' if j == c_star else '':>{width}}" for j in range(n)))
    for i in range(n):
        cells = []
        for j in range(n):
            v = game.board[i][j]
            cells.append("*" if (i, j) == (r_star, c_star) else "." if v is None else str(v))
        left, right = (" >", " <") if mark_row and i == r_star else ("  ", "")
        out.append(f"{i:>3}{left}" + "".join(f"{s:>{width}}" for s in cells) + right)
    out.append(_text_status(game))
    return "\n".join(out)


def _text_status(game: Game) -> str:
    if game.is_over:
        return outcome_text(game) + "."
    moves = ", ".join(f"{m} ({game.board[m.row][m.col]})" for m in game.legal_moves())
    return capital(_("{side} to move, from {line}: {moves}").format(
        side=game.side_name(game.to_move), line=line_text(game), moves=moves))


# ----- the status words the picture and the text board share -------------------------

def points_text(points: int) -> str:
    # abs: "-1 point" reads as one point too.
    return ngettext("{points} point", "{points} points", abs(points)).format(points=points)


def scores_text(game: Game, sep: str = " · ") -> str:
    """The scores in words, "Row player: 12 points · Column player: 3 points", so
    they cannot be read as the row and column numbers drawn just under them."""
    s0, s1 = game.scores
    return _("Row player: {row_points}{sep}Column player: {column_points}").format(
        row_points=points_text(s0), sep=sep, column_points=points_text(s1))


def outcome_text(game: Game) -> str:
    """"Game over: the row player wins" (or "a draw")."""
    w = game.winner
    if w is None:
        return _("Game over: a draw")
    return _("Game over: the {side} wins").format(side=game.side_name(w))


def capital(text: str) -> str:
    """``text`` with its first letter a capital (a sentence may start with a side's name)."""
    return text[:1].upper() + text[1:]


def mover_text(game: Game) -> str:
    """The player to move, capitalised: "Row player"."""
    return capital(game.side_name(game.to_move))


def turn_text(game: Game) -> str:
    """Whose turn it is, as a status line: "Row player to move"."""
    return capital(_("{side} to move").format(side=game.side_name(game.to_move)))


def turn_line_text(game: Game) -> str:
    """Whose turn it is and the line they take from: "Row player to move: takes from row 2"."""
    return capital(_("{side} to move: takes from {line}").format(
        side=game.side_name(game.to_move), line=line_text(game)))


def line_text(game: Game) -> str:
    """The line the player to move takes from: "row 2" or "column 0"."""
    r, c = game.star
    return _("row {row}").format(row=r) if game.to_move == 0 else _("column {col}").format(col=c)
