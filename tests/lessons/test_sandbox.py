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


def px(value: str) -> float:
    assert value.endswith("px"), value
    return float(value[:-2])


@pytest.mark.parametrize("lang", ["en", "es", "bg"])
@pytest.mark.parametrize("game", SANDBOXES)
def test_every_choice_is_as_wide_as_its_text_in_every_language(game, lang):
    import ipywidgets as widgets

    from kit.i18n import speaking
    from kit.textwidth import text_width

    with speaking(lang):
        box = SANDBOXES[game](delay=0)
    controls = [w for row in box.children if isinstance(row, widgets.HBox) for w in row.children]
    drops = [w for w in controls if isinstance(w, widgets.Dropdown)]
    assert drops
    for w in controls:
        if isinstance(w, (widgets.Dropdown, widgets.BoundedIntText)):
            # The label whole at Lab's 13 px (ipywidgets' fixed 80 px cut "Computadora").
            assert px(w.style.description_width) >= text_width(w.description, 13), w.description
    for w in drops:
        longest = max(text_width(str(label), 13) for label in w._options_labels)
        # The select: label, the longest choice, and at least 28 px of padding and arrow.
        assert px(w.layout.width) >= px(w.style.description_width) + longest + 28, w.description


def test_the_bulgarian_free_table_variant_gets_wider_than_ipywidgets_300px_default():
    from kit.i18n import speaking
    from kit.lessons.smartrix.sandbox import Sandbox

    with speaking("bg"):
        box = Sandbox(delay=0)
    # "свободна маса (вземане на набори и отнемане)": 329 px of text alone.
    assert px(box.variant.layout.width) > 300


def test_a_sandbox_without_its_board_says_so_when_saved():
    # The board is made in the constructor; a sandbox whose board is gone (a subclass
    # drawing before making it) says what is missing, not "'NoneType' has no attribute".
    box = SANDBOXES["mattix"](delay=0)
    assert box.saved_text()
    box.board = None
    with pytest.raises(RuntimeError, match="no board yet"):
        box.saved_scene()
