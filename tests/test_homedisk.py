"""Each student's own disk (kit.classroom.homedisk): made, full, mounted again, removed.

Sizes are parsed without root. The rest, as root (CI and the class machine run
the hub as root): makes 48 MiB disks for throwaway homes under a fresh
/var/tmp/kit35d-… folder, fills one as its owner would (setpriv to a throwaway
uid: a full disk is ENOSPC), checks the other still takes a file, that an
unmounted home is closed, that a disk mounts again with its files (a reboot),
and that removing it leaves no mount, no loop device and no image.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
from pathlib import Path

import pytest

from kit.classroom import homedisk
from kit.classroom.homedisk import MiB, parse_size

from system_tools import unavailable

pytestmark = pytest.mark.hub
OWNER = 0x7ffe_3500          # a uid and gid no account has: only numbers matter to ext4


def loops_backed_by(folder: Path) -> list[str]:
    listed = subprocess.run(["losetup", "--list", "--noheadings", "--output", "NAME,BACK-FILE"],
                            capture_output=True, text=True, check=True).stdout
    return [line for line in listed.splitlines() if str(folder) in line]


@pytest.fixture
def homes():
    if os.geteuid() != 0:
        unavailable("not root", "needs root: loop-mounts a disk per home")
    for tool in ("mkfs.ext4", "mount", "umount", "losetup", "setpriv"):
        if not shutil.which(tool):
            unavailable(f"no {tool} on PATH", f"needs {tool} (e2fsprogs, util-linux)")
    base = Path(f"/var/tmp/kit35d-{secrets.token_hex(3)}")
    (base / "homes").mkdir(parents=True)
    try:
        yield base / "homes"
    finally:
        for home in (base / "homes").iterdir():
            homedisk.remove(home)
        assert loops_backed_by(base) == []
        shutil.rmtree(base)


def as_owner(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["setpriv", f"--reuid={OWNER}", f"--regid={OWNER}", "--clear-groups",
                           "--inh-caps=-all", *command], capture_output=True, text=True)


def test_sizes_are_read_in_binary_units_and_nonsense_is_named():
    assert parse_size("1G") == 1 << 30 and parse_size("512M") == 512 * MiB
    assert parse_size("65536k") == 64 * MiB and parse_size(str(64 * MiB)) == 64 * MiB
    assert parse_size("1GiB") == 1 << 30 and parse_size("0") == 0
    with pytest.raises(ValueError, match="not a size: 'lots'"):
        parse_size("lots")
    with pytest.raises(ValueError, match="too small"):
        parse_size("1M")


def test_a_full_disk_is_enospc_for_its_owner_alone_and_goes_without_a_trace(homes):
    full, other = homes / "kit-full", homes / "kit-other"
    for home in (full, other):
        image = homedisk.make(home, 48 * MiB, OWNER, OWNER, reserve=0)
        assert image == homedisk.disks_of(homes) / f"{home.name}.ext4"
        assert homedisk.mounted(home).startswith("/dev/loop")
        assert (home.stat().st_uid, home.stat().st_mode & 0o777) == (OWNER, 0o700)
        assert os.listdir(home) == []                      # no lost+found in a student's home
    assert homedisk.disks_of(homes).stat().st_mode & 0o777 == 0o700
    assert os.stat(image).st_blocks * 512 >= 48 * MiB       # reserved on the machine's disk
    filled = as_owner("dd", "if=/dev/zero", f"of={full}/big", "bs=1M", "count=100")
    assert filled.returncode != 0 and "No space left on device" in filled.stderr
    assert 30 * MiB < (full / "big").stat().st_size < 48 * MiB
    assert as_owner("dd", "if=/dev/zero", f"of={other}/work", "bs=1M", "count=8").returncode == 0
    # A reboot: unmounted, the home is a closed root folder; mounted again, the files are back.
    subprocess.run(["umount", str(other)], check=True)
    assert homedisk.mounted(other) == ""
    assert (other.stat().st_uid, other.stat().st_mode & 0o777) == (0, 0)
    assert homedisk.mount(other) and (other / "work").stat().st_size == 8 * MiB
    assert homedisk.mount(other)                           # already: nothing to do
    homedisk.remove(full)
    assert homedisk.mounted(full) == "" and not (homedisk.disks_of(homes) / "kit-full.ext4").exists()
    assert len(loops_backed_by(homes.parent)) == 1          # only the other's is attached


def test_no_home_past_the_disks_reserve_and_nothing_half_made(homes):
    free = shutil.disk_usage(homes).free
    with pytest.raises(RuntimeError, match="not enough for another home of 48 MiB"):
        homedisk.make(homes / "kit-late", 48 * MiB, OWNER, OWNER, reserve=free)
    assert not (homedisk.disks_of(homes) / "kit-late.ext4").exists()
    assert not homedisk.mount(homes / "kit-late")           # no image: nothing mounted
