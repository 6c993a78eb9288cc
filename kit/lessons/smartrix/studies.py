"""The Smartrix strategy lesson (6): the chance an opponent holds a card that fits
a gap, the threat and valuation tables, and the players' tournament (precomputed
in ``data/smartrix_tournament.json`` by ``generate_tournament.py`` beside this module,
and re-run small in the lesson).

Pure (tables are ``kit.lessons.table.Table``).
"""

from __future__ import annotations

from math import comb
from pathlib import Path
import json
import random

from kit.lessons.exercise import Verdict
from kit.lessons.smartrix.answers import _cell, player, read_move, read_number
from kit.lessons.smartrix.positions import HERE
from kit.lessons.table import Table
from kit.players import tournament as _tournament
from kit.smartrix import (CANONICAL, CautiousPlayer, Game, GreedyPlayer, RandomPlayer, VALUE,
                          parse_card, rotate, standings_table, threats)
from kit.smartrix.analysis import after_threats


TOURNAMENT_TABLE = HERE / "data" / "smartrix_tournament.json"


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


def threat_table(game: Game, move=None) -> Table:
    """The lines one card short after ``move`` (or now): where, the points waiting,
    how many unseen cards complete it, and the chance the next player holds one."""
    found = after_threats(game, read_move(move)) if move is not None else [
        t for t in threats(game) if t.completions]
    pool = len(game.unseen(game.to_move))
    hand = next_hand_size(game)
    rows = Table()
    for t in found:
        fitting = len({CANONICAL[parse_card(c)] for c in t.completions})
        rows.append({"gap": _cell(t.cell), "cards waiting": sum(len(x) for x in t.lines),
                     "points waiting": t.value, "unseen cards that fit": f"{fitting} of {pool}",
                     "next player holds one": f"{100 * holds_chance(pool, fitting, hand):.0f}%"})
    return rows


def chance_explained(game: Game, move) -> str:
    """How likely the next player holds a card that finishes the line ``move``
    leaves, worked out in words (shown after the counting exercise)."""
    (t,) = after_threats(game, read_move(move))
    pool, hand = len(game.unseen(game.to_move)), next_hand_size(game)
    fitting = len({CANONICAL[parse_card(c)] for c in t.completions})
    chance = 100 * holds_chance(pool, fitting, hand)
    return (f"You cannot see {pool} cards, and {fitting} of them finish the line. The next player "
            f"will hold {hand} of those {pool}. The kit counts every hand of {hand} they could "
            f"hold: {chance:.0f}% of them have at least one of the {fitting} "
            f"(1 - C({pool - fitting},{hand}) / C({pool},{hand}), the hands with none taken "
            f"away). So about {round(chance / 10)} games in 10, the next player collects "
            f"{t.value} points or more there.")


def gap_candidates(game: Game, move, shown: int = 8, seed: int = 6) -> tuple[list[int], list[int]]:
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


def check_gap_count(game: Game, move, answer) -> Verdict:
    """How many of the shown cards finish the line ``move`` leaves one card short?"""
    said = read_number(answer, "how many cards", "2")
    cards, fitting = gap_candidates(game, move)
    if said == len(fitting):
        return Verdict(True, f"{len(fitting)} of these cards fit the gap: "
                             f"{', '.join(LETTERS[i] for i in fitting)}. No other card you "
                             "cannot see fits there.", more=chance_explained(game, move))
    if said > len(cards):
        why = f"Only {len(cards)} cards are shown: count those that fit the gap."
    elif said > len(fitting):
        why = (f"{said} is too many: a card you counted does not match every neighbour of the "
               "gap in any turn. Check each box that faces a neighbour.")
    else:
        why = (f"{said} is too few: a card you skipped fits when it is turned. Try each card "
               "in all four turns.")
    return Verdict(False, why)


def valuation_table(game: Game, rows: int = 6) -> Table:
    """The cautious player's best few moves and the pass: value = points now - risk."""
    ranked = sorted(CautiousPlayer().valuations(game), key=lambda mv: (-mv[1].value, str(mv[0])))
    table = Table()
    shown = ranked[:rows] + [mv for mv in ranked[rows:] if mv[0].kind == "pass"]
    for move, v in shown:
        table.append({"rank": ranked.index((move, v)) + 1, "move": str(move),
                      "points now": v.points, "risk": f"{v.risk:.1f}", "value": f"{v.value:+.1f}"})
    return table


def pass_rank(game: Game) -> int:
    """Where passing comes in the cautious player's ranking (1 = the best move)."""
    ranked = sorted(CautiousPlayer().valuations(game), key=lambda mv: -mv[1].value)
    return 1 + [m.kind for m, _ in ranked].index("pass")


def unseen_note(game: Game) -> str:
    """What the player to move cannot see, in words (people counted from 1)."""
    return (f"{player(game.to_move)} cannot see {len(game.unseen(game.to_move))} cards; "
            f"the next player will hold {next_hand_size(game)} of them.")


def tournament_table(path: Path = TOURNAMENT_TABLE) -> Table:
    """The precomputed tournament (kit/lessons/smartrix/generate_tournament.py), as a table."""
    d = json.loads(Path(path).read_text())
    rows = Table()
    for r in d["rows"]:
        rows.append({"table": r["table"], "games": r["games"],
                     "wins": " / ".join(f"{name} {100 * w:.0f}%"
                                        for name, w in zip(r["players"], r["win_rates"], strict=True)),
                     "mean scores": " / ".join(f"{name} {s:.1f}"
                                               for name, s in zip(r["players"], r["mean_scores"], strict=True))})
    return rows


def live_tournament(games: int = 6, seed: int = 0, **options) -> str:
    """A few seeded games of greedy against random, run now (no progress bar)."""
    return standings_table(_tournament(lambda s: Game.new(2, seed=s, **options),
                                       [GreedyPlayer(), RandomPlayer()], games, seed,
                                       progress=False))
