"""A lesson that says which printed rule sheet a rule comes from names the sheet that has
it (issue 30: "a rule said to come from a sheet that does not have it").

Smartrix 5's free table: taking a set another player formed and left on the table is on
the Spanish sheet ("Asimismo, si un jugador forma un conjunto y no lo recoge, cualquier
otro jugador, en su turno, puede señalar el conjunto y recoger todas las cartas que lo
componen"), not on the Bulgarian one, and the lesson said it was on neither. The Spanish
lesson (notebooks/es/smartrix/05_variants.ipynb) is its own reader's to word."""

from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]

#: (words that name the Spanish sheet as the source, words that said "on neither sheet")
CLAIM_SOURCE = {
    "smartrix/05_variants.ipynb": ("on the Spanish sheet only", "on neither sheet"),
    "bg/smartrix/05_variants.ipynb": ("е само в испанския лист", "го няма в нито един от двата листа"),
}


def markdown(path: Path) -> str:
    return "\n".join(c.source for c in nbformat.read(path, as_version=4).cells
                     if c.cell_type == "markdown")


@pytest.mark.parametrize("lesson", sorted(CLAIM_SOURCE))
def test_claiming_a_set_left_on_the_table_is_said_to_be_the_spanish_sheets_rule(lesson):
    said, false = CLAIM_SOURCE[lesson]
    text = markdown(ROOT / "notebooks" / lesson)
    assert said in text
    assert false not in text
