"""The system tools some tests need beyond Python and pip (chromium, npm).

On a machine with only Python and pip such a test skips with the command that
installs the tool; under KIT_REQUIRE_BROWSER=1 (CI, which installs them) a
missing tool is a failure, so CI never passes by skipping.
"""

import os
import shutil
from typing import NoReturn

import pytest


def require(tool: str, hint: str) -> str:
    """The path of ``tool``, or skip (fail under KIT_REQUIRE_BROWSER=1) with ``hint``."""
    path = shutil.which(tool)
    if path:
        return path
    unavailable(f"no {tool} on PATH", hint)


def unavailable(what: str, hint: str) -> NoReturn:
    """Skip with ``hint``, or fail saying ``what`` is missing under KIT_REQUIRE_BROWSER=1."""
    if os.environ.get("KIT_REQUIRE_BROWSER") == "1":
        pytest.fail(f"KIT_REQUIRE_BROWSER=1 but {what}; {hint}")
    pytest.skip(hint)
