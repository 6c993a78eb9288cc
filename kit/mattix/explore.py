"""Exploring Mattix positions: the replay, the position editor and the analysis.

``Replay(start, moves)`` plays a move list back (``kit.ui.replay``), ``Editor``
builds any position by clicks (``kit.ui.editor``), and ``analysis(game)``
ranks every legal take for the panel beside a live board
(``kit.ui.analysis``). This module adds only what is Mattix's: the picture,
what a click in the editor means, and the solver behind the rows.

Not covered: the rules, the search and the drawing themselves (``rules.py``,
``solver.py``, ``draw.py``), and the shells' buttons and exports.
"""

from __future__ import annotations

import time

import ipywidgets as widgets

from kit.mattix.ai import greedy_vs_best
from kit.mattix.draw import board_scene, cell_at, cell_box, layout
from kit.mattix.rules import SIDE_NAMES, Game, Move
from kit.mattix.solver import Searcher
from kit.ui.analysis import AnalysisRows, tell
from kit.ui.editor import EditorShell
from kit.ui.replay import ReplayView

EDITOR_SIZES = range(3, 9)
#: Boards up to this size are analysed exactly (6 x 6 takes tens of seconds).
EXACT_SIZE = 6
#: Takes drawn in a principal variation, and the time one line may cost.
LINE_PLIES = 8
LINE_SECONDS = 0.5
#: The search's budget on bigger boards, in seconds.
SEARCH_SECONDS = 2.0


