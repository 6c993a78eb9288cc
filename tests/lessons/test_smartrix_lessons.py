"""The Smartrix course's checks (kit.lessons.smartrix): right, wrong and malformed
answers, the lesson positions, and every puzzle proved with the engine."""

from itertools import combinations

import pytest

from kit.errors import InvalidMoveText
from kit.lessons import smartrix as L
from kit.smartrix import CANONICAL, DECK, Game, Move, rotate
from kit.smartrix.explore import after_threats

PUZZLES = L.load_puzzles()


def places(game):
    return [m for m in game.legal_moves() if m.kind == "place"]


# ----- reading answers ------------------------------------------------------

@pytest.mark.parametrize("bad", ["", "   ", "1010", "1010000x", "hello", None])
def test_read_card_refuses_malformed(bad):
    with pytest.raises(InvalidMoveText):
        L.read_card(bad)


@pytest.mark.parametrize("bad", ["", "0 1", "a,b", "1;2,", "0,1 x"])
def test_read_cells_refuses_malformed(bad):
    with pytest.raises(InvalidMoveText):
        L.read_cells(bad)


def test_read_cells_reads_negative_and_bracketed_cells():
    assert L.read_cells("0,1 -1,-2;(3,4)") == {(0, 1), (-1, -2), (3, 4)}


@pytest.mark.parametrize("bad", ["", "10100000", "10100000@a,b", "nonsense", 42])
def test_read_move_refuses_malformed(bad):
    with pytest.raises(InvalidMoveText):
        L.read_move(bad)


# ----- lesson 1 ---------------------------------------------------------------

def test_check_value():
    assert L.check_value("10100001", "3").correct
    wrong = L.check_value("10100001", "2")
    assert not wrong.correct and "3" in wrong.why
    with pytest.raises(InvalidMoveText):
        L.check_value("10100001", "three")


def test_check_rotation_right_other_turn_and_other_card():
    card = "11000000"
    assert L.check_rotation(card, "00110000").correct
    twice = L.check_rotation(card, "00001100")
    assert not twice.correct and "2 quarter" in twice.why
    other = L.check_rotation(card, "11100000")
    assert not other.correct and "different card" in other.why
    with pytest.raises(InvalidMoveText):
        L.check_rotation(card, "0011")


def test_deck_picture_and_counts():
    counts = L.deck_counts()
    assert counts["cards"] == 70 and counts["points"] == 280
    assert [counts["by value"][v] for v in range(9)] == [1, 2, 8, 14, 20, 14, 8, 2, 1]
    assert L.deck_picture().svg.count("<svg") == 1


def test_check_placement_uses_the_engine():
    game = Game.new(2, seed=1)
    legal = places(game)[0]
    assert L.check_placement(game, legal).correct
    bad = next(Move("place", card=m.card, cell=m.cell) for m in
               (Move("place", card=rotate(c, k), cell=(0, 1))
                for c in map(L.read_card, game.hand(0)) for k in range(4))
               if not game.explain(m).legal)
    verdict = L.check_placement(game, bad)
    assert not verdict.correct and "does not match" in verdict.why
    assert not L.check_placement(game, "pass").correct


def test_short_game_is_a_childrens_ending_with_no_history():
    game = L.short_game()
    assert game.window is None and game.deck_size == 6 and game.to_move == 0
    assert not game.history and not game.is_over
    assert [sum(c.count("1") for c in game.collected(s)) for s in range(2)] == [70, 70]


# ----- lesson 2 ---------------------------------------------------------------

def test_fit_cells_and_its_check():
    game, card = L.lesson_position("fit"), L.data()["positions"]["fit"]["move"]
    truth = {m.cell for m in game.legal_moves()
             if m.kind == "place" and CANONICAL[m.card] == CANONICAL[L.read_card(card)]}
    assert L.fit_cells(game, card) == truth and 2 <= len(truth) <= 4
    right = " ".join(f"{r},{c}" for r, c in sorted(truth))
    assert L.check_fit_cells(game, card, right).correct
    missing = " ".join(f"{r},{c}" for r, c in sorted(truth)[1:])
    verdict = L.check_fit_cells(game, card, missing)
    assert not verdict.correct and "left out 1 cell" in verdict.why
    extra = right + " 5,5"
    verdict = L.check_fit_cells(game, card, extra)
    assert not verdict.correct and "5,5" in verdict.why
    with pytest.raises(InvalidMoveText):
        L.check_fit_cells(game, card, "everywhere")


