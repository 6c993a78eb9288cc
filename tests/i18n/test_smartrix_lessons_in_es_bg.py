"""The Smartrix course (kit.lessons.smartrix) in Spanish and Bulgarian: the verdicts,
hints, tasks, tables and the sandbox speak the student's language with the sheets'
words, answer words are read in any of the kit's languages, counted words and
numbers follow the language, and English is unchanged."""

import re

import pytest

from kit import catalogues, i18n
from kit.lessons import smartrix as L
from kit.smartrix import Game, Move

PUZZLES = L.load_puzzles()
#: Every message marked in the course's files (and its puzzle file's hints).
OURS = catalogues.ids([catalogues.KIT / "lessons" / "smartrix",
                       catalogues.KIT / "lessons" / "puzzles" / "smartrix.json"])


def refused_placement(game):
    return next(m for m in (Move("place", card=L.read_card(c), cell=(0, 1)) for c in game.hand(0))
                if not game.explain(m).legal)


# ----- verdicts and answers -----------------------------------------------------------

def test_a_value_verdict_in_spanish_and_bulgarian(speak):
    speak("es")
    right = L.check_value("10100001", "3")
    assert right.correct and right.why == "10100001 tiene 3 manchas de color: su valor es 3."
    assert "te has saltado una mancha" in L.check_value("10100001", "2").why
    speak("bg")
    assert L.check_value("10100001", "3").why == "10100001 има 3 пълни кутийки: стойността ѝ е 3."
    assert "празно кръгче" in L.check_value("10100001", "4").why


def test_a_counted_word_one_and_two(speak):
    speak("es")
    one = L.check_value("10000000", "1").why
    two = L.check_value("10100000", "2").why
    assert "1 mancha de color:" in one and "2 manchas de color:" in two
    speak("bg")
    assert "1 пълна кутийка:" in L.check_value("10000000", "1").why
    assert "2 пълни кутийки:" in L.check_value("10100000", "2").why
    svg = L.exercise("score three players").picture()
    assert "(1 карта)" in svg and re.search(r"\(\d+ карти\)", svg)


def test_an_unreadable_answer_is_refused_in_the_students_language(speak):
    speak("es")
    with pytest.raises(ValueError, match="escribe el valor como un número entero"):
        L.check_value("10100001", "tres")
    with pytest.raises(ValueError, match="no es una carta"):
        L.read_card("1010")
    speak("bg")
    with pytest.raises(ValueError, match="не е клетка"):
        L.read_cells("0,1 x")


def test_a_refused_placement_says_why_in_spanish(speak):
    speak("es")
    game = Game.new(2, seed=1)
    verdict = L.check_placement(game, refused_placement(game))
    assert not verdict.correct and "no coincide con una vecina" in verdict.why
    far = Game.setup({(0, 0): "11111111"}, [["00000000", "10000000"], ["01000000"]])
    assert L.refused(far, "00000000@3,3").why.startswith("Esa posición no toca ninguna carta")


def test_why_not_is_read_from_the_position_not_from_translated_words(speak):
    game = Game.setup({(0, 0): "11111111"}, [["00000000", "10000000"], ["01000000"]])
    for lang in ("en", "es", "bg"):
        speak(lang)
        assert L.why_not(game, "00000000@3,3") == {"touch"}
        assert L.why_not(game, "00000000@0,1") == {"side"}


@pytest.mark.parametrize("lang", ["en", "es", "bg"])
@pytest.mark.parametrize("said", ["corner", "esquina", "ъгъл", "Esquina.", "ЪГЪЛ"])
def test_reason_words_are_read_in_any_language(speak, lang, said):
    speak(lang)
    game, move = L.lesson_position("why_corner"), L.lesson_move("why_corner")
    assert L.check_why(game, move, said).correct


def test_two_reason_words_joined_by_y_or_и(speak):
    game = Game.setup({(0, 0): "11111111"}, [["00000000", "10000000"], ["01000000"]])
    assert L.read_reasons("lado y esquina") == {"side", "corner"}
    assert L.read_reasons("страна и ъгъл") == {"side", "corner"}
    assert L.read_reasons("cuadrícula, toca") == {"window", "touch"}
    speak("es")
    assert not L.check_why(game, "00000000@0,1", "lado y esquina").correct
    with pytest.raises(ValueError, match="lado, esquina, cuadrícula, toca"):
        L.check_why(game, "00000000@0,1", "porque sí")


def test_the_why_exercise_names_its_words_as_the_reader_takes_them(speak):
    speak("es")
    ex = L.exercise("why corner")
    assert ex.text.placeholder == "lado, esquina, cuadrícula o toca"
    assert ex.task.startswith("El kit no acepta")
    assert ex.show().startswith("esquina: ")
    wrong = ex.attempt("lado")
    assert not wrong.correct and wrong.why.startswith("No es «lado»: ")
    speak("bg")
    ex = L.exercise("why window")
    assert ex.text.placeholder == "страна, ъгъл, решетка или допир"
    assert ex.attempt("решетка").correct


def test_scores_lists_and_the_end_in_spanish(speak):
    speak("es")
    game = L.finished_game()
    wrong = list(game.seat_scores)
    wrong[1] += 3
    verdict = L.check_scores(game, " ".join(map(str, wrong)))
    assert verdict.why.startswith("La puntuación del Jugador 2 no es")
    assert L.how_it_ended(game)
    teams = L.team_end_phase()
    teams.play("pass")
    assert L.out_players(teams) == "Fuera del juego: Jugador 1 y Jugador 3"   # a list, the Spanish way
    speak("bg")
    assert L.out_players(teams) == "Вън от играта: Играч 1 и Играч 3"


