"""The Mattix course's checks, puzzles and studies (notebooks/mattix/).

Each exercise check is a pure function of the engine and the exact solver:
it takes the position and the student's answer (text, a Move, or a move made
on a board) and returns a :class:`kit.lessons.exercise.Verdict` saying right or
wrong and why, with the engine's numbers. Text that cannot be read raises
``kit.InvalidMoveText`` (a ``ValueError``), which the exercise widget shows as
it is. The puzzles are data (``puzzles/mattix.json``), loaded as
:class:`Puzzle`. The studies of lesson 4 are small seeded computations, and
one precomputed table (``data/mattix_first_player.json``, written by
``benchmarks/mattix_first_player.py``).

Not covered: the rules, search and boards themselves (``kit.mattix``), the
exercise widget (``kit.lessons.exercise``).
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import ipywidgets as widgets

from kit.errors import IllegalMove, InvalidMoveText
from kit.lessons.puzzle import Puzzle as PuzzleBase
from kit.lessons import exercise
from kit.lessons.exercise import Exercise, Verdict, exercise_board
from kit.lessons.table import Table
from kit.mattix import (Board, Game, GreedyPlayer, LookaheadPlayer, Move, RandomPlayer,
                        SearchPlayer, analyse, lookahead_values, solve, standings_table,
                        tournament)
from kit.mattix.draw import board_scene, board_svg
from kit.mattix.rules import SIDE_NAMES
from kit.scene import Text, svg_img
from kit.lessons.sandbox import Sandbox as SandboxFrame


class Progress(exercise.Progress):
    """A lesson's progress in the Mattix course, kept per student (kit.lessons.record)."""

    COURSE = "mattix"


HERE = Path(__file__).resolve().parent
PUZZLES = HERE / "puzzles" / "mattix.json"
FIRST_PLAYER_TABLE = HERE / "data" / "mattix_first_player.json"
GOALS = ("win_by", "only_move", "draw")


# ----- reading answers ------------------------------------------------------

def read_move(answer) -> Move:
    """A Move from ``"2,3"``, ``(2, 3)`` or a Move; InvalidMoveText otherwise."""
    if isinstance(answer, Move):
        return answer
    if isinstance(answer, tuple) and len(answer) == 2:
        return Move(*answer)
    if isinstance(answer, str):
        if not answer.strip():
            raise InvalidMoveText("type a tile as row,column, e.g. 0,2")
        return Move.parse(answer)
    raise InvalidMoveText(f"not a move: {answer!r}; type a tile as row,column, e.g. 0,2")


def read_cells(text) -> set:
    """A set of Moves from text like ``"0,1 0,3"`` (spaces or ``;`` between cells)."""
    if not isinstance(text, str):
        raise InvalidMoveText(f"type the tiles as row,column pairs, e.g. 0,1 0,3; got {text!r}")
    parts = [p for p in re.split(r"[;\s]+", text.replace(", ", ",").strip()) if p]
    if not parts:
        raise InvalidMoveText("type the tiles as row,column pairs, e.g. 0,1 0,3")
    return {Move.parse(p) for p in parts}


def _legal(game: Game, answer) -> tuple:
    """``(move, None)`` if ``answer`` is a legal take here, else ``(None, Verdict)``."""
    move = read_move(answer)
    try:
        return game.check_move(move), None
    except IllegalMove as exc:
        return None, Verdict(False, f"{move} cannot be taken: {exc}.")


def _side(game: Game) -> str:
    return SIDE_NAMES[game.to_move]


def _ahead(margin: int) -> str:
    if margin == 0:
        return "level (a draw)"
    return f"{abs(margin)} {'ahead' if margin > 0 else 'behind'}"


# ----- lesson 1: the star and the two lines -----------------------------------

