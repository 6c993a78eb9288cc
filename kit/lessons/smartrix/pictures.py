"""The Smartrix course's pictures: cards, the deck, a position with ``draw``'s
highlights, a score, pictures side by side; :func:`picture` shows an SVG in a
lesson cell (never wider than :data:`MAX_WIDTH`).

Not covered: the engine's drawing (``kit.smartrix.draw``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from typing import Any

from kit.i18n import N_, _, ngettext
from kit.lessons.picture import Picture
from kit.lessons.smartrix.answers import player
from kit.lessons.smartrix.positions import building_steps, lesson_move, lesson_position
from kit.scene import INK, PAPER, Scene
from kit.smartrix import DECK, Game, Move, VALUE, parse_card
from kit.smartrix.analysis import after_threats
from kit.smartrix.cards import TEXT
from kit.smartrix.draw import BOX_GRID, EMPTY_BOX, SPOT, draw_card


# ----- pictures of cards ------------------------------------------------------

#: The widest picture a lesson shows, in pixels: JupyterLab at 1366 x 768 with the
#: file browser open leaves an output area about 800 px wide; wider pictures are
#: scaled down to this (their viewBox keeps the drawing whole).
MAX_WIDTH = 720


def fit_width(svg: str, width: int = MAX_WIDTH) -> str:
    """``svg`` scaled down (never up) to at most ``width`` pixels wide."""
    m = re.match(r'(<svg[^>]*?) width="([\d.]+)" height="([\d.]+)"', svg)
    if not m or float(m.group(2)) <= width:
        return svg
    w, h = float(m.group(2)), float(m.group(3))
    return (f'{m.group(1)} width="{width}" height="{h * width / w:.0f}"'
            + svg[m.end():])


def retitle(svg: str, title: str) -> str:
    """``svg`` with its ``<title>`` (the picture's words for a screen reader and
    the saved notebook) replaced: a drawn move's title spells out what it
    scores, which may be the question asked next."""
    return re.sub(r"<title>.*?</title>", f"<title>{html.escape(title)}</title>", svg, count=1,
                  flags=re.S)


def plain_card(scene: Scene, card: int, x: float, y: float, size: float) -> None:
    """One card without its value written in the middle (for "what is it worth?")."""
    scene.rect(x, y, size, size, fill=PAPER, stroke=INK, stroke_width=2.0, radius=size * 0.07)
    step = size / 3
    for box, (br, bc) in enumerate(BOX_GRID):
        cx, cy = x + (bc + 0.5) * step, y + (br + 0.5) * step
        if card >> box & 1:
            scene.circle(cx, cy, step * 0.32, fill=SPOT)
        else:
            scene.circle(cx, cy, step * 0.3, stroke=EMPTY_BOX, stroke_width=1.5)


#: The labels lesson 1's code gives its cards (``labels=["value 3", ...]``): the same
#: code in every language's notebook, so the kit shows them translated.
CARD_LABELS = (N_("value 0"), N_("value 3"), N_("value 8"),
               # Translators: a card as printed, then turned 1, 2, 3 quarter turns clockwise
               N_("as written"), N_("1 quarter"), N_("2 quarters"), N_("3 quarters"))


def _label(label: object) -> str:
    """A card's label as shown: one of :data:`CARD_LABELS` translated, any other as given."""
    text = str(label)
    return _(text) if text in CARD_LABELS else text


