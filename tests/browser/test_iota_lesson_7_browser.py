"""IOTA lesson 7 (the sandbox) in JupyterLab and in Voila, in Chromium.

As a student: choose the computer's strength, the number of players and open
hands, start; make a play the rules refuse by clicks and read the refusal;
take it back and make a legal play (the computers answer); press the board's
Hint; rank every play in the analysis panel and click a row (drawn, not
played), then click it again (cleared). The lesson's code cell is run here too
(``lesson_twin``): its sandbox, given the same choices, the same Start and the
same clicks, says what the page must say; what to click comes from
``board_plans`` (a line the hand breaks, a card that fits). The lesson "also
runs as a Voila page": ``make voila NOTEBOOK=...`` serves it and a play, a
hint and an analysis row are checked there too.
Set KIT_SCREENSHOTS=DIR to keep a picture of each step.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from board_plans import AFTER_REFUSAL, ILLEGAL, LEGAL, iota_line, offline, refusal
from canvas_page import checksum, wait_for_checksum, wait_until_drawn
from conftest import make_voila
from kit.iota.moves import Play
from kit.ui.analysis import value_text
from lesson_page import TIMEOUT
from lesson_twin import InStep, Lesson, of_kind, raising, run_lesson
from servers import copy_notebooks

NOTEBOOK = "notebooks/iota/07_sandbox.ipynb"
STRENGTH = "beginner (random)"   # not the default: the choice must reach the board
PLAYERS = 3


def start(sandbox, strength: str, players: int, open_hands: bool):
    """The twin sandbox's choices set and Start pressed, as in the page; its new board."""
    def choose():
        sandbox.strength.value = strength
        sandbox.players.value = players
        sandbox.open_hands.value = open_hands
        sandbox.start.click()
    offline(choose)
    return raising(sandbox.board)


def refused_play(board):
    """Clicks for a play the rules refuse, and the engine's words for it: two cards
    breaking a line (board_plans), or, where every pair of this hand fits there, two
    cards beside the table but not in one row or column."""
    table = board.game.table
    breaks_a_line = any(not board.game.explain(Play.of([(a, cell), (b, nxt)])).legal
                        for a in board.hand for b in board.hand if a != b
                        for cell, nxt in [iota_line(board)])
    if breaks_a_line:
        return ILLEGAL["iota"](board)
    r, c = min(table)
    cells = [(r, c + 1), (r + 1, c)]             # beside the table, but not in one line
    assert not set(cells) & set(table)
    play = Play.of(zip(board.hand[:2], cells, strict=True))
    return ([("hand", 0), ("cell", cells[0]), ("hand", 1), ("cell", cells[1]),
             ("button", "confirm")], refusal(board.game, play))


def play_refused_then_legal(step, shot) -> None:
    """A play the rules refuse, by clicks, and its refusal; Take back; a legal play and
    the computers' replies."""
    board = step.board
    actions, rule = refused_play(board)
    before = board.game.to_dict()
    said = step.act(*actions)
    assert board.game.to_dict() == before and rule in said, said
    step.look(f"{shot}_1_refused", "center", step.board_view)
    actions, move = LEGAL["iota"](board)
    said = step.act(*AFTER_REFUSAL["iota"], *actions)
    assert str(move) in said and board.human_to_move, said
    expect(step.page.get_by_text(move, exact=True).first).to_be_visible()   # the move list
    step.look(f"{shot}_2_played", "center", step.board_view)


def hint_and_analysis(step, shot) -> None:
    """The board's Hint; the analysis panel's best row clicked (drawn, not played) and
    clicked again (cleared)."""
    page, board, canvas = step.page, step.board, step.canvas
    step.act(("button", "hint"))
    assert board.view.message.startswith("Hint:")
    best = board.hint_rows[0][0]
    expect(page.get_by_text(str(best), exact=True).first).to_be_visible()   # the hint list
    step.look(f"{shot}_3_hint", "center", step.board_view)

    panel = board.analysis_panel
    page.get_by_role("button", name="Analyse", exact=True).click()
    offline(panel.start)
    move, value = panel.rows[0]
    row = page.get_by_role("button", name=f"1. {value_text(value)}   {move}", exact=True)
    expect(row).to_be_visible(timeout=TIMEOUT)
    before = checksum(canvas)
    row.click()
    offline(panel.click_row, move)
    assert board.view.message.startswith("Showing, not played:") and not board.placed
    expect(step.status_in_page()).to_be_visible(timeout=TIMEOUT)
    shown = wait_for_checksum(canvas, lambda v: v != before)
    step.look(f"{shot}_4_analysis_row", "center", row)
    step.look(f"{shot}_5_row_on_the_board", "center", step.board_view)
    row.click()                                    # the same row again: cleared
    offline(panel.click_row, move)
    expect(step.status_in_page()).to_be_visible(timeout=TIMEOUT)
    wait_for_checksum(canvas, lambda v: v != shown)


def test_sandbox_choices_a_refused_and_a_legal_play_hint_and_analysis(lab_server, lab_page):
    page = lab_page
    walk = Lesson(page, lab_server, NOTEBOOK)
    page.get_by_label("Computer", exact=True).select_option(STRENGTH)
    page.get_by_label("Players", exact=True).select_option(f"{PLAYERS} players")
    page.get_by_label("Open hands", exact=True).check()
    page.get_by_role("button", name="Start a new game", exact=True).click()
    (sandbox,) = of_kind(walk.values, "Sandbox")
    board = start(sandbox, STRENGTH, PLAYERS, open_hands=True)
    assert board.seats == ["human"] + ["random"] * (PLAYERS - 1) and board.open_hands
    for seat in range(PLAYERS):
        expect(page.get_by_text(board.seat_label(seat)).first).to_be_visible(timeout=TIMEOUT)
    step = walk.live_board(board)
    expect(step.status_in_page()).to_be_visible(timeout=TIMEOUT)
    step.look("iota7_lab_0_started", "center", step.board_view)

    play_refused_then_legal(step, "iota7_lab")
    hint_and_analysis(step, "iota7_lab")


@pytest.fixture(scope="module")
def sandbox_voila(chromium_path, tmp_path_factory):
    """`make voila NOTEBOOK=...07_sandbox.ipynb`, as the lesson says it runs."""
    tmp = tmp_path_factory.mktemp("sandbox-voila")
    notebook = copy_notebooks(tmp) / NOTEBOOK
    server, url = make_voila(tmp, "voila", f"NOTEBOOK={notebook}")
    with server:
        yield url


def test_sandbox_runs_as_a_voila_page(sandbox_voila, lab_page):
    page = lab_page
    page.goto(sandbox_voila)
    canvas = page.locator("canvas").first
    expect(canvas).to_be_visible(timeout=90_000)
    # Voila runs the notebook before the page connects: the client-ready redraw draws it.
    assert wait_until_drawn(canvas) > 1000
    (sandbox,) = of_kind(run_lesson(NOTEBOOK), "Sandbox")    # the lesson's defaults
    step = InStep(page, page, board=sandbox.board)
    expect(step.status_in_page()).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_role("button", name="Start a new game")).to_be_visible()
    step.look("iota7_voila_0_start", "center", step.board_view)
    play_refused_then_legal(step, "iota7_voila")
    hint_and_analysis(step, "iota7_voila")