def check_legal_takes(game: Game, answer) -> Verdict:
    """Are the typed cells exactly the tiles the player to move may take?"""
    said, legal = read_cells(answer), set(game.legal_moves())
    if said == legal:
        return Verdict(True, f"The {_side(game)} may take exactly these "
                             f"{len(legal)} tiles: they are in the star's "
                             f"{'row' if game.to_move == 0 else 'column'}.")
    wrong, missing = sorted(said - legal), sorted(legal - said)
    why = []
    for m in wrong[:2]:
        try:
            game.check_move(m)
        except IllegalMove as exc:
            why.append(f"{m}: {exc}")
    if missing:
        why.append(f"you left out {len(missing)} tile{'s' * (len(missing) > 1)} that may be taken")
    return Verdict(False, "; ".join(why) + ".")


def check_take(game: Game, answer) -> Verdict:
    """Is ``answer`` a legal take? Says the tile it scores and where the star goes."""
    move, refused = _legal(game, answer)
    if refused:
        return refused
    tile = game.board[move.row][move.col]
    other = SIDE_NAMES[1 - game.to_move]
    line = "column" if game.to_move == 0 else "row"
    return Verdict(True, f"{move} is in the {_side(game)}'s line: it scores {tile} and the "
                         f"star moves to {move}, so the {other} takes from {line} "
                         f"{move.col if line == 'column' else move.row} next.")


# ----- lesson 2: the rules in full --------------------------------------------

def check_score_after(game: Game, move, answer) -> Verdict:
    """The mover's score after taking ``move``: typed as a whole number."""
    move = read_move(move)
    text = str(answer).strip()
    if not re.fullmatch(r"[+-]?\d+", text):
        raise InvalidMoveText(f"type the score as a whole number, e.g. 12 or -3; got {text!r}")
    tile = game.board[move.row][move.col]
    before = game.scores[game.to_move]
    after = before + tile
    if int(text) == after:
        return Verdict(True, f"{before} {'+' if tile >= 0 else '-'} {abs(tile)} = {after}.")
    hint = " A negative tile takes points away." if tile < 0 else ""
    return Verdict(False, f"The {_side(game)} had {before} and the tile is {tile}, "
                          f"so the score is {after}, not {int(text)}.{hint}")


OUTCOMES = {"row": 0, "row player": 0, "column": 1, "column player": 1, "col": 1,
            "draw": None, "nobody": None}


def check_outcome(game: Game, answer) -> Verdict:
    """Who wins this game, if it is over? Answer "row", "column", "draw" or "not over"."""
    text = str(answer).strip().lower()
    over_said = text not in ("not over", "no", "not yet")
    if text not in OUTCOMES and over_said:
        raise InvalidMoveText("answer row, column, draw or not over")
    s0, s1 = game.scores
    if not game.is_over:
        legal = ", ".join(map(str, game.legal_moves()))
        if not over_said:
            return Verdict(True, f"The {_side(game)} can still take {legal}.")
        return Verdict(False, f"The game is not over: the {_side(game)} can still take {legal}.")
    why = (f"The {_side(game)} is to move and has no tile in their line, so the game is over "
           f"(even if tiles are left elsewhere). Scores: row {s0}, column {s1}")
    if not over_said:
        return Verdict(False, why + ".")
    truth = game.winner
    named = "a draw" if truth is None else f"the {SIDE_NAMES[truth]} wins"
    return Verdict(OUTCOMES[text] == truth, f"{why}: {named}.")


# ----- lesson 3: greedy is not enough -----------------------------------------

def net_gains(game: Game) -> list:
    """``(move, tile, best reply, tile - best reply)`` for every take: the net gain."""
    rows = []
    for move, net in lookahead_values(game.copy()):
        tile = game.board[move.row][move.col]
        rows.append((move, tile, tile - net, net))
    return rows


def net_gain_table(game: Game) -> "Table":
    """Lesson 3's table: each take, its tile, the best reply it allows, the net gain."""
    return Table({"take": str(m), "tile": t, "best reply": r, "net gain": n}
                 for m, t, r, n in net_gains(game))


