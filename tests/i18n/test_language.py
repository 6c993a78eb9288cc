"""kit.i18n: which language the kit speaks, and how it falls back.

The catalogues' contents are tested in test_catalogues.py; each area's Spanish
and Bulgarian in its own file beside this one.
"""

import pytest

from kit import i18n


@pytest.mark.parametrize(("environ", "expected"), [
    ({}, "en"),
    ({"LANG": "es_ES.UTF-8"}, "es"),
    ({"LANG": "bg_BG.UTF-8"}, "bg"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),               # not a language the kit speaks
    ({"LANG": "es_ES.UTF-8", "LC_ALL": "bg_BG"}, "bg"),   # gettext's order: LC_ALL before LANG
    ({"LANGUAGE": "fr:es:en", "LANG": "bg_BG"}, "es"),    # the first of LANGUAGE the kit has
    ({"KIT_LANG": "es", "LANG": "bg_BG.UTF-8", "LANGUAGE": "bg"}, "es"),   # KIT_LANG wins
    ({"KIT_LANG": "en", "LANG": "es_ES.UTF-8"}, "en"),
])
def test_the_language_comes_from_kit_lang_then_the_locale(environ, expected):
    assert i18n.language_from_env(environ) == expected


def test_a_kit_lang_the_kit_does_not_speak_is_refused_by_name():
    with pytest.raises(ValueError, match="KIT_LANG='fr' is not a language the kit speaks: one of en, es, bg"):
        i18n.language_from_env({"KIT_LANG": "fr"})


def test_set_language_switches_the_process_and_none_goes_back_to_the_environment(monkeypatch):
    assert i18n.set_language("es_ES") == "es"
    assert i18n.language() == "es"
    monkeypatch.setenv("KIT_LANG", "bg")
    assert i18n.set_language(None) == "bg"
    with pytest.raises(ValueError, match="no messages in 'fr'"):
        i18n.set_language("fr")
    assert i18n.language() == "bg"          # a refused choice changes nothing


def test_kit_set_language_is_the_same_function():
    import kit
    assert kit.set_language is i18n.set_language


def test_english_is_the_source_text_and_an_unknown_message_falls_back_to_it(speak):
    assert i18n._("A sentence no catalogue has") == "A sentence no catalogue has"
    speak("es")
    i18n.missing.clear()
    assert i18n._("A sentence no catalogue has") == "A sentence no catalogue has"
    assert i18n.ngettext("{n} thing nobody has", "{n} things nobody has", 2) == "{n} things nobody has"
    # ...and the miss is noted, so a test can find a message left untranslated.
    assert ("es", "A sentence no catalogue has") in i18n.missing
    assert ("es", "{n} thing nobody has") in i18n.missing


def test_n_marks_without_translating(speak):
    speak("es")
    assert i18n.N_("Pass") == "Pass"


def test_numbers_percentages_and_lists_follow_the_language(speak):
    assert (i18n.format_percent(0.456), i18n.format_number(2.5, 1), i18n.format_list("abc")) == \
        ("46%", "2.5", "a, b and c")
    assert i18n.format_list("ab", style="or") == "a or b"
    speak("es")
    assert i18n.format_percent(0.456) == "46\u00a0%"
    assert i18n.format_percent(0.4567, 1) == "45,7\u00a0%"
    assert i18n.format_number(2.5, 1) == "2,5"
    assert i18n.format_number(12345, grouping=True) == "12.345"
    assert i18n.format_list("abc") == "a, b y c"
    assert i18n.format_list("ab", style="or") == "a o b"
    speak("bg")
    assert i18n.format_list("abc") == "a, b и c"
    assert i18n.format_number(2.5, 1) == "2,5"


def test_without_babel_numbers_and_lists_fall_back_to_english_forms(speak, monkeypatch):
    # The engines run with the standard library alone (make bare).
    monkeypatch.setattr(i18n, "_babel", lambda module: None)
    speak("es")
    assert (i18n.format_percent(0.5), i18n.format_list("ab", style="or")) == ("50%", "a or b")


def test_the_hub_reads_the_class_language_and_each_students_own():
    from kit.classroom.hub import class_languages, lab_locale
    assert class_languages({}) == ("en", {})
    assert class_languages({"KIT_LANG": "es", "KIT_STUDENT_LANG": " ana=bg , boris=en"}) == \
        ("es", {"ana": "bg", "boris": "en"})
    with pytest.raises(ValueError, match="KIT_LANG='fr'"):
        class_languages({"KIT_LANG": "fr"})
    with pytest.raises(ValueError, match="KIT_STUDENT_LANG: 'ana' is not name=language"):
        class_languages({"KIT_STUDENT_LANG": "ana"})
    with pytest.raises(ValueError, match="KIT_STUDENT_LANG: 'ana=fr' is not name=language"):
        class_languages({"KIT_STUDENT_LANG": "ana=fr"})
    # Lab has a Spanish pack and no Bulgarian one.
    assert (lab_locale("es"), lab_locale("bg"), lab_locale("en")) == ("es_ES", "en", "en")
