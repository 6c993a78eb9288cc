"""Greedy's choice against the look-ahead's, on one position, for the strategy
lessons (issue 33).

A :class:`Comparison` holds the two moves, each with its points this turn, the
final margin the look-ahead expects after it (the mover's score less the best
other score a few turns later, averaged over its guesses of the hidden cards,
± how much they disagree, over how many) and what the next player scores
right after it, on average. A lesson cell shows it as the two pictures side by
side above a small table, and :meth:`Comparison.why` says the difference in
plain words; every number comes from the cell that made it, never typed in.
The plain text (nbval, a terminal) is the table.

Names no game: each course's ``kit/lessons/<game>/lookahead.py`` plays the
moves and draws them, then fills a :class:`Comparison`.
"""

from __future__ import annotations

import html
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from kit.i18n import N_, _, format_number
from kit.lessons.table import Heading, Table
from kit.notation import shown
from kit.scene import svg_img

__all__ = ["AHEAD", "GREEDY", "Choice", "Comparison", "greedy_turns", "mean_replies"]

Sample = TypeVar("Sample")


class _Playable(Protocol):
    @property
    def is_over(self) -> bool: ...

    def play(self, move: Any) -> Any: ...


Playable = TypeVar("Playable", bound=_Playable)

#: The two players compared (the keys a lesson reads; shown translated).
#: (the names of the kit's computer players, as the seats and tournaments say them;
#: Mattix's exact rival is its "search" player, named where it is made).
GREEDY, AHEAD = N_("greedy"), N_("lookahead")


@dataclass(frozen=True)
class Choice:
    """One player's move here: ``points`` this turn, the expected final ``margin``
    (± ``spread`` over ``n`` playouts), the next player's mean ``reply`` points
    after it and the mover's own mean points on its ``next_turn``, and its
    picture (``svg``)."""

    who: str
    move: Any
    points: int
    margin: float
    spread: float
    n: int
    reply: float
    next_turn: float
    svg: str


def greedy_turns(game: Playable, choose: Callable[[Playable, random.Random], Any],
                 seed: int, turns: int) -> Playable:
    """``game`` (a new deal ``seed``) after ``turns`` moves by ``choose`` (a greedy
    player's), seeded by ``seed``: a lesson's position. ValueError if it ends first."""
    rng = random.Random(seed)
    for _turn in range(turns):
        if game.is_over:
            raise ValueError(f"deal {seed} is over before {turns} greedy turns")
        game.play(choose(game, rng))
    return game


def mean_replies(sample: Callable[[random.Random], Sample],
                 after: Callable[[Sample, random.Random], tuple[int, int]],
                 samples: int, seed: int) -> tuple[float, float]:
    """(what the next player scores, what the mover scores on its next turn), on
    average: ``after(guess, rng)`` over ``samples`` guesses of the hidden cards
    (``sample(rng)``), seeded by ``seed``, so two moves measured with the same
    seed meet the same guesses."""
    if samples < 1:
        raise ValueError(f"mean_replies needs at least one sample, not {samples}")
    rng = random.Random(seed)
    pairs = [after(sample(rng), rng) for _ in range(samples)]
    return statistics.fmean(p[0] for p in pairs), statistics.fmean(p[1] for p in pairs)


#: What :meth:`Comparison.why` says, against a look-ahead over guesses of hidden cards.
GUESS_WORDS = {
    "now": N_("Greedy's move scores {g} points now, the look-ahead's {a}."),
    "reply": N_("But after greedy's move the next player scores about {g}, after the "
                "look-ahead's only about {a}: greedy's move leaves them more to take."),
    "keep": N_("And after the look-ahead's move your own next turn scores about {a}, against "
               "{g} after greedy's: it keeps something good for you."),
    "end": N_("The look-ahead plays each move on {n} guesses of the cards it cannot see, lets "
              "everyone carry on greedily, and counts how far ahead (or behind) you end up: "
              "about {g} after greedy's move, {a} after its own. Points now are not everything: "
              "what you leave for the others, and keep for yourself, counts too."),
}
#: ... and against an exact search to the end of the game (nothing hidden).
EXACT_WORDS = {
    "now": N_("Greedy's take is worth {g} points now, the search's {a}."),
    "reply": N_("But after greedy's take the other player's best reply is worth {g}, after the "
                "search's only {a}: greedy's take leaves them more to take."),
    "keep": N_("And after the search's take your own next take is worth {a}, against {g} after "
               "greedy's: it keeps something good for you."),
    "end": N_("The search looks all the way to the end of the game, both players playing their "
              "best, and counts how far ahead (or behind) you end up: {g} after greedy's take, "
              "{a} after its own. Points now are not everything: what you leave for the other "
              "player, and keep for yourself, counts too."),
}


