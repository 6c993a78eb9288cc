"""Helpers the lesson notebooks call: each notebook cell is one short call here."""


def puzzle_set(path, title=None):
    """A teacher's puzzle set file, played with the courses' tutor (``kit.lessons.puzzleset``)."""
    from kit.lessons.puzzleset import puzzle_set as play
    return play(path, title)
