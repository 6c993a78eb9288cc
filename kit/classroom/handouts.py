"""Handouts: every lesson as a static HTML page and a PDF, for printing.

Covers: the lessons found by glob (``notebooks/NN_*.ipynb`` and
``notebooks/<game>/NN_*.ipynb``, so new lessons are picked up without a list,
and each language's the same way under ``notebooks/<lang>/``, written under
``<copy>/<lang>/`` in that language),
their saved outputs with the code hidden, and the PDF printed from that HTML by
the system's headless Chromium. The pictures are the outputs the lessons
already saved: an ``<img>`` of the SVG (``text/html``) or the SVG itself. A live
board's saved widget output is dropped in favour of the picture saved beside
it (rendering the widget would need its state and a CDN script).

Two copies. Every saved exercise folds its solution in words inside a
``<details class="kit-solution">`` (``kit.lessons.exercise``).
``build/handouts/student/`` drops those and the cells tagged ``solution``;
``build/handouts/teacher/`` keeps both, prints every solution unfolded under
its exercise, and adds, per registered game with puzzles (``kit.games``), a
solutions sheet drawn from the puzzle data: each puzzle's position, task,
solution and hint.

Not covered: running the lessons (``make lessons`` does) or slides.

    python -m kit.classroom.handouts [OUT_DIR]
    python -m kit.classroom.handouts OUT_DIR --set my_puzzles.json [--lang es] [--no-pdf]

With ``--set``, a teacher's own puzzle set (``kit.lessons.puzzleset``) is written as
``student/<set>.html`` (task and position, room to answer) and ``teacher/<set>.html``
(the engine-confirmed answer, the hints and the wrong tries with their feedback).
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import nbformat
from nbconvert import HTMLExporter
from nbconvert.preprocessors import Preprocessor, TagRemovePreprocessor

from kit import games
from kit.i18n import LANGUAGES, _, speaking
from kit.lessons.exercise import SOLUTION_CLASS
from kit.lessons.translation import language_of

ROOT = Path(__file__).resolve().parents[2]
# English lessons, then each language's (notebooks/es/00_welcome.ipynb, notebooks/es/iota/...).
LESSON_GLOBS = ("notebooks/[0-9]*.ipynb", "notebooks/*/[0-9]*.ipynb", "notebooks/*/*/[0-9]*.ipynb")
WIDGET = "application/vnd.jupyter.widget-view+json"
SOLUTION_TAG = "solution"


def lessons(root: Path = ROOT) -> list[Path]:
    """Every lesson notebook, in reading order (welcome first, then game by game),
    English first, then each language's."""
    found = {p for pattern in LESSON_GLOBS for p in root.glob(pattern)}
    return sorted(found, key=lambda p: (LANGUAGES.index(language_of(p, root / "notebooks")),
                                        p.relative_to(root).parts))


class KitPreprocessor(Preprocessor):
    """An nbconvert preprocessor with a typed constructor (nbconvert's ``Preprocessor``
    has none, so a strict module could not make one): every preprocessor of the
    handouts and the slides is one."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)   # type: ignore[no-untyped-call]   # nbconvert's, unannotated


class DropWidgetViews(KitPreprocessor):
    """Keep a live board's saved picture, not its widget reference."""

    def preprocess_cell(self, cell: nbformat.NotebookNode, resources: dict[str, Any],
                        index: int) -> tuple[nbformat.NotebookNode, dict[str, Any]]:
        for out in cell.get("outputs", []):
            if WIDGET in out.get("data", {}) and len(out["data"]) > 1:
                del out["data"][WIDGET]
        return cell, resources


# The folded solution exactly as kit.lessons.exercise.solution_html writes it
# (its text is escaped, so it holds no other </details>).
FOLDED = re.compile(rf'<details class="{SOLUTION_CLASS}"(.*?)</details>', re.S)


class Solutions(KitPreprocessor):
    """Each exercise's saved solution: dropped (student) or unfolded (teacher)."""

    def __init__(self, teacher: bool, **kw: Any) -> None:
        super().__init__(**kw)
        self.teacher = teacher

    def preprocess_cell(self, cell: nbformat.NotebookNode, resources: dict[str, Any],
                        index: int) -> tuple[nbformat.NotebookNode, dict[str, Any]]:
        for out in cell.get("outputs", []):
            page = out.get("data", {}).get("text/html")
            if isinstance(page, str) and SOLUTION_CLASS in page:
                out["data"]["text/html"] = FOLDED.sub(self._replace, page)
        return cell, resources

    def _replace(self, match: re.Match[str]) -> str:
        return f'<details open class="{SOLUTION_CLASS}"{match.group(1)}</details>' \
            if self.teacher else ""


