"""The challenge (asalto) takes only the offending cards: those placed against
the rules. The free table records them (Game.offending), the position data
carries them, undo/redo keep them, and a challenge is judged by the smallest
removal of offending cards only (checked against brute force). A puzzle
position without the record falls back to any cards, only the count checked."""

import copy
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit import IllegalMove, InvalidPosition
from kit.smartrix import DECK, PASS, Game, GreedyPlayer, CautiousPlayer
from kit.smartrix.cards import ORIENTATIONS
from kit.smartrix.table import is_legal_table, minimal_removal
from smartrix_helpers import card_matching, card_not_matching, fill, setup, value


def _cells(cells):
    return " ".join(f"{r},{c}" for r, c in cells)


def _rest(grid, gone):
    return {c: v for c, v in grid.items() if c not in gone}


# --- the starter and one mistake: the brief's example ----------------------------

def _starter_and_mistake():
    """Free table with history: the starter at (0,0); player 0 places a card at
    (0,1) that matches no orientation there; player 1 to move."""
    grid = fill([(0, 0)])
    bad = card_not_matching(grid, (0, 1))
    g = setup(grid, [[bad, "00000000"], ["11111111"]], auto_collect=False, offending=[])
    g.play(f"{bad}@0,1")
    return g, grid[(0, 0)], bad


def test_the_mistake_is_recorded_as_offending():
    g, _, _ = _starter_and_mistake()
    assert g.offending == {(0, 1)} and g.offending_known
    assert g.to_dict()["offending"] == [[0, 1]]


def test_a_challenge_may_not_take_the_correctly_placed_starter():
    g, starter, bad = _starter_and_mistake()
    before = g.copy()
    with pytest.raises(IllegalMove, match=r"\(0,0\) was placed by the rules.*offending cards "
                                          r"are at \(0,1\); taking 1 of them"):
        g.play("challenge 0,0")
    assert g == before and g.history == before.history
    assert g.play("challenge 0,1") == value(bad)
    assert g.collected(1) == [bad] and g.grid == {(0, 0): starter}
    assert g.offending == frozenset() and g.is_legal_table()


def test_legal_moves_list_the_challenge_of_the_mistake_only():
    g, _, _ = _starter_and_mistake()
    assert [m for m in g.legal_moves() if m.kind == "challenge"] == [g.parse_move("challenge 0,1")]
    assert g.smallest_removal() == ((0, 1),)


def test_undo_and_redo_restore_the_record_exactly():
    g, _, _ = _starter_and_mistake()
    g.play("challenge 0,1")
    assert g.offending == frozenset()
    g.undo()
    assert g.offending == {(0, 1)}
    g.undo()
    assert g.offending == frozenset() and g.to_dict()["offending"] == []
    g.redo()
    g.redo()
    assert g.offending == frozenset() and len(g.grid) == 1


def test_the_record_round_trips_through_the_position_data():
    g, _, _ = _starter_and_mistake()
    d = g.to_dict()
    back = Game.from_dict(d)
    assert back == g and back.offending == g.offending and back.to_dict() == d


# --- correctly placed hubs: fewer cards would do, but they are not offending ----

def _hub():
    """The starter at (0,0) and two mistakes on either side of it, each touching
    only the starter: taking the starter alone would make the table legal."""
    grid = fill([(0, 0)])
    left = card_not_matching(grid, (0, -1))
    right = card_not_matching(grid, (0, 1), exclude=[left])
    grid.update({(0, -1): left, (0, 1): right})
    return grid


def test_two_mistakes_around_a_correct_card_cost_both_mistakes():
    grid = _hub()
    assert len(minimal_removal({c: _int(t) for c, t in grid.items()}, 5)) == 1
    g = setup(grid, [["00000000"], ["11111111"]], auto_collect=False,
              offending=[(0, -1), (0, 1)])
    assert g.smallest_removal() == ((0, -1), (0, 1))
    exp = g.explain("challenge 0,0")
    assert not exp.legal and "(0,0) was placed by the rules" in exp.reason
    assert "offending cards are at (0,-1), (0,1); taking 2 of them" in exp.reason
    exp = g.explain("challenge 0,1")
    assert not exp.legal and "would still not match" in exp.reason and "taking 2" in exp.reason
    assert g.play("challenge 0,-1 0,1") == value(grid[(0, -1)]) + value(grid[(0, 1)])


