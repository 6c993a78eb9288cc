"""The Spanish welcome names Lab's Run menu as Lab's installed Spanish language pack
shows it (issue 30: the welcome said "Ejecutar > ...", but the pack has no Spanish for
the menu bar's "Run", so a student looked for a menu that is not there)."""

import json
import re
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def pack_words() -> dict:
    import jupyterlab_language_pack_es_ES as pack   # make lab LANG=es's menus
    path = Path(pack.__file__).parent / "locale" / "es_ES" / "LC_MESSAGES" / "jupyterlab.json"
    return json.loads(path.read_text())


def shown(words: dict, text: str, context: str | None = None) -> str:
    key = f"{context}\x04{text}" if context else text
    found = words.get(key)
    return found[0] if found else text


def test_the_spanish_welcome_names_the_run_menu_as_the_pack_shows_it():
    words = pack_words()
    menu, item = shown(words, "Run", "menu"), shown(words, "Run All Cells")
    assert item == "Ejecutar todas las celdas"      # the pack does translate the item
    cells = json.loads((NOTEBOOKS / "es" / "00_welcome.ipynb").read_text())["cells"]
    text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    named = re.findall(r"\*\*([^*>]+) > ([^*]+)\*\*", text)
    assert named == [(menu, item)], named