def exporter(teacher: bool) -> HTMLExporter:
    """Lab-styled HTML without code, prompts, or scripts fetched from the internet."""
    ex = HTMLExporter(template_name="lab", exclude_input=True, exclude_input_prompt=True,
                      exclude_output_prompt=True)
    # A classroom PDF is printed offline: no MathJax or require.js from a CDN.
    ex.mathjax_url = ""
    ex.require_js_url = ""
    ex.mermaid_js_url = ""      # the lessons draw no diagrams: nothing to fetch
    ex.mermaid_layout_elk_js_url = ""
    ex.register_preprocessor(DropWidgetViews(), enabled=True)
    ex.register_preprocessor(Solutions(teacher), enabled=True)
    if not teacher:
        ex.register_preprocessor(TagRemovePreprocessor(
            remove_cell_tags={SOLUTION_TAG}, enabled=True), enabled=True)
    return ex


def lesson_html(path: Path, teacher: bool = False) -> str:
    nb: nbformat.NotebookNode = nbformat.read(path, as_version=4)
    body, _resources = exporter(teacher).from_notebook_node(nb, resources={"metadata": {"name": path.stem}})
    return fit_to_page(with_language(body, language_of(path)))


# The printed page: A4 (the schools' paper) with 12 mm margins, so its printable width
# is known (PRINTABLE_WIDTH_PX, in CSS px) rather than left to the browser's defaults.
PAGE_SIZE = "A4"
PAGE_MARGIN_MM = 12
PRINTABLE_WIDTH_PX = round((210 - 2 * PAGE_MARGIN_MM) / 25.4 * 96)
# Lab's own stylesheet scales inline SVG and HTML images to their column but not the
# <img> nbconvert writes for an image/svg+xml output, and a flex item (the output area)
# grows to its widest child: a Smartrix board printed past the page's right edge
# (issue 30). Every picture is scaled down to the column, keeping its proportions.
PRINT_CSS = f"""<style id="kit-print-fit">
@page {{ size: {PAGE_SIZE}; margin: {PAGE_MARGIN_MM}mm; }}
.jp-OutputArea-child, .jp-OutputArea-output, .jp-Cell, .jp-Cell-outputWrapper,
.jp-Cell-outputArea, .jp-RenderedHTMLCommon, .jp-RenderedHTML {{ min-width: 0; max-width: 100%; }}
.jp-OutputArea-output img, .jp-OutputArea-output svg, .jp-RenderedHTMLCommon img,
.jp-RenderedHTMLCommon svg, .jp-RenderedMarkdown img {{
  max-width: 100% !important; height: auto !important; }}
@media print {{ body, .jp-Notebook {{ max-width: 100%; padding-left: 0; padding-right: 0; }}
  .jp-OutputArea-output img, .jp-OutputArea-output svg {{ break-inside: avoid; }}
  h1, h2, h3 {{ break-after: avoid; }} }}
</style>"""


def fit_to_page(page: str) -> str:
    """``page`` with every picture scaled to the printed column (``PRINT_CSS``)."""
    if 'id="kit-print-fit"' in page:
        return page
    return page.replace("</head>", PRINT_CSS + "\n</head>", 1)


def with_language(page: str, lang: str) -> str:
    """``page`` saying which language it is in (``<html lang>``): a screen
    reader, a browser's translator and the PDF's hyphenation read it."""
    if re.search(r"<html[^>]*\blang=", page):
        return re.sub(r'(<html[^>]*\blang=")[^"]*"', rf'\g<1>{lang}"', page, count=1)
    return re.sub(r"<html\b", f'<html lang="{lang}"', page, count=1)


def puzzle_solutions(game: str) -> nbformat.NotebookNode | None:
    """A notebook (built, not executed) showing every puzzle of ``game`` solved,
    in the language the kit speaks (``kit.i18n``)."""
    spec = games.get(game)
    module = spec.lesson_module()
    if module is None or spec.puzzles is None or not hasattr(module, "load_puzzles"):
        return None
    puzzles = module.load_puzzles()
    nb: nbformat.NotebookNode = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_markdown_cell(
        "# " + _("{game}: puzzle solutions (teacher's copy)").format(game=_(spec.title)) + "\n\n"
        + _("{n} puzzles from {file}; each solution is checked by the kit (tests/lessons).").format(
            n=len(puzzles), file=f"`kit/lessons/puzzles/{spec.puzzles.name}`")))
    for p in puzzles:
        solution = p.solution if isinstance(p.solution, str) else " ; ".join(p.solution)
        verdict = module.check_puzzle(p, p.solution)
        words = {"solution": _("Solution:"), "says": _("The kit says:"), "hint": _("Hint:")}
        cell = nbformat.v4.new_markdown_cell(
            f"## {html.escape(p.task)}\n\n**{words['solution']}** `{solution}`\n\n"
            f"**{words['says']}** {html.escape(str(verdict))}\n\n"
            f"**{words['hint']}** {html.escape(_(p.hint))}")
        nb.cells.append(cell)
        nb.cells.append(svg_cell(p.game._repr_svg_()))
    return nb