def cell_size(size: int) -> float:
    """Tile side of the explorer's pictures: board, status and tools fit a 768 px screen."""
    return max(52, min(72, 400 // size))


class Replay(ReplayView):
    """A Mattix game played back: ``Replay(start, ["2,3", "0,3", ...])``."""

    GAME = Game

    def picture(self, game, last_move):
        return board_scene(game, last=last_move, cell=cell_size(game.size))

    def caption(self, i: int) -> str:
        """Says who took which tile for how much: "Move 3 of 14: the row player takes 2,4 (+7)"."""
        if i == 0:
            return super().caption(i)
        before, move = self.position(i - 1), self.moves[i - 1]
        value = before.board[move.row][move.col]
        return (f"Move {i} of {len(self.moves)}: the {SIDE_NAMES[before.to_move]} takes "
                f"{move} ({value:+d})")


class Editor(EditorShell):
    """Build a Mattix position: click a cell, then type its tile, clear it or put the star there.

    Also: the board size (3 x 3 to 8 x 8, keeping the overlapping cells), the
    player to move, the scores, and a fresh deal of level 1 or 2 from a seed.
    Every edit is judged by ``Game.from_dict``; the methods below are what the
    buttons call, so a script or a test can edit the same way.
    """

    GAME = Game

    def __init__(self, game=None, **kwargs):
        self.selected = None
        super().__init__(game, **kwargs)

    # ----- hooks -------------------------------------------------------------

    def new_position(self) -> Game:
        return Game.new(size=4, seed=0)

    def _layout(self):
        return layout(self.game, cell_size(self.game.size))

    def scene(self):
        return board_scene(self.game, highlight=self.marks, selected=self.selected,
                           cell=cell_size(self.game.size))

    def cell_point(self, cell) -> tuple:
        """Scene (x, y) of a cell's centre (what a click there reports)."""
        x, y, w, h = cell_box(self._layout(), *cell)
        return x + w / 2, y + h / 2

    def xy(self, cell) -> tuple:
        """Canvas pixels of a cell's centre, as a browser click carries them."""
        x, y = self.cell_point(cell)
        return x * self.view.pixel_ratio, y * self.view.pixel_ratio

    def on_click(self, x: float, y: float) -> None:
        cell = cell_at(self._layout(), x, y)
        if cell is None:
            self.say("Click a cell of the board to edit it.", tone="bad")
            return
        self.selected, self.marks = cell, ()
        self.redraw()
        self.say(f"Cell {cell[0]},{cell[1]} picked: type a tile value and press Set tile, "
                 "or Clear cell, or Star here.")

    def tools(self) -> list:
        self.value_box = widgets.Text(placeholder="e.g. 7 or -3", description="Tile value",
                                      layout=widgets.Layout(width="210px"),
                                      style={"description_width": "80px"})
        self.size_box = widgets.Dropdown(options=list(EDITOR_SIZES), description="Size",
                                         layout=widgets.Layout(width="140px"),
                                         style={"description_width": "40px"})
        self.mover_box = widgets.ToggleButtons(options=[("Row player", 0), ("Column player", 1)],
                                               description="To move",
                                               style={"button_width": "120px",
                                                      "description_width": "60px"})
        self.score_boxes = [widgets.IntText(description=f"{side.split()[0].capitalize()} score",
                                            layout=widgets.Layout(width="170px"),
                                            style={"description_width": "95px"})
                            for side in SIDE_NAMES]
        self.seed_box = widgets.IntText(value=0, description="Seed",
                                        layout=widgets.Layout(width="140px"),
                                        style={"description_width": "40px"})
        self.tool_buttons = {
            "set": self.button("Set tile", self._set_pressed, "put this value on the picked cell"),
            "clear": self.button("Clear cell", self._clear_pressed, "empty the picked cell"),
            "star": self.button("★ Star here", self._star_pressed, "move the star to the picked cell"),
            "fill1": self.button("Deal level 1", lambda: self.fill(1, self.seed_box.value),
                                 "a fresh random board of this size, tiles 1..15"),
            "fill2": self.button("Deal level 2", lambda: self.fill(2, self.seed_box.value),
                                 "a fresh random board of this size, with negative tiles"),
            "empty": self.button("Empty board", self.empty, "every cell empty, the star at 0,0"),
        }
        self._syncing = False
        self.size_box.observe(lambda c: self._tool_changed(self.resize, c["new"]), "value")
        self.mover_box.observe(lambda c: self._tool_changed(self.set_mover, c["new"]), "value")
        for side, box in enumerate(self.score_boxes):
            box.observe(lambda c, side=side: self._tool_changed(self.set_score, side, c["new"]),
                        "value")
        b = self.tool_buttons
        row = lambda *items: widgets.HBox(list(items), layout=widgets.Layout(flex_flow="row wrap"))
        return [row(self.value_box), row(b["set"], b["clear"], b["star"]),
                self.mover_box, row(*self.score_boxes),
                row(self.size_box, self.seed_box), row(b["fill1"], b["fill2"], b["empty"])]

    def sync_tools(self) -> None:
        self._syncing = True
        try:
            self.size_box.value = self.game.size if self.game.size in EDITOR_SIZES else None
            self.mover_box.value = self.game.to_move
            for side, box in enumerate(self.score_boxes):
                box.value = self.game.scores[side]
        finally:
            self._syncing = False

    def board_for(self, game):
        from kit.mattix.board import Board   # board.py imports this module

        return Board(game, delay=0.4)

    # ----- the edits (each one through EditorShell.edit) -------------------------

    def set_tile(self, cell, value: int) -> bool:
        r, c = cell
        return self.edit(lambda d: d["board"][r].__setitem__(c, value),
                         f"tile {value} at {r},{c}", cells=[cell])

    def clear_cell(self, cell) -> bool:
        r, c = cell
        return self.edit(lambda d: d["board"][r].__setitem__(c, None),
                         f"cleared {r},{c}", cells=[cell])

    def place_star(self, cell) -> bool:
        return self.edit(lambda d: d.__setitem__("star", list(cell)),
                         f"the star to {cell[0]},{cell[1]}", cells=[cell])

    def set_mover(self, side: int) -> bool:
        return self.edit(lambda d: d.__setitem__("to_move", side), f"{SIDE_NAMES[side]} to move")

    def set_score(self, side: int, score: int) -> bool:
        return self.edit(lambda d: d["scores"].__setitem__(side, score),
                         f"the {SIDE_NAMES[side]}'s score {score}")

    def resize(self, size: int) -> bool:
        """Make the board ``size`` x ``size``: overlapping cells kept, new ones empty.

        A star that falls off moves to the nearest corner cell left, emptied.
        """
        def change(d):
            old = d["board"]
            d["board"] = [[old[r][c] if r < len(old) and c < len(old) else None
                           for c in range(size)] for r in range(size)]
            r, c = (min(x, size - 1) for x in d["star"])
            d["board"][r][c], d["star"] = None, [r, c]
        if size == self.game.size:
            return True
        self.selected = None
        return self.edit(change, f"a {size} x {size} board")

    def fill(self, level: int, seed: int) -> bool:
        """A fresh deal of this size at ``level`` from ``seed`` (the row player to move)."""
        size = self.game.size
        self.selected = None
        return self.edit(lambda _d: Game.new(size=size, level=level, seed=seed).to_dict(),
                         f"a level {level} deal from seed {seed}")

    def empty(self) -> bool:
        """Every cell empty, the star at 0,0: a blank to build a puzzle on."""
        size = self.game.size
        self.selected = None
        return self.edit(lambda d: {**d, "board": [[None] * size for _ in range(size)],
                                    "star": [0, 0]}, "an empty board")

    # ----- what the tool buttons do ----------------------------------------

    def _picked(self):
        if self.selected is None:
            self.refuse("click a cell of the board first")
        return self.selected

    def _set_pressed(self) -> None:
        cell = self._picked()
        if cell is None:
            return
        text = self.value_box.value.strip().replace("\u2212", "-")
        try:
            value = int(text)
        except ValueError:
            self.refuse(f"{text!r} is not a whole number: type a tile value such as 7 or -3",
                        [cell], "set tile")
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

    def _tool_changed(self, edit, *args) -> None:
        if not self._syncing and args[-1] is not None:
            self.view.guarded(edit, *args)


# ----- analysis ------------------------------------------------------------------

EXACT_NOTE = ("Exact values: what the mover gains from here minus what the opponent gains, "
              "both playing perfectly. A clicked row shows its best line, numbered "
              "(blue: the mover's takes, black: the replies).")


def analysis(game: Game, *, progress=None, stop=None, time_limit: float = SEARCH_SECONDS,
             exact_size: int = EXACT_SIZE) -> AnalysisRows:
    """Every legal take ranked, best first, as the analysis panel shows it.

    Up to ``exact_size`` x ``exact_size``: exact values (``analyse``), each with
    its principal variation in ``rows.lines``, and greedy's take against the
    best one in ``rows.remarks``. Bigger boards: the same values from a search
    deepened ply by ply within ``time_limit`` seconds, labelled with the depth
    reached. ``progress(done, total)`` is told as moves are valued (on exact
    boards ``progress(done, total, rows)``, if it takes three, gets the rows so
    far too: a 6 x 6 take can cost half a minute); ``stop``
    (a ``threading.Event``) is checked between moves: the rows so far come
    back marked partial.
    """
    if game.is_over:
        return AnalysisRows(note="The game is over: there is no move to rank.")
    if game.size <= exact_size:
        return _exact(game, progress, stop)
    return _searched(game, progress, stop, time_limit)


def _state(game: Game) -> tuple:
    """(tiles bitmask, star cell, mover): the solver's view of ``game``."""
    n = game.size
    mask = sum(1 << (r * n + c) for r in range(n) for c in range(n)
               if game.board[r][c] is not None)
    return mask, game.star[0] * n + game.star[1], game.to_move


def _by_tile(game: Game) -> list:
    """Legal moves, biggest tile first: good first guesses make the search cheaper."""
    return sorted(game.legal_moves(), key=lambda m: (-game.board[m.row][m.col], m))


def _ranked(game: Game, valued: list) -> list:
    """``(move, value)`` best first; ties: bigger tile, then board order (as ``analyse``)."""
    valued = sorted(valued, key=lambda mv: (-mv[1], -game.board[mv[0].row][mv[0].col], mv[0]))
    return [(m, v) for m, v in valued]


def _move_value(searcher: Searcher, game: Game, move: Move, depth=None, deadline=None):
    """The move's tile minus the opponent's value after it (None: out of time, or stopped)."""
    mask, _, mover = _state(game)
    cell = move.row * game.size + move.col
    reply = searcher.value_by(mask ^ (1 << cell), cell, 1 - mover, depth,
                              float("inf") if deadline is None else deadline)
    return None if reply is None else game.board[move.row][move.col] - reply


def _stopped(stop) -> bool:
    return stop is not None and stop.is_set()


class _Deadline:
    """A solver deadline that also passes when ``stop`` is set.

    The solver checks ``time.perf_counter() > deadline`` every few thousand
    nodes; a float compared with this object asks ``__lt__`` instead. So Stop
    ends even one long search (a 6 x 6 take can take half a minute) at once.
    """

    def __init__(self, stop, at: float = float("inf")):
        self.stop, self.at = stop, at

    def __lt__(self, now: float) -> bool:
        return now > self.at or _stopped(self.stop)


def _exact(game: Game, progress, stop) -> AnalysisRows:
    searcher = Searcher(game)
    moves = _by_tile(game)
    valued = []
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
    return AnalysisRows(rows, note=EXACT_NOTE, remarks=remarks, lines=lines, partial=partial)


def best_line(searcher: Searcher, game: Game, first: Move, value: int,
              plies: int = LINE_PLIES, seconds: float = LINE_SECONDS) -> list:
    """Up to ``plies`` takes of a best line starting with ``first`` (worth ``value``).

    Each reply is one the exact search left in its table (checked: it must be
    worth exactly what the position is worth); the line stops early rather
    than spend more than ``seconds`` finding one.
    """
    deadline = time.perf_counter() + seconds
    g = game.copy()
    expected = g.board[first.row][first.col] - value   # the opponent's value after ``first``
    g.play(first)
    line = [first]
    while len(line) < plies and not g.is_over:
        move = _reply_worth(searcher, g, expected, deadline)
        if move is None:
            break
        expected = g.board[move.row][move.col] - expected
        g.play(move)
        line.append(move)
    return line


def _reply_worth(searcher: Searcher, game: Game, value: int, deadline: float):
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


def _searched(game: Game, progress, stop, time_limit: float) -> AnalysisRows:
    """Values from a search deepened ply by ply until ``time_limit`` runs out."""
    searcher = Searcher(game)
    moves = _by_tile(game)
    start = time.perf_counter()
    deadline = _Deadline(stop, start + time_limit)
    rows, depth_done, left = [], 0, game.tiles_left()
    ticks = max(1, round(time_limit * 10))   # progress in tenths of the budget
    for depth in range(1, left + 1):
        valued = []
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
    kind = "Exact values" if exact else f"Search to depth {depth_done} (plies)"
    note = (f"{kind} in {time.perf_counter() - start:.1f} s: what the mover gains minus what "
            "the opponent gains" + ("." if exact else " within that many moves."))
    remarks = [greedy_vs_best(game, rows=rows)] if rows else []
    if remarks and not exact:
        remarks[0] = f"At depth {depth_done}: {remarks[0][0].lower()}{remarks[0][1:]}"
    return AnalysisRows(rows, note=note, remarks=remarks, partial=stopped or depth_done == 0)
