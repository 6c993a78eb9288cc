"""Smartrix in Spanish and Bulgarian: the rules' refusals, the text board, the
board's prompt and refusals, the pictures' words, the editor's labels; English
unchanged. The sheets' own words (casilla, mancha de color, conjunto, asalto,
mazo de robo; кутийка, пълна/празна, набор, отнемане, купчинка)."""

from __future__ import annotations

import pytest

from kit.errors import IllegalMove, InvalidMoveText, InvalidPosition
from kit.smartrix.board import refusal_words
from kit.smartrix.draw import draw
from kit.smartrix.replay import Replay
from kit.smartrix.rules import Game

# Player 1 holds the full card; (0,1) is the empty card, so every box of the full
# card's left side faces an empty box.
TABLE = {(0, 0): "11000000", (0, 1): "00000000"}
HANDS = [["00111000", "11111111"], ["10000001"]]


def game(**options) -> Game:
    return Game.setup(TABLE, hands=HANDS, **options)


def free() -> Game:
    g = Game.setup({(0, 0): "11000000"}, hands=[["00000000", "11111111"], ["10000001"]],
                   auto_collect=False, offending=[])
    g.play("11111111@0,1")   # placed against the rules: the free table lets it stand
    return g


def test_a_mismatch_names_the_boxes_with_the_sheets_words(speak):
    speak("es")
    reason = game().explain("11111111@0,2").reason
    assert reason.startswith("11111111 en (0,2) no coincide por su lado izquierdo con la "
                             "carta de (0,1): ")
    assert ("su casilla arriba a la izquierda (mancha de color) está frente a la casilla "
            "arriba a la derecha (vacía)") in reason
    with pytest.raises(IllegalMove, match="no coincide"):
        game().play("11111111@0,2")
    speak("bg")
    reason = game().explain("11111111@0,2").reason
    assert reason.startswith("11111111 на (0,2) не съвпада откъм лявата страна с картата на (0,1)")
    assert "кутийката ѝ горе вляво (пълна) е срещу кутийката горе вдясно (празна)" in reason


def test_the_boards_refusal_counts_the_boxes(speak):
    speak("es")
    verdict, more = refusal_words(game(), "11111111@0,2")
    assert verdict == "No cabe en 0,2: 3 de sus casillas no coinciden (marcado con cuadrados y rayas naranjas)."
    assert more.startswith("11111111 en (0,2) no coincide")
    assert refusal_words(game(), "10000001@1,1")[0].startswith("La carta 10000001")
    speak("bg")
    assert refusal_words(game(), "11111111@0,2")[0] == (
        "Не става на 0,2: 3 от кутийките ѝ не съвпадат (отбелязано с оранжеви квадратчета и пунктир).")


def test_a_card_not_in_hand(speak):
    g = game()
    g.play("pass")
    speak("es")
    verdict, _more = refusal_words(g, "11111111@0,2")
    assert verdict.startswith("La carta 11111111 (girada como sea) no está en la mano del "
                              "jugador 2")
    speak("bg")
    assert g.explain("11111111@0,2").reason.startswith(
        "картата 11111111 (завъртяна както и да е) не е в ръката на играч 2")


def test_pass_and_the_end_phase(speak):
    speak("es")
    assert game().explain("pass").reason == "el jugador 1 pasa"
    speak("bg")
    assert game().explain("pass").reason == "играч 1 пасува"


def test_move_text_errors(speak):
    speak("es")
    with pytest.raises(InvalidMoveText, match="no es una jugada de Smartrix"):
        game().parse_move("foo")
    speak("bg")
    with pytest.raises(InvalidMoveText, match="не е клетка 'ред,колона'"):
        game().parse_move("claim x")


