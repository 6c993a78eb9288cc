"""IOTA (kit.iota and the course kit.lessons.iota) in Spanish and Bulgarian: the rules'
refusals, the explanation of a score, the text board, the board's buttons and notes,
the pictures' words, the course's verdicts, tasks, hints (the puzzle file's too) and
tables speak the student's language with the IOTA sheet's words in Spanish (carta,
comodín, lote, línea, cuadrícula, mazo, robar, pasar) and ours in Bulgarian (карта,
жокер, четворка, линия, маса, тесте, тегли, пас); yes/no answers are read in any of the
kit's languages; rules and doublings are told apart by their keys, never their words;
English is unchanged."""

import pytest

from kit import catalogues, i18n
from kit.errors import IllegalMove, InvalidMoveText
from kit.iota import Game
from kit.iota.board import Board
from kit.iota.cards import describe, parse_card
from kit.iota.draw import breakdown_lines, draw
from kit.lessons import iota as L

MESSAGES = [m for m in catalogues.extract([catalogues.KIT / "iota", catalogues.KIT / "lessons" / "iota",
                                            catalogues.KIT / "lessons" / "puzzles" / "iota.json"])
            if m.id]
#: Every message marked in IOTA's files (and its puzzle file's hints); plurals by the singular.
OURS = {catalogues.message_id(m) for m in MESSAGES}
PLURALS = [m.id for m in MESSAGES if isinstance(m.id, tuple)]


def deal():
    """Seed 3: 2RS alone on the table; seat 0 holds 3YC 2BS 1YS 3BC."""
    return Game.new(players=2, seed=3)


def rules_game():
    """1RC 2RC 3RC in a row; the hand 4RC 1YS 4YC 2BX (lesson 2)."""
    return L.rules_position()


# ----- the engine ------------------------------------------------------------------------

def test_a_card_not_in_the_hand_is_refused_in_spanish_and_bulgarian(speak):
    speak("es")
    with pytest.raises(IllegalMove) as refused:
        deal().play("1RC@0,1")
    assert str(refused.value) == ("1RC (círculo rojo 1) no está en tu mano; "
                                  "tu mano es 3YC 2BS 1YS 3BC")
    speak("bg")
    assert deal().explain("1RC@0,1").rule == ("1RC (червен кръг 1) не е в ръката ти; "
                                              "ръката ти е 3YC 2BS 1YS 3BC")


def test_a_card_in_words_follows_the_language_order_and_gender(speak):
    speak("es")
    assert describe(parse_card("3GT")) == "triángulo verde 3"
    assert describe(parse_card("4RX")) == "cruz roja 4"
    assert describe(parse_card("2YX")) == "cruz amarilla 2"
    assert describe(parse_card("W")) == "comodín"
    speak("bg")
    assert describe(parse_card("4RX")) == "червен кръст 4"
    assert describe(parse_card("W")) == "жокер"


def test_each_broken_rule_has_its_key_and_its_words_in_the_language(speak):
    speak("es")
    game = rules_game()
    words = {"line": "misma fila", "touch": "tocar una carta", "gap": "fila seguida",
             "long": "como mucho 4 cartas", "match": "ni todos iguales"}
    for rule, part in words.items():
        why = game.explain(L.BREAKING[rule])
        assert not why.legal and why.rule_key == rule and part in why.rule, (rule, why.rule)
    speak("bg")
    why = game.explain(L.BREAKING["touch"])
    assert why.rule_key == "touch" and "трябва да докосва карта" in why.rule


def test_unreadable_move_text_is_explained_in_spanish(speak):
    speak("es")
    with pytest.raises(InvalidMoveText) as bad:
        deal().play("3GT")
    assert "una jugada se escribe carta@fila,columna" in str(bad.value)


