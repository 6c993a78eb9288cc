"""The Smartrix puzzles: data (``puzzles/smartrix.json``) loaded as :class:`Puzzle`,
the check of a move against a puzzle's goal (collect, safe, only), and the hints
and wrong tries a puzzle exercise gives.

Pure: no widgets. Not covered: the puzzle exercise (:mod:`kit.lessons.smartrix.exercises`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kit.lessons.exercise import Verdict
from kit.lessons.puzzle import Puzzle as PuzzleBase
from kit.lessons.smartrix.answers import _cell, _plural, read_move
from kit.lessons.smartrix.checks import cards_collected, placement
from kit.lessons.smartrix.positions import PUZZLES
from kit.smartrix import CANONICAL, Game, Move, parse_card, rotate
from kit.smartrix.analysis import after_threats


GOALS = ("collect", "safe", "only")


# ----- lesson 7: puzzles --------------------------------------------------------

@dataclass(frozen=True)
class Puzzle(PuzzleBase):
    """A position, a goal for the player to move, a hint and a solution.

    ``goal``: ``"collect"`` (collect at least ``target`` cards with one
    placement), ``"safe"`` (place a card and leave no line one card short that
    an unseen card completes) or ``"only"`` (the one placement there is).
    """

    GAME = Game

    @property
    def task(self) -> str:
        goal = {"collect": f"collect at least {self.target} cards with one card",
                "safe": "place a card without leaving a set for the next player",
                "only": "find the only placement there is (card, turn and cell)"}[self.goal]
        return f"Puzzle {self.number} ({self.stars}): {goal}."


def load_puzzles(path: Path = PUZZLES) -> list[Puzzle]:
    """The puzzle set, easiest first."""
    return Puzzle.load(path)


def meets_goal(game: Game, goal: str, target: int, move) -> tuple[bool, str]:
    """``(ok, why)``: does the legal placement ``move`` meet the goal?"""
    exp = game.explain(move)
    if goal == "collect":
        n = cards_collected(game, move)
        return n >= target, f"{exp}: {_plural(n, 'card')}, the goal is {target}"
    if goal == "safe":
        left = after_threats(game, move)
        if not left:
            return True, f"{exp}, and it leaves no line one card short for the next player"
        gaps = ", ".join(_cell(t.cell) for t in left)
        return False, (f"{exp}, but it leaves a line one card short: an unseen card "
                       f"completes it at {gaps}")
    if goal == "only":
        places = [m for m in game.legal_moves() if m.kind == "place"]
        return len(places) == 1 and places[0] == move, f"{exp}; it is the only placement"
    raise ValueError(f"unknown puzzle goal {goal!r}; goals are {', '.join(GOALS)}")


def check_puzzle(puzzle: Puzzle, answer) -> Verdict:
    """Does the placement ``answer`` meet the puzzle's goal? The engine judges; the
    verdict is one sentence (the engine's whole explanation folds under "Why?")."""
    game = puzzle.game
    move, _, wrong = placement(game, answer, "Every puzzle asks for a card placed: passing "
                                             "does not solve it.")
    if wrong is not None:
        return wrong
    ok, why = meets_goal(game, puzzle.goal, puzzle.target, move)
    more = why[0].upper() + why[1:] + "."
    if puzzle.goal == "collect":
        n = cards_collected(game, move)
        said = (f"{_plural(n, 'card')} collected: the goal was {puzzle.target}." if ok else
                f"That finishes no line, so it collects nothing; the goal is {puzzle.target} "
                "cards." if n == 0 else
                f"That collects {_plural(n, 'card')}; the goal is {puzzle.target}.")
    elif puzzle.goal == "safe":
        left = after_threats(game, move)
        said = ("It leaves no line one card short for the next player." if ok else
                f"That leaves a line one card short: a card you cannot see finishes it at "
                f"{_cell(left[0].cell)}.")
    else:
        said = "It is the only placement there is." if ok else "That is not the only placement."
    return Verdict(ok, said, more=more)


def _line_kind(run) -> str:
    rows, cols = {r for r, _ in run}, {c for _, c in run}
    return "row" if len(rows) == 1 else "column" if len(cols) == 1 else "diagonal"


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth", "eleventh", "twelfth")


def _hand_name(game: Game, card: int) -> str:
    """The hand card that is ``card`` in some turn, named so no other is meant: by
    its place in the hand as drawn, and its digits (two cards may have as many spots)."""
    hand = game.hand(game.to_move)
    i, text = next((i, h) for i, h in enumerate(hand) if CANONICAL[parse_card(h)] == CANONICAL[card])
    return f"the {ORDINALS[i]} card of your hand ({text})"


def puzzle_hints(puzzle: Puzzle) -> list[str]:
    """The puzzle's hints, from a nudge to a strong pointer, worked out from the
    position (so each claim is the engine's): none names the cell, none gives
    the card and its turn together."""
    game, move = puzzle.game, read_move(puzzle.solution)
    assert move.card is not None and move.cell is not None   # a puzzle's solution is a placement
    card = _hand_name(game, move.card)
    if puzzle.goal == "collect":
        exp = game.explain(move)
        runs = [sorted(run) for run in exp.sets]
        if len(runs) == 1:
            run = runs[0]
            end = move.cell in (run[0], run[-1])
            return ["Look for a straight line of five cells (a row, a column or a diagonal) "
                    "with four cards in it and one cell still empty.",
                    f"The line to finish is a {_line_kind(run)}, and its empty cell is "
                    + ("at one end of it." if end else "between cards of it."),
                    f"Turned the right way, {card} fits in that empty cell."]
        kinds = " and a ".join(sorted({_line_kind(r) for r in runs}))
        return ["One card can finish two lines at once. Look for an empty cell where two lines "
                "of five each have four cards.",
                f"The lines to finish are a {kinds}; they cross at the empty cell.",
                f"Turned the right way, {card} fits in that cell."]
    places = [m for m in game.legal_moves() if m.kind == "place"]
    if puzzle.goal == "safe":
        safe = [m for m in places if not after_threats(game, m)]
        return ["After your move, count the cards in each line of five through your card: "
                "four cards and one empty cell is a gift to the next player.",
                f"Only {len(safe)} of your {len(places)} possible placements leave no such line.",
                f"Try {card}."]
    return ["Click each card of your hand and turn it (R) all the way round: a + marks every "
            "cell where it fits as it lies.",
            f"Only one card of your hand fits anywhere: {card}.",
            f"Turned the right way, it fits in row {move.cell[0]}."]


def puzzle_wrong(puzzle: Puzzle, count: int = 2) -> list[str]:
    """Tries a student would make on the puzzle: placements that fail its goal, the
    right card turned wrong, a cell touching no card, a pass."""
    game, move = puzzle.game, read_move(puzzle.solution)
    assert move.card is not None and move.cell is not None   # a puzzle's solution is a placement
    places = sorted((m for m in game.legal_moves() if m.kind == "place"), key=str)
    tries = [str(m) for m in places
             if not meets_goal(game, puzzle.goal, puzzle.target, m)[0]][:count]
    for k in (1, 2, 3):
        turned = Move("place", card=rotate(move.card, k), cell=move.cell)
        if not game.explain(turned).legal:
            tries.append(str(turned))
            break
    far = (max(r for r, _ in game.grid) + 3, move.cell[1])
    tries += [str(Move("place", card=move.card, cell=far)), "pass"]
    return tries
