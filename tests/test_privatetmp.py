"""A server's own /tmp, /var/tmp and /dev/shm (kit.classroom.privatetmp), without a hub.

As root: a child process takes the spawner's preexec step, drops to a throwaway
uid and writes into all three; the machine's own folders never see the files,
which go with the child; a folder kept visible under /var/tmp (as a test hub's
runtime and homes are) is still there, and the size cap is ENOSPC. Then the
belt and braces on stop: what a uid left in the machine's folders is deleted,
and nothing else (another's files, a link's target, the spared folders, a
folder only root may write to).
The real hub's server, its kernel and its shm pages: tests/test_hub.py.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kit.classroom import privatetmp
from kit.classroom.hub import ROOT

from system_tools import unavailable

pytestmark = pytest.mark.hub
OWNER = 0x7ffe_3501           # a uid no account has
CHILD = '''
import json, os, sys
sys.path.insert(0, sys.argv[1])
from kit.classroom import privatetmp
step = privatetmp.private_tmp([sys.argv[2]], 8 << 20, 256)
step()
os.setgroups([]); os.setgid(int(sys.argv[3])); os.setuid(int(sys.argv[3]))
seen = {"kept": open(os.path.join(sys.argv[2], "runtime.txt")).read(), "wrote": []}
for folder in ("/tmp", "/var/tmp", "/dev/shm"):
    with open(os.path.join(folder, sys.argv[4]), "wb") as f:
        f.write(b"x" * (1 << 20))
    seen["wrote"].append(folder)
try:
    with open(os.path.join("/dev/shm", "big"), "wb") as f:
        f.write(b"x" * (16 << 20))
except OSError as error:
    seen["big"] = error.errno
print(json.dumps(seen))
'''


@pytest.fixture
def root():
    if os.geteuid() != 0:
        unavailable("not root", "needs root: mount namespaces and tmpfs, files of another uid")


def test_the_servers_own_temporary_folders_never_reach_the_machine_and_go_with_it(root):
    kept = Path(f"/var/tmp/kit35t-{secrets.token_hex(3)}")
    kept.mkdir(mode=0o755)
    (kept / "runtime.txt").write_text("still here")
    name = f"kit35t-{secrets.token_hex(3)}"
    try:
        run = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), str(kept), str(OWNER), name],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        seen = json.loads(run.stdout)
        assert seen == {"kept": "still here", "wrote": ["/tmp", "/var/tmp", "/dev/shm"],
                        "big": 28}                                 # ENOSPC at the 8 MiB cap
        for folder in ("/tmp", "/var/tmp", "/dev/shm"):
            assert not os.path.exists(os.path.join(folder, name))
    finally:
        shutil.rmtree(kept)


def test_a_wrong_size_is_refused_before_any_server_starts():
    with pytest.raises(ValueError, match="needs a size and a file count above 0"):
        privatetmp.private_tmp([], 0, 100)


def test_on_stop_what_the_uid_left_in_the_machines_folders_goes_and_nothing_else(root):
    tag = f"kit35t-{secrets.token_hex(3)}"
    made: list[Path] = []

    def owned(path: Path, uid: int = OWNER, folder: bool = False) -> Path:
        path.mkdir() if folder else path.write_text("x")
        os.chown(path, uid, uid, follow_symlinks=False)
        made.append(path)
        return path

    tmp, shm = Path("/tmp"), Path("/dev/shm")
    target = owned(tmp / f"{tag}-roots", uid=0)                    # root's file, a link points at it
    mine = [owned(tmp / f"{tag}-file"), owned(shm / f"{tag}-shm"),
            owned(Path("/var/tmp") / f"{tag}-tree", folder=True)]
    owned(mine[2] / "inside")
    link = tmp / f"{tag}-link"
    link.symlink_to(target)
    os.chown(link, OWNER, OWNER, follow_symlinks=False)
    made.append(link)
    shared = owned(tmp / f"{tag}-shared", uid=0, folder=True)      # root's folder all may write to ...
    shared.chmod(0o1777)
    mine.append(owned(shared / "theirs"))                          # ... holding one of the uid's files
    closed = owned(tmp / f"{tag}-closed", uid=0, folder=True)      # root's 0755: the uid cannot write
    unreachable = owned(closed / "put-there-by-root")              # there, so it is not looked into
    others = owned(tmp / f"{tag}-others", uid=OWNER + 1)
    spared = owned(tmp / f"{tag}-home", folder=True)               # a test hub's homes live here
    owned(spared / "work.ipynb")
    try:
        gone = privatetmp.remove_leftovers(OWNER, spare=[str(spared)])
        assert sorted(gone) == sorted(map(str, [*mine, link]))
        assert not any(p.exists() for p in mine) and not link.is_symlink()
        assert target.read_text() == "x" and others.exists() and (spared / "work.ipynb").exists()
        assert unreachable.exists()
        with pytest.raises(ValueError, match="root's"):
            privatetmp.remove_leftovers(0)
    finally:
        for path in reversed(made):
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
