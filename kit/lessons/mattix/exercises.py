"""Every exercise of the Mattix course, under its name (:data:`EXERCISES`: its
position, task, check, hints, solution, ``answers`` and sample ``wrong`` tries);
a lesson cell only names it: ``lesson.exercise("net gain", progress)``. Also the
prediction exercises of lesson 4, whose data shows only once answered.

Not covered: the exercise widget (``kit.lessons.exercise``).
"""

from __future__ import annotations

import html
import ipywidgets as widgets

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import kit.lessons.exercise
from kit.lessons.exercise import Progress as LessonProgress
from kit.i18n import NO_WORDS, N_, YES_WORDS, _, format_list, format_percent, ngettext
from kit.lessons.exercise import Answering, Catalogue, Exercise, Help, Reveal, Verdict, Walk, typed_exercise
from kit.lessons.mattix.answers import read_move
from kit.lessons.mattix.boards import board_exercise
from kit.lessons.mattix.checks import (OUTCOMES, _crossing, _line, _other, _side, _star_line, _tile,
                                       check_best_take, check_choice, check_legal_takes,
                                       check_net_gain, check_outcome, check_score_after,
                                       check_take, illegal_tries, net_gain_table, net_gains,
                                       refusal, truth_words)
from kit.lessons.mattix.pictures import quiet_svg, typed_cell
from kit.lessons.mattix.puzzles import Puzzle, check_puzzle, load_practice, load_puzzles
from kit.lessons.mattix.studies import first_player_table, players_tournament, position_after
from kit.mattix import Game, Move, analyse, standings_table
from kit.mattix.draw import board_svg


#: The lessons' titles as the notebooks pass them to ``Progress``: record keys,
#: marked here so the catalogue has them (Progress shows ``_(title)``).
LESSON_TITLES = (N_("Lesson 1"), N_("Lesson 2"), N_("Lesson 3"), N_("Lesson 4"), N_("Puzzles"))


class Progress(kit.lessons.exercise.Progress):
    """A lesson's progress in the Mattix course, kept per student (kit.lessons.record)."""

    COURSE = "mattix"


def picture_exercise(task: str, game: Game, check: Callable[[Game, Any], Verdict], *,
                     answers: Sequence[str], wrong: Sequence[object], hints: Sequence[str] = (),
                     show: Reveal = None, progress: LessonProgress | None = None, key: str | None = None,
                     placeholder: str = "", show_line: bool = True, after: object = None,
                     after_when: str = "right") -> Exercise:
    """A typed exercise on the position as a picture (``show_line=False`` hides the
    blue outline and the status line that would give the answer away);
    ``check(game, text)`` judges the answer. ``after``: data the exercise shows
    under itself once answered right (``after_when="answered"``: answered at
    all) or shown (see :func:`with_data`)."""
    game = game.copy()   # the notebook may play on its own game; the exercise keeps this one
    cell = typed_cell(game.size)
    svg = board_svg(game, cell=cell) if show_line else quiet_svg(game, cell)
    ex = typed_exercise(task, svg, lambda text: check(game, text), hints=hints, show=show,
                        progress=progress, key=key, placeholder=placeholder, answers=answers,
                        wrong=wrong)
    return with_data(ex, after, after_when) if after is not None else ex


def with_data(ex: Exercise, data: object, when: str = "answered") -> Exercise:
    """``ex`` with a box under it that shows ``data`` (HTML, or a function giving it)
    only once the student has answered (``when="answered"``), or answered right
    (``"right"``), or pressed Show me: a prediction comes before its data."""
    box = widgets.HTML()
    box.add_class("kit-data")
    ex.data = box
    check, reveal = ex.check, ex.reveal

    def fill() -> None:
        if not box.value:
            box.value = data() if callable(data) else data

    def judged(answer: object) -> Verdict:
        verdict = check(answer)
        if verdict.correct or when == "answered":
            # A flag, not box.value: rendering the saved solution may fill the box.
            if not verdict.correct and not getattr(ex, "data_after_wrong", False) and not ex.solved:
                ex.data_after_wrong = True
                # The data answers the question (a prediction has two or three
                # choices): seen after a wrong try it counts as Show me, so the right
                # choice typed next is not done (issue 30; kit.lessons.record.shown).
                ex.revealed = True
                ex._note("show")
            fill()
        return verdict

    def shown() -> str | None:
        said = reveal if isinstance(reveal, str) or reveal is None else reveal()
        fill()
        return said

    ex.check, ex.reveal = judged, shown
    ex.children = (*ex.children, box)
    return ex


