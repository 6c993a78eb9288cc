"""The Smartrix puzzles: data (``puzzles/smartrix.json``) loaded as :class:`Puzzle`,
the check of a move against a puzzle's goal (collect, safe, only), and the hints
and wrong tries a puzzle exercise gives.

Pure: no widgets. Not covered: the puzzle exercise (:mod:`kit.lessons.smartrix.exercises`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from kit.i18n import N_, _, ngettext
from kit.lessons.exercise import Verdict
from kit.lessons.puzzle import Puzzle as PuzzleBase
from kit.lessons.smartrix.answers import _cell, read_move
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
    def game(self) -> Game:
        return Game.from_dict(self.position)

    @property
    def task(self) -> str:
        tasks = {"collect": ngettext("Puzzle {number} ({stars}): collect at least {target} card "
                                     "with one card.",
                                     "Puzzle {number} ({stars}): collect at least {target} cards "
                                     "with one card.", self.target),
                 "safe": _("Puzzle {number} ({stars}): place a card without leaving a set for "
                           "the next player."),
                 "only": _("Puzzle {number} ({stars}): find the only placement there is "
                           "(card, turn and cell).")}
        return tasks[self.goal].format(number=self.number, stars=self.stars, target=self.target)


def load_puzzles(path: Path = PUZZLES) -> list[Puzzle]:
    """The puzzle set, easiest first."""
    return Puzzle.load(path)


def meets_goal(game: Game, goal: str, target: int, move: Move) -> tuple[bool, str]:
    """``(ok, why)``: does the legal placement ``move`` meet the goal?"""
    exp = game.explain(move)
    if goal == "collect":
        n = cards_collected(game, move)
        # Translators: {explanation} is the engine's account of the move (lower case)
        return n >= target, ngettext("{explanation}: {n} card, the goal is {target}",
                                     "{explanation}: {n} cards, the goal is {target}", n
                                     ).format(explanation=exp, n=n, target=target)
    if goal == "safe":
        left = after_threats(game, move)
        if not left:
            return True, _("{explanation}, and it leaves no line one card short for the next "
                           "player").format(explanation=exp)
        gaps = ", ".join(_cell(t.cell) for t in left)
        return False, (_("{explanation}, but it leaves a line one card short: an unseen card "
                         "completes it at {cells}").format(explanation=exp, cells=gaps))
    if goal == "only":
        places = [m for m in game.legal_moves() if m.kind == "place"]
        return (len(places) == 1 and places[0] == move,
                _("{explanation}; it is the only placement").format(explanation=exp))
    raise ValueError(f"unknown puzzle goal {goal!r}; goals are {', '.join(GOALS)}")


def check_puzzle(puzzle: Puzzle, answer: object) -> Verdict:
    """Does the placement ``answer`` meet the puzzle's goal? The engine judges; the
    verdict is one sentence (the engine's whole explanation folds under "Why?")."""
    game = puzzle.game
    move, _exp, wrong = placement(game, answer, _("Every puzzle asks for a card placed: "
                                                  "passing does not solve it."))
    if wrong is not None:
        return wrong
    ok, why = meets_goal(game, puzzle.goal, puzzle.target, move)
    more = why[0].upper() + why[1:] + "."
    if puzzle.goal == "collect":
        n = cards_collected(game, move)
        said = (ngettext("{n} card collected: the goal was {target}.",
                         "{n} cards collected: the goal was {target}.", n) if ok else
                ngettext("That finishes no line, so it collects nothing; the goal is {target} "
                         "card.",
                         "That finishes no line, so it collects nothing; the goal is {target} "
                         "cards.", puzzle.target) if n == 0 else
                ngettext("That collects {n} card; the goal is {target}.",
                         "That collects {n} cards; the goal is {target}.", n)
                ).format(n=n, target=puzzle.target)
    elif puzzle.goal == "safe":
        left = after_threats(game, move)
        said = (_("It leaves no line one card short for the next player.") if ok else
                _("That leaves a line one card short: a card you cannot see finishes it at "
                  "{cell}.").format(cell=_cell(left[0].cell)))
    else:
        said = (_("It is the only placement there is.") if ok else
                _("That is not the only placement."))
    return Verdict(ok, said, more=more)


def _line_kind(run: Iterable[tuple[int, int]]) -> str:
    """"row", "column" or "diagonal": the kind of the line of cells ``run`` (a key)."""
    rows, cols = {r for r, _c in run}, {c for _r, c in run}
    return "row" if len(rows) == 1 else "column" if len(cols) == 1 else "diagonal"


#: The hint that names the line a collect puzzle finishes, by its kind and where its
#: empty cell is: whole sentences (a row, a column, a diagonal differ in gender).
ONE_LINE = {
    ("row", True): N_("The line to finish is a row, and its empty cell is at one end of it."),
    ("column", True): N_("The line to finish is a column, and its empty cell is at one end "
                         "of it."),
    ("diagonal", True): N_("The line to finish is a diagonal, and its empty cell is at one "
                           "end of it."),
    ("row", False): N_("The line to finish is a row, and its empty cell is between cards of it."),
    ("column", False): N_("The line to finish is a column, and its empty cell is between cards "
                          "of it."),
    ("diagonal", False): N_("The line to finish is a diagonal, and its empty cell is between "
                            "cards of it."),
}


#: The hint naming the lines one card finishes at once, by their kinds (sorted).
CROSSING_LINES = {
    ("column", "row"): N_("The lines to finish are a column and a row; they cross at the "
                          "empty cell."),
    ("column", "diagonal"): N_("The lines to finish are a column and a diagonal; they cross at "
                               "the empty cell."),
    ("diagonal", "row"): N_("The lines to finish are a diagonal and a row; they cross at the "
                            "empty cell."),
    ("column", "diagonal", "row"): N_("The lines to finish are a column and a diagonal and a "
                                      "row; they cross at the empty cell."),
    # two diagonals (the kinds are a set)
    ("diagonal",): N_("The lines to finish are a diagonal; they cross at the empty cell."),
    ("row",): N_("The lines to finish are a row; they cross at the empty cell."),
    ("column",): N_("The lines to finish are a column; they cross at the empty cell."),
}


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth", "eleventh", "twelfth")


#: How a hint names a hand card by its place in the hand (ORDINALS' order): whole
#: phrases, so each language puts the ordinal where it goes.
HAND_CARDS = (N_("the first card of your hand ({card})"),
              N_("the second card of your hand ({card})"),
              N_("the third card of your hand ({card})"),
              N_("the fourth card of your hand ({card})"),
              N_("the fifth card of your hand ({card})"),
              N_("the sixth card of your hand ({card})"),
              N_("the seventh card of your hand ({card})"),
              N_("the eighth card of your hand ({card})"),
              N_("the ninth card of your hand ({card})"),
              N_("the tenth card of your hand ({card})"),
              N_("the eleventh card of your hand ({card})"),
              N_("the twelfth card of your hand ({card})"))


def _hand_name(game: Game, card: int) -> str:
    """The hand card that is ``card`` in some turn, named so no other is meant: by
    its place in the hand as drawn, and its digits (two cards may have as many spots)."""
    hand = game.hand(game.to_move)
    i, text = next((i, h) for i, h in enumerate(hand) if CANONICAL[parse_card(h)] == CANONICAL[card])
    return _(HAND_CARDS[i]).format(card=text)


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
            return [_("Look for a straight line of five cells (a row, a column or a diagonal) "
                      "with four cards in it and one cell still empty."),
                    _(ONE_LINE[_line_kind(run), end]),
                    _("Turned the right way, {card} fits in that empty cell.").format(card=card)]
        kinds = tuple(sorted({_line_kind(r) for r in runs}))
        return [_("One card can finish two lines at once. Look for an empty cell where two lines "
                  "of five each have four cards."),
                _(CROSSING_LINES[kinds]),
                _("Turned the right way, {card} fits in that cell.").format(card=card)]
    places = [m for m in game.legal_moves() if m.kind == "place"]
    if puzzle.goal == "safe":
        safe = [m for m in places if not after_threats(game, m)]
        return [_("After your move, count the cards in each line of five through your card: "
                  "four cards and one empty cell is a gift to the next player."),
                ngettext("Only {n} of your {total} possible placement leaves no such line.",
                         "Only {n} of your {total} possible placements leave no such line.",
                         len(places)).format(n=len(safe), total=len(places)),
                _("Try {card}.").format(card=card)]
    return [_("Pick each card of your hand and turn it (R) all the way round: a + marks every "
              "cell where it fits as it lies."),
            _("Only one card of your hand fits anywhere: {card}.").format(card=card),
            _("Turned the right way, it fits in row {row}.").format(row=move.cell[0])]


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
    far = (max(r for r, _c in game.grid) + 3, move.cell[1])
    tries += [str(Move("place", card=move.card, cell=far)), "pass"]
    return tries
