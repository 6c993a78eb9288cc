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
its cells, the window is panned first: the board's shaded edge toward the cell
(``board.shows(cell)``, ``board.pan_toward(cell)``), clicked until it shows.
``where`` is the canvas pixel of a click, read from the board's own geometry
(``board.xy``, ``board.hand_xy``, ``board.pan_point``; never written here).

``clickable`` says whether a student can make a move by clicks at all (a
placement outside the drawn table cannot be): the course walk makes the first
of an exercise's wrong tries that is.

Not covered: doing the clicks in a page (``lesson_twin.InStep.act``), which
move to make (each exercise's ``wrong`` and ``answers``, walked by
``course_walk``), plain boards' plans (``board_plans``).
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
    for _ in range(30):
        if board.shows(cell):
            return
        yield ("pan", board.pan_toward(cell))
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


def drawn(board, cell) -> bool:
    """Whether a click can reach ``cell``: it is in the table's window, or a shaded
    edge scrolls the window toward it (the board says which; a cell beyond a 5 x 5
    window's edge is on no table)."""
    cell = tuple(cell)
    if board.shows(cell):
        return True
    try:
        board.pan_toward(cell)
    except ValueError:
        return False
    return True


def clickable(board, move) -> bool:
    """Whether a student can make ``move`` by clicks here: a placement's card is in
    the mover's hand (in some turn) and its cell is drawn; a pass, a claim or a
    challenge of drawn cells always."""
    try:
        move = Move.parse(move) if isinstance(move, str) else move
    except ValueError:
        return False
    if move.kind == "pass":
        return True
    if move.kind != "place":
        return all(drawn(board, cell) for cell in move.cells)
    try:
        hand_index(board, move.card)
    except CannotClick:
        return False
    return drawn(board, move.cell)


def below_the_fold(step) -> list:
    """What of a board exercise a student cannot see with its task at the top of the
    window (as it opens after a scroll to it): the verdict or the hint line ending
    under the window's bottom edge. Names of those parts ([] when all is in view)."""
    step.part.evaluate("el => el.scrollIntoView({block: 'start'})")
    bottom = step.page.viewport_size["height"]
    hidden = []
    for name, css in (("verdict", ".kit-feedback"), ("hint", ".kit-hint")):
        box = step.part.locator(css).bounding_box()
        if box is not None and box["height"] > 0 and box["y"] + box["height"] > bottom:
            hidden.append(f"{name} ends at {box['y'] + box['height']:.0f} px of {bottom}")
    return hidden


def wrong_then_hint_in_view(lesson, name: str) -> list:
    """Each board exercise of a walked ``course_walk.CourseLesson`` tried wrong once
    more (its first clickable wrong try) and hinted, then looked at with its task at
    the top of the window: ``[(key, what is below the fold)]`` for those where the
    verdict or the hint ends under the window (issue 18: after a long verdict the
    hint fell below a 768 px screen). Screenshots ``<name>_<n>_5_fold``."""
    from course_walk import hint, take_back, try_wrong
    hidden = []
    for k, ex in enumerate(lesson.exercises):
        step = lesson.step(k, where)
        if step.board is None:
            continue
        wrong = next(w for w in ex.wrong if clickable(step.board, w))
        try_wrong(step, wrong, clicks)
        if ex.hints:
            hint(step)
        out = below_the_fold(step)
        step.look(f"{name}_{k + 1:02d}_5_fold", "start")
        if out:
            hidden.append((ex.key, out))
        take_back(step)
    return hidden
