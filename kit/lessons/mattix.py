"""The Mattix course's checks, puzzles and studies (notebooks/mattix/).

Every exercise of the course is data here (``EXERCISES``: its position, task,
check, hints, solution, ``answers`` and sample ``wrong`` tries), and a lesson
cell only names it: ``lesson.exercise("net gain", progress)``.

Each exercise check is a pure function of the engine and the exact solver:
it takes the position and the student's answer (text, a Move, or a move made
on a board) and returns a :class:`kit.lessons.exercise.Verdict` saying right or
wrong and why, with the engine's numbers. A wrong try is told what is wrong
with that try (common slips are named: the tile alone, the sign of a negative
tile turned, the reply added, the star counted), never the answer; a fact a
hint or verdict states about a position (the best answer to a take) is the
exact solver's. On a board, a wrong take is taken back at once, and Show me
takes the solution only and says the best line after it in words. Text that cannot be read raises
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
import html
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as widgets

from kit.errors import IllegalMove, InvalidMoveText
from kit.lessons.puzzle import Puzzle as PuzzleBase
from kit.lessons import exercise
from kit.lessons.exercise import Catalogue, Exercise, Verdict, exercise_board
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


def read_number(text, what: str) -> int:
    """A whole number typed by the student, or InvalidMoveText saying how to type it."""
    text = str(text).strip().replace("−", "-")
    if not re.fullmatch(r"[+-]?\d+", text):
        raise InvalidMoveText(f"type {what} as a whole number, e.g. 12 or -3; got {text!r}")
    return int(text)


def _side(game: Game) -> str:
    return SIDE_NAMES[game.to_move]


def _other(game: Game) -> str:
    return SIDE_NAMES[1 - game.to_move]


def _line(game: Game) -> str:
    return "row" if game.to_move == 0 else "column"


def _ahead(margin: int) -> str:
    if margin == 0:
        return "level (a draw)"
    return f"{abs(margin)} {'ahead' if margin > 0 else 'behind'}"


def _tile(game: Game, move: Move) -> int:
    return game.board[move.row][move.col]


def refusal(game: Game, move: Move) -> str | None:
    """Why ``move`` cannot be taken here, in words that do not name the line's
    number (that would point at the answer); None if it is legal."""
    try:
        game.check_move(move)
        return None
    except IllegalMove:
        pass
    n, (r, c) = game.size, (move.row, move.col)
    if game.is_over:
        return "the game is over: nobody can take a tile"
    if not (0 <= r < n and 0 <= c < n):
        return f"{move} is off the board (rows and columns go from 0 to {n - 1})"
    if (r, c) == tuple(game.star):
        return f"{move} is the star itself, not a tile: the star's cell has nothing to take"
    line = _line(game)
    if (line == "row" and r != game.star[0]) or (line == "column" and c != game.star[1]):
        return (f"{move} is not in the star's {line}: the {_side(game)} takes only from the "
                f"{line} the star is in")
    return f"{move} is empty: its tile was already taken"


def _legal(game: Game, answer) -> tuple:
    """``(move, None)`` if ``answer`` is a legal take here, else ``(None, Verdict)``."""
    move = read_move(answer)
    why = refusal(game, move)
    if why:
        return None, Verdict(False, why[0].upper() + why[1:] + ".")
    return move, None


def best_reply(game: Game, move: Move) -> Move | None:
    """The opponent's exactly best reply after ``move`` (the solver's choice), or None
    if ``move`` ends the game."""
    after = game.copy()
    after.play(move)
    if after.is_over:
        return None
    return analyse(after)[0][0]


def reply_words(game: Game, move: Move) -> str:
    """"the column player's best answer is the 14 at 2,0" (exact), or that it ends the game."""
    reply = best_reply(game, move)
    if reply is None:
        return f"your take ends the game: the {_other(game)} has no tile left to take"
    after = game.copy()
    after.play(move)
    return f"the {_other(game)}'s best answer is the {_tile(after, reply)} at {reply}"


# ----- lesson 1: the star and the two lines -----------------------------------

def check_legal_takes(game: Game, answer) -> Verdict:
    """Are the typed cells exactly the tiles the player to move may take?"""
    said, legal = read_cells(answer), set(game.legal_moves())
    side, line = _side(game), _line(game)
    if said == legal:
        return Verdict(True, f"The {side} may take exactly these {len(legal)} tiles: "
                             f"they are in the star's {line}.")
    other_line = "column" if line == "row" else "row"
    star = Move(*game.star)
    crossing = {m for m in said if (m.col == star.col if line == "row" else m.row == star.row)}
    if len(said) > 1 and crossing == said - {star} and not (said & legal):
        return Verdict(False, f"Those are in the star's {other_line}. The {side} takes "
                              f"from the star's {line}.")
    if star in said:
        return Verdict(False, f"{star} is the star itself: it is not a tile, so nobody "
                              "takes it.")
    wrong = sorted(said - legal)
    if wrong:
        why = refusal(game, wrong[0])
        return Verdict(False, why[0].upper() + why[1:] + ".")
    missing = len(legal - said)
    return Verdict(False, f"Each tile you typed may be taken, but you left out {missing} "
                          f"tile{'s' * (missing > 1)} that may be taken too.")


def check_take(game: Game, answer) -> Verdict:
    """Is ``answer`` a legal take? Says the tile it scores and where the star goes."""
    move, refused = _legal(game, answer)
    if refused:
        return refused
    tile = _tile(game, move)
    line = "column" if game.to_move == 0 else "row"
    return Verdict(True, f"{move} is in the {_side(game)}'s line: it scores {tile} and the "
                         f"star moves to {move}, so the {_other(game)} takes from {line} "
                         f"{move.col if line == 'column' else move.row} next.")


# ----- lesson 2: the rules in full --------------------------------------------

def check_score_after(game: Game, move, answer) -> Verdict:
    """The mover's score after taking ``move``, typed as a whole number.

    A wrong try is told what it did (the tile alone, the score before, the sign
    of a negative tile turned), never the score."""
    move = read_move(move)
    said = read_number(answer, "the score")
    tile, before = _tile(game, move), game.scores[game.to_move]
    after, side = before + tile, _side(game)
    if said == after:
        return Verdict(True, f"{before} {'+' if tile >= 0 else '-'} {abs(tile)} = {after}.")
    if tile < 0 and said == before - tile:
        return Verdict(False, "Your score went up, but this tile is negative: a negative "
                              "tile makes the score go down.")
    if said == tile:
        return Verdict(False, f"That is the tile alone. The {side} already had points "
                              "before this take: start from them.")
    if said == before:
        return Verdict(False, f"That is the {side}'s score before the take: the tile "
                              "counts too.")
    if said == abs(tile) or said == -before + tile:
        return Verdict(False, "Watch the signs: start from the points the "
                              f"{side} had, then add the tile with its sign.")
    return Verdict(False, f"That is not the {side}'s score after this take: start from "
                          "their points before it, then add the tile (a negative tile "
                          "counts down).")


OUTCOMES = {"row": 0, "row player": 0, "row wins": 0, "row player wins": 0, "the row player": 0,
            "column": 1, "column player": 1, "col": 1, "column wins": 1,
            "column player wins": 1, "the column player": 1,
            "draw": None, "a draw": None, "tie": None, "nobody": None}
NOT_OVER = ("not over", "not over yet", "no", "not yet")


def truth_words(game: Game) -> str:
    """The answer to "is it over, who won?" as the solution writes it."""
    if not game.is_over:
        return "not over yet"
    return "a draw" if game.winner is None else f"{SIDE_NAMES[game.winner]} wins"


def check_outcome(game: Game, answer) -> Verdict:
    """Who wins this game, if it is over? Answer "row", "column", "draw" or "not over".

    A wrong try is told what is wrong with it (the game goes on; the game has
    ended; not that winner), never the winner."""
    text = str(answer).strip().lower().rstrip(".!")
    said_over = text not in NOT_OVER
    if text not in OUTCOMES and said_over:
        raise InvalidMoveText("answer row, column, draw or not over")
    side, line = _side(game), _line(game)
    star = game.star[0] if line == "row" else game.star[1]
    if not game.is_over:
        if not said_over:
            return Verdict(True, f"The {side} still has a tile in {line} {star}, the "
                                 "star's line, so the game goes on.")
        return Verdict(False, f"Look along the {side}'s line again, the star's {line}: "
                              "is there still a tile they can take?")
    ended = (f"The {side} is to move and has no tile in the star's {line}, so the game is "
             "over (even if tiles are left elsewhere)")
    if not said_over:
        return Verdict(False, f"Look again at the {side}'s line, the star's {line}: is "
                              "there any tile in it?")
    if OUTCOMES[text] == game.winner:
        s0, s1 = game.scores
        return Verdict(True, f"{ended}. Scores: row player {s0}, column player {s1}.")
    if OUTCOMES[text] is None:
        return Verdict(False, "It is over, yes, but it is not level: compare the two "
                              "scores at the top again.")
    return Verdict(False, f"It is over, yes, but the {SIDE_NAMES[OUTCOMES[text]]} did not "
                          "win: compare the two scores at the top again.")


# ----- lesson 3: greedy is not enough -----------------------------------------

def net_gains(game: Game) -> list:
    """``(move, tile, best reply, tile - best reply)`` for every take: the net gain."""
    rows = []
    for move, net in lookahead_values(game.copy()):
        tile = _tile(game, move)
        rows.append((move, tile, tile - net, net))
    return rows


def net_gain_table(game: Game) -> Table:
    """Lesson 3's table: each take, its tile, the best reply it allows, the net gain."""
    return Table({"take": str(m), "tile": t, "best reply": r, "net gain": n}
                 for m, t, r, n in net_gains(game))


