"""Every IOTA exercise's picture or board fits one screen of Lab at 1366 x 768 (issue 30),
checked from the sizes the kit draws, without a browser.

The browser test (tests/browser/test_exercises_in_view_browser.py) measures each
exercise box in the page against Lab's notebook panel: 647 px high at 1366 x 768
with the file browser open (Lab 4.6, Chromium), its cell output area 934 px wide.
An exercise box adds 27 px round its task and live board (border, padding, row gaps),
38 px round a typed one's picture, and 28 px a line of task; with two lines of task
its board must be at most 564 px high, its picture 553. A typed exercise's picture
has its answer's column (260 px at least, 8 px from it) beside it in the box's
914 px: at most 646 px wide; a live board has the board's own side panel beside it
(16 px off, 320 px wide, shrinking to 260).
"""

from __future__ import annotations

import re

import pytest

from kit.lessons.iota.exercises import EXERCISES

PANEL_H, AREA_W = 647, 934
BOARD_FRAME, TYPED_FRAME, TASK_LINE = 27, 38, 28
BOARD_H = PANEL_H - BOARD_FRAME - 2 * TASK_LINE
TYPED_H = PANEL_H - TYPED_FRAME - 2 * TASK_LINE
TYPED_W = AREA_W - 20 - 8 - 260
BOARD_W = AREA_W - 20 - 16 - 260
SIZE = re.compile(r'<svg[^>]* width="([\d.]+)" height="([\d.]+)"')


def exercise(name: str):
    make = EXERCISES[name]
    try:
        return make()
    except TypeError:         # a maker that wants its progress
        return make(None)


@pytest.mark.parametrize("name", sorted(EXERCISES))
def test_an_iota_exercise_picture_fits_beside_its_answer_and_under_its_task(name):
    ex = exercise(name)
    svg = ex.picture() or ""
    found = SIZE.search(svg)
    assert found, f"{name}: no picture"
    width, height = (float(v) for v in found.groups())
    live = type(ex.board).__name__ != "HTML"
    room = BOARD_H if live else TYPED_H
    assert height <= room, f"{name}: {width:.0f} x {height:.0f} px, {room} px of room under its task"
    assert width <= (BOARD_W if live else TYPED_W), \
        f"{name}: {width:.0f} px wide, {'its board panel' if live else 'its answer'} beside it"
