"""Who owns a TCP socket (kit.lessons.owners): the /proc/net/tcp{,6} rows read right, and live sockets.

Rows written in the kernel's own format (addresses as 32-bit words in host
order) check the parsing without a network; live sockets of this process
check ``listeners`` and ``peer_uid`` against the kernel itself.
"""

from __future__ import annotations

import os
import socket
import struct
from pathlib import Path

from kit.lessons import owners

HEADER = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"


def hex4(address: str, port: int) -> str:
    return f"{struct.unpack('=I', socket.inet_aton(address))[0]:08X}:{port:04X}"


def hex6(address: str, port: int) -> str:
    raw = socket.inet_pton(socket.AF_INET6, address)
    words = "".join(f"{struct.unpack('=I', raw[i:i + 4])[0]:08X}" for i in range(0, 16, 4))
    return f"{words}:{port:04X}"


def row(n: int, local: str, remote: str, state: int, uid: int) -> str:
    return f"  {n}: {local} {remote} {state:02X} 00000000:00000000 00:00000000 00000000 {uid:5d} 0 1234 1\n"


def test_rows_of_both_tables_are_read_with_their_owner(tmp_path: Path):
    four, six = tmp_path / "tcp", tmp_path / "tcp6"
    four.write_text(HEADER + row(0, hex4("127.0.0.1", 802), hex4("0.0.0.0", 0), owners.LISTEN, 0)
                    + row(1, hex4("0.0.0.0", 9000), hex4("0.0.0.0", 0), owners.LISTEN, 1001)
                    + row(2, hex4("127.0.0.1", 802), hex4("127.0.0.1", 40000), 1, 0))
    six.write_text(HEADER + row(0, hex6("::", 802), hex6("::", 0), owners.LISTEN, 1002)
                   + row(1, hex6("::ffff:127.0.0.1", 7000), hex6("::", 0), owners.LISTEN, 1003)
                   + "garbage\n")
    found = owners.sockets((four, six, tmp_path / "absent"))
    assert [(s.local, s.state, s.uid) for s in found] == [
        (("127.0.0.1", 802), owners.LISTEN, 0), (("0.0.0.0", 9000), owners.LISTEN, 1001),
        (("127.0.0.1", 802), 1, 0), (("::", 802), owners.LISTEN, 1002),
        (("127.0.0.1", 7000), owners.LISTEN, 1003)]          # IPv4-mapped written as IPv4
    # 127.0.0.1:802 is reached by root's exact listener and by the dual-stack wildcard one.
    assert sorted(s.uid for s in owners.listeners("127.0.0.1", 802, (four, six))) == [0, 1002]
    assert [s.uid for s in owners.listeners("::1", 802, (four, six))] == [1002]
    assert [s.uid for s in owners.listeners("127.0.0.1", 9000, (four, six))] == [1001]
    assert owners.listeners("127.0.0.1", 1, (four, six)) == []


def test_a_live_listener_and_the_peer_of_a_connection_are_this_account():
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        assert [s.uid for s in owners.listeners("127.0.0.1", port)] == [os.geteuid()]
        with socket.create_connection(("127.0.0.1", port)) as client:
            # Still in the listener's queue (not accepted): already the listener's account's.
            assert owners.peer_uid(client) == os.geteuid()
            accepted, _ = server.accept()
            with accepted:
                assert owners.peer_uid(client) == os.geteuid()


def test_a_peer_that_is_not_a_socket_of_this_machine_has_no_owner(tmp_path: Path):
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        with socket.create_connection(server.getsockname()) as client:
            assert owners.peer_uid(client, (tmp_path / "empty",)) is None
