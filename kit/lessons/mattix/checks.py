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
from kit.i18n import N_, _, ngettext
from kit.lessons.exercise import Verdict
from kit.lessons.mattix.answers import read_cells, read_move, read_number
from kit.lessons.table import Heading, Table
from kit.mattix import Game, Move, analyse, lookahead_values
from kit.mattix.ai import margin_words
from kit.mattix.text import capital


def _side(game: Game) -> str:
    """The player to move's name, in the language in effect ("row player")."""
    return game.side_name(game.to_move)


def _other(game: Game) -> str:
    """The other player's name, in the language in effect."""
    return game.side_name(1 - game.to_move)


def _line(game: Game) -> str:
    """The line the player to move takes from, as a key: "row" or "column" (never shown)."""
    return "row" if game.to_move == 0 else "column"


def _star_line(game: Game, player: int | None = None) -> str:
    """The line ``player`` (default: the mover) takes from, in words: "the star's row"."""
    player = game.to_move if player is None else player
    return _("the star's row") if player == 0 else _("the star's column")


def _crossing(game: Game) -> list[Move]:
    """The tiles in the other player's line (through the star, so never a legal take
    here): the slip of taking from the wrong line."""
    return [Move(r, c) for r, c in game.line_cells(1 - game.to_move)
            if game.board[r][c] is not None]


def _ahead(margin: int) -> str:
    """How the mover ends: "9 ahead", "3 behind", "level (a draw)"."""
    return margin_words(margin)


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
        return _("the game is over: nobody can take a tile")
    if not (0 <= r < n and 0 <= c < n):
        return _("{move} is off the board (rows and columns go from 0 to {last})").format(
            move=move, last=n - 1)
    if (r, c) == tuple(game.star):
        return _("{move} is the star itself, not a tile: the star's cell has nothing to "
                 "take").format(move=move)
    line = _line(game)
    if line == "row" and r != game.star[0]:
        return _("{move} is not in the star's row: the {side} takes only from the row the "
                 "star is in").format(move=move, side=_side(game))
    if line == "column" and c != game.star[1]:
        return _("{move} is not in the star's column: the {side} takes only from the column "
                 "the star is in").format(move=move, side=_side(game))
    return _("{move} is empty: its tile was already taken").format(move=move)


def _legal(game: Game, answer: object) -> Move | Verdict:
    """The move if ``answer`` is a legal take here, else the Verdict saying why not."""
    move = read_move(answer)
    why = refusal(game, move)
    if why:
        return Verdict(False, capital(why) + ".")
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
        return _("your take ends the game: the {side} has no tile left to take").format(
            side=_other(game))
    after = game.copy()
    after.play(move)
    return _("the {side}'s best answer is the {tile} at {move}").format(
        side=_other(game), tile=_tile(after, reply), move=reply)


# ----- lesson 1: the star and the two lines -----------------------------------

def check_legal_takes(game: Game, answer: object) -> Verdict:
    """Are the typed cells exactly the tiles the player to move may take?"""
    said, legal = read_cells(answer), set(game.legal_moves())
    side, line = _side(game), _line(game)
    if said == legal:
        return Verdict(True, ngettext("The {side} may take exactly this {n} tile: it is in "
                                      "{star_line}.",
                                      "The {side} may take exactly these {n} tiles: they are in "
                                      "{star_line}.", len(legal))
                       .format(side=side, n=len(legal), star_line=_star_line(game)))
    star = Move(*game.star)
    crossing = {m for m in said if (m.col == star.col if line == "row" else m.row == star.row)}
    if len(said) > 1 and crossing == said - {star} and not (said & legal):
        return Verdict(False, _("Those are in {other_line}. The {side} takes from {star_line}.")
                       .format(other_line=_star_line(game, 1 - game.to_move), side=side,
                               star_line=_star_line(game)))
    if star in said:
        return Verdict(False, _("{star} is the star itself: it is not a tile, so nobody "
                                "takes it.").format(star=star))
    wrong = sorted(said - legal)
    if wrong:
        why = refusal(game, wrong[0]) or _("that take is refused")
        return Verdict(False, capital(why) + ".")
    missing = len(legal - said)
    return Verdict(False, ngettext("Each tile you typed may be taken, but you left out {n} "
                                   "tile that may be taken too.",
                                   "Each tile you typed may be taken, but you left out {n} "
                                   "tiles that may be taken too.", missing).format(n=missing))


