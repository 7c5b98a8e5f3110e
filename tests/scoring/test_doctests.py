"""The core's doctests, collected with the scoring tests (``pytest tests/scoring``): for
some helpers they are the only tests, so the scoring tests' command runs them too."""

import doctest
import importlib
import pkgutil

import pytest

import taroky_scoring

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(taroky_scoring.__path__, "taroky_scoring.")
    if info.name != "taroky_scoring.__main__"
)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE  # as pyproject's doctest options


def test_every_module_of_the_core_is_collected():
    assert {"taroky_scoring.settlement", "taroky_scoring.games.nebraska.payments"} <= set(MODULES)


@pytest.mark.parametrize("name", ["taroky_scoring", *MODULES])
def test_doctests(name):
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    for test in doctest.DocTestFinder().find(module, name):
        runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