def test_the_challenge_is_the_sheets_asalto_and_otnemane(speak):
    speak("es")
    g = free()
    assert g.explain("challenge 0,1").reason == "asalto: se lleva 1 carta infractora, 8 puntos"
    refused = g.explain("challenge 0,0").reason
    assert refused.startswith("asalto rechazado: la carta de (0,0) se colocó según las reglas")
    assert g.explain("10000000@0,2").reason.endswith("(cualquiera puede dar un asalto)")
    speak("bg")
    assert g.explain("challenge 0,1").reason == "отнемане: взета е 1 сгрешена карта, 8 точки"
    assert g.explain("challenge 0,0").reason.endswith(
        "сгрешените карти са на (0,1); ако се вземе 1 от тях, масата става правилна")


def test_a_set_completed_lists_its_lines(speak):
    # On the free table a placement need only touch: four cards in a row, the fifth
    # placed and claimed completes the row (mismatches are left for a challenge).
    row = ["10000000", "11000000", "11100000", "11110000"]
    g = Game.setup({(0, c): card for c, card in enumerate(row)},
                   hands=[["11111000", "00000000"], ["10000001"]], auto_collect=False)
    speak("es")
    assert g.explain("11111000@0,4 claim").reason.startswith(
        "11111000 en (0,4) completa la fila (0,0)-(0,4) (5 cartas): 5 cartas recogidas, "
        "15 puntos")
    assert g.explain("11111000@0,4").reason.startswith(
        "11111000 en (0,4) completa la fila (0,0)-(0,4) (5 cartas): 5 cartas, 15 puntos, "
        "que quedan en la mesa por reclamar")
    speak("bg")
    assert g.explain("11111000@0,4 claim").reason.startswith(
        "11111000 на (0,4) завършва реда (0,0)-(0,4) (5 карти): събрани 5 карти, 15 точки")


def test_counted_words_one_and_two(speak):
    speak("es")
    one = Game.setup({(0, 0): "11000000"}, hands=[["00000000"], ["10000001"]])
    assert "Jugador 1 (le toca): mano 00000000; ha recogido 0 cartas" in str(one)
    assert "Smartrix, 2 jugadores, cuadrícula 5x5" in str(one)
    assert draw(one).title.startswith("Mesa de Smartrix, 1 carta; Turno: Jugador 1")
    speak("bg")
    assert str(one).startswith("Smartrix, 2 играчи, решетка 5 х 5")
    assert "Купчинка: 67 карти" in str(one)
    assert draw(one).title.startswith("Маса на Smartrix, 1 карта; На ход е Играч 1")


def test_the_window_caption_counts_rows_and_columns(speak):
    speak("es")
    title = draw(game()).title
    assert "Cuadrícula 5x5: 4 filas más, 3 columnas más" in title
    speak("bg")
    assert "Решетка 5 х 5: още 4 реда, още 3 колони" in draw(game()).title


def test_the_hint_says_points_and_risk_with_a_decimal_comma(speak):
    from kit.smartrix.ai import Valuation
    from kit.smartrix.analysis import in_words
    speak("es")
    assert in_words(Valuation(1, 1.75)) == (
        "1 punto ahora; el siguiente jugador podría recoger luego unos 1,8")
    assert in_words(Valuation(5, 0.01)) == "5 puntos ahora; no deja nada al siguiente jugador"
    assert Valuation(5, 1.75).explain() == "valor +3,2 = 5 ahora - 1,8 de riesgo"
    speak("bg")
    assert in_words(Valuation(2, 0.0)) == "2 точки сега; нищо не остава за следващия играч"


def test_players_listed_with_the_languages_and(speak):
    from kit.i18n import format_list
    speak("es")
    assert format_list([2, 3, 4]) == "2, 3 y 4"
    speak("bg")
    assert format_list([2, 3]) == "2 и 3"


def test_the_box_names_are_keys_translated_where_shown(speak):
    from kit.i18n import _
    from kit.smartrix.cards import BOX_NAMES
    from kit.smartrix.table import line_text
    speak("es")
    assert BOX_NAMES[0] == "top-left"
    assert _(BOX_NAMES[0]) == "arriba a la izquierda"
    assert line_text(0, [(0, 0), (0, 4)]) == "la fila (0,0)-(0,4)"
    speak("bg")
    assert _(BOX_NAMES[7]) == "вляво"
    assert line_text(2, [(0, 0), (4, 4)]) == "диагонала (0,0)-(4,4)"