def check_take(game: Game, answer: object) -> Verdict:
    """Is ``answer`` a legal take? Says the tile it scores and where the star goes."""
    move = _legal(game, answer)
    if isinstance(move, Verdict):
        return move
    tile = _tile(game, move)
    if game.to_move == 0:
        why = _("{move} is in the {side}'s line: it scores {tile} and the star moves to "
                "{move}, so the {other} takes from column {number} next.")
    else:
        why = _("{move} is in the {side}'s line: it scores {tile} and the star moves to "
                "{move}, so the {other} takes from row {number} next.")
    return Verdict(True, why.format(move=move, side=_side(game), tile=tile, other=_other(game),
                                    number=move.col if game.to_move == 0 else move.row))


# ----- lesson 2: the rules in full --------------------------------------------

def check_score_after(game: Game, move: Move | str, answer: object) -> Verdict:
    """The mover's score after taking ``move``, typed as a whole number.

    A wrong try is told what it did (the tile alone, the score before, the sign
    of a negative tile turned), never the score."""
    move = read_move(move)
    said = read_number(answer, N_("the score"))
    tile, before = _tile(game, move), game.scores[game.to_move]
    after, side = before + tile, _side(game)
    if said == after:
        return Verdict(True, f"{before} {'+' if tile >= 0 else '-'} {abs(tile)} = {after}.")
    if tile < 0 and said == before - tile:
        return Verdict(False, _("Your score went up, but this tile is negative: a negative "
                                "tile makes the score go down."))
    if said == tile:
        return Verdict(False, _("That is the tile alone. The {side} already had points "
                                "before this take: start from them.").format(side=side))
    if said == before:
        return Verdict(False, _("That is the {side}'s score before the take: the tile "
                                "counts too.").format(side=side))
    if said == abs(tile) or said == -before + tile:
        return Verdict(False, _("Watch the signs: start from the points the {side} had, "
                                "then add the tile with its sign.").format(side=side))
    return Verdict(False, _("That is not the {side}'s score after this take: start from "
                            "their points before it, then add the tile (a negative tile "
                            "counts down).").format(side=side))


#: What a student may type for "who won?" (English keys; their translations, and
#: MORE_OUTCOMES, are accepted too, whatever the language).
OUTCOMES: dict[str, int | None] = {
    N_("row"): 0, N_("row player"): 0, N_("row wins"): 0, N_("row player wins"): 0,
    N_("the row player"): 0,
    N_("column"): 1, N_("column player"): 1, "col": 1, N_("column wins"): 1,
    N_("column player wins"): 1, N_("the column player"): 1,
    N_("draw"): None, N_("a draw"): None, "tie": None, N_("nobody"): None}

#: Spanish and Bulgarian words a student may type besides the translations above.
MORE_OUTCOMES: dict[str, int | None] = {
    "fila": 0, "filas": 0, "jugador de filas": 0, "el jugador de filas": 0, "gana filas": 0,
    "ganan filas": 0, "gana el jugador de filas": 0,
    "columna": 1, "columnas": 1, "jugador de columnas": 1, "el jugador de columnas": 1,
    "gana columnas": 1, "ganan columnas": 1, "gana el jugador de columnas": 1,
    "empate": None, "un empate": None, "empatan": None, "tablas": None, "nadie": None,
    "ред": 0, "редове": 0, "редовете": 0, "играч на редове": 0, "играчът на редовете": 0,
    "печели играчът на редовете": 0, "печелят редовете": 0,
    "колона": 1, "колони": 1, "колоните": 1, "играч на колони": 1, "играчът на колоните": 1,
    "печели играчът на колоните": 1, "печелят колоните": 1,
    "равенство": None, "наравно": None, "равен": None, "реми": None, "никой": None}

#: What a student may type for "not over yet" (English; translations and
#: MORE_NOT_OVER accepted too).
NOT_OVER = (N_("not over"), N_("not over yet"), N_("no"), N_("not yet"))
MORE_NOT_OVER = ("no ha terminado", "no ha terminado todavía", "no ha terminado todavia",
                 "no ha acabado", "no terminado", "todavía no", "todavia no", "aún no", "aun no",
                 "no", "не е свършила", "не е свършила още", "още не е свършила", "не е приключила",
                 "не", "още не", "не още")