def check_net_gain(game: Game, move, answer) -> Verdict:
    """The net gain of taking ``move``: its tile minus the opponent's biggest reply.

    Common slips are named (the tile alone, the reply added, the order turned,
    the star's cell counted, a tile out of the line, not the biggest reply);
    the net gain itself is never said on a wrong try."""
    move = read_move(move)
    said = read_number(answer, "the net gain")
    _, tile, reply, net = next(r for r in net_gains(game) if r[0] == move)
    sum_ = f"{tile} - {reply} = {net}" if reply >= 0 else f"{tile} - ({reply}) = {net}"
    other = _other(game)
    if said == net:
        return Verdict(True, f"You get {tile}, then the {other}'s biggest reply is {reply}: "
                             f"{sum_}.")
    after = game.copy()
    after.play(move)
    line_tiles = [_tile(after, m) for m in after.legal_moves()]
    others = [t for t in sum(([t for t in row if t is not None] for row in after.board), [])
              if t not in line_tiles]
    if said == tile:
        why = (f"That is your tile alone. Then the {other} takes a tile: take their "
               "biggest reply away from it.")
    elif said == tile + reply:
        why = "You added the reply. The net gain takes the reply away from your tile."
    elif said == reply - tile:
        why = "You took your tile away from the reply: it goes the other way round."
    elif said == 0:
        why = ("You took your own tile away: after your take the star stands in its cell, "
               "and the star is not a tile.")
    elif any(said == tile - t for t in line_tiles):
        why = (f"That reply is not the {other}'s biggest: they may take any tile in their "
               "line, so count the biggest.")
    elif any(said == tile - t for t in others):
        why = (f"That tile is not in the {other}'s line after your take: the star moves to "
               f"{move}, and they take from the star's {'column' if game.to_move == 0 else 'row'}.")
    else:
        why = (f"Not the net gain of this take: your tile, minus the biggest tile the {other} "
               "can take after it.")
    return Verdict(False, why)