def test_a_challenge_is_an_asalto_and_an_отнемане(speak):
    game = L.lesson_position("challenge")
    every = " ".join(f"{r},{c}" for r, c in sorted(game.offending))
    speak("es")
    assert "Un asalto se lleva las menos cartas posibles" in L.check_challenge(game, every).why
    assert L.exercise("challenge").task.startswith("Mesa libre:")
    speak("bg")
    assert "При отнемане" in L.check_challenge(game, every).why


# ----- numbers, tables, pictures ------------------------------------------------------

def test_percentages_and_decimals_follow_the_language(speak):
    game, move = L.lesson_position("threat"), L.lesson_move("threat")
    english = L.threat_table(game, move)[0]["next player holds one"]
    assert re.fullmatch(r"\d+%", english)
    speak("es")
    row = L.threat_table(game, move)[0]
    assert list(row)[0] == "hueco" and row["el siguiente tiene una"] == english.replace("%", "\xa0%")
    assert english.replace("%", "\xa0%") in L.chance_explained(game, move)
    values = L.valuation_table(L.lesson_position("pass_pays"))
    assert values[0]["jugada"] == "pass"   # notation is never translated
    assert re.fullmatch(r"[+-]\d+,\d", values[0]["valor"])
    rows = L.tournament_table()
    assert rows[0]["enfrentamiento"] == "glotón contra al azar"
    assert re.fullmatch(r"glotón \d+\xa0% / al azar \d+\xa0%", rows[0]["victorias"])


def test_the_lesson_1_labels_and_deck_counts_are_translated(speak):
    speak("bg")
    svg = L.card_picture("10100001", "11111111", labels=["value 3", "as written"]).svg
    assert "стойност 3" in svg and "както е" in svg
    assert L.deck_counts()["карти"] == 70
    speak("es")
    assert L.card_picture("10100001", labels=["A"]).svg.count(">A<") == 1   # any other label as given


# ----- tasks, hints, puzzles, the sandbox ------------------------------------------------

def test_a_puzzle_task_hints_and_verdict_in_bulgarian(speak):
    speak("bg")
    puzzle = PUZZLES[0]
    assert puzzle.task.startswith("Задача 1 (★): събери поне")
    hints = L.puzzle_hints(puzzle)
    assert hints[0].startswith("Потърси права линия от пет клетки")
    assert "първата карта в ръката ти" in hints[2] or "картата в ръката ти" in hints[2]
    assert L.check_puzzle(puzzle, "pass").why == "Всяка задача иска да поставиш карта: с пас не се решава."
    assert L.check_puzzle(puzzle, puzzle.solution).correct


def test_the_stored_puzzle_hints_are_the_first_hints_and_translated(speak):
    """The JSON's hint (kept for the handouts) is the first hint the course gives;
    both are the same message, so both are translated."""
    for puzzle in PUZZLES:
        speak("en")
        assert L.puzzle_hints(puzzle)[0] == puzzle.hint
        speak("es")
        assert L.puzzle_hints(puzzle)[0] == i18n._(puzzle.hint) != puzzle.hint


def test_a_board_exercise_takes_a_wrong_try_back_in_spanish(speak):
    speak("es")
    ex = L.exercise("first placement")
    ex.raise_errors = True
    verdict = ex.attempt("pass")
    assert not verdict.correct and verdict.why.endswith("Tu pase se ha deshecho: inténtalo otra vez.")
    assert ex.hints[0].startswith("Elige una carta de tu mano")


def test_the_sandbox_shows_translated_choices_and_keeps_english_keys(speak):
    speak("es")
    box = L.Sandbox(players=3, strength="greedy", delay=0)
    assert box.strength.label == "glotón" and box.strength.value == "greedy"
    assert box.players.description == "Jugadores"
    assert "3 jugadores: Jugador 1: persona, Jugador 2: glotón" in box.note.value
    box.variant.value = "teams (4 players)"
    assert box.variant.label == "por equipos (4 jugadores)"
    assert box.new_board().game.teams
    assert "(equipos: Jugadores 1 y 3 contra 2 y 4)" in box.note.value


def test_lesson_titles_are_in_the_catalogue():
    assert set(L.LESSON_TITLES) == {f"Lesson {n}" for n in range(1, 7)} | {"Puzzles"}
    assert set(L.LESSON_TITLES) <= OURS


@pytest.mark.parametrize("lang", ["es", "bg"])
def test_every_exercise_speaks_the_language_with_nothing_of_ours_missing(speak, lang):
    speak(lang)
    i18n.missing.clear()
    for name in list(L.EXERCISES) + [f"puzzle {p.number}" for p in PUZZLES]:
        ex = L.exercise(name)
        ex.raise_errors = True
        assert ex.task and ex.hints
        for w in ex.wrong[:2]:
            ex.attempt(w)
        ex.show()
    for pz in PUZZLES:
        L.puzzle_hints(pz)
    L.tournament_table(), L.valuation_table(L.lesson_position("pass_pays"))
    L.Sandbox(delay=0)
    ours = sorted(m for code, m in i18n.missing if code == lang and m in OURS)
    assert ours == [], ours


def test_english_is_unchanged():
    game, move = L.lesson_position("why_corner"), L.lesson_move("why_corner")
    assert L.check_why(game, move, "corner").why == \
        "Yes: a corner neighbour's touching corner box does not match."
    assert L.exercise("why corner").text.placeholder == "side, corner, window or touch"
    assert L.check_value("10100001", "3").why == "10100001 has 3 spots: its value is 3."
    teams = L.team_end_phase()
    teams.play("pass")
    assert L.out_players(teams) == "Out: Player 1 and Player 3"
    assert L.player(0) == "Player 1"
