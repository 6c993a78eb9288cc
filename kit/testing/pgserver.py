"""A throwaway PostgreSQL server on a Unix socket, for the tests of the class service's store.

Covers: :func:`running` starts Debian's PostgreSQL (``initdb`` and ``pg_ctl`` of the
newest ``/usr/lib/postgresql/<N>/bin``, or ``pg_config --bindir``) in a fresh
folder, listening on no TCP port at all (``listen_addresses=''``: only a Unix
socket inside that folder), with one superuser ``kit`` trusted on that socket;
:meth:`Server.database` makes a fresh database and gives its SQLAlchemy URL
(``postgresql+psycopg://kit@/<name>?host=<folder>``), so each test or run has its
own. Stopping removes the folder.

As root the server runs as the ``postgres`` account (PostgreSQL refuses root),
in a folder under /var/tmp that account can reach; otherwise as the caller.

It runs with fsync off: nothing in it must survive a power cut, so its speed
is no figure for a school's server.

Not covered: a school's real database (``KIT_CLASS_DB`` names it; deploy/values.yaml
shows one on Kubernetes), backups, TLS.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url

USER = "kit"


def bindir() -> Path | None:
    """Where PostgreSQL's server programs are, or None if it is not installed."""
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                      key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0)
    if versions:
        return versions[-1].parent
    config = shutil.which("pg_config")
    if config:
        found = Path(subprocess.run([config, "--bindir"], capture_output=True, text=True).stdout.strip())
        if (found / "initdb").exists():
            return found
    return None


@dataclass
class Server:
    folder: Path          # data in folder/data, the socket in folder itself
    bin: Path
    owner: str | None     # the account the server runs as (None: this process's)

    def _run(self, *command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(list(command), capture_output=True, text=True, check=True,
                              user=self.owner)

    def database(self) -> str:
        """A new, empty database; its SQLAlchemy URL."""
        name = f"kit_{uuid.uuid4().hex[:12]}"
        self._run(str(self.bin / "createdb"), "-h", str(self.folder), "-U", USER, name)
        return f"postgresql+psycopg://{USER}@/{name}?host={self.folder}"

    def drop(self, url: str) -> None:
        name = str(make_url(url).database)
        self._run(str(self.bin / "dropdb"), "-h", str(self.folder), "-U", USER, "--force", name)


@contextmanager
def running() -> Iterator[Server]:
    """Start a server (RuntimeError naming what is missing if PostgreSQL is not installed)."""
    found = bindir()
    if found is None:
        raise RuntimeError("PostgreSQL is not installed: sudo apt-get install postgresql")
    owner = None
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            raise RuntimeError("running as root needs the postgres account "
                               "(Debian's postgresql package makes it)") from None
        owner = "postgres"
    # A short path: a Unix socket's path has 107 bytes at most.
    folder = Path(tempfile.mkdtemp(prefix="kit-pg-", dir="/var/tmp" if owner else None))
    if owner:
        shutil.chown(folder, owner)
    folder.chmod(0o700)
    server = Server(folder, found, owner)
    data = folder / "data"
    try:
        try:
            server._run(str(found / "initdb"), "-D", str(data), "-U", USER, "-A", "trust",
                        "-E", "UTF8", "--no-sync")
            server._run(str(found / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w",
                        "-o", f"-c listen_addresses='' -k {folder} -c fsync=off", "start")
        except subprocess.CalledProcessError as exc:
            log = folder / "log"
            raise RuntimeError(f"PostgreSQL did not start: {exc.stderr.strip()} "
                               f"{log.read_text()[-1500:] if log.exists() else ''}") from exc
        yield server      # a failure of the caller's own is its own, not "did not start"
    finally:
        if (data / "postmaster.pid").exists():
            subprocess.run([str(found / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                           capture_output=True, user=owner)
        shutil.rmtree(folder, ignore_errors=True)
