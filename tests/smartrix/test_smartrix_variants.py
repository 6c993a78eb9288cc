"""Smartrix variants: children's (no window), teams, and the free table with
claims and challenges (minimal removal checked against brute force)."""

import itertools
import random

import pytest

from kit import IllegalMove
from kit.smartrix import PASS, DECK, Game, GreedyPlayer, Move, tournament
from kit.smartrix.cards import ORIENTATIONS
from kit.smartrix.table import is_legal_table, minimal_removal
from smartrix_helpers import card_matching, card_not_matching, fill, setup, value

# --- children's variant ------------------------------------------------------


def _gapped_row():
    grid = fill([(0, 3)] + [(0, c) for c in (0, 1, 2, 4, 5, 6)])
    return grid, grid.pop((0, 3))


def test_children_no_window_and_long_runs_collected_whole():
    grid, card = _gapped_row()
    g = setup(grid, [[card, "00000000"], ["11111111"]], window=None)
    exp = g.explain(f"{card}@0,3")
    assert exp.legal and "7 cards" in exp.reason
    assert g.play(exp.move) == sum(value(t) for t in grid.values()) + value(card)
    assert len(g.collected(0)) == 7 and g.grid == {}


def test_children_table_may_grow_past_five():
    grid = fill([(0, c) for c in range(4)])
    far = card_matching(grid, (1, 4))
    g = setup(grid, [[far], ["11111111"]], window=None)
    assert g.explain(f"{far}@1,4").legal
    g.play(f"{far}@1,4")
    nxt = card_matching(g.grid, (2, 5), exclude=[far])
    g2 = setup(g.grid, [["11111111"], [nxt]], window=None, to_move=1)
    assert g2.explain(f"{nxt}@2,5").legal          # six columns: fine without the window
    g3 = setup(g.grid, [["11111111"], [nxt]], to_move=1)
    assert not g3.explain(f"{nxt}@2,5").legal


def test_the_window_game_refuses_a_seven_card_row():
    grid, card = _gapped_row()
    with pytest.raises(ValueError, match="window"):
        setup(grid, [[card], ["11111111"]])


# --- teams ---------------------------------------------------------------------

def _team_end_phase():
    g = setup({(0, 0): "00000000"},
              [["10000000"], ["11000000"], ["10100000"], ["11100000"]], teams=True)
    d = g.to_dict()
    d["collected"][1], d["deck"] = d["deck"], []
    return Game.from_dict(d)


