"""The Mattix course's pure checks and the words they use.

Each check takes the position and the student's answer (text, a Move, or a move
made on a board) and returns a :class:`kit.lessons.exercise.Verdict` saying right
or wrong and why, with the engine's numbers. A wrong try is told what is wrong
with that try (common slips are named: the tile alone, the sign of a negative
tile turned, the reply added, the star counted), never the answer; a fact a hint
or verdict states about a position (the best answer to a take) is the exact
solver's. No widgets. Not covered: the puzzles (:mod:`kit.lessons.mattix.puzzles`).
"""

from __future__ import annotations

from kit.errors import InvalidMoveText
from kit.lessons.exercise import Verdict
from kit.lessons.mattix.answers import read_cells, read_move, read_number
from kit.lessons.table import Table
from kit.mattix import Game, Move, analyse, lookahead_values
from kit.mattix.rules import SIDE_NAMES


def _side(game: Game) -> str:
    return SIDE_NAMES[game.to_move]


def _other(game: Game) -> str:
    return SIDE_NAMES[1 - game.to_move]


def _line(game: Game) -> str:
    return "row" if game.to_move == 0 else "column"


def _crossing(game: Game) -> list[Move]:
    """The tiles in the other player's line (through the star, so never a legal take
    here): the slip of taking from the wrong line."""
    return [Move(r, c) for r, c in game.line_cells(1 - game.to_move)
            if game.board[r][c] is not None]


def _ahead(margin: int) -> str:
    if margin == 0:
        return "level (a draw)"
    return f"{abs(margin)} {'ahead' if margin > 0 else 'behind'}"


def _tile(game: Game, move: Move) -> int:
    """The tile at ``move``'s cell (the course asks only of cells that have one; an
    empty one is a ValueError the exercise shows, never a silent wrong number)."""
    return game.tile((move.row, move.col))


def refusal(game: Game, move: Move) -> str | None:
    """Why ``move`` cannot be taken here, in words that do not name the line's
    number (that would point at the answer); None if it is legal."""
    if game.explain(move).legal:
        return None
    n, (r, c) = game.size, (move.row, move.col)
    if game.is_over:
        return "the game is over: nobody can take a tile"
    if not (0 <= r < n and 0 <= c < n):
        return f"{move} is off the board (rows and columns go from 0 to {n - 1})"
    if (r, c) == tuple(game.star):
        return f"{move} is the star itself, not a tile: the star's cell has nothing to take"
    line = _line(game)
    if (line == "row" and r != game.star[0]) or (line == "column" and c != game.star[1]):
        return (f"{move} is not in the star's {line}: the {_side(game)} takes only from the "
                f"{line} the star is in")
    return f"{move} is empty: its tile was already taken"


def _legal(game: Game, answer) -> Move | Verdict:
    """The move if ``answer`` is a legal take here, else the Verdict saying why not."""
    move = read_move(answer)
    why = refusal(game, move)
    if why:
        return Verdict(False, why[0].upper() + why[1:] + ".")
    return move


def best_reply(game: Game, move: Move) -> Move | None:
    """The opponent's exactly best reply after ``move`` (the solver's choice), or None
    if ``move`` ends the game."""
    after = game.copy()
    after.play(move)
    if after.is_over:
        return None
    return analyse(after)[0][0]


def reply_words(game: Game, move: Move) -> str:
    """"the column player's best answer is the 14 at 2,0" (exact), or that it ends the game."""
    reply = best_reply(game, move)
    if reply is None:
        return f"your take ends the game: the {_other(game)} has no tile left to take"
    after = game.copy()
    after.play(move)
    return f"the {_other(game)}'s best answer is the {_tile(after, reply)} at {reply}"


# ----- lesson 1: the star and the two lines -----------------------------------

