"""IOTA lesson 7 (the sandbox) in JupyterLab and in Voila, in Chromium.

As a student: choose the computer's strength, the number of players and open
hands, start; make a play the rules refuse by clicks and read the refusal;
take it back and make a legal play (the computers answer); press the board's
Hint; rank every play in the analysis panel and click a row (drawn, not
played), then click it again (cleared). The same sandbox is built here
(``lesson.Sandbox`` with the same choices and deal) and given the same clicks,
so what the page must say is what it says; what to click comes from
``board_plans`` (a line the hand breaks, a card that fits). The lesson "also
runs as a Voila page": ``make voila NOTEBOOK=...`` serves it and a play, a
hint and an analysis row are checked there too.
Set KIT_SCREENSHOTS=DIR to keep a picture of each step.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from board_plans import AFTER_REFUSAL, ILLEGAL, LEGAL, iota_line, offline, refusal
from canvas_page import checksum, open_and_run, wait_for_checksum, wait_until_drawn
from conftest import make_voila
from iota_clicks import act, look_at
from kit.iota.moves import Play
from kit.lessons import iota as lesson
from kit.ui.analysis import value_text
from lesson_page import TIMEOUT
from servers import copy_notebooks

NOTEBOOK = "notebooks/iota/07_sandbox.ipynb"
STRENGTH = "beginner (random)"   # not the default: the choice must reach the board
PLAYERS = 3


def local_sandbox(**choices):
    def build():
        sandbox = lesson.Sandbox(delay=0, **choices)
        sandbox.board.view.raise_errors = True
        return sandbox
    return offline(build)


def status(page, board):
    """The page's words for what the local board says now."""
    return page.get_by_text(board.view.message, exact=False).first


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
    play = Play.of(zip(board.hand[:2], cells))
    return ([("hand", 0), ("cell", cells[0]), ("hand", 1), ("cell", cells[1]),
             ("button", "confirm")], refusal(board.game, play))


def play_refused_then_legal(page, canvas, board, shot) -> None:
    """A play the rules refuse, by clicks, and its refusal; Take back; a legal play and
    the computers' replies."""
    actions, rule = refused_play(board)
    before = board.game.to_dict()
    for action in actions:
        said = act(page, page, canvas, board, action)
    assert board.game.to_dict() == before and rule in said, said
    look_at(page, canvas.locator("xpath=.."), f"{shot}_1_refused", "center")
    actions, move = LEGAL["iota"](board)
    for action in AFTER_REFUSAL["iota"] + actions:
        said = act(page, page, canvas, board, action)
    assert str(move) in said and board.human_to_move, said
    expect(page.get_by_text(move, exact=True).first).to_be_visible()   # the move list
    look_at(page, canvas.locator("xpath=.."), f"{shot}_2_played", "center")


def hint_and_analysis(page, canvas, board, shot) -> None:
    """The board's Hint; the analysis panel's best row clicked (drawn, not played) and
    clicked again (cleared)."""
    act(page, page, canvas, board, ("button", "hint"))
    assert board.view.message.startswith("Hint:")
    best = board.hint_rows[0][0]
    expect(page.get_by_text(str(best), exact=True).first).to_be_visible()   # the hint list
    look_at(page, canvas.locator("xpath=.."), f"{shot}_3_hint", "center")

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
    expect(status(page, board)).to_be_visible(timeout=TIMEOUT)
    shown = wait_for_checksum(canvas, lambda v: v != before)
    look_at(page, row, f"{shot}_4_analysis_row", "center")
    look_at(page, canvas.locator("xpath=.."), f"{shot}_5_row_on_the_board", "center")
    row.click()                                    # the same row again: cleared
    offline(panel.click_row, move)
    expect(status(page, board)).to_be_visible(timeout=TIMEOUT)
    wait_for_checksum(canvas, lambda v: v != shown)


def test_sandbox_choices_a_refused_and_a_legal_play_hint_and_analysis(lab_server, lab_page):
    page = lab_page
    open_and_run(page, lab_server, NOTEBOOK)
    page.get_by_label("Computer", exact=True).select_option(STRENGTH)
    page.get_by_label("Players", exact=True).select_option(f"{PLAYERS} players")
    page.get_by_label("Open hands", exact=True).check()
    page.get_by_role("button", name="Start a new game", exact=True).click()
    board = local_sandbox(strength=STRENGTH, players=PLAYERS, open_hands=True).board
    assert board.seats == ["human"] + ["random"] * (PLAYERS - 1) and board.open_hands
    for seat in range(PLAYERS):
        expect(page.get_by_text(board.seat_label(seat)).first).to_be_visible(timeout=TIMEOUT)
    canvas = page.locator(".jp-OutputArea-output canvas").first
    wait_until_drawn(canvas)
    expect(status(page, board)).to_be_visible(timeout=TIMEOUT)
    look_at(page, canvas.locator("xpath=.."), "iota7_lab_0_started", "center")

    play_refused_then_legal(page, canvas, board, "iota7_lab")
    hint_and_analysis(page, canvas, board, "iota7_lab")


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
    board = local_sandbox().board                   # the lesson's defaults
    expect(status(page, board)).to_be_visible(timeout=TIMEOUT)
    expect(page.get_by_role("button", name="Start a new game")).to_be_visible()
    look_at(page, canvas.locator("xpath=.."), "iota7_voila_0_start", "center")
    play_refused_then_legal(page, canvas, board, "iota7_voila")
    hint_and_analysis(page, canvas, board, "iota7_voila")
