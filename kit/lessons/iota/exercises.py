"""Every exercise of the IOTA course, under its name (:data:`EXERCISES`, and
"puzzle N"): task, position, check, hints (a nudge first, never the answer),
solution, ``answers`` and the ``wrong`` tries a student makes, and for a board
``enter``. A lesson's cell only names it: ``lesson.exercise("both ends", progress)``.
A wrong try is told what is wrong with that try; only Show me gives the answer.

Not covered: the exercise widget (``kit.lessons.exercise``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from typing import Any, TypeVar

from kit.i18n import N_, _
from kit.iota import Game, best_turn
from kit.iota.cards import TEXT, VALUE
from kit.iota.moves import Play
import kit.lessons.exercise
from kit.lessons.exercise import Progress as LessonProgress
from kit.lessons.exercise import (Answering, Catalogue, Check, Exercise, Help, Shown, Walk,
                                  typed_exercise as typed_on_picture)
from kit.lessons.iota.answers import moves_of, read_play, turn_words
from kit.lessons.iota.boards import (board_exercise, board_for, enter_turn, show_turn, turn_on,
                                     turn_or)
from kit.lessons.iota.checks import (LINES, RULES, breakdown, check_both_ends, check_breaks,
                                     check_draw_count, check_exchange_count, check_final_score,
                                     check_legal_play, check_line, check_move, check_pass,
                                     check_pass_ends, check_recycle, check_score, check_wild,
                                     line_fault, line_problem_of, line_reasons)
from kit.lessons.iota.pictures import (draw_picture, final_picture, line_picture, play_picture,
                                      position_picture, table_picture)
from kit.lessons.iota.positions import (BREAKING, DRAW_PLAY, RULES_LEGAL, SCORING_KINDS, WILD_CELL,
                                        both_ends_position, exchange_position, final_play_position,
                                        lesson_scoring_plays, pass_position, recycle_position,
                                        rules_position, strategy_positions, wild_position)
from kit.lessons.iota.puzzles import (Puzzle, check_puzzle, hint_steps, load_puzzles, puzzle_about,
                                      puzzle_wrong, turn_hint)


# An IOTA picture scales down to the notebook's width (a table can be wide).
FLUID = "max-width: 100%; height: auto"


def typed_exercise(task: str, svg: str, check: Check, **options: Any) -> Exercise:
    """:func:`kit.lessons.exercise.typed_exercise` with the picture fitted to the notebook."""
    return typed_on_picture(task, svg, check, img_style=FLUID, **options)


class Progress(kit.lessons.exercise.Progress):
    """A lesson's progress in the IOTA course, kept per student (kit.lessons.record)."""

    COURSE = "iota"


#: The lessons' titles as the notebooks pass them to ``Progress("Meet IOTA")``: the
#: record keys (never translated), marked here so the catalogue has them; the
#: progress line shows ``_(title)``.
LESSON_TITLES = (N_("Meet IOTA"), N_("Making a play"), N_("Scoring"),
                 N_("Wilds, passing and the end"), N_("Strategy"), N_("Puzzles"))


# ----- the exercises, by name: what a lesson's cell calls -------------------------------
#
# Each exercise is data here: its task, position, check, hints, solution, answers and
# the wrong tries the tests walk it with. A lesson's cell only names it:
# ``lesson.exercise("both ends", progress)``.

EXERCISES: dict[str, Callable[..., Exercise]] = {}


Maker = TypeVar("Maker", bound=Callable[..., Exercise])


def named(name: str) -> Callable[[Maker], Maker]:
    """Register the decorated ``make(progress) -> Exercise`` as the exercise ``name``."""
    def register(make: Maker) -> Maker:
        EXERCISES[name] = make
        return make
    return register


# lesson 1 -----------------------------------------------------------------------------

def line_exercise(i: int, progress: LessonProgress | None = None) -> Exercise:
    """Lesson 1: is line ``i`` of :data:`LINES` valid?"""
    cards, hint = LINES[i]
    valid = line_problem_of(cards) is None
    answer = (_("valid: {why}").format(why=line_reasons(cards)) if valid
              else _("invalid: {why}").format(why=line_fault(cards)))
    # The task does not list the words to type (they are the answers): the box's
    # placeholder and the lesson's text say them.
    return typed_exercise(_("Line {n}: {cards}. Does it follow the rules for a line?").format(
                              n=i + 1, cards=" ".join(cards)),
                          line_picture(cards), lambda text: check_line(cards, text),
                          hints=[_(hint)], show=answer, progress=progress, key=f"line {i + 1}",
                          placeholder=_("valid or invalid"),
                          # (in the lesson's language, as Show me writes it; any is read)
                          answers=[_("valid") if valid else _("invalid")],
                          wrong=["invalid", "no"] if valid else ["valid", "yes"])


