"""The Spanish and Bulgarian lessons in JupyterLab in Chromium at 1366 x 768, as a
student of that language takes them: one lesson per course in Spanish (with Lab's
own menus in Spanish, as `make lab LANG=es` opens it) and one Smartrix lesson in
Bulgarian, every exercise done wrong, hinted and right (Show me on the last), the
page saying word for word what the lesson's twin says in that language
(``course_walk``); then no English sentence or English button anywhere in the
kit's part of the page (the outputs and the lesson's text). `make lab LANG=es`
itself opens the Spanish welcome with Lab's menus in Spanish.

Set KIT_SCREENSHOTS=DIR to keep a picture of each step.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

import mattix_clicks
import smartrix_clicks
from course_walk import walk_lesson
from kit.catalogues import po_path, read
from kit.lessons.translation import english_sentences
from lesson_page import look
from servers import ROOT, copy_notebooks, free_port, running

WALKS = {
    "es_iota3": ("notebooks/es/iota/03_scoring.ipynb", {}),
    "es_mattix1": ("notebooks/es/mattix/01_meet_mattix.ipynb",
                   {"clicks": mattix_clicks.clicks, "where": mattix_clicks.where}),
    "es_smartrix2": ("notebooks/es/smartrix/02_eight_directions.ipynb",
                     {"clicks": smartrix_clicks.clicks, "where": smartrix_clicks.where,
                      "can_click": smartrix_clicks.clickable}),
    # (Another lesson than the Spanish walk's: progress is kept per lesson whatever
    # its language, and the walks share a server.)
    "bg_smartrix3": ("notebooks/bg/smartrix/03_sets.ipynb",
                     {"clicks": smartrix_clicks.clicks, "where": smartrix_clicks.where,
                      "can_click": smartrix_clicks.clickable}),
}


def english_labels(lang: str) -> set[str]:
    """The kit's short English labels (buttons, options) that read otherwise in ``lang``."""
    return {m.id for m in read(po_path(lang), lang)
            if isinstance(m.id, str) and m.id and m.string and m.string != m.id
            and len(m.id.split()) <= 3}


def english_on_screen(page, lang: str) -> list[str]:
    """English sentences in the outputs and the lesson's text, and English labels on
    the kit's buttons and pickers."""
    texts = page.evaluate("""() => [...document.querySelectorAll(
        '.jp-OutputArea-output, .jp-MarkdownOutput')].map(out => {
            const copy = out.cloneNode(true);
            copy.querySelectorAll('style, script, code').forEach(el => el.remove());
            return copy.textContent; })""")
    labels = page.evaluate("""() => [...document.querySelectorAll(
        '.jp-OutputArea-output button, .jp-OutputArea-output option, .jp-OutputArea-output label')]
        .map(el => el.textContent.trim())""")
    english = english_labels(lang)
    return ([s for text in texts for s in english_sentences(text, markdown=False)]
            + [f"button {label!r}" for label in labels if label in english])


@pytest.mark.parametrize("name", sorted(WALKS))
def test_a_translated_lesson_wrong_hinted_right_with_no_english(name, lab_server_es, lab_page):
    notebook, how = WALKS[name]
    lang = name[:2]
    lesson = walk_lesson(lab_page, lab_server_es, notebook, how.get("clicks"), name=name,
                         where=how.get("where"), can_click=how.get("can_click"))
    assert lesson.exercises
    # The verdicts were the twin's, in the lesson's language: none of them English.
    said = [ex.message for ex in lesson.exercises]
    assert not [s for text in said for s in english_sentences(text, markdown=False)], said
    found = english_on_screen(lab_page, lang)
    assert found == [], found
    if lang == "es":     # Lab's own menus in Spanish (its pack); none for Bulgarian
        expect(lab_page.get_by_role("menuitem", name="Archivo", exact=True)).to_be_visible()


def test_make_lab_lang_es_opens_the_spanish_welcome_with_lab_in_spanish(page, tmp_path):
    settings = ROOT / ".venv" / "share" / "jupyter" / "lab" / "settings" / "overrides.d"
    before = (settings / "kit-language.json").read_bytes() if (settings / "kit-language.json").exists() else None
    page.set_viewport_size({"width": 1366, "height": 768})
    work, port = copy_notebooks(tmp_path), free_port()
    url = f"http://127.0.0.1:{port}"
    token = "kit-browser-test"
    # Which welcome LANG=es opens is tests/test_make_commands.py's; here the copy's.
    cmd = ["make", "--no-print-directory", "-C", str(ROOT), "lab", f"PORT={port}", "OPEN=no", "LANG=es",
           f"NOTEBOOK={work / 'notebooks' / 'es' / '00_welcome.ipynb'}"]
    env = {"JUPYTER_TOKEN": token, "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces"),
           "JUPYTER_DATA_DIR": str(tmp_path / "data")}
    try:
        with running(cmd, tmp_path, url + "/api/status", env=env, log=tmp_path / "lab.log"):
            assert json.loads((settings / "kit-language.json").read_text()) == {
                "@jupyterlab/translation-extension:plugin": {"locale": "es_ES"}}
            log = (tmp_path / "lab.log").read_text()
            assert "KIT_LANG=es" in log, log[-2000:]
            page.goto(f"{url}/lab/tree/00_welcome.ipynb?token={token}")
            expect(page.get_by_role("menuitem", name="Archivo", exact=True)).to_be_visible(timeout=90_000)
            expect(page.get_by_role("menuitem", name="Ayuda", exact=True)).to_be_visible()
            expect(page.locator(".jp-MarkdownOutput h1").first).to_contain_text(
                re.compile("bienvenid", re.I), timeout=90_000)
            look(page, page.locator(".jp-NotebookPanel").first, "es_make_lab_welcome", "start")
    finally:
        if before is None:
            (settings / "kit-language.json").unlink(missing_ok=True)
        else:
            (settings / "kit-language.json").write_bytes(before)


@pytest.mark.parametrize(("lang", "change", "start"), [
    ("es", "Cambiar juego o jugadores", "Empezar"), ("bg", "Смени играта или играчите", "Започни")])
def test_make_app_lang_serves_the_app_in_that_language(page, tmp_path, lang, change, start):
    from conftest import make_voila
    page.set_viewport_size({"width": 1366, "height": 768})
    server, url = make_voila(tmp_path, "app", f"LANG={lang}")
    with server:
        page.goto(url)
        expect(page.get_by_role("button", name=change)).to_be_visible(timeout=120_000)
        look(page, page.locator("body"), f"{lang}_make_app", "start")
        page.get_by_role("button", name=change).click()
        expect(page.get_by_role("button", name=start, exact=True)).to_be_visible()
        shown = page.locator("body").inner_text()
        assert english_sentences(shown, markdown=False) == [], shown[:800]
        assert not [w for w in ("Players", "Start", "Game", "Computer") if re.search(rf"\b{w}\b", shown)], \
            shown[:800]
