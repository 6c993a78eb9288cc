"""`make lessons` saves a lesson with its outputs and without run-to-run noise."""

import nbformat

from kit.lessons.execute import execute, main


def test_execute_saves_outputs_and_drops_widget_state_and_timings(tmp_path):
    path = tmp_path / "lesson.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("from kit.lessons import welcome\nwelcome.demo(3)"),
                nbformat.v4.new_code_cell("print(6 * 7)")]
    nbformat.write(nb, path)
    execute(path)
    saved = nbformat.read(path, as_version=4)
    assert saved.cells[1].outputs[0]["text"] == "42\n"
    assert saved.cells[0].execution_count == 1
    assert "widgets" not in saved.metadata
    assert all("execution" not in cell.metadata for cell in saved.cells)


def test_execute_without_notebooks_prints_usage(capsys):
    assert main([]) == 2
    assert "usage" in capsys.readouterr().err
