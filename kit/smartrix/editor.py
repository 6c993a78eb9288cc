"""The Smartrix position editor: build any position by clicks (``kit.ui.editor``).

The picture (the table, the hands under it, and a palette of the 70 cards
tagged with where each is) and which card a click hits are
``kit.smartrix.palette``'s (pure). A card is picked by clicking it anywhere
(palette, table or hand); a click on an empty cell then puts it there, from wherever it was,
turned as Rotate left it. Every edit is a change to the position dict judged by
``Game.from_dict``. "Play from here" opens a live ``Board`` (loaded by
reference: the board imports this module's neighbours, never the reverse).

Not covered: the rules and the drawing themselves (``rules.py``, ``draw.py``,
``palette.py``), the shell's JSON, files and buttons (``kit.ui.editor``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from kit import lazy
from kit.i18n import N_, _, ngettext
from kit.scene import Scene, centre
from kit.smartrix.cards import CANONICAL, DECK, TEXT, VALUE, Card, parse_card, rotate
from kit.smartrix.layout import Layout, cell_at, cell_box
from kit.smartrix.palette import (PALETTE, PALETTE_X, as_lies, editor_layout,
                                  editor_scene, hand_card_at, hand_card_box, palette_card_at,
                                  palette_card_box, palette_left, where_is)
from kit.smartrix.rules import Game
from kit.smartrix.table import Cell, is_legal_table
from kit.smartrix.moves import Move
from kit.ui.editor import Edit, EditorShell
from kit.ui.panel import button_row

if TYPE_CHECKING:
    from kit.ui.game import GameBoard

#: The window option's choices (0: none, the children's game).
# The window picker's choices; "none (children's)" is translated where the picker is made.
WINDOWS = [("5 x 5", 5), ("6 x 6", 6), ("4 x 4", 4), ("3 x 3", 3), (N_("none (children's)"), 0)]
# Re-exported: tests and scripts import the palette's place from the editor.
__all__ = ["Editor", "PALETTE", "PALETTE_X", "WINDOWS", "where_is"]


def _take_out(data: dict[str, Any], canon: int) -> int:
    """Remove the card ``canon`` from wherever it is in ``data``; its card as it lay."""
    place, at = where_is(data, canon)
    if place == "table":
        entry = next(e for e in data["grid"] if tuple(e[:2]) == at)
        data["grid"].remove(entry)
        _forget_cell(data, at)
        return parse_card(entry[2])
    pile = data[place][at] if at is not None else data["deck"]
    text = next(t for t in pile if CANONICAL[parse_card(t)] == canon)
    pile.remove(text)
    return parse_card(text)


def _forget_cell(data: dict[str, Any], cell: Cell) -> None:
    """A card left ``cell``: it is no longer offending, and no set it was in lies there."""
    if "offending" in data:
        data["offending"] = [c for c in data["offending"] if tuple(c) != cell]
    if "unclaimed" in data:
        data["unclaimed"] = [u for u in data["unclaimed"]
                             if cell not in {tuple(c) for c in u["cells"]}]


class Editor(EditorShell):
    """Build a Smartrix position: pick a card (palette, table or hand), then a cell.

    Also: Rotate (a picked table card turns in place; any other is turned for
    where it goes next), Remove (back to the draw pile), to a hand, to a
    collected pile, offending cards on the free table, and the options
    (players, window, teams, free table), the player to move, a fresh deal
    from a seed and a shuffled pile. Every edit is judged by
    ``Game.from_dict``; the methods below are what the clicks and buttons
    call, so a script or a test can edit the same way.
    """

    GAME = Game

    def __init__(self, game: Game | None = None, **kwargs: Any) -> None:
        self.picked: int | None = None   # the canonical card picked, or None
        self.turns = 0       # quarter turns for where the picked card goes next
        self._dropping = False   # the edit under way moves the picked card
        super().__init__(game, **kwargs)

    # ----- geometry (scene points) ------------------------------------------------

    def new_position(self) -> Game:
        return Game.new(players=2, seed=0)

    def _layout(self) -> Layout:
        return editor_layout(self.game)

    def cell_point(self, cell: Cell) -> tuple[float, float]:
        """Scene point of a table cell's centre (``xy(cell)``: canvas pixels, as a click)."""
        return centre(cell_box(self._layout(), cell))

    def palette_xy(self, card: str | Card) -> tuple[float, float]:
        """Canvas pixels of a palette card (text or int, any orientation)."""
        card = parse_card(card) if isinstance(card, str) else card
        x, y, size = palette_card_box(CANONICAL[card], palette_left(self.game))
        return self.view.canvas_xy(centre((x, y, size, size)))

    def hand_xy(self, seat: int, i: int) -> tuple[float, float]:
        """Canvas pixels of card ``i`` of ``seat``'s hand under the table."""
        x, y, size = hand_card_box(self.game, seat, i)
        return self.view.canvas_xy(centre((x, y, size, size)))

    # ----- the picture --------------------------------------------------------------

    def scene(self) -> Scene:
        return editor_scene(self.game, self.picked, self.turns, self.marks)

    # ----- clicks ---------------------------------------------------------------------

    def on_click(self, x: float, y: float) -> None:
        lay = self._layout()
        left = palette_left(self.game, lay)
        if x >= left:
            canon = palette_card_at(x, y, left)
            if canon is not None:
                self.pick(canon)
            return
        cell = cell_at(lay, x, y)
        if cell is not None:
            self.click_cell(cell)
            return
        hit = hand_card_at(self.game, x, y)
        if hit is not None:
            self.pick(parse_card(self.game.hand(hit[0])[hit[1]]))
            return
        self.say(_("Click a card (palette, table or hand) to pick it, then a table cell."),
                 tone="bad")

    def click_cell(self, cell: Cell) -> None:
        """A click on a table cell: pick its card, or put the picked card there."""
        text = self.game.grid.get(cell)
        if text is not None and self.picked != CANONICAL[parse_card(text)]:
            self.pick(parse_card(text))
        elif text is not None:
            self.unpick()
        elif self.picked is None:
            self.refuse(_("pick a card first: click it in the palette, on the table or in a hand"))
        else:
            self.place(cell)

    # ----- picking ------------------------------------------------------------------

    def _where(self, canon: int) -> tuple[str, Any]:
        return where_is(self.game.to_dict(), canon)

    def picked_card(self) -> Card | None:
        """The picked card turned as it will go down, or None."""
        return None if self.picked is None else rotate(as_lies(self.game, self.picked), self.turns)

    def pick(self, card: str | Card) -> None:
        """Pick a card (text or int, any orientation; wherever it is)."""
        card = parse_card(card) if isinstance(card, str) else card
        canon = CANONICAL[card]
        if canon == self.picked:
            self.unpick()
            return
        self.picked, self.turns, self.marks = canon, 0, ()
        self.redraw()
        where = self._where_words(canon)
        self.say(_("Card {card} (value {value}) picked, {where}: click an empty cell to put it "
                   "there ('+': it fits), or use the buttons.").format(
                       card=TEXT[as_lies(self.game, canon)], value=VALUE[canon], where=where))

    def _where_words(self, canon: int) -> str:
        place, at = self._where(canon)
        if place == "table":
            return _("on the table at {cell}").format(cell=f"{at[0]},{at[1]}")
        if place == "deck":
            return _("in the draw pile")
        if place == "hands":
            return _("in player {n}'s hand").format(n=at + 1)
        return _("collected by player {n}").format(n=at + 1)

    def unpick(self) -> None:
        self.picked, self.turns, self.marks = None, 0, ()
        self.redraw()
        self.say(_("Nothing picked."))

    def _picked(self) -> int:
        """The picked card, where the caller has checked that one is (``_need_pick``)."""
        assert self.picked is not None
        return self.picked

    def _need_pick(self) -> bool:
        if self.picked is None:
            self.refuse(_("pick a card first: click it in the palette, on the table or in a hand"))
            return False
        return True

    # ----- the edits (each one through EditorShell.edit) ----------------------------------

    def place(self, cell: Sequence[int]) -> bool:
        """Put the picked card on ``cell``, turned as Rotate left it, from wherever it was."""
        if not self._need_pick():
            return False
        canon, turns, cell = self._picked(), self.turns, (cell[0], cell[1])

        def change(d: dict[str, Any]) -> None:
            card = rotate(_take_out(d, canon), turns)
            if any(tuple(e[:2]) == cell for e in d["grid"]):
                return  # the engine names the two cards at one cell
            grid = {(r, c): parse_card(t) for r, c, t in d["grid"]}
            if "offending" in d and not d["options"].get("auto_collect", True):
                legal = {c: v for c, v in grid.items() if list(c) not in d["offending"]}
                if not is_legal_table({**legal, cell: card}, d["options"].get("window")):
                    d["offending"].append(list(cell))   # placed against the rules, as in play
            d["grid"].append([*cell, TEXT[card]])
        return self._put_down(change, _("{card} at {cell}").format(
            card=TEXT[rotate(as_lies(self.game, canon), turns)], cell=f"{cell[0]},{cell[1]}"),
            cells=[cell])

    def _put_down(self, change: Edit, what: str, cells: Iterable[Sequence[int]] = ()) -> bool:
        """An edit moving the picked card; kept, nothing is picked any more (a click
        on the card picks it again); refused, it stays picked to try elsewhere."""
        self._dropping = True
        try:
            return self.edit(change, what, cells)
        finally:
            self._dropping = False

    def accept(self, game: Game, message: str) -> None:
        if self._dropping:
            self.picked, self.turns = None, 0
        super().accept(game, message)

    def rotate(self) -> bool:
        """Turn the picked card a quarter turn: in place on the table, else for where it goes."""
        if not self._need_pick():
            return False
        place, at = self._where(self._picked())
        if place != "table":
            self.turns = (self.turns + 1) % 4
            self.marks = ()
            self.redraw()
            self.say(_("Turned: it goes down as {card}. '+' marks where it fits.").format(
                card=TEXT[rotate(as_lies(self.game, self._picked()), self.turns)]))
            return True

        def change(d: dict[str, Any]) -> None:
            entry = next(e for e in d["grid"] if tuple(e[:2]) == at)
            entry[2] = TEXT[rotate(parse_card(entry[2]), 1)]
        return self.edit(change, _("the card at {cell} turned").format(cell=f"{at[0]},{at[1]}"),
                         cells=[at])

    def remove(self) -> bool:
        """The picked card back to the bottom of the draw pile."""
        if not self._need_pick():
            return False
        canon = self._picked()
        if self._where(canon)[0] == "deck":
            self.say(_("That card is in the draw pile already."))
            return True
        return self._move_card(lambda d, card: d["deck"].append(TEXT[card]),
                               lambda card: _("{card} back to the draw pile").format(card=card))

    def to_hand(self, seat: int) -> bool:
        """The picked card into ``seat``'s hand."""
        return self._need_pick() and self._move_card(
            lambda d, card: d["hands"][seat].append(TEXT[card]),
            lambda card: _("{card} into player {n}'s hand").format(card=card, n=seat + 1))

    def to_collected(self, seat: int) -> bool:
        """The picked card onto ``seat``'s collected pile."""
        return self._need_pick() and self._move_card(
            lambda d, card: d["collected"][seat].append(TEXT[card]),
            lambda card: _("{card} collected by player {n}").format(card=card, n=seat + 1))

    def _move_card(self, put: Callable[[dict[str, Any], Card], None], what: Callable[[str], str]) -> bool:
        """``what(card text)``: the edit in words."""
        canon = self._picked()

        return self._put_down(lambda d: put(d, _take_out(d, canon)),
                              what(TEXT[as_lies(self.game, canon)]))

    def toggle_offending(self) -> bool:
        """Free table: mark the picked table card as placed against the rules, or unmark it."""
        if not self._need_pick():
            return False
        place, at = self._where(self._picked())
        if place != "table":
            self.refuse(_("only a card on the table can be offending: pick one there"))
            return False

        def change(d: dict[str, Any]) -> None:
            marked = [list(c) for c in d.get("offending", [])]
            d["offending"] = ([c for c in marked if tuple(c) != at] if list(at) in marked
                              else marked + [list(at)])
        return self.edit(change, _("the card at {cell} (un)marked offending").format(
            cell=f"{at[0]},{at[1]}"), cells=[at])

    def set_offending_known(self, known: bool) -> bool:
        """Free table: whether the position lists its offending cards (else: history unknown)."""
        def change(d: dict[str, Any]) -> None:
            if not known:
                d.pop("offending", None)
            else:
                d.setdefault("offending", [])
        return self.edit(change, _("offending cards listed") if known else
                         _("offending cards not listed (history unknown)"))

    def set_option(self, name: str, value: object) -> bool:
        """``window`` (an int, or None for the children's game), ``teams`` or ``auto_collect``."""
        def change(d: dict[str, Any]) -> None:
            d["options"][name] = value
            if name == "auto_collect" and value:
                d.pop("offending", None)
                d.pop("unclaimed", None)
        return self.edit(change, _("option {name} = {value}").format(name=name, value=value))

    def set_players(self, n: int) -> bool:
        """``n`` seats: new ones start with nothing; a seat dropped gives its cards to the pile."""
        def change(d: dict[str, Any]) -> None:
            old = len(d["hands"])
            for key in ("hands", "collected"):
                for pile in d[key][n:]:
                    d["deck"] += pile
                d[key] = (d[key] + [[] for _ in range(n - old)])[:n]
            d["out"] = (d.get("out", []) + [False] * n)[:n]
            if d["to_move"] >= n:
                d["to_move"] = 0
        return self.edit(change, ngettext("{n} player", "{n} players", n).format(n=n))

    def set_mover(self, seat: int) -> bool:
        return self.edit(lambda d: d.__setitem__("to_move", seat),
                         _("player {n} to move").format(n=seat + 1))

    def deal(self, seed: int) -> bool:
        """A fresh deal from ``seed`` with these players and options."""
        players, options = self.game.players, self.game.options
        self.picked, self.turns = None, 0
        return self.edit(lambda _d: Game.new(players, seed, **options).to_dict(),
                         _("a fresh deal from seed {seed}").format(seed=seed))

    def shuffle_pile(self, seed: int) -> bool:
        """The draw pile in a random order from ``seed``."""
        return self.edit(lambda d: random.Random(seed).shuffle(d["deck"]),
                         _("the draw pile shuffled (seed {seed})").format(seed=seed))

    def clear(self) -> bool:
        """Every card back in the draw pile (deck order): a blank to build a puzzle on."""
        self.picked, self.turns = None, 0

        def change(d: dict[str, Any]) -> dict[str, Any]:
            n = len(d["hands"])
            return {**d, "grid": [], "hands": [[] for _ in range(n)],
                    "collected": [[] for _ in range(n)], "deck": [TEXT[c] for c in DECK],
                    "out": [False] * n, "to_move": 0,
                    **({"offending": []} if "offending" in d else {}),
                    **({"unclaimed": []} if "unclaimed" in d else {})}
        return self.edit(change, _("every card back in the draw pile"))

    # ----- the game's widgets ---------------------------------------------------------------

    def tools(self) -> list[widgets.Widget]:
        self.seat_box = widgets.Dropdown(**_labelled(_("Player"), 130, 52))
        self.mover_box = widgets.Dropdown(**_labelled(_("To move"), 150, 62))
        self.players_box = widgets.Dropdown(options=list(range(2, 8)),
                                            **_labelled(_("Players"), 150, 62))
        self.window_box = widgets.Dropdown(options=[(_(name), w) for name, w in WINDOWS],
                                           **_labelled(_("Window"), 270, 62))
        self.teams_box = widgets.Checkbox(description=_("Teams (4 players)"), indent=False,
                                          layout=widgets.Layout(width="auto"))
        self.free_box = widgets.Checkbox(description=_("Free table"), indent=False,
                                         layout=widgets.Layout(width="auto"))
        self.known_box = widgets.Checkbox(description=_("Offending cards listed"), indent=False,
                                          layout=widgets.Layout(width="auto"))
        self.seed_box = widgets.IntText(value=0, **_labelled(_("Seed"), 130, 40))

        def seat() -> int:
            return self.seat_box.value or 0

        self.tool_buttons = {
            "rotate": self.button(_("⟳ Rotate"), self.rotate,
                                  _("turn the picked card a quarter turn")),
            "remove": self.button(_("✕ Remove"), self.remove,
                                  _("the picked card back to the pile")),
            "offending": self.button(_("! Offending"), self.toggle_offending,
                                     _("free table: mark the picked table card as a mistake")),
            "hand": self.button(_("→ Hand"), lambda: self.to_hand(seat()),
                                _("the picked card into this player's hand")),
            "collected": self.button(_("→ Collected"), lambda: self.to_collected(seat()),
                                     _("the picked card onto this player's collected pile")),
            "deal": self.button(_("Deal"), lambda: self.deal(self.seed_box.value),
                                _("a fresh deal from the seed")),
            "shuffle": self.button(_("Shuffle pile"),
                                   lambda: self.shuffle_pile(self.seed_box.value),
                                   _("the draw pile in a random order from the seed")),
            "clear": self.button(_("Clear all"), self.clear,
                                 _("every card back in the draw pile")),
        }
        observe = [(self.mover_box, self.set_mover), (self.players_box, self.set_players),
                   (self.window_box, lambda w: self.set_option("window", w or None)),
                   (self.teams_box, lambda v: self.set_option("teams", v)),
                   (self.free_box, lambda v: self.set_option("auto_collect", not v)),
                   (self.known_box, self.set_offending_known)]
        for box, edit in observe:
            self.edit_on_change(box, edit)
        b = self.tool_buttons
        return [button_row([b["rotate"], b["remove"], b["offending"]]),
                button_row([self.seat_box, b["hand"], b["collected"]]),
                button_row([self.mover_box, self.players_box]), button_row([self.window_box]),
                button_row([self.teams_box, self.free_box, self.known_box]),
                button_row([self.seed_box, b["deal"], b["shuffle"], b["clear"]])]

    def sync_tools(self) -> None:
        # The shell runs this inside syncing(): the observers ignore what it writes.
        g = self.game
        # Shown counting from 1, as the messages say; the values stay 0-based.
        seats = [(str(s + 1), s) for s in range(g.players)]
        seat = self.seat_box.value
        if [tuple(o) for o in self.seat_box.options] != seats:
            self.seat_box.options = seats
            self.mover_box.options = seats
        self.seat_box.value = seat if seat is not None and seat < g.players else 0
        self.mover_box.value = g.to_move
        self.players_box.value = g.players
        window = g.window or 0
        self.window_box.value = window if window in [v for _, v in WINDOWS] else None
        self.teams_box.value = g.teams
        self.free_box.value = not g.auto_collect
        self.known_box.value = g.offending_known and not g.auto_collect
        self.known_box.disabled = g.auto_collect
        self.tool_buttons["offending"].disabled = g.auto_collect

    def board_for(self, game: Game) -> GameBoard[Game, Move]:
        # By reference: the board imports the editor's neighbours, never the reverse.
        board: Any = lazy.load("kit.smartrix.board:Board")
        return board(game, delay=0.4, open_hands=True)


def _labelled(label: str, width: int, label_width: int) -> dict[str, Any]:
    """A box's description, layout and style: English fits ``label_width`` px; a
    longer translation widens the label (and the box with it) instead of being cut."""
    need = max(label_width, round(len(label) * 8.5))
    return {"description": label, "layout": widgets.Layout(width=f"{width + need - label_width}px"),
            "style": {"description_width": f"{need}px"}}
