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

import json
import random
import re
from dataclasses import dataclass
from math import comb
from pathlib import Path
from typing import Optional

import ipywidgets as widgets

from kit.errors import InvalidMoveText
from kit.lessons.puzzle import Puzzle as PuzzleBase
from kit.lessons import exercise
from kit.lessons.exercise import Exercise, Verdict, exercise_board
from kit.lessons.table import Table
from kit.players import tournament as _tournament
from kit.scene import Scene, svg_img
from kit.smartrix import (CANONICAL, DECK, VALUE, Board, CautiousPlayer, Game, GreedyPlayer,
                          Move, RandomPlayer, card_text, parse_card, rotate, standings_table,
                          threats)
from kit.smartrix.cards import BOX_NAMES, FACING
from kit.smartrix.draw import draw_card
from kit.smartrix.explore import after_threats
from kit.lessons.sandbox import Sandbox as SandboxFrame


class Progress(exercise.Progress):
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

def cards_svg(cards, *, size: int = 90, per_row: int = 10, labels=None) -> str:
    """Cards (ints or texts) in rows, each with an optional label under it."""
    cards = [parse_card(c) if isinstance(c, str) else c for c in cards]
    gap, label_h = size // 6, (26 if labels else 0)
    rows = (len(cards) + per_row - 1) // per_row
    width = min(len(cards), per_row) * (size + gap) + gap
    scene = Scene(width, rows * (size + gap + label_h) + gap, title="Smartrix cards")
    for i, card in enumerate(cards):
        x = gap + (i % per_row) * (size + gap)
        y = gap + (i // per_row) * (size + gap + label_h)
        draw_card(scene, card, x, y, size)
        if labels:
            scene.text(x + size / 2, y + size + label_h / 2 + 2, str(labels[i]), size=16)
    return scene.to_svg()


class Picture:
    """An SVG string shown as a picture in a notebook (and saved with it)."""

    def __init__(self, svg: str):
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return "(a Smartrix picture)"


def show(game: Game, **options) -> Picture:
    """The position as a picture, with ``draw``'s highlights (``move=``, ``legal_for=`` ...)."""
    return Picture(game.svg(**options))


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
    """The 70 cards, one row per value (0 spots to 8): every pattern up to turning."""
    by_value = [[c for c in DECK if VALUE[c] == v] for v in range(9)]
    cards, labels = [], []
    for v, group in enumerate(by_value):
        cards += group
        labels += [str(v)] * len(group)
    return Picture(cards_svg(cards, size=size, per_row=14))


def deck_counts() -> dict:
    """How many cards have each value (0..8), and the deck's total points."""
    counts = {v: sum(VALUE[c] == v for c in DECK) for v in range(9)}
    return {"cards": len(DECK), "by value": counts, "points": sum(VALUE[c] for c in DECK)}


# ----- lesson 1: cards, turning, one neighbour ----------------------------------

def check_value(card, answer) -> Verdict:
    """The value of ``card``: its number of spots."""
    card = parse_card(card) if isinstance(card, str) else card
    said = read_number(answer, "the value", "3")
    spots = [BOX_NAMES[b] for b in range(8) if card >> b & 1]
    why = (f"{card_text(card)} has {_plural(len(spots), 'spot')}"
           + (f" ({', '.join(spots)})" if spots else "") + f": its value is {VALUE[card]}.")
    return Verdict(said == VALUE[card], why if said == VALUE[card] else
                   f"{why} You said {said}: count the filled circles, not the empty rings.")


def check_rotation(card, answer) -> Verdict:
    """``card`` turned a quarter turn clockwise, typed as 8 digits."""
    card = parse_card(card) if isinstance(card, str) else card
    said, turned = read_card(answer), rotate(card)
    if said == turned:
        return Verdict(True, f"{card_text(card)} turned a quarter clockwise is {card_text(turned)}: "
                             "every digit moved two places to the right, and the last two "
                             "came round to the front.")
    if CANONICAL[said] == CANONICAL[card]:
        turns = next(k for k in range(4) if rotate(card, k) == said)
        return Verdict(False, f"{card_text(said)} is the same card, but turned "
                              f"{turns} quarter(s), not one; one quarter clockwise gives "
                              f"{card_text(turned)}.")
    return Verdict(False, f"{card_text(said)} is a different card (other spots); "
                          f"one quarter clockwise gives {card_text(turned)}.")


def touching(game: Game, cell) -> list:
    """``(neighbour cell, "side"/"corner", boxes facing)`` for each card ``cell`` touches."""
    out = []
    for (dr, dc), name, pairs in FACING:
        n = (cell[0] + dr, cell[1] + dc)
        if n in game.grid:
            out.append((n, name, len(pairs)))
    return out


def check_placement(game: Game, answer) -> Verdict:
    """Is ``answer`` (a move) a legal placement here? The engine says why."""
    move = read_move(answer)
    if move.kind != "place":
        return Verdict(False, "Place a card: pick it in the hand, turn it, click a cell.")
    exp = game.explain(move)
    if not exp.legal:
        return Verdict(False, str(exp).capitalize() + ".")
    meets = "; ".join(f"at its {name} it meets the card at {_cell(n)}: "
                      f"{_plural(k, 'pair')} of facing boxes, {'all ' if k > 1 else ''}matching"
                      for n, name, k in touching(game, move.cell))
    return Verdict(True, f"{str(exp).capitalize()}. {meets[0].upper() + meets[1:]}.")


def short_game(seed: int = 0, pile: int = 6) -> Game:
    """A children's game (no window) for two, played by two greedy players until
    ``pile`` cards are left to draw: a whole game's ending in a few minutes. With
    seed 0 both players have collected 70 points and the table is 11 x 11 cells."""
    game, rng = Game.new(2, seed=seed, window=None), random.Random(seed)
    player = GreedyPlayer()
    while game.deck_size > pile or game.to_move != 0:
        game.play(player.choose(game, rng))
    return Game.from_dict(game.to_dict())   # the history starts here


# ----- lesson 2: eight directions -----------------------------------------------

def fit_cells(game: Game, card) -> set:
    """The cells where ``card`` (in the mover's hand) fits in some orientation."""
    canon = CANONICAL[parse_card(card) if isinstance(card, str) else card]
    return {m.cell for m in game.legal_moves() if m.kind == "place" and CANONICAL[m.card] == canon}


def check_fit_cells(game: Game, card, answer) -> Verdict:
    """Are the typed cells exactly those where ``card`` fits (in some turn)?"""
    said, truth = read_cells(answer), fit_cells(game, card)
    if said == truth:
        return Verdict(True, f"It fits at exactly these {_plural(len(truth), 'cell')}: "
                             f"{_cells(truth)}.")
    why = []
    for cell in sorted(said - truth)[:2]:
        exp = game.explain(Move("place", card=_any_turn(card), cell=cell))
        why.append(f"at {_cell(cell)} no turn fits: {_first_reason(game, card, cell) or exp}")
    missing = truth - said
    if missing:
        why.append(f"you left out {_plural(len(missing), 'cell')} where it fits")
    text = "; ".join(why)
    return Verdict(False, text[0].upper() + text[1:] + ".")


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
    """Why does ``move`` not fit? Answer side, corner, window or touch (one or more)."""
    words = {w for w in re.split(r"[\s,;+]+|\band\b", str(answer).strip().lower()) if w}
    if not words or not words <= set(REASONS):
        raise InvalidMoveText("answer with one or more of: side, corner, window, touch")
    truth = why_not(game, move)
    exp = game.explain(move)
    if words == truth:
        return Verdict(True, f"The kit says: {exp}.")
    named = " and ".join(REASONS[k] for k in sorted(truth))
    return Verdict(False, f"Here {named}. The kit says: {exp}.")


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
    exp = game.explain(move)
    if not exp.legal:
        return Verdict(False, f"That placement is refused: {exp}.")
    n, best = cards_collected(game, move), most_cards(game)
    if n == best[0]:
        return Verdict(True, f"{exp}. No placement collects more than {best[0]}.")
    return Verdict(False, f"{str(exp).capitalize()}. But a placement here collects "
                          f"{best[0]} cards: press Undo and look again.")


# ----- lesson 4: the end and the score ---------------------------------------------

def finished_game(seed: int = 2, players: int = 2) -> Game:
    """A whole seeded game between greedy players (ends with cards in hand)."""
    game, rng = Game.new(players, seed=seed), random.Random(seed)
    player = GreedyPlayer()
    while not game.is_over:
        game.play(player.choose(game, rng))
    return game


def score_sum(game: Game, seat: int) -> str:
    got = sum(VALUE[parse_card(c)] for c in game.collected(seat))
    left = sum(VALUE[parse_card(c)] for c in game.hand(seat))
    return f"Player {seat}: {got} collected - {left} in hand = {got - left}"


def check_scores(game: Game, answer) -> Verdict:
    """The final score of every seat, typed in seat order (``"31 -4"``)."""
    parts = str(answer).replace(",", " ").split()
    if len(parts) != game.players:
        raise InvalidMoveText(f"type {game.players} scores, one per player in seat order, "
                              f"e.g. {' '.join(['12'] * game.players)}")
    said = [read_number(p, "each score") for p in parts]
    truth = game.seat_scores
    sums = "; ".join(score_sum(game, s) for s in range(game.players))
    if said == truth:
        return Verdict(True, sums + ".")
    wrong = [s for s in range(game.players) if said[s] != truth[s]]
    seat = wrong[0]
    got = sum(VALUE[parse_card(c)] for c in game.collected(seat))
    if said[seat] == got:
        tip = (f"That is what Player {seat} collected; now take away the values of the cards "
               "left in their hand.")
    else:
        tip = "Score = the values collected minus the values of the cards left in hand."
    others = f" ({len(wrong)} of the scores are wrong.)" if len(wrong) > 1 else ""
    return Verdict(False, f"Player {seat} is not {said[seat]}. {tip}{others}")


def end_phase_position() -> Game:
    """A seeded greedy game stopped when the draw pile has just run out."""
    game, rng = Game.new(3, seed=5), random.Random(5)
    player = GreedyPlayer()
    while game.deck_size > 0:
        game.play(player.choose(game, rng))
    return Game.from_dict(game.to_dict())


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
    """Is the typed set of cells a successful (smallest) challenge here?"""
    cells = read_cells(answer)
    exp = game.explain(Move.take("challenge", sorted(cells)))
    if exp.legal:
        return Verdict(True, f"The kit agrees: {exp}.")
    return Verdict(False, f"{str(exp).capitalize()}.")


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


def check_chance(game: Game, move, answer) -> Verdict:
    """The chance (in %) that the next player can complete the line ``move`` leaves."""
    said = read_number(str(answer).strip().rstrip("%").strip(), "the chance in %", "40")
    found = after_threats(game, read_move(move))
    if not found:
        raise ValueError("this move leaves no line one card short")
    pool, hand = len(game.unseen(game.to_move)), next_hand_size(game)
    fitting = len({CANONICAL[parse_card(c)] for t in found for c in t.completions})
    chance = 100 * holds_chance(pool, fitting, hand)
    sum_ = (f"{fitting} of the {pool} unseen cards complete it; the next player will hold "
            f"{hand} cards: 1 - C({pool - fitting},{hand}) / C({pool},{hand}) = {chance:.0f}%")
    if abs(said - chance) <= 1:
        return Verdict(True, sum_ + ".")
    return Verdict(False, f"Not {said}%: {sum_}.")


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
    """Does the placement ``answer`` meet the puzzle's goal? The engine judges."""
    game = puzzle.game
    move = read_move(answer)
    if move.kind != "place":
        return Verdict(False, "Every puzzle asks for a card placed: passing does not solve it.")
    exp = game.explain(move)
    if not exp.legal:
        return Verdict(False, f"That placement is refused: {exp}.")
    ok, why = meets_goal(game, puzzle.goal, puzzle.target, move)
    return Verdict(ok, why + ".")


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


def first_move(board: Board) -> Move:
    """The first move made on ``board`` (the student's answer), or InvalidMoveText."""
    if not board.game.history:
        raise InvalidMoveText("place a card on the board first (click a card of your hand, "
                              "R to turn it, click a + cell), then press Check")
    return board.game.history[0]


def play_on(board: Board, move) -> str:
    """Reveal: take ``board`` back to its start and play ``move`` there."""
    while board.game.history:
        board.undo()
    board.submit(read_move(move))
    return f"{move}. Press Undo to take it back and try yourself."


def board_exercise(task: str, game: Game, check, solution, *, hints=(), progress=None,
                   key=None) -> Exercise:
    """Exercise: make one move on a live board; ``check(game, move)`` judges it."""
    board = board_for(game)
    start = Game.from_dict(game.to_dict())
    return Exercise(task, lambda move: check(start, move), answer=lambda: first_move(board),
                    hints=hints, board=board, progress=progress, key=key,
                    show=lambda: play_on(board, solution),
                    solution=lambda: f"{solution}. {check(start, read_move(solution)).why}")


def typed_exercise(task: str, svg: str, check, *, hints=(), show=None, progress=None,
                   key=None, placeholder: str = "") -> Exercise:
    """Exercise: a picture, a typed answer judged by ``check(text)``; ``show`` gives
    the answer in words (it has no board to play on), so it is the printed solution too."""
    return Exercise(task, check, hints=hints, show=show, board=widgets.HTML(svg_img(svg)),
                    picture=lambda: svg, progress=progress, key=key, placeholder=placeholder,
                    solution=show)


def puzzle_exercise(puzzle: Puzzle, progress: Optional[Progress] = None) -> Exercise:
    """A puzzle on a live board: place a card, Check, Hint, Show me (plays the solution)."""
    return board_exercise(puzzle.task, puzzle.game, lambda _g, move: check_puzzle(puzzle, move),
                          puzzle.solution, hints=[puzzle.hint], progress=progress,
                          key=f"puzzle {puzzle.number}")


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
                           f"{', '.join(f'Player {i} {s}' for i, s in enumerate(seats))}"
                           f"{' (teams: 0 and 2 against 1 and 3)' if options.get('teams') else ''}"
                           "</div>")
        return Board(seats=seats, seed=self.seed.value, open_hands=self.open_hands.value,
                     delay=self.delay, **options)


