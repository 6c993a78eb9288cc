# nbgrader's settings for this class (see docs/teaching.md).
c = get_config()  # noqa: F821 (nbgrader provides it)
c.CourseDirectory.course_id = "kit-class"
# The student's answer cell starts as an empty answer, not NotImplementedError.
c.ClearSolutions.code_stub = {"python": 'answer = ""'}