def test_position_errors(speak):
    speak("es")
    with pytest.raises(InvalidPosition, match="Smartrix es para 2 a 7 jugadores, no 9"):
        Game.new(9)
    with pytest.raises(InvalidPosition, match="aparece dos veces"):
        Game.setup({(0, 0): "11000000"}, hands=[["00110000"], []])
    speak("bg")
    with pytest.raises(InvalidPosition, match="отборната игра е за 4 играчи, не 3"):
        Game.new(3, teams=True)


def test_the_replay_caption(speak):
    start = Game.new(2, seed=3)
    first = start.legal_moves()[0]
    speak("es")
    r = Replay(start, [first, "pass"])
    assert r.caption(1) == f"Jugada 1 de 2: el jugador 1 coloca {first} (0 puntos)"
    assert r.caption(2) == "Jugada 2 de 2: el jugador 2 pasa"
    speak("bg")
    assert r.caption(2) == "Ход 2 от 2: играч 2 пасува"


def test_board_prompt_and_buttons(speak):
    pytest.importorskip("ipywidgets")
    from kit.i18n import _
    from kit.smartrix.board import Board
    speak("es")
    b = Board(seed=4, auto_collect=False)
    assert b.prompt() == "Ahora: elige en tu mano, o en la mesa para Reclamar o Asalto."
    assert [_(label) for label in b.game_buttons().values()] == [
        "⟳ Girar (R)", "Pasar", "Reclamar", "Asalto"]
    key = _(Board.NOTATION_KEY)
    assert "<b>1</b> = mancha de color, <b>0</b> = vacía" in key
    assert "<code>10100000@0,1</code>" in key
    b._select(0)
    assert b.prompt() in ("Ahora: elige una posición + para colocarla; R gira la carta.",
                          "Así no cabe en ningún sitio: pulsa R, elige otra carta o pasa.")
    speak("bg")
    assert _(Board.BUTTONS["rotate"]) == "⟳ Завърти (R)"
    assert "<b>1</b> = пълна кутийка, <b>0</b> = празна" in _(Board.NOTATION_KEY)


def test_editor_labels_widen_for_a_longer_translation(speak):
    pytest.importorskip("ipywidgets")
    from kit.smartrix.editor import Editor
    speak("es")
    e = Editor()
    assert e.seed_box.description == "Semilla"
    assert int(e.seed_box.style.description_width[:-2]) > 40   # "Seed" had 40 px
    assert e.tool_buttons["shuffle"].description == "Barajar mazo"
    assert ("ninguna (niños)", 0) in [tuple(o) for o in e.window_box.options]


def test_the_palette_legend_and_tags(speak):
    from kit.scene import Text
    from kit.smartrix.palette import editor_scene, tag_text, used_tags
    g = game()
    assert set(used_tags(g).values()) == {"T", "H1", "H2"}   # the keys stay English
    speak("es")
    words = [s.text for s in editor_scene(g).shapes if isinstance(s, Text)]
    assert "en uso: Me mesa, Ma mano, R recogidas" in words
    assert [tag_text(t) for t in ("T", "H2", "C1")] == ["Me", "Ma2", "R1"]
    speak("bg")
    assert [tag_text(t) for t in ("T", "H2", "C1")] == ["М", "Р2", "С1"]


def test_english_unchanged():
    g = game()
    assert g.explain("11111111@0,2").reason.startswith(
        "the left side of 11111111 at (0,2) does not match the card at (0,1): its top-left "
        "box (spot) faces the top-right box (empty)")
    assert refusal_words(g, "11111111@0,2")[0] == (
        "It does not fit at 0,2: 3 of its boxes do not match (marked with orange squares and dashes).")
    assert str(g).startswith("Smartrix, 2 players, 5 x 5 window")
    assert "Player 1 (to move): hand 00111000 11111111; collected 0 cards; score -11" in str(g)
    assert free().explain("challenge 0,1").reason == (
        "challenge: 1 offending card taken, 8 points")
