"""Exploring IOTA positions: the replay, the position editor and the analysis.

``Replay(start, moves)`` plays a move list back (``kit.ui.replay``), ``Editor``
builds any position by clicks (``kit.ui.editor``), and ``analysis(game)``
ranks every legal play for the panel beside a live board
(``kit.ui.analysis``). This module adds only what is IOTA's: the pictures,
what a click in the editor means, and the exhaustive search behind the rows.

Not covered: the rules, scoring and drawing themselves (``rules.py``,
``scoring.py``, ``draw.py``), and the shells' buttons and exports.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import ipywidgets as widgets

from kit.iota.ai import best_turn, rank_moves
from kit.iota.cards import FULL_DECK, TEXT, WILD, describe, parse_card
from kit.iota.draw import _extent as draw_extent
from kit.iota.draw import (breakdown_lines, cell_at, cell_box, draw_card, draw_game, fit_layout,
                           outline)
from kit.iota.moves import Pass, Recycle
from kit.iota.rules import Game
from kit.scene import HIGHLIGHT, PAPER, TABLE, Scene, inside
from kit.ui.analysis import AnalysisRows
from kit.ui.editor import EditorShell
from kit.ui.replay import ReplayView

#: The replay's table box at least (so frames never jump); it grows to hold the
#: game's whole final table with cells of at least REPLAY_MIN_CELL.
REPLAY_BOX = (0, 0, 580, 560)
REPLAY_MIN_CELL = 48


def seat_name(seat: int) -> str:
    """Seats are numbered from 1 on screens (the live board's labels)."""
    return f"Seat {seat + 1}"


# ----- replay --------------------------------------------------------------------

class Replay(ReplayView):
    """An IOTA game played back: ``Replay(start, ["2GX@0,1 2BC@0,2", ...])``.

    Every hand is drawn face up (a replay is for looking back), the last move
    is outlined and its score explained line by line in the side panel.
    """

    GAME = Game

    def picture(self, game, last_move):
        cells = getattr(last_move, "cells", None) or (
            (last_move.cell,) if isinstance(last_move, Recycle) else ())
        return draw_game(game, highlight=cells, box=self.table_box(), open_hands=True,
                         seat_names=[seat_name(i) for i in range(game.players)],
                         notes=last_move_notes(game, last_move), cell=72)

    def table_box(self) -> tuple:
        """The table's area in every frame: the whole table of the game's last
        position fits it with cells of at least ``REPLAY_MIN_CELL`` (a replay page
        cannot scroll a window, and a fixed 580 x 560 box left 24 cards of a 64-card
        game off the picture); never smaller than ``REPLAY_BOX``, so a short game's
        cards stay big. The same box for every frame: the picture never jumps."""
        _, _, rows, cols = draw_extent(self._positions[-1].table, 1)
        x, y, w, h = REPLAY_BOX
        return (x, y, max(w, (cols + 0.75) * REPLAY_MIN_CELL),
                max(h, (rows + 0.75) * REPLAY_MIN_CELL))


def last_move_notes(game, move) -> list:
    """What the last move did, in words, from the position before it."""
    if move is None:
        return ["The start of the game."]
    before = game.copy()
    before.undo()
    who = seat_name(before.to_move)
    if isinstance(move, Pass):
        swapped = f", exchanging {len(move.exchange)}" if move.exchange else ""
        return [f"{who} passed{swapped}."]
    if isinstance(move, Recycle):
        return [f"{who} recycled the wild at ({move.cell[0]},{move.cell[1]}) for "
                f"{TEXT[move.card]}."]
    lines = breakdown_lines(before.explain(move))
    return [lines[0].replace("Pending play", f"{who} played")] + lines[1:]


# ----- the editor's picture --------------------------------------------------------

# Sized so the editor (picture and its 360 px of widgets) fits a 1366 px screen
# with JupyterLab's file browser open.
TABLE_BOX = (0, 0, 420, 370)     # the table's area: cards shrink to fit, 64 px down to 32
SEATS_X = 432                    # the seats' column
SLOT = 48                        # a hand card
SEAT_H = 28 + SLOT + 8           # a seat's name and score, its hand, a gap
PALETTE_Y = 376                  # the palette: 4 rows of 16 cards by colour, wilds at the end
CARD = 37
PALETTE_TITLE = 34
USED_TEXT = "#8A8A8A"


def palette_order() -> list:
    """The 66 palette slots: per colour row, shapes then numbers; a wild ends rows 1 and 2."""
    rows = [[(n - 1) * 16 + colour * 4 + shape for shape in range(4) for n in range(1, 5)]
            for colour in range(4)]
    rows[0].append(WILD)
    rows[1].append(WILD)
    return rows


@dataclass(frozen=True)
class EditorGeometry:
    """Where the editor's parts are: the table's layout, hand slots, palette cards."""

    table: object            # draw.Layout
    slots: dict              # (seat, index) -> (x, y, w, h)
    palette: tuple           # ((card, used, (x, y, w, h)), ...)
    width: float
    height: float

    def slot_at(self, x, y):
        return next((k for k, box in self.slots.items() if inside(box, x, y)), None)

    def palette_at(self, x, y):
        return next((i for i, (_, _, box) in enumerate(self.palette) if inside(box, x, y)), None)


def editor_geometry(game) -> EditorGeometry:
    lay = fit_layout(game.table, TABLE_BOX, margin=1, max_cell=64, min_cell=32)
    slots = {(seat, i): (SEATS_X + i * SLOT, seat * SEAT_H + 28, SLOT, SLOT)
             for seat in range(game.players) for i in range(4)}
    used = [c for c in game.table.values()] + [c for h in game.hands for c in h]
    wilds_used = used.count(WILD)
    palette = []
    for r, row in enumerate(palette_order()):
        for i, card in enumerate(row):
            is_used = (card in used) if card != WILD else (wilds_used > r)
            box = (i * CARD + 2, PALETTE_Y + PALETTE_TITLE + r * CARD, CARD, CARD)
            palette.append((card, is_used, box))
    return EditorGeometry(lay, slots, tuple(palette), SEATS_X + 4 * SLOT + 12,
                          PALETTE_Y + PALETTE_TITLE + 4 * CARD + 8)


def editor_scene(game, geo: EditorGeometry, picked=None, marks=()) -> Scene:
    """The table, each seat's hand in four slots, and the palette of the 66 cards."""
    scene = Scene(geo.width, geo.height, background=TABLE,
                  title=f"IOTA position editor: {len(game.table)} cards on the table")
    lay = geo.table
    for (r, c), card in sorted(game.table.items()):
        if lay.shows(r, c):
            draw_card(scene, card, *cell_box(lay, r, c)[:2], lay.cell)
    for r in range(lay.min_row, lay.min_row + lay.rows):     # empty cells: faint squares
        for c in range(lay.min_col, lay.min_col + lay.cols):
            if (r, c) not in game.table:
                x, y, w, h = cell_box(lay, r, c)
                scene.rect(x + 3, y + 3, w - 6, h - 6, stroke="#CFC8B4", radius=6)
    _coords(scene, lay)
    outline(scene, lay, marks, "error")
    if picked and picked[0] == "table":
        outline(scene, lay, [picked[1]], "pending")
    _seats(scene, game, geo, picked)
    _palette(scene, game, geo, picked)
    return scene


def _coords(scene, lay) -> None:
    for i in range(lay.cols):
        scene.text(lay.left + (i + 0.5) * lay.cell, lay.top - lay.cell * 0.25,
                   lay.min_col + i, size=14, fill="#555555")
    for i in range(lay.rows):
        scene.text(lay.left - lay.cell * 0.25, lay.top + (i + 0.5) * lay.cell,
                   lay.min_row + i, size=14, fill="#555555")


def _seats(scene, game, geo, picked) -> None:
    for seat in range(game.players):
        top = seat * SEAT_H
        mover = seat == game.to_move
        label = f"{'▶ ' if mover else ''}{seat_name(seat)}: {game.scores[seat]} points"
        scene.text(SEATS_X, top + 16, label, size=18, bold=mover, anchor="start")
        for i in range(4):
            x, y, w, h = geo.slots[(seat, i)]
            if i < len(game.hands[seat]):
                draw_card(scene, game.hands[seat][i], x, y, w)
            else:
                scene.rect(x + 4, y + 4, w - 8, h - 8, stroke="#999999", dash=(4, 4), radius=6)
            if picked == ("hand", seat, i):
                scene.rect(x + 1, y + 1, w - 2, h - 2, stroke=HIGHLIGHT, stroke_width=5, radius=8)
    y = game.players * SEAT_H + 14
    n = len(game.deck)
    scene.text(SEATS_X, y, f"Deck: {n} card{'s' if n != 1 else ''}", size=18, anchor="start")
    if game.deck:
        scene.text(SEATS_X, y + 24, "top: " + " ".join(TEXT[c] for c in game.deck[:4])
                   + (" …" if n > 4 else ""), size=16, anchor="start", fill="#444444")


def _palette(scene, game, geo, picked) -> None:
    scene.text(4, PALETTE_Y + PALETTE_TITLE / 2,
               "The 66 cards (grey: already placed). Click one, then a cell or slot.",
               size=17, anchor="start")
    for k, (card, used, (x, y, w, h)) in enumerate(geo.palette):
        if used:
            scene.rect(x + 3, y + 3, w - 6, h - 6, fill=PAPER, stroke="#BBBBBB", radius=5,
                       dash=(3, 3))
            scene.text(x + w / 2, y + h / 2, TEXT[card], size=13, fill=USED_TEXT)
        else:
            draw_card(scene, card, x, y, w)
        if picked == ("deck", k):
            scene.rect(x + 1, y + 1, w - 2, h - 2, stroke=HIGHLIGHT, stroke_width=5, radius=6)


# ----- the editor ----------------------------------------------------------------

class Editor(EditorShell):
    """Build an IOTA position: pick a card (from the palette, the table or a hand),
    then click where it goes: an empty cell, a card to swap with, or a hand slot.

    Also: remove the picked card to the deck, the number of players, who is to
    move, the scores, the deck's top cards and "the rest shuffled with seed N",
    and a fresh start (one card on the table). Every edit is judged by
    ``Game.from_dict``; the methods below are what the clicks and buttons call,
    so a script or a test can edit the same way.
    """

    GAME = Game

    def __init__(self, game=None, **kwargs):
        self.picked = None      # ("deck", palette index) / ("table", cell) / ("hand", seat, i)
        super().__init__(game, **kwargs)

    # ----- hooks -------------------------------------------------------------

    def new_position(self) -> Game:
        return Game.new(players=2, seed=0)

    @property
    def geometry(self) -> EditorGeometry:
        return editor_geometry(self.game)

    def scene(self):
        return editor_scene(self.game, self.geometry, self.picked, self.marks)

    def accept(self, game, message: str) -> None:
        self.picked = None    # the picked card has gone where it was sent (a refusal keeps it)
        super().accept(game, message)

    def board_for(self, game):
        from kit.iota.board import Board   # board.py imports this module (Replay, analysis)

        return Board(game, delay=0.4)

    # ----- where things are (scene points, and canvas pixels as a click carries them) ---

    def cell_point(self, cell) -> tuple:
        x, y, w, h = cell_box(self.geometry.table, *cell)
        return x + w / 2, y + h / 2

    def slot_point(self, seat: int, i: int) -> tuple:
        x, y, w, h = self.geometry.slots[(seat, i)]
        return x + w / 2, y + h / 2

    def palette_point(self, card) -> tuple:
        """The centre of ``card``'s palette slot (a wild: the first one, else the second)."""
        card = parse_card(card) if isinstance(card, str) else card
        slots = [box for c, used, box in self.geometry.palette if c == card]
        x, y, w, h = slots[0]
        return x + w / 2, y + h / 2

    def xy(self, point) -> tuple:
        """Canvas pixels of a scene point (what a browser click reports)."""
        return point[0] * self.view.pixel_ratio, point[1] * self.view.pixel_ratio

    # ----- clicks ----------------------------------------------------------------

    def on_click(self, x: float, y: float) -> None:
        geo = self.geometry
        k = geo.palette_at(x, y)
        if k is not None:
            self._palette_clicked(k)
            return
        slot = geo.slot_at(x, y)
        if slot is not None:
            self._target_clicked(("hand", *slot))
            return
        cell = cell_at(geo.table, x, y)
        if cell is not None:
            self._target_clicked(("table", cell))
            return
        self.say("Click a card (in the palette, on the table or in a hand), then where it goes.",
                 tone="bad")

    def _pick(self, where, words: str) -> None:
        self.picked, self.marks = where, ()
        self.redraw()
        self.say(words)

    def _palette_clicked(self, k: int) -> None:
        card, used, _ = self.geometry.palette[k]
        if self.picked == ("deck", k):
            self._pick(None, "Nothing picked.")
            return
        if not used:
            self._pick(("deck", k), f"{TEXT[card]} ({describe(card)}) picked from the deck: "
                                    "click an empty cell or a hand slot for it.")
            return
        where = self._find(card)
        if where is None:     # a used wild while the other is in the deck: not reached
            return
        self._pick(where, f"{TEXT[card]} is {self._where_words(where)}: picked there. Click "
                          "where it goes, or Remove to put it back in the deck.")

    def _target_clicked(self, target) -> None:
        occupied = self._card_at(target) is not None
        if self.picked is None:
            if occupied:
                card = self._card_at(target)
                self._pick(target, f"{TEXT[card]} {self._where_words(target)} picked: click "
                                   "where it goes, or Remove.")
            else:
                self.say("Pick a card first: click one in the palette below.", tone="bad")
            return
        if self.picked == target:
            self._pick(None, "Nothing picked.")
            return
        self.move_card(self.picked, target)

    def _find(self, card):
        """Where ``card`` is on the table or in a hand, or None."""
        for cell, c in sorted(self.game.table.items()):
            if c == card:
                return ("table", cell)
        for seat, hand in enumerate(self.game.hands):
            if card in hand:
                return ("hand", seat, hand.index(card))
        return None

    def _card_at(self, where):
        kind = where[0]
        if kind == "deck":
            return self.geometry.palette[where[1]][0]
        if kind == "table":
            return self.game.table.get(where[1])
        hand = self.game.hands[where[1]]
        return hand[where[2]] if where[2] < len(hand) else None

    @staticmethod
    def _where_words(where) -> str:
        if where[0] == "table":
            return f"on the table at ({where[1][0]},{where[1][1]})"
        if where[0] == "hand":
            return f"in {seat_name(where[1])}'s hand"
        return "in the deck"

    # ----- the edits (each one through EditorShell.edit) -------------------------

    def move_card(self, source, target) -> bool:
        """Move the card at ``source`` to ``target``; a card already there takes its place.

        Places are ``("deck", palette index)``, ``("table", (r, c))`` and
        ``("hand", seat, slot)`` (a slot past the hand's end adds to it). A card
        pushed out of its place by a card from the deck goes to the deck's bottom.
        """
        card = self._card_at(source)
        if card is None:
            self.refuse("there is no card there to move")
            return False
        what = f"{TEXT[card]} {self._where_words(target).replace('in the deck', 'to the deck')}"
        cells = [x[1] for x in (source, target) if x[0] == "table"]
        return self.edit(lambda d: _move(d, source, target, card), what, cells=cells)

    def place(self, card, cell) -> bool:
        """Put ``card`` (text or int) on ``cell``, taking it from wherever it is."""
        card = parse_card(card) if isinstance(card, str) else card
        return self.move_card(self._source_of(card), ("table", tuple(cell)))

    def give(self, seat: int, card, slot: int | None = None) -> bool:
        """Put ``card`` into ``seat``'s hand (at ``slot``, default: after its cards)."""
        card = parse_card(card) if isinstance(card, str) else card
        slot = len(self.game.hands[seat]) if slot is None else slot
        return self.move_card(self._source_of(card), ("hand", seat, slot))

    def _source_of(self, card):
        in_deck = card in self.game.deck
        k = next(i for i, (c, used, _) in enumerate(self.geometry.palette)
                 if c == card and (not used or not in_deck))
        return ("deck", k) if in_deck else self._find(card)

    def remove(self, where=None) -> bool:
        """Put the card at ``where`` (default: the picked one) at the bottom of the deck."""
        where = where or self.picked
        if where is None or where[0] == "deck":
            self.refuse("pick a card on the table or in a hand first, then press Remove")
            return False
        card = self._card_at(where)
        self.picked = None
        cells = [where[1]] if where[0] == "table" else []
        return self.edit(lambda d: _move(d, where, ("bottom",), card),
                         f"{TEXT[card]} back to the deck", cells=cells)

    def set_players(self, n: int) -> bool:
        """``n`` seats: a dropped seat's hand goes to the deck's bottom, a new one is empty."""
        def change(d):
            for hand in d["hands"][n:]:
                d["deck"] += hand
            d["hands"] = (d["hands"] + [[] for _ in range(n)])[:n]
            d["scores"] = (d["scores"] + [0] * n)[:n]
            d["to_move"] = min(d["to_move"], n - 1)
        self.picked = None
        return self.edit(change, f"{n} player{'s' if n != 1 else ''}")

    def set_mover(self, seat: int) -> bool:
        return self.edit(lambda d: d.__setitem__("to_move", seat), f"{seat_name(seat)} to move")

    def set_score(self, seat: int, score: int) -> bool:
        return self.edit(lambda d: d["scores"].__setitem__(seat, score),
                         f"{seat_name(seat)}'s score {score}")

    def set_deck(self, top, seed: int | None = None) -> bool:
        """The deck: the cards ``top`` (texts, top first), then the rest of the deck, kept
        in its order, or shuffled with ``random.Random(seed)`` from card order."""
        top = top.split() if isinstance(top, str) else list(top)

        def change(d):
            rest = list(d["deck"])
            for text in top:
                if text.upper() in rest:
                    rest.remove(text.upper())
            if seed is not None:
                rest.sort(key=lambda t: parse_card(t))
                random.Random(seed).shuffle(rest)
            d["deck"] = [t.upper() for t in top] + rest
        shuffled = f", the rest shuffled with seed {seed}" if seed is not None else ""
        return self.edit(change, f"the deck: {len(top)} card{'s' if len(top) != 1 else ''} "
                                 f"on top{shuffled}")

    def clear(self) -> bool:
        """Start over: the card at (0,0) alone on the table, empty hands, every other card
        in the deck in card order, scores 0, seat 1 to move."""
        starter = self.game.table.get((0, 0), next(iter(sorted(self.game.table.values()))))

        def change(d):
            deck = list(FULL_DECK)
            deck.remove(starter)
            n = len(d["hands"])
            return {"game": "iota", "grid": [[0, 0, TEXT[starter]]], "hands": [[]] * n,
                    "deck": [TEXT[c] for c in deck], "scores": [0] * n, "to_move": 0,
                    "passes": 0}
        self.picked = None
        return self.edit(change, f"a fresh start with {TEXT[starter]} alone on the table")

    # ----- the widgets -------------------------------------------------------------

    def tools(self) -> list:
        small = {"description_width": "70px"}
        self.players_box = widgets.Dropdown(options=[1, 2, 3, 4], description="Players",
                                            layout=widgets.Layout(width="150px"), style=small)
        self.mover_box = widgets.ToggleButtons(description="To move", style={
            "button_width": "64px", "description_width": "60px"})
        self.score_boxes = [widgets.IntText(description=f"{seat_name(i)}",
                                            layout=widgets.Layout(width="160px"), style=small)
                            for i in range(4)]
        self.deck_box = widgets.Text(placeholder="e.g. 3GT 1RC (top first)", description="Deck top",
                                     layout=widgets.Layout(width="100%"), style=small)
        self.seed_box = widgets.IntText(value=0, description="Seed",
                                        layout=widgets.Layout(width="140px"), style=small)
        self.tool_buttons = {
            "remove": self.button("Remove", self.remove, "put the picked card back in the deck"),
            "clear": self.button("Start over", self.clear,
                                 "one card on the table, empty hands, the rest in the deck"),
            "deck": self.button("Set deck", lambda: self.set_deck(self.deck_box.value),
                                "these cards on top, the rest as it is"),
            "shuffle": self.button("Set deck, rest shuffled",
                                   lambda: self.set_deck(self.deck_box.value, self.seed_box.value),
                                   "these cards on top, the rest shuffled with the seed"),
        }
        self._syncing = False
        self.players_box.observe(lambda c: self._tool_changed(self.set_players, c["new"]), "value")
        self.mover_box.observe(lambda c: self._tool_changed(self.set_mover, c["new"]), "value")
        for seat, box in enumerate(self.score_boxes):
            box.observe(lambda c, seat=seat: self._tool_changed(self.set_score, seat, c["new"]),
                        "value")
        b = self.tool_buttons
        row = lambda *items: widgets.HBox(list(items), layout=widgets.Layout(flex_flow="row wrap"))
        return [row(b["remove"], b["clear"]), row(self.players_box), self.mover_box,
                widgets.HTML('<div style="font-size: 16px"><b>Scores</b></div>'),
                row(*self.score_boxes), self.deck_box, row(b["deck"]),
                row(self.seed_box, b["shuffle"])]

    def sync_tools(self) -> None:
        self._syncing = True
        try:
            n = self.game.players
            self.players_box.value = n
            self.mover_box.options = [(str(i + 1), i) for i in range(n)]
            self.mover_box.value = self.game.to_move
            for seat, box in enumerate(self.score_boxes):
                box.layout.display = None if seat < n else "none"
                box.value = self.game.scores[seat] if seat < n else 0
        finally:
            self._syncing = False

    def _tool_changed(self, edit, *args) -> None:
        if not self._syncing and args[-1] is not None:
            self.view.guarded(edit, *args)


def _take(d, where, card):
    """Remove ``card`` from ``where`` in position data ``d``; return a function putting
    a card back in that place."""
    kind = where[0]
    if kind == "deck":
        d["deck"].remove(TEXT[card])
        return lambda c: d["deck"].append(TEXT[c])
    if kind == "table":
        r, c0 = where[1]
        d["grid"] = [e for e in d["grid"] if (e[0], e[1]) != (r, c0)]
        return lambda c: d["grid"].append([r, c0, TEXT[c]])
    seat, i = where[1], where[2]
    d["hands"][seat].pop(i)
    return lambda c: d["hands"][seat].insert(i, TEXT[c])


def _move(d, source, target, card) -> None:
    """In position data ``d``: ``card`` from ``source`` to ``target``; the card that was
    at ``target`` goes to ``source``'s place (a card leaving the deck's place: its bottom)."""
    put_back = _take(d, source, card)
    if target[0] == "bottom":
        d["deck"].append(TEXT[card])
        return
    if target[0] == "table":
        r, c = target[1]
        old = next((e for e in d["grid"] if (e[0], e[1]) == (r, c)), None)
        if old is not None:
            d["grid"].remove(old)
            put_back(parse_card(old[2]))
        d["grid"].append([r, c, TEXT[card]])
        return
    seat, i = target[1], target[2]
    hand = d["hands"][seat]
    if i < len(hand):
        old = hand[i]
        hand[i] = TEXT[card]
        put_back(parse_card(old))
    else:
        hand.append(TEXT[card])


# ----- analysis ------------------------------------------------------------------

# Shown under the rows to whoever analyses (a student in the sandbox, a player
# in the app): how the list was made is for this folder's README, not for them.
NOTE = ("Every play you could make now, best first, with the points it scores this turn. "
        "A row that starts with recycle first swaps one of your cards for a wild on the "
        "table; its points are those of the best play after it.")


def analysis(game: Game, *, progress=None, stop=None) -> AnalysisRows:
    """Every legal play ranked by the points it scores now, best first.

    Each recycle is a row too, valued by the best play after it (its line is
    the recycle and that play). The best turn by exhaustive search
    (:func:`kit.iota.ai.best_turn`) and its time are in ``rows.remarks``.
    With no play at all, the passes are the rows (each worth 0).
    ``progress(done, total)`` is told per position searched; ``stop`` (a
    ``threading.Event``) is checked between recycles: the rows so far come back
    marked partial.
    """
    if game.is_over:
        return AnalysisRows(note="The game is over: there is no play to rank.")
    start = time.perf_counter()
    moves = game.legal_moves()
    recycles = [m for m in moves if isinstance(m, Recycle)]
    total = 1 + len(recycles)
    rows = [(play, points) for points, play in rank_moves(game)]
    best = (rows[0][1], [rows[0][0]]) if rows else (0, [])
    positions, plays = 1, len(rows)
    if progress:
        progress(1, total)
    lines, partial = {}, False
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
    return AnalysisRows(rows, note=NOTE, remarks=[_best_words(best, positions, plays, seconds,
                                                              partial)],
                        lines=lines, partial=partial)


def _best_words(best, positions, plays, seconds, partial) -> str:
    points, moves = best
    searched = (f"{plays} play{'s' if plays != 1 else ''} in {positions} position"
                f"{'s' if positions != 1 else ''} (recycles first included), {seconds:.2f} s")
    if not moves:
        return f"No card fits anywhere: pass. Searched {searched}."
    turn = " then ".join(str(m) for m in moves)
    so_far = " so far" if partial else ""
    return f"Best turn by exhaustive search{so_far}: {turn} for {points} points ({searched})."