def check_best_take(game: Game, answer) -> Verdict:
    """Is ``answer`` a best take? Judged exactly. A wrong take is told the best
    answer to it and how it ends, never which take is best."""
    move, refused = _legal(game, answer)
    if refused:
        return refused
    margins = final_margins(game)
    mine, tile = margins[move], _tile(game, move)
    said = f"Taking the {tile} at {move}, with best play after it you end {_ahead(mine)}"
    if mine == max(margins.values()):
        biggest = max(_tile(game, m) for m in margins)
        greed = (" The biggest tile would have lost here." if tile < biggest and
                 max(margins[m] for m in margins if _tile(game, m) == biggest) < 0 else "")
        return Verdict(True, said + ": no take does better." + greed)
    return Verdict(False, f"After the {tile} at {move}, {reply_words(game, move)}, and with "
                          f"best play you end {_ahead(mine)}. A better take exists.",
                   more=("Best play by both from your take: "
                         f"{tiles_words(game, best_line(game, move))}."))


def best_line(game: Game, first: Move | None = None) -> list:
    """The whole principal variation from ``game`` (starting with ``first``), exactly.

    Each take is a best one for the player making it (the solver's values, ties
    to the bigger tile, then board order).
    """
    g, line = game.copy(), []
    move = first
    while not g.is_over:
        move = move if move is not None else analyse(g)[0][0]
        g.play(move)
        line.append(move)
        move = None
    return line


#: Takes a "Why?" spells out before "…" and the final margin (the whole line to the
#: end of a 5 x 5 game ran below the fold).
WHY_TAKES = 4


def tiles_words(game: Game, line: list, first: int = WHY_TAKES) -> str:
    """The first ``first`` takes of ``line`` as the tiles taken, without cells (a
    wrong try's "Why?" must not name the cell of the answer), "…" for the rest,
    and how it ends: "you 7, the column player 6, you 3, …; you end 2 ahead"."""
    g, words = game.copy(), []
    for k, move in enumerate(line):
        if k < first:
            who = "you" if g.to_move == game.to_move else f"the {SIDE_NAMES[g.to_move]}"
            words.append(f"{who} {_tile(g, move)}")
        g.play(move)
    if len(line) > first:
        words.append("…")
    s0, s1 = g.scores
    mine = (s0 - s1) if game.to_move == 0 else (s1 - s0)
    return f"{', '.join(words)}; you end {_ahead(mine)}"


def line_words(game: Game, line: list) -> str:
    """``line`` in words: "row player 2,0 (11), column player 3,0 (5), ..."."""
    g, words = game.copy(), []
    for move in line:
        words.append(f"{SIDE_NAMES[g.to_move].split()[0]} {move} ({_tile(g, move)})")
        g.play(move)
    return ", ".join(words)


# ----- lesson 5: puzzles ------------------------------------------------------

