"""make slides: each lesson as a reveal.js deck, slide breaks decided in the built
copy, no code, no solutions, nothing fetched from the internet."""

import re
from html.parser import HTMLParser

import nbformat
import pytest

from kit import mattix
from kit.classroom import slides
from kit.lessons.exercise import Exercise, Help, Progress, Verdict


class Sections(HTMLParser):
    """A deck's slides: each top-level <section>, as the text of its sub-slides
    (a picture shows as [picture])."""

    def __init__(self, page: str):
        super().__init__()
        self.depth, self.slides = 0, []
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        if tag == "section":
            self.depth += 1
            if self.depth == 1:
                self.slides.append([])
            else:
                self.slides[-1].append("")
        elif tag == "img" and self.depth == 2 and "data:image/svg+xml" in dict(attrs).get("src", ""):
            self.slides[-1][-1] += "[picture]"

    def handle_endtag(self, tag):
        if tag == "section":
            self.depth -= 1

    def handle_data(self, data):
        if self.depth == 2:
            self.slides[-1][-1] += data


def output_cell(data: dict) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell("hidden_code_line()")
    cell.outputs = [nbformat.v4.new_output("display_data", data=data)]
    return cell


def exercise_cell(task: str, solution: str) -> nbformat.NotebookNode:
    ex = Exercise(task,
                  lambda a: Verdict(True, ""),
                  help=Help(show=lambda: None, solution=solution))
    data = ex._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    return output_cell({"text/plain": data["text/plain"], "text/html": data["text/html"]})


def picture_cell() -> nbformat.NotebookNode:
    svg = mattix.Game.new(size=4, level=1, seed=1)._repr_svg_()
    return output_cell({"image/svg+xml": svg, "text/plain": "a board"})


def sample_lesson(tmp_path):
    """Each kind of cell the rules tell apart, with the slide type each should get."""
    md = nbformat.v4.new_markdown_cell
    progress = Progress("Lesson 1")
    stream = nbformat.v4.new_code_cell("print(scores)")
    stream.outputs = [nbformat.v4.new_output("stream", name="stdout", text="scores: 6 and 8\n")]
    cells = [
        (md("# Lesson 1: Title\n\nWhat you learn."), "slide"),
        (nbformat.v4.new_code_cell("from kit import mattix"), "skip"),
        (md("## The rule\n\n" + "A long explanation of the rule. " * 14), "slide"),
        (picture_cell(), "subslide"),                # after long text: a slide of its own
        (md("A short sentence introducing the next board:"), "subslide"),
        (picture_cell(), "-"),                       # with its sentence
        (stream, "-"),
        (md("### Exercise 1"), "subslide"),
        (exercise_cell("Take the best tile.", "Take 2,3: it wins by 6."), "-"),
        (exercise_cell("Is the game over?", "No: the row player has a take left."), "subslide"),
        (output_cell({"text/plain": progress.text, "text/html": progress.line.value}), "skip"),
        (md("Answer: the draw.", metadata={"tags": ["solution"]}), None),  # removed
        (md("## Next\n\n**Next:** [Lesson 2](02_more.ipynb)."), "slide"),
    ]
    nb = nbformat.v4.new_notebook()
    nb.cells = [cell for cell, _ in cells]
    path = tmp_path / "01_lesson.ipynb"
    nbformat.write(nb, path)
    return nb, path, [kind for _, kind in cells]


def test_slide_breaks_at_headings_pictures_and_exercises_the_rest_continues(tmp_path):
    nb, _, kinds = sample_lesson(tmp_path)
    keep = [i for i, kind in enumerate(kinds) if kind is not None]
    cells = [nb.cells[i] for i in keep]
    assert slides.slide_types(cells) == [kinds[i] for i in keep]


