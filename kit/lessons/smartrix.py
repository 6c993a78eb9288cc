"""The Smartrix course's checks, positions, puzzles and studies (notebooks/smartrix/).

Each exercise check is a pure function of the engine (``kit.smartrix``): it
takes the position and the student's answer (typed text, or a move made on a
live board) and returns a :class:`kit.lessons.exercise.Verdict` saying right
or wrong and why, in the engine's words (``Game.explain``). Text that cannot
be read raises ``kit.InvalidMoveText`` (a ``ValueError``), which the exercise
widget shows as it is. The lesson positions and the puzzles are data
(``puzzles/smartrix.json``, written by ``benchmarks/find_smartrix_puzzles.py``);
the tournament of lesson 6 is precomputed (``data/smartrix_tournament.json``,
by ``benchmarks/smartrix_tournament.py``) and re-run small in the lesson.

Not covered: the rules, players and boards themselves (``kit.smartrix``), the
exercise widget (``kit.lessons.exercise``).
"""

from __future__ import annotations

import html
import json
import random
import re
import dataclasses
from dataclasses import dataclass
from math import comb
from pathlib import Path

import ipywidgets as widgets

from kit.errors import InvalidMoveText
from kit.lessons.puzzle import Puzzle as PuzzleBase
from kit.lessons import exercise as _exercise
from kit.lessons.exercise import Catalogue, Exercise, Verdict, exercise_board
from kit.lessons.table import Table
from kit.players import tournament as _tournament
from kit.scene import Scene, svg_img
from kit.smartrix import (CANONICAL, DECK, VALUE, Board, CautiousPlayer, Game, GreedyPlayer,
                          Move, RandomPlayer, card_text, parse_card, rotate, standings_table,
                          threats)
from kit.smartrix.cards import BOX_NAMES, FACING
from kit.scene import INK, PAPER
from kit.smartrix.draw import BOX_GRID, EMPTY_BOX, SPOT, draw_card
from kit.smartrix.explore import after_threats
from kit.smartrix.table import candidate_cells, is_legal_table
from kit.lessons.sandbox import Sandbox as SandboxFrame


class Progress(_exercise.Progress):
    """A lesson's progress in the Smartrix course, kept per student (kit.lessons.record)."""

    COURSE = "smartrix"


HERE = Path(__file__).resolve().parent
PUZZLES = HERE / "puzzles" / "smartrix.json"
TOURNAMENT_TABLE = HERE / "data" / "smartrix_tournament.json"
GOALS = ("collect", "safe", "only")
SIDES = {name for _, name, pairs in FACING if len(pairs) == 3}


# ----- reading answers ------------------------------------------------------

def read_card(answer) -> int:
    """A card int from its 8-digit text; InvalidMoveText naming the problem."""
    text = str(answer).strip() if answer is not None else ""
    if not text:
        raise InvalidMoveText("type the card as 8 digits 0/1, e.g. 10100000")
    try:
        return parse_card(text)
    except ValueError:
        raise InvalidMoveText(f"{text!r} is not a card: type 8 digits, each 0 (empty) or "
                              "1 (spot), clockwise from the top-left box, e.g. 10100000") from None


def read_move(answer) -> Move:
    """A Move from text like ``10100000@0,1`` or ``pass``, or a Move."""
    if isinstance(answer, Move):
        return answer
    if not isinstance(answer, str) or not answer.strip():
        raise InvalidMoveText("type a move as card@row,column, e.g. 10100000@0,1")
    return Move.parse(answer.strip())


def read_cells(answer) -> set:
    """Cells from text like ``0,1 -1,2`` (spaces or ``;`` between cells)."""
    if not isinstance(answer, str) or not answer.strip():
        raise InvalidMoveText("type cells as row,column pairs, e.g. 0,1 -1,2")
    cells = set()
    for part in re.split(r"[;\s]+", answer.replace(", ", ",").strip()):
        m = re.fullmatch(r"\(?(-?\d+),(-?\d+)\)?", part)
        if not m:
            raise InvalidMoveText(f"{part!r} is not a cell: type row,column, e.g. 0,1 or -1,2")
        cells.add((int(m.group(1)), int(m.group(2))))
    return cells


def read_number(answer, what: str, example: str = "12") -> int:
    text = str(answer).strip()
    if not re.fullmatch(r"[+-]?\d+", text):
        raise InvalidMoveText(f"type {what} as a whole number, e.g. {example}; got {text!r}")
    return int(text)


def _cell(cell) -> str:
    return f"{cell[0]},{cell[1]}"


def _cells(cells) -> str:
    return " ".join(_cell(c) for c in sorted(cells))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ----- pictures of cards ------------------------------------------------------

#: The widest picture a lesson shows, in pixels: JupyterLab at 1366 x 768 with the
#: file browser open leaves an output area about 800 px wide; wider pictures are
#: scaled down to this (their viewBox keeps the drawing whole).
MAX_WIDTH = 720


def fit_width(svg: str, width: int = MAX_WIDTH) -> str:
    """``svg`` scaled down (never up) to at most ``width`` pixels wide."""
    m = re.match(r'(<svg[^>]*?) width="([\d.]+)" height="([\d.]+)"', svg)
    if not m or float(m.group(2)) <= width:
        return svg
    w, h = float(m.group(2)), float(m.group(3))
    return (f'{m.group(1)} width="{width}" height="{h * width / w:.0f}"'
            + svg[m.end():])


def retitle(svg: str, title: str) -> str:
    """``svg`` with its ``<title>`` (the picture's words for a screen reader and
    the saved notebook) replaced: a drawn move's title spells out what it
    scores, which may be the question asked next."""
    return re.sub(r"<title>.*?</title>", f"<title>{html.escape(title)}</title>", svg, count=1,
                  flags=re.S)


def plain_card(scene, card: int, x, y, size) -> None:
    """One card without its value written in the middle (for "what is it worth?")."""
    scene.rect(x, y, size, size, fill=PAPER, stroke=INK, stroke_width=2.0, radius=size * 0.07)
    step = size / 3
    for box, (br, bc) in enumerate(BOX_GRID):
        cx, cy = x + (bc + 0.5) * step, y + (br + 0.5) * step
        if card >> box & 1:
            scene.circle(cx, cy, step * 0.32, fill=SPOT)
        else:
            scene.circle(cx, cy, step * 0.3, stroke=EMPTY_BOX, stroke_width=1.5)


