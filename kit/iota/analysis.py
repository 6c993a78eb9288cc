"""IOTA's analysis: every legal play ranked by the points it scores now, as plain data.

:func:`analysis` returns :class:`kit.analysis.AnalysisRows` (standard library
only); the panel beside a live board (``kit.ui.analysis``) shows it, and a
script or a grader reads it as a list. Not covered: drawing a row
(``Board.preview``), the players and search themselves (``ai.py``).
"""

from __future__ import annotations

import threading
import time

from kit.analysis import AnalysisRows, Expected, Progress, tell
from kit.i18n import N_, _, format_number, ngettext
from kit.iota.ai import best_turn, rank_moves
from kit.iota.moves import Move, Pass, Recycle
from kit.iota.rules import Game

# Shown under the rows to whoever analyses (a student in the sandbox, a player
# in the app): how the list was made is for this folder's README, not for them.
NOTE = N_("Every play you could make now, best first, with the points it scores this turn. "
        "A row that starts with recycle first swaps one of your cards for a wild on the "
        "table; its points are those of the best play after it.")


LOOKAHEAD_NOTE = N_("The look-ahead's moves, best first: for each, the final margin it expects "
                    "(your score less the best other score, one round of play later), "
                    "averaged over guesses of the cards you cannot see, ± how much the guesses "
                    "disagree, over how many of them, and the points it scores now.")


def analysis(game: Game, *, progress: Progress | None = None,
             stop: threading.Event | None = None, lookahead: bool = False, seed: int = 0,
             playouts: int = 96) -> AnalysisRows:
    """Every legal play ranked by the points it scores now, best first.

    With ``lookahead=True``: the look-ahead player's candidates instead
    (:func:`kit.iota.lookahead.lookahead_values`), ranked by the final margin
    expected, each valued by an :class:`kit.analysis.Expected` (mean, spread,
    playouts, points now); seeded by ``seed``, ``playouts`` in all.

    Each recycle is a row too, valued by the best play after it (its line is
    the recycle and that play). The best turn by exhaustive search
    (:func:`kit.iota.ai.best_turn`) and its time are in ``rows.remarks``.
    With no play at all, the passes are the rows (each worth 0).
    ``progress(done, total)`` is told per position searched; ``stop`` (a
    ``threading.Event``) is checked between recycles: the rows so far come back
    marked partial.
    """
    if game.is_over:
        return AnalysisRows(note=_("The game is over: there is no play to rank."))
    if lookahead:
        return _lookahead_rows(game, progress, stop, seed, playouts)
    start = time.perf_counter()
    moves = game.legal_moves()
    recycles = [m for m in moves if isinstance(m, Recycle)]
    total = 1 + len(recycles)
    rows: list[tuple[Move, int]] = [(play, points) for points, play in rank_moves(game)]
    best: tuple[int, list[Move]] = (rows[0][1], [rows[0][0]]) if rows else (0, [])
    positions, plays = 1, len(rows)
    if progress:
        progress(1, total)
    lines: dict[Move, list[Move]] = {}
    partial = False
    for done, recycle in enumerate(recycles, 2):
        if stop is not None and stop.is_set():
            partial = True
            break
        after = game.copy()
        after.play(recycle)
        turn = best_turn(after, stop)
        positions, plays = positions + turn.positions, plays + turn.plays
        rows.append((recycle, turn.points))
        lines[recycle] = [recycle, *turn.moves]
        if turn.points > best[0]:
            best = (turn.points, lines[recycle])
        if progress:
            progress(done, total)
    # Stable: among equal points a plain play comes before a recycle.
    rows.sort(key=lambda row: -row[1])
    if not rows:
        rows = [(m, 0) for m in moves if isinstance(m, Pass)]
    seconds = time.perf_counter() - start
    return AnalysisRows(rows, note=_(NOTE), remarks=[_best_words(best, positions, plays, seconds,
                                                              partial)],
                        lines=lines, partial=partial)


def _best_words(best: tuple[int, list[Move]], positions: int, plays: int, seconds: float,
                partial: bool) -> str:
    points, moves = best
    in_positions = ngettext("in {n} position", "in {n} positions", positions).format(n=positions)
    searched = ngettext("{n} play {where} (recycles first included), {seconds} s",
                        "{n} plays {where} (recycles first included), {seconds} s", plays).format(
        n=plays, where=in_positions, seconds=format_number(seconds, 2))
    if not moves:
        return _("No card fits anywhere: pass. Searched {searched}.").format(searched=searched)
    turn = str(moves[0])
    for later in moves[1:]:
        turn = _("{first} then {second}").format(first=turn, second=later)
    if partial:
        said = ngettext("Best turn by exhaustive search so far: {turn} for {n} point ({searched}).",
                        "Best turn by exhaustive search so far: {turn} for {n} points "
                        "({searched}).", points)
    else:
        said = ngettext("Best turn by exhaustive search: {turn} for {n} point ({searched}).",
                        "Best turn by exhaustive search: {turn} for {n} points ({searched}).",
                        points)
    return said.format(turn=turn, n=points, searched=searched)


def _lookahead_rows(game: Game, progress: Progress | None, stop: threading.Event | None,
                    seed: int, playouts: int) -> AnalysisRows:
    from kit.iota.lookahead import lookahead_values   # kit.iota.lookahead imports ai
    estimates = lookahead_values(game, seed=seed, playouts=playouts, stop=stop,
                                 progress=lambda done, total: tell(progress, done, total))
    rows = [(e.move, Expected(e.mean if e.n else 0.0, e.spread, e.n, e.points)) for e in estimates]
    partial = stop is not None and stop.is_set()
    return AnalysisRows(rows, note=_(LOOKAHEAD_NOTE), partial=partial)
