"""The Mattix course's checks, puzzles and studies (kit/lessons/mattix.py).

Every puzzle's solution is proved here with the exact solver, by a plain
minimax written in this file (not the kit's alpha-beta), and "the only
move" / "force a draw" puzzles are proved unique.
"""

import functools
import json

import pytest

from kit.errors import InvalidMoveText
from kit.lessons import mattix as L
from kit.lessons.exercise import Progress
from kit.mattix import Game, Move

# A 3 x 3 position: row player to move from row 1 (tiles 8 and 5); 8 lets the column
# player take 14 (column 0), 5 leaves column 2 (9, -4).
POSITION = {"game": "mattix", "board": [[14, 3, 9], [8, None, 5], [2, None, -4]],
            "star": [1, 1], "to_move": 0, "scores": [4, 6]}


def game():
    return Game.from_dict(POSITION)


def minimax(g) -> int:
    """The mover's final gain minus the opponent's, by brute force (an independent check)."""
    @functools.lru_cache(maxsize=None)
    def value(board, star, mover):
        n = len(board)
        r, c = star
        line = [(r, j) for j in range(n)] if mover == 0 else [(i, c) for i in range(n)]
        best = None
        for i, j in line:
            tile = board[i][j]
            if tile is None:
                continue
            rows = [list(row) for row in board]
            rows[i][j] = None
            v = tile - value(tuple(map(tuple, rows)), (i, j), 1 - mover)
            best = v if best is None else max(best, v)
        return 0 if best is None else best
    return value(tuple(map(tuple, g.board)), tuple(g.star), g.to_move)


def margins_by_minimax(g) -> dict:
    diff = g.scores[g.to_move] - g.scores[1 - g.to_move]
    out = {}
    for m in g.legal_moves():
        tile = g.board[m.row][m.col]
        g.play(m)
        out[m] = diff + tile - minimax(g)
        g.undo()
    return out


# ----- the puzzle set ---------------------------------------------------------

PUZZLES = L.load_puzzles()


def test_there_are_at_least_15_puzzles_graded_with_every_goal():
    assert len(PUZZLES) >= 15
    assert {p.goal for p in PUZZLES} == {"win_by", "only_move", "draw"}
    assert [p.grade for p in PUZZLES] == sorted(p.grade for p in PUZZLES)
    assert all(p.hint for p in PUZZLES)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: f"puzzle{p.number}")
def test_every_puzzle_solution_meets_its_goal_and_is_unique_where_it_says_so(puzzle):
    g = puzzle.game
    solution = Move.parse(puzzle.solution)
    margins = L.final_margins(g)
    if g.size <= 4:   # the brute-force minimax agrees with the kit's solver
        assert margins == margins_by_minimax(g)
    assert L.meets_goal(puzzle.goal, puzzle.target, margins[solution])
    assert L.check_puzzle(puzzle, puzzle.solution).correct
    meeting = [m for m, v in margins.items() if L.meets_goal(puzzle.goal, puzzle.target, v)]
    if puzzle.goal == "only_move":
        assert meeting == [solution]                   # the only take that does not lose
    if puzzle.goal == "draw":
        assert max(margins.values()) == 0 and meeting == [solution]   # no win; one draw
    if puzzle.goal == "win_by":
        assert max(margins.values()) == puzzle.target and meeting == [solution]
    for wrong in set(margins) - set(meeting):
        verdict = L.check_puzzle(puzzle, wrong)
        assert not verdict.correct and "the best take ends" in verdict.why


@pytest.mark.parametrize("puzzle", PUZZLES[:6], ids=lambda p: f"puzzle{p.number}")
def test_the_reveal_plays_the_whole_best_line_and_each_take_is_best(puzzle):
    ex = L.puzzle_exercise(puzzle)
    ex.show()
    played = ex.board.game
    assert played.is_over and ex.board.game.history[0] == Move.parse(puzzle.solution)
    g = puzzle.game
    for move in played.history:   # every take of the line keeps the value
        assert dict(L.analyse(g))[move] == L.analyse(g)[0][1] or move == played.history[0]
        g.play(move)
    final = g.scores[puzzle.game.to_move] - g.scores[1 - puzzle.game.to_move]
    assert final == L.final_margins(puzzle.game)[Move.parse(puzzle.solution)]