def check_net_gain(game: Game, move, answer) -> Verdict:
    """The net gain of taking ``move``: its tile minus the opponent's biggest reply."""
    move = read_move(move)
    text = str(answer).strip()
    if not re.fullmatch(r"[+-]?\d+", text):
        raise InvalidMoveText(f"type the net gain as a whole number, e.g. -4; got {text!r}")
    _, tile, reply, net = next(r for r in net_gains(game) if r[0] == move)
    sum_ = f"{tile} - {reply} = {net}" if reply >= 0 else f"{tile} - ({reply}) = {net}"
    if int(text) == net:
        return Verdict(True, f"You get {tile}, then the opponent's best reply is {reply}: {sum_}.")
    return Verdict(False, f"You get {tile}, then the opponent's best reply is {reply}: "
                          f"{sum_}, not {int(text)}.")


def check_best_take(game: Game, answer) -> Verdict:
    """Is ``answer`` a best take? Judged exactly: its value against the best value."""
    move, refused = _legal(game, answer)
    if refused:
        return refused
    rows = dict(analyse(game))
    best_move, best = max(rows.items(), key=lambda mv: mv[1])
    diff = game.scores[game.to_move] - game.scores[1 - game.to_move]
    mine = rows[move]
    tile = game.board[move.row][move.col]
    said = (f"Taking {tile} at {move}, with best play after it you end "
            f"{_ahead(diff + mine)}")
    if mine == best:
        return Verdict(True, said + ": no move does better.")
    return Verdict(False, f"{said}; {best_move} ends {_ahead(diff + best)}: "
                          f"{best - mine} points better.")


def best_line(game: Game, first: Optional[Move] = None) -> list:
    """The whole principal variation from ``game`` (starting with ``first``), exactly.

    Each take is a best one for the player making it (the solver's values, ties
    to the bigger tile, then board order): the line the reveal plays.
    """
    g, line = game.copy(), []
    move = first
    while not g.is_over:
        move = move if move is not None else analyse(g)[0][0]
        g.play(move)
        line.append(move)
        move = None
    return line


# ----- lesson 5: puzzles ------------------------------------------------------

@dataclass(frozen=True)
class Puzzle(PuzzleBase):
    """A position, a goal for the player to move, a hint and a solution.

    ``goal``: ``"win_by"`` (end at least ``target`` points ahead),
    ``"only_move"`` (the one take that does not lose) or ``"draw"`` (force a
    draw: end level). ``solution``: one take that meets the goal.
    """

    GAME = Game

    @property
    def task(self) -> str:
        side = SIDE_NAMES[self.game.to_move].capitalize()
        if self.goal == "win_by":
            goal = f"win by at least {self.target} points"
        elif self.goal == "only_move":
            goal = "find the only take that does not lose"
        else:
            goal = "force a draw (you cannot win; do not lose)"
        return f"Puzzle {self.number} ({self.stars}). {side} to move: {goal}."


def load_puzzles(path: Path = PUZZLES) -> list:
    """The puzzle set, easiest first."""
    return Puzzle.load(path)


def load_practice(path: Path = PUZZLES) -> list:
    """Lesson 3's positions, where the biggest tile loses: ``(game, hint, solution)``."""
    data = json.loads(Path(path).read_text())
    return [(Game.from_dict(p["position"]), p["hint"], p["solution"]) for p in data["practice"]]


def practice_exercise(number: int, progress: Optional[Progress] = None) -> Exercise:
    """Lesson 3, position ``number`` (from 1): find the take that wins; judged exactly."""
    game, hint, _ = load_practice()[number - 1]
    side = SIDE_NAMES[game.to_move]
    return take_exercise(f"Position {number}: you are the {side}. The biggest tile loses here. "
                         "Find the take that wins, and take it on the board.", game,
                         check_best_take, hints=[hint], progress=progress,
                         key=f"practice {number}")


