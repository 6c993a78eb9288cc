"""The notation's words (pass, recycle, claim, challenge) in Spanish and Bulgarian:
read by the move parsers beside the English ones, shown in the notation key and the
cursor keys' words in the language (kit.notation, kit.ui.keys)."""

import pytest

from kit import iota, smartrix
from kit.iota import Board as IotaBoard
from kit.notation import WORDS, in_language, to_english
from kit.smartrix import Board as SmartrixBoard
from kit.testing.events import press


@pytest.mark.parametrize("text, english", [
    ("pasar", "pass"), ("Pasar 2GT 1RC", "pass 1RC 2GT"), ("пас 2GT", "pass 2GT"),
    ("reciclar 0,3 3GT", "recycle 0,3 3GT"), ("рециклирай 0,3 3GT", "recycle 0,3 3GT"),
    ("pass", "pass"), ("2GT@0,1 3GC@0,2", "2GT@0,1 3GC@0,2"),
])
def test_iota_reads_the_words_of_every_language(text, english):
    assert str(iota.Move.parse(text)) == english
    assert iota.Move.parse(text) == iota.Move.parse(english)


@pytest.mark.parametrize("text, english", [
    ("pasar", "pass"), ("ПАС", "pass"), ("10100000@0,1 reclamar", "10100000@0,1 claim"),
    ("10100000@0,1 вземи", "10100000@0,1 claim"), ("reclamar 0,0 0,1", "claim 0,0 0,1"),
    ("asalto 2,3", "challenge 2,3"), ("отнемане 2,3 1,1", "challenge 1,1 2,3"),
])
def test_smartrix_reads_the_words_of_every_language(text, english):
    assert str(smartrix.Move.parse(text)) == english


def test_a_word_of_no_language_is_still_refused_with_the_reason():
    with pytest.raises(ValueError, match="not a Smartrix move"):
        smartrix.Move.parse("pasamos")
    with pytest.raises(ValueError, match="cannot read"):
        iota.Move.parse("paseo")


def test_no_word_means_two_things_and_english_is_untouched():
    seen = [w for by in WORDS.values() for words in by.values() for w in words]
    assert len(seen) == len(set(seen))
    assert to_english("claim 0,0") == "claim 0,0"
    assert in_language("10100000@0,1 claim", "es") == "10100000@0,1 reclamar"
    assert in_language("pass", "bg") == "пас" and in_language("pass", "en") == "pass"


@pytest.mark.parametrize("lang, words", [("es", ["<code>pasar</code> = <code>pass</code>",
                                                 "<code>asalto</code> = <code>challenge</code>"]),
                                         ("bg", ["<code>пас</code> = <code>pass</code>",
                                                 "<code>отнемане</code> = <code>challenge</code>"])])
def test_the_notation_key_shows_the_language_s_words(speak, lang, words):
    speak(lang)
    key = SmartrixBoard(seats=["human", "human"], delay=0)._notation_html()
    assert all(w in key for w in words)
    assert "You may write" not in key      # the line itself is translated


def test_english_boards_show_no_second_set_of_words():
    key = IotaBoard(seats=["human", "human"], delay=0)._notation_html()
    assert "You may write" not in key and "pasar" not in key


@pytest.mark.parametrize("lang, cursor", [("es", "Cursor en la carta 1 de 4 de tu mano"),
                                          ("bg", "Курсорът е на карта 1 от 4 в ръката ти")])
def test_the_cursor_speaks_the_language(speak, lang, cursor):
    speak(lang)
    b = IotaBoard(seats=["human", "human"], delay=0)
    press(b.canvas, "ArrowDown")
    assert b.view.message.startswith(cursor)
