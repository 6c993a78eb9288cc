"""The loopback walls' rules (kit.classroom.walls) as text, and the inputs they refuse.

What the walls do to real sockets of real accounts is tests/test_attacks.py's
(the attacker, the victim, a real kernel); here: the nft script names only
what it should, bad ports and uids are refused before nft runs, and
resolv.conf and the sysctl are read right. Needs no root.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kit.classroom import walls


def test_the_script_opens_only_the_hub_ports_and_a_local_nameserver():
    script = walls.Walls(8000, [881, 8000, 802, 8000], ["127.0.0.53"]).script()
    assert "table inet kit_walls_8000 {" in script
    assert "delete table inet kit_walls_8000" in script        # an old one of that name is replaced
    assert "tcp dport { 802, 881, 8000 } accept" in script
    assert "ip daddr { 127.0.0.53 } meta l4proto { tcp, udp } th dport 53 accept" in script
    assert "ip6 daddr" not in script
    assert script.index("meta skuid != @students accept") < script.index("tcp dport {")
    assert script.rstrip().endswith("reject with icmpx type admin-prohibited\n\t}\n}")


def test_bad_ports_uids_and_tables_are_refused_before_nft():
    with pytest.raises(ValueError, match="not a TCP port: 70000"):
        walls.Walls(70000, [1])
    with pytest.raises(ValueError, match="no open port"):
        walls.Walls(8000, [])
    with pytest.raises(ValueError, match="refusing to wall in uid 0"):
        walls.admit("kit_walls_8000", 0)
    with pytest.raises(ValueError, match="not a table of these walls"):
        walls.admit("filter; flush ruleset", 1000)


def test_only_loopback_nameservers_are_opened(tmp_path: Path):
    resolv = tmp_path / "resolv.conf"
    resolv.write_text("# comment\nnameserver 127.0.0.53\nnameserver 10.0.0.1\nnameserver ::1\n"
                      "nameserver bogus\nsearch lan\n")
    assert walls.loopback_nameservers(resolv) == ["127.0.0.53", "::1"]
    assert walls.loopback_nameservers(tmp_path / "absent") == []


def test_the_first_unprivileged_port_is_read_from_the_sysctl(tmp_path: Path):
    sysctl = tmp_path / "ip_unprivileged_port_start"
    sysctl.write_text("80\n")
    assert walls.unprivileged_port_start(sysctl) == 80
    assert walls.unprivileged_port_start(tmp_path / "absent") == 1024