def cards_svg(cards: Iterable[int | str], *, size: int = 90, per_row: int = 10,
              labels: Sequence[object] | None = None,
              values: bool = True) -> str:
    """Cards (ints or texts) in rows, each with an optional label under it;
    ``values=False`` leaves the number out of each card's middle."""
    shown: list[int] = [parse_card(c) if isinstance(c, str) else c for c in cards]
    gap, label_h = size // 6, (26 if labels else 0)
    rows = (len(shown) + per_row - 1) // per_row
    width = min(len(shown), per_row) * (size + gap) + gap
    # The alt text names every card by its boxes (the notation), and its label: the
    # picture in words. Not its value, which an exercise with values=False asks for.
    named = ", ".join(TEXT[card] + (f" ({_label(labels[i])})" if labels else "")
                      for i, card in enumerate(shown))
    scene = Scene(width, rows * (size + gap + label_h) + gap,
                  title=_("Smartrix cards: {cards}").format(cards=named))
    for i, card in enumerate(shown):
        x = gap + (i % per_row) * (size + gap)
        y = gap + (i // per_row) * (size + gap + label_h)
        (draw_card if values else plain_card)(scene, card, x, y, size)
        if labels:
            scene.text(x + size / 2, y + size + label_h / 2 + 2, _label(labels[i]), size=16)
    return fit_width(scene.to_svg())


def picture(svg: str) -> Picture:
    """``svg`` as a lesson cell's picture, never wider than :data:`MAX_WIDTH`."""
    return Picture(fit_width(svg), _("(a Smartrix picture)"))


def show(game: Game, *, title: str | None = None, **options: Any) -> Picture:
    """The position as a picture, with ``draw``'s highlights (``move=``, ``legal_for=`` ...).
    A drawn move's title (which spells out what it scores) becomes ``title``, or
    the plain position's."""
    svg = game.svg(**options)
    if options.get("move") is not None or title is not None:
        plain = re.search(r"<title>(.*?)</title>", game.svg(), re.S)
        svg = retitle(svg, title or html.unescape(plain.group(1) if plain else _("Smartrix table")))
    return picture(svg)


class HTMLPicture:
    """HTML shown in a notebook and saved with it (the notation key)."""

    def __init__(self, html_: str) -> None:
        self.html = html_

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return _("(a Smartrix page)")


def card_picture(*cards: int | str, size: int = 120,
                 labels: Sequence[object] | None = None) -> Picture:
    return picture(cards_svg(cards, size=size, per_row=8, labels=labels))


def deck_picture(size: int = 52) -> Picture:
    """The 70 cards sorted by value (0 spots first, 8 last), 14 to a row: every
    pattern up to turning. The rows are not one per value (20 cards have 4 spots)."""
    cards = sorted(DECK, key=lambda c: (VALUE[c], c))
    return picture(cards_svg(cards, size=size, per_row=14))


def score_svg(game: Game, size: int = 40, per_row: int = 16) -> str:
    """Each seat's collected cards and the cards left in hand, without the scores."""
    gap, label = size // 6, 30
    rows = []   # (label, cards)
    for s_ in range(game.players):
        got, held = game.collected(s_), game.hand(s_)
        rows.append((ngettext("{player}, collected ({n} card)", "{player}, collected ({n} cards)",
                              len(got)).format(player=player(s_), n=len(got)), got))
        rows.append((ngettext("{player}, left in hand ({n} card)",
                              "{player}, left in hand ({n} cards)",
                              len(held)).format(player=player(s_), n=len(held)), held))
    height = sum(label + max(1, -(-len(c) // per_row)) * (size + gap) for _t, c in rows) + gap
    scene = Scene(per_row * (size + gap) + gap, height, title=_("Collected cards and hands"))
    y = gap
    for text, cards in rows:
        scene.text(gap, y + label / 2, text, size=18, bold=True, anchor="start")
        y += label
        for i, card in enumerate(cards):
            draw_card(scene, parse_card(card), gap + (i % per_row) * (size + gap),
                      y + (i // per_row) * (size + gap), size)
        y += max(1, -(-len(cards) // per_row)) * (size + gap)
    return fit_width(scene.to_svg())


def _svg_size(svg: str) -> tuple[float, float]:
    """(width, height) of an SVG picture, from its opening tag."""
    found = re.match(r'<svg[^>]*? width="([\d.]+)" height="([\d.]+)"', svg)
    if found is None:
        raise ValueError(f"not an SVG picture with a width and height: {svg[:60]!r}")
    return float(found[1]), float(found[2])


def stack_svgs(*svgs: str, title: str | None = None, gap: int = 10) -> str:
    """Pictures one under the other, as one picture (titled "Smartrix picture" unless
    ``title`` says otherwise)."""
    title = _("Smartrix picture") if title is None else title
    sizes = [_svg_size(s) for s in svgs]
    width = max(w for w, _h in sizes)
    height = sum(h for _w, h in sizes) + gap * (len(svgs) - 1)
    parts, y = [], 0.0
    for s, (_w, h) in zip(svgs, sizes, strict=True):
        parts.append(re.sub(r"^<svg", f'<svg x="0" y="{y:.0f}"', s, count=1))
        y += h + gap
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}"><title>{html.escape(title)}</title>'
            + "".join(parts) + "</svg>")


def side_by_side(*svgs: str, title: str | None = None, gap: int = 16) -> str:
    """Pictures side by side, tops aligned, as one picture (scaled to MAX_WIDTH;
    titled "Smartrix picture" unless ``title`` says otherwise)."""
    title = _("Smartrix picture") if title is None else title
    sizes = [_svg_size(s) for s in svgs]
    width = sum(w for w, _h in sizes) + gap * (len(svgs) - 1)
    height = max(h for _w, h in sizes)
    parts, x = [], 0.0
    for s, (w, _h) in zip(svgs, sizes, strict=True):
        parts.append(re.sub(r"^<svg", f'<svg x="{x:.0f}" y="0"', s, count=1))
        x += w + gap
    return fit_width(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
                     f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}">'
                     f"<title>{html.escape(title)}</title>" + "".join(parts) + "</svg>")


FIT_DEMO = ("threat", "10100100")   # lesson 2's picture of + marks: another table and card


def fit_picture() -> Picture:
    """Lesson 2's picture of the + marks: a table and card other than the fit exercise's."""
    name, card = FIT_DEMO
    return show(lesson_position(name), legal_for=card,
                title=_("Smartrix table; + marks every cell where {card} fits, in some turn")
                .format(card=card))


def steps_picture(k: int) -> Picture:
    """Lesson 3's table built up to ``k`` cards (no hands beside it)."""
    return show(building_steps()[k - 1],
                title=ngettext("The table built up to {n} card", "The table built up to {n} cards",
                               k).format(n=k))


def threat_picture(name: str = "threat") -> Picture:
    """The table after the stored move, with the line it leaves one card short; the
    next player's hand face down (only the mover's, which they know, face up)."""
    game, move = lesson_position(name), lesson_move(name)
    after = Game.from_dict(game.to_dict())
    after.play(move)
    return picture(after.svg(threats=after_threats(game, move), recent=1, hands=[game.to_move]))


GAP_CELL = 64   # px per table cell in lesson 6's count: table and cards on one screen


def gap_picture(game: Game, move: Move, cards: Sequence[int | str], labels: Sequence[str]) -> str:
    """Lesson 6's picture, one screen high: the table after ``move`` alone (its line one
    card short drawn orange, the empty cell marked with the points waiting there) and,
    beside it, the cards A to H. (Under the table, with the hands, the cards and the
    answer box fell below a 768 px screen, and the other hand was drawn ~35 px wide.)"""
    after = Game.from_dict(game.to_dict())
    after.play(move)
    table = after.svg(threats=after_threats(game, move), recent=1, side=False,
                      max_cell=GAP_CELL)
    side = cards_svg(cards, size=76, per_row=4, labels=labels)
    return side_by_side(table, side, title=_("The table after {move}, and {n} cards "
                                             "{first} to {last} you cannot see")
                        .format(move=move, n=len(cards), first=labels[0], last=labels[-1]))
