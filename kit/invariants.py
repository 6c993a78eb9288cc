"""The invariants every game keeps, move by move: checked by the property tests
(tests/*/test_*_properties.py) and by the soak (benchmarks/soak.py, `make soak`).

A :class:`Watch` follows one game from its start. ``watch.play(move)`` plays
the move and then checks, after every move: the points play() returned add up
to the scores; every card or tile is still somewhere, exactly once; undo then
redo are exact; the position survives to_dict / JSON / from_dict exactly.
``watch.check_legal_moves(rng, k)`` compares legal_moves() with what the rules
accept (``explain``, or Mattix's ``check_move``) on k sampled legal moves and
k random candidate moves, legal or not. A broken invariant raises
:class:`InvariantBroken` (an AssertionError) saying which one and where.

Not covered: choosing moves or games (the callers do), malformed input
(kit.badinput), pictures.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from kit.errors import IllegalMove


class InvariantBroken(AssertionError):
    """An invariant did not hold; the message names it."""


def require(ok, message: str) -> None:
    if not ok:
        raise InvariantBroken(message)


def watch(game) -> Watch:
    """The Watch for ``game`` (an iota, mattix or smartrix Game)."""
    kind = type(game).__module__.split(".")[1]
    return {"iota": IotaWatch, "mattix": MattixWatch, "smartrix": SmartrixWatch}[kind](game)


class Watch:
    """Plays one game and checks every invariant after every move.

    ``points[seat]`` is the sum of the points play() returned to that seat.
    Subclasses say what "conserved" and "the scores add up" mean for their game.
    """

    def __init__(self, game):
        self.game = game
        self.start = game.to_dict()
        self.points = [0] * self.seats()
        self.position = self.start      # to_dict() of the current position
        self.moves = 0

    def play(self, move) -> int:
        """Play ``move`` (a move or its text; IllegalMove propagates), check
        everything, return the points."""
        game, before = self.game, self.position
        if isinstance(move, str):
            move = game.parse_move(move)
        seat = game.to_move
        points = game.play(move)
        require(isinstance(points, int), f"play({move}) returned {points!r}, not an int")
        self.points[seat] += points
        self.moves += 1
        after = game.to_dict()
        self.position = after
        self.check_conserved()
        self.check_scores()
        self.check_round_trip(after)
        self.check_undo_redo(move, points, before, after)
        return points

    # ----- the generic checks ----------------------------------------------------

    def check_round_trip(self, data: dict) -> None:
        again = type(self.game).from_dict(json.loads(json.dumps(data)))
        require(again.to_dict() == data and again == self.game,
                "from_dict(to_dict()) is not the same position")

    def check_undo_redo(self, move, points, before, after) -> None:
        game = self.game
        undone = game.undo()
        require(undone == move, f"undo() returned {undone}, not the move played, {move}")
        require(game.to_dict() == before, f"undo() of {move} did not restore the position")
        again = game.redo()
        require(again == points, f"redo() of {move} returned {again}, play() returned {points}")
        require(game.to_dict() == after, f"redo() of {move} did not give the same position")

    def check_legal_moves(self, rng: random.Random, k: int = 8) -> None:
        """k sampled legal moves are accepted; k candidates accepted are legal."""
        legal = self.game.legal_moves()
        for move in rng.sample(legal, min(k, len(legal))):
            require(self.accepts(move), f"legal_moves() lists {move} but the rules refuse it")
        listed = set(legal)
        for move in self.candidates(rng, k):
            require(not self.accepts(move) or move in listed,
                    f"the rules accept {move} but legal_moves() does not list it")

    # ----- what each game fills in -----------------------------------------------

    def seats(self) -> int:
        return self.game.players

    def accepts(self, move) -> bool:
        return self.game.explain(move).legal

    def candidates(self, rng, k) -> list:
        raise NotImplementedError

    def check_conserved(self) -> None:
        raise NotImplementedError

    def check_scores(self) -> None:
        require(self.game.scores == self.points,
                f"scores {self.game.scores} but play() returned {self.points} in all")


class IotaWatch(Watch):
    """IOTA: the 66 cards (wilds twice) conserved; scores = points returned."""

    def check_conserved(self) -> None:
        from kit.iota.cards import FULL_DECK
        g = self.game
        cards = Counter(g.table.values()) + Counter(g.deck)
        for hand in g.hands:
            cards.update(hand)
        require(cards == Counter(FULL_DECK), "the 66 cards are not all there exactly once")

    def candidates(self, rng, k) -> list:
        return list(iota_candidates(self.game, rng, k))


def iota_candidates(game, rng, n):
    """Plausible IOTA moves, legal or not: cards from hand near the table, passes, recycles."""
    from kit.iota.cards import WILD
    from kit.iota.movegen import frontier
    from kit.iota.moves import Pass, Play, Recycle
    hand = list(game.hands[game.to_move])
    cells = sorted(frontier(game.table))
    wild_cells = [x for x, c in game.table.items() if c == WILD]
    for _ in range(n):
        kind = rng.random()
        if kind < 0.05 or not hand:
            yield Pass.of(rng.sample(hand, rng.randint(0, len(hand))))
        elif kind < 0.1 and wild_cells:
            yield Recycle(rng.choice(wild_cells), rng.choice(hand))
        else:
            k = rng.randint(1, len(hand))
            r, c = rng.choice(cells)
            dr, dc = rng.choice([(0, 1), (1, 0)])
            offsets = [0] + rng.sample([o for o in range(-3, 4) if o], k - 1)
            yield Play.of(zip(rng.sample(hand, k), [(r + o * dr, c + o * dc) for o in offsets]))


class MattixWatch(Watch):
    """Mattix: tiles on the board + tiles taken = the starting tiles; scores =
    points returned = the values of the tiles each side took."""

    def __init__(self, game):
        super().__init__(game)
        self.taken = Counter()
        self.initial = Counter(v for row in self.start["board"] for v in row if v is not None)

    def play(self, move) -> int:
        m = self.game.check_move(move)
        value = self.position["board"][m.row][m.col]
        self.taken[value] += 1          # before play() so conservation sees it
        points = super().play(m)
        require(points == value, f"taking {m} scored {points}, the tile is {value}")
        return points

    def seats(self) -> int:
        return 2

    def check_conserved(self) -> None:
        on_board = Counter(v for row in self.game.board for v in row if v is not None)
        require(on_board + self.taken == self.initial,
                "the tiles on the board and the tiles taken are not the starting tiles")

    def accepts(self, move) -> bool:
        try:
            self.game.check_move(move)
        except IllegalMove:
            return False
        return True

    def candidates(self, rng, k) -> list:
        """Every cell of the board and one beyond each edge: k is not needed, it is cheap."""
        from kit.mattix import Move
        n = self.game.size
        return [Move(r, c) for r in range(-1, n + 1) for c in range(-1, n + 1)]


class SmartrixWatch(Watch):
    """Smartrix: the 70 cards conserved; each seat's collected values = the
    points play() returned to it; scores = collected - hand (per team in teams)."""

    def check_conserved(self) -> None:
        require(smartrix_conserved(self.game), "the 70 cards are not all there exactly once")

    def check_scores(self) -> None:
        g = self.game
        collected = [smartrix_value(g.collected(s)) for s in range(g.players)]
        require(collected == self.points,
                f"collected values {collected} but play() returned {self.points} in all")
        require(smartrix_scores_add_up(g),
                f"scores {g.scores} are not collected values minus values in hand")

    def candidates(self, rng, k) -> list:
        return smartrix_candidates(self.game, rng, k)


def smartrix_value(texts) -> int:
    return sum(t.count("1") for t in texts)


def smartrix_conserved(game) -> bool:
    """The 70 deck cards, each exactly once, across table, hands, pile, collected piles."""
    from kit.smartrix import CANONICAL, DECK, parse_card
    d = game.to_dict()
    cards = [t for _, _, t in d["grid"]] + d["deck"]
    cards += [t for h in d["hands"] for t in h] + [t for c in d["collected"] for t in c]
    return sorted(CANONICAL[parse_card(t)] for t in cards) == sorted(DECK)


def smartrix_scores_add_up(game) -> bool:
    per_seat = [smartrix_value(game.collected(s)) - smartrix_value(game.hand(s))
                for s in range(game.players)]
    if game.teams:
        per_seat = [per_seat[0] + per_seat[2], per_seat[1] + per_seat[3]]
    return game.scores == per_seat


def smartrix_candidates(game, rng, k) -> list:
    """Random placements near the table (accepted or not) and the claims on offer."""
    from kit.smartrix import ORIENTATIONS, Move, parse_card
    from kit.smartrix.cards import DIRECTIONS
    hand = game.hand(game.to_move)
    cells = {(0, 0)} if not game.grid else {
        (r + dr, c + dc) for r, c in game.grid for dr, dc in DIRECTIONS} | set(game.grid)
    cells = sorted(cells)
    out = []
    for _ in range(k if hand else 0):
        card = rng.choice(ORIENTATIONS[parse_card(rng.choice(hand))])
        out.append(Move.place(card, *rng.choice(cells),
                              claim=not game.auto_collect and rng.random() < 0.3))
    out += [Move.take("claim", cells) for cells, _ in game.unclaimed_sets]
    return out
