"""Each student's home on a disk of its own: a fixed-size ext4 image, loop-mounted.

Covers what the hub (as root) does with a student's disk:

* ``make``: reserve the image on the machine's disk (``posix_fallocate``, so the
  students together can never fill the machine's disk: the space is taken when
  the account is made, and an account is refused while the disk would keep less
  than ``reserve``), make an ext4 filesystem in it owned by the student, mount it
  at their home;
* ``mount``: mount a made image at its home again (after a reboot, before each
  server start); nothing if it already is;
* ``remove``: unmount it and delete the image (with the account).

A full home is ENOSPC in that student's own cell, and nobody else's: their disk
is the only one they write to (the inodes are capped the same way, one per
16 KiB of the image, ext4's default). The images live in a root-only folder
beside the homes, ``<homes>-disks/<account>.ext4``. ``mount -o loop`` takes a
free loop device (the kernel makes a new one when all are taken) and frees it
on unmount (autoclear), so nothing stays attached after ``remove``.

Decision, why images and not disk quotas: quotas on ext4 need the kernel's
quota format (CONFIG_QFMT_V2), which some kernels lack (the one this was
written on does: mount -o usrquota fails), XFS quotas need CONFIG_XFS_QUOTA
(also absent there) and btrfs quotas need btrfs-progs; a loop-mounted image
needs only util-linux and e2fsprogs, which every Debian has.

Not covered: a home made before this module (no image) stays on the machine's
disk with no limit; growing or shrinking an image.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

GiB = 1 << 30
MiB = 1 << 20
MIN_SIZE = 32 * MiB          # below this ext4's own journal and tables leave no room
UNITS = {"": 1, "K": 1 << 10, "M": MiB, "G": GiB, "T": 1 << 40}


def parse_size(text: str) -> int:
    """Bytes from "1G", "512M", "2048K" or a plain number of bytes (binary units).
    0 means "no disk of its own"; anything else below 32M is refused."""
    match = re.fullmatch(r"\s*(\d+)\s*([KMGT]?)I?B?\s*", text.upper())
    if not match:
        raise ValueError(f"not a size: {text!r} (say e.g. 1G, 512M or a number of bytes)")
    size = int(match[1]) * UNITS[match[2]]
    if 0 < size < MIN_SIZE:
        raise ValueError(f"a home of {text!r} is too small: at least 32M (or 0 for no disk of its own)")
    return size


def disks_of(homes: Path) -> Path:
    """The root-only folder of the images of the homes under ``homes``."""
    return homes.parent / f"{homes.name}-disks"


def image_of(home: Path) -> Path:
    return disks_of(home.parent) / f"{home.name}.ext4"


def mounted(path: Path) -> str:
    """The device mounted at ``path`` in the hub's mount namespace, or ''."""
    where = str(path.resolve())
    for line in Path("/proc/self/mountinfo").read_text().splitlines():
        before, after = line.split(" - ", 1)
        # mountinfo escapes blanks as \040; our paths have none, so compare as they are
        if before.split()[4] == where:
            return after.split()[1]
    return ""


def make(home: Path, size: int, uid: int, gid: int, reserve: int) -> Path:
    """Reserve, format and mount the disk of ``home`` (an empty folder or none); the image."""
    image = image_of(home)
    image.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chown(image.parent, 0, 0)
    image.parent.chmod(0o700)         # images hold students' files: root's only
    free = shutil.disk_usage(image.parent).free
    if free - size < reserve:
        raise RuntimeError(f"the machine's disk has {free // MiB} MiB free: not enough for "
                           f"another home of {size // MiB} MiB beside the {reserve // MiB} MiB "
                           "it keeps for the hub")
    fd = os.open(image, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)   # never over an old one
    try:
        try:
            os.posix_fallocate(fd, 0, size)
        finally:
            os.close(fd)
        # nodiscard: mkfs would otherwise punch the reserved space back out of the image
        done = subprocess.run(["mkfs.ext4", "-q", "-F", "-m", "0", "-E",
                               f"nodiscard,root_owner={uid}:{gid}", str(image)],
                              capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"mkfs.ext4 {image} failed: {done.stderr.strip()}")
        # The mount point itself is root's and closed: if the disk were ever not
        # mounted, the student could not write to the machine's disk through it.
        home.mkdir(mode=0o000, exist_ok=True)
        os.chown(home, 0, 0)
        home.chmod(0o000)
        mount(home)
        (home / "lost+found").rmdir()     # e2fsck makes it again if it ever needs it
        home.chmod(0o700)
    except BaseException:
        remove(home)                      # nothing half-made stays
        raise
    return image


def mount(home: Path) -> bool:
    """Mount the image of ``home`` there unless it is; False if it has no image."""
    image = image_of(home)
    if not image.exists():
        return False
    if mounted(home):
        return True
    done = subprocess.run(["mount", "-o", "loop,nodev,nosuid", str(image), str(home)],
                          capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"cannot mount {image} at {home}: {done.stderr.strip()}")
    return True


def remove(home: Path) -> None:
    """Unmount the disk of ``home`` (its processes must be gone) and delete its image."""
    if mounted(home):
        done = subprocess.run(["umount", str(home)], capture_output=True, text=True)
        if done.returncode:
            # Still held (a process in a mount namespace of its own): detached now,
            # the loop device freed when the last holder goes.
            subprocess.run(["umount", "--lazy", str(home)], capture_output=True, text=True)
    image_of(home).unlink(missing_ok=True)
    try:
        disks_of(home.parent).rmdir()       # the last one
    except OSError:
        pass
