"""The IOTA strategy lesson's studies: self-play positions, how often a lot
completes, the chance an open three is finished, two-line plays, the wild
card's worth, and the tournament tables computed by ``generate_studies.py`` beside
this module.

Pure (tables are ``kit.lessons.table.Table``). Not covered: the sandbox
(:mod:`kit.lessons.iota.sandbox`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from math import comb
from pathlib import Path
import json
import random

from kit.i18n import N_, format_percent
from kit.iota import Game, GreedyPlayer, PlannerPlayer, movegen, rank_moves
from kit.iota.cards import REAL_CARDS, TEXT, VALUE, WILD
from kit.iota.lines import lines_through
from kit.iota.moves import Play
from kit.lessons.table import Answer, Heading, Table


STUDIES = Path(__file__).resolve().parent.parent / "data" / "iota_studies.json"


#: The headings and labels of iota_studies.json (generate_studies.py writes them),
#: marked for the catalogue: the tables show them through :class:`Heading`.
STUDY_WORDS = (N_("pairing"), N_("player"), N_("games"), N_("wins"), N_("mean score"),
               N_("mean margin"), N_("points per turn"), N_("greedy vs random"),
               N_("planner vs random"), N_("planner vs greedy"), N_("greedy"), N_("random"),
               N_("planner"))
BEST_PLAY, POSITIONS, SHARE, MEAN_POINTS = (Heading(N_("best play")), Heading(N_("positions")),
                                            Heading(N_("share")), Heading(N_("mean points")))
COMPLETES_A_LOT, NO_LOT = Heading(N_("completes a lot")), Heading(N_("no lot"))
FILL, UNSEEN, CHANCE = (Heading(N_("cards that fill it")), Heading(N_("unseen cards")),
                        Heading(N_("chance the next hand holds one")))
NUMBER = Heading(N_("card's number"))
#: Per number of lines (1, 2): the two-line study's column heading.
IN_LINES = {1: Heading(N_("in 1 line: mean points")), 2: Heading(N_("in 2 lines: mean points"))}
DEALS, WITHOUT, WITH_WILD, WORTH, GIVE_OR_TAKE, HELPED = (
    Heading(N_("deals")), Heading(N_("margin without")), Heading(N_("margin with a wild")),
    Heading(N_("a wild is worth")), Heading(N_("give or take")),
    Heading(N_("deals where it helped")))


# ----- lesson 5: the studies ------------------------------------------------------

def self_play_positions(seeds: Iterable[int] = (0, 1), every: int = 2) -> list[Game]:
    """Positions from seeded greedy-vs-planner games (every ``every``-th turn)."""
    out = []
    for seed in seeds:
        game, rng = Game.new(players=2, seed=seed), random.Random(seed)
        players: list[GreedyPlayer | PlannerPlayer] = [GreedyPlayer(), PlannerPlayer()]
        turn = 0
        while not game.is_over:
            if turn % every == 0 and game.deck:
                out.append(game.copy())
            game.play(players[game.to_move].choose(game, rng))
            turn += 1
    return out


def completes_lot(game: Game, play: Play) -> bool:
    table = dict(game.table)
    table.update((cell, card) for card, cell in play.placements)
    return any(len(line) == 4 for __, line in lines_through(table, play.cells))


def lot_study(positions: Iterable[Game]) -> Table:
    """How often the best play of a position completes a lot, and what it scores then."""
    lots: list[int] = []
    other: list[int] = []
    for game in positions:
        ranked = rank_moves(game)
        if not ranked:
            continue
        points, play = ranked[0]
        (lots if completes_lot(game, play) else other).append(points)
    n = len(lots) + len(other)
    rows = Table()
    rows.append({BEST_PLAY: COMPLETES_A_LOT, POSITIONS: len(lots),
                 SHARE: format_percent(len(lots) / n),
                 MEAN_POINTS: round(sum(lots) / max(1, len(lots)), 1)})
    rows.append({BEST_PLAY: NO_LOT, POSITIONS: len(other),
                 SHARE: format_percent(len(other) / n),
                 MEAN_POINTS: round(sum(other) / max(1, len(other)), 1)})
    return rows


def completing_cards(game: Game, cell: tuple[int, int]) -> list[int]:
    """The real cards that would fit at ``cell``, among those the mover has not seen."""
    seen = set(game.table.values()) | set(game.hands[game.to_move])
    return [c for c in REAL_CARDS if c not in seen and movegen.card_fits(game.table, cell, c)]


def unseen_count(game: Game) -> int:
    """Cards the mover cannot see: the deck and the other hands (wilds included)."""
    return len(game.deck) + sum(len(h) for i, h in enumerate(game.hands) if i != game.to_move)


def chance_one_of(k: int, unseen: int, hand: int = 4) -> float:
    """The chance that a hand of ``hand`` unseen cards holds at least one of ``k`` good ones."""
    if hand > unseen:
        hand = unseen
    return 1 - comb(unseen - k, hand) / comb(unseen, hand)


def open_three_risk(game: Game, cell: tuple[int, int]) -> dict[str, Any]:
    """The risk at the open end ``cell`` of a three-card line: cards that fill it (real and
    wild, unseen by the mover) and the chance the next player holds one."""
    real = completing_cards(game, cell)
    wilds = sum(1 for c in game.table.values() if c == WILD) + \
        sum(1 for c in game.hands[game.to_move] if c == WILD)
    k = len(real) + (2 - wilds)
    unseen = unseen_count(game)
    return {FILL: [TEXT[c] for c in real] + ["W"] * (2 - wilds),
            UNSEEN: unseen, CHANCE: round(chance_one_of(k, unseen), 3)}


def open_three_table(game: Game, cell: tuple[int, int]) -> Table:
    """:func:`open_three_risk` as a one-row table for the lesson: the cards in notation, the
    chance in per cent (a dict printed as Python read small and unlike the other studies)."""
    risk = open_three_risk(game, cell)
    return Table([{FILL: " ".join(risk[FILL]), UNSEEN: risk[UNSEEN],
                   CHANCE: format_percent(risk[CHANCE])}])


def two_line_study(positions: Iterable[Game]) -> Table:
    """Single-card plays: mean points when the card makes one line or two, by its number."""
    sums: dict[tuple[int, int], tuple[int, int]] = {}
    for game in positions:
        for move in game.legal_moves():
            if not isinstance(move, Play) or len(move.placements) != 1 or WILD in move.cards:
                continue
            table = dict(game.table)
            table.update((cell, card) for card, cell in move.placements)
            lines = len(lines_through(table, move.cells))
            pts = game.explain(move).points
            key = (VALUE[move.cards[0]], lines)
            total, count = sums.get(key, (0, 0))
            sums[key] = (total + pts, count + 1)
    rows = Table()
    for number in (1, 2, 3, 4):
        row: dict[str, object] = {NUMBER: number}
        for lines in (1, 2):
            total, count = sums.get((number, lines), (0, 0))
            row[IN_LINES[lines]] = round(total / count, 1) if count else "-"
        rows.append(row)
    return rows


def _play_out(game: Game, seed: int) -> Game:
    rng, players = random.Random(seed), [PlannerPlayer(), PlannerPlayer()]
    while not game.is_over:
        game.play(players[game.to_move].choose(game, rng))
    return game


def wild_pair(seed: int) -> tuple[int, ...] | None:
    """Seat 0's final margin over seat 1 without and with a wild swapped into its first
    deal (both games played by planners from the same seed); None if the deal already
    gives seat 0 a wild (or the deck holds none)."""
    game = Game.new(players=2, seed=seed)
    if WILD in game.hands[0] or WILD not in game.deck:
        return None
    d = game.to_dict()
    j = d["deck"].index("W")
    d["deck"][j], d["hands"][0][0] = d["hands"][0][0], "W"
    margins = []
    for start in (game, Game.from_dict(d)):
        end = _play_out(start.copy(), seed)
        margins.append(end.scores[0] - end.scores[1])
    return tuple(margins)


def load_studies(path: Path = STUDIES) -> dict[str, Any]:
    studies: dict[str, Any] = json.loads(Path(path).read_text())
    return studies


def tournament_table(path: Path = STUDIES) -> Table:
    """The precomputed tournament (kit/lessons/iota/generate_studies.py) as a table."""
    rows = Table()
    for row in load_studies(path)["tournament"]:
        wins = row["wins"]   # a tie shares the win, so it may be a fraction
        row = {**row, "wins": int(wins) if wins == int(wins) else round(wins, 1)}
        # The headings, the pairing and the player are shown in the language in effect.
        rows.append({Heading(k): Heading(v) if k in ("pairing", "player") else v
                     for k, v in row.items()})
    return rows


def wild_table(path: Path = STUDIES) -> Table:
    """What a wild in the first hand is worth: the mean change of seat 0's final margin."""
    rows = load_studies(path)["wild"]
    gains = [r["with"] - r["without"] for r in rows]
    n = len(gains)
    mean = sum(gains) / n
    sd = (sum((g - mean) ** 2 for g in gains) / (n - 1)) ** 0.5
    return Table([{DEALS: n, WITHOUT: round(sum(r["without"] for r in rows) / n, 1),
                   WITH_WILD: round(sum(r["with"] for r in rows) / n, 1),
                   WORTH: round(mean, 1),
                   GIVE_OR_TAKE: round(2 * sd / n ** 0.5, 1),
                   HELPED: sum(g > 0 for g in gains)}])


def wild_recheck(deals: int = 1, path: Path = STUDIES) -> Answer:
    """Play the table's first ``deals`` pairs again here: the same margins? (Yes or
    no in the student's words: the lesson prints it.)"""
    rows = load_studies(path)["wild"][:deals]
    return Answer(all(wild_pair(r["seed"]) == (r["without"], r["with"]) for r in rows))
