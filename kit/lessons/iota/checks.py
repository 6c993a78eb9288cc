"""The IOTA course's pure checks: each takes the position (and the line, play or
cell an exercise is about) and the student's answer and returns a
:class:`kit.lessons.exercise.Verdict` saying right or wrong and why, in the
engine's own words (``Game.explain``, the rule a play breaks).

No widgets. Not covered: the puzzles (:mod:`kit.lessons.iota.puzzles`).
"""

from __future__ import annotations

from collections.abc import Sequence

from kit.i18n import N_, _, format_list, ngettext
from kit.iota import Game
from kit.iota.cards import TEXT, VALUE, WILD, describe, parse_card
from kit.iota.lines import table_problem
from kit.iota.moves import Move, Pass, Play, Recycle
from kit.iota.scoring import Explanation
from kit.lessons.exercise import Verdict
from kit.lessons.iota.answers import read_card, read_count, read_play, read_points, read_yes_no


# ----- lesson 1: is this line valid? ---------------------------------------------

def line_problem_of(cards: Sequence[str]) -> str | None:
    """Why the row ``cards`` (texts) breaks the rules, or None if it is a valid line."""
    table = {(0, c): parse_card(t) for c, t in enumerate(cards)}
    problem = table_problem(table)
    return problem[0] if problem else None


def check_line(cards: Sequence[str], answer: object) -> Verdict:
    """Did the student judge the line (valid or invalid) as the engine does? A right
    answer is told why; a wrong one what to look at, not the verdict."""
    said = read_yes_no(answer)
    problem = line_problem_of(cards)
    shown = " ".join(cards)
    if said == (problem is None):
        if problem:
            return Verdict(True, _("{cards} is not a line: {why}.").format(
                cards=shown, why=line_fault(cards)))
        return Verdict(True, _("{cards} is a valid line: {why}.").format(
            cards=shown, why=line_reasons(cards)))
    return Verdict(False, line_look(cards, problem is None))


#: What each feature of a card is called, and how a line's cards show it (the
#: English key; the words a student reads are the messages below, per feature).
FEATURES = ("numbers", "colours", "shapes")
#: Per feature: a line's values neither all the same nor all different.
_MIXED = (N_("the numbers ({values}) are neither all the same nor all different"),
          N_("the colours ({values}) are neither all the same nor all different"),
          N_("the shapes ({values}) are neither all the same nor all different"))
#: Per feature: look again at it.
_LOOK = (N_("Look again at the numbers: {values}. Are they all the same, or all different?"),
         N_("Look again at the colours: {values}. Are they all the same, or all different?"),
         N_("Look again at the shapes: {values}. Are they all the same, or all different?"))
#: Per feature: its values along the line ("numbers 1 2 3").
_VALUES = (N_("numbers {values}"), N_("colours {values}"), N_("shapes {values}"))
#: Per feature: all the same, all different.
_SAME = (N_("numbers all the same"), N_("colours all the same"), N_("shapes all the same"))
_DIFFERENT = (N_("numbers all different"), N_("colours all different"),
              N_("shapes all different"))


def _features(cards: Sequence[str]) -> list[tuple[int, list[str], bool, bool]]:
    """(feature index, the real cards' values in order, all the same?, all different?)
    per feature."""
    real = [TEXT[parse_card(c)] for c in cards if parse_card(c) != WILD]
    out = []
    for i in range(len(FEATURES)):
        values = [c[i] for c in real]
        out.append((i, values, len(set(values)) == 1, len(set(values)) == len(values)))
    return out


def line_fault(cards: Sequence[str]) -> str:
    """Why ``cards`` is no line, in a student's words (no coordinates): too long, or the
    first feature neither all the same nor all different."""
    if len(cards) > 4:
        return _("it has {n} cards, and a line holds at most 4").format(n=len(cards))
    for i, values, same, different in _features(cards):
        if not (same or different):
            return _(_MIXED[i]).format(values=", ".join(values))
    return _("its cards cannot all be in one line")