def cards_svg(cards, *, size: int = 90, per_row: int = 10, labels=None,
              values: bool = True) -> str:
    """Cards (ints or texts) in rows, each with an optional label under it;
    ``values=False`` leaves the number out of each card's middle."""
    cards = [parse_card(c) if isinstance(c, str) else c for c in cards]
    gap, label_h = size // 6, (26 if labels else 0)
    rows = (len(cards) + per_row - 1) // per_row
    width = min(len(cards), per_row) * (size + gap) + gap
    scene = Scene(width, rows * (size + gap + label_h) + gap, title="Smartrix cards")
    for i, card in enumerate(cards):
        x = gap + (i % per_row) * (size + gap)
        y = gap + (i // per_row) * (size + gap + label_h)
        (draw_card if values else plain_card)(scene, card, x, y, size)
        if labels:
            scene.text(x + size / 2, y + size + label_h / 2 + 2, str(labels[i]), size=16)
    return fit_width(scene.to_svg())


class Picture:
    """An SVG string shown as a picture in a notebook (and saved with it), never
    wider than :data:`MAX_WIDTH`."""

    def __init__(self, svg: str):
        self.svg = fit_width(svg)

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return "(a Smartrix picture)"


def show(game: Game, *, title: str | None = None, **options) -> Picture:
    """The position as a picture, with ``draw``'s highlights (``move=``, ``legal_for=`` ...).
    A drawn move's title (which spells out what it scores) becomes ``title``, or
    the plain position's."""
    svg = game.svg(**options)
    if options.get("move") is not None or title is not None:
        plain = re.search(r"<title>(.*?)</title>", game.svg(), re.S)
        svg = retitle(svg, title or html.unescape(plain.group(1) if plain else "Smartrix table"))
    return Picture(svg)


class HTMLPicture:
    """HTML shown in a notebook and saved with it (the notation key)."""

    def __init__(self, html_: str):
        self.html = html_

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return "(a Smartrix page)"


def card_picture(*cards, size: int = 120, labels=None) -> Picture:
    return Picture(cards_svg(cards, size=size, per_row=8, labels=labels))


def deck_picture(size: int = 52) -> Picture:
    """The 70 cards sorted by value (0 spots first, 8 last), 14 to a row: every
    pattern up to turning. The rows are not one per value (20 cards have 4 spots)."""
    cards = sorted(DECK, key=lambda c: (VALUE[c], c))
    return Picture(cards_svg(cards, size=size, per_row=14))


def deck_counts() -> dict:
    """How many cards have each value (0..8), and the deck's total points."""
    counts = {v: sum(VALUE[c] == v for c in DECK) for v in range(9)}
    return {"cards": len(DECK), "by value": counts, "points": sum(VALUE[c] for c in DECK)}


def player(seat: int) -> str:
    """A seat as the lessons name it: people count from 1 (seat 0 is Player 1)."""
    return f"Player {seat + 1}"


# ----- lesson 1: cards, turning, one neighbour ----------------------------------

def check_value(card, answer) -> Verdict:
    """The value of ``card``: its number of spots. A wrong try is told what it
    counted (the boxes, the empty rings, too few, too many), never the value."""
    card = parse_card(card) if isinstance(card, str) else card
    said = read_number(answer, "the value", "3")
    spots = VALUE[card]
    if said == spots:
        names = [BOX_NAMES[b] for b in range(8) if card >> b & 1]
        return Verdict(True, f"{card_text(card)} has {_plural(spots, 'spot')}: its value is "
                             f"{spots}.", more=f"The spots: {', '.join(names)}." if names else "")
    if not 0 <= said <= 8:
        why = f"{said} cannot be a value: a card has 8 boxes, so its value is 0 to 8."
    elif said == 8:
        why = ("8 is the number of boxes, spots and empty rings together. Count only the "
               "filled circles.")
    elif said == 8 - spots:
        why = (f"{said} is the number of empty rings. The value counts the other boxes: "
               "the filled circles.")
    elif said < spots:
        why = f"{said} is too few: you missed a spot. Go round the ring once more from the top-left."
    else:
        why = (f"{said} is too many: you counted an empty ring as a spot. Only the filled "
               "circles count.")
    return Verdict(False, why)


def _ring_shift(card: int, k: int) -> int:
    """``card`` with its 8 digits moved ``k`` places to the right (round the ring)."""
    k %= 8
    return ((card << k) | (card >> (8 - k))) & 0xFF if k else card


def check_rotation(card, answer) -> Verdict:
    """``card`` turned a quarter turn clockwise, typed as 8 digits. A wrong try is
    told what it is (the card unturned, turned the other way or twice, moved one
    place, or another card), never the right digits."""
    card = parse_card(card) if isinstance(card, str) else card
    said, turned = read_card(answer), rotate(card)
    if said == turned:
        return Verdict(True, f"{card_text(card)} turned a quarter clockwise is {card_text(turned)}.",
                       more="Every digit moved two places to the right, and the last two "
                            "came round to the front: a quarter turn moves each box two places "
                            "round the ring.")
    text = card_text(said)
    if said == card:
        why = f"{text} is the card as it is, not turned. Turn it a quarter clockwise."
    elif said == rotate(card, 3):
        why = (f"{text} is the card turned a quarter the other way (anticlockwise): the digits "
               "moved two places to the left. Clockwise moves them to the right.")
    elif said == rotate(card, 2):
        why = (f"{text} is the card turned two quarters (upside down): the digits moved four "
               "places. A quarter turn moves them two.")
    elif said in (_ring_shift(card, 1), _ring_shift(card, -1)):
        why = (f"In {text} every digit moved one place only: a quarter turn moves each box two "
               "places (a corner to the next corner).")
    elif VALUE[said] != VALUE[card]:
        why = (f"{text} has {_plural(VALUE[said], 'spot')}, the card has {VALUE[card]}: "
               "turning never adds or takes away a spot.")
    else:
        why = (f"{text} has the right number of spots, but not in the card's pattern: move all "
               "8 digits together, keeping their order.")
    return Verdict(False, why)


def touching(game: Game, cell) -> list:
    """``(neighbour cell, "side"/"corner", boxes facing)`` for each card ``cell`` touches."""
    out = []
    for (dr, dc), name, pairs in FACING:
        n = (cell[0] + dr, cell[1] + dc)
        if n in game.grid:
            out.append((n, name, len(pairs)))
    return out


def refused(game: Game, move) -> Verdict:
    """A refused placement, in one sentence: what is wrong with it (the kit's
    whole explanation folds under "Why?")."""
    exp = game.explain(move)
    reasons = why_not(game, move)
    if "touch" in reasons:
        why = "That cell touches no card: a new card must touch a card on the table."
    elif "side" in reasons:
        why = ("That card does not match a side neighbour: the ringed boxes face a box of "
               "the other kind.")
    elif "corner" in reasons:
        why = ("That card does not match a corner neighbour: the ringed corner boxes "
               "differ.")
    elif "window" in reasons:
        why = "That cell is outside the 5 x 5 window (the dashed frame)."
    else:
        why = "The rules refuse that move."
    return Verdict(False, why, more=str(exp).capitalize() + ".")


def check_placement(game: Game, answer) -> Verdict:
    """Is ``answer`` (a move) a legal placement here? The engine says why."""
    move = read_move(answer)
    if move.kind != "place":
        return Verdict(False, "Place a card: pick it in the hand, turn it, click a cell.")
    exp = game.explain(move)
    if not exp.legal:
        return refused(game, move)
    meets = "; ".join(f"at its {name} it meets the card at {_cell(n)}: "
                      f"{_plural(k, 'pair')} of facing boxes, {'all ' if k > 1 else ''}matching"
                      for n, name, k in touching(game, move.cell))
    return Verdict(True, f"{move.card_text} fits at {_cell(move.cell)}: every facing box matches.",
                   more=f"{str(exp).capitalize()}. {meets[0].upper() + meets[1:]}.")


def short_game(seed: int = 0, pile: int = 6) -> Game:
    """A children's game (no window) for two, played by two greedy players until
    ``pile`` cards are left to draw: a whole game's ending in a few minutes. With
    seed 0 both players have collected 70 points and the table is 11 x 11 cells."""
    game, rng = Game.new(2, seed=seed, window=None), random.Random(seed)
    player_ = GreedyPlayer()
    while game.deck_size > pile or game.to_move != 0:
        game.play(player_.choose(game, rng))
    return Game.from_dict(game.to_dict())   # the history starts here


# ----- lesson 2: eight directions -----------------------------------------------

def fit_cells(game: Game, card) -> set:
    """The cells where ``card`` (in the mover's hand) fits in some orientation."""
    canon = CANONICAL[parse_card(card) if isinstance(card, str) else card]
    return {m.cell for m in game.legal_moves() if m.kind == "place" and CANONICAL[m.card] == canon}


def check_fit_cells(game: Game, card, answer) -> Verdict:
    """Are the typed cells exactly those where ``card`` fits (in some turn)? A
    wrong try is told which of its cells do not fit, or that some are missing,
    never which cells those are."""
    said, truth = read_cells(answer), fit_cells(game, card)
    if said == truth:
        return Verdict(True, f"It fits at exactly these {_plural(len(truth), 'cell')}: "
                             f"{_cells(truth)}.")
    why, more = [], []
    for cell in sorted(said - truth)[:2]:
        if cell in game.grid:
            why.append(f"{_cell(cell)} already holds a card")
        elif not touching(game, cell):
            why.append(f"at {_cell(cell)} it touches no card")
        else:
            why.append(f"at {_cell(cell)} it fits in no turn")
            more.append(f"At {_cell(cell)}, as written: {_first_reason(game, card, cell)}.")
    if truth - said:
        why.append("you left out a cell where it fits" if not why else
                   "and a cell where it fits is missing")
    text = "; ".join(why)
    return Verdict(False, text[0].upper() + text[1:] + ".", more=" ".join(more))


def _any_turn(card) -> int:
    return parse_card(card) if isinstance(card, str) else card


def _first_reason(game: Game, card, cell) -> str:
    card = _any_turn(card)
    for k in range(4):
        exp = game.explain(Move("place", card=rotate(card, k), cell=cell))
        if not exp.legal:
            return str(exp)
    return ""


REASONS = {"side": "a side neighbour's facing boxes do not match",
           "corner": "a corner neighbour's touching corner box does not match",
           "window": "it would not fit in the 5 x 5 window",
           "touch": "it touches no card"}
#: What a wrong reason is told: the thing it names is fine here.
NOT_THE_REASON = {"side": "the cards beside the cell match it",
                  "corner": "the cards touching the cell at one point only match it",
                  "window": "the cell is inside the dashed frame",
                  "touch": "the cell does have a card next to it"}
NO_NEIGHBOUR = {"side": "no card sits beside that cell (sharing an edge)",
                "corner": "no card touches that cell at one point only"}


def why_not(game: Game, move) -> set:
    """The reasons (keys of REASONS) the placement ``move`` is refused."""
    move = read_move(move)
    exp = game.explain(move)
    reasons = set()
    if exp.legal:
        return reasons
    for (cell, _), (ncell, _) in exp.mismatches:
        d = (ncell[0] - cell[0], ncell[1] - cell[1])
        name = next(n for dd, n, _ in FACING if dd == d)
        reasons.add("side" if name in SIDES else "corner")
    if exp.outside:
        reasons.add("window")
    if "touch no card" in exp.reason:
        reasons.add("touch")
    return reasons


def check_why(game: Game, move, answer) -> Verdict:
    """Why does ``move`` not fit? Answer side, corner, window or touch (one or more).
    A wrong reason is told why it is not one; a missing one, that there is more."""
    words = {w for w in re.split(r"[\s,;+]+|\band\b", str(answer).strip().lower()) if w}
    if not words or not words <= set(REASONS):
        raise InvalidMoveText("answer with one or more of: side, corner, window, touch")
    move = read_move(move)
    truth = why_not(game, move)
    exp = game.explain(move)
    if words == truth:
        return Verdict(True, f"Yes: {' and '.join(REASONS[k] for k in sorted(truth))}.",
                       more=f"The kit says: {exp}.")
    wrong = sorted(words - truth)
    if wrong:
        kinds = {("side" if name in SIDES else "corner") for _, name, _ in touching(game, move.cell)}
        said = {w: NOT_THE_REASON[w] if w not in ("side", "corner") or w in kinds else
                NO_NEIGHBOUR[w] for w in wrong}
        text = "; ".join(f"not {w}: {said[w]}" for w in wrong)
        return Verdict(False, text[0].upper() + text[1:] + ".")
    return Verdict(False, "That is one reason, but not all: look at the ringed boxes and the "
                          "dashed frame again.")


# ----- lesson 3: sets ---------------------------------------------------------

def cards_collected(game: Game, move) -> int:
    """How many cards ``move`` collects (0 if it forms no set or is not legal)."""
    exp = game.explain(read_move(move))
    return len({c for run in exp.sets for c in run}) if exp.legal else 0


def most_cards(game: Game) -> tuple:
    """``(n, moves)``: the most cards one legal placement collects, and those placements."""
    counts = [(cards_collected(game, m), m) for m in game.legal_moves() if m.kind == "place"]
    best = max((n for n, _ in counts), default=0)
    return best, [m for n, m in counts if n == best]


def check_most_cards(game: Game, answer) -> Verdict:
    """Does the placement ``answer`` collect the most cards possible here?"""
    move = read_move(answer)
    if move.kind != "place":
        return Verdict(False, "Place a card: passing collects nothing.")
    exp = game.explain(move)
    if not exp.legal:
        return refused(game, move)
    n, best = cards_collected(game, move), most_cards(game)
    if n == best[0]:
        return Verdict(True, f"{_plural(n, 'card')}: no placement here collects more.",
                       more=f"{str(exp).capitalize()}.")
    if n == 0:
        return Verdict(False, "That card finishes no line of five, so it collects nothing. "
                              "Look for a line with one empty cell.",
                       more=f"{str(exp).capitalize()}.")
    return Verdict(False, f"That collects {_plural(n, 'card')}; another placement here collects "
                          "more: look again.", more=f"{str(exp).capitalize()}.")


def set_values(game: Game, move) -> tuple:
    """``(values, points)``: the value of every card ``move`` collects, and the sum."""
    move = read_move(move)
    exp = game.explain(move)
    grid = {**game.grid, move.cell: move.card_text}
    cells = sorted({c for run in exp.sets for c in run})
    return [grid[c].count("1") for c in cells], exp.points


def check_points(game: Game, move, answer) -> Verdict:
    """The points ``move`` scores: the values of every card it collects. A wrong
    try is told the mistake it looks like (the new card left out, the middle card
    counted once per line, the cards counted instead of their spots), never the sum."""
    said = read_number(answer, "the points", "40")
    move = read_move(move)
    values, points = set_values(game, move)
    lines = len(game.explain(move).sets)
    new = VALUE[move.card]
    if said == points:
        return Verdict(True, f"{len(values)} cards, {points} points.",
                       more=" + ".join(map(str, values)) + f" = {points}.")
    if said == len(values):
        why = f"{said} is the number of cards. A set scores their values: add up their spots."
    elif said == points - new:
        why = f"{said} leaves out the new card: it is part of every set it finishes."
    elif lines > 1 and said == points + (lines - 1) * new:
        why = (f"{said} counts the new card once for each line. It is one card: count it once.")
    elif said < points:
        why = f"{said} is too few: a card's value is missing. Add the lines one at a time."
    else:
        why = f"{said} is too many: some card was counted twice. Count each card once."
    return Verdict(False, why)


# ----- lesson 4: the end and the score ---------------------------------------------

def finished_game(seed: int = 2, players: int = 2) -> Game:
    """A whole seeded game between greedy players (ends with cards in hand)."""
    game, rng = Game.new(players, seed=seed), random.Random(seed)
    player_ = GreedyPlayer()
    while not game.is_over:
        game.play(player_.choose(game, rng))
    return game


def score_sum(game: Game, seat: int) -> str:
    got = sum(VALUE[parse_card(c)] for c in game.collected(seat))
    left = sum(VALUE[parse_card(c)] for c in game.hand(seat))
    return f"{player(seat)}: {got} collected - {left} in hand = {got - left}"


def score_answer(game: Game) -> str:
    """The scores as a student types them: one number per seat, in seat order."""
    return " ".join(str(s) for s in game.seat_scores)


def check_scores(game: Game, answer) -> Verdict:
    """The final score of every seat, typed in seat order (``"31 -4"``). A wrong try
    is told which player's score is wrong and the mistake it looks like."""
    parts = str(answer).replace(",", " ").split()
    if len(parts) != game.players:
        raise InvalidMoveText(f"type {game.players} scores, one per player in seat order, "
                              f"e.g. {' '.join(['12'] * game.players)}")
    said = [read_number(p, "each score") for p in parts]
    truth = game.seat_scores
    if said == truth:
        return Verdict(True, "All scores right.",
                       more="; ".join(score_sum(game, s) for s in range(game.players)) + ".")
    if sorted(said) == sorted(truth):
        return Verdict(False, "Those scores are in the wrong order: type them in seat order, "
                              f"{player(0)}'s first.")
    wrong = [s for s in range(game.players) if said[s] != truth[s]]
    seat = wrong[0]
    got = sum(VALUE[parse_card(c)] for c in game.collected(seat))
    left = sum(VALUE[parse_card(c)] for c in game.hand(seat))
    if said[seat] == got:
        tip = (f"That is what {player(seat)} collected; the cards left in their hand are "
               "taken away.")
    elif said[seat] == got + left:
        tip = "The cards left in hand are taken away, not added."
    elif said[seat] == -left:
        tip = "That is only the hand: add what they collected first."
    else:
        tip = "Score = the values collected minus the values of the cards left in hand."
    others = f" ({len(wrong)} of the scores are wrong.)" if len(wrong) > 1 else ""
    return Verdict(False, f"{player(seat)}'s score is not {said[seat]}. {tip}{others}")


def end_phase_position() -> Game:
    """A seeded greedy game stopped when the draw pile has just run out."""
    return greedy_until_the_pile_is_out(Game.new(3, seed=5), seed=5)


def greedy_until_the_pile_is_out(game: Game, seed: int) -> Game:
    """``game`` played on by greedy players (seeded) until the draw pile has run
    out, as a new game from that position (no history to undo into)."""
    rng, player_ = random.Random(seed), GreedyPlayer()
    while game.deck_size > 0:
        game.play(player_.choose(game, rng))
    return Game.from_dict(game.to_dict())


def how_it_ended(game: Game) -> str:
    """Which of the two ends this finished game had, in words."""
    if not game.is_over:
        return "The game is not over yet."
    empty = [s for s in range(game.players) if not game.hand(s)]
    if empty:
        return f"{player(empty[0])} placed their last card: the game ended at once."
    return "The draw pile ran out and then every player passed: the game ended."


def score_svg(game: Game, size: int = 40, per_row: int = 16) -> str:
    """Each seat's collected cards and the cards left in hand, without the scores."""
    gap, label = size // 6, 30
    rows = []   # (label, cards)
    for s_ in range(game.players):
        for what, cards in (("collected", game.collected(s_)), ("left in hand", game.hand(s_))):
            rows.append((f"{player(s_)}, {what} ({_plural(len(cards), 'card')})", cards))
    height = sum(label + max(1, -(-len(c) // per_row)) * (size + gap) for _, c in rows) + gap
    scene = Scene(per_row * (size + gap) + gap, height, title="Collected cards and hands")
    y = gap
    for text, cards in rows:
        scene.text(gap, y + label / 2, text, size=18, bold=True, anchor="start")
        y += label
        for i, card in enumerate(cards):
            draw_card(scene, parse_card(card), gap + (i % per_row) * (size + gap),
                      y + (i // per_row) * (size + gap), size)
        y += max(1, -(-len(cards) // per_row)) * (size + gap)
    return fit_width(scene.to_svg())


def team_end_phase(seed: int = 1) -> Game:
    """A 4-player team game (greedy players) stopped when the pile has run out."""
    return greedy_until_the_pile_is_out(Game.new(4, seed=seed, teams=True), seed=seed)


def out_players(game: Game) -> str:
    """Who is out, in words (people counted from 1)."""
    out = [player(s) for s in range(game.players) if game.out[s]]
    return "Out: " + (" and ".join(out) if out else "nobody")


# ----- lesson 5: variants -------------------------------------------------------

def data() -> dict:
    return json.loads(PUZZLES.read_text())


def lesson_position(name: str) -> Game:
    """A lesson position stored in the puzzle file (``seventeen``, ``long_run`` ...)."""
    return Game.from_dict(data()["positions"][name]["position"])


def lesson_move(name: str) -> Move:
    return Move.parse(data()["positions"][name]["move"])


def building_steps(name: str = "seventeen") -> list:
    """The position built card by card: one Game per step (the first has one card)."""
    final = lesson_position(name)
    order = [tuple(c) for c in data()["positions"][name]["order"]]
    steps = []
    for k in range(1, len(order) + 1):
        grid = {c: final.grid[c] for c in order[:k]}
        steps.append(Game.setup(grid, [final.hand(0), final.hand(1)], **final.options))
    return steps


def check_challenge(game: Game, answer) -> Verdict:
    """Is the typed set of cells a successful (smallest) challenge here? A wrong
    try is told what is wrong with its cards (a card placed by the rules, a table
    still broken, more cards than needed), never which cards to take."""
    cells = read_cells(answer)
    exp = game.explain(Move.take("challenge", sorted(cells)))
    if exp.legal:
        return Verdict(True, f"The kit agrees: {exp}.")
    offending = set(game.offending)
    fair = sorted(cells - offending)
    if fair:
        where = _cell(fair[0])
        why = (f"The card at {where} was put down by the rules (it has no !): a challenge "
               "takes only ! cards." if fair[0] in game.grid else
               f"There is no card at {where}.")
        return Verdict(False, why)
    if not _fixes(game, cells):
        return Verdict(False, f"Without {'that card' if len(cells) == 1 else 'those cards'} "
                              "the table still breaks the rules: another ! card still "
                              "mismatches a card that stays.")
    return Verdict(False, f"That makes the table legal, but takes {_plural(len(cells), 'card')}: "
                          "fewer will do. A challenge takes as few as it can.")


def _fixes(game: Game, cells) -> bool:
    """Does taking ``cells`` away leave a table the rules allow?"""
    return is_legal_table({c: v for c, v in game.table.items() if c not in cells}, game.window)


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


def gap_candidates(game: Game, move, shown: int = 8, seed: int = 6) -> tuple:
    """``(cards, fitting)``: ``shown`` cards the mover cannot see, each drawn in one
    turn, that the counting exercise shows beside the gap ``move`` leaves, and which
    of them (indices) finish the line there. Every unseen card that fits is among
    them, turned the way it fits; the others fit in no turn."""
    (t,) = after_threats(game, read_move(move))
    fit = {}
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
    """The precomputed tournament (benchmarks/smartrix_tournament.py), as a table."""
    d = json.loads(Path(path).read_text())
    rows = Table()
    for r in d["rows"]:
        rows.append({"table": r["table"], "games": r["games"],
                     "wins": " / ".join(f"{name} {100 * w:.0f}%"
                                        for name, w in zip(r["players"], r["win_rates"])),
                     "mean scores": " / ".join(f"{name} {s:.1f}"
                                               for name, s in zip(r["players"], r["mean_scores"]))})
    return rows


def live_tournament(games: int = 6, seed: int = 0, **options) -> str:
    """A few seeded games of greedy against random, run now (no progress bar)."""
    return standings_table(_tournament(lambda s: Game.new(2, seed=s, **options),
                                       [GreedyPlayer(), RandomPlayer()], games, seed,
                                       progress=False))

# ----- lesson 7: puzzles --------------------------------------------------------

@dataclass(frozen=True)
class Puzzle(PuzzleBase):
    """A position, a goal for the player to move, a hint and a solution.

    ``goal``: ``"collect"`` (collect at least ``target`` cards with one
    placement), ``"safe"`` (place a card and leave no line one card short that
    an unseen card completes) or ``"only"`` (the one placement there is).
    """

    GAME = Game

    @property
    def task(self) -> str:
        goal = {"collect": f"collect at least {self.target} cards with one card",
                "safe": "place a card without leaving a set for the next player",
                "only": "find the only placement there is (card, turn and cell)"}[self.goal]
        return f"Puzzle {self.number} ({self.stars}): {goal}."


def load_puzzles(path: Path = PUZZLES) -> list:
    """The puzzle set, easiest first."""
    return Puzzle.load(path)


def meets_goal(game: Game, goal: str, target: int, move) -> tuple:
    """``(ok, why)``: does the legal placement ``move`` meet the goal?"""
    exp = game.explain(move)
    if goal == "collect":
        n = cards_collected(game, move)
        return n >= target, f"{exp}: {_plural(n, 'card')}, the goal is {target}"
    if goal == "safe":
        left = after_threats(game, move)
        if not left:
            return True, f"{exp}, and it leaves no line one card short for the next player"
        gaps = ", ".join(_cell(t.cell) for t in left)
        return False, (f"{exp}, but it leaves a line one card short: an unseen card "
                       f"completes it at {gaps}")
    if goal == "only":
        places = [m for m in game.legal_moves() if m.kind == "place"]
        return len(places) == 1 and places[0] == move, f"{exp}; it is the only placement"
    raise ValueError(f"unknown puzzle goal {goal!r}; goals are {', '.join(GOALS)}")


def check_puzzle(puzzle: Puzzle, answer) -> Verdict:
    """Does the placement ``answer`` meet the puzzle's goal? The engine judges; the
    verdict is one sentence (the engine's whole explanation folds under "Why?")."""
    game = puzzle.game
    move = read_move(answer)
    if move.kind != "place":
        return Verdict(False, "Every puzzle asks for a card placed: passing does not solve it.")
    exp = game.explain(move)
    if not exp.legal:
        return refused(game, move)
    ok, why = meets_goal(game, puzzle.goal, puzzle.target, move)
    more = why[0].upper() + why[1:] + "."
    if puzzle.goal == "collect":
        n = cards_collected(game, move)
        said = (f"{_plural(n, 'card')} collected: the goal was {puzzle.target}." if ok else
                f"That finishes no line, so it collects nothing; the goal is {puzzle.target} "
                "cards." if n == 0 else
                f"That collects {_plural(n, 'card')}; the goal is {puzzle.target}.")
    elif puzzle.goal == "safe":
        left = after_threats(game, move)
        said = ("It leaves no line one card short for the next player." if ok else
                f"That leaves a line one card short: a card you cannot see finishes it at "
                f"{_cell(left[0].cell)}.")
    else:
        said = "It is the only placement there is." if ok else "That is not the only placement."
    return Verdict(ok, said, more=more)


def _line_kind(run) -> str:
    rows, cols = {r for r, _ in run}, {c for _, c in run}
    return "row" if len(rows) == 1 else "column" if len(cols) == 1 else "diagonal"


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth", "eleventh", "twelfth")


def _hand_name(game: Game, card: int) -> str:
    """The hand card that is ``card`` in some turn, named so no other is meant: by
    its place in the hand as drawn, and its digits (two cards may have as many spots)."""
    hand = game.hand(game.to_move)
    i, text = next((i, h) for i, h in enumerate(hand) if CANONICAL[parse_card(h)] == CANONICAL[card])
    return f"the {ORDINALS[i]} card of your hand ({text})"


def puzzle_hints(puzzle: Puzzle) -> list:
    """The puzzle's hints, from a nudge to a strong pointer, worked out from the
    position (so each claim is the engine's): none names the cell, none gives
    the card and its turn together."""
    game, move = puzzle.game, read_move(puzzle.solution)
    card = _hand_name(game, move.card)
    if puzzle.goal == "collect":
        exp = game.explain(move)
        runs = [sorted(run) for run in exp.sets]
        if len(runs) == 1:
            run = runs[0]
            end = move.cell in (run[0], run[-1])
            return ["Look for a straight line of five cells (a row, a column or a diagonal) "
                    "with four cards in it and one cell still empty.",
                    f"The line to finish is a {_line_kind(run)}, and its empty cell is "
                    + ("at one end of it." if end else "between cards of it."),
                    f"Turned the right way, {card} fits in that empty cell."]
        kinds = " and a ".join(sorted({_line_kind(r) for r in runs}))
        return ["One card can finish two lines at once. Look for an empty cell where two lines "
                "of five each have four cards.",
                f"The lines to finish are a {kinds}; they cross at the empty cell.",
                f"Turned the right way, {card} fits in that cell."]
    places = [m for m in game.legal_moves() if m.kind == "place"]
    if puzzle.goal == "safe":
        safe = [m for m in places if not after_threats(game, m)]
        return ["After your move, count the cards in each line of five through your card: "
                "four cards and one empty cell is a gift to the next player.",
                f"Only {len(safe)} of your {len(places)} possible placements leave no such line.",
                f"Try {card}."]
    return ["Click each card of your hand and turn it (R) all the way round: a + marks every "
            "cell where it fits as it lies.",
            f"Only one card of your hand fits anywhere: {card}.",
            f"Turned the right way, it fits in row {move.cell[0]}."]


def puzzle_wrong(puzzle: Puzzle, count: int = 2) -> list:
    """Tries a student would make on the puzzle: placements that fail its goal, the
    right card turned wrong, a cell touching no card, a pass."""
    game, move = puzzle.game, read_move(puzzle.solution)
    places = sorted((m for m in game.legal_moves() if m.kind == "place"), key=str)
    tries = [str(m) for m in places
             if not meets_goal(game, puzzle.goal, puzzle.target, m)[0]][:count]
    for k in (1, 2, 3):
        turned = Move("place", card=rotate(move.card, k), cell=move.cell)
        if not game.explain(turned).legal:
            tries.append(str(turned))
            break
    far = (max(r for r, _ in game.grid) + 3, move.cell[1])
    tries += [str(Move("place", card=move.card, cell=far)), "pass"]
    return tries


# ----- exercises on live boards ---------------------------------------------------

class LessonBoard(Board):
    """A board for an exercise: one student plays every seat (to try a move, and
    to play on after it). The shell refuses to undo past a drawn card when two
    people share a screen, since both saw it; here nobody else did, so the
    student may always step back and try again."""

    @property
    def humans(self) -> int:
        return 1

    def shown_seats(self) -> set:
        # The student sits in the seat to move; the other hands stay face down.
        return set(range(self.game.players)) if self.open_hands else {self.game.to_move}


def board_for(game: Game, **kwargs) -> Board:
    """A board for an exercise: every seat the student's, starting from ``game``; the
    board's own Hint and New game hidden (the first gave the answer away, the second
    dealt a game that was not the exercise's)."""
    game = Game.from_dict(game.to_dict())
    return exercise_board(LessonBoard(game, seats=["human"] * game.players, delay=0, **kwargs))


def tried_move(board: Board) -> Move:
    """The student's try on ``board``: the first move made, or else the placement the
    board just refused (so Check says what is wrong with it); InvalidMoveText if neither."""
    if board.game.history:
        return board.game.history[0]
    if getattr(board, "attempt", None) is not None:
        return board.attempt
    raise InvalidMoveText("place a card on the board first, then press Check")


first_move = tried_move   # the old name


def back_to_start(board: Board) -> None:
    while board.game.history:
        board.undo()
    board.clear_pending()


def enter_on(board: Board):
    """``enter(text)`` for a board exercise: the board back at its start, then the
    move given as text made as a student makes it (a refused placement stays the
    board's attempt, drawn with its mistakes)."""
    def enter(text) -> None:
        back_to_start(board)
        move = read_move(text)
        if move.kind == "place":
            board.attempt = move
        board.submit(move)
    return enter


def taken_back(move) -> str:
    """What the board and the verdict say when a wrong move is taken back."""
    what = "pass" if read_move(move).kind == "pass" else "card"
    return f"Your {what} is taken back: try again."


def play_on(board: Board, move) -> str:
    """Reveal: take ``board`` back to its start and play ``move`` there."""
    back_to_start(board)
    board.submit(read_move(move))
    return f"{move}. Press Undo to take it back and try yourself."


def board_exercise(task: str, game: Game, check, solution, *, hints=(), progress=None,
                   key=None, wrong=()) -> Exercise:
    """Exercise: make one move on a live board; ``check(game, move)`` judges it.
    ``solution`` is the answer (Show me plays it); ``wrong``, tries as move texts."""
    board = board_for(game)
    start = Game.from_dict(game.to_dict())

    def judged(move):
        # A wrong move is judged, then taken back at once (as Mattix's takes are),
        # so the student tries again on their own hand, not on the next player's.
        verdict = check(start, move)
        if not verdict.correct and board.game.history:
            back_to_start(board)
            back = taken_back(move)
            board.say(back)
            verdict = dataclasses.replace(verdict, why=f"{verdict.why} {back}")
        return verdict

    return Exercise(task, judged, answer=lambda: tried_move(board),
                    hints=hints, board=board, progress=progress, key=key,
                    picture=lambda: fit_width(board.scene().to_svg()),
                    show=lambda: play_on(board, solution),
                    solution=lambda: f"{solution}. {check(start, read_move(solution)).why}",
                    answers=[str(solution)], wrong=list(wrong), enter=enter_on(board))


def typed_exercise(task: str, svg: str, check, *, hints=(), show=None, progress=None,
                   key=None, placeholder: str = "", answers=(), wrong=()) -> Exercise:
    """Exercise: a picture, a typed answer judged by ``check(text)``; ``show`` gives
    the answer in words (it has no board to play on), so it is the printed solution too."""
    svg = fit_width(svg)
    return Exercise(task, check, hints=hints, show=show, board=widgets.HTML(svg_img(svg)),
                    picture=lambda: svg, progress=progress, key=key, placeholder=placeholder,
                    solution=show, answers=list(answers), wrong=list(wrong))


def puzzle_exercise(puzzle: Puzzle, progress: Progress | None = None) -> Exercise:
    """A puzzle on a live board: place a card, Check, Hint, Show me (plays the solution)."""
    return board_exercise(puzzle.task, puzzle.game, lambda _g, move: check_puzzle(puzzle, move),
                          puzzle.solution, hints=puzzle_hints(puzzle), progress=progress,
                          key=f"puzzle {puzzle.number}", wrong=puzzle_wrong(puzzle))


def stack_svgs(*svgs, title: str = "Smartrix picture", gap: int = 10) -> str:
    """Pictures one under the other, as one picture."""
    sizes = [tuple(float(v) for v in re.match(r'<svg[^>]*? width="([\d.]+)" height="([\d.]+)"',
                                               s).groups()) for s in svgs]
    width = max(w for w, _ in sizes)
    height = sum(h for _, h in sizes) + gap * (len(svgs) - 1)
    parts, y = [], 0.0
    for s, (_, h) in zip(svgs, sizes):
        parts.append(re.sub(r"^<svg", f'<svg x="0" y="{y:.0f}"', s, count=1))
        y += h + gap
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}"><title>{html.escape(title)}</title>'
            + "".join(parts) + "</svg>")


def side_by_side(*svgs, title: str = "Smartrix picture", gap: int = 16) -> str:
    """Pictures side by side, tops aligned, as one picture (scaled to MAX_WIDTH)."""
    sizes = [tuple(float(v) for v in re.match(r'<svg[^>]*? width="([\d.]+)" height="([\d.]+)"',
                                               s).groups()) for s in svgs]
    width = sum(w for w, _ in sizes) + gap * (len(svgs) - 1)
    height = max(h for _, h in sizes)
    parts, x = [], 0.0
    for s, (w, _) in zip(svgs, sizes):
        parts.append(re.sub(r"^<svg", f'<svg x="{x:.0f}" y="0"', s, count=1))
        x += w + gap
    return fit_width(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
                     f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}">'
                     f"<title>{html.escape(title)}</title>" + "".join(parts) + "</svg>")


# ----- lesson 8: the sandbox --------------------------------------------------------

VARIANTS = {"standard (5 x 5 window)": {},
            "children's (no window)": {"window": None},
            "teams (4 players)": {"teams": True},
            "free table (claims and challenges)": {"auto_collect": False}}
STRENGTHS = ("random", "greedy", "cautious")


class Sandbox(SandboxFrame):
    """Choose players (2-7), a variant, the computer's strength, open hands; play."""

    def __init__(self, players: int = 3, variant: str = "standard (5 x 5 window)",
                 strength: str = "cautious", humans: int = 1, open_hands: bool = False,
                 seed: int = 1, delay: float = 0.8):
        self.players = widgets.Dropdown(options=list(range(2, 8)), value=players,
                                        description="Players")
        self.variant = widgets.Dropdown(options=list(VARIANTS), value=variant,
                                        description="Variant")
        self.strength = widgets.Dropdown(options=STRENGTHS, value=strength,
                                         description="Computer")
        self.humans = widgets.BoundedIntText(value=humans, min=0, max=7, description="People")
        self.open_hands = widgets.Checkbox(value=open_hands, description="Open hands (teaching)")
        self.note = widgets.HTML()
        super().__init__(seed=seed, delay=delay)

    def choices(self) -> list:
        return [[self.players, self.variant, self.strength],
                [self.humans, self.open_hands, self.seed, self.start], self.note]

    def seats(self) -> list:
        """People first, then computer seats; teams are always four."""
        options = VARIANTS[self.variant.value]
        n = 4 if options.get("teams") else self.players.value
        people = min(self.humans.value, n)
        return ["human"] * people + [self.strength.value] * (n - people)

    def make_board(self) -> Board:
        seats = self.seats()
        options = VARIANTS[self.variant.value]
        self.note.value = (f"<div style='font-size:17px'>{len(seats)} players: "
                           f"{', '.join(f'{player(i)} {s}' for i, s in enumerate(seats))}"
                           f"{' (teams: Players 1 and 3 against 2 and 4)' if options.get('teams') else ''}"
                           "</div>")
        return Board(seats=seats, seed=self.seed.value, open_hands=self.open_hands.value,
                     delay=self.delay, **options)


# ----- the lessons' exercises: data, and one call each ------------------------------
#
# A notebook cell only names its exercise (``L.exercise("value", progress)``): the
# task, picture, check, hints, solution, answers and wrong tries are here.

VALUE_CARD = "01101011"
ROTATION_CARD = "11010000"


def value_exercise(card: str = VALUE_CARD, progress=None) -> Exercise:
    """Lesson 1: type the value of ``card`` (drawn without its value in the middle)."""
    value = VALUE[parse_card(card)]
    wrong = sorted({8, 8 - value, value - 1, value + 1} - {value})
    return typed_exercise("What is the value of this card? Type a number.",
                          cards_svg([card], size=170, values=False),
                          lambda t: check_value(card, t),
                          hints=["The value is the number of spots: the filled blue circles.",
                                 "Go round the ring of 8 boxes once, from the top-left, and "
                                 "count only the filled circles; skip the faint empty rings."],
                          show=f"{value}: {card} has {_plural(value, 'spot')}.", progress=progress,
                          key="value", placeholder="e.g. 3", answers=[str(value)],
                          wrong=[str(w) for w in wrong])


def rotation_exercise(card: str = ROTATION_CARD, progress=None) -> Exercise:
    """Lesson 1: type ``card`` turned a quarter turn clockwise."""
    c = parse_card(card)
    turned = card_text(rotate(c))
    wrong = [card_text(rotate(c, 3)), card_text(rotate(c, 2)), card_text(_ring_shift(c, 1)),
             card, "11100000"]
    return typed_exercise(f"This card is {card}. Turn it a quarter turn clockwise: "
                          "what are its 8 digits now?", cards_svg([card], size=170),
                          lambda t: check_rotation(card, t),
                          hints=["A quarter turn clockwise moves every box two places round the "
                                 "ring: the top-left box goes to the top-right.",
                                 "Take the last two digits and put them in front: "
                                 "abcdefgh becomes ghabcdef."],
                          show=f"{turned}: every digit moved two places to the right.",
                          progress=progress, key="rotation", placeholder="8 digits, e.g. 10100000",
                          answers=[turned], wrong=[w for w in wrong if w != turned])


def first_placement_exercise(seed: int = 3, progress=None) -> Exercise:
    """Lesson 1: place any card next to the first card on a live board."""
    game = Game.new(2, seed=seed)
    places = [m for m in game.legal_moves() if m.kind == "place"]
    solution = places[0]
    hand = [parse_card(c) for c in game.hand(game.to_move)]
    (cell,) = game.grid
    below = (cell[0] + 1, cell[1])
    # A card put where it does not match (as it lies), and one touching nothing.
    mismatch = next(Move("place", card=c, cell=below) for c in hand
                    if not game.explain(Move("place", card=c, cell=below)).legal)
    far = Move("place", card=hand[0], cell=(cell[0] + 3, cell[1]))
    return board_exercise("Put one of your cards next to the card on the table, so that "
                          "every box facing it matches.", game, check_placement, solution,
                          hints=["Click a card of your hand: a + marks each cell where it "
                                 "fits as it lies. No +? Press R to turn it.",
                                 "Spot faces spot, empty faces empty: at a side that is "
                                 "three boxes, at a corner just one."],
                          progress=progress, key="first placement",
                          wrong=[str(mismatch), str(far), "pass"])


def first_game(seed: int = 0, delay: float = 0.6) -> Board:
    """Lesson 1's game: you (Player 1) against the random computer, children's rules."""
    return Board(short_game(seed), seats=["human", "random"], delay=delay)


FIT_DEMO = ("threat", "10100100")   # lesson 2's picture of + marks: another table and card


def fit_picture() -> Picture:
    """Lesson 2's picture of the + marks: a table and card other than the fit exercise's."""
    name, card = FIT_DEMO
    return show(lesson_position(name), legal_for=card,
                title=f"Smartrix table; + marks every cell where {card} fits, in some turn")


def _example_cells(game: Game, answer, n: int = 2) -> str:
    """Cells to show how an answer is typed: empty, touching nothing, not the answer."""
    far = [(r, c) for r in range(-4, 5) for c in range(-4, 5)
           if (r, c) not in answer and (r, c) not in game.grid and not touching(game, (r, c))]
    return " ".join(_cell(c) for c in [far[-1], far[len(far) // 2]][:n])


def fit_exercise(progress=None) -> Exercise:
    """Lesson 2: type every cell where the stored card fits, in some turn."""
    game, card = lesson_position("fit"), data()["positions"]["fit"]["move"]
    cells = fit_cells(game, card)
    near = sorted(c for c in candidate_cells(game.table, game.window) if c not in cells)
    some = sorted(cells)
    wrong = [_cells(some[:-1]), _cells(set(some) | {near[0]}), _cells([near[0], near[1]]),
             _cells(set(some) | {next(iter(game.grid))})]
    example = _example_cells(game, cells)
    return typed_exercise(f"{player(game.to_move)} holds {card} (the first card of the hand). "
                          f"Type every cell where it fits, in some turn, e.g. {example}",
                          game.svg(), lambda t: check_fit_cells(game, card, t),
                          hints=["Try each empty cell that touches the table, in all four "
                                 "turns.", "A corner neighbour checks one box, a side "
                                 "neighbour three. Every neighbour must match at once.",
                                 f"There are {_plural(len(cells), 'such cell')}."],
                          show=f"{_cells(cells)}. On a live board, pick the card: the + marks "
                               "show them.",
                          progress=progress, key="fit", placeholder=f"e.g. {example}",
                          answers=[_cells(some)] + [_cell(c) for c in some], wrong=wrong)


#: Lesson 2's "why not?" hints: each leads to the reason without naming it.
WHY_HINTS = {
    "why_corner": ["Find the ringed boxes: on which card of the table are they?",
                   "Does that card share an edge with the empty cell, or meet it at one "
                   "point only?"],
    "why_window": ["No box is ringed: every card next to the cell matches it. So look "
                   "elsewhere.",
                   "Count the columns from the leftmost card to that cell: how wide would the "
                   "table be? Look at the dashed frame."],
}


WHY_CELL = 60   # px per table cell in lesson 2's why pictures


def why_exercise(name: str, progress=None) -> Exercise:
    """Lesson 2: why is this placement refused? side, corner, window or touch."""
    game, move = lesson_position(name), lesson_move(name)
    # The table alone (the move names its card): the refused cell drawn even outside the
    # window, and no caption beside it (its "Window 5 x 5: no more columns" says why).
    # Cells of WHY_CELL px (not 96): task, picture, answer box and verdict fit one
    # 1366 x 768 screen in JupyterLab (the 96 px picture was ~700 px tall).
    svg = show(game, move=move, show=[move.cell], side=False, max_cell=WHY_CELL).svg
    truth = why_not(game, move)
    wrong = [w for w in ("side", "corner", "window", "touch") if w not in truth]
    wrong.append(" ".join(sorted(truth | {wrong[0]})))
    return typed_exercise(f"The kit refuses {move}. Why? Type the reason's word, as the answer "
                          "box lists them (more than one if more are true).", svg,
                          lambda t: check_why(game, move, t), hints=WHY_HINTS[name],
                          show=lambda: f"{' '.join(sorted(truth))}: {game.explain(move)}",
                          progress=progress, key=name, placeholder="side, corner, window or touch",
                          answers=sorted(truth), wrong=wrong)


def steps_picture(k: int) -> Picture:
    """Lesson 3's table built up to ``k`` cards (no hands beside it)."""
    return show(building_steps()[k - 1], title=f"The table built up to {k} cards")


def points_exercise(progress=None) -> Exercise:
    """Lesson 3: how many points does the 17-card move score?"""
    game, move = lesson_position("seventeen"), lesson_move("seventeen")
    values, points = set_values(game, move)
    svg = show(game, move=move, title=f"The move {move} and the 17 cards it collects").svg
    new = VALUE[move.card]
    wrong = [str(len(values)), str(points - new), str(points + 3 * new), str(points - 1),
             str(points + 2)]
    return typed_exercise(f"The move {move} collects 17 cards (outlined). How many points "
                          "does it score?", svg, lambda t: check_points(game, move, t),
                          hints=["A set scores the values of its cards: the number in the middle "
                                 "of each card.",
                                 "Add one line at a time (its four cards), then the new card: "
                                 "it is in all four lines, but it is one card, so count it once."],
                          show=lambda: f"{points}: " + " + ".join(map(str, values)) + f" = {points}.",
                          progress=progress, key="points", placeholder="e.g. 40",
                          answers=[str(points)], wrong=wrong)


def most_cards_exercise(progress=None) -> Exercise:
    """Lesson 3: collect as many cards as possible with one card, on a live board."""
    game, move = lesson_position("most_cards"), lesson_move("most_cards")
    best = most_cards(game)[0]
    places = sorted((m for m in game.legal_moves() if m.kind == "place"), key=str)
    fewer = [m for m in places if 0 < cards_collected(game, m) < best][:1]
    none = [m for m in places if cards_collected(game, m) == 0][:1]
    bad = next(Move("place", card=rotate(move.card, k), cell=move.cell) for k in (1, 2, 3)
               if not game.explain(Move("place", card=rotate(move.card, k), cell=move.cell)).legal)
    return board_exercise("Place one card to collect as many cards as you can.", game,
                          check_most_cards, move,
                          hints=["Look for lines of five with four cards in them and one "
                                 "empty cell.",
                                 "One card can finish two lines at once: a row and a column, "
                                 "say.",
                                 f"The best placement here collects {best} cards."],
                          progress=progress, key="most cards",
                          wrong=[str(m) for m in fewer + none] + [str(bad), "pass"])


def score_exercise(seed: int = 2, players: int = 2, progress=None) -> Exercise:
    """Lesson 4: score a finished game; one number per player."""
    game = finished_game(seed, players)
    svg = score_svg(game)
    example = " ".join(["12"] * players)
    truth = game.seat_scores
    got = [sum(VALUE[parse_card(c)] for c in game.collected(s)) for s in range(players)]
    left = [sum(VALUE[parse_card(c)] for c in game.hand(s)) for s in range(players)]
    said = lambda xs: " ".join(map(str, xs))
    wrong = [said(got), said([g + h for g, h in zip(got, left)]), said(truth[::-1]),
             said([truth[0] + 1] + truth[1:])]
    answer = score_answer(game)
    return typed_exercise(f"This game is over. Type each player's score, in seat order "
                          f"(e.g. {example}).", svg, lambda t: check_scores(game, t),
                          hints=["Score = the values of the cards you collected, minus the "
                                 "values of the cards still in your hand.",
                                 "A card's value is the number in its middle: add up each row "
                                 "of the picture, then take the hand away from what was "
                                 "collected."],
                          show=lambda: f"{answer} ("
                                       + "; ".join(score_sum(game, s) for s in range(players)) + ")",
                          progress=progress, key=f"score {seed}", placeholder=example,
                          answers=[answer], wrong=[w for w in wrong if w != answer])


def challenge_exercise(progress=None) -> Exercise:
    """Lesson 5: type the smallest challenge on the free table."""
    game, move = lesson_position("challenge"), lesson_move("challenge")
    svg = game.svg(offending=True)
    answer = _cells(move.cells)
    offending = sorted(game.offending)
    fair = next(c for c in sorted(game.grid) if c not in game.offending)
    wrong = [_cell(c) for c in offending if c not in move.cells][:2]
    wrong += [_cells(offending), _cell(fair)]
    return typed_exercise(f"Free table: the cards marked ! were put down against the rules "
                          f"({len(game.offending)} of them). Challenge: type the cells of as "
                          "few of them as make the table legal again.", svg,
                          lambda t: check_challenge(game, t),
                          hints=["A challenge may only take ! cards, and as few as possible.",
                                 "Take one ! card away in your head: do the other ! cards still "
                                 "mismatch a card that stays?"],
                          show=lambda: f"{answer}: {game.explain(move)}",
                          progress=progress, key="challenge", placeholder="e.g. 2,1",
                          answers=[answer], wrong=wrong)


def threat_picture(name: str = "threat") -> Picture:
    """The table after the stored move, with the line it leaves one card short; the
    next player's hand face down (only the mover's, which they know, face up)."""
    game, move = lesson_position(name), lesson_move(name)
    after = Game.from_dict(game.to_dict())
    after.play(move)
    return Picture(after.svg(threats=after_threats(game, move), recent=1, hands=[game.to_move]))


GAP_CELL = 64   # px per table cell in lesson 6's count: table and cards on one screen


def gap_picture(game: Game, move, cards, labels) -> str:
    """Lesson 6's picture, one screen high: the table after ``move`` alone (its line one
    card short drawn orange, the empty cell marked with the points waiting there) and,
    beside it, the cards A to H. (Under the table, with the hands, the cards and the
    answer box fell below a 768 px screen, and the other hand was drawn ~35 px wide.)"""
    after = Game.from_dict(game.to_dict())
    after.play(move)
    table = after.svg(threats=after_threats(game, move), recent=1, side=False,
                      max_cell=GAP_CELL)
    side = cards_svg(cards, size=76, per_row=4, labels=labels)
    return side_by_side(table, side, title=f"The table after {move}, and {len(cards)} cards "
                                           f"{labels[0]} to {labels[-1]} you cannot see")


def gap_exercise(progress=None) -> Exercise:
    """Lesson 6: of 8 cards you cannot see, how many finish the line left one card short?
    (The chance that the next player holds one is the right answer's "Why?".)"""
    game, move = lesson_position("threat"), lesson_move("threat")
    cards, fitting = gap_candidates(game, move)
    labels = list(LETTERS[:len(cards)])
    svg = gap_picture(game, move, cards, labels)
    (threat,) = after_threats(game, move)
    cell = f"the empty cell marked {threat.value}"
    n = len(fitting)
    wrong = sorted({0, n - 1, n + 1, len(cards)} - {n})
    return typed_exercise(f"After {move} (outlined in blue) a line is one card short: the "
                          f"orange dashed line, and {cell} is all it needs. Of the "
                          f"{len(cards)} cards {labels[0]} to {labels[-1]} (you cannot see "
                          "them), how many could finish the line there (in some turn)?", svg,
                          lambda t: check_gap_count(game, move, t),
                          hints=[f"Look at the cards round {cell}: a card there must "
                                 "match every one of them.",
                                 "Take the cards one by one. For each, check every box that "
                                 f"would face a neighbour of {cell}; turn it if it "
                                 "does not match as it lies."],
                          show=lambda: check_gap_count(game, move, str(n)).why + " "
                                       + chance_explained(game, move),
                          progress=progress, key="gap", placeholder="a number",
                          answers=[str(n)], wrong=[str(w) for w in wrong])


#: Every exercise of the course by name: what a lesson's cell calls.
EXERCISES = {
    "value": value_exercise,
    "rotation": rotation_exercise,
    "first placement": lambda progress=None: first_placement_exercise(progress=progress),
    "fit": fit_exercise,
    "why corner": lambda progress=None: why_exercise("why_corner", progress),
    "why window": lambda progress=None: why_exercise("why_window", progress),
    "points": points_exercise,
    "most cards": most_cards_exercise,
    "score two players": lambda progress=None: score_exercise(2, 2, progress),
    "score three players": lambda progress=None: score_exercise(7, 3, progress),
    "challenge": challenge_exercise,
    "gap": gap_exercise,
}


#: The course's exercises by name, or "puzzle N": what a lesson's cell calls.
exercise = Catalogue("Smartrix", EXERCISES, load_puzzles, puzzle_exercise)


def notation_key() -> HTMLPicture:
    return HTMLPicture(f"<div style='font-size:17px'>{Board.NOTATION_KEY}</div>")
