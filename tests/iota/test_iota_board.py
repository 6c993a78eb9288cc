"""The live IOTA board, driven by simulated clicks (no kernel, no browser)."""

import asyncio
import random

import pytest

from iota_helpers import full_position
from kit import iota
from kit.iota import Board, Game, Pass, Play, Recycle
from kit.iota.ai import best_turn
from kit.iota.cards import WILD, parse_card
from kit.iota.draw import GHOST_FILL, PENDING_FILL
from kit.scene import ERROR, Rect, Text
from kit.testing.events import click


def board(game=None, **kwargs):
    b = Board(game, **{"delay": 0, "seed": 3, **kwargs})
    b.view.raise_errors = True
    return b


def words(b):
    """The texts of the picture on the canvas now."""
    return [s.text for s in b.view.scene.shapes if isinstance(s, Text)]


def in_step(b):
    """The canvas shows what the board would draw now."""
    assert b.view.scene.to_svg() == b.scene().to_svg()


def show(b, cell):
    """Scroll the table by its shaded edges until ``cell`` is drawn (as a person would)."""
    for _ in range(40):
        lay = b.geometry.table
        if lay.shows(*cell):
            return
        r, c = cell
        direction = ("up" if r < lay.min_row else "down" if r >= lay.min_row + lay.rows
                     else "left" if c < lay.min_col else "right")
        x, y, w, h = b.geometry.pans[direction]
        click(b.canvas, (x + w / 2) * 2, (y + h / 2) * 2)
    raise AssertionError(f"could not scroll to {cell}")


def pick(b, card):
    """Click the first hand card ``card`` (an int) not already on the table."""
    used = {i for i, _ in b.placed}
    i = next(i for i, c in enumerate(b.hand) if c == card and i not in used)
    click(b.canvas, *b.hand_xy(i))


def put(b, card, cell):
    pick(b, card)
    show(b, cell)
    click(b.canvas, *b.xy(cell))


def touching_first(table, placements):
    """The placements in an order where each card touches the table or one placed before:
    a person cannot click a cell the picture does not reach yet."""
    taken, todo, order = set(table), list(placements), []
    while todo:
        nxt = next(p for p in todo if any((p[1][0] + dr, p[1][1] + dc) in taken
                                          for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))))
        todo.remove(nxt)
        order.append(nxt)
        taken.add(nxt[1])
    return order


def move_by_clicks(b, move):
    """Make ``move`` the way a person does: cards and cells, then the buttons."""
    if isinstance(move, Play):
        for card, cell in touching_first(b.game.table, move.placements):
            put(b, card, cell)
        b.controls["confirm"].click()
    elif isinstance(move, Recycle):
        pick(b, move.card)
        show(b, move.cell)
        click(b.canvas, *b.xy(move.cell))
    else:
        b.controls["pass"].click()
        for card in move.exchange:
            i = next(i for i, c in enumerate(b.hand) if c == card and i not in b.swap)
            click(b.canvas, *b.hand_xy(i))
        b.controls["pass"].click()


def human_choice(game, turn):
    """A person who recycles when they can, passes with an exchange on their third turn,
    plays a wild when one fits, and otherwise plays the best-scoring play."""
    moves = game.legal_moves()
    recycles = [m for m in moves if isinstance(m, Recycle)]
    if recycles:
        return recycles[0]
    passes = [m for m in moves if isinstance(m, Pass)]
    exchanges = [m for m in passes if len(m.exchange) == 2]
    if turn == 2 and exchanges:
        return exchanges[0]
    wild = [m for m in moves if isinstance(m, Play) and WILD in m.cards]
    if wild:
        return wild[0]
    ranked = iota.rank_moves(game)
    return ranked[0][1] if ranked else max(passes, key=lambda m: len(m.exchange))


def replay_is_legal(b, start):
    g = start.copy()
    for m in b.game.history:
        g.play(m)                                   # raises if any move was illegal
    assert g.to_dict() == b.game.to_dict()


