"""Files in and out (issue 29): every export imports back identical (house rules with
it), a file is checked whole before the write transaction and held to bounds, bad
bytes are a message naming the place, and a file's players are the file's players."""

import copy
import datetime
import functools
import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments import append_only, exchange, services
from tournaments.exchange import limits
from tournaments.models import Event, Player, Season
from tournaments.services import seasons as season_services

from ..conftest import club_night, game_table, played_doc
from .commands import run_manage

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db

FOUR = ["Anna", "Bill", "Čada", "Dana"]

# Every ruleset that has house-rule options: non-default house rules, and a deal that
# is scored under them (Heun's kontra is refused without ``kontra_allowed``, Texas XIX's
# surrender needs ``called_trump_throw_in``, Texas King's No Trick pays the difference).
HOUSE_RULES = {
    "la-vista": (
        {"kontra_allowed": False, "tarok1_last_rule": "team_wins"},
        {"kind": "played", "bidder": "Anna", "bid": "four", "partner": "Čada"}
        | {"blind": "second", "bidder_points": 41},
    ),
    "heun": (
        {"kontra_allowed": True},
        {"kind": "played", "bidder": "Anna", "bid": "five", "partner": None}
        | {"king_in_blind": True, "bidder_points": 40, "kontra": "kontra"},
    ),
    "clarkson": (
        {"kontra_allowed": True, "surrender_after": "any_half"},
        {"kind": "played", "bidder": "Anna", "bid": "five", "partner": "Čada"}
        | {"bidder_points": 40, "kontra": "rekontra"},
    ),
    "texas-xix": (
        {"called_trump_throw_in": True, "uni_bonus": 2},
        {"kind": "surrendered", "bidder": "Anna", "bid": "povinost", "called": "xix"},
    ),
    "texas-xx": (
        {"pagat_contra": True, "mond_penalty": True},
        {"kind": "played", "bidder": "Anna", "bid": "povinost", "partner": "Čada"}
        | {"called": "xx", "contra": "none", "bidder_points": 60},
    ),
    "texas-king": (
        {"game_value": "difference"},
        {"kind": "played", "bidder": "Anna", "bid": "no_trick", "contra": "none"}
        | {"bidder_took_a_trick": False},
    ),
}


def test_every_ruleset_with_options_is_in_the_table():
    import taroky_scoring as core

    with_options = {
        e["name"]
        for e in core.listing()
        if any(o["name"] != "starting_chips" for o in e["option_kinds"])
    }
    assert with_options == set(HOUSE_RULES)


def exported(event):
    return json.loads(json.dumps(exchange.export_event(event)))


def house_rules_event(organizer, ruleset, with_deal):
    rules, deal = HOUSE_RULES[ruleset]
    name = f"{ruleset} with house rules"
    table = game_table(organizer, ruleset, FOUR, name=name, house_rules=rules)
    if with_deal:
        document = {"ruleset": ruleset, "options": rules, "players": FOUR, "dealer": "Dana"}
        services.record_deal(table, document | deal, organizer)
    return table.round.event


@pytest.mark.parametrize("with_deal", [True, False], ids=["with a deal", "without deals"])
@pytest.mark.parametrize("ruleset", HOUSE_RULES)
def test_an_event_with_house_rules_comes_back_identical(organizer, ruleset, with_deal):
    """Before, the import posted the house rules through the event form, which keeps
    them only with the page's option fields: {} was saved, and a deal scored under them
    was refused ("The deal's ruleset is not the one its deal was recorded under")."""
    event = house_rules_event(organizer, ruleset, with_deal)
    document = exported(event)
    assert document["event"]["house_rules"] == HOUSE_RULES[ruleset][0]
    copy_ = exchange.import_event(document, organizer)
    assert copy_.house_rules == HOUSE_RULES[ruleset][0]
    assert exported(copy_) == document
    assert copy_.ledger.count() == event.ledger.count()


def test_house_rules_in_a_file_are_checked_by_the_core(organizer):
    document = exported(house_rules_event(organizer, "heun", with_deal=False))
    document["event"]["house_rules"] = {"kontra_allowed": "maybe"}
    refused(
        document, organizer, "event: house_rules: Option 'kontra_allowed' must be true or false."
    )
    document["event"]["house_rules"] = ["kontra"]
    refused(document, organizer, "event: house_rules: must be a JSON object.")


def refused(document, user, message, importer=exchange.import_event):
    counts = (Event.objects.count(), Player.objects.count(), Season.objects.count())
    with pytest.raises(exchange.ExchangeError) as e:
        importer(document, user)
    assert e.value.message == message
    assert (Event.objects.count(), Player.objects.count(), Season.objects.count()) == counts


# -- a file's players ----------------------------------------------------------------


