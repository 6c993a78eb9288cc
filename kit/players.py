"""Computer players and tournaments, for any game that keeps the kit's contract.

A *player* is any object with a ``name`` and a method
``choose(game, rng) -> move``. It is handed the whole game but promises to use
only what its seat may see (``game.view(game.to_move)`` where a game hides
cards) and to draw any randomness from ``rng``, so a seeded tournament replays
exactly. Each game's ``ai.py`` holds its own players; this module holds what
they share: the random player and the tournament.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from kit.contract import Game, Move
from kit.i18n import _, format_number, format_percent
from kit.progress import Progress as Progress, reporter   # Progress re-exported for the players


class Player(Protocol):
    name: str

    # ``game`` is Any: each game's players take that game's own Game class.
    def choose(self, game: Any, rng: random.Random) -> Any: ...


class RandomPlayer:
    """Plays a legal move chosen uniformly at random: the baseline."""

    name = "random"

    def choose(self, game: Game, rng: random.Random) -> Move:
        return rng.choice(game.legal_moves())

    def __repr__(self) -> str:
        return "RandomPlayer()"


@dataclass(frozen=True)
class Standing:
    """How one player did over a tournament, seats rotated between games."""

    name: str
    games: int
    wins: float              # a shared first place counts 1/k for each of the k winners
    mean_score: float        # final score (the team's, in team games)
    mean_margin: float       # own final score minus the best other seat's
    mean_points_per_turn: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def play_game(game: Game, players: Sequence[Player], rng: random.Random,
              max_moves: int = 20000) -> tuple[list[int], list[int]]:
    """Play ``game`` to the end in place; return per-seat (points, turns)."""
    points = [0] * len(players)
    turns = [0] * len(players)
    for _turn in range(max_moves):
        if game.is_over:
            return points, turns
        seat = game.to_move
        gained = game.play(players[seat].choose(game, rng))
        points[seat] += gained
        # A free action (IOTA's recycle) keeps the same seat to move: not a turn.
        if game.is_over or game.to_move != seat:
            turns[seat] += 1
    raise RuntimeError(f"game did not end within {max_moves} moves")


def _seat_score(game: Game, seat: int) -> int:
    return game.scores[_side(game, seat)]


def tournament(new_game: Callable[[int], Game], players: Sequence[Player],
               games: int = 100, seed: int = 0, progress: Progress = None) -> list[Standing]:
    """Play ``games`` seeded games; return one :class:`Standing` per player.

    ``new_game(seed)`` must return a fresh game with ``len(players)`` seats.
    In game ``i`` the players sit rotated by ``i`` so nobody keeps the first
    move. Game ``i`` uses deal seed ``seed + i``; players' randomness comes
    from one generator seeded with ``seed``: the same call, the same result.
    ``progress``: a bar in a notebook, none in tests and scripts unless
    ``True`` (or a callable ``progress(done, total)``); see ``kit.progress``.
    """
    n = len(players)
    rng = random.Random(seed)
    score = [0.0] * n
    margin = [0.0] * n
    wins = [0.0] * n
    pts = [0] * n
    trn = [0] * n
    with reporter(progress, games, "games") as step:
        for i in range(games):
            game = new_game(seed + i)
            order = [(s + i) % n for s in range(n)]  # order[seat] = player index
            seated = [players[p] for p in order]
            p_points, p_turns = play_game(game, seated, rng)
            finals = [_seat_score(game, s) for s in range(n)]
            best = max(finals)
            winners = [s for s in range(n) if finals[s] == best]
            # Partners share a win; different sides tied for first split it.
            sides = len({_side(game, s) for s in winners})
            for s, p in enumerate(order):
                score[p] += finals[s]
                others = [finals[t] for t in range(n)
                          if _side(game, t) != _side(game, s)]
                margin[p] += finals[s] - (max(others) if others else 0)
                wins[p] += 1 / sides if s in winners else 0
                pts[p] += p_points[s]
                trn[p] += p_turns[s]
            step(i + 1)
    return [Standing(players[p].name, games, wins[p], score[p] / games,
                     margin[p] / games, pts[p] / trn[p] if trn[p] else 0.0)
            for p in range(n)]


def _side(game: Game, seat: int) -> int:
    team_of: Callable[[int], int] | None = getattr(game, "team_of", None)
    return team_of(seat) if team_of else seat


def player_label(name: str) -> str:
    """A computer player's name as the language names it: "greedy" -> "glotón", and a
    search with its depth, "search6" -> "buscador 6" (the English key was printed in
    the Spanish and Bulgarian tables; issue 30)."""
    depth = re.fullmatch(r"search(\d+)", name)
    if depth:
        # Translators: a search player that looks {depth} takes ahead, as a table names it
        return _("search{depth}").format(depth=depth.group(1))
    return _(name)


def standings_table(standings: Sequence[Standing]) -> str:
    """A plain-text table of a tournament's standings, for lessons."""
    # Translators: the columns of a tournament's table; short (each is a column's width)
    heads = [_("player"), _("games"), _("win rate"), _("score"), _("margin"), _("pts/turn")]
    w = [max(width, len(head)) for width, head in zip((12, 5, 8, 7, 7, 8), heads, strict=True)]
    rows = [f"{heads[0]:<{w[0]}} " + " ".join(f"{h:>{n}}" for h, n in zip(heads[1:], w[1:], strict=True))]
    for s in standings:
        margin = ("+" if s.mean_margin >= 0 else "") + format_number(s.mean_margin, 1)
        # A player's name is its key ("greedy"), shown as the language names it.
        rows.append(f"{player_label(s.name):<{w[0]}} {s.games:>{w[1]}} {format_percent(s.win_rate, 1):>{w[2]}} "
                    f"{format_number(s.mean_score, 1):>{w[3]}} {margin:>{w[4]}} "
                    f"{format_number(s.mean_points_per_turn, 2):>{w[5]}}")
    return "\n".join(rows)