for _i in range(len(LINES)):
    named(f"line {_i + 1}")(lambda progress, i=_i: line_exercise(i, progress))


# lesson 2 -----------------------------------------------------------------------------

#: Target practice: each rule's task and hints (a nudge, then a pointer).
RULE_TASKS = {
    "line": (N_("Break rule 1: put two cards NOT in the same row or column."),
             [N_("Rule 1 wants all your cards in one row or one column. Use two rows."),
              N_("Put one card in row 0 and another in row 1, in different columns.")]),
    "touch": (N_("Break rule 2: put a card where it touches nothing."),
              [N_("Touching means side by side with a card on the table."),
               N_("A corner does not count as touching: try a cell diagonally off an end of "
                  "the row.")]),
    "gap": (N_("Break rule 3: play two cards in a row with an empty cell between them."),
            [N_("Rule 3 wants one unbroken run: leave a hole in yours."),
             N_("Use row 1: one card under 1RC, one under 3RC.")]),
    "long": (N_("Break rule 4: make a line of 5 cards."),
             [N_("The row already has 3 cards. How many more make 5?"),
              N_("Put two cards at the same end of the row.")]),
    "match": (N_("Break rule 5: add one card that does not match the row."),
              [N_("The row is all red circles, numbered 1, 2, 3."),
               N_("Which of your cards would spoil the colours, or the shapes?")]),
}


def rule_exercise(rule: str, progress: LessonProgress | None = None) -> Exercise:
    """Target practice on the rules board: break ``rule`` on purpose."""
    task, hints = RULE_TASKS[rule]
    wrong = [RULES_LEGAL] + [BREAKING[other] for other in RULES if other != rule]
    return board_exercise(_(task), rules_position(), lambda g, p: check_breaks(g, rule, p),
                          hints=[_(h) for h in hints], solution=BREAKING[rule], progress=progress,
                          key=f"break: {rule}", wrong=wrong)


for _rule in RULES:
    named(f"break: {_rule}")(lambda progress, rule=_rule: rule_exercise(rule, progress))


@named("legal play")
def legal_play_exercise(progress: LessonProgress | None = None) -> Exercise:
    return board_exercise(
        _("Make a legal play on this table."), rules_position(), check_legal_play,
        hints=[_("Your cards must touch the table, and every line must stay all the same or "
                 "all different in number, colour and shape."),
               _("The row 1RC 2RC 3RC is all red circles numbered 1, 2, 3: which of your cards "
                 "carries that on?")],
        solution=RULES_LEGAL, progress=progress, key="legal play",
        wrong=["1YS@0,3", "4RC@-1,-1", "4YC@1,0 2BX@1,2", "2BX@0,-1"])


@named("both ends")
def both_ends_exercise(progress: LessonProgress | None = None) -> Exercise:
    return board_exercise(
        _("Play two cards: one at each end of the row 2RC 3RC."), both_ends_position(),
        check_both_ends,
        hints=[_("The row needs numbers that are all different: which numbers are missing?"),
               _("One missing number goes just before 2RC, the other just after 3RC.")],
        solution="1RC@0,-1 4RC@0,2", progress=progress, key="both ends",
        wrong=["4RC@0,2", "1RC@-1,0 4RC@1,0", "1RC@0,-1 4RC@0,3", "1YS@0,-1 4RC@0,2"])


@named("draw")
def draw_exercise(progress: LessonProgress | None = None) -> Exercise:
    game = rules_position()
    n = next(k for k in range(5) if check_draw_count(game, DRAW_PLAY, str(k)).correct)
    return typed_exercise(
        _("You play two cards, {play} (outlined). How many cards do you draw?").format(
            play=DRAW_PLAY),
        draw_picture(), lambda text: check_draw_count(game, DRAW_PLAY, text),
        hints=[_("How many cards are left in your hand after the play? The picture shows it."),
               _("You draw until you hold 4 again; the deck has plenty.")],
        show=_("{n}: after the play you hold {left}, and you draw back up to 4").format(
            n=n, left=4 - n),
        progress=progress, key="draw", placeholder=_("a number"),
        answers=[str(n)], wrong=[str(k) for k in (0, 1, 3, 4) if k != n])


# lesson 3 -----------------------------------------------------------------------------

#: Each kind of play to score, with its hints (a nudge, then a pointer).
SCORE_HINTS = {
    "one line": [N_("Only one line holds the new cards."),
                 N_("Add up the numbers of all its cards, the old ones too.")],
    "two lines": [N_("The new card sits in a row and in a column."),
                  N_("Add up both lines: the new card counts in each.")],
    # Translators: "lot" is a line of exactly 4 cards (IOTA's "lote")
    "a lot": [N_("One line now has 4 cards: that is a lot."),
              N_("Add up every line through the new card, then double the total.")],
    "a wild": [N_("A wild counts 0."),
               N_("Add up every line through the new cards; the wild adds nothing.")],
}


