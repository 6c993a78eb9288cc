"""Smartrix pictures: a position as a :class:`kit.scene.Scene`.

The picture has two parts. On the left the table: each card a 3 x 3 square,
its 8 ring boxes around its value (a filled circle for a spot, a faint hollow
circle for an empty box, so "empty matches empty" can be seen); row and
column numbers for typing moves. Only the cards and the ring of cells where
the next card may go are drawn, so a one-card table is 3 x 3 cells. The
5 x 5 window is drawn as a frame: a thick dashed edge on each side where the
table already spans 5 rows (or columns), and a line saying how many more
rows and columns fit. The children's variant (no window) has no frame; on
the free table the window bounds nothing (a card beyond it is a mistake).

On the right the side column: whose turn it is, the draw pile, one line per
seat (cards in hand, points collected; final scores when the game is over),
the hand of the seat to move in large cards (face down unless shown), a
board's ``prompt``, the words (window, last moves, sets to claim, hints),
wrapped to the column and repeated in the SVG title for screen readers, then
the other seats' hands in small cards when shown (``open_hands``, or the game
is over).

Highlights (keyword options of :func:`draw`; outlines differ in dash as well
as colour: solid blue = chosen, long dashes green = set / good, short dashes
vermillion = a broken rule):
- ``move``: a move or its text; if illegal, the mismatched boxes are ringed
  on both cards and the cards outside the window outlined; if legal, the card
  is shown in place and the set(s) it completes outlined;
- ``legal_for`` (any orientation) / ``fits`` (this orientation): a card whose
  possible cells are marked with a dashed blue outline and a "+";
- ``sets``, ``marks``, ``picked``: cells outlined as set, error, chosen;
- ``recent``: the last ``recent`` moves shown: placed cards outlined, and the
  cards a move collected drawn faded where they lay, outlined as a set, with
  a line of words (so a set is seen before it leaves the table);
- ``hints``: [(move, label)] best first: the card drawn faintly in its cell
  with its rank, the labels listed in words; ``threats``: lines one card
  short of a set, drawn through their cards, and the cell where one card
  completes them with the value waiting there;
- ``offending``: mark the cards placed against the rules (free-table mode,
  ``game.offending`` where the engine records them).

Where everything sits (the layout, cells and hand cards as boxes, a click back
to a cell) is ``layout.py``'s; this module only paints. Not covered: animation,
the canvas itself (``kit.canvas``), the buttons.
"""


from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Protocol, cast

from kit.i18n import _, ngettext
from kit.scene import ERROR, GOOD, HIGHLIGHT, INK, OKABE_ITO, PAPER, TABLE, Scene, centre
from kit.smartrix.card_pictures import (BACK, EMPTY_BOX, GHOST_SPOT, MUTED, SPOT, VALUE_SIZE,
                                        FlatCard, draw_back, draw_card, flat_cards)
from kit.smartrix.cards import BOX_GRID, TEXT, VALUE, Card, rotate
from kit.smartrix.layout import (CELL, EDGE, INSET, LIVE_TABLE_H, LIVE_WIDTH, MARGIN,
                                 SEAT_ROW, SEATS_TOP, SIDE_WIDTH, TABLE_MAX, Effect, Layout,
                                 cell_box, fitting_cells, hand_box, layout_of, legal_cells,
                                 pans, recent_moves)
from kit.smartrix.moves import Explanation, Move, parse_move
from kit.smartrix.table import Cell, bounds
# The game as a Protocol: the rules import this module for their picture (see view.py).
from kit.smartrix.view import GameView as Game
from kit.textwidth import text_width, wrap_text

# Also here for older imports: a card's picture and colours (card_pictures.py), the
# geometry constants INSET, LIVE_WIDTH, MARGIN and Layout (layout.py), BOX_GRID (cards.py).
__all__ = ["draw", "wrap", "draw_card", "draw_back", "FlatCard", "flat_cards", "SPOT",
           "EMPTY_BOX", "GHOST_SPOT", "BACK", "MUTED", "BOX_GRID", "INSET", "LIVE_WIDTH",
           "MARGIN", "Layout"]

LABEL_SIZE = 18
CAPTION_SIZE = 19
SMALL_CARD = 50    # the other hands
SMALL_PER_ROW = 7
HAND_COLUMN = 300  # x (from the side column's left) where the "in hand" column ends
PROMPT_ROOM = 2 * 26 + 5   # two lines of the bold prompt (20 px, 1.3 line height)
DASH_GOOD, DASH_ERROR, DASH_FITS = (14, 6), (7, 5), (8, 5)
PAN_FILL = "#D9D3C1"       # a live board's shaded edges, where the table goes on