def test_a_score_is_explained_with_the_sheets_words(speak):
    game, play = L.lesson_scoring_plays()["a lot"]
    why = game.explain(play)
    assert why.kinds == ("lot",)
    speak("es")
    why = game.explain(play)
    assert why.doublings[0].startswith("lote completado: la ")
    assert why.doubling_names == ["lote completado"]
    lines = breakdown_lines(why)
    assert lines[0] == f"Tu jugada: {why.points} puntos"
    assert ", un lote" in " ".join(lines)     # the panel wraps its lines
    assert any(line.startswith("x 2 por un lote: ") for line in lines)
    speak("bg")
    assert breakdown_lines(game.explain(play))[0] == f"Неизигран ход: {why.points} точки"


def test_the_text_board_counts_in_words_of_the_language(speak):
    speak("es")
    board = str(deal())
    assert board.splitlines()[0] == ("IOTA, 2 jugadores; puntos jugador 0: 0, jugador 1: 0; "
                                     "mazo 57 cartas; le toca al jugador 0")
    assert "mano del jugador 0: 3YC 2BS 1YS 3BC" in board
    speak("bg")
    assert str(Game.new(players=1, seed=3)).startswith("IOTA, 1 играч; точки играч 0: 0; ")


def test_pictures_say_their_words_in_the_language(speak):
    speak("es")
    svg = draw(deal()).to_svg()
    assert "Turno: Jugador 1" in svg and "Mazo: 57 cartas" in svg
    assert "Jugador 1: 0 puntos" in svg and "4 cartas, ocultas" in svg
    speak("bg")
    svg = draw(deal()).to_svg()
    assert "На ход е Играч 1" in svg and "Тесте: 57 карти" in svg


def test_the_short_words_under_a_hand_card_fit_the_card(speak):
    # A hand card is 72 px wide; the words under it are 16 px bold (about 10 px a letter).
    for lang in ("es", "bg"):
        speak(lang)
        from kit.iota.draw import UNDER_WORDS
        assert all(len(i18n._(word)) <= 7 for word in UNDER_WORDS.values()), lang


# ----- the board ---------------------------------------------------------------------------

def test_the_boards_buttons_notation_key_and_notes_are_translated(speak):
    speak("es")
    assert [i18n._(label) for label in Board.BUTTONS.values()] == ["Confirmar", "Retirar",
                                                                    "Pasar"]
    key = i18n._(Board.NOTATION_KEY)
    assert "<b>G</b> = verde (green)" in key and "comodín" in key
    board = Board(deal(), seats=["human", "human"], delay=0)
    assert board._notes() == ["Elige una carta de tu mano y luego una casilla."]
    board._hand_clicked(0)
    assert board.view.message.startswith("3YC (círculo amarillo 3) elegida")
    speak("bg")
    assert [i18n._(label) for label in Board.BUTTONS.values()] == ["Потвърди", "Върни картите", "Пас"]


def test_a_counted_word_takes_its_form(speak):
    speak("es")
    from kit.iota.board import _points
    assert (_points(1), _points(2)) == ("1 punto", "2 puntos")
    speak("bg")
    assert (_points(1), _points(2)) == ("1 точка", "2 точки")


# ----- the course ----------------------------------------------------------------------------

def test_yes_and_no_are_read_in_every_language_whatever_the_kit_speaks():
    for yes in ("yes", "sí", "si", "válida", "valida", "да", "вярно"):
        assert L.read_yes_no(yes) is True, yes
    for no in ("no", "n", "no válida", "inválida", "не", "невярно"):
        assert L.read_yes_no(no) is False, no


def test_a_line_verdict_and_its_hint_in_spanish_and_bulgarian(speak):
    speak("es")
    right = L.check_line(("3YT", "3BT", "3GT"), "sí")
    assert right.correct and right.why == ("3YT 3BT 3GT es una línea válida: números todos "
                                           "iguales, colores todos diferentes, formas todas "
                                           "iguales.")
    wrong = L.check_line(("2YS", "2BS", "3GS"), "válida")
    assert not wrong.correct and wrong.why.startswith("Vuelve a mirar los números: 2, 2, 3.")
    ex = L.exercise("line 2")
    assert ex.hints == ["Mira los números: dos 2 y un 3."]
    speak("bg")
    with pytest.raises(InvalidMoveText) as bad:
        L.read_yes_no("може би")
    assert str(bad.value) == "напиши вярно или невярно (или да или не), а не 'може би'"


