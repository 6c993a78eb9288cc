"""Who sits at a live board, what each seat is called, and how far Undo goes.

The rules of turns that every game's board shares, as plain functions over
the seats (``"human"`` or a computer player's name) and the game: checking
the seats a board is given, making each computer player with the options it
takes, a seat's label ("Row player (you)", "Seat 2 (greedy)"), the result in
words, and how many moves Undo takes back under an ``undo_policy``.
:class:`kit.ui.game.GameBoard` calls them; no widget is made here.

Not covered: playing the moves (``kit.ui.game``) or showing them (``kit.ui.panel``).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, cast

from kit import contract
from kit.i18n import N_, _, format_list, ngettext

G = TypeVar("G", bound=contract.Game)

HUMAN = "human"

#: The computer players' names as a seat shows them ("Seat 2 (greedy)"): a seat's
#: value stays the English key, its label is translated (:func:`player_name`).
PLAYER_NAMES = (N_("random"), N_("greedy"), N_("planner"), N_("lookahead"), N_("search"),
                N_("cautious"))

#: how far Undo takes back (and Redo replays): GameBoard(..., undo_policy=...)
UNDO_POLICIES = {
    "to_person": N_("back over computer moves to the last person's turn; when two or more "
                    "people share the screen, never back over a card drawn from the hidden deck "
                    "(everyone saw whose it was)"),
    "one_move": N_("back one move, whoever made it, also over drawn cards: one person plays "
                   "every seat (a lesson's exercise board) and has seen every card anyway"),
}

UNDO_OVER_DRAW = N_("Undo refused: that would step back over a card drawn from the "
                    "hidden deck, and everyone here has seen whose it was.")


def check_seats(seats: Sequence[str] | None, n: int, players: Mapping[str, object]) -> list[str]:
    """``seats`` as a list of ``n`` (None: every seat a person); ValueError naming what is wrong."""
    checked = [HUMAN] * n if seats is None else list(seats)
    if len(checked) != n:
        raise ValueError(_("seats names {given} seat(s), but this game has {n}").format(
            given=len(checked), n=n))
    known = [HUMAN, *players]
    for s in checked:
        if s not in known:
            raise ValueError(_("unknown seat {seat}: choose from {choices}").format(
                seat=repr(s), choices=", ".join(map(repr, known))))
    return checked


def check_undo_policy(policy: str, seats: Sequence[str]) -> str:
    if policy not in UNDO_POLICIES:
        raise ValueError(_("unknown undo_policy {policy}: choose from {choices}").format(
            policy=repr(policy), choices=", ".join(map(repr, UNDO_POLICIES))))
    if policy == "one_move" and any(s != HUMAN for s in seats):
        # A computer left to move by a one-move undo would move again at once.
        raise ValueError(_("undo_policy 'one_move' is for a board where a person plays "
                           "every seat; these seats are {seats}").format(seats=list(seats)))
    return policy


def make_player(factory: Callable[..., Any], options: Mapping[str, Any]) -> Any:
    """``factory(**options)`` with only the options it takes (a search budget means
    nothing to a random player), so one dict serves every seat."""
    accepted = inspect.signature(factory).parameters
    return factory(**{k: v for k, v in options.items() if k in accepted})


def seat_label(name: str, seat: int, seats: Sequence[str], mover: int | None) -> str:
    """Seat ``seat`` named ``name``, and who sits there, so no two seats read alike: a
    computer seat by its player ("Seat 2 (greedy)"); the one person at the board
    "(you)"; where several seats are people's (people sharing a screen, or one
    student trying both sides of a lesson's board), "(you)" is whoever is to move
    (``mover``; None when the game is over), and the other people's seats go by
    their names alone ("Row player (you)" / "Column player"), never "(human)" twice."""
    kind = seats[seat]
    if kind != HUMAN:
        # Translators: a seat and the computer player sitting there: "Seat 2 (greedy)"
        return _("{seat} ({player})").format(seat=name, player=player_name(kind))
    if list(seats).count(HUMAN) == 1 or seat == mover:
        return _("{seat} (you)").format(seat=name)
    return name


def player_name(kind: str) -> str:
    """A computer player's name as people read it (the key "greedy" in English)."""
    return _(kind) if kind in PLAYER_NAMES else kind


def points_text(points: object) -> str:
    n = points if isinstance(points, int) else 2
    return ngettext("{n} point", "{n} points", n).format(n=points)


def result_text(scores: Sequence[int], side_name: Callable[[int], str]) -> str:
    """Who won with how much, or the draw, in one sentence."""
    best = max(scores)
    names = [side_name(i) for i, s in enumerate(scores) if s == best]
    if len(names) > 1:
        return _("A draw at {points} ({players}).").format(points=points_text(best),
                                                           players=format_list(names))
    return _("{player} wins with {points}.").format(player=names[0], points=points_text(best))


def undo_steps(game: G, seats: Sequence[str], *, one_person: bool,
               deck_count: Callable[[G], int | None]) -> int | str:
    """How many moves Undo takes back on ``game`` (left unchanged), or why it is refused.

    Back to the last person's turn over computer moves, or one move when
    ``one_person`` plays every seat; with two or more people at the screen,
    never back over a change of ``deck_count`` (a card drawn from the hidden deck).
    """
    g = cast(G, game.copy())   # a game's copy is of its own class
    steps = 0
    shared_screen = list(seats).count(HUMAN) >= 2 and not one_person
    while g.history:
        before = deck_count(g)
        g.undo()
        steps += 1
        if shared_screen and before != deck_count(g):
            return _(UNDO_OVER_DRAW)
        if one_person or seats[g.to_move] == HUMAN:
            return steps
    return _("Nothing of yours to undo.")