def final_margins(game: Game) -> dict:
    """Move -> how far ahead the mover ends with best play after it (scores included)."""
    diff = game.scores[game.to_move] - game.scores[1 - game.to_move]
    return {m: diff + v for m, v in analyse(game)}


def meets_goal(goal: str, target: int, margin: int) -> bool:
    """Does ending ``margin`` ahead meet the goal?"""
    if goal == "win_by":
        return margin >= target
    if goal == "only_move":
        return margin >= 0
    if goal == "draw":
        return margin == 0
    raise ValueError(f"unknown puzzle goal {goal!r}; goals are {', '.join(GOALS)}")


def check_puzzle(puzzle: Puzzle, answer) -> Verdict:
    """Does the take ``answer`` meet the puzzle's goal against perfect play?"""
    game = puzzle.game
    move, refused = _legal(game, answer)
    if refused:
        return refused
    margins = final_margins(game)
    mine = margins[move]
    tile = game.board[move.row][move.col]
    said = f"After {tile} at {move}, with perfect play by both you end {_ahead(mine)}"
    if meets_goal(puzzle.goal, puzzle.target, mine):
        return Verdict(True, said + ".")
    best = max(margins.values())
    return Verdict(False, f"{said}; the best take ends {_ahead(best)}.")


# ----- exercises on a live board ----------------------------------------------

def first_take(board: Board):
    """The first take made on ``board`` (the student's answer), or ValueError."""
    if not board.game.history:
        raise InvalidMoveText("take a tile on the board first (click it), then press Check")
    return board.game.history[0]


def board_for(game: Game, **kwargs) -> Board:
    """A board for an exercise: two human seats, so the student may play on after.

    The board's own Hint (it ranks the takes: the answer) and New game (another
    position) are hidden: the exercise has its own Hint and Show me.
    """
    return exercise_board(Board(game.copy(), seats=["human", "human"], delay=0, **kwargs))


def play_line(board: Board, line: list) -> str:
    """Reveal: take ``board`` back to its start, then play ``line`` on it, move by move."""
    while board.game.history:
        board.undo()
    for move in line:
        board.submit(move)
    takes = " → ".join(map(str, line))
    return f"{takes}. Press Undo to step back through it."


def line_words(line: list, verdict: Verdict) -> str:
    """The solution for print: the first take, what the kit says of it, the line after."""
    rest = f" Best play after it: {' → '.join(map(str, line))}." if len(line) > 1 else ""
    return f"Take {line[0]}. {verdict.why}{rest}"


def typed_exercise(task: str, game: Game, check, *, hints=(), show=None, progress=None,
                   key=None, placeholder: str = "", show_line: bool = True) -> Exercise:
    """Exercise: the position as a picture (``show_line=False`` hides the blue
    outline that would give the answer away); the answer is typed;
    ``check(game, text)`` judges it."""
    game = game.copy()   # the notebook may play on its own game; the exercise keeps this one
    svg = board_svg(game, cell=80) if show_line else quiet_svg(game)
    return Exercise(task, lambda text: check(game, text), hints=hints, show=show,
                    board=widgets.HTML(svg_img(svg)), picture=lambda: svg, progress=progress,
                    key=key, placeholder=placeholder,
                    solution=show)   # a typed exercise's show is words: print them too


def quiet_svg(game: Game, cell: float = 80) -> str:
    """The position without the answers: no outlined line, and the status says only
    whose turn it is (not "takes from row 2", not "Game over: ... wins")."""
    scene = board_scene(game, cell=cell, show_line=False)
    turn = f"{SIDE_NAMES[game.to_move].capitalize()} to move"
    scene.shapes = [dataclasses.replace(s, text=turn) if isinstance(s, Text) and
                    (s.text.startswith("Game over") or ": takes from" in s.text) else s
                    for s in scene.shapes]
    return scene.to_svg()


