"""Playing a board by keys: a cursor over the table's cells and the hand.

Every live board (``kit.ui.game.GameBoard``) takes keys while its canvas has
focus (ipycanvas' ``on_key_down``). This module is the part that is the same
in every game and names none:

- :func:`step`, pure: where an arrow key takes the cursor, given what it may
  visit (:class:`Area`: the table's rows and columns, and the hand's size).
  Down past the table's last row goes into the hand (drawn under the table in
  every game with one); Up from the hand goes back to the cell the cursor
  left. The cursor stops at the edges (no wrapping: a wrap would land a key
  press far from where the eye is).
- :class:`BoardKeys`: the cursor's state and what a key does on a board:
  an arrow moves the cursor (one redraw, the spot said in words in the status
  line, so a screen reader's live region can read it); Enter or Space does
  exactly what a click at the cursor does (the same handler, so the same
  refusals); a letter presses one of the game's buttons (``KeyMap.buttons``).
  Keys with Ctrl, Alt or Meta are left alone (copy, the browser's own keys).
- :func:`cursor_shapes`: the cursor as drawn, a black ring round a white one,
  at least 3:1 against anything it lies on (the one ring that is dark where
  the other is light), and unlike every other mark in the kit's pictures.

**[decision] The cursor shows from the first key press on**, not before:
ipycanvas tells Python nothing when the canvas gets focus, and a cursor drawn
for everyone would be one more mark for the mouse player to read. The first
arrow key shows it where it starts without moving it, so nobody moves it
blind. It is never part of a saved picture (``saved_scene``).

A game's key map (``kit/<game>/keys.py``, named in its registration as
``keys=``) supplies the :class:`KeyMap` hooks: the area, where the cursor
starts, the box of a spot in the picture, how to bring a cell into the table's
window, and the spot in words.

Not covered: Tab and Esc, which leave the board (the front end's part, not
this module's); any game's rules.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Generic, Protocol, TypeVar

from kit.i18n import _
from kit.scene import Box, Rect, Scene, centre

#: arrow key -> (rows, columns) it moves the cursor by
ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
#: the keys that act as a click at the cursor (" " is the space bar; old browsers say "Spacebar")
ACTIVATE = frozenset({"Enter", " ", "Spacebar"})
TABLE, HAND = "table", "hand"
Cell = tuple[int, int]
#: sends one key to a board (a test's simulated key event, or a direct call)
Press = Callable[[str], None]


@dataclass(frozen=True)
class Spot:
    """Where the cursor is: on a table ``cell`` or on hand card ``index``. Both are
    kept whichever zone it is in, so Up from the hand returns to the cell it left."""

    zone: str = TABLE
    cell: Cell = (0, 0)
    index: int = 0


@dataclass(frozen=True)
class Area:
    """What the cursor may visit now: table rows and columns (first, last), inclusive,
    and the number of hand cards it can reach (0: no hand shown)."""

    rows: tuple[int, int]
    cols: tuple[int, int]
    hand: int = 0


def _clamp(v: int, low: int, high: int) -> int:
    return max(low, min(high, v))


def clamp(spot: Spot, area: Area) -> Spot:
    """``spot`` moved, as little as it takes, into ``area`` (the hand shrank, the table
    changed): a hand spot with no hand shown goes to the table."""
    cell = (_clamp(spot.cell[0], *area.rows), _clamp(spot.cell[1], *area.cols))
    index = _clamp(spot.index, 0, max(0, area.hand - 1))
    zone = spot.zone if spot.zone == TABLE or area.hand else TABLE
    return Spot(zone, cell, index)


def step(spot: Spot, key: str, area: Area) -> Spot:
    """Where arrow ``key`` takes the cursor from ``spot`` (pure; see the module docstring)."""
    spot = clamp(spot, area)
    dr, dc = ARROWS[key]
    if spot.zone == HAND:
        if dr < 0:
            return replace(spot, zone=TABLE)
        return replace(spot, index=_clamp(spot.index + dc, 0, area.hand - 1))
    r, c = spot.cell
    if dr > 0 and r == area.rows[1] and area.hand:
        return replace(spot, zone=HAND)
    return replace(spot, cell=(_clamp(r + dr, *area.rows), _clamp(c + dc, *area.cols)))


def cursor_shapes(box: Box) -> list[Rect]:
    """The cursor round ``box``: a 4 px black ring just outside it and a 2 px white
    ring inside that. Black is 21:1 on white paper and white on a dark card, so one
    of the two always stands out at far more than 3:1."""
    x, y, w, h = box
    return [Rect(x - 3, y - 3, w + 6, h + 6, stroke="#000000", stroke_width=4, radius=4),
            Rect(x, y, w, h, stroke="#FFFFFF", stroke_width=2, radius=3)]


#: the board a key map works on (a game's Board), as a KeyMap takes it and as BoardKeys keeps it
B_contra = TypeVar("B_contra", bound="KeyBoard", contravariant=True)
B = TypeVar("B", bound="KeyBoard")


class KeyMap(Protocol[B_contra]):
    """A game's part of playing by keys (``kit/<game>/keys.py``), on its own Board
    (``KeyMap[Board]``; a key map names its board type-only: the board loads it)."""

    @property
    def buttons(self) -> Mapping[str, str]:
        """letter -> the name of the board's button it presses (``"c": "confirm"``)"""
        ...

    @property
    def hand(self) -> bool:
        """Whether the game has a hand the cursor visits (the notation key says so)."""
        ...

    def area(self, board: B_contra) -> Area:
        """What the cursor may visit now."""
        ...

    def start(self, board: B_contra) -> Spot:
        """Where the cursor is when it first shows."""
        ...

    def box(self, board: B_contra, spot: Spot) -> Box:
        """The scene box of ``spot`` (a cell or a hand card) in the picture drawn now."""
        ...

    def show(self, board: B_contra, cell: Cell) -> bool:
        """Make the table's window show ``cell`` from the next redraw on (no redraw
        here); True if the window had to move."""
        ...

    def describe(self, board: B_contra, spot: Spot) -> str:
        """What is at ``spot``, in words ("3GT (green triangle 3)", "empty", "7")."""
        ...

    def make(self, board: B_contra, move: Any, press: Press, *, confirm: bool = True) -> None:
        """Make ``move`` (a move or its text) on ``board`` by keys alone, as a person
        would, each key sent through ``press`` (:func:`walk` moves the cursor);
        ``confirm=False`` leaves a play pending where the game has a Confirm."""
        ...


