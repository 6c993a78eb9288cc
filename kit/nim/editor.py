"""Nim's position editor: any heaps, either seat to move, every edit checked by
``Game.from_dict`` (``kit.ui.editor.EditorShell``).

Click a place of a heap's row: the heap then holds the stones from there to its
right end (a click left of its stones adds, on its stones takes). The heaps can
also be typed ("3 4 5"), a heap added or the last one dropped, and the seat to
move picked. "Play from here" opens Nim's live board (loaded by reference:
``kit.nim.board`` never imports this module, nor this one it).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from kit import lazy
from kit.i18n import _
from kit.nim.draw import draw, stone_at
from kit.nim.rules import MAX_HEAP, Game, seat_name
from kit.scene import Scene
from kit.ui.editor import EditorShell
from kit.ui.panel import button_row


class Editor(EditorShell):
    GAME = Game

    def new_position(self) -> Game:
        return Game()

    def scene(self) -> Scene:
        return draw(self.game, marks=self.marks)

    def on_click(self, x: float, y: float) -> None:
        # A click below the last heap's row still names a row: stone_at says None there.
        found = stone_at(self.game, x, y)
        if found is None:
            self.refuse(_("click a place in a heap's row: the heap keeps the stones from there "
                          "to its right end"))
            return
        heap, count = found
        self.set_heap(heap, count)

    def tools(self) -> list[widgets.Widget]:
        self.heaps_box = widgets.Text(description=_("Heaps"), placeholder=_("for example 3 4 5"),
                                      layout=widgets.Layout(width="260px"),
                                      style={"description_width": "60px"})
        self.mover_box = widgets.ToggleButtons(options=[(seat_name(s), s) for s in (0, 1)],
                                               description=_("To move"),
                                               style={"button_width": "130px",
                                                      "description_width": "60px"})
        self.tool_buttons = {
            "set": self.button(_("Set heaps"), self._set_pressed,
                               _("use the heaps typed in the box")),
            "add": self.button(_("Add a heap"), self.add_heap, _("a new heap of one stone")),
            "drop": self.button(_("Drop the last heap"), self.drop_heap,
                                _("remove the bottom heap")),
        }
        self.edit_on_change(self.mover_box, self.set_mover)
        b = self.tool_buttons
        return [button_row([self.heaps_box, b["set"]]), button_row([b["add"], b["drop"]]),
                self.mover_box]

    def sync_tools(self) -> None:
        self.heaps_box.value = " ".join(str(h) for h in self.game.heaps)
        self.mover_box.value = self.game.to_move

    def board_for(self, game: Game) -> Any:
        board: Any = lazy.load("kit.nim.board:Board")
        return board(game, delay=0.4)

    # ----- the edits (each one through EditorShell.edit) -------------------------

    def set_heaps(self, heaps: list[int]) -> bool:
        return self.edit(lambda d: d.__setitem__("heaps", list(heaps)),
                         _("heaps {heaps}").format(heaps=" ".join(map(str, heaps))))

    def set_heap(self, heap: int, count: int) -> bool:
        return self.edit(lambda d: d["heaps"].__setitem__(heap, count),
                         _("heap {heap}: {count} stone(s)").format(heap=heap, count=count),
                         cells=[(heap, max(count, 1))])

    def add_heap(self) -> bool:
        return self.edit(lambda d: d["heaps"].append(1), _("a new heap of one stone"))

    def drop_heap(self) -> bool:
        return self.edit(lambda d: d.__setitem__("heaps", d["heaps"][:-1]),
                         _("the last heap dropped"))

    def set_mover(self, seat: int) -> bool:
        return self.edit(lambda d: d.__setitem__("to_move", seat),
                         _("{seat} to move").format(seat=seat_name(seat)))

    def _set_pressed(self) -> None:
        text = self.heaps_box.value.replace(",", " ").split()
        try:
            heaps = [int(t) for t in text]
        except ValueError:
            self.refuse(_("{text} is not a list of whole numbers: type heaps such as 3 4 5 "
                          "(0 to {most} stones each)").format(text=repr(self.heaps_box.value),
                                                              most=MAX_HEAP), what=_("set heaps"))
            return
        self.set_heaps(heaps)
