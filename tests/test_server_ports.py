"""The class hub gives each student's server a port no other server of the hub holds.

JupyterHub's own choice finds a free port and lets it go; a server binds it
only when it has started, so two spawns at once could get the same one, and
the hub then routed a student to another's server (kit.classroom.accounts.ServerPorts).
"""

from __future__ import annotations

import itertools

import pytest

from kit.classroom.accounts import SERVER_PORTS, ServerPorts


def picker(*ports: int):
    """What the operating system answers, in order, then the last one forever."""
    answers = itertools.chain(ports, itertools.repeat(ports[-1]))
    return lambda: next(answers)


def test_two_students_starting_at_once_never_share_a_port():
    ports = ServerPorts(picker(5000, 5000, 5000, 5001))   # free to the OS each time it is asked
    assert ports.take("ada") == 5000
    assert ports.take("ben") == 5001                       # 5000 is ada's until her server stops
    assert ports.held == {5000: "ada", 5001: "ben"}


def test_a_stopped_server_gives_its_port_back_and_a_restart_takes_one_afresh():
    ports = ServerPorts(picker(5000, 5000, 6000))
    assert ports.take("ada") == 5000
    ports.release("ada")
    assert ports.take("ben") == 5000                       # free again
    assert ports.take("ada") == 6000
    assert ports.take("ada") == 6000 and ports.held == {5000: "ben", 6000: "ada"}   # one each


def test_no_port_left_says_so():
    ports = ServerPorts(picker(5000))
    ports.take("ada")
    with pytest.raises(RuntimeError, match="no free port"):
        ports.take("ben")


def test_the_hubs_own_registry_asks_the_operating_system():
    assert isinstance(SERVER_PORTS, ServerPorts)
    port = ServerPorts().take("ada")
    assert 1024 <= port <= 65535