def _typed(text: object) -> str:
    """A typed answer as the readers compare it: stripped, lower case, no end stop."""
    return " ".join(str(text).strip().lower().rstrip(".!").split())


def outcome_words() -> dict[str, int | None]:
    """Every answer to "who won?" accepted now: the English, their translations, more."""
    words = {**OUTCOMES, **MORE_OUTCOMES}
    words.update({_typed(_(k)): v for k, v in OUTCOMES.items()})
    return words


def not_over_words() -> set[str]:
    """Every answer meaning "not over yet" accepted now."""
    return {*NOT_OVER, *MORE_NOT_OVER, *(_typed(_(k)) for k in NOT_OVER)}


def truth_words(game: Game) -> str:
    """The answer to "is it over, who won?" as the solution writes it (an answer
    ``check_outcome`` takes, in the language in effect)."""
    if not game.is_over:
        return _("not over yet")
    if game.winner is None:
        return _("a draw")
    return _("row player wins") if game.winner == 0 else _("column player wins")


def check_outcome(game: Game, answer: object) -> Verdict:
    """Who wins this game, if it is over? Answer "row", "column", "draw" or "not over".

    A wrong try is told what is wrong with it (the game goes on; the game has
    ended; not that winner), never the winner."""
    text, outcomes = _typed(answer), outcome_words()
    said_over = text not in not_over_words()
    if text not in outcomes and said_over:
        raise InvalidMoveText(_("answer row, column, draw or not over"))
    side, star_line = _side(game), _star_line(game)
    r, c = game.star
    line = _("row {row}").format(row=r) if game.to_move == 0 else _("column {col}").format(col=c)
    if not game.is_over:
        if not said_over:
            return Verdict(True, _("The {side} still has a tile in {line}, the star's line, "
                                   "so the game goes on.").format(side=side, line=line))
        return Verdict(False, _("Look along the {side}'s line again, {star_line}: is there "
                                "still a tile they can take?").format(side=side,
                                                                       star_line=star_line))
    if not said_over:
        return Verdict(False, _("Look again at the {side}'s line, {star_line}: is there any "
                                "tile in it?").format(side=side, star_line=star_line))
    said_winner = outcomes[text]
    if said_winner == game.winner:
        s0, s1 = game.scores
        return Verdict(True, _("The {side} is to move and has no tile in {star_line}, so the "
                               "game is over (even if tiles are left elsewhere). Scores: row "
                               "player {row_score}, column player {column_score}.")
                       .format(side=side, star_line=star_line, row_score=s0, column_score=s1))
    if said_winner is None:
        return Verdict(False, _("It is over, yes, but it is not level: compare the two "
                                "scores at the top again."))
    return Verdict(False, _("It is over, yes, but the {side} did not win: compare the two "
                            "scores at the top again.").format(side=game.side_name(said_winner)))


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
    return Table({TAKE: str(m), TILE: t, BEST_REPLY: r, NET_GAIN: n}
                 for m, t, r, n in net_gains(game))


#: Lesson 3's table's headings (the keys a program reads, shown translated).
TAKE, TILE, BEST_REPLY, NET_GAIN = (Heading(N_("take")), Heading(N_("tile")),
                                    Heading(N_("best reply")), Heading(N_("net gain")))


def check_net_gain(game: Game, move: Move | str, answer: object) -> Verdict:
    """The net gain of taking ``move``: its tile minus the opponent's biggest reply.

    Common slips are named (the tile alone, the reply added, the order turned,
    the star's cell counted, a tile out of the line, not the biggest reply);
    the net gain itself is never said on a wrong try."""
    move = read_move(move)
    said = read_number(answer, N_("the net gain"))
    _move, tile, reply, net = next(r for r in net_gains(game) if r[0] == move)
    sum_ = f"{tile} - {reply} = {net}" if reply >= 0 else f"{tile} - ({reply}) = {net}"
    other = _other(game)
    if said == net:
        return Verdict(True, _("You get {tile}, then the {side}'s biggest reply is {reply}: "
                               "{sum}.").format(tile=tile, side=other, reply=reply, sum=sum_))
    after = game.copy()
    after.play(move)
    line_tiles = [_tile(after, m) for m in after.legal_moves()]
    others = [t for t in sum(([t for t in row if t is not None] for row in after.board), [])
              if t not in line_tiles]
    if said == tile:
        why = _("That is your tile alone. Then the {side} takes a tile: take their "
                "biggest reply away from it.").format(side=other)
    elif said == tile + reply:
        why = _("You added the reply. The net gain takes the reply away from your tile.")
    elif said == reply - tile:
        why = _("You took your tile away from the reply: it goes the other way round.")
    elif said == 0:
        why = _("You took your own tile away: after your take the star stands in its cell, "
                "and the star is not a tile.")
    elif any(said == tile - t for t in line_tiles):
        why = _("That reply is not the {side}'s biggest: they may take any tile in their "
                "line, so count the biggest.").format(side=other)
    elif any(said == tile - t for t in others):
        why = _("That tile is not in the {side}'s line after your take: the star moves to "
                "{move}, and they take from {star_line}.").format(
                    side=other, move=move, star_line=_star_line(game, 1 - game.to_move))
    else:
        why = _("Not the net gain of this take: your tile, minus the biggest tile the {side} "
                "can take after it.").format(side=other)
    return Verdict(False, why)


