"""The IOTA position editor (``Editor``) on the kit's editor shell (``kit.ui.editor``).

What is IOTA's here: what a click means, the edits (each judged by
``Game.from_dict`` through the shell's one ``edit`` path) and the widgets for
the players, the mover, the scores and the deck. Not covered: the editor's
picture, where its parts are and which one a click hits (``kit.iota.palette``,
pure); the shell's JSON, files and refusals (``kit.ui.editor``); the live board
(``board.py``), which "play from here" loads by reference, never by import.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from kit import lazy
from kit.i18n import _, ngettext
from kit.iota.cards import FULL_DECK, TEXT, describe, parse_card
from kit.iota.draw import seat_name
from kit.iota.layout import Cell, Point, cell_at, cell_box
from kit.iota.palette import EditorGeometry, Place, editor_geometry, editor_scene
from kit.iota.rules import Game
from kit.scene import Scene, centre
from kit.ui.editor import EditorShell
from kit.ui.panel import button_row

if TYPE_CHECKING:
    from kit.iota.moves import Move
    from kit.ui.game import GameBoard

Position = dict[str, Any]


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

    def __init__(self, game: Game | None = None, **kwargs: Any) -> None:
        self.picked: Place | None = None      # ("deck", palette index) / ("table", cell) / ("hand", seat, i)
        super().__init__(game, **kwargs)

    # ----- hooks -------------------------------------------------------------

    def new_position(self) -> Game:
        return Game.new(players=2, seed=0)

    @property
    def geometry(self) -> EditorGeometry:
        return editor_geometry(self.game)

    def scene(self) -> Scene:
        return editor_scene(self.game, self.geometry, self.picked, self.marks)

    def accept(self, game: Game, message: str) -> None:
        self.picked = None    # the picked card has gone where it was sent (a refusal keeps it)
        super().accept(game, message)

    def board_for(self, game: Game) -> GameBoard[Game, Move]:
        # By reference: the board imports the editor's neighbours, never the other way.
        board: Callable[..., Any] = lazy.load("kit.iota.board:Board")  # type: ignore[assignment]
        return board(game, delay=0.4)

    # ----- where things are (scene points; the shell's xy(cell) and view.canvas_xy(point)
    # give the canvas pixels a click carries) ---

    def cell_point(self, cell: Cell) -> Point:
        return centre(cell_box(self.geometry.table, (cell[0], cell[1])))

    def slot_point(self, seat: int, i: int) -> Point:
        return centre(self.geometry.slots[(seat, i)])

    def palette_point(self, card: int | str) -> Point:
        """The centre of ``card``'s palette slot (a wild: the first one, else the second)."""
        card = parse_card(card) if isinstance(card, str) else card
        return centre(self.geometry.palette_box(card))

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
        self.say(_("Click a card (in the palette, on the table or in a hand), then where it goes."),
                 tone="bad")

    def _pick(self, where: Place | None, words: str) -> None:
        self.picked, self.marks = where, ()
        self.redraw()
        self.say(words)

    def _palette_clicked(self, k: int) -> None:
        card, used, __ = self.geometry.palette[k]
        if self.picked == ("deck", k):
            self._pick(None, _("Nothing picked."))
            return
        if not used:
            self._pick(("deck", k), _("{card} ({words}) picked from the deck: click an empty cell "
                                      "or a hand slot for it.").format(card=TEXT[card],
                                                                       words=describe(card)))
            return
        where = self._find(card)
        if where is None:     # a used wild while the other is in the deck: not reached
            return
        # Translators: {where} is "on the table at (0,1)", "in Seat 2's hand" or "in the deck"
        self._pick(where, _("{card} is {where}: picked there. Click where it goes, or Remove to "
                            "put it back in the deck.").format(card=TEXT[card],
                                                               where=self._where_words(where)))

    def _target_clicked(self, target: Place) -> None:
        card = self._card_at(target)
        if self.picked is None:
            if card is not None:
                self._pick(target, _("{card} {where} picked: click where it goes, or Remove.")
                           .format(card=TEXT[card], where=self._where_words(target)))
            else:
                self.say(_("Pick a card first: click one in the palette below."), tone="bad")
            return
        if self.picked == target:
            self._pick(None, _("Nothing picked."))
            return
        self.move_card(self.picked, target)

    def _find(self, card: int) -> Place | None:
        """Where ``card`` is on the table or in a hand, or None."""
        for cell, c in sorted(self.game.table.items()):
            if c == card:
                return ("table", cell)
        for seat, hand in enumerate(self.game.hands):
            if card in hand:
                return ("hand", seat, hand.index(card))
        return None

    def _card_at(self, where: Place) -> int | None:
        kind = where[0]
        if kind == "deck":
            return self.geometry.palette[where[1]][0]
        if kind == "table":
            card: int | None = self.game.table.get(where[1])
            return card
        hand = self.game.hands[where[1]]
        return hand[where[2]] if where[2] < len(hand) else None

    @staticmethod
    def _where_words(where: Place, to: bool = False) -> str:
        """Where a card is ("on the table at (0,1)"); ``to``: where it goes ("to the deck")."""
        if where[0] == "table":
            return _("on the table at ({r},{c})").format(r=where[1][0], c=where[1][1])
        if where[0] == "hand":
            return _("in {seat}'s hand").format(seat=seat_name(where[1]))
        return _("to the deck") if to else _("in the deck")

    # ----- the edits (each one through EditorShell.edit) -------------------------

    def move_card(self, source: Place, target: Place) -> bool:
        """Move the card at ``source`` to ``target``; a card already there takes its place.

        Places are ``("deck", palette index)``, ``("table", (r, c))`` and
        ``("hand", seat, slot)`` (a slot past the hand's end adds to it). A card
        pushed out of its place by a card from the deck goes to the deck's bottom.
        """
        card = self._card_at(source)
        if card is None:
            self.refuse(_("there is no card there to move"))
            return False
        # Translators: an edit done: "3GT on the table at (0,1)", "3GT to the deck"
        what = _("{card} {where}").format(card=TEXT[card],
                                          where=self._where_words(target, to=True))
        cells = [x[1] for x in (source, target) if x[0] == "table"]
        return self.edit(lambda d: _move(d, source, target, card), what, cells=cells)

    def place(self, card: int | str, cell: Cell) -> bool:
        """Put ``card`` (text or int) on ``cell``, taking it from wherever it is."""
        card = parse_card(card) if isinstance(card, str) else card
        return self.move_card(self._source_of(card), ("table", tuple(cell)))

    def give(self, seat: int, card: int | str, slot: int | None = None) -> bool:
        """Put ``card`` into ``seat``'s hand (at ``slot``, default: after its cards)."""
        card = parse_card(card) if isinstance(card, str) else card
        slot = len(self.game.hands[seat]) if slot is None else slot
        return self.move_card(self._source_of(card), ("hand", seat, slot))

    def _source_of(self, card: int) -> Place:
        in_deck = card in self.game.deck
        k = next(i for i, (c, used, __) in enumerate(self.geometry.palette)
                 if c == card and (not used or not in_deck))
        where = ("deck", k) if in_deck else self._find(card)
        if where is None:    # every card of a valid position is somewhere
            raise ValueError(_("{card} is not in the deck, on the table or in a hand").format(
                card=TEXT[card]))
        return where

    def remove(self, where: Place | None = None) -> bool:
        """Put the card at ``where`` (default: the picked one) at the bottom of the deck."""
        where = where or self.picked
        if where is None or where[0] == "deck":
            self.refuse(_("pick a card on the table or in a hand first, then press Remove"))
            return False
        card = self._card_at(where)
        if card is None:
            self.refuse(_("there is no card there to put back in the deck"))
            return False
        self.picked = None
        cells = [where[1]] if where[0] == "table" else []
        return self.edit(lambda d: _move(d, where, ("bottom",), card),
                         _("{card} back to the deck").format(card=TEXT[card]), cells=cells)

    def set_players(self, n: int) -> bool:
        """``n`` seats: a dropped seat's hand goes to the deck's bottom, a new one is empty."""
        def change(d: Position) -> None:
            for hand in d["hands"][n:]:
                d["deck"] += hand
            d["hands"] = (d["hands"] + [[] for __ in range(n)])[:n]
            d["scores"] = (d["scores"] + [0] * n)[:n]
            d["to_move"] = min(d["to_move"], n - 1)
        self.picked = None
        return self.edit(change, ngettext("{n} player", "{n} players", n).format(n=n))

    def set_mover(self, seat: int) -> bool:
        return self.edit(lambda d: d.__setitem__("to_move", seat),
                         _("{name} to move").format(name=seat_name(seat)))

    def set_score(self, seat: int, score: int) -> bool:
        return self.edit(lambda d: d["scores"].__setitem__(seat, score),
                         _("{name}'s score {score}").format(name=seat_name(seat), score=score))

    def set_deck(self, top: str | Iterable[str], seed: int | None = None) -> bool:
        """The deck: the cards ``top`` (texts, top first), then the rest of the deck, kept
        in its order, or shuffled with ``random.Random(seed)`` from card order."""
        tops = top.split() if isinstance(top, str) else list(top)

        def change(d: Position) -> None:
            rest = list(d["deck"])
            for text in tops:
                if text.upper() in rest:
                    rest.remove(text.upper())
            if seed is not None:
                rest.sort(key=lambda t: parse_card(t))
                random.Random(seed).shuffle(rest)
            d["deck"] = [t.upper() for t in tops] + rest
        n = len(tops)
        if seed is None:
            what = ngettext("the deck: {n} card on top", "the deck: {n} cards on top", n)
        else:
            what = ngettext("the deck: {n} card on top, the rest shuffled with seed {seed}",
                            "the deck: {n} cards on top, the rest shuffled with seed {seed}", n)
        return self.edit(change, what.format(n=n, seed=seed))

    def clear(self) -> bool:
        """Start over: the card at (0,0) alone on the table, empty hands, every other card
        in the deck in card order, scores 0, seat 1 to move."""
        starter = self.game.table.get((0, 0), next(iter(sorted(self.game.table.values()))))

        def change(d: Position) -> Position:
            deck = list(FULL_DECK)
            deck.remove(starter)
            n = len(d["hands"])
            return {"game": "iota", "grid": [[0, 0, TEXT[starter]]], "hands": [[]] * n,
                    "deck": [TEXT[c] for c in deck], "scores": [0] * n, "to_move": 0,
                    "passes": 0}
        self.picked = None
        return self.edit(change, _("a fresh start with {card} alone on the table").format(
            card=TEXT[starter]))

    # ----- the widgets -------------------------------------------------------------

    def tools(self) -> list[widgets.Widget]:
        small = {"description_width": "70px"}
        self.players_box = widgets.Dropdown(options=[1, 2, 3, 4], description=_("Players"),
                                            layout=widgets.Layout(width="150px"), style=small)
        self.mover_box = widgets.ToggleButtons(description=_("To move"), style={
            "button_width": "64px", "description_width": "72px"})
        self.score_boxes = [widgets.IntText(description=f"{seat_name(i)}",
                                            layout=widgets.Layout(width="160px"), style=small)
                            for i in range(4)]
        self.deck_box = widgets.Text(placeholder=_("e.g. 3GT 1RC (top first)"),
                                     description=_("Deck top"),
                                     layout=widgets.Layout(width="100%"), style=small)
        self.seed_box = widgets.IntText(value=0, description=_("Seed"),
                                        layout=widgets.Layout(width="140px"), style=small)
        self.tool_buttons = {
            "remove": self.button(_("Remove"), self.remove,
                                  _("put the picked card back in the deck")),
            "clear": self.button(_("Start over"), self.clear,
                                 _("one card on the table, empty hands, the rest in the deck")),
            "deck": self.button(_("Set deck"), lambda: self.set_deck(self.deck_box.value),
                                _("these cards on top, the rest as it is")),
            "shuffle": self.button(_("Set deck, rest shuffled"),
                                   lambda: self.set_deck(self.deck_box.value, self.seed_box.value),
                                   _("these cards on top, the rest shuffled with the seed")),
        }
        self.edit_on_change(self.players_box, self.set_players)
        self.edit_on_change(self.mover_box, self.set_mover)
        for seat, box in enumerate(self.score_boxes):
            self.edit_on_change(box, self.set_score, seat)
        b = self.tool_buttons
        return [button_row([b["remove"], b["clear"]]), button_row([self.players_box]),
                self.mover_box,
                widgets.HTML('<div style="font-size: 16px"><b>{}</b></div>'.format(_("Scores"))),
                button_row(self.score_boxes), self.deck_box, button_row([b["deck"]]),
                button_row([self.seed_box, b["shuffle"]])]

    def sync_tools(self) -> None:
        # The shell calls this inside syncing(): these writes are not a person's edits.
        n = self.game.players
        self.players_box.value = n
        self.mover_box.options = [(str(i + 1), i) for i in range(n)]
        self.mover_box.value = self.game.to_move
        for seat, box in enumerate(self.score_boxes):
            box.layout.display = None if seat < n else "none"
            box.value = self.game.scores[seat] if seat < n else 0


def _take(d: Position, where: Place, card: int) -> Callable[[int], None]:
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


def _move(d: Position, source: Place, target: Place, card: int) -> None:
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
