"""Helpers shared by the IOTA tests: building positions and seeded games.

(A plain module, not a conftest, so its name cannot clash with other games' tests.)
"""

import random

from kit import iota
from kit.iota.cards import FULL_DECK, TEXT, WILD
from kit.iota.moves import Play


def full_position(grid, hands, deck_top=(), to_move=0, scores=None, passes=0):
    """A 66-card position dict: the given grid and hands, the deck starting with
    ``deck_top`` and then every other card in card order."""
    used = list(grid.values()) + [c for h in hands for c in h] + list(deck_top)
    rest = list(TEXT[c] for c in FULL_DECK)
    for card in used:
        rest.remove(card)
    return {"game": "iota", "grid": [[r, c, t] for (r, c), t in grid.items()],
            "hands": [list(h) for h in hands], "deck": list(deck_top) + rest,
            "scores": scores or [0] * len(hands), "to_move": to_move, "passes": passes}


def game_at(grid, hands, **kw):
    return iota.Game.from_dict(full_position(grid, hands, **kw))


WORKED_EXAMPLE = [  # the rule sheet's four turns: 6, 6, 34, 208 points
    ("2GX@0,1 2BC@0,2", 6),
    ("1RC@-1,2 3GC@1,2", 6),
    ("2YS@0,3 3YS@-1,3", 34),
    ("2YT@-2,1 4YC@-2,2 1YS@-2,3 3YX@-2,4", 208),
]


def worked_example_game():
    """Four seats, each holding the cards of its turn in the worked example."""
    hands = [["2GX", "2BC", "1RS", "1RT"], ["1RC", "3GC", "1GC", "1GS"],
             ["2YS", "3YS", "1GT", "1GX"], ["2YT", "4YC", "1YS", "3YX"]]
    return game_at({(0, 0): "2RT"}, hands)


def random_game(seed, moves, wild_bias=0.5):
    """A seeded game after up to ``moves`` random moves, preferring wild plays
    with probability ``wild_bias`` so wilds reach the table."""
    rng = random.Random(seed)
    game = iota.Game.new(players=rng.choice([1, 2, 3, 4]), seed=seed)
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_moves()
        wild = [m for m in legal if isinstance(m, Play) and WILD in m.cards]
        plays = [m for m in legal if isinstance(m, Play)]
        pool = wild if wild and rng.random() < wild_bias else (plays or legal)
        game.play(rng.choice(pool))
    return game


def with_wild_in_hand(game, wilds=1):
    """The same position with up to ``wilds`` wilds moved from the deck into the mover's hand."""
    d = game.to_dict()
    hand = d["hands"][d["to_move"]]
    for i in range(len(hand)):
        if hand.count("W") >= wilds or "W" not in d["deck"]:
            break
        if hand[i] != "W":
            j = d["deck"].index("W")
            d["deck"][j], hand[i] = hand[i], "W"
    return iota.Game.from_dict(d)