def test_a_puzzle_on_the_board_done_wrong_then_right_counts_once():
    progress = Progress()
    puzzle = PUZZLES[1]
    ex = L.puzzle_exercise(puzzle, progress)
    assert ex.submit() is None and "take a tile on the board first" in ex.message
    wrong = next(m for m in puzzle.game.legal_moves() if str(m) != puzzle.solution)
    ex.board.submit(wrong)
    assert not ex.submit().correct and progress.done == set()
    ex.board.undo()
    ex.board.submit(Move.parse(puzzle.solution))
    assert ex.submit().correct and progress.text.endswith("1 of 1 exercises done")


def test_malformed_puzzle_answers_are_refused_with_a_message():
    with pytest.raises(InvalidMoveText):
        L.check_puzzle(PUZZLES[0], "two, three")
    with pytest.raises(InvalidMoveText):
        L.check_puzzle(PUZZLES[0], "")
    verdict = L.check_puzzle(PUZZLES[0], "9,9")
    assert not verdict.correct and "off the" in verdict.why


def test_an_unknown_goal_is_a_value_error():
    with pytest.raises(ValueError, match="unknown puzzle goal"):
        L.meets_goal("checkmate", 0, 3)


# ----- lesson 3's practice positions -------------------------------------------

@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_practice_positions_the_biggest_tile_loses_and_the_solution_wins(number):
    g, hint, solution = L.load_practice()[number - 1]
    margins = margins_by_minimax(g)
    biggest = max(margins, key=lambda m: g.board[m.row][m.col])
    assert margins[biggest] < 0 < margins[Move.parse(solution)] == max(margins.values())
    assert L.check_best_take(g, solution).correct
    verdict = L.check_best_take(g, biggest)
    assert not verdict.correct and "behind" in verdict.why


# ----- the other checks --------------------------------------------------------

def test_check_legal_takes_right_wrong_and_malformed():
    g = game()
    assert L.check_legal_takes(g, "1,0 1,2").correct
    assert L.check_legal_takes(g, "1,2; 1,0").correct
    verdict = L.check_legal_takes(g, "1,0 0,0")
    assert not verdict.correct
    assert "row 1" in verdict.why and "left out 1 tile" in verdict.why
    for bad in ("", "one two", None):
        with pytest.raises(InvalidMoveText):
            L.check_legal_takes(g, bad)


def test_check_take_explains_where_the_star_goes_or_the_rule_broken():
    assert "the column player takes from column 0" in L.check_take(game(), "1,0").why
    refused = L.check_take(game(), "0,2")
    assert not refused.correct and "star's row 1" in refused.why


def test_check_score_after_counts_negative_tiles():
    g = Game.from_dict({**POSITION, "to_move": 1, "star": [1, 2], "board":
                        [[14, 3, 9], [8, None, None], [2, None, -4]]})
    assert L.check_score_after(g, "2,2", "2").correct
    wrong = L.check_score_after(g, "2,2", "10")
    assert not wrong.correct and "negative tile takes points away" in wrong.why
    with pytest.raises(InvalidMoveText):
        L.check_score_after(g, "2,2", "ten")


def test_check_outcome_over_by_an_empty_line_draw_and_not_over():
    over = Game.from_dict({"board": [[None, 5, None], [None, None, None], [7, None, None]],
                           "star": [1, 1], "to_move": 0, "scores": [10, 3]})
    assert over.is_over
    assert L.check_outcome(over, "row").correct
    assert not L.check_outcome(over, "not over").correct
    wrong = L.check_outcome(over, "column")
    assert not wrong.correct and "no tile in their line" in wrong.why
    level = Game.from_dict({**over.to_dict(), "scores": [6, 6]})
    assert L.check_outcome(level, "Draw").correct
    assert L.check_outcome(game(), "not over").correct
    assert not L.check_outcome(game(), "row").correct
    with pytest.raises(InvalidMoveText):
        L.check_outcome(game(), "me")


def test_net_gain_is_the_tile_minus_the_best_reply():
    g = game()
    rows = {m: (tile, reply, net) for m, tile, reply, net in L.net_gains(g)}
    assert rows[Move(1, 0)] == (8, 14, -6) and rows[Move(1, 2)] == (5, 9, -4)
    assert L.check_net_gain(g, "1,0", "-6").correct
    assert "8 - 14 = -6, not 6" in L.check_net_gain(g, "1,0", "6").why
    with pytest.raises(InvalidMoveText):
        L.check_net_gain(g, "1,0", "minus six")
    assert [row["net gain"] for row in L.net_gain_table(g)] == [-6, -4]


def test_best_line_is_a_whole_game_of_best_takes():
    g = game()
    line = L.best_line(g)
    end = g.copy()
    for m in line:
        end.play(m)
    assert end.is_over
    assert end.scores[0] - end.scores[1] == max(L.final_margins(g).values())


