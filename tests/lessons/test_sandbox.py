"""The course sandboxes' shared frame (kit/lessons/sandbox.py): Start deals a
fresh board in place, stops the old board's computer turn, and the saved lesson
shows the board's picture."""

import asyncio

import pytest

from kit import games
from kit.lessons import mattix

# Each registered game's course sandbox (its lesson module's Sandbox).
SANDBOXES = {spec.name: (lambda spec=spec, **kw: spec.lesson_module().Sandbox(**kw))
             for spec in games.all() if spec.lesson}


@pytest.mark.parametrize("game", SANDBOXES)
def test_start_deals_a_new_board_with_the_chosen_deal(game):
    box = SANDBOXES[game](delay=0)
    first = box.board
    box.seed.value = 7
    box.start.click()
    assert box.board is not first and box.area.children == (box.board,)
    assert box.board.seed == 7
    bundle = box._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "data:image/svg+xml" in data["text/html"]      # the picture, for a saved lesson


def test_start_stops_the_old_boards_computer_turn():
    async def scenario():
        box = mattix.Sandbox(size=4, delay=30)          # the computer thinks slowly...
        box.side.value = 1                               # ...and moves first
        old = box.new_board()
        await asyncio.sleep(0)
        assert old.task is not None and not old.task.done()
        box.start.click()
        await asyncio.sleep(0)
        assert old.task.cancelled() and not old.game.history
        box.board.task.cancel()
    asyncio.run(scenario())