@pytest.mark.parametrize("name,reason", [("why_corner", "corner"), ("why_window", "window")])
def test_why_not_positions(name, reason):
    game, move = L.lesson_position(name), L.lesson_move(name)
    assert not game.explain(move).legal
    assert L.why_not(game, move) == {reason}
    assert L.check_why(game, move, reason).correct
    wrong = L.check_why(game, move, "side")
    assert not wrong.correct and "The kit says" in wrong.why
    with pytest.raises(InvalidMoveText):
        L.check_why(game, move, "because")


def test_why_not_side_and_touch():
    game = Game.setup({(0, 0): "11111111"}, [["00000000", "10000000"], ["01000000"]])
    assert L.why_not(game, "00000000@0,1") == {"side"}
    assert L.why_not(game, "00000000@1,1") == {"corner"}
    assert L.why_not(game, "00000000@3,3") == {"touch"}
    assert not L.check_why(game, "00000000@0,1", "corner").correct


# ----- lesson 3 ---------------------------------------------------------------

def test_the_seventeen_card_move():
    game, move = L.lesson_position("seventeen"), L.lesson_move("seventeen")
    assert len(game.grid) == 16 and L.cards_collected(game, move) == 17
    assert L.most_cards(game)[0] == 17
    steps = L.building_steps("seventeen")
    assert [len(s.grid) for s in steps] == list(range(1, 17))
    for before, after in zip(steps, steps[1:]):
        (cell,) = set(after.grid) - set(before.grid)
        # each new card touches the table built so far and matches it
        probe = Game.setup(before.grid, [[after.grid[cell]], ["00000000"]])
        assert probe.explain(Move.place(after.grid[cell], *cell)).legal
        assert not probe.explain(Move.place(after.grid[cell], *cell)).sets


def test_long_run_is_collected_whole_in_the_childrens_game():
    game, move = L.lesson_position("long_run"), L.lesson_move("long_run")
    assert game.window is None and L.cards_collected(game, move) == 7


def test_check_most_cards():
    game, move = L.lesson_position("most_cards"), L.lesson_move("most_cards")
    n, best = L.most_cards(game)
    assert n >= 9 and best == [move]
    assert L.check_most_cards(game, str(move)).correct
    fewer = next(m for m in places(game) if L.cards_collected(game, m) < n)
    verdict = L.check_most_cards(game, fewer)
    assert not verdict.correct and str(n) in verdict.why
    refused = L.check_most_cards(game, Move("place", card=move.card, cell=(40, 40)))
    assert not refused.correct and "refused" in refused.why
    with pytest.raises(InvalidMoveText):
        L.check_most_cards(game, "best one")


# ----- lesson 4 ---------------------------------------------------------------

def test_check_scores():
    game = L.finished_game()
    assert game.is_over and any(game.hand(s) for s in range(2))
    right = " ".join(map(str, game.seat_scores))
    assert L.check_scores(game, right).correct
    wrong = list(game.seat_scores)
    wrong[1] += 3
    verdict = L.check_scores(game, " ".join(map(str, wrong)))
    assert not verdict.correct and "Player 1" in verdict.why and "in hand" in verdict.why
    collected_only = [sum(c.count("1") for c in game.collected(s)) for s in range(2)]
    assert collected_only != game.seat_scores   # the seeded game ends with cards in hand
    forgot = L.check_scores(game, " ".join(map(str, collected_only)))
    assert not forgot.correct and "take away" in forgot.why
    for bad in ("12", "a b", "", "1 2 3"):
        with pytest.raises(InvalidMoveText):
            L.check_scores(game, bad)


def test_end_phase_position_pass_puts_out():
    game = L.end_phase_position()
    assert game.deck_size == 0 and not game.is_over
    assert "out until the end" in str(game.explain("pass"))


# ----- lesson 5 ---------------------------------------------------------------

def test_check_challenge():
    game, move = L.lesson_position("challenge"), L.lesson_move("challenge")
    assert len(move.cells) < len(game.offending)
    typed = " ".join(f"{r},{c}" for r, c in move.cells)
    assert L.check_challenge(game, typed).correct
    every = " ".join(f"{r},{c}" for r, c in sorted(game.offending))
    verdict = L.check_challenge(game, every)
    assert not verdict.correct and "more than needed" in verdict.why
    honest = next(c for c in game.grid if c not in game.offending)
    verdict = L.check_challenge(game, f"{honest[0]},{honest[1]}")
    assert not verdict.correct and "placed by the rules" in verdict.why
    with pytest.raises(InvalidMoveText):
        L.check_challenge(game, "the bad one")


# ----- lesson 6 ---------------------------------------------------------------

def test_holds_chance_matches_enumeration():
    for pool, fitting, hand in [(6, 2, 2), (7, 1, 3), (8, 3, 4), (5, 0, 2), (5, 5, 1)]:
        hands = list(combinations(range(pool), hand))
        share = sum(any(c < fitting for c in h) for h in hands) / len(hands)
        assert L.holds_chance(pool, fitting, hand) == pytest.approx(share)


