"""The widget shell: boards on ipycanvas with ipywidgets controls."""

from kit.ui.board import BoardView

__all__ = ["BoardView"]
