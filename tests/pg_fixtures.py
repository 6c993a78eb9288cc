"""A real PostgreSQL server for the tests of the class service's store (kit.testing.pgserver).

One server per pytest process (started on first use, on a Unix socket only), one
fresh database per test. Without PostgreSQL installed the PostgreSQL cases skip
with the command that installs it; under KIT_REQUIRE_BROWSER=1 (CI, whose .ci/run
installs it as it installs chromium) they fail instead, so CI never passes by skipping.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

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
