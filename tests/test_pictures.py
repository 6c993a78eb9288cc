"""Saved pictures draw in an untrusted notebook: every picture is also <img> HTML.

JupyterLab draws a saved image/svg+xml output only in a trusted notebook; a
fresh clone is untrusted. The browser side of this is checked in
tests/browser/test_fresh_clone_browser.py.
"""

import random
import re
from urllib.parse import unquote

import pytest
from IPython.core.formatters import DisplayFormatter

from kit import games
from kit.scene import Scene, svg_img


def img_svg(html: str) -> str:
    """The SVG inside an <img src='data:image/svg+xml;...'> tag."""
    match = re.fullmatch(r"<img src='data:image/svg\+xml;charset=utf-8,([^']*)' alt=\"[^\"]*\">",
                         html)
    assert match, html[:200]
    return unquote(match.group(1))


def test_the_img_holds_exactly_the_svg_even_with_quotes_hashes_and_accents():
    scene = Scene(120, 40, background="#F4F1E8", title='Seat "A" & Bob\'s café')
    scene.text(10, 20, "50% #1 l'été & <b>")
    html = svg_img(scene.to_svg())
    assert img_svg(html) == scene.to_svg()
    assert "'" not in html[len("<img src='"):html.index("' alt=")]
    assert 'alt="Seat &quot;A&quot; &amp; Bob&#x27;s café"' in html


def test_the_svg_stays_readable_in_the_saved_notebook():
    html = svg_img(Scene(10, 10, background="#FFFFFF").to_svg())
    assert '<svg xmlns="http://www.w3.org/2000/svg" width="10"' in html
    assert 'fill="%23FFFFFF"' in html


@pytest.mark.parametrize("name", games.names())
def test_a_game_shows_as_html_img_and_svg_and_text(name):
    setup = games.get(name).soak
    assert setup is not None
    game = setup(1, random.Random(1))[0]     # a seeded game of the registered kind
    data, _ = DisplayFormatter().format(game)
    assert img_svg(data["text/html"]) == data["image/svg+xml"] == game._repr_svg_()
    assert data["text/plain"]


def test_a_scene_shows_as_html_img():
    scene = Scene(30, 20, title="A small picture")
    data, _ = DisplayFormatter().format(scene)
    assert img_svg(data["text/html"]) == scene.to_svg()
    assert 'alt="A small picture"' in data["text/html"]


def test_saved_pictures_alt_text_reads_the_whole_position():
    # A saved lesson read aloud: the <img>'s alt (the SVG's title) is the picture in words.
    import re as _re

    from kit import iota, mattix, smartrix
    from kit.lessons.smartrix.pictures import cards_svg
    from kit.scene import svg_img

    def alt(svg):
        return _re.search(r'alt="([^"]*)"', svg_img(svg)).group(1)

    g = mattix.Game.new(seed=1, size=4)
    said = alt(g._repr_svg_())
    for r, row in enumerate(g.board):
        tiles = ", ".join("the star" if (r, c) == g.star else str(v) for c, v in enumerate(row))
        assert f"Row {r}: {tiles}." in said
    assert "Row player to move" in said
    i = iota.Game.new(seed=1)
    said = alt(i._repr_svg_())
    assert "On the table: (0,0)" in said and "Hand of Seat 1:" in said
    s = smartrix.Game.new(seed=1)
    said = alt(s._repr_svg_())
    assert all(card in said for card in (smartrix.cards.TEXT[v] for v in s.table.values()))
    assert alt(cards_svg(["01101011", "11010000"])) == "Smartrix cards: 01101011, 11010000"
