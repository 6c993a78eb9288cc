"""In Spanish and Bulgarian the kit shows a move in the language's words (issue 30): no
status line, verdict, hint, solution, move list, text view or table says "pass",
"recycle", "claim" or "challenge", nor a computer player's English key ("greedy",
"search6") or a "P2" badge; English is still read on input, and English is unchanged.
(The saved lessons' outputs are scanned for these words, Python reprs and dot decimals
in test_saved_outputs_read_in_the_language.py.)"""

import re
from pathlib import Path

import pytest

from kit.iota import Game as Iota
from kit.iota.board import Board as IotaBoard
from kit.lessons import iota as IL
from kit.lessons.table import Table
from kit.notation import shown
from kit.players import Standing, player_label, standings_table
from kit.smartrix import Board as SmartrixBoard
from kit.smartrix import Game as Smartrix
from kit.ui.panel import hints_html, move_list_html

ENGLISH = re.compile(r"(?<![\w@])(pass|recycle|claim|challenge|greedy|lookahead|random|"
                     r"search\d*|P\d)(?![\w@])")


def english_words(text: str) -> list[str]:
    return ENGLISH.findall(text)


@pytest.mark.parametrize("lang, words", [("es", ["pasar", "reciclar", "reclamar", "asalto"]),
                                         ("bg", ["пас", "рециклирай", "вземи", "отнемане"])])
def test_a_shown_move_uses_the_language_words_and_keeps_cards_and_cells(speak, lang, words):
    speak(lang)
    said = shown("pass\nrecycle -3,0 1YS, then 10100000@0,1 claim; challenge 0,1.")
    assert said == (f"{words[0]}\n{words[1]} -3,0 1YS, then 10100000@0,1 {words[2]}; "
                    f"{words[3]} 0,1.")
    # a word inside another word, a card or a cell is not a move word
    assert shown("compass passes 2GT@0,1 W@1,1") == "compass passes 2GT@0,1 W@1,1"


def test_english_moves_stay_english(speak):
    speak("en")
    assert shown("pass 1YS 2BX") == "pass 1YS 2BX"


@pytest.mark.parametrize("lang", ["es", "bg"])
def test_an_iota_boards_status_move_list_and_text_view_have_no_english_move(speak, lang):
    speak(lang)
    board = IotaBoard(Iota.new(players=2, seed=3), seats=["human", "human"], delay=0)
    board.play_typed("pass 3YC")            # English is still read
    for text in (board.view.message, board.text_view_text(), board.move_list.value,
                 move_list_html(board.game.history, [0]), hints_html([(board.game.history[0], 0)])):
        assert english_words(text) == [], text
    assert "3YC" in board.view.message and "3YC" in board.move_list.value


@pytest.mark.parametrize("lang", ["es", "bg"])
@pytest.mark.parametrize("key", ["pass", "recycle", "all pass"])
def test_an_iota_exercises_verdicts_hints_and_solution_have_no_english_move(speak, lang, key):
    speak(lang)
    ex = IL.exercise(key)
    said = [ex.solution_text()]
    for wrong in ex.wrong[:3]:
        ex.attempt(wrong)
        said.append(ex.message)
    for _ in ex.hints:
        said.append(ex.hint())
        said.append(ex.hint_message)
    ex.show()
    said.append(ex.message)
    ex.attempt(ex.answers[0])
    said.append(ex.message)
    assert ex.attempts[-1][1].correct
    for text in said:
        assert english_words(text) == [], text


@pytest.mark.parametrize("lang", ["es", "bg"])
def test_a_table_of_moves_reads_in_the_language(speak, lang):
    speak(lang)
    table = Table([{"move": "pass", "points": 0}, {"move": "10100000@0,1 claim", "points": 5.2}])
    assert english_words(table._repr_html_()) == [] and english_words(repr(table)) == []
    assert "5,2" in table._repr_html_()


@pytest.mark.parametrize("lang, names", [("es", ["glotón", "previsor", "buscador 6"]),
                                         ("bg", ["лаком", "прозорлив", "търсач 6"])])
