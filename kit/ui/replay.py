"""ReplayView: a finished (or unfinished) game played back, step by step.

The shell every game's ``Replay`` is built on. It checks a move list by
playing it on a copy of the start position (a bad move is refused with its
number and the engine's rule), keeps one position per step, and shows them on
a :class:`kit.ui.BoardView` with first / back / forward / last buttons, a
slider and the arrow keys. The same pictures export as SVG frames and as one
self-contained HTML page that steps through them in any browser, with no
kernel and no network (for a class web page or an e-mail). A replay saves as
JSON: ``{"start": <position dict>, "moves": ["...", ...]}``.

A game's ``Replay`` subclass sets ``GAME`` (its Game class) and defines
``picture(game, last_move) -> Scene``. Not covered: any game's drawing or
rules, and editing a game (``kit.ui.editor``).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from collections.abc import Iterable, Sequence
from typing import Any, Generic, TypeVar, cast

import ipywidgets as widgets

from kit import contract
from kit.errors import InvalidPosition
from kit.i18n import N_, _, language, ngettext
from kit.notation import shown
from kit.scene import Scene
from kit.ui.board import BoardView, BoardWidget
from kit.ui.style import button

CAPTION_STYLE = "font-size: 20px; line-height: 1.4; padding: 4px 0;"
# The step buttons: name -> (label, tooltip), here and on the exported page.
# Plain words and the two arrows every font has: ⏮ and ⏭ drew as boxes.
STEP_BUTTONS = {"first": (N_("First"), N_("the start position (Home key)")),
                "back": (N_("◀ Back"), N_("back one move (left arrow)")),
                "forward": (N_("Next ▶"), N_("forward one move (right arrow)")),
                "last": (N_("Last"), N_("the final position (End key)"))}

#: The game a replay shows (a :class:`kit.contract.Game`) and its moves, as for a GameBoard.
G = TypeVar("G", bound=contract.Game)
M = TypeVar("M", bound=contract.Move)


class BadReplayMove(ValueError):
    """A move of a replay that cannot be played: ``number`` (1-based), ``text``, ``reason``.

    ``cells`` are the engine's cells for the rule broken (may be empty).
    """

    def __init__(self, number: int, text: str, reason: Exception) -> None:
        super().__init__(_("move {number} ({move}): {reason}").format(
            number=number, move=repr(text), reason=reason))
        self.number, self.text, self.reason = number, text, reason
        self.cells = getattr(reason, "cells", ())


def play_through(start: G, moves: Iterable[M | str]) -> tuple[list[G], list[M]]:
    """``(positions, moves)``: a copy of ``start`` and of every position after it.

    Each move (text or the game's Move) is played on a copy; the first that
    fails raises :class:`BadReplayMove` naming its number and the rule.
    """
    game = cast(G, start.copy())   # a game's copy is of its own class
    positions, played = [cast(G, game.copy())], []
    for number, move in enumerate(moves, 1):
        try:
            game.play(game.parse_move(move) if isinstance(move, str) else move)
        except ValueError as exc:
            raise BadReplayMove(number, str(move), exc) from exc
        played.append(cast(M, game.history[-1]))
        positions.append(cast(G, game.copy()))
    return positions, played


class ReplayView(BoardWidget, widgets.VBox, Generic[G, M]):
    """Step through ``moves`` played from ``start`` (a Game); ``index`` is the step shown."""

    #: the game's Game class (for ``from_json``)
    GAME: Any = None

    def __init__(self, start: G, moves: Iterable[M | str], *, pixel_ratio: float = 2.0) -> None:
        self._positions, self.moves = play_through(start, list(moves))
        self.index = 0
        self.message = ""          # the caption's plain words, for tests and lessons
        self.caption_box = widgets.HTML()
        self.view = BoardView(self.picture(self._positions[0], None), pixel_ratio=pixel_ratio)
        self.canvas = self.view.canvas
        self.buttons = self._make_buttons()
        self.slider = widgets.IntSlider(value=0, min=0, max=len(self.moves), description=_("Move"),
                                        continuous_update=True,
                                        layout=widgets.Layout(width="100%", max_width="520px"))
        self.slider.observe(lambda change: self.view.guarded(self._show, change["new"]), "value")
        self.canvas.on_key_down(self._key_down)
        controls = widgets.HBox(list(self.buttons.values()) + [self.slider],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([controls, self.caption_box, self.view])
        self._show(0)

    # ----- the hook a game's Replay provides ------------------------------

    def picture(self, game: G, last_move: M | None) -> Scene:
        """The position ``game`` with ``last_move`` (or None at the start) marked."""
        raise NotImplementedError

    # ----- reading the replay ---------------------------------------------

    @property
    def start(self) -> G:
        return cast(G, self._positions[0].copy())

    def position(self, i: int) -> G:
        """A copy of the game after ``i`` moves (0: the start; negative counts from the end)."""
        if not -len(self._positions) <= i < len(self._positions):
            raise IndexError(f"this replay has positions 0 to {len(self.moves)}, not {i}")
        return cast(G, self._positions[i].copy())

    def last_move(self, i: int) -> M | None:
        return self.moves[i - 1] if i > 0 else None

    def caption(self, i: int) -> str:
        """What the label says at step ``i``."""
        n = len(self.moves)
        if i == 0:
            return ngettext("Start: {n} move to play back.", "Start: {n} moves to play back.",
                            n).format(n=n)
        return shown(_("Move {i} of {n}: {move}").format(i=i, n=n, move=self.moves[i - 1]))

    # ----- stepping --------------------------------------------------------

    def go(self, i: int) -> None:
        """Show the position after ``i`` moves (clamped to the replay)."""
        self.slider.value = max(0, min(len(self.moves), i))

    def first(self) -> None:
        self.go(0)

    def back(self) -> None:
        self.go(self.index - 1)

    def forward(self) -> None:
        self.go(self.index + 1)

    def last(self) -> None:
        self.go(len(self.moves))

    def _show(self, i: int) -> None:
        self.index = i
        self.view.show(self.picture(self._positions[i], self.last_move(i)))
        self.message = self.caption(i)
        self.caption_box.value = f'<div style="{CAPTION_STYLE}">{html.escape(self.message)}</div>'
        at_start, at_end = i == 0, i == len(self.moves)
        self.buttons["first"].disabled = self.buttons["back"].disabled = at_start
        self.buttons["forward"].disabled = self.buttons["last"].disabled = at_end

    def _make_buttons(self) -> dict[str, widgets.Button]:
        buttons = {}
        for name, (label, tip) in STEP_BUTTONS.items():
            buttons[name] = button(_(label), getattr(self, name), _(tip), guarded=self.view.guarded,
                                   font_size="18px", min_width="72px")
        return buttons

    def _key_down(self, key: str, *_modifiers: bool) -> None:
        steps = {"ArrowLeft": self.back, "ArrowRight": self.forward,
                 "Home": self.first, "End": self.last}
        if key in steps:
            self.view.guarded(steps[key])

    # ----- export ------------------------------------------------------------

    def frames(self) -> list[str]:
        """One SVG document per position, the start first."""
        return [self.picture(self._positions[i], self.last_move(i)).to_svg()
                for i in range(len(self._positions))]

    def save_frames(self, folder: str | Path) -> list[Path]:
        """Write ``frame_000.svg``... into ``folder`` (made if missing); return the paths."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        paths = []
        for i, svg in enumerate(self.frames()):
            path = folder / f"frame_{i:03d}.svg"
            path.write_text(svg, encoding="utf-8")
            paths.append(path)
        return paths

    def to_html(self, title: str | None = None) -> str:
        """One self-contained page stepping through every frame (no kernel, no network).

        The start is drawn in the page itself; the script rebuilds the other
        frames from :func:`pack_frames` (a frame differs from the last in a few
        shapes, so this is several times smaller than every SVG written out).
        """
        title = _("Replay") if title is None else title
        frames = self.frames()
        pieces, runs = pack_frames(frames)
        data = {"pieces": pieces, "frames": runs,
                "captions": [self.caption(i) for i in range(len(frames))]}
        # "</" would end the <script> element early; JSON allows "<\/" for it.
        payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
        words = {f"{name}_{part}": html.escape(_(text)) for name, texts in STEP_BUTTONS.items()
                 for part, text in zip(("label", "tip"), texts, strict=True)}
        return _PAGE.format(title=html.escape(title), first=frames[0], last=len(self.moves),
                            caption=html.escape(self.caption(0)), data=payload,
                            lang=language(), move_label=html.escape(_("move")), **words)

    def save_html(self, path: str | Path, title: str | None = None) -> Path:
        path = Path(path)
        path.write_text(self.to_html(title), encoding="utf-8")
        return path

    # ----- JSON ----------------------------------------------------------------

    def to_json(self) -> str:
        return json.dumps({"start": self._positions[0].to_dict(),
                           "moves": [str(m) for m in self.moves]}, indent=1)

    @classmethod
    def from_json(cls, text: str, **kwargs: Any) -> ReplayView[Any, Any]:
        """A replay from ``to_json``'s text; malformed text raises InvalidPosition."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidPosition(_("a replay must be JSON: {error}").format(error=exc)) from exc
        if not isinstance(data, dict) or set(data) != {"start", "moves"}:
            raise InvalidPosition(_("a replay is {shape}; got {text}").format(
                shape='{"start": <position>, "moves": [...]}', text=repr(str(text)[:60])))
        if not isinstance(data["moves"], list):
            raise InvalidPosition(_("a replay's 'moves' must be a list of move texts"))
        return cls(cls.GAME.from_dict(data["start"]), data["moves"], **kwargs)


def pack_frames(frames: Sequence[str]) -> tuple[list[str], list[list[int]]]:
    """``(pieces, runs)``: each frame is the concatenation of ``pieces[k]`` for k in its runs.

    A frame is cut before every ``<``; each distinct piece is stored once, and
    a frame is listed as runs ``[start, length, start, length, ...]`` of
    consecutive piece numbers (mostly the previous frame's, in order).
    """
    index: dict[str, int] = {}
    runs = []
    for svg in frames:
        ids = [index.setdefault(piece, len(index)) for piece in re.split(r"(?=<)", svg) if piece]
        frame_runs: list[int] = []
        for k in ids:
            if frame_runs and frame_runs[-2] + frame_runs[-1] == k:
                frame_runs[-1] += 1
            else:
                frame_runs += [k, 1]
        runs.append(frame_runs)
    return list(index), runs


def unpack_frame(pieces: Sequence[str], runs: Sequence[int]) -> str:
    """The inverse of ``pack_frames`` for one frame (what the page's script does)."""
    return "".join("".join(pieces[k:k + n]) for k, n in zip(runs[::2], runs[1::2], strict=False))


# The exported page: one frame shown at a time. Kept tiny and
# inline so it works from a file, an e-mail attachment or a class web page.
_PAGE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: DejaVu Sans, Verdana, sans-serif; margin: 16px; background: #fff; }}
nav {{ display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin-bottom: 8px; }}
button {{ font-size: 18px; min-width: 72px; height: 40px; }}
input[type=range] {{ width: 360px; max-width: 100%; }}
#caption {{ font-size: 20px; margin: 6px 0; }}
figure {{ margin: 0; }}
figure svg {{ display: block; height: calc(100vh - 150px); width: auto; max-width: 100%; }}
</style></head><body>
<h1 style="font-size: 22px">{title}</h1>
<nav><button id="first" title="{first_tip}">{first_label}</button>
<button id="back" title="{back_tip}">{back_label}</button>
<button id="forward" title="{forward_tip}">{forward_label}</button>
<button id="last" title="{last_tip}">{last_label}</button>
<input id="slider" type="range" min="0" max="{last}" value="0" aria-label="{move_label}"></nav>
<div id="caption" aria-live="polite">{caption}</div>
<figure id="frame">{first}</figure>
<script id="replay" type="application/json">{data}</script>
<script>
const data = JSON.parse(document.getElementById("replay").textContent);
const slider = document.getElementById("slider"), last = data.frames.length - 1;
function frame(i) {{
  const r = data.frames[i], out = [];
  for (let j = 0; j < r.length; j += 2)
    for (let k = r[j]; k < r[j] + r[j + 1]; k++) out.push(data.pieces[k]);
  return out.join("");
}}
function show(i) {{
  i = Math.max(0, Math.min(last, i));
  document.getElementById("frame").innerHTML = frame(i);
  slider.value = i;
  document.getElementById("caption").textContent = data.captions[i];
}}
const at = () => Number(slider.value);
document.getElementById("first").onclick = () => show(0);
document.getElementById("back").onclick = () => show(at() - 1);
document.getElementById("forward").onclick = () => show(at() + 1);
document.getElementById("last").onclick = () => show(last);
slider.oninput = () => show(at());
document.addEventListener("keydown", e => {{
  const step = {{ArrowLeft: -1, ArrowRight: 1}}[e.key];
  if (step && e.target !== slider) show(at() + step);
  if (e.key === "Home") show(0);
  if (e.key === "End") show(last);
}});
</script></body></html>
"""