def legal_takes_exercise(game: Game, progress=None) -> Exercise:
    """Lesson 1: type every tile the player to move may take."""
    side = _side(game)
    line = "row" if game.to_move == 0 else "column"
    answer = " ".join(map(str, game.legal_moves()))
    return typed_exercise(f"Which tiles may the {side} take now? Type them all, "
                          "like 0,1 0,3", game, check_legal_takes,
                          hints=[f"Find the star. The {side} takes from the star's {line}.",
                                 f"The star is in {line} "
                                 f"{game.star[0] if line == 'row' else game.star[1]}: "
                                 "every tile in it counts."],
                          show=answer, progress=progress, show_line=False,
                          placeholder="e.g. 0,1 0,3")


def take_exercise(task: str, game: Game, check, *, hints=(), progress=None, key=None,
                  reveal_takes: Optional[int] = None) -> Exercise:
    """Exercise: make one take on a live board; ``check(game, move)`` judges it.

    Show me plays the best line (its first ``reveal_takes`` takes, or all).
    """
    game = game.copy()   # the notebook may play on its own game; the exercise keeps this one
    board = board_for(game)
    line = best_line(game)[:reveal_takes]
    return Exercise(task, lambda move: check(game, move), answer=lambda: first_take(board),
                    hints=hints, board=board, progress=progress, key=key,
                    show=lambda: play_line(board, line),
                    solution=lambda: line_words(line, check(game, line[0])))


def score_exercise(game: Game, move, progress=None) -> Exercise:
    """Lesson 2: the mover takes ``move``; type their score after it."""
    move = read_move(move)
    tile = game.board[move.row][move.col]
    side = _side(game)
    before = game.scores[game.to_move]
    return typed_exercise(f"The {side} has {before} points and takes the {tile} at {move}. "
                          "What is their score now?", game,
                          lambda g, text: check_score_after(g, move, text),
                          hints=["A tile's number is added to the taker's score; a negative "
                                 "number is added too, so the score goes down."],
                          show=f"{before} + ({tile}) = {before + tile}", progress=progress,
                          placeholder="a whole number")


def outcome_exercise(game: Game, progress=None, key=None) -> Exercise:
    """Lesson 2: over or not, and who won: row, column, draw or not over."""
    truth = ("not over" if not game.is_over else
             "draw" if game.winner is None else ("row", "column")[game.winner])
    return typed_exercise("Is this game over? Type who won (row, column or draw), "
                          "or type: not over", game, check_outcome,
                          hints=[f"Whose turn is it? Look for a tile in the {_side(game)}'s "
                                 "line. No tile there: the game is over.",
                                 "Then compare the two scores at the top."],
                          show=truth, progress=progress, key=key, show_line=False,
                          placeholder="row, column, draw or not over")


def net_gain_exercise(game: Game, move, progress=None) -> Exercise:
    """Lesson 3: type the net gain of one take."""
    move = read_move(move)
    tile = game.board[move.row][move.col]
    net = next(n for m, _, _, n in net_gains(game) if m == move)
    other = SIDE_NAMES[1 - game.to_move]
    return typed_exercise(f"What is the net gain of taking the {tile} at {move}?", game,
                          lambda g, text: check_net_gain(g, move, text),
                          hints=[f"Take the {tile} in your head: the star moves to {move}. "
                                 f"Which is the biggest tile the {other} can take then?",
                                 "Net gain = your tile minus that reply."],
                          show=str(net), progress=progress, placeholder="a whole number")


def check_choice(options: dict, truth: str, why: str, answer) -> Verdict:
    """A choice among ``options`` (answer text -> name); ``truth`` is the right name."""
    text = str(answer).strip().lower()
    if text not in options:
        raise InvalidMoveText(f"answer one of: {', '.join(sorted(set(options)))}")
    return Verdict(options[text] == truth, why)