@pytest.mark.parametrize("computer", ["random", "greedy", "planner"])
def test_a_whole_game_against_each_computer_by_clicks(computer):
    # Seed 2: against each player, this person gets to recycle, exchange and play a wild.
    b = board(seats=["human", computer], seed=2)
    start = Game.new(players=2, seed=2)
    mine, turn = [], 0
    while not b.game.is_over:
        assert b.human_to_move
        move = human_choice(b.game, turn)
        before = len(b.game.history)
        move_by_clicks(b, move)
        assert b.game.history[before] == move        # the clicks made exactly that move
        mine.append(move)
        turn += 1
        in_step(b)
    replay_is_legal(b, start)
    assert "Game over" in b.view.message
    assert "Game over" in words(b)
    in_step(b)
    assert any(isinstance(m, Recycle) for m in mine)
    assert any(isinstance(m, Pass) and len(m.exchange) == 2 for m in mine)
    assert any(isinstance(m, Play) and WILD in m.cards for m in mine)


def two_seat_game(grid, hands, **kw):
    return Game.from_dict(full_position(grid, hands, **kw))


def cards(*texts):
    return [parse_card(t) for t in texts]


def test_pending_cards_show_on_the_table_with_the_live_score_and_breakdown():
    game = two_seat_game({(0, 0): "1RC", (0, 1): "2RC"}, [["3RC", "4RC", "1GT", "2BX"], ["1YS"]])
    b = board(game, seats=["human", "greedy"])
    put(b, parse_card("3RC"), (0, 2))
    assert b.game.table == game.table and b.game.history == []      # nothing played yet
    assert "Pending play: 6 points" in words(b) and "row 0: 1+2+3 = 6" in words(b)
    assert "Pending: 3RC@0,2 for 6 points" in b.view.message
    put(b, parse_card("4RC"), (0, 3))
    explained = b.game.explain("3RC@0,2 4RC@0,3")
    assert explained.points == 20                                   # a lot: 10 x 2
    assert "Pending play: 20 points" in words(b) and "x 2 for a lot: row 0" in words(b)
    tinted = [s for s in b.view.scene.shapes if isinstance(s, Rect) and s.fill == PENDING_FILL]
    assert len(tinted) == 2 and words(b).count("placed") == 2
    b.controls["confirm"].click()
    assert b.game.history == [Play.parse("3RC@0,2 4RC@0,3")] + b.game.history[1:]
    assert b.game.scores[0] == 20 and b.placed == []


def test_an_illegal_confirm_changes_nothing_marks_the_cells_and_says_the_rule():
    game = two_seat_game({(0, 0): "1RC", (0, 1): "2RS"}, [["3BT", "1GT"], ["1YS"]])
    b = board(game, seats=["human", "human"])
    before = b.game.to_dict()
    put(b, parse_card("3BT"), (0, 2))
    assert "Not allowed as it stands" in b.view.message
    b.controls["confirm"].click()
    why = game.explain("3BT@0,2")
    assert b.game.to_dict() == before and b.game.history == []
    assert why.rule in b.view.message and set(b.marks) == set(why.cells)
    ringed = [s for s in b.view.scene.shapes if isinstance(s, Rect) and s.stroke == ERROR]
    assert len(ringed) == 3
    assert "Not allowed:" in words(b)
    assert b.placed == [(0, (0, 2))]                                # still there to fix
    click(b.canvas, *b.xy((0, 2)))                                  # pick it up again
    assert b.placed == [] and b.selected == 0 and b.marks == ()
    click(b.canvas, *b.xy((1, 1)))
    b.controls["confirm"].click()
    assert b.game.history == [Play.parse("3BT@1,1")]


def test_a_wild_on_the_table_is_recycled_by_clicks():
    game = two_seat_game({(0, 0): "1RC", (0, 1): "2RC", (0, 2): "W"}, [["3RC", "1GT"], ["1YS"]])
    b = board(game, seats=["human", "greedy"])
    click(b.canvas, *b.xy((0, 2)))                                  # no card picked yet
    assert "pick a card from your hand first" in b.view.message and b.game.history == []
    put(b, parse_card("1GT"), (0, 2))                               # 1GT does not fit there
    assert b.game.history == [] and "cannot replace the wild" in b.view.message
    assert b.marks
    put(b, parse_card("3RC"), (0, 2))
    assert b.game.history == [Recycle((0, 2), parse_card("3RC"))]
    assert b.game.table[(0, 2)] == parse_card("3RC") and WILD in b.game.hands[0]
    assert b.human_to_move and b.game.to_move == 0                  # still this person's turn
    assert "still your turn" in b.view.message


