"""The Smartrix course's pure checks (lessons 1 to 4): a card's value and turns,
where a card fits and why not, the cards a move collects, the points of a set,
the final scores, the table challenge. Each takes the position and the student's
answer and returns a :class:`kit.lessons.exercise.Verdict` in the engine's words
(``Game.explain``).

No widgets. Not covered: strategy (:mod:`kit.lessons.smartrix.studies`), puzzles.
"""

from __future__ import annotations


import re
from collections.abc import Collection

from kit.errors import InvalidMoveText
from kit.i18n import N_, _, format_list, ngettext
from kit.lessons.exercise import Verdict
from kit.lessons.table import Summary
from kit.lessons.smartrix.answers import (_cell, _cells, player, read_card, read_cells,
                                          read_move, read_number)
from kit.smartrix import CANONICAL, DECK, Game, Move, VALUE, card_text, parse_card, rotate
from kit.smartrix.cards import BOX_NAMES, FACING
from kit.smartrix.moves import Explanation
from kit.smartrix.table import is_legal_table


SIDES = {name for _d, name, pairs in FACING if len(pairs) == 3}


def deck_counts() -> Summary:
    """How many cards have each value (0..8), and the deck's total points. The keys
    are the words lesson 1 shows (in English "cards", "by value", "points"), so
    they are in the student's language."""
    counts = {v: sum(VALUE[c] == v for c in DECK) for v in range(9)}
    # Translators: keys of a small table lesson 1 prints: the cards in the deck,
    # how many have each value, the deck's total points
    return Summary({_("cards"): len(DECK), _("by value"): counts,
                    _("points"): sum(VALUE[c] for c in DECK)})


# ----- lesson 1: cards, turning, one neighbour ----------------------------------

def check_value(card: str | int, answer: object) -> Verdict:
    """The value of ``card``: its number of spots. A wrong try is told what it
    counted (the boxes, the empty rings, too few, too many), never the value."""
    card = parse_card(card) if isinstance(card, str) else card
    said = read_number(answer, "the value", "3")
    spots = VALUE[card]
    if said == spots:
        names = [_(BOX_NAMES[b]) for b in range(8) if card >> b & 1]
        return Verdict(True, ngettext("{card} has {n} spot: its value is {n}.",
                                      "{card} has {n} spots: its value is {n}.", spots)
                       .format(card=card_text(card), n=spots),
                       more=_("The spots: {boxes}.").format(boxes=", ".join(names)) if names else "")
    if not 0 <= said <= 8:
        why = _("{said} cannot be a value: a card has 8 boxes, so its value is 0 to 8.")
    elif said == 8:
        why = _("8 is the number of boxes, spots and empty rings together. Count only the "
                "filled circles.")
    elif said == 8 - spots:
        why = _("{said} is the number of empty rings. The value counts the other boxes: "
                "the filled circles.")
    elif said < spots:
        why = _("{said} is too few: you missed a spot. Go round the ring once more from the "
                "top-left.")
    else:
        why = _("{said} is too many: you counted an empty ring as a spot. Only the filled "
                "circles count.")
    return Verdict(False, why.format(said=said))


def _ring_shift(card: int, k: int) -> int:
    """``card`` with its 8 digits moved ``k`` places to the right (round the ring)."""
    k %= 8
    return ((card << k) | (card >> (8 - k))) & 0xFF if k else card


