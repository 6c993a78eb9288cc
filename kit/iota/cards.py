"""IOTA cards: the 64 real cards and the wild, as small ints, and their text.

A real card is an int 0..63: ``(number - 1) * 16 + colour * 4 + shape`` with
colour in R Y G B and shape in C S T X (both 0..3). Both wild cards are the
int 64 (``WILD``): they are interchangeable, and their text is ``W``. Card text
is number, colour, shape: ``3GT`` is the green triangle 3.

For speed each card also has a 12-bit *attribute mask*: one bit for its number
(bits 0-3), one for its colour (4-7), one for its shape (8-11). The OR of the
masks of a line's real cards, with their count, says whether the line can be
valid (see ``LINE_OK``). A wild has mask 0: alone in one line it can always be
chosen to fit, because a line holds at most 4 cards and every attribute has 4
values. Whether one card fits a wild's row *and* column is checked elsewhere
(:mod:`kit.iota.lines`).

Not covered here: where cards lie (beyond the names ``Cell`` and ``Table`` for
them), or any rule about them.
"""

from __future__ import annotations

from collections.abc import Mapping

from kit.i18n import N_, _

#: A cell of the table, (row, column); the starter card is at (0, 0).
Cell = tuple[int, int]
#: The cards on the table: cell -> card int.
Table = Mapping[Cell, int]

NUMBERS = "1234"
COLOURS = "RYGB"
SHAPES = "CSTX"
#: Names of the colours and shapes, marked for the catalogue: translate with ``_()``
#: where shown. A card in words is one whole message per colour and shape
#: (:data:`CARD_NAMES`), so that a language can put the words in its own order
#: and make the colour agree with the shape ("la cruz roja 4").
COLOUR_NAMES = (N_("red"), N_("yellow"), N_("green"), N_("blue"))
SHAPE_NAMES = (N_("circle"), N_("square"), N_("triangle"), N_("cross"))
ATTRIBUTES = ("number", "colour", "shape")
# Translators: a card in words, {n} its number (1-4): Spanish "círculo rojo {n}", "cruz roja {n}"
CARD_NAMES = (
    (N_("red circle {n}"), N_("red square {n}"), N_("red triangle {n}"), N_("red cross {n}")),
    (N_("yellow circle {n}"), N_("yellow square {n}"), N_("yellow triangle {n}"),
     N_("yellow cross {n}")),
    (N_("green circle {n}"), N_("green square {n}"), N_("green triangle {n}"),
     N_("green cross {n}")),
    (N_("blue circle {n}"), N_("blue square {n}"), N_("blue triangle {n}"), N_("blue cross {n}")),
)

WILD = 64
REAL_CARDS = tuple(range(64))
FULL_DECK = REAL_CARDS + (WILD, WILD)     # the 66 cards of a game


def make_card(number: int, colour: int, shape: int) -> int:
    """The card with face value ``number`` (1-4), colour and shape indices (0-3)."""
    return (number - 1) * 16 + colour * 4 + shape


#: ATTRS[card] = (number index, colour index, shape index), each 0..3.
ATTRS = tuple((c // 16, (c // 4) % 4, c % 4) for c in REAL_CARDS)
#: Face value: the number, and 0 for a wild.
VALUE = tuple(c // 16 + 1 for c in REAL_CARDS) + (0,)
#: Attribute mask (see the module docstring); 0 for a wild.
BITS = tuple((1 << a[0]) | (1 << (4 + a[1])) | (1 << (8 + a[2])) for a in ATTRS) + (0,)
TEXT = tuple(NUMBERS[a[0]] + COLOURS[a[1]] + SHAPES[a[2]] for a in ATTRS) + ("W",)
_BY_TEXT = {t: i for i, t in enumerate(TEXT)}


def _popcount(x: int) -> int:
    return bin(x).count("1")


def _line_ok(count: int, mask: int) -> bool:
    for a in range(3):
        k = _popcount((mask >> (4 * a)) & 15)
        if count and k != 1 and k != count:
            return False
    return True


#: LINE_OK[count][mask]: can real cards with these combined masks form a
#: valid line (each attribute all the same or all different)? ``count`` is how
#: many real cards; wilds in the line do not change the answer.
LINE_OK = tuple(tuple(_line_ok(n, m) for m in range(4096)) for n in range(5))


def card_text(card: int) -> str:
    return TEXT[card]


def parse_card(text: str) -> int:
    """The card written ``text`` (``3GT``, ``W``); ValueError if there is none."""
    card = _BY_TEXT.get(text.strip().upper())
    if card is None:
        raise ValueError(_("unknown card text {text}: expected number 1-4, colour "
                           "R/Y/G/B and shape C/S/T/X such as '3GT', or 'W' for a wild")
                         .format(text=repr(text)))
    return card


def describe(card: int) -> str:
    """Words for a card: 'green triangle 3', 'wild card' (in the kit's language)."""
    if card == WILD:
        return _("wild card")
    n, c, s = ATTRS[card]
    return _(CARD_NAMES[c][s]).format(n=n + 1)
