"""Smartrix rules: the game state, legal moves, explanations, play and undo.

Implements the Smartrix section of RULES.md: 2-7 players, 5 cards dealt, a
starter card face up at (0, 0); each turn the player draws (done already: a
position is always "after the draw"), then places a card or passes; matching
and the 5 x 5 window; sets of 5 collected; the end phase and the end; score =
collected values minus the values in hand. Options (all in ``to_dict``):

- ``window``: 5, or None for the children's variant (runs longer than 5 are
  collected whole);
- ``teams``: 4 players, seats 0+2 against 1+3, partners out together;
- ``auto_collect``: False is the free-table mode: placements need only touch
  the table, sets are collected by ``claim`` and mistakes by ``challenge``.
  The game records which cards were placed against the rules
  (:attr:`Game.offending`); a challenge takes only those, as few as make the
  table legal. A position loaded without that record (a puzzle: no
  ``offending`` key) falls back to taking any cards, only their number checked.

Not covered: players and analysis (``ai.py``), pictures (``draw.py``). The
seat order is fixed: seat 0 moves first **[decision]**, and the starter card
lies as dealt (its canonical orientation) at (0, 0).
"""

from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping
from types import MappingProxyType

from kit.errors import IllegalMove
from kit.history import History
from kit.i18n import _, format_list, ngettext
from kit.scene import Picture
from kit.smartrix import position
from kit.smartrix.cards import (BOX_NAMES, CANONICAL, DECK, FACING, ORIENTATIONS,
                                TEXT, VALUE, Card, mismatched_boxes)
from kit.smartrix.moves import PASS, Explanation, Move, parse_move
from kit.smartrix.text import text_board
from kit.smartrix.table import (Cell, all_sets, candidate_cells, constraint_at,
                                cards_value, describe_removal, fmt_cell, in_window,
                                is_legal_table, line_text, minimal_removal, sets_through,
                                touches)

HAND_SIZE = 5


