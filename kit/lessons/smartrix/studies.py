"""The Smartrix strategy lesson (6): the chance an opponent holds a card that fits
a gap, the threat and valuation tables, and the players' tournament (precomputed
in ``data/smartrix_tournament.json`` by ``generate_tournament.py`` beside this module,
and re-run small in the lesson).

Pure (tables are ``kit.lessons.table.Table``).
"""

from __future__ import annotations

from math import comb
from typing import Any
from pathlib import Path
import json
import random

from kit.i18n import N_, _, format_number, format_percent, ngettext
from kit.lessons.exercise import Verdict
from kit.lessons.smartrix.answers import _cell, player, read_move, read_number
from kit.lessons.smartrix.positions import HERE
from kit.lessons.table import Table
from kit.players import tournament as _tournament
from kit.smartrix import (CANONICAL, CautiousPlayer, Game, GreedyPlayer, Move, RandomPlayer, VALUE,
                          parse_card, rotate, standings_table, threats)
from kit.smartrix.analysis import after_threats


TOURNAMENT_TABLE = HERE / "data" / "smartrix_tournament.json"


#: The names the tournament file gives its tables and players (its "table" and
#: "players"), marked for the catalogue: the file keeps them English, the lesson
#: shows them translated.
TOURNAMENT_NAMES = (N_("greedy v random"), N_("cautious v greedy"), N_("cautious v random"),
                    # Translators: the children's variant (no 5 x 5 window)
                    N_("cautious v greedy, children's"))
# Translators: the computer players of Smartrix: plays at random / takes the most
# points now ("greedy": es "glotón", bg "лаком") / also weighs what it leaves the next player
PLAYER_NAMES = (N_("random"), N_("greedy"), N_("cautious"))


def _percent(share: float) -> str:
    """A chance as a whole percentage in the student's language ("45%", es "45 %")."""
    # Rounded as the lessons always printed it (f"{100 * share:.0f}%").
    return format_percent(round(100 * share) / 100)


# ----- lesson 6: strategy -------------------------------------------------------

def holds_chance(pool: int, fitting: int, hand: int) -> float:
    """The chance that a hand of ``hand`` cards, dealt from ``pool`` unseen cards,
    holds at least one of ``fitting`` cards (hypergeometric)."""
    if fitting <= 0 or hand <= 0:
        return 0.0
    hand = min(hand, pool)
    return 1 - comb(pool - fitting, hand) / comb(pool, hand)


def next_hand_size(game: Game) -> int:
    """The cards the next player will hold when they choose (after their draw)."""
    nxt = (game.to_move + 1) % game.players
    return len(game.hand(nxt)) + (1 if game.deck_size else 0)


def threat_table(game: Game, move: Move | str | None = None) -> Table:
    """The lines one card short after ``move`` (or now): where, the points waiting,
    how many unseen cards complete it, and the chance the next player holds one."""
    found = after_threats(game, read_move(move)) if move is not None else [
        t for t in threats(game) if t.completions]
    pool = len(game.unseen(game.to_move))
    hand = next_hand_size(game)
    rows = Table()
    for t in found:
        fitting = len({CANONICAL[parse_card(c)] for c in t.completions})
        # The keys are the table's headings, in the student's language.
        rows.append({_("gap"): _cell(t.cell), _("cards waiting"): sum(len(x) for x in t.lines),
                     _("points waiting"): t.value,
                     _("unseen cards that fit"): _("{n} of {total}").format(n=fitting, total=pool),
                     _("next player holds one"): _percent(holds_chance(pool, fitting, hand))})
    return rows


def chance_explained(game: Game, move: Move | str) -> str:
    """How likely the next player holds a card that finishes the line ``move``
    leaves, worked out in words (shown after the counting exercise)."""
    (t,) = after_threats(game, read_move(move))
    pool, hand = len(game.unseen(game.to_move)), next_hand_size(game)
    fitting = len({CANONICAL[parse_card(c)] for c in t.completions})
    chance = 100 * holds_chance(pool, fitting, hand)
    # Words, not a formula: "1 - C(39,5) / C(41,5)" said nothing to a 12-year-old (issue 30).
    # Translators: {games} of 10 games
    return _("You cannot see {pool} cards, and {fitting} of them finish the line. The next player "
             "will hold {hand} of those {pool}. The kit counts every hand of {hand} they could "
             "hold: {percent} of them have at least one of the {fitting}. So about {games} games "
             "in 10, the next player collects {points} points or more there.").format(
        pool=pool, fitting=fitting, hand=hand, percent=_percent(holds_chance(pool, fitting, hand)),
        games=round(chance / 10), points=t.value)