def check_best_take(game: Game, answer: object) -> Verdict:
    """Is ``answer`` a best take? Judged exactly. A wrong take is told the best
    answer to it and how it ends, never which take is best."""
    move = _legal(game, answer)
    if isinstance(move, Verdict):
        return move
    margins = final_margins(game)
    mine, tile = margins[move], _tile(game, move)
    if mine == max(margins.values()):
        biggest = max(_tile(game, m) for m in margins)
        said = _("Taking the {tile} at {move}, with best play after it you end {margin}: no "
                 "take does better.").format(tile=tile, move=move, margin=_ahead(mine))
        if tile < biggest and max(margins[m] for m in margins if _tile(game, m) == biggest) < 0:
            said += " " + _("The biggest tile would have lost here.")
        return Verdict(True, said)
    return Verdict(False, _("After the {tile} at {move}, {reply}, and with best play you end "
                            "{margin}. A better take exists.").format(
                                tile=tile, move=move, reply=reply_words(game, move),
                                margin=_ahead(mine)),
                   more=_("Best play by both from your take: {takes}.").format(
                       takes=tiles_words(game, best_line(game, move))))


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
            if g.to_move == game.to_move:
                # Translators: one take of a line of play, "you 7" = you take the 7.
                words.append(_("you {tile}").format(tile=_tile(g, move)))
            else:
                # Translators: one take of a line of play, "the column player 6".
                words.append(_("the {side} {tile}").format(side=g.side_name(g.to_move),
                                                           tile=_tile(g, move)))
        g.play(move)
    if len(line) > first:
        words.append("…")
    s0, s1 = g.scores
    mine = (s0 - s1) if game.to_move == 0 else (s1 - s0)
    return _("{takes}; you end {margin}").format(takes=", ".join(words), margin=_ahead(mine))


def line_words(game: Game, line: list[Move]) -> str:
    """``line`` in words: "row player 2,0 (11), column player 3,0 (5), ..."."""
    g, words = game.copy(), []
    for move in line:
        # Translators: one take of a line of play: "row 2,0 (11)" = the row player takes
        # the 11 at 2,0 ("column 3,0 (5)" the column player).
        said = _("row {move} ({tile})") if g.to_move == 0 else _("column {move} ({tile})")
        words.append(said.format(move=move, tile=_tile(g, move)))
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


def check_choice(options: dict[str, str], truth: str, why: str, answer: object,
                 labels: dict[str, str] | None = None) -> Verdict:
    """A choice among ``options`` (answer text -> name); ``truth`` is the right name.
    ``labels``: a name as the task shows it, when not the name itself ("sí" for
    "yes"), accepted too. A wrong choice is told only that the measurement says
    otherwise (the data now shows under the exercise), never the right name."""
    shown = {name: (labels or {}).get(name, name) for name in options.values()}
    accepted = {**options, **{_typed(word): name for name, word in shown.items()}}
    text = str(answer).strip().lower()
    if text not in accepted:
        raise InvalidMoveText(_("answer one of: {options}").format(
            options=", ".join(sorted(set(shown.values())))))
    if accepted[text] == truth:
        return Verdict(True, capital(why))
    return Verdict(False, _("That is not what the computer found. Its numbers are now under "
                            "this box: read them to see why. They give the answer away, so "
                            "this one is not counted as done."))