@dataclass(frozen=True)
class Puzzle(PuzzleBase):
    """A position, a goal for the player to move, hints and a solution.

    ``goal``: ``"win_by"`` (end at least ``target`` points ahead),
    ``"only_move"`` (the one take that does not lose) or ``"draw"`` (force a
    draw: end level). ``solution``: one take that meets the goal. ``hint`` is
    the first hint (a nudge); ``more_hints`` climb from there.
    """

    GAME = Game
    more_hints: tuple = ()

    @property
    def hints(self) -> list:
        return [self.hint, *self.more_hints]

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

    @classmethod
    def load(cls, path) -> list:
        data = json.loads(Path(path).read_text())["puzzles"]
        return [dataclasses.replace(p, more_hints=tuple(raw.get("more_hints", ())))
                for p, raw in zip(super().load(path), data)]


def load_puzzles(path: Path = PUZZLES) -> list:
    """The puzzle set, easiest first."""
    return Puzzle.load(path)


def load_practice(path: Path = PUZZLES) -> list:
    """Lesson 3's positions, where the biggest tile loses: ``(game, hints, solution)``."""
    data = json.loads(Path(path).read_text())
    return [(Game.from_dict(p["position"]), [p["hint"], *p.get("more_hints", ())],
             p["solution"]) for p in data["practice"]]


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


GOAL_WORDS = {"win_by": "that is not a win by {target} or more",
              "only_move": "that loses", "draw": "that is not a draw"}


def check_puzzle(puzzle: Puzzle, answer) -> Verdict:
    """Does the take ``answer`` meet the puzzle's goal against perfect play?

    A wrong take is told the opponent's best answer to it and how it ends, never
    which take meets the goal."""
    game = puzzle.game
    move, refused = _legal(game, answer)
    if refused:
        return refused
    mine, tile = final_margins(game)[move], _tile(game, move)
    said = f"After the {tile} at {move}, with perfect play by both you end {_ahead(mine)}"
    if meets_goal(puzzle.goal, puzzle.target, mine):
        return Verdict(True, said + ".")
    return Verdict(False, f"After the {tile} at {move}, {reply_words(game, move)}, and with "
                          f"perfect play you end {_ahead(mine)}: "
                          f"{GOAL_WORDS[puzzle.goal].format(target=puzzle.target)}.",
                   more=("Best play by both from your take: "
                         f"{tiles_words(game, best_line(game, move))}."))


# ----- exercises on a live board ----------------------------------------------

def board_for(game: Game, **kwargs) -> Board:
    """A board for an exercise: two human seats, so the student may play on after.

    The board's own Hint (it ranks the takes: the answer) and New game (another
    position) are hidden: the exercise has its own Hint and Show me. The board
    remembers a take it refused (``board.refused``), so Check can say why.
    """
    board = exercise_board(Board(game.copy(), seats=["human", "human"], delay=0, **kwargs))
    board.refused = None
    played = board.submit

    def submit(move):
        before = len(board.game.history)
        points = played(move)
        board.refused = move if len(board.game.history) == before else None
        return points

    board.submit = submit   # the board's clicks go through here too
    return board


def take_back(board: Board) -> int:
    """Undo every take on ``board`` (back to the exercise's position); how many."""
    taken = len(board.game.history)
    for _ in range(taken):
        board.undo()
    board.refused = None
    return taken


def taken(board: Board):
    """The student's take on ``board``: the first one made, or the one it refused."""
    if board.game.history:
        return board.game.history[0]
    if getattr(board, "refused", None) is not None:
        return board.refused
    raise InvalidMoveText("take a tile on the board first (click it), then press Check")


def board_exercise(task: str, game: Game, check, solution, *, hints=(), progress=None,
                   key=None, answers=None, wrong=None) -> Exercise:
    """Exercise: make one take on a live board; ``check(game, move)`` judges it.

    A wrong take is judged, then taken back at once (the board says so), so the
    student can try again. Show me takes ``solution`` on the board and says the
    best line after it in words. ``wrong``: by default every legal take that
    fails, and two illegal ones (a tile off the line, the star's cell).
    """
    game = game.copy()   # the notebook may play on its own game; the exercise keeps this one
    board = board_for(game)
    solution = read_move(solution)
    line = best_line(game, solution)
    if wrong is None:
        wrong = [str(m) for m in game.legal_moves() if not check(game, m).correct]
        wrong += illegal_tries(game)

    def judged(move):
        verdict = check(game, move)
        if not verdict.correct:
            if take_back(board):
                board.say("Your take is taken back.")   # one line: the verdict says more
                verdict = dataclasses.replace(
                    verdict, why=verdict.why + " Your take is taken back: try again.")
            board.refused = None
        return verdict

    def enter(text):
        take_back(board)
        board.submit(read_move(text))

    def words(shown: int = len(line)) -> str:
        rest = game.copy()
        rest.play(solution)
        after = line[1:1 + shown]
        more = ", and so on to the end" if len(line) > 1 + shown else ""
        said = f" Best play after it: {line_words(rest, after)}{more}." if after else ""
        return f"Take {solution}. {check(game, solution).why}{said}"

    def reveal() -> str:
        take_back(board)
        board.submit(solution)
        return words(3) + " Press Undo to try it yourself."

    return Exercise(task, judged, answer=lambda: taken(board), hints=hints, board=board,
                    progress=progress, key=key, show=reveal, solution=words,
                    answers=answers or [str(solution)], wrong=wrong, enter=enter)


