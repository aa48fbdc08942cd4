"""A faster search must decide exactly as before: ``hard``'s choices in fixed positions of every set-up, and
the value guess on positions of random play, against the record in ``tests/data/same_decisions.json``
(made by ``python -m devtools.same_decisions --record``; re-record the set-ups a rule change touches)."""

import pytest

from devtools.same_decisions import check_decisions, check_guesses, load

pytestmark = pytest.mark.slow
RECORD = load()


@pytest.mark.parametrize("name", sorted(RECORD["decisions"]))
def test_hard_decides_as_recorded(name):
    problems = check_decisions(name, RECORD["decisions"][name])
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("group", sorted(RECORD["values"]))
def test_value_guess_as_recorded(group):
    problems = check_guesses(group, RECORD["values"][group])
    assert not problems, "\n".join(problems)