# ----- the lessons' exercises, one call each ------------------------------------------

def value_exercise(card: str, progress=None) -> Exercise:
    """Lesson 1: type the value of ``card``."""
    return typed_exercise("What is the value of this card? Type a number.",
                          cards_svg([card], size=170), lambda t: check_value(card, t),
                          hints=["The value is the number of spots (the filled circles).",
                                 "Count the 8 boxes round the edge; skip the empty rings."],
                          show=f"{VALUE[parse_card(card)]}", progress=progress,
                          key="value", placeholder="e.g. 3")


def rotation_exercise(card: str, progress=None) -> Exercise:
    """Lesson 1: type ``card`` turned a quarter turn clockwise."""
    return typed_exercise(f"This card is {card}. Turn it a quarter turn clockwise: "
                          "what are its 8 digits now?", cards_svg([card], size=170),
                          lambda t: check_rotation(card, t),
                          hints=["A quarter turn moves every box two places round the ring.",
                                 "Take the last two digits and put them in front: "
                                 "abcdefgh becomes ghabcdef."],
                          show=card_text(rotate(parse_card(card))), progress=progress,
                          key="rotation", placeholder="8 digits, e.g. 10100000")


def first_placement_exercise(seed: int = 3, progress=None) -> Exercise:
    """Lesson 1: place any card next to the first card on a live board."""
    game = Game.new(2, seed=seed)
    solution = next(m for m in game.legal_moves() if m.kind == "place")
    return board_exercise("Put one of your cards next to the card on the table, so that "
                          "every box facing it matches.", game, check_placement, solution,
                          hints=["Click a card of your hand: a + marks each cell where it "
                                 "fits as it lies. No +? Press R to turn it.",
                                 "Spot faces spot, empty faces empty: at a side that is "
                                 "three boxes, at a corner just one."],
                          progress=progress, key="first placement")