def legal_takes_exercise(game: Game,
                         progress: LessonProgress | None = None, key: str | None = None) -> Exercise:
    """Lesson 1: type every tile the player to move may take."""
    side, line = _side(game), _line(game)
    legal = game.legal_moves()
    answer = " ".join(map(str, legal))
    star = Move(*game.star)
    crossing = _crossing(game)
    wrong = [" ".join(map(str, legal[:-1])),                      # left one out
             " ".join(map(str, crossing)),                        # the other player's line
             " ".join(map(str, legal + [star])),                  # counted the star
             " ".join(map(str, legal[:-1] + [crossing[0]]))]      # one off the line
    outside = [Move(r, c) for r in range(game.size) for c in range(game.size)
               if refusal(game, Move(r, c)) and Move(r, c) not in crossing and Move(r, c) != star]
    example = " ".join(map(str, outside[:2]))
    along = (_("Put your finger on the star and move it along its row: every tile you pass "
               "counts, and the star itself does not.") if line == "row" else
             _("Put your finger on the star and move it along its column: every tile you pass "
               "counts, and the star itself does not."))
    return picture_exercise(_("Which tiles may the {side} take now? Type them all, like "
                              "{example}").format(side=side, example=example),
                            game, check_legal_takes,
                            hints=[_("Find the star first. The {side} takes from {star_line}.")
                                   .format(side=side, star_line=_star_line(game)), along],
                            show=ngettext("{answer}: the {n} tile in {star_line}.",
                                          "{answer}: the {n} tiles in {star_line}.", len(legal))
                            .format(answer=answer, n=len(legal), star_line=_star_line(game)),
                            progress=progress, key=key, show_line=False,
                            placeholder=_("e.g. {example}").format(example=example),
                            answers=[answer], wrong=wrong)


def score_exercise(game: Game, move: Move | str,
                   progress: LessonProgress | None = None, key: str | None = None) -> Exercise:
    """Lesson 2: the mover takes ``move``; type their score after it."""
    move = read_move(move)
    tile, side, before = _tile(game, move), _side(game), game.scores[game.to_move]
    after = before + tile
    slips = [before - tile, tile, before, abs(tile), before + abs(tile) + 1]
    task = ngettext("The {side} has {before} point and takes the {tile} at {move}. What is "
                    "their score now?",
                    "The {side} has {before} points and takes the {tile} at {move}. What is "
                    "their score now?", abs(before)).format(side=side, before=before, tile=tile,
                                                            move=move)
    start = ngettext("Start from the {before} point the {side} had before this take.",
                     "Start from the {before} points the {side} had before this take.",
                     abs(before)).format(before=before, side=side)
    add = (_("Then add the tile's number, with its sign. A negative number is added too: the "
             "score goes down by {drop}.").format(drop=abs(tile)) if tile < 0 else
           _("Then add the tile's number."))
    return picture_exercise(task, game, lambda g, text: check_score_after(g, move, text),
                            hints=[start, add],
                            show=f"{after}: {before} + ({tile}) = {after}.", progress=progress,
                            key=key, placeholder=_("a whole number"), answers=[str(after)],
                            wrong=[str(s) for s in dict.fromkeys(slips) if s != after])


