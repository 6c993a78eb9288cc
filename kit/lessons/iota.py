"""The IOTA course's checks, puzzles and studies (notebooks/iota/).

Each exercise check is a pure function of the engine: it takes the position
(and the line, play or cell the exercise is about) and the student's answer
(typed text, a Play, or the turn made on a live board) and returns a
:class:`kit.lessons.exercise.Verdict` saying right or wrong and why, in the
engine's own words (``Game.explain``, the rule a play breaks, the exhaustive
``best_turn``). An answer that cannot be read raises ``kit.InvalidMoveText``
(a ``ValueError``); the exercise widget shows its message and nothing changes.
The puzzles are data (``puzzles/iota.json``), loaded as :class:`Puzzle`. The
strategy lesson's studies and the sandbox are in :mod:`kit.lessons.iota_studies`,
whose names this module re-exports so a lesson imports one module.

Every exercise of the course is data here, under its name (:data:`EXERCISES`,
and "puzzle N"): task, position, check, hints (a nudge first, never the
answer), solution, ``answers`` and the ``wrong`` tries a student makes, and
for a board ``enter`` (:func:`enter_turn`). A lesson's cell only names it:
``lesson.exercise("both ends", progress)``. A wrong try is told what is wrong
with that try; only Show me gives the answer.

Not covered: the rules, players and boards themselves (``kit.iota``), the
exercise widget (``kit.lessons.exercise``).
"""

from __future__ import annotations

import random
import re
from functools import cache
from dataclasses import dataclass, replace
from pathlib import Path

import ipywidgets as widgets

from kit.errors import InvalidMoveText
from kit.iota import Board, Game, GreedyPlayer, best_turn, rank_moves
from kit.iota.cards import FULL_DECK, TEXT, VALUE, WILD, describe, parse_card
from kit.iota.draw import GAP, draw_game, draw_hand, plan
from kit.iota.lines import lines_through, table_problem
from kit.iota.moves import Move, Pass, Play, Recycle
from kit.lessons.puzzle import Puzzle as PuzzleBase
from kit.lessons import exercise
from kit.lessons.exercise import Catalogue, Exercise, Verdict, exercise_board
# Lesson 5's studies and lesson 7's sandbox have their own module; the notebooks
# reach everything through this one.
from kit.lessons.iota_studies import (STRENGTHS, STUDIES, Sandbox, chance_one_of,  # noqa: F401
                                      completes_lot, completing_cards, load_studies, lot_study,
                                      open_three_risk, open_three_table, self_play_positions,
                                      tournament_table, two_line_study, unseen_count, wild_pair,
                                      wild_recheck, wild_table)
from kit.scene import Text, svg_img


class Progress(exercise.Progress):
    """A lesson's progress in the IOTA course, kept per student (kit.lessons.record)."""

    COURSE = "iota"


HERE = Path(__file__).resolve().parent
PUZZLES = HERE / "puzzles" / "iota.json"
GOALS = ("best", "at_least", "block_lot")


# ----- reading answers ------------------------------------------------------

def read_play(answer) -> Play:
    """A Play from text like ``2GT@0,1 2BX@0,2`` or a Play; InvalidMoveText otherwise."""
    if isinstance(answer, str):
        if not answer.strip():
            raise InvalidMoveText("put cards on the board (or type a play such as 2GT@0,1), "
                                  "then press Check")
        answer = Move.parse(answer)
    if answer is None:
        raise InvalidMoveText("put cards on the board first (click a card, then a cell), "
                              "then press Check")
    if not isinstance(answer, Play):
        raise InvalidMoveText(f"{answer} is not a play: place cards on the table")
    return answer.checked()