def check_legal_takes(game: Game, answer) -> Verdict:
    """Are the typed cells exactly the tiles the player to move may take?"""
    said, legal = read_cells(answer), set(game.legal_moves())
    side, line = _side(game), _line(game)
    if said == legal:
        return Verdict(True, f"The {side} may take exactly these {len(legal)} tiles: "
                             f"they are in the star's {line}.")
    other_line = "column" if line == "row" else "row"
    star = Move(*game.star)
    crossing = {m for m in said if (m.col == star.col if line == "row" else m.row == star.row)}
    if len(said) > 1 and crossing == said - {star} and not (said & legal):
        return Verdict(False, f"Those are in the star's {other_line}. The {side} takes "
                              f"from the star's {line}.")
    if star in said:
        return Verdict(False, f"{star} is the star itself: it is not a tile, so nobody "
                              "takes it.")
    wrong = sorted(said - legal)
    if wrong:
        why = refusal(game, wrong[0]) or "that take is refused"
        return Verdict(False, why[0].upper() + why[1:] + ".")
    missing = len(legal - said)
    return Verdict(False, f"Each tile you typed may be taken, but you left out {missing} "
                          f"tile{'s' * (missing > 1)} that may be taken too.")


def check_take(game: Game, answer) -> Verdict:
    """Is ``answer`` a legal take? Says the tile it scores and where the star goes."""
    move = _legal(game, answer)
    if isinstance(move, Verdict):
        return move
    tile = _tile(game, move)
    line = "column" if game.to_move == 0 else "row"
    return Verdict(True, f"{move} is in the {_side(game)}'s line: it scores {tile} and the "
                         f"star moves to {move}, so the {_other(game)} takes from {line} "
                         f"{move.col if line == 'column' else move.row} next.")


# ----- lesson 2: the rules in full --------------------------------------------

def check_score_after(game: Game, move, answer) -> Verdict:
    """The mover's score after taking ``move``, typed as a whole number.

    A wrong try is told what it did (the tile alone, the score before, the sign
    of a negative tile turned), never the score."""
    move = read_move(move)
    said = read_number(answer, "the score")
    tile, before = _tile(game, move), game.scores[game.to_move]
    after, side = before + tile, _side(game)
    if said == after:
        return Verdict(True, f"{before} {'+' if tile >= 0 else '-'} {abs(tile)} = {after}.")
    if tile < 0 and said == before - tile:
        return Verdict(False, "Your score went up, but this tile is negative: a negative "
                              "tile makes the score go down.")
    if said == tile:
        return Verdict(False, f"That is the tile alone. The {side} already had points "
                              "before this take: start from them.")
    if said == before:
        return Verdict(False, f"That is the {side}'s score before the take: the tile "
                              "counts too.")
    if said == abs(tile) or said == -before + tile:
        return Verdict(False, "Watch the signs: start from the points the "
                              f"{side} had, then add the tile with its sign.")
    return Verdict(False, f"That is not the {side}'s score after this take: start from "
                          "their points before it, then add the tile (a negative tile "
                          "counts down).")


OUTCOMES: dict[str, int | None] = {"row": 0, "row player": 0, "row wins": 0, "row player wins": 0, "the row player": 0,
            "column": 1, "column player": 1, "col": 1, "column wins": 1,
            "column player wins": 1, "the column player": 1,
            "draw": None, "a draw": None, "tie": None, "nobody": None}


NOT_OVER = ("not over", "not over yet", "no", "not yet")


def truth_words(game: Game) -> str:
    """The answer to "is it over, who won?" as the solution writes it."""
    if not game.is_over:
        return "not over yet"
    return "a draw" if game.winner is None else f"{SIDE_NAMES[game.winner]} wins"


