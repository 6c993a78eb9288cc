"""Mattix analysis: every legal take ranked, as plain data (``kit.analysis.AnalysisRows``).

Up to 6 x 6 the values are exact (the solver), each with its principal
variation and greed's take against the best one; bigger boards get a search
deepened ply by ply within a time budget. Standard library only: the panel
beside a live board (``kit.ui.analysis``) wraps the rows. Not covered: the
search itself (``solver.py``), drawing a line (``draw.py``).
"""

from __future__ import annotations

import time

import threading

from kit.analysis import AnalysisRows, Progress, tell
from kit.i18n import N_, _, format_number
from kit.mattix.ai import greedy_vs_best
from kit.mattix.rules import Game, Move
from kit.mattix.solver import Deadline, Searcher

#: ``(move, value)``: a take and what it is worth to the mover.
Row = tuple[Move, int]

#: Boards up to this size are analysed exactly (6 x 6 takes tens of seconds).
EXACT_SIZE = 6
#: Bigger boards are analysed exactly too once this few tiles are left (a fresh
#: 6 x 6 board's count: on late 7 x 7 positions each take is then a few seconds;
#: see ``python -m kit.mattix.benchmark --exact7``).
EXACT_TILES_LEFT = 35
#: Takes drawn in a principal variation, and the time one line may cost.
LINE_PLIES = 8
LINE_SECONDS = 0.5
#: The search's budget on bigger boards, in seconds.
SEARCH_SECONDS = 2.0


EXACT_NOTE = N_("Exact values: what the mover gains from here minus what the opponent gains, "
                 "both playing perfectly. A clicked row shows its best line, numbered "
                 "(blue: the mover's takes, black: the replies).")


def analysis(game: Game, *, progress: Progress | None = None,
             stop: threading.Event | None = None, time_limit: float = SEARCH_SECONDS,
             exact_size: int = EXACT_SIZE,
             exact_tiles_left: int = EXACT_TILES_LEFT) -> AnalysisRows:
    """Every legal take ranked, best first, as the analysis panel shows it.

    Up to ``exact_size`` x ``exact_size``: exact values (``analyse``), each with
    its principal variation in ``rows.lines``, and greedy's take against the
    best one in ``rows.remarks``; so too any board with at most
    ``exact_tiles_left`` tiles left (a late 7 x 7 or 8 x 8 position).
    Otherwise the same values from a search deepened ply by ply within ``time_limit`` seconds, labelled with the depth
    reached. ``progress(done, total)`` is told as moves are valued (on exact
    boards ``progress(done, total, rows)``, if it takes three, gets the rows so
    far too: a 6 x 6 take can cost half a minute); ``stop``
    (a ``threading.Event``) is checked between moves: the rows so far come
    back marked partial.
    """
    if game.is_over:
        return AnalysisRows(note=_("The game is over: there is no move to rank."))
    if game.size <= exact_size or game.tiles_left() <= exact_tiles_left:
        return _exact(game, progress, stop)
    return _searched(game, progress, stop, time_limit)


def _state(game: Game) -> tuple[int, int, int]:
    """(tiles bitmask, star cell, mover): the solver's view of ``game``."""
    n = game.size
    mask = sum(1 << (r * n + c) for r in range(n) for c in range(n)
               if game.board[r][c] is not None)
    return mask, game.star[0] * n + game.star[1], game.to_move


def _by_tile(game: Game) -> list[Move]:
    """Legal moves, biggest tile first: good first guesses make the search cheaper."""
    return sorted(game.legal_moves(), key=lambda m: (-game.tile(m.cell), m))


def _ranked(game: Game, valued: list[Row]) -> list[Row]:
    """``(move, value)`` best first; ties: bigger tile, then board order (as ``analyse``)."""
    return sorted(valued, key=lambda mv: (-mv[1], -game.tile(mv[0].cell), mv[0]))


def _move_value(searcher: Searcher, game: Game, move: Move, depth: int | None = None,
                deadline: float | Deadline | None = None) -> int | None:
    """The move's tile minus the opponent's value after it (None: out of time, or stopped)."""
    mask, _, mover = _state(game)
    cell = move.row * game.size + move.col
    reply = searcher.value_by(mask ^ (1 << cell), cell, 1 - mover, depth,
                              float("inf") if deadline is None else deadline)
    return None if reply is None else game.tile(move.cell) - reply


def _stopped(stop: threading.Event | None) -> bool:
    return stop is not None and stop.is_set()