class Game(Picture, History):
    """A Smartrix game. Build with :meth:`new`, :meth:`from_dict` or :meth:`setup`."""

    def __init__(self, grid, hands, deck, collected, to_move, out=None, *,
                 window=5, teams=False, auto_collect=True, unclaimed=(), offending=()):
        self._grid: dict[Cell, Card] = dict(grid)   # (row, col) -> oriented card int
        self._hands: list[list[Card]] = [list(h) for h in hands]
        self._deck: list[Card] = list(deck)         # index 0 is the top
        self._collected: list[list[Card]] = [list(c) for c in collected]
        self._to_move: int = to_move
        self._out: list[bool] = list(out) if out is not None else [False] * len(hands)
        self.window = window
        self.teams = teams
        self.auto_collect = auto_collect
        # Free-table mode: sets lying on the table that their former may not claim.
        self._unclaimed: list[tuple[frozenset[Cell], int]] = [
            (frozenset(cells), seat) for cells, seat in unclaimed]
        # Free-table mode: cells of the cards placed against the rules; None when
        # the history is unknown (a puzzle), and then any card may be challenged.
        self._offending: set[Cell] | None = None if offending is None else set(offending)
        self._clear_history()
        self._removal_cache = None

    # --- construction -----------------------------------------------------

    @classmethod
    def new(cls, players: int = 2, seed=None, *, window=5, teams=False,
            auto_collect=True) -> Game:
        """A fresh shuffled deal; seat 0 has drawn and is to move."""
        position.check_options(players, window, teams, auto_collect)
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        hands = [deck[i * HAND_SIZE:(i + 1) * HAND_SIZE] for i in range(players)]
        rest = deck[players * HAND_SIZE:]
        grid = {(0, 0): rest.pop(0)}
        hands[0].append(rest.pop(0))
        return cls(grid, hands, rest, [[] for _ in range(players)], 0,
                   window=window, teams=teams, auto_collect=auto_collect)

    @classmethod
    def from_dict(cls, d) -> Game:
        """A game from a position dict; :class:`kit.InvalidPosition` naming the
        problem if the data is malformed or breaks the rules."""
        return cls(**position.read(d))

    @classmethod
    def setup(cls, grid=None, hands=((), ()), *, collected=None, to_move=0, out=None,
              seed=None, offending=None, **options) -> Game:
        """A position for a lesson or test: ``grid`` maps (row, col) to card
        text, ``hands`` lists card texts per seat; every card not named goes to
        the draw pile (in deck order, or shuffled with ``seed``). On the free
        table, ``offending`` lists the cells of the cards placed against the
        rules; None (the default) leaves the history unknown (see
        :attr:`offending`)."""
        return cls.from_dict(position.complete(grid or {}, hands, collected, to_move,
                                               out, seed, options, offending))

    def to_dict(self) -> dict[str, Any]:
        d = {"game": "smartrix",
             "grid": [[r, c, TEXT[v]] for (r, c), v in sorted(self._grid.items())],
             "hands": [[TEXT[v] for v in h] for h in self._hands],
             "deck": [TEXT[v] for v in self._deck],
             "collected": [[TEXT[v] for v in c] for c in self._collected],
             "to_move": self._to_move,
             "out": list(self._out),
             "options": self.options}
        if not self.auto_collect:
            d["unclaimed"] = [{"cells": [list(c) for c in sorted(cells)], "formed_by": s}
                              for cells, s in self._unclaimed]
            if self._offending is not None:
                d["offending"] = [list(c) for c in sorted(self._offending)]
        return d

    def copy(self) -> Game:
        g = Game.from_dict(self.to_dict())
        self._copy_history_to(g)
        return g

    def __eq__(self, other) -> bool:
        return isinstance(other, Game) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # a game changes: equal by value, not hashable

    # --- what anyone may see ---------------------------------------------

    @property
    def options(self) -> dict[str, Any]:
        return {"window": self.window, "teams": self.teams, "auto_collect": self.auto_collect}

    @property
    def players(self) -> int:
        return len(self._hands)

    @property
    def to_move(self) -> int:
        return self._to_move

    @property
    def grid(self) -> dict[Cell, str]:
        """The table: {(row, col): card text as it lies}."""
        return {cell: TEXT[v] for cell, v in self._grid.items()}

    @property
    def table(self) -> Mapping[Cell, Card]:
        """The table as the engine holds it: {(row, col): oriented card int}, a
        read-only view (it follows the game as it changes; copy it to keep it).
        For drawing, players and lessons; :attr:`grid` gives the card texts."""
        return MappingProxyType(self._grid)

    def hand_cards(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s hand as card ints, in order (:meth:`hand` gives the texts)."""
        return tuple(self._hands[seat])

    def collected_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` has collected, as card ints (:meth:`collected` gives the texts)."""
        return tuple(self._collected[seat])

    @property
    def deck_size(self) -> int:
        return len(self._deck)

    @property
    def out(self) -> list[bool]:
        return list(self._out)

    @property
    def in_end_phase(self) -> bool:
        return not self._deck

    def hand(self, seat: int) -> list[str]:
        return [TEXT[v] for v in self._hands[seat]]

    def collected(self, seat: int) -> list[str]:
        return [TEXT[v] for v in self._collected[seat]]

    def team_of(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def partner(self, seat: int):
        return (seat + 2) % 4 if self.teams else None

    @property
    def is_over(self) -> bool:
        # A hand can only be empty after its owner placed their last card.
        return all(self._out) or any(not h for h in self._hands)

    @property
    def seat_scores(self) -> list[int]:
        return [sum(VALUE[v] for v in self._collected[s]) - sum(VALUE[v] for v in self._hands[s])
                for s in range(self.players)]

    @property
    def scores(self) -> list[int]:
        """Collected values minus values in hand; one per team in team games."""
        per_seat = self.seat_scores
        if not self.teams:
            return per_seat
        return [per_seat[0] + per_seat[2], per_seat[1] + per_seat[3]]

    @property
    def unclaimed_sets(self) -> list[tuple[tuple[Cell, ...], int | None]]:
        """Sets lying on the table (free-table mode): (cells, seat that may not claim)."""
        barred = {cells for cells, _ in self._unclaimed}
        return [(tuple(sorted(cells)), s) for cells, s in self._unclaimed] + [
            (cells, None) for cells in all_sets(self._grid) if frozenset(cells) not in barred]

    @property
    def offending(self) -> frozenset[Cell]:
        """Cells of the cards on the table that were placed against the rules
        (free-table mode): a card that did not match a card it touched, or did
        not fit in one window with the cards placed by the rules. A challenge
        takes only these. Empty when the history is unknown (see
        :attr:`offending_known`) and outside the free-table mode."""
        return frozenset(self._offending or ())

    @property
    def offending_known(self) -> bool:
        """False for a free table loaded without its ``offending`` list (a
        puzzle): then a challenge may take any cards, only their number is
        checked."""
        return self._offending is not None

    def unseen(self, seat: int) -> list[Card]:
        """Canonical cards ``seat`` cannot see: the draw pile and the other hands."""
        seen = {CANONICAL[v] for v in self._grid.values()}
        seen.update(CANONICAL[v] for v in self._hands[seat])
        for pile in self._collected:
            seen.update(CANONICAL[v] for v in pile)
        return [c for c in DECK if c not in seen]

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: the position without the draw pile's order and
        the other hands (their sizes and the pool of unseen cards instead)."""
        d = self.to_dict()
        d["hands"] = [h if s == seat else None for s, h in enumerate(d["hands"])]
        d["hand_sizes"] = [len(h) for h in self._hands]
        d["deck"] = None
        d["deck_size"] = len(self._deck)
        d["unseen"] = [TEXT[c] for c in self.unseen(seat)]
        d["seat"] = seat
        return d

    # --- moves -------------------------------------------------------------

    @property
    def last_move(self) -> Move | None:
        """The move played last (undone moves do not count), or None at the start."""
        return self._undo[-1][1] if self._undo else None

    def parse_move(self, text) -> Move:
        return parse_move(text)

    def legal_moves(self) -> list[Move]:
        """Every legal move for the player to move (``pass`` last). On an empty
        table any cell is accepted; only (0, 0) is listed. In free-table mode one
        challenge is listed (one smallest set of offending cards, see
        :meth:`smallest_removal`); any other equally small one is accepted too."""
        if self.is_over:
            return []
        hand = self._hands[self._to_move]
        grid = self._grid
        moves: list[Move] = []
        if self.auto_collect:
            for cell in candidate_cells(grid, self.window):
                need = constraint_at(grid, cell)
                if need is None:
                    continue
                mask, bits = need
                moves.extend(Move("place", card=o, cell=cell)
                             for h in hand for o in ORIENTATIONS[h] if o & mask == bits)
        else:
            moves.extend(self._free_moves(hand))
        moves.append(PASS)
        return moves

    def _free_moves(self, hand):
        moves = []
        for cell in candidate_cells(self._grid, None):
            forms = bool(sets_through(self._grid, cell))
            for h in hand:
                for o in ORIENTATIONS[h]:
                    moves.append(Move("place", card=o, cell=cell))
                    if forms:
                        moves.append(Move("place", card=o, cell=cell, claim=True))
        return moves + self.takes()

    def takes(self) -> list[Move]:
        """Free-table mode: the claims open to the player to move, then the
        kit's challenge if the table is illegal (as listed by legal_moves), without
        the many placements (the players take these first)."""
        moves = [Move.take("claim", cells) for cells, barred in self.unclaimed_sets
                 if barred != self._to_move]
        removal = self.smallest_removal()
        if removal:
            moves.append(Move.take("challenge", removal))
        return moves

    def smallest_removal(self) -> tuple[Cell, ...]:
        """The cells of one smallest set of cards whose removal leaves a legal
        table (empty when the table is legal): offending cards only, unless the
        history is unknown (then any cards)."""
        key = (frozenset(self._grid.items()), self.offending, self.offending_known)
        if self._removal_cache is None or self._removal_cache[0] != key:
            keep = set(self._grid) - (self._offending or set()) if self.offending_known else ()
            found = minimal_removal(self._grid, self.window, frozenset(keep))
            # found is never None: the cards placed by the rules form a legal table.
            self._removal_cache = (key, tuple(sorted(found)))
        return self._removal_cache[1]

    def explain(self, move) -> Explanation:
        """Whether ``move`` is legal now and why (see :class:`Explanation`)."""
        move = parse_move(move)
        if self.is_over:
            return Explanation(move, False, _("the game is over"))
        if move.kind == "pass":
            return self._explain_pass(move)
        if move.kind == "place":
            return self._explain_place(move)
        if self.auto_collect:
            why = (_("a claim is only for the free-table mode (auto_collect off); here sets "
                     "are collected automatically and the table is always legal")
                   if move.kind == "claim" else
                   _("a challenge is only for the free-table mode (auto_collect off); here "
                     "sets are collected automatically and the table is always legal"))
            return Explanation(move, False, why, move.cells)
        if move.kind == "claim":
            return self._explain_claim(move)
        return self._explain_challenge(move)

    def _explain_pass(self, move):
        seat = self._to_move
        if self._deck:
            return Explanation(move, True, _("player {n} passes").format(n=seat + 1))
        if self.teams:
            return Explanation(move, True, _(
                "player {n} passes; the draw pile is empty, so player {n} and partner "
                "{partner} are out until the end").format(n=seat + 1,
                                                          partner=self.partner(seat) + 1))
        return Explanation(move, True, _("player {n} passes; the draw pile is empty, so "
                                         "player {n} is out until the end").format(n=seat + 1))

    def _explain_place(self, move):
        seat, cell, card = self._to_move, move.cell, move.card
        if not any(CANONICAL[h] == CANONICAL[card] for h in self._hands[seat]):
            return Explanation(move, False, _(
                "card {card} (in any orientation) is not in player {n}'s hand {hand}").format(
                    card=TEXT[card], n=seat + 1, hand=self.hand(seat)), (cell,))
        if cell in self._grid:
            return Explanation(move, False, _("cell {cell} is taken").format(
                cell=fmt_cell(cell)), (cell,))
        if self._grid and not touches(self._grid, cell):
            return Explanation(move, False, _(
                "the card at {cell} would touch no card on the table; it must touch one by a "
                "side or a corner").format(cell=fmt_cell(cell)), (cell,))
        if move.claim and self.auto_collect:
            return Explanation(move, False, _("'claim' is only for the free-table mode; here "
                                              "sets are collected automatically"), (cell,))
        mism, mism_text = self._mismatches(cell, card)
        outside = self._outside(cell)
        problems = mism_text + ([self._window_text(cell, outside)] if outside else [])
        sets = sets_through(self._grid, cell)
        if self.auto_collect and problems:
            bad = {cell} | {n for _, (n, _) in mism} | set(outside)
            return Explanation(move, False, "; ".join(problems), tuple(sorted(bad)),
                               tuple(mism), tuple(outside))
        if move.claim and not sets:
            return Explanation(move, False, _("placing at {cell} forms no set to claim").format(
                cell=fmt_cell(cell)), (cell,))
        return self._legal_place(move, sets, mism, outside, problems)

    def _legal_place(self, move, sets, mism, outside, problems):
        cell, card = move.cell, move.card
        taken = sorted({c for _, run in sets for c in run})
        grid = dict(self._grid)
        grid[cell] = card
        points = cards_value(grid, taken)
        collects = self.auto_collect or move.claim
        if sets:
            lines = format_list(ngettext("{line} ({n} card)", "{line} ({n} cards)",
                                         len(run)).format(line=line_text(k, run), n=len(run))
                                for k, run in sets)
            n_cards = ngettext("{n} card", "{n} cards", len(taken)).format(n=len(taken))
            n_points = ngettext("{n} point", "{n} points", points).format(n=points)
            reason = (_("{card} at {cell} completes {lines}: {cards} collected, {points}")
                      if collects else
                      _("{card} at {cell} completes {lines}: {cards}, {points}, left on the "
                        "table to claim")).format(card=TEXT[card], cell=fmt_cell(cell),
                                                  lines=lines, cards=n_cards, points=n_points)
        else:
            reason = _("{card} at {cell} is legal; it forms no set").format(
                card=TEXT[card], cell=fmt_cell(cell))
        if problems:  # free-table mode lets a mistake stand, until challenged
            reason = _("{reason}; but {problems} (anyone may challenge)").format(
                reason=reason, problems="; ".join(problems))
        return Explanation(move, True, reason, tuple([cell] + taken), tuple(mism),
                           tuple(outside), tuple(run for _, run in sets),
                           points if collects else 0)

    def _mismatches(self, cell, card):
        pairs: list[tuple[tuple[Cell, int], tuple[Cell, int]]] = []
        texts: list[str] = []
        r, c = cell
        for k, ((dr, dc), side, _pairs) in enumerate(FACING):
            ncell = (r + dr, c + dc)
            n = self._grid.get(ncell)
            if n is None:
                continue
            bad = mismatched_boxes(card, k, n)
            if not bad:
                continue
            pairs.extend(((cell, own), (ncell, theirs)) for own, theirs in bad)
            boxes = ", ".join(_facing_text(card, own, n, theirs) for own, theirs in bad)
            texts.append(_("the {side} of {card} at {cell} does not match the card at "
                           "{other}: {boxes}").format(side=_(side), card=TEXT[card],
                                                      cell=fmt_cell(cell),
                                                      other=fmt_cell(ncell), boxes=boxes))
        return pairs, texts

    def _outside(self, cell):
        """The cards that keep ``cell`` out of every window. Only the cards
        placed by the rules count: an earlier mistake left on the table does
        not make a careful placement a mistake too."""
        w = self.window
        right = self._placed_by_rules()
        if w is None or in_window(right, cell, w):
            return []
        return sorted(x for x in right if abs(x[0] - cell[0]) >= w or abs(x[1] - cell[1]) >= w)

    def _placed_by_rules(self) -> dict[Cell, Card]:
        if not self._offending:
            return self._grid
        return {c: v for c, v in self._grid.items() if c not in self._offending}

    def _window_text(self, cell, outside):
        if not outside:
            return _("a card at {cell} would not fit in one {w} x {w} window with the "
                     "cards on the table").format(cell=fmt_cell(cell), w=self.window)
        # One form per number, not "card(s)" ("картата(ите)"; issue 30)
        return ngettext("a card at {cell} would not fit in one {w} x {w} window with the card "
                        "at {cards}",
                        "a card at {cell} would not fit in one {w} x {w} window with the cards "
                        "at {cards}", len(outside)).format(
                            cell=fmt_cell(cell), w=self.window,
                            cards=", ".join(fmt_cell(x) for x in outside))

    def _explain_claim(self, move):
        cells = frozenset(move.cells)
        for run, barred in self.unclaimed_sets:
            if frozenset(run) == cells:
                if barred is not None and barred == self._to_move:
                    return Explanation(move, False, _(
                        "player {n} formed this set and did not claim it; only the others "
                        "may").format(n=barred + 1), move.cells)
                points = cards_value(self._grid, run)
                return Explanation(move, True, _(
                    "claims the set {start}-{end}: {cards}, {points}").format(
                        start=fmt_cell(run[0]), end=fmt_cell(run[-1]),
                        cards=ngettext("{n} card", "{n} cards", len(run)).format(n=len(run)),
                        points=ngettext("{n} point", "{n} points", points).format(n=points)),
                    move.cells, sets=(tuple(run),), points=points)
        return Explanation(move, False, _("those cells are not a set on the table: a claim "
                                          "names every card of one line of 5 (or more)"),
                           move.cells)

    def _explain_challenge(self, move):
        missing = [c for c in move.cells if c not in self._grid]
        if missing:
            return Explanation(move, False, _("there is no card at {cell}").format(
                cell=fmt_cell(missing[0])), move.cells)
        best = self.smallest_removal()
        if not best:
            return Explanation(move, False, _(
                "the table is legal: every touch matches and every card fits in the window; "
                "there is nothing to challenge"))
        refusal = self._challenge_refusal(move, best)
        if refusal:
            return Explanation(move, False, refusal, move.cells)
        points = cards_value(self._grid, move.cells)
        # Translators: a challenge (the sheets' "asalto" / "отнемане") succeeded
        return Explanation(move, True, ngettext(
            "challenge: {n} offending card taken, {points}",
            "challenge: {n} offending cards taken, {points}", len(best)).format(
                n=len(best), points=ngettext("{n} point", "{n} points", points).format(n=points)),
            move.cells, points=points)

    def _challenge_refusal(self, move, best) -> str:
        """Why a challenge fails ('' if it succeeds). It must take offending
        cards only, as few as make the table legal; in a puzzle without its
        history, any cards, as few as make the table legal."""
        if self._offending is not None:   # offending_known
            offending = ", ".join(fmt_cell(c) for c in sorted(self._offending))
            enough = ngettext("the offending cards are at {cells}; taking {n} of them makes "
                              "the table legal",
                              "the offending cards are at {cells}; taking {n} of them makes "
                              "the table legal", len(best)).format(cells=offending, n=len(best))
            placed_right = [c for c in move.cells if c not in self._offending]
            if placed_right:
                return _("challenge refused: the card at {cell} was placed by the rules, and a "
                         "challenge takes only offending cards; {enough}").format(
                             cell=fmt_cell(placed_right[0]), enough=enough)
        else:
            enough = _("the fewest cards whose removal makes the table legal is {n}").format(
                n=len(best))
        still = describe_removal(self._grid, self.window, set(move.cells))
        if still:
            return _("challenge refused: {why}; {enough}").format(why=still, enough=enough)
        if len(move.cells) > len(best):
            return ngettext("challenge refused: {n} cards named, more than needed; {enough}",
                            "challenge refused: {n} cards named, more than needed; {enough}",
                            len(move.cells)).format(n=len(move.cells), enough=enough)
        return ""

    # --- playing -------------------------------------------------------------

    # play, undo, redo and history come from kit.history.History.

    def _as_move(self, move) -> Move:
        return parse_move(move)

    def _play_unrecorded(self, move) -> int:
        exp = self.explain(move)
        if not exp.legal:
            raise IllegalMove(exp.reason, cells=exp.cells)
        return self._apply(move, exp)

    def _snapshot(self):
        return (dict(self._grid), [list(h) for h in self._hands], list(self._deck),
                [list(c) for c in self._collected], self._to_move, list(self._out),
                list(self._unclaimed), _copy_or_none(self._offending))

    def _restore(self, snap):
        # Copies: a game's copy shares its snapshots, and play mutates in place.
        grid, hands, deck, collected, to_move, out, unclaimed, offending = snap
        self._grid, self._deck, self._to_move = dict(grid), list(deck), to_move
        self._hands, self._collected = [list(h) for h in hands], [list(c) for c in collected]
        self._out, self._unclaimed = list(out), list(unclaimed)
        self._offending = _copy_or_none(offending)

    def _apply(self, move, exp) -> int:
        seat = self._to_move
        if move.kind == "pass":
            self._out = self.out_after_pass()
            self._advance()
            return 0
        if move.kind != "place":
            self._take(seat, move.cells)
            return exp.points
        hand = self._hands[seat]
        hand.pop(next(i for i, h in enumerate(hand) if CANONICAL[h] == CANONICAL[move.card]))
        self._grid[move.cell] = move.card
        if self._offending is not None and (exp.mismatches or exp.outside):
            self._offending.add(move.cell)  # before _take, which drops cards that leave
        if self.auto_collect or move.claim:
            self._take(seat, sorted({c for run in exp.sets for c in run}))
        else:
            self._unclaimed.extend((frozenset(run), seat) for run in exp.sets)
            self._prune_unclaimed()
        if hand:
            self._advance()
        return exp.points

    def out_after_pass(self) -> list[bool]:
        """``out`` as it would be after the player to move passes: in the end
        phase the passer (with a partner, in the team game) is out."""
        out = list(self._out)
        if not self._deck:
            out[self._to_move] = True
            if self.teams:
                out[self.partner(self._to_move)] = True
        return out

    def _take(self, seat, cells):
        self._collected[seat].extend(self._grid.pop(c) for c in cells)
        if self._offending:
            self._offending.difference_update(cells)
        self._prune_unclaimed()

    def _prune_unclaimed(self):
        if self._unclaimed:
            live = {frozenset(s) for s in all_sets(self._grid)}
            self._unclaimed = [(c, s) for c, s in self._unclaimed if c in live]

    def _advance(self):
        seat = next_seat(self._out, self._to_move)
        if seat is not None:
            self._to_move = seat
            if self._deck:
                self._hands[seat].append(self._deck.pop(0))

    # --- pictures ------------------------------------------------------------

    def is_legal_table(self) -> bool:
        return is_legal_table(self._grid, self.window)

    def __str__(self) -> str:
        return text_board(self)

    def __repr__(self) -> str:
        n = len(self._grid)
        return (f"<smartrix.Game {self.players} players, {n} card{'s' if n != 1 else ''} on the "
                f"table, player {self._to_move + 1} to move{', over' if self.is_over else ''}>")

    def _repr_svg_(self) -> str:
        return self.svg()

    def svg(self, **options) -> str:
        """The position as SVG; options as for :func:`kit.smartrix.draw.draw`."""
        from kit.smartrix.draw import draw
        return draw(self, **options).to_svg()


def next_seat(out, seat):
    """The first seat after ``seat`` round the table (``seat`` itself last) that
    is not ``out``; None when every seat is out."""
    n = len(out)
    return next((s for s in ((seat + k) % n for k in range(1, n + 1)) if not out[s]), None)


def _copy_or_none(cells):
    return None if cells is None else set(cells)


def _facing_text(card, own, other, theirs) -> str:
    """A mismatched pair of boxes in words (one holds a spot, the other is empty)."""
    if card >> own & 1:
        return _("its {own} box (spot) faces the {theirs} box (empty)").format(
            own=_(BOX_NAMES[own]), theirs=_(BOX_NAMES[theirs]))
    return _("its {own} box (empty) faces the {theirs} box (spot)").format(
        own=_(BOX_NAMES[own]), theirs=_(BOX_NAMES[theirs]))