def prediction_exercise(task: str, options: dict, truth: str, why: str, progress=None,
                        key=None) -> Exercise:
    """Lesson 4: predict a measured result; ``why`` quotes the measurement."""
    return Exercise(task, lambda text: check_choice(options, truth, why, text),
                    hints=["Think of what each player looks at before it takes a tile."],
                    show=f"{truth}: {why}", progress=progress, key=key,
                    placeholder=" or ".join(dict.fromkeys(options.values())))


def puzzle_exercise(puzzle: Puzzle, progress: Optional[Progress] = None) -> Exercise:
    """A puzzle on a live board: take a tile, Check, Hint, Show me (plays the best line)."""
    game = puzzle.game
    board = board_for(game)
    line = best_line(game, read_move(puzzle.solution))
    return Exercise(puzzle.task, lambda move: check_puzzle(puzzle, move),
                    answer=lambda: first_take(board), hints=[puzzle.hint], board=board,
                    progress=progress, key=f"puzzle {puzzle.number}",
                    show=lambda: play_line(board, line),
                    solution=lambda: line_words(line, check_puzzle(puzzle, line[0])))


# ----- lesson 4: the studies ---------------------------------------------------

def position_after(seed: int, size: int, level: int, moves: int) -> Game:
    """A seeded deal after ``moves`` random takes (a position from the middle of a game)."""
    game, rng = Game.new(seed=seed, size=size, level=level), random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    game._history.clear()   # a fresh start for undo: the position is the lesson's
    return game


def greedy_is_best(game: Game) -> bool:
    """Is the biggest tile in the line a best take here (exactly)?"""
    rows = analyse(game)
    top = max(game.board[m.row][m.col] for m, _ in rows)
    return any(v == rows[0][1] for m, v in rows if game.board[m.row][m.col] == top)


def greedy_study(sizes=(3, 4, 5), level: int = 2, boards: int = 40, seed: int = 0) -> list:
    """How often the biggest tile is a best take, on seeded fresh deals of each size."""
    rows = Table()
    for size in sizes:
        count = boards if size < 5 else boards // 4
        best = sum(greedy_is_best(Game.new(seed=seed + s, size=size, level=level))
                   for s in range(count))
        rows.append({"size": f"{size} x {size}", "boards": count, "greedy is best": best,
                     "share": f"{100 * best / count:.0f}%"})
    return rows


def first_player_table(path: Path = FIRST_PLAYER_TABLE) -> list:
    """The precomputed exact first-move values, summarised per size and level."""
    data = json.loads(Path(path).read_text())
    rows = Table()
    for r in data["rows"]:
        v = r["values"]
        rows.append({"board": f"{r['size']} x {r['size']}", "level": r["level"],
                     "boards": len(v), "row player wins": sum(x > 0 for x in v),
                     "draws": sum(x == 0 for x in v), "column player wins": sum(x < 0 for x in v),
                     "mean margin": round(sum(v) / len(v), 1),
                     "ms to solve a board": round(1000 * r["cpu_seconds"] / len(v))})
    return rows


def first_player_check(size: int = 4, level: int = 1, boards: int = 20) -> bool:
    """Solve the table's first ``boards`` deals again here: do they match the table?"""
    data = json.loads(FIRST_PLAYER_TABLE.read_text())
    row = next(r for r in data["rows"] if r["size"] == size and r["level"] == level)
    again = [solve(Game.new(seed=s, size=size, level=level))[0] for s in range(boards)]
    return again == row["values"][:boards]


def first_player_prediction(progress=None) -> Exercise:
    """Lesson 4: predict whether the first player wins more 4 x 4 level 1 boards."""
    four = first_player_table()[0]
    truth = "yes" if four["row player wins"] > four["column player wins"] else "no"
    return prediction_exercise(
        "On 4 x 4 boards at level 1, with perfect play by both: does the row player (first) "
        "win more boards than the column player? Type yes or no.", {"yes": "yes", "no": "no"},
        truth, f"The row player wins {four['row player wins']} of {four['boards']} boards, "
        f"the column player {four['column player wins']}; {four['draws']} are draws.",
        progress, key="first player")


