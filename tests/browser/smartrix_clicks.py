"""The clicks a student makes for a Smartrix move, planned on a board built here.

A move is text (``kit.smartrix.moves``) or a Move: a card turned as written
placed at a cell (``01101011@0,1``, maybe ``... claim``), ``pass``, or on a
free table ``claim r,c ...`` / ``challenge r,c ...``. ``clicks`` yields the
clicks that make it on ``board``, each worked out just before it is made from
the board as it is then: the hand card whose turns include the written card
(clicked to select it), Rotate until the selected card lies as written (the
board keeps a card's turns while it stays selected), Claim to arm "place and
claim", then the cell; a pass is the Pass button; a claim or challenge clicks
its table cards, then Claim or Challenge. Where a big table shows a window of
its cells (``board.pan_to(cell)`` or shaded edges, once the board has them),
the window is panned first. ``where`` is the canvas pixel of a click, read
from the board's own geometry (never written here).

Not covered: doing the clicks in a page (``lesson_twin.InStep.act``), which
move to make (each lesson's data), plain boards' plans (``board_plans``).
"""

from __future__ import annotations

from board_plans import point
from kit.smartrix.cards import CANONICAL, TEXT, parse_card, rotate
from kit.smartrix.moves import Move


class CannotClick(AssertionError):
    """The move cannot be made by clicks on this board (its card is in no hand)."""


def hand_cards(board) -> list:
    """The hand of the seat to move, as card ints (the board shows this hand)."""
    game = board.game
    return [parse_card(text) for text in game.hand(game.to_move)]


def hand_index(board, card: int) -> int:
    """Which hand card is ``card`` in some turn; CannotClick if none."""
    for i, held in enumerate(hand_cards(board)):
        if CANONICAL[held] == CANONICAL[card]:
            return i
    raise CannotClick(f"no card of this hand turns into {TEXT[card]}")


def turns_from(held: int, card: int) -> int:
    """Quarter turns clockwise taking ``held`` to ``card``."""
    return next(k for k in range(4) if rotate(held, k) == card)


def pans_to(board, cell):
    """Pan actions until ``cell`` is in the table's window, when the board shows a
    window of a bigger table (no action when the whole table is drawn)."""
    shows = getattr(board, "shows", None)
    pan = getattr(board, "pan_toward", None)
    if not callable(shows) or not callable(pan):
        return
    for _ in range(30):
        if shows(cell):
            return
        yield ("pan", pan(cell))
    raise AssertionError(f"cannot pan the table to {cell}")


def clicks(board, move):
    """The clicks making ``move`` on ``board``, each worked out just before it is
    made: consume it one click at a time (the board must follow each click)."""
    move = Move.parse(move) if isinstance(move, str) else move
    if move.kind == "pass":
        yield ("button", "pass")
        return
    if move.kind in ("claim", "challenge"):
        for cell in move.cells:
            yield from pans_to(board, cell)
            if cell not in board.picked:
                yield ("cell", cell)
        for cell in set(board.picked) - set(move.cells):
            yield from pans_to(board, cell)
            yield ("cell", cell)      # unpick what is not part of it
        yield ("button", move.kind)
        return
    i = hand_index(board, move.card)
    yield ("hand", i)
    for _ in range(turns_from(board.selected_card, move.card)):
        yield ("button", "rotate")
    assert board.selected_card == move.card, (board.selected_card, move.card)
    if move.claim and not board.claim_armed:
        yield ("button", "claim")
    yield from pans_to(board, move.cell)
    yield ("cell", move.cell)


def where(board, action) -> tuple:
    """Canvas pixels of a cell, a hand card or a pan control (the board's geometry)."""
    kind, what = action
    if kind == "pan":
        x, y = board.pan_point(what)
        return x * board.view.pixel_ratio, y * board.view.pixel_ratio
    return point(board, action)


def make(step, move) -> str:
    """Make ``move`` on an ``InStep``'s page board and its twin by clicks, each
    planned on the twin just before it; returns the status line both show."""
    for action in clicks(step.board, move):
        step.act(action)
    return step.status


def clickable(board, move) -> bool:
    """Whether ``move`` can be made by clicks here (its card is in the mover's hand)."""
    move = Move.parse(move) if isinstance(move, str) else move
    if move.kind != "place":
        return True
    try:
        hand_index(board, move.card)
    except CannotClick:
        return False
    return True


# ----- an exercise walked: wrong, hint, right (Show me) --------------------------
# (Until tests/browser/course_walk.py drives every course's exercises from their data.)

def _tries(ex, name: str) -> list:
    return [t for t in (getattr(ex, name, None) or []) if t]


