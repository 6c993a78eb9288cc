"""Slides: every lesson as a reveal.js deck a teacher projects from a browser, offline.

Covers: the lessons ``handouts.lessons()`` finds, each written by nbconvert's
own ``SlidesExporter`` as ``<OUT>/<game>/<lesson>.slides.html`` with the code
hidden and the saved pictures inline, the students' variant of the handouts
(``DropWidgetViews``, each exercise's folded solution and the cells tagged
``solution`` left out: a projected slide must not give the answers away), an
``<OUT>/index.html`` linking every deck, and reveal.js itself, installed by
npm into ``<OUT>/node_modules/reveal.js`` and referenced by a relative path, so
the whole folder works from a USB stick with no internet.

Slide breaks. The lessons carry no slideshow metadata; ``SlideBreaks`` decides
them in the built copy (the notebooks are never edited):

* a markdown cell opening with a ``#`` or ``##`` heading starts a slide;
* a ``###`` heading (``### Exercise 2`` ...) starts a sub-slide;
* an output that fills a slide (a picture, an exercise, a table) starts a
  sub-slide, taking along the short sentence just before it ("A level 2 game
  in the middle ...") or joining the short heading it follows: at 1366x768 one
  board and a few lines of text fit a slide, two boards do not; so each
  exercise has a slide of its own;
* a markdown cell longer than a slide holds (about SLIDE_LINES lines) goes on
  as sub-slides, cut between paragraphs or list items;
* everything else continues the slide it follows; a code cell with nothing
  saved (code is hidden) is skipped, and so is the exercise counter
  (``Progress``: "0 of 4 exercises done" as saved says nothing to a class).

A slide still taller than the screen (a big board under its text) has its
pictures shrunk to fit when it is shown, by a few lines of script in the deck;
without that the bottom of the board was cut off (text alone is zoomed out,
to 0.6 at least). Links to another lesson's notebook point to its deck.

Sub-slides stack under their slide (reveal.js's overview shows a lesson's
sections as columns); ``navigationMode: "linear"`` makes the arrow keys and the
space bar walk every slide in reading order, so a teacher never skips one.

The exporter's own page loads jQuery, require.js, MathJax, Mermaid and widget
scripts from CDNs and its default theme fetches Google fonts: ``TEMPLATE``
leaves out those scripts (no lesson has math, diagrams or live widgets in a
saved output) and loads reveal.js with a plain ``<script>``; the ``white``
theme uses the font reveal.js ships.

Not covered: speaker notes, the teacher's variant (the handouts print that),
running the lessons (``make lessons``) or serving the decks (open the file).

    python -m kit.classroom.slides [OUT_DIR]
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat
from nbconvert import SlidesExporter
from nbconvert.preprocessors import TagRemovePreprocessor

from kit.classroom.handouts import (ROOT, SOLUTION_TAG, DropWidgetViews, KitPreprocessor, Solutions,
                                   lessons, with_language)
from kit.i18n import LANGUAGES, NAMES, _, speaking
from kit.lessons.exercise import is_exercise_output, is_progress_output
from kit.lessons.translation import language_of

# The version nbconvert's reveal template is written for (its default CDN prefix).
REVEAL_VERSION = "4.0.2"
REVEAL_DIR = Path("node_modules") / "reveal.js"
NPM_HINT = "the decks' reveal.js comes from npm: sudo apt-get install npm"
# The slide's own size: 16:9, the shape of a 1366x768 projector; reveal.js scales it.
WIDTH, HEIGHT = 1280, 720

HEADING = re.compile(r"\s*(#{1,6})\s")
# A markdown link to another lesson ("[Lesson 3](03_greedy.ipynb)"): to its deck.
LESSON_LINK = re.compile(r"(\]\([^)\s]*?)\.ipynb([)#])")
PICTURE = re.compile(r"data:image/svg\+xml|<svg[\s>]|<img[\s>]")
# A heading or a bold label ("**Scoring**"): kept on the slide of what follows it.
LABEL = re.compile(r"#{1,6} .*|\*\*[^*\n]+\*\*:?")
# How much text a slide holds: characters in a line and lines on a slide at the
# deck's font size (CSS), counted by ``text_lines``; a markdown cell of at most
# SHORT_LINES leaves room for a board.
LINE_CHARS, SLIDE_LINES, SHORT_LINES = 84, 17, 3


def heading_level(cell: nbformat.NotebookNode) -> int:
    """1 for ``# Title``, 2 for ``## Section`` ...; 0 for a cell not opening with a heading."""
    found = HEADING.match(cell.source) if cell.cell_type == "markdown" else None
    return len(found.group(1)) if found else 0