def set_notebook(path: Path, teacher: bool) -> nbformat.NotebookNode:
    """A teacher's puzzle set file as a handout notebook (built, not executed), in the
    language the kit speaks."""
    from kit.lessons import puzzleset
    loaded = puzzleset.load(path)
    title = loaded.title or path.stem
    nb: nbformat.NotebookNode = nbformat.v4.new_notebook()
    copy = _("teacher's copy") if teacher else _("student's copy")
    nb.cells.append(nbformat.v4.new_markdown_cell(f"# {html.escape(title)} ({copy})"))
    words = {"answer": _("Answer:"), "hint": _("Hint:"), "wrong": _("A wrong try:"),
             "write": _("Your answer:")}
    for p in loaded.puzzles:
        task = _("Puzzle {number}.").format(number=p.name) + " " + p.task
        text = f"## {html.escape(task)}\n\n"
        if teacher:
            text += f"**{words['answer']}** `{puzzleset.shown_answer(loaded.game, p)}`"
            for h in p.hints:
                text += f"\n\n**{words['hint']}** {html.escape(h)}"
            for w in p.wrong:
                text += f"\n\n**{words['wrong']}** `{w.answer}`: {html.escape(w.feedback)}"
        else:
            text += f"**{words['write']}** ______________________"
        nb.cells.append(nbformat.v4.new_markdown_cell(text))
        nb.cells.append(svg_cell(puzzleset.game_of(loaded.game, p.position)._repr_svg_()))
    return nb


def build_set(path: Path, out: Path, lang: str = "en", pdf: bool = True) -> list[Path]:
    """The student's and teacher's handouts of the teacher's set in ``path``."""
    if pdf and shutil.which("chromium") is None:
        raise RuntimeError("the PDFs need Debian's chromium: sudo apt-get install chromium")
    written = []
    for copy in ("student", "teacher"):
        with speaking(lang):
            nb = set_notebook(Path(path), teacher=copy == "teacher")
            body, _resources = exporter(copy == "teacher").from_notebook_node(nb)
        target = out / copy / f"{Path(path).stem}.html"
        write(fit_to_page(with_language(body, lang)), target, pdf)
        written.append(target)
    return written


def svg_cell(svg: str) -> nbformat.NotebookNode:
    cell: nbformat.NotebookNode = nbformat.v4.new_code_cell("")
    cell.outputs = [nbformat.v4.new_output("display_data", data={"image/svg+xml": svg})]
    return cell


def print_pdf(html_file: Path, pdf_file: Path, chromium: str = "chromium") -> None:
    """Chromium's own print of the page, without its date and file-name margins."""
    with tempfile.TemporaryDirectory() as profile:
        cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu",
               f"--user-data-dir={profile}", "--no-pdf-header-footer",
               "--run-all-compositor-stages-before-draw",
               f"--print-to-pdf={pdf_file}", html_file.resolve().as_uri()]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    if done.returncode != 0 or not pdf_file.exists():
        raise RuntimeError(f"chromium could not print {html_file}:\n{done.stderr[-2000:]}")


def write(html_text: str, out: Path, pdf: bool) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(html_text, encoding="utf-8")
    if pdf:
        print_pdf(out, out.with_suffix(".pdf"))


def build(out: Path = ROOT / "build" / "handouts", root: Path = ROOT, pdf: bool = True,
          only: list[str] | None = None) -> list[Path]:
    """Write every handout (or those whose path contains one of ``only``); returns the HTML files."""
    if pdf and shutil.which("chromium") is None:
        raise RuntimeError("the PDFs need Debian's chromium: sudo apt-get install chromium")
    written = []
    for path in lessons(root):
        rel = path.relative_to(root / "notebooks").with_suffix(".html")
        if only and not any(o in str(path) for o in only):
            continue
        for copy in ("student", "teacher"):
            target = out / copy / rel
            write(lesson_html(path, teacher=copy == "teacher"), target, pdf)
            written.append(target)
    for lang in LANGUAGES:
        # The games that declare a course and a puzzle set (others are offered no sheet).
        for spec in [s for s in games.all() if s.lesson and s.puzzles]:
            game = spec.name
            if only and not any(o in game for o in only):
                continue
            # A language's solutions sheet where that language has the course.
            folder = Path(*(["notebooks"] if lang == "en" else ["notebooks", lang]),
                          spec.course or game)
            if lang != "en" and not (root / folder).is_dir():
                continue
            with speaking(lang):
                nb = puzzle_solutions(game)
                if nb is None:
                    continue
                body, _resources = exporter(True).from_notebook_node(nb)
            target = out / "teacher" / ("" if lang == "en" else lang) / game / "puzzle_solutions.html"
            write(fit_to_page(with_language(body, lang)), target, pdf)
            written.append(target)
    return written


def main(argv: list[str]) -> int:
    if "--set" in argv:
        args = list(argv)
        pdf = "--no-pdf" not in args
        args = [a for a in args if a != "--no-pdf"]
        lang = "en"
        if "--lang" in args:
            lang = args[args.index("--lang") + 1]
            del args[args.index("--lang"):args.index("--lang") + 2]
        path = Path(args[args.index("--set") + 1])
        del args[args.index("--set"):args.index("--set") + 2]
        out = Path(args[0]) if args else ROOT / "build" / "handouts"
        for f in build_set(path, out, lang, pdf):
            print(f)
        return 0
    out = Path(argv[0]) if argv else ROOT / "build" / "handouts"
    for f in build(out):
        print(f.relative_to(out), "+ .pdf")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
