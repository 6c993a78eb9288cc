"""The Mattix course's studies (lesson 4): small seeded computations (is greedy
best, how deep must a search look, a tournament of the players) and one
precomputed table (``data/mattix_first_player.json``, written by
``kit/lessons/mattix/generate_first_player.py``).

Pure (tables are ``kit.lessons.table.Table``). Not covered: the prediction
exercises that show them (:mod:`kit.lessons.mattix.exercises`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pathlib import Path
import json
import random

from kit.i18n import N_, _, format_percent
from kit.lessons.mattix.checks import _tile
from kit.lessons.table import Heading
from kit.lessons.mattix.puzzles import HERE
from kit.lessons.table import Answer, Table
from kit.players import Player
from kit.mattix import (Game, GreedyPlayer, LookaheadPlayer, Move, RandomPlayer, SearchPlayer,
                        analyse, solve, tournament)


FIRST_PLAYER_TABLE = HERE / "data" / "mattix_first_player.json"

#: The studies' table headings: the keys a program reads (``row["boards"]``), shown
#: in the language in effect.
SIZE, BOARD, LEVEL, BOARDS = (Heading(N_("size")), Heading(N_("board")), Heading(N_("level")),
                              Heading(N_("boards")))
GREEDY_IS_BEST, SHARE = Heading(N_("greedy is best")), Heading(N_("share"))
ROW_WINS, DRAWS, COLUMN_WINS = (Heading(N_("row player wins")), Heading(N_("draws")),
                                Heading(N_("column player wins")))
MEAN_MARGIN, MS_TO_SOLVE = Heading(N_("mean margin")), Heading(N_("ms to solve a board"))
DEPTH, BEST_FOUND = Heading(N_("depth (takes ahead)")), Heading(N_("best take found"))


def share(hits: int, total: int) -> str:
    """``hits`` of ``total`` as a whole percentage ("58%"; "58 %" in Spanish)."""
    # Rounded as the lessons always did (100 * hits / total), then written in the language's way.
    return format_percent(round(100 * hits / total) / 100)


# ----- lesson 4: the studies ---------------------------------------------------

def position_after(seed: int, size: int, level: int, moves: int) -> Game:
    """A seeded deal after ``moves`` random takes (a position from the middle of a game)."""
    game, rng = Game.new(seed=seed, size=size, level=level), random.Random(seed)
    for _step in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    game._history.clear()   # a fresh start for undo: the position is the lesson's
    return game


def greedy_is_best(game: Game) -> bool:
    """Is the biggest tile in the line a best take here (exactly)?"""
    rows = analyse(game)
    top = max(_tile(game, m) for m, _ in rows)
    return any(v == rows[0][1] for m, v in rows if _tile(game, m) == top)


def greedy_study(sizes: Iterable[int] = (3, 4, 5), level: int = 2, boards: int = 40, seed: int = 0) -> Table:
    """How often the biggest tile is a best take, on seeded fresh deals of each size."""
    rows = Table()
    for size in sizes:
        count = boards if size < 5 else boards // 4
        best = sum(greedy_is_best(Game.new(seed=seed + s, size=size, level=level))
                   for s in range(count))
        rows.append({SIZE: f"{size} x {size}", BOARDS: count, GREEDY_IS_BEST: best,
                     SHARE: share(best, count)})
    return rows


def first_player_table(path: Path = FIRST_PLAYER_TABLE) -> Table:
    """The precomputed exact first-move values, summarised per size and level."""
    data = json.loads(Path(path).read_text())
    rows = Table()
    for r in data["rows"]:
        v = r["values"]
        rows.append({BOARD: f"{r['size']} x {r['size']}", LEVEL: r["level"],
                     BOARDS: len(v), ROW_WINS: sum(x > 0 for x in v),
                     DRAWS: sum(x == 0 for x in v), COLUMN_WINS: sum(x < 0 for x in v),
                     MEAN_MARGIN: round(sum(v) / len(v), 1),
                     MS_TO_SOLVE: round(1000 * r["cpu_seconds"] / len(v))})
    return rows


def first_player_check(size: int = 4, level: int = 1, boards: int = 20) -> Answer:
    """Solve the table's first ``boards`` deals again here: do they match the table?
    (Yes or no in the student's words: the lesson shows it.)"""
    data = json.loads(FIRST_PLAYER_TABLE.read_text())
    row = next(r for r in data["rows"] if r["size"] == size and r["level"] == level)
    again = [solve(Game.new(seed=s, size=size, level=level))[0] for s in range(boards)]
    return Answer(again == row["values"][:boards])


def players_tournament(size: int = 5, level: int = 2, games: int = 10, seed: int = 0,
                       depth: int = 6) -> list[Any]:
    """Each player against the next stronger one: a list of standings, one per pairing."""
    players: list[Player] = [RandomPlayer(), GreedyPlayer(), LookaheadPlayer(),
               SearchPlayer(time_limit=None, depth=depth)]
    return [tournament([a, b], games=games, seed=seed, size=size, level=level, progress=False)
            for a, b in zip(players, players[1:], strict=False)]


def _best(game: Game, depth: int) -> Move:
    """The take a search to ``depth`` picks (a fresh deal always has one)."""
    move = solve(game, depth=depth)[1]
    assert move is not None, "a finished game has no best take"
    return move


def depth_study(size: int = 4, level: int = 2, boards: int = 30,
                depths: Iterable[int] = (1, 2, 3, 4, 6, 8),
                seed: int = 0) -> Table:
    """How often a search to each depth picks an exactly best first take."""
    games = [Game.new(seed=seed + s, size=size, level=level) for s in range(boards)]
    exact = [dict(analyse(g)) for g in games]
    rows = Table()
    for depth in depths:
        hits = sum(values[_best(g, depth)] == max(values.values())
                   for g, values in zip(games, exact, strict=True))
        rows.append({DEPTH: depth, BOARDS: boards, BEST_FOUND: hits, SHARE: share(hits, boards)})
    return rows


def depth_one_picks_biggest(size: int = 4, level: int = 2, boards: int = 30,
                            seed: int = 0) -> int:
    """On how many of the seeded deals a depth-1 search (lesson 3's net gain) takes the
    biggest tile."""
    count = 0
    for s in range(boards):
        g = Game.new(seed=seed + s, size=size, level=level)
        move = _best(g, 1)
        count += _tile(g, move) == max(_tile(g, m) for m in g.legal_moves())
    return count


def depth_story(rows: list[dict[str, Any]], size: int = 4, level: int = 2, seed: int = 0) -> str:
    """What :func:`depth_study`'s table says, in sentences computed from it."""
    boards = rows[0]["boards"]
    hits = {r["depth (takes ahead)"]: r["best take found"] for r in rows}
    depths = sorted(hits)
    said = []
    if 1 in hits:
        biggest = depth_one_picks_biggest(size, level, boards, seed)
        said.append(_("Depth 1 looks at your take and the best reply to it: that is lesson 3's "
                      "net gain, not greed. It takes the biggest tile on {biggest} of these "
                      "{boards} boards, and finds a best take on {found}.")
                    .format(biggest=biggest, boards=boards, found=hits[1]))
    drops = {b: max(hits[a] for a in depths if a < b) - hits[b] for b in depths[1:]}
    if drops and max(drops.values()) > 0:
        b = max(drops, key=lambda d: (drops[d], d))
        top = max((a for a in depths if a < b), key=lambda a: (hits[a], -a))
        low = min(a for a in depths if a < b and hits[a] > hits[b])
        if low != top:
            said.append(_("Looking further is not always better: depth {depth} finds a best "
                          "take on {found} boards, fewer than depth {top} ({top_found}) and "
                          "than depth {low} ({low_found}).").format(
                              depth=b, found=hits[b], top=top, top_found=hits[top], low=low,
                              low_found=hits[low]))
        else:
            said.append(_("Looking further is not always better: depth {depth} finds a best "
                          "take on {found} boards, fewer than depth {top} ({top_found}).")
                        .format(depth=b, found=hits[b], top=top, top_found=hits[top]))
    full = next((d for d in depths if hits[d] == boards), None)
    if full is not None:
        said.append(_("From depth {depth} on, the search sees every game to its end and finds "
                      "a best take on all {boards} boards.").format(depth=full, boards=boards))
    return "\n".join(said)
