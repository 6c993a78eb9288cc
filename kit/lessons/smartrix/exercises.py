"""Every exercise of the Smartrix course, under its name (:data:`EXERCISES`, and
"puzzle N"): task, position, check, hints, solution, ``answers`` and the ``wrong``
tries a student makes. A lesson's cell only names it: ``L.exercise("fit", progress)``.

Not covered: the exercise widget (``kit.lessons.exercise``).
"""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import Any

import kit.lessons.exercise
from kit.lessons.exercise import Progress as LessonProgress
from kit.i18n import N_, _, ngettext
from kit.lessons.exercise import Catalogue, Check, Exercise, typed_exercise as typed_on_picture
from kit.lessons.smartrix.answers import _cell, _cells, player
from kit.lessons.smartrix.boards import board_exercise
from kit.lessons.smartrix.checks import (REASON_WORDS, _ring_shift, cards_collected,
                                         check_challenge, check_fit_cells, check_most_cards,
                                         check_placement, check_points, check_rotation,
                                         check_scores, check_value, check_why, fit_cells,
                                         most_cards, reason_words, score_answer, score_sum,
                                         set_values, touching, why_not)
from kit.lessons.smartrix.pictures import cards_svg, fit_width, gap_picture, score_svg, show
from kit.lessons.smartrix.positions import data, finished_game, lesson_move, lesson_position
from kit.lessons.smartrix.puzzles import (Puzzle, check_puzzle, load_puzzles, puzzle_hints,
                                          puzzle_wrong)
from kit.lessons.smartrix.studies import LETTERS, chance_explained, check_gap_count, gap_candidates
from kit.smartrix import Game, Move, VALUE, card_text, parse_card, rotate
from kit.smartrix.analysis import after_threats
from kit.smartrix.table import candidate_cells


def typed_exercise(task: str, svg: str, check: Check, **options: Any) -> Exercise:
    """:func:`kit.lessons.exercise.typed_exercise` with the picture no wider than
    :data:`~kit.lessons.smartrix.pictures.MAX_WIDTH`."""
    return typed_on_picture(task, fit_width(svg), check, **options)


class Progress(kit.lessons.exercise.Progress):
    """A lesson's progress in the Smartrix course, kept per student (kit.lessons.record)."""

    COURSE = "smartrix"


#: The titles the course's notebooks give ``Progress("Lesson 1")``: the record keys
#: (English in every language), marked here so the catalogue has them; Progress
#: shows ``_(title)``.
LESSON_TITLES = (N_("Lesson 1"), N_("Lesson 2"), N_("Lesson 3"), N_("Lesson 4"), N_("Lesson 5"),
                 N_("Lesson 6"), N_("Puzzles"))


def _eg(example: str) -> str:
    """An answer box's placeholder: "e.g. 3"."""
    # Translators: the placeholder of an answer box, {example} a typed answer
    return _("e.g. {example}").format(example=example)


def puzzle_exercise(puzzle: Puzzle, progress: LessonProgress | None = None) -> Exercise:
    """A puzzle on a live board: place a card, Check, Hint, Show me (plays the solution)."""
    return board_exercise(puzzle.task, puzzle.game, lambda _g, move: check_puzzle(puzzle, move),
                          puzzle.solution, hints=puzzle_hints(puzzle), progress=progress,
                          key=f"puzzle {puzzle.number}", wrong=puzzle_wrong(puzzle))


# ----- the lessons' exercises: data, and one call each ------------------------------
#
# A notebook cell only names its exercise (``L.exercise("value", progress)``): the
# task, picture, check, hints, solution, answers and wrong tries are here.

VALUE_CARD = "01101011"


ROTATION_CARD = "11010000"


def value_exercise(card: str = VALUE_CARD, progress: LessonProgress | None = None) -> Exercise:
    """Lesson 1: type the value of ``card`` (drawn without its value in the middle)."""
    value = VALUE[parse_card(card)]
    wrong = sorted({8, 8 - value, value - 1, value + 1} - {value})
    return typed_exercise(_("What is the value of this card? Type a number."),
                          cards_svg([card], size=170, values=False),
                          lambda t: check_value(card, t),
                          hints=[_("The value is the number of spots: the filled blue circles."),
                                 _("Go round the ring of 8 boxes once, from the top-left, and "
                                   "count only the filled circles; skip the faint empty rings.")],
                          show=ngettext("{value}: {card} has {n} spot.", "{value}: {card} has {n} spots.",
                                        value).format(value=value, card=card, n=value),
                          progress=progress,
                          key="value", placeholder=_eg("3"), answers=[str(value)],
                          wrong=[str(w) for w in wrong])