def test_a_recycle_waits_until_pending_cards_are_taken_back():
    game = two_seat_game({(0, 0): "1RC", (0, 1): "2RC", (0, 2): "W"}, [["3RC", "1GT"], ["1YS"]])
    b = board(game, seats=["human", "human"])
    put(b, parse_card("1GT"), (1, 0))
    put(b, parse_card("3RC"), (0, 2))
    assert b.game.history == [] and "before you play" in b.view.message
    b.controls["take_back"].click()
    assert b.placed == [] and b.selected is None


def test_a_pass_with_an_exchange_by_clicks_and_the_deck_limit():
    game = two_seat_game({(0, 0): "1RC"}, [["3BT", "1GT", "2YS", "4BX"], ["1YS"]])
    b = board(game, seats=["human", "human"])
    b.controls["pass"].click()
    assert b.exchanging and "Pass: pick up to 4 cards" in b.view.message
    click(b.canvas, *b.hand_xy(1))
    click(b.canvas, *b.hand_xy(3))
    click(b.canvas, *b.hand_xy(3))                                  # unmark
    click(b.canvas, *b.hand_xy(2))
    assert b.swap == {1, 2} and words(b).count("swap") == 2
    click(b.canvas, *b.xy((0, 1)))                                  # the table: not now
    assert "choosing cards to swap" in b.view.message
    b.controls["pass"].click()
    assert b.game.history == [Pass.of(cards("1GT", "2YS"))]
    assert b.game.to_move == 1 and b.game.passes == 1


def test_no_more_cards_are_exchanged_than_the_deck_holds():
    game = iota.Game.new(players=2, seed=2)
    rng = random.Random(2)
    while not 0 < len(game.deck) < len(game.hands[game.to_move]):  # a deck nearly gone
        game.play(iota.GreedyPlayer().choose(game.copy(), rng))
    n = len(game.deck)
    b = board(game, seats=["human", "human"])
    b.controls["pass"].click()
    assert f"Pass: pick up to {n} card" in b.view.message
    for i in range(n + 1):
        click(b.canvas, *b.hand_xy(i))
    assert b.swap == set(range(n))
    assert f"at most {n} card{'s' if n > 1 else ''}: that is all the deck holds" in b.view.message
    b.controls["confirm"].click()                                   # Confirm passes too
    assert isinstance(b.game.history[-1], Pass) and len(b.game.history[-1].exchange) == n


def test_clicks_outside_on_cards_and_without_a_pick_change_nothing():
    game = two_seat_game({(0, 0): "1RC", (0, 1): "2RC"}, [["3RC", "1GT"], ["1YS"]])
    b = board(game, seats=["human", "human"])
    before = b.game.to_dict()
    for x, y in [(1, 1), (5000, 5000), (-20, 30)]:
        click(b.canvas, x, y)
        assert "Pick a card in your hand, then a cell" in b.view.message
    click(b.canvas, *b.xy((1, 1)))
    assert "Pick a card from your hand first" in b.view.message
    pick(b, parse_card("3RC"))
    click(b.canvas, *b.xy((0, 0)))
    assert "(0,0) holds 1RC" in b.view.message
    assert b.game.to_dict() == before and b.placed == [] and b.selected == 0
    in_step(b)


def test_double_clicks_leave_the_game_and_picture_in_step():
    game = two_seat_game({(0, 0): "1RC", (0, 1): "2RC"}, [["3RC", "1GT"], ["1YS"]])
    b = board(game, seats=["human", "human"])
    pick(b, parse_card("3RC"))
    pick(b, parse_card("3RC"))                                      # still picked
    assert b.selected == 0
    click(b.canvas, *b.xy((0, 2)))
    click(b.canvas, *b.xy((0, 2)))                                  # picks it up again
    assert b.placed == [] and b.selected == 0 and b.game.history == []
    in_step(b)
    click(b.canvas, *b.xy((0, 2)))
    b.controls["confirm"].click()
    b.controls["confirm"].click()                                   # pressed twice: one move
    assert b.game.history == [Play.parse("3RC@0,2")]
    assert "Nothing to confirm" in b.view.message
    in_step(b)


def test_pass_pressed_twice_passes_once_keeping_the_hand():
    game = two_seat_game({(0, 0): "1RC"}, [["3BT", "1GT"], ["1YS"]])
    b = board(game, seats=["human", "human"])
    b.controls["pass"].click()
    b.controls["pass"].click()
    assert b.game.history == [Pass()] and b.game.to_move == 1


