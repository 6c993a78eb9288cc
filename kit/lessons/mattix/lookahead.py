"""Mattix 4's look-ahead section: greedy's take against the search's on one
seeded board (:func:`comparison`), as :class:`kit.lessons.lookahead.Comparison`.

Mattix hides nothing, so the look-ahead here is exact: :func:`kit.mattix.analyse`
values every take under perfect play to the end of the game, and the replies
are the perfect ones (``solve``). The board is a seeded level 2 deal
(:data:`POSITION`), small enough to solve in about a second.
Not covered: the search itself (``kit.mattix.solver``).
"""

from __future__ import annotations

from kit.i18n import N_
from kit.lessons.lookahead import GREEDY, Choice, Comparison
from kit.mattix import Game, Move, analyse, draw, solve

#: The lesson's board: (size, level, deal seed), taken from its start. Chosen because
#: there greedy's biggest tile is not the best take (tests/lessons check it still is not).
POSITION = (5, 2, 6)
#: The rival's name: the exact search (the tournament's "search" player, at full depth).
SEARCH = N_("search")
#: The tiles' side in the pictures: two boards side by side fit a 1366 px screen.
CELL = 56


def lesson_board(size: int = POSITION[0], level: int = POSITION[1],
                 seed: int = POSITION[2]) -> Game:
    return Game.new(size=size, level=level, seed=seed)


def _perfect_replies(game: Game, move: Move) -> tuple[int, int, list[Move]]:
    """Once ``move`` is taken: the opponent's perfect reply tile, then the mover's next
    perfect take (0 where the game ends first), and the takes (``move`` first)."""
    after = game.copy()
    after.play(move)
    got, line = [], [move]
    for _ in range(2):
        best = None if after.is_over else solve(after)[1]
        got.append(0 if best is None else after.play(best))
        line += [] if best is None else [best]
    return got[0], got[1], line


def comparison(game: Game | None = None) -> Comparison:
    """Greedy's take and the exact search's on ``game`` (the lesson's board by default)."""
    game = lesson_board() if game is None else game
    if game.is_over:
        raise ValueError("the game is over: there is no take to compare")
    rows = analyse(game)                  # best first; equal values: the higher tile first
    greedy = max(rows, key=lambda row: game.tile(row[0].cell))   # the biggest tile (first of equals)
    lead = game.scores[game.to_move] - game.scores[1 - game.to_move]

    def choice(who: str, move: Move, value: int) -> Choice:
        reply, later, takes = _perfect_replies(game, move)
        # The takes numbered (1 ringed: the player's; 2 the reply; 3 the next take): not
        # ``best=``, whose words would call greedy's take the best move.
        svg = draw(game, line=takes, cell=CELL).to_svg()
        # Exact: no spread and no playouts (n = 0 marks an exact value).
        return Choice(who, move, game.tile(move.cell), lead + value, 0.0, 0, reply, later, svg)

    return Comparison(choice(GREEDY, *greedy), choice(SEARCH, *rows[0]), playouts=0, samples=0)
