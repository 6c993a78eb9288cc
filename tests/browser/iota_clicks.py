"""Clicking an IOTA board in the page and the same board built here, in step.

A board built in this process from the same position (or the same seed and
seats) draws the same picture, so where to click is read from it (``xy`` /
``hand_xy``, canvas pixels), each point just before its click: a recycle
changes the hand, and a big table's window scrolls (its shaded edges) or
recentres. After each click the page must say what the local board says. The
turns to make are moves (recycles, then a play); ``clicks`` turns them into
the clicks a student makes: scrolling the window to a cell out of it, and
placing a play's cards in an order a student can reach.

Not covered: what to play (each test's lesson data), plain boards' plans
(``board_plans``), exercises' buttons (``lesson_page``).
"""

from __future__ import annotations

from playwright.sync_api import expect

from board_plans import do, offline, point
from canvas_page import click_canvas_point
from kit.iota.moves import Recycle
from kit.ui.testing import click
from lesson_page import TIMEOUT, look


def scrolls_to(board, cell):
    """Clicks on the table's shaded edges until ``cell`` is in its window (a big table
    shows a window of 11 x 7 cells; the student scrolls it to reach a cell)."""
    for _ in range(20):
        lay = board.geometry.table
        if lay.shows(*cell):
            return
        r, c = cell
        yield ("pan", "up" if r < lay.min_row else "down" if r >= lay.min_row + lay.rows
               else "left" if c < lay.min_col else "right")
    raise AssertionError(f"cannot scroll to {cell}")


def reachable_order(board, placements) -> list:
    """The placements in an order a student can click them: each next to a card
    already there (the window scrolls only to one cell beyond the table)."""
    todo, near, order = list(placements), set(board.game.table), []
    while todo:
        card, (r, c) = next(p for p in todo if {(p[1][0] + dr, p[1][1] + dc) for dr, dc in
                                                 ((0, 1), (1, 0), (0, -1), (-1, 0))} & near)
        todo.remove((card, (r, c)))
        near.add((r, c))
        order.append((card, (r, c)))
    return order


def clicks(board, moves, confirm: bool):
    """The clicks making ``moves`` on ``board``, each worked out just before it is made
    (a recycle changes the hand; placed cards keep their hand index)."""
    for move in moves:
        if isinstance(move, Recycle):
            yield ("hand", board.hand.index(move.card))
            yield from scrolls_to(board, move.cell)
            yield ("cell", move.cell)
            continue
        for card, cell in reachable_order(board, move.placements):
            used = {i for i, _ in board.placed}
            yield ("hand", next(i for i, c in enumerate(board.hand) if c == card and i not in used))
            yield from scrolls_to(board, cell)
            yield ("cell", cell)
    if confirm:
        yield ("button", "confirm")


def where(board, action) -> tuple:
    """Canvas pixels of a cell, a hand card, or the middle of a shaded edge."""
    kind, what = action
    if kind != "pan":
        return point(board, action)
    x, y, w, h = board.geometry.pans[what]
    ratio = board.view.pixel_ratio
    return (x + w / 2) * ratio, (y + h / 2) * ratio


# ----- doing it in the page and on the twin ----------------------------------

def in_view(page, canvas, x: float, y: float) -> None:
    """Scroll the board to the middle of the window when the point (canvas pixels) is
    out of it, as a student scrolls: the canvas itself never scrolls into view (its
    negative scroll margin, kit.ui.board), so its parent, the board view, is scrolled."""
    box = canvas.bounding_box()
    height = canvas.evaluate("el => el.height")
    on_screen = box["y"] + y * box["height"] / height
    if not 100 < on_screen < page.viewport_size["height"] - 40:
        canvas.locator("xpath=..").evaluate("el => el.scrollIntoView({block: 'center'})")


def look_at(page, element, name: str, block: str = "end") -> None:
    """Screenshot with ``element`` in view (at the window's ``block``), if KIT_SCREENSHOTS
    is set: an exercise on a live board is taller than the window."""
    element.evaluate(f"el => el.scrollIntoView({{block: '{block}'}})")
    look(page, element, name)


def act(page, box, canvas, board, action) -> str:
    """Do ``action`` in the page and on the local board; wait for the page to say what
    the local board says."""
    kind, what = action
    if kind == "button":
        box.get_by_role("button", name=board.controls[what].description, exact=True).click()
        offline(do, board, action)
    else:
        x, y = where(board, action)
        in_view(page, canvas, x, y)
        click_canvas_point(canvas, x, y)
        offline(click, board.canvas, x, y)
    said = board.view.message
    expect(box.get_by_text(said, exact=False).first).to_be_visible(timeout=TIMEOUT)
    return said


def make_turn(page, box, canvas, board, moves, confirm: bool) -> None:
    """Make the turn ``moves`` by clicks (then Confirm, if ``confirm``) in ``box``."""
    for action in clicks(board, moves, confirm):
        act(page, box, canvas, board, action)
