"""The live IOTA board: pick a card, click a cell, up to four cards, then Confirm.

Built on :class:`kit.ui.game.GameBoard`, which runs the seats, computer turns,
undo/redo, hints and the move list. This module adds what is IOTA's:

- the picture (:func:`kit.iota.draw.draw`): the table, every seat's
  score and the hands that may be seen, the pending cards on the table with
  their live score line by line (``game.explain``), or the rule they break;
- what a click means: a hand card picks it; an empty cell places the picked
  card there (pending); a pending card goes back to the hand; a wild on the
  table, with a card picked, is recycled (``recycle r,c CARD``); a shaded
  edge scrolls a table too big for its box;
- the buttons: Confirm plays the pending cards (an illegal play changes
  nothing: the cells are marked and the status says the rule), Take back
  returns them, Pass opens the exchange choice (click cards to swap, then Pass
  or Confirm again);
- the hint: ``rank_moves``' best plays with their points, the best drawn
  faintly on the table;
- with ``analysis=True``, the analysis panel (``kit.iota.analysis.analysis``):
  a clicked row is drawn as pending cards, its score explained in the panel
  (``preview``); ``replay()`` hands over the game so far as a ``Replay``.

**[decision] The picture's size.** The canvas is a fixed 580 px wide picture
(``draw(side=False)``), so that it and the shell's 336 px panel fit side
by side at full size in JupyterLab with its file browser open at 1366 x 768
(a notebook output about 930 px wide); the 932 px picture with its own seat
panel was shrunk to 70 % there. The seats and scores are the shell's panel's;
the picture keeps, under the table, the seat to move, the deck, the mover's
hand and beside it the notes (a pending play's score line by line, what to do
next). A saved lesson's ``game._repr_svg_()`` keeps the full picture. The
table gets a 580 x 360 box, centred in it; its cards grow up to 96 px while
the table is small (read from the back of a class) and shrink to fit down to
48 px, and past that the box shows a window of the table (11 x 6 cells)
instead of shrinking further. The window follows the action: it recentres
when a pending card, the last play or a hint would fall outside, and the
shaded edges scroll it by half a window. The picture's height stays put while
the notes fit their six lines (all but the longest explanations).

Each redraw plans the picture once (:func:`kit.iota.layout.plan`, twice when
the window must move to show what changed) and draws into that plan, and the
clicks are mapped with the same plan.

Not covered: the rules (``rules.py``), the players (``ai.py``), drawing
(``draw.py``), the editor (``editor.py``, which loads this board by reference).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from typing import Any

from kit.analysis import AnalysisRows, Progress
from kit.i18n import N_, _, ngettext
from kit.iota.ai import GreedyPlayer, PlannerPlayer, RandomPlayer, best_turn, rank_moves
from kit.iota.analysis import analysis
from kit.iota.cards import TEXT, WILD, describe
from kit.iota.draw import Marks, draw
from kit.iota.lookahead import LookaheadPlayer
from kit.iota.layout import (LIVE_MAX_CELL, LIVE_MIN_CELL, LIVE_TABLE_BOX, Cell, Geometry, Point,
                             cell_at, cell_box, plan)
from kit.iota.moves import Move, Pass, Play, Recycle
from kit.iota.replay import Replay
from kit.iota.rules import Game
from kit.scene import Scene, centre
from kit.ui.game import GameBoard
from kit.window import middle, scrolled

#: The table's box in the picture: (x, y, width, height).
TABLE_BOX = LIVE_TABLE_BOX
MAX_CELL = LIVE_MAX_CELL
MIN_CELL = LIVE_MIN_CELL
HINT_ROWS = 3
#: "Scrolled the table up." per direction.
SCROLLED = {"up": N_("Scrolled the table up."), "down": N_("Scrolled the table down."),
            "left": N_("Scrolled the table left."), "right": N_("Scrolled the table right.")}

LOOKAHEAD_HINT_PLAYOUTS = 48   # the Hint's look-ahead budget: about a second here


class Board(GameBoard[Game, Move]):
    """An IOTA game on a canvas; options are ``Game.new``'s (``players=2``)."""

    # True: the analysis panel and the Hint rank by the look-ahead's expected margin
    # (kit.<game>.lookahead) instead of this turn's value; set on a board.
    lookahead_analysis = False
    PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer, "planner": PlannerPlayer,
               "lookahead": LookaheadPlayer}
    # Marked for the catalogue; the shell shows _(label) and _(NOTATION_KEY).
    BUTTONS = {"confirm": N_("Confirm"), "take_back": N_("Take back"), "pass": N_("Pass")}
    COUNTS_PLAYERS = True
    NOTATION_WORDS = ("pass", "recycle")
    # Translators: the letters stay the English initials (they are the notation the
    # kit reads): say what each stands for, e.g. "G = verde (green)"
    MOVE_EXAMPLE = N_("for example 3GT@0,1")
    NOTATION_KEY = N_(
        "A card is written <b>number, colour, shape</b>: <b>3GT</b> = green triangle 3.<br>"
        "Colours <b>R</b> red, <b>Y</b> yellow, <b>G</b> green, <b>B</b> blue; "
        "shapes <b>C</b> circle, <b>S</b> square, <b>T</b> triangle, <b>X</b> cross; "
        "<b>W</b> a wild card.<br>"
        "A play is <code>3GT@0,1 2GT@0,2</code>: each card at row,column; "
        "<code>recycle 0,3 3GT</code> swaps the wild at (0,3) for 3GT; "
        "<code>pass 2GT 1RC</code> passes, exchanging those cards.<br>"
        "On the table: thin blue = the last play, thick blue on a tinted card = your "
        "pending cards, dashed vermillion = a broken rule, dashed green = a hint.<br>"
        "Seats are numbered from 1 on this board: Seat 1 plays first "
        "(in Python, <code>game.to_move</code> counts from 0).")

    def __init__(self, game: Game | None = None, **kwargs: Any) -> None:
        super().__init__(game, **kwargs)
        self._window_centre: Point | None = None   # the table window's centre (row, col)
        self._seen_focus: tuple[Cell, ...] | None = None   # the cells it last moved to show

    def new_game(self, seed: int) -> Game:
        return Game.new(seed=seed, **{"players": 2, **self.options})

    def deck_count(self, game: Game) -> int:
        return len(game.deck)

    # ----- the half-made move ---------------------------------------------

    def clear_pending(self) -> None:
        self.previewed: list[Move] = []   # an analysis row's moves, drawn but not played
        self.selected: int | None = None  # index of the hand card picked
        self.placed: list[tuple[int, Cell]] = []   # (hand index, cell) of each pending card
        self.exchanging = False     # choosing cards to swap after pressing Pass
        self.swap: set[int] = set()   # hand indices marked for the exchange

    @property
    def hand(self) -> list[int]:
        """The mover's hand as card ints, in the game's order."""
        return self.game.hands[self.game.to_move]

    def pending_play(self) -> Play | None:
        """The pending cards as a Play, or None."""
        if not self.placed:
            return None
        return Play.of((self.hand[i], cell) for i, cell in self.placed)

    # ----- the picture --------------------------------------------------

    def _shown(self) -> tuple[Game, Play | None]:
        """(the game drawn, the play drawn pending): a preview's, or the person's."""
        if not self.previewed:
            return self.game, self.pending_play()
        game = self.game.copy()
        for move in self.previewed[:-1]:     # recycles before the play
            game.play(move)
        last = self.previewed[-1]
        return game, last if isinstance(last, Play) else None

    def _plan(self, game: Game, pending: Play | None) -> Geometry:
        """Where everything goes in this redraw's picture; the window over the table
        moves only to show what changed (then it is planned a second time)."""
        table = dict(game.table)
        if pending:
            table.update((cell, card) for card, cell in pending.placements)
        # Only the mover's hand, unless open_hands: the strip under the table is for the
        # person who acts now, and the panel beside says how many cards the others hold.
        shown = self.shown_seats() if self.open_hands else self.shown_seats() & {game.to_move}

        def at(centre: Point | None) -> Geometry:
            return plan(game, table=table, box=TABLE_BOX, centre=centre, shown=shown,
                        cell=MAX_CELL, min_cell=MIN_CELL, side=False)

        geo = at(self._window_centre)
        focus = self._focus(pending)
        if focus and focus != self._seen_focus:
            self._seen_focus = focus
            if not all(geo.table.shows(*cell) for cell in focus):
                rows, cols = [r for r, __ in focus], [c for __, c in focus]
                self._window_centre = ((min(rows) + max(rows)) / 2, (min(cols) + max(cols)) / 2)
                geo = at(self._window_centre)
        return geo

    def _focus(self, pending: Play | None) -> tuple[Cell, ...]:
        cells = list(pending.cells) if pending else []
        cells += self._recycled_cells()
        ghost = self._ghost()
        if ghost:
            cells += ghost.cells
        if not cells and isinstance(self.last_move, Play):
            cells = list(self.last_move.cells)
        return tuple(cells) + tuple(self.marks)

    def _ghost(self) -> Play | None:
        best = self.hint_rows[0][0] if self.hint_rows else None
        return best if isinstance(best, Play) else None

    def scene(self) -> Scene:
        game, pending = self._shown()
        self._geo = self._plan(game, pending)
        marks = Marks(pending=pending, ghost=self._ghost(), error_cells=self.marks or None,
                      selected=self.selected, exchange=frozenset(self.swap),
                      notes=self._notes(), good_cells=self._recycled_cells(),
                      highlight=self._highlight())
        return draw(game, marks, geometry=self._geo, live=True,
                    seat_names=[self.seat_label(i) for i in range(self.game.players)])

    def _recycled_cells(self) -> tuple[Cell, ...]:
        return tuple(m.cell for m in self.previewed if isinstance(m, Recycle))

    def _highlight(self) -> tuple[Cell, ...]:
        if self.placed or self.previewed:
            return ()
        return self.last_move.cells if isinstance(self.last_move, Play) else ()

    def _notes(self) -> list[str]:
        """What to do next, in words, under the seats."""
        if self.game.is_over:
            return [_("Press New game to play again.")]
        if not self.human_to_move:
            return []
        if self.hand_hidden:
            return [_("{name}: click the board or press Enter on it to show your hand.").format(
                name=self.seat_name(self.game.to_move))]
        if self.previewed:
            # An analysis row or an exercise's Show me: either way nothing was played.
            return [_("Shown on the board, not played: click the board or press Enter on it "
                      "to clear it.")]
        if self.hint_rows:
            # The best only: the shell's panel lists them all, and the notes keep their room.
            best, label = self.hint_rows[0]
            if isinstance(best, Play):
                return [_("Hint 1 (dashed green): {label}: {move}").format(label=label, move=best)]
            return [_("Hint 1: {label}: {move}").format(label=label, move=best)]
        if self.exchanging:
            n = min(len(self.game.deck), len(self.hand))
            return [ngettext("Passing: pick up to {n} card to swap (the deck holds {deck}); "
                             "{marked} marked. Press Pass again to pass.",
                             "Passing: pick up to {n} cards to swap (the deck holds {deck}); "
                             "{marked} marked. Press Pass again to pass.", n).format(
                n=n, deck=len(self.game.deck), marked=len(self.swap))]
        if self.selected is not None:
            card = TEXT[self.hand[self.selected]]
            wild = WILD in self.game.table.values() and self.hand[self.selected] != WILD
            if wild:
                return [_("Choose an empty cell for {card}, or a wild on the table to swap {card} "
                          "for it.").format(card=card)]
            return [_("Choose an empty cell for {card}.").format(card=card)]
        pending = self.pending_play()
        if pending is not None and not self.game.explain(pending).legal:
            return [_("Pick a pending card to move it, or Take back.")]
        if self.placed:
            return [_("Confirm, or add a card. Choose a pending card to pick it up again.")]
        return [_("Pick a card in your hand, then a cell.")]

    def cell_point(self, cell: Cell) -> Point:
        return centre(cell_box(self.geometry.table, (cell[0], cell[1])))

    def hand_point(self, i: int) -> Point:
        return self.geometry.hand_point(i)

    @property
    def geometry(self) -> Geometry:
        """Where things are in the picture on the canvas now (clicks are mapped with it)."""
        return self._geo

    # ----- clicks -------------------------------------------------------

    def on_view_click(self, x: float, y: float) -> bool:
        # Scrolling moves only the view, so it works at any time (while the computer
        # thinks, after the game), when the shell would refuse a click on the game.
        direction = self.geometry.pan_at(x, y)
        if direction:
            self._scroll(direction)
        return bool(direction)

    def on_click(self, x: float, y: float) -> None:
        if self.previewed:
            # The preview's picture is not the position: a click only clears it.
            self._clear_preview()
            self.say(_("The analysis row is cleared: {turn}").format(turn=self._turn_text()))
            return
        geo = self.geometry
        i = geo.hand_at(x, y)
        if i is not None:
            self._hand_clicked(i)
            return
        cell = cell_at(geo.table, x, y)
        if cell is None:
            self.say(_("Pick a card in your hand, then a cell on the table."), tone="bad")
            return
        self._cell_clicked(cell)

    def show_cells(self, cells: Iterable[Sequence[int]]) -> None:
        """Move the table's window, as little as it takes, so that it shows every one
        of ``cells`` (an exercise opens showing the cells it is about); ValueError
        if no window of this size holds them all."""
        cells = [tuple(c) for c in cells]
        for __ in range(12):
            lay = self.geometry.table
            if all(lay.shows(*cell) for cell in cells):
                return
            centre = list(middle(*lay.shown_span))
            for axis, size, low in ((0, lay.rows, lay.min_row), (1, lay.cols, lay.min_col)):
                values = [cell[axis] for cell in cells]
                if min(values) < low:
                    centre[axis] -= low - min(values)
                elif max(values) >= low + size:
                    centre[axis] += max(values) - (low + size - 1)
            self._window_centre = (centre[0], centre[1])
            self.redraw()
        raise ValueError(_("the table's window cannot show all of {cells}").format(cells=cells))

    def _scroll(self, direction: str) -> None:
        self._window_centre = scrolled(*self.geometry.table.shown_span, direction)
        self.redraw()
        self.say(_(SCROLLED[direction]))

    def _hand_clicked(self, i: int) -> None:
        card = TEXT[self.hand[i]]
        if self.exchanging:
            self._mark_for_exchange(i)
            return
        slot = next((k for k, (j, __) in enumerate(self.placed) if j == i), None)
        if slot is not None:
            self._pick_up(slot)
            return
        # Picking again keeps the pick (a double click must not undo it); Take back unpicks.
        self.selected = i
        self.redraw()
        self.say(_("{card} ({words}) picked: now choose an empty cell for it.").format(
            card=card, words=describe(self.hand[i])))

    def _mark_for_exchange(self, i: int) -> None:
        card = TEXT[self.hand[i]]
        if i in self.swap:
            self.swap.discard(i)
        elif len(self.swap) >= len(self.game.deck):
            n = len(self.game.deck)
            self.say(ngettext("You may exchange at most {n} card: that is all the deck holds.",
                              "You may exchange at most {n} cards: that is all the deck holds.",
                              n).format(n=n), tone="bad")
            return
        else:
            self.swap.add(i)
        self.redraw()
        marked = " ".join(TEXT[self.hand[j]] for j in sorted(self.swap)) or _("none")
        if i in self.swap:
            self.say(_("{card} marked. To swap: {cards}. Press Pass to pass.").format(
                card=card, cards=marked))
        else:
            self.say(_("{card} kept. To swap: {cards}. Press Pass to pass.").format(
                card=card, cards=marked))

    def _pick_up(self, slot: int) -> None:
        """A pending card goes back to the hand, picked, ready for another cell."""
        i, __ = self.placed.pop(slot)
        self.selected, self.marks = i, ()
        self.redraw()
        self.say(_("{card} is back in your hand and picked: choose a cell for it, or Take back.")
                 .format(card=TEXT[self.hand[i]]))

    def _cell_clicked(self, cell: Cell) -> None:
        if self.exchanging:
            self.say(_("You are choosing cards to swap: pick cards in your hand, then Pass."),
                     tone="bad")
            return
        slot = next((k for k, (__, c) in enumerate(self.placed) if c == cell), None)
        if slot is not None:
            self._pick_up(slot)
            return
        on_table = self.game.table.get(cell)
        if on_table == WILD and self.selected is not None:
            self._recycle(cell)
        elif on_table is not None:
            if on_table == WILD:
                said = _("({r},{c}) holds a wild: pick a card from your hand first to swap for it.")
            else:
                said = _("({r},{c}) holds {card}: choose an empty cell.")
            self.say(said.format(r=cell[0], c=cell[1], card=TEXT[on_table]), tone="bad")
        elif self.selected is None:
            self.say(_("Pick a card from your hand first, then the cell."), tone="bad")
        else:
            self._place(cell)

    def _place(self, cell: Cell) -> None:
        assert self.selected is not None    # _cell_clicked places only a picked card
        self.placed.append((self.selected, cell))
        self.selected = None
        self.marks = ()
        self.redraw()
        pending = self.pending_play()
        assert pending is not None    # a card was just placed
        why = self.game.explain(pending)
        if why.legal:
            self.say(ngettext("Pending: {play} for {n} point. Confirm, or add a card.",
                              "Pending: {play} for {n} points. Confirm, or add a card.",
                              why.points).format(play=self.pending_play(), n=why.points))
        else:
            self.say(_("Not allowed as it stands: {rule}").format(rule=why.rule), tone="bad")

    def _recycle(self, cell: Cell) -> None:
        if self.placed:
            self.say(_("A wild is recycled before you play: take back your pending cards first."),
                     tone="bad")
            return
        assert self.selected is not None    # _cell_clicked recycles only with a card picked
        card = self.hand[self.selected]
        points = self.submit(Recycle(cell, card))
        if points is not None:
            self.say(_("Swapped {card} for the wild at ({r},{c}): the wild is in your hand and it "
                       "is still your turn.").format(card=TEXT[card], r=cell[0], c=cell[1]),
                     tone="good")

    # ----- buttons ------------------------------------------------------

    def on_button(self, name: str) -> None:
        {"confirm": self._confirm, "take_back": self._take_back, "pass": self._pass}[name]()

    def _confirm(self) -> None:
        if self.exchanging:
            self._pass()
            return
        play = self.pending_play()
        if play is None:
            self.say(_("Nothing to confirm: pick a card in your hand, then a cell (or Pass)."),
                     tone="bad")
            return
        self.submit(play)

    def _take_back(self) -> None:
        if not (self.placed or self.selected is not None or self.exchanging):
            self.say(_("Nothing to take back."), tone="bad")
            return
        self.clear_pending()
        self.marks = ()
        self.redraw()
        self.say(_("Taken back: your hand is whole again."))

    def _pass(self) -> None:
        if self.placed:
            self.say(_("You have cards on the table: Confirm them, or Take back before passing."),
                     tone="bad")
            return
        if not self.exchanging:
            self.exchanging, self.selected = True, None
            self.redraw()
            n = min(len(self.game.deck), len(self.hand))
            self.say(ngettext("Pass: pick up to {n} card to swap, then press Pass again (now, "
                              "to keep your hand).",
                              "Pass: pick up to {n} cards to swap, then press Pass again (now, "
                              "to keep your hand).", n).format(n=n))
            return
        self.submit(Pass.of(self.hand[i] for i in self.swap))

    # ----- the position as text (the text view: kit.ui.game) ----------------

    def position_text(self) -> str:
        """The text board with the mover's hand only when the board shows it
        (a computer's hand, or a covered one, is a count)."""
        text = str(self.game)
        if self.game.to_move in self.shown_seats():
            return text
        hand = _("seat {seat} hand: {cards}").format(
            seat=self.game.to_move, cards=" ".join(self.game.hand) or _("(empty)"))
        hidden = ngettext("seat {seat} hand: {n} card, hidden", "seat {seat} hand: {n} cards, hidden",
                          len(self.game.hand)).format(seat=self.game.to_move, n=len(self.game.hand))
        return text.replace(hand, hidden)

    # ----- analysis and replay ----------------------------------------------

    def analyse_position(self, game: Game, *, progress: Progress | None = None,
                         stop: threading.Event | None = None) -> AnalysisRows:
        return analysis(game, progress=progress, stop=stop, lookahead=self.lookahead_analysis)

    def preview(self, move: Move | None, line: list[Move] | None = None) -> None:
        """Draw ``move`` (or ``line``: recycles, then a play) as pending cards, unplayed.

        The picture's panel explains its score line by line; a pass marks the
        cards it would exchange. ``None`` clears it; so does any move, a click
        on the board, undo or a new game. The person's half-made move gives way.
        """
        self.clear_pending()
        self.marks = ()
        self.previewed = [] if move is None else list(line or [move])
        last = self.previewed[-1] if self.previewed else None
        if isinstance(last, Pass):
            hand, self.swap = list(self.hand), set()
            for card in last.exchange:
                self.swap.add(next(i for i, c in enumerate(hand) if c == card and i not in self.swap))
        self.redraw()
        if move is None:
            self.say(self._turn_text())
            return
        game, pending = self._shown()
        # Translators: "{first} then {second}": moves one after the other, in move notation
        shown = map(str, self.previewed)
        moves = next(shown)
        for later in shown:
            moves = _("{first} then {second}").format(first=moves, second=later)
        if pending:
            points = game.explain(pending).points
            self.say(ngettext("Showing, not played: {moves}: {n} point. The panel on the picture "
                              "explains the score.",
                              "Showing, not played: {moves}: {n} points. The panel on the "
                              "picture explains the score.", points).format(moves=moves, n=points))
        else:
            self.say(_("Showing, not played: {moves}. The panel on the picture explains the "
                       "score.").format(moves=moves))

    def _clear_preview(self) -> None:
        panel = self.analysis_panel
        if panel is not None and panel.selected is not None:
            panel.click_row(panel.selected)      # the same row again: clears, unmarks the row
        else:
            self.preview(None)

    def replay_of(self, start: Game, moves: list[Move]) -> Replay:
        return Replay(start, moves)

    # ----- hints ----------------------------------------------------------

    def hints(self, game: Game) -> list[tuple[Move, str]]:
        if self.lookahead_analysis:      # the Hint says what the look-ahead says
            return [(move, str(value)) for move, value in
                    analysis(game, lookahead=True, playouts=LOOKAHEAD_HINT_PLAYOUTS)[:HINT_ROWS]]
        rows: list[tuple[Move, str]] = [(play, _points(points))
                                        for points, play in rank_moves(game)[:HINT_ROWS]]
        # rank_moves sees plays only; a turn that recycles a wild first may score
        # more, and then the hint must not call the best play "best here".
        if WILD in game.table.values():      # no wild on the table: no recycle to try
            turn = best_turn(game)
            if turn.moves and isinstance(turn.moves[0], Recycle):
                swaps = ", ".join(map(str, turn.moves[:-1]))
                rows.insert(0, (turn.moves[-1], ngettext(
                    "{n} point, after {moves}", "{n} points, after {moves}", turn.points).format(
                    n=turn.points, moves=swaps)))
                rows = rows[:HINT_ROWS]
        if rows:
            return rows
        keep = [c for c in game.hands[game.to_move] if c == WILD]
        swap = [c for c in game.hands[game.to_move] if c != WILD][:len(game.deck)]
        return [(Pass.of(swap), _("no card fits anywhere: pass, keeping your wild") if keep
                 else _("no card fits anywhere: pass"))]


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)