def test_team_scores_and_partners():
    g = _team_end_phase()
    assert [g.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert g.scores == [-1 - 2, sum(value(t) for t in g.collected(1)) - 2 - 3]
    assert Game.new(players=3, seed=1).team_of(2) == 2


def test_teams_a_pass_in_the_end_phase_puts_both_partners_out():
    g = _team_end_phase()
    g.play(PASS)
    assert g.out == [True, False, True, False] and g.to_move == 1
    g.play(PASS)                     # 1 passes: 1 and 3 out, everyone is
    assert g.is_over


def test_teams_the_other_side_plays_on_until_a_pass_or_an_empty_hand():
    g = _team_end_phase()
    g.play(PASS)
    assert g.to_move == 1
    g.play(next(m for m in g.legal_moves() if m.kind == "place"))  # 1 plays its last card
    assert g.is_over


def test_team_positions_keep_partners_out_together():
    d = _team_end_phase().to_dict()
    d["out"] = [True, False, False, False]
    d["to_move"] = 1
    with pytest.raises(ValueError, match="partners are out together"):
        Game.from_dict(d)


def test_teams_need_four_players():
    with pytest.raises(ValueError, match="4 players"):
        Game.new(players=3, teams=True)


def test_team_tournament_partners_share_results():
    players = [GreedyPlayer(), GreedyPlayer(), GreedyPlayer(), GreedyPlayer()]
    st = tournament(players, games=4, seed=2, teams=True)
    assert st[0].mean_score == st[2].mean_score and st[1].mean_score == st[3].mean_score
    assert st[0].win_rate + st[1].win_rate == pytest.approx(1.0)


# --- free table: placements, claims --------------------------------------------

def test_free_table_lets_a_mistake_stand():
    grid = fill([(0, 0)])
    bad = card_not_matching(grid, (0, 1))
    g = setup(grid, [[bad], ["11111111"]], auto_collect=False)
    exp = g.explain(f"{bad}@0,1")
    assert exp.legal and "anyone may challenge" in exp.reason and exp.mismatches
    g.play(exp.move)
    assert not g.is_legal_table()


def _free_row(**kw):
    grid = fill([(0, 4)] + [(0, c) for c in range(4)])
    card = grid.pop((0, 4))
    return setup(grid, [[card, "00000000"], ["11111111"]], auto_collect=False,
                 **kw), card, grid


def test_a_set_left_unclaimed_can_be_claimed_by_another_player():
    g, card, grid = _free_row()
    assert g.play(f"{card}@0,4") == 0                  # formed, not claimed
    row = tuple((0, c) for c in range(5))
    assert g.unclaimed_sets == [(row, 0)]
    assert Move.take("claim", row) in g.legal_moves()  # player 1 to move
    pts = g.play("claim " + " ".join(f"{r},{c}" for r, c in row))
    assert pts == sum(value(t) for t in grid.values()) + value(card)
    assert g.to_move == 1 and g.grid == {} and len(g.collected(1)) == 5
    g.play(PASS)
    assert g.to_move == 0


def test_the_former_may_not_claim_it_later():
    g, card, _ = _free_row()
    g.play(f"{card}@0,4")
    g.play(PASS)                                      # player 1 leaves it
    with pytest.raises(IllegalMove, match="only the others"):
        g.play("claim 0,0 0,1 0,2 0,3 0,4")


def test_place_and_claim_in_one_move():
    g, card, grid = _free_row()
    assert g.play(f"{card}@0,4 claim") == sum(value(t) for t in grid.values()) + value(card)
    assert g.grid == {}


def test_claims_must_name_a_whole_set():
    g, card, _ = _free_row()
    with pytest.raises(IllegalMove, match="forms no set"):
        g.play("00000000@1,0 claim")
    g.play(f"{card}@0,4")
    with pytest.raises(IllegalMove, match="not a set"):
        g.play("claim 0,0 0,1 0,2 0,3")


def test_claims_and_challenges_are_only_for_the_free_table():
    g = Game.new(seed=1)
    for text in ["claim 0,0", "challenge 0,0"]:
        with pytest.raises(IllegalMove, match="free-table"):
            g.play(text)
    with pytest.raises(IllegalMove, match="free-table"):
        g.play(g.legal_moves()[0].__str__() + " claim")


# --- free table: challenges -------------------------------------------------------

def _with_mismatch(cells, bad_cell):
    """A matching table on ``cells`` with the card at ``bad_cell`` replaced by
    one that matches none of its neighbours' demands."""
    grid = fill(cells)
    rest = {c: t for c, t in grid.items() if c != bad_cell}
    grid[bad_cell] = card_not_matching(rest, bad_cell, exclude=grid.values())
    return grid


def _free(grid):
    return setup(grid, [["00000000"], ["11111111"]], auto_collect=False)


def _cells_text(cells):
    return " ".join(f"{r},{c}" for r, c in cells)


def test_challenge_takes_the_card_that_breaks_two_touches():
    grid = _with_mismatch([(0, 0), (0, 1), (0, 2)], (0, 1))
    g = _free(grid)
    assert g.smallest_removal() == ((0, 1),)
    with pytest.raises(IllegalMove, match="would still not match.*is 1"):
        g.play("challenge 0,0")
    with pytest.raises(IllegalMove, match="2 cards named.*is 1"):
        g.play("challenge 0,0 0,2")
    assert g.play("challenge 0,1") == value(grid[(0, 1)])
    assert g.to_move == 0 and g.collected(0) == [grid[(0, 1)]] and g.is_legal_table()


def test_challenge_any_smallest_removal_will_do():
    grid = _with_mismatch([(0, 0), (0, 1)], (0, 1))
    for cell in [(0, 0), (0, 1)]:
        g = _free(grid)
        assert g.play(f"challenge {cell[0]},{cell[1]}") == value(grid[cell])


def test_challenge_cards_outside_the_window():
    grid = fill([(0, c) for c in range(4)] + [(1, 5)])   # six columns
    g = _free(grid)
    assert len(g.smallest_removal()) == 1
    for cell in [(0, 0), (1, 5)]:
        assert _free(grid).explain(f"challenge {cell[0]},{cell[1]}").legal
    assert not g.explain("challenge 0,1").legal


def test_challenge_window_and_mismatch_together():
    grid = _with_mismatch([(2, 2), (2, 3), (3, 3), (0, 0), (4, 5)], (3, 3))
    g = _free(grid)   # (3,3) mismatches; (0,0) and (4,5) cannot share a 5 x 5 window
    best = g.smallest_removal()
    assert len(best) == 2 and (3, 3) in best
    assert g.explain("challenge " + _cells_text(best)).legal


def test_challenge_a_legal_table_is_refused():
    g = _free(fill([(0, 0), (0, 1)]))
    with pytest.raises(IllegalMove, match="nothing to challenge"):
        g.play("challenge 0,0")
    assert not any(m.kind == "challenge" for m in g.legal_moves())


def _brute_force_minimum(grid, window):
    cells = sorted(grid)
    for k in range(len(cells) + 1):
        for gone in itertools.combinations(cells, k):
            rest = {c: v for c, v in grid.items() if c not in gone}
            if is_legal_table(rest, window):
                return k


@pytest.mark.parametrize("seed", range(25))
def test_minimal_removal_matches_brute_force(seed):
    rng = random.Random(seed)
    cells = rng.sample([(r, c) for r in range(6) for c in range(7)], rng.randrange(3, 10))
    cards = rng.sample(DECK, len(cells))
    grid = {cell: rng.choice(ORIENTATIONS[card]) for cell, card in zip(cells, cards, strict=False)}
    window = rng.choice([5, None, 4])
    found = minimal_removal(grid, window)
    assert len(found) == _brute_force_minimum(grid, window)
    assert is_legal_table({c: v for c, v in grid.items() if c not in found}, window)


def test_free_table_legal_moves_offer_claims_and_a_challenge():
    grid = _with_mismatch([(0, 0), (0, 1)], (0, 1))
    g = _free(grid)
    kinds = {m.kind for m in g.legal_moves()}
    assert kinds == {"place", "pass", "challenge"}
    assert all(g.explain(m).legal for m in g.legal_moves())
