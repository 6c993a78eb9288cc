"""The class hub's languages: the class's (KIT_LANG) and a student's own
(KIT_STUDENT_LANG), on a real hub (-m hub, as root)."""

import json
import os
from pathlib import Path

import pytest

from hub_fixtures import kernel_of, student

pytestmark = pytest.mark.hub

ASK = "import os, kit.i18n as i; print(os.environ.get('KIT_LANG'), i.language(), i._('Pass'))"


@pytest.mark.parametrize(("name", "expected"), [
    ("lena", "es es Pasar"), ("boris", "bg bg Пас"), ("carl", "en en Pass")])
def test_each_students_kit_speaks_their_language_else_the_class_s(class_hub, name, expected):
    s = student(class_hub, name)
    s.start_server()
    kernel = kernel_of(s, another=True)
    try:
        printed, error = kernel.run(ASK, wait=120)
    finally:
        kernel.close()
    assert not error, error
    assert printed.strip() == expected


def test_the_students_lab_menus_default_to_the_class_language(class_hub):
    overrides = (Path(os.environ["KIT_CLASS_HOME"]) / "runtime" / "share" / "jupyter" / "lab"
                 / "settings" / "overrides.d" / "kit-language.json")
    assert json.loads(overrides.read_text()) == {
        "@jupyterlab/translation-extension:plugin": {"locale": "en"}}
