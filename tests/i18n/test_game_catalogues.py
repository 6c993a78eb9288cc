"""A game's messages live in its folder: kit/<game>/locale/<lang>/LC_MESSAGES/<game>.po.

``python -m kit.catalogues split`` moves each message used only inside one
game's folder out of the shared kit.po into that game's catalogue (its
translation with it), and run again changes nothing; a message used by two
games or by the shared code stays shared. At run time ``_()`` finds a game's
message in the game's own catalogue; a game that ships no catalogue of a
language speaks English there, and the check asks nothing of it; a game that
ships one must translate every message of its own in it.
"""

import sys
import textwrap
from pathlib import Path

import pytest

import kit
from kit import catalogues, games, i18n
from kit.catalogues import Catalog, Part

KIT = catalogues.KIT


def _po(path: Path, entries: dict[str, str], lang: str = "es") -> Path:
    catalog = Catalog(locale=lang, domain="kit", fuzzy=False)
    for msgid, msgstr in entries.items():
        catalog.add(msgid, msgstr, locations=[("x.py", 1)])
    catalogues.write(catalog, path)
    return path


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    """The shared catalogue and the three games' in tmp_path (the games' folders
    stay the real ones: that is where their messages are used)."""
    monkeypatch.setattr(catalogues, "po_path", lambda lang: tmp_path / "kit" / f"{lang}.po")
    monkeypatch.setattr(catalogues, "mo_path", lambda lang: tmp_path / "kit" / f"{lang}.mo")
    where = [Part("kit"), *(Part(name, KIT / name, tmp_path / name / "locale")
                            for name in ("iota", "mattix", "smartrix"))]
    monkeypatch.setattr(catalogues, "parts", lambda: where)
    return tmp_path


def _template() -> Catalog:
    template = Catalog()
    template.add("Only IOTA says this", locations=[("kit/iota/board.py", 3)])
    template.add("IOTA and Mattix both say this", locations=[("kit/iota/text.py", 1),
                                                             ("kit/mattix/text.py", 2)])
    template.add("The shell says this", locations=[("kit/ui/game.py", 9)])
    template.add("IOTA's lesson says this", locations=[("kit/iota/rules.py", 5),
                                                      ("kit/lessons/iota/course.py", 5)])
    template.add("Mattix, untranslated", locations=[("kit/mattix/board.py", 7)])
    return template


def _split(lang: str = "es") -> list[str]:
    return catalogues.update_all([lang], _template(), split=True)


def test_split_moves_a_message_used_only_in_one_games_folder_into_that_games_catalogue(scratch):
    _po(scratch / "kit" / "es.po", {"Only IOTA says this": "Solo IOTA dice esto",
                                    "IOTA and Mattix both say this": "Ambos",
                                    "The shell says this": "El armazón",
                                    "IOTA's lesson says this": "La lección"})
    _split()
    iota = catalogues.read(scratch / "iota/locale/es/LC_MESSAGES/iota.po", "es")
    shared = catalogues.read(scratch / "kit" / "es.po", "es")
    assert {m.id: m.string for m in iota if m.id} == {"Only IOTA says this": "Solo IOTA dice esto"}
    assert {m.id for m in shared if m.id} == {"IOTA and Mattix both say this", "The shell says this",
                                              "IOTA's lesson says this"}
    assert (scratch / "iota/locale/es/LC_MESSAGES/iota.mo").is_file()
    # Mattix had no translated message of its own in the shared catalogue: no
    # Spanish catalogue is made for it (it speaks English in Spanish).
    assert not (scratch / "mattix/locale/es/LC_MESSAGES/mattix.po").exists()
    assert not (scratch / "smartrix/locale").exists()


def test_split_run_again_changes_no_byte(scratch):
    _po(scratch / "kit" / "es.po", {"Only IOTA says this": "Solo IOTA dice esto",
                                    "The shell says this": "El armazón"})
    _split()
    files = sorted(p for p in scratch.rglob("*") if p.suffix in (".po", ".mo"))
    first = {p: p.read_bytes() for p in files}
    _split()
    assert sorted(p for p in scratch.rglob("*") if p.suffix in (".po", ".mo")) == files
    assert {p: p.read_bytes() for p in files} == first


