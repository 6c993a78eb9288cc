"""Smartrix cards: the 8-box ring, rotations, the 70-card deck and matching.

A card is an int 0..255: bit ``i`` is box ``i`` of the ring, clockwise from the
top-left: top-left, top, top-right, right, bottom-right, bottom, bottom-left,
left. Its text is the 8 bits as ``0``/``1`` in that order (``"10100000"`` has
spots top-left and top-right). A quarter turn clockwise moves every box two
places along the ring. The deck holds one card per pattern up to rotation (70);
a card is identified by its *canonical* form, the smallest of its rotations.

Matching: where two cards touch, the boxes facing each other must agree, spot
with spot and empty with empty. ``FACING`` lists, for each of the 8 directions
from a card to a neighbour, which of its boxes face which of the neighbour's.

Not covered here: the table, turns, scoring (see ``rules.py``).
"""

from __future__ import annotations

from kit.errors import InvalidPosition
from kit.i18n import N_, _

#: A card as the engine holds it: the oriented card int 0..255 (bit i = box i).
Card = int

#: The boxes' names (English keys: translate with ``_()`` where shown).
# Translators: a box of a card's ring of 8, named by where it is on the card
BOX_NAMES = (N_("top-left"), N_("top"), N_("top-right"), N_("right"),
             N_("bottom-right"), N_("bottom"), N_("bottom-left"), N_("left"))

#: (row, col) of each ring box inside the card's 3 x 3 picture.
BOX_GRID = ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0))


def rotate(card: int, quarter_turns: int = 1) -> int:
    """The card turned clockwise by ``quarter_turns`` quarter turns."""
    for _turn in range(quarter_turns % 4):
        card = ((card << 2) | (card >> 6)) & 0xFF
    return card


def _orientations(card: int) -> tuple[int, ...]:
    seen = []
    for k in range(4):
        r = rotate(card, k)
        if r not in seen:
            seen.append(r)
    return tuple(seen)


#: ORIENTATIONS[c]: the distinct rotations of ``c``, starting with ``c`` itself.
ORIENTATIONS = tuple(_orientations(c) for c in range(256))
#: CANONICAL[c]: the deck card ``c`` is a rotation of (its smallest rotation).
CANONICAL = tuple(min(o) for o in ORIENTATIONS)
#: VALUE[c]: number of spots.
VALUE = tuple(bin(c).count("1") for c in range(256))
#: The 70 deck cards, canonical forms in increasing order.
DECK = tuple(sorted(set(CANONICAL)))
assert len(DECK) == 70 and sum(VALUE[c] for c in DECK) == 280

TEXT = tuple("".join("1" if c >> i & 1 else "0" for i in range(8)) for c in range(256))
_FROM_TEXT = {t: c for c, t in enumerate(TEXT)}


def card_text(card: int) -> str:
    return TEXT[card]


def parse_card(text: str) -> int:
    """Card text (8 characters ``0``/``1``) to the card int; ValueError if not."""
    card = _FROM_TEXT.get(text.strip()) if isinstance(text, str) else None
    if card is None:
        raise InvalidPosition(
            _("{text} is not a Smartrix card: expected 8 characters 0/1, "
              "the ring clockwise from the top-left box").format(text=repr(text)))
    return card


# Directions from a card to its neighbour: (d_row, d_col, name, facing pairs).
# Each pair is (box of this card, box of the neighbour it faces). The names are
# English keys: translate with ``_()`` where shown.
FACING = (
    # Translators: the side or corner of a card by which it touches another card
    ((0, 1), N_("right side"), ((2, 0), (3, 7), (4, 6))),
    ((0, -1), N_("left side"), ((0, 2), (7, 3), (6, 4))),
    ((1, 0), N_("bottom side"), ((6, 0), (5, 1), (4, 2))),
    ((-1, 0), N_("top side"), ((0, 6), (1, 5), (2, 4))),
    ((1, 1), N_("bottom-right corner"), ((4, 0),)),
    ((1, -1), N_("bottom-left corner"), ((6, 2),)),
    ((-1, 1), N_("top-right corner"), ((2, 6),)),
    ((-1, -1), N_("top-left corner"), ((0, 4),)),
)
DIRECTIONS = tuple(d for d, _, _ in FACING)


def _constraint_table(pairs: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """For each neighbour card n: (mask, value) the new card's boxes must show."""
    mask = sum(1 << own for own, _ in pairs)
    return tuple((mask, sum(((n >> theirs) & 1) << own for own, theirs in pairs))
                 for n in range(256))


#: CONSTRAINT[k][n] = (mask, bits): a card placed with neighbour ``n`` in
#: direction ``FACING[k]`` must have ``card & mask == bits``.
CONSTRAINT = tuple(_constraint_table(pairs) for _, _, pairs in FACING)


def mismatched_boxes(card: int, direction_index: int,
                     neighbour: int) -> list[tuple[int, int]]:
    """The (own box, neighbour box) pairs that fail to match."""
    pairs = FACING[direction_index][2]
    return [(own, theirs) for own, theirs in pairs
            if (card >> own & 1) != (neighbour >> theirs & 1)]