def text_lines(text: str) -> int:
    """About how many lines ``text`` takes on a slide: long lines wrap, a link's
    target and the ``**`` around bold words are not shown, paragraphs have gaps."""
    shown = re.sub(r"\]\([^)]*\)|\*\*|`", "", text)
    lines = sum(-(-len(line) // LINE_CHARS) for line in shown.splitlines() if line.strip())
    return lines + len(re.findall(r"\n\s*\n", text)) // 2


def stands_alone(cell: nbformat.NotebookNode) -> bool:
    """An output that fills a slide: a picture (board, position), an exercise or a table."""
    for out in cell.get("outputs", []):
        data = out.get("data", {})
        page = str(data.get("text/html", ""))
        if "image/svg+xml" in data or "image/png" in data or PICTURE.search(page) \
                or "<table" in page or is_exercise_output(out):
            return True
    return False


def is_short(cell: nbformat.NotebookNode) -> bool:
    """Markdown that leaves room for a board on its slide."""
    return cell.cell_type == "markdown" and text_lines(cell.source) <= SHORT_LINES


def is_progress(cell: nbformat.NotebookNode) -> bool:
    """The exercise counter as saved ("0 of 4 exercises done" when the lesson was
    run), which means nothing on a projected slide."""
    outputs = cell.get("outputs", [])
    return bool(outputs) and all(is_progress_output(out) for out in outputs)


def split_text(source: str) -> list[str]:
    """``source`` in pieces of at most about SLIDE_LINES lines, cut between paragraphs,
    or between list items when one paragraph is too long (never in a code block)."""
    if "```" in source or text_lines(source) <= SLIDE_LINES:
        return [source]
    units = []      # (separator before it, text)
    for paragraph in re.split(r"\n\s*\n", source):
        if text_lines(paragraph) <= SLIDE_LINES:
            units.append(("\n\n", paragraph))
        else:
            items = re.split(r"\n(?=\s*(?:[*+-]|\d+\.)\s)", paragraph)
            units += [("\n\n", items[0])] + [("\n", item) for item in items[1:]]
    kept: list[tuple[str, str]] = []       # a heading or a bold label stays with what follows it
    for separator, text in units:
        if kept and LABEL.fullmatch(kept[-1][1].strip()):
            kept[-1] = (kept[-1][0], kept[-1][1] + separator + text)
        else:
            kept.append((separator, text))
    pieces = [kept[0][1]]
    for separator, text in kept[1:]:
        joined = pieces[-1] + separator + text
        if text_lines(joined) > SLIDE_LINES:
            pieces.append(text)
        else:
            pieces[-1] = joined
    return pieces


def split_long_cells(cells: list[Any]) -> list[Any]:
    """Each long markdown cell as several; the later pieces marked to start a sub-slide."""
    out = []
    for cell in cells:
        pieces = split_text(cell.source) if cell.cell_type == "markdown" else [cell.source]
        for number, piece in enumerate(pieces):
            part = nbformat.v4.new_markdown_cell(piece) if number else cell
            part.source = piece
            part.metadata["kit_continued"] = number > 0
            out.append(part)
    return out


def slide_types(cells: list[Any]) -> list[str]:
    """Each cell's reveal.js slide type, by the rules in the module docstring."""
    types: list[str] = []
    for index, cell in enumerate(cells):
        level = heading_level(cell)
        if level in (1, 2):
            kind = "slide"
        elif level or cell.metadata.get("kit_continued"):
            kind = "subslide"
        elif cell.cell_type == "code" and (not cell.get("outputs") or is_progress(cell)):
            kind = "skip"
        elif stands_alone(cell):
            kind = "subslide"
            before = cells[index - 1] if index else None
            if before is not None and is_short(before):
                if types[-1] == "-":
                    types[-1] = "subslide"    # the sentence introducing the picture
                kind = "-"
        else:
            kind = "-"
        types.append(kind)
    return types


class SlideBreaks(KitPreprocessor):
    """Splits long text and sets each cell's ``slideshow.slide_type`` in the built copy."""

    def preprocess(self, nb: nbformat.NotebookNode, resources: dict[str, Any]
                   ) -> tuple[nbformat.NotebookNode, dict[str, Any]]:
        nb.cells = split_long_cells(nb.cells)
        for cell, kind in zip(nb.cells, slide_types(nb.cells), strict=True):
            cell.metadata["slideshow"] = {"slide_type": kind}
        return nb, resources


class DeckLinks(KitPreprocessor):
    """A link to another lesson's notebook points to that lesson's deck."""

    def preprocess_cell(self, cell: nbformat.NotebookNode, resources: dict[str, Any],
                        index: int) -> tuple[nbformat.NotebookNode, dict[str, Any]]:
        if cell.cell_type == "markdown":
            cell.source = LESSON_LINK.sub(r"\1.slides.html\2", cell.source)
        return cell, resources


# nbconvert's reveal page without its CDN scripts; reveal.js from the local copy.
TEMPLATE = """
{%- extends 'reveal/index.html.j2' -%}
{%- block html_head_js -%}{%- endblock html_head_js -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block body_footer -%}
{{ super() }}
<style type="text/css">{{ resources.kit_css }}</style>
{%- endblock body_footer -%}
{%- block footer_js -%}
<script src="{{ resources.reveal.url_prefix }}/dist/reveal.js"></script>
<script>
Reveal.initialize({controls: true, progress: true, history: true, hash: true,
                   slideNumber: "c/t", navigationMode: "linear", transition: "none",
                   width: {{ resources.reveal.width }}, height: {{ resources.reveal.height }},
                   margin: 0.03});
// A slide taller than the screen would be cut off: shrink its pictures to fit,
// then, if it is still too tall (long text), the whole slide. Only the shown
// slide has a layout to measure; each slide is fitted once (its size is fixed).
function fitSlide(slide) {
  var height = {{ resources.reveal.height }};
  if (slide.dataset.fitted) return;
  slide.dataset.fitted = "yes";
  var pictures = Array.from(slide.querySelectorAll("img"));
  var total = pictures.reduce(function (sum, p) { return sum + p.offsetHeight; }, 0);
  var over = slide.offsetHeight - height;
  if (over > 0 && total > 0) {
    var keep = Math.max(0.4, 1 - over / total);
    pictures.forEach(function (p) { p.style.maxHeight = Math.floor(p.offsetHeight * keep) + "px"; });
  }
  if (slide.offsetHeight > height) slide.style.zoom = Math.max(0.6, height / slide.offsetHeight);
  Reveal.layout();
}
Reveal.on("ready", function (event) { fitSlide(event.currentSlide); });
Reveal.on("slidechanged", function (event) { fitSlide(event.currentSlide); });
</script>
{%- endblock footer_js -%}
"""

# Read from the back of a classroom: larger text than nbconvert's (20px), headings
# as the lessons write them (the theme shouts them in capitals), and no picture
# taller than most of the slide. After nbconvert's and the theme's style sheets.
CSS = """
.reveal .jp-RenderedHTMLCommon { font-size: 26px; line-height: 1.35; }
.reveal .jp-RenderedHTMLCommon :is(h1, h2, h3) { text-transform: none; }
.reveal .jp-RenderedHTMLCommon h1 { font-size: 52px; }
.reveal .jp-RenderedHTMLCommon h2 { font-size: 42px; }
.reveal .jp-RenderedHTMLCommon h3 { font-size: 34px; }
.reveal div.jp-OutputArea-output > pre { font-size: 20px; }
.reveal section img, .reveal section svg { max-height: 480px; max-width: 100%;
                                           width: auto; height: auto; }
"""


def exporter(reveal_prefix: str) -> SlidesExporter:
    """The students' slides: code, prompts, solutions and CDN scripts left out."""
    steps = [DropWidgetViews(), Solutions(teacher=False),
             TagRemovePreprocessor(remove_cell_tags={SOLUTION_TAG}), DeckLinks(), SlideBreaks()]
    # Passed to the constructor, so they run before the template's own
    # preprocessor, which turns each slide_type into <section>s.
    return SlidesExporter(preprocessors=steps, raw_template=TEMPLATE,
                          exclude_input=True, exclude_input_prompt=True,
                          exclude_output_prompt=True, reveal_url_prefix=reveal_prefix,
                          reveal_theme="white", reveal_width=str(WIDTH),
                          reveal_height=str(HEIGHT))


def deck_html(path: Path, reveal_prefix: str) -> str:
    nb: nbformat.NotebookNode = nbformat.read(path, as_version=4)
    resources = {"metadata": {"name": path.stem}, "kit_css": CSS}
    body, _resources = exporter(reveal_prefix).from_notebook_node(nb, resources=resources)
    return with_language(body, language_of(path))


def install_reveal(out: Path) -> Path:
    """reveal.js at the version nbconvert's template expects, in ``out/node_modules``."""
    target = out / REVEAL_DIR
    package = target / "package.json"
    if package.exists() and f'"version": "{REVEAL_VERSION}"' in package.read_text():
        return target
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError(NPM_HINT)
    out.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([npm, "install", "--prefix", str(out), "--no-audit", "--no-fund",
                           "--prefer-offline", "--loglevel=error", f"reveal.js@{REVEAL_VERSION}"],
                          capture_output=True, text=True, timeout=600)
    if done.returncode != 0 or not package.exists():
        raise RuntimeError(f"npm could not install reveal.js@{REVEAL_VERSION}:\n{done.stderr[-2000:]}")
    return target


def title(path: Path) -> str:
    """A lesson's first heading (its file name if it has none)."""
    nb: nbformat.NotebookNode = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if heading_level(cell):
            heading: str = cell.source.splitlines()[0].lstrip("#").strip()
            return heading
    return path.stem


def index_html(decks: list[tuple[Path, str]], out: Path) -> str:
    """One page linking every deck, lesson by lesson in reading order, each
    language's decks under a heading of its own, in that language."""
    sections = []
    for lang in LANGUAGES:
        mine = [(deck, name) for deck, name in decks if deck_language(deck, out) == lang]
        if not mine:
            continue
        with speaking(lang):
            items = "\n".join(f'<li><a href="{html.escape(deck.relative_to(out).as_posix())}">'
                              f"{html.escape(name)}</a></li>" for deck, name in mine)
            heading = _("Lesson slides")
            keys = _("Arrow keys or space: next slide; Esc: overview; F: full screen.")
            sections.append(
                f'<section lang="{lang}"><h1>{html.escape(heading)} ({html.escape(NAMES[lang])})</h1>\n'
                f"<p>{html.escape(keys)}</p>\n<ul>\n{items}\n</ul></section>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<title>Lesson slides</title>\n<style>body { font: 22px sans-serif; margin: 2em; }"
            " li { margin: .3em 0; }</style></head>\n<body>\n"
            + "\n".join(sections) + "\n</body></html>\n")


def deck_language(deck: Path, out: Path) -> str:
    """A deck's language: decks of notebooks/es/... are written under <OUT>/es/."""
    first = deck.relative_to(out).parts[0]
    return first if first in LANGUAGES[1:] else "en"


def build(out: Path = ROOT / "build" / "slides", root: Path = ROOT,
          only: list[str] | None = None) -> list[Path]:
    """Write every deck (or those whose path contains one of ``only``) and the index."""
    reveal = install_reveal(out)
    decks = []
    for path in lessons(root):
        if only and not any(o in str(path) for o in only):
            continue
        target = out / path.relative_to(root / "notebooks").with_suffix(".slides.html")
        target.parent.mkdir(parents=True, exist_ok=True)
        prefix = Path(os.path.relpath(reveal, target.parent)).as_posix()
        target.write_text(deck_html(path, prefix), encoding="utf-8")
        decks.append((target, title(path)))
    (out / "index.html").write_text(index_html(decks, out), encoding="utf-8")
    return [deck for deck, _ in decks]


def main(argv: list[str]) -> int:
    out = Path(argv[0]).resolve() if argv else ROOT / "build" / "slides"
    try:
        decks = build(out)
    except RuntimeError as problem:
        print(problem, file=sys.stderr)
        return 1
    for deck in decks:
        print(deck.relative_to(out))
    print(f"{len(decks)} decks; open {out / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