def check_outcome(game: Game, answer) -> Verdict:
    """Who wins this game, if it is over? Answer "row", "column", "draw" or "not over".

    A wrong try is told what is wrong with it (the game goes on; the game has
    ended; not that winner), never the winner."""
    text = str(answer).strip().lower().rstrip(".!")
    said_over = text not in NOT_OVER
    if text not in OUTCOMES and said_over:
        raise InvalidMoveText("answer row, column, draw or not over")
    side, line = _side(game), _line(game)
    star = game.star[0] if line == "row" else game.star[1]
    if not game.is_over:
        if not said_over:
            return Verdict(True, f"The {side} still has a tile in {line} {star}, the "
                                 "star's line, so the game goes on.")
        return Verdict(False, f"Look along the {side}'s line again, the star's {line}: "
                              "is there still a tile they can take?")
    ended = (f"The {side} is to move and has no tile in the star's {line}, so the game is "
             "over (even if tiles are left elsewhere)")
    if not said_over:
        return Verdict(False, f"Look again at the {side}'s line, the star's {line}: is "
                              "there any tile in it?")
    if OUTCOMES[text] == game.winner:
        s0, s1 = game.scores
        return Verdict(True, f"{ended}. Scores: row player {s0}, column player {s1}.")
    said_winner = OUTCOMES[text]
    if said_winner is None:
        return Verdict(False, "It is over, yes, but it is not level: compare the two "
                              "scores at the top again.")
    return Verdict(False, f"It is over, yes, but the {SIDE_NAMES[said_winner]} did not "
                          "win: compare the two scores at the top again.")


# ----- lesson 3: greedy is not enough -----------------------------------------

def net_gains(game: Game) -> list[tuple[Move, int, int, int]]:
    """``(move, tile, best reply, tile - best reply)`` for every take: the net gain."""
    rows = []
    for move, net in lookahead_values(game.copy()):
        tile = _tile(game, move)
        rows.append((move, tile, tile - net, net))
    return rows


def net_gain_table(game: Game) -> Table:
    """Lesson 3's table: each take, its tile, the best reply it allows, the net gain."""
    return Table({"take": str(m), "tile": t, "best reply": r, "net gain": n}
                 for m, t, r, n in net_gains(game))


def check_net_gain(game: Game, move, answer) -> Verdict:
    """The net gain of taking ``move``: its tile minus the opponent's biggest reply.

    Common slips are named (the tile alone, the reply added, the order turned,
    the star's cell counted, a tile out of the line, not the biggest reply);
    the net gain itself is never said on a wrong try."""
    move = read_move(move)
    said = read_number(answer, "the net gain")
    _, tile, reply, net = next(r for r in net_gains(game) if r[0] == move)
    sum_ = f"{tile} - {reply} = {net}" if reply >= 0 else f"{tile} - ({reply}) = {net}"
    other = _other(game)
    if said == net:
        return Verdict(True, f"You get {tile}, then the {other}'s biggest reply is {reply}: "
                             f"{sum_}.")
    after = game.copy()
    after.play(move)
    line_tiles = [_tile(after, m) for m in after.legal_moves()]
    others = [t for t in sum(([t for t in row if t is not None] for row in after.board), [])
              if t not in line_tiles]
    if said == tile:
        why = (f"That is your tile alone. Then the {other} takes a tile: take their "
               "biggest reply away from it.")
    elif said == tile + reply:
        why = "You added the reply. The net gain takes the reply away from your tile."
    elif said == reply - tile:
        why = "You took your tile away from the reply: it goes the other way round."
    elif said == 0:
        why = ("You took your own tile away: after your take the star stands in its cell, "
               "and the star is not a tile.")
    elif any(said == tile - t for t in line_tiles):
        why = (f"That reply is not the {other}'s biggest: they may take any tile in their "
               "line, so count the biggest.")
    elif any(said == tile - t for t in others):
        why = (f"That tile is not in the {other}'s line after your take: the star moves to "
               f"{move}, and they take from the star's {'column' if game.to_move == 0 else 'row'}.")
    else:
        why = (f"Not the net gain of this take: your tile, minus the biggest tile the {other} "
               "can take after it.")
    return Verdict(False, why)


