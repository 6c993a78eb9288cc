"""A missing system tool skips on a pip-only machine and fails where CI requires it."""

import pytest
from _pytest.outcomes import Failed, Skipped

from system_tools import require


def test_a_tool_on_path_is_found():
    assert require("sh", "hint").endswith("sh")


def test_a_missing_tool_skips_with_the_hint_or_fails_in_ci(monkeypatch):
    monkeypatch.delenv("KIT_REQUIRE_BROWSER", raising=False)
    with pytest.raises(Skipped, match="apt-get install nothing"):
        require("no-such-tool-here", "sudo apt-get install nothing")
    monkeypatch.setenv("KIT_REQUIRE_BROWSER", "1")
    with pytest.raises(Failed, match="no no-such-tool-here on PATH"):
        require("no-such-tool-here", "sudo apt-get install nothing")
