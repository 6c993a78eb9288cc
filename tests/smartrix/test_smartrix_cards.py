"""Smartrix cards: the deck, rotation, text."""

from collections import Counter

import pytest

from kit.errors import InvalidPosition
from kit.smartrix import CANONICAL, DECK, ORIENTATIONS, VALUE, card_text, parse_card, rotate


def test_deck_is_every_ring_pattern_up_to_quarter_turns():
    assert len(DECK) == 70
    assert {CANONICAL[c] for c in range(256)} == set(DECK)
    counts = Counter(VALUE[c] for c in DECK)
    assert [counts[v] for v in range(9)] == [1, 2, 8, 14, 20, 14, 8, 2, 1]
    assert sum(VALUE[c] for c in DECK) == 280


def test_quarter_turn_moves_each_box_two_places_clockwise():
    # top-left -> top-right -> bottom-right -> bottom-left -> top-left
    assert card_text(rotate(parse_card("10000000"))) == "00100000"
    assert card_text(rotate(parse_card("00100000"))) == "00001000"
    assert card_text(rotate(parse_card("00000001"))) == "01000000"  # left -> top
    c = parse_card("11010010")
    assert rotate(c, 4) == c and rotate(rotate(c)) == rotate(c, 2)


@pytest.mark.parametrize("text, n", [("00000000", 1), ("10101010", 1), ("10001000", 2),
                                     ("11000000", 4)])
def test_distinct_orientations(text, n):
    assert len(ORIENTATIONS[parse_card(text)]) == n


def test_text_round_trip_and_errors():
    for c in range(256):
        assert parse_card(card_text(c)) == c
    for bad in ["1010000", "101000002", "abcdefgh", 10100000, ""]:
        with pytest.raises(InvalidPosition):
            parse_card(bad)