def read_points(answer) -> int:
    """A whole number of points from text; InvalidMoveText naming what was typed."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        return answer
    text = str(answer).strip() if answer is not None else ""
    if not text:
        raise InvalidMoveText("type the number of points, e.g. 12")
    if not text.isdigit() or len(text) > 6:
        raise InvalidMoveText(f"{text!r} is not a number of points: type digits only, e.g. 12")
    return int(text)


YES = {"yes", "y", "valid", "ok", "true", "legal"}
NO = {"no", "n", "invalid", "not valid", "false", "illegal"}


def read_yes_no(answer) -> bool:
    """True for yes/valid, False for no/invalid; InvalidMoveText otherwise."""
    text = str(answer if answer is not None else "").strip().lower()
    if text in YES:
        return True
    if text in NO:
        return False
    raise InvalidMoveText(f"type valid or invalid (or yes or no), not {text!r}" if text
                          else "type valid or invalid (or yes or no)")


def read_card(answer) -> int:
    """A real card from text like ``3GT``; InvalidMoveText otherwise."""
    text = str(answer if answer is not None else "").strip()
    if not text:
        raise InvalidMoveText("type a card as number, colour, shape, e.g. 3GT")
    try:
        card = parse_card(text)
    except ValueError as err:
        raise InvalidMoveText(str(err)) from None
    if card == WILD:
        raise InvalidMoveText("name a real card (such as 3GT), not a wild")
    return card


# ----- positions --------------------------------------------------------------

def position(grid: dict, hands, deck_top=(), to_move: int = 0, scores=None,
             passes: int = 0) -> Game:
    """A game with the ``grid`` ({(row, col): "3GT"}) and ``hands`` given; the deck is
    ``deck_top`` then every other card in card order."""
    used = list(grid.values()) + [c for h in hands for c in h] + list(deck_top)
    rest = [TEXT[c] for c in FULL_DECK]
    for card in used:
        rest.remove(card)
    d = {"game": "iota", "grid": [[r, c, t] for (r, c), t in grid.items()],
         "hands": [list(h) for h in hands], "deck": list(deck_top) + rest,
         "scores": list(scores or [0] * len(hands)), "to_move": to_move, "passes": passes}
    return Game.from_dict(d)


def line_scene(cards):
    """A row of cards as a picture a notebook shows (any cards, even a line breaking the rules)."""
    return draw_hand([parse_card(c) for c in cards], cell=80, title="a line: " + " ".join(cards))


def line_picture(cards) -> str:
    """:func:`line_scene` as SVG text (for an exercise's saved picture)."""
    return line_scene(cards).to_svg()


def short_game(seed: int = 2, deck: int = 6) -> Game:
    """A game late enough to finish in a few minutes: the deck holds ``deck`` cards, the
    scores start again at 0 (lesson 1's first whole game)."""
    d = played_until(seed, players=2, deck_at_most=deck).to_dict()
    d["scores"] = [0, 0]
    d["to_move"] = 0
    return Game.from_dict(d)


# ----- lesson 1: is this line valid? ---------------------------------------------

def line_problem_of(cards) -> str | None:
    """Why the row ``cards`` (texts) breaks the rules, or None if it is a valid line."""
    table = {(0, c): parse_card(t) for c, t in enumerate(cards)}
    problem = table_problem(table)
    return problem[0] if problem else None


def check_line(cards, answer) -> Verdict:
    """Did the student judge the line (valid or invalid) as the engine does? A right
    answer is told why; a wrong one what to look at, not the verdict."""
    said = read_yes_no(answer)
    problem = line_problem_of(cards)
    shown = " ".join(cards)
    if said == (problem is None):
        return Verdict(True, f"{shown} is not a line: {line_fault(cards)}." if problem else
                       f"{shown} is a valid line: {line_reasons(cards)}.")
    return Verdict(False, line_look(cards, problem is None))


#: What each feature of a card is called, and how a line's cards show it.
FEATURES = ("numbers", "colours", "shapes")


def _features(cards) -> list:
    """(name, the real cards' values in order, all the same?, all different?) per feature."""
    real = [TEXT[parse_card(c)] for c in cards if parse_card(c) != WILD]
    out = []
    for i, name in enumerate(FEATURES):
        values = [c[i] for c in real]
        out.append((name, values, len(set(values)) == 1, len(set(values)) == len(values)))
    return out


def line_fault(cards) -> str:
    """Why ``cards`` is no line, in a student's words (no coordinates): too long, or the
    first feature neither all the same nor all different."""
    if len(cards) > 4:
        return f"it has {len(cards)} cards, and a line holds at most 4"
    for name, values, same, different in _features(cards):
        if not (same or different):
            return f"the {name} ({', '.join(values)}) are neither all the same nor all different"
    return "its cards cannot all be in one line"


def line_look(cards, valid: bool) -> str:
    """What to look at again after a wrong judgement of ``cards``: the feature (or the
    length) that decides it, never the verdict itself."""
    if not valid and len(cards) > 4:
        return "Count the cards. How many cards may one line hold?"
    if not valid:
        name, values, _, _ = next(f for f in _features(cards) if not (f[2] or f[3]))
        return (f"Look again at the {name}: {', '.join(values)}. "
                "Are they all the same, or all different?")
    wild = " A wild can be any card you like." if "W" in cards else ""
    looks = "; ".join(f"{name} {' '.join(values)}" for name, values, _, _ in _features(cards))
    return (f"Look at each in turn ({looks}): is any of them a mix, some the same and "
            f"some different?{wild}")


def line_reasons(cards) -> str:
    """For each of number, colour, shape: 'all the same' or 'all different' (real cards)."""
    real = [parse_card(c) for c in cards if parse_card(c) != WILD]
    words = []
    for i, name in enumerate(FEATURES):
        values = {TEXT[c][i] for c in real}
        words.append(f"{name} all the same" if len(values) == 1 else f"{name} all different")
    wild = " (the wild stands for the card that fits)" if len(real) < len(cards) else ""
    return ", ".join(words) + wild


#: Lesson 1's six lines to judge, with the hint for each. Not the lesson's example
#: (1RC 2RC 3RC, shown just above them).
LINES = (
    (("3YT", "3BT", "3GT"), "Look at the numbers, then the colours, then the shapes."),
    (("2YS", "2BS", "3GS"), "Look at the numbers: two 2s and a 3."),
    (("1RC", "2YS", "3GT", "4BX"), "Every number is different. And the colours? The shapes?"),
    (("4GT", "4GX", "4GT"), "Could a line really hold the same card twice? Look at the shapes."),
    (("3BX", "W", "3YX"), "A wild can be any card you like."),
    (("1YC", "2YC", "3YC", "4YC", "1YS"), "Count the cards."),
)


# ----- lesson 2: placing cards -------------------------------------------------

#: The words of each placement rule, as the engine says them when a play breaks it.
RULES = {
    "line": "same row or the same column",
    "touch": "must touch a card already on the table",
    "gap": "one unbroken run",
    "long": "longer than 4",
    "match": "neither all the same nor all different",
}


def check_breaks(game: Game, rule: str, answer) -> Verdict:
    """Target practice: is the play ``answer`` refused, and for the rule ``rule``?"""
    if rule not in RULES:
        raise ValueError(f"unknown rule {rule!r}; rules are {', '.join(RULES)}")
    play = read_play(answer)
    why = game.explain(play)
    if why.legal:
        return Verdict(False, f"{play} is allowed: it scores {why.points}. "
                              "Try a play that breaks the rule.")
    if RULES[rule] in why.rule:
        return Verdict(True, f"The kit refuses {play}: {why.rule}.")
    return Verdict(False, f"{play} is refused, but for another rule: {why.rule}.")


def check_legal_play(game: Game, answer) -> Verdict:
    """Is the play ``answer`` allowed here? Says its score or the rule it breaks."""
    play = read_play(answer)
    why = game.explain(play)
    if why.legal:
        return Verdict(True, f"{play} is allowed and scores {why.points}.")
    return Verdict(False, f"{play} is not allowed: {why.rule}.")


def check_both_ends(game: Game, answer) -> Verdict:
    """Is ``answer`` a legal play with cards at both ends of a line already on the table?"""
    play = read_play(answer)
    why = game.explain(play)
    if not why.legal:
        return Verdict(False, f"{play} is not allowed: {why.rule}.")
    cells = sorted(play.cells)
    between = [x for x in game.table if cells[0] < x < cells[-1]
               and (x[0] == cells[0][0] == cells[-1][0] or x[1] == cells[0][1] == cells[-1][1])]
    # A line is 2 cards or more: cards either side of one card (a column through
    # a card of the row) are not the ends of a line.
    if len(cells) >= 2 and len(between) >= 2:
        return Verdict(True, f"{play} puts cards on both sides of the cards already there, "
                             f"in one unbroken run: {why.points} points.")
    return Verdict(False, f"{play} is allowed ({why.points} points), but it does not put "
                          "cards at both ends of a line already on the table: one card "
                          "before it, one after it.")


def both_ends_position() -> Game:
    """Two reds in a row, and a hand that can extend them at both ends (lesson 2)."""
    return position({(0, 0): "2RC", (0, 1): "3RC"}, [["1RC", "4RC", "1YS", "2BX"]])


def check_draw_count(game: Game, play: str, answer) -> Verdict:
    """How many cards does the mover draw after ``play``? (back up to 4, while the deck lasts)

    A wrong count is told what is wrong with it (it would leave more or fewer than 4
    in the hand, or there is no drawing at all), never the count, nor how many cards
    are left in the hand: that is the sum the student is asked to do."""
    n = read_points(answer)
    move = read_play(play)
    hand = len(game.hands[game.to_move])
    hand_after = hand - len(move.cards)
    right = min(4 - hand_after, len(game.deck))
    if n == right:
        return Verdict(True, f"You played {len(move.cards)} of your {hand} cards and hold "
                             f"{hand_after}; you draw back up to 4 (the deck holds "
                             f"{len(game.deck)}): you draw {right}.")
    if n == 0:
        return Verdict(False, "You do draw after a play: you take cards from the deck until "
                              "you hold 4 again.")
    if n > len(game.deck):
        return Verdict(False, f"{n} is more cards than the deck holds.")
    if hand_after + n > 4:
        return Verdict(False, f"Drawing {n} would leave you holding more than 4 cards. "
                              "Count the cards still in your hand after the play.")
    return Verdict(False, f"Drawing {n} would leave you holding fewer than 4 cards, and the "
                          "deck has plenty. Count the cards still in your hand after the play.")


#: Lesson 2's drawing question: a play of two cards on the rules table.
DRAW_PLAY = "4RC@0,3 4YC@1,3"


def draw_picture() -> str:
    """The rules table just after :data:`DRAW_PLAY` (outlined), the hand left beside it."""
    return play_picture(rules_position(), DRAW_PLAY)


#: Lesson 2's example of asking the kit about plays: its own small table, so that it
#: answers none of the exercises on the rules table.
EXAMPLE_TABLE = {(0, 0): "2GS", (0, 1): "3GS"}
EXAMPLE_HAND = ["4GS", "1YX", "3BT", "2RC"]


def example_position() -> Game:
    return position(EXAMPLE_TABLE, [EXAMPLE_HAND])


#: A row of three reds and a hand to break every rule with (lesson 2).
RULES_TABLE = {(0, 0): "1RC", (0, 1): "2RC", (0, 2): "3RC"}
RULES_HAND = ["4RC", "1YS", "4YC", "2BX"]


def rules_position() -> Game:
    return position(RULES_TABLE, [RULES_HAND])


#: A play breaking each rule, for Show me (on :func:`rules_position`).
BREAKING = {"line": "4RC@0,3 1YS@1,0", "touch": "4RC@-1,-1", "gap": "4YC@1,0 2BX@1,2",
            "long": "4RC@0,3 1YS@0,4", "match": "1YS@0,3"}


# ----- lesson 3: scoring ------------------------------------------------------

def check_score(game: Game, play, answer) -> Verdict:
    """Did the student type the right score for ``play``? The breakdown says why; a
    wrong score is told the mistake it looks like (forgot to double, one line only, a
    card in two lines counted once) and what to count, never the sums."""
    n = read_points(answer)
    why = game.explain(read_play(play))
    if not why.legal:
        raise ValueError(f"the exercise's play is not legal: {why.rule}")
    if n == why.points:
        return Verdict(True, f"{why.points} points. {breakdown(why)}")
    return Verdict(False, f"{n} is not it. {score_mistake(why, read_play(play), n)}",
                   more=how_to_count(why))


def score_mistake(why, play, n: int) -> str:
    """The common mistake ``n`` looks like, in words without the score; else what to do."""
    lines = [line.points for line in why.lines]
    doubles = [d.split(":")[0] for d in why.doublings]
    if doubles and n == why.base:
        return f"You added up the lines, but forgot to double: {'; '.join(doubles)}."
    if len(lines) > 1 and n in lines:
        return (f"That is one line only; the play makes {len(lines)} lines. "
                "Add them all.")
    # A card in two lines, counted in one only: the base less its number, once each.
    shared = sum(VALUE[card] for card, cell in play.placements
                 if sum(cell in line.cells for line in why.lines) > 1)
    if shared and n in (why.base - shared, (why.base - shared) * 2 ** len(doubles)):
        return "A card in two lines counts in both lines: add it twice."
    return "Count again, line by line: press Why? to see what to add up."


def how_to_count(why) -> str:
    """What to add up and double for this play, without the sums: a wrong answer
    says why it is wrong but does not hand over the score."""
    lines = " and ".join(f"{line.cards[0]} to {line.cards[-1]} ({len(line.cards)} cards)"
                         for line in why.lines)
    count = f"The play makes {len(why.lines)} line{'s' if len(why.lines) != 1 else ''}: {lines}."
    doubles = [d.split(":")[0] for d in why.doublings]
    then = f" Add up each line's numbers, then double for: {'; '.join(doubles)}." if doubles \
        else " Add up each line's numbers (a card in two lines counts in both)."
    return count + then


def breakdown(why) -> str:
    """An explanation in one paragraph: each line's sum, then each doubling."""
    lines = "; ".join(f"{' + '.join(str(VALUE[parse_card(t)]) for t in line.cards)} = "
                      f"{line.points} ({line.cards[0]} to {line.cards[-1]})" for line in why.lines)
    doubles = "".join(f", x 2 for {d.split(':')[0]}" for d in why.doublings)
    total = f"Together {why.base}{doubles}: {why.points}." if doubles else f"Together {why.points}."
    return f"Lines: {lines}. {total}"


#: The printed rules' worked example: four seats, each holding its turn's cards.
WORKED_HANDS = [["2GX", "2BC", "1RS", "1RT"], ["1RC", "3GC", "1GC", "1GS"],
                ["2YS", "3YS", "1GT", "1GX"], ["2YT", "4YC", "1YS", "3YX"]]
WORKED_PLAYS = ["2GX@0,1 2BC@0,2", "1RC@-1,2 3GC@1,2", "2YS@0,3 3YS@-1,3",
                "2YT@-2,1 4YC@-2,2 1YS@-2,3 3YX@-2,4"]


def worked_example(turns: int = 0) -> Game:
    """The worked example's game after its first ``turns`` plays."""
    game = position({(0, 0): "2RT"}, WORKED_HANDS)
    for text in WORKED_PLAYS[:turns]:
        game.play(text)
    return game


SCORING_KINDS = ("one line", "two lines", "a lot", "a wild")


def scoring_plays(seeds=(3,)) -> dict:
    """One (game, play) per kind of :data:`SCORING_KINDS`, from seeded games, first found."""
    found = {}
    for game in self_play_positions(seeds, every=1):
        for points, play in rank_moves(game):
            why = game.explain(play)
            kind = ("a wild" if WILD in play.cards and len(why.lines) == 2 and not why.doublings
                    else None if WILD in play.cards else
                    "a lot" if len(why.doublings) == 1 and len(play.cells) < 4 else
                    "two lines" if len(why.lines) == 2 and len(play.cells) == 1 else
                    "one line" if len(why.lines) == 1 and len(play.cells) == 2 else None)
            if kind and kind not in found:
                found[kind] = (game, str(play))
        if len(found) == len(SCORING_KINDS):
            break
    return found


def table_after(game: Game, play) -> Game:
    """The position just after ``play``, before its points are added or cards drawn: the
    same player to move, holding the cards left. A picture of a play to score."""
    play = read_play(play)
    after = game.copy()
    after.play(play)
    d = after.to_dict()
    me = game.to_move
    kept = list(game.hands[me])
    for card in play.cards:
        kept.remove(card)
    drawn = list(after.hands[me])
    for card in kept:
        drawn.remove(card)
    d["deck"] = [TEXT[c] for c in drawn] + d["deck"]
    d["hands"][me] = [TEXT[c] for c in kept]
    d.update(scores=list(game.scores), to_move=me, passes=game.passes)
    return Game.from_dict(d)


#: The live board's table box: pictures of exercises are the board's size.
BOX = (0, 0, 580, 560)


def middle(cells) -> tuple:
    """The cell nearest the middle of ``cells``: where a picture's window centres a play."""
    return (round(sum(r for r, _ in cells) / len(cells)),
            round(sum(c for _, c in cells) / len(cells)))


def play_picture(game: Game, play, panel: bool = True) -> str:
    """The table just after ``play`` (outlined), the window centred on it, the play's
    score not shown. ``panel=False``: the table alone, without the seats' scores and
    hands beside it: a student asked for the play's score read them as an answer
    (lesson 3's second play scores exactly what the other seat held)."""
    cells = read_play(play).cells
    centre = middle(cells)
    after = table_after(game, play)
    scene = draw_game(after, highlight=cells, box=BOX, centre=centre)
    if not panel:
        width = plan(after, box=BOX, centre=centre).panel_x - GAP / 2
        scene = replace(scene, width=width,
                        shapes=[s for s in scene.shapes if _left(s) < width])
    return scene.to_svg()


def _left(shape) -> float:
    """The x where a scene shape starts (the panel's shapes all start right of the table)."""
    if hasattr(shape, "points"):
        return min(x for x, _ in shape.points)
    for name in ("x", "x1", "cx"):
        if hasattr(shape, name):
            return getattr(shape, name)
    raise TypeError(f"not a scene shape: {shape!r}")


# ----- lesson 4: wilds, passing, the end ---------------------------------------

def check_wild(game: Game, cell, answer) -> Verdict:
    """Could the wild at ``cell`` stand for the card ``answer`` (in its row and its column)?"""
    card = read_card(answer)
    if game.table.get(tuple(cell)) != WILD:
        raise ValueError(f"there is no wild at {cell}")
    after = dict(game.table)
    after[tuple(cell)] = card
    problem = table_problem(after, [tuple(cell)])
    if problem is None:
        return Verdict(True, f"{TEXT[card]} ({describe(card)}) fits the wild's row and its column.")
    # The line it breaks, not a card that fits: that would hand over the answer.
    return Verdict(False, f"{TEXT[card]} does not fit: {problem[0]}. Try again, or press Hint.")


WILD_CELL = (0, 1)


def check_exchange_count(game: Game, answer) -> Verdict:
    """At most how many cards may the mover swap when passing? A wrong count is told
    what is wrong with it (more than the hand or the deck holds, or fewer than
    allowed), never the limit."""
    n = read_points(answer)
    hand, deck = len(game.hands[game.to_move]), len(game.deck)
    right = min(hand, deck)
    rule = ("(The printed rules do not say; this kit never lets you draw back a card you just "
            "put under the deck.)")
    if n == right:
        return Verdict(True, f"You hold {hand} cards and the deck holds {deck}: at most "
                             f"{right}. {rule}")
    if n > hand:
        return Verdict(False, f"You cannot swap {n}: that is more cards than you hold.")
    if n > deck:
        return Verdict(False, f"Swapping {n} would make you draw back a card you just put "
                              "under the deck. Look at how many cards the deck holds.")
    return Verdict(False, f"You may swap more than {n}. Look at your hand and at the deck.")


def check_pass(game: Game, swap: int, answer) -> Verdict:
    """Did the student pass, swapping exactly ``swap`` cards? ``answer``: a move or a turn."""
    move = answer[-1] if isinstance(answer, (list, tuple)) and answer else answer
    if isinstance(move, str):
        move = Move.parse(move)
    if not isinstance(move, Pass):
        return Verdict(False, f"{move} is not a pass: press Pass, click the cards to swap, "
                              "then Pass again.")
    why = game.explain(move)
    if not why.legal:
        return Verdict(False, f"{move} is not allowed: {why.rule}.")
    n = len(move.exchange)
    if n != swap:
        return Verdict(False, f"You passed swapping {n} card{'s' if n != 1 else ''}, "
                              f"not {swap}. Press Undo and try again.")
    gone = " ".join(TEXT[c] for c in move.exchange)
    return Verdict(True, f"{gone} went under the deck and you drew {n} new "
                         f"card{'s' if n != 1 else ''} from the top. Your turn is over.")


def turn_or(board: Board, nothing: str) -> list:
    """The student's turn on ``board`` (:func:`turn_on`); ``InvalidMoveText(nothing)``
    (what to do, for this exercise) while they have done nothing yet."""
    if not board.game.history and board.pending_play() is None:
        raise InvalidMoveText(nothing)
    return turn_on(board)


def check_move(game: Game, answer) -> Verdict:
    """Is the move ``answer`` (any kind: play, pass, recycle) legal here?"""
    if not isinstance(answer, Move):
        answer = Move.parse(answer if isinstance(answer, str) else "")
    why = game.explain(answer)
    if why.legal:
        if isinstance(answer, Recycle):
            return Verdict(True, f"{answer} is allowed: the wild is in your hand now, the "
                                 "card took its place, and you still play (or pass) this turn.")
        return Verdict(True, f"{answer} is allowed" +
                       (f" and scores {why.points}." if isinstance(answer, Play) else "."))
    return Verdict(False, f"{answer} is not allowed: {why.rule}.")


def played_until(seed: int = 0, players: int = 2, deck_at_most: int = 0) -> Game:
    """A seeded greedy game played on until the deck holds at most ``deck_at_most`` cards
    (a late position for the lessons on passing and the end); history cleared."""
    game, rng, greedy = Game.new(players=players, seed=seed), random.Random(seed), GreedyPlayer()
    while len(game.deck) > deck_at_most and not game.is_over:
        game.play(greedy.choose(game, rng))
    return Game.from_dict(game.to_dict())


def final_play_position(seeds=range(50)) -> tuple:
    """(game, play): the first seeded late position where the mover can end the game."""
    for seed in seeds:
        game = played_until(seed, players=2, deck_at_most=0)
        rng, greedy = random.Random(seed), GreedyPlayer()
        while not game.is_over:
            finals = [p for _, p in rank_moves(game) if game.is_final_play(p)]
            if finals:
                return Game.from_dict(game.to_dict()), finals[0]
            game.play(greedy.choose(game, rng))
    raise ValueError("no final play found in these seeds")


def wild_position() -> Game:
    """A table with a wild in a row and a column (lesson 4)."""
    return position({(0, 0): "2RT", (0, 1): "W", (0, 2): "2BT", (1, 1): "3RS", (2, 1): "4GX"},
                    [["1RC", "2YT", "3GS", "4BX"]])


#: Lesson 4's recycling table: another wild than the wild exercise's, so that neither
#: answers the other; the hand holds the card it stands for.
RECYCLE_TABLE = {(0, 0): "1GS", (0, 1): "W", (0, 2): "3GS", (1, 1): "2YC", (2, 1): "2BX"}
RECYCLE_HAND = ["1RC", "2GS", "4BT", "3YX"]


def recycle_position() -> Game:
    return position(RECYCLE_TABLE, [RECYCLE_HAND])


def check_recycle(game: Game, answer) -> Verdict:
    """Was the turn's first move (``answer``: a move or a turn) a recycle the kit allows?
    A play or a pass is no recycle, however legal."""
    first = answer[0] if isinstance(answer, (list, tuple)) and answer else answer
    if isinstance(first, str):
        first = Move.parse(first)
    if not isinstance(first, Recycle):
        kind = "a pass" if isinstance(first, Pass) else "a play"
        return Verdict(False, f"{first} is {kind}, not a recycle: a recycle swaps a card from "
                              "your hand for the wild on the table. Take back, then click the "
                              "card the wild stands for, then the wild.")
    return check_move(game, first)


def pass_position(seed: int = 1) -> Game:
    """A seeded late position: the deck is empty and every other player has just passed."""
    d = played_until(seed, players=2, deck_at_most=0).to_dict()
    d["passes"] = len(d["hands"]) - 1
    return Game.from_dict(d)


def check_pass_ends(game: Game, answer) -> Verdict:
    """Would the game be over if the player to move passed now? (yes or no) A wrong
    answer is told what to look at, not the verdict."""
    said = read_yes_no(answer)
    after = game.copy()
    after.play(Pass.of(()))
    over = after.is_over
    if said != over:
        return Verdict(False, "Look at the deck in the panel, and count the passes in a row "
                              "(the other player's, then yours): what does the kit do then?")
    if over:
        everyone = "both players" if game.players == 2 else f"all {game.players} players"
        why = (f"the deck is empty and {everyone} have now passed in a row: "
               "the game ends, with no bonus. (The printed rules do not say; this kit ends it, "
               "or the passing would go round for ever.)")
    else:
        why = ("the game goes on: " + ("the deck still has cards" if game.deck else
                                        "not every player has passed in a row yet") + ".")
    return Verdict(True, why[0].upper() + why[1:])


def check_final_score(game: Game, play, answer) -> Verdict:
    """The score of the game's last play, with its doubling; also says the game is over."""
    verdict = check_score(game, play, answer)
    if not verdict.correct:   # the final scores would give the play's score away
        return verdict
    after = game.copy()
    after.play(read_play(play))
    if not after.is_over:
        return verdict
    me = game.to_move
    others = ", ".join(str(s) for i, s in enumerate(after.scores) if i != me)
    return Verdict(True, f"{verdict.why} The game is over: this player ends with "
                         f"{after.scores[me]} points, the other{'s' if game.players > 2 else ''} "
                         f"with {others}.")


def final_picture(game: Game, play) -> str:
    """The position before ``play``, the play drawn faintly in place (dashed). Not the
    table after it, as lesson 3 shows plays: a final play ends the game, and that
    picture would say "Game over" and who wins before the play is scored."""
    return game.svg(ghost=play, box=BOX, centre=middle(read_play(play).cells))


# ----- playing on a board -------------------------------------------------------

def turn_on(board: Board, start: int = 0) -> list:
    """The student's turn on ``board``: recycles made, then the play (confirmed or pending)."""
    moves = []
    for move in board.game.history[start:]:
        moves.append(move)
        if not isinstance(move, Recycle):
            return moves
    pending = board.pending_play()
    if pending is not None:
        moves.append(pending)
    if not moves:
        raise InvalidMoveText("put cards on the board first (click a card in your hand, then "
                              "a cell), then press Check")
    return moves


def play_on(board: Board):
    """The play on ``board``: the pending cards, or the first play confirmed."""
    return [m for m in turn_on(board) if isinstance(m, Play)][-1:] or [None]


def turn_words(game: Game, moves, check=None) -> str:
    """A turn in notation for print, with what the kit says of it (``check(turn)``)."""
    moves = [Move.parse(m) if isinstance(m, str) else m for m in moves]
    said = " then ".join(map(str, moves))
    if check is None:
        return said
    verdict = check(tuple(moves) if len(moves) > 1 else moves[0])
    return f"{said}. {verdict.why}"


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


def load_puzzles(path: Path = PUZZLES) -> list:
    """The puzzle set, easiest first."""
    return Puzzle.load(path)


def read_turn(answer) -> list:
    """A turn (recycles, then a play) from a list of moves, a Play, or text (moves
    separated by ';')."""
    if isinstance(answer, str):
        parts = [p for p in answer.split(";") if p.strip()]
        if not parts:
            raise InvalidMoveText("make a play on the board (or type one), then press Check")
        answer = [Move.parse(p) for p in parts]
    if isinstance(answer, Move):
        answer = [answer]
    if not isinstance(answer, (list, tuple)) or not answer:
        raise InvalidMoveText("make a play on the board, then press Check")
    moves = [Move.parse(m) if isinstance(m, str) else m for m in answer]
    if not all(isinstance(m, Recycle) for m in moves[:-1]) or not isinstance(moves[-1], Play):
        raise InvalidMoveText("a turn here is a play, after any recycles: "
                              "place cards on the table")
    return moves


def play_turn(game: Game, moves) -> tuple:
    """(game after, points, None) for a legal turn; (None, 0, rule) for an illegal one."""
    after = game.copy()
    for move in moves:
        why = after.explain(move)
        if not why.legal:
            return None, 0, f"{move} is not allowed: {why.rule}"
        points = after.play(move)
    return after, points, None


def lot_plays(game: Game) -> list:
    """The plays of the player to move that complete a lot (a line of 4)."""
    plays = [m for m in game.legal_moves() if isinstance(m, Play)]
    out = []
    for play in plays:
        table = dict(game.table)
        table.update((cell, card) for card, cell in play.placements)
        if any(len(line) == 4 for _, line in lines_through(table, play.cells)):
            out.append(play)
    return out


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
        lots = lot_plays(after) if not after.is_over else []
        if not lots:
            return Verdict(True, f"{said}, and the next player cannot complete any lot.")
        return Verdict(False, f"{said}, but the next player could still play {lots[0]} "
                              "and complete a lot.")
    raise ValueError(f"unknown puzzle goal {puzzle.goal!r}; goals are {', '.join(GOALS)}")




# ----- boards for exercises --------------------------------------------------------

class ExerciseBoard(Board):
    """An exercise's board (:func:`board_for`): a wild on the table is drawn without the
    card it stands for written under it. A live board writes it there; on an exercise
    board that label would be the answer (lesson 4's recycling, the recycle puzzles)."""

    def scene(self):
        scene = super().scene()
        return replace(scene, shapes=[s for s in scene.shapes if not _stands_for_label(s)])


def _stands_for_label(shape) -> bool:
    return isinstance(shape, Text) and shape.text.startswith("=")


def board_for(game: Game, seats=None, about=(), **kwargs) -> Board:
    """A board for an exercise: the student is the seat to move, every other seat the
    greedy computer (unless ``seats`` says otherwise). A confirmed play gets the next
    player's reply (in a block-the-lot puzzle: does it complete the lot?) and Undo
    takes both back; with two people at one screen the board would refuse to undo
    past a card drawn from the deck, and Show me could not go back to the start.
    ``about``: the cells the exercise is about, which the table's window shows from
    the start (a big table shows a window of it).

    The board's own Hint (it would list the best plays: the answer) and New game (a
    fresh deal, not the exercise) are hidden: the exercise has its Hint and Show me."""
    seats = seats or ["human" if seat == game.to_move else "greedy"
                      for seat in range(game.players)]
    board = exercise_board(ExerciseBoard(game.copy(), seats=seats, delay=0, **kwargs))
    if about:
        board.show_cells(about)
    return board


def restart(board: Board) -> None:
    """Take ``board`` back to its start: every move undone, nothing pending or shown."""
    while board.game.history:
        before = len(board.game.history)
        board.undo()
        if len(board.game.history) == before:   # refused: looping on would hang the kernel
            raise RuntimeError(f"cannot take the board back to its start: "
                               f"{board.view.message}")
    board.preview(None)


def show_turn(board: Board, moves) -> str:
    """Reveal: take the board back to its start and draw ``moves`` on it, unplayed."""
    restart(board)
    moves = [Move.parse(m) if isinstance(m, str) else m for m in moves]
    board.preview(moves[-1], line=moves)
    return " then ".join(map(str, moves)) + " (drawn on the board; the panel explains the score)"


def moves_of(answer) -> list:
    """Moves from text (separated by ';'), a move, or a list of either."""
    if isinstance(answer, str):
        answer = [part for part in answer.split(";") if part.strip()]
    elif isinstance(answer, Move):
        answer = [answer]
    return [Move.parse(m) if isinstance(m, str) else m for m in answer]


def enter_turn(board: Board, answer) -> None:
    """Put the try ``answer`` on ``board`` as a student leaves it before pressing Check:
    the board back at its start, then each recycle or pass made, and a play's cards
    placed, pending (not confirmed). A card not in the hand: InvalidMoveText."""
    restart(board)
    for move in moves_of(answer):
        if not isinstance(move, Play):
            board.submit(move)
            continue
        used, placed = set(), []
        for card, cell in move.placements:
            i = next((i for i, c in enumerate(board.hand) if c == card and i not in used), None)
            if i is None:
                raise InvalidMoveText(f"{TEXT[card]} is not in your hand")
            used.add(i)
            placed.append((i, cell))
        board.placed = placed
        board.redraw()


def board_exercise(task: str, game: Game, check, *, hints=(), solution=None, progress=None,
                   key=None, answers=(), wrong=(), about=()) -> Exercise:
    """Exercise on a live board: place cards (Confirm or not), then Check.

    ``check(game, play)`` judges the play; ``solution`` (moves or text) is shown on
    Show me; ``answers`` default to the solution's moves. ``wrong``: tries a student
    would make, as move texts (:func:`enter_turn` puts them on the board).
    """
    board = board_for(game, about=about)
    show = words = None
    moves = []
    if solution is not None:
        moves = solution if isinstance(solution, (list, tuple)) else [solution]
        show = lambda: show_turn(board, moves)
        words = lambda: turn_words(game, [" ".join(moves)],
                                   lambda play: check(game, play))
    return Exercise(task, lambda play: check(game, play), answer=lambda: play_on(board)[0],
                    hints=hints, show=show, board=board, progress=progress, key=key,
                    solution=words, answers=answers or moves, wrong=wrong,
                    enter=lambda text: enter_turn(board, text))


def typed_exercise(task: str, svg: str, check, *, hints=(), show=None, progress=None,
                   key=None, placeholder: str = "", answers=(), wrong=()) -> Exercise:
    """Exercise on a picture: the answer is typed; ``check(text)`` judges it."""
    img = svg_img(svg).replace("<img ", "<img style='max-width: 100%; height: auto' ", 1)
    return Exercise(task, check, hints=hints, show=show, board=widgets.HTML(img),
                    picture=lambda: svg, progress=progress, key=key, placeholder=placeholder,
                    solution=show,   # a typed exercise's show is words: print them too
                    answers=answers, wrong=wrong)


# ----- the exercises, by name: what a lesson's cell calls -------------------------------
#
# Each exercise is data here: its task, position, check, hints, solution, answers and
# the wrong tries the tests walk it with. A lesson's cell only names it:
# ``lesson.exercise("both ends", progress)``.

EXERCISES: dict = {}


def named(name: str):
    """Register the decorated ``make(progress) -> Exercise`` as the exercise ``name``."""
    def register(make):
        EXERCISES[name] = make
        return make
    return register


# lesson 1 -----------------------------------------------------------------------------

def line_exercise(i: int, progress=None) -> Exercise:
    """Lesson 1: is line ``i`` of :data:`LINES` valid?"""
    cards, hint = LINES[i]
    valid = line_problem_of(cards) is None
    answer = "valid: " + line_reasons(cards) if valid else "invalid: " + line_fault(cards)
    # The task does not list the words to type (they are the answers): the box's
    # placeholder and the lesson's text say them.
    return typed_exercise(f"Line {i + 1}: {' '.join(cards)}. Does it follow the rules for a line?",
                          line_picture(cards), lambda text: check_line(cards, text),
                          hints=[hint], show=answer, progress=progress, key=f"line {i + 1}",
                          placeholder="valid or invalid",
                          answers=["valid" if valid else "invalid"],
                          wrong=["invalid", "no"] if valid else ["valid", "yes"])


for _i in range(len(LINES)):
    named(f"line {_i + 1}")(lambda progress, i=_i: line_exercise(i, progress))


# lesson 2 -----------------------------------------------------------------------------

#: Target practice: each rule's task and hints (a nudge, then a pointer).
RULE_TASKS = {
    "line": ("Break rule 1: put two cards NOT in the same row or column.",
             ["Rule 1 wants all your cards in one row or one column. Use two rows.",
              "Put one card in row 0 and another in row 1, in different columns."]),
    "touch": ("Break rule 2: put a card where it touches nothing.",
              ["Touching means side by side with a card on the table.",
               "A corner does not count as touching: try a cell diagonally off an end of "
               "the row."]),
    "gap": ("Break rule 3: play two cards in a row with an empty cell between them.",
            ["Rule 3 wants one unbroken run: leave a hole in yours.",
             "Use row 1: one card under 1RC, one under 3RC."]),
    "long": ("Break rule 4: make a line of 5 cards.",
             ["The row already has 3 cards. How many more make 5?",
              "Put two cards at the same end of the row."]),
    "match": ("Break rule 5: add one card that does not match the row.",
              ["The row is all red circles, numbered 1, 2, 3.",
               "Which of your cards would spoil the colours, or the shapes?"]),
}

#: A legal play on the rules table: a wrong try in target practice.
RULES_LEGAL = "4RC@0,3"


def rule_exercise(rule: str, progress=None) -> Exercise:
    """Target practice on the rules board: break ``rule`` on purpose."""
    task, hints = RULE_TASKS[rule]
    wrong = [RULES_LEGAL] + [BREAKING[other] for other in RULES if other != rule]
    return board_exercise(task, rules_position(), lambda g, p: check_breaks(g, rule, p),
                          hints=hints, solution=BREAKING[rule], progress=progress,
                          key=f"break: {rule}", wrong=wrong)


for _rule in RULES:
    named(f"break: {_rule}")(lambda progress, rule=_rule: rule_exercise(rule, progress))


@named("legal play")
def legal_play_exercise(progress=None) -> Exercise:
    return board_exercise(
        "Make a legal play on this table.", rules_position(), check_legal_play,
        hints=["Your cards must touch the table, and every line must stay all the same or "
               "all different in number, colour and shape.",
               "The row 1RC 2RC 3RC is all red circles numbered 1, 2, 3: which of your cards "
               "carries that on?"],
        solution=RULES_LEGAL, progress=progress, key="legal play",
        wrong=["1YS@0,3", "4RC@-1,-1", "4YC@1,0 2BX@1,2", "2BX@0,-1"])


@named("both ends")
def both_ends_exercise(progress=None) -> Exercise:
    return board_exercise(
        "Play two cards: one at each end of the row 2RC 3RC.", both_ends_position(),
        check_both_ends,
        hints=["The row needs numbers that are all different: which numbers are missing?",
               "One missing number goes just before 2RC, the other just after 3RC."],
        solution="1RC@0,-1 4RC@0,2", progress=progress, key="both ends",
        wrong=["4RC@0,2", "1RC@-1,0 4RC@1,0", "1RC@0,-1 4RC@0,3", "1YS@0,-1 4RC@0,2"])


@named("draw")
def draw_exercise(progress=None) -> Exercise:
    game = rules_position()
    n = next(k for k in range(5) if check_draw_count(game, DRAW_PLAY, str(k)).correct)
    return typed_exercise(
        f"You play two cards, {DRAW_PLAY} (outlined). How many cards do you draw?",
        draw_picture(), lambda text: check_draw_count(game, DRAW_PLAY, text),
        hints=["How many cards are left in your hand after the play? The picture shows it.",
               "You draw until you hold 4 again; the deck has plenty."],
        show=f"{n}: after the play you hold {4 - n}, and you draw back up to 4",
        progress=progress, key="draw", placeholder="a number",
        answers=[str(n)], wrong=[str(k) for k in (0, 1, 3, 4) if k != n])


# lesson 3 -----------------------------------------------------------------------------

#: Each kind of play to score, with its hints (a nudge, then a pointer).
SCORE_HINTS = {
    "one line": ["Only one line holds the new cards.",
                 "Add up the numbers of all its cards, the old ones too."],
    "two lines": ["The new card sits in a row and in a column.",
                  "Add up both lines: the new card counts in each."],
    "a lot": ["One line now has 4 cards: that is a lot.",
              "Add up every line through the new card, then double the total."],
    "a wild": ["A wild counts 0.",
               "Add up every line through the new cards; the wild adds nothing."],
}


@cache
def lesson_scoring_plays() -> dict:
    """Lesson 3's plays to score, one of each kind (:func:`scoring_plays`), worked out once.
    Seed 4: the first play's score (9) is none of the numbers the worked example above
    it prints, so nothing on screen answers it."""
    return scoring_plays(seeds=(4,))


def score_wrong(game: Game, play) -> list:
    """The scores a student gets by the common mistakes (and one off), never the right one."""
    why = game.explain(read_play(play))
    tries = [why.points + 1, why.base] + [line.points for line in why.lines]
    shared = sum(VALUE[card] for card, cell in read_play(play).placements
                 if sum(cell in line.cells for line in why.lines) > 1)
    tries.append((why.base - shared) * 2 ** len(why.doublings))
    out = []
    for n in tries:
        if n != why.points and n > 0 and str(n) not in out:
            out.append(str(n))
    return out


def score_exercise(game: Game, play: str, hints=(), progress=None, key=None) -> Exercise:
    """Lesson 3: the play is shown on the table (outlined), without the seats' scores;
    type its score."""
    svg = play_picture(game, play, panel=False)
    why = game.explain(read_play(play))
    return typed_exercise(f"The outlined cards were just played ({play}). How many points?",
                          svg, lambda text: check_score(game, play, text), hints=hints,
                          show=breakdown(why), progress=progress, key=key or play,
                          placeholder="points, e.g. 12", answers=[str(why.points)],
                          wrong=score_wrong(game, play))


for _kind in SCORING_KINDS:
    named(f"score: {_kind}")(lambda progress, kind=_kind: score_exercise(
        *lesson_scoring_plays()[kind], SCORE_HINTS[kind], progress, key=f"score: {kind}"))


# lesson 4 -----------------------------------------------------------------------------

@named("wild")
def wild_exercise(progress=None) -> Exercise:
    """Lesson 4: type a card the wild could stand for. Its picture does not label the
    wild with what it stands for, nor show the hand (which holds it): either would be
    the answer. The small table needs no board-sized box."""
    game = wild_position()
    card = game.wilds()[WILD_CELL]
    return typed_exercise(
        "Name a card the wild at row 0, column 1 could stand for.",
        game.svg(show_wilds=False, shown=()), lambda text: check_wild(game, WILD_CELL, text),
        hints=["Row: 2 _ 2 means the number is 2; T _ T means a triangle.",
               "Column: red square 3, green cross 4. The colour must differ from both, "
               "and from the row's red and blue."],
        show=f"{card}: {check_wild(game, WILD_CELL, card).why}", progress=progress,
        key="wild", placeholder="e.g. 3GT", answers=[card],
        wrong=["1RC", "2RT", "2GT", "3YT"])


@named("recycle")
def recycle_exercise(progress=None) -> Exercise:
    """Lesson 4: take the wild back by putting the right card in its place, on the board."""
    game = recycle_position()
    board = board_for(game)
    cell = (0, 1)
    card = game.wilds()[cell]
    misfit = next(TEXT[c] for c in game.hands[0] if TEXT[c] != card)
    recycle = f"recycle 0,1 {card}"
    nothing = ("nothing recycled yet: click the card from your hand that the wild stands "
               "for, then click the wild")
    return Exercise(
        "Recycle the wild: click the card from your hand that can take its place, "
        "then click the wild.", lambda turn: check_recycle(game, turn),
        answer=lambda: turn_or(board, nothing), board=board, progress=progress,
        hints=["The wild's row decides part of the card it stands for, and its column "
               "the rest: number, colour and shape.",
               "Row 1GS _ 3GS: which number and shape? Column _ 2YC 2BX: which number "
               "and colour? Click that card in your hand, then the wild."],
        show=lambda: show_turn(board, [recycle, "W@3,1"]),
        solution=f"Click {card} in your hand, then the wild at row 0, column 1: "
                 f"{recycle}. {check_move(game, recycle).why}",
        key="recycle", answers=[recycle],
        wrong=[f"{misfit}@1,0", "pass", f"recycle 0,1 {misfit}"],
        enter=lambda text: enter_turn(board, text))


@named("pass")
def pass_exercise(progress=None) -> Exercise:
    """Lesson 4: pass on the board, swapping two cards."""
    game = rules_position()
    board = board_for(game)
    nothing = ("nothing passed yet: press Pass on the board, click two cards in your hand, "
               "then press Pass again")
    return Exercise("Pass, swapping exactly 2 of your cards for new ones.",
                    lambda turn: check_pass(game, 2, turn),
                    answer=lambda: turn_or(board, nothing),
                    board=board, progress=progress, key="pass",
                    hints=["Press Pass on the board: then you choose the cards to swap.",
                           "Click two cards in your hand, then press Pass again."],
                    show="Pass, click 1YS and 2BX, Pass: pass 1YS 2BX",
                    answers=["pass 1YS 2BX"], wrong=["pass 1YS", "pass", "4RC@0,3",
                                                     "pass 1YS 4YC 2BX"],
                    enter=lambda text: enter_turn(board, text))


@cache
def exchange_position() -> Game:
    """Lesson 4's late position: the deck is almost empty."""
    return played_until(seed=1, deck_at_most=2)


@named("exchange")
def exchange_exercise(progress=None) -> Exercise:
    """Lesson 4: at most how many cards may the mover swap here? The position is in the
    exercise's picture (its panel shows the deck and the hand), where the student looks."""
    game = exchange_position()
    most = min(len(game.hands[game.to_move]), len(game.deck))
    return typed_exercise("Passing here, at most how many cards may you swap?",
                          game.svg(box=BOX), lambda text: check_exchange_count(game, text),
                          hints=["Look at the panel beside the table: how many cards are in "
                                 "the deck? And in your hand?",
                                 "You may swap no more cards than the deck holds, nor more "
                                 "than you hold."],
                          show=f"{most}: {check_exchange_count(game, str(most)).why}",
                          progress=progress, key="exchange", placeholder="a number",
                          answers=[str(most)],
                          wrong=[str(k) for k in range(5) if k != most])


@named("final")
def final_score_exercise(progress=None) -> Exercise:
    """Lesson 4: type the score of a play that ends the game (doubled), on its picture;
    the right answer also says the game is over and the final scores."""
    game, play = final_play_position()
    why = game.explain(play)
    return typed_exercise(
        f"The deck is empty, and the player to move plays their last cards: {play} (drawn "
        "faintly, dashed). How many points does this play score?", final_picture(game, play),
        lambda text: check_final_score(game, play, text),
        hints=["Add up each line through the new cards (a card in two lines counts in both).",
               "Then double: the play ends the game."],
        show=breakdown(why), progress=progress, key="final", placeholder="points, e.g. 12",
        answers=[str(why.points)], wrong=score_wrong(game, play))


@named("all pass")
def all_pass_exercise(progress=None) -> Exercise:
    """Lesson 4: the deck is empty and the other player has passed: is the game over if
    you pass too?"""
    stuck = pass_position()
    over = check_pass_ends(stuck, "yes").correct
    said = "yes" if over else "no"
    return typed_exercise(
        "The deck is empty and the other player just passed. If you pass too, is the game "
        "over?", stuck.svg(box=BOX), lambda text: check_pass_ends(stuck, text),
        hints=["Count the passes in a row: the other player's, then yours.",
               "Look at the deck in the panel beside the table."],
        show=f"{said}: {check_pass_ends(stuck, said).why}", progress=progress,
        key="all pass", placeholder="yes or no", answers=[said],
        wrong=["no" if over else "yes"])


# lessons 5 and 6: the best play and the puzzles -----------------------------------------

def hint_steps(text: str) -> list:
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


def puzzle_about(game: Game, moves) -> list:
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


def puzzle_wrong(puzzle: Puzzle) -> list:
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


def puzzle_exercise(puzzle: Puzzle, progress: Progress | None = None, *,
                    task: str = "", key: str = "") -> Exercise:
    """A puzzle on a live board: make the turn, Check, Hint, Show me (draws the solution).
    The board opens showing every cell the puzzle is about."""
    game = puzzle.game
    board = board_for(game, open_hands=puzzle.goal == "block_lot",
                      about=puzzle_about(game, puzzle.solution))
    return Exercise(task or puzzle.task, lambda turn: check_puzzle(puzzle, turn),
                    answer=lambda: turn_on(board), hints=hint_steps(puzzle.hint), board=board,
                    progress=progress, key=key or f"puzzle {puzzle.number}",
                    show=lambda: show_turn(board, puzzle.solution),
                    solution=lambda: turn_words(game, puzzle.solution,
                                                lambda t: check_puzzle(puzzle, t)),
                    answers=[str(m) for m in moves_of(list(puzzle.solution))],
                    wrong=puzzle_wrong(puzzle), enter=lambda text: enter_turn(board, text))


def best_exercise(game: Game, hint: str, progress=None) -> Exercise:
    """Find the best turn on a live board (checked against best_turn); ``hint`` first,
    then what the best turn does (:func:`turn_hint`).

    The board starts from the position alone: a position taken from a game carries the
    game's moves, and the student's turn would be read from the first of them (and Undo
    would step back into that game)."""
    game = Game.from_dict(game.to_dict())
    turn = best_turn(game)
    moves = tuple(map(str, turn.moves))
    puzzle = Puzzle(0, 1, "best", 0, game.to_dict(), f"{hint} {turn_hint(game, moves)}",
                    moves)
    return puzzle_exercise(puzzle, progress, task="Find the best play: the most points this turn.",
                           key="best play")


@cache
def strategy_positions() -> tuple:
    """Lesson 5's positions (two seeded computer games, every other turn)."""
    return tuple(self_play_positions(seeds=(0, 1), every=2))


@named("best play")
def strategy_best_exercise(progress=None) -> Exercise:
    return best_exercise(strategy_positions()[3],
                         "Look for a lot first, then for a crossing of two lines.", progress)


#: The course's exercises by name: what a lesson's cell calls (see EXERCISES above).
exercise = Catalogue("IOTA", EXERCISES, load_puzzles, puzzle_exercise)
