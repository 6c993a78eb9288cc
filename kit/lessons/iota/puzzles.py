"""The IOTA puzzles: data (``puzzles/iota.json``) loaded as :class:`Puzzle`, the
check of a turn against the puzzle's goal (the exhaustive ``best_turn``), and
the hints and wrong tries a puzzle exercise gives.

Pure: no widgets. Not covered: the puzzle exercise (:mod:`kit.lessons.iota.exercises`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
import re

from kit.iota import Game, best_turn, rank_moves
from kit.iota.cards import TEXT, WILD
from kit.iota.lines import lines_through
from kit.iota.moves import Play, Recycle
from kit.lessons.exercise import Verdict
from kit.lessons.iota.answers import moves_of, read_turn
from kit.lessons.iota.studies import completes_lot
from kit.lessons.puzzle import Puzzle as PuzzleBase


HERE = Path(__file__).resolve().parent.parent   # kit/lessons: puzzles/ and data/


PUZZLES = HERE / "puzzles" / "iota.json"


GOALS = ("best", "at_least", "block_lot")


# ----- lesson 6: puzzles ----------------------------------------------------------

@dataclass(frozen=True)
class Puzzle(PuzzleBase):
    """A position, a goal for the player to move, a hint and a solution turn.

    ``goal``: ``"best"`` (score as much as the best turn: ``best_turn``),
    ``"at_least"`` (score at least ``target``) or ``"block_lot"`` (play so
    that the next player cannot complete a lot with the cards they hold).
    ``solution``: the moves of one turn meeting the goal (recycles, then a play).
    """

    GAME = Game

    @classmethod
    def read_solution(cls, raw):
        return tuple(raw)   # the moves of one turn

    @property
    def task(self) -> str:
        if self.goal == "best":
            goal = "find the best play (the most points this turn)"
        elif self.goal == "at_least":
            goal = f"score at least {self.target} points"
        else:
            goal = ("block the lot: play so that the next player (hand shown) "
                    "cannot complete a line of 4")
        return f"Puzzle {self.number} ({self.stars}): {goal}."


def load_puzzles(path: Path = PUZZLES) -> list[Puzzle]:
    """The puzzle set, easiest first."""
    return Puzzle.load(path)


def play_turn(game: Game, moves) -> tuple[Game | None, int, str | None]:
    """(game after, points, None) for a legal turn; (None, 0, rule) for an illegal one."""
    after = game.copy()
    for move in moves:
        why = after.explain(move)
        if not why.legal:
            return None, 0, f"{move} is not allowed: {why.rule}"
        points = after.play(move)
    return after, points, None


def lot_plays(game: Game) -> list[Play]:
    """The plays of the player to move that complete a lot (a line of 4)."""
    return [m for m in game.legal_moves() if isinstance(m, Play) and completes_lot(game, m)]


def check_puzzle(puzzle: Puzzle, answer) -> Verdict:
    """Does the turn ``answer`` meet the puzzle's goal? Judged by the engine's own search."""
    game = puzzle.game
    moves = read_turn(answer)
    after, points, refused = play_turn(game, moves)
    if refused:
        return Verdict(False, refused + ".")
    said = " then ".join(map(str, moves)) + f" scores {points}"
    if puzzle.goal == "best":
        best = best_turn(game)
        if points >= best.points:
            return Verdict(True, f"{said}: the most possible (the kit tried all "
                                 f"{best.plays} plays).")
        return Verdict(False, f"{said}; the best turn scores {best.points}.")
    if puzzle.goal == "at_least":
        if points >= puzzle.target:
            return Verdict(True, f"{said}, at least {puzzle.target}.")
        return Verdict(False, f"{said}, less than {puzzle.target}.")
    if puzzle.goal == "block_lot":
        lots = lot_plays(after) if after is not None and not after.is_over else []
        if not lots:
            return Verdict(True, f"{said}, and the next player cannot complete any lot.")
        return Verdict(False, f"{said}, but the next player could still play {lots[0]} "
                              "and complete a lot.")
    raise ValueError(f"unknown puzzle goal {puzzle.goal!r}; goals are {', '.join(GOALS)}")


# lessons 5 and 6: the best play and the puzzles -----------------------------------------

def hint_steps(text: str) -> list[str]:
    """A puzzle's hint as steps, one sentence each: a nudge first, more with each click."""
    return [part for part in re.split(r"(?<=[.?!])\s+", text.strip()) if part]


def turn_hint(game: Game, moves) -> str:
    """What the turn ``moves`` does, in words that do not give the cards or the cells away
    (how many cards, a lot, how many lines, a wild)."""
    moves = moves_of(list(moves))
    after = game.copy()
    for move in moves[:-1]:
        after.play(move)
    play = moves[-1]
    why = after.explain(play)
    n = len(play.placements)
    words = [f"{n} card{'s' if n > 1 else ''} can do it."]
    lots = sum(d.startswith("lot") for d in why.doublings)
    if lots:
        words.append("The play completes a lot (a line of 4)." if lots == 1
                     else f"The play completes {lots} lots.")
    if len(why.lines) > 1:
        words.append(f"{'They make' if n > 1 else 'It makes'} {len(why.lines)} lines at once.")
    return " ".join(words)


def puzzle_about(game: Game, moves) -> list[tuple[int, int]]:
    """The cells a turn is about: where it puts cards (a recycle's wild too) and the
    lines its play makes. A puzzle's board opens with all of them in view."""
    moves = moves_of(list(moves))
    after = game.copy()
    cells = []
    for move in moves:
        if isinstance(move, Recycle):
            cells.append(move.cell)
        if isinstance(move, Play):
            cells += list(move.cells)
            table = dict(after.table)
            table.update((cell, card) for card, cell in move.placements)
            for _, line in lines_through(table, move.cells):
                cells += list(line)
        after.play(move)
    # The window reaches one cell beyond the table: a card further out comes into view
    # once the card next to it is placed.
    rows, cols = [r for r, _ in game.table], [c for _, c in game.table]
    return [cell for cell in dict.fromkeys(cells)
            if min(rows) - 1 <= cell[0] <= max(rows) + 1 and min(cols) - 1 <= cell[1] <= max(cols) + 1]


def puzzle_wrong(puzzle: Puzzle) -> list[str]:
    """Tries that miss a puzzle's goal: its lowest-scoring play, a play just short of the
    goal, and a card put where it touches nothing (the rules refuse it)."""
    game = puzzle.game
    plays = [play for _, play in sorted(rank_moves(game), key=lambda t: t[0])]
    misses = [play for play in plays if not check_puzzle(puzzle, [play]).correct]
    tries = [str(misses[0])] if misses else []
    if len(misses) > 1:
        tries.append(str(misses[-1]))
    card = next(c for c in game.hands[game.to_move] if c != WILD)
    far = max(abs(r) + abs(c) for r, c in game.table) + 3
    tries.append(f"{TEXT[card]}@{far},{far}")
    return tries