# ----- the studies --------------------------------------------------------------

def test_greedy_study_counts_boards_where_the_biggest_tile_is_best():
    rows = L.greedy_study(sizes=(3,), boards=10)
    games = [Game.new(seed=s, size=3, level=2) for s in range(10)]
    assert rows[0]["greedy is best"] == sum(L.greedy_is_best(g) for g in games)
    assert "greedy is best" in repr(rows) and "<table" in rows._repr_html_()


def test_depth_study_at_full_depth_always_finds_a_best_take():
    rows = L.depth_study(size=3, boards=10, depths=(1, 8))
    assert rows[-1]["best take found"] == 10


def test_the_first_player_table_matches_fresh_exact_solves():
    data = json.loads(L.FIRST_PLAYER_TABLE.read_text())
    assert {(r["size"], r["level"]) for r in data["rows"]} >= {(n, l) for n in (4, 5, 6)
                                                                for l in (1, 2)}
    assert L.first_player_check(4, 2, boards=10) and L.first_player_check(5, 1, boards=2)
    table = L.first_player_table()
    row = table[0]
    assert row["row player wins"] + row["draws"] + row["column player wins"] == row["boards"]


def test_the_sandbox_starts_a_board_of_the_chosen_size_level_and_side():
    box = L.Sandbox(size=6, level=2, delay=0)
    assert box.board.game.size == 6 and box.board.analysis_panel is not None
    box.size.value, box.side.value = 4, 1
    box.start.click()
    assert box.board.game.size == 4 and box.board.seats == ["search", "human"]
    bundle = box._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "data:image/svg+xml" in data["text/html"]


def test_an_exercise_keeps_its_position_when_the_notebook_plays_on():
    g = game()
    ex = L.legal_takes_exercise(g)
    g.play("1,0")
    assert ex.submit("1,0 1,2").correct


def test_lesson_builders_judge_right_wrong_and_malformed_answers():
    g = game()
    score = L.score_exercise(g, "1,0")
    assert score.submit("12").correct and not score.submit("8").correct
    assert score.submit("twelve") is None and "whole number" in score.message
    net = L.net_gain_exercise(g, "1,2")
    assert net.submit("-4").correct and not net.submit("4").correct
    assert net.show() == "-4"
    outcome = L.outcome_exercise(g)
    assert outcome.submit("not over").correct and outcome.show() == "not over"
    take = L.take_exercise("Take a tile.", g, L.check_take, reveal_takes=1)
    take.board.submit(Move(0, 0))   # refused by the board: not in the star's row
    assert take.submit() is None
    take.show()
    assert take.board.game.history == [L.best_line(g)[0]] and take.submit().correct
    guess = L.prediction_exercise("Who wins?", {"a": "a", "b": "b"}, "b", "b won 7 of 10.")
    assert not guess.submit("a").correct and guess.submit("B").correct
    assert guess.submit("c") is None and "answer one of: a, b" in guess.message


def test_lesson_4_predictions_are_judged_by_the_computed_numbers():
    four = L.first_player_table()[0]
    said = "yes" if four["row player wins"] > four["column player wins"] else "no"
    first = L.first_player_prediction()
    assert first.submit(said).correct and not first.submit({"yes": "no", "no": "yes"}[said]).correct
    assert f"{four['row player wins']} of {four['boards']}" in first.message
    duel = L.duel_prediction(games=4, size=4)
    standings = L.tournament([L.GreedyPlayer(), L.LookaheadPlayer()], games=4, size=4, level=2,
                             progress=False)
    best = max(standings, key=lambda s: s.win_rate).name
    assert duel.submit(best).correct


def test_outcome_and_legal_take_pictures_do_not_give_the_answer_away():
    over = Game.from_dict({"board": [[None, 5, None], [None, None, None], [7, None, None]],
                           "star": [1, 1], "to_move": 0, "scores": [10, 3]})
    svg = L.quiet_svg(over)
    assert "Game over" not in svg and "Row player to move" in svg
    assert "takes from" not in L.quiet_svg(game())
    ex = L.outcome_exercise(over)
    assert "Game over" not in ex.picture()


def test_an_exercise_board_hides_its_own_hint_and_new_game():
    ex = L.puzzle_exercise(PUZZLES[0])
    assert ex.board.controls["hint"].layout.display == "none"
    assert ex.board.controls["new"].layout.display == "none"
    assert ex.board.controls["undo"].layout.display != "none"
