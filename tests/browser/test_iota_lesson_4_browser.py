"""IOTA lesson 4 (wilds, passing, the end) in JupyterLab in Chromium: every
exercise done wrong, hinted and done right, as a student does it: typing an
answer, or clicking the exercise's board (Pass, Undo, Take back as a student
would), then Check; and Show me on the recycling board.

Answers and positions come from the lesson's own functions (``kit.lessons.iota``);
the board exercises are built again here with the same factory and driven in
step (exercise_board.py), so the page must say what the kit says. Set
KIT_SCREENSHOTS=DIR to keep a picture of each step (1366 x 768).
"""

from __future__ import annotations

from canvas_page import checksum, open_and_run, wait_for_checksum
from exercise_board import ExerciseBoard, look_above, look_below
from kit.iota.cards import TEXT
from kit.iota.moves import Recycle
from kit.lessons import iota as lesson
from lesson_page import exercise, hint, right, wrong

NOTEBOOK = "notebooks/iota/04_wilds_passing_end.ipynb"
EXERCISES = 6


def done(box, n: int) -> None:
    assert f"{n} of {EXERCISES} exercises done" in box.inner_text()


def wild_card(page) -> None:
    game = lesson.wild_position()
    fits = game.wilds()[(0, 1)]
    box = exercise(page, "Name a card the wild at row 0, column 1 could stand for.")
    # A card from the hand that does not fit: the kit names the line it breaks.
    misfit = next(TEXT[c] for c in game.hands[0]
                  if not lesson.check_wild(game, (0, 1), TEXT[c]).correct)
    said = wrong(box, misfit)
    assert f"{misfit} does not fit" in said and "neither all the same nor all different" in said
    look_below(page, box, "iota4_wild_wrong")
    hint(box)
    look_below(page, box, "iota4_wild_hint")
    said = right(box, fits)
    assert "fits the wild's row and its column" in said
    done(box, 1)
    look_below(page, box, "iota4_wild_right")


def recycle(page) -> None:
    box = exercise(page, "Recycle the wild")
    ex = ExerciseBoard(box, lesson.recycle_exercise)
    game, wild = ex.board.game, (0, 1)
    hand = [TEXT[c] for c in game.hands[0]]
    stands_for = hand.index(game.wilds()[wild])
    misfit = next(i for i, card in enumerate(hand)
                  if i != stands_for and not game.explain(Recycle(wild, game.hands[0][i])).legal)

    # A card the wild cannot stand for: the board refuses it and says why.
    said = ex.act(("hand", misfit), ("cell", wild))
    assert "cannot replace the wild" in said and "neither all the same" in said, said
    look_above(page, box, "iota4_recycle_refused")
    ex.press("Check", r"^✘ I could not use that answer: nothing recycled yet")
    look_below(page, box, "iota4_recycle_refused_check")

    # A card put on the table is a play, not a recycle.
    empty = (1, 0)
    ex.act(("button", "take_back"), ("hand", misfit), ("cell", empty))
    look_above(page, box, "iota4_recycle_placed")
    ex.press("Check", r"^✘ .*is a play, not a recycle")
    look_below(page, box, "iota4_recycle_wrong")
    hint(box)
    look_below(page, box, "iota4_recycle_hint")

    ex.act(("button", "take_back"), ("hand", stands_for), ("cell", wild))
    look_above(page, box, "iota4_recycle_done")
    ex.press("Check", r"^✔ Right! recycle 0,1 " + hand[stands_for])
    done(box, 2)
    look_below(page, box, "iota4_recycle_right")

    # Show me draws the recycle and the wild's best use on the board.
    before = checksum(ex.canvas)
    ex.press("Show me", r"^Solution: recycle 0,1 " + hand[stands_for])
    assert "Showing, not played: recycle 0,1" in ex.status
    page.get_by_text(ex.status, exact=False).first.wait_for()
    wait_for_checksum(ex.canvas, lambda v: v != before)
    look_above(page, box, "iota4_recycle_shown")


def pass_and_swap(page) -> None:
    box = exercise(page, "Pass, swapping exactly 2 of your cards")
    ex = ExerciseBoard(box, lesson.pass_exercise)
    # Nothing done yet: Check says what to do.
    ex.press("Check", r"^✘ I could not use that answer: nothing passed yet")
    look_below(page, box, "iota4_pass_nothing")
    # Passing with one card swapped: the kit counts them.
    ex.act(("button", "pass"), ("hand", 0))
    look_above(page, box, "iota4_pass_choosing")
    ex.act(("button", "pass"))
    ex.press("Check", r"^✘ .*You passed swapping 1 card, not 2")
    look_below(page, box, "iota4_pass_wrong")
    hint(box)
    look_below(page, box, "iota4_pass_hint")
    ex.act(("button", "undo"))
    swapped = " ".join(TEXT[ex.board.hand[i]] for i in (1, 3))
    ex.act(("button", "pass"), ("hand", 1), ("hand", 3), ("button", "pass"))
    look_above(page, box, "iota4_pass_passed")
    ex.press("Check", rf"^✔ Right! {swapped} went under the deck")
    done(box, 3)
    look_below(page, box, "iota4_pass_right")


def exchange_count(page) -> None:
    late = lesson.played_until(seed=1, deck_at_most=2)
    most = min(len(late.hands[late.to_move]), len(late.deck))
    box = exercise(page, "Passing here, at most how many cards may you swap?")
    look_above(page, box, "iota4_exchange_task")
    said = wrong(box, str(len(late.hands[late.to_move])))
    assert f"the deck holds {len(late.deck)}" in said and f"at most {most}" not in said
    look_below(page, box, "iota4_exchange_wrong")
    hint(box)
    look_below(page, box, "iota4_exchange_hint")
    right(box, str(most))
    done(box, 4)
    look_below(page, box, "iota4_exchange_right")


def final_score(page) -> None:
    end, final = lesson.final_play_position()
    points = end.explain(final).points
    box = exercise(page, f"their last cards: {final} ")
    look_above(page, box, "iota4_final_task")
    said = wrong(box, str(points // 2))   # forgot to double
    assert f"{points // 2} is not it" in said and "the play ends the game" in said
    assert "game is over" not in said
    look_below(page, box, "iota4_final_wrong")
    hint(box)
    look_below(page, box, "iota4_final_hint")
    said = right(box, str(points))
    final = end.scores[end.to_move] + points
    assert f"The game is over: this player ends with {final} points" in said
    done(box, 5)
    look_below(page, box, "iota4_final_right")


def all_pass(page) -> None:
    stuck = lesson.pass_position()
    box = exercise(page, "If you pass too, is the game over?")
    look_above(page, box, "iota4_allpass_task")
    over = lesson.check_pass_ends(stuck, "yes").correct
    said = wrong(box, "no" if over else "yes")
    assert ("both players have now passed in a row" if over else "goes on") in said
    look_below(page, box, "iota4_allpass_wrong")
    hint(box)
    look_below(page, box, "iota4_allpass_hint")
    right(box, "yes" if over else "no")
    done(box, 6)
    look_below(page, box, "iota4_allpass_right")


def test_lesson_4_every_exercise_judged_right_wrong_and_hinted(lab_server, lab_page):
    open_and_run(lab_page, lab_server, NOTEBOOK)
    for step in (wild_card, recycle, pass_and_swap, exchange_count, final_score, all_pass):
        step(lab_page)