def test_the_break_a_rule_exercise_judges_by_the_rules_key_in_spanish(speak):
    speak("es")
    game = rules_game()
    assert L.check_breaks(game, "touch", L.BREAKING["touch"]).correct
    other = L.check_breaks(game, "touch", L.BREAKING["gap"])
    assert not other.correct and "pero por otra regla" in other.why
    assert L.exercise("break: touch").task == "Rompe la regla 2: pon una carta donde no toque nada."


def test_a_wrong_score_says_what_to_double_in_the_language(speak):
    game, play = L.lesson_scoring_plays()["a lot"]
    why = game.explain(play)
    speak("es")
    verdict = L.check_score(game, play, str(why.base))
    assert not verdict.correct
    assert "se te ha olvidado doblar por esto: lote completado." in verdict.why
    speak("bg")
    assert "забрави да удвоиш: завършена четворка." in L.check_score(game, play,
                                                                      str(why.base)).why


def test_a_puzzles_task_and_its_hints_from_the_puzzle_file(speak):
    speak("es")
    puzzle = L.load_puzzles()[0]
    assert puzzle.task.startswith(f"Problema 1 ({puzzle.stars}): encuentra la mejor jugada")
    ex = L.exercise("puzzle 1")
    assert ex.hints[0].startswith("Basta con ")
    speak("bg")
    assert L.exercise("puzzle 1").hints[0].startswith("Стига")


def test_the_studies_tables_show_their_headings_in_the_language_and_keep_their_keys(speak):
    speak("es")
    table = L.tournament_table()
    assert table[0]["pairing"] == "greedy vs random"      # the key a program reads
    text = repr(table)
    assert "enfrentamiento" in text and "glotón contra al azar" in text
    from kit.lessons.iota.studies import CHANCE
    assert str(CHANCE) == "probabilidad de que la siguiente mano tenga una"
    speak("bg")
    assert "двойка" in repr(L.tournament_table())


def test_a_percentage_follows_the_language(speak):
    positions = L.self_play_positions(seeds=(0,), every=6)[:4]
    speak("es")
    rows = L.lot_study(positions)
    assert all(str(row["share"]).endswith("\u00a0%") for row in rows)
    assert "sin lote" in repr(rows)


def test_the_lessons_titles_are_in_the_catalogue():
    from kit.lessons.iota.exercises import LESSON_TITLES
    assert set(LESSON_TITLES) <= OURS
    assert {"Meet IOTA", "Puzzles"} <= set(LESSON_TITLES)


def test_every_message_of_iota_has_spanish_and_bulgarian(speak):
    for lang in ("es", "bg"):
        speak(lang)
        singles = OURS - {one for one, _ in PLURALS}
        left = sorted(m for m in singles if i18n._(m) == m
                      and m not in ("{card} {where}", "no", "IOTA") and not m.startswith("{axis} ("))
        assert not left, (lang, left[:5])
        left = [one for one, many in PLURALS
                if (i18n.ngettext(one, many, 1), i18n.ngettext(one, many, 5)) == (one, many)]
        assert not left, (lang, left[:5])


def test_english_is_unchanged():
    game = rules_game()
    assert game.explain(L.BREAKING["touch"]).rule == (
        "at least one card played must touch a card already on the table")
    assert str(deal()).splitlines()[0] == ("IOTA, 2 players; scores seat 0: 0, seat 1: 0; "
                                           "deck 57 cards; seat 0 to move")
    assert describe(parse_card("3GT")) == "green triangle 3"
    game, play = L.lesson_scoring_plays()["a lot"]
    assert game.explain(play).doublings[0].startswith("lot completed: the ")
    assert L.check_line(("3YT", "3BT", "3GT"), "yes").why.startswith("3YT 3BT 3GT is a valid line")