def illegal_tries(game: Game) -> list:
    """Two takes a student might try that the rules refuse: a tile off the line
    (in the other player's line, the common slip), and the star's cell."""
    star = Move(*game.star)
    off = [Move(r, c) for r in range(game.size) for c in range(game.size)
           if _tile(game, Move(r, c)) is not None and refusal(game, Move(r, c))]
    crossing = [m for m in off if (m.col == star.col if game.to_move == 0 else m.row == star.row)]
    return [str((crossing or off)[0]), str(star)]


def typed_exercise(task: str, game: Game, check, *, answers, wrong, hints=(), show=None,
                   progress=None, key=None, placeholder: str = "", show_line: bool = True,
                   after=None, after_when: str = "right") -> Exercise:
    """Exercise: the position as a picture (``show_line=False`` hides the blue
    outline and the status line that would give the answer away); the answer is
    typed; ``check(game, text)`` judges it. ``after``: data the exercise shows
    under itself once answered right (``after_when="answered"``: answered at
    all) or shown (see :func:`with_data`)."""
    game = game.copy()   # the notebook may play on its own game; the exercise keeps this one
    cell = typed_cell(game.size)
    svg = board_svg(game, cell=cell) if show_line else quiet_svg(game, cell)
    ex = Exercise(task, lambda text: check(game, text), hints=hints, show=show,
                  board=widgets.HTML(svg_img(svg)), picture=lambda: svg, progress=progress,
                  key=key, placeholder=placeholder, solution=show, answers=answers,
                  wrong=wrong)
    return with_data(ex, after, after_when) if after is not None else ex


