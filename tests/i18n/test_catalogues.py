"""The message catalogues: every message the kit has is translated, in Spanish
and in Bulgarian, and compiled into what ships.

A new ``_("...")`` in the kit without its translations fails here, naming the
message and where it is: run ``python -m kit.catalogues update``, translate the
empty entries of kit/locale/{es,bg}/LC_MESSAGES/kit.po, and run it again.
"""

import gettext

import pytest

from kit import catalogues, i18n

TEMPLATE = catalogues.extract()


@pytest.mark.parametrize("lang", ["es", "bg"])
def test_every_message_of_the_kit_has_its_translation(lang):
    problems = catalogues.check(lang, TEMPLATE)
    assert problems == [], "\n".join(problems[:40]) + f"\n({len(problems)} in all)"


def test_the_kit_has_hundreds_of_messages_from_code_data_and_the_teachers_page():
    ids = {catalogues.message_id(m) for m in TEMPLATE if m.id}
    places = {f for m in TEMPLATE for f, _ in m.locations}
    assert len(ids) > 800
    assert any(p.endswith(".json") for p in places)          # the puzzles' hints
    assert any(p.endswith("teacher.html") for p in places)   # the teacher's page
    assert any(p.startswith("kit/smartrix/") for p in places)
    # Developer-only modules stay English and are not asked of translators.
    assert not any("benchmark" in p or "loadtest" in p or "generate_" in p for p in places)


def test_a_new_message_without_a_translation_fails_the_check(tmp_path):
    source = tmp_path / "new_feature.py"
    source.write_text('from kit.i18n import _, ngettext\n'
                      'def f(n):\n'
                      '    return _("A brand new sentence about {card}"), ngettext("{n} box", "{n} boxes", n)\n')
    template = catalogues.extract([catalogues.KIT, source])
    problems = catalogues.check("es", template)
    assert any("no translation of 'A brand new sentence about {card}'" in p and "new_feature.py:3" in p
               for p in problems)
    assert any("no translation of '{n} box'" in p for p in problems)


def test_a_translation_that_loses_or_invents_a_field_is_caught(tmp_path, monkeypatch):
    po = tmp_path / "kit.po"
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "{card} is not in your hand"\nmsgstr "no está en tu mano"\n\n'
                  'msgid "Take {tile}"\nmsgstr "Toma {ficha}"\n', encoding="utf-8")
    monkeypatch.setattr(catalogues, "po_path", lambda lang: po)
    monkeypatch.setattr(catalogues, "mo_path", lambda lang: tmp_path / "kit.mo")
    template = catalogues.Catalog()
    template.add("{card} is not in your hand", locations=[("x.py", 1)])
    template.add("Take {tile}", locations=[("x.py", 2)])
    problems = catalogues.check("es", template)
    assert any("'{card} is not in your hand'" in p and "leaves out a field" in p for p in problems)
    assert any("'Take {tile}'" in p and "names a field the message has not" in p for p in problems)
    assert any("kit.mo is missing" in p for p in problems)


@pytest.mark.parametrize("lang", ["es", "bg"])
def test_the_compiled_catalogue_is_what_gettext_reads(lang):
    # The standard library alone reads it: no Babel at run time.
    t = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=[lang])
    assert t.gettext("Pass") not in ("", "Pass")
    assert t.ngettext("{n} point", "{n} points", 1) != t.ngettext("{n} point", "{n} points", 2)


def test_updating_two_languages_from_one_template_keeps_them_apart(tmp_path, monkeypatch):
    monkeypatch.setattr(catalogues, "po_path", lambda lang: tmp_path / f"{lang}.po")
    template = catalogues.Catalog()
    template.add("Pass", locations=[("x.py", 1)])
    es = catalogues.update("es", template)
    es.get("Pass").string = "Pasar"
    catalogues.write(es, tmp_path / "es.po")
    bg = catalogues.update("bg", template)
    assert not bg.get("Pass").string      # not the Spanish left in the shared template