class KeyBoard(Protocol):
    """What :class:`BoardKeys` needs of a board (``kit.ui.game.GameBoard`` has it)."""

    def redraw(self) -> None: ...

    def say(self, text: str, *, tone: str = ..., more: str = ...) -> None: ...

    def key_click(self, x: float, y: float) -> None: ...

    def press_button(self, name: str) -> None: ...


class BoardKeys(Generic[B]):
    """The cursor on one board and what each key does there (state a test can read:
    ``spot``, ``shown``)."""

    def __init__(self, keymap: KeyMap[B]) -> None:
        self.keymap = keymap
        self.spot: Spot | None = None   # None until the first key press
        self.shown = False

    def current(self, board: B) -> Spot:
        """The cursor's spot, moved into what it may visit now."""
        if self.spot is None:
            self.spot = self.keymap.start(board)
        self.spot = clamp(self.spot, self.keymap.area(board))
        return self.spot

    def press(self, board: B, key: str, shift: bool = False, ctrl: bool = False,
              meta: bool = False, alt: bool = False) -> bool:
        """Do what ``key`` means on ``board``; False for a key this module leaves alone."""
        if ctrl or meta or alt:
            return False
        if key in ARROWS:
            self._arrow(board, key)
            return True
        if key in ACTIVATE:
            spot = self.current(board)
            self.shown = True
            if spot.zone == TABLE and self.keymap.show(board, spot.cell):
                board.redraw()   # the window moved (a reply recentred it): the box is the new one's
            x, y = centre(self.keymap.box(board, self.current(board)))
            board.key_click(x, y)
            return True
        name = self.keymap.buttons.get(key.lower()) if len(key) == 1 else None
        if name is not None:   # a letter is no cursor key: the cursor stays as it is
            board.press_button(name)
            return True
        return False

    def _arrow(self, board: B, key: str) -> None:
        spot = self.current(board)
        if self.shown:
            spot = step(spot, key, self.keymap.area(board))
        self.shown = True
        self.spot = spot
        if spot.zone == TABLE:
            self.keymap.show(board, spot.cell)
        board.redraw()
        board.say(self.words(board))

    def words(self, board: B) -> str:
        """The cursor's spot in words, as the status line says it."""
        spot = self.current(board)
        what = self.keymap.describe(board, spot)
        if spot.zone == HAND:
            return _("Cursor on hand card {n} of {count}: {what}.").format(
                n=spot.index + 1, count=self.keymap.area(board).hand, what=what)
        return _("Cursor on row {row}, column {col}: {what}.").format(
            row=spot.cell[0], col=spot.cell[1], what=what)

    def decorate(self, board: B, scene: Scene) -> None:
        """Draw the cursor on ``scene`` (the live picture only), if it is shown."""
        if self.shown:
            for shape in cursor_shapes(self.keymap.box(board, self.current(board))):
                scene.add(shape)