def line_look(cards: Sequence[str], valid: bool) -> str:
    """What to look at again after a wrong judgement of ``cards``: the feature (or the
    length) that decides it, never the verdict itself."""
    if not valid and len(cards) > 4:
        return _("Count the cards. How many cards may one line hold?")
    if not valid:
        i, values, __, ___ = next(f for f in _features(cards) if not (f[2] or f[3]))
        return _(_LOOK[i]).format(values=", ".join(values))
    looks = "; ".join(_(_VALUES[i]).format(values=" ".join(values))
                      for i, values, __, ___ in _features(cards))
    if "W" in cards:
        return _("Look at each in turn ({looks}): is any of them a mix, some the same and some "
                 "different? A wild can be any card you like.").format(looks=looks)
    return _("Look at each in turn ({looks}): is any of them a mix, some the same and some "
             "different?").format(looks=looks)


def line_reasons(cards: Sequence[str]) -> str:
    """For each of number, colour, shape: 'all the same' or 'all different' (real cards)."""
    real = [parse_card(c) for c in cards if parse_card(c) != WILD]
    words = []
    for i in range(len(FEATURES)):
        values = {TEXT[c][i] for c in real}
        words.append(_(_SAME[i]) if len(values) == 1 else _(_DIFFERENT[i]))
    if len(real) < len(cards):
        # Translators: the three features' verdicts, then what the wild does
        return _("{features} (the wild stands for the card that fits)").format(
            features=", ".join(words))
    return ", ".join(words)


#: Lesson 1's six lines to judge, with the hint for each. Not the lesson's example
#: (1RC 2RC 3RC, shown just above them).
LINES = (
    (("3YT", "3BT", "3GT"), N_("Look at the numbers, then the colours, then the shapes.")),
    (("2YS", "2BS", "3GS"), N_("Look at the numbers: two 2s and a 3.")),
    (("1RC", "2YS", "3GT", "4BX"), N_("Every number is different. And the colours? The shapes?")),
    (("4GT", "4GX", "4GT"),
     N_("Could a line really hold the same card twice? Look at the shapes.")),
    (("3BX", "W", "3YX"), N_("A wild can be any card you like.")),
    (("1YC", "2YC", "3YC", "4YC", "1YS"), N_("Count the cards.")),
)


# ----- lesson 2: placing cards -------------------------------------------------

#: Each placement rule, by the key the engine gives a play breaking it
#: (``Explanation.rule_key``), with a part of its English words.
RULES = {
    "line": "same row or the same column",
    "touch": "must touch a card already on the table",
    "gap": "one unbroken run",
    "long": "longer than 4",
    "match": "neither all the same nor all different",
}


def check_breaks(game: Game, rule: str, answer: object) -> Verdict:
    """Target practice: is the play ``answer`` refused, and for the rule ``rule``?"""
    if rule not in RULES:
        raise ValueError(f"unknown rule {rule!r}; rules are {', '.join(RULES)}")
    play = read_play(answer)
    why = game.explain(play)
    if why.legal:
        return Verdict(False, _("{play} is allowed: it scores {n}. Try a play that breaks the "
                                "rule.").format(play=play, n=why.points))
    if why.rule_key == rule:
        return Verdict(True, _("The kit refuses {play}: {rule}.").format(play=play, rule=why.rule))
    return Verdict(False, _("{play} is refused, but for another rule: {rule}.").format(
        play=play, rule=why.rule))


def check_legal_play(game: Game, answer: object) -> Verdict:
    """Is the play ``answer`` allowed here? Says its score or the rule it breaks."""
    play = read_play(answer)
    why = game.explain(play)
    if why.legal:
        return Verdict(True, _("{play} is allowed and scores {n}.").format(play=play,
                                                                          n=why.points))
    return Verdict(False, _("{play} is not allowed: {rule}.").format(play=play, rule=why.rule))