#: A hint as draw() takes it: (move or its text, label).
Hint = tuple[Move | str, str]


class ThreatLine(Protocol):
    """What a picture reads of a threat (:class:`kit.smartrix.ai.Threat`, which this
    module may not import: ai imports the rules, which import this module)."""

    @property
    def cell(self) -> Cell: ...
    @property
    def lines(self) -> tuple[tuple[Cell, ...], ...]: ...
    @property
    def value(self) -> int: ...


def _box_centre(lay: Layout, cell: Cell, box: int) -> tuple[float, float, float]:
    x, y, w, _ch = cell_box(lay, cell)
    step = (w - 2 * INSET) / 3
    br, bc = BOX_GRID[box]
    return x + INSET + (bc + 0.5) * step, y + INSET + (br + 0.5) * step, step


def _table_area(scene: Scene, lay: Layout) -> None:
    if not lay.live:
        _labels(scene, lay)
    cols, rows = lay.c1 - lay.c0 + 1, lay.r1 - lay.r0 + 1
    x, y, right, bottom = lay.left, lay.top, lay.table_right, lay.table_height
    scene.rect(x, y, right - x, bottom - y, fill=TABLE)
    for k in range(1, cols):
        scene.line(x + k * lay.cell, y, x + k * lay.cell, bottom, stroke="#DDD8C8")
    for k in range(1, rows):
        scene.line(x, y + k * lay.cell, right, y + k * lay.cell, stroke="#DDD8C8")


def _labels(scene: Scene, lay: Layout) -> None:
    """The row and column numbers (a live board's at the labels' usual distance
    from the table, outside its shaded edges)."""
    gap = EDGE if lay.live else 0
    for r in range(lay.r0, lay.r1 + 1):
        _cx, y, _cw, h = cell_box(lay, (r, lay.c0))
        scene.text((lay.left - gap) / 2, y + h / 2, str(r), size=LABEL_SIZE, fill=MUTED)
    for c in range(lay.c0, lay.c1 + 1):
        x, _cy, w, _ch = cell_box(lay, (lay.r0, c))
        scene.text(x + w / 2, (lay.top - gap) / 2, str(c), size=LABEL_SIZE, fill=MUTED)


def _clip_to_window(scene: Scene, lay: Layout) -> None:
    """A live board's window: whatever was drawn for cells outside it is covered
    (the scene has no clipping), then the numbers and the shaded edges go on top."""
    big, w = 10000, lay.table_right - lay.left
    for x, y, bw, bh in ((-big, -big, big + lay.left, 3 * big),
                         (lay.table_right, -big, big, 3 * big),
                         (lay.left, -big, w, big + lay.top),
                         (lay.left, lay.table_height, w, big)):
        scene.rect(x, y, bw, bh, fill=scene.background)
    _labels(scene, lay)
    arrows = {"up": "▲", "down": "▼", "left": "◀", "right": "▶"}
    for direction, (px, py, pw, ph) in pans(lay).items():
        scene.rect(px, py, pw, ph, fill=PAN_FILL, stroke="#B8B09A")
        scene.text(px + pw / 2, py + ph / 2, arrows[direction], size=14, fill=MUTED)


def _window_frame(scene: Scene, game: Game, lay: Layout) -> str:
    """The window's edges where the table reaches them; returns the caption."""
    w, grid = game.window, game.table
    if w is None:
        return _("Children's variant: no window, the table may grow any way")
    if not grid:
        return _("The table is empty: the next card may go anywhere")
    r0, r1, c0, c1 = bounds(grid)
    more_rows, more_cols = w - (r1 - r0 + 1), w - (c1 - c0 + 1)
    if min(more_rows, more_cols) < 0:
        return _("The table spans {rows} rows and {cols} columns: it no longer fits one "
                 "{w} x {w} window").format(rows=r1 - r0 + 1, cols=c1 - c0 + 1, w=w)
    x0, y0, x1, y1 = lay.left, lay.top, lay.table_right, lay.table_height
    style = {"stroke": INK, "stroke_width": 4, "dash": (10, 6)}
    if more_rows == 0:
        ya, yb = cell_box(lay, (r0, c0))[1], cell_box(lay, (r1, c0))[1] + lay.cell
        scene.line(x0, ya, x1, ya, **style)
        scene.line(x0, yb, x1, yb, **style)
    if more_cols == 0:
        xa, xb = cell_box(lay, (r0, c0))[0], cell_box(lay, (r0, c1))[0] + lay.cell
        scene.line(xa, y0, xa, y1, **style)
        scene.line(xb, y0, xb, y1, **style)

    if more_rows == more_cols == 0:
        return _("Window {w} x {w}: full, the dashed frame is its edge").format(w=w)
    rows = (ngettext("{n} more row", "{n} more rows", more_rows).format(n=more_rows)
            if more_rows else _("no more rows"))
    cols = (ngettext("{n} more column", "{n} more columns", more_cols).format(n=more_cols)
            if more_cols else _("no more columns"))
    if 0 in (more_rows, more_cols):
        return _("Window {w} x {w}: {rows}, {cols} (dashed: its edge)").format(
            w=w, rows=rows, cols=cols)
    return _("Window {w} x {w}: {rows}, {cols}").format(w=w, rows=rows, cols=cols)