def rotation_exercise(card: str = ROTATION_CARD, progress: LessonProgress | None = None) -> Exercise:
    """Lesson 1: type ``card`` turned a quarter turn clockwise."""
    c = parse_card(card)
    turned = card_text(rotate(c))
    wrong = [card_text(rotate(c, 3)), card_text(rotate(c, 2)), card_text(_ring_shift(c, 1)),
             card, "11100000"]
    return typed_exercise(_("This card is {card}. Turn it a quarter turn clockwise: "
                            "what are its 8 digits now?").format(card=card),
                          cards_svg([card], size=170),
                          lambda t: check_rotation(card, t),
                          hints=[_("A quarter turn clockwise moves every box two places round the "
                                   "ring: the top-left box goes to the top-right."),
                                 _("Take the last two digits and put them in front: "
                                   "abcdefgh becomes ghabcdef.")],
                          show=_("{turned}: every digit moved two places to the right.")
                          .format(turned=turned),
                          progress=progress, key="rotation",
                          placeholder=_("8 digits, e.g. {example}").format(example="10100000"),
                          answers=[turned], wrong=[w for w in wrong if w != turned])


def first_placement_exercise(seed: int = 3, progress: LessonProgress | None = None) -> Exercise:
    """Lesson 1: place any card next to the first card on a live board."""
    game = Game.new(2, seed=seed)
    places = [m for m in game.legal_moves() if m.kind == "place"]
    solution = places[0]
    hand = list(game.hand_cards(game.to_move))
    (cell,) = game.grid
    below = (cell[0] + 1, cell[1])
    # A card put where it does not match (as it lies), and one touching nothing.
    mismatch = next(Move("place", card=c, cell=below) for c in hand
                    if not game.explain(Move("place", card=c, cell=below)).legal)
    far = Move("place", card=hand[0], cell=(cell[0] + 3, cell[1]))
    return board_exercise(_("Put one of your cards next to the card on the table, so that "
                            "every box facing it matches."), game, check_placement, solution,
                          hints=[_("Pick a card of your hand: a + marks each cell where it "
                                   "fits as it lies. No +? Press R to turn it."),
                                 _("Spot faces spot, empty faces empty: at a side that is "
                                   "three boxes, at a corner just one.")],
                          progress=progress, key="first placement",
                          wrong=[str(mismatch), str(far), "pass"])