def outcome_exercise(game: Game,
                     progress: LessonProgress | None = None, key: str | None = None) -> Exercise:
    """Lesson 2: over or not, and who won: row, column, draw or not over."""
    truth = truth_words(game)
    s0, s1 = game.scores
    if not game.is_over:
        show = _("{truth}: the {side} can still take {moves}.").format(
            truth=truth, side=_side(game), moves=", ".join(map(str, game.legal_moves())))
        wrong = ["row", "column", "draw"]
    else:
        if game.winner is None:
            show = _("It is over, and it is a draw: the {side} has no tile in their line. "
                     "Scores: row player {row_score}, column player {column_score}.")
        else:
            show = _("It is over, and the {winner} wins: the {side} has no tile in their line. "
                     "Scores: row player {row_score}, column player {column_score}.")
        show = show.format(winner=game.side_name(game.winner or 0), side=_side(game),
                           row_score=s0, column_score=s1)
        wrong = ["not over"] + [w for w in ("row", "column", "draw")
                                if OUTCOMES[w] != game.winner]
    return picture_exercise(_("Is this game over? If it is, who won? Type row, column or draw, "
                              "or type: not over"), game, check_outcome,
                            hints=[_("Whose turn is it? Find the star, then look along that "
                                     "player's line for a tile they can take."),
                                   _("A tile they can take means the game goes on. No tile "
                                     "means it is over: then compare the two scores at the top "
                                     "(more points wins; the same score for both means nobody "
                                     "wins).")],
                            show=show, progress=progress, key=key, show_line=False,
                            placeholder=_("row, column, draw or not over"), answers=[truth],
                            wrong=wrong)


def net_gain_exercise(game: Game, move: Move | str,
                      progress: LessonProgress | None = None, key: str | None = None) -> Exercise:
    """Lesson 3: type the net gain of one take. Once it is right (or shown), the
    exercise shows the net gain of every take."""
    move = read_move(move)
    _move, tile, reply, net = next(r for r in net_gains(game) if r[0] == move)
    other = _other(game)
    after = game.copy()
    after.play(move)
    line_tiles = [_tile(after, m) for m in after.legal_moves()]
    smaller = [tile - t for t in line_tiles if t != reply]
    slips = [tile, tile + reply, reply - tile, 0] + smaller[:1]
    table = net_gain_table(game)
    data = ("<p style='font-size: 18px'>"
            + html.escape(_("The net gain of every take in the {side}'s line:")
                          .format(side=_side(game)))
            + "</p>" + table._repr_html_())
    return picture_exercise(_("What is the net gain of taking the {tile} at {move}?")
                            .format(tile=tile, move=move), game,
                            lambda g, text: check_net_gain(g, move, text),
                            hints=[_("Take the {tile} in your head: the star moves to {move}. "
                                     "Which tiles can the {side} take then?")
                                   .format(tile=tile, move=move, side=other),
                                   _("Net gain = your tile minus the biggest tile the {side} "
                                     "can take after it.").format(side=other)],
                            show=_("{net}: you get {tile}, then the {side}'s biggest reply is "
                                   "{reply}, and {tile} - ({reply}) = {net}.")
                            .format(net=net, tile=tile, side=other, reply=reply),
                            progress=progress, key=key, placeholder=_("a whole number"),
                          answers=[str(net)],
                          wrong=[str(s) for s in dict.fromkeys(slips) if s != net],
                          after=data, after_when="right")


def practice_exercise(number: int, progress: LessonProgress | None = None) -> Exercise:
    """Lesson 3, position ``number`` (from 1): find the take that wins; judged exactly."""
    game, hints, solution = load_practice()[number - 1]
    return board_exercise(_("Position {number}: you are the {side}. Find the take that wins, "
                            "and take it on the board.").format(number=number, side=_side(game)),
                          game, check_best_take, solution, hints=[_(h) for h in hints],
                          progress=progress, key=f"practice {number}")


def take_a_tile_exercise(game: Game,
                         progress: LessonProgress | None = None, key: str | None = None) -> Exercise:
    """Lesson 1: click any tile the row player may take (any legal take is right)."""
    return board_exercise(_("Take a tile the {side} may take: pick it on the board "
                            "(click it, or Enter on it).")
                          .format(side=_side(game)),
                          game, check_take, analyse(game)[0][0],
                          hints=[_("The {side} takes from {star_line}.")
                                 .format(side=_side(game), star_line=_star_line(game)),
                                 _("The line you may take from is outlined in blue.")],
                          progress=progress, key=key,
                          answers=[str(m) for m in game.legal_moves()],
                          wrong=illegal_tries(game))