def test_a_deck_has_one_section_per_break_its_pictures_and_no_code_or_answers(tmp_path):
    _, path, _ = sample_lesson(tmp_path)
    page = slides.deck_html(path, "../reveal")
    deck = Sections(page).slides
    assert [len(subs) for subs in deck] == [1, 5, 1]
    title, rule, after = deck
    assert "What you learn" in title[0]
    assert "[picture]" in rule[1] and "long explanation" not in rule[1]
    assert "introducing the next board" in rule[2] and "[picture]" in rule[2]
    assert "scores: 6 and 8" in rule[2]
    assert "Exercise 1" in rule[3] and "Take the best tile." in rule[3]
    assert "Is the game over?" in rule[4] and "Take the best tile." not in rule[4]
    assert "hidden_code_line" not in page and "from kit import" not in page
    assert "kit-solution" not in page and "wins by 6" not in page and "a take left" not in page
    assert "the draw" not in page and "exercises done" not in page
    assert 'href="02_more.slides.html"' in page
    assert 'src="../reveal/dist/reveal.js"' in page


def test_a_long_text_is_split_between_paragraphs_and_list_items():
    items = "\n".join(f"{n}. [Lesson {n}](l{n}.ipynb): " + "words " * 25 for n in range(1, 13))
    source = f"## The lessons\n\nAn introduction.\n\n**IOTA**\n{items}\n\nThe end."
    pieces = slides.split_text(source)
    assert len(pieces) > 1
    assert all(slides.text_lines(p) <= slides.SLIDE_LINES for p in pieces)
    assert re.sub(r"\s+", " ", " ".join(pieces)) == re.sub(r"\s+", " ", source)
    assert not any(p.rstrip().endswith("**IOTA**") for p in pieces)   # a label stays with its list
    assert slides.split_text("```\n" + "x = 1\n" * 40 + "```") == ["```\n" + "x = 1\n" * 40 + "```"]


def test_without_npm_the_decks_say_how_to_install_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(slides.shutil, "which", lambda name: None)
    with pytest.raises(RuntimeError, match="apt-get install npm"):
        slides.install_reveal(tmp_path)
    assert slides.main([str(tmp_path)]) == 1
    assert "apt-get install npm" in capsys.readouterr().err
    assert not list(tmp_path.glob("**/*.html"))


# A script, style sheet, font or module from another machine.
REMOTE = re.compile(r'<(?:script|link)\b[^>]*(?:src|href)="(?:https?:)?//'
                    r'|@import url\((?:https?:)?//|\bfrom\s+[\'"](?:https?:)?//')
LOCAL = re.compile(r'<(?:script|link)\b[^>]*(?:src|href)="([^"#:]+)"')


def saved_exercises(nb) -> list:
    return [o["data"]["text/plain"].removeprefix("Exercise: ")
            for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
            if str(o.get("data", {}).get("text/plain", "")).startswith("Exercise: ")]


@pytest.mark.parametrize("lesson", ["iota/03_scoring", "mattix/02_rules_in_full"])
def test_a_built_lessons_deck_is_offline_and_each_exercise_has_its_own_slide(built_decks, lesson):
    out, decks = built_decks
    page = decks[lesson].read_text()
    nb = nbformat.read(slides.ROOT / "notebooks" / f"{lesson}.ipynb", as_version=4)
    deck = Sections(page).slides
    headings = [c for c in nb.cells if c.cell_type == "markdown" and re.match(r"#{1,2} ", c.source)]
    assert len(deck) == len(headings)
    tasks = saved_exercises(nb)
    subs = [sub for subs in deck for sub in subs]
    shown = [sum(sub.count(task) for task in set(tasks)) for sub in subs]
    assert tasks and sum(shown) == len(tasks) and max(shown) == 1, shown
    assert all("[picture]" in sub for sub, n in zip(subs, shown, strict=True) if n)
    code = [c.source.splitlines()[0] for c in nb.cells if c.cell_type == "code" and c.source]
    assert not any(line in page for line in code if len(line) > 12)
    assert "kit-solution" not in page
    assert not REMOTE.search(page), REMOTE.search(page)
    local = LOCAL.findall(page)
    assert any(src.endswith("dist/reveal.js") for src in local)
    assert all((decks[lesson].parent / src).is_file() for src in local), local
    theme = next(src for src in local if "/theme/" in src)
    assert not REMOTE.search((decks[lesson].parent / theme).read_text())


def test_the_index_links_every_built_deck(built_decks):
    out, decks = built_decks
    index = (out / "index.html").read_text()
    links = re.findall(r'href="([^"]+)"', index)
    assert sorted(links) == sorted(d.relative_to(out).as_posix() for d in decks.values())
    assert "IOTA 3: Scoring" in index