def test_one_placement_and_one_move_are_one_canvas_message_each(canvas_messages):
    game = two_seat_game({(0, 0): "1RC", (0, 1): "2RC"}, [["3RC", "1GT"], ["1YS"]])
    b = board(game, seats=["human", "human"])
    canvas_messages.clear()
    pick(b, parse_card("3RC"))
    assert len(canvas_messages) == 1
    click(b.canvas, *b.xy((0, 2)))
    assert len(canvas_messages) == 2
    b.controls["confirm"].click()
    assert len(canvas_messages) == 3 and len(b.game.history) == 1


def card_digits(b):
    """How many cards show their face on the canvas (bold digits; coordinates are plain)."""
    return sum(1 for s in b.view.scene.shapes if isinstance(s, Text) and s.bold
               and s.text in ("1", "2", "3", "4"))


def real_cards(*groups):
    return sum(1 for group in groups for c in group if c != WILD)


def test_the_computers_hand_is_not_drawn_unless_open_hands():
    b = board(seats=["human", "greedy"])
    assert card_digits(b) == real_cards(b.game.table.values(), b.game.hands[0])
    assert b.view.scene.width <= 580          # beside the shell's panel in a ~930 px output
    b_open = board(seats=["human", "greedy"], open_hands=True)
    assert not any(w.endswith("hidden") for w in words(b_open))
    assert card_digits(b_open) == real_cards(b_open.game.table.values(), *b_open.game.hands)


def test_hint_ghosts_the_best_play_and_lists_its_points():
    b = board(seats=["human", "greedy"])
    best_points, best = iota.rank_moves(b.game)[0]
    b.controls["hint"].click()
    assert b.hint_rows[0] == (best, f"{best_points} points")
    assert f"Hint 1 (dashed green): {best_points} points: {best}" in " ".join(words(b))  # wrapped
    ghosts = [s for s in b.view.scene.shapes if isinstance(s, Rect) and s.fill == GHOST_FILL]
    assert len(ghosts) == len(best.placements)
    move_by_clicks(b, best)
    assert b.game.history[0] == best and b.hint_rows == []


def big_table_board():
    """A board whose 45-card table is bigger than its box: a window that scrolls."""
    game = iota.Game.new(players=2, seed=5)
    rng = random.Random(5)
    while len(game.table) < 45:
        game.play(iota.GreedyPlayer().choose(game.copy(), rng))
    return board(game, seats=["human", "human"])


def test_a_table_bigger_than_its_box_scrolls_and_stays_playable():
    b = big_table_board()
    position = b.game.to_dict()
    lay = b.geometry.table
    assert lay.is_cut and lay.cell == 48 and b.geometry.pans
    assert b.view.scene.width <= 580 and b.view.scene.height <= 630
    direction = next(iter(b.geometry.pans))
    before = (lay.min_row, lay.min_col)
    x, y, w, h = b.geometry.pans[direction]
    click(b.canvas, (x + w / 2) * 2, (y + h / 2) * 2)
    assert (b.geometry.table.min_row, b.geometry.table.min_col) != before
    assert b.game.to_dict() == position
    best = iota.rank_moves(b.game)[0][1]
    move_by_clicks(b, best)                                         # scrolls back as needed
    assert b.game.history[-1] == best


def test_the_table_scrolls_after_the_game_and_between_other_seats_moves():
    b = board(seats=["greedy", "greedy"], seed=4)                   # plays itself to the end
    assert b.game.is_over and b.geometry.pans
    direction, (x, y, w, h) = next(iter(b.geometry.pans.items()))
    window = (b.geometry.table.min_row, b.geometry.table.min_col)
    click(b.canvas, (x + w / 2) * 2, (y + h / 2) * 2)
    assert (b.geometry.table.min_row, b.geometry.table.min_col) != window
    assert f"Scrolled the table {direction}" in b.view.message
    in_step(b)
    click(b.canvas, 2, 2)                                           # a game click: refused
    assert "The game is over" in b.view.message


def test_in_a_running_loop_clicks_wait_for_the_computer_and_hints_run_off_thread():
    async def scenario():
        b = board(seats=["planner", "human"], delay=0.05)
        assert b.busy
        before = b.game.to_dict()
        click(b.canvas, *b.xy((0, 1)))                              # while it thinks
        b.controls["confirm"].click()
        assert "Wait" in b.view.message and b.game.to_dict() == before
        await b.settled()
        assert b.human_to_move and len(b.game.history) >= 1
        b.controls["hint"].click()
        await b.settled()
        best = b.hint_rows[0][0]
        assert isinstance(best, Play)
        move_by_clicks(b, best)
        assert b.game.history[-1] == best and b.busy               # the computer's turn starts
        await b.settled()
        assert b.human_to_move or b.game.is_over
        in_step(b)

    asyncio.run(scenario())