def puzzle_exercise(puzzle: Puzzle, progress: LessonProgress | None = None) -> Exercise:
    """A puzzle on a live board: take a tile, Check, Hint, Show me (takes the solution
    and says the best line after it)."""
    return board_exercise(puzzle.task, puzzle.game, lambda g, move: check_puzzle(puzzle, move),
                          puzzle.solution, hints=puzzle.hints, progress=progress,
                          key=f"puzzle {puzzle.number}")


def prediction_exercise(task: str, options: dict[str, str], truth: str, why: str,
                        progress: LessonProgress | None = None,
                        key: str | None = None, data: str | None = None,
                        hints: Sequence[str] = (),
                        labels: dict[str, str] | None = None) -> Exercise:
    """Lesson 4: predict a measured result; ``why`` quotes the measurement.
    ``data`` (HTML) shows under the exercise once it is answered or shown.
    ``labels``: an option's name as shown, when not the name itself (a translation)."""
    shown = {name: (labels or {}).get(name, name) for name in options.values()}
    ex = Exercise(task,
                  lambda text: check_choice(options, truth, why, text, labels),
                  answer=Answering(placeholder=format_list(shown.values(), style="or")),
                  help=Help(hints=list(hints) or [_("Think of what each player looks at before it "
                                          "takes a tile.")], show=f"{shown[truth]}: {why}"),
                  walk=Walk(answers=[truth], wrong=[o for o in dict.fromkeys(options.values())
                                          if o != truth]),
                  progress=progress,
                  key=key)
    return with_data(ex, data, "answered") if data is not None else ex


NOTE = "<p style='font-size: 18px; max-width: 60em'>{}</p>"


def first_player_prediction(progress: LessonProgress | None = None,
                            key: str = "first player") -> Exercise:
    """Lesson 4: predict whether the first player wins more 4 x 4 level 1 boards; the
    table (loaded from its file) shows once the student has answered."""
    table = first_player_table()
    four = table[0]
    truth = "yes" if four["row player wins"] > four["column player wins"] else "no"
    data = (NOTE.format(_("The whole table. It was computed once by a script "
                          "(<code>{command}</code>) and saved in a file "
                          "(<code>{file}</code>); the lesson "
                          "loads it, because solving the big boards again would take minutes. "
                          "<b>{mean_margin}</b> is how many points the row player ends ahead on "
                          "average, with perfect play by both.").format(
                              command="python -m kit.lessons.mattix.generate_first_player",
                              file="kit/lessons/data/mattix_first_player.json",
                              mean_margin=_("mean margin")))
            + table._repr_html_())
    why = ngettext("the row player wins {row_wins} of {boards} boards, the column player "
                   "{column_wins}; {draws} is a draw.",
                   "the row player wins {row_wins} of {boards} boards, the column player "
                   "{column_wins}; {draws} are draws.", four["draws"]).format(
                       row_wins=four["row player wins"], boards=four["boards"],
                       column_wins=four["column player wins"], draws=four["draws"])
    return prediction_exercise(
        _("On 4 x 4 boards at level 1, with perfect play by both: does the row player (first) "
          "win more boards than the column player? Type yes or no."), YES_NO, truth, why,
        progress, key=key, data=data, labels={"yes": _("yes"), "no": _("no")},
        hints=[_("Think of the deal above: who chose first where the star goes?"),
               _("The row player picks the first tile and so the first line the column player "
                 "must take from.")])


#: Yes and no as a student may type them, in any of the kit's languages; the task
#: shows ``_("yes")`` / ``_("no")``, accepted too.
YES_NO = {**{word: "yes" for word in YES_WORDS}, **{word: "no" for word in NO_WORDS},
          N_("yes"): "yes", N_("no"): "no"}


