"""Error classes shared by every game.

Every error the kit raises for bad input is a ``ValueError``, so a caller that
only knows "bad input" can catch that, while a lesson can tell an illegal move
(the input was well formed but the rules forbid it) from malformed text or data.
"""


class IllegalMove(ValueError):
    """A well-formed move that the rules forbid here.

    The message names the rule broken and where. ``cells`` lists the board
    cells involved, so a board or picture can highlight them. The game that
    refused the move is exactly as it was before.
    """

    def __init__(self, message: str, cells=()):
        super().__init__(message)
        self.cells = tuple(tuple(c) for c in cells)


class InvalidMoveText(ValueError):
    """Move text that cannot be read as a move of this game."""


class InvalidPosition(ValueError):
    """A position dictionary that is malformed or breaks the rules."""
