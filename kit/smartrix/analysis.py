"""Smartrix analysis: every move ranked by the cautious player's value.

``analysis(game)`` returns :class:`kit.analysis.AnalysisRows` of ``(move,
Valuation)``, best first, for the panel beside a live board, a script or a
grader; ``after_threats(game, move)`` lists what a move leaves the next player
(the lines one card short), which a board's preview draws; ``cautious_hints``
and ``in_words`` say the best rows as a pupil reads them (a board's Hint).
Standard library only.

Not covered: the values themselves (``ai.CautiousPlayer.valuations``), the
panel (``kit.ui.analysis``).
"""

from __future__ import annotations

import threading

from kit.analysis import AnalysisRows, Expected, Progress, tell
from kit.i18n import N_, _, format_number, ngettext
from kit.smartrix.ai import CautiousPlayer, Threat, Valuation, threats
from kit.smartrix.cards import TEXT, VALUE
from kit.smartrix.moves import Move
from kit.smartrix.rules import Game
from kit.smartrix.table import cards_value

NOTE = N_("Value = points now − risk, the best set the next player may expect to complete "
        "on the table the move leaves (the cautious player's sum). A clicked row shows its "
        "card in place, its points and risk, and in orange the lines it leaves one card "
        "short.")
LOOKAHEAD_NOTE = N_("The look-ahead's moves, best first: for each, the margin it expects two "
                    "rounds of play later (your side's score less the best other side's), "
                    "averaged over guesses of the cards you cannot see, ± how much the guesses "
                    "disagree, over how many of them, and the points it scores now.")
TAKES_NOTE = N_("Claims and challenges come first: they do not use up the turn.")


def analysis(game: Game, *, progress: Progress | None = None, stop: threading.Event | None = None,
             lookahead: bool = False, seed: int = 0, playouts: int = 120) -> AnalysisRows:
    """Every move ranked by the cautious player's value, best first.

    With ``lookahead=True``: the look-ahead player's candidates
    (:class:`kit.smartrix.lookahead.LookaheadPlayer`) ranked by the margin
    expected, each valued by an :class:`kit.analysis.Expected` (mean, spread,
    playouts, points now), after the claims and challenges on offer; seeded by
    ``seed``, ``playouts`` in all.

    Rows are ``(move, Valuation)``: ``str`` of a valuation is its value
    ("+3.2"), ``explain()`` says it in full ("value +3.2 = 5 now - 1.8 risk").
    Ties: the heavier card first (shedding it is worth something), then the
    move's text. On the free table the claims and
    challenges on offer come first, valued at their points. ``progress`` and
    ``stop`` as in ``kit.analysis``: stopped early, the moves valued so
    far come back marked partial.
    """
    if game.is_over:
        return AnalysisRows(note=_("The game is over: there is no move to rank."))
    takes: list[tuple[Move, Valuation]] = [] if game.auto_collect else [
        (m, Valuation(cards_value(game.table, m.cells), 0.0)) for m in game.takes()]
    takes.sort(key=lambda mv: (-mv[1].points, str(mv[0])))
    if lookahead:
        return _lookahead_rows(game, takes, progress, stop, seed, playouts)
    valued = CautiousPlayer().valuations(game, progress=progress, stop=stop)
    valued.sort(key=lambda mv: (-round(mv[1].value, 9),
                                -(VALUE[mv[0].card] if mv[0].card is not None else 0),
                                str(mv[0])))
    partial = stop is not None and stop.is_set()
    return AnalysisRows(takes + valued, note=_(NOTE), remarks=[_(TAKES_NOTE)] if takes else [],
                        partial=partial)


def _lookahead_rows(game: Game, takes: list[tuple[Move, Valuation]], progress: Progress | None,
                    stop: threading.Event | None, seed: int, playouts: int) -> AnalysisRows:
    import random

    from kit.smartrix.ai import honest_placements
    from kit.smartrix.lookahead import LookaheadPlayer
    player = LookaheadPlayer(playouts=playouts, max_seconds=None)
    points = {m: pts for m, pts, _ in honest_placements(game)}
    est = player.estimates(game.copy(), random.Random(seed),
                           progress=lambda done, total: tell(progress, done, total), stop=stop)
    est.sort(key=lambda e: (-e[1], -(VALUE[e[0].card] if e[0].card is not None else 0), e[4]))
    rows = [(m, Expected(mean if n else 0.0, spread, n, points.get(m, 0)))
            for m, mean, spread, n, _ in est]
    partial = stop is not None and stop.is_set()
    return AnalysisRows(takes + rows, note=_(LOOKAHEAD_NOTE),
                        remarks=[_(TAKES_NOTE)] if takes else [], partial=partial)


def after_threats(game: Game, move: Move | str) -> list[Threat]:
    """The threats the next player faces once ``move`` is played (cells one card short),
    from the cards the mover cannot see: what the move's risk is made of."""
    pool = [TEXT[c] for c in game.unseen(game.to_move)]
    after = game.copy()
    after.play(move)
    return [t for t in threats(after, pool) if t.completions]


def cautious_hints(game: Game, rows: int = 3) -> list[tuple[Move, str]]:
    """[(move, label)], best first: the first rows of :func:`analysis`, the
    cautious player's value of each move (points now minus the risk: what the
    next player may expect to collect after it), said in words (:func:`in_words`);
    in free-table mode a claim or challenge on offer comes first."""
    return [(move, in_words(v)) for move, v in analysis(game)[:rows]]


def in_words(value: Valuation) -> str:
    """A :class:`kit.smartrix.ai.Valuation` as a pupil reads it: "5 points now;
    the next player could then collect about 1.8" (``value.explain()`` is the sum)."""
    now = _("no points now") if value.points == 0 else ngettext(
        "{n} point now", "{n} points now", value.points).format(n=value.points)
    if f"{abs(value.risk):.1f}" == "0.0":
        return _("{now}; nothing left for the next player").format(now=now)
    about = format_number(abs(value.risk), 1)
    if value.risk < 0:   # the next player is a partner: their set is the team's
        return _("{now}; your partner could then collect about {about}").format(
            now=now, about=about)
    return _("{now}; the next player could then collect about {about}").format(
        now=now, about=about)