def _outline(scene: Scene, lay: Layout, cells: Iterable[Cell], colour: str, width: float = 5.0,
             dash: tuple[float, ...] = ()) -> None:
    for cell in cells:
        x, y, w, h = cell_box(lay, cell)
        scene.rect(x + 2, y + 2, w - 4, h - 4, stroke=colour, stroke_width=width, dash=dash,
                   radius=6)


def _badge(scene: Scene, lay: Layout, cell: Cell, text: str, fill: str, corner: str = "tr") -> None:
    """A small round label in a corner of a cell (text, not colour, says what)."""
    x, y, w, _ch = cell_box(lay, cell)
    r = max(11, lay.cell * 0.15)
    cx = x + w - r - 1 if corner[1] == "r" else x + r + 1
    cy = y + r + 1 if corner[0] == "t" else y + w - r - 1
    scene.circle(cx, cy, r, fill=fill, stroke=PAPER, stroke_width=2)
    scene.text(cx, cy, text, size=r * 1.25, bold=True, fill=PAPER)


def draw(game: Game, *, move: Move | str | None = None, legal_for: str | Card | None = None,
         fits: str | Card | None = None, sets: Iterable[Cell | Sequence[Cell]] = (),
         marks: Iterable[Cell] = (), picked: Iterable[Cell] = (), recent: int = 1,
         hints: Sequence[Hint] = (), threats: Sequence[ThreatLine] = (), offending: bool = True,
         hands: int | Iterable[int] | None = None, own: int | None = None, open_hands: bool = False,
         names: Sequence[str] | None = None, selected: tuple[int, Card] | None = None,
         cover: str | None = None, prompt: str | None = None, show: Iterable[Cell] = (),
         side: bool = True, max_cell: int = CELL, max_table: int = TABLE_MAX, live: bool = False,
         centre: tuple[float, float] | None = None) -> Scene:
    """The position as a Scene, with the highlights of the module docstring.

    Hands: ``hands`` lists the seats whose cards are drawn face up (default:
    the seat to move); ``open_hands=True`` shows every hand, as does the end
    of the game. ``own``: the seat whose hand is drawn as the hand, big and
    selectable (default: the seat to move; an exercise's board keeps the
    student's own after their try, when another seat is to move). ``selected``:
    (index in the mover's hand, oriented card) drawn raised and turned as
    given. ``names``: a label per seat (default "Player 1" ...). ``cover``: a
    text drawn over the mover's face-down hand ("click to show your hand").
    ``prompt``: what to do next, in bold under the hand (a live board's words).
    ``show``: cells the table part must include (a previewed move's threats);
    ``side=False``: the table part alone (an editor draws its own column);
    ``max_cell``, ``max_table``: as for :func:`layout`. ``live``: a live
    board's picture (fixed width, the hand and words under the table, a big
    table windowed around ``centre`` with shaded edges).
    """
    effects = recent_moves(game, recent)
    lay = layout_of(game, effects, show, max_cell, max_table, live, centre)
    exp = game.explain(move) if move is not None else None
    shown: set[int] = set(range(game.players)) if open_hands or game.is_over else (
        {game.to_move} if hands is None else {hands} if isinstance(hands, int) else set(hands))
    names = (list(names) if names is not None else
             [_("Player {n}").format(n=s + 1) for s in range(game.players)])
    own = game.to_move if own is None else own
    # A hint's ranks mark the hand of the seat to move only.
    hinted = _hinted_cards(game, hints) if own == game.to_move else {}
    scene = Scene(lay.width, 0, title=_title(game, exp, names))
    _table_area(scene, lay)
    captions = [_window_frame(scene, game, lay)]
    size = lay.cell - 2 * INSET
    for cell, card in sorted(game.table.items()):
        x, y, _cw, _ch = cell_box(lay, cell)
        draw_card(scene, card, x + INSET, y + INSET, size)
    captions += _draw_recent(scene, lay, game, effects, names, size)
    captions += _draw_free_table(scene, lay, game, offending)
    if legal_for is not None:
        _fit_marks(scene, lay, legal_cells(game, legal_for))
    if fits is not None:
        _fit_marks(scene, lay, fitting_cells(game, fits))
    captions += _draw_hints(scene, lay, game, hints, threats, size)
    if exp is not None:
        _draw_explanation(scene, lay, exp, size)
    _outline(scene, lay, _set_cells(sets), GOOD, dash=DASH_GOOD)
    _outline(scene, lay, picked, HIGHLIGHT, 6)
    _outline(scene, lay, marks, ERROR, 6, DASH_ERROR)
    if lay.live:
        _clip_to_window(scene, lay)
        if lay.is_cut:
            captions.append(_("Shaded edges: the table goes on; click one to scroll"))
    if not side:
        scene.width, scene.height = lay.table_right + 8, lay.table_height + 8
        scene.title += ". " + ". ".join(captions)
        return scene
    if lay.live:
        y = _under_table(scene, game, lay, shown, names, selected, cover, [prompt, *captions],
                         hinted, own)
        scene.height = y + 12
        # The cover's words too: beside the table they are drawn on several lines.
        scene.title += ". " + ". ".join(captions + ([cover] if cover is not None else []))
        return scene
    # The words go in the side column, under the hand: the table keeps the
    # screen's height for itself.
    y = _side_column(scene, game, lay, shown, names, selected, cover, [prompt, *captions],
                     hinted, own)
    scene.height = max(y, lay.table_height) + 16
    scene.title += ". " + ". ".join(captions)  # the words in one piece, for screen readers
    return scene


