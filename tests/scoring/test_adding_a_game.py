"""docs/rules.md's worked example of adding a game: its module, registered for the
length of a test (and gone after), scores the deal the page shows, prints the
--help and the payment table the page shows."""

import doctest
import io
import json
import re
import types
from pathlib import Path

import pytest

import taroky_scoring as core
from taroky_scoring import cli, registry

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
BLOCK = re.compile(r"^```(?P<info>[^\n]*)\n(?P<text>.*?)^```$", re.M | re.S)


def blocks() -> dict[str, str]:
    """The section's fenced blocks by their info string."""
    section = RULES.read_text(encoding="utf-8").split("## How to add a game", 1)[1]
    return {m["info"]: m["text"] for m in BLOCK.finditer(section)}


@pytest.fixture
def toy(monkeypatch):
    """The example's module, registered in copies of the registry's tables."""
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    monkeypatch.setattr(registry, "_RULESETS", dict(registry._RULESETS))
    module = types.ModuleType("taroky_scoring.games.toy")
    exec(compile(blocks()["python toy-game"], "docs/rules.md (toy-game)", "exec"), vars(module))
    yield module
    monkeypatch.undo()
    assert "toy-three" not in core.ruleset_names()  # the registry as it was


def test_the_worked_example_scores_the_deal_the_page_shows(toy):
    shown = blocks()
    deal = json.loads(shown["json toy-deal"])
    assert core.score(deal).as_dict() == json.loads(shown["json toy-settlement"])
    assert core.game_for("toy-three").name == "toy"


def test_the_worked_example_prints_the_help_and_the_payment_table_the_page_shows(toy):
    shown = blocks()
    printed = io.StringIO()
    assert cli.main(["score", "--help", "--ruleset", "toy-three"], stdout=printed) == 0
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    assert doctest.OutputChecker().check_output(
        shown["text toy-help"], printed.getvalue(), flags
    ), printed.getvalue()
    game = core.game_for("toy-three")
    table = "\n".join(game.payment_table(game.rules("toy-three"))) + "\n"
    assert table == shown["text toy-payment-table"]


def test_the_worked_example_refuses_at_the_field_and_is_said_in_its_words(toy):
    deal = json.loads(blocks()["json toy-deal"])
    with pytest.raises(core.OutcomeError) as refused:
        core.score({**deal, "bidder": "Dana", "bid": "five"})
    assert refused.value.as_dict()["errors"] == [
        {"field": "bid", "message": "'five' is not allowed here: choose one of three, solo."}
    ]
    game = core.game_for("toy-three")
    assert game.summary(deal, game.rules("toy-three")) == (
        "Played; Declarer: Anna; Bid: Solo; Contra: Contra; Declarer's card points: 40"
    )
    assert (game.bid_label("solo"), game.reason_label("game")) == ("Solo", "Game")
    assert ("solo", "Solo") in registry.bid_choices()  # the web's choices, no migration