def check_rotation(card: str | int, answer: object) -> Verdict:
    """``card`` turned a quarter turn clockwise, typed as 8 digits. A wrong try is
    told what it is (the card unturned, turned the other way or twice, moved one
    place, or another card), never the right digits."""
    card = parse_card(card) if isinstance(card, str) else card
    said, turned = read_card(answer), rotate(card)
    if said == turned:
        return Verdict(True, _("{card} turned a quarter clockwise is {turned}.")
                       .format(card=card_text(card), turned=card_text(turned)),
                       more=_("Every digit moved two places to the right, and the last two "
                              "came round to the front: a quarter turn moves each box two places "
                              "round the ring."))
    text = card_text(said)
    if said == card:
        why = _("{text} is the card as it is, not turned. Turn it a quarter clockwise.")
    elif said == rotate(card, 3):
        why = _("{text} is the card turned a quarter the other way (anticlockwise): the digits "
                "moved two places to the left. Clockwise moves them to the right.")
    elif said == rotate(card, 2):
        why = _("{text} is the card turned two quarters (upside down): the digits moved four "
                "places. A quarter turn moves them two.")
    elif said in (_ring_shift(card, 1), _ring_shift(card, -1)):
        why = _("In {text} every digit moved one place only: a quarter turn moves each box two "
                "places (a corner to the next corner).")
    elif VALUE[said] != VALUE[card]:
        why = ngettext("{text} has {n} spot, the card has {value}: "
                       "turning never adds or takes away a spot.",
                       "{text} has {n} spots, the card has {value}: "
                       "turning never adds or takes away a spot.", VALUE[said])
    else:
        why = _("{text} has the right number of spots, but not in the card's pattern: move all "
                "8 digits together, keeping their order.")
    return Verdict(False, why.format(text=text, n=VALUE[said], value=VALUE[card]))


def touching(game: Game, cell: tuple[int, int]) -> list[tuple[tuple[int, int], str, int]]:
    """``(neighbour cell, "side"/"corner", boxes facing)`` for each card ``cell`` touches."""
    out, grid = [], game.table
    for (dr, dc), name, pairs in FACING:
        n = (cell[0] + dr, cell[1] + dc)
        if n in grid:
            out.append((n, name, len(pairs)))
    return out


def refused(game: Game, move: Move | str) -> Verdict:
    """A refused placement, in one sentence: what is wrong with it (the kit's
    whole explanation folds under "Why?")."""
    exp = game.explain(move)
    reasons = why_not(game, move)
    if "touch" in reasons:
        why = _("That cell touches no card: a new card must touch a card on the table.")
    elif "side" in reasons:
        why = _("That card does not match a side neighbour: the ringed boxes face a box of "
                "the other kind.")
    elif "corner" in reasons:
        why = _("That card does not match a corner neighbour: the ringed corner boxes "
                "differ.")
    elif "window" in reasons:
        why = _("That cell is outside the 5 x 5 window (the dashed frame).")
    else:
        why = _("The rules refuse that move.")
    return Verdict(False, why, more=str(exp).capitalize() + ".")


def placement(game: Game, answer: object, passing: str) -> tuple[Move, Explanation, Verdict | None]:
    """The placement ``answer``, the engine's explanation of it, and the verdict when
    it is not a legal placement (a pass: ``passing`` says why that is wrong; a
    refused move: :func:`refused`), or None."""
    move = read_move(answer)
    if move.kind != "place":
        return move, game.explain(move), Verdict(False, passing)
    exp = game.explain(move)
    return move, exp, None if exp.legal else refused(game, move)


def check_placement(game: Game, answer: object) -> Verdict:
    """Is ``answer`` (a move) a legal placement here? The engine says why."""
    move, exp, wrong = placement(game, answer, _("Place a card: pick it in the hand, turn it, "
                                                 "choose a cell."))
    if wrong is not None:
        return wrong
    assert move.cell is not None    # a legal placement
    # Translators: {side} is a side or corner of the new card ("right side", "top-left corner")
    meets = "; ".join(ngettext("at its {side} it meets the card at {cell}: "
                               "{n} pair of facing boxes, matching",
                               "at its {side} it meets the card at {cell}: "
                               "{n} pairs of facing boxes, all matching", k)
                      .format(side=_(name), cell=_cell(n), n=k)
                      for n, name, k in touching(game, move.cell))
    return Verdict(True, _("{card} fits at {cell}: every facing box matches.")
                   .format(card=move.card_text, cell=_cell(move.cell)),
                   more=f"{str(exp).capitalize()}. {meets[0].upper() + meets[1:]}.")


# ----- lesson 2: eight directions -----------------------------------------------

def fit_cells(game: Game, card: str | int) -> set[tuple[int, int]]:
    """The cells where ``card`` (in the mover's hand) fits in some orientation."""
    canon = CANONICAL[parse_card(card) if isinstance(card, str) else card]
    return {m.cell for m in game.legal_moves()
            if m.kind == "place" and m.cell is not None and m.card is not None
            and CANONICAL[m.card] == canon}


