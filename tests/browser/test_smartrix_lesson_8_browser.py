"""Smartrix lesson 8 (the sandbox) in JupyterLab in Chromium at 1366 x 768. It has no
exercise; a student plays: a card put where the rules refuse it (the board rings the
mismatched boxes and says why, nothing changes), then a card turned with Rotate and
placed where it fits, the computer seats answering; then the board's own Hint.

The lesson's code cell is run here too (``lesson_twin``): its sandbox, given the same
clicks, says what the page must say, the computers' replies included. What to click
comes from the twin's game (``board_plans``: a cell where the first hand card does not
fit; a card that fits after a quarter turn) and the clicks from ``smartrix_clicks``.
Set KIT_SCREENSHOTS=DIR to keep a picture of each step.
"""

from __future__ import annotations

from playwright.sync_api import expect

from board_plans import smartrix_illegal, smartrix_legal
from lesson_page import TIMEOUT
from lesson_twin import Lesson, of_kind, raising
from smartrix_clicks import clickable, clicks, drawn, hand_cards
from kit.smartrix.moves import Move

NOTEBOOK = "notebooks/smartrix/08_sandbox.ipynb"


def refused(board):
    """A placement the rules refuse, at a drawn cell: the first hand card where it
    does not fit as it lies (``board_plans.smartrix_illegal``, else the next such cell)."""
    (_, i), (_, cell) = smartrix_illegal(board)[0]
    move = Move.place(hand_cards(board)[i], *cell)
    if clickable(board, move):
        return move
    game, card = board.game, hand_cards(board)[i]
    fits = {m.cell for m in game.legal_moves() if m.kind == "place" and m.card == card}
    cell = next(c for c in sorted({(r + dr, c + dc) for r, c in game.grid
                                   for dr in (-1, 0, 1) for dc in (-1, 0, 1)} - set(game.grid))
                if c not in fits and drawn(board, c))
    return Move.place(card, *cell)


def test_sandbox_a_refused_and_a_turned_placement_the_computers_answer(lab_server, lab_page):
    walk = Lesson(lab_page, lab_server, NOTEBOOK)
    (sandbox,) = of_kind(walk.values, "Sandbox")
    board = raising(sandbox.board)
    assert board.human_to_move
    step = walk.live_board(board)
    expect(step.status_in_page()).to_be_visible(timeout=TIMEOUT)
    step.look("smartrix8_0_started", "center", step.board_view)

    before = board.game.to_dict()
    for action in clicks(board, refused(board)):
        step.act(action)
    assert board.game.to_dict() == before and board.marks, board.view.message
    step.look("smartrix8_1_refused", "center", step.board_view)

    _actions, move = smartrix_legal(board)      # a card that fits after a quarter turn
    for action in clicks(board, move):
        step.act(action)
    assert str(board.game.history[0]) == move
    expect(step.status_in_page()).to_be_visible(timeout=TIMEOUT)   # after the computers
    assert board.human_to_move, board.view.message
    step.look("smartrix8_2_played", "center", step.board_view)

    said = step.act(("button", "hint"))
    assert board.hint_rows, said
    step.look("smartrix8_3_hint", "center", step.board_view)