def gap_candidates(game: Game, move: Move | str, shown: int = 8, seed: int = 6) -> tuple[list[int], list[int]]:
    """``(cards, fitting)``: ``shown`` cards the mover cannot see, each drawn in one
    turn, that the counting exercise shows beside the gap ``move`` leaves, and which
    of them (indices) finish the line there. Every unseen card that fits is among
    them, turned the way it fits; the others fit in no turn."""
    (t,) = after_threats(game, read_move(move))
    fit: dict[int, int] = {}
    for text in t.completions:
        fit.setdefault(CANONICAL[parse_card(text)], parse_card(text))
    others = [c for c in game.unseen(game.to_move) if c not in fit]
    rng = random.Random(seed)
    # Cards that look like the ones that fit (as many spots), so counting is looking.
    near = sorted(others, key=lambda c: (min(abs(VALUE[c] - VALUE[f]) for f in fit), c))
    pick = near[:max(0, shown - len(fit))]
    cards = list(fit.values()) + [rotate(c, rng.randrange(4)) for c in pick]
    rng.shuffle(cards)
    fitting = [i for i, c in enumerate(cards) if CANONICAL[c] in fit]
    return cards, fitting


LETTERS = "ABCDEFGHIJ"


def check_gap_count(game: Game, move: Move | str, answer: object) -> Verdict:
    """How many of the shown cards finish the line ``move`` leaves one card short?"""
    said = read_number(answer, "how many cards", "2")
    cards, fitting = gap_candidates(game, move)
    if said == len(fitting):
        return Verdict(True, _("{n} of these cards fit the gap: {letters}. No other card you "
                               "cannot see fits there.")
                       .format(n=len(fitting), letters=", ".join(LETTERS[i] for i in fitting)),
                       more=chance_explained(game, move))
    if said > len(cards):
        why = ngettext("Only {n} card is shown: count those that fit the gap.",
                       "Only {n} cards are shown: count those that fit the gap.", len(cards))
    elif said > len(fitting):
        why = _("{said} is too many: a card you counted does not match every neighbour of the "
                "gap in any turn. Check each box that faces a neighbour.")
    else:
        why = _("{said} is too few: a card you skipped fits when it is turned. Try each card "
                "in all four turns.")
    return Verdict(False, why.format(n=len(cards), said=said))


def valuation_table(game: Game, rows: int = 6) -> Table:
    """The cautious player's best few moves and the pass: value = points now - risk."""
    ranked = sorted(CautiousPlayer().valuations(game), key=lambda mv: (-mv[1].value, str(mv[0])))
    table = Table()
    shown = ranked[:rows] + [mv for mv in ranked[rows:] if mv[0].kind == "pass"]
    for move, v in shown:
        # The keys are the table's headings, in the student's language; the move is notation.
        table.append({_("rank"): ranked.index((move, v)) + 1, _("move"): str(move),
                      _("points now"): v.points, _("risk"): format_number(v.risk, 1),
                      _("value"): f"{v.value:+.1f}"[0] + format_number(abs(v.value), 1)})
    return table


def pass_rank(game: Game) -> int:
    """Where passing comes in the cautious player's ranking (1 = the best move)."""
    ranked = sorted(CautiousPlayer().valuations(game), key=lambda mv: -mv[1].value)
    return 1 + [m.kind for m, _v in ranked].index("pass")


def unseen_note(game: Game) -> str:
    """What the player to move cannot see, in words (people counted from 1)."""
    return _("{player} cannot see {n} cards; the next player will hold {hand} of them.").format(
        player=player(game.to_move), n=len(game.unseen(game.to_move)), hand=next_hand_size(game))


def tournament_table(path: Path = TOURNAMENT_TABLE) -> Table:
    """The precomputed tournament (kit/lessons/smartrix/generate_tournament.py), as a table."""
    d = json.loads(Path(path).read_text())
    rows = Table()
    for r in d["rows"]:
        # The file's names translated (TOURNAMENT_NAMES, PLAYER_NAMES); the keys are the
        # table's headings, in the student's language.
        names = [_(name) if name in PLAYER_NAMES else name for name in r["players"]]
        rows.append({_("table"): _(r["table"]) if r["table"] in TOURNAMENT_NAMES else r["table"],
                     _("games"): r["games"],
                     _("wins"): " / ".join(f"{name} {_percent(w)}"
                                           for name, w in zip(names, r["win_rates"], strict=True)),
                     _("mean scores"): " / ".join(
                         f"{name} {format_number(s, 1)}"
                         for name, s in zip(names, r["mean_scores"], strict=True))})
    return rows


def live_tournament(games: int = 6, seed: int = 0, **options: Any) -> str:
    """A few seeded games of greedy against random, run now (no progress bar)."""
    return standings_table(_tournament(lambda s: Game.new(2, seed=s, **options),
                                       [GreedyPlayer(), RandomPlayer()], games, seed,
                                       progress=False))