def _set_cells(sets: Iterable[Cell | Sequence[Cell]]) -> list[Cell]:
    """The cells of ``sets``, each a cell or a set's cells."""
    return [c for s in sets
            for c in (cast("Sequence[Cell]", s) if isinstance(s[0], tuple) else [cast(Cell, s)])]


def _fit_marks(scene: Scene, lay: Layout, cells: Iterable[Cell]) -> None:
    _outline(scene, lay, cells, HIGHLIGHT, 4, DASH_FITS)
    for cell in cells:
        x, y, w, h = cell_box(lay, cell)
        scene.text(x + w / 2, y + h / 2, "+", size=lay.cell * 0.4, fill=HIGHLIGHT, bold=True)


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines of at most ``width`` pixels at font ``size``, by
    DejaVu Sans's own widths (a guess of 0.56 em a character cut Bulgarian notes at
    the board's right edge; issue 30)."""
    return wrap_text(text, width, size, bold)


def _captions(scene: Scene, x: float, y: float, captions: Iterable[str], size: float = 18,
              bold: bool = False, fill: str = INK, width: float = SIDE_WIDTH - 8) -> float:
    """Lines of text from (x, y) down, wrapped to the side column; the y below."""
    for caption in captions:
        for line in wrap(caption, width, size, bold):
            scene.text(x, y + size * 0.65, line, size=size, anchor="start", bold=bold,
                       fill=fill)
            y += size * 1.3
        y += 5
    return y


def _draw_recent(scene: Scene, lay: Layout, game: Game, recent: list[Effect], names: Sequence[str],
                 size: float) -> list[str]:
    """The last moves: placed cards outlined, collected cards faded in place."""
    captions = []
    # Several players' last cards outlined alike: a badge with the player's number on
    # each says whose is whose (the caption says it in words too).
    placed = {seat for move, seat, *_ in recent
              if move.kind == "place" and move.cell in game.table}
    numbered = len(placed) > 1
    for move, seat, taken, points in recent:
        who = names[seat]
        if move.kind == "place" and move.cell is not None and move.cell in game.table:
            _outline(scene, lay, [move.cell], HIGHLIGHT, 4)
            caption = _("Blue outline: the card {player} placed").format(player=who)
            if numbered:
                # "P2", not "2": the hints' ranks are plain numbers on the table too.
                # On the cell's corner, in the gap between cards: no box of a card hidden.
                x, y, _cw, _ch = cell_box(lay, move.cell)
                r = max(10, lay.cell * 0.12)
                scene.circle(x + 1, y + 1, r, fill=HIGHLIGHT, stroke=PAPER, stroke_width=2)
                # Translators: a player's badge on the table, the initial of "player" and
                # the seat's number, two or three characters ("J2", "И2")
                badge = _("P{n}").format(n=seat + 1)
                scene.text(x + 1, y + 1, badge, size=r * 1.05, bold=True, fill=PAPER)
                caption = _("Blue outline {badge}: the card {player} placed").format(
                    badge=badge, player=who)
            if lay.live and not lay.shows(move.cell):
                caption = _("{caption}, at {cell}, out of view (a shaded edge scrolls to "
                            "it)").format(caption=caption,
                                          cell=f"{move.cell[0]},{move.cell[1]}")
            captions.append(caption)
        if move.kind == "pass":
            captions.append(_("{player} passed").format(player=who))
        if not taken:
            continue
        for cell, card in sorted(taken.items()):
            x, y, _cw, _ch = cell_box(lay, cell)
            draw_card(scene, card, x + INSET, y + INSET, size, ghost=True)
        bad = move.kind == "challenge"
        _outline(scene, lay, taken, ERROR if bad else GOOD, 5, DASH_ERROR if bad else DASH_GOOD)
        cards = ngettext("{n} card", "{n} cards", len(taken)).format(n=len(taken))
        captions.append((_("{player} took by challenge {cards}, {points} points (faded: gone)")
                         if bad else
                         _("{player} collected {cards}, {points} points (faded: gone)")).format(
                             player=who, cards=cards, points=points))
    return captions


