"""Which account owns a TCP socket on this machine, read from /proc/net/tcp and /proc/net/tcp6.

Covers: ``sockets`` (every TCP socket the kernel lists: addresses, state,
owner uid), ``listeners`` (the listening ones a connection to an address and
port could reach: that address, or a wildcard one) and ``peer_uid`` (who owns
the other end of a connected socket, when that end is on this machine).

Why: on the class hub a token must only go to an endpoint that has proven it
is the hub's (the outbox, kit.lessons.outbox), and the hub must only route a
student to a server port their own account listens on
(kit.classroom.accounts). The uid column of /proc/net/tcp is the kernel's own
word on who made a socket; an accepted connection carries its listener's uid.

Not covered: Unix sockets, UDP, other network namespaces (the files list only
ours), and whether a wildcard IPv6 listener also takes IPv4 (IPV6_V6ONLY is not
in the file: counted as reaching it, the cautious reading). Linux only;
elsewhere the files are absent and every list is empty. Standard library only.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
from dataclasses import dataclass
from pathlib import Path

TABLES = (Path("/proc/net/tcp"), Path("/proc/net/tcp6"))
LISTEN = 0x0A          # the kernel's TCP_LISTEN in the "st" column


@dataclass(frozen=True)
class Socket:
    local: tuple[str, int]      # (address, port); IPv4-mapped IPv6 written as plain IPv4
    remote: tuple[str, int]
    state: int                  # the kernel's TCP state number (LISTEN = 0x0A)
    uid: int                    # the account that owns it


def _address(field: str) -> tuple[str, int]:
    """``0100007F:1F90`` -> ("127.0.0.1", 8080); the address is 32-bit words in host order."""
    hexaddress, hexport = field.split(":")
    raw = b"".join(struct.pack("=I", int(hexaddress[i:i + 8], 16)) for i in range(0, len(hexaddress), 8))
    return _plain(socket.inet_ntop(socket.AF_INET if len(raw) == 4 else socket.AF_INET6, raw)), int(hexport, 16)


def _plain(address: str) -> str:
    """An IPv4-mapped IPv6 address as IPv4 (a dual-stack socket talking IPv4), else unchanged."""
    parsed = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped:
        return str(parsed.ipv4_mapped)
    return str(parsed)


def _rows(tables: tuple[Path, ...]) -> list[list[str]]:
    """The rows of ``tables``, split into columns (absent or unreadable files: none)."""
    rows: list[list[str]] = []
    for table in tables:
        try:
            lines = table.read_text().splitlines()[1:]     # the first line names the columns
        except OSError:
            continue
        rows.extend(fields for fields in map(str.split, lines) if len(fields) >= 8)
    return rows


def _socket(fields: list[str]) -> Socket:
    return Socket(_address(fields[1]), _address(fields[2]), int(fields[3], 16), int(fields[7]))


def sockets(tables: tuple[Path, ...] = TABLES) -> list[Socket]:
    """Every TCP socket in ``tables`` (absent or unreadable files: none from them)."""
    return [_socket(fields) for fields in _rows(tables)]


def listeners(address: str, port: int, tables: tuple[Path, ...] = TABLES) -> list[Socket]:
    """The listening sockets a connection to ``address``:``port`` could reach: bound to that
    address or to a wildcard one (0.0.0.0 for IPv4, :: for either, since a dual-stack
    listener takes IPv4 too)."""
    wanted = _plain(address)
    v4 = isinstance(ipaddress.ip_address(wanted), ipaddress.IPv4Address)
    wildcards = {"::", "0.0.0.0"} if v4 else {"::"}
    # Only the rows in the LISTEN state on ``port`` are parsed: the hub asks this five
    # times a second per starting server, and parsing every socket of a busy class
    # (ipaddress per row) was two thirds of the hub's CPU in a cold class of 30.
    state, tail = f"{LISTEN:02X}", f":{port:04X}"
    candidates = [_socket(f) for f in _rows(tables) if f[3] == state and f[1].endswith(tail)]
    return [s for s in candidates if s.local[1] == port
            and (s.local[0] == wanted or s.local[0] in wildcards)]


def peer_uid(connected: socket.socket, tables: tuple[Path, ...] = TABLES) -> int | None:
    """The uid owning the other end of ``connected`` (a TCP socket), or None when that end
    is not a socket of this machine. An accepted connection is the listener's account's,
    also while it waits in the listener's queue."""
    mine = connected.getsockname()[:2]
    theirs = connected.getpeername()[:2]
    here, there = (_plain(mine[0]), mine[1]), (_plain(theirs[0]), theirs[1])
    for s in sockets(tables):
        if s.local == there and s.remote == here:
            return s.uid
    return None