def test_a_tournament_table_names_the_players_in_the_language(speak, lang, names):
    speak(lang)
    assert [player_label(k) for k in ("greedy", "lookahead", "search6")] == names
    rows = [Standing(name, games=20, wins=10, mean_score=3.5, mean_margin=0.25,
                     mean_points_per_turn=1.5)
            for name in ("greedy", "lookahead", "search6")]
    text = standings_table(rows)
    assert english_words(text) == [] and all(n in text for n in names) and "3,5" in text


@pytest.mark.parametrize("lang, initial", [("es", "J"), ("bg", "И")])
def test_the_badges_of_several_last_cards_are_in_the_language(speak, lang, initial):
    speak(lang)
    b = SmartrixBoard(Smartrix.new(3, seed=5), seats=["human", "greedy", "greedy"], delay=0,
                      seed=3)
    b.view.raise_errors = True
    b.submit(next(m for m in b.game.legal_moves() if m.kind == "place"))
    svg = b.view.scene.to_svg()
    badges = set(re.findall(r"<text[^>]*>(\w\d)</text>", svg))
    placed = {seat + 1 for seat, m in enumerate(b.game.history[-3:]) if m.kind == "place"}
    assert len(placed) > 1 and {f"{initial}{n}" for n in placed} <= badges
    assert not {f"P{n}" for n in placed} & badges
    assert english_words(b.view.message) == [], b.view.message


# ----- every exercise of every translated course, live ---------------------------------

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED_LESSONS = sorted(p for lang in ("es", "bg")
                            for p in (ROOT / "notebooks" / lang).glob("*/[0-9]*.ipynb")
                            if "sandbox" not in p.stem)       # (no exercises: nothing said)
PYTHON_REPR = re.compile(r"\bTrue\b|\bFalse\b|\bNone\b|\{'|\['")
DOT_DECIMAL = re.compile(r"(?<![\w.,@/-])\d+\.\d+(?![\w.])")


def said_live(ex) -> list[str]:
    """What an exercise says as it is tried: its board's status, each wrong try's verdict
    (and "Why?") or the board's refusal, each hint, Show me and its solution."""
    board = getattr(getattr(ex, "board", None), "view", None)
    said = [board.message] if board is not None else []
    for wrong in ex.wrong:
        try:
            ex.attempt(wrong)
        except ValueError as refused:       # the board refused an illegal move
            said.append(str(refused))
            continue
        said += [ex.message, ex.more or ""]
        if board is not None:
            said.append(board.message)
    for _ in ex.hints:
        ex.hint()
        said.append(ex.hint_message)
    if ex.reveal is not None:
        ex.show()
        said += [ex.message, ex.solution_text()]
    return [re.sub(r"<(style|script|code)\b.*?</\1>|<[^>]+>", " ", s, flags=re.S) for s in said]


@pytest.mark.parametrize("lesson", TRANSLATED_LESSONS,
                         ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_every_translated_exercise_says_no_english_move_no_python_and_the_decimal_comma(lesson):
    # (The saved outputs are read in test_saved_outputs_read_in_the_language; this is what
    # the exercises and their boards say live, tried wrong, hinted and shown.)
    from concurrent.futures import ThreadPoolExecutor

    from lesson_cells import shown_values
    from kit.i18n import set_language

    def walk():
        try:
            values = shown_values(lesson)
            exercises = [e for v in values for e in exercises_in(v)]
            return [(e.key, text) for e in exercises for text in said_live(e)]
        finally:
            set_language("en")
    with ThreadPoolExecutor(1) as pool:     # where no event loop runs (a board's computer)
        said = pool.submit(walk).result()
    found = [f"{key}: {m.group(0)!r} in ...{text[max(0, m.start() - 50):m.end() + 20]}..."
             for key, text in said for pattern in (ENGLISH, PYTHON_REPR, DOT_DECIMAL)
             for m in pattern.finditer(text)]
    assert said and found == [], "\n".join(found)


def exercises_in(value) -> list:
    if type(value).__name__ == "Exercise":
        return [value]
    return [e for child in getattr(value, "children", ()) or () for e in exercises_in(child)]