def first_game(seed: int = 0, delay: float = 0.6) -> Board:
    """Lesson 1's game: you (Player 0) against the random computer, children's rules."""
    return Board(short_game(seed), seats=["human", "random"], delay=delay)


def fit_exercise(progress=None) -> Exercise:
    """Lesson 2: type every cell where the stored card fits, in some turn."""
    game, card = lesson_position("fit"), data()["positions"]["fit"]["move"]
    cells = fit_cells(game, card)
    svg = game.svg()
    return typed_exercise(f"Player {game.to_move} holds {card} (the first card of the hand). "
                          "Type every cell where it fits, in some turn, e.g. 0,1 -1,2",
                          svg, lambda t: check_fit_cells(game, card, t),
                          hints=["Try each empty cell that touches the table, in all four "
                                 "turns.", "A corner neighbour checks one box, a side "
                                 "neighbour three. Every neighbour must match at once.",
                                 f"There are {len(cells)} such cells."],
                          show=lambda: f"{_cells(cells)} (look for the + marks)",
                          progress=progress, key="fit", placeholder="e.g. 0,1 -1,2")


def fit_picture() -> Picture:
    """The answer of the fit exercise: the cells marked on the table."""
    game, card = lesson_position("fit"), data()["positions"]["fit"]["move"]
    return Picture(game.svg(legal_for=card))