def check_both_ends(game: Game, answer: object) -> Verdict:
    """Is ``answer`` a legal play with cards at both ends of a line already on the table?"""
    play = read_play(answer)
    why = game.explain(play)
    if not why.legal:
        return Verdict(False, _("{play} is not allowed: {rule}.").format(play=play, rule=why.rule))
    cells = sorted(play.cells)
    between = [x for x in game.table if cells[0] < x < cells[-1]
               and (x[0] == cells[0][0] == cells[-1][0] or x[1] == cells[0][1] == cells[-1][1])]
    # A line is 2 cards or more: cards either side of one card (a column through
    # a card of the row) are not the ends of a line.
    if len(cells) >= 2 and len(between) >= 2:
        return Verdict(True, ngettext(
            "{play} puts cards on both sides of the cards already there, in one unbroken run: "
            "{n} point.",
            "{play} puts cards on both sides of the cards already there, in one unbroken run: "
            "{n} points.", why.points).format(play=play, n=why.points))
    return Verdict(False, ngettext(
        "{play} is allowed ({n} point), but it does not put cards at both ends of a line "
        "already on the table: one card before it, one after it.",
        "{play} is allowed ({n} points), but it does not put cards at both ends of a line "
        "already on the table: one card before it, one after it.", why.points).format(
        play=play, n=why.points))


def check_draw_count(game: Game, play: str, answer: object) -> Verdict:
    """How many cards does the mover draw after ``play``? (back up to 4, while the deck lasts)

    A wrong count is told what is wrong with it (it would leave more or fewer than 4
    in the hand, or there is no drawing at all), never the count, nor how many cards
    are left in the hand: that is the sum the student is asked to do."""
    n = read_count(answer)
    move = read_play(play)
    hand = len(game.hands[game.to_move])
    hand_after = hand - len(move.cards)
    right = min(4 - hand_after, len(game.deck))
    if n == right:
        return Verdict(True, _("You played {played} of your {hand} cards and hold {left}; you "
                               "draw back up to 4 (the deck holds {deck}): you draw {n}.").format(
            played=len(move.cards), hand=hand, left=hand_after, deck=len(game.deck), n=right))
    if n == 0:
        return Verdict(False, _("You do draw after a play: you take cards from the deck until "
                                "you hold 4 again."))
    if n > len(game.deck):
        return Verdict(False, _("{n} is more cards than the deck holds.").format(n=n))
    if hand_after + n > 4:
        return Verdict(False, _("Drawing {n} would leave you holding more than 4 cards. "
                                "Count the cards still in your hand after the play.").format(n=n))
    return Verdict(False, _("Drawing {n} would leave you holding fewer than 4 cards, and the "
                            "deck has plenty. Count the cards still in your hand after the "
                            "play.").format(n=n))


# ----- lesson 3: scoring ------------------------------------------------------

def check_score(game: Game, play: object, answer: object) -> Verdict:
    """Did the student type the right score for ``play``? The breakdown says why; a
    wrong score is told the mistake it looks like (forgot to double, one line only, a
    card in two lines counted once) and what to count, never the sums."""
    n = read_points(answer)
    why = game.explain(read_play(play))
    if not why.legal:
        raise ValueError(f"the exercise's play is not legal: {why.rule}")
    if n == why.points:
        return Verdict(True, ngettext("{n} point. {why}", "{n} points. {why}", why.points).format(
            n=why.points, why=breakdown(why)))
    return Verdict(False, _("{n} is not it. {why}").format(
        n=n, why=score_mistake(why, read_play(play), n)), more=how_to_count(why))


def score_mistake(why: Explanation, play: Play, n: int) -> str:
    """The common mistake ``n`` looks like, in words without the score; else what to do."""
    lines = [line.points for line in why.lines]
    doubles = why.doubling_names
    if doubles and n == why.base:
        return _("You added up the lines, but forgot to double: {doublings}.").format(
            doublings="; ".join(doubles))
    if len(lines) > 1 and n in lines:
        return _("That is one line only; the play makes {n} lines. Add them all.").format(
            n=len(lines))
    # A card in two lines, counted in one only: the base less its number, once each.
    shared = sum(VALUE[card] for card, cell in play.placements
                 if sum(cell in line.cells for line in why.lines) > 1)
    if shared and n in (why.base - shared, (why.base - shared) * 2 ** len(doubles)):
        return _("A card in two lines counts in both lines: add it twice.")
    return _("Count again, line by line: press Why? to see what to add up.")