def _draw_free_table(scene: Scene, lay: Layout, game: Game, offending: bool) -> list[str]:
    if game.auto_collect:
        return []
    captions = []
    for k, (cells, barred) in enumerate(game.unclaimed_sets):
        _outline(scene, lay, cells, GOOD, 5, DASH_GOOD)
        _badge(scene, lay, cells[0], chr(ord("A") + k), GOOD, "bl")
        text = _("Set {letter} unclaimed: {n} cards from {start} to {end}").format(
            letter=chr(ord("A") + k), n=len(cells), start=cells[0], end=cells[-1])
        if barred is not None:
            text = _("{text}; player {n} formed it and may not claim it").format(
                text=text, n=barred + 1)
        captions.append(text)
    bad = sorted(getattr(game, "offending", ())) if offending else []
    if bad:
        _outline(scene, lay, bad, ERROR, 5, DASH_ERROR)
        for cell in bad:
            _badge(scene, lay, cell, "!", ERROR)
        captions.append(ngettext("!: {n} card placed against the rules (a challenge may "
                                 "take them)",
                                 "!: {n} cards placed against the rules (a challenge may "
                                 "take them)", len(bad)).format(n=len(bad)))
    return captions


def _draw_hints(scene: Scene, lay: Layout, game: Game, hints: Sequence[Hint],
                threats: Sequence[ThreatLine], size: float) -> list[str]:
    captions = []
    for t in threats:
        _threat_lines(scene, lay, t, game.table, size)
    for t in threats:
        _badge(scene, lay, t.cell, str(t.value), OKABE_ITO["orange"], "bl")
    if threats:
        captions.append(_("Orange: a line one card short; one card in the cell with the "
                          "number completes a set worth that, plus the card"))
    # Hints that say the same (early in a game, often all of them) share one caption.
    ranks: dict[str, list[str]] = {}
    for rank, (_move, label) in enumerate(hints, 1):
        ranks.setdefault(label, []).append(str(rank))
    captions += [_("Hint {rank}: {label}").format(rank=r[0], label=label) if len(r) == 1 else
                 _("Hints {ranks}: {label}").format(ranks=", ".join(r), label=label)
                 for label, r in ranks.items()]
    drawn: set[Cell] = set()
    for rank, (hinted, _label) in enumerate(hints, 1):
        move = parse_move(hinted)
        if (move.kind != "place" or move.cell is None or move.card is None
                or move.cell in drawn or move.cell in game.table):
            continue
        drawn.add(move.cell)
        x, y, _cw, _ch = cell_box(lay, move.cell)
        draw_card(scene, move.card, x + INSET, y + INSET, size, border=GOOD, border_width=4,
                  dash=DASH_GOOD, ghost=True)
        _badge(scene, lay, move.cell, str(rank), GOOD)
    if drawn:
        captions.append(_("Green numbers: each hint's cell, and the hand card it places "
                          "(turned as drawn on the table)"))
    return captions


def _threat_lines(scene: Scene, lay: Layout, threat: ThreatLine, grid: Mapping[Cell, Card],
                  size: float) -> None:
    """Each line one card short of a set, drawn through its cards and the gap;
    the cards' values drawn again on top, so the line does not hide them."""
    for line in threat.lines:
        ends = sorted([*line, threat.cell])
        (xa, ya), (xb, yb) = centre(cell_box(lay, ends[0])), centre(cell_box(lay, ends[-1]))
        scene.line(xa, ya, xb, yb, stroke=OKABE_ITO["orange"], stroke_width=5, dash=(12, 7))
        for cell in line:
            if cell in grid:
                x, y = centre(cell_box(lay, cell))
                scene.circle(x, y, size * 0.2, fill=PAPER)
                scene.text(x, y, str(VALUE[grid[cell]]), size=size * VALUE_SIZE / 86,
                           bold=True)


