"""The IOTA game: state, legality with reasons, turns, undo/redo, end of game.

Implements RULES.md (IOTA): 64 cards + 2 wilds, hands of 4, the starter card
at (0, 0), plays of 1-4 cards in one row or column forming one unbroken run
that touches the table, lines of at most 4 whose colours, shapes and numbers
are each all the same or all different, wilds standing for one real card in
both their lines, recycling a wild (a free action: the same player stays to
move), passing with an exchange of some, all or none of the hand, drawing back
up to 4, scoring with the lot / four-card / final-play doublings, and the end
of the game. Decisions beyond RULES.md are marked [decision] in the docstrings.

Pure rules: no widgets, no printing. The fast move generator lives in
:mod:`kit.iota.movegen`, scoring in :mod:`kit.iota.scoring`, the position
format in :mod:`kit.iota.position`, pictures in :mod:`kit.iota.draw`, the text board in :mod:`kit.iota.text`.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import islice
from collections.abc import Iterable, Sequence
from typing import Any

from kit.errors import IllegalMove
from kit.i18n import _, ngettext
from kit.history import History
from kit.scene import Picture
from kit.iota import movegen
from kit.iota.cards import FULL_DECK, TEXT, VALUE, WILD, Cell, Table, describe
from kit.iota.lines import table_problem, wild_stands_for
from kit.iota.moves import Move, Pass, Play, Recycle, as_move
from kit.iota.position import read_position, write_position
from kit.iota.scoring import Explanation, play_points, score_play
from kit.iota.text import text_board

HAND_SIZE = 4
#: Everything undo/redo restores: table, hands, deck, scores, to_move, passes.
State = tuple[tuple[tuple[Cell, int], ...], tuple[tuple[int, ...], ...], tuple[int, ...],
              tuple[int, ...], int, int]
_MAX_GAPS = 16    # gaps named when a play leaves holes (a far-off cell leaves billions)


def illegal(key: str, message: str, cells: Iterable[Cell] = ()) -> IllegalMove:
    """An IllegalMove saying ``message`` (in the kit's language), with ``key`` naming
    the rule broken in every language: "over", "exchange", "hand", "recycle",
    "count", "twice", "taken", "line", "gap", "touch", "long", "match", "wild"
    (``Explanation.rule_key``; a lesson decides by it, never by the words)."""
    err = IllegalMove(message, cells=cells)
    err.key = key  # type: ignore[attr-defined]
    return err


def _problem(problem: tuple[str, tuple[Cell, ...]], message: str | None = None) -> IllegalMove:
    """The IllegalMove of a table problem (:mod:`kit.iota.lines`), keeping its key."""
    return illegal(getattr(problem[0], "key", ""), problem[0] if message is None else message,
                   cells=problem[1])


class Game(Picture, History):
    """One IOTA game: the table, hands, deck, scores and whose turn it is.

    Build with :meth:`new` or :meth:`from_dict`. ``table`` maps (row, col) to a
    card int (see :mod:`kit.iota.cards`); ``hands[i]`` and ``deck`` are lists of
    card ints, ``deck[0]`` the next card drawn. Treat them as read-only: change
    the game through :meth:`play`, :meth:`undo` and :meth:`redo`.
    """

    def __init__(self, table: Table, hands: Iterable[Iterable[int]], deck: Iterable[int],
                 scores: Iterable[int], to_move: int = 0, passes: int = 0) -> None:
        self.table = dict(table)
        self.hands = [list(h) for h in hands]
        self.deck = list(deck)
        self.scores = list(scores)
        self.to_move = to_move
        self.passes = passes
        self._clear_history()
        # the "who starts" draw, when simulated: rounds of (seat, card text)
        self.start_draws: tuple[tuple[tuple[int, str], ...], ...] = ()
        self._refresh()

    # ----- construction and data -------------------------------------------------

    @classmethod
    def new(cls, players: int = 2, seed: int | str | None = None,
            draw_for_start: bool = False) -> Game:
        """A fresh deal for 1-4 players from ``seed``.

        Seat 0 starts [decision]. With ``draw_for_start=True`` the printed rule is
        simulated first: every player draws a card from a shuffled deck, the
        highest face value starts (a wild counts 0) and players tied for highest
        draw again; the cards go back and the deck is reshuffled for the deal.
        ``game.start_draws`` keeps the rounds: tuples of (seat, card text).
        """
        if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4:
            raise ValueError(_("IOTA is for 1 to 4 players, not {players}").format(
                players=repr(players)))
        try:
            rng = random.Random(seed)
        except TypeError:
            raise ValueError(_("a seed is an int, str or None, not {seed}").format(
                seed=repr(seed))) from None
        first, draws = (_draw_for_start(rng, players) if draw_for_start else (0, ()))
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hands = [deck[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(players)]
        deck = deck[players * HAND_SIZE:]
        game = cls({(0, 0): deck[0]}, hands, deck[1:], [0] * players, first)
        game.start_draws = draws
        return game

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        """A game at the position ``d``; ValueError (InvalidPosition) naming any problem."""
        return cls(*read_position(d))

    def to_dict(self) -> dict[str, Any]:
        return write_position(self.table, self.hands, self.deck, self.scores,
                              self.to_move, self.passes)

    def copy(self) -> Game:
        game = Game(self.table, self.hands, self.deck, self.scores, self.to_move, self.passes)
        self._copy_history_to(game)
        game.start_draws = self.start_draws
        return game

    def view(self, player: int) -> dict[str, Any]:
        """What seat ``player`` may see: the table, own hand, and only counts otherwise."""
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.players:
            raise ValueError(_("there is no seat {seat}: seats are 0 to {last}").format(
                seat=repr(player), last=self.players - 1))
        d = self.to_dict()
        return {"game": "iota", "seat": player, "grid": d["grid"], "hand": d["hands"][player],
                "hand_sizes": [len(h) for h in self.hands], "deck_size": len(self.deck),
                "scores": d["scores"], "to_move": self.to_move, "passes": self.passes}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]  # mutable

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def hand(self) -> list[str]:
        """The player to move's hand, as card texts."""
        return [TEXT[c] for c in self.hands[self.to_move]]

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def moves(self) -> list[Move]:
        """The moves played so far, oldest first (the same as ``history``)."""
        return self.history

    @property
    def last_move(self) -> Move | None:
        """The move played last (still on the record), or None: every game's name."""
        return self.history[-1] if self.history else None

    @property
    def last_play(self) -> Play | None:
        """The most recent Play still on the record, or None: the last cards put down,
        which a picture outlines (a pass or a recycle since does not change it)."""
        for move in reversed(self.history):
            if isinstance(move, Play):
                return move
        return None

    def wilds(self) -> dict[Cell, str]:
        """What each wild on the table can stand for: {cell: card text} (one choice)."""
        return wild_stands_for(self.table)

    # ----- moves -----------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def legal_moves(self) -> list[Move]:
        """Every legal move: recycles, then plays, then passes (with each exchange)."""
        if self._over:
            return []
        hand = self.hands[self.to_move]
        moves: list[Move] = []
        moves += movegen.recycles(self.table, hand)
        moves += movegen.plays(self.table, hand)
        moves += movegen.passes(hand, len(self.deck))
        return moves

    def is_final_play(self, play: Play) -> bool:
        """Would this play end the game (deck empty, the mover's last cards played)?"""
        return not self.deck and len(play.placements) == len(self.hands[self.to_move])

    def explain(self, move: Move | str) -> Explanation:
        """The score breakdown of a legal move, or the rule an illegal one breaks.

        A malformed move (bad text, or a Move built by hand with bad fields) is
        not explained: it raises InvalidMoveText, as ``play`` does.
        """
        move = as_move(move)
        try:
            table_after, ends = self._check(move)
        except IllegalMove as err:
            return Explanation(move, False, rule=str(err),
                               cells=tuple((r, c) for r, c in err.cells),
                               rule_key=getattr(err, "key", ""))
        if not isinstance(move, Play):
            return Explanation(move, True, cells=(move.cell,) if isinstance(move, Recycle) else ())
        points, base, lines, doublings, kinds = score_play(table_after, move.cells, ends)
        return Explanation(move, True, points, base, lines, doublings, cells=move.cells,
                           kinds=kinds)

    # play, undo, redo and history come from kit.history.History.

    def _as_move(self, move: Any) -> Move:
        return as_move(move)

    def _play_unrecorded(self, move: Move) -> int:
        table_after, ends = self._check(move)
        return self._apply(move, table_after, ends)

    def _snapshot(self) -> State:
        return self._state()

    # ----- checking --------------------------------------------------------------

    def _check(self, move: Move) -> tuple[dict[Cell, int], bool]:
        """(table after, ends the game) for a legal move; IllegalMove otherwise."""
        if self._over:
            raise illegal("over", _("the game is over"))
        hand = self.hands[self.to_move]
        if isinstance(move, Pass):
            _need_in_hand(move.exchange, hand)
            if len(move.exchange) > len(self.deck):
                n = len(self.deck)
                raise illegal("exchange", ngettext(
                    "you may exchange at most {n} card: that is all the deck holds",
                    "you may exchange at most {n} cards: that is all the deck holds", n).format(n=n))
            return self.table, False
        if isinstance(move, Recycle):
            return self._check_recycle(move, hand), False
        if isinstance(move, Play):
            return _check_play(self.table, hand, move), self.is_final_play(move)
        raise illegal("move", _("not an IOTA move: {move}").format(move=repr(move)))

    def _check_recycle(self, move: Recycle, hand: list[int]) -> dict[Cell, int]:
        r, c = move.cell
        if self.table.get(move.cell) != WILD:
            raise illegal("recycle", _("there is no wild card at ({r},{c}) to recycle").format(
                r=r, c=c), cells=[move.cell])
        if move.card == WILD:
            raise illegal("recycle", _("a wild is recycled by putting a real card in its place, "
                                       "not another wild"), cells=[move.cell])
        _need_in_hand((move.card,), hand)
        after = dict(self.table)
        after[move.cell] = move.card
        problem = table_problem(after, [move.cell])
        if problem:
            raise _problem(problem, _("{card} cannot replace the wild at ({r},{c}): {why}").format(
                card=TEXT[move.card], r=r, c=c, why=problem[0]))
        return after

    # ----- applying --------------------------------------------------------------

    def _apply(self, move: Move, table_after: dict[Cell, int], ends: bool) -> int:
        hand = self.hands[self.to_move]
        points = 0
        if isinstance(move, Recycle):
            hand[hand.index(move.card)] = WILD
            self.table = table_after
            self._refresh()
            return 0    # [decision] recycling is free: same player, no points
        if isinstance(move, Pass):
            for card in move.exchange:
                hand.remove(card)
            self.deck.extend(move.exchange)
            self._draw(hand, len(move.exchange))
            self.passes += 1
        elif isinstance(move, Play):
            points = play_points(table_after, move.cells, ends)
            for card in move.cards:
                hand.remove(card)
            self.table = table_after
            self._draw(hand, HAND_SIZE - len(hand))
            self.scores[self.to_move] += points
            self.passes = 0
        self.to_move = (self.to_move + 1) % self.players
        self._refresh()
        return points

    def _draw(self, hand: list[int], n: int) -> None:
        taken = self.deck[:n]
        del self.deck[:n]
        hand.extend(taken)

    def _state(self) -> State:
        return (tuple(sorted(self.table.items())), tuple(tuple(h) for h in self.hands),
                tuple(self.deck), tuple(self.scores), self.to_move, self.passes)

    def _restore(self, state: State) -> None:
        table, hands, deck, scores, to_move, passes = state
        self.table = dict(table)
        self.hands = [list(h) for h in hands]
        self.deck, self.scores = list(deck), list(scores)
        self.to_move, self.passes = to_move, passes
        self._refresh()

    def _refresh(self) -> None:
        """Recompute whether the game is over.

        It ends when the deck is empty and a hand is empty (the final play), or
        when every player in turn has passed and either the deck is empty or
        [decision] no card left anywhere can ever be placed (nor swapped for a
        wild): passing would go round for ever.
        """
        if not self.deck and any(not h for h in self.hands):
            self._over = True
        elif self.passes >= self.players:
            self._over = not self.deck or self._nobody_can_place()
        else:
            self._over = False

    def _nobody_can_place(self) -> bool:
        left = set(self.deck).union(*self.hands)
        cells = movegen.frontier(self.table)
        if any(movegen.card_fits(self.table, cell, card) for cell in cells for card in left):
            return False
        return not movegen.recycles(self.table, left)

    # ----- pictures --------------------------------------------------------------

    def __str__(self) -> str:
        return text_board(self)

    def __repr__(self) -> str:
        cards = f"{len(self.table)} card{'s' if len(self.table) != 1 else ''}"   # for developers
        return (f"<iota.Game {self.players} players, {cards} on the table, "
                f"deck {len(self.deck)}, scores {self.scores}, seat {self.to_move} to move>")

    def svg(self, **options: Any) -> str:
        """The table as SVG; options are :func:`kit.iota.draw.draw`'s keywords and the
        fields of its :class:`~kit.iota.draw.Marks` (``pending=``, ``ghost=`` ...)."""
        from kit.iota.draw import draw, split_options   # draw imports rules' neighbours
        marks, rest = split_options(options)
        return draw(self, marks, **rest).to_svg()

    def _repr_svg_(self) -> str:
        return self.svg()


def _need_in_hand(cards: Iterable[int], hand: Sequence[int]) -> None:
    need, have = Counter(cards), Counter(hand)
    shown = " ".join(TEXT[c] for c in hand) or _("empty")
    for card, n in need.items():
        if have[card] >= n:
            continue
        if card == WILD:
            what = ngettext("the move uses {n} wild card but you hold {held}",
                            "the move uses {n} wild cards but you hold {held}", n).format(
                n=n, held=have[card])
        elif have[card]:
            what = _("{card} is used {n} times, and there is only one").format(
                card=TEXT[card], n=n)
        else:
            what = _("{card} ({words}) is not in your hand").format(
                card=TEXT[card], words=describe(card))
        # Translators: {what} says which card is missing; {hand} lists the hand's cards
        raise illegal("hand", _("{what}; your hand is {hand}").format(what=what, hand=shown))


def _check_play(table: dict[Cell, int], hand: Sequence[int], move: Play) -> dict[Cell, int]:
    """The table after a legal play; IllegalMove naming the rule and cells otherwise."""
    cells = move.cells
    if not 1 <= len(cells) <= HAND_SIZE:
        raise illegal("count", _("a play places 1 to 4 cards, not {n}").format(n=len(cells)),
                      cells=cells)
    if len(set(cells)) != len(cells):
        twice = next(x for x in cells if cells.count(x) > 1)
        raise illegal("twice", _("two cards are placed on ({r},{c})").format(
            r=twice[0], c=twice[1]), cells=[twice])
    for r, c in cells:
        if (r, c) in table:
            raise illegal("taken", _("({r},{c}) already holds {card}").format(
                r=r, c=c, card=TEXT[table[(r, c)]]), cells=[(r, c)])
    _need_in_hand(move.cards, hand)
    _check_shape(table, cells)
    after = dict(table)
    after.update((cell, card) for card, cell in move.placements)
    problem = table_problem(after, cells)
    if problem:
        raise _problem(problem)
    return after


def _check_shape(table: Table, cells: Sequence[Cell]) -> None:
    """One row or column, no gap, touching the table."""
    rows, cols = {r for r, __ in cells}, {c for __, c in cells}
    if len(rows) > 1 and len(cols) > 1:
        raise illegal("line", _("the cards played in one turn must all go in the same row "
                                "or the same column"), cells=cells)
    if len(cells) > 1:
        if len(rows) == 1:
            r = next(iter(rows))
            span = ((r, c) for c in range(min(cols), max(cols) + 1))
        else:
            c = next(iter(cols))
            span = ((r, c) for r in range(min(rows), max(rows) + 1))
        # Lazily, and at most _MAX_GAPS: cells (0,0) and (0,10**12) must not
        # build a list of 10**12 empty cells.
        gaps = list(islice((x for x in span if x not in table and x not in cells), _MAX_GAPS))
        if gaps:
            raise illegal("gap", _("the cards played must form one unbroken run with the cards "
                                   "between them: ({r},{c}) is empty").format(
                r=gaps[0][0], c=gaps[0][1]), cells=gaps)
    if not any(nb in table for r, c in cells
               for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))):
        raise illegal("touch", _("at least one card played must touch a card already on the "
                                 "table"), cells=cells)


def _draw_for_start(rng: random.Random,
                    players: int) -> tuple[int, tuple[tuple[tuple[int, str], ...], ...]]:
    """Simulate the printed 'who starts' draw: (first seat, rounds of (seat, card))."""
    contenders = list(range(players))
    rounds: list[tuple[tuple[int, str], ...]] = []
    while True:
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        drawn = list(zip(contenders, deck, strict=False))   # the first cards of the deck
        rounds.append(tuple((seat, TEXT[card]) for seat, card in drawn))
        best = max(VALUE[card] for __, card in drawn)
        contenders = [seat for seat, card in drawn if VALUE[card] == best]
        if len(contenders) == 1:
            return contenders[0], tuple(rounds)
