"""The IOTA course's positions: the hand-set tables and hands the lessons show,
and the seeded games they play out (short games, final plays, passes).

Pure: a position is a ``kit.iota.Game``. Not covered: what a lesson asks about it
(:mod:`kit.lessons.iota.checks`, :mod:`kit.lessons.iota.exercises`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
import random

from kit.iota.moves import Play
from kit.iota import Game, GreedyPlayer, rank_moves
from kit.iota.cards import FULL_DECK, TEXT, WILD
from kit.lessons.iota.answers import read_play
from kit.lessons.iota.studies import self_play_positions


# ----- positions --------------------------------------------------------------

def position(grid: dict[tuple[int, int], str], hands: Sequence[Sequence[str]],
             deck_top: Sequence[str] = (), to_move: int = 0, scores: Sequence[int] | None = None,
             passes: int = 0) -> Game:
    """A game with the ``grid`` ({(row, col): "3GT"}) and ``hands`` given; the deck is
    ``deck_top`` then every other card in card order."""
    used = list(grid.values()) + [c for h in hands for c in h] + list(deck_top)
    rest = [TEXT[c] for c in FULL_DECK]
    for card in used:
        rest.remove(card)
    d = {"game": "iota", "grid": [[r, c, t] for (r, c), t in grid.items()],
         "hands": [list(h) for h in hands], "deck": list(deck_top) + rest,
         "scores": list(scores or [0] * len(hands)), "to_move": to_move, "passes": passes}
    return Game.from_dict(d)


def short_game(seed: int = 2, deck: int = 6) -> Game:
    """A game late enough to finish in a few minutes: the deck holds ``deck`` cards, the
    scores start again at 0 (lesson 1's first whole game)."""
    d = played_until(seed, players=2, deck_at_most=deck).to_dict()
    d["scores"] = [0, 0]
    d["to_move"] = 0
    return Game.from_dict(d)


def both_ends_position() -> Game:
    """Two reds in a row, and a hand that can extend them at both ends (lesson 2)."""
    return position({(0, 0): "2RC", (0, 1): "3RC"}, [["1RC", "4RC", "1YS", "2BX"]])


#: Lesson 2's drawing question: a play of two cards on the rules table.
DRAW_PLAY = "4RC@0,3 4YC@1,3"


#: Lesson 2's example of asking the kit about plays: its own small table, so that it
#: answers none of the exercises on the rules table.
EXAMPLE_TABLE = {(0, 0): "2GS", (0, 1): "3GS"}


EXAMPLE_HAND = ["4GS", "1YX", "3BT", "2RC"]


def example_position() -> Game:
    return position(EXAMPLE_TABLE, [EXAMPLE_HAND])


#: A row of three reds and a hand to break every rule with (lesson 2).
RULES_TABLE = {(0, 0): "1RC", (0, 1): "2RC", (0, 2): "3RC"}


RULES_HAND = ["4RC", "1YS", "4YC", "2BX"]


def rules_position() -> Game:
    return position(RULES_TABLE, [RULES_HAND])


#: A play breaking each rule, for Show me (on :func:`rules_position`).
BREAKING = {"line": "4RC@0,3 1YS@1,0", "touch": "4RC@-1,-1", "gap": "4YC@1,0 2BX@1,2",
            "long": "4RC@0,3 1YS@0,4", "match": "1YS@0,3"}


#: The printed rules' worked example: four seats, each holding its turn's cards.
WORKED_HANDS = [["2GX", "2BC", "1RS", "1RT"], ["1RC", "3GC", "1GC", "1GS"],
                ["2YS", "3YS", "1GT", "1GX"], ["2YT", "4YC", "1YS", "3YX"]]


WORKED_PLAYS = ["2GX@0,1 2BC@0,2", "1RC@-1,2 3GC@1,2", "2YS@0,3 3YS@-1,3",
                "2YT@-2,1 4YC@-2,2 1YS@-2,3 3YX@-2,4"]


def worked_example(turns: int = 0) -> Game:
    """The worked example's game after its first ``turns`` plays."""
    game = position({(0, 0): "2RT"}, WORKED_HANDS)
    for text in WORKED_PLAYS[:turns]:
        game.play(text)
    return game


SCORING_KINDS = ("one line", "two lines", "a lot", "a wild")


def scoring_plays(seeds: Iterable[int] = (3,)) -> dict[str, tuple[Game, str]]:
    """One (game, play) per kind of :data:`SCORING_KINDS`, from seeded games, first found."""
    found: dict[str, tuple[Game, str]] = {}
    for game in self_play_positions(seeds, every=1):
        for _points, play in rank_moves(game):
            why = game.explain(play)
            kind = ("a wild" if WILD in play.cards and len(why.lines) == 2 and not why.doublings
                    else None if WILD in play.cards else
                    "a lot" if len(why.doublings) == 1 and len(play.cells) < 4 else
                    "two lines" if len(why.lines) == 2 and len(play.cells) == 1 else
                    "one line" if len(why.lines) == 1 and len(play.cells) == 2 else None)
            if kind and kind not in found:
                found[kind] = (game, str(play))
        if len(found) == len(SCORING_KINDS):
            break
    return found


def table_after(game: Game, play: str | Play) -> Game:
    """The position just after ``play``, before its points are added or cards drawn: the
    same player to move, holding the cards left. A picture of a play to score."""
    play = read_play(play)
    after = game.copy()
    after.play(play)
    d = after.to_dict()
    me = game.to_move
    kept = list(game.hands[me])
    for card in play.cards:
        kept.remove(card)
    drawn = list(after.hands[me])
    for card in kept:
        drawn.remove(card)
    d["deck"] = [TEXT[c] for c in drawn] + d["deck"]
    d["hands"][me] = [TEXT[c] for c in kept]
    d.update(scores=list(game.scores), to_move=me, passes=game.passes)
    return Game.from_dict(d)


WILD_CELL = (0, 1)


def played_until(seed: int = 0, players: int = 2, deck_at_most: int = 0) -> Game:
    """A seeded greedy game played on until the deck holds at most ``deck_at_most`` cards
    (a late position for the lessons on passing and the end); history cleared."""
    game, rng, greedy = Game.new(players=players, seed=seed), random.Random(seed), GreedyPlayer()
    while len(game.deck) > deck_at_most and not game.is_over:
        game.play(greedy.choose(game, rng))
    return Game.from_dict(game.to_dict())


def final_play_position(seeds: Iterable[int] = range(50)) -> tuple[Game, Play]:
    """(game, play): the first seeded late position where the mover can end the game."""
    for seed in seeds:
        game = played_until(seed, players=2, deck_at_most=0)
        rng, greedy = random.Random(seed), GreedyPlayer()
        while not game.is_over:
            finals = [p for _, p in rank_moves(game) if game.is_final_play(p)]
            if finals:
                return Game.from_dict(game.to_dict()), finals[0]
            game.play(greedy.choose(game, rng))
    raise ValueError("no final play found in these seeds")


def wild_position() -> Game:
    """A table with a wild in a row and a column (lesson 4)."""
    return position({(0, 0): "2RT", (0, 1): "W", (0, 2): "2BT", (1, 1): "3RS", (2, 1): "4GX"},
                    [["1RC", "2YT", "3GS", "4BX"]])


#: Lesson 4's recycling table: another wild than the wild exercise's, so that neither
#: answers the other; the hand holds the card it stands for.
RECYCLE_TABLE = {(0, 0): "1GS", (0, 1): "W", (0, 2): "3GS", (1, 1): "2YC", (2, 1): "2BX"}


RECYCLE_HAND = ["1RC", "2GS", "4BT", "3YX"]


def recycle_position() -> Game:
    return position(RECYCLE_TABLE, [RECYCLE_HAND])


def pass_position(seed: int = 1) -> Game:
    """A seeded late position: the deck is empty and every other player has just passed."""
    d = played_until(seed, players=2, deck_at_most=0).to_dict()
    d["passes"] = len(d["hands"]) - 1
    return Game.from_dict(d)


#: A legal play on the rules table: a wrong try in target practice.
RULES_LEGAL = "4RC@0,3"


@cache
def lesson_scoring_plays() -> dict[str, tuple[Game, str]]:
    """Lesson 3's plays to score, one of each kind (:func:`scoring_plays`), worked out once.
    Seed 4: the first play's score (9) is none of the numbers the worked example above
    it prints, so nothing on screen answers it."""
    return scoring_plays(seeds=(4,))


@cache
def exchange_position() -> Game:
    """Lesson 4's late position: the deck is almost empty."""
    return played_until(seed=1, deck_at_most=2)


@cache
def strategy_positions() -> tuple[Game, ...]:
    """Lesson 5's positions (two seeded computer games, every other turn)."""
    return tuple(self_play_positions(seeds=(0, 1), every=2))
