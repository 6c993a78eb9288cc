"""The live Smartrix board: pick a card from your hand, turn it, place it.

Built on :class:`kit.ui.game.GameBoard`, which runs the seats, computer turns,
undo/redo, hints, hidden hands and the move list. This module adds only what
is Smartrix's:

- a click on a card of the hand of the seat to move selects it; Rotate (the
  button, or R with the canvas focused) turns it a quarter turn clockwise;
  the cells where it fits as it lies are marked "+"; a click on a cell places
  it there (the engine judges: a refusal rings the mismatched boxes and says
  the rule, and nothing changes);
- a set that forms is shown before it leaves: **[decision]** the picture
  keeps every card collected since the person's own last move drawn faded
  where it lay, outlined as a set, with a caption ("collected 5 cards: 17
  points"), until that person moves again. One redraw per move, so a class
  sees the set however short ``delay`` is;
- free-table mode (``auto_collect=False``): a click on a table card picks it
  (again: unpicks it); Challenge takes the picked cards, the engine judging;
  Claim takes the unclaimed set holding the picked cards (or the only one
  on offer); Claim pressed with a hand card selected arms "place and claim"
  for the next placement. Unclaimed sets are lettered on the table and
  listed under it. The cards placed against the rules are marked "!" only
  with ``open_hands`` (teaching): spotting them is the game;
- the hint: the cautious player's valuation (points now minus the expected
  best set the next player completes) of the best few moves, drawn on the
  table with their ranks, and the threats (cells where one card completes a
  set) with the value waiting there;
- ``analysis=True``: the panel ranks every move the same way
  (``analysis.analysis``); a clicked row is previewed: the card drawn in place
  unplayed, with the sets it completes and, in orange, the lines it leaves
  one card short for the next player (what its risk is made of).

Not covered: the rules (``rules.py``), the players (``ai.py``), drawing
(``draw.py``, ``layout.py``).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from kit.analysis import AnalysisRows, Progress
from kit.i18n import N_, _, format_list, ngettext
from kit.scene import Scene, centre
from kit.smartrix.ai import CautiousPlayer, GreedyPlayer, RandomPlayer, Threat, threats
from kit.smartrix.cards import CANONICAL, TEXT, VALUE, rotate
from kit.smartrix.lookahead import LookaheadPlayer
from kit.smartrix.draw import draw
from kit.smartrix.layout import (Layout, cell_at, cell_box, fitting_cells, hand_at, hand_box, layout,
                                 pan_at, pans, recent_moves)
from kit.smartrix.analysis import after_threats, analysis, cautious_hints
from kit.smartrix.moves import PASS, Move
from kit.smartrix.replay import Replay
from kit.smartrix.rules import Game
from kit.smartrix.table import Cell
from kit.ui.game import HUMAN, GameBoard
from kit.window import scrolled

HINT_ROWS = 3   # the hints a board shows
SCROLLED = {"up": N_("Scrolled the table up."), "down": N_("Scrolled the table down."),
            "left": N_("Scrolled the table left."), "right": N_("Scrolled the table right.")}
# Labels are English keys, translated where the buttons are made (kit.ui.game).
# Translators: Claim takes a set left on the table; Challenge is the sheets' "asalto" / "отнемане"
FREE_BUTTONS = {"claim": N_("Claim"), "challenge": N_("Challenge")}

LOOKAHEAD_HINT_PLAYOUTS = 48   # the Hint's look-ahead budget: about a second here


class Board(GameBoard[Game, Move]):
    """A Smartrix game on a canvas.

    Options are ``Game.new``'s: ``players=2``, ``window=5`` (None: the
    children's variant), ``teams``, ``auto_collect`` (False: the free table,
    with Claim and Challenge buttons).
    """

    # True: the analysis panel and the Hint rank by the look-ahead's expected margin
    # (kit.<game>.lookahead) instead of this turn's value; set on a board.
    lookahead_analysis = False
    PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer, "cautious": CautiousPlayer,
               "lookahead": LookaheadPlayer}
    BUTTONS = {"rotate": N_("⟳ Rotate (R)"), "pass": N_("Pass")}
    COUNTS_PLAYERS = True
    NOTATION_WORDS = ("pass", "claim", "challenge")
    # Translators: keep the HTML tags and the notation (digits, @, pass, claim, challenge)
    MOVE_EXAMPLE = N_("for example 10100000@0,1")
    NOTATION_KEY = N_(
        "A card is written as <b>8 digits</b>, one per box of its ring, clockwise from "
        "the top-left: <b>1</b> = a spot, <b>0</b> = empty.<pre style='font-size:17px'>"
        "1 2 3\n8 · 4\n7 6 5</pre>"
        "<code>10100000</code>: spots top-left and top-right (value 2). "
        "A move <code>10100000@0,1</code> places that card, turned as written, at "
        "row 0, column 1 (rows count down, columns right; negative numbers are fine). "
        "Turning a card a quarter turn moves every digit two places: "
        "<code>10100000</code> becomes <code>00101000</code>.<br>"
        "<code>pass</code> passes. Free table: <code>...@0,1 claim</code> places and "
        "claims the set it forms, <code>claim r,c ...</code> takes a set left on the "
        "table, <code>challenge r,c ...</code> takes cards placed against the rules.<br>"
        "Hints say what a move earns now and what the next player could then expect "
        "to collect (the cautious player's sum: best is most now, least left for them); "
        "a green number marks the hint's cell and the hand card it uses.<br>"
        "Players are numbered from 1, as the rules' messages say: Player 1 moves first.")

    def __init__(self, game: Game | None = None, **kwargs: Any) -> None:
        if game is not None:  # "New game" deals with this game's options
            kwargs = {**game.options, **kwargs}
        super().__init__(game, **kwargs)
        self._window_centre: tuple[float, float] | None = None   # the table window's centre; None: the middle
        self._seen_focus: tuple[Cell, ...] | None = None   # the cells the window last moved to show

    def game_buttons(self) -> dict[str, str]:
        """Rotate and Pass; in free-table mode (no auto-collect) Claim and Challenge too."""
        return {**self.BUTTONS, **({} if self.game.auto_collect else FREE_BUTTONS)}

    # ----- the shell's hooks --------------------------------------------

    def new_game(self, seed: int) -> Game:
        return Game.new(seed=seed, **self.options)

    def seat_name(self, seat: int) -> str:
        return _("Player {n}").format(n=seat + 1)  # as the engine's explanations say it

    def deck_count(self, game: Game) -> int:
        return game.deck_size

    def seat_scores(self) -> list[int]:
        # A running score (collected minus hand) would give away hidden hands:
        # the panel shows the points collected until the game is over.
        if self.game.is_over:
            return self.game.seat_scores
        return [sum(VALUE[card] for card in self.game.collected_cards(seat))
                for seat in range(self.game.players)]

    def clear_pending(self) -> None:
        self.selected: int | None = None   # index in the mover's hand
        self.turns = 0            # quarter turns given to the selected card
        self.picked: set[Cell] = set()     # table cells picked for a claim or challenge
        self.claim_armed = False  # the next placement claims the set it forms
        self.attempt: Move | None = None   # the refused placement, drawn with its mistakes
        self.previewed: Move | None = None  # the analysis row's move drawn unplayed
        self.preview_threats: list[Threat] = []

    def scene(self) -> Scene:
        g = self.game
        self._follow_focus()
        chosen = None if self.selected is None else (self.selected, self.selected_card)
        shown = self.previewed if self.previewed is not None else (
            self.attempt if self.marks else None)
        lines = self.preview_threats if self.previewed is not None else (
            threats(g) if self.hint_rows else ())
        return draw(g, move=shown, fits=chosen[1] if chosen else None, marks=self.marks,
                    picked=sorted(self.picked), recent=self._recent(),
                    hints=self.hinted, threats=lines, show=[t.cell for t in lines],
                    offending=self.open_hands, hands=self._face_up(), own=self.hand_seat(),
                    names=[self.seat_label(s) for s in range(g.players)], selected=chosen,
                    cover=(_("{player}: click or press Enter to show your hand").format(
                        player=self.seat_name(g.to_move)) if self.hand_hidden else None), prompt=self.prompt(),
                    live=True, centre=self._window_centre)

    def hand_seat(self) -> int:
        """The seat whose hand the picture draws as the hand: the seat to move (an
        exercise's board keeps the student's own after the try)."""
        return self.game.to_move

    def _face_up(self) -> set[int]:
        """The shell's shown seats; with covered hands, only the mover's (the
        other people at the screen look away from it, not from their own)."""
        shown = self.shown_seats()
        if self.cover_hands and not self.open_hands:
            shown &= {self.game.to_move}
        return shown

    def prompt(self) -> str:
        """What to do next, in words, drawn under the hand."""
        g = self.game
        if g.is_over:
            return _("Press New game to play again.")
        if not self.human_to_move:
            return _("Wait: {player} moves.").format(player=self.seat_label(g.to_move))
        if self.hand_hidden:
            return ""
        if self.previewed is not None:
            return _("Not played: {move} (blue)").format(move=self.previewed)
        if self.selected is None:
            # At most two lines each: the picture keeps two lines' room for the prompt.
            return (_("Next: pick a card of your hand.") if g.auto_collect else
                    _("Next: pick a hand card, or table cards to Claim or Challenge."))
        if self.claim_armed:
            return _("Next, place and claim: choose a + cell that completes a set.")
        if fitting_cells(g, self.selected_card):
            return _("Next: choose a + cell to place it; R turns the card.")
        return _("Fits nowhere this way: press R, pick another card, or Pass.")

    def analyse_position(self, game: Game, *, progress: Progress | None = None,
                         stop: threading.Event | None = None) -> AnalysisRows:
        return analysis(game, progress=progress, stop=stop, lookahead=self.lookahead_analysis)

    def preview(self, move: Move | None, line: Sequence[Move] | None = None) -> None:
        """Draw ``move`` in place without playing it, with the lines it leaves one
        card short; ``None`` clears it (so does any move, undo or new game)."""
        self.previewed = None if move is None else self.game.parse_move(str(move))
        self.preview_threats = ([] if self.previewed is None else
                                after_threats(self.game, self.previewed))
        self.marks = ()
        self.redraw()
        if move is None:
            self.say(self._turn_text())
            return
        value = dict(self.analysis_panel.rows).get(move) if self.analysis_panel else None
        short = len(self.preview_threats)
        orange = ngettext("Orange: {n} line one card short for the next player.",
                          "Orange: {n} lines one card short for the next player.",
                          short).format(n=short)
        if value is None:
            self.say(_("Showing, not played: {move}. {orange}").format(
                move=self.previewed, orange=orange))
        else:
            self.say(_("Showing, not played: {move} ({value}). {orange}").format(
                move=self.previewed, value=value.explain(), orange=orange))

    def replay_of(self, start: Game, moves: list[Move]) -> Replay:
        return Replay(start, moves)

    def cell_point(self, cell: Cell) -> tuple[float, float]:
        return centre(cell_box(self._layout(), cell))

    def hand_point(self, i: int) -> tuple[float, float]:
        return centre(hand_box(self._layout(), i))

    def on_click(self, x: float, y: float) -> None:
        lay = self._layout()
        hand = self.game.hand(self.game.to_move)
        i = hand_at(lay, x, y, len(hand))
        if i is not None:
            self._select(i)
            return
        cell = cell_at(lay, x, y)
        if cell is None:
            self.say(_("Pick a card of your hand, then a cell of the table."), tone="bad")
        elif not self.game.auto_collect and cell in self.game.table:
            self._pick(cell)
        elif self.selected is None:
            self.reject(_("Pick a card from your hand first, then a cell."))
        else:
            self.attempt = Move("place", card=self.selected_card, cell=cell,
                                claim=self.claim_armed)
            self.submit(self.attempt)

    def refusal(self, move: Move | str, exc: Exception) -> tuple[str, str]:
        return refusal_words(self.game, move)

    def on_button(self, name: str) -> None:
        {"rotate": self._rotate, "pass": lambda: self.submit(PASS),
         "claim": self._claim, "challenge": self._challenge}[name]()

    def hints(self, game: Game) -> list[tuple[Move, str]]:
        if self.lookahead_analysis:      # the Hint says what the look-ahead says
            return [(move, str(value)) for move, value in
                    analysis(game, lookahead=True, playouts=LOOKAHEAD_HINT_PLAYOUTS)[:HINT_ROWS]]
        return cautious_hints(game, HINT_ROWS)

    # ----- what the clicks and buttons do ---------------------------------

    @property
    def selected_card(self) -> int:
        """The selected hand card, turned as the person turned it."""
        assert self.selected is not None    # asked only while a card is selected
        return rotate(self.game.hand_cards(self.game.to_move)[self.selected], self.turns)

    def _layout(self) -> Layout:
        return layout(self.game, recent=self._recent(),
                      show=[t.cell for t in self.preview_threats], live=True,
                      centre=self._window_centre)

    # ----- the table's window (a big table: cards never under 42 px) -----

    def _focus(self) -> tuple[Cell, ...]:
        """The cells the window must show now: a refused try and its marks, a
        previewed move, the hints, the last move."""
        cells = list(self.marks)
        for move in (self.attempt if self.marks else None, self.previewed):
            if move is not None and move.cell is not None:
                cells.append(move.cell)
        cells += [m.cell for m, _ in self.hinted if m.cell is not None]
        if not cells:
            # The last moves back to the person's own (outlined): theirs first, the
            # computers' replies after; the window keeps them all in view if it can.
            n = self._recent()
            cells = [m.cell for m in self.game.history[len(self.game.history) - n:]
                     if m.kind == "place" and m.cell in self.game.table]
        return tuple(tuple(c) for c in cells)

    def _follow_focus(self) -> None:
        """Recentre the window on what just changed, if it is out of view: on all of
        it if it fits the window, else on the newest cell (the caption then says
        where the person's own card is)."""
        focus = self._focus()
        if focus and focus != self._seen_focus:
            self._seen_focus = focus
            lay = self._layout()
            if not all(lay.shows(c) for c in focus):
                rows, cols = [r for r, _ in focus], [c for _, c in focus]
                if (max(rows) - min(rows) > lay.r1 - lay.r0
                        or max(cols) - min(cols) > lay.c1 - lay.c0):
                    rows, cols = rows[-1:], cols[-1:]
                self._window_centre = ((min(rows) + max(rows)) / 2,
                                       (min(cols) + max(cols)) / 2)

    def on_view_click(self, x: float, y: float) -> bool:
        # Scrolling moves only the view: taken at any time, as on IOTA's board.
        direction = pan_at(self._layout(), x, y)
        if direction:
            self.pan(direction)
        return bool(direction)

    def pan(self, direction: str) -> None:
        """Scroll the table's window half a window ``direction`` (up, down, left, right)."""
        lay = self._layout()
        self._window_centre = scrolled((lay.r0, lay.r1), (lay.c0, lay.c1), direction)
        self.redraw()
        self.say(_(SCROLLED[direction]))

    def shows(self, cell: Sequence[int]) -> bool:
        """Whether ``cell`` is in the table's window now (a click can reach it)."""
        r, c = cell
        return self._layout().shows((r, c))

    def pan_toward(self, cell: Sequence[int]) -> str:
        """The shaded edge to click to bring ``cell`` nearer the window."""
        lay, (r, c) = self._layout(), cell
        edges = pans(lay)
        for direction, far in (("up", r < lay.r0), ("down", r > lay.r1),
                               ("left", c < lay.c0), ("right", c > lay.c1)):
            if far and direction in edges:
                return direction
        raise ValueError(f"cell {r},{c} is not on this table")

    def pan_point(self, direction: str) -> tuple[float, float]:
        """The scene point of the shaded edge ``direction`` (to click it)."""
        return centre(pans(self._layout())[direction])

    def _recent(self) -> int:
        # A previewed move is the one blue outline: the last moves' step aside.
        return 0 if self.previewed is not None else self.recent_count()

    def recent_count(self) -> int:
        """How many of the last moves to show: back to and including the last
        move a person made (the last move, when every seat is a person)."""
        g = self.game.copy()
        n = 0
        while g.history:
            g.undo()
            n += 1
            if self.seats[g.to_move] == HUMAN:
                break
        return n

    def _moved(self, seat: int, points: int) -> None:
        # After the computers answer, the status keeps to two lines in the panel
        # (~28 characters a line): who scored, or who moved; each move in full under
        # "Why?" (and in the move list). Three moves written out ran to ~9 lines.
        super()._moved(seat, points)
        if len(self._reports) > 2:   # two (yours and one reply) are said in full
            n = len(self._reports)
            seats = [s for _, s, *_ in recent_moves(self.game, n)]
            scored = [(s, p) for s, p in zip(seats, self._points[-n:], strict=False) if p]
            if len(scored) == 1:
                head = _("{player} scored {points}.").format(
                    player=self.seat_name(scored[0][0]), points=self._points_text(scored[0][1]))
            else:
                who = sorted({s + 1 for s, _p in scored} if scored
                             else {s + 1 for s in seats[1:]})
                head = (_("Players {names} scored.") if scored else
                        _("Players {names} moved.")).format(names=format_list(who))
            self.say(_("{head} {turn}").format(head=head, turn=self._turn_text()), tone="good",
                     more="\n".join(self._reports))

    def _fresh(self) -> None:
        self.marks, self.attempt = (), None

    def _select(self, i: int) -> None:
        if self.selected != i:
            self.selected, self.turns = i, 0
        self._fresh()
        self.redraw()
        self.say(_("Card {card} (value {value}) selected: press R or Rotate to turn it; "
                   "'+' marks where it fits. Choose a cell to place it.").format(
                       card=TEXT[self.selected_card], value=VALUE[self.selected_card]))

    def _rotate(self) -> None:
        if self.selected is None:
            self.reject(_("Pick a card from your hand first; then Rotate turns it."))
            return
        self.turns = (self.turns + 1) % 4
        self._fresh()
        self.redraw()
        self.say(_("Turned a quarter turn: now {card}. '+' marks where it fits this "
                   "way.").format(card=TEXT[self.selected_card]))

    def _pick(self, cell: Cell) -> None:
        self.picked ^= {cell}
        self._fresh()
        self.redraw()
        cells = " ".join(f"{r},{c}" for r, c in sorted(self.picked))
        self.say(_("Picked on the table: {cells}. Challenge takes them; Claim takes the set "
                   "they belong to.").format(cells=cells) if cells else
                 _("Picked on the table: none. Challenge takes them; Claim takes the set "
                   "they belong to."))

    def _claim(self) -> None:
        if self.selected is not None:
            self.claim_armed = not self.claim_armed
            self.redraw()
            self.say(_("Place and claim: choose the cell where your card completes a set.")
                     if self.claim_armed else
                     _("Claim disarmed: the next card is only placed."))
            return
        seat = self.game.to_move
        open_sets = [cells for cells, barred in self.game.unclaimed_sets if barred != seat]
        if self.picked:
            holding = [s for s in open_sets if self.picked <= set(s)]
            cells = holding[0] if len(holding) == 1 else sorted(self.picked)
        elif len(open_sets) == 1:
            cells = open_sets[0]
        else:
            self.reject(_("No set on the table is yours to claim.") if not open_sets else
                        _("Several sets lie on the table: pick a card of the one you claim, "
                          "then Claim."))
            return
        self.submit(Move.take("claim", cells))

    def _challenge(self) -> None:
        if not self.picked:
            self.reject(_("Pick the cards you say were placed against the rules, then "
                          "Challenge."))
            return
        self.submit(Move.take("challenge", sorted(self.picked)))

    # ----- the position as text (the text view: kit.ui.game) ----------------

    def position_text(self) -> str:
        """The text board with only the hands the board shows face up (the others
        a count of cards)."""
        shown = self.shown_seats()
        lines = str(self.game).split("\n")
        for seat in range(self.game.players):
            if seat in shown:
                continue
            who = _("Player {n}").format(n=seat + 1)
            hand = " ".join(self.game.hand(seat)) or "-"
            n = len(self.game.hand(seat))
            hidden = ngettext("{n} card, hidden", "{n} cards, hidden", n).format(n=n)
            lines = [line.replace(hand, hidden, 1) if line.startswith(who + " ")
                     or line.startswith(who + ":") else line for line in lines]
        return "\n".join(lines)


def refusal_words(game: Game, move: Move | str) -> tuple[str, str]:
    """``(verdict, more)`` for a refused move, as a board says it: the verdict one
    or two sentences (the rings on the table show where); ``more`` the rules'
    words, one problem a line, folded under "Why?" (a mismatch spelled out box by
    box ran to some 20 lines beside the board and pushed Rotate off the screen)."""
    move = game.parse_move(str(move)) if isinstance(move, str) else move
    exp = game.explain(move)
    problems = [p[:1].upper() + p[1:] + "." for p in exp.reason.split("; ")]
    short = problems[0] if len(problems) == 1 and len(problems[0]) <= 110 else None
    if move.kind == "place" and move.cell is not None and (exp.mismatches or exp.outside):
        said = []
        if exp.mismatches:
            boxes = len(exp.mismatches)
            said.append(ngettext("one of its boxes does not match",
                                 "{n} of its boxes do not match", boxes).format(n=boxes))
        if exp.outside:
            said.append(_("it would not fit in one {w} x {w} window with the cards "
                          "ringed").format(w=game.window))
        where = f"{move.cell[0]},{move.cell[1]}"
        return (_("It does not fit at {cell}: {problems} (marked with orange squares and dashes).").format(
            cell=where, problems=format_list(said)), "\n".join(problems))
    joined = " ".join(problems)
    if short is None and len(joined) <= 140:
        short = joined
    if short is None and not game.is_over and move.kind == "place" and move.card is not None \
            and not any(
            CANONICAL[h] == CANONICAL[move.card] for h in game.hand_cards(game.to_move)):
        return _("That card is not in your hand."), "\n".join(problems)
    if short is None:
        return problems[0] if len(problems[0]) <= 160 else _("The rules refuse that move."), \
            "\n".join(problems)
    return short, ""
