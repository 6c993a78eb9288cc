"""A real PostgreSQL server for the tests of the class service's store (kit.testing.pgserver).

One server per pytest process (started on first use, on a Unix socket only), one
fresh database per test; ``store`` (import ``class_store``) is a class store on
SQLite and on that PostgreSQL, for every test of the store and the service.
Without PostgreSQL installed the PostgreSQL cases skip with the command that
installs it; under KIT_REQUIRE_BROWSER=1 (CI, whose .ci/run installs it as it
installs chromium) they fail instead, so CI never passes by skipping.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kit.classroom.eventstore import Store
from kit.testing import pgserver

from system_tools import unavailable

HINT = "the store's PostgreSQL cases need Debian's PostgreSQL: sudo apt-get install postgresql"


@pytest.fixture(scope="session")
def pg_server() -> Iterator[pgserver.Server]:
    if pgserver.bindir() is None:
        unavailable("no PostgreSQL", HINT)
    with pgserver.running() as server:
        yield server


@pytest.fixture
def pg_url(pg_server: pgserver.Server) -> Iterator[str]:
    """A fresh, empty database of the session's server; dropped after the test."""
    url = pg_server.database()
    yield url
    pg_server.drop(url)


# Every test of the store and the service runs on SQLite (make hub's default) and on a
# real PostgreSQL server (a school's database, deploy/values.yaml), each on its own database.
# Named "store" for the tests (imported as class_store, so a test's argument does not shadow it).
@pytest.fixture(params=["sqlite", "postgresql"], name="store")
def class_store(request, tmp_path) -> Iterator[Store]:
    if request.param == "sqlite":
        yield Store(f"sqlite:///{tmp_path / 'class.sqlite'}")
        return
    made = Store(request.getfixturevalue("pg_url"))
    yield made
    made.engine.dispose()      # before the database is dropped