def keys_html(buttons: Mapping[str, str], *, hand: bool) -> str:
    """The notation key's paragraph on keys: the cursor, Enter and Space, and each
    letter with its button's label (``buttons``: letter -> label, translated)."""
    head = (_("<b>Keys</b> (on the board, once it has focus): the arrow keys move the black "
              "and white cursor over the cells and, below the last row, your hand; "
              "<b>Enter</b> or <b>Space</b> does what a click there does.") if hand else
            _("<b>Keys</b> (on the board, once it has focus): the arrow keys move the black "
              "and white cursor over the cells; <b>Enter</b> or <b>Space</b> does what a "
              "click there does."))
    letters = ", ".join(f"<b>{html.escape(k.upper())}</b> {html.escape(label)}"
                        for k, label in buttons.items())
    return head + (f" {letters}." if letters else "")


def walk(board: Any, press: Press, *, cell: Cell | None = None, hand: int | None = None,
         limit: int = 400) -> int:
    """Move ``board``'s cursor onto table ``cell`` or hand card ``hand`` (an index) by
    arrow keys alone, sent through ``press``, as a person would; the number of presses.
    RuntimeError if an arrow does not move the cursor or it does not get there."""
    if (cell is None) == (hand is None):
        raise ValueError("walk needs exactly one of cell= and hand=")
    keys: BoardKeys[Any] = board.cursor_keys
    presses = 0
    if not keys.shown:
        press("ArrowLeft")   # the first arrow shows the cursor where it is
        presses += 1
    for _step in range(limit):
        spot = keys.current(board)
        if hand is not None:
            if spot.zone == HAND and spot.index == hand:
                return presses
            key = ("ArrowDown" if spot.zone == TABLE else
                   "ArrowLeft" if spot.index > hand else "ArrowRight")
        else:
            assert cell is not None
            target = (cell[0], cell[1])
            if spot.zone == TABLE and spot.cell == target:
                return presses
            (r, c), (tr, tc) = spot.cell, target
            key = ("ArrowUp" if spot.zone == HAND or tr < r else "ArrowDown" if tr > r
                   else "ArrowLeft" if tc < c else "ArrowRight")
        press(key)
        presses += 1
        if keys.current(board) == spot:
            raise RuntimeError(f"{key} did not move the cursor from {spot}")
    raise RuntimeError(f"the cursor did not reach {cell if hand is None else hand}")