def _example_cells(game: Game, answer: Container[tuple[int, int]], n: int = 2) -> str:
    """Cells to show how an answer is typed: empty, touching nothing, not the answer."""
    far = [(r, c) for r in range(-4, 5) for c in range(-4, 5)
           if (r, c) not in answer and (r, c) not in game.table and not touching(game, (r, c))]
    return " ".join(_cell(c) for c in [far[-1], far[len(far) // 2]][:n])


def fit_exercise(progress: LessonProgress | None = None) -> Exercise:
    """Lesson 2: type every cell where the stored card fits, in some turn."""
    game, card = lesson_position("fit"), data()["positions"]["fit"]["move"]
    cells = fit_cells(game, card)
    near = sorted(c for c in candidate_cells(game.table, game.window) if c not in cells)
    some = sorted(cells)
    wrong = [_cells(some[:-1]), _cells(set(some) | {near[0]}), _cells([near[0], near[1]]),
             _cells(set(some) | {next(iter(game.grid))})]
    example = _example_cells(game, cells)
    return typed_exercise(_("{player} holds {card} (the first card of the hand). "
                            "Type every cell where it fits, in some turn, e.g. {example}")
                          .format(player=player(game.to_move), card=card, example=example),
                          game.svg(), lambda t: check_fit_cells(game, card, t),
                          hints=[_("Try each empty cell that touches the table, in all four "
                                   "turns."),
                                 _("A corner neighbour checks one box, a side "
                                   "neighbour three. Every neighbour must match at once."),
                                 ngettext("There is {n} such cell.", "There are {n} such cells.",
                                          len(cells)).format(n=len(cells))],
                          show=_("{cells}. On a live board, pick the card: the + marks "
                                 "show them.").format(cells=_cells(cells)),
                          progress=progress, key="fit", placeholder=_eg(example),
                          answers=[_cells(some)] + [_cell(c) for c in some], wrong=wrong)


#: Lesson 2's "why not?" hints: each leads to the reason without naming it
#: (translated where shown).
WHY_HINTS = {
    "why_corner": [N_("Find the ringed boxes: on which card of the table are they?"),
                   N_("Does that card share an edge with the empty cell, or meet it at one "
                      "point only?")],
    "why_window": [N_("No box is ringed: every card next to the cell matches it. So look "
                      "elsewhere."),
                   # Replaced by window_hint(): where to count from follows the position.
                   N_("Count the columns from the card farthest from that cell to the cell "
                      "itself: how wide would the table be? Look at the dashed frame.")],
}

#: Where the window hint counts from, by the side of the table the refused cell lies on
#: (the count starts at the card farthest from it; issue 30: "from the leftmost card"
#: was wrong for a cell left of every card)
WINDOW_COUNT = {
    "left": N_("The cell is left of every card: count the columns from the rightmost card "
               "to the cell itself. How wide would the table be? Look at the dashed frame."),
    "right": N_("The cell is right of every card: count the columns from the leftmost card "
                "to the cell itself. How wide would the table be? Look at the dashed frame."),
    "above": N_("The cell is above every card: count the rows from the lowest card up to "
                "the cell itself. How tall would the table be? Look at the dashed frame."),
    "below": N_("The cell is below every card: count the rows from the highest card down to "
                "the cell itself. How tall would the table be? Look at the dashed frame."),
}


def window_side(game: Game, cell: tuple[int, int]) -> str | None:
    """The side of the table a window-refused ``cell`` (row, column) lies on: "left",
    "right", "above" or "below", the direction whose span is too wide; None when the
    cell is within the table's rows and columns."""
    rows = [r for r, _c in game.grid]
    cols = [c for _r, c in game.grid]
    row, col = cell
    sides = [("left", col < min(cols), max(cols) - col), ("right", col > max(cols), col - min(cols)),
             ("above", row < min(rows), max(rows) - row), ("below", row > max(rows), row - min(rows))]
    outside = [(span, side) for side, out, span in sides if out]
    return max(outside)[1] if outside else None


def why_hints(name: str, game: Game, move: Move) -> list[str]:
    """Lesson 2's hints for the refused ``move``: the window's count computed from where
    its cell lies (a row count for a cell above or below the table)."""
    hints = [_(h) for h in WHY_HINTS[name]]
    side = (window_side(game, move.cell) if name == "why_window" and move.cell is not None
            else None)
    if side is not None:
        hints[1] = _(WINDOW_COUNT[side])
    return hints


WHY_CELL = 60   # px per table cell in lesson 2's why pictures


def why_exercise(name: str, progress: LessonProgress | None = None) -> Exercise:
    """Lesson 2: why is this placement refused? side, corner, window or touch."""
    game, move = lesson_position(name), lesson_move(name)
    # The table alone (the move names its card): the refused cell drawn even outside the
    # window, and no caption beside it (its "Window 5 x 5: no more columns" says why).
    # Cells of WHY_CELL px (not 96): task, picture, answer box and verdict fit one
    # 1366 x 768 screen in JupyterLab (the 96 px picture was ~700 px tall).
    svg = show(game, move=move, show=[move.cell], side=False, max_cell=WHY_CELL).svg
    truth = why_not(game, move)
    wrong = [w for w in ("side", "corner", "window", "touch") if w not in truth]
    wrong.append(" ".join(sorted(truth | {wrong[0]})))
    return typed_exercise(_("The kit refuses {move}. Why? Type the reason's word, as the answer "
                            "box lists them (more than one if more are true).").format(move=move),
                          svg, lambda t: check_why(game, move, t),
                          hints=why_hints(name, game, move),
                          show=lambda: (" ".join(_(REASON_WORDS[k]) for k in sorted(truth))
                                        + f": {game.explain(move)}"),
                          progress=progress, key=name, placeholder=reason_words("or"),
                          answers=sorted(truth), wrong=wrong)


def points_exercise(progress: LessonProgress | None = None) -> Exercise:
    """Lesson 3: how many points does the 17-card move score?"""
    game, move = lesson_position("seventeen"), lesson_move("seventeen")
    values, points = set_values(game, move)
    # [decision] The table alone (no side column of seats and hand, which the count
    # does not need): 412 px wide, the answer, verdict and hint fit in a column beside
    # it; with the side column the picture was 844 px wide, they wrapped under it and the
    # hint ended below a 1366 x 768 screen (issue 30).
    svg = show(game, move=move, side=False,
               title=_("The move {move} and the 17 cards it collects").format(move=move)).svg
    assert move.card is not None   # the lesson's move is a placement
    new = VALUE[move.card]
    wrong = [str(len(values)), str(points - new), str(points + 3 * new), str(points - 1),
             str(points + 2)]
    return typed_exercise(_("The move {move} collects 17 cards (outlined). How many points "
                            "does it score?").format(move=move),
                          svg, lambda t: check_points(game, move, t),
                          hints=[_("A set scores the values of its cards: the number in the middle "
                                   "of each card."),
                                 _("Add one line at a time (its four cards), then the new card: "
                                   "it is in all four lines, but it is one card, so count it "
                                   "once.")],
                          show=lambda: f"{points}: " + " + ".join(map(str, values)) + f" = {points}.",
                          progress=progress, key="points", placeholder=_eg("40"),
                          answers=[str(points)], wrong=wrong)


def most_cards_exercise(progress: LessonProgress | None = None) -> Exercise:
    """Lesson 3: collect as many cards as possible with one card, on a live board."""
    game, move = lesson_position("most_cards"), lesson_move("most_cards")
    best = most_cards(game)[0]
    assert move.card is not None   # the lesson's move is a placement
    places = sorted((m for m in game.legal_moves() if m.kind == "place"), key=str)
    fewer = [m for m in places if 0 < cards_collected(game, m) < best][:1]
    none = [m for m in places if cards_collected(game, m) == 0][:1]
    bad = next(Move("place", card=rotate(move.card, k), cell=move.cell) for k in (1, 2, 3)
               if not game.explain(Move("place", card=rotate(move.card, k), cell=move.cell)).legal)
    return board_exercise(_("Place one card to collect as many cards as you can."), game,
                          check_most_cards, move,
                          hints=[_("Look for lines of five with four cards in them and one "
                                   "empty cell."),
                                 _("One card can finish two lines at once: a row and a column, "
                                   "say."),
                                 ngettext("The best placement here collects {n} card.",
                                          "The best placement here collects {n} cards.",
                                          best).format(n=best)],
                          progress=progress, key="most cards",
                          wrong=[str(m) for m in fewer + none] + [str(bad), "pass"])


def score_exercise(seed: int = 2, players: int = 2, progress: LessonProgress | None = None) -> Exercise:
    """Lesson 4: score a finished game; one number per player."""
    game = finished_game(seed, players)
    svg = score_svg(game)
    example = " ".join(["12"] * players)
    truth = game.seat_scores
    got = [sum(VALUE[c] for c in game.collected_cards(s)) for s in range(players)]
    left = [sum(VALUE[c] for c in game.hand_cards(s)) for s in range(players)]

    def said(xs: list[int]) -> str:
        return " ".join(map(str, xs))

    wrong = [said(got), said([g + h for g, h in zip(got, left, strict=True)]), said(truth[::-1]),
             said([truth[0] + 1] + truth[1:])]
    answer = score_answer(game)
    return typed_exercise(_("This game is over. Type each player's score, in seat order "
                            "(e.g. {example}).").format(example=example),
                          svg, lambda t: check_scores(game, t),
                          hints=[_("Score = the values of the cards you collected, minus the "
                                   "values of the cards still in your hand."),
                                 _("A card's value is the number in its middle: add up each row "
                                   "of the picture, then take the hand away from what was "
                                   "collected.")],
                          show=lambda: f"{answer} ("
                                       + "; ".join(score_sum(game, s) for s in range(players)) + ")",
                          progress=progress, key=f"score {seed}", placeholder=example,
                          answers=[answer], wrong=[w for w in wrong if w != answer])


def challenge_exercise(progress: LessonProgress | None = None) -> Exercise:
    """Lesson 5: type the smallest challenge on the free table."""
    game, move = lesson_position("challenge"), lesson_move("challenge")
    svg = game.svg(offending=True)
    answer = _cells(move.cells)
    offending = sorted(game.offending)
    fair = next(c for c in sorted(game.grid) if c not in game.offending)
    wrong = [_cell(c) for c in offending if c not in move.cells][:2]
    wrong += [_cells(offending), _cell(fair)]
    # Translators: "Free table" is the mode where mistakes may stand; "Challenge" the
    # Smartrix sheet's "asalto" (es) / "отнемане" (bg)
    return typed_exercise(_("Free table: the cards marked ! were put down against the rules "
                            "({n} of them). Challenge: type the cells of as "
                            "few of them as make the table legal again.")
                          .format(n=len(game.offending)), svg,
                          lambda t: check_challenge(game, t),
                          hints=[_("A challenge may only take ! cards, and as few as possible."),
                                 _("Take one ! card away in your head: do the other ! cards still "
                                   "mismatch a card that stays?")],
                          show=lambda: f"{answer}: {game.explain(move)}",
                          progress=progress, key="challenge", placeholder=_eg("2,1"),
                          answers=[answer], wrong=wrong)


def gap_exercise(progress: LessonProgress | None = None) -> Exercise:
    """Lesson 6: of 8 cards you cannot see, how many finish the line left one card short?
    (The chance that the next player holds one is the right answer's "Why?".)"""
    game, move = lesson_position("threat"), lesson_move("threat")
    cards, fitting = gap_candidates(game, move)
    labels = list(LETTERS[:len(cards)])
    svg = gap_picture(game, move, cards, labels)
    (threat,) = after_threats(game, move)
    n = len(fitting)
    wrong = sorted({0, n - 1, n + 1, len(cards)} - {n})
    # Translators: {points} is the number drawn in the empty cell (the points waiting there)
    task = _("After {move} (outlined in blue) a line is one card short: the "
             "orange dashed line, and the empty cell marked {points} is all it needs. Of the "
             "{n} cards {first} to {last} (you cannot see "
             "them), how many could finish the line there (in some turn)?")
    return typed_exercise(task.format(move=move, points=threat.value, n=len(cards),
                                      first=labels[0], last=labels[-1]), svg,
                          lambda t: check_gap_count(game, move, t),
                          hints=[_("Look at the cards round the empty cell marked {points}: a "
                                   "card there must match every one of them.")
                                 .format(points=threat.value),
                                 _("Take the cards one by one. For each, check every box that "
                                   "would face a neighbour of the empty cell marked {points}; "
                                   "turn it if it does not match as it lies.")
                                 .format(points=threat.value)],
                          show=lambda: check_gap_count(game, move, str(n)).why + " "
                                       + chance_explained(game, move),
                          progress=progress, key="gap", placeholder=_("a number"),
                          answers=[str(n)], wrong=[str(w) for w in wrong])


#: Every exercise of the course by name: what a lesson's cell calls.
EXERCISES: dict[str, Callable[..., Exercise]] = {
    "value": value_exercise,
    "rotation": rotation_exercise,
    "first placement": lambda progress=None: first_placement_exercise(progress=progress),
    "fit": fit_exercise,
    "why corner": lambda progress=None: why_exercise("why_corner", progress),
    "why window": lambda progress=None: why_exercise("why_window", progress),
    "points": points_exercise,
    "most cards": most_cards_exercise,
    "score two players": lambda progress=None: score_exercise(2, 2, progress),
    "score three players": lambda progress=None: score_exercise(7, 3, progress),
    "challenge": challenge_exercise,
    "gap": gap_exercise,
}


#: The course's exercises by name, or "puzzle N": what a lesson's cell calls.
exercise = Catalogue("Smartrix", EXERCISES, load_puzzles, puzzle_exercise)