def duel_prediction(progress: LessonProgress | None = None, games: int = 20, size: int = 5, level: int = 2,
                    key: str = "duel") -> Exercise:
    """Lesson 4: predict who wins more games, greedy or lookahead (played here, seeded).
    The whole tournament shows once the student has answered."""
    pairings = players_tournament(size=size, level=level, games=games)
    duel = pairings[1]
    truth = max(duel, key=lambda s: s.win_rate).name
    tables = "\n\n".join(standings_table(rows) for rows in pairings)
    data = (NOTE.format(_("The tournament, played just now: each player against the next "
                          "stronger one, {games} games on {size} x {size} boards at level "
                          "{level}. <b>{win_rate}</b> counts a draw as half a win; "
                          "<b>{margin}</b> is the average number of points ahead at the end.")
                        .format(games=games, size=size, level=level, win_rate=_("win rate"),
                                margin=_("margin")))
            + f"<pre style='font-size: 16px'>{html.escape(tables)}</pre>")
    first, second = duel
    return prediction_exercise(
        _("Who wins more of {games} games on {size} x {size}: greedy or lookahead? "
          "Type greedy or lookahead.").format(games=games, size=size),
        DUEL_NAMES, truth,
        # Translators: {first} and {second} are the computer players' names
        # ("greedy", "lookahead"), in the language's words, as the tables print them.
        _("{first} won {first_rate} and {second} won {second_rate} of the games.").format(
            first=_(first.name), first_rate=format_percent(first.win_rate),
            second=_(second.name), second_rate=format_percent(second.win_rate)),
        progress, key=key, data=data,
        # the answer as the task names it ("previsor", not the key "lookahead"; issue 30)
        labels={name: _(name) for name in ("greedy", "lookahead")},
        hints=[_("Think of what each player looks at before it takes a tile."),
               _("Greedy looks only at its own tile. The other player also looks at the best "
                 "reply each take allows (lesson 3's net gain). Which one falls into traps?")])


#: The duel's players as a student may type them: the kit's names, and the nicknames
#: the Spanish and Bulgarian lessons give them.
DUEL_NAMES = {"greedy": "greedy", "glotón": "greedy", "gloton": "greedy", "el glotón": "greedy",
              "алчният": "greedy", "алчен": "greedy", "лаком": "greedy", "лакомият": "greedy",
              "lookahead": "lookahead", "previsor": "lookahead", "el previsor": "lookahead",
              "предвидливият": "lookahead", "предвидлив": "lookahead", "прозорлив": "lookahead",
              "прозорливият": "lookahead"}


# ----- every exercise of the course, by name -------------------------------------

def _deal(size: int, level: int, seed: int, moves: Iterable[str | Move] = ()) -> Game:
    game = Game.new(size=size, level=level, seed=seed)
    for move in moves:
        game.play(move)
    game._history.clear()
    return game


EXERCISES: dict[str, Callable[..., Exercise]] = {
    # lesson 1
    "row player's tiles": lambda progress: legal_takes_exercise(
        _deal(4, 1, 11), progress, key="row player's tiles"),
    "column player's tiles": lambda progress: legal_takes_exercise(
        _deal(4, 1, 8, ["0,1"]), progress, key="column player's tiles"),
    "take a tile": lambda progress: take_a_tile_exercise(_deal(4, 1, 5), progress,
                                                         key="take a tile"),
    # lesson 2
    "negative tile": lambda progress: score_exercise(position_after(8, 4, 2, 6), "3,0", progress,
                                                     key="negative tile"),
    "ended early": lambda progress: outcome_exercise(position_after(10, 4, 2, 11), progress,
                                                     "ended early"),
    "draw": lambda progress: outcome_exercise(position_after(133, 4, 2, 11), progress, "draw"),
    "not over": lambda progress: outcome_exercise(position_after(5, 4, 2, 6), progress,
                                                  "not over"),
    # lesson 3
    "net gain": lambda progress: net_gain_exercise(_deal(4, 2, 18), "2,0", progress,
                                                   key="net gain"),
    **{f"position {n}": lambda progress, n=n: practice_exercise(n, progress)
       for n in range(1, 5)},
    # lesson 4
    "first player": lambda progress: first_player_prediction(progress),
    "duel": lambda progress: duel_prediction(progress),
    # lesson 5
    **{f"puzzle {n}": lambda progress, n=n: puzzle_exercise(load_puzzles()[n - 1], progress)
       for n in range(1, 19)},
}


#: The course's exercises by name (its puzzles among them): what a lesson's cell calls.
exercise = Catalogue("Mattix", EXERCISES)