def score_wrong(game: Game, play: str | Play) -> list[str]:
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


def score_exercise(game: Game, play: str, hints: Sequence[str] = (),
                   progress: LessonProgress | None = None, key: str | None = None) -> Exercise:
    """Lesson 3: the play is shown on the table (outlined), without the seats' scores;
    type its score."""
    svg = play_picture(game, play, panel=False)
    why = game.explain(read_play(play))
    return typed_exercise(_("The outlined cards were just played ({play}). How many points?")
                          .format(play=play),
                          svg, lambda text: check_score(game, play, text),
                          hints=[_(h) for h in hints],
                          show=breakdown(why), progress=progress, key=key or play,
                          placeholder=_("points, e.g. 12"), answers=[str(why.points)],
                          wrong=score_wrong(game, play))


for _kind in SCORING_KINDS:
    named(f"score: {_kind}")(lambda progress, kind=_kind: score_exercise(
        *lesson_scoring_plays()[kind], SCORE_HINTS[kind], progress, key=f"score: {kind}"))


# lesson 4 -----------------------------------------------------------------------------

@named("wild")
def wild_exercise(progress: LessonProgress | None = None) -> Exercise:
    """Lesson 4: type a card the wild could stand for. Its picture does not label the
    wild with what it stands for, nor show the hand (which holds it): either would be
    the answer. The small table needs no board-sized box, nor the seats' panel (it
    made the picture too wide for the answer's column beside it: issue 30)."""
    game = wild_position()
    card = game.wilds()[WILD_CELL]
    return typed_exercise(
        _("Name a card the wild at row 0, column 1 could stand for."),
        table_picture(game, show_wilds=False, shown=()),
        lambda text: check_wild(game, WILD_CELL, text),
        hints=[_("Row: 2 _ 2 means the number is 2; T _ T means a triangle."),
               _("Column: red square 3, green cross 4. The colour must differ from both, "
                 "and from the row's red and blue.")],
        show=f"{card}: {check_wild(game, WILD_CELL, card).why}", progress=progress,
        key="wild", placeholder=_("e.g. 3GT"), answers=[card],
        wrong=["1RC", "2RT", "2GT", "3YT"])


@named("recycle")
def recycle_exercise(progress: LessonProgress | None = None) -> Exercise:
    """Lesson 4: take the wild back by putting the right card in its place, on the board."""
    game = recycle_position()
    board = board_for(game)
    cell = (0, 1)
    card = game.wilds()[cell]
    misfit = next(TEXT[c] for c in game.hands[0] if TEXT[c] != card)
    recycle = f"recycle 0,1 {card}"
    nothing = _("nothing recycled yet: pick the card from your hand that the wild stands "
                "for, then the wild")
    return Exercise(
        _("Recycle the wild: pick the card from your hand that can take its place, "
          "then the wild."), lambda turn: check_recycle(game, turn),
        answer=Answering(read=lambda: turn_or(board, nothing), enter=lambda text: enter_turn(board, text)),
        help=Help(hints=[_("The wild's row decides part of the card it stands for, and its column "
                           "the rest: number, colour and shape."),
                         _("Row 1GS _ 3GS: which number and shape? Column _ 2YC 2BX: which number "
                           "and colour? Pick that card in your hand, then the wild.")],
                  show=lambda: show_turn(board, [recycle, "W@3,1"]),
                  solution=_("Pick {card} in your hand, then the wild at row 0, column 1: {move}.").format(
                      card=card, move=recycle) + f" {check_move(game, recycle).why}"),
        shown=Shown(board=board),
        walk=Walk(answers=[recycle], wrong=[f"{misfit}@1,0", "pass", f"recycle 0,1 {misfit}"]),
        progress=progress, key="recycle")


@named("pass")
def pass_exercise(progress: LessonProgress | None = None) -> Exercise:
    """Lesson 4: pass on the board, swapping two cards."""
    game = rules_position()
    board = board_for(game)
    nothing = _("nothing passed yet: press Pass on the board, pick two cards in your hand, "
                "then press Pass again")
    return Exercise(_("Pass, swapping exactly 2 of your cards for new ones."),
                    lambda turn: check_pass(game, 2, turn),
                    answer=Answering(read=lambda: turn_or(board, nothing),
                                     enter=lambda text: enter_turn(board, text)),
                    help=Help(hints=[_("Press Pass on the board: then you choose the cards to swap."),
                                     _("Pick two cards in your hand, then press Pass again.")],
                              show=_("Pass, pick 1YS and 2BX, Pass: pass 1YS 2BX")),
                    shown=Shown(board=board),
                    walk=Walk(answers=["pass 1YS 2BX"],
                              wrong=["pass 1YS", "pass", "4RC@0,3", "pass 1YS 4YC 2BX"]),
                    progress=progress, key="pass")