def how_to_count(why: Explanation) -> str:
    """What to add up and double for this play, without the sums: a wrong answer
    says why it is wrong but does not hand over the score."""
    lines = format_list([_("{first} to {last} ({n} cards)").format(
        first=line.cards[0], last=line.cards[-1], n=len(line.cards)) for line in why.lines])
    count = ngettext("The play makes {n} line: {lines}.", "The play makes {n} lines: {lines}.",
                     len(why.lines)).format(n=len(why.lines), lines=lines)
    doubles = why.doubling_names
    then = (_("Add up each line's numbers, then double for: {doublings}.").format(
        doublings="; ".join(doubles)) if doubles
        else _("Add up each line's numbers (a card in two lines counts in both)."))
    return f"{count} {then}"


def breakdown(why: Explanation) -> str:
    """An explanation in one paragraph: each line's sum, then each doubling."""
    lines = "; ".join(_("{sum} = {points} ({first} to {last})").format(
        sum=" + ".join(str(VALUE[parse_card(t)]) for t in line.cards), points=line.points,
        first=line.cards[0], last=line.cards[-1]) for line in why.lines)
    # "x 2 (lot completed)": the doubling names are phrases, not things one doubles
    # "for" ("x 2 for the play ends the game" read badly in every language).
    doubles = "".join(f", x 2 ({d})" for d in why.doubling_names)
    total = (_("Together {base}{doublings}: {points}.").format(
        base=why.base, doublings=doubles, points=why.points) if doubles
        else _("Together {points}.").format(points=why.points))
    return _("Lines: {lines}. {total}").format(lines=lines, total=total)


# ----- lesson 4: wilds, passing, the end ---------------------------------------

def check_wild(game: Game, cell: Sequence[int], answer: object) -> Verdict:
    """Could the wild at ``cell`` stand for the card ``answer`` (in its row and its column)?"""
    card = read_card(answer)
    at = (cell[0], cell[1]) if len(cell) == 2 else None
    if at is None or game.table.get(at) != WILD:
        raise ValueError(f"there is no wild at {cell}")
    after = dict(game.table)
    after[at] = card
    problem = table_problem(after, [at])
    if problem is None:
        return Verdict(True, _("{card} ({words}) fits the wild's row and its column.").format(
            card=TEXT[card], words=describe(card)))
    # The line it breaks, not a card that fits: that would hand over the answer.
    return Verdict(False, _("{card} does not fit: {why}. Try again, or press Hint.").format(
        card=TEXT[card], why=problem[0]))


def check_exchange_count(game: Game, answer: object) -> Verdict:
    """At most how many cards may the mover swap when passing? A wrong count is told
    what is wrong with it (more than the hand or the deck holds, or fewer than
    allowed), never the limit."""
    n = read_count(answer)
    hand, deck = len(game.hands[game.to_move]), len(game.deck)
    right = min(hand, deck)
    rule = _("(The printed rules do not say; this kit never lets you draw back a card you just "
             "put under the deck.)")
    if n == right:
        return Verdict(True, _("You hold {hand} cards and the deck holds {deck}: at most {n}.")
                       .format(hand=hand, deck=deck, n=right) + f" {rule}")
    if n > hand:
        return Verdict(False, _("You cannot swap {n}: that is more cards than you hold.").format(
            n=n))
    if n > deck:
        return Verdict(False, _("Swapping {n} would make you draw back a card you just put "
                                "under the deck. Look at how many cards the deck holds.").format(
            n=n))
    return Verdict(False, _("You may swap more than {n}. Look at your hand and at the deck.")
                   .format(n=n))


