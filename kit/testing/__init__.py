"""Test support that ships with the kit but is no part of playing or teaching.

- ``kit.testing.invariants``: the checks every game keeps after every move
  (the generic :class:`~kit.testing.invariants.Watch`; each game's watcher is
  ``kit/<game>/invariants.py``, found through ``kit.games``).
- ``kit.testing.badinput``: seeded bad moves and positions, and the check that
  they are refused.
- ``kit.testing.events``: driving widgets from plain Python, as a browser would.
- ``kit.testing.pgserver``: a throwaway PostgreSQL server for the class store's tests.

Used by the tests, the soak (``benchmarks/soak.py``) and lesson authors; no
module of the kit's runtime imports this package.
"""