def why_exercise(name: str, progress=None) -> Exercise:
    """Lesson 2: why is this placement refused? side, corner, window or touch."""
    game, move = lesson_position(name), lesson_move(name)
    svg = game.svg(move=move, show=[move.cell])   # the refused cell, even outside the window
    return typed_exercise(f"The kit refuses {move}: the ringed boxes and outlined cards show "
                          "the trouble. Why? Type side, corner, window or touch.", svg,
                          lambda t: check_why(game, move, t),
                          hints=["Look where the card would go: which neighbour has a ringed "
                                 "box, and is it beside it or only touching at a corner?",
                                 "A dashed frame edge means the table already spans 5 rows "
                                 "or columns there."],
                          show=lambda: str(game.explain(move)), progress=progress, key=name,
                          placeholder="side, corner, window or touch")


def most_cards_exercise(progress=None) -> Exercise:
    """Lesson 3: collect as many cards as possible with one card, on a live board."""
    game, move = lesson_position("most_cards"), lesson_move("most_cards")
    return board_exercise("Place one card to collect as many cards as you can.", game,
                          check_most_cards, move,
                          hints=["Look for gaps with cards on both sides in a line of five.",
                                 "One card can finish two lines at once: a row and a "
                                 "diagonal, say."],
                          progress=progress, key="most cards")


