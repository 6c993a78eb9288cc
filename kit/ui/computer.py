"""A live board's work off the widget thread: computer turns and hints.

In a notebook kernel an asyncio loop runs: a computer seat's move and a hint
are worked out in a worker thread (``loop.run_in_executor``) by a task on the
loop, so clicks still arrive meanwhile (and are refused with a word of why
while ``busy``). In plain Python (tests, scripts) the same work is done at
once. A computer player is given a copy of the game, so it cannot disturb it;
one that raises or answers an illegal move is a bug in the player: shown with
its traceback under the board, logged as an error, the game unchanged, and
raised again under ``raise_errors`` so the board's tests fail on it.

:class:`ComputerTurns` is a part of :class:`kit.ui.game.GameBoard` (a mixin
over the board's attributes listed in it). Not covered: the seats' rules
(``kit.ui.seats``), the players themselves (each game's ``ai``).
"""

from __future__ import annotations

import asyncio
import logging
import random
import traceback
from collections.abc import Coroutine, Sequence
from typing import TYPE_CHECKING, Any

from kit import contract
from kit.i18n import _
from kit.players import Player
from kit.ui.board import BoardView
from kit.ui.tasks import running_loop

log = logging.getLogger("kit.ui.game")   # the board's log, as before the split


class ComputerTurns:
    """Computer turns and hints for a board; the board provides what is declared here."""

    game: contract.Game
    seats: list[str]
    players: list[Player | None]   # None: a person's seat
    rng: random.Random
    delay: float
    busy: bool
    task: asyncio.Task[None] | None
    view: BoardView
    controls: dict[str, Any]
    _failed: tuple[int, Exception] | None

    if TYPE_CHECKING:   # the board's own, used here
        def say(self, text: str, *, tone: str = "info", more: str = "") -> None:
            raise NotImplementedError

        def seat_label(self, seat: int) -> str:
            raise NotImplementedError

        def hints(self, game: Any) -> Sequence[tuple[Any, str]]:
            raise NotImplementedError

        def _computer_to_move(self) -> bool:
            raise NotImplementedError

        def _moved(self, seat: int, points: int) -> None:
            raise NotImplementedError

        def _report_text(self) -> str:
            raise NotImplementedError

        def _ready(self, quiet: bool = False) -> bool:
            raise NotImplementedError

        def _show_hints(self, rows: Sequence[tuple[Any, str]]) -> None:
            raise NotImplementedError

        def _update_panel(self) -> None:
            raise NotImplementedError

    def run_computer_turns(self) -> None:
        """Let computer seats move until a person is to move or the game ends."""
        if not self._computer_to_move() or self.busy:
            return
        loop = running_loop()
        if loop is None:  # plain Python (tests, scripts): no loop to yield to
            while self._computer_to_move() and self._computer_move(self._choose_or_fail()):
                pass
            return
        self._start(loop, self._computer_turns(loop))

    def _start(self, loop: asyncio.AbstractEventLoop, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as the board's task, busy meanwhile."""
        self._set_busy(True)  # now, not when the task first runs: a click may come first
        self.task = loop.create_task(self._while_busy(work))

    async def _while_busy(self, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except Exception as exc:
            self.view.report(exc)
            if self.view.raise_errors:
                raise
        finally:
            self._set_busy(False)

    async def _computer_turns(self, loop: asyncio.AbstractEventLoop) -> None:
        while self._computer_to_move():
            thinking = _("{player} is thinking…").format(player=self.seat_label(self.game.to_move))
            self.say(f"{self._report_text()} {thinking}".strip())
            move = await loop.run_in_executor(None, self._choose_or_fail)
            if self.delay and move is not None:
                await asyncio.sleep(self.delay)
            if not self._computer_to_move():   # paused meanwhile: the position stays
                return
            if not self._computer_move(move):
                return

    def _choose_or_fail(self) -> contract.Move | None:
        """The computer's move, chosen on a copy so the player cannot disturb the game.

        A player that raises is reported (the game unchanged); returns None then.
        """
        seat = self.game.to_move
        player = self.players[seat]
        try:
            if player is None:
                raise ValueError(f"seat {seat} is a person's: no computer player chooses for it")
            move: contract.Move = player.choose(self.game.copy(), self.rng)
            return move
        except Exception as exc:
            self._failed = (seat, exc)
            return None

    def _computer_move(self, move: contract.Move | None) -> bool:
        """Play a computer's move; False (and say why) when it failed or is illegal."""
        seat = self.game.to_move
        failure, self._failed = self._failed, None
        if move is None and failure:
            self._player_failed(*failure)
            return False
        try:
            points = self.game.play(move)
        except ValueError as exc:  # an illegal computer move: shown, game unchanged
            self._player_failed(seat, exc)
            return False
        self._moved(seat, points)
        return True

    def _player_failed(self, seat: int, exc: Exception) -> None:
        """A computer player raised or chose an illegal move: a bug in the player.
        Shown with its traceback under the board and logged as an error; the game
        is unchanged. Under ``raise_errors`` (tests) it is raised again, so an AI
        regression fails the board's tests instead of passing as a warning."""
        text = _("{player} failed ({error}); the game is unchanged.").format(
            player=self.seat_label(seat), error=f"{type(exc).__name__}: {exc}")
        self.view.errors.append_stderr(text + "\n" + "".join(traceback.format_exception(exc)))
        self.say(text, tone="bad")
        log.error("computer player failed: %s", text, exc_info=exc)
        if self.view.raise_errors:
            raise exc

    def _set_busy(self, busy: bool) -> None:
        self.busy = busy
        for b in self.controls.values():
            b.disabled = busy
        self._update_panel()

    async def settled(self) -> None:
        """Wait until no computer turn or hint is running (for tests and scripts)."""
        while self.task is not None and not self.task.done():
            await asyncio.wait([self.task])
        error = self.task.exception() if self.task is not None else None
        if error is not None:
            raise error

    # ----- hints, off the widget thread --------------------------------------

    def hint(self) -> None:
        """Show the best few moves with their values, on the board and in the panel."""
        if not self._ready():
            return
        loop = running_loop()
        if loop is None:
            self._show_hints(self.hints(self.game.copy()))
            return
        self._start(loop, self._hint_task(loop))

    async def _hint_task(self, loop: asyncio.AbstractEventLoop) -> None:
        self.say(_("Looking for the best moves…"))
        rows = await loop.run_in_executor(None, self.hints, self.game.copy())
        self._show_hints(rows)