def typed_cell(size: int) -> int:
    """The tile side of a typed exercise's picture: its task, picture, answer box,
    verdict and hint fit the ~645 px JupyterLab shows of a 768 px screen (a 4 x 4
    picture at 80 px pushed the task off the top while the verdict was read).
    Tiles stay at least 48 px: their numbers read from the back of a room."""
    return max(48, 240 // size)


def with_data(ex: Exercise, data, when: str = "answered") -> Exercise:
    """``ex`` with a box under it that shows ``data`` (HTML, or a function giving it)
    only once the student has answered (``when="answered"``), or answered right
    (``"right"``), or pressed Show me: a prediction comes before its data."""
    box = widgets.HTML()
    box.add_class("kit-data")
    ex.data = box
    check, reveal = ex.check, ex.reveal

    def fill():
        if not box.value:
            box.value = data() if callable(data) else data

    def judged(answer):
        verdict = check(answer)
        if verdict.correct or when == "answered":
            fill()
        return verdict

    def shown():
        said = reveal if isinstance(reveal, str) else reveal()
        fill()
        return said

    ex.check, ex.reveal = judged, shown
    ex.children = (*ex.children, box)
    return ex


def quiet_svg(game: Game, cell: float = 80) -> str:
    """The position without the answers: no outlined line, and the status says only
    whose turn it is (not "takes from row 2", not "Game over: ... wins")."""
    scene = board_scene(game, cell=cell, show_line=False)
    turn = f"{SIDE_NAMES[game.to_move].capitalize()} to move"
    scene.shapes = [dataclasses.replace(s, text=turn) if isinstance(s, Text) and
                    (s.text.startswith("Game over") or ": takes from" in s.text) else s
                    for s in scene.shapes]
    return scene.to_svg()


class Picture:
    """A board as a picture for a lesson cell: the SVG, and a sentence (not the
    board's numbers) for the plain-text output, so no number above an exercise
    can be read as its answer."""

    def __init__(self, game: Game, quiet: bool = False):
        self.svg = quiet_svg(game) if quiet else board_svg(game, cell=80)
        self.words = f"A Mattix board, {SIDE_NAMES[game.to_move]} to move."

    def _repr_mimebundle_(self, **kwargs):
        return {"text/html": svg_img(self.svg), "text/plain": self.words}


def picture(game: Game, quiet: bool = False) -> Picture:
    """``game`` as a picture (``quiet``: without the outlined line and status)."""
    return Picture(game, quiet)


def legal_takes_exercise(game: Game, progress=None, key=None) -> Exercise:
    """Lesson 1: type every tile the player to move may take."""
    side, line = _side(game), _line(game)
    legal = game.legal_moves()
    answer = " ".join(map(str, legal))
    star = Move(*game.star)
    crossing = [m for m in (Move(r, star.col) if line == "row" else Move(star.row, c)
                            for r in range(game.size) for c in range(game.size))
                if m != star and _tile(game, m) is not None]
    crossing = list(dict.fromkeys(crossing))
    fine = [m for m in legal]
    wrong = [" ".join(map(str, fine[:-1])),                       # left one out
             " ".join(map(str, crossing)),                        # the other player's line
             " ".join(map(str, fine + [star])),                   # counted the star
             " ".join(map(str, fine[:-1] + [crossing[0]]))]       # one off the line
    outside = [Move(r, c) for r in range(game.size) for c in range(game.size)
               if refusal(game, Move(r, c)) and Move(r, c) not in crossing and Move(r, c) != star]
    example = " ".join(map(str, outside[:2]))
    return typed_exercise(f"Which tiles may the {side} take now? Type them all, "
                          f"like {example}", game, check_legal_takes,
                          hints=[f"Find the star first. The {side} takes from the star's "
                                 f"{line}.",
                                 f"Put your finger on the star and move it along its {line}: "
                                 "every tile you pass counts, and the star itself does not."],
                          show=f"{answer}: the {len(legal)} tiles in the star's {line}.",
                          progress=progress, key=key, show_line=False,
                          placeholder=f"e.g. {example}", answers=[answer], wrong=wrong)


def score_exercise(game: Game, move, progress=None, key=None) -> Exercise:
    """Lesson 2: the mover takes ``move``; type their score after it."""
    move = read_move(move)
    tile, side, before = _tile(game, move), _side(game), game.scores[game.to_move]
    after = before + tile
    slips = [before - tile, tile, before, abs(tile), before + abs(tile) + 1]
    return typed_exercise(f"The {side} has {before} points and takes the {tile} at {move}. "
                          "What is their score now?", game,
                          lambda g, text: check_score_after(g, move, text),
                          hints=[f"Start from the {before} points the {side} had before "
                                 "this take.",
                                 "Then add the tile's number, with its sign. A negative "
                                 "number is added too: the score goes down by "
                                 f"{abs(tile)}." if tile < 0 else
                                 "Then add the tile's number."],
                          show=f"{after}: {before} + ({tile}) = {after}.", progress=progress,
                          key=key, placeholder="a whole number", answers=[str(after)],
                          wrong=[str(s) for s in dict.fromkeys(slips) if s != after])


def outcome_exercise(game: Game, progress=None, key=None) -> Exercise:
    """Lesson 2: over or not, and who won: row, column, draw or not over."""
    truth = truth_words(game)
    s0, s1 = game.scores
    if not game.is_over:
        show = (f"{truth}: the {_side(game)} can still take "
                f"{', '.join(map(str, game.legal_moves()))}.")
        wrong = ["row", "column", "draw"]
    else:
        show = (f"It is over, and {'it is ' if game.winner is None else 'the '}{truth}: the "
                f"{_side(game)} has no tile in their line. Scores: row player {s0}, "
                f"column player {s1}.")
        wrong = ["not over"] + [w for w in ("row", "column", "draw")
                                if OUTCOMES[w] != game.winner]
    return typed_exercise("Is this game over? If it is, who won? Type row, column or draw, "
                          "or type: not over", game, check_outcome,
                          hints=["Whose turn is it? Find the star, then look along that "
                                 "player's line for a tile they can take.",
                                 "A tile they can take means the game goes on. No tile means it "
                                 "is over: then compare the two scores at the top (more points "
                                 "wins; the same score for both means nobody wins)."],
                          show=show, progress=progress, key=key, show_line=False,
                          placeholder="row, column, draw or not over", answers=[truth],
                          wrong=wrong)


def net_gain_exercise(game: Game, move, progress=None, key=None) -> Exercise:
    """Lesson 3: type the net gain of one take. Once it is right (or shown), the
    exercise shows the net gain of every take."""
    move = read_move(move)
    _, tile, reply, net = next(r for r in net_gains(game) if r[0] == move)
    other = _other(game)
    after = game.copy()
    after.play(move)
    line_tiles = [_tile(after, m) for m in after.legal_moves()]
    smaller = [tile - t for t in line_tiles if t != reply]
    slips = [tile, tile + reply, reply - tile, 0] + smaller[:1]
    table = net_gain_table(game)
    data = ("<p style='font-size: 18px'>The net gain of every take in the "
            f"{_side(game)}'s line:</p>" + table._repr_html_())
    return typed_exercise(f"What is the net gain of taking the {tile} at {move}?", game,
                          lambda g, text: check_net_gain(g, move, text),
                          hints=[f"Take the {tile} in your head: the star moves to {move}. "
                                 f"Which tiles can the {other} take then?",
                                 f"Net gain = your tile minus the biggest tile the {other} "
                                 "can take after it."],
                          show=f"{net}: you get {tile}, then the {other}'s biggest reply is "
                               f"{reply}, and {tile} - ({reply}) = {net}.",
                          progress=progress, key=key, placeholder="a whole number",
                          answers=[str(net)],
                          wrong=[str(s) for s in dict.fromkeys(slips) if s != net],
                          after=data, after_when="right")


def practice_exercise(number: int, progress: Progress | None = None) -> Exercise:
    """Lesson 3, position ``number`` (from 1): find the take that wins; judged exactly."""
    game, hints, solution = load_practice()[number - 1]
    return board_exercise(f"Position {number}: you are the {_side(game)}. Find the take "
                          "that wins, and take it on the board.", game, check_best_take,
                          solution, hints=hints, progress=progress, key=f"practice {number}")


def take_a_tile_exercise(game: Game, progress=None, key=None) -> Exercise:
    """Lesson 1: click any tile the row player may take (any legal take is right)."""
    return board_exercise(f"Take a tile the {_side(game)} may take: click it on the board.",
                          game, check_take, analyse(game)[0][0],
                          hints=[f"The {_side(game)} takes from the star's {_line(game)}.",
                                 "The line you may take from is outlined in blue."],
                          progress=progress, key=key,
                          answers=[str(m) for m in game.legal_moves()],
                          wrong=illegal_tries(game))


def puzzle_exercise(puzzle: Puzzle, progress: Progress | None = None) -> Exercise:
    """A puzzle on a live board: take a tile, Check, Hint, Show me (takes the solution
    and says the best line after it)."""
    return board_exercise(puzzle.task, puzzle.game, lambda g, move: check_puzzle(puzzle, move),
                          puzzle.solution, hints=puzzle.hints, progress=progress,
                          key=f"puzzle {puzzle.number}")


def check_choice(options: dict, truth: str, why: str, answer) -> Verdict:
    """A choice among ``options`` (answer text -> name); ``truth`` is the right name.
    A wrong choice is told only that the measurement says otherwise (the data
    now shows under the exercise), never the right name."""
    text = str(answer).strip().lower()
    if text not in options:
        raise InvalidMoveText(f"answer one of: {', '.join(sorted(set(options)))}")
    if options[text] == truth:
        return Verdict(True, why[:1].upper() + why[1:])
    return Verdict(False, "That is not what the computer found. Its numbers are now under "
                          "this box: read them, then answer again.")


def prediction_exercise(task: str, options: dict, truth: str, why: str, progress=None,
                        key=None, data=None, hints=()) -> Exercise:
    """Lesson 4: predict a measured result; ``why`` quotes the measurement.
    ``data`` (HTML) shows under the exercise once it is answered or shown."""
    ex = Exercise(task, lambda text: check_choice(options, truth, why, text),
                  hints=list(hints) or ["Think of what each player looks at before it takes "
                                        "a tile."],
                  show=f"{truth}: {why}", progress=progress, key=key,
                  placeholder=" or ".join(dict.fromkeys(options.values())),
                  answers=[truth], wrong=[o for o in dict.fromkeys(options.values())
                                          if o != truth])
    return with_data(ex, data, "answered") if data is not None else ex


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


NOTE = "<p style='font-size: 18px; max-width: 60em'>{}</p>"


def first_player_prediction(progress=None, key="first player") -> Exercise:
    """Lesson 4: predict whether the first player wins more 4 x 4 level 1 boards; the
    table (loaded from its file) shows once the student has answered."""
    table = first_player_table()
    four = table[0]
    truth = "yes" if four["row player wins"] > four["column player wins"] else "no"
    data = (NOTE.format("The whole table. It was computed once by a script "
                        "(<code>benchmarks/mattix_first_player.py</code>) and saved in a file "
                        "(<code>kit/lessons/data/mattix_first_player.json</code>); the lesson "
                        "loads it, because solving the big boards again would take minutes. "
                        "<b>mean margin</b> is how many points the row player ends ahead on "
                        "average, with perfect play by both.") + table._repr_html_())
    return prediction_exercise(
        "On 4 x 4 boards at level 1, with perfect play by both: does the row player (first) "
        "win more boards than the column player? Type yes or no.", {"yes": "yes", "no": "no"},
        truth, f"the row player wins {four['row player wins']} of {four['boards']} boards, "
        f"the column player {four['column player wins']}; {four['draws']} are draws.",
        progress, key=key, data=data,
        hints=["Think of the deal above: who chose first where the star goes?",
               "The row player picks the first tile and so the first line the column player "
               "must take from."])


def players_tournament(size: int = 5, level: int = 2, games: int = 10, seed: int = 0,
                       depth: int = 6) -> list:
    """Each player against the next stronger one: a list of standings, one per pairing."""
    players = [RandomPlayer(), GreedyPlayer(), LookaheadPlayer(),
               SearchPlayer(time_limit=None, depth=depth)]
    return [tournament([a, b], games=games, seed=seed, size=size, level=level, progress=False)
            for a, b in zip(players, players[1:])]


def duel_prediction(progress=None, games: int = 20, size: int = 5, level: int = 2,
                    key="duel") -> Exercise:
    """Lesson 4: predict who wins more games, greedy or lookahead (played here, seeded).
    The whole tournament shows once the student has answered."""
    pairings = players_tournament(size=size, level=level, games=games)
    duel = pairings[1]
    truth = max(duel, key=lambda s: s.win_rate).name
    tables = "\n\n".join(standings_table(rows) for rows in pairings)
    data = (NOTE.format(f"The tournament, played just now: each player against the next "
                        f"stronger one, {games} games on {size} x {size} boards at level "
                        f"{level}. <b>win rate</b> counts a draw as half a win; <b>margin</b> "
                        "is the average number of points ahead at the end.")
            + f"<pre style='font-size: 16px'>{html.escape(tables)}</pre>")
    return prediction_exercise(
        f"Who wins more of {games} games on {size} x {size}: greedy or lookahead? "
        "Type greedy or lookahead.", {"greedy": "greedy", "lookahead": "lookahead"}, truth,
        " and ".join(f"{s.name} won {s.win_rate:.0%}" for s in duel) + " of the games.",
        progress, key=key, data=data,
        hints=["Think of what each player looks at before it takes a tile.",
               "Greedy looks only at its own tile. The other player also looks at the best "
               "reply each take allows (lesson 3's net gain). Which one falls into traps?"])


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


def depth_one_picks_biggest(size: int = 4, level: int = 2, boards: int = 30,
                            seed: int = 0) -> int:
    """On how many of the seeded deals a depth-1 search (lesson 3's net gain) takes the
    biggest tile."""
    count = 0
    for s in range(boards):
        g = Game.new(seed=seed + s, size=size, level=level)
        move = solve(g, depth=1)[1]
        count += _tile(g, move) == max(_tile(g, m) for m in g.legal_moves())
    return count


def depth_story(rows: list, size: int = 4, level: int = 2, seed: int = 0) -> str:
    """What :func:`depth_study`'s table says, in sentences computed from it."""
    boards = rows[0]["boards"]
    hits = {r["depth (takes ahead)"]: r["best take found"] for r in rows}
    depths = sorted(hits)
    said = []
    if 1 in hits:
        biggest = depth_one_picks_biggest(size, level, boards, seed)
        said.append(f"Depth 1 looks at your take and the best reply to it: that is lesson 3's "
                    f"net gain, not greed. It takes the biggest tile on {biggest} of these "
                    f"{boards} boards, and finds a best take on {hits[1]}.")
    drops = {b: max(hits[a] for a in depths if a < b) - hits[b] for b in depths[1:]}
    if drops and max(drops.values()) > 0:
        b = max(drops, key=lambda d: (drops[d], d))
        top = max((a for a in depths if a < b), key=lambda a: (hits[a], -a))
        low = min(a for a in depths if a < b and hits[a] > hits[b])
        even = f" and than depth {low} ({hits[low]})" if low != top else ""
        said.append(f"Looking further is not always better: depth {b} finds a best take on "
                    f"{hits[b]} boards, fewer than depth {top} ({hits[top]}){even}.")
    full = next((d for d in depths if hits[d] == boards), None)
    if full is not None:
        said.append(f"From depth {full} on, the search sees every game to its end and finds a "
                    f"best take on all {boards} boards.")
    return "\n".join(said)


# ----- every exercise of the course, by name -------------------------------------

def _deal(size: int, level: int, seed: int, moves=()) -> Game:
    game = Game.new(size=size, level=level, seed=seed)
    for move in moves:
        game.play(move)
    game._history.clear()
    return game


EXERCISES = {
    # lesson 1
    "row player's tiles": lambda progress: legal_takes_exercise(
        _deal(4, 1, 11), progress, key="row player's tiles"),
    "column player's tiles": lambda progress: legal_takes_exercise(
        _deal(4, 1, 8, ["0,1"]), progress, key="column player's tiles"),
    "take a tile": lambda progress: take_a_tile_exercise(_deal(4, 1, 5), progress,
                                                         key="take a tile"),
    # lesson 2
    "negative tile": lambda progress: score_exercise(position_after(8, 4, 2, 6), "3,0", progress,
                                                     key="negative tile"),
    "ended early": lambda progress: outcome_exercise(position_after(10, 4, 2, 11), progress,
                                                     "ended early"),
    "draw": lambda progress: outcome_exercise(position_after(133, 4, 2, 11), progress, "draw"),
    "not over": lambda progress: outcome_exercise(position_after(5, 4, 2, 6), progress,
                                                  "not over"),
    # lesson 3
    "net gain": lambda progress: net_gain_exercise(_deal(4, 2, 18), "2,0", progress,
                                                   key="net gain"),
    **{f"position {n}": (lambda n: lambda progress: practice_exercise(n, progress))(n)
       for n in range(1, 5)},
    # lesson 4
    "first player": lambda progress: first_player_prediction(progress),
    "duel": lambda progress: duel_prediction(progress),
    # lesson 5
    **{f"puzzle {n}": (lambda n: lambda progress: puzzle_exercise(load_puzzles()[n - 1],
                                                                  progress))(n)
       for n in range(1, 19)},
}


#: The course's exercises by name (its puzzles among them): what a lesson's cell calls.
exercise = Catalogue("Mattix", EXERCISES)


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