@named("exchange")
def exchange_exercise(progress: LessonProgress | None = None) -> Exercise:
    """Lesson 4: at most how many cards may the mover swap here? The position is in the
    exercise's picture (the deck and the hand under the table), where the student looks."""
    game = exchange_position()
    most = min(len(game.hands[game.to_move]), len(game.deck))
    return typed_exercise(_("Passing here, at most how many cards may you swap?"),
                          position_picture(game), lambda text: check_exchange_count(game, text),
                          hints=[_("Look under the table: how many cards are in the deck? "
                                   "And in your hand?"),
                                 _("You may swap no more cards than the deck holds, nor more "
                                   "than you hold.")],
                          show=f"{most}: {check_exchange_count(game, str(most)).why}",
                          progress=progress, key="exchange", placeholder=_("a number"),
                          answers=[str(most)],
                          wrong=[str(k) for k in range(5) if k != most])


@named("final")
def final_score_exercise(progress: LessonProgress | None = None) -> Exercise:
    """Lesson 4: type the score of a play that ends the game (doubled), on its picture;
    the right answer also says the game is over and the final scores."""
    game, play = final_play_position()
    why = game.explain(play)
    return typed_exercise(
        _("The deck is empty, and the player to move plays their last cards: {play} (drawn "
          "faintly, dashed). How many points does this play score?").format(play=play),
        final_picture(game, play),
        lambda text: check_final_score(game, play, text),
        hints=[_("Add up each line through the new cards (a card in two lines counts in both)."),
               _("Then double: the play ends the game.")],
        show=breakdown(why), progress=progress, key="final", placeholder=_("points, e.g. 12"),
        answers=[str(why.points)], wrong=score_wrong(game, play))


@named("all pass")
def all_pass_exercise(progress: LessonProgress | None = None) -> Exercise:
    """Lesson 4: the deck is empty and the other player has passed: is the game over if
    you pass too?"""
    stuck = pass_position()
    over = check_pass_ends(stuck, "yes").correct
    said = "yes" if over else "no"
    shown = _("yes") if over else _("no")
    return typed_exercise(
        _("The deck is empty and the other player just passed. If you pass too, is the game "
          "over?"), position_picture(stuck), lambda text: check_pass_ends(stuck, text),
        hints=[_("Count the passes in a row: the other player's, then yours."),
               _("Look at the deck, under the table.")],
        show=f"{shown}: {check_pass_ends(stuck, said).why}", progress=progress,
        key="all pass", placeholder=_("yes or no"), answers=[said],
        wrong=["no" if over else "yes"])


def puzzle_exercise(puzzle: Puzzle, progress: LessonProgress | None = None, *,
                    task: str = "", key: str = "") -> Exercise:
    """A puzzle on a live board: make the turn, Check, Hint, Show me (draws the solution).
    The board opens showing every cell the puzzle is about."""
    game = puzzle.game
    board = board_for(game, open_hands=puzzle.goal == "block_lot",
                      about=puzzle_about(game, puzzle.solution))
    return Exercise(task or puzzle.task, lambda turn: check_puzzle(puzzle, turn),
                    answer=Answering(read=lambda: turn_on(board), enter=lambda text: enter_turn(board, text)),
                    # A puzzle's hint comes from puzzles/iota.json (the catalogue has it); a
                    # best-play exercise's (number 0) is made here, already translated.
                    help=Help(hints=hint_steps(_(puzzle.hint) if puzzle.number else puzzle.hint),
                              show=lambda: show_turn(board, puzzle.solution),
                              solution=lambda: turn_words(game, puzzle.solution,
                                                          lambda t: check_puzzle(puzzle, t))),
                    shown=Shown(board=board),
                    walk=Walk(answers=[str(m) for m in moves_of(list(puzzle.solution))],
                              wrong=puzzle_wrong(puzzle)),
                    progress=progress, key=key or f"puzzle {puzzle.number}")


def best_exercise(game: Game, hint: str, progress: LessonProgress | None = None) -> Exercise:
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
    return puzzle_exercise(puzzle, progress,
                           task=_("Find the best play: the most points this turn."),
                           key="best play")


@named("best play")
def strategy_best_exercise(progress: LessonProgress | None = None) -> Exercise:
    return best_exercise(strategy_positions()[3],
                         _("Look for a lot first, then for a crossing of two lines."), progress)


#: The course's exercises by name: what a lesson's cell calls (see EXERCISES above).
exercise = Catalogue("IOTA", EXERCISES, load_puzzles, puzzle_exercise)
