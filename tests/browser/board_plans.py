"""What to click on each game's board, worked out on a board built in Python.

The browser tests and benchmarks/bench_boards.py drive a board in a page and
the same board here in step: a plan below is computed from the local board's
game (which move is legal, which the engine refuses and in what words), and
``point`` gives where to click in the canvas' own pixels.

An action is ``("cell", cell)``, ``("hand", i)`` or ``("button", name)``.
"""

from __future__ import annotations

import importlib
from concurrent.futures import ThreadPoolExecutor

from kit import games

from kit.errors import IllegalMove
from kit.iota.moves import Play
from kit.mattix import Move as MattixMove
from kit.smartrix.cards import parse_card, rotate
from kit.smartrix.moves import Move as SmartrixMove
from kit.testing.events import click


def offline(fn, *args):
    """Run ``fn`` where no event loop runs (Playwright's sync API runs one in
    its thread): a local board's computer seats and hints then answer at once
    instead of scheduling a task on Playwright's loop."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(fn, *args).result()


def _build(expression: str, game: str):
    namespace: dict = {}
    exec(f"from kit import {game}", namespace)
    board = eval(expression, namespace)
    board.view.raise_errors = True
    return board


def build_offline(expression: str, game: str):
    """The board ``expression`` makes (after ``from kit import <game>``), built offline."""
    return offline(_build, expression, game)


def point(board, action) -> tuple:
    """Where ``action`` (a cell or a hand card) is, in canvas pixels."""
    kind, what = action
    return board.xy(what) if kind == "cell" else board.hand_xy(what)


def do(board, action) -> None:
    """Give ``action`` to the local board, as the page gets it."""
    kind, what = action
    if kind == "button":
        board.controls[what].click()
    else:
        click(board.canvas, *point(board, action))


# ----- what to click, per game ------------------------------------------
# Each returns (actions, text): an action is ("cell", cell), ("hand", i) or
# ("button", name); for a refusal the text is the engine's own words for it,
# for a move the move as the move list writes it.

def refusal(game, move) -> str:
    """What the engine says when ``move`` is played here (it must refuse it)."""
    try:
        game.copy().play(move)
    except IllegalMove as exc:
        return str(exc)
    raise AssertionError(f"{move} is legal here")


def mattix_illegal(board):
    """A tile outside the row player's line: the star's row is the rule."""
    r, c = board.game.star
    n = board.game.size
    wrong = MattixMove((r + 1) % n, (c + 1) % n)
    return [("cell", wrong.cell)], refusal(board.game, wrong)


def mattix_legal(board):
    move = board.game.legal_moves()[0]
    return [("cell", move.cell)], str(move)


def iota_line(board):
    """Two empty cells continuing a table card's row to the right."""
    (r, c) = min(board.game.table)
    cells = [(r, c + 1), (r, c + 2)]
    assert not set(cells) & set(board.game.table)
    return cells


def iota_illegal(board):
    """Two cards that break a line, then Confirm: the engine names the rule."""
    hand, (a, b) = board.hand, iota_line(board)
    for i in range(len(hand)):
        for j in range(len(hand)):
            play = Play.of([(hand[i], a), (hand[j], b)])
            if i != j and not board.game.explain(play).legal:
                return ([("hand", i), ("cell", a), ("hand", j), ("cell", b),
                         ("button", "confirm")], refusal(board.game, play))
    raise AssertionError("no two cards of this hand break the line")


def iota_legal(board):
    """One card that fits, then Confirm."""
    a = iota_line(board)[0]
    i = next(i for i, card in enumerate(board.hand)
             if board.game.explain(Play.of([(card, a)])).legal)
    return ([("hand", i), ("cell", a), ("button", "confirm")],
            str(Play.of([(board.hand[i], a)])))


def smartrix_neighbours(game):
    return sorted({(r + dr, c + dc) for r, c in game.grid for dr in (-1, 0, 1)
                   for dc in (-1, 0, 1)} - set(game.grid))


def smartrix_illegal(board):
    """A card put where its boxes do not match its neighbours'."""
    game = board.game
    card = parse_card(game.hand(game.to_move)[0])
    fits = {m.cell for m in game.legal_moves() if m.card == card}
    cell = next(c for c in smartrix_neighbours(game) if c not in fits)
    return [("hand", 0), ("cell", cell)], refusal(game, SmartrixMove.place(card, *cell))


def smartrix_legal(board):
    """Select a card, turn it a quarter turn, place it where it fits so."""
    game = board.game
    for i, text in enumerate(game.hand(game.to_move)):
        fits = [m for m in game.legal_moves() if m.card == rotate(parse_card(text), 1)]
        if fits:
            return [("hand", i), ("button", "rotate"), ("cell", fits[0].cell)], str(fits[0])
    raise AssertionError("no card of this hand fits after a quarter turn")


ILLEGAL = {"mattix": mattix_illegal, "iota": iota_illegal, "smartrix": smartrix_illegal}
LEGAL = {"mattix": mattix_legal, "iota": iota_legal, "smartrix": smartrix_legal}
# Any other game's plans are in its own folder, named by its registration (plans=).
for _spec in games.all():
    if _spec.plans and _spec.name not in LEGAL:
        _module = importlib.import_module(_spec.plans)
        ILLEGAL[_spec.name], LEGAL[_spec.name] = _module.illegal, _module.legal
#: what puts a board back in order after the refused attempt (the IOTA cards wait on the table)
AFTER_REFUSAL = {"iota": [("button", "take_back")],
                 **{s.name: list(getattr(importlib.import_module(s.plans), "AFTER_REFUSAL", []))
                    for s in games.all() if s.plans}}
#: the steps of a legal move benchmarks/bench_boards.py times on their own: name -> index in LEGAL's plan
STEPS = {"iota": {"select card": 0, "place pending card": 1},
         "smartrix": {"select card": 0, "rotate": 1}}
#: the click bench_boards.py times in the browser: (what it is, its index in LEGAL's plan,
#: the actions that put the board back after it); index None: select hand card 0, 1, 0 ...
LATENCY = {"mattix": ("take a tile", -1, [("button", "undo")]),
           "iota": ("place a pending card", 1, [("button", "take_back")]),
           "smartrix": ("select a hand card", None, [])}