class _Deadline:
    """A solver deadline that also passes when ``stop`` is set.

    The solver checks ``time.perf_counter() > deadline`` every few thousand
    nodes; a float compared with this object asks ``__lt__`` instead. So Stop
    ends even one long search (a 6 x 6 take can take half a minute) at once.
    """

    def __init__(self, stop: threading.Event | None, at: float = float("inf")) -> None:
        self.stop, self.at = stop, at

    def __lt__(self, now: float) -> bool:
        return now > self.at or _stopped(self.stop)


def _exact(game: Game, progress: Progress | None, stop: threading.Event | None) -> AnalysisRows:
    searcher = Searcher(game)
    moves = _by_tile(game)
    valued: list[Row] = []
    deadline = _Deadline(stop)
    tell(progress, 0, len(moves))            # the bar shows at once: a take may take long
    for done, move in enumerate(moves, 1):
        value = None if _stopped(stop) else _move_value(searcher, game, move, deadline=deadline)
        if value is None:
            break
        valued.append((move, value))
        tell(progress, done, len(moves), _ranked(game, valued))
    rows = _ranked(game, valued)
    lines = {m: best_line(searcher, game, m, v) for m, v in rows}
    partial = len(rows) < len(moves)
    remarks = [] if partial else [greedy_vs_best(game, rows=rows)]
    return AnalysisRows(rows, note=_(EXACT_NOTE), remarks=remarks, lines=lines, partial=partial)


def best_line(searcher: Searcher, game: Game, first: Move, value: int,
              plies: int = LINE_PLIES, seconds: float = LINE_SECONDS) -> list[Move]:
    """Up to ``plies`` takes of a best line starting with ``first`` (worth ``value``).

    Each reply is one the exact search left in its table (checked: it must be
    worth exactly what the position is worth); the line stops early rather
    than spend more than ``seconds`` finding one.
    """
    deadline = time.perf_counter() + seconds
    g = game.copy()
    expected = g.tile(first.cell) - value   # the opponent's value after ``first``
    g.play(first)
    line = [first]
    while len(line) < plies and not g.is_over:
        move = _reply_worth(searcher, g, expected, deadline)
        if move is None:
            break
        expected = g.tile(move.cell) - expected
        g.play(move)
        line.append(move)
    return line


def _reply_worth(searcher: Searcher, game: Game, value: int,
                 deadline: float) -> Move | None:
    """A legal move worth exactly ``value`` to the mover, the table's choice first."""
    stored = searcher.stored_best(*_state(game))
    n = game.size
    for move in sorted(_by_tile(game), key=lambda m: m.row * n + m.col != stored):
        worth = _move_value(searcher, game, move, deadline=deadline)
        if worth is None:
            return None
        if worth == value:
            return move
    return None


def _searched(game: Game, progress: Progress | None, stop: threading.Event | None,
              time_limit: float) -> AnalysisRows:
    """Values from a search deepened ply by ply until ``time_limit`` runs out."""
    searcher = Searcher(game)
    moves = _by_tile(game)
    start = time.perf_counter()
    deadline = _Deadline(stop, start + time_limit)
    rows: list[Row] = []
    depth_done, left = 0, game.tiles_left()
    ticks = max(1, round(time_limit * 10))   # progress in tenths of the budget
    for depth in range(1, left + 1):
        valued: list[Row] = []
        for move in moves:
            value = _move_value(searcher, game, move, depth - 1, deadline)
            if value is None:
                break
            valued.append((move, value))
            tell(progress, min(ticks, round((time.perf_counter() - start) * 10)), ticks)
        if len(valued) < len(moves):
            if not rows:   # not even depth 1 in time: what there is, marked partial
                rows, depth_done = _ranked(game, valued), 0
            break
        rows, depth_done = _ranked(game, valued), depth
    stopped = _stopped(stop)
    exact = depth_done >= left
    seconds = format_number(time.perf_counter() - start, 1)
    if exact:
        note = _("Exact values in {seconds} s: what the mover gains minus what the opponent "
                 "gains.").format(seconds=seconds)
    else:
        note = _("Search to depth {depth} (plies) in {seconds} s: what the mover gains minus "
                 "what the opponent gains within that many moves.").format(depth=depth_done,
                                                                          seconds=seconds)
    remarks = [greedy_vs_best(game, rows=rows)] if rows else []
    if remarks and not exact:
        remarks[0] = _("At depth {depth}: {remark}").format(
            depth=depth_done, remark=remarks[0][0].lower() + remarks[0][1:])
    return AnalysisRows(rows, note=note, remarks=remarks, partial=stopped or depth_done == 0)