def test_without_the_record_a_puzzle_keeps_the_old_rule():
    grid = _hub()
    g = setup(grid, [["00000000"], ["11111111"]], auto_collect=False)   # no 'offending' key
    assert not g.offending_known and g.offending == frozenset()
    assert "offending" not in g.to_dict()
    assert g.smallest_removal() == ((0, 0),)
    assert g.explain("challenge 0,0").legal
    assert not g.explain("challenge 0,-1 0,1").legal          # 2 named, 1 would do


@pytest.mark.parametrize("player", [GreedyPlayer(), CautiousPlayer()])
def test_the_computer_players_challenge_the_mistakes(player):
    g = setup(_hub(), [["00000000"], ["11111111"]], auto_collect=False,
              offending=[(0, -1), (0, 1)])
    move = player.choose(g, random.Random(0))
    assert move.kind == "challenge" and set(move.cells) == {(0, -1), (0, 1)}


def _int(text):
    return sum(1 << i for i, ch in enumerate(text) if ch == "1")


# --- what counts as offending ---------------------------------------------------

def test_a_card_matching_only_a_mistake_is_not_offending_and_one_mismatching_it_is():
    g, _, bad = _starter_and_mistake()           # player 1 to move, (0,1) offends
    g.play(PASS)
    fits = card_matching({(0, 1): bad}, (0, 2), exclude=[bad, *g.grid.values()])
    g2 = setup(g.grid, [[fits, "00000000"], ["11111111"]], auto_collect=False,
               offending=[(0, 1)])
    g2.play(f"{fits}@0,2")
    assert g2.offending == {(0, 1)}
    clash = card_not_matching({(0, 1): bad}, (-1, 2), exclude=[bad, fits, *g.grid.values()])
    g3 = setup(g.grid, [[clash, "00000000"], ["11111111"]], auto_collect=False,
               offending=[(0, 1)])
    g3.play(f"{clash}@-1,2")
    assert g3.offending == {(0, 1), (-1, 2)}


def test_the_window_counts_only_the_cards_placed_by_the_rules():
    grid = fill([(0, c) for c in range(4)])
    far = card_matching(grid, (1, 4))
    g = setup(grid, [[far, "00000000"], ["11111111"]], auto_collect=False, offending=[])
    g.play(f"{far}@1,4")
    g.play(PASS)
    assert g.offending == frozenset() and g.is_legal_table()
    # A card at (0,5) matching its neighbours breaks the window: it offends.
    out = card_matching(g.grid, (0, 5), exclude=list(g.grid.values()))
    g2 = setup(g.grid, [[out, "00000000"], ["11111111"]], auto_collect=False, offending=[])
    exp = g2.explain(f"{out}@0,5")
    assert exp.legal and exp.outside == ((0, 0),) and "window" in exp.reason
    g2.play(exp.move)
    assert g2.offending == {(0, 5)}
    assert g2.smallest_removal() == ((0, 5),)
    assert not g2.explain("challenge 0,0").legal      # (0,0) lay there first, by the rules
    # The table now spans six columns, but a careful card inside the first five
    # is no mistake: the earlier one does not make every later card offend.
    careful = card_matching(g2.grid, (1, 0), exclude=list(g2.grid.values()))
    g3 = setup(g2.grid, [[careful, "00000000"], ["11111111"]], auto_collect=False,
               offending=[(0, 5)])
    exp = g3.explain(f"{careful}@1,0")     # five columns from the mistake at (0,5)
    assert exp.legal and exp.outside == () and "but" not in exp.reason
    g3.play(exp.move)
    assert g3.offending == {(0, 5)}


def test_cards_that_leave_with_a_claimed_set_leave_the_record():
    grid = fill([(0, 4)] + [(0, c) for c in range(4)])
    card = grid.pop((0, 4))
    bad = card_not_matching(grid, (1, 0), exclude=[card])
    grid[(1, 0)] = bad
    g = setup(grid, [[card, "00000000"], ["11111111"]], auto_collect=False, offending=[(1, 0)])
    g.play(f"{card}@0,4")                  # forms the row, unclaimed; (1,0) still offends
    assert g.offending == {(1, 0)}
    g.play("challenge 1,0")                # player 1 takes the mistake
    assert g.offending == frozenset()


# --- the position data ----------------------------------------------------------

@pytest.mark.parametrize("offending, words", [
    ("0,1", "must be a list of cells"),
    (None, "must be a list of cells"),
    ([[0, 1, 2]], "offending[0]"),
    ([[0, True]], "offending[0]"),
    ([[0.0, 1]], "offending[0]"),
    ([[5, 5]], "no card at (5,5)"),
    ([[0, 1], [0, 1]], "twice"),
    ([], "the others form a legal table"),
])
def test_bad_offending_lists_are_refused(offending, words):
    d = _starter_and_mistake()[0].to_dict()
    d["offending"] = offending
    with pytest.raises(InvalidPosition) as info:
        Game.from_dict(d)
    assert words in str(info.value)


