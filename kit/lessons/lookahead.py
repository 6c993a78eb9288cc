"""Greedy's move against the look-ahead's, in one position: the table and the
sentence the strategy lessons show (IOTA 5, Smartrix 6; issue 33).

A game's lesson module (``kit/lessons/<game>/studies.py``) picks greedy's move and
runs the game's ``analysis(game, lookahead=True)``; :func:`greedy_against_lookahead`
turns those rows into a two-row :class:`kit.lessons.table.Table` (the points each
move scores now, the final margin the look-ahead expects after it, how much the
guesses of the hidden cards disagree, over how many guesses), and
:func:`lookahead_story` says in words what the table shows, with its numbers.

Not covered: computing any estimate (``kit/<game>/lookahead.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kit.analysis import Expected
from kit.i18n import N_, _, format_number, ngettext
from kit.lessons.table import Heading, Table

__all__ = ["greedy_against_lookahead", "lookahead_story"]

PLAYER, MOVE, NOW = Heading(N_("player")), Heading(N_("move")), Heading(N_("points now"))
MARGIN, GUESSES = Heading(N_("expected final margin")), Heading(N_("guesses"))
# Translators: how far the guesses of the hidden cards spread around the expected margin
SPREAD = Heading(N_("± between guesses"))
GREEDY, LOOKAHEAD = Heading(N_("greedy")), Heading(N_("lookahead"))


def greedy_against_lookahead(rows: Sequence[tuple[Any, Any]], greedy_move: Any) -> Table:
    """Two rows: greedy's move and the look-ahead's (``rows[0]``), each with
    this turn's points and its :class:`kit.analysis.Expected` margin.

    ``rows``: a game's ``analysis(game, lookahead=True)``. ``greedy_move`` must be
    one of its moves (ValueError otherwise: the look-ahead did not weigh it)."""
    values = {str(move): (move, value) for move, value in rows}
    if not rows or not all(isinstance(v, Expected) for _, v in rows):
        raise ValueError("greedy_against_lookahead wants the rows of analysis(game, lookahead=True)")
    if str(greedy_move) not in values:
        raise ValueError(f"greedy's move {greedy_move} is not among the moves the look-ahead "
                         f"weighed ({', '.join(values)})")
    table = Table()
    for who, (move, value) in ((GREEDY, values[str(greedy_move)]), (LOOKAHEAD, rows[0])):
        table.append({PLAYER: who, MOVE: move, NOW: value.points,
                      MARGIN: round(value.mean, 1), SPREAD: round(value.spread, 1),
                      GUESSES: value.n})
    return table


def lookahead_story(table: Table) -> str:
    """What :func:`greedy_against_lookahead`'s table shows, in a sentence or two."""
    greedy, ahead = table
    if str(greedy[MOVE]) == str(ahead[MOVE]):
        return _("Here the look-ahead agrees with greedy: {move}, {now} points now.").format(
            move=greedy[MOVE], now=greedy[NOW])
    if greedy[NOW] == ahead[NOW]:
        now = ngettext("Both moves score {n} point now.", "Both moves score {n} points now.",
                       greedy[NOW]).format(n=greedy[NOW])
    elif not ahead[NOW]:
        now = ngettext("Greedy scores {n} point now; the look-ahead's move scores nothing now.",
                       "Greedy scores {n} points now; the look-ahead's move scores nothing now.",
                       greedy[NOW]).format(n=greedy[NOW])
    else:
        # greedy scores the most now: here at least 2, more than the look-ahead's 1 or more
        now = _("Greedy scores {greedy} points now, the look-ahead only {n}.").format(
            greedy=greedy[NOW], n=ahead[NOW])
    return _("{now} But tried on {n} guesses of the hidden cards (the same guesses for both "
             "moves), the look-ahead's move ends {better} points better off on average, a few "
             "turns later.").format(now=now, n=min(greedy[GUESSES], ahead[GUESSES]),
                                    better=format_number(ahead[MARGIN] - greedy[MARGIN], 1))