def _draw_explanation(scene: Scene, lay: Layout, exp: Explanation, size: float) -> None:
    m = exp.move
    if m.kind == "place" and m.cell is not None and m.card is not None:
        x, y, _cw, _ch = cell_box(lay, m.cell)
        draw_card(scene, m.card, x + INSET, y + INSET, size,
                  border=HIGHLIGHT if exp.legal else ERROR, border_width=4,
                  dash=() if exp.legal else DASH_ERROR)
    for cell, box in {p for pair in exp.mismatches for p in pair}:
        cx, cy, step = _box_centre(lay, cell, box)
        scene.rect(cx - step / 2 + 1, cy - step / 2 + 1, step - 2, step - 2, stroke=ERROR,
                   stroke_width=4)
    _outline(scene, lay, exp.outside, ERROR, dash=DASH_ERROR)
    if exp.legal:
        _outline(scene, lay, [c for s in exp.sets for c in s], GOOD, dash=DASH_GOOD)
        if m.kind in ("claim", "challenge"):
            _outline(scene, lay, m.cells, GOOD if m.kind == "claim" else ERROR,
                     dash=DASH_GOOD if m.kind == "claim" else DASH_ERROR)


def _heading(game: Game, names: Sequence[str]) -> str:
    if not game.is_over:
        return _("{player} to move").format(player=names[game.to_move])
    scores = game.scores
    best = max(scores)
    winners = [i for i, s in enumerate(scores) if s == best]
    if len(winners) > 1:
        return _("Game over: a draw")
    # The short name: "Player 2", not "Player 2 (cautious)", to fit one line.
    return (_("Game over: team {team} wins").format(team="AB"[winners[0]]) if game.teams else
            _("Game over: {player} wins").format(player=names[winners[0]].split(" (")[0]))


def _hinted_cards(game: Game, hints: Sequence[Hint]) -> dict[int, list[int]]:
    """{index in the mover's hand: [hint ranks]}: the hand card each hinted move places."""
    hand = game.hand_cards(game.to_move)
    marked: dict[int, list[int]] = {}
    for rank, (hinted, _label) in enumerate(hints, 1):
        move = parse_move(hinted)
        if move.kind != "place":
            continue
        i = next((i for i, card in enumerate(hand)
                  if any(rotate(card, k) == move.card for k in range(4))), None)
        if i is not None:
            marked.setdefault(i, []).append(rank)
    return marked


def _side_column(scene: Scene, game: Game, lay: Layout, shown: Collection[int], names: Sequence[str],
                 selected: tuple[int, Card] | None, cover: str | None,
                 captions: Sequence[str | None], hinted: dict[int, list[int]] | None = None,
                 own: int | None = None) -> float:
    x, over = lay.side, game.is_over
    heading = _heading(game, names)
    scene.text(x, 30, heading, size=_fitted(heading, SIDE_WIDTH - 8, 22), bold=True,
               anchor="start")
    pile = _pile_text(game)
    # Fitted to the column: "Купчинката е празна: пас те вади от играта" ran ~50 px
    # past the picture's right edge (issue 30)
    scene.text(x, 66, pile, size=_fitted(pile, SIDE_WIDTH - 8, CAPTION_SIZE, bold=False),
               anchor="start")
    scene.text(x + HAND_COLUMN, 98, _("in hand"), size=15, fill=MUTED, anchor="end")
    scene.text(x + SIDE_WIDTH - 8, 98, _("score") if over else _("collected"), size=15,
               fill=MUTED, anchor="end")
    for s in range(game.players):
        y: float = SEATS_TOP + s * SEAT_ROW
        mover = s == game.to_move and not over
        mark = "▶" if mover else "✕" if game.out[s] and not over else ""
        team = f"{'AB'[game.team_of(s)]} " if game.teams else ""
        scene.text(x, y, mark, size=CAPTION_SIZE, anchor="start")
        scene.text(x + 24, y, team + names[s], size=CAPTION_SIZE, bold=mover, anchor="start")
        scene.text(x + HAND_COLUMN, y, str(len(game.hand_cards(s))), size=CAPTION_SIZE,
                   anchor="end")
        points = game.seat_scores[s] if over else sum(VALUE[v] for v in game.collected_cards(s))
        scene.text(x + SIDE_WIDTH - 8, y, str(points), size=CAPTION_SIZE, anchor="end")
    y = _mover_hand(scene, game, lay, shown, names, selected, cover, hinted or {}, own)
    return _under_hand(scene, game, x, y, captions, shown, names, own=own)