@pytest.fixture
def novaks(organizer):
    """A season of one night: two registry players whose names differ only by accents,
    registered apart (a different person, as the guide allows)."""
    event = club_night(
        organizer, "la-vista", name="Novák night", date=datetime.date(2026, 2, 5), starting_chips=20
    )
    for name in ("Jiří Novák", "Jiri Novak", "Anna", "Bill"):
        Player.objects.create(name=name)
        services.register_player(event, organizer, player=Player.objects.get(name=name))
    season = season_services.create_season(
        organizer,
        name="Novák season",
        start_date=datetime.date(2026, 1, 1),
        end_date=datetime.date(2026, 6, 30),
    )
    season_services.add_event(season, event, organizer)
    return season


def test_a_season_with_look_alike_players_comes_back_into_the_same_database(organizer, novaks):
    """Before: "“Jiri Novak” looks like Jiří Novák ... tick a different person"."""
    document = exchange.export_season(novaks)
    notes = []
    copy_ = exchange.import_season(document, organizer, notes=notes)
    assert exchange.export_season(copy_) == document
    assert Player.objects.count() == 4  # an exact name is that player
    assert notes == []


def test_a_season_with_look_alike_players_comes_back_into_a_fresh_database(organizer, novaks):
    document = json.loads(json.dumps(exchange.export_season(novaks)))
    with append_only.lifted(connection):  # the activity log is append-only
        Event.objects.all().delete()
        Season.objects.all().delete()
        Player.objects.all().delete()
    notes = []
    copy_ = exchange.import_season(document, organizer, notes=notes)
    assert sorted(Player.objects.values_list("name", flat=True)) == [
        "Anna",
        "Bill",
        "Jiri Novak",
        "Jiří Novák",
    ]
    assert exchange.export_season(copy_) == document
    assert notes == []  # two players of one file are never look-alikes of each other


def anna_as_ANNA(event):
    """The file's Anna spelt ANNA (the night has no rounds)."""
    (anna,) = [p for p in event["players"] if p["name"] == "Anna"]
    anna["name"] = "ANNA"
    assert event["rounds"] == []


def test_a_look_alike_of_a_registry_player_is_said_not_refused(organizer, novaks):
    document = exchange.export_season(novaks)
    anna_as_ANNA(document["events"][0])
    notes = []
    exchange.import_season(document, organizer, notes=notes)
    assert notes == [
        "“ANNA” was registered as a new player; the registry also has Anna, whose name "
        "differs only in case or accents."
    ]
    assert Player.objects.filter(name="ANNA").count() == 1


def test_the_import_commands_print_the_look_alikes(organizer, novaks, tmp_path):
    document = exchange.export_season(novaks)
    anna_as_ANNA(document["events"][0])
    path = tmp_path / "season.json"
    path.write_text(json.dumps(document))
    out = io.StringIO()
    call_command("import_season", str(path), user="org", stdout=out)
    copy_ = Season.objects.exclude(pk=novaks.pk).get()
    assert out.getvalue().splitlines() == [
        "“ANNA” was registered as a new player; the registry also has Anna, whose name "
        "differs only in case or accents.",
        f"Imported Novák season as season {copy_.pk} with 1 events.",
    ]


def test_a_season_file_listing_an_event_twice_is_refused(organizer, novaks):
    """Before: imported as two events that both count."""
    document = exchange.export_season(novaks)
    document["events"].append(copy.deepcopy(document["events"][0]))
    refused(
        document,
        organizer,
        "events: event 2 is event 1 again (Novák night, 2026-02-05): a season counts an "
        "event once.",
        importer=exchange.import_season,
    )


# -- checked whole before the write transaction, and bounded --------------------------


def test_the_file_is_checked_before_the_write_transaction_and_the_registry_read_once(
    organizer, novaks
):
    """Before: the whole import ran in one transaction (SQLite's write lock from its
    start) and read the whole registry once per player of the file."""
    document = exchange.export_season(novaks)
    counts = []
    for extra in (0, 200):
        Player.objects.bulk_create(Player(name=f"Registry {extra} {i}") for i in range(extra))
        with CaptureQueriesContext(connection) as captured:
            exchange.import_season(document, organizer)
        sql = [q["sql"] for q in captured.captured_queries]
        first_write = next(i for i, q in enumerate(sql) if q.startswith("SAVEPOINT"))
        before = sql[:first_write]
        reads_of_players = [q for q in sql if 'FROM "tournaments_player"' in q]
        # The registry is read once, before the transaction, by folded name.
        assert len([q for q in before if 'FROM "tournaments_player"' in q]) == 1
        assert reads_of_players[0] in before
        counts.append(len(captured))
    assert counts[0] == counts[1]


@pytest.mark.parametrize(
    "breakage, message",
    [
        (
            lambda d: d["players"].extend(
                {"name": f"P{i}"} for i in range(limits.PLAYERS - len(d["players"]) + 1)
            ),
            f"players: at most {limits.PLAYERS:,} players in a file (this one has "
            f"{limits.PLAYERS + 1:,}).",
        ),
        (
            lambda d: d["rounds"][0]["tables"][0]["deals"][0]["versions"][1].update(
                reason="x" * (limits.TEXT + 1)
            ),
            f"round 1, table 1, deal 1, version 2: 'reason' is {limits.TEXT + 1:,} characters; "
            f"at most {limits.TEXT:,}.",
        ),
        (
            lambda d: d["players"][0].update(notes="x" * (limits.TEXT + 1)),
            f"player 1 ('Anna'): notes: Ensure this value has at most {limits.TEXT} "
            f"characters (it has {limits.TEXT + 1}).",
        ),
    ],
)
def test_what_a_file_may_hold_is_bounded(table, organizer, breakage, message):
    deal = services.record_deal(table, played_doc(), organizer)
    services.correct_deal(deal, played_doc(bidder_points=30), organizer, "recount")
    document = exported(table.round.event)
    breakage(document)
    refused(document, organizer, message)


