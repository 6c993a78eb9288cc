"""Mattix (kit.mattix and the course kit.lessons.mattix) in Spanish and Bulgarian: the
rules' refusals, the text board and status lines, the board's hints and buttons, the
course's verdicts, tasks, hints (the puzzle file's too) and tables speak the student's
language with the Mattix sheet's words (ficha, estrella, jugador de filas/columnas,
tomar) and ours in Bulgarian (плочка, звезда, играчът на редовете/колоните, взима);
typed answers are read in any of the kit's languages; counted words, lists and
percentages follow the language; English is unchanged."""

import pytest

from kit import catalogues, i18n
from kit.errors import IllegalMove
from kit.lessons import mattix as L
from kit.mattix import Game, Move
from kit.mattix.text import points_text, text_board

PUZZLES = L.load_puzzles()
#: Every message marked in Mattix's files (and its puzzle file's hints).
OURS = catalogues.ids([catalogues.KIT / "mattix", catalogues.KIT / "lessons" / "mattix",
                       catalogues.KIT / "lessons" / "puzzles" / "mattix.json"])


def deal():
    """A 4 x 4 deal: the star at 2,1, the row player to move (row 2: 1, *, 8, 3)."""
    return Game.new(size=4, seed=3)


def over_and_level():
    """A finished level 2 game, 28 to 28: a draw, the column player to move."""
    return L.position_after(133, 4, 2, 11)


# ----- the engine ----------------------------------------------------------------------

def test_an_illegal_take_is_refused_in_spanish_and_bulgarian(speak):
    speak("es")
    with pytest.raises(IllegalMove) as refused:
        deal().play("0,0")
    assert str(refused.value) == ("el jugador de filas toma de la fila de la estrella, la 2; "
                                  "(0,0) está en la fila 0")
    assert str(deal().explain("2,1")).startswith("2,1: no vale: (2,1) es la casilla de la estrella")
    speak("bg")
    assert str(deal().explain("0,0")) == ("0,0: не е позволен: играчът на редовете взима от "
                                          "реда на звездата, ред 2; (0,0) е на ред 0")
    assert str(deal().explain("2,2")) == "2,2: позволен, носи 8"


def test_the_text_board_and_status_lines(speak):
    speak("es")
    board = text_board(deal())
    assert board.splitlines()[0] == "Mattix 4x4; Filas: 0 puntos; Columnas: 0 puntos"
    assert board.splitlines()[-1] == "Turno del jugador de filas, de la fila 2: 2,0 (1), 2,2 (8), 2,3 (3)"
    assert "Fin del juego: empate." in text_board(over_and_level())
    speak("bg")
    assert text_board(deal()).splitlines()[-1] == \
        "Играчът на редовете е на ход, от ред 2: 2,0 (1), 2,2 (8), 2,3 (3)"
    svg = deal()._repr_svg_()
    assert "Играчът на редовете е на ход: взима от ред 2" in svg and "Дъска на Mattix 4x4" in svg


def test_points_are_counted_words(speak):
    speak("es")
    assert [points_text(n) for n in (1, 2, -1, 0)] == ["1 punto", "2 puntos", "-1 punto", "0 puntos"]
    speak("bg")
    assert [points_text(n) for n in (1, 2, -1)] == ["1 точка", "2 точки", "-1 точка"]


def test_the_board_hints_buttons_and_seats(speak):
    from kit.mattix.board import Board
    speak("es")
    b = Board(deal(), seats=["human", "human"], delay=0)
    assert b.seat_name(1) == "Jugador de columnas"
    assert b.hints(b.game)[0][1].startswith("valor exacto +")
    b.on_click(-50, -50)
    assert "Elige una ficha del tablero." in b.view.message
    assert Board.NOTATION_KEY in i18n.catalogue("es")._catalog   # the shell shows _(NOTATION_KEY)
    speak("bg")
    b = Board(deal(), seats=["human", "human"], delay=0)
    b.submit(Move(0, 0))
    assert "играчът на редовете взима от реда на звездата" in b.view.message


def test_the_editor_and_the_replay(speak):
    from kit.mattix.editor import Editor
    from kit.mattix.replay import Replay
    speak("es")
    ed = Editor(deal())
    assert ed.tool_buttons["star"].description == "★ Estrella aquí"
    assert [label for label, _seat in ed.mover_box.options] == ["Jugador de filas",
                                                                 "Jugador de columnas"]
    ed.on_click(-50, -50)
    assert "Elige una casilla del tablero" in ed.view.message
    speak("bg")
    assert Replay(deal(), ["2,2"]).caption(1) == "Ход 1 от 1: играчът на редовете взима 2,2 (+8)"


# ----- the course ----------------------------------------------------------------------

def test_verdicts_in_spanish_and_bulgarian(speak):
    g = deal()
    speak("es")
    right = L.check_take(g, "2,2")
    assert right.correct and right.why == ("2,2 está en la línea del jugador de filas: suma 8 y la "
                                           "estrella pasa a 2,2, así que ahora el jugador de "
                                           "columnas toma de la columna 2.")
    wrong = L.check_take(g, "1,1")
    assert not wrong.correct and wrong.why.startswith("1,1 no está en la fila de la estrella")
    speak("bg")
    assert L.check_legal_takes(g, "2,0 2,2 2,3").why == \
        "Точно тези 3 плочки може да вземе играчът на редовете: те са в реда на звездата."


