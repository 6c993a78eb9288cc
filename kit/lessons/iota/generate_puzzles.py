"""Find the IOTA puzzle positions (kit/lessons/puzzles/iota.json) by the engine's own search.

Positions come from seeded greedy-vs-planner games. For each, the exhaustive
``best_turn`` gives the best turn; goals and grades follow from the numbers:

- best: find the best turn. Grade 1: a single card is best; 2: two or three
  cards; 3: four cards, or a recycle first.
- at_least: score at least the best minus a little (several turns meet it).
- block_lot: two players, the next player's hand shown; some plays leave no lot
  for them, most do not.

One-player positions (the other hands go back into the deck) keep the
best/at_least pictures plain. Run: ``python -m kit.lessons.iota.generate_puzzles``
(about a minute); the lesson's test re-proves every puzzle.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from kit.iota import Game, GreedyPlayer, PlannerPlayer, best_turn, rank_moves
from kit.iota.cards import WILD
from kit.iota.moves import Play, Recycle
from kit.lessons.iota import PUZZLES, lot_plays, turn_hint

HINTS = {
    "recycle": "There is a wild on the table. Can one of your cards take its place? "
               "Then the wild is yours to play.",
    "at_least": "Rank your ideas: which line can you make longest? A lot doubles the turn.",
    "block_lot": "Find the three-card line the next player could finish. Fill its open end, "
                 "or put a card beside that end so the missing card no longer fits.",
}


def positions(seeds: Iterable[int]) -> Iterator[tuple[int, Game]]:
    for seed in seeds:
        game, rng = Game.new(players=2, seed=seed), random.Random(seed)
        players: list[Any] = [GreedyPlayer(), PlannerPlayer()]
        while not game.is_over:
            if game.deck and len(game.table) >= 4:
                yield seed, game.copy()
            game.play(players[game.to_move].choose(game, rng))


def solo(game: Game) -> dict[str, Any]:
    """The position for the mover alone: the other hands go to the bottom of the deck."""
    d = game.to_dict()
    me = d["to_move"]
    for i, hand in enumerate(d["hands"]):
        if i != me:
            d["deck"] += hand
    d.update(hands=[d["hands"][me]], scores=[0], to_move=0, passes=0)
    return d


def specific_hint(game: Game, moves: Sequence[Any]) -> str:
    """What the solution does, in words that do not give the cells away: the puzzles'
    own turn_hint, and whether a wild helps."""
    hint = turn_hint(game, moves)
    return hint + " Your wild helps." if WILD in moves[-1].cards else hint


def turn_text(moves: Sequence[Any]) -> list[str]:
    return [str(m) for m in moves]


def main() -> None:
    found: dict[str, list[dict[str, Any]]] = {
        "best1": [], "best2": [], "best3": [], "recycle": [], "at_least": [], "block_lot": []}
    want = {"best1": 2, "best2": 2, "best3": 2, "recycle": 2, "at_least": 3, "block_lot": 3}
    rng = random.Random(5)
    for seed, game in positions(range(40, 80)):
        if all(len(found[k]) >= want[k] for k in want):
            break
        if rng.random() > 0.3:
            continue
        if len(game.table) > 30:      # keep pictures small enough to read
            continue
        one = Game.from_dict(solo(game))
        turn = best_turn(one)
        if not turn.moves:
            continue
        play = turn.moves[-1]
        assert isinstance(play, Play)     # a turn ends with its play
        ranked = rank_moves(one)
        n = len(play.placements)
        if any(isinstance(m, Recycle) for m in turn.moves) and ranked and ranked[0][0] < turn.points:
            kind = "recycle"
        elif n == 1 and len(ranked) > 6 and ranked[0][0] > ranked[1][0]:
            kind = "best1"
        elif n in (2, 3) and ranked[0][0] > ranked[1][0]:
            kind = "best2"
        elif n == 4:
            kind = "best3"
        else:
            kind = None
        if kind and len(found[kind]) < want[kind]:
            found[kind].append({"grade": {"best1": 1, "best2": 2, "best3": 3, "recycle": 3}[kind],
                                "goal": "best", "position": solo(game),
                                "hint": HINTS.get(kind) or specific_hint(one, turn.moves),
                                "solution": turn_text(turn.moves), "seed": seed})
            continue
        if len(found["at_least"]) < want["at_least"] and len(ranked) > 20 and turn.points >= 12:
            target = max(p for p, _ in ranked if p < turn.points) if len({p for p, _ in ranked}) > 1 else turn.points
            meet = sum(p >= target for p, _ in ranked)
            if 1 < meet <= 4:
                found["at_least"].append({"grade": 2, "goal": "at_least", "target": target,
                                          "position": solo(game),
                                          "hint": HINTS["at_least"] + " " + specific_hint(one, turn.moves),
                                          "solution": turn_text(turn.moves), "seed": seed})
                continue
        if len(found["block_lot"]) < want["block_lot"]:
            passed = game.copy()
            passed.play(next(m for m in game.legal_moves() if not isinstance(m, (Play, Recycle))))
            if not lot_plays(passed):
                continue
            blocking = []
            plays = [m for m in game.legal_moves() if isinstance(m, Play)]
            for points, play in rank_moves(game):
                after = game.copy()
                after.play(play)
                if not lot_plays(after):
                    blocking.append((points, play))
            if blocking and len(blocking) <= len(plays) // 3:
                found["block_lot"].append({"grade": 3, "goal": "block_lot",
                                           "position": game.to_dict(), "hint": HINTS["block_lot"],
                                           "solution": [str(blocking[0][1])], "seed": seed,
                                           "blocking": len(blocking), "plays": len(plays)})
        print({k: len(v) for k, v in found.items()}, flush=True)
    order = ["best1", "best2", "at_least", "best3", "recycle", "block_lot"]
    puzzles = [p for k in order for p in found[k]]
    PUZZLES.write_text(json.dumps({"puzzles": puzzles}, indent=1) + "\n")
    print(len(puzzles), "puzzles")


if __name__ == "__main__":
    main()
