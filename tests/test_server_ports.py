"""The class hub gives each student's server a port no other server of the hub holds.

JupyterHub's own choice finds a free port and lets it go; a server binds it
only when it has started, so two spawns at once could get the same one, and
the hub then routed a student to another's server (kit.classroom.accounts.ServerPorts).
And the port's listener must be the student's own account's before the hub
routes them there (``KitSpawner.own_listener``): another student who bound it
first fails the start.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import pwd
import socket
import types

import pytest

from kit.classroom.accounts import SERVER_PORTS, KitSpawner, ServerPorts


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


class Started:
    """What ``KitSpawner.own_listener`` reads of a spawner: the account, the wait, the process."""

    def __init__(self, uid: int, name: str = "ada", exited: int | None = None):
        self.account = pwd.struct_passwd((f"kit-{name}", "x", uid, uid, "", "/", "/bin/sh"))
        self.user = types.SimpleNamespace(name=name)
        self.http_timeout = 5
        self.proc = types.SimpleNamespace(poll=lambda: exited, returncode=exited)


def listen() -> socket.socket:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen()
    return s


def test_the_hub_routes_a_student_to_a_port_their_own_account_listens_on():
    with listen() as server:
        port = server.getsockname()[1]
        asyncio.run(KitSpawner.own_listener(Started(os.geteuid()), "127.0.0.1", port))   # type: ignore[arg-type]


def test_a_port_another_account_listens_on_fails_the_start_naming_the_holder():
    with listen() as squatter:
        port = squatter.getsockname()[1]
        with pytest.raises(RuntimeError, match=rf"127.0.0.1:{port}, the port of ada's server, is held by "
                                               rf".*uid {os.geteuid()}.*not by kit-ada: not routing ada there"):
            asyncio.run(KitSpawner.own_listener(Started(os.geteuid() + 4242), "127.0.0.1", port))  # type: ignore[arg-type]


def test_a_server_that_exits_before_listening_fails_the_start():
    with listen() as probe:
        port = probe.getsockname()[1]
    with pytest.raises(RuntimeError, match=f"ada's server exited \\(code 1\\) before listening on 127.0.0.1:{port}"):
        asyncio.run(KitSpawner.own_listener(Started(os.geteuid(), exited=1), "127.0.0.1", port))  # type: ignore[arg-type]


def test_the_socket_table_is_read_only_once_something_listens(monkeypatch):
    # Reading /proc/net/tcp for every poll of every starting server was half the hub's CPU in
    # a cold class: while connections are refused the wait must not read it at all.
    from kit.lessons import owners

    reads = []
    real = owners.listeners
    monkeypatch.setattr(owners, "listeners", lambda ip, port: reads.append(port) or real(ip, port))
    with listen() as probe:
        port = probe.getsockname()[1]
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)

    async def wait_then_listen() -> None:
        waiting = asyncio.ensure_future(KitSpawner.own_listener(Started(os.geteuid()), "127.0.0.1", port))  # type: ignore[arg-type]
        await asyncio.sleep(1.0)            # five polls with nothing listening
        assert reads == [] and not waiting.done()
        server.bind(("127.0.0.1", port))
        server.listen()
        await asyncio.wait_for(waiting, 5)

    with server:
        asyncio.run(wait_then_listen())
    assert reads == [port]                  # read once, when the port answered


def test_refused_tells_a_closed_port_from_a_listening_one():
    from kit.classroom.accounts import refused

    with listen() as server:
        port = server.getsockname()[1]
        assert asyncio.run(refused("127.0.0.1", port)) is False
    assert asyncio.run(refused("127.0.0.1", port)) is True