def test_a_file_with_too_many_deals_is_refused(table, organizer, monkeypatch):
    monkeypatch.setattr(limits, "DEALS", 2)
    for dealer in ("Dana", "Anna", "Bill"):
        services.record_deal(table, played_doc(dealer=dealer), organizer)
    refused(
        exported(table.round.event),
        organizer,
        "round 1, table 1, deal 3: at most 2 deals in a file.",
    )


# -- bad bytes: a message naming the place --------------------------------------------


def two_organizers(table, organizer):
    deal = services.record_deal(table, played_doc(bidder_points=30), organizer)
    services.correct_deal(deal, played_doc(), organizer, "recount")
    return table.round.event


@pytest.mark.parametrize(
    "breakage, message",
    [
        (
            lambda d: d["players"][1].update(name="Bi\ud800ll"),
            "player 2, name: a lone surrogate (\\ud800) is not a character.",
        ),
        (
            lambda d: d["rounds"][0]["tables"][0]["deals"][0]["versions"][1].update(
                reason="re\x00count"
            ),
            "round 1, table 1, deal 1, version 2, reason: a NUL character (\\x00) is not "
            "allowed in text.",
        ),
        (
            lambda d: d["rounds"][0]["tables"][0]["deals"][0]["versions"][0].update(
                created_by="o\x00rg"
            ),
            "round 1, table 1, deal 1, version 1, created_by: a NUL character (\\x00) is "
            "not allowed in text.",
        ),
        (
            lambda d: d["event"].update(venue="Heun\x00"),
            "event, venue: a NUL character (\\x00) is not allowed in text.",
        ),
        (
            lambda d: d["event"].update(starting_chips=10**5000),
            "event, starting_chips: a number too large for any field.",
        ),
        (
            lambda d: d["rounds"][0]["tables"][0]["deals"][0]["versions"][0]["document"].update(
                bidder_points=float("inf")
            ),
            "round 1, table 1, deal 1, version 1, document, bidder_points: a number too large "
            "for any field.",
        ),
    ],
)
def test_bad_text_and_numbers_anywhere_are_refused_at_their_place(
    table, organizer, breakage, message
):
    document = exported(two_organizers(table, organizer))
    breakage(document)
    refused(document, organizer, message)


def test_a_nul_in_a_season_name_is_refused(organizer, novaks):
    document = exchange.export_season(novaks)
    document["season"]["name"] = "Novák\x00season"
    refused(
        document,
        organizer,
        "season, name: a NUL character (\\x00) is not allowed in text.",
        importer=exchange.import_season,
    )


def write(tmp_path, text: str) -> str:
    path = tmp_path / "file.json"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "text, message",
    [
        (
            '{"format": "taroky-event/1", "seed": ' + "9" * 5000 + "}",
            "{path}: line 1, column 38: a number of 5,000 digits; no field holds one that long.",
        ),
        (
            '{"format": "taroky-event/1",\n "ruleset": "heun", "ruleset": "la-vista"}',
            "{path}: the key 'ruleset' is given twice in the object that starts on line 1: "
            "which one is meant?",
        ),
        (
            '{"a": {"bidder_points": 41,\n\n "bidder_points": 40}}',
            "{path}: the key 'bidder_points' is given twice in the object that starts on "
            "line 1: which one is meant?",
        ),
    ],
)
def test_the_commands_refuse_a_file_at_its_place(tmp_path, organizer, text, message):
    path = write(tmp_path, text)
    for command in ("import_event", "import_season"):
        with pytest.raises(CommandError) as e:
            call_command(command, path, "--user", "org", stdout=io.StringIO())
        assert str(e.value) == message.format(path=path), command


def test_a_lone_surrogate_from_the_shell_exits_1_without_a_traceback(tmp_path, fresh_sqlite):
    """Run against the suite's database kind: a fresh SQLite file, as the other shell
    tests; the in-process tests above run on PostgreSQL in CI's second run."""
    document = {"format": "taroky-event/1", "event": {"name": "Night \\ud800"}, "players": []}
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document).replace("\\\\ud800", "\\ud800"))
    manage = functools.partial(run_manage, tmp_path)
    manage(
        "shell",
        "-c",
        "from django.contrib.auth.models import User; User.objects.create(username='org')",
    )
    done = manage("import_event", str(path), "--user", "org")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.strip() == (
        "CommandError: Nothing was imported. event, name: a lone surrogate (\\ud800) is "
        "not a character."
    )
