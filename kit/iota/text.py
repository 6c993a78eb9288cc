"""The IOTA position as plain text: the screen-reader board behind ``str(game)``.

A header (players, scores, deck, whose turn), the table as a grid with its row
and column numbers, the mover's hand, and what each wild on the table stands
for. Not covered: pictures (``draw.py``).
"""

from __future__ import annotations

from typing import Any

from kit.iota.cards import TEXT


def text_board(game: Any) -> str:
    """A plain-text board: header, table grid with coordinates, the mover's hand."""
    table = game.table
    rows = [r for r, _ in table]
    cols = [c for _, c in table]
    head = (f"IOTA, {game.players} player{'s' if game.players > 1 else ''}; scores "
            + ", ".join(f"seat {i}: {s}" for i, s in enumerate(game.scores))
            + f"; deck {len(game.deck)} cards; "
            + ("game over" if game.is_over else f"seat {game.to_move} to move"))
    lines = [head, "      " + "".join(f"{c:>5}" for c in range(min(cols), max(cols) + 1))]
    for r in range(min(rows), max(rows) + 1):
        cells = "".join(f"{TEXT[table[(r, c)]] if (r, c) in table else '.':>5}"
                        for c in range(min(cols), max(cols) + 1))
        lines.append(f"{r:>6}{cells}")
    lines.append(f"seat {game.to_move} hand: " + (" ".join(game.hand) or "(empty)"))
    for (r, c), text in sorted(game.wilds().items()):
        lines.append(f"the wild at ({r},{c}) can stand for {text}")
    return "\n".join(lines)