@dataclass(frozen=True)
class Comparison:
    """Greedy's :class:`Choice` and the look-ahead's on one position; ``playouts``
    is the look-ahead's budget (all its candidates together), ``samples`` the
    guesses the replies were measured on."""

    greedy: Choice
    ahead: Choice
    playouts: int
    samples: int

    @property
    def exact(self) -> bool:
        """Is the rival an exact search (no guesses, n = 0), not a look-ahead over guesses?"""
        return min(self.greedy.n, self.ahead.n) == 0

    @property
    def differ(self) -> bool:
        return str(self.greedy.move) != str(self.ahead.move)

    def table(self) -> Table:
        """A row per player: the move, its points now, the next player's points right
        after it and the mover's on its next turn (means over the guesses where
        cards are hidden), the expected final margin."""
        rows = Table()
        for c in (self.greedy, self.ahead):
            rows.append({Heading(N_("player")): _(c.who),
                         Heading(N_("move")): shown(str(c.move)),
                         Heading(N_("points this turn")): c.points,
                         Heading(N_("next player's reply")): _rounded(c.reply),
                         Heading(N_("your next turn")): _rounded(c.next_turn),
                         Heading(N_("expected final margin")): _margin_text(c)})
        return rows

    def why(self) -> str:
        """The difference in words a 12-year-old follows, with this position's numbers."""
        g, a = self.greedy, self.ahead
        if not self.differ:
            return _("Here both players choose the same move, {move}.").format(move=shown(str(g.move)))
        # Where nothing is hidden (Mattix) the rival is an exact search, named so.
        words = EXACT_WORDS if self.exact else GUESS_WORDS
        said = [_(words["now"]).format(g=g.points, a=a.points)]
        if g.reply > a.reply:
            said.append(_(words["reply"]).format(g=_number(g.reply), a=_number(a.reply)))
        if a.next_turn > g.next_turn:
            said.append(_(words["keep"]).format(a=_number(a.next_turn), g=_number(g.next_turn)))
        said.append(_(words["end"]).format(n=min(g.n, a.n), g=_signed(g.margin),
                                          a=_signed(a.margin)))
        return " ".join(said)

    def _repr_html_(self) -> str:
        cells = "".join(
            f'<figure style="margin: 0 12px 0 0; flex: 1 1 0; min-width: 0">'
            f'{_scaled(svg_img(c.svg))}<figcaption style="font-size: 16px">'
            f"<b>{html.escape(_(c.who))}</b>: {html.escape(shown(str(c.move)))}</figcaption></figure>"
            for c in (self.greedy, self.ahead))
        return (f'<div style="display: flex; flex-flow: row nowrap; align-items: flex-start">'
                f"{cells}</div>{self.table()._repr_html_()}")

    def __repr__(self) -> str:
        return repr(self.table())


def _scaled(img: str) -> str:
    """An ``<img>`` that shrinks to its half of the row (two must fit 1366 px)."""
    return img.replace("<img ", '<img style="max-width: 100%; height: auto" ', 1)


def _rounded(x: float) -> float:
    return x if isinstance(x, int) else round(x, 1)


def _number(x: float) -> str:
    # An exact value (Mattix: whole tiles) without a decimal; a mean with one.
    return format_number(x, 0) if isinstance(x, int) else format_number(round(x, 1), 1)


def _signed(x: float) -> str:
    text = _number(abs(x))
    return f"+{text}" if x >= 0 else f"−{text}"


def _margin_text(c: Choice) -> str:
    if c.n == 0:        # exact (a search to the end): nothing to spread
        return _signed(c.margin)
    # Translators: an expected final margin ± its spread over n playouts, e.g. "+12.5 ± 9.8 (40)"
    return _("{mean} ± {spread} ({n})").format(mean=_signed(c.margin), spread=_number(c.spread), n=c.n)