def test_offending_belongs_to_the_free_table():
    d = Game.new(seed=1).to_dict()
    d["offending"] = [[0, 0]]
    with pytest.raises(InvalidPosition, match="free-table"):
        Game.from_dict(d)
    d["offending"] = []
    assert Game.from_dict(d) == Game.new(seed=1)


def test_a_new_free_table_game_knows_its_history():
    g = Game.new(seed=1, auto_collect=False)
    assert g.offending_known and g.to_dict()["offending"] == []


# --- the exact search, restricted to offending cards, against brute force --------

def _brute_force(grid, window, removable):
    """Size of a smallest removal taking only ``removable`` cells, or None."""
    cells = sorted(removable)
    for k in range(len(cells) + 1):
        for gone in itertools.combinations(cells, k):
            if is_legal_table(_rest(grid, gone), window):
                return k
    return None


@pytest.mark.parametrize("seed", range(40))
def test_restricted_minimal_removal_matches_brute_force(seed):
    rng = random.Random(seed)
    cells = rng.sample([(r, c) for r in range(6) for c in range(7)], rng.randrange(3, 10))
    cards = rng.sample(DECK, len(cells))
    grid = {cell: rng.choice(ORIENTATIONS[card]) for cell, card in zip(cells, cards, strict=False)}
    window = rng.choice([5, None, 4])
    keep = frozenset(c for c in cells if rng.random() < 0.4)
    found = minimal_removal(grid, window, keep)
    best = _brute_force(grid, window, set(grid) - keep)
    if best is None:
        assert found is None
    else:
        assert len(found) == best and not found & keep
        assert is_legal_table(_rest(grid, found), window)


# --- random free-table games with mistakes --------------------------------------

GREEDY = GreedyPlayer()


def _check_record(g):
    grid = {c: _int(t) for c, t in g.grid.items()}
    assert g.offending <= set(grid)
    assert is_legal_table(_rest(grid, g.offending), g.window)   # taking them all is enough
    challenges = [m for m in g.legal_moves() if m.kind == "challenge"]
    if g.is_legal_table():
        assert challenges == []
        return
    (challenge,) = challenges
    assert set(challenge.cells) <= g.offending and g.explain(challenge).legal
    if len(g.offending) <= 8:
        assert len(challenge.cells) == _brute_force(grid, g.window, g.offending)


def _step(g, rng):
    """Greedy most of the time (it challenges), else any placement, often a mistake."""
    if rng.random() < 0.6:
        return GREEDY.choose(g, rng)
    places = [m for m in g.legal_moves() if m.kind == "place"]
    return rng.choice(places) if places else PASS


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), window=st.sampled_from([5, 4, None]))
def test_removing_every_offending_card_leaves_a_legal_table(seed, players, window):
    g = Game.new(players=players, seed=seed, window=window, auto_collect=False)
    rng = random.Random(seed)
    for _ in range(60):
        if g.is_over:
            break
        _check_record(g)
        move = _step(g, rng)
        exp = g.explain(move)
        before = g.to_dict()
        g.play(move)
        if move.kind == "place" and move.cell in g.grid:
            assert (move.cell in g.offending) == bool(exp.mismatches or exp.outside)
        after = g.to_dict()
        assert Game.from_dict(after).to_dict() == after
        if rng.random() < 0.3:
            g.undo()
            assert g.to_dict() == before
            g.redo()
            assert g.to_dict() == after
    _check_record(g)


def test_copy_keeps_the_record():
    g, _, _ = _starter_and_mistake()
    c = g.copy()
    c.play("challenge 0,1")
    assert g.offending == {(0, 1)} and c.offending == frozenset()
    assert copy.deepcopy(g.to_dict()) == g.to_dict()


def test_the_text_board_names_the_offending_cards():
    g, _, _ = _starter_and_mistake()
    assert "Offending cards (placed against the rules): (0,1)" in str(g)
    g.play("challenge 0,1")
    assert "Offending cards (placed against the rules): none" in str(g)
    puzzle = setup(_hub(), [["00000000"], ["11111111"]], auto_collect=False)
    assert "Offending cards: not recorded" in str(puzzle)
    assert "Offending" not in str(Game.new(seed=1))
