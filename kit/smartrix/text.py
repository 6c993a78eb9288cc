"""A plain-text Smartrix board, for screen readers and terminals.

Each card is drawn as 3 lines of 3 characters: ``o`` a spot, ``.`` an empty
box, the value in the middle; row and column numbers frame the table. Below
it, every card is also listed as text with its cell, the offending cards of a
free table (those a challenge may take), and the hands, the pile and the
scores follow, so a screen reader can read the whole position.

Not covered: hidden information (``str(game)`` shows every hand; use
``game.view(seat)`` for one seat's view).
"""

from __future__ import annotations

from collections.abc import Mapping

from kit.i18n import _, ngettext
from kit.smartrix.cards import BOX_GRID, TEXT, VALUE, Card
from kit.smartrix.table import Cell, bounds

# The game as a Protocol, not the rules' Game: the rules import this module.
from kit.smartrix.view import GameView as Game


def card_lines(card: Card) -> list[str]:
    """The card as 3 strings of 3 characters."""
    rows = [[" "] * 3 for _row in range(3)]
    for box, (r, c) in enumerate(BOX_GRID):
        rows[r][c] = "o" if card >> box & 1 else "."
    rows[1][1] = str(VALUE[card])
    return ["".join(r) for r in rows]


def table_text(grid: Mapping[Cell, Card]) -> list[str]:
    if not grid:
        return [_("(the table is empty: the next card may go anywhere)")]
    r0, r1, c0, c1 = bounds(grid)
    lines = ["      " + "".join(f"{c:^5}" for c in range(c0, c1 + 1))]
    for r in range(r0, r1 + 1):
        pics = [card_lines(grid[(r, c)]) if (r, c) in grid else ["   "] * 3
                for c in range(c0, c1 + 1)]
        for k in range(3):
            label = f"{r:>4}  " if k == 1 else "      "
            lines.append((label + "".join(f" {p[k]} " for p in pics)).rstrip())
    return lines


def text_board(game: Game) -> str:
    """The whole position in plain text: the table, every card listed, hands, pile, scores."""
    grid = game.table
    w = game.window
    parts = [ngettext("Smartrix, {n} player", "Smartrix, {n} players",
                      game.players).format(n=game.players)]
    if game.teams:
        parts.append(_("teams 1+3 v 2+4"))
    parts.append(_("{w} x {w} window").format(w=w) if w else _("no window (children's variant)"))
    if not game.auto_collect:
        parts.append(_("free table (claims and challenges)"))
    lines = [", ".join(parts), ""] + table_text(grid) + [""]
    if grid:
        lines.append(_("Table: {cards}").format(cards="; ".join(
            _("({r},{c}) {card} value {value}").format(r=r, c=c, card=TEXT[v], value=VALUE[v])
            for (r, c), v in sorted(grid.items()))))
    if not game.auto_collect:
        lines.append(_free_table_line(game))
    for s in range(game.players):
        who = _("Player {n}").format(n=s + 1)
        if s == game.to_move and not game.is_over:
            who = _("{player} (to move)").format(player=who)
        if game.out[s]:
            who = _("{player} (out)").format(player=who)
        n = len(game.collected(s))
        lines.append(_("{player}: hand {hand}; collected {cards}; score {score}").format(
            player=who, hand=" ".join(game.hand(s)) or "-",
            cards=ngettext("{n} card", "{n} cards", n).format(n=n), score=game.seat_scores[s]))
    if game.teams:
        lines.append(_("Team scores: 1+3 {a}, 2+4 {b}").format(a=game.scores[0], b=game.scores[1]))
    lines.append(ngettext("Draw pile: {n} card", "Draw pile: {n} cards",
                          game.deck_size).format(n=game.deck_size) if game.deck_size else
                 _("Draw pile: 0 cards; the end phase: a player who passes is out"))
    if game.is_over:
        lines.append(_("The game is over."))
    return "\n".join(lines)


def _free_table_line(game: Game) -> str:
    """Which cards a challenge may take, in words."""
    if not game.offending_known:
        return _("Offending cards: not recorded (a puzzle); a challenge may take any cards, "
                 "as few as make the table legal")
    cells = ", ".join(f"({r},{c})" for r, c in sorted(game.offending))
    if not cells:
        return _("Offending cards (placed against the rules): none")
    return _("Offending cards (placed against the rules): {cells}").format(cells=cells)