def check_fit_cells(game: Game, card: str | int, answer: object) -> Verdict:
    """Are the typed cells exactly those where ``card`` fits (in some turn)? A
    wrong try is told which of its cells do not fit, or that some are missing,
    never which cells those are."""
    said, truth = read_cells(answer), fit_cells(game, card)
    if said == truth:
        return Verdict(True, ngettext("It fits at exactly this {n} cell: {cells}.",
                                      "It fits at exactly these {n} cells: {cells}.", len(truth))
                       .format(n=len(truth), cells=_cells(truth)))
    why, more = [], []
    # The parts of one sentence, joined by "; " (each a clause of its own).
    for cell in sorted(said - truth)[:2]:
        if cell in game.grid:
            why.append(_("{cell} already holds a card").format(cell=_cell(cell)))
        elif not touching(game, cell):
            why.append(_("at {cell} it touches no card").format(cell=_cell(cell)))
        else:
            why.append(_("at {cell} it fits in no turn").format(cell=_cell(cell)))
            more.append(_("At {cell}, as written: {reason}.")
                        .format(cell=_cell(cell), reason=_first_reason(game, card, cell)))
    if truth - said:
        why.append(_("you left out a cell where it fits") if not why else
                   _("and a cell where it fits is missing"))
    text = "; ".join(why)
    return Verdict(False, text[0].upper() + text[1:] + ".", more=" ".join(more))


def _any_turn(card: str | int) -> int:
    return parse_card(card) if isinstance(card, str) else card


def _first_reason(game: Game, card: str | int, cell: tuple[int, int]) -> str:
    card = _any_turn(card)
    for k in range(4):
        exp = game.explain(Move("place", card=rotate(card, k), cell=cell))
        if not exp.legal:
            return str(exp)
    return ""


#: Why a placement is refused, by the word the student answers with (lesson 2's
#: "why not?"). The keys stay English; the texts are translated where shown.
REASONS = {"side": N_("a side neighbour's facing boxes do not match"),
           "corner": N_("a corner neighbour's touching corner box does not match"),
           "window": N_("it would not fit in the 5 x 5 window"),
           "touch": N_("it touches no card")}


#: What a wrong reason is told: the thing it names is fine here.
NOT_THE_REASON = {"side": N_("the cards beside the cell match it"),
                  "corner": N_("the cards touching the cell at one point only match it"),
                  "window": N_("the cell is inside the dashed frame"),
                  "touch": N_("the cell does have a card next to it")}


NO_NEIGHBOUR = {"side": N_("no card sits beside that cell (sharing an edge)"),
                "corner": N_("no card touches that cell at one point only")}


#: The answer words of lesson 2's "why not?", as the answer box names them in the
#: student's language (the key is what the checks use, in every language).
REASON_WORDS = {
    # Translators: an answer word of lesson 2 ("why is this card refused?"): a SIDE
    # neighbour does not match (es "lado", bg "страна"); the student types it, so keep it one word
    "side": N_("side"),
    # Translators: an answer word: a CORNER neighbour does not match (es "esquina", bg "ъгъл"); one word
    "corner": N_("corner"),
    # Translators: an answer word: outside the 5 x 5 WINDOW (es "cuadrícula", bg "решетка"); one word
    "window": N_("window"),
    # Translators: an answer word: the cell TOUCHES no card (es "toca", bg "допир"); one word
    "touch": N_("touch"),
}


#: Every word a reason is accepted as, whatever the language shown: English,
#: Spanish and Bulgarian (the catalogue's word for it is accepted too).
REASON_ALIASES = {
    "side": ("side", "sides", "lado", "lados", "страна", "страни", "страната"),
    "corner": ("corner", "corners", "esquina", "esquinas", "ъгъл", "ъгли", "ъгъла", "ъгълче"),
    "window": ("window", "cuadrícula", "cuadricula", "ventana", "marco", "решетка", "решетката",
               "рамка", "рамката"),
    "touch": ("touch", "touches", "toca", "tocar", "toque", "допир", "допира", "допиране",
              "докосва"),
}


