"""Find the Smartrix course's positions and puzzles; write kit/lessons/puzzles/smartrix.json.

The positions come from seeded self-play (greedy and cautious players, 2-3
seats) and from small backtracking searches over the deck (the 17-card star,
the children's long run). Every choice is checked with the engine here, and
again by tests/lessons/test_smartrix_lessons.py. Deterministic: run it again
and the file is the same.

    python -m kit.lessons.smartrix.generate_puzzles
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from kit.lessons import smartrix as L
from kit.lessons.smartrix.positions import PUZZLES
from kit.smartrix import CANONICAL, DECK, ORIENTATIONS, CautiousPlayer, Game, GreedyPlayer, Move
from kit.smartrix.ai import honest_placements
from kit.smartrix.cards import TEXT, parse_card
from kit.smartrix.ai import Threat
from kit.smartrix.analysis import after_threats
from kit.smartrix.table import Cell, constraint_at

#: a position's json as the course file keeps it: the position and a move (and more)
Stored = dict[str, Any]

OUT = PUZZLES


def fill(cells: Sequence[Cell], seed: int, first: int | None = None) -> dict[Cell, int]:
    """Distinct deck cards on ``cells`` (in order), every touch matching (a RuntimeError
    if there are none)."""
    rng = random.Random(seed)

    def go(i: int, grid: dict[Cell, int], used: set[int]) -> dict[Cell, int] | None:
        if i == len(cells):
            return dict(grid)
        need = constraint_at(grid, cells[i])
        cards = list(DECK)
        rng.shuffle(cards)
        if i == 0 and first is not None:
            cards = [first]
        for c in cards:
            if c in used:
                continue
            for o in ORIENTATIONS[c]:
                if need is None or o & need[0] == need[1]:
                    grid[cells[i]] = o
                    used.add(c)
                    found = go(i + 1, grid, used)
                    if found:
                        return found
                    del grid[cells[i]]
                    used.discard(c)
                    break
        return None

    found = go(0, {}, set())
    if found is None:
        raise RuntimeError(f"no deck cards fill {list(cells)} (seed {seed})")
    return found


def with_hands(grid: dict[Cell, int], centre: int, seed: int, **options: Any) -> Game:
    """The table ``grid``, the mover holding ``centre`` and two more cards, the other
    player three cards; the rest is the draw pile."""
    used = {CANONICAL[v] for v in grid.values()} | {CANONICAL[centre]}
    rest = [c for c in DECK if c not in used]
    random.Random(seed).shuffle(rest)
    hands = [[TEXT[centre]] + [TEXT[c] for c in rest[:2]], [TEXT[c] for c in rest[2:5]]]
    return Game.setup({c: TEXT[v] for c, v in grid.items()}, hands, seed=seed, **options)


def star() -> Stored:
    """16 cards on the row, column and diagonals through (0, 0), the centre card in hand."""
    dirs = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)]
    arms = [(dr * k, dc * k) for k in (1, 2) for dr, dc in dirs]
    grid = fill([(0, 0)] + arms, seed=3, first=255)
    centre = grid.pop((0, 0))
    order = sorted(grid, key=lambda c: (max(abs(c[0]), abs(c[1])), c))
    order = _connected_order(order)
    game = with_hands(grid, centre, 0)
    move = Move("place", card=centre, cell=(0, 0))
    assert L.cards_collected(game, move) == 17
    return {"position": game.to_dict(), "move": str(move), "order": [list(c) for c in order]}


def _connected_order(cells: Sequence[Cell]) -> list[Cell]:
    """An order in which each cell touches one before it (the table grows legally)."""
    done, rest = [cells[0]], list(cells[1:])
    while rest:
        nxt = next(c for c in rest if any(max(abs(c[0] - d[0]), abs(c[1] - d[1])) == 1
                                          for d in done))
        done.append(nxt)
        rest.remove(nxt)
    return done


def long_run() -> Stored:
    """Children's variant: three cards either side of (0, 0) in row 0; the middle card
    makes a run of 7, collected whole."""
    cells = [(0, 0)] + [(0, k) for k in (1, 2, 3, -1, -2, -3)]
    grid = fill(cells, seed=5)
    centre = grid.pop((0, 0))
    game = with_hands(grid, centre, 0, window=None)
    move = Move("place", card=centre, cell=(0, 0))
    assert L.cards_collected(game, move) == 7
    order = [[0, 1], [0, 2], [0, 3], [0, -1], [0, -2], [0, -3]]
    return {"position": game.to_dict(), "move": str(move), "order": order}


def selfplay(seeds: Iterable[int], players: Sequence[int] = (2, 3),
             **options: Any) -> Iterator[tuple[int, Game]]:
    """Every position of seeded games: greedy and cautious players taking turns."""
    for seed in seeds:
        n = players[seed % len(players)]
        game, rng = Game.new(n, seed=seed, **options), random.Random(seed)
        bots = [GreedyPlayer() if (seed + s) % 2 else CautiousPlayer() for s in range(n)]
        while not game.is_over:
            yield seed, Game.from_dict(game.to_dict())
            game.play(bots[game.to_move].choose(game, rng))


def placements(game: Game) -> list[Move]:
    return [m for m in game.legal_moves() if m.kind == "place"]


def only_position(game: Game) -> Game | None:
    """The mover's hand cut down so that exactly one placement is left (or None)."""
    d = game.to_dict()
    if any(d["out"]):   # the cut cards go to the pile, which must then not be empty
        return None
    seat = game.to_move
    hand = d["hands"][seat]
    counts = {c: sum(m.card is not None and CANONICAL[m.card] == CANONICAL[parse_card(c)]
                     for m in placements(game))
              for c in hand}
    ones = [c for c in hand if counts[c] == 1]
    zeros = [c for c in hand if counts[c] == 0]
    if not ones or len(zeros) < 2:
        return None
    keep = zeros[:3] + ones[:1]
    d["deck"] += [c for c in hand if c not in keep]
    d["hands"][seat] = keep
    cut = Game.from_dict(d)
    return cut if len(placements(cut)) == 1 else None


