"""What to click on a live Nim board, for the browser tests and the board
benchmarks (``tests/browser/board_plans.py`` finds it through the registration).

Each returns (actions, text): an action is ("cell", (heap, stones)) here; for a
refusal the text is the engine's own words, for a move the move as the move
list writes it.
"""

from __future__ import annotations

from typing import Any

from kit.errors import IllegalMove
from kit.nim.rules import Move


def illegal(board: Any) -> tuple[list[tuple[str, Any]], str]:
    """The place just left of a heap's stones: one stone more than it has."""
    game = board.game
    heap = min(range(len(game.heaps)), key=lambda h: game.heaps[h])
    move = Move(heap, game.heaps[heap] + 1)
    try:
        game.copy().play(move)
    except IllegalMove as exc:
        return [("cell", (move.heap, move.count))], str(exc)
    raise AssertionError(f"{move} is legal here")


def legal(board: Any) -> tuple[list[tuple[str, Any]], str]:
    """The leftmost stone of the largest heap: the whole heap."""
    game = board.game
    heap = max(range(len(game.heaps)), key=lambda h: game.heaps[h])
    move = Move(heap, game.heaps[heap])
    return [("cell", (move.heap, move.count))], str(move)
