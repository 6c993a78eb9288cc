"""Teaching a class with the kit: handouts, graded exercise sets, the class hub's
lesson links and its load test. Nothing here is imported by the lessons
themselves; ``docs/teaching.md`` says how a teacher uses each piece."""