def find() -> tuple[list[Any], list[Any], list[Any]]:
    collect, safe, only = [], [], []
    for seed, g in selfplay(range(40)):
        places = placements(g)
        if not places or len(g.grid) < 4 or len(g.hand(g.to_move)) > 8:
            continue
        n, best = L.most_cards(g)
        if n >= 5 and len(best) <= 2:
            collect.append((n, -len(best), seed, g, best[0]))
        if len(places) >= 8:
            safe_moves = [m for m in places if not after_threats(g, m)]
            risky = len(places) - len(safe_moves)
            if safe_moves and risky >= 3 * len(safe_moves) and n == 0:
                safe.append((risky / len(safe_moves), seed, g, safe_moves[0]))
        cut = only_position(g)
        if cut is not None and len(cut.grid) >= 6:
            only.append((len(cut.grid), seed, cut, placements(cut)[0]))
    return collect, safe, only


def pick(rows: Iterable[Any], k: int, key: Callable[[Any], Any]) -> list[Any]:
    """k rows spread over the sorted list, one per seed at most."""
    rows = sorted(rows, key=key)
    seen: set[int] = set()
    out: list[Any] = []
    step = max(1, len(rows) // (2 * k))
    for r in rows[::step] + rows:
        seed = r[2] if len(r) == 5 else r[1]
        if seed not in seen and len(out) < k:
            seen.add(seed)
            out.append(r)
    return out


def cell(m: Move) -> str:
    if m.cell is None:
        raise ValueError(f"{m} puts no card on a cell")
    return f"{m.cell[0]},{m.cell[1]}"


def puzzles(double: Sequence[Any]) -> list[dict[str, Any]]:
    collect, safe, only = find()
    out = []
    for grade, (n, _, _, g, m) in zip((1, 2, 2, 3), pick(collect, 4, lambda r: (r[0], r[1])), strict=False):
        out.append({"grade": grade, "goal": "collect", "target": n, "position": g.to_dict(),
                    "solution": str(m)})
    for grade, (_, _, g, m) in zip((1, 2, 3, 3), pick(safe, 4, lambda r: r[0]), strict=False):
        out.append({"grade": grade, "goal": "safe", "position": g.to_dict(), "solution": str(m)})
    for grade, (_, _, g, m) in zip((1, 2, 2, 3), pick(only, 4, lambda r: r[0]), strict=False):
        out.append({"grade": grade, "goal": "only", "position": g.to_dict(), "solution": str(m)})
    g, m = double
    out.append({"grade": 3, "goal": "collect", "target": L.cards_collected(g, m),
                "position": g.to_dict(), "solution": str(m)})
    out.sort(key=lambda p: p["grade"])
    for number, p in enumerate(out, 1):
        # The saved hint is the course's first (a nudge worked out from the position):
        # a hint written here named the cell, the answer.
        puzzle = L.Puzzle(number=number, grade=p["grade"], goal=p["goal"],
                          target=p.get("target", 0), position=p["position"], hint="",
                          solution=L.Puzzle.read_solution(p["solution"]))
        p["hint"] = L.puzzle_hints(puzzle)[0]
    return out


def challenge() -> Stored:
    """A free-table position with offending cards, where fewer cards than all of them
    make the table legal again (the smallest challenge is a real choice)."""
    best = None
    for seed in range(60):
        game, rng = Game.new(2, seed=seed, auto_collect=False), random.Random(seed)
        for _ in range(14):
            if game.is_over:
                break
            honest = [m for m, _, _ in honest_placements(game)]
            moves = [m for m in game.legal_moves() if m.kind == "place" and not m.claim]
            if rng.random() < 0.3 or not honest:
                game.play(rng.choice(moves))
            else:
                game.play(rng.choice(honest))
            off, removal = game.offending, game.smallest_removal()
            if len(off) >= 2 and 0 < len(removal) < len(off) and not game.unclaimed_sets:
                key = (len(off) - len(removal), -len(game.grid))
                if best is None or key > best[0]:
                    best = (key, Game.from_dict(game.to_dict()))
    assert best is not None
    game = best[1]
    return {"position": game.to_dict(), "move": str(Move.take("challenge",
                                                               game.smallest_removal()))}


def lesson_positions() -> tuple[dict[str, Stored], Sequence[Any]]:
    pos = {"seventeen": star(), "long_run": long_run(), "challenge": challenge()}
    doubles = two_line_moves()
    pos["pass_pays"] = {"position": pass_pays().to_dict(), "move": "pass"}
    pos["most_cards"] = {"position": doubles[0][0].to_dict(), "move": str(doubles[0][1])}
    for _seed, g in selfplay(range(100, 140)):
        places = placements(g)
        if "threat" not in pos and len(places) >= 6 and g.deck_size > 10:
            for m in places:
                left = after_threats(g, m)
                if len(left) == 1 and L.cards_collected(g, m) == 0 \
                        and 0.25 <= chance(g, left[0]) <= 0.75:
                    pos["threat"] = {"position": g.to_dict(), "move": str(m)}
                    break
        if "fit" not in pos and 4 <= len(g.grid) <= 6:
            card = g.hand(g.to_move)[0]
            if 2 <= len(L.fit_cells(g, card)) <= 4:
                pos["fit"] = {"position": g.to_dict(), "move": card}
        if "why_corner" not in pos and len(g.grid) >= 4:
            for m in _refused(g):
                if L.why_not(g, m) == {"corner"}:
                    pos["why_corner"] = {"position": g.to_dict(), "move": str(m)}
                    break
        if "why_window" not in pos and len(g.grid) >= 8:
            for m in _refused(g):
                if L.why_not(g, m) == {"window"}:
                    pos["why_window"] = {"position": g.to_dict(), "move": str(m)}
                    break
    return pos, doubles[-1][:2]


def pass_pays() -> Game:
    """A position where the cautious player ranks passing first although several
    placements score; of those found (seeds 100-250), the one with most placements."""
    best = None
    for _seed, g in selfplay(range(100, 250)):
        places = placements(g)
        if len(places) < 2 or len(g.hand(g.to_move)) > 8:
            continue
        if best is not None and len(places) <= best[0]:
            continue
        valued = CautiousPlayer().valuations(g)
        top = max(valued[1:], key=lambda mv: mv[1].value)
        if L.pass_rank(g) == 1 and top[1].points > 0:
            best = (len(places), g)
    assert best is not None
    return best[1]


def two_line_moves(wanted: int = 2) -> list[Any]:
    """Positions (two seeds) where one placement, and only one, finishes two lines
    (9 cards or more), among at least 4 placements: ``[(game, move, seed)]``."""
    found: list[Any] = []
    for seed, g in selfplay(range(100, 400)):
        if found and found[-1][2] == seed:
            continue
        places = placements(g)
        if len(places) < 4 or len(g.hand(g.to_move)) > 8:
            continue
        n, best = L.most_cards(g)
        if n >= 9 and len(best) == 1:
            found.append((g, best[0], seed))
            if len(found) == wanted:
                return found
    raise RuntimeError("no two-line positions found")


def chance(game: Game, threat: Threat) -> float:
    """The chance the next player holds a card completing ``threat``."""
    fitting = len({CANONICAL[parse_card(c)] for c in threat.completions})
    return L.holds_chance(len(game.unseen(game.to_move)), fitting, L.next_hand_size(game))


def _refused(game: Game) -> Iterator[Move]:
    """Placements of the mover's cards on cells touching the table that the engine refuses."""
    cells: set[Cell] = {(r + dr, c + dc) for r, c in game.grid for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    for cell in sorted(cells - set(game.grid)):
        for card in game.hand(game.to_move):
            m = Move.place(card, *cell)
            if not game.explain(m).legal:
                yield m


def main() -> None:
    positions, double = lesson_positions()
    data: dict[str, Any] = {"about": "Smartrix course positions and puzzles, written by "
                     "kit/lessons/smartrix/generate_puzzles.py; checked by "
                     "tests/lessons/test_smartrix_lessons.py",
            "positions": positions, "puzzles": puzzles(double)}
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {OUT}: {len(data['puzzles'])} puzzles, positions {sorted(data['positions'])}")


if __name__ == "__main__":
    main()
