"""Log-in names and the Unix accounts they map to, one to one; the class list.

Covers ``escape``/``unescape`` (the name as Zero to JupyterHub's kubespawner
escapes it: ``a-z0-9`` kept, every other UTF-8 byte ``-`` + two hex digits,
``-`` itself too), ``account_name`` (``kit-`` + the escaped name, refused past
useradd's 32 characters) and ``read_class_list`` (the teacher's file of names).
Pure: nothing here reads or makes an account (kit.classroom.accounts does), so
``make hub`` checks a class list before JupyterHub is even imported.
"""

from __future__ import annotations

from pathlib import Path

PREFIX = "kit-"
# useradd refuses names past 32 characters; the prefix takes 4 of them.
# [decision] A name whose escaped form is longer is refused, never truncated
# (a truncated name could be another student's): 28 letters a-z or digits, or
# fewer with other characters (a dot counts 3, a Cyrillic letter 6).
NAME_LIMIT = 32
ESCAPED_LIMIT = NAME_LIMIT - len(PREFIX)
SAFE = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


def escape(login: str) -> str:
    """``login`` with ``a-z0-9`` kept and every other UTF-8 byte as ``-`` + two
    lowercase hex digits (``-`` itself too): one to one, since every ``-`` starts
    exactly one escape ("rt.dora" -> "rt-2edora", "rt-dora" -> "rt-2ddora").
    Lowercase hex, unlike escapism's, because useradd refuses capitals; a capital
    letter of the name is escaped, so no two names meet."""
    return "".join(c if c in SAFE else "".join(f"-{b:02x}" for b in c.encode())
                   for c in login)


def unescape(escaped: str) -> str:
    """The name ``escape`` made ``escaped`` from; ValueError if it made none."""
    out, i = bytearray(), 0
    while i < len(escaped):
        c = escaped[i]
        if c == "-":
            pair = escaped[i + 1:i + 3]
            if len(pair) != 2 or not set(pair) <= set("0123456789abcdef"):
                raise ValueError(f"{escaped!r} is not an escaped name (at {i})")
            out.append(int(pair, 16))
            i += 3
        elif c in SAFE:
            out.extend(c.encode())
            i += 1
        else:
            raise ValueError(f"{escaped!r} is not an escaped name ({c!r} at {i})")
    return out.decode()


def account_name(login: str) -> str:
    """``kit-`` + ``escape(login)``: "ada" -> kit-ada, "rt.dora" -> kit-rt-2edora.
    ValueError, saying what fits, for an empty name or one whose account name
    would pass useradd's 32 characters."""
    if not login:
        raise ValueError("an empty name has no account")
    escaped = escape(login)
    if len(escaped) > ESCAPED_LIMIT:
        raise ValueError(
            f"The name {login!r} is too long for an account on this machine: use at most "
            f"{ESCAPED_LIMIT} letters a-z and digits (a dot, a dash or a capital counts 3, "
            "a letter of another alphabet 6); ask the teacher.")
    return PREFIX + escaped


def read_class_list(path: Path) -> set[str]:
    """The names in a class list: one a line, as the hub will see them
    (lowercase, as JupyterHub's log-in lowercases them); blank lines and lines
    starting with ``#`` are skipped. ValueError naming the line of a name that
    cannot log in (a space or a comma inside, or too long for an account)."""
    names = set()
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        name = line.strip()
        if not name or name.startswith("#"):
            continue
        if any(c.isspace() or c == "," for c in name):
            raise ValueError(f"{path}, line {number}: {name!r} holds a space or a comma, which "
                             "a log-in name cannot (write ana.garcia or ana-garcia)")
        try:
            account_name(name.lower())
        except ValueError as exc:
            raise ValueError(f"{path}, line {number}: {exc}") from None
        names.add(name.lower())
    return names
