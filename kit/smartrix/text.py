"""A plain-text Smartrix board, for screen readers and terminals.

Each card is drawn as 3 lines of 3 characters: ``o`` a spot, ``.`` an empty
box, the value in the middle; row and column numbers frame the table. Below
it, every card is also listed as text with its cell, the offending cards of a
free table (those a challenge may take), and the hands, the pile and the
scores follow, so a screen reader can read the whole position.

Not covered: hidden information (``str(game)`` shows every hand; use
``game.view(seat)`` for one seat's view).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from kit.smartrix.cards import BOX_GRID, TEXT, VALUE, Card
from kit.smartrix.table import Cell, bounds

if TYPE_CHECKING:
    from kit.smartrix.rules import Game


def card_lines(card: Card) -> list[str]:
    """The card as 3 strings of 3 characters."""
    rows = [[" "] * 3 for _ in range(3)]
    for box, (r, c) in enumerate(BOX_GRID):
        rows[r][c] = "o" if card >> box & 1 else "."
    rows[1][1] = str(VALUE[card])
    return ["".join(r) for r in rows]


def table_text(grid: Mapping[Cell, Card]) -> list[str]:
    if not grid:
        return ["(the table is empty: the next card may go anywhere)"]
    r0, r1, c0, c1 = bounds(grid)
    lines = ["      " + "".join(f"{c:^5}" for c in range(c0, c1 + 1))]
    for r in range(r0, r1 + 1):
        pics = [card_lines(grid[(r, c)]) if (r, c) in grid else ["   "] * 3
                for c in range(c0, c1 + 1)]
        for k in range(3):
            label = f"{r:>4}  " if k == 1 else "      "
            lines.append((label + "".join(f" {p[k]} " for p in pics)).rstrip())
    return lines


def text_board(game: Game) -> str:
    """The whole position in plain text: the table, every card listed, hands, pile, scores."""
    grid = game.table
    w = game.window
    head = (f"Smartrix, {game.players} players"
            + (", teams 1+3 v 2+4" if game.teams else "")
            + (f", {w} x {w} window" if w else ", no window (children's variant)")
            + ("" if game.auto_collect else ", free table (claims and challenges)"))
    lines = [head, ""] + table_text(grid) + [""]
    if grid:
        lines.append("Table: " + "; ".join(f"({r},{c}) {TEXT[v]} value {VALUE[v]}"
                                          for (r, c), v in sorted(grid.items())))
    if not game.auto_collect:
        lines.append(_free_table_line(game))
    for s in range(game.players):
        mark = " (to move)" if s == game.to_move and not game.is_over else ""
        mark += " (out)" if game.out[s] else ""
        lines.append(f"Player {s + 1}{mark}: hand {' '.join(game.hand(s)) or '-'}; "
                     f"collected {len(game.collected(s))} cards; score {game.seat_scores[s]}")
    if game.teams:
        lines.append(f"Team scores: 1+3 {game.scores[0]}, 2+4 {game.scores[1]}")
    lines.append(f"Draw pile: {game.deck_size} cards"
                 + ("; the end phase: a player who passes is out" if not game.deck_size else ""))
    if game.is_over:
        lines.append("The game is over.")
    return "\n".join(lines)


def _free_table_line(game: Game) -> str:
    """Which cards a challenge may take, in words."""
    if not game.offending_known:
        return ("Offending cards: not recorded (a puzzle); a challenge may take any cards, "
                "as few as make the table legal")
    cells = ", ".join(f"({r},{c})" for r, c in sorted(game.offending))
    return f"Offending cards (placed against the rules): {cells or 'none'}"