def board_move(text):
    """``text`` as a Move when it is one (a board exercise's try), else None."""
    try:
        return Move.parse(text) if isinstance(text, str) else text
    except ValueError:
        return None


def right_try(step):
    """The exercise's answer as a student gives it: the first of ``answers`` the check
    takes as right (all of them, joined, for an answer of several tokens); before the
    lessons declare ``answers``, the solution's first word."""
    from board_plans import offline
    ex = step.exercise
    answers = _tries(ex, "answers")
    if step.board is not None:
        moves = [m for m in map(board_move, answers) if m is not None]
        if not moves:
            moves = [board_move(ex.solution_text().split(". ")[0])]
        return moves[0]
    candidates = answers + ([" ".join(answers)] if len(answers) > 1 else [])
    if not candidates:
        candidates = [ex.solution_text().split(" (")[0].rstrip(".")]
    for text in candidates:
        try:
            if offline(ex.check, text).correct:
                return text
        except ValueError:
            continue
    raise AssertionError(f"{ex.key}: none of {candidates} is judged right")


def enter(step, answer) -> str:
    """Give ``answer`` as a student does: typed, or by clicks on the board."""
    if step.board is None:
        step.type(answer)
        return answer
    return make(step, answer)


def take_back(step) -> None:
    """Undo every move on the exercise's board, as a student does (the Undo button)."""
    while step.board is not None and step.board.game.history:
        step.act(("button", "undo"))


def hint_step(step) -> str:
    """Press Hint in the page and on the twin: the page shows the twin's hint line."""
    import re

    from playwright.sync_api import expect

    from board_plans import offline
    from lesson_page import TIMEOUT
    ex = step.exercise
    offline(ex.hint)
    step.part.get_by_role("button", name="Hint", exact=True).click()
    line = step.part.locator(".kit-hint")
    expect(line).to_have_text(re.compile(r"^\s*" + re.escape(ex.hint_message) + r"\s*$"),
                              timeout=TIMEOUT)
    return line.inner_text()


def walk_exercise(step, name: str, *, wrong=None, show: bool = False) -> dict:
    """One exercise done as a student does it: a wrong try (the first of its ``wrong``,
    or ``wrong``) and Check, a hint, the wrong try taken back, the right one and Check,
    then Show me if ``show``. The page's words equal the twin's at each step (``press``);
    screenshots ``<name>_1_wrong`` ... when KIT_SCREENSHOTS is set. Returns what was said."""
    ex, said = step.exercise, {}
    board = step.board is not None
    step.look(f"{name}_0_task", "start")
    tries = [wrong] if wrong is not None else _tries(ex, "wrong")
    if board:
        tries = [t for t in tries if clickable(step.board, t)]
    assert tries, f"{ex.key}: no wrong try to make"
    enter(step, tries[0])
    said["wrong"] = step.press("Check")
    assert said["wrong"].startswith("✘ "), said["wrong"]
    assert step.verdict is None or not step.verdict.correct
    step.look(f"{name}_1_wrong", "end" if board else "center",
              step.part.locator(".kit-feedback") if board else None)
    said["hint"] = hint_step(step)
    step.look(f"{name}_2_hint", "end" if board else "center",
              step.part.locator(".kit-hint") if board else None)
    take_back(step)
    enter(step, right_try(step))
    said["right"] = step.press("Check")
    assert said["right"].startswith("✔ Right!"), said["right"]
    said["progress"] = step.progress()
    step.look(f"{name}_3_right", "end" if board else "center",
              step.part.locator(".kit-feedback") if board else None)
    if show:
        said["show"] = step.press("Show me")
        step.look(f"{name}_4_show", "center", step.board_view if board else None)
    return said


def guess_wrong(step):
    """A wrong try for an exercise that declares none yet: typed, the first of a few
    plain answers its check reads and judges wrong; on a board, a legal placement the
    check judges wrong, else one the rules refuse (``board_plans.smartrix_illegal``)."""
    from board_plans import offline, smartrix_illegal
    ex = step.exercise
    if step.board is None:
        for text in ("0", "3", "12", "10100000", "0,1", "side", "0 0", "0 0 0", "-1,0"):
            try:
                if not offline(ex.check, text).correct:
                    return text
            except ValueError:
                continue
        raise AssertionError(f"{ex.key}: no plain wrong answer found")
    game = step.board.game
    for move in game.legal_moves():
        if move.kind == "place" and not offline(ex.check, move).correct:
            return move
    actions, _words = smartrix_illegal(step.board)
    (_, i), (_, cell) = actions
    return Move.place(hand_cards(step.board)[i], *cell)
