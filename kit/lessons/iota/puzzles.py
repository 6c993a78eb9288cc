"""The IOTA puzzles: data (``puzzles/iota.json``) loaded as :class:`Puzzle`, the
check of a turn against the puzzle's goal (the exhaustive ``best_turn``), and
the hints and wrong tries a puzzle exercise gives.

Pure: no widgets. Not covered: the puzzle exercise (:mod:`kit.lessons.iota.exercises`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
import re

from kit.i18n import _, ngettext
from kit.iota import Game, best_turn, rank_moves
from kit.iota.cards import TEXT, WILD
from kit.iota.lines import lines_through
from kit.iota.moves import Move, Play, Recycle
from kit.lessons.exercise import Verdict
from kit.lessons.iota.answers import moves_of, read_turn, then_words
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

    @property
    def game(self) -> Game:
        return Game.from_dict(self.position)

    @classmethod
    def read_solution(cls, raw: Iterable[str]) -> tuple[str, ...]:
        return tuple(raw)   # the moves of one turn

    @property
    def task(self) -> str:
        if self.goal == "best":
            goal = _("find the best play (the most points this turn)")
        elif self.goal == "at_least":
            goal = ngettext("score at least {n} point", "score at least {n} points",
                            self.target).format(n=self.target)
        else:
            # Translators: "lot" is a line of exactly 4 cards (IOTA's "lote")
            goal = _("block the lot: play so that the next player (hand shown) "
                     "cannot complete a line of 4")
        # Translators: a puzzle's task: "Puzzle 3 (★★): find the best play ..."
        return _("Puzzle {number} ({stars}): {goal}.").format(number=self.number,
                                                              stars=self.stars, goal=goal)


def load_puzzles(path: Path = PUZZLES) -> list[Puzzle]:
    """The puzzle set, easiest first."""
    return Puzzle.load(path)


def play_turn(game: Game, moves: Iterable[Move]) -> tuple[Game | None, int, str | None]:
    """(game after, points, None) for a legal turn; (None, 0, rule) for an illegal one."""
    after = game.copy()
    for move in moves:
        why = after.explain(move)
        if not why.legal:
            return None, 0, _("{move} is not allowed: {rule}").format(move=move, rule=why.rule)
        points = after.play(move)
    return after, points, None


def lot_plays(game: Game) -> list[Play]:
    """The plays of the player to move that complete a lot (a line of 4)."""
    return [m for m in game.legal_moves() if isinstance(m, Play) and completes_lot(game, m)]


def check_puzzle(puzzle: Puzzle, answer: object) -> Verdict:
    """Does the turn ``answer`` meet the puzzle's goal? Judged by the engine's own search."""
    game = puzzle.game
    moves = read_turn(answer)
    after, points, refused = play_turn(game, moves)
    if refused:
        return Verdict(False, refused + ".")
    turn = then_words(moves)
    if puzzle.goal == "best":
        best = best_turn(game)
        if points >= best.points:
            return Verdict(True, _("{turn} scores {n}: the most possible (the kit tried all "
                                   "{plays} plays).").format(turn=turn, n=points,
                                                              plays=best.plays))
        return Verdict(False, _("{turn} scores {n}; the best turn scores {best}.").format(
            turn=turn, n=points, best=best.points))
    if puzzle.goal == "at_least":
        if points >= puzzle.target:
            return Verdict(True, _("{turn} scores {n}, at least {target}.").format(
                turn=turn, n=points, target=puzzle.target))
        return Verdict(False, _("{turn} scores {n}, less than {target}.").format(
            turn=turn, n=points, target=puzzle.target))
    if puzzle.goal == "block_lot":
        lots = lot_plays(after) if after is not None and not after.is_over else []
        if not lots:
            return Verdict(True, _("{turn} scores {n}, and the next player cannot complete any "
                                   "lot.").format(turn=turn, n=points))
        return Verdict(False, _("{turn} scores {n}, but the next player could still play "
                                "{play} and complete a lot.").format(turn=turn, n=points,
                                                                      play=lots[0]))
    raise ValueError(f"unknown puzzle goal {puzzle.goal!r}; goals are {', '.join(GOALS)}")


# lessons 5 and 6: the best play and the puzzles -----------------------------------------

def hint_steps(text: str) -> list[str]:
    """A puzzle's hint as steps, one sentence each: a nudge first, more with each click."""
    return [part for part in re.split(r"(?<=[.?!])\s+", text.strip()) if part]


def turn_hint(game: Game, moves: Iterable[str | Move]) -> str:
    """What the turn ``moves`` does, in words that do not give the cards or the cells away
    (how many cards, a lot, how many lines, a wild). A turn ends with a play: anything
    else is a ValueError."""
    turn = moves_of(list(moves))
    if not turn or not isinstance(turn[-1], Play):
        raise ValueError(f"a turn to hint at ends with a play, not {turn[-1] if turn else 'nothing'}")
    after = game.copy()
    for move in turn[:-1]:
        after.play(move)
    play = turn[-1]
    why = after.explain(play)
    n = len(play.placements)
    words = [ngettext("{n} card can do it.", "{n} cards can do it.", n).format(n=n)]
    lots = why.kinds.count("lot")
    if lots:
        words.append(_("The play completes a lot (a line of 4).") if lots == 1
                     else _("The play completes {n} lots.").format(n=lots))
    if len(why.lines) > 1:
        words.append((_("They make {n} lines at once.") if n > 1
                      else _("It makes {n} lines at once.")).format(n=len(why.lines)))
    return " ".join(words)


def puzzle_about(game: Game, moves: Iterable[str | Move]) -> list[tuple[int, int]]:
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
            for __, line in lines_through(table, move.cells):
                cells += list(line)
        after.play(move)
    # The window reaches one cell beyond the table: a card further out comes into view
    # once the card next to it is placed.
    rows, cols = [r for r, __ in game.table], [c for __, c in game.table]
    return [cell for cell in dict.fromkeys(cells)
            if min(rows) - 1 <= cell[0] <= max(rows) + 1 and min(cols) - 1 <= cell[1] <= max(cols) + 1]


def puzzle_wrong(puzzle: Puzzle) -> list[str]:
    """Tries that miss a puzzle's goal: its lowest-scoring play, a play just short of the
    goal, and a card put where it touches nothing (the rules refuse it)."""
    game = puzzle.game
    plays = [play for __, play in sorted(rank_moves(game), key=lambda t: t[0])]
    misses = [play for play in plays if not check_puzzle(puzzle, [play]).correct]
    tries = [str(misses[0])] if misses else []
    if len(misses) > 1:
        tries.append(str(misses[-1]))
    card = next(c for c in game.hands[game.to_move] if c != WILD)
    far = max(abs(r) + abs(c) for r, c in game.table) + 3
    tries.append(f"{TEXT[card]}@{far},{far}")
    return tries