def check_best_take(game: Game, answer) -> Verdict:
    """Is ``answer`` a best take? Judged exactly. A wrong take is told the best
    answer to it and how it ends, never which take is best."""
    move = _legal(game, answer)
    if isinstance(move, Verdict):
        return move
    margins = final_margins(game)
    mine, tile = margins[move], _tile(game, move)
    said = f"Taking the {tile} at {move}, with best play after it you end {_ahead(mine)}"
    if mine == max(margins.values()):
        biggest = max(_tile(game, m) for m in margins)
        greed = (" The biggest tile would have lost here." if tile < biggest and
                 max(margins[m] for m in margins if _tile(game, m) == biggest) < 0 else "")
        return Verdict(True, said + ": no take does better." + greed)
    return Verdict(False, f"After the {tile} at {move}, {reply_words(game, move)}, and with "
                          f"best play you end {_ahead(mine)}. A better take exists.",
                   more=("Best play by both from your take: "
                         f"{tiles_words(game, best_line(game, move))}."))


def best_line(game: Game, first: Move | None = None) -> list[Move]:
    """The whole principal variation from ``game`` (starting with ``first``), exactly.

    Each take is a best one for the player making it (the solver's values, ties
    to the bigger tile, then board order).
    """
    g, line = game.copy(), []
    move = first
    while not g.is_over:
        move = move if move is not None else analyse(g)[0][0]
        g.play(move)
        line.append(move)
        move = None
    return line


#: Takes a "Why?" spells out before "…" and the final margin (the whole line to the
#: end of a 5 x 5 game ran below the fold).
WHY_TAKES = 4


def tiles_words(game: Game, line: list[Move], first: int = WHY_TAKES) -> str:
    """The first ``first`` takes of ``line`` as the tiles taken, without cells (a
    wrong try's "Why?" must not name the cell of the answer), "…" for the rest,
    and how it ends: "you 7, the column player 6, you 3, …; you end 2 ahead"."""
    g, words = game.copy(), []
    for k, move in enumerate(line):
        if k < first:
            who = "you" if g.to_move == game.to_move else f"the {SIDE_NAMES[g.to_move]}"
            words.append(f"{who} {_tile(g, move)}")
        g.play(move)
    if len(line) > first:
        words.append("…")
    s0, s1 = g.scores
    mine = (s0 - s1) if game.to_move == 0 else (s1 - s0)
    return f"{', '.join(words)}; you end {_ahead(mine)}"


def line_words(game: Game, line: list[Move]) -> str:
    """``line`` in words: "row player 2,0 (11), column player 3,0 (5), ..."."""
    g, words = game.copy(), []
    for move in line:
        words.append(f"{SIDE_NAMES[g.to_move].split()[0]} {move} ({_tile(g, move)})")
        g.play(move)
    return ", ".join(words)


def final_margins(game: Game) -> dict[Move, int]:
    """Move -> how far ahead the mover ends with best play after it (scores included)."""
    diff = game.scores[game.to_move] - game.scores[1 - game.to_move]
    return {m: diff + v for m, v in analyse(game)}


def illegal_tries(game: Game) -> list[str]:
    """Two takes a student might try that the rules refuse: a tile off the line
    (in the other player's line, the common slip), and the star's cell."""
    off = [Move(r, c) for r in range(game.size) for c in range(game.size)
           if game.board[r][c] is not None and refusal(game, Move(r, c))]
    return [str((_crossing(game) or off)[0]), str(Move(*game.star))]


def check_choice(options: dict[str, str], truth: str, why: str, answer) -> Verdict:
    """A choice among ``options`` (answer text -> name); ``truth`` is the right name.
    A wrong choice is told only that the measurement says otherwise (the data
    now shows under the exercise), never the right name."""
    text = str(answer).strip().lower()
    if text not in options:
        raise InvalidMoveText(f"answer one of: {', '.join(sorted(set(options)))}")
    if options[text] == truth:
        return Verdict(True, why[:1].upper() + why[1:])
    return Verdict(False, "That is not what the computer found. Its numbers are now under "
                          "this box: read them, then answer again.")
