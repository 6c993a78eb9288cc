"""IOTA lesson 4 (wilds, passing, the end) in JupyterLab in Chromium: every
exercise done wrong, hinted and done right, as a student does it: typing an
answer, or clicking the exercise's board (Pass, Undo, Take back as a student
would), then Check; and Show me on the recycling board.

The lesson's code cells are run here too (``lesson_twin``): the same exercises
and boards, given the same clicks and answers, say what the page must say.
Answers and positions come from the lesson's own functions
(``kit.lessons.iota``). Set KIT_SCREENSHOTS=DIR to keep a picture of each step
(1366 x 768).
"""

from __future__ import annotations

import re

from canvas_page import checksum, wait_for_checksum
from kit.iota.cards import TEXT
from kit.iota.moves import Recycle
from kit.lessons import iota as lesson
from lesson_page import hint
from lesson_twin import Lesson

NOTEBOOK = "notebooks/iota/04_wilds_passing_end.ipynb"
EXERCISES = 6


def done(step, n: int) -> None:
    assert f"{n} of {EXERCISES} exercises done" in step.progress()
    assert f"{n} of {EXERCISES} exercises done" in step.part.inner_text()


def wrong(step, text: str) -> str:
    said = step.answer(text)
    assert said.startswith("✘ "), said
    return said


def right(step, text: str) -> str:
    said = step.answer(text)
    assert said.startswith("✔ Right!"), said
    return said


def pressed(step, label: str, expect_words: str) -> str:
    said = step.press(label)
    assert re.search(expect_words, said), said
    return said


def wild_card(walk) -> None:
    game = lesson.wild_position()
    fits = game.wilds()[(0, 1)]
    step = walk.exercise("Name a card the wild at row 0, column 1 could stand for.")
    # A card from the hand that does not fit: the kit names the line it breaks.
    misfit = next(TEXT[c] for c in game.hands[0]
                  if not lesson.check_wild(game, (0, 1), TEXT[c]).correct)
    said = wrong(step, misfit)
    assert f"{misfit} does not fit" in said and "neither all the same nor all different" in said
    step.look("iota4_wild_wrong")
    hint(step.part)
    step.look("iota4_wild_hint")
    said = right(step, fits)
    assert "fits the wild's row and its column" in said
    done(step, 1)
    step.look("iota4_wild_right")


def recycle(walk) -> None:
    step = walk.exercise("Recycle the wild")
    game, wild = step.board.game, (0, 1)
    hand = [TEXT[c] for c in game.hands[0]]
    stands_for = hand.index(game.wilds()[wild])
    misfit = next(i for i, card in enumerate(hand)
                  if i != stands_for and not game.explain(Recycle(wild, game.hands[0][i])).legal)

    # A card the wild cannot stand for: the board refuses it and says why.
    said = step.act(("hand", misfit), ("cell", wild))
    assert "cannot replace the wild" in said and "neither all the same" in said, said
    step.look("iota4_recycle_refused", "start")
    pressed(step, "Check", r"^✘ I could not use that answer: nothing recycled yet")
    step.look("iota4_recycle_refused_check")

    # A card put on the table is a play, not a recycle.
    empty = (1, 0)
    step.act(("button", "take_back"), ("hand", misfit), ("cell", empty))
    step.look("iota4_recycle_placed", "start")
    pressed(step, "Check", r"^✘ .*is a play, not a recycle")
    step.look("iota4_recycle_wrong")
    hint(step.part)
    step.look("iota4_recycle_hint")

    step.act(("button", "take_back"), ("hand", stands_for), ("cell", wild))
    step.look("iota4_recycle_done", "start")
    pressed(step, "Check", r"^✔ Right! recycle 0,1 " + hand[stands_for])
    done(step, 2)
    step.look("iota4_recycle_right")

    # Show me draws the recycle and the wild's best use on the board.
    before = checksum(step.canvas)
    pressed(step, "Show me", r"^Solution: recycle 0,1 " + hand[stands_for])
    assert "Showing, not played: recycle 0,1" in step.status
    step.status_in_page().wait_for()
    wait_for_checksum(step.canvas, lambda v: v != before)
    step.look("iota4_recycle_shown", "start")


def pass_and_swap(walk) -> None:
    step = walk.exercise("Pass, swapping exactly 2 of your cards")
    # Nothing done yet: Check says what to do.
    pressed(step, "Check", r"^✘ I could not use that answer: nothing passed yet")
    step.look("iota4_pass_nothing")
    # Passing with one card swapped: the kit counts them.
    step.act(("button", "pass"), ("hand", 0))
    step.look("iota4_pass_choosing", "start")
    step.act(("button", "pass"))
    pressed(step, "Check", r"^✘ .*You passed swapping 1 card, not 2")
    step.look("iota4_pass_wrong")
    hint(step.part)
    step.look("iota4_pass_hint")
    step.act(("button", "undo"))
    swapped = " ".join(TEXT[step.board.hand[i]] for i in (1, 3))
    step.act(("button", "pass"), ("hand", 1), ("hand", 3), ("button", "pass"))
    step.look("iota4_pass_passed", "start")
    pressed(step, "Check", rf"^✔ Right! {swapped} went under the deck")
    done(step, 3)
    step.look("iota4_pass_right")


def exchange_count(walk) -> None:
    late = lesson.exchange_position()
    most = min(len(late.hands[late.to_move]), len(late.deck))
    step = walk.exercise("Passing here, at most how many cards may you swap?")
    step.look("iota4_exchange_task", "start")
    said = wrong(step, str(len(late.hands[late.to_move])))
    # What is wrong with that count, never the limit.
    assert "draw back a card" in said and str(most) not in said, said
    step.look("iota4_exchange_wrong")
    hint(step.part)
    step.look("iota4_exchange_hint")
    right(step, str(most))
    done(step, 4)
    step.look("iota4_exchange_right")


def final_score(walk) -> None:
    end, final = lesson.final_play_position()
    points = end.explain(final).points
    step = walk.exercise(f"their last cards: {final} ")
    step.look("iota4_final_task", "start")
    said = wrong(step, str(points // 2))   # forgot to double
    assert f"{points // 2} is not it" in said and "the play ends the game" in said
    assert "game is over" not in said
    step.look("iota4_final_wrong")
    hint(step.part)
    step.look("iota4_final_hint")
    said = right(step, str(points))
    final = end.scores[end.to_move] + points
    assert f"The game is over: this player ends with {final} points" in said
    done(step, 5)
    step.look("iota4_final_right")


def all_pass(walk) -> None:
    stuck = lesson.pass_position()
    step = walk.exercise("If you pass too, is the game over?")
    step.look("iota4_allpass_task", "start")
    over = lesson.check_pass_ends(stuck, "yes").correct
    said = wrong(step, "no" if over else "yes")
    # A yes/no question's wrong answer: what to look at, not the verdict.
    assert "count the passes in a row" in said and "ends" not in said, said
    step.look("iota4_allpass_wrong")
    hint(step.part)
    step.look("iota4_allpass_hint")
    right(step, "yes" if over else "no")
    done(step, 6)
    step.look("iota4_allpass_right")


def test_lesson_4_every_exercise_judged_right_wrong_and_hinted(lab_server, lab_page):
    walk = Lesson(lab_page, lab_server, NOTEBOOK)
    for step in (wild_card, recycle, pass_and_swap, exchange_count, final_score, all_pass):
        step(walk)