def test_a_counted_word_one_and_two(speak):
    g = deal()
    speak("es")
    assert L.check_legal_takes(g, "2,0 2,2").why.endswith("te has dejado 1 ficha que también se "
                                                          "puede tomar.")
    assert L.check_legal_takes(g, "2,0").why.endswith("te has dejado 2 fichas que también se "
                                                      "pueden tomar.")
    speak("bg")
    assert "пропусна 1 плочка, която" in L.check_legal_takes(g, "2,0 2,2").why
    assert "пропусна 2 плочки, които" in L.check_legal_takes(g, "2,0").why


def test_who_won_is_read_in_any_language(speak):
    over = over_and_level()
    speak("es")
    for said in ("empate", "Empate.", "draw"):
        assert L.check_outcome(over, said).correct
    assert not L.check_outcome(over, "filas").correct
    assert L.truth_words(over) == "empate"
    not_over = L.position_after(5, 4, 2, 6)
    assert L.check_outcome(not_over, "no ha terminado").correct
    assert L.check_outcome(not_over, L.truth_words(not_over)).correct
    speak("bg")
    assert L.check_outcome(over, "равенство").correct
    assert L.check_outcome(not_over, "не е свършила").correct
    with pytest.raises(ValueError, match="отговори ред, колона, равенство или не е свършила"):
        L.check_outcome(over, "може би")


def test_yes_no_the_duel_names_a_list_and_a_percentage(speak):
    speak("es")
    ex = L.first_player_prediction()
    assert ex.text.placeholder == "sí o no"
    assert ex.submit("sí") is not None and ex.submit("да") is not None
    assert L.check_choice({"greedy": "greedy", "glotón": "greedy", "lookahead": "lookahead"},
                          "greedy", "x", "glotón").correct
    rows = L.greedy_study(sizes=(3,), boards=8)
    assert str(list(rows[0])[-1]) == "porcentaje" and rows[0]["share"] == "88\u00a0%"
    assert rows[0]["greedy is best"] == 7          # the keys a program reads stay English
    speak("bg")
    assert L.first_player_prediction().text.placeholder == "да или не"
    assert "<th>печели играчът на редовете</th>" in L.first_player_table()._repr_html_()


def test_a_puzzle_task_hint_and_verdict(speak):
    p = PUZZLES[0]
    speak("es")
    assert p.task == "Problema 1 (★). Turno del jugador de filas: gana por 6 puntos como mínimo."
    assert p.hints[0].startswith("La ficha más grande no siempre es la mejor jugada.")
    said = L.check_puzzle(p, "2,1")
    assert not said.correct and said.why.endswith("terminas con 1 punto de ventaja: eso no es "
                                                  "ganar por 6 o más.")
    speak("bg")
    assert p.task == "Задача 1 (★). Играчът на редовете е на ход: спечели с поне 6 точки."
    assert p.hints[0].startswith("Най-голямата плочка не винаги е най-добрият ход.")


def test_lesson_titles_are_in_the_catalogue():
    assert set(L.LESSON_TITLES) == {f"Lesson {n}" for n in range(1, 5)} | {"Puzzles"}
    assert set(L.LESSON_TITLES) <= OURS


@pytest.mark.parametrize("lang", ["es", "bg"])
def test_every_exercise_speaks_the_language_with_nothing_of_ours_missing(speak, lang):
    speak(lang)
    i18n.missing.clear()
    for name in [n for n in L.EXERCISES if n != "duel"]:
        ex = L.exercise(name)
        ex.raise_errors = True
        assert ex.task and ex.hints
        for w in ex.wrong[:2]:
            ex.attempt(w)
        ex.show()
    L.Sandbox(delay=0)
    L.depth_story(L.depth_study(size=3, boards=4, depths=(1, 2, 8)), size=3)
    ours = sorted(m for code, m in i18n.missing if code == lang and m in OURS)
    assert ours == [], ours


def test_the_quiet_picture_hides_the_telling_line_in_every_language(speak):
    for lang in ("en", "es", "bg"):
        speak(lang)
        quiet = L.quiet_svg(over_and_level())
        assert {"en": "Game over", "es": "Fin del juego", "bg": "Край на играта"}[lang] not in quiet
        assert {"en": "Column player to move", "es": "Turno del jugador de columnas",
                "bg": "Играчът на колоните е на ход"}[lang] in quiet


def test_english_is_unchanged():
    g = deal()
    assert text_board(g).splitlines()[-1] == "Row player to move, from row 2: 2,0 (1), 2,2 (8), 2,3 (3)"
    assert str(g.explain("0,0")) == ("0,0: illegal: the row player takes from the star's row 2; "
                                     "(0,0) is in row 0")
    assert L.check_legal_takes(g, "2,0 2,2").why.endswith("you left out 1 tile that may be "
                                                          "taken too.")
    assert PUZZLES[0].task == "Puzzle 1 (★). Row player to move: win by at least 6 points."
    assert L.first_player_prediction().text.placeholder == "yes or no"
    assert L.greedy_study(sizes=(3,), boards=8)[0]["share"] == "88%"


def test_the_duel_asks_in_the_players_names_of_the_language(speak):
    # The tournament tables print the players' names translated, so the question does too.
    speak("es")
    ex = L.exercise("duel")
    assert ex.task.endswith("el glotón o el previsor? Escribe glotón o previsor.")
    assert ex.submit("previsor") is not None and ex.submit("glotón") is not None
    speak("bg")
    ex = L.exercise("duel")
    assert ex.task.endswith("лакомият или прозорливият? Напиши лаком или прозорлив.")
    from kit.lessons.mattix.exercises import DUEL_NAMES
    assert L.check_choice(DUEL_NAMES, "lookahead", "x", "прозорлив").correct
