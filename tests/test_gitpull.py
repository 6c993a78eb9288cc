"""kit.classroom.gitpull.follow reads nbgitpuller's event stream as its page does."""

import json

import pytest

from kit.classroom import gitpull


def event(**data):
    return "data:" + json.dumps(data)


def test_a_finished_pull_returns_and_stops_reading():
    def lines():
        yield ": keep-alive"
        yield event(phase="syncing", output="Cloning")
        yield event(phase="finished")
        raise AssertionError("read past the end of the pull")
    gitpull.follow(lines())


def test_a_failed_pull_says_nbgitpullers_message_cut_to_the_limit():
    with pytest.raises(RuntimeError, match="git pull failed: fatal: no such repo") as e:
        gitpull.follow([event(phase="error", message="fatal: no such repo " + "x" * 900)], limit=100)
    assert len(str(e.value)) == 100


def test_a_stream_that_ends_without_finishing_is_a_failure():
    with pytest.raises(RuntimeError, match="git pull failed"):
        gitpull.follow([event(phase="syncing"), ""])


def test_the_query_names_the_lessons_folder():
    assert gitpull.params("https://example.org/l.git", "main") == {
        "repo": "https://example.org/l.git", "branch": "main", "targetpath": "kit-lessons"}