def reason_words(style: str = "list") -> str:
    """The answer words of "why not?" in the student's language: ``"side, corner,
    window, touch"`` (``style="list"``), or ``"side, corner, window or touch"`` (``"or"``)."""
    words = [_(REASON_WORDS[k]) for k in REASON_WORDS]
    return ", ".join(words) if style == "list" else format_list(words, style="or")


def read_reasons(answer: object) -> set[str]:
    """The reasons (keys of REASONS) a typed answer names, in any of the kit's
    languages; InvalidMoveText when a word is none of them."""
    text = str(answer).strip().lower()
    words = {w for w in re.split(r"[\s,;+.]+|\b(?:and|y|e|и)\b", text) if w}
    found: set[str] = set()
    for word in words:
        key = next((k for k in REASON_WORDS
                    if word in REASON_ALIASES[k] or word == _(REASON_WORDS[k]).lower()), None)
        if key is None:
            found = set()
            break
        found.add(key)
    if not found:
        raise InvalidMoveText(_("answer with one or more of: {words}").format(words=reason_words()))
    return found


def why_not(game: Game, move: Move | str) -> set[str]:
    """The reasons (keys of REASONS) the placement ``move`` is refused."""
    move = read_move(move)
    exp = game.explain(move)
    reasons: set[str] = set()
    if exp.legal:
        return reasons
    for (cell, _box), (ncell, _nbox) in exp.mismatches:
        d = (ncell[0] - cell[0], ncell[1] - cell[1])
        name = next(n for dd, n, _pairs in FACING if dd == d)
        reasons.add("side" if name in SIDES else "corner")
    if exp.outside:
        reasons.add("window")
    if _touches_nothing(game, move):
        reasons.add("touch")
    return reasons


def _touches_nothing(game: Game, move: Move) -> bool:
    """Is ``move`` refused because its cell touches no card? (As the engine checks
    it: a card of the mover's hand, on a free cell, next to no card of the table.)
    Read from the position, never from the explanation's words (they are translated)."""
    if move.kind != "place" or move.cell is None or move.card is None:
        return False
    in_hand = any(CANONICAL[c] == CANONICAL[move.card] for c in game.hand_cards(game.to_move))
    return (in_hand and move.cell not in game.grid and bool(game.grid)
            and not touching(game, move.cell))


def check_why(game: Game, move: Move | str, answer: object) -> Verdict:
    """Why does ``move`` not fit? Answer side, corner, window or touch (one or more).
    A wrong reason is told why it is not one; a missing one, that there is more."""
    words = read_reasons(answer)
    move = read_move(move)
    truth = why_not(game, move)
    exp = game.explain(move)
    if words == truth:
        return Verdict(True, _("Yes: {reasons}.").format(
                           reasons=format_list(_(REASONS[k]) for k in sorted(truth))),
                       more=_("The kit says: {explanation}.").format(explanation=exp))
    wrong = sorted(words - truth)
    if wrong:
        assert move.cell is not None   # a reason other than the true ones: a placement
        kinds = {("side" if name in SIDES else "corner")
                 for _n, name, _k in touching(game, move.cell)}
        said = {w: NOT_THE_REASON[w] if w not in ("side", "corner") or w in kinds else
                NO_NEIGHBOUR[w] for w in wrong}
        # Translators: {word} is an answer word ("side", "corner"...), {why} why it is not the reason
        text = "; ".join(_("not {word}: {why}").format(word=_(REASON_WORDS[w]), why=_(said[w]))
                         for w in wrong)
        return Verdict(False, text[0].upper() + text[1:] + ".")
    return Verdict(False, _("That is one reason, but not all: look at the ringed boxes and the "
                            "dashed frame again."))


# ----- lesson 3: sets ---------------------------------------------------------

def cards_collected(game: Game, move: Move | str) -> int:
    """How many cards ``move`` collects (0 if it forms no set or is not legal)."""
    exp = game.explain(read_move(move))
    return len({c for run in exp.sets for c in run}) if exp.legal else 0


