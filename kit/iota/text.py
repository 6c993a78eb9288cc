"""The IOTA position as plain text: the screen-reader board behind ``str(game)``.

A header (players, scores, deck, whose turn), the table as a grid with its row
and column numbers, the mover's hand, and what each wild on the table stands
for. Not covered: pictures (``draw.py``).
"""

from __future__ import annotations

from typing import Any

from kit.i18n import _, format_list, ngettext
from kit.iota.cards import TEXT
from kit.iota.lines import wild_cards, wild_choices, wild_pattern


def text_board(game: Any) -> str:
    """A plain-text board: header, table grid with coordinates, the mover's hand."""
    table = game.table
    rows = [r for r, __ in table]
    cols = [c for __, c in table]
    scores = ", ".join(_("seat {seat}: {score}").format(seat=i, score=s)
                       for i, s in enumerate(game.scores))
    players = ngettext("IOTA, {n} player", "IOTA, {n} players", game.players).format(n=game.players)
    deck = ngettext("deck {n} card", "deck {n} cards", len(game.deck)).format(n=len(game.deck))
    turn = _("game over") if game.is_over else _("seat {seat} to move").format(seat=game.to_move)
    # Translators: the text board's first line: "IOTA, 2 players; scores seat 0: 5,
    # seat 1: 3; deck 50 cards; seat 0 to move"
    head = _("{players}; scores {scores}; {deck}; {turn}").format(
        players=players, scores=scores, deck=deck, turn=turn)
    lines = [head, "      " + "".join(f"{c:>5}" for c in range(min(cols), max(cols) + 1))]
    for r in range(min(rows), max(rows) + 1):
        cells = "".join(f"{TEXT[table[(r, c)]] if (r, c) in table else '.':>5}"
                        for c in range(min(cols), max(cols) + 1))
        lines.append(f"{r:>6}{cells}")
    lines.append(_("seat {seat} hand: {cards}").format(
        seat=game.to_move, cards=" ".join(game.hand) or _("(empty)")))
    for (r, c), choices in sorted(wild_choices(table).items()):
        lines.append(wild_line(r, c, choices))
    return "\n".join(lines)


#: Up to this many cards a wild can stand for are listed by name; more are given as a pattern.
LISTED_CARDS = 4


def wild_line(r: int, c: int, choices: tuple[tuple[int, ...], ...]) -> str:
    """What the text board says of one wild: only what its lines decide (a lone
    wild is any card, not the first card that fits)."""
    cards = wild_cards(choices)
    if all(len(values) == 4 for values in choices):
        return _("the wild at ({r},{c}) can stand for any card").format(r=r, c=c)
    if len(cards) == 1:
        return _("the wild at ({r},{c}) stands for {card}").format(r=r, c=c, card=cards[0])
    if len(cards) <= LISTED_CARDS:
        return _("the wild at ({r},{c}) can stand for {cards}").format(
            r=r, c=c, cards=format_list(cards, "or"))
    # Translators: {card} is a card text with ? for what is open: "?RC" is a red
    # circle of any number that fits.
    return _("the wild at ({r},{c}) can stand for {card}, each ? any value that fits").format(
        r=r, c=c, card=wild_pattern(choices))
