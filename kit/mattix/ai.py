"""Mattix players and tournaments.

Covers four players of rising strength, each keeping the kit's protocol
``choose(game, rng) -> Move`` with every random choice drawn from ``rng``:
``RandomPlayer`` (any legal tile), ``GreedyPlayer`` (the biggest tile),
``LookaheadPlayer`` (my tile minus the opponent's best reply) and
``SearchPlayer`` (the alpha-beta search of ``solver.py`` under a depth or
time budget; exact when the board is small enough). ``tournament`` plays
seeded games between two of them. Not covered: the search itself
(``solver.py``) and the rules (``rules.py``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kit.i18n import Sentence, _, ngettext
from kit.players import Player, Progress, RandomPlayer, Standing, standings_table
from kit.players import tournament as _tournament
from kit.mattix.rules import Game, Move
from kit.mattix.solver import analyse, search

__all__ = ["RandomPlayer", "GreedyPlayer", "LookaheadPlayer", "SearchPlayer",
           "tournament", "standings_table", "lookahead_values", "greedy_vs_best"]


def _pick_best(scored: list[tuple[Move, int]], rng: random.Random) -> Move:
    """The move with the highest score; ties broken by ``rng``."""
    top = max(score for _, score in scored)
    return rng.choice([m for m, score in scored if score == top])


class GreedyPlayer:
    """Takes the biggest tile in its line; never looks further."""

    name = "greedy"

    def choose(self, game: Game, rng: random.Random) -> Move:
        return _pick_best([(m, game.tile(m.cell)) for m in game.legal_moves()], rng)

    def __repr__(self) -> str:
        return "GreedyPlayer()"


def lookahead_values(game: Game) -> list[tuple[Move, int]]:
    """``(move, tile - opponent's best reply tile)`` for every legal move.

    The opponent's reply is 0 when the move leaves them no tile (game over).
    """
    scored = []
    for m in game.legal_moves():
        tile = game.tile(m.cell)
        game.play(m)
        replies = [game.tile(r.cell) for r in game.legal_moves()]
        game.undo()
        scored.append((m, tile - (max(replies) if replies else 0)))
    return scored


class LookaheadPlayer:
    """Looks one reply ahead: my tile minus the opponent's biggest answer."""

    name = "lookahead"

    def choose(self, game: Game, rng: random.Random) -> Move:
        # Work on a copy: a player must not leave traces in the caller's redo list.
        return _pick_best(lookahead_values(game.copy()), rng)

    def __repr__(self) -> str:
        return "LookaheadPlayer()"


class SearchPlayer:
    """Alpha-beta search with a budget: ``time_limit`` seconds and/or ``depth`` plies.

    With ``depth`` alone a tournament replays exactly; a time budget depends
    on the machine. Ties between equal tiles at the root are broken by ``rng``.
    """

    def __init__(self, time_limit: float | None = 0.5, depth: int | None = None,
                 name: str | None = None) -> None:
        self.time_limit = time_limit
        self.depth = depth
        self.name = name or ("search" if depth is None else f"search{depth}")

    def choose(self, game: Game, rng: random.Random) -> Move | None:
        """The search's best move (None once the game is over)."""
        return search(game, depth=self.depth, time_limit=self.time_limit, rng=rng).best_move

    def __repr__(self) -> str:
        return f"SearchPlayer(time_limit={self.time_limit!r}, depth={self.depth!r})"


def greedy_vs_best(game: Game, depth: int | None = None,
                   rows: Sequence[tuple[Move, int]] | None = None) -> str:
    """One sentence for a lesson: what the biggest tile is worth in the end.

    E.g. "Greedy takes 15 at 0,0 but ends 9 behind; best is 0,1 (1 now),
    ending 9 ahead." Values are exact (``analyse``) unless ``depth`` is given;
    ``rows``, ``analyse``'s answer already at hand, saves searching again.
    """
    rows = analyse(game, depth) if rows is None else rows
    if not rows:
        return Sentence(_("The game is over: there is no move to compare."))
    tile = {m: game.tile(m.cell) for m, _ in rows}
    top = max(tile.values())
    greedy_move, greedy_value = max(((m, v) for m, v in rows if tile[m] == top),
                                    key=lambda row: row[1])
    best_move, best_value = rows[0]
    if greedy_value == best_value:
        return Sentence(_("Greedy takes {tile} at {move} and ends {margin}; that is a best move.").format(
            tile=top, move=greedy_move, margin=margin_words(greedy_value)))
    cost = best_value - greedy_value
    return Sentence(ngettext("Greedy takes {tile} at {move} and ends {margin}; best is {best} "
                    "({best_tile} now), ending {best_margin}: greed costs {cost} point.",
                    "Greedy takes {tile} at {move} and ends {margin}; best is {best} "
                    "({best_tile} now), ending {best_margin}: greed costs {cost} points.",
                    cost).format(tile=top, move=greedy_move, margin=margin_words(greedy_value),
                                 best=best_move, best_tile=tile[best_move],
                                 best_margin=margin_words(best_value), cost=cost))


def margin_words(value: int) -> str:
    """How a player ends, ``value`` points ahead of the other: "9 ahead", "3 behind",
    "level (a draw)"."""
    if value == 0:
        return _("level (a draw)")
    if value > 0:
        # Translators: how far a player ends in front ("ends 9 ahead"); room for "points".
        return ngettext("{points} ahead", "{points} ahead", value).format(points=value)
    # Translators: how far a player ends behind ("ends 3 behind"); room for "points".
    return ngettext("{points} behind", "{points} behind", -value).format(points=-value)


def tournament(players: Sequence[Player], games: int = 100, seed: int = 0, size: int = 8,
               level: int = 1, tiles: Sequence[int] | None = None,
               progress: Progress = None) -> list[Standing]:
    """Play ``games`` seeded games between two players, seats swapped each game.

    Game ``i`` is ``Game.new(seed=seed + i, size=size, level=level, tiles=tiles)``.
    Returns one Standing per player: ``win_rate`` (a draw counts half) and
    ``mean_margin`` (mean final score difference, own minus opponent's).
    Print it with ``standings_table``. ``progress``: a bar in a notebook
    (``kit.progress``; ``True`` forces one, ``False`` none).
    """
    if len(players) != 2:
        raise ValueError(f"Mattix is a game for 2 players, got {len(players)}")
    return _tournament(lambda s: Game.new(seed=s, size=size, level=level, tiles=tiles),
                       players, games=games, seed=seed, progress=progress)