def _under_hand(scene: Scene, game: Game, x: float, y: float, captions: Sequence[str | None],
                shown: Collection[int], names: Sequence[str], width: float = SIDE_WIDTH - 8,
                own: int | None = None) -> float:
    """Under the mover's hand: the prompt, the captions, the notes, the other open
    hands, in a column ``width`` wide from (x, y); the y below them. Only the prompt
    (the first) may be None."""
    prompt, *rest = captions
    words = [c for c in rest if c is not None]
    if prompt is not None:
        # The prompt's room is kept at its longest (two lines), so that
        # picking or turning a card, which changes the prompt, never moves
        # the words under it nor changes the picture's height.
        y = max(_captions(scene, x, y, [prompt], size=20, bold=True, width=width),
                y + PROMPT_ROOM)
    y = _captions(scene, x, y + 4, words, width=width)
    notes = []
    if game.teams:
        notes.append(_("Teams: A = players 1 and 3, B = players 2 and 4"))
    if any(game.out) and not game.is_over:
        notes.append(_("✕ = out: passed after the pile ran out"))
    y = _captions(scene, x, y, notes, size=16, fill=MUTED, width=width)
    first = game.to_move if own is None else own
    for s in [(first + k) % game.players for k in range(1, game.players)]:
        if s in shown and game.hand_cards(s):
            y = _small_hand(scene, game, s, names, x, y + 4)
    return y


def _under_table(scene: Scene, game: Game, lay: Layout, shown: Collection[int], names: Sequence[str],
                 selected: tuple[int, Card] | None, cover: str | None,
                 captions: Sequence[str | None], hinted: dict[int, list[int]],
                 own: int | None = None) -> float:
    """A live board's words and hand. Hand under the table: whose hand and the pile on
    one line, the hand in one row, the prompt, the captions, other open hands. Hand
    beside the table (``lay.beside``): its label over it, and the pile line, the prompt
    and the rest under the table, the picture's width wide."""
    over, width = game.is_over, LIVE_WIDTH - 16
    pile = _pile_text(game)
    heading = _heading(game, names) if over else pile
    if lay.beside:
        y = _mover_hand(scene, game, lay, shown, names, selected, cover, hinted, own)
        # The words start under the table's box (not its drawn cells: a move never
        # moves them), or under a hand longer than the table.
        y = max(lay.top + LIVE_TABLE_H + EDGE + 6, y + 6)
        y = _captions(scene, 8, y, [heading], size=CAPTION_SIZE - (0 if over else 2),
                      bold=over, width=width)
        return _under_hand(scene, game, 8, y, captions, shown, names, width, own)
    # On the hand's line, right: the pile, or who won (whose turn it is is the
    # panel's first line).
    # The room the hand's label (left) leaves on its line.
    room = (LIVE_WIDTH - 8 - lay.side - 16
            - text_width(_hand_label(game, shown, names, cover, own), CAPTION_SIZE, bold=True))
    if over:
        scene.text(LIVE_WIDTH - 8, lay.hand_top - 20, heading,
                   size=_fitted(heading, room, CAPTION_SIZE), bold=True, anchor="end")
    else:
        scene.text(LIVE_WIDTH - 8, lay.hand_top - 20, pile,
                   size=_fitted(pile, room, CAPTION_SIZE - 2, bold=False), anchor="end")
    y = _mover_hand(scene, game, lay, shown, names, selected, cover, hinted, own)
    return _under_hand(scene, game, 8, y, captions, shown, names, width, own)


