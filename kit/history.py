"""Exact undo and redo, shared by the games that keep a hidden deck.

A game mixes in :class:`History` and provides four small pieces:
``_as_move(move)`` (a Move from a Move or its text), ``_play_unrecorded(move)``
(check, raising :class:`kit.IllegalMove` before changing anything, then apply
and return the points), ``_snapshot()`` and ``_restore(snapshot)``. Taking the
snapshot before each move makes undo exact whatever the move drew from the
deck; redo replays the move through the same rules.

Not covered: a board that refuses to undo past a hidden draw (a widget's
choice, not the engine's), and Mattix, whose undo is a cheaper exact delta.
"""

from __future__ import annotations

from typing import Any

# A game's moves and snapshots are its own types; History only stores and hands them back.
Move = Any
Snapshot = Any


class History:
    _undo: list[tuple[Snapshot, Move, int]]  # (snapshot before, move, points), the last move last
    _redo: list[Move]                        # moves undone, the next one to redo last

    # ----- the four pieces a game provides -----------------------------------

    def _as_move(self, move: Any) -> Move:
        """A well-formed Move from a Move or its text (InvalidMoveText if not)."""
        raise NotImplementedError

    def _play_unrecorded(self, move: Move) -> int:
        """Check ``move`` (IllegalMove before any change), apply it, return its points."""
        raise NotImplementedError

    def _snapshot(self) -> Snapshot:
        raise NotImplementedError

    def _restore(self, snapshot: Snapshot) -> None:
        raise NotImplementedError

    # ----- undo and redo ---------------------------------------------------------

    def _clear_history(self) -> None:
        self._undo, self._redo = [], []

    def _copy_history_to(self, other: History) -> None:
        other._undo, other._redo = list(self._undo), list(self._redo)

    @property
    def history(self) -> list[Move]:
        """The moves played so far, first to last."""
        return [move for _, move, _ in self._undo]

    @property
    def points_history(self) -> list[int]:
        """The points each move of :attr:`history` scored, first to last."""
        return [points for _, _, points in self._undo]

    def play(self, move: Any) -> int:
        """Make ``move`` (a Move or its text); return the points it scored.

        Raises :class:`kit.IllegalMove` saying which rule and where; the game
        is then exactly as before.
        """
        move = self._as_move(move)
        before = self._snapshot()
        points = self._play_unrecorded(move)
        self._undo.append((before, move, points))
        self._redo.clear()
        return points

    def undo(self) -> Move:
        """Take back the last move, exactly; return it. IndexError when there is none."""
        if not self._undo:
            raise IndexError("nothing to undo")
        before, move, _ = self._undo.pop()
        self._restore(before)
        self._redo.append(move)
        return move

    def redo(self) -> int:
        """Replay the last undone move; return its points, as ``play`` does."""
        if not self._redo:
            raise IndexError("nothing to redo")
        move = self._redo[-1]
        before = self._snapshot()
        points = self._play_unrecorded(move)
        self._redo.pop()
        self._undo.append((before, move, points))
        return points