def check_pass(game: Game, swap: int, answer: object) -> Verdict:
    """Did the student pass, swapping exactly ``swap`` cards? ``answer``: a move or a turn."""
    move = answer[-1] if isinstance(answer, (list, tuple)) and answer else answer
    if isinstance(move, str):
        move = Move.parse(move)
    if not isinstance(move, Pass):
        return Verdict(False, _("{move} is not a pass: press Pass, pick the cards to swap, "
                                "then Pass again.").format(move=move))
    why = game.explain(move)
    if not why.legal:
        return Verdict(False, _("{play} is not allowed: {rule}.").format(play=move, rule=why.rule))
    n = len(move.exchange)
    if n != swap:
        return Verdict(False, ngettext("You passed swapping {n} card, not {swap}. Press Undo and "
                                       "try again.",
                                       "You passed swapping {n} cards, not {swap}. Press Undo and "
                                       "try again.", n).format(n=n, swap=swap))
    gone = " ".join(TEXT[c] for c in move.exchange)
    return Verdict(True, ngettext("{cards} went under the deck and you drew {n} new card from "
                                  "the top. Your turn is over.",
                                  "{cards} went under the deck and you drew {n} new cards from "
                                  "the top. Your turn is over.", n).format(cards=gone, n=n))


def check_move(game: Game, answer: object) -> Verdict:
    """Is the move ``answer`` (any kind: play, pass, recycle) legal here?"""
    if not isinstance(answer, Move):
        answer = Move.parse(answer if isinstance(answer, str) else "")
    why = game.explain(answer)
    if why.legal:
        if isinstance(answer, Recycle):
            return Verdict(True, _("{move} is allowed: the wild is in your hand now, the card "
                                   "took its place, and you still play (or pass) this turn.")
                           .format(move=answer))
        if isinstance(answer, Play):
            return Verdict(True, _("{play} is allowed and scores {n}.").format(play=answer,
                                                                              n=why.points))
        return Verdict(True, _("{move} is allowed.").format(move=answer))
    return Verdict(False, _("{play} is not allowed: {rule}.").format(play=answer, rule=why.rule))


def check_recycle(game: Game, answer: object) -> Verdict:
    """Was the turn's first move (``answer``: a move or a turn) a recycle the kit allows?
    A play or a pass is no recycle, however legal."""
    first = answer[0] if isinstance(answer, (list, tuple)) and answer else answer
    if isinstance(first, str):
        first = Move.parse(first)
    if not isinstance(first, Recycle):
        said = (_("{move} is a pass, not a recycle: a recycle swaps a card from your hand for the "
                  "wild on the table. Take back, then pick the card the wild stands for, then "
                  "the wild.") if isinstance(first, Pass) else
                _("{move} is a play, not a recycle: a recycle swaps a card from your hand for the "
                  "wild on the table. Take back, then pick the card the wild stands for, then "
                  "the wild."))
        return Verdict(False, said.format(move=first))
    return check_move(game, first)


def check_pass_ends(game: Game, answer: object) -> Verdict:
    """Would the game be over if the player to move passed now? (yes or no) A wrong
    answer is told what to look at, not the verdict."""
    said = read_yes_no(answer)
    after = game.copy()
    after.play(Pass.of(()))
    over = after.is_over
    if said != over:
        return Verdict(False, _("Look at the deck under the table, and count the passes in a "
                                "row (the other player's, then yours): what does the kit do then?"))
    if over:
        ends = _("(The printed rules do not say; this kit ends it, or the passing would go "
                 "round for ever.)")
        if game.players == 2:
            why = _("The deck is empty and both players have now passed in a row: the game "
                    "ends, with no bonus.")
        else:
            why = _("The deck is empty and all {n} players have now passed in a row: the game "
                    "ends, with no bonus.").format(n=game.players)
        why = f"{why} {ends}"
    elif game.deck:
        why = _("The game goes on: the deck still has cards.")
    else:
        why = _("The game goes on: not every player has passed in a row yet.")
    return Verdict(True, why)


def check_final_score(game: Game, play: object, answer: object) -> Verdict:
    """The score of the game's last play, with its doubling; also says the game is over."""
    verdict = check_score(game, play, answer)
    if not verdict.correct:   # the final scores would give the play's score away
        return verdict
    after = game.copy()
    after.play(read_play(play))
    if not after.is_over:
        return verdict
    me = game.to_move
    others = ", ".join(str(s) for i, s in enumerate(after.scores) if i != me)
    over = (_("The game is over: this player ends with {n} points, the others with {others}.")
            if game.players > 2 else
            _("The game is over: this player ends with {n} points, the other with {others}."))
    return Verdict(True, f"{verdict.why} " + over.format(n=after.scores[me], others=others))