def test_undo_takes_back_the_persons_play_and_the_computers_reply():
    b = board(seats=["human", "greedy"])
    start = b.game.to_dict()
    best = iota.rank_moves(b.game)[0][1]
    move_by_clicks(b, best)
    assert len(b.game.history) == 2                                 # mine and the reply
    pick(b, b.hand[0])
    b.controls["undo"].click()
    assert b.game.to_dict() == start and b.selected is None and b.placed == []
    in_step(b)
    b.controls["redo"].click()
    assert b.game.history[0] == best and len(b.game.history) == 2
    in_step(b)


def test_the_picture_fits_beside_the_panel_and_keeps_its_size_while_a_play_is_made():
    b = board(seats=["human", "greedy"])
    sizes = {(b.view.scene.width, b.view.scene.height)}
    card = b.hand[0]
    move = next(m for _, m in iota.rank_moves(b.game) if isinstance(m, Play))
    for card, cell in move.placements:
        pick(b, card)
        sizes.add((b.view.scene.width, b.view.scene.height))
        click(b.canvas, *b.xy(cell))
        sizes.add((b.view.scene.width, b.view.scene.height))
    b.controls["hint"].click()
    sizes.add((b.view.scene.width, b.view.scene.height))
    assert len(sizes) == 1 and b.view.scene.width <= 580 and card in b.hand
    assert "Hint 1 (dashed green):" in " ".join(words(b))
    assert b.geometry.table.cell > 72                           # a small table reads from afar


def test_the_notation_key_says_how_seats_are_numbered_as_the_board_names_them():
    b = board(seats=["human", "greedy"])
    assert "Seats are numbered from 1" in Board.NOTATION_KEY
    assert b.seat_label(0) == "Seat 1 (you)" and "\u25B6 Seat 1 (you): 0 points" in words(b)


def test_a_move_shown_not_played_says_so_without_naming_an_analysis_row():
    b = board(seats=["human", "human"])
    move = b.game.legal_moves()[0]
    b.preview(move)
    said = " ".join(words(b))
    assert "Shown on the board, not played" in said and "Analysis row" not in said
    assert not b.game.history                        # nothing was played


def test_the_hint_puts_a_better_turn_after_recycling_a_wild_first():
    # Seed 1's first card is a wild: recycling it scores 10, the best plain play 8.
    game = Game.new(players=2, seed=1)
    best = best_turn(game)
    assert isinstance(best.moves[0], Recycle)
    rows = board(game, seats=["human", "greedy"]).hints(game)
    play, label = rows[0]
    assert play == best.moves[-1] and label == f"10 points, after {best.moves[0]}"
    assert rows[1][1] == "8 points"                   # the best play without the swap


def test_show_cells_opens_the_window_on_the_cells_an_exercise_is_about():
    """IOTA puzzles opened with their answer cells outside the table's window."""
    b = big_table_board()
    position = b.game.to_dict()
    lay = b.geometry.table
    r0, c0, rows, cols = lay.extent
    corners = [(r0, c0), (r0 + rows - 1, c0 + cols - 1)]
    for corner in corners:
        b.show_cells([corner])
        assert b.geometry.table.shows(*corner)
    b.show_cells([(r0, c0), (r0 + 1, c0 + 1)])
    assert all(b.geometry.table.shows(*c) for c in [(r0, c0), (r0 + 1, c0 + 1)])
    with pytest.raises(ValueError):
        b.show_cells(corners)                     # no window of this size holds both
    assert b.game.to_dict() == position


def test_a_redraw_plans_its_picture_once_and_draws_into_that_plan(monkeypatch):
    import importlib
    board_module = importlib.import_module("kit.iota.board")
    draw_module = importlib.import_module("kit.iota.draw")   # kit.iota.draw is the function
    b = board(seats=["human", "human"])
    plans = []
    real_plan = board_module.plan
    monkeypatch.setattr(board_module, "plan", lambda *a, **k: plans.append(1) or real_plan(*a, **k))
    monkeypatch.setattr(draw_module, "plan", lambda *a, **k: pytest.fail("draw planned again"))
    pick(b, b.hand[0])
    assert len(plans) == 1 and b.geometry is not None
    in_step(b)
