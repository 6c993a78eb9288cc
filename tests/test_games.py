"""kit.games, the registry: what it finds, how it is asked, and that listing the
games imports no game and no widget (the toy fourth game: tests/test_fourth_game.py)."""

import random
import subprocess
import sys

import pytest

from kit import games


def test_every_game_folder_is_found_iota_first_as_the_picker_shows_them():
    import kit
    assert sorted(games.names()) == sorted(name for name, _path in kit._registrations())
    assert games.names()[:3] == ["iota", "mattix", "smartrix"]
    assert [spec.title for spec in games.all()][:3] == ["IOTA", "Mattix", "Smartrix"]
    assert [spec.order for spec in games.all()] == sorted(spec.order for spec in games.all())


@pytest.mark.parametrize("name", games.names())
def test_each_spec_names_classes_that_load_and_a_watcher_and_a_soak(name):
    spec = games.get(name)
    assert games.get(spec.title) is spec
    game_class = spec.load_game()
    assert game_class.__name__ == "Game" and spec.load_move().__name__ == "Move"
    assert spec.default_players in spec.players and spec.soak is not None
    assert spec.seat_name(0) and "0" not in spec.seat_name(0)
    game = spec.soak(1, random.Random(1))[0]
    assert games.of(game) is spec and games.of(game_class) is spec


def test_of_knows_a_subclass_by_its_game_and_refuses_a_stranger():
    spec = games.get("mattix")

    class Lesson(spec.load_game()):
        pass

    assert games.of(Lesson) is spec
    with pytest.raises(ValueError, match="no registered game"):
        games.of(object())
    with pytest.raises(ValueError, match=f"no game 'chess'; the games are {', '.join(games.names())}$"):
        games.get("chess")


def test_listing_the_games_imports_no_game_and_no_widget():
    code = ("import sys, kit.games\n"
            "print([s.title for s in kit.games.all()])\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'ipycanvas', 'IPython', 'traitlets', 'comm')))\n"
            "print(sorted(m for m in sys.modules if m.startswith('kit.') and "
            "not m.endswith('.registration')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60).stdout.splitlines()
    assert out == [str([s.title for s in games.all()]), "[]",
                   "['kit.errors', 'kit.games', 'kit.i18n', 'kit.lazy']"]


def test_refresh_forgets_what_was_found():
    first = games.all()
    games.refresh()
    assert games.all() == first and games.all() is not first