def _mover_hand(scene: Scene, game: Game, lay: Layout, shown: Collection[int], names: Sequence[str],
                selected: tuple[int, Card] | None, cover: str | None,
                hinted: dict[int, list[int]], own: int | None = None) -> float:
    seat = game.to_move if own is None else own
    hand = game.hand_cards(seat)
    face_up = seat in shown and cover is None
    label = _hand_label(game, shown, names, cover, seat)
    # The hand's width: the side column, or the rest of a live board's picture.
    room = min(SIDE_WIDTH, LIVE_WIDTH - lay.side) - 8 if lay.live else SIDE_WIDTH - 8
    if lay.beside:
        # Over the hand's two columns, in the table's top margin under the column
        # numbers, right-aligned: one line (a screen's words and the tests read it
        # whole), reaching left over the margin as far as a translation needs.
        scene.text(LIVE_WIDTH - 8, lay.hand_top - 14, label, anchor="end", bold=True,
                   size=_fitted(label, LIVE_WIDTH - 16 - lay.table_right, LABEL_SIZE - 1, least=14))
    else:
        scene.text(lay.side, lay.hand_top - 20, label, size=CAPTION_SIZE, bold=True, anchor="start")
    for i, card in enumerate(hand):
        x, y, size, _ch = hand_box(lay, i)
        if not face_up:
            draw_back(scene, x, y, size)
        elif selected is not None and selected[0] == i:
            draw_card(scene, selected[1], x, y - 4, size, border=HIGHLIGHT, border_width=6)
        elif i in hinted:
            draw_card(scene, card, x, y, size, border=GOOD, border_width=4, dash=DASH_GOOD)
        else:
            draw_card(scene, card, x, y, size)
        if face_up and i in hinted:
            # The hints' ranks on the hand card they place, as on the table's cells; on
            # the card's lower edge, clear of its boxes.
            text = ",".join(map(str, hinted[i]))
            w = max(24, 11 * len(text) + 10)
            scene.rect(x + size - w, y + size - 6, w, 22, fill=GOOD, stroke=PAPER, radius=11)
            scene.text(x + size - w / 2, y + size + 5, text, size=15, bold=True, fill=PAPER)
    rows = max(1, -(-len(hand) // lay.per_row))
    bottom = lay.hand_top + rows * (lay.hand_card + lay.hand_gap)
    if face_up and hinted:
        bottom += 12   # the ranks' badges hang under the cards: the prompt goes below them
    if cover is not None:
        # Beside the table, in the hand's narrow column, on as many lines as it takes.
        lines = wrap(cover, room - 16, CAPTION_SIZE, bold=True)
        high = 24 * len(lines) + 20
        scene.rect(lay.side, lay.hand_top + 16, room, high, fill=PAPER, stroke=INK,
                   stroke_width=2, radius=8)
        for k, line in enumerate(lines):
            scene.text(lay.side + room / 2, lay.hand_top + 38 + 24 * k, line,
                       size=CAPTION_SIZE, bold=True)
        bottom = max(bottom, lay.hand_top + 16 + high + 8)
    return bottom


def _small_hand(scene: Scene, game: Game, seat: int, names: Sequence[str], x: float, top: float) -> float:
    scene.text(x, top + 10, _("Hand of {player}").format(player=names[seat]), size=CAPTION_SIZE,
               anchor="start")
    step = SMALL_CARD + 6
    for i, card in enumerate(game.hand_cards(seat)):
        draw_card(scene, card, x + (i % SMALL_PER_ROW) * step,
                  top + 24 + (i // SMALL_PER_ROW) * step, SMALL_CARD)
    rows = -(-len(game.hand_cards(seat)) // SMALL_PER_ROW)
    return top + 24 + rows * step


def _title(game: Game, exp: Explanation | None, names: Sequence[str]) -> str:
    n = len(game.table)
    head = ngettext("Smartrix table, {n} card; {heading}", "Smartrix table, {n} cards; {heading}",
                    n).format(n=n, heading=_heading(game, names))
    cards = "; ".join(f"({r},{c}) {TEXT[v]}" for (r, c), v in sorted(game.table.items()))
    piles = ", ".join(_("{player} collected {points}").format(
        player=names[s], points=sum(VALUE[v] for v in game.collected_cards(s)))
        for s in range(game.players))
    return (_("{head}; draw pile {n}; {piles}").format(head=head, n=game.deck_size, piles=piles)
            + (f". {cards}" if cards else "") + (f". {exp.reason}" if exp else ""))


def _hand_label(game: Game, shown: Collection[int], names: Sequence[str], cover: str | None,
                own: int | None = None) -> str:
    seat = game.to_move if own is None else own
    face_up = seat in shown and cover is None
    return (_("Hand of {player}") if face_up else
            _("Hand of {player} (face down)")).format(player=names[seat])


def _fitted(text: str, width: float, size: float, bold: bool = True, least: float = 13) -> float:
    """The font size at which ``text`` fits ``width`` px on one line (``size`` if it
    does; a longer translation shrinks, down to ``least``), by DejaVu Sans's widths."""
    need = text_width(text, size, bold)
    return size if need <= width else max(least, int(width / need * size * 10) / 10)


def _pile_text(game: Game) -> str:
    n = game.deck_size
    if n or game.is_over:
        return ngettext("Draw pile: {n} card", "Draw pile: {n} cards", n).format(n=n)
    return _("Pile empty: a pass puts you out")
