"""The clicks a student makes for an IOTA turn, planned on a board built here.

A turn is moves (recycles, then a play; text or move objects). ``clicks``
yields the clicks that make it on ``board``, each worked out just before it
is made from the board as it is then: a recycle changes the hand, placed
cards keep their hand index, and a big table shows a window of its cells
that the student scrolls (its shaded edges) to reach a cell. A play's cards
go down in an order a student can reach. ``where`` is the canvas pixel of a
click. Pure planning: no page here.

Not covered: doing the clicks in a page (``lesson_twin``), what to play
(each test's lesson data), plain boards' plans (``board_plans``).
"""

from __future__ import annotations

from board_plans import point
from kit.iota.moves import Move, Recycle


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


def _touches(cell, cells) -> bool:
    r, c = cell
    return bool({(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)} & cells)


def reachable_order(board, placements) -> list:
    """The placements in an order a student can click them: each next to a card
    already there where one is (the window scrolls only to one cell beyond the
    table); a card touching nothing (a play the rules refuse) in its own turn."""
    todo, near, order = list(placements), set(board.game.table), []
    while todo:
        card, cell = next((p for p in todo if _touches(p[1], near)), todo[0])
        todo.remove((card, cell))
        near.add(cell)
        order.append((card, cell))
    return order


def clicks(board, moves, confirm: bool = False):
    """The clicks making ``moves`` on ``board`` (then Confirm, if ``confirm``), each
    worked out just before it is made: consume it one click at a time."""
    for move in moves:
        move = Move.parse(move) if isinstance(move, str) else move
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
