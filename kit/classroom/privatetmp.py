"""A student's server gets temporary folders of its own, gone when it stops.

Covers:

* ``private_tmp(keep, size, inodes)``: a step for the spawner's preexec (after
  fork, still root, before the drop to the student's account) that moves the
  server into a mount namespace of its own (unshare CLONE_NEWNS), makes every
  mount there a slave (nothing it mounts propagates back to the machine, while
  the machine's unmounts still reach it) and mounts a fresh tmpfs, ``size``
  bytes and ``inodes`` files at most, on /tmp, /var/tmp and /dev/shm. The
  server's kernels inherit the namespace; when its last process ends, the
  namespace and its tmpfs go, and with them every page the student put there
  (shm pages are charged to the student's memory cgroup while they live).
  Folders in ``keep`` that lie under one of those (a test hub's runtime and
  homes live in /var/tmp) are bound back into place by their top folder
  there, so the server still sees them, and what is beside them, as they are.
* ``remove_leftovers(uid)``: belt and braces, on stop: everything ``uid`` owns in
  the machine's own /tmp, /var/tmp and /dev/shm is deleted (it could only be
  there from before this change, or by a way round the namespace).

Python 3.11 has no os.unshare: libc's unshare and mount through ctypes.
Not covered: other world-writable folders (/run/lock, /var/lock: absent or
root-only on Debian) and a machine without mount namespaces (the server then
does not start: the preexec raises).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import stat
from collections.abc import Callable, Iterable
from pathlib import Path

TEMPORARY = ("/tmp", "/var/tmp", "/dev/shm")
CLONE_NEWNS = 0x00020000
MS_NOSUID, MS_NODEV, MS_BIND, MS_REC, MS_SLAVE = 0x2, 0x4, 0x1000, 0x4000, 0x80000


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)


def _check(result: int, what: str) -> None:
    if result != 0:
        number = ctypes.get_errno()
        raise OSError(number, f"{what}: {os.strerror(number)}")


def under(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def private_tmp(keep: Iterable[str], size: int, inodes: int) -> Callable[[], None]:
    """The preexec step (see the module docstring). Everything that can fail for a
    wrong setting is checked here, before the fork; the step itself only calls libc."""
    if size <= 0 or inodes <= 0:
        raise ValueError(f"a private /tmp needs a size and a file count above 0, not {size} and {inodes}")
    libc = _libc()
    folders = [Path(f).resolve() for f in TEMPORARY if os.path.isdir(f)]
    # The kept paths a tmpfs would hide, each by its top folder there, bound back
    # whole: what it holds then looks exactly as on the machine (another student's
    # home, the hub's state: the same permissions refuse them, not a missing path).
    kept = sorted({str(f / Path(p).resolve().relative_to(f).parts[0]) for p in keep for f in folders
                   if Path(p).resolve() != f and under(Path(p).resolve(), f)})
    options = f"size={size},nr_inodes={inodes},mode=1777".encode()

    def step() -> None:
        _check(libc.unshare(CLONE_NEWNS), "unshare(CLONE_NEWNS)")
        _check(libc.mount(b"none", b"/", None, MS_REC | MS_SLAVE, None), "mount --make-rslave /")
        # Hold each kept folder before the tmpfs hides it, then bind it back.
        held = [(path, os.open(path, os.O_PATH | os.O_DIRECTORY)) for path in kept]
        for folder in folders:
            _check(libc.mount(b"tmpfs", str(folder).encode(), b"tmpfs", MS_NOSUID | MS_NODEV, options),
                   f"mount tmpfs on {folder}")
        for path, fd in held:
            os.makedirs(path, mode=0o755, exist_ok=True)     # root's, in the new tmpfs
            _check(libc.mount(f"/proc/self/fd/{fd}".encode(), path.encode(), None, MS_BIND | MS_REC, None),
                   f"bind {path} back")
            os.close(fd)
    return step


def remove_leftovers(uid: int, spare: Iterable[str] = (), folders: Iterable[str] = TEMPORARY) -> list[str]:
    """Delete everything ``uid`` owns in ``folders``; the paths that went.

    Never follows a link, never crosses into another filesystem (a student's own
    disk mounted there) and never enters ``spare`` (the homes, the runtime: a
    test hub keeps them in /var/tmp). Below the three it enters only folders
    that anyone may write to (and removes the uid's own whole): a student can
    make a file only where they may write. The uid's processes must be gone
    first, so nothing of theirs races the walk."""
    if uid == 0:
        raise ValueError("refusing to remove root's temporary files")
    spared = [Path(p).resolve() for p in spare]
    gone: list[str] = []
    for top in map(os.path.realpath, folders):
        if not os.path.isdir(top):
            continue
        device = os.lstat(top).st_dev
        for folder, dirs, files in os.walk(top):
            for name in list(dirs) + files:
                path = Path(folder, name)
                try:
                    info = os.lstat(path)
                except FileNotFoundError:
                    continue
                is_dir = stat.S_ISDIR(info.st_mode)
                if any(under(path, s) for s in spared) or (is_dir and info.st_dev != device):
                    if is_dir:
                        dirs.remove(name)         # must stay, or another filesystem
                    continue
                if info.st_uid == uid and not (is_dir and any(under(s, path) for s in spared)):
                    if is_dir:
                        dirs.remove(name)         # the whole tree goes: no need to walk it
                        shutil.rmtree(path, ignore_errors=True)    # fd-based: follows no link
                    else:
                        path.unlink()
                    gone.append(str(path))
                elif is_dir and not info.st_mode & stat.S_IWOTH:
                    # Nobody else may write there, so nothing of theirs is in it
                    # (a folder written by all under such a one is missed: rare,
                    # and walking every venv in /var/tmp took 14 s a student).
                    dirs.remove(name)
    return gone
