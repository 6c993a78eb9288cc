"""IOTA lesson 6 (puzzles) in JupyterLab in Chromium: every puzzle done wrong,
hinted and done right by clicks on its live board, as a student does it.

The lesson's code cells are run here too (``lesson_twin``): each puzzle's twin
(positions are data, so deterministic) is given the same clicks in step: where
to click is the twin board's at that moment (the table's window may move as
cards are placed, or be scrolled), and what the page must say is what the
twin board and exercise say. The wrong turn comes
from the engine's ranking (a play scoring less than the goal, or leaving the
lot open, or one the rules refuse), the right turn is the puzzle's solution.
Some turns are confirmed (then Undo), some checked while pending (then Take
back). Show me is pressed on a "best" puzzle and a block-the-lot puzzle.
Set KIT_SCREENSHOTS=DIR to keep a picture of each step.
"""

from __future__ import annotations

from playwright.sync_api import expect

from canvas_page import checksum, wait_for_checksum
from kit.iota import rank_moves
from kit.iota.moves import Play
from kit.lessons import iota as lesson
from lesson_page import TIMEOUT, hint
from lesson_twin import Lesson

PUZZLES = lesson.load_puzzles()
SHOW_ME = {next(p.number for p in PUZZLES if p.goal == "best"),
           next(p.number for p in PUZZLES if p.goal == "block_lot")}
ILLEGAL = {2, 3}   # the wrong try breaks a rule (3: confirmed, the board refuses; 2: pending)


def wrong_turn(puzzle) -> list:
    """A turn that misses the goal: judged by the engine, not written by hand."""
    game = puzzle.game
    if puzzle.number in ILLEGAL:
        return [illegal_play(game)]
    solution_points = lesson.play_turn(game, lesson.read_turn(list(puzzle.solution)))[1]
    for points, play in rank_moves(game):
        after = lesson.play_turn(game, [play])[0]
        if puzzle.goal == "block_lot" and lesson.lot_plays(after):
            return [play]
        if puzzle.goal == "best" and points < solution_points:
            return [play]
        if puzzle.goal == "at_least" and points < puzzle.target:
            return [play]
    raise AssertionError(f"puzzle {puzzle.number}: no wrong turn found")


def illegal_play(game) -> Play:
    """One card beside the table where the rules refuse it."""
    for card in game.hands[game.to_move]:
        for r, c in sorted(game.table):
            for cell in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)):
                play = Play.of([(card, cell)])
                if cell not in game.table and not game.explain(play).legal:
                    return play
    raise AssertionError("every card fits everywhere")


def check(step, mark: str) -> str:
    """Press Check in the page and on the twin: the twin judged the turn (right or
    wrong as ``mark`` says) and the page says the twin's words."""
    said = step.press("Check")
    assert step.verdict is not None and step.verdict.correct == (mark == "✔"), said
    assert said == f"{mark} {step.exercise.message}", said
    return said


def test_lesson_6_every_puzzle_wrong_hinted_right_by_clicks(lab_server, lab_page):
    walk = Lesson(lab_page, lab_server, "notebooks/iota/06_puzzles.ipynb")
    assert [ex.task for ex in walk.exercises] == [p.task for p in PUZZLES]
    for done, puzzle in enumerate(PUZZLES, 1):
        step, n = walk.exercise(puzzle.task), puzzle.number
        board = step.board
        expect(step.status_in_page()).to_be_visible(timeout=TIMEOUT)
        step.look(f"iota6_p{n:02}_0_task", "start")

        # 1. wrong: confirmed on odd puzzles (the board plays it, or refuses it), pending on even
        confirm = n % 2 == 1
        step.turn(wrong_turn(puzzle), confirm)
        said = check(step, "✘")
        if puzzle.number in ILLEGAL:
            assert "is not allowed:" in said, said
        elif puzzle.goal == "best":
            assert "the best turn scores" in said, said
        elif puzzle.goal == "at_least":
            assert f"less than {puzzle.target}" in said, said
        else:
            assert "could still play" in said and "complete a lot" in said, said
        step.look(f"iota6_p{n:02}_1_wrong")

        # 2. hint, under the verdict
        assert step.exercise.hints[0] in hint(step.part)
        step.look(f"iota6_p{n:02}_2_hint")

        # 3. take the wrong try back as a student would, then the solution
        taken_back = "undo" if board.game.history else "take_back"
        step.act(("button", taken_back))
        assert not board.game.history and not board.placed
        step.turn(lesson.read_turn(list(puzzle.solution)), not confirm)
        check(step, "✔")
        assert f"Puzzles: {done} of {len(PUZZLES)} exercises done" in step.progress()
        step.look(f"iota6_p{n:02}_3_right")

        # 4. Show me: the board goes back to the start and draws the solution, unplayed
        if n in SHOW_ME:
            before = checksum(step.canvas)
            said = step.press("Show me")
            assert said.startswith("Solution: ") and str(puzzle.solution[-1]) in said, said
            assert board.view.message.startswith("Showing, not played:")
            expect(step.status_in_page()).to_be_visible(timeout=TIMEOUT)
            wait_for_checksum(step.canvas, lambda v, before=before: v != before)
            step.look(f"iota6_p{n:02}_4_show_me", "center", step.board_view)
