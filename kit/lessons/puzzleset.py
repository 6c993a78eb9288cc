"""A teacher's own puzzles: made from any position, kept in a versioned JSON file, played
with the courses' tutor (issue 34).

A **puzzle set file** is JSON, one game per file::

    {"format": "kit-puzzle-set", "version": 1, "game": "mattix", "title": "Friday",
     "puzzles": [{"name": "1", "kind": "score", "position": {...}, "move": "2,3",
                  "answer": "12", "task": "...", "hints": ["...", "..."],
                  "wrong": [{"answer": "3", "feedback": "..."}]}]}

``position`` is the game's own ``to_dict()``; ``kind`` one of :data:`KINDS`:

- ``best_move``: the move scoring most this turn (Mattix, small enough for the exact
  solver: the take ending furthest ahead with perfect play); ``answer`` one such move.
- ``legal``: is ``move`` legal? ``answer`` ``"yes"`` or ``"no"``; a "no" is told the rule
  the engine names.
- ``score``: how many points does ``move`` score? ``answer`` the number.
- ``who_wins``: who wins from here with perfect play (Mattix with at most
  :data:`SOLVER_TILES` tiles left); ``answer`` the seat number (0, 1) or ``"draw"``.

``task``, ``hints`` and the wrong tries' ``feedback`` are the teacher's words (proposed by
:func:`propose` from the engine's explanations, then edited). :func:`load` checks every
field and then every answer against the engine: a malformed, tampered or outdated file
raises ``ValueError`` naming the puzzle and the field, and nothing is returned half-read.
:func:`puzzle_set` shows the set as :class:`kit.lessons.exercise.Exercise` widgets with a
:class:`Progress` (kept per student, events to the teacher's page).

Not covered: the courses' own puzzles (``kit/lessons/puzzles/<game>.json``).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kit import contract, games
from kit.i18n import N_, _

if TYPE_CHECKING:
    from kit.lessons.exercise import Exercise, Progress, Verdict

FORMAT = "kit-puzzle-set"
VERSION = 1
KINDS = ("best_move", "legal", "score", "who_wins")
#: who_wins (and a Mattix best_move by the solver) only this many tiles left, or fewer
SOLVER_TILES = 16
YES, NO, DRAW = "yes", "no", "draw"


@dataclass(frozen=True)
class Wrong:
    """A typical wrong try and what it is told."""

    answer: str
    feedback: str


@dataclass(frozen=True)
class TeacherPuzzle:
    """One puzzle of a teacher's set (see the module's doc for the fields)."""

    name: str
    kind: str
    position: dict[str, Any]
    answer: str
    move: str = ""
    task: str = ""
    hints: tuple[str, ...] = ()
    wrong: tuple[Wrong, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["hints"] = list(self.hints)
        data["wrong"] = [asdict(w) for w in self.wrong]
        return data


@dataclass
class PuzzleSet:
    game: str
    title: str
    puzzles: list[TeacherPuzzle] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game, "title": self.title,
                "puzzles": [p.to_json() for p in self.puzzles]}

    def save(self, path: str | Path) -> Path:
        """Write the set (every puzzle's answer confirmed by the engine first)."""
        for p in self.puzzles:
            confirm(self.game, p)
        path = Path(path)
        path.write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
        return path

    def add(self, puzzle: TeacherPuzzle) -> None:
        """Add ``puzzle`` if the engine confirms its answer (ValueError otherwise)."""
        confirm(self.game, puzzle)
        self.puzzles.append(puzzle)


# ----- the engine's answers ------------------------------------------------------

def game_of(name: str, position: dict[str, Any]) -> contract.Game:
    game: contract.Game = games.get(name).load_game().from_dict(position)
    return game


def _solver_fits(game: contract.Game) -> bool:
    board = getattr(game, "board", None)
    if games.of(game).name != "mattix" or board is None:
        return False
    return sum(v is not None for row in board for v in row) <= SOLVER_TILES


def _margins(game: contract.Game) -> dict[Any, int]:
    from kit.lessons.mattix.checks import final_margins
    from kit.mattix import Game as MattixGame
    if not isinstance(game, MattixGame):   # _solver_fits said it is
        raise TypeError(f"only a Mattix game has the solver's margins, not {game!r}")
    return final_margins(game)


def _best(game: contract.Game) -> tuple[list[Any], dict[Any, int], str]:
    """The best moves, every move's value and what the value is ("points" or "margin")."""
    if _solver_fits(game):
        values, unit = _margins(game), "margin"
    else:
        values = {m: game.explain(m).points for m in game.legal_moves()}
        unit = "points"
    if not values:
        raise ValueError(_("there is no legal move in this position"))
    top = max(values.values())
    return [m for m, v in values.items() if v == top], values, unit


def _move(game: contract.Game, text: str) -> contract.Move:
    from kit.errors import InvalidMoveText
    try:
        return game.parse_move(str(text).strip())
    except InvalidMoveText as exc:
        raise ValueError(str(exc)) from exc


def engine_answer(name: str, kind: str, position: dict[str, Any], move: str = "") -> str:
    """The answer the engine gives to a ``kind`` task on this position (ValueError if the
    task cannot be asked of it)."""
    game = game_of(name, position)
    if kind == "best_move":
        return str(_best(game)[0][0])
    if kind == "legal":
        return YES if game.explain(_move(game, move)).legal else NO
    if kind == "score":
        explanation = game.explain(_move(game, move))
        if not explanation.legal:
            raise ValueError(_("that move is not legal: {reason}").format(reason=explanation.reason))
        return str(explanation.points)
    if kind == "who_wins":
        if not _solver_fits(game):
            raise ValueError(_("who wins is asked only of a Mattix position with at most "
                               "{n} tiles left").format(n=SOLVER_TILES))
        margins = _margins(game)
        if not margins:
            diff = game.scores[0] - game.scores[1]
        else:
            best = max(margins.values())
            diff = best if game.to_move == 0 else -best
        return DRAW if diff == 0 else ("0" if diff > 0 else "1")
    raise ValueError(f"unknown task kind {kind!r}; the kinds are {', '.join(KINDS)}")


def confirm(name: str, puzzle: TeacherPuzzle, where: str = "") -> None:
    """ValueError unless the engine agrees with ``puzzle.answer`` (``where``: how the
    message names the puzzle)."""
    where = where or f"puzzle {puzzle.name!r}"
    game = game_of(name, puzzle.position)
    if puzzle.kind == "best_move":
        best, _values, _unit = _best(game)
        if str(puzzle.answer) not in {str(m) for m in best}:
            raise ValueError(f"{where}: field 'answer': {puzzle.answer!r} is not "
                             f"a best move by the engine (it finds {best[0]})")
        return
    truth = engine_answer(name, puzzle.kind, puzzle.position, puzzle.move)
    if str(puzzle.answer).strip().lower() != truth:
        raise ValueError(f"{where}: field 'answer': {puzzle.answer!r} does not "
                         f"match the engine ({truth!r})")


# ----- judging a try --------------------------------------------------------------

def seat_words(name: str, seat: int) -> str:
    return games.get(name).seat_name(seat)


def _who_text(name: str, text: str) -> str:
    t = str(text).strip().lower()
    if t in {DRAW, _("draw").lower()}:
        return DRAW
    for seat in (0, 1):
        if t in {str(seat + 1), seat_words(name, seat).lower()}:
            return str(seat)
    from kit.errors import InvalidMoveText
    raise InvalidMoveText(_("answer one of: {options}").format(options=", ".join(
        [seat_words(name, 0), seat_words(name, 1), _("draw")])))


def check(name: str, puzzle: TeacherPuzzle, answer: object) -> Verdict:
    """The Verdict on ``answer`` (a ValueError for an answer that cannot be read)."""
    from kit.errors import InvalidMoveText
    from kit.lessons.exercise import Verdict
    game = game_of(name, puzzle.position)
    text = str(answer).strip()
    own = {w.answer.strip().lower(): w.feedback for w in puzzle.wrong}
    if puzzle.kind == "best_move":
        move = _move(game, text)
        explanation = game.explain(move)
        if not explanation.legal:
            return Verdict(False, own.get(str(move).lower(), explanation.reason))
        best, values, unit = _best(game)
        if str(move) in {str(m) for m in best}:
            return Verdict(True, _("No move does better here."))
        mine = values[move]
        said = (_("{move} scores {points}; a better move scores {best}.") if unit == "points"
                else _("After {move}, with perfect play you end {margin}; you can do better.")
                ).format(move=move, points=mine, best=values[best[0]], margin=mine)
        return Verdict(False, own.get(str(move).lower(), said))
    if puzzle.kind == "legal":
        yes = {YES, _("yes").lower()}
        no = {NO, _("no").lower()}
        if text.lower() not in yes | no:
            raise InvalidMoveText(_("answer one of: {options}").format(
                options=", ".join([_("yes"), _("no")])))
        said_yes = text.lower() in yes
        explanation = game.explain(_move(game, puzzle.move))
        right = said_yes == explanation.legal
        why = explanation.reason if not explanation.legal else _("{move} is legal.").format(
            move=puzzle.move)
        if right:
            return Verdict(True, why)
        said = (explanation.reason if not explanation.legal else
                _("{move} breaks no rule: look again at the rules.").format(move=puzzle.move))
        return Verdict(False, own.get(text.lower(), said))
    if puzzle.kind == "score":
        try:
            points = int(text)
        except ValueError:
            raise InvalidMoveText(_("answer with a whole number")) from None
        truth = int(engine_answer(name, "score", puzzle.position, puzzle.move))
        if points == truth:
            return Verdict(True, _("{move} scores exactly that.").format(move=puzzle.move))
        return Verdict(False, own.get(text.lower(), (_("That is too many.") if points > truth
                                                     else _("That is too few."))))
    if puzzle.kind == "who_wins":
        said = _who_text(name, text)
        if said == puzzle.answer:
            return Verdict(True, _("With perfect play by both, that is how it ends."))
        return Verdict(False, own.get(text.lower(), _("Play the best take for each side to the "
                                                      "end, and compare.")))
    raise ValueError(f"unknown task kind {puzzle.kind!r}")


def typed_answer(name: str, puzzle: TeacherPuzzle) -> str:
    """The answer as a pupil types it, in the kit's language: what :func:`check` reads as
    right (the file stores a who-wins answer as the seat's index, which it does not read)."""
    if puzzle.kind == "who_wins":
        return _("draw") if puzzle.answer == DRAW else seat_words(name, int(puzzle.answer))
    if puzzle.kind == "legal":
        return _(puzzle.answer)
    return puzzle.answer


def shown_answer(name: str, puzzle: TeacherPuzzle) -> str:
    """The answer in words (Show me, the teacher's handout)."""
    if puzzle.kind == "who_wins":
        return _("a draw") if puzzle.answer == DRAW else seat_words(name, int(puzzle.answer))
    if puzzle.kind == "legal":
        return _(puzzle.answer)
    return puzzle.answer


# ----- proposing a puzzle from a position ------------------------------------------

#: The task sentences proposed, by kind (the teacher may rewrite them)
TASKS = {"best_move": N_("Find the best move."),
         "legal": N_("Is the move {move} legal? Answer yes or no."),
         "score": N_("How many points does the move {move} score?"),
         "who_wins": N_("Who wins from here with perfect play? Answer {first}, {second} or draw.")}


def propose(name: str, kind: str, position: dict[str, Any], move: str = "",
            number: int = 1) -> TeacherPuzzle:
    """A draft puzzle: the engine's answer, typical wrong tries with their feedback and
    a ladder of hints from the engine's explanations, for the teacher to edit."""
    answer = engine_answer(name, kind, position, move)
    game = game_of(name, position)
    if move:
        move = str(_move(game, move))
    task = _(TASKS[kind]).format(move=move, first=seat_words(name, 0), second=seat_words(name, 1))
    draft = TeacherPuzzle(name=str(number), kind=kind, position=position, answer=answer,
                          move=move, task=task)
    hints: list[str] = []
    tries: list[str] = []
    if kind == "best_move":
        best, values, unit = _best(game)
        ranked = sorted(values, key=lambda m: -values[m])
        tries = [str(m) for m in ranked if m not in best][:2]
        hints = [_("There are {n} legal moves: compare what each one brings.").format(n=len(values)),
                 (_("The best move scores {best}.").format(best=values[best[0]]) if unit == "points"
                  else _("With the best take you end {margin}.").format(margin=values[best[0]]))]
    elif kind == "legal":
        explanation = game.explain(_move(game, move))
        tries = [NO if answer == YES else YES]
        hints = [_("Check the move against each rule, one by one.")]
        if explanation.reason and not explanation.legal:   # a legal move's words say "legal"
            hints.append(explanation.reason)
    elif kind == "score":
        truth = int(answer)
        tries = [str(truth + 1), str(max(truth - 1, 0))] if truth else ["1"]
        hints = [_("Count what the move makes, rule by rule."),
                 _("Play {move} in your head and add up what it scores.").format(move=move)]
    elif kind == "who_wins":
        tries = [t for t in ("0", "1", DRAW) if t != answer][:1]
        tries = [seat_words(name, int(t)) if t != DRAW else _("draw") for t in tries]
        hints = [_("Think of each side taking its best tile every time."),
                 _("Play the game to the end in your head, best take by best take.")]
    wrong = tuple(Wrong(t, check(name, draft, t).why) for t in tries if t.strip().lower()
                  != answer)
    return TeacherPuzzle(name=str(number), kind=kind, position=position, answer=answer,
                         move=move, task=task, hints=tuple(hints), wrong=wrong)


# ----- reading a set --------------------------------------------------------------

def _field(where: str, raw: dict[str, Any], key: str, kind: type, required: bool = True) -> Any:
    if key not in raw:
        if required:
            raise ValueError(f"{where}: field {key!r} is missing")
        return kind()
    value = raw[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"{where}: field {key!r} should be {kind.__name__}, "
                         f"not {type(value).__name__}")
    return value


def from_json(data: Any, *, source: str = "the puzzle set") -> PuzzleSet:
    """The set in ``data`` (parsed JSON), checked field by field and against the engine."""
    if not isinstance(data, dict):
        raise ValueError(f"{source}: not a puzzle set (a JSON object is expected)")
    if data.get("format") != FORMAT:
        raise ValueError(f"{source}: field 'format' should be {FORMAT!r}")
    version = _field(source, data, "version", int)
    if version != VERSION:
        raise ValueError(f"{source}: field 'version' is {version}; this kit reads {VERSION}")
    name = _field(source, data, "game", str)
    try:
        games.get(name)
    except ValueError as exc:
        raise ValueError(f"{source}: field 'game': {exc}") from None
    title = _field(source, data, "title", str, required=False)
    raws = _field(source, data, "puzzles", list)
    puzzles: list[TeacherPuzzle] = []
    seen: set[str] = set()
    for i, raw in enumerate(raws, 1):
        where = f"{source}: puzzle {i}"
        if not isinstance(raw, dict):
            raise ValueError(f"{where}: not a JSON object")
        pname = _field(where, raw, "name", str)
        where = f"{source}: puzzle {i} ({pname!r})"
        if pname in seen:
            raise ValueError(f"{where}: field 'name' is used twice")
        seen.add(pname)
        kind = _field(where, raw, "kind", str)
        if kind not in KINDS:
            raise ValueError(f"{where}: field 'kind' is {kind!r}; the kinds are {', '.join(KINDS)}")
        position = _field(where, raw, "position", dict)
        try:
            game_of(name, position)
        except Exception as exc:   # the game's own reader: any error is a bad position
            raise ValueError(f"{where}: field 'position': {exc}") from None
        answer = _field(where, raw, "answer", str)
        move = _field(where, raw, "move", str, required=kind in ("legal", "score"))
        task = _field(where, raw, "task", str, required=False)
        hints = _field(where, raw, "hints", list, required=False)
        if not all(isinstance(h, str) for h in hints):
            raise ValueError(f"{where}: field 'hints' should be a list of texts")
        wrong = []
        for w in _field(where, raw, "wrong", list, required=False):
            if not (isinstance(w, dict) and isinstance(w.get("answer"), str)
                    and isinstance(w.get("feedback"), str)):
                raise ValueError(f"{where}: field 'wrong' should be a list of "
                                 "{\"answer\": text, \"feedback\": text}")
            wrong.append(Wrong(w["answer"], w["feedback"]))
        puzzle = TeacherPuzzle(name=pname, kind=kind, position=position, answer=answer,
                               move=move, task=task, hints=tuple(hints), wrong=tuple(wrong))
        try:
            confirm(name, puzzle, where)
        except ValueError as exc:
            raise ValueError(str(exc) if str(exc).startswith(where) else f"{where}: {exc}") from None
        puzzles.append(puzzle)
    return PuzzleSet(game=name, title=title, puzzles=puzzles)


def load(path: str | Path) -> PuzzleSet:
    """The set in the file ``path`` (ValueError naming the puzzle and field if it is bad)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path.name}: not JSON ({exc})") from None
    return from_json(data, source=path.name)


# ----- playing a set ---------------------------------------------------------------

def exercises(puzzles: PuzzleSet, progress: Progress | None = None) -> list[Exercise]:
    """One :class:`Exercise` per puzzle, typed answers, the teacher's hints and Show me."""
    from kit.lessons.exercise import Exercise, Help, Shown, Walk
    from kit.scene import svg_img
    import ipywidgets as widgets

    out = []
    for p in puzzles.puzzles:
        game = game_of(puzzles.game, p.position)
        picture = widgets.HTML(svg_img(game._repr_svg_()) if hasattr(game, "_repr_svg_") else "")
        task = p.task or _(TASKS[p.kind]).format(move=p.move, first=seat_words(puzzles.game, 0),
                                                 second=seat_words(puzzles.game, 1))

        def judge(answer: object, p: TeacherPuzzle = p) -> Any:
            return check(puzzles.game, p, answer)

        def svg(game: Any = game) -> str:
            return str(game._repr_svg_())

        out.append(Exercise(
            _("Puzzle {number}.").format(number=p.name) + " " + task, judge,
            help=Help(hints=list(p.hints), show=shown_answer(puzzles.game, p)),
            shown=Shown(board=picture, picture=svg),
            walk=Walk(answers=[typed_answer(puzzles.game, p)],
                      wrong=[w.answer for w in p.wrong]),
            progress=progress, key=f"{p.name}"))
    return out


def puzzle_set(path: str | Path, title: str | None = None) -> Any:
    """A teacher's set, ready to play: the exercises under one live progress line."""
    import ipywidgets as widgets
    from kit.lessons.exercise import Progress

    loaded = load(path)

    class TeacherProgress(Progress):
        COURSE = f"Puzzles/{games.get(loaded.game).name}"

    # The lesson's name on the teacher's page: within the length a name may have.
    progress = TeacherProgress((title or loaded.title or Path(path).stem)[:120])
    # Each exercise shows the set's live progress line under it, as in the courses.
    box: Any = widgets.VBox(exercises(loaded, progress))
    box.progress = progress
    box.puzzles = loaded
    box.exercises = list(box.children)
    return box


# ----- sharing a set with the class (the hub's lesson link) ------------------------

ROOT = Path(__file__).resolve().parents[2]
#: Where a shared set goes: the hub serves ``notebooks/`` (its tracked files) to students
SHARED = Path("notebooks") / "puzzles"


def notebook(set_file: str, lang: str = "en") -> Any:
    """A one-cell lesson notebook playing ``set_file`` (a name beside the notebook)."""
    import nbformat
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    setup = "import kit.lessons"
    if lang != "en":
        setup = f"import kit; kit.set_language({lang!r})\n{setup}"
    nb.cells.append(nbformat.v4.new_code_cell(
        f"{setup}\nkit.lessons.puzzle_set({set_file!r})"))
    return nb


def share(path: str | Path, root: Path = ROOT, lang: str = "en", hub_url: str | None = None) -> str:
    """Put the set (checked first) and a notebook playing it under ``notebooks/puzzles/``
    of ``root``, ``git add`` them (the hub serves tracked files), return the lesson link."""
    import shutil
    import subprocess

    import nbformat

    from kit.classroom import hub
    path = Path(path)
    load(path)                                   # a bad set is refused before it is shared
    folder = root / SHARED
    folder.mkdir(parents=True, exist_ok=True)
    stem = path.stem if lang == "en" else f"{path.stem}_{lang}"
    target = folder / path.name
    if path.resolve() != target.resolve():
        shutil.copyfile(path, target)
    nb_path = folder / f"{stem}.ipynb"
    nbformat.write(notebook(path.name, lang), nb_path)
    if (root / ".git").exists():
        subprocess.run(["git", "-C", str(root), "add", "--", str(target), str(nb_path)],
                       check=True, capture_output=True)
    lesson = str(nb_path.relative_to(root))
    return hub.lesson_link(lesson, hub_url or hub.HUB_URL)


def main(argv: list[str]) -> int:
    """``python -m kit.lessons.puzzleset share my_puzzles.json [--lang es]``: the set
    shared under notebooks/puzzles/ and its hub lesson link printed;
    ``check my_puzzles.json``: load it, saying what is wrong."""
    import sys
    if len(argv) < 2 or argv[0] not in ("share", "check"):
        print(main.__doc__, file=sys.stderr)
        return 2
    lang = argv[argv.index("--lang") + 1] if "--lang" in argv else "en"
    try:
        if argv[0] == "check":
            loaded = load(argv[1])
            print(f"{argv[1]}: {len(loaded.puzzles)} puzzles, all confirmed by the engine")
        else:
            print(share(argv[1], lang=lang))
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    import sys
    sys.exit(main(sys.argv[1:]))