def check_points(game: Game, move, answer) -> Verdict:
    """The points ``move`` scores: the values of every card it collects."""
    said = read_number(answer, "the points", "40")
    exp = game.explain(read_move(move))
    cells = sorted({c for run in exp.sets for c in run})
    grid = {**game.grid, read_move(move).cell: read_move(move).card_text}
    values = [grid[c].count("1") for c in cells]
    sum_ = " + ".join(map(str, values)) + f" = {exp.points}"
    if said == exp.points:
        return Verdict(True, f"{len(cells)} cards: {sum_}.")
    return Verdict(False, f"Add up the values of all {len(cells)} cards, the new one too: "
                          f"{sum_}, not {said}.")


def points_exercise(progress=None) -> Exercise:
    """Lesson 3: how many points does the 17-card move score?"""
    game, move = lesson_position("seventeen"), lesson_move("seventeen")
    svg = game.svg(move=move)
    return typed_exercise(f"The move {move} collects 17 cards (outlined). How many points "
                          "does it score?", svg, lambda t: check_points(game, move, t),
                          hints=["A set scores the values of its cards: count the spots.",
                                 "Count the centre card once, even though it is in four lines."],
                          show=lambda: check_points(game, move, game.explain(move).points).why,
                          progress=progress, key="points", placeholder="e.g. 40")


def how_it_ended(game: Game) -> str:
    """Which of the two ends this finished game had, in words."""
    if not game.is_over:
        return "The game is not over yet."
    empty = [s for s in range(game.players) if not game.hand(s)]
    if empty:
        return f"Player {empty[0]} placed their last card: the game ended at once."
    return "The draw pile ran out and then every player passed: the game ended."