def most_cards(game: Game) -> tuple[int, list[Move]]:
    """``(n, moves)``: the most cards one legal placement collects, and those placements."""
    counts = [(cards_collected(game, m), m) for m in game.legal_moves() if m.kind == "place"]
    best = max((n for n, _m in counts), default=0)
    return best, [m for n, m in counts if n == best]


def check_most_cards(game: Game, answer: object) -> Verdict:
    """Does the placement ``answer`` collect the most cards possible here?"""
    move, exp, wrong = placement(game, answer, _("Place a card: passing collects nothing."))
    if wrong is not None:
        return wrong
    n, best = cards_collected(game, move), most_cards(game)
    if n == best[0]:
        return Verdict(True, ngettext("{n} card: no placement here collects more.",
                                      "{n} cards: no placement here collects more.", n).format(n=n),
                       more=f"{str(exp).capitalize()}.")
    if n == 0:
        return Verdict(False, _("That card finishes no line of five, so it collects nothing. "
                                "Look for a line with one empty cell."),
                       more=f"{str(exp).capitalize()}.")
    return Verdict(False, ngettext("That collects {n} card; another placement here collects "
                                   "more: look again.",
                                   "That collects {n} cards; another placement here collects "
                                   "more: look again.", n).format(n=n),
                   more=f"{str(exp).capitalize()}.")


def set_values(game: Game, move: Move | str) -> tuple[list[int], int]:
    """``(values, points)``: the value of every card ``move`` collects, and the sum."""
    move = read_move(move)
    exp = game.explain(move)
    grid = dict(game.grid)
    if move.cell is not None and move.card_text is not None:   # a placement
        grid[move.cell] = move.card_text
    cells = sorted({c for run in exp.sets for c in run})
    return [grid[c].count("1") for c in cells], exp.points


def check_points(game: Game, move: Move | str, answer: object) -> Verdict:
    """The points ``move`` scores: the values of every card it collects. A wrong
    try is told the mistake it looks like (the new card left out, the middle card
    counted once per line, the cards counted instead of their spots), never the sum."""
    said = read_number(answer, "the points", "40")
    move = read_move(move)
    values, points = set_values(game, move)
    lines = len(game.explain(move).sets)
    assert move.card is not None, "check_points wants a placement"
    new = VALUE[move.card]
    if said == points:
        return Verdict(True, ngettext("{n} card, {points} points.", "{n} cards, {points} points.",
                                      len(values)).format(n=len(values), points=points),
                       more=" + ".join(map(str, values)) + f" = {points}.")
    if said == len(values):
        why = _("{said} is the number of cards. A set scores their values: add up their spots.")
    elif said == points - new:
        why = _("{said} leaves out the new card: it is part of every set it finishes.")
    elif lines > 1 and said == points + (lines - 1) * new:
        why = _("{said} counts the new card once for each line. It is one card: count it once.")
    # A cause is named only when the total is exactly what that slip gives: no card
    # is worth 1, so "a card is missing" for any low total was invented (issue 30).
    elif points - said in values:
        why = _("{said} is too few: a card's value is missing. Add the lines one at a time.")
    elif said - points in values:
        why = _("{said} is too many: some card was counted twice. Count each card once.")
    elif said < points:
        why = _("{said} is too few: check your adding. Add the values one card at a time.")
    else:
        why = _("{said} is too many: check your adding. Add the values one card at a time.")
    return Verdict(False, why.format(said=said))


# ----- lesson 4: the end and the score, lesson 5: the free table's challenge ---------

def score_sum(game: Game, seat: int) -> str:
    got = sum(VALUE[c] for c in game.collected_cards(seat))
    left = sum(VALUE[c] for c in game.hand_cards(seat))
    return _("{player}: {collected} collected - {left} in hand = {score}").format(
        player=player(seat), collected=got, left=left, score=got - left)


def score_answer(game: Game) -> str:
    """The scores as a student types them: one number per seat, in seat order."""
    return " ".join(str(s) for s in game.seat_scores)


