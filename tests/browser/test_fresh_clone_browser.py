"""A fresh clone opened in JupyterLab, not run: its saved pictures are drawn.

A fresh clone's notebooks are untrusted, and JupyterLab shows a saved
image/svg+xml output of an untrusted notebook as its text (``Scene(width=...``).
The kit saves every picture also as an ``<img>`` (kit.scene.Picture), which
Lab draws untrusted. ``lab_server`` has an empty Jupyter data directory, so
no trust signature of this machine's user can help here.
"""

import json

from playwright.sync_api import expect

from servers import ROOT

NOTEBOOK = "notebooks/00_welcome.ipynb"
TEXT_DUMPS = ("Scene(width=", "<kit.", "<iota.Game", "<smartrix.Game", "Game.from_dict(")


def is_picture(data: dict) -> bool:
    """A saved picture: an SVG, or the <img> a live board saves beside its widget view."""
    return "image/svg+xml" in data or "".join(data.get("text/html", "")).startswith("<img")


def saved_pictures(path):
    """The text/plain of every output saved with a picture."""
    nb = json.loads(path.read_text())
    return [out["data"]["text/plain"] for cell in nb["cells"]
            for out in cell.get("outputs", []) if is_picture(out.get("data", {}))]


def test_saved_pictures_draw_in_a_fresh_clone_without_running_it(lab_server, page):
    pictures = saved_pictures(ROOT / NOTEBOOK)
    assert len(pictures) >= 4   # the grid's picture and the three games'
    page.goto(f"{lab_server}/lab/tree/{NOTEBOOK}")
    images = page.locator(".jp-OutputArea-output img")
    expect(images).to_have_count(len(pictures), timeout=90_000)
    for i in range(len(pictures)):
        image = images.nth(i)
        image.scroll_into_view_if_needed()
        expect(image).to_be_visible()
        box = image.bounding_box()
        assert box["width"] > 150 and box["height"] > 150, box
        # Decoded, not a broken-image icon: the data: URL held a valid SVG.
        assert image.evaluate("el => el.complete && el.naturalWidth > 0")
    shown = page.locator(".jp-OutputArea-output").all_inner_texts()
    for dump in TEXT_DUMPS:
        assert not any(dump in text for text in shown), dump
    for text in pictures:
        first_line = "".join(text).splitlines()[0][:40]
        assert not any(first_line in shown_text for shown_text in shown), first_line
