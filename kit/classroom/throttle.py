"""Locks on a log-in name after too many wrong passwords: the class hub's
answer to a classmate guessing passwords.

Covers ``Throttle``, pure (a clock is passed in, so tests use a fake one): after
``tries`` wrong passwords in a row a name is locked for ``first`` seconds; once a
name has been locked, every further wrong password locks it again for twice as
long as the lock before, up to ``longest``; a right password (outside a lock)
clears the name. During a lock the caller refuses every password, the right one
too, without checking it, so a guesser learns nothing and costs no bcrypt.

[decision] After the first lock a name gets one try per lock, not five: a guesser
at the longest lock has 4 tries an hour; a student who mistyped five times waits
30 s, then 60 s after one more mistake.

Not covered: who checks the password (kit.classroom.accounts.KitAuthenticator),
locks by address (a school's students share one: one student would lock the
class), persistence (a hub restart forgets the locks), and a classmate locking
someone else's name on purpose: that stays possible for the length of a lock, and
the hub's log names every lock.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class _Record:
    wrong: int = 0          # wrong passwords since the last right one
    locks: int = 0          # locks since the last right one
    until: float = 0.0      # the current lock's end (clock time)
    last: float = 0.0       # the last wrong password (clock time)


class Throttle:
    """Wrong passwords per name and the locks they bring."""

    def __init__(self, tries: int = 5, first: float = 30.0, longest: float = 900.0,
                 clock: Callable[[], float] = time.monotonic, names: int = 10_000) -> None:
        if tries < 1 or first <= 0 or longest < first:
            raise ValueError(f"a throttle needs tries >= 1 and 0 < first <= longest, "
                             f"not tries={tries}, first={first}, longest={longest}")
        self.tries, self.first, self.longest, self.clock = tries, first, longest, clock
        self.names = names          # records kept at most before quiet ones are forgotten
        self.records: dict[str, _Record] = {}

    def wait(self, name: str) -> float:
        """Seconds until ``name`` may try a password again (0: now)."""
        record = self.records.get(name)
        return max(0.0, record.until - self.clock()) if record else 0.0

    def failed(self, name: str) -> float:
        """A wrong password for ``name``; the seconds it is now locked (0: not)."""
        now = self.clock()
        record = self.records.setdefault(name, _Record())
        record.wrong += 1
        record.last = now
        if record.wrong >= self.tries:
            record.until = now + min(self.first * 2 ** record.locks, self.longest)
            record.locks += 1
        self._forget_quiet(now)
        return self.wait(name)

    def succeeded(self, name: str) -> None:
        """A right password for ``name`` (outside a lock): its count starts again."""
        self.records.pop(name, None)

    def _forget_quiet(self, now: float) -> None:
        # The hub checks the class list before the throttle, so this holds a
        # class's names; the bound is for an open class with many made-up names.
        if len(self.records) > self.names:
            for name, record in list(self.records.items()):
                if max(record.until, record.last) + self.longest < now:
                    del self.records[name]