def score_svg(game: Game, size: int = 40, per_row: int = 18) -> str:
    """Each seat's collected cards and the cards left in hand, without the scores."""
    gap, label = size // 6, 30
    rows = []   # (label, cards)
    for s_ in range(game.players):
        for what, cards in (("collected", game.collected(s_)), ("left in hand", game.hand(s_))):
            rows.append((f"Player {s_}, {what} ({len(cards)} cards)", cards))
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
    return scene.to_svg()


def score_exercise(seed: int = 2, players: int = 2, progress=None) -> Exercise:
    """Lesson 4: score a finished game; one number per player."""
    game = finished_game(seed, players)
    svg = score_svg(game)
    example = " ".join(["12"] * players)
    return Exercise(f"This game is over. Type each player's score, in seat order "
                    f"(e.g. {example}).",
                    lambda t: check_scores(game, t), board=widgets.HTML(svg_img(svg)),
                    picture=lambda: svg, progress=progress, key=f"score {seed}",
                    hints=["Score = the values of the cards you collected, minus the "
                           "values of the cards still in your hand.",
                           "A card's value is its number of spots."],
                    show=lambda: "; ".join(score_sum(game, s) for s in range(players)),
                    solution=lambda: "; ".join(score_sum(game, s) for s in range(players)),
                    placeholder=example)


def team_end_phase(seed: int = 1) -> Game:
    """A 4-player team game (greedy players) stopped when the pile has run out."""
    game, rng = Game.new(4, seed=seed, teams=True), random.Random(seed)
    player = GreedyPlayer()
    while game.deck_size > 0:
        game.play(player.choose(game, rng))
    return Game.from_dict(game.to_dict())


def challenge_exercise(progress=None) -> Exercise:
    """Lesson 5: type the smallest challenge on the free table."""
    game, move = lesson_position("challenge"), lesson_move("challenge")
    svg = game.svg(offending=True)
    return typed_exercise(f"Free table: the cards marked ! were put down against the rules "
                          f"({len(game.offending)} of them). Challenge: type the cells of as "
                          "few of them as make the table legal again.", svg,
                          lambda t: check_challenge(game, t),
                          hints=["A challenge may only take ! cards, and as few as possible.",
                                 "Take a ! card away in your head: do the others still "
                                 "mismatch a card that stays?"],
                          show=lambda: str(game.explain(move)) + f" ({_cells(move.cells)})",
                          progress=progress, key="challenge", placeholder="e.g. -1,0")


def threat_picture(name: str = "threat") -> Picture:
    """The table after the stored move, with the line it leaves one card short."""
    game, move = lesson_position(name), lesson_move(name)
    after = Game.from_dict(game.to_dict())
    after.play(move)
    return Picture(after.svg(threats=after_threats(game, move), recent=1))


def chance_exercise(progress=None) -> Exercise:
    """Lesson 6: the chance that the next player can complete the line left behind."""
    game, move = lesson_position("threat"), lesson_move("threat")
    svg = threat_picture().svg
    pool, hand = len(game.unseen(game.to_move)), next_hand_size(game)
    (t,) = after_threats(game, move)
    fitting = len({CANONICAL[parse_card(c)] for c in t.completions})
    return typed_exercise(f"After {move}, {fitting} of the {pool} cards you cannot see "
                          f"complete the line, and the next player will hold {hand} cards. "
                          "What is the chance (in %) that they hold at least one?", svg,
                          lambda text: check_chance(game, move, text),
                          hints=["Work out the chance that they hold none of them, then take "
                                 "it from 100%.",
                                 "Use L.holds_chance(pool, fitting, hand) in a cell: it "
                                 "counts the hands with none of the cards."],
                          show=lambda: check_chance(game, move, "0").why.replace("Not 0%: ", ""),
                          progress=progress, key="chance", placeholder="e.g. 40")


def notation_key() -> HTMLPicture:
    return HTMLPicture(f"<div style='font-size:17px'>{Board.NOTATION_KEY}</div>")