def duel_prediction(progress=None, games: int = 20, size: int = 5, level: int = 2) -> Exercise:
    """Lesson 4: predict who wins more games, greedy or lookahead (played here, seeded)."""
    duel = tournament([GreedyPlayer(), LookaheadPlayer()], games=games, size=size, level=level,
                      progress=False)
    truth = max(duel, key=lambda s: s.win_rate).name
    return prediction_exercise(
        f"Who wins more of {games} games on {size} x {size}: greedy or lookahead? "
        "Type greedy or lookahead.", {"greedy": "greedy", "lookahead": "lookahead"}, truth,
        " and ".join(f"{s.name} won {s.win_rate:.0%}" for s in duel) + " of the games.",
        progress, key="duel")


def players_tournament(size: int = 5, level: int = 2, games: int = 10, seed: int = 0,
                       depth: int = 6) -> str:
    """Each player against the next stronger one; one table per pairing."""
    players = [RandomPlayer(), GreedyPlayer(), LookaheadPlayer(),
               SearchPlayer(time_limit=None, depth=depth)]
    tables = []
    for a, b in zip(players, players[1:]):
        rows = tournament([a, b], games=games, seed=seed, size=size, level=level,
                          progress=False)
        tables.append(standings_table(rows))
    return "\n\n".join(tables)


def depth_study(size: int = 4, level: int = 2, boards: int = 30, depths=(1, 2, 3, 4, 6, 8),
                seed: int = 0) -> list:
    """How often a search to each depth picks an exactly best first take."""
    games = [Game.new(seed=seed + s, size=size, level=level) for s in range(boards)]
    exact = [dict(analyse(g)) for g in games]
    rows = Table()
    for depth in depths:
        hits = sum(values[solve(g, depth=depth)[1]] == max(values.values())
                   for g, values in zip(games, exact))
        rows.append({"depth (takes ahead)": depth, "boards": boards, "best take found": hits,
                     "share": f"{100 * hits / boards:.0f}%"})
    return rows


# ----- lesson 6: the sandbox ---------------------------------------------------

STRENGTHS = {"gentle (looks 2 takes ahead)": {"depth": 2, "time_limit": None},
             "fair (4 takes ahead)": {"depth": 4, "time_limit": None},
             "strong (1 second)": {"time_limit": 1.0, "depth": None},
             "strongest (3 seconds)": {"time_limit": 3.0, "depth": None}}


class Sandbox(SandboxFrame):
    """Choose a size (4 to 8), a level and the computer's strength; play with analysis."""

    def __init__(self, size: int = 5, level: int = 1, strength: str = "fair (4 takes ahead)",
                 seed: int = 1, delay: float = 0.8):
        self.size = widgets.Dropdown(options=[(f"{n} x {n}", n) for n in range(4, 9)],
                                     value=size, description="Board")
        self.level = widgets.Dropdown(options=[("1: positive tiles", 1),
                                               ("2: with negatives", 2)],
                                      value=level, description="Level")
        self.strength = widgets.Dropdown(options=list(STRENGTHS), value=strength,
                                         description="Computer")
        self.side = widgets.Dropdown(options=[("row player (first)", 0),
                                              ("column player", 1)],
                                     value=0, description="You play")
        super().__init__(seed=seed, delay=delay)

    def choices(self) -> list:
        return [[self.size, self.level, self.strength], [self.side, self.seed, self.start]]

    def make_board(self) -> Board:
        seats = ["human", "search"] if self.side.value == 0 else ["search", "human"]
        return Board(seats=seats, size=self.size.value, level=self.level.value,
                     seed=self.seed.value, player_options=STRENGTHS[self.strength.value],
                     analysis=True, delay=self.delay)