def test_threat_table_and_check_chance():
    game, move = L.lesson_position("threat"), L.lesson_move("threat")
    (threat,) = after_threats(game, move)
    rows = L.threat_table(game, move)
    assert len(rows) == 1 and rows[0]["gap"] == f"{threat.cell[0]},{threat.cell[1]}"
    pool, hand = len(game.unseen(game.to_move)), L.next_hand_size(game)
    fitting = len({CANONICAL[L.read_card(c)] for c in threat.completions})
    chance = round(100 * L.holds_chance(pool, fitting, hand))
    assert L.check_chance(game, move, f"{chance}%").correct
    assert not L.check_chance(game, move, str((chance + 30) % 100)).correct
    with pytest.raises(InvalidMoveText):
        L.check_chance(game, move, "likely")


def test_passing_pays_in_the_stored_position():
    game = L.lesson_position("pass_pays")
    assert places(game) and L.pass_rank(game) == 1
    table = L.valuation_table(game)
    assert table[0]["move"] == "pass" and table[0]["rank"] == 1


def test_tournament_table_loads():
    rows = L.tournament_table()
    assert rows and all("games" in r for r in rows)


# ----- lesson 7: every puzzle proved with the engine --------------------------------

def test_there_are_at_least_twelve_graded_puzzles_of_every_goal():
    assert len(PUZZLES) >= 12
    assert {p.goal for p in PUZZLES} == set(L.GOALS)
    assert [p.grade for p in PUZZLES] == sorted(p.grade for p in PUZZLES)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: f"puzzle{p.number}-{p.goal}")
def test_puzzle_solution_is_proved_by_the_engine(puzzle):
    game = puzzle.game
    solution = Move.parse(puzzle.solution)
    assert game.explain(solution).legal
    assert L.check_puzzle(puzzle, puzzle.solution).correct
    all_places = places(game)
    if puzzle.goal == "collect":
        assert L.most_cards(game)[0] == puzzle.target >= 5
    if puzzle.goal == "only":
        assert all_places == [solution]
    if puzzle.goal == "safe":
        assert not after_threats(game, solution)
    failing = [m for m in all_places if not L.check_puzzle(puzzle, m).correct]
    if puzzle.goal != "only":
        assert failing, "a puzzle every placement solves is no puzzle"
        assert "goal" in L.check_puzzle(puzzle, failing[0]).why or puzzle.goal == "safe"
    assert not L.check_puzzle(puzzle, "pass").correct
    with pytest.raises(InvalidMoveText):
        L.check_puzzle(puzzle, "@@")


def test_meets_goal_refuses_unknown_goal():
    p = PUZZLES[0]
    with pytest.raises(ValueError):
        L.meets_goal(p.game, "win", 0, Move.parse(p.solution))


# ----- the widgets --------------------------------------------------------------

def test_puzzle_exercise_on_the_board_right_wrong_hint_show():
    puzzle = next(p for p in PUZZLES if p.goal == "collect")
    progress = L.Progress("Puzzles")
    ex = L.puzzle_exercise(puzzle, progress)
    ex.raise_errors = True
    assert ex.submit() is None and "place a card" in ex.message
    wrong = next(m for m in places(puzzle.game) if not L.check_puzzle(puzzle, m).correct)
    ex.board.submit(wrong)
    assert ex.submit().correct is False and not ex.solved
    ex.board.undo()
    ex.board.submit(Move.parse(puzzle.solution))
    assert ex.submit().correct and ex.solved and progress.done == {f"puzzle {puzzle.number}"}
    assert ex.hint() == puzzle.hint
    ex.show()
    assert ex.board.game.history == [Move.parse(puzzle.solution)]


def test_typed_exercise_handles_malformed_input():
    game, card = L.lesson_position("fit"), L.data()["positions"]["fit"]["move"]
    svg = game.svg()
    ex = L.typed_exercise("Where does it fit?", svg, lambda t: L.check_fit_cells(game, card, t))
    assert ex.submit("nowhere") is None and "could not use" in ex.message
    assert ex.attempts == []


def test_sandbox_seats_and_variants():
    box = L.Sandbox(players=7, strength="greedy", humans=1, delay=0)
    assert box.seats() == ["human"] + ["greedy"] * 6 and box.board.game.players == 7
    box.variant.value = "teams (4 players)"
    box.humans.value = 2
    board = box.new_board()
    assert board.game.teams and board.game.players == 4
    assert box.seats() == ["human", "human", "greedy", "greedy"]
    box.variant.value = "children's (no window)"
    box.players.value = 2
    assert box.new_board().game.window is None