def test_a_message_that_becomes_shared_takes_its_translation_back(scratch):
    _po(scratch / "kit" / "es.po", {"The shell says this": "El armazón"})
    _po(scratch / "iota/locale/es/LC_MESSAGES/iota.po", {"IOTA and Mattix both say this": "Ambos"})
    catalogues.update_all(["es"], _template())
    shared = catalogues.read(scratch / "kit" / "es.po", "es")
    assert shared.get("IOTA and Mattix both say this").string == "Ambos"
    iota = catalogues.read(scratch / "iota/locale/es/LC_MESSAGES/iota.po", "es")
    assert iota.get("IOTA and Mattix both say this") is None
    assert iota.get("Only IOTA says this") is not None and not iota.get("Only IOTA says this").string


def test_a_game_is_checked_only_in_the_languages_it_ships(scratch):
    _po(scratch / "kit" / "es.po", {"Only IOTA says this": "Solo IOTA", "The shell says this": "El armazón",
                                    "IOTA and Mattix both say this": "Ambos",
                                    "IOTA's lesson says this": "La lección"})
    _split()
    problems = catalogues.check("es", _template())
    # IOTA ships Spanish and is complete; Mattix ships none: its message is not asked for.
    assert problems == []
    _po(scratch / "mattix/locale/es/LC_MESSAGES/mattix.po", {})     # Mattix declares Spanish
    problems = catalogues.check("es", _template())
    assert any("no translation of 'Mattix, untranslated'" in p and "kit/mattix/board.py:7" in p
               for p in problems)
    assert any("mattix.mo is missing" in p for p in problems)


def test_the_kits_games_each_have_their_own_catalogue_found_through_the_registration():
    for spec in games.all():
        assert spec.folder == KIT / spec.name or not spec.folder.is_relative_to(KIT)
        assert spec.locale == spec.folder / "locale"
        assert spec.catalogue("es", ".po") == spec.folder / "locale/es/LC_MESSAGES" / f"{spec.name}.po"


GAME_FOLDER = {
    "registration.py": """
        from kit.games import GameSpec
        from kit.i18n import N_
        GAME = GameSpec(name="{name}", title=N_("The {name} game"), order=90,
                        game="kit.{name}:Game", board="kit.{name}:Board",
                        invariants="kit.{name}:Watch", move="kit.{name}:Move")
    """,
    "__init__.py": "",
}


@pytest.fixture
def extra_games(tmp_path):
    """Two games in a folder added to kit.__path__: 'speaks' ships Spanish, 'mute' ships nothing."""
    for name in ("speaks", "mute"):
        for file, text in GAME_FOLDER.items():
            path = tmp_path / name / file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(text.replace("{name}", name)))
    po = _po(tmp_path / "speaks/locale/es/LC_MESSAGES/speaks.po", {"The speaks game": "El juego que habla"})
    catalogues.compile_mo("es", po, po.with_suffix(".mo"))
    kit.__path__.append(str(tmp_path))
    games.refresh()
    try:
        yield tmp_path
    finally:
        kit.__path__.remove(str(tmp_path))
        for name in [m for m in sys.modules if m.split(".")[:2] in (["kit", "speaks"], ["kit", "mute"])]:
            del sys.modules[name]
        games.refresh()


def test_a_games_message_is_read_from_its_own_catalogue_and_a_game_without_one_speaks_english(extra_games):
    with i18n.speaking("es"):
        assert i18n._("The speaks game") == "El juego que habla"
        assert i18n._("The mute game") == "The mute game"
        assert i18n._("Pass") == "Pasar"              # the shared catalogue still answers
    assert games.get("speaks").languages() == ("es",) and games.get("mute").languages() == ()


def test_when_the_game_leaves_its_messages_go_with_it(extra_games):
    with i18n.speaking("es"):
        assert i18n._("The speaks game") == "El juego que habla"
    kit.__path__.remove(str(extra_games))
    games.refresh()
    try:
        with i18n.speaking("es"):
            assert i18n._("The speaks game") == "The speaks game"
    finally:
        kit.__path__.append(str(extra_games))


def test_the_split_command_is_what_the_kits_catalogues_are():
    """Run on the tree as it is, ``split`` would move nothing: every game's own
    message is already in its catalogue, and only shared messages are in kit.po."""
    template = catalogues.extract()
    by_part = catalogues.split_template(template)
    for part in catalogues.parts():
        for lang in part.languages():
            have = {m.id if isinstance(m.id, str) else m.id[0]
                    for m in catalogues.read(part.po(lang), lang) if m.id}
            want = {catalogues.message_id(m) for m in by_part[part.name] if m.id}
            assert have == want, (part.name, lang, sorted(have ^ want)[:10])
    # The games ship their own Spanish and Bulgarian.
    for spec in games.all():
        if by_part[spec.name]:
            assert spec.languages() == ("es", "bg"), spec.name