def check_scores(game: Game, answer: object) -> Verdict:
    """The final score of every seat, typed in seat order (``"31 -4"``). A wrong try
    is told which player's score is wrong and the mistake it looks like."""
    parts = str(answer).replace(",", " ").split()
    if len(parts) != game.players:
        raise InvalidMoveText(_("type {n} scores, one per player in seat order, e.g. {example}")
                              .format(n=game.players, example=" ".join(["12"] * game.players)))
    said = [read_number(p, "each score") for p in parts]
    truth = game.seat_scores
    if said == truth:
        return Verdict(True, _("All scores right."),
                       more="; ".join(score_sum(game, s) for s in range(game.players)) + ".")
    if sorted(said) == sorted(truth):
        return Verdict(False, _("Those scores are in the wrong order: type them in seat order, "
                                "{player}'s first.").format(player=player(0)))
    wrong = [s for s in range(game.players) if said[s] != truth[s]]
    seat = wrong[0]
    got = sum(VALUE[c] for c in game.collected_cards(seat))
    left = sum(VALUE[c] for c in game.hand_cards(seat))
    if said[seat] == got:
        tip = _("That is what {player} collected; the cards left in their hand are "
                "taken away.").format(player=player(seat))
    elif said[seat] == got + left:
        tip = _("The cards left in hand are taken away, not added.")
    elif said[seat] == -left:
        tip = _("That is only the hand: add what they collected first.")
    else:
        tip = _("Score = the values collected minus the values of the cards left in hand.")
    why = _("{player}'s score is not {said}.").format(player=player(seat), said=said[seat])
    if len(wrong) > 1:
        tip += " " + ngettext("({n} of the scores is wrong.)", "({n} of the scores are wrong.)",
                              len(wrong)).format(n=len(wrong))
    return Verdict(False, f"{why} {tip}")


def how_it_ended(game: Game) -> str:
    """Which of the two ends this finished game had, in words."""
    if not game.is_over:
        return _("The game is not over yet.")
    empty = [s for s in range(game.players) if not game.hand(s)]
    if empty:
        return _("{player} placed their last card: the game ended at once.").format(
            player=player(empty[0]))
    return _("The draw pile ran out and then every player passed: the game ended.")


def out_players(game: Game) -> str:
    """Who is out, in words (people counted from 1)."""
    out = [player(s) for s in range(game.players) if game.out[s]]
    # Translators: players who passed once the draw pile was empty: out until the game ends
    return _("Out: {players}").format(players=format_list(out)) if out else _("Out: nobody")


def check_challenge(game: Game, answer: object) -> Verdict:
    """Is the typed set of cells a successful (smallest) challenge here? A wrong
    try is told what is wrong with its cards (a card placed by the rules, a table
    still broken, more cards than needed), never which cards to take."""
    cells = read_cells(answer)
    exp = game.explain(Move.take("challenge", sorted(cells)))
    if exp.legal:
        return Verdict(True, _("The kit agrees: {explanation}.").format(explanation=exp))
    offending = set(game.offending)
    fair = sorted(cells - offending)
    if fair:
        where = _cell(fair[0])
        # Translators: "challenge" is the Smartrix sheet's "asalto" (es) / "отнемане" (bg);
        # a "! card" is a card marked ! (put down against the rules)
        why = (_("The card at {cell} was put down by the rules (it has no !): a challenge "
                 "takes only ! cards.") if fair[0] in game.grid else
               _("There is no card at {cell}."))
        return Verdict(False, why.format(cell=where))
    if not _fixes(game, cells):
        return Verdict(False, ngettext("Without that card the table still breaks the rules: "
                                       "another ! card still mismatches a card that stays.",
                                       "Without those cards the table still breaks the rules: "
                                       "another ! card still mismatches a card that stays.",
                                       len(cells)))
    return Verdict(False, ngettext("That makes the table legal, but takes {n} card: "
                                   "fewer will do. A challenge takes as few as it can.",
                                   "That makes the table legal, but takes {n} cards: "
                                   "fewer will do. A challenge takes as few as it can.",
                                   len(cells)).format(n=len(cells)))


def _fixes(game: Game, cells: Collection[tuple[int, int]]) -> bool:
    """Does taking ``cells`` away leave a table the rules allow?"""
    return is_legal_table({c: v for c, v in game.table.items() if c not in cells}, game.window)
